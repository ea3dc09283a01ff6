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

`observation_tensor_of(state, seat)` is the same tensor written straight from the state, with no
`View` in between (the adapters' path: one per step). It reads only what `view(state, seat)`
shows, in the same way; a test checks the two equal, float for float, on many states and every
seat.
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.schlacht_am_buffet.components import NUM_CARD_TYPES, PLATES, Plate
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.rules import actors
from tablefeast.games.schlacht_am_buffet.state import State, initial_state
from tablefeast.games.schlacht_am_buffet.view import View, _scores, view
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.tensor import actor_flags, one_hot_rows, public_floats, zeros

__all__ = ["observation_size", "observation_tensor", "observation_tensor_of"]

_COMMITMENTS = one_hot_rows(12)  # the 11 card values, then "none"
_PLATE_SLOTS = len(PLATES)


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
    hand = None
    if seen.hand is not None:
        hand = counts_from_cards((card + 1 for card in seen.hand), NUM_CARD_TYPES)
    return _encode(
        seen.config.players,
        seen.seat,
        hand,
        seen.my_commitment,
        seen.hand_sizes,
        seen.committed,
        seen.draw_pile_size,
        seen.discard,
        seen.supply,
        seen.buffet,
        seen.plates_won,
        seen.positions,
        seen.racing,
        seen.start_player,
        seen.round,
        seen.part,
        seen.exchanger,
        len(seen.pending_draws),
        seen.to_reveal,
        seen.game_over,
        seen.actors,
        seen.scores,
    )


def observation_tensor_of(state: State, seat: int | None) -> tuple[float, ...]:
    """`observation_tensor(view(state, seat))`, written straight from the state: the same floats,
    without building the view (the adapters observe a state this way, once a step).

    It reads exactly what the view shows: the seat's own hand and commitment, and the public
    rest (hand sizes, who has committed, the pile sizes, ...); never another seat's cards.

    Args:
        state: the state of the game.
        seat: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `seat` is neither None nor a seat of this game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.apply_action(sab.initial_state(sab.Config(players=3)), -1, sab.DrawCard(7))
        >>> observation_tensor_of(s, 1) == observation_tensor(sab.view(s, 1))
        True
    """
    check_viewer(seat, state.config.players)
    hands = state.hands
    return _encode(
        state.config.players,
        seat,
        hands[seat] if seat is not None else None,
        state.commitments[seat] if seat is not None else None,
        tuple(map(sum, hands)),
        tuple([c is not None for c in state.commitments]),  # who, never what (SAB-5)
        sum(state.draw_pile),
        state.discard,
        state.supply,
        state.buffet,
        state.plates_won,
        state.positions,
        state.racing,
        state.start_player,
        state.round,
        state.part,
        state.exchanger,
        len(state.pending_draws),
        state.to_reveal,
        state.game_over,
        actors(state),
        _scores(state),
    )


def _encode(  # noqa: PLR0917 - a view's fields, positional: both paths run it once a step
    n: int,
    seat: int | None,
    hand: tuple[int, ...] | None,
    commitment: int | None,
    hand_sizes: tuple[int, ...],
    committed: tuple[bool, ...],
    draw_pile_size: int,
    discard: tuple[int, ...],
    supply: tuple[int, ...],
    buffet: tuple[Plate, ...],
    plates_won: tuple[tuple[Plate, ...], ...],
    positions: tuple[int, ...],
    racing: tuple[int, ...],
    start_player: int,
    round_number: int,
    part_number: int,
    exchanger: int | None,
    draws_owed: int,
    to_reveal: int,
    game_over: bool,
    acting: tuple[int, ...],
    scores: tuple[int, ...],
) -> tuple[float, ...]:
    """The tensor from what a view holds (`hand`: the viewer's counts, None for a spectator):
    one layout for both paths, so that they cannot drift apart."""
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` would give, several times faster (the adapters encode a view per step).
    seats, seats_or_none = one_hot_rows(n), one_hot_rows(n + 1)
    out: list[float] = []
    out += seats_or_none[n if seat is None else seat]
    out += zeros(NUM_CARD_TYPES) if hand is None else map(float, hand)
    out += _COMMITMENTS[11 if commitment is None else commitment + 1]
    out += map(float, hand_sizes)
    out += [1.0 if x else 0.0 for x in committed]
    out.append(float(draw_pile_size))
    out += public_floats(discard)
    out += _plates(supply, buffet, plates_won)
    out += map(float, positions)
    part = [0.0] * n
    for racer in racing:
        part[racer] = 1.0
    out += part
    out += seats[start_player]
    out += (float(round_number), float(part_number))
    out += seats_or_none[n if exchanger is None else exchanger]
    out += (float(draws_owed), float(to_reveal))
    out.append(1.0 if game_over else 0.0)
    out += actor_flags(acting, n)
    out += map(float, scores)
    return tuple(out)


# The plates parts by the supply, buffet and plates won they encode, all public: the same tuples
# are carried from state to state until a plate is revealed or won, so they are found by
# identity (each entry holds its tuples, so their ids are not reused while it lives).
_PLATES_PARTS: dict[tuple[int, int, int], tuple[object, object, object, tuple[float, ...]]] = {}
_PLATES_PARTS_SIZE = 1024


def _plates(
    supply: tuple[int, ...], buffet: tuple[Plate, ...], won: tuple[tuple[Plate, ...], ...]
) -> tuple[float, ...]:
    key = (id(supply), id(buffet), id(won))
    hit = _PLATES_PARTS.get(key)
    if hit is not None and hit[0] is supply and hit[1] is buffet and hit[2] is won:
        return hit[3]
    out: list[float] = list(map(float, supply))
    for plates in (buffet, *won):
        part = [0.0] * _PLATE_SLOTS
        for plate in plates:
            part[plate.rank] = 1.0
        out += part
    if len(_PLATES_PARTS) >= _PLATES_PARTS_SIZE:
        _PLATES_PARTS.clear()
    encoded = tuple(out)
    _PLATES_PARTS[key] = (supply, buffet, won, encoded)
    return encoded
