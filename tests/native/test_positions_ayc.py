"""All You Can Eat Buffet's native core on the rulings' rare positions, which random play from the
deal seldom or never reaches (issue 32): each position is played on to the end on both engines,
which must agree at every step on every legal move (none of which may leave the core's fast path),
and a random playout and a random game from it must draw what the Python loops draw."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast import native
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.values import replace

if not native.available("all_you_can_eat_buffet"):
    pytest.skip("the native cores are not built here", allow_module_level=True)

from tests.support.ayc import T, act, meals, play, table
from tests.support.walk import playout_loop

PURE = tablefeast.load("all_you_can_eat_buffet")


def _native() -> Any:
    return tablefeast.load("all_you_can_eat_buffet", engine="native")


def play_on_both(state: Any, seed: int) -> list[Any]:
    """Play `state` to the end with random moves on both engines, comparing every step and
    every legal move's result; returns the pure states met, for the caller to check that the
    position reached what it is there for."""
    fast = _native()
    players = state.config.players
    pure_state, native_state = state, fast._core.from_engine(state)  # crafted: maybe unchecked
    before = fast.fallbacks()
    rng = random.Random(seed)
    met = []
    while True:
        met.append(pure_state)
        assert fast.to_pure(native_state) == pure_state
        acting = PURE.actors(pure_state)
        assert fast.actors(native_state) == acting
        assert fast.is_terminal(native_state) == PURE.is_terminal(pure_state)
        assert fast.scores(native_state) == PURE.scores(pure_state)
        assert fast.winners(native_state) == PURE.winners(pure_state)
        for seat in (CHANCE, *range(players)):
            legal = PURE.legal_actions(pure_state, seat)
            assert fast.legal_actions(native_state, seat) == legal
        if not acting:
            break
        seat = acting[0]
        legal = PURE.legal_actions(pure_state, seat)
        if seat == CHANCE:
            assert fast.chance_distribution(native_state) == PURE.chance_distribution(pure_state)
        for move in legal:
            after = fast.apply_action(native_state, seat, move)
            assert fast.to_pure(after) == PURE.apply_action(pure_state, seat, move)
        move = legal[rng.randrange(len(legal))]
        pure_state = PURE.apply_action(pure_state, seat, move)
        native_state = fast.apply_action(native_state, seat, move)
    assert fast.fallbacks() == before  # every legal move stayed on the fast path
    for horizon in (None, 0, 2):
        mine, theirs = random.Random(seed), random.Random(seed)
        seat = seed % players
        reached, ended = fast.random_playout(fast._core.from_engine(state), seat, horizon, mine)
        expected, expected_ended = playout_loop(PURE, state, seat, horizon, theirs)
        assert fast.to_pure(reached) == expected and ended == expected_ended
        assert mine.getstate() == theirs.getstate()
    for max_moves in (None, 5):
        mine, theirs = random.Random(seed), random.Random(seed)
        my_seats = [random.Random(f"{seed}/{k}") for k in range(players)]
        their_seats = [random.Random(f"{seed}/{k}") for k in range(players)]
        native_start = fast._core.from_engine(state)
        reached, moves = fast._core.random_game(native_start, mine, my_seats, max_moves)
        expected, expected_moves = _pure_game(state, theirs, their_seats, max_moves)
        assert fast.to_pure(reached) == expected and moves == expected_moves
        assert mine.getstate() == theirs.getstate()
        assert [r.getstate() for r in my_seats] == [r.getstate() for r in their_seats]
    return met


def _pure_game(
    state: Any, chance: random.Random, seats: list[random.Random], max_moves: int | None
) -> tuple[Any, int]:
    """`tablefeast.play_game` with a `RandomAgent` in every seat, written out from `state`."""
    moves = 0
    while max_moves is None or moves < max_moves:
        acting = PURE.actors(state)
        if not acting:
            break
        seat = acting[0]
        if seat == CHANCE:
            move = PURE.chance_distribution(state).sample(chance)
        else:
            legal = PURE.legal_actions(state, seat)
            move = legal[0] if len(legal) == 1 else legal[seats[seat].randrange(len(legal))]
        state = PURE.apply_action(state, seat, move)
        moves += 1
    return state, moves


def test_ayc_4_ayc_14_secret_cards_turned_in_turn_order_at_the_end_on_both_engines() -> None:
    state = table(
        3,
        collections={0: ["Surprise bread"], 2: ["Surprise bread", "Coffee"]},
        secrets={0: 1, 2: 1},
        drinks={2: 2},
        round=10,
        first=2,
        line=["Fish", "Black Forest cake", "Milk", "Rum Banana", "Chocolate cake"],
    )
    turned = 0
    for seed in range(6):
        met = play_on_both(state, seed)
        turned += sum(s.stage == "secrets" for s in met)
    assert turned >= 12  # two secret cards a game, each a chance node (AYC-4)
    # A secret Cake, Coffee or Drink icon takes effect when turned (AYC-14), on both engines.
    fast = _native()
    end = play(state, {})
    assert end.stage == "secrets" and end.secret_reveals == (2, 0)
    for text in ("secret Coffee", "secret Black Forest cake", "secret Rum Banana"):
        outcome = PURE.action_from_str(end, CHANCE, text)
        after = fast.apply_action(fast.from_pure(end), CHANCE, outcome)
        assert fast.to_pure(after) == act(end, CHANCE, text)


def test_ayc_4_a_bread_drawn_last_gets_no_secret_and_ayc_13_a_short_line() -> None:
    base = table(line=["Fish"] * 4)
    unseen = tuple(a - b for a, b in zip(base.meal_deck, meals(["Surprise bread"]), strict=True))
    last = replace(
        base, stage="deal", to_deal=1, meal_deck=meals(["Surprise bread"]), discard=unseen
    )
    assert ayc.check_state(last) == []
    fast = _native()
    drawn = fast.apply_action(fast.from_pure(last), CHANCE, ayc.DrawMeal("Surprise bread"))
    assert fast.to_pure(drawn).line[-1] == (T.index["Surprise bread"], 0, False)
    for seed in range(3):
        play_on_both(last, seed)
    # AYC-13: three Meals owed and one left to draw: the line stays short.
    two = table(line=["Fish"] * 2)
    rest = tuple(a - b for a, b in zip(two.meal_deck, meals(["Steak"]), strict=True))
    short = replace(two, stage="deal", to_deal=3, meal_deck=meals(["Steak"]), discard=rest)
    assert ayc.check_state(short) == []
    for seed in range(3):
        met = play_on_both(short, seed)
        assert len(met[1].line) == 3 and met[1].stage == "play"  # the short line is set


def test_ayc_3_ayc_18_short_supplies_on_both_engines() -> None:
    spices = replace(table(spices={0: 23}), stage="deal", to_deal=3)  # AYC-3: one Spice left
    for seed in range(3):
        met = play_on_both(spices, seed)
        assert [s for _, s, _ in met[3].line] == [0, 1, 0]
    drinks = table(
        hands={s: ["hungry"] * 3 for s in range(4)},
        drinks={0: 0, 1: 0, 2: 17, 3: 17},  # two Drink tokens left in the supply (AYC-18)
        first=2,
        line=["Fish"] * 5,
    )
    for seed in range(3):
        met = play_on_both(drinks, seed)
        assert any(s.drink_supply == 0 for s in met)


def test_ayc_17_certain_reveals_and_ayc_5_reveals_from_the_hand_on_both_engines() -> None:
    state = table(
        3,
        hands={0: ["hungry", "hungry", "slow"], 1: ["jealous", "jealous", "boor"]},
        drinks={0: 3, 1: 5},  # seat 0 commits two cards, seat 1 none (AYC-5)
        line=["Fish"] * 5,
        collections={2: ["Steak", "Surprise bread"]},
        secrets={2: 1},
    )
    for seed in range(4):
        met = play_on_both(state, seed)
        assert met[3].stage == "reveal" and met[3].reveals == (0, 1)


def test_ayc_7_ayc_22_two_boors_and_two_slows_skip_on_both_engines() -> None:
    state = table(
        hands={
            0: ["boor", "hungry", "hungry"],
            1: ["boor", "jealous", "hungry"],
            2: ["slow", "trickster", "hungry"],
            3: ["slow", "very-hungry", "hungry"],
        },
        line=["Fish", "Steak", "Chicken", "Apple", "Pear"],
    )
    skipped = play(state, {0: "boor", 1: "boor", 2: "slow", 3: "slow"})
    assert not any(map(any, skipped.collections))  # all four skip (AYC-7)
    for seed in range(4):
        play_on_both(state, seed)
        play_on_both(play(state, {0: "boor", 1: "boor", 2: "slow", 3: "very-hungry"}), seed)


def test_ayc_8_ayc_16_ayc_21_steals_and_what_collecting_brings_on_both_engines() -> None:
    state = table(
        hands={
            0: ["jealous", "jealous", "hungry"],
            1: ["very-hungry", "trickster", "boor"],
            2: ["trickster", "slow", "jealous"],
            3: ["jealous", "boor", "very-hungry"],
        },
        collections={
            1: ["Surprise bread", "Steak", "Black Forest cake"],
            2: ["Coffee", "Chocolate cake", "Surprise bread"],
        },
        secrets={1: 1, 2: 1},
        drinks={0: 4, 1: 1},
        cake=2,
        line=["Coffee", ("Rum Banana", 1), ("Cream cake", 1), "Coffee", "Lemon"],
    )
    jealous = play(state, {0: "jealous jealous", 1: "very-hungry", 2: "trickster", 3: "jealous"})
    bread = ayc.Steal(1, "Surprise bread")  # with its secret card (AYC-21)
    for seed in range(4):
        met = play_on_both(jealous, seed)
        assert any(bread in PURE.legal_actions(s, s.queue[0]) for s in met if s.stage == "resolve")
        play_on_both(state, seed)


def test_ayc_19_every_choice_of_a_boor_a_trickster_and_a_very_hungry_on_both_engines() -> None:
    state = table(
        hands={
            0: ["boor", "hungry", "hungry"],
            1: ["trickster", "hungry", "hungry"],
            2: ["very-hungry", "hungry", "hungry"],
            3: ["jealous", "hungry", "hungry"],
        },
        collections={0: ["Fish"], 1: ["Garlic", "Garlic"], 2: ["Tomato"]},
        line=["Fish", ("Steak", 1), ("Coffee", 1), "Milk", "Rum Banana"],
    )
    state = play(state, {0: "boor", 1: "trickster", 2: "very-hungry", 3: "jealous"})
    for seed in range(4):
        met = play_on_both(state, seed)
        assert [s.queue[0] for s in met if s.stage == "resolve"][:4] == [0, 1, 2, 3]
    boor = play(table(hands={0: ["boor", "hungry", "hungry"]}, line=["Fish"]), {0: "boor"})
    jealous = ["jealous", "hungry", "hungry"]  # with nothing collected, a Jealous does nothing
    hands = {0: ["trickster", "hungry", "hungry"], 1: jealous, 2: jealous, 3: jealous}
    trickster = play(
        table(hands=hands, line=["Fish"]),
        {0: "trickster", 1: "jealous", 2: "jealous", 3: "jealous"},
    )
    assert PURE.actors(boor) == (0,) and trickster.stage == "deal"
    for seed in range(2):
        play_on_both(boor, seed)  # a Boor facing one Meal still chooses
        play_on_both(trickster, seed)  # a Trickster facing one Meal collects none


def test_ayc_10_tomatoes_decided_at_the_end_on_both_engines() -> None:
    state = table(
        3,
        collections={0: ["Tomato", "Tomato", "Carrot"], 1: ["Tomato", "Pumpkin"]},
        round=10,
        line=["Fish", "Tomato", "Broccoli", "Apple", "Pear"],
    )
    for seed in range(6):
        met = play_on_both(state, seed)
        assert met[-1].stage == "over" and any(s.stage == "tomatoes" for s in met)


@pytest.mark.parametrize(
    ("collections", "tokens"),
    [
        # AYC-11: the rulebook's scoring example, Blue beside Red and Green.
        (
            {
                0: [
                    *("Cream cake", "Cream cake", "Sausage", "Steak", "Carrot", "Broccoli"),
                    *("Broccoli", "Fish", "Fish", "Banana", "Rum Banana"),
                ],
                1: ["Carrot", "Carrot", "Pumpkin"],
                2: ["Fish", "Fish", "Fish"],
            },
            {"drinks": {0: 3}, "spices": {0: 6}},
        ),
        # Milk caps at 8 (the ruling of AYC-11), Lemon doubles, Parsley turns Garlic, Ketchup.
        (
            {0: ["Milk", "Lemon", "Garlic", "Garlic", "Parsley"], 1: ["Sausage", "Ketchup"]},
            {"drinks": {0: 2, 1: 4}, "spices": {0: 9, 1: 6}},
        ),
        # AYC-12: a tie on points, the Drink tokens decide, or a shared win.
        ({0: ["Steak"], 1: ["Chicken"], 2: ["Chicken"]}, {"drinks": {1: 1, 2: 1}}),
        ({0: ["Fish"], 1: ["Fish"], 2: ["Spoiled food", "Apple", "Pear"]}, {}),
    ],
)
def test_ayc_11_ayc_12_ayc_20_scores_and_winners_on_both_engines(
    collections: dict[int, list[str]], tokens: dict[str, dict[int, int]]
) -> None:
    fast = _native()
    options: dict[str, Any] = {"cake": 0, "check": False, **tokens}  # check: no Cake tile rule
    state = table(3, collections=collections, **options)
    over = replace(state, stage="over", round=10)
    for position in (state, over):
        native_state = fast._core.from_engine(position)
        assert fast.scores(native_state) == PURE.scores(position)
        assert fast.winners(native_state) == PURE.winners(position)
    assert len(set(PURE.scores(state))) > 1  # the rules at stake score something


@pytest.mark.parametrize(
    ("counts", "tomatoes"),
    [((3, 3, 2, 2, 2, 1, 1, 1), 2), ((1,) * 7, 0), ((4, 1, 1, 1, 1, 1, 1, 1, 1), None)],
)
def test_ayc_20_more_than_six_fruit_kinds_on_both_engines(
    counts: tuple[int, ...], tomatoes: int | None
) -> None:
    """Sets of more than six kinds (custom lists only) score as six, and the sets are formed to
    score the most; Tomatoes counted as Fruits are a kind of their own."""
    fast = _native()
    config = PURE.Config(players=3, cards=_lists("fruits"))
    names = config.card_lists.tables.names
    fruits = [i for i in config.card_lists.tables.of_set["fruits"] if names[i] != "Rum Banana"]
    tomato = config.card_lists.tables.of_set["tomato"][0]
    mine = [0] * len(names)
    for meal, count in zip(fruits, counts, strict=False):
        mine[meal] = count
    mine[tomato] = 2
    start = PURE.initial_state(config)
    collections = (tuple(mine), start.collections[1], start.collections[2])
    for stage in ("tomatoes", "over"):
        state = replace(
            start, collections=collections, stage=stage, tomatoes=(tomatoes, None, None)
        )
        native_state = fast._core.from_engine(state)
        assert fast.scores(native_state) == PURE.scores(state)
        assert fast.winners(native_state) == PURE.winners(state)
    table_ = ayc.score_table(
        config.card_lists,
        collections,
        drinks=(0, 0, 0),
        spices=(0, 0, 0),
        cake=None,
        tomatoes_as_vegetables=(tomatoes, None, None),
    )
    assert table_[0].fruits > 24  # the rule at stake: more than six kinds held


def _lists(kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    if kind == "breads":  # AYC-4: many breads, a short deck: secrets lost and drawn last
        data["meals"] = [
            {**m, "count": 4 * m["count"] if m["set"] == "surprise_bread" else 2 * m["count"]}
            for m in data["meals"]
            if m["set"] in ("surprise_bread", "tomato", "cake", "coffee")
        ]
    else:  # AYC-20: more than six Fruit kinds; a Mood deck of Jealous and Tricksters
        data["meals"] += [
            {"set": "fruits", "name": f"Fruit {k}", "count": 4, "points": k - 2}
            | {"drink": k % 2 == 0, "jealous_icon": k % 3 == 0}
            for k in range(5)
        ]
        data["moods_per_colour"] = [
            {"mood": "Jealous", "count": 6},
            {"mood": "Trickster", "count": 4},
            {"mood": "Hungry", "count": 2},
        ]
    return data


@pytest.mark.parametrize("kind", ["breads", "fruits"])
@pytest.mark.parametrize("players", [3, 6])
def test_ayc_0_custom_lists_on_both_engines(kind: str, players: int) -> None:
    config = PURE.Config(players=players, first_player=1, cards=_lists(kind))
    lost = 0
    for seed in range(2):
        met = play_on_both(PURE.initial_state(config), seed)
        lost += met[-1].lost
    assert kind != "breads" or lost  # secret cards went out with the line unseen (AYC-4)
