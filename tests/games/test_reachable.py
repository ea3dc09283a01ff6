"""Every effect type, view field and observation tensor slot of each library game is reached in
seeded play (issue 48, item 5: a dual engine that cannot drift). A ruling change that leaves an
effect never emitted, a view field never set or a tensor slot never written fails here, unless it
is named in the game's short exemption table with the rule that makes it unreachable (as
`NOT_IN_THE_CORE` does for the ruling coverage); a leftover that no rule reaches is removed, not
exempted (Food Chain's per-kind `removed` became `fleas_out` when FC-8 let only Fleas leave).

The games are seeded (`PLANS`): random seats, the game's heuristic, or every seat playing its
first legal move, over every table size and the config options that open rare paths; the time is
bounded by the number of games, never by the machine's speed. Each plan reaches everything it is
needed for with half its seeds (checked when it was written), so a small change of play does
not fail the test by chance.

An effect is reached when a step's traced effects hold one of its type; a view field when it takes
two different values over the views seen (every seat's and the spectator's, at every step); a
tensor slot when it is non-zero in one of those views' tensors. Parts whose slots tell apart
items of the card data (which plate, Meal, clothing item or mouse) are reached when one of their
slots is (`SLOTS_GROUPED`)."""

from __future__ import annotations

import inspect
import random
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache
from typing import Any

import attrs
import pytest

import tablefeast
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect

GAMES = ("schlacht_am_buffet", "mausgeflippt", "food_chain", "all_you_can_eat_buffet")

Plan = list[tuple[dict[str, Any], range, str]]

SIZES = {
    "schlacht_am_buffet": (3, 4, 5, 6),
    "mausgeflippt": (2, 3, 4, 5, 6),
    "food_chain": (3, 4, 5, 6),
    "all_you_can_eat_buffet": (3, 4, 5, 6),
}

_CARDS = tablefeast.load("mausgeflippt").Config(players=3).card_set
MORE_CHEESE = attrs.evolve(
    _CARDS, cheeses=tuple(attrs.evolve(c, count=6 * c.count) for c in _CARDS.cheeses)
)
"""Mausgeflippt's card set with six times the cheeses (MG-0: a card set of its own): games play
on to the last mice."""

PLANS: dict[str, Plan] = {
    "schlacht_am_buffet": [
        *(({"players": p}, range(45), "mixed") for p in SIZES["schlacht_am_buffet"]),
        # SAB-10: everyone plays the lowest card, mice tie at the back and nobody drops out
        # (SAB-6), so hands run out and are refilled.
        *(({"players": p}, range(5), "first") for p in SIZES["schlacht_am_buffet"]),
    ],
    "mausgeflippt": [
        *(({"players": p}, range(20), "mixed") for p in SIZES["mausgeflippt"]),
        # MG-8: two claims right at once (a tie among the fastest) owe a mouse or a cheese.
        *(
            ({"players": p, "tie_probability": Fraction(1, 2)}, range(100, 120), "mixed")
            for p in SIZES["mausgeflippt"]
        ),
        # MG-7 with MG-8: several claim a protected mouse at once (the heuristic would pass).
        *(
            ({"players": p, "tie_probability": Fraction(1, 2)}, range(200, 220), "random")
            for p in SIZES["mausgeflippt"]
        ),
        # MG-13: races in which everybody passes (the heuristic passes where it cannot claim).
        *(({"players": p}, range(300, 310), "heuristic") for p in SIZES["mausgeflippt"]),
        # MG-8 with MG-12: a mouse owed when the stack is empty. The cheeses usually run out
        # first, so a card set with six times the cheeses (MG-0) plays on to the last mice.
        *(
            (
                {"players": p, "tie_probability": Fraction(1, 2), "cards": MORE_CHEESE},
                range(10),
                a,
            )
            for p in (3, 4)
            for a in ("random", "mixed")
        ),
    ],
    "food_chain": [({"players": p}, range(25), "mixed") for p in SIZES["food_chain"]],
    "all_you_can_eat_buffet": [
        ({"players": p}, range(60), "mixed") for p in SIZES["all_you_can_eat_buffet"]
    ],
}
"""The seeded games each game's survey plays: (config options, seeds, agents: "mixed" (half the
seats play the game's heuristic, half at random), "random", "heuristic" or "first" (every seat
plays its first legal action))."""


# The exemptions: effects by name, view fields by name, tensor slots by a function of the config
# giving {slot: reason}. Each entry names the rule that makes the thing unreachable; a slot that
# a one-hot or a count needs for its shape is kept, a leftover is removed.

EFFECTS_EXEMPT: dict[str, dict[str, str]] = {game: {} for game in GAMES}
FIELDS_EXEMPT: dict[str, dict[str, str]] = {game: {} for game in GAMES}


def _food_chain_slots(config: Any) -> dict[int, str]:
    n, kinds = config.players, 5
    flea, worm = 4, 0
    # The layout of food_chain/observation.py, part by part.
    parts = [
        ("viewer", n + 1),
        ("commitment", kinds + 1),
        ("committed", n),
        ("round", 1),
        ("pass", 1),
        ("alpha", n),
        ("hands", n * kinds),
        ("played", n * (kinds + 1)),
        ("stacks", n * kinds),
        ("taken", n),
        ("snatching", kinds + 1),
        ("taker", n + 1),
        ("centre", kinds),
        ("piles", n * kinds),
        ("fleas_out", 1),
        ("totals", n),
        ("game_over", 1),
        ("acting", n + 1),
        ("scores", n),
    ]
    at = _offsets(parts)
    size = tablefeast.load("food_chain").CAPABILITIES.observation_size
    assert size is not None and sum(n for _, n in parts) == size(config), "the layout changed"
    slots = {
        at["stacks"] + s * kinds + flea: "a stack holds prey, and nothing takes a Flea (FC-4)"
        for s in range(n)
    }
    slots[at["snatching"] + worm] = "a Worm takes nothing (FC-4)"
    slots[at["centre"] + flea] = (
        "a Flea that took nothing leaves the round, never to the centre (FC-8)"
    )
    slots[at["acting"] + n] = "Food Chain has no chance nodes"
    return slots


def _all_you_can_eat_buffet_parts(config: Any) -> dict[str, int]:
    from tablefeast.games.all_you_can_eat_buffet.actions import MOODS
    from tablefeast.games.all_you_can_eat_buffet.observation import LINE_SLOTS
    from tablefeast.games.all_you_can_eat_buffet.state import STAGES

    n, k, m = config.players, len(MOODS), len(config.card_lists.tables.names)
    # The layout of all_you_can_eat_buffet/observation.py, up to the discard pile.
    return _offsets(
        [
            ("viewer", n + 1),
            ("stage", len(STAGES)),
            ("round", 1),
            ("first", n),
            ("hand", k),
            ("deck", k),
            ("hand_sizes", n),
            ("deck_sizes", n),
            ("used", n * k),
            ("commitment", k + 1),
            ("committed", 4 * n),
            ("revealed", n * (k + 1)),
            ("unseen", m),
            ("line", LINE_SLOTS * (m + 3)),
            ("collections", n * m),
            ("secrets", n),
            ("discard", m),
        ]
    )


def _all_you_can_eat_buffet_slots(config: Any) -> dict[int, str]:
    from tablefeast.games.all_you_can_eat_buffet.observation import LINE_SLOTS

    n, m = config.players, len(config.card_lists.tables.names)
    at = _all_you_can_eat_buffet_parts(config)
    # A line slot is (a one-hot over the Meals and "empty", Spice tokens, secret card); the slots
    # past this table's line size only ever hold "empty".
    slots = {
        at["line"] + slot * (m + 3) + i: f"the line has {config.line_size} Meals at {n} players"
        for slot in range(config.line_size, LINE_SLOTS)
        for i in (*range(m), m + 1, m + 2)
    }
    last = at["line"] + (config.line_size - 1) * (m + 3) + m + 1
    slots[last] = (
        "Spice lies on the 2nd and 3rd Meal (AYC-3) and only a Trickster moves it, in the step "
        "that also collects the first Meal: no view shows a full line with Spice at its end"
    )
    return slots


def _mausgeflippt_parts(config: Any) -> dict[str, int]:
    tables = config.card_set.tables
    n, k, m, c = config.players, len(tables.items), len(tables.mouse_ids), len(tables.cheese_names)
    # The layout of mausgeflippt/observation.py, part by part.
    return _offsets(
        [
            ("viewer", n + 1),
            ("hands", n * (k + 1)),
            ("hand_sizes", n),
            ("clothing_pile", 1),
            ("discard", k),
            ("face_up", n * k),
            ("own_face_down", k),
            ("face_down_counts", n),
            ("placing", n * (k + 1)),
            ("placing_counts", n),
            ("placers", n),
            ("placing_mouse", m + 1),
            ("mice_unseen", m),
            ("mice_bottom", m),
            ("open_mouse", m + 1),
            ("caught", n * m),
            ("cheese_pile", c),
            ("open_cheese", c + 1),
            ("cheeses", n * c),
            ("turner", n),
            ("commitment", k + 4),
            ("revealed", n * (k + 4)),
            ("landed", n * (k + 4)),
            ("committed", n),
        ]
    )


def _mausgeflippt_slots(config: Any) -> dict[int, str]:
    n, k = config.players, len(config.card_set.tables.items)
    at = _mausgeflippt_parts(config)
    pass_, played = 1, 3  # the commitment one-hot: none, pass, flip, a card not seen, items
    slots = {at["commitment"] + played: "the viewer always sees its own commitment"}
    for s in range(n):
        landed = at["landed"] + s * (k + 4)
        slots[landed + pass_] = "a pass puts nothing on the mouse (MG-3)"
        slots[landed + played] = "what landed on the mouse is shown to all (MG-3)"
        if n == 2:
            slots[at["revealed"] + s * (k + 4) + pass_] = (
                "at 2 players a race with a pass has one claimant at most: no chance of who was "
                "fastest follows, so no view shows the commitments revealed (MG-3)"
            )
    return slots


def _mausgeflippt_groups(config: Any) -> dict[str, range]:
    tables = config.card_set.tables
    n, k, m = config.players, len(tables.items), len(tables.mouse_ids)
    at = _mausgeflippt_parts(config)
    # Which clothing item lies face up or face down, or is laid after a wrong flip (MG-17, rare),
    # and which mouse a seat caught or those cards match, is the card data's, not a rule's: each
    # such part needs one of its slots written.
    groups = {"own_face_down": range(at["own_face_down"], at["own_face_down"] + k)}
    groups["placing_mouse"] = range(at["placing_mouse"], at["placing_mouse"] + m)
    for s in range(n):
        groups[f"face_up[{s}]"] = range(at["face_up"] + s * k, at["face_up"] + (s + 1) * k)
        groups[f"caught[{s}]"] = range(at["caught"] + s * m, at["caught"] + (s + 1) * m)
        first = at["placing"] + s * (k + 1) + 1  # after the flag: the seat's cards are seen
        groups[f"placing[{s}] items"] = range(first, first + k)
    return groups


SLOTS_EXEMPT: dict[str, Callable[[Any], dict[int, str]]] = {
    "schlacht_am_buffet": lambda config: {},
    "mausgeflippt": _mausgeflippt_slots,
    "food_chain": _food_chain_slots,
    "all_you_can_eat_buffet": _all_you_can_eat_buffet_slots,
}


def _all_you_can_eat_buffet_groups(config: Any) -> dict[str, range]:
    n, m = config.players, len(config.card_lists.tables.names)
    at = _all_you_can_eat_buffet_parts(config)
    # Which Meal a seat collected or the line discarded is the card list's, not a rule's.
    groups = {"discard": range(at["discard"], at["discard"] + m)}
    for s in range(n):
        first = at["collections"] + s * m
        groups[f"collections[{s}]"] = range(first, first + m)
    return groups


def _schlacht_am_buffet_groups(config: Any) -> dict[str, range]:
    from tablefeast.games.schlacht_am_buffet.components import NUM_CARD_TYPES, PLATES

    n, plates = config.players, len(PLATES)
    # The layout of schlacht_am_buffet/observation.py up to the plates won.
    at = _offsets(
        [
            ("viewer", n + 1),
            ("hand", NUM_CARD_TYPES),
            ("commitment", NUM_CARD_TYPES + 1),
            ("hand_sizes", n),
            ("committed", n),
            ("draw_pile", 1),
            ("discard", NUM_CARD_TYPES),
            ("supply", plates),
            ("buffet", plates),
            ("won", n * plates),
        ]
    )
    # Which plate a seat wins is the plates' data, not a rule: each seat's flags need one written.
    return {
        f"plates won[{s}]": range(at["won"] + s * plates, at["won"] + (s + 1) * plates)
        for s in range(n)
    }


SLOTS_GROUPED: dict[str, Callable[[Any], dict[str, range]]] = {
    "schlacht_am_buffet": _schlacht_am_buffet_groups,
    "all_you_can_eat_buffet": _all_you_can_eat_buffet_groups,
    "mausgeflippt": _mausgeflippt_groups,
}
"""Parts whose slots tell apart items of the card data, not rules: one written slot reaches the
part (a part no rule writes any more still fails)."""


def _offsets(parts: Iterable[tuple[str, int]]) -> dict[str, int]:
    at, offset = {}, 0
    for name, size in parts:
        at[name] = offset
        offset += size
    return at


@attrs.frozen
class Survey:
    effects: frozenset[str]
    """The effect types never emitted."""
    fields: frozenset[str]
    """The view fields that never took two values."""
    slots: dict[int, frozenset[int]]
    """Per table size, the tensor slots never non-zero."""


def effect_types(game: Any) -> frozenset[str]:
    """Every Effect class the game's effects module defines."""
    module = sys.modules[f"{game.__name__}.effects"]
    return frozenset(
        cls.__name__
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if cls.__module__ == module.__name__ and issubclass(cls, Effect) and cls is not Effect
    )


@cache
def survey(name: str) -> Survey:
    game = tablefeast.load(name)
    caps = game.CAPABILITIES
    size, tensor, traced = caps.observation_size, caps.observation_tensor, caps.apply_traced
    assert size is not None and tensor is not None and traced is not None
    heuristic = HeuristicAgent()
    seen: set[str] = set()
    values: dict[str, Any] = {}
    varied: set[str] = set()
    hit: dict[int, list[bool]] = {}
    for options, seeds, agents in PLANS[name]:
        config = game.Config(**options)
        # A card set of its own changes the tensor's layout: its views count for effects and
        # fields only.
        nonzero = (
            [False] * size(config)
            if "cards" in options
            else hit.setdefault(config.players, [False] * size(config))
        )
        viewers = (None, *range(config.players))
        for seed in seeds:
            rng = random.Random(seed)
            state = game.initial_state(config)
            while True:
                for viewer in viewers:
                    view = game.view(state, viewer)
                    for field in attrs.fields(type(view)):
                        if field.name not in varied:
                            value = getattr(view, field.name)
                            if values.setdefault(field.name, value) != value:
                                varied.add(field.name)
                    for i, x in enumerate(tensor(view)):
                        if x:
                            nonzero[i] = True
                if game.is_terminal(state):
                    break
                acting = game.actors(state)
                seat = acting[rng.randrange(len(acting))]
                if seat == CHANCE:
                    action = game.chance_distribution(state).sample(rng)
                else:
                    legal = game.legal_actions(state, seat)
                    if agents == "first":
                        action = legal[0]
                    elif agents == "heuristic" or (agents == "mixed" and (seat + seed) % 2):
                        action = heuristic.act(game, game.view(state, seat), legal, rng)
                    else:
                        action = rng.choice(legal)
                state, effects = traced(state, seat, action)
                seen.update(type(effect).__name__ for effect in effects)
    view_type = type(game.view(game.initial_state(game.Config(**PLANS[name][0][0])), None))
    return Survey(
        effects=effect_types(game) - seen,
        fields=frozenset(f.name for f in attrs.fields(view_type)) - varied,
        slots={p: frozenset(i for i, x in enumerate(h) if not x) for p, h in hit.items()},
    )


@pytest.mark.parametrize("name", GAMES)
def test_every_effect_type_is_emitted(name: str) -> None:
    result = survey(name)
    exempt = set(EFFECTS_EXEMPT[name])
    assert exempt <= effect_types(tablefeast.load(name)), "an exempt effect no longer exists"
    assert result.effects - exempt == set(), (
        f"effects never emitted: {sorted(result.effects - exempt)}"
    )
    assert not exempt - result.effects, f"exempt but emitted: {sorted(exempt - result.effects)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_view_field_changes(name: str) -> None:
    result = survey(name)
    exempt = set(FIELDS_EXEMPT[name])
    assert result.fields - exempt == set(), (
        f"view fields never set: {sorted(result.fields - exempt)}"
    )
    assert not exempt - result.fields, f"exempt but set: {sorted(exempt - result.fields)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_tensor_slot_is_written(name: str) -> None:
    game = tablefeast.load(name)
    result = survey(name)
    assert set(result.slots) == set(game.CAPABILITIES.players), "every table size is played"
    for players, dead in sorted(result.slots.items()):
        config = game.Config(players=players)
        exempt = SLOTS_EXEMPT[name](config)
        for part, slots in SLOTS_GROUPED.get(name, lambda config: {})(config).items():
            assert not set(slots) <= dead, f"{players} players: no slot of {part} written"
            dead -= set(slots)
        assert dead - set(exempt) == set(), (
            f"{players} players: slots never written: {sorted(dead - set(exempt))}"
        )
        written = set(exempt) - dead
        assert not written, f"{players} players: exempt but written: {sorted(written)}"
