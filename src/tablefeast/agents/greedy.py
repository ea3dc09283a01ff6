"""A cheap one-move lookahead: try each legal move on a few sampled states, keep the best.

`GreedyAgent` draws `samples` full states consistent with its view (`Turn.sample_state`), the
same states for every candidate move (common random numbers, so that moves are compared on equal
deals). On each it plays the candidate, lets the game go on with the game's playout policy (the
one ISMCTS uses, the game's ``CAPABILITIES.playout``) until the seat must choose again,
and scores the result by the seat's standing on running scores: the share of opponents it leads
(ties half), or at the end of the game its win share. The move with the best mean wins; ties go
to the best mean lead on points over the strongest opponent, then to the heuristic's ranking.

It looks one decision ahead only: no tree, no plan. It is a baseline between the heuristic and
search, and costs about ``samples x legal moves`` short playouts per decision.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> agents = [GreedyAgent(samples=2), RandomAgent(), RandomAgent()]
    >>> sab.is_terminal(play_game(sab, sab.Config(players=3), agents, seed=1).state)
    True
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from tablefeast.agents.game_types import A, C, S, V
from tablefeast.agents.heuristics import ranked_moves
from tablefeast.agents.ismcts import Policy, playout_policy, standing, win_share
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import Turn
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["GreedyAgent"]


@attrs.frozen
class GreedyAgent:
    """Chooses the move with the best mean standing one decision later (see the module docs).

    Attributes:
        samples: sampled states per decision (each candidate is tried on all of them).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
        ...             lambda rng: fc.determinize(s, 0, rng))
        >>> GreedyAgent(samples=4).choose(turn, random.Random(0))
        Play(animal=<Animal.CAT: 'cat'>)
    """

    samples: int = attrs.field(default=8)

    @samples.validator
    def _check_samples(self, _: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 1 <= value <= 10_000:
            raise ValueError(f"GreedyAgent.samples must be an int from 1 to 10,000, got {value!r}")

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The legal move with the best mean standing after it (see the module docs).

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the generator of the samples and playouts.

        Examples:
            >>> import tablefeast.games.mausgeflippt as mg
            >>> from tablefeast.kernel.record import position
            >>> s = position(mg, mg.Config(players=3),  # the deal: 7 cards each, a cheese, a mouse
            ...     "clothing cap/green; clothing jacket/red; clothing hat/blue; "
            ...     "clothing t-shirt/blue; clothing trousers/blue; clothing shoes/red; "
            ...     "clothing bag/brown; clothing shirt/yellow; clothing t-shirt/blue; "
            ...     "clothing belt/red; clothing bag/brown; clothing jacket/green; "
            ...     "clothing hat/red; clothing shoes/yellow; clothing ring/blue; "
            ...     "clothing dress/red; clothing jacket/red; clothing dress/red; "
            ...     "clothing tie/yellow; clothing jacket/green; clothing scarf/brown; "
            ...     "cheese emmental; mouse M05")
            >>> turn = Turn(mg, 0, mg.view(s, 0), mg.legal_actions(s, 0),
            ...             lambda rng: mg.determinize(s, 0, rng))
            >>> mg.action_to_str(GreedyAgent().choose(turn, random.Random(0)))  # no worn item
            'flip'
        """
        game = turn.game
        policy = playout_policy(game, "auto")
        states = [turn.sample_state(rng) for _ in range(self.samples)]
        ranking, _ = ranked_moves(game, turn.view, turn.legal)
        order = {move: i for i, move in enumerate(ranking)}
        best, best_key = turn.legal[0], None
        for move in turn.legal:
            total, margin = 0.0, 0.0
            for state in states:
                value, lead = _after(game, state, turn.seat, move, policy, rng)
                total += value
                margin += lead
            key = (total, margin, -order.get(move, len(order)))
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best


def _after(  # noqa: PLR0917 - a plain inner loop
    game: Ruleset[S, A, C, V], state: S, seat: int, move: A, policy: Policy, rng: random.Random
) -> tuple[float, float]:
    """The seat's standing once it must choose again after playing `move` on `state` (its win
    share at the end), and its lead on points over the best opponent there."""
    state = game.apply_action(state, seat, move)
    while True:
        acting = game.actors(state)
        if not acting:
            return win_share(game, state, seat), _lead(game, state, seat)
        actor = acting[0]
        if actor == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, actor)
            if len(legal) == 1:
                action = legal[0]
            elif actor == seat:
                return standing(game, state, seat), _lead(game, state, seat)
            else:
                action = policy(game, state, actor, legal, rng)
        state = game.apply_action(state, actor, action)


def _lead(game: Ruleset[S, A, C, V], state: S, seat: int) -> float:
    scores = game.scores(state)
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
