"""Levels for people: ``easy``, ``medium`` and ``hard``, each the agent that the strength ladder
places there in each game.

Which agent is stronger depends on the game, so each game declares the agents of its levels
(``CAPABILITIES.levels``, agent names such as ``ismcts:400``, in the game's ``strategy``
module). In Mausgeflippt the heuristic never makes a wrong claim and search at these budgets
does (its reward is swamped by the luck of the races), so there the heuristic is the hard bot;
in Food Chain the search that models the table (``model:20``) is; elsewhere search at 400
iterations is. A `LevelAgent` looks up its agent in the game it is asked
to play, so ``hard`` is the hardest bot measured in every game.

A level plays by its iteration budget, with no time limit: from the same seed it makes the same
choices on a quiet and on a loaded machine, so its games replay. What that costs is a number of
playouts per move: ``ismcts:N`` runs N (each a determinization played `horizon` of the seat's
own decisions ahead), ``model:N`` runs N sampled worlds, each trying every legal move (N x legal
moves playouts), ``greedy`` 8 samples per legal move, one decision ahead; the heuristic none. A
caller that must promise a time per move (a server's ``think`` limit) passes one explicitly,
``LevelAgent(level, seconds=...)``: a guard that stops a search early, and `LevelAgent.choose_timed`
says when it did (`tablefeast.agents.guard`).

Examples:
    >>> import tablefeast
    >>> LevelAgent("hard").agent_for(tablefeast.load("schlacht_am_buffet"))
    ISMCTSAgent(iterations=400, seconds=None, exploration=0.7, playout='auto', horizon=3, \
engine='auto')
    >>> LevelAgent("hard", seconds=2.0).agent_for("schlacht_am_buffet").seconds
    2.0
    >>> LevelAgent("hard").agent_for(tablefeast.load("mausgeflippt"))
    HeuristicAgent(mixed=True)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

import tablefeast
from tablefeast.agents.greedy import GreedyAgent
from tablefeast.agents.guard import TimedChoice, timed_choice
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.agents.ismcts import ISMCTSAgent
from tablefeast.agents.modelling import ModelAgent
from tablefeast.kernel.capabilities import LEVEL_NAMES
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.play import RandomAgent, Turn
from tablefeast.kernel.ruleset import AnyRuleset

__all__ = ["LEVEL_NAMES", "LevelAgent", "level_agent"]

LevelPlayer = RandomAgent | HeuristicAgent | GreedyAgent | ISMCTSAgent | ModelAgent
"""The agents a game's level may name (`level_agent`)."""


def level_agent(name: str) -> LevelPlayer:
    """The agent a game's level names: ``random``, ``heuristic``, ``greedy``,
    ``ismcts:ITERATIONS`` or ``model:ITERATIONS`` (its whole budget of iterations, no time
    limit: reproducible from a seed on any machine).

    Args:
        name: the agent's name, as a game's ``CAPABILITIES.levels`` gives it.

    Raises:
        ConfigError: not one of those names.

    Examples:
        >>> level_agent("ismcts:50"), level_agent("greedy")
        (ISMCTSAgent(iterations=50, seconds=None, exploration=0.7, playout='auto', horizon=3, \
engine='auto'), GreedyAgent(samples=8))
    """
    simple: dict[str, type[RandomAgent | HeuristicAgent | GreedyAgent]] = {
        "random": RandomAgent,
        "heuristic": HeuristicAgent,
        "greedy": GreedyAgent,
    }
    if name in simple:
        return simple[name]()
    kind, _, budget = name.partition(":")
    searches: dict[str, type[ISMCTSAgent | ModelAgent]] = {
        "ismcts": ISMCTSAgent,
        "model": ModelAgent,
    }
    digits = budget.isascii() and budget.isdecimal() and len(budget) <= 7
    if kind in searches and digits and int(budget) > 0:
        return searches[kind](iterations=int(budget))
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
        seconds: None (the default): no time limit, the level's search runs its whole budget
            of iterations, so a seed gives the same choice on any machine. A number: a time
            guard per move for the level's searches (`ISMCTSAgent.seconds`,
            `ModelAgent.seconds`), for a caller that must promise a time, such as a server
            with a table's ``think`` limit (``LevelAgent(level, seconds=think)``); a search it
            cuts short depends on the machine's speed, and `choose_timed` says so.

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
    def _check_seconds(self, _: attrs.Attribute[float | None], value: float | None) -> None:
        if value is not None and not (type(value) in (int, float) and value > 0):
            raise ValueError(f"LevelAgent.seconds must be None or positive, got {value!r}")

    @level.validator
    def _check_level(self, _: attrs.Attribute[str], value: str) -> None:
        if value not in LEVEL_NAMES:
            raise ValueError(f"LevelAgent.level must be one of {LEVEL_NAMES}, got {value!r}")

    def agent_for(self, game: AnyRuleset | str) -> LevelPlayer:
        """The agent this level plays in `game` (the one the game declares for the level),
        a search with the level's `seconds` as its time guard (none by default).

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
        if self.seconds is not None and isinstance(agent, ISMCTSAgent | ModelAgent):
            agent = attrs.evolve(agent, seconds=self.seconds)  # the caller's time guard
        return agent

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The level's agent's choice (a search agent gets the turn, a simple one its view).

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the agent's generator.
        """
        return self.choose_timed(turn, rng).action

    def choose_timed(self, turn: Turn, rng: random.Random) -> TimedChoice:
        """`choose`'s move (the same, from the same generator), and whether the time guard
        (`seconds`) cut the level's search short: ``(action, cut_short)``. Never cut short
        without `seconds`, nor at a level that does not search.

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the agent's generator.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> move, cut_short = LevelAgent("medium").choose_timed(turn, random.Random(0))
            >>> move in turn.legal, cut_short
            (True, False)
        """
        return timed_choice(self.agent_for(turn.game), turn, rng)
