"""tablefeast: exact rules engines for four food-themed tabletop games, on one shared kernel.

Examples:
    >>> import tablefeast
    >>> tablefeast.names()[:4]  # the library's games, then any that plug-ins add
    ('schlacht_am_buffet', 'mausgeflippt', 'food_chain', 'all_you_can_eat_buffet')
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> state = sab.initial_state(sab.Config(players=4))
    >>> sab.actors(state) == (tablefeast.CHANCE,)
    True
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import Any

from tablefeast.kernel.chance import CHANCE, Distribution
from tablefeast.kernel.errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidSeatError,
    NotYourTurnError,
    RecordError,
    TablefeastError,
)
from tablefeast.kernel.limits import shown
from tablefeast.kernel.play import GameResult, RandomAgent, play_game
from tablefeast.kernel.record import Record
from tablefeast.kernel.record import replay as _replay
from tablefeast.kernel.ruleset import AnyRuleset, Ruleset, apply_joint
from tablefeast.kernel.serialize import dumps, loads

__version__ = "0.1.0"

GAMES: dict[str, str] = {
    "schlacht_am_buffet": "tablefeast.games.schlacht_am_buffet",
    "mausgeflippt": "tablefeast.games.mausgeflippt",
    "food_chain": "tablefeast.games.food_chain",
    "all_you_can_eat_buffet": "tablefeast.games.all_you_can_eat_buffet",
}
"""Game name -> module implementing it."""

__all__ = [
    "CHANCE",
    "GAMES",
    "ConfigError",
    "Distribution",
    "GameOverError",
    "GameResult",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidSeatError",
    "NotYourTurnError",
    "RandomAgent",
    "Record",
    "RecordError",
    "Ruleset",
    "TablefeastError",
    "apply_joint",
    "dumps",
    "load",
    "loads",
    "names",
    "play_game",
    "replay",
]


ENTRY_POINTS = "tablefeast.games"
"""The entry-point group through which other packages add games: ``NAME = "package.module"``
(the module implements the `Ruleset` contract)."""


def _plugins() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for point in importlib.metadata.entry_points(group=ENTRY_POINTS):
        if point.name not in GAMES:  # the library's own games cannot be replaced
            found[point.name] = point
    return found


def names() -> tuple[str, ...]:
    """The names of the games: this library's four, then any that installed packages add
    through the ``tablefeast.games`` entry-point group.

    Examples:
        >>> names()[:4]
        ('schlacht_am_buffet', 'mausgeflippt', 'food_chain', 'all_you_can_eat_buffet')
    """
    return (*GAMES, *sorted(_plugins()))


def load(name: str, engine: str = "pure") -> AnyRuleset:
    """The game module called `name` (it satisfies the `Ruleset` contract).

    Args:
        name: the game's name, one of `names()`.
        engine: ``"pure"``, the game module itself (the reference); ``"native"``, the game
            with its compiled core (`tablefeast.native`: the same contract on native states,
            built only by the native build); or ``"auto"``, the native one where this install
            built the game's core and the pure one elsewhere (a plug-in game: pure).

    Raises:
        ConfigError: no game has that name (a ValueError too), no such engine, or no native
            core of the game in this install.

    Examples:
        >>> fc = load("food_chain")
        >>> fc.NAME, fc.actors(fc.initial_state(fc.Config(players=3)))
        ('food_chain', (0, 1, 2))
        >>> load("food_chain", engine="fast")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: engine must be 'pure', 'native' or 'auto', got 'fast'
        >>> load("food_chain", engine="auto").NAME
        'food_chain'
    """
    if engine != "pure":
        if engine not in ("native", "auto"):
            raise ConfigError(f"engine must be 'pure', 'native' or 'auto', got {shown(engine)}")
        from tablefeast import native

        if engine == "native" or (isinstance(name, str) and native.available(name)):
            return native.load(name)
    if isinstance(name, str) and name in GAMES:
        module: AnyRuleset = importlib.import_module(GAMES[name])  # it satisfies the contract
        return module
    plugins = _plugins() if isinstance(name, str) else {}
    if name not in plugins:
        raise ConfigError(f"unknown game {shown(name)}; known games: {', '.join(names())}")
    loaded: AnyRuleset = plugins[name].load()  # the plug-in's module (its contract is its own)
    return loaded


def replay(record: Record) -> Any:
    """The final state of a record's game, every move checked (see `tablefeast.kernel.record`).

    Args:
        record: the game to replay; its `game` names the game module.

    Raises:
        RecordError: unknown game, bad config, or a malformed or illegal move (quoted).

    Examples:
        >>> record = Record("food_chain", {"players": 3}, ((0, "play cat"), (1, "play worm")))
        >>> replay(record).commitments
        (2, 0, None)
    """
    try:
        game = load(record.game)
    except ValueError as e:
        raise RecordError(str(e)) from None
    return _replay(game, record)
