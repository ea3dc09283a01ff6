"""Special situations for the designer's report (issue 18): `situations` and `SITUATIONS` of
every game.

1. Along seeded random games of many setups, every label returned is listed in `SITUATIONS`,
   and no legal move makes `situations` raise.
2. Per label, a position built by hand where its situation occurs gets the label, and a similar
   move where it does not, does not (each test named after its ruling).
3. Most labels occur in a few hundred random 4-player games; the few that do not are named.
4. `holdings`: the same labels in every state of a game, counts that never raise and add up to
   what the state holds, where the rules make the totals exact.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs
import pytest

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
import tablefeast.games.food_chain as fc
import tablefeast.games.mausgeflippt as mg
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.all_you_can_eat_buffet.config import DRINKS, SPICES
from tablefeast.games.food_chain.components import HAND
from tablefeast.games.schlacht_am_buffet.components import PLATES
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.values import replace
from tests.support import ayc as ayc_helpers
from tests.support import fc as fc_helpers
from tests.support import mg as mg_helpers
from tests.support import sab as sab_helpers
from tests.support.effects import labels_of
from tests.support.fc import B, C, D, F, W
from tests.support.walk import random_moves

PREFIXES = {
    "schlacht_am_buffet": "SAB",
    "mausgeflippt": "MG",
    "food_chain": "FC",
    "all_you_can_eat_buffet": "AYC",
}
NAMES = tuple(PREFIXES)


def labels(game: Any, state: Any, seat: int, action: Any) -> tuple[str, ...]:
    """The situations of one move, checked to be listed."""
    found = labels_of(game, state, seat, action)
    assert type(found) is tuple and set(found) <= set(game.SITUATIONS), found
    return found  # type: ignore[no-any-return]


# ---------------------------------------------------------------- 1. random games

SETUPS: Mapping[str, tuple[Mapping[str, Any], ...]] = {
    "schlacht_am_buffet": (
        {"players": 3},
        {"players": 3, "edition": "fr"},
        {"players": 4, "start_player": 2},
        {"players": 5, "edition": "fr"},
        {"players": 6},
    ),
    "mausgeflippt": (
        {"players": 2},
        {"players": 3, "young_seats": (1,), "tie_probability": "1/5"},
        {"players": 4, "speed_weights": (3, 1, 1, 2), "tie_probability": "1/3"},
        {"players": 6, "young_seats": (0, 5), "tie_probability": 1},
        {"players": 5, "cards": mg_helpers.SMALL, "tie_probability": "1/2"},
    ),
    "food_chain": (
        {"players": 3},
        {"players": 4, "first_alpha": 1, "stars": (1, 2, 3, 4, 5)},
        {"players": 5},
        {"players": 6, "first_alpha": 5},
    ),
    "all_you_can_eat_buffet": (
        {"players": 3},
        {"players": 4, "first_player": 3},
        {"players": 5},
        {"players": 6},
    ),
}
"""Setups of the random games of part 1: every player count, editions, young players, speed
models, a tiny card set (reshuffles and the end without progress come up at once)."""


@pytest.mark.parametrize("name", NAMES)
def test_every_label_is_listed_and_no_legal_move_raises(name: str) -> None:
    game = tablefeast.load(name)
    assert 4 <= len(game.SITUATIONS) <= 12 and len(set(game.SITUATIONS)) == len(game.SITUATIONS)
    assert all(label.startswith(PREFIXES[name] + "-") for label in game.SITUATIONS)
    seen: Counter[str] = Counter()
    setups = SETUPS[name]
    for seed in range(36):
        config = game.Config(**setups[seed % len(setups)])
        for before, seat, action, _after in random_moves(
            game, game.initial_state(config), random.Random(seed)
        ):
            found = labels_of(game, before, seat, action)
            assert type(found) is tuple and set(found) <= set(game.SITUATIONS), found
            seen.update(found)
    assert seen  # the games did meet some situations


# ---------------------------------------------------------------- 2. Schlacht am Buffet

BUFFET = ["cheese 5", "salami 3", "salad -1"]


def _last_commit(state: sab.State, plays: Mapping[int, int]) -> tuple[str, ...]:
    """Every listed seat but the last commits its card; the labels of the last commitment."""
    *first, last = sorted(plays)
    state = sab_helpers.commit_all(state, {s: plays[s] for s in first})
    return labels(sab, state, last, sab.Play(plays[last]))


def _sab_duel(hands: dict[int, list[int]], **fields: Any) -> sab.State:
    """A 4-player round down to its duel: seats 1 and 3 race for the cheese 5 (SAB-9)."""
    fields.setdefault("start_player", 1)
    return sab_helpers.table(
        4,
        hands=hands,
        racing=(1, 3),
        positions=(0, 3, 0, 3),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        **fields,
    )


def test_sab_6_tie_at_the_rear_is_a_situation() -> None:
    hands = {s: [v, 5, 6] for s, v in enumerate([1, 1, 2, 3])}
    state = sab_helpers.table(4, hands=hands, buffet=BUFFET)
    assert _last_commit(state, {0: 1, 1: 1, 2: 2, 3: 3}) == ("SAB-6 tie at the rear",)
    assert _last_commit(state, {0: 5, 1: 1, 2: 2, 3: 3}) == ()  # seat 1 alone drops out


def test_sab_7_exchange_is_a_situation() -> None:
    hands = {0: [0, 7, 7, 9], 1: [1, 5], 2: [2, 5], 3: [3, 5]}
    state = sab_helpers.table(4, hands=hands, buffet=BUFFET)
    state = sab_helpers.commit_all(state, {0: 0, 1: 1, 2: 2, 3: 3})
    assert sab.actors(state) == (0,)
    assert labels(sab, state, 0, sab.Exchange((7, 9))) == ("SAB-7 exchange",)
    assert labels(sab, state, 0, sab.Exchange(())) == ()  # keeping every card


def test_sab_8_start_player_tile_passing_is_a_situation() -> None:
    hands = {s: [v, 5, 6] for s, v in enumerate([5, 5, 0, 5])}
    state = sab_helpers.table(4, hands=hands, start_player=2, buffet=BUFFET)
    assert _last_commit(state, {0: 5, 1: 5, 2: 0, 3: 5}) == ("SAB-8 start player tile passes",)
    other = sab_helpers.table(4, hands=hands, start_player=1, buffet=BUFFET)
    assert _last_commit(other, {0: 5, 1: 5, 2: 0, 3: 5}) == ()  # seat 2 is not the start player


def test_sab_9_tie_in_the_duel_is_a_situation() -> None:
    state = _sab_duel({1: [4, 6, 5], 3: [4, 2, 5]})
    assert _last_commit(state, {1: 4, 3: 4}) == ("SAB-9 tie in the duel",)
    assert _last_commit(state, {1: 6, 3: 2}) == ()  # seat 1 wins the duel


def test_sab_10_an_empty_hand_drawing_nine_is_a_situation() -> None:
    state = _sab_duel({1: [4], 3: [4, 5]})
    assert _last_commit(state, {1: 4, 3: 4}) == (
        "SAB-9 tie in the duel",
        "SAB-10 empty hand draws 9",
    )
    more = _sab_duel({1: [4, 6], 3: [4, 5]})
    assert _last_commit(more, {1: 4, 3: 4}) == ("SAB-9 tie in the duel",)
    # Two racers out of cards in one step: the label twice. The round goes on for 0, 1 and 2.
    hands = {0: [4], 1: [4], 2: [4, 5], 3: [0, 5]}
    state = sab_helpers.table(4, hands=hands, buffet=BUFFET)
    found = _last_commit(state, {0: 4, 1: 4, 2: 4, 3: 0})
    assert found == ("SAB-10 empty hand draws 9",) * 2


def test_sab_11_reshuffling_the_discard_pile_is_a_situation() -> None:
    hands = {0: [0, 7], 1: [1, 5], 2: [2, 5], 3: [3, 5]}
    empty = sab_helpers.table(4, hands=hands, buffet=BUFFET, draw_pile=[])
    state = sab_helpers.commit_all(empty, {0: 0, 1: 1, 2: 2, 3: 3})
    assert labels(sab, state, 0, sab.Exchange((7,))) == (
        "SAB-7 exchange",
        "SAB-11 discard pile reshuffled",
    )
    full = sab_helpers.commit_all(
        sab_helpers.table(4, hands=hands, buffet=BUFFET), {0: 0, 1: 1, 2: 2, 3: 3}
    )
    assert labels(sab, full, 0, sab.Exchange((7,))) == ("SAB-7 exchange",)
    drawn = sab.apply_action(full, 0, sab.Exchange((7,)))
    assert labels(sab, drawn, CHANCE, sab.DrawCard(7)) == ()  # an ordinary draw


def test_sab_14_a_plate_covering_another_is_a_situation() -> None:
    def round_two(won: list[str]) -> sab.State:
        hands = {s: [s, 5, 6] for s in range(4)}
        plates_won = {s: [p] for s, p in enumerate(won)}
        return sab_helpers.table(
            4, hands=hands, buffet=BUFFET, plates_won=plates_won, round=2, start_player=1
        )

    # Seat 0 drops out with the salad -1, onto its salad 1.
    state = round_two(["salad 1", "pizza 4", "cheese 4"])
    assert _last_commit(state, {0: 0, 1: 1, 2: 2, 3: 3}) == ("SAB-14 plate covers another",)
    state = round_two(["pizza 4", "salad 1", "cheese 4"])
    assert _last_commit(state, {0: 0, 1: 1, 2: 2, 3: 3}) == ()


def _last_duel_of_the_game() -> sab.State:
    """Round 12 of 4 players: seats 1 and 3 duel for the cheese 5, the last plate of the game.
    Scores before the duel: seat 0 salami 5 + salad 4 = 9; seat 1 pizza 3 + cheese 1 = 4;
    seat 2 sausage 5; seat 3 chicken 4 + cheese 2 = 6."""
    kinds = {0: ("salami", 5, "salad", 4), 1: ("pizza", 3), 2: ("sausage", 5), 3: ("chicken", 4)}
    won: dict[int, list[str]] = {}
    for seat, spec in kinds.items():
        stacks = []
        for kind, top in zip(spec[::2], spec[1::2], strict=True):
            values = [v for v in (-1, 1, 2, 3, 4, 5) if v != top] + [top]  # the top last
            stacks += [f"{kind} {v}" for v in values]
        won[seat] = stacks
    won[1] += ["cheese -1", "cheese 1"]
    won[3] += ["cheese 3", "cheese 4", "cheese 2"]
    assert sum(map(len, won.values())) == len(PLATES) - 1
    return sab_helpers.table(
        4,
        hands={1: [2, 6, 5], 3: [2, 6, 5]},
        racing=(1, 3),
        positions=(0, 3, 0, 3),
        buffet=["cheese 5"],
        plates_won=won,
        exchange_open=False,
        start_player=1,
        round=12,
    )


def test_sab_16_a_tie_on_points_at_the_end_is_a_situation() -> None:
    state = _last_duel_of_the_game()
    assert sab.scores(state) == (9, 4, 5, 6)
    # Seat 3 wins the cheese 5 over its cheese 2: 9 points, as many as seat 0.
    assert _last_commit(state, {1: 2, 3: 6}) == (
        "SAB-14 plate covers another",
        "SAB-16 tie on points",
    )
    end = sab_helpers.commit_all(state, {1: 2, 3: 6})
    assert end.game_over and sab.winners(end) == {3}  # the better best plate (SAB-16)
    # Seat 1 wins it over its cheese 1: 8 points, behind seat 0's 9.
    assert _last_commit(state, {1: 6, 3: 2}) == ("SAB-14 plate covers another",)


# ---------------------------------------------------------------- 2. Mausgeflippt


def _commit_all_but_last(state: mg.State, choices: Mapping[int, mg.Action]) -> mg.State:
    for seat in range(state.config.players - 1):
        state = mg.apply_action(state, seat, choices.get(seat, mg.Pass()))
    return state


def _race_labels(state: mg.State, choices: Mapping[int, mg.Action]) -> tuple[str, ...]:
    """Every seat commits (a Pass when not named); the labels of the last commitment."""
    last = state.config.players - 1
    return labels(mg, _commit_all_but_last(state, choices), last, choices.get(last, mg.Pass()))


PLAY = mg_helpers.play


def test_mg_4_a_wrong_play_is_a_situation() -> None:
    state = mg_helpers.table(hands={0: ["tie/blue", "hat/red"]})  # M01 wears hat/red
    assert _race_labels(state, {0: PLAY("tie/blue")}) == ("MG-4 wrong play",)
    assert _race_labels(state, {0: PLAY("hat/red")}) == ()


def test_mg_5_a_right_flip_is_a_situation() -> None:
    state = mg_helpers.table(hands={2: ["tie/blue", "cap/green", "dress/red"]})
    assert _race_labels(state, {2: mg.Flip()}) == ("MG-5 right flip",)
    assert _race_labels(state, {2: PLAY("tie/blue")}) == ("MG-4 wrong play",)


def test_mg_5_a_wrong_flip_is_a_situation() -> None:
    state = mg_helpers.table(hands={0: ["hat/red", "scarf/brown", "tie/blue"]})
    assert _race_labels(state, {0: mg.Flip()}) == ("MG-5 wrong flip",)
    right = mg_helpers.table(hands={0: ["tie/blue"]})
    assert _race_labels(right, {0: mg.Flip()}) == ("MG-5 right flip",)


def test_mg_6_a_third_face_down_card_barring_the_flip_is_a_situation() -> None:
    two = mg_helpers.table(hands={0: ["hat/red"]}, face_down={0: ["tie/blue", "tie/yellow"]})
    assert _race_labels(two, {0: mg.Flip()}) == ("MG-5 wrong flip", "MG-6 flip barred")
    one = mg_helpers.table(hands={0: ["hat/red"]}, face_down={0: ["tie/blue"]})
    assert _race_labels(one, {0: mg.Flip()}) == ("MG-5 wrong flip",)


def test_mg_7_a_claim_on_a_protected_mouse_is_a_situation() -> None:
    hands = {0: ["hat/red", "tie/blue"]}
    protected = mg_helpers.table(hands=hands, cheese="emmental")  # M01 shows emmental
    assert _race_labels(protected, {0: PLAY("hat/red")}) == ("MG-7 claim on a protected mouse",)
    assert _race_labels(protected, {0: PLAY("tie/blue")}) == (
        "MG-4 wrong play",
        "MG-7 claim on a protected mouse",
    )
    assert _race_labels(mg_helpers.table(hands=hands), {0: PLAY("hat/red")}) == ()


def test_mg_8_an_unclear_race_is_a_situation() -> None:
    hands = {0: ["hat/red"], 2: ["ring/yellow"]}
    state = mg_helpers.table(hands=hands, turner=1, tie_probability="1/2")
    choices = {0: PLAY("hat/red"), 2: PLAY("ring/yellow")}
    assert _race_labels(state, choices) == ()  # two claimants: chance says who was fastest
    raced = mg_helpers.race(state, choices)
    assert labels(mg, raced, CHANCE, mg.Fastest((0, 2))) == ("MG-8 unclear race",)
    assert labels(mg, raced, CHANCE, mg.Fastest((2,))) == ()
    flip = mg_helpers.race(state, {0: PLAY("hat/red"), 2: mg.Flip()})  # M01 wears ring/yellow
    assert labels(mg, flip, CHANCE, mg.Fastest((0, 2))) == ("MG-8 unclear race", "MG-5 wrong flip")


def test_mg_9_nobody_claiming_is_a_situation() -> None:
    state = mg_helpers.table(hands={1: ["hat/red"]})
    assert _race_labels(state, {}) == ("MG-9 nobody claims",)
    assert _race_labels(state, {1: PLAY("hat/red")}) == ()


def test_mg_11_reshuffling_the_discard_pile_is_a_situation() -> None:
    cards = [
        str(i)
        for i, n in zip(mg_helpers.T.items, mg_helpers.T.clothing_counts, strict=True)
        for _ in range(n)
    ]
    cards.remove("hat/red")
    empty = replace(
        mg_helpers.table(hands={0: ["hat/red"]}),
        clothing_pile=(0,) * len(mg_helpers.T.items),
        discard=mg_helpers.counts(cards),
    )
    assert mg.check_state(empty) == []
    found = _race_labels(empty, {0: PLAY("hat/red")})  # a catch: one card to draw
    assert found == ("MG-11 discard pile reshuffled",)
    assert _race_labels(mg_helpers.table(hands={0: ["hat/red"]}), {0: PLAY("hat/red")}) == ()


def test_mg_13_the_end_without_progress_is_a_situation() -> None:
    state = mg_helpers.table(stack=("M02", "M03"))
    assert _race_labels(state, {}) == ("MG-9 nobody claims",)  # one idle race of three
    for _ in range(2):
        state = mg_helpers.race(state, {})
        state = mg_helpers.chance(
            state, "mouse " + mg_helpers.T.mouse_ids[state.mice.unseen.index(1)]
        )
    assert _race_labels(state, {}) == ("MG-9 nobody claims", "MG-13 game ends without progress")
    # The last mouse caught ends the game too, by MG-12.
    last = mg_helpers.table(hands={0: ["hat/red"]}, stack=())
    assert _race_labels(last, {0: PLAY("hat/red")}) == ()


def test_mg_14_a_tie_on_points_at_the_end_is_a_situation() -> None:
    def last_mouse(mice_for_seat_0: int) -> mg.State:
        state = mg_helpers.table(2, hands={0: ["hat/red"]}, stack=())  # M01, the last mouse
        mice = state.caught[1]
        caught = (mice[:mice_for_seat_0], mice[mice_for_seat_0:])
        state = replace(state, caught=caught)
        assert mg.check_state(state) == []
        return state

    assert _race_labels(last_mouse(15), {0: PLAY("hat/red")}) == ("MG-14 tie on points",)  # 16-16
    assert _race_labels(last_mouse(14), {0: PLAY("hat/red")}) == ()  # 15 to 16


# ---------------------------------------------------------------- 2. Food Chain


def _fc(players: int = 3) -> fc.State:
    return fc.initial_state(fc.Config(players=players))


def _reveal_labels(state: fc.State, plays: Mapping[int, fc.Animal]) -> tuple[str, ...]:
    """Every seat but the last commits; the labels of the last commitment (the reveal)."""
    *first, last = sorted(plays)
    state = fc_helpers.reveal(state, {s: plays[s] for s in first})
    return labels(fc, state, last, fc.Play(plays[last]))


def test_fc_4_prey_from_the_centre_is_a_situation() -> None:
    state = fc_helpers.with_centre(_fc(), W)  # seats 0 and 1 played Fleas, seat 2 a Worm
    state = fc_helpers.reveal(state, {0: B, 1: W, 2: W})
    assert fc.legal_actions(state, 0) == (fc.Take(1), fc.Take(2), fc.TakeFromCentre())
    assert labels(fc, state, 0, fc.TakeFromCentre()) == ("FC-4 prey from the centre",)
    assert labels(fc, state, 0, fc.Take(1)) == ()


def test_fc_4_a_predator_taking_a_second_prey_is_a_situation() -> None:
    state = fc_helpers.reveal(_fc(), {0: B, 1: W, 2: W})
    assert labels(fc, state, 0, fc.Take(1)) == ()
    state = fc.apply_action(state, 0, fc.Take(1))
    assert fc.actors(state) == (0,)  # the only Bird takes again
    assert labels(fc, state, 0, fc.Take(2)) == ("FC-4 predator takes a second prey",)


def test_fc_4_a_flea_taking_a_dog_is_a_situation() -> None:
    state = fc_helpers.reveal(_fc(), {0: F, 1: D, 2: W})
    assert fc.actors(state) == (0,)
    assert labels(fc, state, 0, fc.Take(1)) == ("FC-4 Flea takes a Dog",)
    birds = fc_helpers.reveal(_fc(), {0: B, 1: D, 2: W})
    assert labels(fc, birds, 0, fc.Take(2)) == ("FC-8 hungry predator goes to the centre",)


def test_fc_7_a_predator_taken_with_its_catch_is_a_situation() -> None:
    state = fc_helpers.reveal(_fc(), {0: B, 1: W, 2: C})
    assert labels(fc, state, 0, fc.Take(1)) == ()  # the Worm has nothing under it
    state = fc.apply_action(state, 0, fc.Take(1))
    assert labels(fc, state, 2, fc.Take(0)) == ("FC-7 predator taken with its catch",)
    hungry = fc_helpers.reveal(_fc(), {0: B, 1: C, 2: C})  # the Bird took nothing
    assert labels(fc, hungry, 1, fc.Take(0)) == ("FC-8 hungry predator goes to the centre",)


def test_fc_8_a_hungry_predator_going_to_the_centre_is_a_situation() -> None:
    assert _reveal_labels(_fc(), {0: D, 1: W, 2: W}) == ("FC-8 hungry predator goes to the centre",)
    assert _reveal_labels(_fc(), {0: D, 1: C, 2: B}) == ()  # the Dog must take the Cat
    assert _reveal_labels(_fc(), {0: W, 1: W, 2: W}) == ()  # Worms are no predators
    both = _reveal_labels(_fc(4), {0: D, 1: D, 2: W, 3: W})
    assert both == ("FC-8 hungry predator goes to the centre",) * 2


def test_fc_8_a_flea_leaving_the_round_is_a_situation() -> None:
    assert _reveal_labels(_fc(), {0: F, 1: W, 2: W}) == ("FC-8 Flea leaves the round",)
    assert _reveal_labels(_fc(), {0: F, 1: F, 2: W}) == ("FC-8 Flea leaves the round",) * 2
    state = fc_helpers.reveal(_fc(), {0: F, 1: D})
    assert labels(fc, state, 2, fc.Play(W)) == ()  # the Flea has a Dog to take


def _fc_last_pass(totals: tuple[int, int, int]) -> fc.State:
    """Round 3 of 3, pass 9: every player has played W, W, W, B, B, C, C, D in step; each holds
    its Flea. The totals of rounds 1 and 2 are set to `totals`, half of them in each."""
    state = replace(_fc(), round=3, alpha=2)
    for animal in (W, W, W, B, B, C, C, D):
        state = fc_helpers.reveal(state, dict.fromkeys(range(3), animal))
        while fc.actors(state) != (0, 1, 2):
            taker = fc.actors(state)[0]
            state = fc.apply_action(state, taker, fc.legal_actions(state, taker)[0])
    assert state.pass_number == 9 and state.round == 3
    first = tuple(t // 2 for t in totals)
    second = tuple(t - f for t, f in zip(totals, first, strict=True))
    state = replace(state, totals=totals, rounds=(first, second))  # FC-9: they add up
    assert fc.check_state(state) == []
    return state


def test_fc_10_a_shared_win_is_a_situation() -> None:
    tied = _fc_last_pass((20, 20, 20))
    assert fc.scores(tied)[0] == fc.scores(tied)[1] == fc.scores(tied)[2]
    fleas = ("FC-8 Flea leaves the round",) * 3
    assert _reveal_labels(tied, dict.fromkeys(range(3), F)) == (*fleas, "FC-10 shared win")
    ahead = _fc_last_pass((21, 20, 20))
    assert _reveal_labels(ahead, dict.fromkeys(range(3), F)) == fleas


# ---------------------------------------------------------------- 2. All You Can Eat Buffet

M = ayc.Mood


def _mood_play(state: ayc.State, seat: int, words: str | None) -> ayc.Play:
    """``"boor"``, ``"boor slow"``, ``""``; None: the first Mood in the seat's hand."""
    if words is None:
        return ayc.Play((list(M)[next(m for m, n in enumerate(state.hands[seat]) if n)],))
    return ayc.Play(tuple(M(w) for w in words.split()))


def _ayc_last(state: ayc.State, choices: Mapping[int, str]) -> tuple[str, ...]:
    """Every seat but the last commits (its first Mood when not named); the labels of the last
    commitment, which reveals every Mood and carries out those that need no choice."""
    last = state.config.players - 1
    for seat in range(last):
        state = ayc.apply_action(state, seat, _mood_play(state, seat, choices.get(seat)))
    return labels(ayc, state, last, _mood_play(state, last, choices.get(last)))


FISH = ["Fish"] * 5


def test_ayc_5_two_moods_played_is_a_situation() -> None:
    hand = {0: ["boor", "slow", "jealous"]}
    state = ayc_helpers.table(3, hands=hand, drinks={0: 3}, line=FISH)
    assert labels(ayc, state, 0, ayc.Play((M.BOOR, M.SLOW))) == ("AYC-5 two Moods played",)
    one = ayc_helpers.table(3, hands=hand, drinks={0: 2}, line=FISH)
    assert labels(ayc, one, 0, ayc.Play((M.BOOR,))) == ()


def test_ayc_5_no_mood_played_is_a_situation() -> None:
    hand = {1: ["hungry", "hungry", "jealous"]}
    state = ayc_helpers.table(3, hands=hand, drinks={1: 5}, line=FISH)
    assert ayc.legal_actions(state, 1) == (ayc.Play(()),)
    assert labels(ayc, state, 1, ayc.Play(())) == ("AYC-5 no Mood played",)
    # The reveal from the hand that follows is no situation of its own.
    state = ayc_helpers.play(state, {0: "hungry", 1: "", 2: "hungry"})
    assert labels(ayc, state, CHANCE, ayc.RevealMood(1, M.JEALOUS)) == ("AYC-6 clink",)


def test_ayc_6_a_clink_is_a_situation() -> None:
    hands = {
        s: [m, "hungry", "hungry"] for s, m in enumerate(["jealous", "jealous", "slow", "boor"])
    }
    state = ayc_helpers.table(hands=hands, line=FISH)
    found = _ayc_last(state, {0: "jealous", 1: "jealous", 2: "slow", 3: "boor"})
    assert found == ("AYC-6 clink",)  # the Boor chooses next
    assert _ayc_last(state, {0: "jealous", 1: "hungry", 2: "slow", 3: "boor"}) == ()
    # Two cards committed: the last random reveal makes the clink.
    hand = {0: ["hungry", "jealous", "jealous"]}
    state = ayc_helpers.table(hands=hand, drinks={0: 3}, line=FISH)
    state = ayc_helpers.play(state, {0: "hungry jealous"})
    assert labels(ayc, state, CHANCE, ayc.RevealMood(0, M.HUNGRY)) == ("AYC-6 clink",)


def test_ayc_7_clashing_boors_or_slows_are_a_situation() -> None:
    boors = {0: ["boor", "hungry", "hungry"], 1: ["boor", "hungry", "hungry"]}
    state = ayc_helpers.table(hands=boors, line=FISH)
    assert _ayc_last(state, {0: "boor", 1: "boor"}) == (
        "AYC-6 clink",  # the two Hungry
        "AYC-6 clink",  # the two Boors
        "AYC-7 clashing Boors or Slows skip",
    )
    assert _ayc_last(state, {0: "boor", 1: "hungry"}) == ("AYC-6 clink",)  # the Boor chooses
    hands = {s: [m, "hungry", "hungry"] for s, m in enumerate(["boor", "boor", "slow", "slow"])}
    state = ayc_helpers.table(hands=hands, line=FISH)
    clash = ("AYC-6 clink", "AYC-7 clashing Boors or Slows skip")
    assert _ayc_last(state, {0: "boor", 1: "boor", 2: "slow", 3: "slow"}) == clash * 2


def test_ayc_8_the_birthday_cake_tile_taken_is_a_situation() -> None:
    line = ["Black Forest cake", "Fish", "Fish", "Fish", "Fish"]
    state = ayc_helpers.table(line=line)  # four Hungry: seat 0 takes the Cake
    assert _ayc_last(state, {}) == ("AYC-6 clink", "AYC-8 Birthday Cake tile taken")
    held = ayc_helpers.table(line=line, collections={0: ["Cream cake"]}, cake=0)
    assert _ayc_last(held, {}) == ("AYC-6 clink",)  # seat 0 already holds the tile


def test_ayc_8_a_coffee_taken_is_a_situation() -> None:
    state = ayc_helpers.table(line=["Coffee", "Fish", "Fish", "Fish", "Fish"], drinks={0: 2})
    assert _ayc_last(state, {}) == ("AYC-6 clink", "AYC-8 Coffee taken")
    assert _ayc_last(ayc_helpers.table(line=FISH), {}) == ("AYC-6 clink",)
    # Stolen: a Coffee, and a Cake that moves the tile.
    state = ayc_helpers.table(
        hands={0: ["jealous", "jealous", "hungry"]},
        collections={2: ["Cream cake", "Coffee"]},
        drinks={0: 4},
        cake=2,
        line=FISH,
    )
    state = ayc_helpers.act(
        ayc_helpers.play(state, {0: "jealous jealous"}), CHANCE, "reveal 0 jealous"
    )
    assert labels(ayc, state, 0, ayc.Steal(2, "Coffee")) == ("AYC-16 steal", "AYC-8 Coffee taken")
    cake = labels(ayc, state, 0, ayc.Steal(2, "Cream cake"))
    assert cake == ("AYC-16 steal", "AYC-8 Birthday Cake tile taken")


def _over_after_this_round(collections: Mapping[int, list[str]]) -> ayc.State:
    """The last round of 3 players: three Hungry take a Fish each (no Fish majority scores)."""
    return ayc_helpers.table(3, collections=collections, round=10, line=["Fish"] * 3)


def test_ayc_12_a_tie_on_points_at_the_end_is_a_situation() -> None:
    state = _over_after_this_round({0: ["Steak"], 1: ["Steak"]})
    assert _ayc_last(state, {}) == ("AYC-6 clink", "AYC-12 tie on points")
    end = ayc_helpers.play(state, {})
    assert end.stage == "over" and ayc.winners(end) == {0, 1}  # as many Drink tokens too
    ahead = _over_after_this_round({0: ["Steak"], 1: ["Chicken"]})
    assert _ayc_last(ahead, {}) == ("AYC-6 clink",)
    end = ayc_helpers.play(ahead, {})
    assert end.stage == "over" and ayc.scores(end)[0] > ayc.scores(end)[1]


def test_ayc_13_a_mood_that_does_nothing_is_a_situation() -> None:
    moods = ["jealous", "hungry", "trickster", "slow"]
    hands = {s: [m, "hungry", "hungry"] for s, m in enumerate(moods)}
    state = ayc_helpers.table(hands=hands, line=["Fish"])
    # Jealous with nothing to steal, the Hungry takes the Fish, then nothing is left for the
    # Trickster and the Slow.
    assert _ayc_last(state, dict(enumerate(moods))) == ("AYC-13 Mood does nothing",) * 3
    rich = ayc_helpers.table(hands=hands, line=["Fish"], collections={1: ["Chicken"]})
    assert _ayc_last(rich, dict(enumerate(moods))) == ()  # the Jealous now chooses a steal
    rich = ayc_helpers.play(rich, dict(enumerate(moods)))
    assert labels(ayc, rich, 0, ayc.Steal(1, "Chicken")) == (
        "AYC-16 steal",
        "AYC-13 Mood does nothing",
        "AYC-13 Mood does nothing",
    )


def test_ayc_16_a_steal_is_a_situation() -> None:
    state = ayc_helpers.table(
        hands={0: ["jealous", "hungry", "hungry"]},
        collections={1: ["Black Forest cake", "Steak", "Cherries"]},
        cake=1,
        line=FISH,
    )
    assert _ayc_last(state, {0: "jealous"}) == ("AYC-6 clink",)  # three Hungry
    state = ayc_helpers.play(state, {0: "jealous"})
    assert labels(ayc, state, 0, ayc.Steal(1, "Steak")) == ("AYC-16 steal",)


# ---------------------------------------------------------------- 3. how often in random games

RARE: Mapping[str, frozenset[str]] = {
    "schlacht_am_buffet": frozenset({"SAB-10 empty hand draws 9"}),  # 9+ steps in one round
    "mausgeflippt": frozenset(
        {
            "MG-8 unclear race",  # the default speed model has no ties (tie_probability 0)
            "MG-9 nobody claims",  # random players rarely all pass: about 1 game in 100
            "MG-13 game ends without progress",  # needs a run of races without a catch
        }
    ),
    "food_chain": frozenset({"FC-10 shared win"}),  # about 1 game in 100
    "all_you_can_eat_buffet": frozenset(),
}
"""Labels too rare to be sure to see in 200 random 4-player games with the default setup."""


GAMES = 200


@cache
def frequencies(name: str) -> tuple[Counter[str], Counter[str]]:
    """How often each label occurred in `GAMES` random 4-player games with the default setup,
    and in how many of the games."""
    game = tablefeast.load(name)
    times: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    for seed in range(GAMES):
        seen: Counter[str] = Counter()
        state = game.initial_state(game.Config(players=4))
        for before, seat, action, _after in random_moves(game, state, random.Random(seed)):
            seen.update(labels_of(game, before, seat, action))
        times.update(seen)
        in_games.update(set(seen))
    return times, in_games


@pytest.mark.parametrize("name", NAMES)
def test_most_labels_occur_in_random_four_player_games(name: str) -> None:
    game = tablefeast.load(name)
    times, _ = frequencies(name)
    assert set(times) <= set(game.SITUATIONS)
    missing = set(game.SITUATIONS) - set(times)
    assert missing <= RARE[name], f"never seen in {GAMES} games: {sorted(missing - RARE[name])}"
    assert len(missing) <= len(game.SITUATIONS) // 2  # most labels do occur
    assert RARE[name] <= set(game.SITUATIONS)


def test_mg_8_unclear_races_occur_with_a_tie_probability() -> None:
    config = mg.Config(players=4, tie_probability="1/10")
    found: Counter[str] = Counter()
    for seed in range(20):
        for before, seat, action, _after in random_moves(
            mg, mg.initial_state(config), random.Random(seed)
        ):
            found.update(labels_of(mg, before, seat, action))
    assert found["MG-8 unclear race"] > 0


# ---------------------------------------------------------------- 4. holdings


HOLDING_LABELS: Mapping[str, tuple[str, ...]] = {
    "schlacht_am_buffet": (
        "plates won",
        "plates covered",
        "cheese plates",
        "salami plates",
        "sausage plates",
        "pizza plates",
        "chicken plates",
        "salad plates",
        "top plates worth 5",
        "top plates worth 4",
        "top plates worth 3",
        "top plates worth 2",
        "top plates worth 1",
        "top plates worth -1",
    ),
    "mausgeflippt": ("mice caught", "cheeses taken", "penalty cards", "face-down penalty cards"),
    "food_chain": (
        "worms (last round)",
        "birds (last round)",
        "cats (last round)",
        "dogs (last round)",
        "fleas (last round)",
        "animals (last round)",
    ),
    "all_you_can_eat_buffet": (
        *ayc.DEFAULT_CARDS.tables.names,
        "Drink tokens",
        "Spice tokens",
        "Birthday Cake tile",
    ),
}


def _held(game: Any, state: Any, labels: tuple[str, ...]) -> tuple[dict[str, int], ...]:
    """The holdings of a state, checked for shape: one dict per seat, the labels in order."""
    held = game.holdings(state)
    assert type(held) is tuple and len(held) == state.config.players
    for seat in held:
        assert type(seat) is dict and tuple(seat) == labels
        assert all(type(n) is int and n >= 0 for n in seat.values()), seat
    return held  # type: ignore[no-any-return]


def _check_sab(state: sab.State, held: tuple[dict[str, int], ...]) -> None:
    plates = sum(h["plates won"] for h in held)
    assert plates == len(PLATES) - sum(state.supply) - len(state.buffet)  # every plate somewhere
    for h, score in zip(held, sab.scores(state), strict=True):
        kinds = sum(h[f"{kind.value} plates"] for kind in sab.Kind)
        tops = [h[f"top plates worth {value}"] for value in (5, 4, 3, 2, 1, -1)]
        assert kinds == h["plates won"] == sum(tops) + h["plates covered"]  # SAB-14
        assert sum(tops) == sum(h[f"{k.value} plates"] > 0 for k in sab.Kind)
        assert score == sum(v * n for v, n in zip((5, 4, 3, 2, 1, -1), tops, strict=True))


def _check_mg(state: mg.State, held: tuple[dict[str, int], ...]) -> None:
    tables = state.config.card_set.tables
    assert sum(h["mice caught"] for h in held) <= len(tables.mouse_ids)
    assert sum(h["cheeses taken"] for h in held) <= sum(tables.cheese_counts)
    assert sum(h["penalty cards"] for h in held) <= sum(tables.clothing_counts)
    for h, score in zip(held, mg.scores(state), strict=True):
        assert h["face-down penalty cards"] <= h["penalty cards"]
        assert score == h["mice caught"] - h["penalty cards"] - 2 * h["cheeses taken"]  # MG-14


def _check_fc(state: fc.State, held: tuple[dict[str, int], ...]) -> None:
    kinds = ("worms", "birds", "cats", "dogs", "fleas")
    n = state.config.players
    for i, kind in enumerate(kinds):  # nobody holds more of a kind than the table has
        assert sum(h[f"{kind} (last round)"] for h in held) <= n * HAND[i]
    for seat, h in enumerate(held):
        counts = [h[f"{kind} (last round)"] for kind in kinds]
        assert sum(counts) == h["animals (last round)"]
        stars = sum(s * c for s, c in zip(state.config.stars, counts, strict=True))
        assert fc.scores(state)[seat] == state.totals[seat] + stars  # FC-9


def _check_ayc(state: ayc.State, held: tuple[dict[str, int], ...]) -> None:
    tables = state.config.card_lists.tables
    for seat, h in enumerate(held):
        meals = [h[name] for name in tables.names]
        assert meals == list(state.collections[seat])  # the Meals are the collection
        assert h["Drink tokens"] == state.drinks[seat] and h["Spice tokens"] == state.spices[seat]
    for i, name in enumerate(tables.names):  # no Meal is held more often than it is printed
        assert sum(h[name] for h in held) <= tables.counts[i]
    assert sum(h["Birthday Cake tile"] for h in held) == (state.cake is not None)  # AYC-8
    assert sum(h["Drink tokens"] for h in held) + state.drink_supply == DRINKS
    on_line = sum(spices for _, spices, _ in state.line)
    assert sum(h["Spice tokens"] for h in held) + state.spice_supply + on_line == SPICES


CHECKS = {
    "schlacht_am_buffet": _check_sab,
    "mausgeflippt": _check_mg,
    "food_chain": _check_fc,
    "all_you_can_eat_buffet": _check_ayc,
}


@pytest.mark.parametrize("name", NAMES)
def test_holdings_have_the_same_labels_in_every_state_and_add_up(name: str) -> None:
    game = tablefeast.load(name)
    setups = SETUPS[name]
    for seed in range(2 * len(setups)):  # every setup, twice
        config = game.Config(**setups[seed % len(setups)])
        start = game.initial_state(config)
        labels = HOLDING_LABELS[name]
        assert all(n == 0 for seat in _held(game, start, labels) for n in seat.values())
        state = start
        for _, _, _, state in random_moves(game, start, random.Random(seed)):
            held = _held(game, state, labels)
            CHECKS[name](state, held)  # in every state, the last one too
        assert game.is_terminal(state)
        assert any(n for seat in held for n in seat.values())  # a game ends with something held


def test_ayc_token_labels_never_take_a_meals_name() -> None:
    meals = ayc.DEFAULT_CARDS.meals
    renamed = attrs.evolve(meals[0], name="Drink tokens")
    cards = attrs.evolve(ayc.DEFAULT_CARDS, meals=(renamed, *meals[1:]))
    state = ayc_helpers.table(3, collections={0: ["Steak"]}, drinks={0: 2}, cards=cards)
    held = ayc.holdings(state)[0]
    assert held["Drink tokens"] == 0 and held["Drink tokens (token)"] == 2 and held["Steak"] == 1
    assert len(held) == len(meals) + 3


def test_holdings_of_a_position_built_by_hand() -> None:
    state = ayc_helpers.table(
        3,
        collections={1: ["Steak", "Steak", "Fish"]},
        drinks={1: 4},
        spices={2: 1},
        cake=1,
        check=False,
    )
    held = ayc.holdings(state)
    assert {k: v for k, v in held[1].items() if v} == {
        "Steak": 2,
        "Fish": 1,
        "Drink tokens": 4,
        "Birthday Cake tile": 1,
    }
    assert {k: v for k, v in held[2].items() if v} == {"Spice tokens": 1}
    plates = (sab.Plate(3, sab.Kind.CHEESE), sab.Plate(-1, sab.Kind.CHEESE))
    s = replace(sab.initial_state(sab.Config(players=3)), plates_won=((), plates, ()))
    assert {k: v for k, v in sab.holdings(s)[1].items() if v} == {
        "plates won": 2,
        "plates covered": 1,
        "cheese plates": 2,
        "top plates worth -1": 1,
    }  # SAB-14: the later plate covers the earlier, whatever their values
