"""Levels for people: ``easy``, ``medium`` and ``hard``, each the agent that the strength ladder
places there in each game.

Which agent is stronger depends on the game. In Mausgeflippt the heuristic never makes a wrong
claim and search at these budgets does (its reward is swamped by the luck of the races), so there
the heuristic is the hard bot; elsewhere search at 400 iterations is. A `LevelAgent` looks up its
agent by the game it is asked to play (`LEVEL_AGENTS`), so ``hard`` is the hardest bot measured
in every game. The searching levels stop after one second at most, so that no person waits
longer on a slow machine.

Examples:
    >>> LevelAgent("hard").agent_for("schlacht_am_buffet")
    ISMCTSAgent(iterations=400, seconds=1.0, exploration=0.7, playout='auto', horizon=3)
    >>> LevelAgent("hard").agent_for("mausgeflippt")
    HeuristicAgent(mixed=True)
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from tablefeast.agents.greedy import GreedyAgent
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.agents.ismcts import ISMCTSAgent
from tablefeast.kernel.play import Turn
from tablefeast.kernel.values import FrozenDict

__all__ = ["LEVEL_AGENTS", "LEVEL_NAMES", "LevelAgent"]

LEVEL_NAMES = ("easy", "medium", "hard")
"""The levels, from the easiest bot to beat."""

_SMALL = ISMCTSAgent(iterations=50, seconds=1.0)
_LARGE = ISMCTSAgent(iterations=400, seconds=1.0)
LEVEL_AGENTS: FrozenDict[str, FrozenDict[str, Any]] = FrozenDict(
    easy=FrozenDict({"*": HeuristicAgent(), "mausgeflippt": _SMALL}),
    medium=FrozenDict({"*": _SMALL, "mausgeflippt": GreedyAgent()}),
    hard=FrozenDict({"*": _LARGE, "mausgeflippt": HeuristicAgent()}),
)
"""Per level, the agent for each game by name (``"*"``: every other game), from the strength
ladder of the agents docs: in Mausgeflippt the heuristic rates far above greedy lookahead, which
rates above search; in the other games search at 400 iterations rates highest, then search at 50
iterations, then the heuristic."""


@attrs.frozen
class LevelAgent:
    """The bot of one level: it plays the agent `LEVEL_AGENTS` names for the game at hand.

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

    def agent_for(self, game_name: str) -> Any:
        """The agent this level plays in the game called `game_name`.

        Args:
            game_name: the game's `NAME`.

        Examples:
            >>> LevelAgent("medium").agent_for("mausgeflippt")
            GreedyAgent(samples=8)
            >>> LevelAgent("hard", seconds=0.2).agent_for("food_chain").seconds
            0.2
        """
        table = LEVEL_AGENTS[self.level]
        agent = table.get(game_name, table["*"])
        limit = self.seconds
        if (
            limit is not None
            and isinstance(agent, ISMCTSAgent)
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
        agent = self.agent_for(turn.game.NAME)
        if hasattr(agent, "choose"):
            return agent.choose(turn, rng)
        return agent.act(turn.game, turn.view, turn.legal, rng)
