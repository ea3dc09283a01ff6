"""Building fixed-size numeric observation tensors from views.

Each game encodes its `View` as a flat tuple of floats whose length depends only on the config
(`observation_size(config)`), so that learning code and the OpenSpiel and PettingZoo adapters get
a fixed shape. The encoders read nothing but the view, so a tensor can never leak what the view
hides. `Features` collects the parts in order.

Examples:
    >>> f = Features()
    >>> f.one_hot(2, 4); f.one_hot(None, 3); f.values((5, 6)); f.flags((True, False))
    >>> f.tensor()
    (0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 5.0, 6.0, 1.0, 0.0)
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from functools import cache
from itertools import chain

__all__ = [
    "Features",
    "actor_flags",
    "float32_bytes",
    "one_hot_rows",
    "public_floats",
    "public_floats_flat",
    "zeros",
]


@cache
def one_hot_rows(size: int) -> tuple[tuple[float, ...], ...]:
    """The `size` one-hot rows of `size` slots: row ``i`` has its 1 at ``i``.

    Built once per size and shared (tuples: nobody can change them), so that an encoder adds a
    one-hot part with one `list.extend` instead of building it slot by slot.

    Args:
        size: the number of slots.

    Examples:
        >>> one_hot_rows(3)
        ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    """
    return tuple(tuple(1.0 if slot == i else 0.0 for slot in range(size)) for i in range(size))


@cache
def zeros(size: int) -> tuple[float, ...]:
    """`size` zeros, built once per size and shared.

    Args:
        size: the number of slots.

    Examples:
        >>> zeros(3)
        (0.0, 0.0, 0.0)
    """
    return (0.0,) * size


# Float tuples of public int tuples, by value. A view's public parts (collections, discard piles,
# cards in front of the seats) are mostly unchanged from one step to the next, and the dict finds
# them faster than `map(float, ...)` converts them. Shared by every viewer, so only parts every
# seat sees may come here, never a hand. Bounded: cleared when full.
_FLOATS: dict[object, tuple[float, ...]] = {}
_FLOATS_SIZE = 8192


def public_floats(values: tuple[int, ...]) -> tuple[float, ...]:
    """``tuple(map(float, values))``, remembered: only for a part every seat may see.

    Args:
        values: a public tuple of ints (counts, sizes).

    Examples:
        >>> public_floats((2, 0, 1))
        (2.0, 0.0, 1.0)
    """
    found = _FLOATS.get(values)
    if found is None:
        if len(_FLOATS) >= _FLOATS_SIZE:
            _FLOATS.clear()
        found = _FLOATS[values] = tuple(map(float, values))
    return found


def public_floats_flat(rows: tuple[tuple[int, ...], ...]) -> tuple[float, ...]:
    """The rows' ints one after another, as floats, remembered: only for a part every seat may
    see (a key of its own kind, so it never meets a flat tuple's entry).

    Args:
        rows: a public tuple of tuples of ints (one per seat, say).

    Examples:
        >>> public_floats_flat(((1, 0), (0, 3)))
        (1.0, 0.0, 0.0, 3.0)
    """
    key = (_FLAT, rows)
    found = _FLOATS.get(key)
    if found is None:
        if len(_FLOATS) >= _FLOATS_SIZE:
            _FLOATS.clear()
        found = _FLOATS[key] = tuple(map(float, chain.from_iterable(rows)))
    return found


_FLAT = object()  # marks the keys of `public_floats_flat`


def actor_flags(actors: Iterable[int], players: int) -> list[float]:
    """One slot per seat and a last one for chance: 1.0 for each that acts now.

    Args:
        actors: the seats that act now (CHANCE is -1), as the view shows them.
        players: the number of seats.

    Examples:
        >>> actor_flags((0, 2), 3), actor_flags((-1,), 3)
        ([1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0])
    """
    flags = [0.0] * (players + 1)
    for seat in actors:
        flags[seat] = 1.0  # CHANCE is -1: the last slot
    return flags


@cache
def _float32_packer(size: int) -> struct.Struct:
    return struct.Struct(f"={size}f")


def float32_bytes(values: tuple[float, ...]) -> bytes:
    """The values as packed native float32s, the bytes of a float32 array of the same length.

    Packing with `struct` is several times faster than building an array from a tuple of
    Python floats element by element (``numpy.frombuffer`` then reads it without a copy), and
    rounds each value to the nearest float32, as a float32 array does.

    Args:
        values: the tensor, a tuple of floats.

    Raises:
        OverflowError: a finite value too large for a float32 (no tensor has one).

    Examples:
        >>> float32_bytes((1.0, 0.5)) == struct.pack("=2f", 1.0, 0.5)
        True
    """
    return _float32_packer(len(values)).pack(*values)


class Features:
    """An observation tensor being built, part by part.

    Examples:
        >>> f = Features()
        >>> f.members({0, 2}, 3); f.values([4])
        >>> f.tensor()
        (1.0, 0.0, 1.0, 4.0)
    """

    def __init__(self) -> None:
        self._values: list[float] = []

    def one_hot(self, index: int | None, size: int) -> None:
        """`size` slots, a 1 at `index` (none for None).

        Args:
            index: the slot to set, or None for all zeros.
            size: the number of slots.

        Examples:
            >>> f = Features()
            >>> f.one_hot(1, 3); f.one_hot(None, 2)
            >>> f.tensor()
            (0.0, 1.0, 0.0, 0.0, 0.0)
        """
        # a shared row (IndexError out of range, and a negative index counts from the end, as
        # setting the slot in a fresh list would)
        self._values += zeros(size) if index is None else one_hot_rows(size)[index]

    def values(self, numbers: Iterable[float]) -> None:
        """The numbers as they are (counts, sizes, scores).

        Args:
            numbers: the numbers to append.

        Examples:
            >>> f = Features()
            >>> f.values([2, 0.5])
            >>> f.tensor()
            (2.0, 0.5)
        """
        self._values += map(float, numbers)

    def flags(self, flags: Iterable[bool]) -> None:
        """1 for true, 0 for false.

        Args:
            flags: the truth values to append.

        Examples:
            >>> f = Features()
            >>> f.flags([True, False, True])
            >>> f.tensor()
            (1.0, 0.0, 1.0)
        """
        self._values += [1.0 if x else 0.0 for x in flags]

    def members(self, members: Iterable[int], size: int) -> None:
        """`size` slots, a 1 at each member of a set of indices.

        Args:
            members: the slots to set.
            size: the number of slots.

        Examples:
            >>> f = Features()
            >>> f.members([0, 3], 4)
            >>> f.tensor()
            (1.0, 0.0, 0.0, 1.0)
        """
        part = [0.0] * size
        for m in members:
            part[m] = 1.0
        self._values.extend(part)

    def tensor(self) -> tuple[float, ...]:
        """The tensor built so far.

        Examples:
            >>> f = Features()
            >>> f.tensor()
            ()
            >>> f.values([3]); f.flags([True])
            >>> f.tensor()
            (3.0, 1.0)
        """
        return tuple(self._values)
