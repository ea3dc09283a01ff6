"""Seat arithmetic. Seats are numbered 0..players-1 clockwise; a seat's left neighbour is the next.

Examples:
    >>> left_of(3, 4), clockwise_from(2, 4)
    (0, (2, 3, 0, 1))
    >>> next_among(1, (0, 3), 4)
    3
    >>> check_viewer(-1, 4)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.InvalidSeatError: -1 is not a seat: seats are 0 to 3, or None
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import InvalidSeatError
from tablefeast.kernel.limits import shown

__all__ = ["check_actor_seat", "check_viewer", "clockwise_from", "left_of", "next_among"]


def check_actor_seat(seat: object, players: int) -> None:
    """Refuse anything that cannot act: only seats ``0..players-1`` and CHANCE can.

    Args:
        seat: the would-be actor.
        players: the number of seats.

    Raises:
        InvalidSeatError: `seat` is not an int (bools are refused too) or is out of range.

    Examples:
        >>> check_actor_seat(-1, 4)
        >>> check_actor_seat(4, 4)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidSeatError: 4 is not a seat: seats are 0 to 3, or CHANCE
    """
    if type(seat) is not int or not (seat == CHANCE or 0 <= seat < players):
        raise InvalidSeatError(
            f"{shown(seat)} is not a seat: seats are 0 to {players - 1}, or CHANCE"
        )


def check_viewer(seat: object, players: int) -> None:
    """Refuse anything that cannot look at the table: seats ``0..players-1`` and None (a
    spectator) can; CHANCE has no view.

    Args:
        seat: the would-be viewer.
        players: the number of seats.

    Raises:
        InvalidSeatError: `seat` is not None nor an int seat in range.

    Examples:
        >>> check_viewer(None, 4), check_viewer(3, 4)
        (None, None)
        >>> check_viewer(True, 4)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidSeatError: True is not a seat: seats are 0 to 3, or None
    """
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        raise InvalidSeatError(
            f"{shown(seat)} is not a seat: seats are 0 to {players - 1}, or None"
        )


def left_of(seat: int, players: int) -> int:
    """The seat to the left of `seat` (the next one clockwise).

    Args:
        seat: a seat.
        players: the number of seats.

    Examples:
        >>> left_of(0, 4), left_of(3, 4)
        (1, 0)
    """
    return (seat + 1) % players


def clockwise_from(seat: int, players: int) -> tuple[int, ...]:
    """All seats in clockwise order, starting with `seat` itself.

    Args:
        seat: the seat to start from.
        players: the number of seats.

    Examples:
        >>> clockwise_from(1, 3)
        (1, 2, 0)
    """
    if 0 <= seat < players < len(_CLOCKWISE):  # the tables of every game: read, not built
        return _CLOCKWISE[players][seat]
    return tuple((seat + i) % players for i in range(players))


_CLOCKWISE = tuple(tuple(tuple((s + i) % n for i in range(n)) for s in range(n)) for n in range(9))
"""``_CLOCKWISE[players][seat]``: `clockwise_from` for tables of up to 8 seats, built at import
(rounds start in turn order, so this is read every round)."""


def next_among(seat: int, seats: Iterable[int], players: int) -> int:
    """The first seat of `seats` strictly after `seat`, going clockwise.

    Args:
        seat: the seat to start after.
        seats: the seats to choose from (may include `seat`: it is then found last).
        players: the number of seats.

    Raises:
        ValueError: `seats` is empty.

    Examples:
        >>> next_among(3, (1, 3), 4), next_among(1, (1,), 4)
        (1, 1)
    """
    candidates = frozenset(seats)
    for i in range(1, players + 1):
        s = (seat + i) % players
        if s in candidates:
            return s
    raise ValueError("no seat to pass to")
