"""Levels for people: ``easy``, ``medium`` and ``hard``, each the agent that the strength ladder
places there in each game.

Which agent is stronger depends on the game, so each game declares the agents of its levels
(``CAPABILITIES.levels``, agent names such as ``ismcts:400``, in the game's ``strategy``
module). In Mausgeflippt the heuristic never makes a wrong claim and search at these budgets
does (its reward is swamped by the luck of the races), so there the heuristic is the hard bot;
in Food Chain the search that models the table (``model:20``) is; elsewhere search at 400
iterations is. A `LevelAgent` looks up its agent in the game it is asked
to play, so ``hard`` is the hardest bot measured in every game. The searching levels stop after
one second at most (`LEVEL_SECONDS`), so that no person waits longer on a slow machine.

Examples:
    >>> import tablefeast
    >>> LevelAgent("hard").agent_for(tablefeast.load("schlacht_am_buffet"))
    ISMCTSAgent(iterations=400, seconds=1.0, exploration=0.7, playout='auto', horizon=3, \
engine='auto')
    >>> LevelAgent("hard").agent_for(tablefeast.load("mausgeflippt"))
    HeuristicAgent(mixed=True)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

import tablefeast
from tablefeast.agents.greedy import GreedyAgent
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.agents.ismcts import ISMCTSAgent
from tablefeast.agents.modelling import ModelAgent
from tablefeast.kernel.capabilities import LEVEL_NAMES
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.play import RandomAgent, Turn
from tablefeast.kernel.ruleset import AnyRuleset

__all__ = ["LEVEL_NAMES", "LEVEL_SECONDS", "LevelAgent", "level_agent"]

LEVEL_SECONDS = 1.0
"""The longest a level's search thinks about one move, in seconds."""


def level_agent(name: str) -> Any:
    """The agent a game's level names: ``random``, ``heuristic``, ``greedy``,
    ``ismcts:ITERATIONS`` or ``model:ITERATIONS`` (searching at most `LEVEL_SECONDS` per
    move).

    Args:
        name: the agent's name, as a game's ``CAPABILITIES.levels`` gives it.

    Raises:
        ConfigError: not one of those names.

    Examples:
        >>> level_agent("ismcts:50"), level_agent("greedy")
        (ISMCTSAgent(iterations=50, seconds=1.0, exploration=0.7, playout='auto', horizon=3, \
engine='auto'), GreedyAgent(samples=8))
    """
    simple = {"random": RandomAgent, "heuristic": HeuristicAgent, "greedy": GreedyAgent}
    if name in simple:
        return simple[name]()
    kind, _, budget = name.partition(":")
    searches = {"ismcts": ISMCTSAgent, "model": ModelAgent}
    if kind in searches and budget.isdecimal() and len(budget) <= 7 and int(budget) > 0:
        return searches[kind](iterations=int(budget), seconds=LEVEL_SECONDS)
    raise ConfigError(
        f"a level names random, heuristic, greedy, ismcts:ITERATIONS or model:ITERATIONS, "
        f"got {name!r}"
    )


@attrs.frozen
class LevelAgent:
    """The bot of one level: it plays the agent the game at hand names for the level
    (``CAPABILITIES.levels``).

    Attributes:
        level: ``"easy"``, ``"medium"`` or ``"hard"``.
        seconds: a shorter time limit per move for the level's searches, or None (their own,
            one second at most). The server sets it from a table's ``think`` limit.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
        ...             lambda rng: fc.determinize(s, 0, rng))
        >>> LevelAgent("easy").choose(turn, random.Random(0)) in turn.legal
        True
    """

    level: str = attrs.field()
    seconds: float | None = attrs.field(default=None, kw_only=True)

    @seconds.validator
    def _check_seconds(self, _: Any, value: Any) -> None:
        if value is not None and not (type(value) in (int, float) and value > 0):
            raise ValueError(f"LevelAgent.seconds must be None or positive, got {value!r}")

    @level.validator
    def _check_level(self, _: Any, value: Any) -> None:
        if value not in LEVEL_NAMES:
            raise ValueError(f"LevelAgent.level must be one of {LEVEL_NAMES}, got {value!r}")

    def agent_for(self, game: AnyRuleset | str) -> Any:
        """The agent this level plays in `game` (the one the game declares for the level).

        Args:
            game: the game module, or its name.

        Examples:
            >>> import tablefeast
            >>> LevelAgent("medium").agent_for(tablefeast.load("mausgeflippt"))
            GreedyAgent(samples=8)
            >>> LevelAgent("hard", seconds=0.2).agent_for("food_chain").seconds
            0.2
        """
        ruleset = tablefeast.load(game) if isinstance(game, str) else game
        agent = level_agent(ruleset.CAPABILITIES.levels[self.level])
        limit = self.seconds
        if (
            limit is not None
            and isinstance(agent, ISMCTSAgent | ModelAgent)
            and (agent.seconds is None or limit < agent.seconds)
        ):
            agent = attrs.evolve(agent, seconds=limit)
        return agent

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The level's agent's choice (a search agent gets the turn, a simple one its view).

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the agent's generator.
        """
        agent = self.agent_for(turn.game)
        if hasattr(agent, "choose"):
            return agent.choose(turn, rng)
        return agent.act(turn.game, turn.view, turn.legal, rng)
