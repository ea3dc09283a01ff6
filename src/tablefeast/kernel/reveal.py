"""Simultaneous commit / reveal bookkeeping.

A simultaneous step is a per-seat tuple of commitments, ``None`` for "not yet committed". Each
`apply_action` of a committing seat fills its slot; the last one triggers the game's reveal. Views
show a seat its own commitment and, of the others, only *whether* they have committed, so commit
order never leaks and never matters.

Examples:
    >>> c = commit(empty(3), 2, "x")
    >>> pending((0, 2), c), committed_flags(c), all_committed((0, 2), commit(c, 0, "y"))
    ((0,), (False, False, True), True)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["all_committed", "commit", "committed_flags", "empty", "pending", "uncommit"]

T = TypeVar("T")


def empty(players: int) -> tuple[None, ...]:
    """No seat has committed.

    Args:
        players: the number of seats.

    Examples:
        >>> empty(3)
        (None, None, None)
    """
    return (None,) * players


def commit(commitments: tuple[T | None, ...], seat: int, value: T) -> tuple[T | None, ...]:
    """The commitments with `seat`'s slot filled (the caller has checked it was empty).

    Args:
        commitments: one slot per seat, None where it has not committed.
        seat: the committing seat.
        value: what it commits.

    Examples:
        >>> commit((None, None, None), 1, "card")
        (None, 'card', None)
    """
    changed = list(commitments)
    changed[seat] = value
    return tuple(changed)


def uncommit(commitments: tuple[T | None, ...], seat: int) -> tuple[T | None, ...]:
    """The commitments with `seat`'s slot emptied again: the step as it was before the seat
    committed (a search takes back the others' hidden commitments to redraw them).

    Args:
        commitments: one slot per seat, None where it has not committed.
        seat: the seat whose commitment is taken back.

    Examples:
        >>> uncommit((None, 'card', 'dish'), 1)
        (None, None, 'dish')
    """
    changed = list(commitments)
    changed[seat] = None
    return tuple(changed)


def pending(participants: tuple[int, ...], commitments: tuple[object, ...]) -> tuple[int, ...]:
    """The participating seats that have not committed yet, ascending.

    Args:
        participants: the seats that take part in this step.
        commitments: one slot per seat, None where it has not committed.

    Examples:
        >>> pending((0, 1, 2), ("x", None, None))
        (1, 2)
    """
    waiting = []  # a plain loop: cheaper than a comprehension for a handful of seats
    for seat in participants:
        if commitments[seat] is None:
            waiting.append(seat)
    return tuple(waiting)


def all_committed(participants: tuple[int, ...], commitments: tuple[object, ...]) -> bool:
    """True once every participating seat has committed.

    Args:
        participants: the seats that take part in this step.
        commitments: one slot per seat, None where it has not committed.

    Examples:
        >>> all_committed((0, 2), ("x", None, "y")), all_committed((0, 1), ("x", None, "y"))
        (True, False)
    """
    return None not in map(commitments.__getitem__, participants)


def committed_flags(commitments: tuple[object, ...]) -> tuple[bool, ...]:
    """What everybody may see of a simultaneous step: who has committed, not what.

    Args:
        commitments: one slot per seat, None where it has not committed.

    Examples:
        >>> committed_flags(("x", None, "y"))
        (True, False, True)
    """
    return tuple(c is not None for c in commitments)
