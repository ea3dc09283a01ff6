"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players and a card set of K items, M mice and C cheeses (in order): the viewer
(one-hot over n seats and the spectator); per seat, whether its hand is visible and the hand
(K counts, zeros when hidden); hand sizes (n); the clothing pile size; the discard pile (K); face-up
penalty cards (n x K); the viewer's face-down cards (K, zeros for a spectator); face-down counts
(n); the unturned mice (M flags); the mice under the stack (M: position from the top, 1-based,
0 if not there); the open mouse (one-hot M + none); caught mice (n x M flags); face-down cheeses
(C counts); the face-up cheese (one-hot C + none); cheeses taken (n x C); the turner (one-hot n);
the viewer's commitment and, once all have committed, every seat's (one-hot over none, pass, flip
and the K items); who has committed (n); mice owed, cheeses owed and cards owed (n each); cheese to
turn; idle races; game over; who acts (n seats + chance); running scores (n).

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> config = mg.Config(players=3)
    >>> len(observation_tensor(mg.view(mg.initial_state(config), 0))) == observation_size(config)
    True
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.state import initial_state
from tablefeast.games.mausgeflippt.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.tensor import Features

__all__ = ["observation_size", "observation_tensor"]


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def _commitment(f: Features, code: int | None, items: int) -> None:
    # none, pass (-1), flip (-2), then the items
    f.one_hot(0 if code is None else 1 if code == -1 else 2 if code == -2 else 3 + code, items + 3)


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> t = observation_tensor(mg.view(mg.initial_state(mg.Config(players=3)), None))
        >>> len(t), t[:4]
        (572, (0.0, 0.0, 0.0, 1.0))
    """
    config = seen.config
    tables = config.card_set.tables
    n, k, m, c = config.players, len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    for hand in seen.hands:
        f.flags((hand is not None,))
        f.values(hand or (0,) * k)
    f.values(seen.hand_sizes)
    f.values((seen.clothing_pile_size,))
    f.values(seen.discard)
    for up in seen.face_up:
        f.values(up)
    own = seen.face_down[seen.seat] if seen.seat is not None else None
    f.values(own or (0,) * k)
    f.values(seen.face_down_counts)
    f.values(seen.mice_unseen)
    under = [0.0] * m
    for place, mouse in enumerate(seen.mice_bottom, start=1):
        under[mouse] = place
    f.values(under)
    f.one_hot(m if seen.open_mouse is None else seen.open_mouse, m + 1)
    for caught in seen.caught:
        f.members(caught, m)
    f.values(seen.cheese_pile)
    f.one_hot(c if seen.open_cheese is None else seen.open_cheese, c + 1)
    for cheeses in seen.cheeses:
        f.values(cheeses)
    f.one_hot(seen.turner, n)
    _commitment(f, seen.my_commitment, k)
    for seat in range(n):
        _commitment(f, None if seen.revealed is None else seen.revealed[seat], k)
    f.flags(seen.committed)
    for owed in (seen.mouse_awards, seen.cheese_awards, seen.pending_draws):
        f.values(owed.count(seat) for seat in range(n))
    f.flags((seen.cheese_to_turn,))
    f.values((seen.idle,))
    f.flags((seen.game_over,))
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()
