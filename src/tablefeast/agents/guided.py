"""Search guided by the learned policy: ISMCTS's statistics at the root, weighed with the
network's prior as PUCT weighs them (issue 47, item 2).

`GuidedAgent` runs `ISMCTSAgent`'s search (in the game's native core where this install built
one) and then, instead of taking the most visited move, takes the move with the best

    Q(a) + prior * P(a) * sqrt(N) / (1 + n(a))

where n(a) is how many iterations tried `a` first, Q(a) their mean reward (0 for a move never
tried), N all iterations and P(a) the probability the learned policy (`LearnedAgent`, the
shipped weights by default) gives `a` from the seat's view. The search answers what the
network cannot see in one look (the cards still to come, the others' likely replies), and the
network what a few thousand random playouts misjudge (which moves good play makes): in Food
Chain the two together beat either alone (docs/agents.md, "Learned agents").

The prior weighs only the final choice; the tree below the root is the plain search's, so
the search's statistics are exactly `ISMCTSAgent`'s from the same generator, and the choice is
reproducible from a seed on every engine. It plays the tables its weights were trained for
(4 players); another size gets the `ConfigError` `LearnedAgent` gives, before any search.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> fc = tablefeast.load("food_chain")
    >>> agents = [GuidedAgent(iterations=20), RandomAgent(), RandomAgent(), RandomAgent()]
    >>> fc.is_terminal(play_game(fc, fc.Config(players=4), agents, seed=1).state)
    True
"""

from __future__ import annotations

import math
import random
from typing import Any

import attrs

from tablefeast.agents.guard import TimedChoice
from tablefeast.agents.ismcts import ISMCTSAgent
from tablefeast.agents.learned import LearnedAgent, Weights
from tablefeast.kernel.play import Turn

__all__ = ["GuidedAgent"]


@attrs.frozen
class GuidedAgent:
    """ISMCTS whose root choice the learned policy guides (see the module docs).

    Attributes:
        iterations: the search's determinized playouts per decision.
        prior: how much the network's prior weighs against the search's mean reward (0 takes
            the move of the best mean reward; large values follow the network).
        seconds: a time guard per decision, or None (the default: the whole budget, so the
            choice is reproducible); as `ISMCTSAgent.seconds`.
        engine: ``"auto"`` searches in the native core where this install built it, ``"pure"``
            never does; as `ISMCTSAgent.engine` (the same choices either way).
        weights: the network, or None for the weights the package ships for the game.

    Examples:
        >>> GuidedAgent(iterations=500)
        GuidedAgent(iterations=500, prior=1.0, seconds=None, engine='auto')
    """

    iterations: int = attrs.field(default=2000)
    prior: float = attrs.field(default=1.0)
    seconds: float | None = attrs.field(default=None)
    engine: str = attrs.field(default="auto")
    weights: Weights | None = attrs.field(default=None, repr=False)

    @iterations.validator
    def _check_iterations(self, _: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value < 1:
            raise ValueError(f"GuidedAgent.iterations must be an int of at least 1, got {value!r}")

    @prior.validator
    def _check_prior(self, _: attrs.Attribute[float], value: float) -> None:
        if type(value) not in (int, float) or not 0 <= value <= 1e6:
            raise ValueError(f"GuidedAgent.prior must be from 0 to 1e6, got {value!r}")

    @property
    def search(self) -> ISMCTSAgent:
        """The search whose root statistics the agent weighs (the levels' settings)."""
        return ISMCTSAgent(iterations=self.iterations, seconds=self.seconds, engine=self.engine)

    @property
    def policy(self) -> LearnedAgent:
        """The learned policy that gives the prior."""
        return LearnedAgent(self.weights)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The legal move of the best guided score after the search.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Raises:
            ConfigError: the weights do not play this game or this table size (nothing drawn).
        """
        return self.choose_timed(turn, rng).action

    def choose_timed(self, turn: Turn, rng: random.Random) -> TimedChoice:
        """`choose`'s move, and whether the time guard (`seconds`) cut the search short.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Raises:
            ConfigError: the weights do not play this game or this table size (nothing drawn).
        """
        if len(turn.legal) == 1:
            return TimedChoice(turn.legal[0], False)
        prior = self.policy.probabilities(turn.game, turn.view, turn.legal)  # refuses first
        visits, values, done = self.search.root_statistics(turn, rng)
        root = math.sqrt(sum(visits.values()))

        def score(move: object) -> float:
            n = visits.get(move, 0)
            mean = values.get(move, 0.0) / n if n else 0.0
            return mean + self.prior * prior[move] * root / (1 + n)

        return TimedChoice(max(turn.legal, key=score), done < self.iterations)
