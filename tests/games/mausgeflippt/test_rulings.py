"""One test (at least) per Mausgeflippt ruling, named after it, plus the rulebook's example."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import tablefeast
import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import Pile
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.values import replace
from tests.support.mg import CARDS, T, chance, counts, item, play, race, table

# ---------------------------------------------------------------- MG-0: the cards


def test_mg_0_default_card_set_is_the_reconstruction() -> None:
    assert CARDS.total_clothing == 58
    assert sorted(c.count for c in CARDS.clothing) == [2] * 20 + [3] * 6
    assert len({c.kind for c in CARDS.clothing}) == 13
    assert len(CARDS.mice) == 32 and all(len(m.wears) == 3 for m in CARDS.mice)
    assert [c.count for c in CARDS.cheeses] == [3, 3, 3]
    assert {m.cheese for m in CARDS.mice} == {c.cheese for c in CARDS.cheeses}


def test_mg_0_default_card_set_is_the_package_data_file() -> None:
    from importlib import resources

    text = resources.files("tablefeast.games.mausgeflippt").joinpath("cards.json").read_text()
    assert mg.CardSet.from_json(text) == CARDS
    assert json.loads(tablefeast.dumps(CARDS)) == json.loads(text)


SMALL = {
    "clothing": [
        {"kind": "hat", "colour": "red", "count": 2},
        {"kind": "scarf", "colour": "red", "count": 9},
    ],
    "cheeses": [{"cheese": "brie", "count": 1}],
    "mice": [
        {"id": "A", "wears": [{"kind": "hat", "colour": "red"}], "cheese": "brie"},
        {"id": "B", "wears": [{"kind": "scarf", "colour": "red"}], "cheese": "brie"},
    ],
}


def _broken(path: str, value: object) -> dict[str, object]:
    data = json.loads(json.dumps(SMALL))
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    if value is KeyError:
        del node[last]
    else:
        node[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("mice.1.wears.0.colour", "purple", "mice[1] (B): wears scarf/purple, which is not"),
        ("mice.0.wears.0.kind", "sock", "mice[0] (A): wears sock/red, which is not"),
        ("clothing.0.colour", "purple", "clothing[0] (hat/purple): no mouse wears it"),
        ("clothing.1.kind", "sock", "clothing[1] (sock/red): no mouse wears it"),
        ("mice.0.cheese", KeyError, "mice[0] has no cheese"),
        ("mice.0.cheese", "gouda", "mice[0] (A): shows cheese 'gouda', which is not a cheese"),
        ("clothing.1.count", 0, "clothing[1] (scarf/red): count must be a positive int, got 0"),
        ("clothing.0.count", 2.5, "clothing[0]: count must be int, got 2.5"),
        ("cheeses.0.count", -1, "cheeses[0] (brie): count must be a positive int, got -1"),
        ("mice.1.id", "A", "mice[1] (A): this id is used twice"),
        ("mice.1.wears", [], "mice[1] (B): a mouse must wear at least one item"),
        ("clothing.0.kind", "top hat", "clothing[0] (top hat/red): kind and colour must be words"),
        ("mice", {}, "mice must be a JSON list"),
        ("extra", 1, "the card set has unknown fields extra"),
    ],
)
def test_mg_0_user_card_sets_are_checked_and_the_bad_entry_named(
    path: str, value: object, message: str
) -> None:
    with pytest.raises(tablefeast.ConfigError, match="card set: ") as caught:
        mg.CardSet.from_data(_broken(path, value))
    assert message in str(caught.value)
    with pytest.raises(tablefeast.ConfigError, match="card set: "):
        mg.Config(players=3, cards=_broken(path, value))


def test_mg_0_a_custom_card_set_plays_and_travels_in_records(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(SMALL))
    config = mg.Config(players=2, cards=mg.load_cards(path))
    assert config.card_set.total_clothing == 11
    result = play_game(mg, config, [RandomAgent()] * 2, seed=3)
    assert mg.is_terminal(result.state)
    loaded = tablefeast.Record.from_json(result.record.to_json())
    assert mg.Config(**loaded.config) == config  # the card set is in the record
    assert tablefeast.replay(loaded) == result.state
    with pytest.raises(tablefeast.ConfigError, match="cannot read"):
        mg.load_cards(tmp_path / "missing.json")
    path.write_text("{not json")
    with pytest.raises(tablefeast.ConfigError, match="not valid JSON"):
        mg.load_cards(path)


# ---------------------------------------------------------------- MG-1, MG-2: setup and the race


def test_mg_1_setup_deals_seven_each_then_turns_a_cheese_then_a_mouse() -> None:
    config = mg.Config(players=3, first_turner=2)
    state = mg.initial_state(config)
    rng = random.Random(5)
    dealt_to = []
    while state.pending_draws:
        assert mg.actors(state) == (CHANCE,)
        dealt_to.append(state.pending_draws[0])
        state = mg.apply_action(state, CHANCE, mg.chance_distribution(state).sample(rng))
    assert dealt_to == [0] * 7 + [1] * 7 + [2] * 7
    assert [sum(h) for h in state.hands] == [7, 7, 7]
    assert state.cheese_to_turn and state.open_cheese is None
    outcomes = mg.chance_outcomes(state)
    assert {mg.action_to_str(a) for a, _ in outcomes} == {
        "cheese emmental",
        "cheese gouda",
        "cheese camembert",
    }
    assert all(p == Fraction(1, 3) for _, p in outcomes)
    state = chance(state, "cheese gouda")
    assert mg.chance_outcomes(state)[0] == (mg.RevealMouse("M01"), Fraction(1, 32))
    state = chance(state, "mouse M07")
    assert mg.actors(state) == (0, 1, 2) and state.turner == 2


def test_mg_2_a_race_is_a_simultaneous_commit_hidden_until_all_have_committed() -> None:
    state = table(hands={0: ["hat/red"], 1: ["tie/blue"]})
    assert mg.actors(state) == (0, 1, 2)
    assert mg.legal_actions(state, 0) == (mg.Pass(), play("hat/red"), mg.Flip())
    one = mg.apply_action(state, 1, play("tie/blue"))
    assert mg.actors(one) == (0, 2)
    assert mg.view(one, 0).committed == (False, True, False)
    assert mg.view(one, 0) == mg.view(mg.apply_action(state, 1, mg.Flip()), 0)  # nothing leaks
    both = mg.apply_action(one, 0, play("hat/red"))
    all_in = mg.apply_action(both, 2, mg.Pass())
    # Who played, passed or called is public once all are in; which card another seat played
    # is not (MG-3: a slow claimant keeps its card, unseen).
    assert mg.view(all_in, 2).revealed == (mg.PLAYED, mg.PLAYED, mg.PASS)
    assert mg.view(all_in, 0).revealed == (item("hat/red"), mg.PLAYED, mg.PASS)
    other_order = race(state, {0: play("hat/red"), 1: play("tie/blue")})
    assert other_order == all_in


# ---------------------------------------------------------------- MG-3, MG-16: speed


def test_mg_3_who_was_fastest_is_a_chance_event_among_the_claimants() -> None:
    state = race(
        table(hands={0: ["hat/red"], 1: ["ring/yellow"]}), {0: play("hat/red"), 1: mg.Flip()}
    )
    assert mg.actors(state) == (CHANCE,)
    assert mg.chance_outcomes(state) == (
        (mg.Fastest((0,)), Fraction(1, 2)),
        (mg.Fastest((1,)), Fraction(1, 2)),
    )
    # An app applies what it observed; seat 2 passed and cannot be fastest.
    with pytest.raises(tablefeast.IllegalActionError, match="only the claimants"):
        mg.apply_action(state, CHANCE, mg.Fastest((2,)))
    with pytest.raises(tablefeast.IllegalActionError, match=r"unclear tie .* impossible"):
        mg.apply_action(state, CHANCE, mg.Fastest((0, 1)))
    after = mg.apply_action(state, CHANCE, mg.Fastest((1,)))
    # Seat 1's wrong flip is resolved; seat 0 was too slow: nothing happens to its card.
    assert after.hands[0] == counts(["hat/red"])
    assert after.face_down[1] == counts(["ring/yellow"])
    assert after.caught[0] == ()


def test_mg_16_speed_weights_and_tie_probability_are_exact() -> None:
    config = mg.Config(players=4, speed_weights=(3, 1, 2, 1), tie_probability="1/5")
    d = mg.fastest_distribution(config, (0, 1, 2))
    got = {mg.action_to_str(a): p for a, p in d.probabilities()}
    four_fifths = Fraction(4, 5)
    assert got["fastest 0"] == four_fifths * Fraction(3, 6)
    assert got["fastest 1"] == four_fifths * Fraction(1, 6)
    assert got["fastest 2"] == four_fifths * Fraction(2, 6)
    products = {"0 1": 3, "0 2": 6, "1 2": 2, "0 1 2": 6}
    for seats, product in products.items():
        assert got[f"fastest {seats}"] == Fraction(1, 5) * Fraction(product, 17)
    assert sum(got.values()) == 1
    assert mg.fastest_distribution(mg.Config(players=4, tie_probability=1), (0, 3)).outcomes == (
        mg.Fastest((0, 3)),
    )


def test_mg_16_a_lone_claimant_is_fastest_without_a_chance_event() -> None:
    state = race(table(hands={1: ["hat/red"]}), {1: play("hat/red")})
    assert state.caught[1] == (T.mouse_index["M01"],)
    assert mg.actors(state) == (CHANCE,) and state.pending_draws == (1,)


def test_mg_3_sampled_speed_follows_the_weights() -> None:
    config = mg.Config(players=2, speed_weights=(3, 1))
    d = mg.fastest_distribution(config, (0, 1))
    rng = random.Random(0)
    wins = sum(d.sample(rng) == mg.Fastest((0,)) for _ in range(4000))
    assert 2800 < wins < 3200  # 3/4 expected: 3000, sd about 27


# ---------------------------------------------------------------- MG-4, MG-5: claims


def test_mg_4_a_right_play_catches_the_mouse_and_draws_one() -> None:
    state = race(table(hands={0: ["hat/red", "tie/blue"]}), {0: play("hat/red")})
    assert state.caught[0] == (T.mouse_index["M01"],) and state.open_mouse is None
    assert state.discard == counts(["hat/red"])
    assert state.hands[0] == counts(["tie/blue"]) and state.pending_draws == (0,)
    assert mg.scores(state)[0] == 1


def test_mg_4_a_wrong_play_sends_the_mouse_under_and_the_card_in_front() -> None:
    state = race(table(hands={0: ["tie/blue"]}), {0: play("tie/blue")})
    assert state.mice.bottom == (T.mouse_index["M01"],) and state.caught[0] == ()
    assert state.face_up[0] == counts(["tie/blue"]) and state.pending_draws == (0,)
    assert mg.scores(state)[0] == -1


def test_mg_5_a_right_flip_catches_the_mouse_and_takes_the_hand_back() -> None:
    hand = ["tie/blue", "cap/green", "dress/red"]
    state = race(table(hands={2: hand}), {2: mg.Flip()})
    assert state.caught[2][-1] == T.mouse_index["M01"]
    assert state.hands[2] == counts(hand) and state.pending_draws == ()


def test_mg_5_a_wrong_flip_puts_the_matching_cards_in_front_and_refills() -> None:
    hand = ["hat/red", "hat/red", "tie/blue"]
    state = race(table(hands={0: hand}), {0: mg.Flip()})
    assert state.mice.bottom == (T.mouse_index["M01"],)
    assert sum(state.face_down[0]) == 1  # one item only: no choice (MG-17)
    assert sum(state.face_up[0]) == 1
    assert state.hands[0] == counts(["tie/blue"])
    assert state.pending_draws == (0,) * 6  # refill to 7
    assert mg.scores(state)[0] == -2


def test_mg_17_a_wrong_flipper_chooses_which_card_lies_face_down() -> None:
    hand = ["scarf/brown", "hat/red", "hat/red", "tie/blue"]  # M01 wears hat/red, scarf/brown
    state = race(table(hands={0: hand}), {0: mg.Flip()})
    assert mg.actors(state) == (0,)  # a decision of that seat, before any draw
    assert state.placing[0] == counts(["scarf/brown", "hat/red", "hat/red"])
    assert mg.legal_actions(state, 0) == (mg.FaceDown("hat", "red"), mg.FaceDown("scarf", "brown"))
    assert mg.scores(state)[0] == -3  # the cards count as laid already (MG-14)
    # The others see how many cards it lays, not which, nor which it chooses.
    seen = mg.view(state, 1)
    assert seen.placing[0] is None and seen.placing_counts[0] == 3 and seen.placers == (0,)
    assert mg.view(state, 0).placing[0] == state.placing[0]
    with pytest.raises(tablefeast.IllegalActionError, match=r"lays no tie/blue .*MG-17"):
        mg.apply_action(state, 0, mg.FaceDown("tie", "blue"))
    with pytest.raises(tablefeast.NotYourTurnError):
        mg.apply_action(state, 1, mg.FaceDown("hat", "red"))
    scarf = mg.apply_action(state, 0, mg.FaceDown("scarf", "brown"))
    assert scarf.face_down[0] == counts(["scarf/brown"])
    assert scarf.face_up[0] == counts(["hat/red", "hat/red"])
    hat = mg.apply_action(state, 0, mg.FaceDown("hat", "red"))
    assert hat.face_down[0] == counts(["hat/red"])
    assert hat.face_up[0] == counts(["hat/red", "scarf/brown"])
    assert mg.actors(hat) == (CHANCE,) and hat.pending_draws == (0,) * 6  # then the refill
    # Either way a spectator cannot tell which card lies face down beyond what lies face up.
    assert mg.view(scarf, None).face_down_counts == mg.view(hat, None).face_down_counts
    assert mg.action_to_str(mg.FaceDown("hat", "red")) == "down hat/red"
    assert mg.action_from_str(state, 0, "down scarf/brown") == mg.FaceDown("scarf", "brown")


def test_mg_17_cards_of_one_item_need_no_choice() -> None:
    state = race(table(hands={0: ["hat/red", "hat/red"]}), {0: mg.Flip()})
    assert state.placers == () and state.face_down[0] == counts(["hat/red"])
    assert state.face_up[0] == counts(["hat/red"]) and mg.actors(state) == (CHANCE,)


def test_mg_17_two_wrong_flippers_choose_in_mg_8_order() -> None:
    both = ["hat/red", "scarf/brown"]
    state = table(hands={1: both, 2: both}, turner=2, tie_probability="1/2")
    state = race(state, {1: mg.Flip(), 2: mg.Flip()})
    state = mg.apply_action(state, CHANCE, mg.Fastest((1, 2)))
    assert state.placers == (2, 1) and mg.actors(state) == (2,)  # clockwise from the turner
    state = mg.apply_action(state, 2, mg.FaceDown("hat", "red"))
    assert mg.actors(state) == (1,)
    state = mg.apply_action(state, 1, mg.FaceDown("scarf", "brown"))
    assert state.placers == () and state.placing_mouse is None
    assert state.face_down[1] == counts(["scarf/brown"]) and state.face_down[2] == counts(
        ["hat/red"]
    )


# ---------------------------------------------------------------- MG-6: the Flip ban


def test_mg_6_three_face_down_cards_ban_the_flip() -> None:
    three = ["tie/blue", "tie/yellow", "cap/red"]
    state = table(hands={0: ["hat/red"]}, face_down={0: three, 1: three[:2]})
    assert mg.Flip() not in mg.legal_actions(state, 0)
    assert mg.Flip() in mg.legal_actions(state, 1)
    assert mg.why_not(state, 0, mg.Flip()) == (
        "seat 0 has three face-down cards and may no longer flip (MG-6)"
    )
    with pytest.raises(tablefeast.IllegalActionError, match=r"MG-6"):
        mg.apply_action(state, 0, mg.Flip())


def test_mg_6_a_flip_holding_a_matching_item_is_legal_and_punished() -> None:
    state = table(hands={0: ["hat/red"]})
    assert mg.Flip() in mg.legal_actions(state, 0)
    after = race(state, {0: mg.Flip()})
    assert after.face_down[0] == counts(["hat/red"]) and after.caught[0] == ()


# ---------------------------------------------------------------- MG-7: protected mice


def test_mg_7_a_right_claim_on_a_protected_mouse_takes_the_cheese() -> None:
    state = table(hands={0: ["hat/red", "tie/blue"]}, cheese="emmental")  # M01 shows emmental
    after = race(state, {0: play("hat/red")})
    assert after.caught[0] == () and after.mice.bottom == (T.mouse_index["M01"],)
    assert after.cheeses[0] == (1, 0, 0) and after.open_cheese is None
    assert after.discard == counts(["hat/red"]) and sum(after.face_up[0]) == 0  # no penalty
    assert after.pending_draws == (0,) and after.cheese_to_turn
    assert mg.scores(after)[0] == -2
    after = chance(chance(after, "clothing tie/blue"), "cheese camembert")
    assert T.cheese_names[after.open_cheese] == "camembert"  # type: ignore[index]


def test_mg_7_a_wrong_claim_on_a_protected_mouse_gets_both_penalties() -> None:
    state = table(hands={1: ["tie/blue", "hat/red"]}, cheese="emmental")
    after = race(state, {1: mg.Flip()})
    assert after.cheeses[1] == (1, 0, 0)
    assert after.face_down[1] == counts(["hat/red"])
    assert mg.scores(after)[1] == -3
    wrong_play = race(state, {1: play("tie/blue")})
    assert wrong_play.face_up[1] == counts(["tie/blue"]) and mg.scores(wrong_play)[1] == -3


def test_mg_7_a_right_flip_on_a_protected_mouse_takes_the_hand_back() -> None:
    state = table(hands={1: ["tie/blue"]}, cheese="emmental")
    after = race(state, {1: mg.Flip()})
    assert after.hands[1] == counts(["tie/blue"]) and after.pending_draws == ()
    assert mg.scores(after)[1] == -2


# ---------------------------------------------------------------- MG-8, MG-18: unclear ties


def test_mg_8_an_unclear_tie_of_two_right_claims_gives_each_a_mouse() -> None:
    state = table(hands={0: ["hat/red"], 2: ["ring/yellow"]}, turner=1, tie_probability="1/2")
    raced = race(state, {0: play("hat/red"), 2: play("ring/yellow")})
    assert (mg.Fastest((0, 2)), Fraction(1, 2)) in mg.chance_outcomes(raced)
    after = mg.apply_action(raced, CHANCE, mg.Fastest((0, 2)))
    # Clockwise from the turner (seat 1): seat 2 first, then seat 0.
    assert after.caught[2][-1] == T.mouse_index["M01"]
    assert after.mouse_awards == (0,) and mg.actors(after) == (CHANCE,)
    assert len(mg.chance_outcomes(after)) == 31  # any unseen mouse can be on top
    after = chance(after, "mouse M09")
    assert after.caught[0] == (T.mouse_index["M09"],)
    assert after.turner == 2  # MG-10
    assert after.pending_draws == (2, 0)  # MG-18: in MG-8 order


def test_mg_8_a_mouse_from_a_known_stack_top_and_none_from_an_empty_stack() -> None:
    state = table(
        3,
        hands={0: ["hat/red"], 1: ["ring/yellow"], 2: ["scarf/brown"]},
        stack=(),
        bottom=("M02",),
        tie_probability=1,
    )
    raced = race(state, {0: play("hat/red"), 1: play("ring/yellow"), 2: play("scarf/brown")})
    after = mg.apply_action(raced, CHANCE, mg.Fastest((0, 1, 2)))
    assert after.caught[0] == (T.mouse_index["M01"],)
    assert after.caught[1] == (T.mouse_index["M02"],)  # the known top, no chance needed
    assert after.caught[2] == raced.caught[2]  # the stack was empty: nothing left for seat 2
    assert after.game_over  # MG-12: the last mouse is caught


def test_mg_8_an_unclear_tie_on_a_protected_mouse_gives_the_next_cheese_on() -> None:
    state = table(hands={0: ["hat/red"], 1: ["tie/blue"]}, cheese="emmental", tie_probability="1/3")
    raced = race(state, {0: play("hat/red"), 1: mg.Flip()})
    after = mg.apply_action(raced, CHANCE, mg.Fastest((0, 1)))
    assert after.cheeses[0] == (1, 0, 0) and after.cheese_awards == (1,)
    assert mg.actors(after) == (CHANCE,)
    after = chance(after, "cheese gouda")
    assert after.cheeses[1] == (0, 1, 0)
    assert after.cheese_to_turn and after.pending_draws == (0,)


def test_mg_8_a_protected_mouse_with_a_right_and_a_wrong_claim_in_one_tie() -> None:
    state = table(
        4,
        hands={1: ["hat/red", "tie/blue"], 2: ["ring/yellow", "cap/red"]},
        cheese="emmental",
        turner=2,
        tie_probability="1/3",
        cheeses_left={"emmental": 2, "gouda": 3, "camembert": 2},
    )
    raced = race(state, {1: play("hat/red"), 2: mg.Flip()})
    after = mg.apply_action(raced, CHANCE, mg.Fastest((1, 2)))
    # Clockwise from the turner: seat 2 first. Its flip is wrong (it holds ring/yellow): the
    # face-up cheese and a face-down card. Seat 1's play is right, but the mouse is protected:
    # no mouse, no clothing penalty, and the next face-up cheese.
    assert after.cheeses[2] == (1, 0, 0) and after.face_down[2] == counts(["ring/yellow"])
    assert after.hands[2] == counts(["cap/red"]) and after.pending_draws == (2,) * 6 + (1,)
    assert after.discard == counts(["hat/red"]) and sum(after.face_up[1]) == 0
    assert after.cheese_awards == (1,) and after.caught[1] == ()
    assert mg.chance_outcomes(after) == (
        (mg.RevealCheese("emmental"), Fraction(2, 7)),
        (mg.RevealCheese("gouda"), Fraction(3, 7)),
        (mg.RevealCheese("camembert"), Fraction(2, 7)),
    )
    after = chance(after, "cheese camembert")
    assert after.cheeses[1] == (0, 0, 1) and mg.scores(after)[1:3] == (-2, -3)
    assert after.mice.bottom == (T.mouse_index["M01"],) and after.turner == 2


def test_mg_18_a_wrong_and_a_right_claim_in_one_unclear_tie() -> None:
    state = table(hands={0: ["tie/blue"], 1: ["hat/red"]}, turner=0, tie_probability="1/2")
    raced = race(state, {0: play("tie/blue"), 1: play("hat/red")})
    after = mg.apply_action(raced, CHANCE, mg.Fastest((0, 1)))
    assert after.face_up[0] == counts(["tie/blue"])  # seat 0's claim came first and was wrong
    assert after.caught[1] == (T.mouse_index["M01"],)  # the open mouse is not put under
    assert after.mice.bottom == () and after.mouse_awards == ()
    assert after.turner == 0 and after.pending_draws == (0, 1)


# ---------------------------------------------------------------- MG-9, MG-10: who turns next


def test_mg_9_when_all_pass_the_mouse_goes_under_and_the_turner_stays() -> None:
    for cheese in ("gouda", "emmental"):  # unprotected and protected alike
        after = race(table(turner=2, cheese=cheese), {})
        assert after.mice.bottom == (T.mouse_index["M01"],)
        assert after.turner == 2 and after.idle == 1
        assert mg.actors(after) == (CHANCE,) and after.open_mouse is None


def test_mg_10_the_fastest_claimant_turns_the_next_mouse() -> None:
    state = race(table(hands={1: ["tie/blue"]}, turner=0), {1: play("tie/blue")})
    assert state.turner == 1  # even after a wrong claim


# ---------------------------------------------------------------- MG-11: the clothing pile


def _all_cards_but(name: str) -> list[str]:
    cards = [str(i) for i, n in zip(T.items, T.clothing_counts, strict=True) for _ in range(n)]
    cards.remove(name)
    return cards


def test_mg_11_an_empty_pile_takes_the_discard_pile() -> None:
    empty = (0,) * len(T.items)
    state = replace(
        table(hands={0: ["hat/red"]}),
        clothing_pile=empty,
        discard=counts(_all_cards_but("hat/red")),
    )
    assert mg.check_state(state) == []
    after = race(state, {0: play("hat/red")})
    assert after.discard == empty and after.clothing_pile == T.clothing_counts
    assert mg.actors(after) == (CHANCE,) and after.pending_draws == (0,)
    assert chance(after, "clothing hat/red").hands[0] == counts(["hat/red"])


def test_mg_11_nothing_at_all_to_draw_means_no_draw() -> None:
    empty = (0,) * len(T.items)
    everything = _all_cards_but("tie/blue")
    state = replace(
        table(hands={0: ["tie/blue"]}),
        clothing_pile=empty,
        face_up=(counts(everything),) + (empty,) * 2,
    )
    assert mg.check_state(state) == []
    after = race(
        state, {0: play("tie/blue")}
    )  # wrong: the card goes in front, pile and discard empty
    assert after.pending_draws == () and sum(after.hands[0]) == 0
    assert mg.actors(after) == (CHANCE,) and after.open_mouse is None  # the next mouse


# ---------------------------------------------------------------- MG-12, MG-13, MG-19: the end


def test_mg_12_the_game_ends_when_the_last_mouse_is_caught() -> None:
    state = table(hands={0: ["hat/red"]}, stack=())
    after = race(state, {0: play("hat/red")})
    assert after.game_over and mg.actors(after) == ()
    assert after.pending_draws == ()  # MG-19


def test_mg_12_the_game_ends_when_the_last_cheese_is_taken() -> None:
    state = table(hands={0: ["hat/red"]}, cheese="emmental", cheeses_left={})
    after = race(state, {0: play("hat/red")})
    assert after.game_over and after.cheeses[0] == (1, 0, 0)
    assert mg.winners(after)


def test_mg_19_owed_cards_are_not_drawn_once_the_game_is_over() -> None:
    state = table(hands={0: ["hat/red", "tie/blue"]}, cheese="emmental", cheeses_left={})
    after = race(state, {0: mg.Flip()})  # wrong flip: six cards owed, but the game is over
    assert after.game_over and after.pending_draws == () and sum(after.hands[0]) == 1


def test_mg_19_the_last_cheese_taken_in_an_unclear_race_asks_no_choice() -> None:
    # Two wrong flippers on a protected mouse with the last cheese face up: seat 0 (first in
    # MG-8 order) takes it, none is left for seat 1, and the game is over (MG-12) before either
    # chooses its face-down card (MG-17), so neither is asked.
    both = ["hat/red", "scarf/brown"]  # M01 wears both; its cheese is emmental: protected
    state = table(hands={0: both, 1: both}, cheese="emmental", cheeses_left={}, tie_probability=1)
    raced = race(state, {0: mg.Flip(), 1: mg.Flip()})
    after, effects = mg.apply_traced(raced, CHANCE, mg.Fastest((0, 1)))
    assert after.game_over and mg.actors(after) == () and mg.check_state(after) == []
    assert after.placers == () and after.cheese_awards == () and after.cheeses[1] == (0, 0, 0)
    assert after.cheeses[0] == (1, 0, 0)
    first = counts(["hat/red"])  # MG-19: the first item in card-set order lies face down
    assert after.face_down[0] == first and after.face_down[1] == first
    assert any(isinstance(e, mg.effects.NoCheeseLeft) for e in effects)


def test_mg_13_every_mouse_turned_once_without_progress_ends_the_game() -> None:
    state = table(stack=("M02", "M03"))
    for expected_idle in (1, 2):
        state = race(state, {})
        assert state.idle == expected_idle and not state.game_over
        state = chance(state, "mouse " + T.mouse_ids[state.mice.unseen.index(1)])
    state = race(state, {})
    assert state.game_over and state.idle == 3 == state.mice.size


def test_mg_13_a_catch_or_a_cheese_taken_resets_the_count() -> None:
    state = replace(table(hands={0: ["hat/red"]}, stack=("M02", "M03")), idle=2)
    assert race(state, {0: play("hat/red")}).idle == 0
    protected = replace(table(hands={0: ["hat/red"]}, cheese="emmental"), idle=2)
    taken = race(protected, {0: play("hat/red")})  # MG-7: the cheese, not the mouse
    assert taken.cheeses[0] == (1, 0, 0) and taken.caught[0] == () and taken.idle == 0
    assert race(protected, {}).idle == 3  # nobody claimed: one more idle turn


def test_mg_13_a_race_with_a_penalty_is_progress_too() -> None:
    """With the count one short of the end, a wrong play puts a card in front: something
    happened, so the game goes on and the count starts again (an ordinary game is never ended
    by a race with a penalty in it)."""
    state = table(hands={0: ["tie/blue"]}, stack=("M02", "M03"))
    state = replace(state, idle=state.mice.size)  # the next all-pass race would end it
    wrong = race(state, {0: play("tie/blue")})  # M01 does not wear tie/blue
    assert not wrong.game_over and wrong.idle == 0
    assert wrong.face_up[0] == counts(["tie/blue"])
    assert race(state, {}).game_over  # while nobody claiming ends it (the deadlock)
    flip = race(replace(table(hands={0: ["hat/red"]}, stack=("M02",)), idle=1), {0: mg.Flip()})
    assert not flip.game_over and flip.idle == 0  # a wrong flip too


def test_mg_13_games_where_everybody_always_passes_end() -> None:
    class Passer:
        def act(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            return mg.Pass()

    for players in range(2, 7):
        result = play_game(mg, mg.Config(players=players), [Passer()] * players, seed=players)
        state = result.state
        assert state.game_over and state.idle == len(CARDS.mice)
        assert mg.scores(state) == (0,) * players
        assert mg.winners(state) == frozenset(range(players))  # MG-14: a shared win


# ---------------------------------------------------------------- MG-14: scoring


def _finished(
    mice: list[int], face_up: list[list[str]], face_down: list[list[str]], cheese: list[int]
) -> mg.State:
    """A finished game (MG-13 style: the mice not caught are in the stack), with the given
    numbers of mice caught, penalty cards and cheeses (emmental) per seat."""
    players = len(mice)
    ids = iter(range(len(T.mouse_ids)))
    up = tuple(counts(cards) for cards in face_up)
    down = tuple(counts(cards) for cards in face_down)
    in_front = [sum(x) for x in zip(*up, *down, strict=True)]
    empty = (0,) * len(T.items)
    state = replace(
        table(players),
        caught=tuple(tuple(next(ids) for _ in range(n)) for n in mice),
        open_mouse=None,
        hands=(empty,) * players,
        face_up=up,
        face_down=down,
        clothing_pile=tuple(c - f for c, f in zip(T.clothing_counts, in_front, strict=True)),
        discard=empty,
        cheeses=tuple((n, 0, 0) for n in cheese),
        cheese_pile=(3 - sum(cheese), 2, 3),
        racing=False,
        game_over=True,
    )
    stack = tuple(ids)
    state = replace(state, mice=Pile((0,) * len(T.mouse_ids), stack), idle=len(stack))
    assert mg.check_state(state) == [], mg.check_state(state)
    return state


def test_mg_14_the_rulebooks_scoring_example() -> None:
    # Mice 10, clothing cards 3 (open or face down), cheese 1: 10 - 3 - 2 = 5.
    state = _finished([10, 0], [["tie/blue", "tie/yellow"], []], [["cap/red"], []], [1, 0])
    assert mg.scores(state) == (5, 0)
    assert mg.penalty_points(state, 0) == 5
    assert mg.winners(state) == frozenset({0})
    sheet = mg.CAPABILITIES.score_sheet(state)
    assert [(p.label, p.points) for p in sheet.parts[0]] == [
        ("Mice caught", 10),
        ("Clothing in front", -3),
        ("Cheeses", -2),
    ]
    assert sheet.tie_break is None


def test_mg_14_ties_go_to_fewest_penalty_points_then_are_shared() -> None:
    state = _finished([5, 3, 2], [["tie/blue"], ["tie/yellow"], []], [[], [], []], [1, 0, 0])
    assert mg.scores(state) == (2, 2, 2)
    assert [mg.penalty_points(state, s) for s in range(3)] == [3, 1, 0]
    assert mg.winners(state) == frozenset({2})
    assert mg.CAPABILITIES.score_sheet(state).tie_break == (
        "Seats 0, 1 and 2 tied on 2 points; fewer penalty points decided (MG-14): "
        "seat 0 3, seat 1 1, seat 2 0."
    )
    shared = _finished([3, 3, 1], [[], [], []], [[], [], []], [0, 0, 0])
    assert mg.winners(shared) == frozenset({0, 1})
    assert mg.CAPABILITIES.score_sheet(shared).tie_break == (
        "Seats 0 and 1 tied on 3 points; fewer penalty points decided (MG-14): "
        "seat 0 0, seat 1 0 and still tied: a shared win."
    )
    assert mg.winners(replace(shared, game_over=False)) == frozenset()  # only once it is over


# ---------------------------------------------------------------- MG-15: young players


def test_mg_15_young_players_hold_four_cards_face_up() -> None:
    config = mg.Config(players=3, young_seats=(1,))
    state = mg.initial_state(config)
    assert [state.pending_draws.count(s) for s in range(3)] == [7, 4, 7]
    result = play_game(mg, config, [RandomAgent()] * 3, seed=4, max_moves=20)  # deal, cheese, mouse
    state = result.state
    assert sum(state.hands[1]) == 4
    assert mg.view(state, 0).hands[1] == state.hands[1]  # public
    assert mg.view(state, 0).hands[2] is None  # a normal hand stays hidden
    assert mg.view(state, None).hands[1] == state.hands[1]
    wrong = table(hands={1: ["hat/red", "tie/blue"]}, young_seats=(1,))
    after = race(wrong, {1: mg.Flip()})
    assert after.pending_draws == (1,) * 3  # refill to 4: one card left plus three


def test_mg_15_the_call_has_a_display_string_per_language() -> None:
    assert [mg.Config(players=2, language=lang).call for lang in ("nl", "de", "en")] == [
        "Muisgeflipt!",
        "Mausgeflippt!",
        "Mouse Attack!",
    ]
    raced = race(
        table(hands={0: ["hat/red"], 1: ["tie/blue"]}, language="en"), {0: mg.Flip(), 1: mg.Flip()}
    )
    assert "flips: Mouse Attack!" in mg.render(mg.view(raced, 0))
