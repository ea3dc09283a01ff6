"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players (in order): the viewer (one-hot over n seats and the spectator), the
viewer's hand (11 counts, -1..9) and commitment (one-hot over the 11 values and "none"), hand
sizes (n), who has committed (n), the draw pile size, the discard pile (11 counts), the face-down
plates (36 flags by rank), the buffet (36 flags), each seat's plates won (n x 36 flags), the
positions (n), who races (n), the start player (one-hot n), round, part, the exchanger (one-hot
n + none), draws owed, plates to reveal, game over, who acts (n seats + chance) and the running
scores (n).

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> config = sab.Config(players=4)
    >>> len(observation_tensor(sab.view(sab.initial_state(config), 0))) == observation_size(config)
    True
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.schlacht_am_buffet.components import NUM_CARD_TYPES, PLATES
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.state import initial_state
from tablefeast.games.schlacht_am_buffet.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import Features

__all__ = ["observation_size", "observation_tensor"]


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
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> t = observation_tensor(sab.view(sab.initial_state(sab.Config(players=3)), None))
        >>> len(t), t[:4]
        (250, (0.0, 0.0, 0.0, 1.0))
    """
    n = seen.config.players
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    f.values(counts_from_cards((card + 1 for card in seen.hand or ()), NUM_CARD_TYPES))
    f.one_hot(11 if seen.my_commitment is None else seen.my_commitment + 1, 12)
    f.values(seen.hand_sizes)
    f.flags(seen.committed)
    f.values((seen.draw_pile_size,))
    f.values(seen.discard)
    f.values(seen.supply)
    f.members((p.rank for p in seen.buffet), len(PLATES))
    for won in seen.plates_won:
        f.members((p.rank for p in won), len(PLATES))
    f.values(seen.positions)
    f.members(seen.racing, n)
    f.one_hot(seen.start_player, n)
    f.values((seen.round, seen.part))
    f.one_hot(n if seen.exchanger is None else seen.exchanger, n + 1)
    f.values((len(seen.pending_draws), seen.to_reveal))
    f.flags((seen.game_over,))
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()
