"""Seat arithmetic. Seats are numbered 0..players-1 clockwise; a seat's left neighbour is the next.

Example:
    >>> left_of(3, 4), clockwise_from(2, 4)
    (0, (2, 3, 0, 1))
    >>> next_among(1, (0, 3), 4)
    3
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["clockwise_from", "left_of", "next_among"]


def left_of(seat: int, players: int) -> int:
    """The seat to the left of `seat` (the next one clockwise)."""
    return (seat + 1) % players


def clockwise_from(seat: int, players: int) -> tuple[int, ...]:
    """All seats in clockwise order, starting with `seat` itself."""
    return tuple((seat + i) % players for i in range(players))


def next_among(seat: int, seats: Iterable[int], players: int) -> int:
    """The first seat of `seats` strictly after `seat`, going clockwise.

    Raises:
        ValueError: `seats` is empty.
    """
    candidates = frozenset(seats)
    for i in range(1, players + 1):
        s = (seat + i) % players
        if s in candidates:
            return s
    raise ValueError("no seat to pass to")
