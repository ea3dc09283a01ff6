"""At least one test per Schlacht am Buffet ruling, named after it; the rulebook's examples."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.schlacht_am_buffet.components import DISPLAY_NAMES, PLATES, Kind, Plate
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.sheet import ScorePart
from tablefeast.kernel.values import replace
from tests.support.sab import cards, commit_all, duel, plate, run_chance, table


def test_sab_1_setup_deals_nine_cards_each_and_starts_everyone_at_zero() -> None:
    config = sab.Config(players=5, start_player=3)
    state = sab.initial_state(config)
    assert sab.actors(state) == (CHANCE,)
    assert state.pending_draws == tuple(s for s in range(5) for _ in range(9))
    dealt = run_chance(state)
    assert [sum(h) for h in dealt.hands] == [9] * 5
    assert sum(dealt.draw_pile) == 110 - 45
    assert dealt.positions == (0,) * 5
    assert dealt.start_player == 3


@pytest.mark.parametrize(("players", "plates"), [(3, 5), (4, 3), (5, 4), (6, 5)])
def test_sab_2_plates_per_round(players: int, plates: int) -> None:
    state = run_chance(sab.initial_state(sab.Config(players=players)))
    assert len(state.buffet) == plates
    assert sum(state.supply) == 36 - plates


def test_sab_2_every_face_down_plate_is_equally_likely() -> None:
    state = sab.initial_state(sab.Config(players=4))
    state = replace(state, pending_draws=())
    outcomes = sab.chance_outcomes(state)
    assert len(outcomes) == 36
    assert all(p.numerator == 1 and p.denominator == 36 for _, p in outcomes)


def test_sab_3_rulebook_buffet_example_pizza_before_salad() -> None:
    # Rulebook: five players reveal 4, 4, 2, -1; pizza 4 is laid before salad 4.
    state = replace(sab.initial_state(sab.Config(players=5)), pending_draws=())
    for text in ("plate salad 4", "plate chicken -1", "plate pizza 4", "plate cheese 2"):
        state = sab.apply_action(state, CHANCE, sab.action_from_str(state, CHANCE, text))
    assert [p.value for p in state.buffet] == [4, 4, 2, -1]
    assert state.buffet[0] == plate("pizza 4") and state.buffet[1] == plate("salad 4")
    assert state.buffet[-1] == plate("chicken -1")  # the lowest plate is the last one


def test_sab_3_plate_ranking_matches_the_board() -> None:
    assert [k.value for k in Kind] == ["cheese", "salami", "sausage", "pizza", "chicken", "salad"]
    assert [p.rank for p in PLATES] == list(range(36))
    assert Plate(1, Kind.CHEESE).rank > Plate(2, Kind.SALAD).rank  # value first


def test_sab_4_minus_one_from_start_goes_behind_it_and_past_forty_keeps_counting() -> None:
    state = table(
        4,
        hands={0: [-1, 5], 1: [9, 5], 2: [9, 5], 3: [9, 5]},
        positions=(0, 36, 36, 36),
        buffet=["cheese 5", "salami 5", "sausage 5"],
    )
    after = commit_all(state, {0: -1, 1: 9, 2: 9, 3: 9})
    assert after.positions == (-1, 45, 45, 45)


def test_sab_5_commitments_are_hidden_until_all_revealed_and_go_to_discard() -> None:
    state = table(
        4, hands={s: [s, 5] for s in range(4)}, buffet=["cheese 5", "salami 5", "sausage 5"]
    )
    state = sab.apply_action(state, 2, sab.Play(2))
    assert sab.actors(state) == (0, 1, 3)
    other = sab.view(state, 0)
    assert other.committed == (False, False, True, False)
    assert other.my_commitment is None
    assert sab.view(state, 2).my_commitment == 2
    # Seat 0's view is the same whichever card seat 2 committed.
    hands = list(state.hands)
    hands[2] = cards([2])
    swapped = replace(state, commitments=(None, None, 5, None), hands=tuple(hands))
    assert sab.check_state(swapped) == []
    assert sab.view(swapped, 0) == other and sab.view(swapped, 2) != sab.view(state, 2)
    state = commit_all(state, {0: 0, 1: 1, 3: 3})
    assert state.positions == (0, 1, 2, 3)
    assert state.discard == cards([0, 1, 2, 3])
    assert state.commitments == (None,) * 4


def test_sab_6_lone_rearmost_mouse_drops_out_with_the_lowest_plate() -> None:
    state = table(
        4, hands={s: [s, 5] for s in range(4)}, buffet=["cheese 5", "salami 3", "salad -1"]
    )
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    assert state.racing == (1, 2, 3)
    assert state.plates_won[0] == (plate("salad -1"),)
    assert [p.value for p in state.buffet] == [5, 3]


def test_sab_6_a_tie_at_the_rear_drops_nobody() -> None:
    state = table(
        4,
        hands={s: [v, 5] for s, v in enumerate([1, 1, 2, 3])},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 1, 1: 1, 2: 2, 3: 3})
    assert state.racing == (0, 1, 2, 3)
    assert len(state.buffet) == 3 and state.exchanger is None
    assert sab.actors(state) == (0, 1, 2, 3)


def test_sab_7_first_mouse_out_may_exchange_any_number_of_cards() -> None:
    state = table(
        4,
        hands={0: [0, 7, 7, 9], 1: [1, 5], 2: [2, 5], 3: [3, 5]},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    assert sab.actors(state) == (0,)
    options = sab.legal_actions(state, 0)
    assert sab.Exchange(()) in options and sab.Exchange((9, 7, 7)) in options
    assert len(options) == 2 * 3  # the hand is now {7, 7, 9}: (no 9 or one) x (0, 1 or 2 sevens)
    after = sab.apply_action(state, 0, sab.Exchange((7, 9)))
    assert after.pending_draws == (0, 0)
    assert after.discard == cards([0, 1, 2, 3, 7, 9])
    after = run_chance(after)
    assert sum(after.hands[0]) == 3


def test_sab_7_only_the_first_mouse_out_exchanges() -> None:
    hands = {0: [0, 5, 0], 1: [1, 1, 1], 2: [2, 0, 2], 3: [3, 5, 3], 4: [4, 5, 4]}
    state = table(5, hands=hands, buffet=["cheese 5", "salami 3", "sausage 2", "salad -1"])
    state = commit_all(state, {s: s for s in range(5)})
    state = sab.apply_action(state, 0, sab.Exchange(()))
    assert not state.exchange_open
    state = commit_all(state, {1: 1, 2: 0, 3: 5, 4: 5})  # seats 1 and 2 tie at the rear
    assert state.racing == (1, 2, 3, 4)
    state = commit_all(state, {1: 1, 2: 2, 3: 3, 4: 4})  # the second mouse out: seat 1
    assert state.racing == (2, 3, 4) and state.exchanger is None
    assert sab.actors(run_chance(state)) == (2, 3, 4)  # (after the SAB-10 draws)


def test_sab_7_exchange_is_illegal_with_cards_not_in_hand() -> None:
    state = table(
        4,
        hands={0: [0, 7], 1: [1, 5], 2: [2, 5], 3: [3, 5]},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    with pytest.raises(tablefeast.IllegalActionError, match="SAB-7"):
        sab.apply_action(state, 0, sab.Exchange((9,)))
    assert sab.why_not(state, 0, sab.Exchange((9,))) is not None


def test_sab_8_start_player_tile_passes_clockwise_when_its_holder_drops_out() -> None:
    state = table(
        4,
        hands={s: [v, 5] for s, v in enumerate([5, 5, 0, 5])},
        start_player=2,
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 5, 1: 5, 2: 0, 3: 5})
    assert state.racing == (0, 1, 3)
    assert state.start_player == 3
    state2 = table(
        4,
        hands={s: [v, 5] for s, v in enumerate([5, 5, 5, 0])},
        start_player=3,
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    assert commit_all(state2, {0: 5, 1: 5, 2: 5, 3: 0}).start_player == 0  # wraps around


def test_sab_9_duel_front_mouse_takes_the_plate_and_a_tie_repeats() -> None:
    state = duel({1: [4, 6, 5], 3: [4, 2, 5]})
    tied = commit_all(state, {1: 4, 3: 4})
    assert tied.racing == (1, 3) and tied.buffet == (plate("cheese 5"),)
    done = commit_all(tied, {1: 6, 3: 2})
    assert done.plates_won[1] == (plate("cheese 5"),)
    assert done.plates_won[3] == ()


def test_sab_10_a_racer_with_no_cards_draws_nine_first() -> None:
    state = duel({1: [4], 3: [4, 5]})
    state = commit_all(state, {1: 4, 3: 4})  # a tie; seat 1's hand is now empty
    assert sab.actors(state) == (CHANCE,)
    assert state.pending_draws == (1,) * 9
    state = run_chance(state)
    assert sum(state.hands[1]) == 9 and sab.actors(state) == (1, 3)


def test_sab_11_empty_draw_pile_takes_the_shuffled_discard_pile() -> None:
    everything = [v for v in range(-1, 10) for _ in range(10)]
    hands = {0: [0, 7], 1: [1, 5], 2: [2, 5], 3: [3, 5]}
    held = Counter(v for h in hands.values() for v in h)
    rest = list((Counter(everything) - held).elements())
    state = table(4, hands=hands, buffet=["cheese 5", "salami 3", "salad -1"], draw_pile=[])
    assert sum(state.discard) == len(rest)
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    state = sab.apply_action(state, 0, sab.Exchange((7,)))
    assert sab.actors(state) == (CHANCE,)
    assert sum(state.draw_pile) == len(rest) + 5 and sum(state.discard) == 0
    assert len(sab.chance_outcomes(state)) == 11


def test_sab_11_with_both_piles_empty_the_player_draws_nothing() -> None:
    state = duel({1: [4], 3: [4, 5]}, draw_pile=[])
    state = replace(state, discard=(0,) * 11)
    # Put the rest of the cards out of play into seat 0's hand (it is not racing).
    rest = [v for v in range(-1, 10) for _ in range(10)]
    for v in (4, 4, 5):
        rest.remove(v)
    state = replace(state, hands=(cards(rest), *state.hands[1:]))
    # Unreachable in a real game (at most 60 of the 110 cards are ever held or committed, so
    # the piles are never both empty): the check refuses it, the rule still says what happens.
    assert any("a hand never exceeds 9" in p for p in sab.check_state(state))
    state = commit_all(state, {1: 4, 3: 4})  # a tie; the two 4s are the only loose cards
    assert state.pending_draws == (1,) * 9 and sum(state.draw_pile) == 2
    state = run_chance(state)
    assert state.pending_draws == () and sum(state.hands[1]) == 2
    assert sab.actors(state) == (1, 3)


def test_sab_12_end_of_round_refills_to_nine_and_returns_mice_to_start() -> None:
    state = table(
        4,
        hands={0: [1], 1: [6, 5], 2: [2, 2, 2], 3: [4, 2, 5]},
        racing=(1, 3),
        positions=(2, 7, 4, 3),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        start_player=3,
    )
    state = commit_all(state, {1: 6, 3: 2})
    assert state.round == 2
    assert state.pending_draws == (0,) * 8 + (1,) * 8 + (2,) * 6 + (3,) * 7
    assert state.positions == (0, 0, 0, 0) and state.racing == (0, 1, 2, 3)
    state = run_chance(state)
    assert [sum(h) for h in state.hands] == [9, 9, 9, 9] and len(state.buffet) == 3


def test_sab_13_next_start_player_is_left_of_the_duel_winner() -> None:
    state = duel({1: [6, 2], 3: [2, 6]}, start_player=1)
    assert commit_all(state, {1: 2, 3: 6}).start_player == 0  # seat 3 won; its left is 0
    assert commit_all(state, {1: 6, 3: 2}).start_player == 2


def test_sab_14_a_new_plate_of_a_kind_covers_the_old_one() -> None:
    state = table(
        4,
        plates_won={0: ["pizza 5", "cheese 1", "pizza -1"], 1: ["salad -1", "salad 4"]},
        buffet=["sausage 5", "sausage 4", "sausage 3"],
        check=False,  # scoring only: these plates were never won in round 1
    )
    assert sab.scores(state)[:2] == (0, 4)  # pizza -1 covers pizza 5; salad 4 covers salad -1


@pytest.mark.parametrize(("players", "rounds"), [(3, 7), (4, 12), (5, 9), (6, 7)])
def test_sab_15_number_of_rounds(players: int, rounds: int) -> None:
    game = tablefeast.load("schlacht_am_buffet")
    result = play_game(game, sab.Config(players=players), [RandomAgent()] * players, seed=players)
    assert result.state.game_over and result.state.round == rounds
    assert sum(result.state.supply) == 36 - rounds * sab.Config(players=players).plates_per_round


def test_sab_16_tie_goes_to_the_better_best_plate_then_is_shared() -> None:
    state = table(
        3,
        plates_won={0: ["salami 5"], 1: ["cheese 3", "pizza 2"], 2: []},
        game_over=True,
        racing=(),
        check=False,  # scoring only: not the plates of a whole game
    )
    assert sab.scores(state) == (5, 5, 0)
    assert sab.winners(state) == {0}  # 5 beats 3 as best plate
    state = table(
        3,
        plates_won={0: ["salami 4"], 1: ["cheese 4"], 2: ["salad 4"]},
        game_over=True,
        racing=(),
        check=False,
    )
    assert sab.winners(state) == {1}  # equal values: the kind ranking decides
    sheet = sab.CAPABILITIES.score_sheet(state)
    assert sheet.tie_break == (
        "Seats 0, 1 and 2 tied on 4 points; the best top plate decided (SAB-16): "
        "seat 0 salami 4, seat 1 cheese 4, seat 2 salad 4."
    )
    nobody = table(3, game_over=True, racing=(), check=False)
    assert sab.winners(nobody) == {0, 1, 2}  # no plates at all: a shared win
    assert sab.CAPABILITIES.score_sheet(nobody).tie_break == (
        "Seats 0, 1 and 2 tied on 0 points and share the win (SAB-16)."
    )


def test_sab_14_the_score_sheet_names_each_top_plate_and_what_it_covers() -> None:
    state = table(
        3,
        plates_won={0: ["salami 5", "cheese 1", "salami 2"], 1: ["pizza 3"], 2: []},
        check=False,  # scoring only
    )
    sheet = sab.CAPABILITIES.score_sheet(state)
    assert sheet.parts[0] == (
        ScorePart("Salami", 2, "covers salami 5"),
        ScorePart("Cheese", 1),
    )
    assert sheet.totals() == sab.scores(state) == (3, 3, 0)
    assert sheet.tie_break is None  # the game goes on
    french = table(3, plates_won={0: ["salami 5"]}, edition="fr", check=False)
    assert sab.CAPABILITIES.score_sheet(french).parts[0][0].label == "Pomme de terre"  # SAB-19


def test_sab_17_three_players_part_one_everybody_gets_a_plate() -> None:
    state = table(
        3,
        hands={0: [0, 3, 5], 1: [4, 2, 5], 2: [6, 1, 5]},
        buffet=["cheese 5", "salami 4", "pizza 2", "salad 2", "chicken 1"],
    )
    state = commit_all(state, {0: 0, 1: 4, 2: 6})
    assert state.plates_won[0] == (plate("chicken 1"),) and state.exchanger == 0
    state = sab.apply_action(state, 0, sab.Exchange(()))
    state = commit_all(state, {1: 2, 2: 1})  # 6 vs 7: seat 1 is the lone rear
    assert state.plates_won[1] == (plate("salad 2"),)
    assert state.plates_won[2] == (plate("pizza 2"),)
    assert state.part == 2 and state.buffet == (plate("cheese 5"), plate("salami 4"))


@pytest.mark.parametrize("edition", ["en", "fr"])
def test_sab_18_three_players_part_two_per_edition(edition: str) -> None:
    state = table(
        3,
        hands={0: [0, 3, 5], 1: [4, 2, 5], 2: [6, 1, 5]},
        edition=edition,
        buffet=["cheese 5", "salami 4", "pizza 2", "salad 2", "chicken 1"],
    )
    state = commit_all(state, {0: 0, 1: 4, 2: 6})
    state = sab.apply_action(state, 0, sab.Exchange(()))
    state = commit_all(state, {1: 2, 2: 1})
    assert state.part == 2 and state.racing == (0, 1, 2)
    if edition == "en":
        assert state.positions == (0, 0, 0)
    else:
        assert state.positions == (0, 6, 7)  # SAB-22: where each mouse's race ended
    assert [sum(h) for h in state.hands] == [2, 1, 1]  # no refill between the parts
    state = commit_all(state, {0: 3, 1: 5, 2: 5})  # seat 0 is the lone rear in both editions
    assert state.plates_won[0][-1] == plate("salami 4")  # the first out takes the lower plate
    assert state.exchanger is None and not state.exchange_open  # and may not exchange
    assert state.racing == (1, 2) and state.buffet == (plate("cheese 5"),)


def test_sab_18_part_two_duel_then_refill() -> None:
    state = table(
        3,
        hands={0: [1], 1: [9, 2], 2: [3, 3]},
        part=2,
        exchange_open=False,
        buffet=["cheese 5", "salami 4"],
        plates_won={0: ["chicken 1"], 1: ["salad 2"], 2: ["pizza 2"]},
    )
    state = commit_all(state, {0: 1, 1: 9, 2: 3})
    assert state.plates_won[0][-1] == plate("salami 4") and state.racing == (1, 2)
    state = commit_all(state, {1: 2, 2: 3})  # 11 vs 6: seat 1 wins the best plate
    assert state.plates_won[1][-1] == plate("cheese 5")
    assert state.start_player == 2 and state.round == 2
    assert state.pending_draws == (0,) * 9 + (1,) * 9 + (2,) * 9  # all hands played empty


def test_sab_19_french_names_only_change_the_display() -> None:
    assert DISPLAY_NAMES["fr"][Kind.SALAMI] == "pomme de terre"
    assert Plate(4, Kind.SALAMI).display("fr") == "pomme de terre 4"
    assert Plate(4, Kind.SALAMI).display("en") == "salami 4"
    action = sab.action_from_str(None, CHANCE, "plate salami 4")
    assert sab.action_to_str(action) == "plate salami 4"
    # Revealing plates: the same outcomes, written the same way, in both editions.
    fr = replace(sab.initial_state(sab.Config(players=4, edition="fr")), pending_draws=())
    en = replace(sab.initial_state(sab.Config(players=4)), pending_draws=())
    assert isinstance(sab.legal_actions(fr, CHANCE)[0], sab.RevealPlate)
    assert sab.legal_actions(fr, CHANCE) == sab.legal_actions(en, CHANCE)
    texts = [sab.action_to_str(a) for a in sab.legal_actions(fr, CHANCE)]
    assert "plate salami 4" in texts and not any("pomme" in t for t in texts)


def test_sab_20_the_rulebooks_scoring_example_gives_10_with_the_chicken_leg_5_best() -> None:
    """The example as the rulebook states it: 10 points, the chicken leg 5 the most valuable
    dish, the plates shown 4, 2, 5, -1 and 1, and (the French text) the chicken leg and the
    salad covered: the salad 1 lies under the salad -1, a chicken leg under the chicken leg 5."""
    won = ["chicken 2", "pizza 4", "salad 1", "sausage 2", "chicken 5", "salad -1"]
    state = table(4, plates_won={0: won}, buffet=["cheese 5", "cheese 4", "cheese 3"], check=False)
    from tablefeast.games.schlacht_am_buffet.rules import top_plates

    tops = top_plates(state.plates_won[0])
    assert sorted(p.value for p in tops) == [-1, 2, 4, 5]  # the 1 and the 2 are covered
    assert {plate("salad 1"), plate("salad -1")} <= set(state.plates_won[0])
    assert sab.scores(state)[0] == 4 + 2 + 5 - 1 == 10
    assert max(tops, key=lambda p: p.value) == plate("chicken 5")
    assert sorted(p.value for p in state.plates_won[0]) == [-1, 1, 2, 2, 4, 5]  # all shown


def test_sab_16_the_french_edition_breaks_ties_by_the_best_plate_too() -> None:
    """The French summary names only the kinds' ranking; the value of the best plate still
    comes first (the ruling of SAB-16), in both editions."""
    for edition in ("en", "fr"):
        state = table(
            3,
            edition=edition,
            plates_won={0: ["salad 5"], 1: ["cheese 3", "salami 2"], 2: []},
            game_over=True,
            racing=(),
            check=False,
        )
        assert sab.scores(state)[:2] == (5, 5)
        assert sab.winners(state) == {0}  # the salad 5 beats the cheese 3, kinds aside


def test_sab_21_no_refill_after_the_last_round() -> None:
    game = tablefeast.load("schlacht_am_buffet")
    final = play_game(game, sab.Config(players=4), [RandomAgent()] * 4, seed=3).state
    assert final.game_over and final.pending_draws == () and sab.actors(final) == ()
    assert any(sum(h) < 9 for h in final.hands)


def test_sab_22_french_part_two_mice_stay_where_their_race_ended() -> None:
    state = table(
        3,
        hands={0: [0, 3, 5], 1: [4, 2, 5], 2: [6, 1, 5]},
        edition="fr",
        positions=(10, 10, 10),
        buffet=["cheese 5", "salami 4", "pizza 2", "salad 2", "chicken 1"],
    )
    state = commit_all(state, {0: 0, 1: 4, 2: 6})
    state = sab.apply_action(state, 0, sab.Exchange(()))
    state = commit_all(state, {1: 2, 2: 1})
    assert state.positions == (10, 16, 17)


def test_sab_23_chance_order_deal_by_seat_and_exchange_draws_first() -> None:
    state = sab.initial_state(sab.Config(players=3))
    rng = random.Random(4)
    seats = []
    while state.pending_draws:
        seats.append(state.pending_draws[0])
        state = sab.apply_action(state, CHANCE, sab.chance_distribution(state).sample(rng))
    assert seats == [0] * 9 + [1] * 9 + [2] * 9
    assert state.to_reveal == 5  # the buffet comes after the deal
    # An exchange's draws come before a racer's SAB-10 draw.
    state = table(
        4,
        hands={0: [0, 7], 1: [1], 2: [2, 5], 3: [3, 5]},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    assert state.pending_draws == (1,) * 9 and sab.actors(state) == (0,)
    state = sab.apply_action(state, 0, sab.Exchange((7,)))
    assert state.pending_draws == (0,) + (1,) * 9


def test_sab_24_exchange_with_an_empty_hand_is_still_a_decision() -> None:
    state = table(
        4,
        hands={0: [0], 1: [1, 5], 2: [2, 5], 3: [3, 5]},
        buffet=["cheese 5", "salami 3", "salad -1"],
    )
    state = commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    assert sab.actors(state) == (0,)
    assert sab.legal_actions(state, 0) == (sab.Exchange(()),)
    assert sab.action_to_str(sab.Exchange(())) == "exchange"


@given(st.lists(st.integers(-1, 9), max_size=9))
def test_sab_7_legal_exchanges_are_exactly_the_discards_the_rule_allows(hand: list[int]) -> None:
    from itertools import product

    from tablefeast.games.schlacht_am_buffet.rules import _exchanges, _why_not_exchange

    counts = cards(hand)
    options = _exchanges(counts)
    assert len(set(options)) == len(options)
    allowed = set()
    for taken in product(*(range(n + 2) for n in counts)):  # one more than held, to be refused
        discard = tuple(v for v, k in zip(range(-1, 10), taken, strict=True) for _ in range(k))
        if len(discard) <= 9 and _why_not_exchange(counts, discard) is None:
            allowed.add(sab.Exchange(discard))
    assert set(options) == allowed


@given(st.lists(st.integers(0, 3), min_size=11, max_size=11))
def test_sab_5_the_table_of_plays_is_exactly_the_cards_the_rule_allows(counts: list[int]) -> None:
    # The plays are read from a table built once for every pattern of values held (issue 19);
    # they must be exactly the cards `_why_not_play` accepts, in value order.
    from tablefeast.games.schlacht_am_buffet.rules import _plays, _why_not_play

    hand = tuple(counts)
    expected = tuple(sab.Play(v) for v in range(-1, 10) if _why_not_play(hand, v) is None)
    assert _plays(hand) == expected


def test_sab_25_a_mouse_stops_at_the_bound_of_the_counted_track() -> None:
    from tablefeast.games.schlacht_am_buffet.components import MAX_POSITION

    edge = MAX_POSITION - 3
    state = table(
        4,
        hands={1: [9, 5], 3: [9, 5]},
        racing=(1, 3),
        positions=(0, edge, -MAX_POSITION, edge),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        start_player=1,
    )
    tied = commit_all(state, {1: 9, 3: 9})  # both would pass the bound: both stop on it
    assert tied.positions == (0, MAX_POSITION, -MAX_POSITION, MAX_POSITION)
    assert tied.racing == (1, 3) and sab.check_state(tied) == []
    beyond = replace(state, positions=(0, MAX_POSITION + 1, 0, edge))
    assert any("SAB-25" in problem for problem in sab.check_state(beyond))
