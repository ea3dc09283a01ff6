"""Information-set Monte Carlo tree search, for any of the games, without cheating.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) over the searching seat's own
decisions. Each iteration draws a full state consistent with the seat's view
(`Turn.sample_state`, built on `determinize`: it depends on nothing the seat cannot see), then
plays it out: the seat's own decisions walk down the tree by UCB1 with availability counts (a
legal action is a candidate only in the determinizations where it is legal), one new node is
added per iteration, and after it everything is random; the other seats' moves and chance are
sampled on the way (uniformly, and with their exact probabilities). Simultaneous commitments need
nothing special: the engine takes them one seat at a time and each is hidden from the others.
The reward is half the seat's win share (1 / number of winners, or 0) and half the share of
opponents it beat on points: the win share alone is too sparse for a modest budget.

The budget is a number of iterations (reproducible for a seed) or a time limit in seconds.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> fc = tablefeast.load("food_chain")
    >>> agents = [ISMCTSAgent(iterations=5), RandomAgent(), RandomAgent()]
    >>> fc.is_terminal(play_game(fc, fc.Config(players=3), agents, seed=1).state)
    True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import Turn
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["ISMCTSAgent"]


def _reward(game: Ruleset, state: Any, seat: int) -> float:
    """Half the win share, half the share of opponents the seat beat on points (ties half):
    the win share alone is too sparse a signal for a small budget."""
    winners = game.winners(state)
    win = 1.0 / len(winners) if seat in winners else 0.0
    scores = game.scores(state)
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    beaten = sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)
    return 0.5 * win + 0.5 * beaten


class _Node:
    """Statistics of the seat's decisions after one sequence of its own actions."""

    __slots__ = ("available", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits: dict[Any, int] = {}
        self.value: dict[Any, float] = {}
        self.available: dict[Any, int] = {}


@attrs.frozen
class ISMCTSAgent:
    """Chooses by ISMCTS (see the module docs).

    Attributes:
        iterations: determinized playouts per decision (when `seconds` is None).
        seconds: a time budget per decision instead (not reproducible).
        exploration: the UCB1 exploration constant.

    Examples:
        >>> ISMCTSAgent(iterations=50)
        ISMCTSAgent(iterations=50, seconds=None, exploration=0.7)
    """

    iterations: int = attrs.field(default=100)
    seconds: float | None = attrs.field(default=None)
    exploration: float = attrs.field(default=0.7)

    @iterations.validator
    def _check_iterations(self, _: Any, value: Any) -> None:
        if type(value) is not int or value < 1:
            raise ValueError(f"ISMCTSAgent.iterations must be an int of at least 1, got {value!r}")

    @seconds.validator
    def _check_seconds(self, _: Any, value: Any) -> None:
        if value is not None and (type(value) not in (int, float) or not value > 0):
            raise ValueError(f"ISMCTSAgent.seconds must be None or positive, got {value!r}")

    @exploration.validator
    def _check_exploration(self, _: Any, value: Any) -> None:
        if type(value) not in (int, float) or not value >= 0:
            raise ValueError(f"ISMCTSAgent.exploration must be at least 0, got {value!r}")

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The most visited of the seat's legal actions after the search.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> ISMCTSAgent(iterations=20).choose(turn, random.Random(0))
            Play(animal=<Animal.WORM: 'worm'>)
        """
        root = _Node()
        game = turn.game
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(game, turn.sample_state(rng), turn.seat, root, rng)
            done += 1
        visits = root.visits
        return max(turn.legal, key=lambda a: (visits.get(a, 0), root.value.get(a, 0.0)))

    def _select(self, node: _Node, legal: tuple[Any, ...], rng: random.Random) -> Any:
        for action in legal:
            node.available[action] = node.available.get(action, 0) + 1
        untried = [a for a in legal if a not in node.visits]
        if untried:
            return untried[rng.randrange(len(untried))]
        c = self.exploration

        def ucb(action: Any) -> float:
            n = node.visits[action]
            return node.value[action] / n + c * math.sqrt(math.log(node.available[action]) / n)

        return max(legal, key=ucb)

    def _iterate(
        self, game: Ruleset, state: Any, seat: int, root: _Node, rng: random.Random
    ) -> None:
        node: _Node | None = root
        path: list[tuple[_Node, Any]] = []
        while True:
            acting = game.actors(state)
            if not acting:
                break
            actor = acting[0]
            if actor == CHANCE:
                action = game.chance_distribution(state).sample(rng)
            else:
                legal = game.legal_actions(state, actor)
                if actor == seat and node is not None and len(legal) > 1:
                    action = self._select(node, legal, rng)
                    path.append((node, action))
                    expanding = action not in node.visits
                    node = node.children.setdefault(action, _Node())
                    if expanding:
                        node = None  # one new node per iteration; then a random playout
                else:
                    action = legal[rng.randrange(len(legal))]
            state = game.apply_action(state, actor, action)
        reward = _reward(game, state, seat)
        for visited, action in path:
            visited.visits[action] = visited.visits.get(action, 0) + 1
            visited.value[action] = visited.value.get(action, 0.0) + reward
