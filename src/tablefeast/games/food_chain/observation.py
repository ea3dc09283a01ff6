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
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import actor_flags, one_hot_rows, public_floats_flat

__all__ = ["observation_size", "observation_tensor"]

KINDS = 5
_KINDS_OR_NONE = one_hot_rows(KINDS + 1)


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
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` would give, several times faster (the adapters encode a view per step).
    n = seen.config.players
    seats, seats_or_none, kinds_or_none = one_hot_rows(n), one_hot_rows(n + 1), _KINDS_OR_NONE
    out: list[float] = []
    out += seats_or_none[n if seen.seat is None else seen.seat]
    out += kinds_or_none[KINDS if seen.my_commitment is None else seen.my_commitment]
    out += [1.0 if x else 0.0 for x in seen.committed]
    out += (float(seen.round), float(seen.pass_number))
    out += seats[seen.alpha]
    out += public_floats_flat(seen.hands)
    for played in seen.played:
        out += kinds_or_none[KINDS if played is None else played]
    for stack in seen.stacks:
        out += map(float, counts_from_cards(stack, KINDS))
    out += [1.0 if x else 0.0 for x in seen.taken]
    out += kinds_or_none[KINDS if seen.snatching is None else seen.snatching]
    out += seats_or_none[n if seen.taker is None else seen.taker]
    out += map(float, seen.centre)
    out += public_floats_flat(seen.piles)
    out += map(float, seen.removed)
    out += map(float, seen.totals)
    out.append(1.0 if seen.game_over else 0.0)
    out += actor_flags(seen.actors, n)
    out += map(float, seen.scores)
    return tuple(out)
