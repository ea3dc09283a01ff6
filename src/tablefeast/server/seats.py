"""Seat kinds as a request may name them, and the bots the server builds for them.

A request never names code: a seat is ``human``, a level (``easy``, ``medium``, ``hard``), one of
the built-in agents (``random``, ``heuristic``, ``greedy``, ``ismcts`` or ``ismcts:N`` with N up to
`ServerSettings.max_iterations`), or a name the operator gave one of its own agents in the
server's settings (`ServerSettings.agents`). Nothing here imports a module a request names: the
``package.module:Class`` form of `tablefeast.agents.make_agent` is reached only through the
operator's own settings.

Every bot the server builds stops its search within the table's ``think`` limit (capped by
`ServerSettings.max_think`), so that a seat's budget really bounds the CPU it costs.

Examples:
    >>> settings = ServerSettings()
    >>> check_kind("ismcts:200", settings), check_kind("hard", settings)
    ('ismcts:200', 'hard')
    >>> bot("ismcts:200", settings, think=2.0)
    ISMCTSAgent(iterations=200, seconds=2.0, exploration=0.7, playout='auto', horizon=3)
    >>> check_kind("os:system:touch PWNED", settings)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: unknown seat kind 'os:system:touch PWNED': expected ...
"""

from __future__ import annotations

from typing import Any

import tablefeast
from tablefeast.agents import (
    GreedyAgent,
    HeuristicAgent,
    ISMCTSAgent,
    LevelAgent,
    RandomAgent,
    make_agent,
)
from tablefeast.agents.levels import LEVEL_NAMES
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.server.settings import ServerSettings

__all__ = ["BUILT_IN", "HUMAN", "bot", "check_kind", "weight"]

HUMAN = "human"
"""The seat kind of a person."""
BUILT_IN = ("random", "heuristic", "greedy", "ismcts", *LEVEL_NAMES)
"""The agents any request may seat (``ismcts`` may take ``:N`` iterations)."""


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
    if name == "ismcts" and budget:
        if budget.isdecimal() and len(budget) <= 7 and 0 < int(budget) <= settings.max_iterations:
            return kind
        raise ConfigError(
            f"ismcts takes a number of iterations from 1 to {settings.max_iterations:,} on this "
            f"server, got {shown(budget)}"
        )
    offered = ", ".join([HUMAN, *BUILT_IN, *settings.agents])
    raise ConfigError(f"unknown seat kind {shown(kind)}: expected {offered} or ismcts:N")


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
    simple = {"random": RandomAgent, "heuristic": HeuristicAgent, "greedy": GreedyAgent}
    if name in simple:
        return simple[name]()
    return LevelAgent(name, seconds=think)  # its searches stop after one second at most


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
