"""Seat kinds as a request may name them, and the bots the server builds for them.

A request never names code: a seat is ``human``, a level (``easy``, ``medium``, ``hard``), one of
the built-in agents (``random``, ``heuristic``, ``greedy``, ``ismcts`` or ``model``, the two
searches with an optional ``:N`` of iterations up to `ServerSettings.max_iterations`), or a name
the operator gave one of its own agents in the server's settings (`ServerSettings.agents`).
Nothing here imports a module a request names: the ``package.module:Class`` form of
`tablefeast.agents.make_agent` is reached only through the operator's own settings.

Every bot the server builds stops its search within the table's ``think`` limit (capped by
`ServerSettings.max_think`), so that a seat's budget really bounds the CPU it costs.

Examples:
    >>> settings = ServerSettings()
    >>> check_kind("ismcts:200", settings), check_kind("hard", settings)
    ('ismcts:200', 'hard')
    >>> bot("ismcts:200", settings, think=2.0)
    ISMCTSAgent(iterations=200, seconds=2.0, exploration=0.7, playout='auto', horizon=3, \
engine='auto')
    >>> check_kind("os:system:touch PWNED", settings)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: unknown seat kind 'os:system:touch PWNED': expected ...
"""

from __future__ import annotations

import unicodedata
from typing import Any

import tablefeast
from tablefeast.agents import (
    GreedyAgent,
    HeuristicAgent,
    ISMCTSAgent,
    LevelAgent,
    ModelAgent,
    RandomAgent,
    make_agent,
)
from tablefeast.agents.levels import LEVEL_NAMES
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.server.settings import ServerSettings

__all__ = [
    "BUILT_IN",
    "HUMAN",
    "MAX_NAME_CHARS",
    "bot",
    "check_kind",
    "check_names",
    "observes",
    "seat_names",
    "weight",
]

HUMAN = "human"
"""The seat kind of a person."""
BUILT_IN = ("random", "heuristic", "greedy", "ismcts", "model", *LEVEL_NAMES)
"""The agents any request may seat (``ismcts`` and ``model`` may take ``:N`` iterations)."""


def _digits(text: str) -> bool:
    # ASCII digits only: str.isdecimal also takes other scripts' digits (a fullwidth or an
    # Arabic-Indic 5), which int() reads, so that two spellings would name one seat kind.
    return text.isascii() and text.isdecimal()


def check_kind(kind: Any, settings: ServerSettings) -> str:
    """`kind` if a request may name it as a seat (or a takeover bot); else a ConfigError.

    Args:
        kind: the seat kind, as the request sent it.
        settings: the server's settings (the iteration cap, the operator's agents).

    Raises:
        ConfigError: not text, or not a kind the server offers (the message lists them).
    """
    if not isinstance(kind, str) or len(kind) > 64:
        raise ConfigError(f"a seat kind is text such as 'human' or 'hard', got {shown(kind)}")
    if kind == HUMAN or kind in BUILT_IN or kind in settings.agents:
        return kind
    name, _, budget = kind.partition(":")
    if name in ("ismcts", "model") and budget:
        if _digits(budget) and len(budget) <= 7 and 0 < int(budget) <= settings.max_iterations:
            return kind
        raise ConfigError(
            f"{name} takes a number of iterations from 1 to {settings.max_iterations:,} on this "
            f"server, got {shown(budget)}"
        )
    offered = ", ".join([HUMAN, *BUILT_IN, *settings.agents])
    raise ConfigError(f"unknown seat kind {shown(kind)}: expected {offered}, ismcts:N or model:N")


def bot(kind: str, settings: ServerSettings, think: float) -> Any:
    """The agent for a checked bot seat, its search bounded by `think` seconds.

    Args:
        kind: a kind `check_kind` accepted (not ``human``).
        settings: the server's settings.
        think: the table's time limit per move, seconds.
    """
    if kind in settings.agents:
        return make_agent(settings.agents[kind])  # the operator's own code, from its settings
    name, _, budget = kind.partition(":")
    if name == "ismcts":
        return ISMCTSAgent(iterations=int(budget) if budget else 200, seconds=think)
    if name == "model":
        return ModelAgent(iterations=int(budget) if budget else 60, seconds=think)
    simple = {"random": RandomAgent, "heuristic": HeuristicAgent, "greedy": GreedyAgent}
    if name in simple:
        return simple[name]()
    return LevelAgent(name, seconds=think)  # its search stops at `think` at the latest


def weight(kind: str, game: str, settings: ServerSettings) -> str:
    """How heavy a bot's thinking is, which says where it thinks: ``"light"`` (random: cheaper
    than sending it anywhere, so on the event loop), ``"quick"`` (the heuristics: on a thread of
    the bot pool) or ``"search"`` (searches and the operator's agents: in a worker process).

    Args:
        kind: a bot's checked seat kind.
        game: the game's name.
        settings: the server's settings.

    Examples:
        >>> settings = ServerSettings()
        >>> weight("random", "food_chain", settings), weight("easy", "food_chain", settings)
        ('light', 'quick')
        >>> weight("hard", "food_chain", settings), weight("hard", "mausgeflippt", settings)
        ('search', 'quick')
    """
    if kind in settings.agents:
        return "search"
    agent = bot(kind, settings, 1.0)
    if isinstance(agent, LevelAgent):
        agent = agent.agent_for(tablefeast.load(game))
    if isinstance(agent, RandomAgent):
        return "light"
    return "quick" if isinstance(agent, HeuristicAgent) else "search"


def observes(kind: str, settings: ServerSettings) -> bool:
    """Whether the bot of `kind` reads what the table has shown of the others' play
    (`tablefeast.kernel.play.Observer.shown`): a search agent does (its ``Turn`` carries it),
    and so may an operator's agent; a simple agent acts on its view and legal moves alone, so
    the server need not gather it.

    Args:
        kind: a bot's checked seat kind.
        settings: the server's settings.

    Examples:
        >>> settings = ServerSettings()
        >>> observes("random", settings), observes("ismcts:50", settings)
        (False, True)
    """
    return kind in settings.agents or hasattr(bot(kind, settings, 1.0), "choose")


MAX_NAME_CHARS = 24
"""The longest name a person may give their seat."""


def check_names(names: Any, players: int) -> tuple[str | None, ...]:
    """The seats' names as a request gave them, checked: None or a list of one entry per seat,
    each None (no name) or text of 1 to `MAX_NAME_CHARS` printable characters (spaces inside
    are kept, once; nothing else is read from it: the page shows it as text).

    Args:
        names: the request's ``names``.
        players: the number of seats.

    Raises:
        ConfigError: not such a list, or a name that is too long, empty or not printable.

    Examples:
        >>> check_names(["  Ada   Lovelace ", None], 2)
        ('Ada Lovelace', None)
        >>> check_names(["\\u202eevil"], 1)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: names[0] must be printable text (no control ...
    """
    if names is None:
        return (None,) * players
    if not isinstance(names, list) or len(names) != players:
        raise ConfigError(f"names lists one name (or null) per seat ({players})")
    checked: list[str | None] = []
    for seat, name in enumerate(names):
        if name is None:
            checked.append(None)
            continue
        if not isinstance(name, str) or len(name) > 4 * MAX_NAME_CHARS:
            raise ConfigError(f"names[{seat}] must be text of at most {MAX_NAME_CHARS} characters")
        tidy = " ".join(name.split())
        if not tidy:
            checked.append(None)
            continue
        if len(tidy) > MAX_NAME_CHARS:
            raise ConfigError(f"names[{seat}] must be at most {MAX_NAME_CHARS} characters")
        if not all(unicodedata.category(c)[0] != "C" for c in tidy):
            raise ConfigError(
                f"names[{seat}] must be printable text (no control or format characters)"
            )
        checked.append(tidy)
    return tuple(checked)


def seat_names(kinds: tuple[str, ...], names: Any) -> list[str]:
    """What the table calls each seat: the person's name, ``Seat N`` for a person who gave
    none, and ``Bot N (level)`` for a bot (its seat number tells two bots of a level apart).

    Args:
        kinds: the seats' kinds.
        names: the stored names (one entry per seat, or anything else for none).

    Examples:
        >>> seat_names(("human", "medium", "human"), ["Ada", None, None])
        ['Ada', 'Bot 1 (medium)', 'Seat 2']
    """
    given = names if isinstance(names, list) and len(names) == len(kinds) else [None] * len(kinds)
    return [
        name
        if isinstance(name, str) and name
        else (f"Seat {seat}" if kind == HUMAN else f"Bot {seat} ({kind})")
        for seat, (kind, name) in enumerate(zip(kinds, given, strict=True))
    ]
