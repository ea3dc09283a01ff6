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
    "ConfigError",
    "GameOverError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSeatError",
    "NotYourTurnError",
    "RecordError",
    "TablefeastError",
]


class TablefeastError(Exception):
    """Base class of every error this library raises on purpose.

    Examples:
        >>> issubclass(RecordError, TablefeastError), issubclass(KeyError, TablefeastError)
        (True, False)
    """


class InvalidActionError(TablefeastError, ValueError):
    """Malformed: not an action of this game, unparsable move text or an unknown action id.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> sab.action_from_str(None, 0, "dance")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'dance' is not a move: ...
    """


class InvalidSeatError(InvalidActionError):
    """Malformed: the seat is not a seat of this game (not an int, out of range, or CHANCE
    where a player's seat is needed).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> sab.view(sab.initial_state(sab.Config(players=3)), 7)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidSeatError: 7 is not a seat: seats are 0 to 2, or None
    """


class IllegalActionError(TablefeastError, ValueError):
    """Well formed but not legal in this state; the message says why and cites the ruling.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.chance import CHANCE
        >>> sab.apply_action(sab.initial_state(sab.Config(players=3)), CHANCE, sab.Play(5))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.IllegalActionError: Play(card=5) by chance is illegal: ...
    """


class NotYourTurnError(IllegalActionError):
    """The seat is not among `actors(state)` (including a seat that has already committed).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> sab.apply_action(sab.initial_state(sab.Config(players=3)), 0, sab.Play(5))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.NotYourTurnError: seat 0 may not act now; waiting for chance
    """


class GameOverError(IllegalActionError):
    """The game is over: no seat may act.

    Examples:
        >>> from tablefeast.kernel.ruleset import check_turn
        >>> check_turn((), 0)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.GameOverError: the game is over: no seat may act
    """


class ConfigError(TablefeastError, ValueError):
    """A game's setup is refused: a Config field, a card list, a card-list file or an option.

    It is a `ValueError` too, so code written for "a Config raises ValueError naming the field"
    keeps working; the message names the field or the card-list entry.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> fc.Config(players=9)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: Config.players must be an int from 3 to 6, got 9
    """


class RecordError(TablefeastError, ValueError):
    """A game record or serialized object is malformed, tampered with, or contains a bad move.

    Examples:
        >>> import tablefeast
        >>> tablefeast.Record.from_json("[1, 2]")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: a record must be a JSON object with game, ...
    """
