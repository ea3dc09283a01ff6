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

`observation_tensor_of(state, seat)` is the same tensor written straight from the state, with no
`View` in between (the adapters' path: one per step). It reads only what `view(state, seat)`
shows, in the same way; a test checks the two equal, float for float, on many states and every
seat.
"""

from __future__ import annotations

import operator
from functools import cache

from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.rules import actors, scores
from tablefeast.games.mausgeflippt.state import State, initial_state
from tablefeast.games.mausgeflippt.view import View, _own, _revealed, _sees_hand, view
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.tensor import (
    actor_flags,
    one_hot_rows,
    public_floats,
    public_floats_flat,
    zeros,
)

__all__ = ["observation_size", "observation_tensor", "observation_tensor_of"]


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
    return _encode(
        seen.config,
        seen.seat,
        seen.hands,
        seen.hand_sizes,
        seen.clothing_pile_size,
        seen.discard,
        seen.face_up,
        None if seen.seat is None else seen.face_down[seen.seat],
        seen.face_down_counts,
        seen.placing,
        seen.placing_counts,
        seen.placers,
        seen.placing_mouse,
        seen.mice_unseen,
        seen.mice_bottom,
        seen.open_mouse,
        seen.caught,
        seen.cheese_pile,
        seen.open_cheese,
        seen.cheeses,
        seen.turner,
        seen.my_commitment,
        seen.revealed,
        seen.landed,
        seen.committed,
        seen.mouse_awards,
        seen.cheese_awards,
        seen.pending_draws,
        seen.cheese_to_turn,
        seen.idle,
        seen.game_over,
        seen.actors,
        seen.scores,
    )


def observation_tensor_of(state: State, seat: int | None) -> tuple[float, ...]:
    """`observation_tensor(view(state, seat))`, written straight from the state: the same floats,
    without building the view (the adapters observe a state this way, once a step).

    It reads exactly what the view shows: the hands and the cards about to be laid that the seat
    may see (its own, and young players', MG-15, MG-17), its own face-down cards, its own
    commitment, the others' only once all have committed and then without the card played
    (MG-3), and the public rest.

    Args:
        state: the state of the game.
        seat: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `seat` is neither None nor a seat of this game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3, young_seats=[2]))
        >>> s = mg.apply_action(s, -1, mg.DrawClothing("tie", "blue"))
        >>> observation_tensor_of(s, 1) == observation_tensor(mg.view(s, 1))
        True
    """
    config = state.config
    check_viewer(seat, config.players)
    if config.young_seats:  # as `view` decides who sees which hand
        seats = range(config.players)
        hands = tuple(state.hands[s] if _sees_hand(config, seat, s) else None for s in seats)
        placing = tuple(state.placing[s] if _sees_hand(config, seat, s) else None for s in seats)
    else:  # only the seat's own hand
        hands = _own(state.hands, seat)
        placing = _own(state.placing, seat)
    commitments = state.commitments
    everyone_committed = None not in commitments
    mice = state.mice
    return _encode(
        config,
        seat,
        hands,
        tuple(map(sum, state.hands)),
        sum(state.clothing_pile),
        state.discard,
        state.face_up,
        None if seat is None else state.face_down[seat],
        tuple(map(sum, state.face_down)),
        placing,
        tuple(map(sum, state.placing)),
        state.placers,
        state.placing_mouse,
        mice.unseen,
        mice.bottom,
        state.open_mouse,
        state.caught,
        state.cheese_pile,
        state.open_cheese,
        state.cheeses,
        state.turner,
        None if seat is None else commitments[seat],
        _revealed(commitments, seat) if everyone_committed else None,
        state.landed,
        tuple([c is not None for c in commitments]),
        state.mouse_awards,
        state.cheese_awards,
        state.pending_draws,
        state.cheese_to_turn,
        state.idle,
        state.game_over,
        actors(state),
        _scores(state),
    )


# Scores by what they depend on (MG-14): the mice caught, the clothing in front (face up, face
# down, about to be laid) and the cheeses, all counted in public. Most decisions change none of
# them, and a state carries each unchanged tuple on to the next, so they are found by identity
# (each entry holds its tuples, so that their ids are not reused while it lives).
_SCORES: dict[tuple[int, ...], tuple[tuple[object, ...], tuple[int, ...]]] = {}
_SCORES_SIZE = 1024


def _scores(state: State) -> tuple[int, ...]:
    parts = (state.caught, state.face_up, state.face_down, state.placing, state.cheeses)
    key = tuple(map(id, parts))
    hit = _SCORES.get(key)
    if hit is not None and all(map(operator.is_, hit[0], parts)):
        return hit[1]
    if len(_SCORES) >= _SCORES_SIZE:
        _SCORES.clear()
    result = scores(state)
    _SCORES[key] = (parts, result)
    return result


def _encode(  # noqa: PLR0917 - a view's fields, positional: both paths run it once a step
    config: Config,
    seat: int | None,
    hands: tuple[Counts | None, ...],
    hand_sizes: tuple[int, ...],
    clothing_pile_size: int,
    discard: Counts,
    face_up: tuple[Counts, ...],
    own_face_down: Counts | None,
    face_down_counts: tuple[int, ...],
    placing: tuple[Counts | None, ...],
    placing_counts: tuple[int, ...],
    placers: tuple[int, ...],
    placing_mouse: int | None,
    mice_unseen: Counts,
    mice_bottom: tuple[int, ...],
    open_mouse: int | None,
    caught: tuple[tuple[int, ...], ...],
    cheese_pile: Counts,
    open_cheese: int | None,
    cheeses: tuple[Counts, ...],
    turner: int,
    my_commitment: int | None,
    revealed: tuple[int | None, ...] | None,
    landed: tuple[int | None, ...],
    committed: tuple[bool, ...],
    mouse_awards: tuple[int, ...],
    cheese_awards: tuple[int, ...],
    pending_draws: tuple[int, ...],
    cheese_to_turn: bool,
    idle: int,
    game_over: bool,
    acting: tuple[int, ...],
    scores: tuple[int, ...],
) -> tuple[float, ...]:
    """The tensor from what a view holds (`own_face_down`: the viewer's, None for a spectator):
    one layout for both paths, so that they cannot drift apart."""
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` gave, several times faster (the adapters encode a view per step).
    tables = config.card_set.tables
    n, k, m, c = config.players, len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)
    no_cards = zeros(k)
    out: list[float] = []
    out += one_hot_rows(n + 1)[n if seat is None else seat]
    _cards_per_seat(out, hands, no_cards)
    out += map(float, hand_sizes)
    out.append(float(clothing_pile_size))
    out += public_floats(discard)
    out += public_floats_flat(face_up)
    out += map(float, own_face_down) if own_face_down else no_cards
    out += map(float, face_down_counts)
    _cards_per_seat(out, placing, no_cards)  # MG-17
    out += map(float, placing_counts)
    out += [1.0 if s in placers else 0.0 for s in range(n)] if placers else zeros(n)
    out += one_hot_rows(m + 1)[m if placing_mouse is None else placing_mouse]
    out += public_floats(mice_unseen)
    if mice_bottom:
        under = [0.0] * m
        for place, mouse in enumerate(mice_bottom, start=1):
            under[mouse] = float(place)
        out += under
    else:  # mostly: the shared zeros, not a fresh list
        out += zeros(m)
    out += one_hot_rows(m + 1)[m if open_mouse is None else open_mouse]
    for mice in caught:
        if not mice:
            out += zeros(m)
            continue
        part = [0.0] * m
        for mouse in mice:
            part[mouse] = 1.0
        out += part
    out += public_floats(cheese_pile)
    out += one_hot_rows(c + 1)[c if open_cheese is None else open_cheese]
    out += public_floats_flat(cheeses)
    out += one_hot_rows(n)[turner]
    commitments = one_hot_rows(k + 4)
    out += commitments[_commitment(my_commitment)]
    if revealed is None:
        out += commitments[0] * n
    else:
        for code in revealed:
            out += commitments[_commitment(code)]
    for code in landed:
        out += commitments[_commitment(code)]
    out += [1.0 if x else 0.0 for x in committed]
    for owed in (mouse_awards, cheese_awards, pending_draws):
        out += [float(owed.count(s)) for s in range(n)] if owed else zeros(n)
    out.append(1.0 if cheese_to_turn else 0.0)
    out.append(float(idle))
    out.append(1.0 if game_over else 0.0)
    out += actor_flags(acting, n)
    out += map(float, scores)
    return tuple(out)
