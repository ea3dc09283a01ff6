"""The exception hierarchy shared by every game.

Errors are split the python-chess way: *malformed* input (not an action of this game at all,
text that does not parse) raises `InvalidActionError`; a well-formed action that the rules do not
allow now raises `IllegalActionError` (or one of its two special cases, `NotYourTurnError` and
`GameOverError`). A bad record or tampered serialized state raises `RecordError`.

Every error leaves its input untouched: states are immutable, so a failed `apply_action` simply
returns nothing.

Examples:
    >>> from tablefeast.kernel.errors import IllegalActionError, NotYourTurnError
    >>> issubclass(NotYourTurnError, IllegalActionError), issubclass(NotYourTurnError, ValueError)
    (True, True)
"""

from __future__ import annotations

__all__ = [
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSeatError",
    "NotYourTurnError",
    "RecordError",
    "TablefeastError",
]


class TablefeastError(Exception):
    """Base class of every error this library raises on purpose."""


class InvalidActionError(TablefeastError, ValueError):
    """Malformed: not an action of this game, unparsable move text or an unknown action id."""


class InvalidSeatError(InvalidActionError):
    """Malformed: the seat is not a seat of this game (not an int, out of range, or CHANCE
    where a player's seat is needed)."""


class IllegalActionError(TablefeastError, ValueError):
    """Well formed but not legal in this state; the message says why and cites the ruling."""


class NotYourTurnError(IllegalActionError):
    """The seat is not among `actors(state)` (including a seat that has already committed)."""


class GameOverError(IllegalActionError):
    """The game is over: no seat may act."""


class RecordError(TablefeastError, ValueError):
    """A game record or serialized object is malformed, tampered with, or contains a bad move."""
