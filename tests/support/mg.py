"""Mausgeflippt positions for ruling tests: a race set up by hand, consistent in every count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import Pile
from tablefeast.kernel.values import replace

CARDS = mg.DEFAULT_CARDS
T = CARDS.tables
# The first mice of the default set, as the tests use them:
# M01 wears hat/red, ring/yellow, scarf/brown and shows emmental;
# M02 wears cap/green, dress/red, scarf/green and shows gouda;
# M05 wears shoes/yellow, tie/blue, trousers/brown and shows gouda.

SMALL = {
    "clothing": [
        {"kind": "hat", "colour": "red", "count": 3},
        {"kind": "hat", "colour": "blue", "count": 2},
        {"kind": "scarf", "colour": "red", "count": 4},
    ],
    "cheeses": [{"cheese": "brie", "count": 2}, {"cheese": "feta", "count": 1}],
    "mice": [
        {"id": "A", "wears": [{"kind": "hat", "colour": "red"}], "cheese": "brie"},
        {"id": "B", "wears": [{"kind": "scarf", "colour": "red"}], "cheese": "feta"},
        {
            "id": "C",
            "wears": [{"kind": "hat", "colour": "blue"}, {"kind": "scarf", "colour": "red"}],
            "cheese": "brie",
        },
    ],
}
"""A tiny card set (JSON data): too few clothing cards for five hands, so reshuffles (MG-11), the
stack running out and mice owed (MG-8) come up at once."""
CONFIGS = (
    mg.Config(players=2),
    mg.Config(players=3, young_seats=(1,), tie_probability="1/5"),
    mg.Config(players=4, speed_weights=(3, 1, 1, 2), tie_probability="1/3", first_turner=2),
    mg.Config(players=6, young_seats=(0, 5), tie_probability=1),
    mg.Config(players=5, cards=SMALL, tie_probability="1/2"),
)
"""The configs of the random games the views and tampering tests start from."""


def item(name: str) -> int:
    kind, colour = name.split("/")
    return T.item_index[mg.Item(kind, colour)]


def counts(names: Sequence[str]) -> tuple[int, ...]:
    out = [0] * len(T.items)
    for name in names:
        out[item(name)] += 1
    return tuple(out)


def play(name: str) -> mg.Play:
    kind, colour = name.split("/")
    return mg.Play(kind, colour)


def table(
    players: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    mouse: str = "M01",
    cheese: str = "gouda",
    turner: int = 0,
    face_down: Mapping[int, Sequence[str]] | None = None,
    bottom: Sequence[str] = (),
    stack: Sequence[str] | None = None,
    cheeses_left: Mapping[str, int] | None = None,
    discard: Sequence[str] = (),
    **options: object,
) -> mg.State:
    """A race about to be committed: `mouse` open, `cheese` face up, the hands given (other
    seats empty-handed), the rest of the clothing in the draw pile.

    `stack` lists the mice still unseen (default: all but the open mouse and `bottom`);
    `cheeses_left` the face-down cheeses (default: all but the face-up one); mice and cheeses
    not placed otherwise are given to the last seat, so that everything is conserved.
    """
    config = mg.Config(players=players, **options)  # type: ignore[arg-type]
    hands = hands or {}
    face_down = face_down or {}
    state = mg.initial_state(config)
    hand_counts = tuple(counts(hands.get(s, ())) for s in range(players))
    down = tuple(counts(face_down.get(s, ())) for s in range(players))
    used = [sum(x) for x in zip(*hand_counts, *down, counts(discard), strict=True)]
    pile = tuple(c - u for c, u in zip(T.clothing_counts, used, strict=True))
    assert min(pile) >= 0, "more copies of a card than the set has"
    open_mouse = T.mouse_index[mouse]
    under = tuple(T.mouse_index[m] for m in bottom)
    if stack is None:
        unseen_ids = [i for i in range(len(T.mouse_ids)) if i != open_mouse and i not in under]
    else:
        unseen_ids = [T.mouse_index[m] for m in stack]
    unseen = tuple(int(i in unseen_ids) for i in range(len(T.mouse_ids)))
    elsewhere = [
        i for i in range(len(T.mouse_ids)) if i != open_mouse and i not in under and not unseen[i]
    ]
    caught = [()] * players
    caught[-1] = tuple(elsewhere)
    face_up_cheese = T.cheese_index[cheese]
    if cheeses_left is None:
        cheese_pile = list(T.cheese_counts)
        cheese_pile[face_up_cheese] -= 1
    else:
        cheese_pile = [cheeses_left.get(name, 0) for name in T.cheese_names]
    taken = [0] * len(T.cheese_names)
    for i, total in enumerate(T.cheese_counts):
        taken[i] = total - cheese_pile[i] - (i == face_up_cheese)
    no_cheese = (0,) * len(T.cheese_names)
    cheeses = [no_cheese] * players
    cheeses[-1] = tuple(taken)
    built = replace(
        state,
        hands=hand_counts,
        face_down=down,
        clothing_pile=pile,
        discard=counts(discard),
        mice=Pile(unseen, under),
        open_mouse=open_mouse,
        caught=tuple(caught),
        cheese_pile=tuple(cheese_pile),
        open_cheese=face_up_cheese,
        cheeses=tuple(cheeses),
        turner=turner,
        pending_draws=(),
        cheese_to_turn=False,
        racing=True,
    )
    assert mg.check_state(built) == [], mg.check_state(built)
    return built


def race(state: mg.State, choices: Mapping[int, mg.Action]) -> mg.State:
    """Every seat commits; seats not named pass."""
    for seat in range(state.config.players):
        state = mg.apply_action(state, seat, choices.get(seat, mg.Pass()))
    return state


def chance(state: mg.State, text: str) -> mg.State:
    """Apply a chance outcome written in notation."""
    assert mg.actors(state) == (CHANCE,)
    return mg.apply_action(state, CHANCE, mg.action_from_str(state, CHANCE, text))
