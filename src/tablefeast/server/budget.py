"""Rates: token buckets, one per client address, in a bounded map.

A bucket holds up to `burst` tokens and refills at `rate` tokens a second; each request takes
one. An empty bucket answers how long to wait (the ``Retry-After`` of a 429). The map of buckets
by address forgets the least recently seen address past its size, so that no number of client
addresses can grow it without bound (a forgotten address starts again with a full bucket, which
only a very wide attack can exploit, and the global caps still hold).

Examples:
    >>> bucket = TokenBucket(rate=1.0, burst=2)
    >>> bucket.take(now=0.0), bucket.take(now=0.0), bucket.take(now=0.0)
    (0.0, 0.0, 1.0)
    >>> bucket.take(now=1.0)
    0.0
"""

from __future__ import annotations

import time
from collections import OrderedDict

__all__ = ["Buckets", "TokenBucket"]


class TokenBucket:
    """Up to `burst` requests at once, `rate` a second on average.

    Args:
        rate: tokens added per second.
        burst: the most tokens held (a new bucket is full).
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp: float | None = None

    def take(self, now: float | None = None) -> float:
        """Take a token: 0.0 if one was there, else the seconds until one will be.

        Args:
            now: the time (`time.monotonic`), for tests.
        """
        now = time.monotonic() if now is None else now
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def spend(self, cost: float, now: float | None = None) -> float:
        """Spend `cost` tokens, into debt if need be: the seconds until the bucket is out of
        debt (0.0 if it never went in). A caller that waits that long before it spends again
        keeps to the rate, whatever the size of each spending.

        Args:
            cost: the tokens spent (a message's bytes, say).
            now: the time (`time.monotonic`), for tests.

        Examples:
            >>> bucket = TokenBucket(rate=100.0, burst=200)
            >>> bucket.spend(150, now=0.0), bucket.spend(150, now=0.0)
            (0.0, 1.0)
            >>> bucket.spend(10, now=1.0)
            0.1
        """
        now = time.monotonic() if now is None else now
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        self.tokens -= cost
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


class Buckets:
    """One `TokenBucket` per key (a client address), at most `size` of them.

    Args:
        rate: each bucket's rate.
        burst: each bucket's burst.
        size: the most keys remembered.

    Examples:
        >>> buckets = Buckets(rate=1.0, burst=1, size=2)
        >>> buckets.take("a", 0.0), buckets.take("a", 0.0), buckets.take("b", 0.0)
        (0.0, 1.0, 0.0)
        >>> _ = buckets.take("c", 0.0)  # forgets "a", the least recently seen
        >>> len(buckets), buckets.take("a", 0.0)
        (2, 0.0)
    """

    def __init__(self, rate: float, burst: float, size: int) -> None:
        self.rate = rate
        self.burst = burst
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, key: str, now: float | None = None) -> float:
        """Take a token of `key`'s bucket: 0.0, or the seconds to wait.

        Args:
            key: the client address.
            now: the time (`time.monotonic`), for tests.
        """
        return self.bucket(key).take(now)

    def bucket(self, key: str) -> TokenBucket:
        """`key`'s bucket (a full new one for a key not seen, or forgotten).

        Args:
            key: the client address.
        """
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            while len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket
