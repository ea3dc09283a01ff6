"""One test (at least) per All You Can Eat Buffet ruling, named after it, plus the rulebook's
scoring example and a test per scoring rule."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.kernel.errors import IllegalActionError
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.values import replace
from tests.support.ayc import CARDS, CHANCE, T, act, meals, moods, names_of, play, table
from tests.support.walk import random_moves

M = ayc.Mood

# ---------------------------------------------------------------- AYC-0: the card lists


def test_ayc_0_default_lists_are_the_reconstruction() -> None:
    assert CARDS.total_meals == 84
    assert {m.set for m in CARDS.meals} == set(ayc.MEAL_SETS) and len(ayc.MEAL_SETS) == 14
    assert CARDS.mood_deck == (4, 2, 1, 1, 2, 2) and sum(CARDS.mood_deck) == 12
    points = {m.name: m.points for m in CARDS.meals}
    assert (points["Sausage"], points["Fish"], points["Garlic"], points["Spoiled food"]) == (
        1,
        3,
        -1,
        -5,
    )
    assert min(m.points for m in CARDS.meals if m.set == "meat") == points["Sausage"]
    from importlib import resources

    text = resources.files("tablefeast.games.all_you_can_eat_buffet").joinpath("cards.json")
    assert json.loads(tablefeast.dumps(CARDS)) == json.loads(text.read_text())


def _lists(**changes: object) -> dict[str, object]:
    data = json.loads(tablefeast.dumps(CARDS))
    for path, value in changes.items():
        where, index, field = path.split("__")
        data[where][int(index)][field] = value
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"meals__0__set": "soup"}, "meals[0] (Garlic): unknown set 'soup'"),
        ({"meals__4__count": 0}, "meals[4] (Sausage): count must be an int from 1 to 100, got 0"),
        ({"meals__5__name": "Sausage"}, "meals[5] (Sausage): this name is used twice"),
        ({"meals__5__points": "3"}, "meals[5]: points must be int"),
        ({"meals__1__drink": 1}, "meals[1]: drink must be bool"),
        ({"moods_per_colour__2__mood": "Grumpy"}, "moods_per_colour[2] (Grumpy): unknown Mood"),
        ({"moods_per_colour__0__count": -1}, "count must be an int from 0 to 100, got -1"),
    ],
)
def test_ayc_0_user_lists_are_checked_and_the_bad_entry_named(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match="card lists: ") as caught:
        ayc.CardLists.from_data(_lists(**changes))
    assert message in str(caught.value)
    with pytest.raises(ValueError, match="card lists: "):
        ayc.Config(players=4, cards=_lists(**changes))


def test_ayc_0_lists_built_in_python_are_checked_too() -> None:
    from tablefeast.games.all_you_can_eat_buffet.components import Meal, MoodCards

    moods = CARDS.moods_per_colour
    with pytest.raises(ValueError, match=r"meals\[1\]: a Meal with a text name, got 7"):
        ayc.CardLists((CARDS.meals[0], 7), moods)
    with pytest.raises(ValueError, match=r"meals\[0\]: a Meal with a text name"):
        ayc.CardLists((Meal("fish", 5, 1, 3, False, False),), moods)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"moods_per_colour\[0\]: a MoodCards with a text Mood"):
        ayc.CardLists(CARDS.meals, (MoodCards(3, 1),))  # type: ignore[arg-type]


def test_ayc_0_custom_lists_play_and_travel_in_records(tmp_path) -> None:  # type: ignore[no-untyped-def]
    data = _lists(meals__8__points=4)  # Fish worth 4
    path = tmp_path / "lists.json"
    path.write_text(json.dumps(data))
    config = ayc.Config(players=3, cards=ayc.load_cards(path))
    assert config.card_lists.tables.points[T.index["Fish"]] == 4
    result = play_game(ayc, config, [RandomAgent()] * 3, seed=5)
    loaded = tablefeast.Record.from_json(result.record.to_json())
    assert ayc.Config(**loaded.config) == config
    assert tablefeast.replay(loaded) == result.state
    with pytest.raises(ValueError, match="cannot read"):
        ayc.load_cards(tmp_path / "missing.json")


# ---------------------------------------------------------------- AYC-1, AYC-2: setup, rounds


def test_ayc_1_five_and_six_players_remove_a_hungry() -> None:
    assert ayc.Config(players=4).mood_deck == (4, 2, 1, 1, 2, 2)
    assert ayc.Config(players=5).mood_deck == (3, 2, 1, 1, 2, 2)
    assert ayc.initial_state(ayc.Config(players=6, first_player=4)).first == 4
    no_hungry = _lists(moods_per_colour__0__count=0, moods_per_colour__1__count=6)
    assert sum(ayc.Config(players=4, cards=no_hungry).mood_deck) == 12
    with pytest.raises(ValueError, match="removes a Hungry"):
        ayc.Config(players=5, cards=no_hungry)
    too_few = _lists(moods_per_colour__0__count=1)
    with pytest.raises(ValueError, match="cannot last 10 rounds"):
        ayc.Config(players=3, cards=too_few)


@pytest.mark.parametrize(("players", "rounds"), [(3, 10), (4, 10), (5, 9), (6, 9)])
def test_ayc_2_rounds_and_mood_draws(players: int, rounds: int) -> None:
    config = ayc.Config(players=players)
    assert config.rounds == rounds
    state = ayc.initial_state(config)
    assert state.mood_draws == tuple(s for s in range(players) for _ in range(3))
    result = play_game(ayc, config, [RandomAgent()] * players, seed=players)
    final = result.state
    assert final.round == rounds
    assert [sum(h) for h in final.hands] == [2] * players  # after the last round
    assert [sum(u) for u in final.used] == [rounds] * players  # one Mood used per round
    draws = [a for seat, a in result.record.moves if a.startswith("mood ")]
    assert len(draws) == players * (3 + rounds - 1)


# ---------------------------------------------------------------- AYC-3, AYC-4: the line


@pytest.mark.parametrize(("players", "size"), [(3, 5), (4, 5), (5, 6), (6, 7)])
def test_ayc_3_the_line_and_its_spices(players: int, size: int) -> None:
    state = ayc.initial_state(ayc.Config(players=players))
    rng = random.Random(1)
    while state.stage == "deal":
        state = ayc.apply_action(state, CHANCE, ayc.chance_distribution(state).sample(rng))
    assert len(state.line) == size
    assert [spices for _, spices, _ in state.line] == [0, 1, 1] + [0] * (size - 3)
    assert state.spice_supply == 22


def test_ayc_3_spices_while_the_supply_lasts() -> None:
    state = replace(table(spices={0: 23}), stage="deal", to_deal=3)
    for meal in ("Fish", "Steak", "Chicken"):
        state = act(state, CHANCE, f"meal {meal}")
    assert [s for _, s, _ in state.line] == [0, 1, 0] and state.spice_supply == 0


def test_ayc_4_a_surprise_bread_gets_a_secret_card_revealed_at_the_end() -> None:
    state = table(players=3, line=["Surprise bread"], hands={0: ["hungry"] * 3}, round=10)
    state = replace(state, line=((T.index["Surprise bread"], 0, True),))
    assert ayc.check_state(state) == []
    state = play(state, {})
    assert state.collections[0][T.index["Surprise bread"]] == 1 and state.secrets[0] == 1
    assert state.stage == "secrets" and state.secret_reveals == (0,)
    outcomes = dict(ayc.chance_outcomes(state))
    unseen = sum(state.meal_deck)
    assert outcomes[ayc.Secret("Fish")] == Fraction(state.meal_deck[T.index["Fish"]], unseen)
    before = ayc.scores(state)[0]
    state = act(state, CHANCE, "secret Black Forest cake")
    assert state.cake == 0 and state.drinks[0] == 2  # a clink, and AYC-14: its Drink icon
    # The secret card scores with the collection: Cake 1, the Birthday Cake tile 8, a Drink 1.
    assert ayc.scores(state)[0] == before + 1 + 8 + 1
    assert state.secrets == (0, 0, 0)
    assert state.stage == "over"


def test_ayc_4_a_secret_card_no_unseen_meal_can_be_is_refused_naming_ayc_4() -> None:
    state = table(players=3, line=["Surprise bread"], hands={0: ["hungry"] * 3}, round=10)
    state = play(replace(state, line=((T.index["Surprise bread"], 0, True),)), {})
    assert state.stage == "secrets"
    with pytest.raises(IllegalActionError, match=r"no Unicorn is among .*\(AYC-4\)"):
        ayc.apply_action(state, CHANCE, ayc.Secret("Unicorn"))  # no such Meal in the lists


def test_ayc_4_drawing_a_bread_puts_a_secret_under_it_unless_the_deck_is_empty() -> None:
    state = replace(table(line=["Fish"] * 4), stage="deal", to_deal=1)
    drawable = state.drawable
    drawn = act(state, CHANCE, "meal Surprise bread")
    assert drawn.line[-1] == (T.index["Surprise bread"], 0, True)
    assert drawn.drawable == drawable - 2  # the bread and its secret card
    assert drawn.stage == "play"
    # The last drawable card is the bread: no card is left to go under it.
    base = table(line=["Fish"] * 4)
    unseen = tuple(a - b for a, b in zip(base.meal_deck, meals(["Surprise bread"]), strict=True))
    last = replace(
        base, stage="deal", to_deal=1, meal_deck=meals(["Surprise bread"]), discard=unseen
    )
    assert ayc.check_state(last) == [] and last.drawable == 1
    drawn = act(last, CHANCE, "meal Surprise bread")
    assert drawn.line[-1] == (T.index["Surprise bread"], 0, False) and drawn.drawable == 0


def test_ayc_4_secret_cards_in_turn_order_and_a_secret_bread_has_no_secret() -> None:
    state = table(
        players=3,
        collections={0: ["Surprise bread"], 2: ["Surprise bread"]},
        secrets={0: 1, 2: 1},
        drinks={2: 2},
        round=10,
        first=2,
    )
    state = play(state, {})  # three Hungry: everyone clinks glasses
    assert state.secret_reveals == (2, 0)  # from the First player, seat 2
    coffee = act(state, CHANCE, "secret Coffee")
    assert coffee.collections[2][T.index["Coffee"]] == 1
    assert coffee.drinks[2] == 3 - 2  # the secret Coffee discards then (AYC-4)
    state = act(coffee, CHANCE, "secret Chocolate cake")
    assert state.cake == 0 and state.stage == "over"
    # A secret Surprise bread gets no secret card of its own: nothing more to reveal.
    one = play(table(players=3, collections={1: ["Surprise bread"]}, secrets={1: 1}, round=10), {})
    assert ayc.Secret("Surprise bread") in dict(ayc.chance_outcomes(one))
    bread = act(one, CHANCE, "secret Surprise bread")
    assert bread.collections[1][T.index["Surprise bread"]] == 2
    assert bread.secrets == (0, 0, 0) and bread.stage == "over"


# ---------------------------------------------------------------- AYC-5, AYC-17: playing


@pytest.mark.parametrize(("players", "two", "none"), [(3, 3, 5), (4, 3, 5), (5, 4, 6), (6, 4, 6)])
def test_ayc_5_play_two_and_play_none_thresholds(players: int, two: int, none: int) -> None:
    hand = ["hungry", "boor", "slow"]
    for drinks, cards in [(two - 1, 1), (two, 2), (none - 1, 2), (none, 0)]:
        state = table(players, hands={0: hand}, drinks={0: drinks}, line=["Fish"] * 3)
        legal = ayc.legal_actions(state, 0)
        assert {len(a.moods) for a in legal} == {cards}, (players, drinks)
    state = table(players, hands={0: hand}, drinks={0: two})
    wrong = ayc.Play((M.HUNGRY,))
    assert ayc.why_not(state, 0, wrong) == (
        f"with {two} Drink tokens seat 0 commits 2 Mood cards (AYC-5)"
    )


def test_ayc_5_two_cards_the_neighbour_reveals_one_the_other_goes_back() -> None:
    state = table(3, hands={0: ["boor", "slow", "jealous"]}, drinks={0: 3}, line=["Fish"] * 5)
    state = play(state, {0: "boor slow"})
    assert state.stage == "reveal" and state.reveals == (0,)
    assert ayc.chance_outcomes(state) == (
        (ayc.RevealMood(0, M.BOOR), Fraction(1, 2)),
        (ayc.RevealMood(0, M.SLOW), Fraction(1, 2)),
    )
    state = act(state, CHANCE, "reveal 0 slow")
    assert state.hands[0] == moods(["boor", "jealous"])  # the Boor went back to hand
    assert state.used[0] == moods(["slow"])


def test_ayc_5_no_card_the_neighbour_reveals_one_from_the_hand() -> None:
    state = table(3, hands={1: ["hungry", "hungry", "jealous"]}, drinks={1: 5}, line=["Fish"] * 5)
    assert ayc.legal_actions(state, 1) == (ayc.Play(()),)
    state = play(state, {1: ""})
    assert ayc.chance_outcomes(state) == (
        (ayc.RevealMood(1, M.HUNGRY), Fraction(2, 3)),
        (ayc.RevealMood(1, M.JEALOUS), Fraction(1, 3)),
    )


def test_ayc_17_the_random_reveal_is_a_chance_event_even_when_it_is_certain() -> None:
    state = table(
        3, hands={0: ["hungry", "hungry", "slow"]}, drinks={0: 3, 1: 5}, line=["Fish"] * 5
    )
    matching = play(state, {0: "hungry hungry", 1: ""})  # seat 1 holds three Hungry
    different = play(state, {0: "hungry slow", 1: ""})
    assert matching.stage == different.stage == "reveal"
    assert matching.reveals == different.reveals == (0, 1)
    assert ayc.view(matching, 2) == ayc.view(different, 2)  # nobody learns the cards match
    assert ayc.chance_outcomes(matching) == ((ayc.RevealMood(0, M.HUNGRY), Fraction(1)),)
    done = act(act(matching, CHANCE, "reveal 0 hungry"), CHANCE, "reveal 1 hungry")
    assert done.round == 2
    assert done.used[0] == moods(["hungry"]) and done.used[1] == moods(["hungry"])


# ---------------------------------------------------------------- AYC-6, AYC-18: clinking


def test_ayc_6_players_revealing_the_same_mood_clink_glasses() -> None:
    state = table(
        hands={
            0: ["jealous", "hungry", "hungry"],
            1: ["jealous", "hungry", "hungry"],
            2: ["slow", "hungry", "hungry"],
            3: ["boor", "hungry", "hungry"],
        },
        line=["Fish"] * 5,
    )
    after = play(state, {0: "jealous", 1: "jealous", 2: "slow", 3: "boor"})
    assert after.drinks[:2] == (1, 1) and after.drinks[2:] == (0, 0)


def test_ayc_18_an_empty_or_short_supply_gives_in_turn_order() -> None:
    state = table(
        hands={s: ["hungry"] * 3 for s in range(4)},
        drinks={0: 0, 1: 0, 2: 17, 3: 17},
        first=2,
        line=["Fish"] * 5,
    )
    after = play(state, {2: "", 3: ""})  # with 17 Drink tokens they commit no card
    after = act(act(after, CHANCE, "reveal 2 hungry"), CHANCE, "reveal 3 hungry")
    assert after.drinks == (0, 0, 18, 18)  # seats 2 and 3 come first from the First player


# ---------------------------------------------------------------- AYC-7: resolution order


def test_ayc_7_boor_first_then_turn_order_then_slow() -> None:
    line = ["Fish", "Steak", "Chicken", "Apple", "Pear"]
    state = table(
        hands={
            0: ["slow"] * 1 + ["hungry"] * 2,
            1: ["hungry"] * 3,
            2: ["boor"] + ["hungry"] * 2,
            3: ["hungry"] * 3,
        },
        line=line,
        first=1,
    )
    state = play(state, {0: "slow", 1: "hungry", 2: "boor", 3: "hungry"})
    assert ayc.actors(state) == (2,)  # the Boor chooses first
    state = act(state, 2, "take 4")  # the Apple
    assert names_of(state.collections[2]) == ["Apple"]
    # Then in turn order from seat 1: seat 1, then 3 (Hungry: the first Meal), then Slow.
    assert names_of(state.collections[1]) == ["Fish"]
    assert names_of(state.collections[3]) == ["Steak"]
    assert sorted(names_of(state.collections[0])) == ["Chicken", "Pear"]
    assert state.round == 2 and state.stage == "deal"


def test_ayc_7_two_boors_and_two_slows_all_skip() -> None:
    state = table(
        hands={
            0: ["boor", "hungry", "hungry"],
            1: ["boor", "hungry", "hungry"],
            2: ["slow", "hungry", "hungry"],
            3: ["slow", "hungry", "hungry"],
        },
        line=["Fish", "Steak", "Chicken", "Apple", "Pear"],
    )
    after = play(state, {0: "boor", 1: "boor", 2: "slow", 3: "slow"})
    assert after.collections == tuple(meals([]) for _ in range(4))  # all four skipped
    assert after.drinks == (1, 1, 1, 1)  # after their Drink
    assert after.discard == meals(["Fish", "Steak", "Chicken", "Apple", "Pear"])


# ---------------------------------------------------------------- AYC-8: collecting


def test_ayc_8_collecting_takes_spices_drinks_cake_and_coffee() -> None:
    line = [("Black Forest cake", 1), ("Coffee", 2), "Fish"]
    state = table(
        hands={1: ["very-hungry", "hungry", "hungry"]},
        line=line,
        drinks={1: 2},
        cake=3,
        check=False,  # two Spice tokens on the Coffee, the tile with nobody's Cake: rules hold
    )
    state = play(state, {1: "very-hungry"})
    # Seat 0 (Hungry) took the cake first, in turn order; it also clinked glasses.
    assert names_of(state.collections[0]) == ["Black Forest cake"]
    assert state.cake == 0 and state.drinks[0] == 2 and state.spices[0] == 1
    assert ayc.actors(state) == (1,)  # Very Hungry chooses two adjacent Meals
    assert ayc.legal_actions(state, 1) == (ayc.Take((1, 2)),)
    state = act(state, 1, "take 1 2")
    assert sorted(names_of(state.collections[1])) == ["Coffee", "Fish"]
    assert state.drinks[1] == 0 and state.spices[1] == 2  # 2 - 2 for the Coffee


def test_ayc_8_several_meals_are_collected_first_to_last() -> None:
    # A Coffee first discards nothing (no Drink tokens yet); the Rum Banana after it gives one.
    state = table(
        hands={1: ["very-hungry", "hungry", "hungry"]}, line=["Fish", "Coffee", "Rum Banana"]
    )
    state = play(state, {1: "very-hungry"})  # seat 0 (Hungry) takes the Fish first
    assert state.drinks[1] == 0
    after = act(state, 1, "take 1 2")
    assert sorted(names_of(after.collections[1])) == ["Coffee", "Rum Banana"]
    assert after.drinks[1] == 1  # not 0, as Rum Banana before Coffee would give
    # Slow, last, collects what the three Hungry left: the Coffee, then the Rum Banana.
    line = ["Fish", "Steak", "Chicken", "Coffee", "Rum Banana"]
    slow = play(table(hands={3: ["slow", "hungry", "hungry"]}, line=line), {3: "slow"})
    assert sorted(names_of(slow.collections[3])) == ["Coffee", "Rum Banana"]
    assert slow.drinks == (1, 1, 1, 1)  # three clinked; the Slow kept its Rum Banana's token


def test_ayc_8_a_trickster_facing_one_meal_collects_none() -> None:
    # Not enough Meals to swap: AYC-8 lets only Very Hungry collect the one left (AYC-19).
    jealous = ["jealous", "hungry", "hungry"]  # with nothing collected, a Jealous does nothing
    hands = {0: ["trickster", "hungry", "hungry"], 1: jealous, 2: jealous, 3: jealous}
    state = table(hands=hands, line=["Fish"])
    after = play(state, {0: "trickster", 1: "jealous", 2: "jealous", 3: "jealous"})
    assert not any(after.collections[0]) and after.round == 2
    assert after.discard == meals(["Fish"])  # the Fish stays in the line and is discarded


def test_ayc_8_very_hungry_with_one_meal_collects_it_and_hungry_with_none_collects_nothing() -> (
    None
):
    state = table(hands={0: ["very-hungry", "very-hungry", "hungry"]}, line=["Fish"])
    state = play(state, {0: "very-hungry"})
    assert names_of(state.collections[0]) == ["Fish"]
    assert all(not any(c) for c in state.collections[1:])


# ---------------------------------------------------------------- AYC-9: end of round


def test_ayc_9_end_of_round_discards_the_line_and_passes_the_first_player() -> None:
    line = ["Fish", "Steak", "Chicken", "Apple", ("Pear", 1)]
    state = table(line=line, first=3)
    after = play(state, {})  # four Hungry: the first four Meals
    assert after.discard == meals(["Pear"]) and after.line == ()
    assert after.first == 0 and after.round == 2
    assert after.mood_draws == (0, 1, 2, 3) and after.to_deal == 5
    assert after.spice_supply == 24  # AYC-15: the Spice tokens went back


# ---------------------------------------------------------------- AYC-10: Tomatoes


def test_ayc_10_tomatoes_are_decided_at_once_and_hidden_until_all_have() -> None:
    state = table(
        3,
        collections={0: ["Tomato", "Tomato", "Carrot"], 1: ["Tomato", "Pumpkin"]},
        round=10,
        line=["Fish"] * 5,
    )
    state = play(state, {})
    assert state.stage == "tomatoes" and ayc.actors(state) == (0, 1)
    assert ayc.legal_actions(state, 0) == (
        ayc.Tomato(2, 0),
        ayc.Tomato(1, 1),
        ayc.Tomato(0, 2),
    )
    half = act(state, 0, "tomato vegetable vegetable")
    assert ayc.view(half, 1).my_tomatoes is None and ayc.view(half, 1).tomatoes_decided[0]
    assert ayc.view(half, 1) == ayc.view(act(state, 0, "tomato fruit fruit"), 1)  # no leak
    over = act(half, 1, "tomato fruit")
    assert over.stage == "over"
    bonus = ayc.score_table(
        CARDS,
        over.collections,
        drinks=over.drinks,
        spices=over.spices,
        cake=None,
        tomatoes_as_vegetables=over.tomatoes,
    )
    assert bonus[0].vegetable_bonus == 10 and bonus[1].vegetable_bonus == 0
    assert bonus[1].fruits == 1  # one Tomato as a Fruit: a set of one


def test_ayc_10_only_a_seat_holding_undecided_tomatoes_decides_them_all_at_once() -> None:
    # apply_action's fast path for Tomatoes and the full checks agree, error for error.
    state = play(
        table(
            3,
            collections={0: ["Tomato", "Tomato", "Carrot"], 1: ["Tomato", "Pumpkin"]},
            round=10,
            line=["Fish"] * 5,
        ),
        {},
    )
    half = act(state, 0, "tomato vegetable vegetable")
    for before in (state, half):
        for seat in (0, 1, 2, 3, CHANCE, True, "1"):
            for fruits, vegetables in ((1, 0), (0, 1), (2, 0), (1, 1), (0, 2), (2, 1), (0, 3)):
                tomato = ayc.Tomato(fruits, vegetables)
                legal = (
                    seat in (0, 1, 2)
                    and type(seat) is int
                    and tomato in ayc.legal_actions(before, seat)
                )
                try:
                    after = ayc.apply_action(before, seat, tomato)
                except tablefeast.TablefeastError as e:
                    assert not legal, e
                    assert type(e) is type(_full_check_error(before, seat, tomato))
                else:
                    assert legal and after.tomatoes[seat] == vegetables
    assert ayc.actors(half) == (1,) and ayc.legal_actions(half, 0) == ()
    assert ayc.apply_action(half, 1, ayc.Tomato(1, 0)).stage == "over"


def _full_check_error(state: ayc.State, seat: object, action: object) -> Exception:
    """The error the checks without any fast path give: the seat, the turn, then why not."""
    from tablefeast.kernel.ruleset import check_move, check_turn

    try:
        check_move(seat, action, state.config.players, ayc.ACTION_TYPES, "x")
        check_turn(ayc.actors(state), seat)  # type: ignore[arg-type]
    except tablefeast.TablefeastError as e:
        return e
    assert ayc.why_not(state, seat, action) is not None  # type: ignore[arg-type]
    return tablefeast.IllegalActionError("")


# ---------------------------------------------------------------- AYC-11, AYC-20: scoring


def _score(names: list[str], **tokens: int) -> ayc.Score:
    """Seat 0's score, beside a seat with nothing."""
    table_ = ayc.score_table(
        CARDS,
        [meals(names), meals([])],
        drinks=[tokens.get("drinks", 0), 0],
        spices=[tokens.get("spices", 0), 0],
        cake=0 if tokens.get("tile") else None,
        tomatoes_as_vegetables=[tokens.get("tomato_veg", 0), 0],
    )
    return table_[0]


def test_ayc_11_the_rulebooks_scoring_example() -> None:
    # Blue: 2 Cakes, Meat 5, 3 Vegetables worth 5 (tied with Red for the most), 2 Fish (another
    # player has more), Banana and Rum Banana (one kind: two sets of 1), 3 Drink tokens and more
    # than 5 Spice tokens.
    blue = [
        "Cream cake",
        "Cream cake",
        "Sausage",
        "Steak",
        "Carrot",
        "Broccoli",
        "Broccoli",
        "Fish",
        "Fish",
        "Banana",
        "Rum Banana",
    ]
    red = ["Carrot", "Carrot", "Pumpkin"]
    green = ["Fish", "Fish", "Fish"]
    scored = ayc.score_table(
        CARDS,
        [meals(blue), meals(red), meals(green)],
        drinks=[3, 0, 0],
        spices=[6, 0, 0],
        cake=None,
        tomatoes_as_vegetables=[None, None, None],
    )
    b = scored[0]
    assert (b.cakes, b.meat, b.vegetables, b.vegetable_bonus, b.fish, b.fruits) == (
        2,
        5,
        5,
        10,
        6,
        2,
    )
    assert (b.drinks, b.spices, b.total) == (3, 0, 33)
    assert scored[1].vegetable_bonus == 10 and scored[2].fish == 0


def test_ayc_11_drinks_and_lemon() -> None:
    assert _score([], drinks=4).drinks == 4
    assert _score(["Lemon"], drinks=4).drinks == 8
    assert _score(["Lemon", "Lemon"], drinks=4).drinks == 8  # AYC-20: one Lemon is enough


def test_ayc_11_spices_and_milk() -> None:
    """Spice: 1 each up to 5, none at 6 or more. The ruling of AYC-11 reads the Milk as the
    rulebook's "Exception" to that bust and as its cap, "You can score up to 8 Spice tokens":
    8 Spice tokens score 8, and 9 score 8 too (not 0: no bust is written for the Milk)."""
    assert [_score([], spices=n).spices for n in (5, 6, 9)] == [5, 0, 0]
    assert [_score(["Milk"], spices=n).spices for n in (5, 6, 8)] == [5, 6, 8]
    assert [_score(["Milk"], spices=n).spices for n in (9, 14)] == [8, 8]  # capped, never void


def test_ayc_11_garlic_and_parsley() -> None:
    assert _score(["Garlic"] * 3).garlic == -3
    assert _score(["Garlic"] * 3 + ["Parsley"]).garlic == 6


def test_ayc_11_cakes_and_the_birthday_cake_tile() -> None:
    assert _score(["Cream cake", "Chocolate cake"]).cakes == 2
    assert _score(["Cream cake"], tile=1).cake_tile == 8


def test_ayc_11_meat_and_ketchup() -> None:
    assert _score(["Sausage", "Sausage", "Steak"]).meat == 6
    assert _score(["Sausage", "Sausage", "Steak", "Ketchup"]).meat == 14  # AYC-20


def test_ayc_11_fish_majority_scores_nothing() -> None:
    mine, theirs = meals(["Fish"] * 2), meals(["Fish"] * 3)
    scored = ayc.score_table(
        CARDS,
        [mine, theirs, theirs],
        drinks=[0] * 3,
        spices=[0] * 3,
        cake=None,
        tomatoes_as_vegetables=[None] * 3,
    )
    assert [s.fish for s in scored] == [6, 0, 0]  # both with the most score none


def test_ayc_11_fruit_sets_are_formed_to_score_the_most() -> None:
    assert ayc.fruit_points((1,) * 6) == 24
    assert ayc.fruit_points((2, 2, 2, 1, 1)) == 20  # 16 + 4, not 8 + 8
    five = ["Apple", "Pear", "Cherries", "Grapes", "Banana"]
    assert _score(five).fruits == 16
    assert _score([*five, "Tomato"], tomato_veg=0).fruits == 24  # AYC-20: Tomato is a 6th kind
    assert _score(["Banana", "Rum Banana"]).fruits == 2  # AYC-20: one kind


def test_ayc_11_vegetables_and_spoiled_food() -> None:
    assert _score(["Carrot", "Pumpkin"]).vegetables == 4
    assert _score(["Spoiled food"]).other == -5


def test_ayc_20_the_vegetable_bonus_needs_a_vegetable_and_tomatoes_count_where_chosen() -> None:
    assert _score([]).vegetable_bonus == 0  # nobody has one: no bonus
    assert _score(["Tomato"], tomato_veg=1).vegetable_bonus == 10
    assert _score(["Tomato"], tomato_veg=0).vegetable_bonus == 0
    undecided = ayc.score_table(
        CARDS,
        [meals(["Tomato"])],
        drinks=[0],
        spices=[0],
        cake=None,
        tomatoes_as_vegetables=[None],
    )
    assert (undecided[0].vegetable_bonus, undecided[0].fruits) == (0, 0)


# ---------------------------------------------------------------- AYC-12: winners


def test_ayc_12_ties_go_to_most_drinks_then_are_shared() -> None:
    state = table(
        3, collections={0: ["Steak"], 1: ["Chicken"], 2: ["Chicken"]}, drinks={0: 0, 1: 1, 2: 1}
    )
    over = replace(state, stage="over", round=10)
    assert ayc.scores(over) == (4, 4, 4)
    assert ayc.winners(over) == frozenset({1, 2})
    assert ayc.winners(state) == frozenset()
    assert ayc.CAPABILITIES.score_sheet(over).tie_break == (
        "Seats 0, 1 and 2 tied on 4 points; the most Drink tokens decided (AYC-12): "
        "seat 0 0, seat 1 1, seat 2 1 and still tied: a shared win."
    )


def test_ayc_11_the_score_sheet_lists_every_part_as_the_rulebooks_example() -> None:
    state = table(3, collections={0: ["Steak", "Carrot"]}, drinks={0: 3})
    sheet = ayc.CAPABILITIES.score_sheet(state)
    labels = [p.label for p in sheet.parts[0]]
    assert labels[:4] == ["Cakes", "Birthday Cake tile", "Meat", "Vegetables"]
    assert len(labels) == 11 and "Drink tokens" in labels and "Spice tokens" in labels
    assert dict((p.label, p.points) for p in sheet.parts[0])["Drink tokens"] == 3
    assert sheet.totals() == ayc.scores(state)


# ---------------------------------------------------------------- AYC-13: nothing to do


def test_ayc_13_jealous_with_nobody_to_steal_from_and_an_empty_line_do_nothing() -> None:
    state = table(
        hands={0: ["jealous", "hungry", "hungry"], 2: ["boor", "hungry", "hungry"]}, line=[]
    )
    after = play(state, {0: "jealous", 2: "boor"})
    assert after.round == 2 and not any(map(any, after.collections))


def test_ayc_13_the_line_is_shorter_when_the_deck_runs_out() -> None:
    small = _lists()
    small["meals"] = [m for m in small["meals"] if m["set"] in ("fish", "meat")]  # type: ignore[index, union-attr]
    config = ayc.Config(players=6, cards=small)  # 21 Meals, 7 a round
    result = play_game(ayc, config, [RandomAgent()] * 6, seed=2)
    lines = [a for _, a in result.record.moves if a.startswith("meal ")]
    assert len(lines) == 21 and ayc.is_terminal(result.state)


# ---------------------------------------------------------------- AYC-14, AYC-15, AYC-16


def test_ayc_14_the_first_player_does_not_pass_after_the_last_round() -> None:
    state = table(
        3, collections={1: ["Surprise bread"]}, secrets={1: 1}, round=10, first=1, line=["Fish"] * 5
    )
    after = play(state, {})
    assert after.first == 1 and after.round == 10 and after.secret_reveals == (1,)


def test_ayc_15_coffee_drinks_go_back_to_the_supply() -> None:
    state = table(line=["Coffee"], drinks={0: 1})
    after = play(state, {})  # four Hungry clink glasses, then seat 0 collects the Coffee
    assert after.drinks == (0, 1, 1, 1) and after.drink_supply == 33


def test_ayc_16_stealing_gives_the_jealous_icon_drink_only() -> None:
    state = table(
        hands={0: ["jealous", "hungry", "hungry"]},
        collections={1: ["Black Forest cake", "Steak", "Cherries"]},
        spices={1: 2},
        cake=1,
        line=["Fish"] * 5,
    )
    state = play(state, {0: "jealous"})
    assert ayc.actors(state) == (0,)
    assert ayc.legal_actions(state, 0) == (
        ayc.Steal(1, "Black Forest cake"),
        ayc.Steal(1, "Steak"),
        ayc.Steal(1, "Cherries"),
    )
    stolen = act(state, 0, "steal 1 Black Forest cake")
    assert stolen.drinks[0] == 0 and stolen.cake == 0 and stolen.spices == (0, 2, 0, 0)
    jealous_icon = act(state, 0, "steal 1 Steak")
    assert jealous_icon.drinks[0] == 1  # Steak shows the Jealous icon


def test_ayc_8_a_jealous_steal_of_a_cake_and_of_a_coffee() -> None:
    state = table(
        hands={0: ["jealous", "jealous", "hungry"]},
        collections={2: ["Cream cake", "Coffee"]},
        drinks={0: 4},
        cake=2,
        line=["Fish"] * 5,
    )
    state = act(play(state, {0: "jealous jealous"}), CHANCE, "reveal 0 jealous")
    assert ayc.actors(state) == (0,)
    cake = act(state, 0, "steal 2 Cream cake")
    assert cake.cake == 0 and names_of(cake.collections[0]) == ["Cream cake"]
    coffee = act(state, 0, "steal 2 Coffee")
    assert coffee.drinks[0] == 2 and coffee.cake == 2


# ---------------------------------------------------------------- AYC-19, AYC-21


def test_ayc_19_a_boor_facing_one_meal_still_chooses_and_a_trickster_must_swap() -> None:
    state = table(hands={0: ["boor", "hungry", "hungry"]}, line=["Fish"])
    state = play(state, {0: "boor"})
    assert ayc.actors(state) == (0,) and ayc.legal_actions(state, 0) == (ayc.Take((1,)),)
    trick = table(hands={1: ["trickster", "trickster", "hungry"]}, line=["Fish", "Steak", "Garlic"])
    trick = play(trick, {1: "trickster"})
    # seat 0 (Hungry) took the Fish; seat 1 must swap two of the two left
    assert ayc.legal_actions(trick, 1) == (ayc.Swap(1, 2),)
    after = act(trick, 1, "swap 1 2")
    assert names_of(after.collections[1]) == ["Garlic"]
    # The Spice tokens move with their Meals (the Trickster's text).
    spiced = table(
        hands={0: ["trickster", "trickster", "hungry"]}, line=["Fish", ("Steak", 1), ("Garlic", 1)]
    )
    spiced = play(spiced, {0: "trickster"})
    swapped = act(spiced, 0, "swap 1 3")
    assert names_of(swapped.collections[0]) == ["Garlic"] and swapped.spices[0] == 1


def test_ayc_21_a_stolen_bread_takes_its_secret_card() -> None:
    state = table(
        hands={0: ["jealous", "hungry", "hungry"]},
        collections={1: ["Surprise bread"]},
        secrets={1: 1},
        line=["Fish"] * 5,
    )
    state = play(state, {0: "jealous"})
    after = act(state, 0, "steal 1 Surprise bread")
    assert after.secrets[:2] == (1, 0)


def test_ayc_22_the_resolution_order_comes_from_the_mood_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import attrs

    from tablefeast.games.all_you_can_eat_buffet import flow
    from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS
    from tablefeast.kernel.values import FrozenDict

    # The table is read-only: a variant is a new table (here put where the order is built).
    trickster = attrs.evolve(MOOD_EFFECTS[M.TRICKSTER], when="first")
    monkeypatch.setattr(flow, "MOOD_EFFECTS", FrozenDict({**MOOD_EFFECTS, M.TRICKSTER: trickster}))
    line = ["Fish", "Steak", "Chicken", "Apple", "Pear"]
    state = table(hands={3: ["trickster", "hungry", "hungry"]}, line=line)
    state = play(state, {3: "trickster"})
    assert ayc.actors(state) == (3,)  # now the Trickster goes first
    both = table(
        hands={2: ["trickster", "hungry", "hungry"], 3: ["trickster", "hungry", "hungry"]},
        line=line,
    )
    both = play(both, {2: "trickster", 3: "trickster"})
    assert both.round == 2 and not any(both.collections[2]) and not any(both.collections[3])


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
@settings(max_examples=15, deadline=None)
def test_every_mood_choice_is_exactly_what_its_why_not_accepts(seed: int, players: int) -> None:
    """Each Mood's `choices` and `why_not` (the table in `moods`) agree on every candidate."""
    from tablefeast.games.all_you_can_eat_buffet.moods import (
        MOOD_EFFECTS,
        SWAPS,
        TAKE_ONE,
        TAKE_TWO,
    )

    candidates = [*TAKE_ONE.values(), *TAKE_TWO.values(), *SWAPS.values()]
    candidates += [s for row in T.steals for s in row]
    rng = random.Random(seed)
    state = ayc.initial_state(ayc.Config(players=players))
    checked = 0
    for before, seat, _, _ in random_moves(ayc, state, rng, any_actor=False):
        if before.stage == "resolve":
            effect = MOOD_EFFECTS[list(M)[before.revealed[seat]]]  # type: ignore[index]
            choices = set(effect.choices(before, seat) or ())
            for action in candidates:
                assert (effect.why_not(before, seat, action) is None) == (action in choices)
            checked += 1
    assert checked
