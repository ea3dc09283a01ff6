"""The observation encoders as first written, kept as the definition the fast encoders must match.

The games' `observation_tensor` functions were rewritten for speed (issue 19): shared one-hot rows,
one list extended in place. These are the original, slot-by-slot encoders, word for word but for
sharing one `Features` class (the original one, too); `test_adapter_speed_paths` checks that
the fast ones give exactly the same tensors on many random views.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.state import STAGES
from tablefeast.games.schlacht_am_buffet.components import NUM_CARD_TYPES, PLATES
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import counts_from_cards

__all__ = ["ENCODERS"]

KINDS = 5  # Food Chain's animal kinds
LINE_SLOTS = 7  # All You Can Eat Buffet's longest line


class Features:
    """The original `tablefeast.kernel.tensor.Features`."""

    def __init__(self) -> None:
        self._values: list[float] = []

    def one_hot(self, index: int | None, size: int) -> None:
        part = [0.0] * size
        if index is not None:
            part[index] = 1.0
        self._values.extend(part)

    def values(self, numbers: Iterable[float]) -> None:
        self._values.extend(float(x) for x in numbers)

    def flags(self, flags: Iterable[bool]) -> None:
        self._values.extend(1.0 if x else 0.0 for x in flags)

    def members(self, members: Iterable[int], size: int) -> None:
        part = [0.0] * size
        for m in members:
            part[m] = 1.0
        self._values.extend(part)

    def tensor(self) -> tuple[float, ...]:
        return tuple(self._values)


def _sab(seen: Any) -> tuple[float, ...]:
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


def _mg_commitment(f: Features, code: int | None, items: int) -> None:
    # none, pass (-1), flip (-2), a card not seen (-3), then the items
    f.one_hot(0 if code is None else -code if code < 0 else 4 + code, items + 4)


def _mg(seen: Any) -> tuple[float, ...]:
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
    for laying in seen.placing:
        f.flags((laying is not None,))
        f.values(laying or (0,) * k)
    f.values(seen.placing_counts)
    f.flags(seat in seen.placers for seat in range(n))
    f.one_hot(m if seen.placing_mouse is None else seen.placing_mouse, m + 1)
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
    _mg_commitment(f, seen.my_commitment, k)
    for seat in range(n):
        _mg_commitment(f, None if seen.revealed is None else seen.revealed[seat], k)
    for code in seen.landed:
        _mg_commitment(f, code, k)
    f.flags(seen.committed)
    for owed in (seen.mouse_awards, seen.cheese_awards, seen.pending_draws):
        f.values(owed.count(seat) for seat in range(n))
    f.flags((seen.cheese_to_turn,))
    f.values((seen.idle,))
    f.flags((seen.game_over,))
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()


def _fc(seen: Any) -> tuple[float, ...]:
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
    f.values((seen.fleas_out,))
    f.values(seen.totals)
    f.flags((seen.game_over,))
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()


def _ayc(seen: Any) -> tuple[float, ...]:
    config = seen.config
    n, k, m = config.players, len(MOODS), len(config.card_lists.tables.names)
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    f.one_hot(STAGES.index(seen.stage), len(STAGES))
    f.values((seen.round,))
    f.one_hot(seen.first, n)
    f.values(seen.my_hand or (0,) * k)
    f.values(seen.my_deck or (0,) * k)
    f.values(seen.hand_sizes)
    f.values(seen.deck_sizes)
    for used in seen.used:
        f.values(used)
    mine = seen.my_commitment
    f.values(counts_from_cards(mine or (), k))
    f.flags((mine is not None,))
    for committed in seen.committed:
        f.one_hot(0 if committed is None else committed + 1, 4)
    for mood in seen.revealed:
        f.one_hot(k if mood is None else mood, k + 1)
    f.values(seen.unseen_meals)
    for slot in range(LINE_SLOTS):
        if slot < len(seen.line):
            meal, spices, secret = seen.line[slot]
            f.one_hot(meal, m + 1)
            f.values((spices,))
            f.flags((secret,))
        else:
            f.one_hot(m, m + 1)
            f.values((0, 0))
    for collection in seen.collections:
        f.values(collection)
    f.values(seen.secrets)
    f.values(seen.discard)
    f.values(seen.drinks)
    f.values(seen.spices)
    f.values((seen.drink_supply, seen.spice_supply))
    f.one_hot(n if seen.cake is None else seen.cake, n + 1)
    f.values(seen.mood_draws.count(seat) for seat in range(n))
    f.values((seen.to_deal,))
    f.members(seen.reveals, n)
    f.one_hot(seen.queue[0] if seen.queue else n, n + 1)
    f.members(seen.queue[1:], n)
    f.values(seen.secret_reveals.count(seat) for seat in range(n))
    f.values((seen.my_tomatoes or 0,))
    f.flags((seen.my_tomatoes is not None,))
    f.flags(seen.tomatoes_decided)
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()


ENCODERS = {
    "schlacht_am_buffet": _sab,
    "mausgeflippt": _mg,
    "food_chain": _fc,
    "all_you_can_eat_buffet": _ayc,
}
