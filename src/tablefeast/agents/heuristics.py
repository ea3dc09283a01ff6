"""The heuristic agent: each game's documented strategy, read from the game's own package.

`HeuristicAgent` plays whichever game it is given: the game declares its strategy
(``CAPABILITIES.strategy``, in the game's ``strategy`` module), which *ranks* the legal moves,
best first, from the seat's view alone. In a simultaneous commitment a fixed choice is easy to
read and exploit, so there the agent **mixes**: it plays the first-ranked move with probability
0.6, else the second with 0.6 of the rest, and so on down the first three moves (weights 0.6,
0.24 and 0.16), drawn with the agent's own seeded generator. Sequential choices (and whatever
else the strategy says not to mix) take the first-ranked move. `HeuristicAgent(mixed=False)`
always takes it. A game without a strategy keeps its own order of the legal moves. The
strategies are described in each game's ``strategy`` module, for example
`tablefeast.games.schlacht_am_buffet.strategy`.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> mg = tablefeast.load("mausgeflippt")
    >>> result = play_game(mg, mg.Config(players=2), [HeuristicAgent(), RandomAgent()], seed=1)
    >>> mg.is_terminal(result.state)
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TypeVar

import attrs

from tablefeast.agents.game_types import A, C, S, V
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["MIX", "HeuristicAgent", "heuristic_move", "ranked_moves", "weighted_choice"]

T = TypeVar("T")

MIX = (0.6, 0.24, 0.16)
"""The mixed policy's weights for the first three moves of a ranking (best first)."""


def weighted_choice(weights: Mapping[T, float], rng: random.Random) -> T:
    """One key of `weights`, drawn with probability proportional to its weight (one call of
    ``rng.random()``; the weights need not add up to one, and `weights` must not be empty).

    Args:
        weights: the choices and their non-negative weights, at least one positive.
        rng: the generator.

    Examples:
        >>> weighted_choice({"a": 0.0, "b": 2.0, "c": 0.0}, random.Random(3))
        'b'
    """
    point = rng.random() * sum(weights.values())
    last = None
    for last, weight in weights.items():
        point -= weight
        if point < 0:
            return last
    assert last is not None, "weighted_choice of no choices"
    return last  # rounding left a sliver at the end


def ranked_moves(game: Ruleset[S, A, C, V], view: V, legal: tuple[A, ...]) -> tuple[list[A], bool]:
    """The heuristic's ranking of `legal`, best first, and whether the decision is a
    simultaneous commitment (where the mixed policy draws among the first three). A game that
    declares no strategy keeps its own order of the legal moves.

    Args:
        game: the game module (its ``CAPABILITIES.strategy`` ranks).
        view: the acting seat's view.
        legal: its legal actions.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> ranking, simultaneous = ranked_moves(fc, fc.view(s, 0), fc.legal_actions(s, 0))
        >>> [fc.action_to_str(a) for a in ranking[:3]], simultaneous
        (['play worm', 'play bird', 'play cat'], True)
    """
    strategy = game.CAPABILITIES.strategy
    if strategy is None:
        return list(legal), False
    ranking, simultaneous = strategy(view, legal)
    allowed = set(legal)
    return [move for move in ranking if move in allowed], simultaneous


def heuristic_move(
    game: Ruleset[S, A, C, V], view: V, legal: tuple[A, ...], rng: random.Random, mixed: bool = True
) -> A:
    """The heuristic's move: the first of `ranked_moves`, or in a simultaneous commitment (when
    `mixed`) one of the first three drawn with the weights `MIX`. Always one of `legal`.

    Args:
        game: the game module.
        view: the acting seat's view.
        legal: its legal actions.
        rng: draws the mixed choice (and a random move, should the ranking hold none).
        mixed: mix in simultaneous commitments.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> view, legal = fc.view(s, 0), fc.legal_actions(s, 0)
        >>> sorted({fc.action_to_str(heuristic_move(fc, view, legal, random.Random(i)))
        ...         for i in range(40)})
        ['play bird', 'play cat', 'play worm']
    """
    ranking, simultaneous = ranked_moves(game, view, legal)
    if not ranking:
        return legal[rng.randrange(len(legal))]
    if mixed and simultaneous and len(ranking) > 1:
        firsts = ranking[: len(MIX)]
        return weighted_choice(dict(zip(firsts, MIX, strict=False)), rng)
    return ranking[0]


@attrs.frozen
class HeuristicAgent:
    """The documented heuristic strategy of whichever game it plays (see the module docs).

    Attributes:
        mixed: draw among the three best-ranked moves in simultaneous commitments (weights
            0.6, 0.24, 0.16); False plays the best-ranked move always.

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> state = fc.initial_state(fc.Config(players=3))
        >>> legal = fc.legal_actions(state, 0)
        >>> HeuristicAgent(mixed=False).act(fc, fc.view(state, 0), legal, random.Random(0))
        Play(animal=<Animal.WORM: 'worm'>)"""

    mixed: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))

    def act(
        self, game: Ruleset[S, A, C, V], view: V, legal: tuple[A, ...], rng: random.Random
    ) -> A:
        """The strategy's choice among `legal` (a legal action, always).

        Args:
            game: the game module (its declared strategy ranks the moves).
            view: the acting seat's view (all it may know).
            legal: its legal actions, in the game's order.
            rng: the agent's generator: draws the mixed choice.

        Examples:
            >>> import tablefeast.games.schlacht_am_buffet as sab
            >>> from tablefeast.kernel.record import position
            >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
            >>> s = position(sab, sab.Config(players=3), DEAL)
            >>> sab.view(s, 0).hand
            (-1, 2, 3, 4, 4, 5, 5, 8, 9)
            >>> agent = HeuristicAgent()
            >>> [agent.act(sab, sab.view(s, 0), sab.legal_actions(s, 0), random.Random(i)).card
            ...  for i in range(8)]
            [5, 9, 5, 9, 9, 8, 8, 9]
        """
        return heuristic_move(game, view, legal, rng, self.mixed)
