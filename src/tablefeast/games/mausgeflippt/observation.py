"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players and a card set of K items, M mice and C cheeses (in order): the viewer
(one-hot over n seats and the spectator); per seat, whether its hand is visible and the hand
(K counts, zeros when hidden); hand sizes (n); the clothing pile size; the discard pile (K); face-up
penalty cards (n x K); the viewer's face-down cards (K, zeros for a spectator); face-down counts
(n); per seat, whether the cards it is about to lay after a wrong flip are visible and those cards
(K counts, zeros when hidden, MG-17); how many each seat lays (n); who is still to choose its
face-down card (n); the mouse those cards match (one-hot M + none); the unturned mice (M flags);
the mice under the stack (M: position from the top, 1-based, 0 if not there); the open mouse
(one-hot M + none); caught mice (n x M flags); face-down cheeses (C counts); the face-up cheese
(one-hot C + none); cheeses taken (n x C); the turner (one-hot n); the viewer's commitment and,
once all have committed, every seat's (one-hot over none, pass, flip, a card not seen, and the K
items); what landed on the mouse in the last race (n one-hots over the same slots); who has
committed (n); mice owed, cheeses owed and cards owed (n each); cheese to turn;
idle races; game over; who acts (n seats + chance); running scores (n).

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
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.tensor import (
    actor_flags,
    one_hot_rows,
    public_floats,
    public_floats_flat,
    zeros,
)

__all__ = ["observation_size", "observation_tensor"]


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def _commitment(code: int | None) -> int:
    # none, pass (-1), flip (-2), a card not seen (-3, PLAYED), then the items
    return 0 if code is None else 4 + code if code >= 0 else -code


def _cards_per_seat(
    out: list[float], cards: tuple[Counts | None, ...], none: tuple[float, ...]
) -> None:
    # Per seat: a flag (the viewer sees these cards) and the counts, zeros when hidden.
    for counts in cards:
        if counts is None:
            out.append(0.0)
            out += none
        else:
            out.append(1.0)
            out += map(float, counts)


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> t = observation_tensor(mg.view(mg.initial_state(mg.Config(players=3)), None))
        >>> len(t), t[:4]
        (786, (0.0, 0.0, 0.0, 1.0))
    """
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` gave, several times faster (the adapters encode a view per step).
    config = seen.config
    tables = config.card_set.tables
    n, k, m, c = config.players, len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)
    no_cards = zeros(k)
    out: list[float] = []
    out += one_hot_rows(n + 1)[n if seen.seat is None else seen.seat]
    _cards_per_seat(out, seen.hands, no_cards)
    out += map(float, seen.hand_sizes)
    out.append(float(seen.clothing_pile_size))
    out += public_floats(seen.discard)
    out += public_floats_flat(seen.face_up)
    own = seen.face_down[seen.seat] if seen.seat is not None else None
    out += map(float, own) if own else no_cards
    out += map(float, seen.face_down_counts)
    _cards_per_seat(out, seen.placing, no_cards)  # MG-17
    out += map(float, seen.placing_counts)
    out += [1.0 if s in seen.placers else 0.0 for s in range(n)]
    out += one_hot_rows(m + 1)[m if seen.placing_mouse is None else seen.placing_mouse]
    out += public_floats(seen.mice_unseen)
    under = [0.0] * m
    for place, mouse in enumerate(seen.mice_bottom, start=1):
        under[mouse] = float(place)
    out += under
    out += one_hot_rows(m + 1)[m if seen.open_mouse is None else seen.open_mouse]
    for caught in seen.caught:
        part = [0.0] * m
        for mouse in caught:
            part[mouse] = 1.0
        out += part
    out += public_floats(seen.cheese_pile)
    out += one_hot_rows(c + 1)[c if seen.open_cheese is None else seen.open_cheese]
    out += public_floats_flat(seen.cheeses)
    out += one_hot_rows(n)[seen.turner]
    commitments = one_hot_rows(k + 4)
    out += commitments[_commitment(seen.my_commitment)]
    if seen.revealed is None:
        out += commitments[0] * n
    else:
        for code in seen.revealed:
            out += commitments[_commitment(code)]
    for code in seen.landed:
        out += commitments[_commitment(code)]
    out += [1.0 if x else 0.0 for x in seen.committed]
    for owed in (seen.mouse_awards, seen.cheese_awards, seen.pending_draws):
        out += [float(owed.count(seat)) for seat in range(n)]
    out.append(1.0 if seen.cheese_to_turn else 0.0)
    out.append(float(seen.idle))
    out.append(1.0 if seen.game_over else 0.0)
    out += actor_flags(seen.actors, n)
    out += map(float, seen.scores)
    return tuple(out)
