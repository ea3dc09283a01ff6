"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players (in order): the viewer (one-hot over n seats and the spectator), the
viewer's commitment (one-hot over the 5 kinds and "none"), who has committed (n), round, pass,
the Alpha (one-hot n), hands (n x 5 counts), the animal each seat played (n x one-hot over 5 kinds
and "none"), each seat's stack (n x 5 counts), who was taken (n), the kind snatching (one-hot 5 +
none), the taker (one-hot n + none), the centre (5 counts), piles (n x 5), removed (5), totals
(n), game over, who acts (n seats + chance) and the running scores (n).

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> config = fc.Config(players=3)
    >>> len(observation_tensor(fc.view(fc.initial_state(config), 0))) == observation_size(config)
    True
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.state import initial_state
from tablefeast.games.food_chain.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import Features

__all__ = ["observation_size", "observation_tensor"]

KINDS = 5


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> config = fc.Config(players=3)
        >>> t = observation_tensor(fc.view(fc.initial_state(config), 0))
        >>> len(t) == observation_size(config), t[:4]
        (True, (1.0, 0.0, 0.0, 0.0))
    """
    n = seen.config.players
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    f.one_hot(KINDS if seen.my_commitment is None else seen.my_commitment, KINDS + 1)
    f.flags(seen.committed)
    f.values((seen.round, seen.pass_number))
    f.one_hot(seen.alpha, n)
    for hand in seen.hands:
        f.values(hand)
    for played in seen.played:
        f.one_hot(KINDS if played is None else played, KINDS + 1)
    for stack in seen.stacks:
        f.values(counts_from_cards(stack, KINDS))
    f.flags(seen.taken)
    f.one_hot(KINDS if seen.snatching is None else seen.snatching, KINDS + 1)
    f.one_hot(n if seen.taker is None else seen.taker, n + 1)
    f.values(seen.centre)
    for pile in seen.piles:
        f.values(pile)
    f.values(seen.removed)
    f.values(seen.totals)
    f.flags((seen.game_over,))
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()
