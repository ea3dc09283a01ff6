"""Chance nodes with exact probabilities.

A chance node's distribution is held as positive integer *weights* over outcomes; the exact
probability of an outcome is ``weight / total`` as a `fractions.Fraction`. Integer weights make the
hot path cheap (sampling is one ``rng.randrange(total)``; no `Fraction` is built unless someone asks
for probabilities) and keep everything exact and reproducible across platforms.

Randomness never comes from a global generator: whoever samples passes a `random.Random`.

Examples:
    >>> import random
    >>> d = Distribution.of(("heads", "tails"), (1, 1))
    >>> d.probabilities()
    (('heads', Fraction(1, 2)), ('tails', Fraction(1, 2)))
    >>> d.sample(random.Random(7)) in d.support
    True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache, partial
from itertools import accumulate
from typing import Any, Generic, Self, TypeVar

__all__ = [
    "CHANCE",
    "Distribution",
    "counts_distribution",
    "sample_exact",
    "trusted_distribution",
]

CHANCE = -1
"""The pseudo-seat that acts at chance nodes (`actors(state) == (CHANCE,)`)."""

A = TypeVar("A")


@lru_cache(maxsize=65536)
def _fraction(weight: int, total: int) -> Fraction:
    # A few hundred (weight, total) pairs cover a whole game, while whole weight tuples rarely
    # repeat (a draw pile changes on every draw): building a `Fraction` (a gcd and a Python-level
    # constructor) costs far more than finding it again.
    return Fraction(weight, total)


class Distribution(tuple[tuple[A, ...], tuple[int, ...], int], Generic[A]):
    """An exact finite distribution: `support[i]` has probability `weights[i] / total`.

    A weight may be zero (that outcome is impossible now): a deck's draw distribution is then
    just the deck's counts over its fixed list of card types, built in O(1) on every draw. The
    constructor trusts its input (it is on the hot path of every chance node); build
    distributions from untrusted data with `Distribution.of`, `uniform` or `from_probabilities`.

    A distribution is an immutable value, the tuple ``(support, weights, total)``: a chance node
    builds one on every decision, and a tuple is the one immutable object Python builds without
    running Python code (`trusted_distribution`), at less than half the cost of a frozen attrs
    instance (issue 19).

    Attributes:
        support: candidate outcomes, in a fixed order; all distinct.
        weights: a non-negative integer weight per candidate.
        total: the sum of `weights` (positive).

    Examples:
        >>> d = Distribution.uniform(("a", "b", "c"))
        >>> d.probability("b"), d.total
        (Fraction(1, 3), 3)
        >>> Distribution(("x", "y"), (0, 2), 2).outcomes
        ('y',)
    """

    __slots__ = ()

    def __new__(cls, support: tuple[A, ...], weights: tuple[int, ...], total: int) -> Self:
        return tuple.__new__(cls, (support, weights, total))

    @property
    def support(self) -> tuple[A, ...]:
        """Candidate outcomes, in a fixed order; all distinct."""
        return self[0]

    @property
    def weights(self) -> tuple[int, ...]:
        """A non-negative integer weight per candidate."""
        return self[1]

    @property
    def total(self) -> int:
        """The sum of `weights` (positive)."""
        return self[2]

    def __repr__(self) -> str:
        support, weights, total = self
        return f"Distribution(support={support!r}, weights={weights!r}, total={total!r})"

    def __getnewargs__(self) -> tuple[tuple[A, ...], tuple[int, ...], int]:
        support, weights, total = self
        return support, weights, total

    @classmethod
    def of(cls, outcomes: Sequence[A], weights: Sequence[int]) -> Distribution[A]:
        """A checked distribution: one non-negative integer weight per outcome, total positive.

        Args:
            outcomes: the candidate outcomes, all distinct.
            weights: one non-negative integer weight per outcome.

        Raises:
            ValueError: the weights do not fit the outcomes.

        Examples:
            >>> Distribution.of("ab", [3, 1]).probability("a")
            Fraction(3, 4)
        """
        outcomes, weights = tuple(outcomes), tuple(weights)
        if len(outcomes) != len(weights):
            raise ValueError("a distribution needs exactly one weight per outcome")
        if any(type(w) is not int or w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError("weights must be non-negative integers with a positive sum")
        return cls(outcomes, weights, sum(weights))

    @property
    def outcomes(self) -> tuple[A, ...]:
        """The possible outcomes (positive weight), in support order.

        Examples:
            >>> Distribution.of(("x", "y", "z"), (1, 0, 2)).outcomes
            ('x', 'z')
        """
        return tuple(a for a, w in zip(self.support, self.weights, strict=True) if w)

    @classmethod
    def uniform(cls, outcomes: Sequence[A]) -> Distribution[A]:
        """Every outcome equally likely.

        Args:
            outcomes: the outcomes, all distinct.

        Examples:
            >>> Distribution.uniform((1, 2, 3, 4)).probability(2)
            Fraction(1, 4)
        """
        return cls.of(outcomes, (1,) * len(outcomes))

    @classmethod
    def from_probabilities(cls, pairs: Sequence[tuple[A, Fraction]]) -> Distribution[A]:
        """From exact probabilities (non-negative, summing to 1); zero entries are dropped.

        Args:
            pairs: ``(outcome, probability)`` pairs.

        Examples:
            >>> Distribution.from_probabilities([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
            Distribution(support=('a', 'b'), weights=(1, 2), total=3)
        """
        kept = [(a, Fraction(p)) for a, p in pairs if p != 0]
        if sum(p for _, p in kept) != 1 or any(p < 0 for _, p in kept):
            raise ValueError("probabilities must be non-negative and sum to exactly 1")
        denominator = math.lcm(*(p.denominator for _, p in kept))
        weights = tuple(int(p * denominator) for _, p in kept)
        return cls.of([a for a, _ in kept], weights)

    def probabilities(self) -> tuple[tuple[A, Fraction], ...]:
        """``(outcome, Fraction)`` pairs of the possible outcomes, summing to exactly 1.

        Examples:
            >>> Distribution.of(("a", "b", "c"), (1, 0, 3)).probabilities()
            (('a', Fraction(1, 4)), ('c', Fraction(3, 4)))
        """
        total = self.total
        pairs = zip(self.support, self.weights, strict=True)
        return tuple([(a, _fraction(w, total)) for a, w in pairs if w])

    def probability(self, outcome: A) -> Fraction:
        """The exact probability of `outcome` (0 when it is not an outcome).

        Args:
            outcome: the outcome asked about.

        Examples:
            >>> d = Distribution.of(("a", "b"), (1, 3))
            >>> d.probability("b"), d.probability("z")
            (Fraction(3, 4), Fraction(0, 1))
        """
        for a, w in zip(self.support, self.weights, strict=True):
            if a == outcome:
                return _fraction(w, self.total)
        return Fraction(0)

    def sample(self, rng: random.Random) -> A:
        """Draw one outcome with exactly its probability, using only `rng`.

        Args:
            rng: the only source of randomness.

        Examples:
            >>> import random
            >>> d = Distribution.of(("a", "b"), (1, 3))
            >>> [d.sample(random.Random(seed)) for seed in range(6)]
            ['b', 'b', 'a', 'b', 'b', 'b']
        """
        # r uniform in range(total), exactly as rng.randrange(total) draws it (same bits, same
        # rejection), without its argument checks; then the first candidate whose running
        # weight exceeds r. Zero weights are never chosen.
        support: tuple[A, ...]
        weights: tuple[int, ...]
        total: int
        support, weights, total = self  # one unpacking instead of three property calls
        if total <= 0:
            raise ValueError("cannot sample a distribution whose weights sum to zero")
        bits = total.bit_length()
        r = rng.getrandbits(bits)
        while r >= total:
            r = rng.getrandbits(bits)
        return support[bisect_right(list(accumulate(weights)), r)]


trusted_distribution: Callable[[tuple[tuple[Any, ...], tuple[int, ...], int]], Distribution[Any]]
trusted_distribution = partial(tuple.__new__, Distribution)
"""``trusted_distribution((support, weights, total))``: `Distribution(support, weights, total)`
built in C, with no Python frame; for the chance nodes of the rules, which build one per decision.

Examples:
    >>> trusted_distribution((("a", "b"), (1, 3), 4)) == Distribution(("a", "b"), (1, 3), 4)
    True
"""


def counts_distribution(universe: tuple[A, ...], counts: tuple[int, ...]) -> Distribution[A]:
    """The distribution of drawing one card from a pile holding ``counts[i]`` of ``universe[i]``.

    Args:
        universe: the card types, in a fixed order.
        counts: how many cards of each type the pile holds.

    Examples:
        >>> counts_distribution(("a", "b", "c"), (2, 0, 1)).probabilities()
        (('a', Fraction(2, 3)), ('c', Fraction(1, 3)))
    """
    return trusted_distribution((universe, counts, sum(counts)))


def sample_exact(pairs: Sequence[tuple[A, Fraction]], rng: random.Random) -> A:
    """Sample from ``(outcome, Fraction)`` pairs exactly (integer arithmetic, no floats).

    Args:
        pairs: ``(outcome, probability)`` pairs, the probabilities summing to exactly 1.
        rng: the only source of randomness.

    Examples:
        >>> import random
        >>> sample_exact([("x", Fraction(1))], random.Random(0))
        'x'
    """
    return Distribution.from_probabilities(list(pairs)).sample(rng)
