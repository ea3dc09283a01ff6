"""The public event log of All You Can Eat Buffet (`public_events`): what everyone at the table saw.

1. It never leaks: along seeded random games, every other legal action of the mover (every other
   outcome, for chance) that leaves the same spectator view gives exactly the same lines; and
   resampling everything hidden (`determinize`) before a move that reveals nothing changes no line;
   the effects themselves, as each seat or a spectator sees them, hide what its views hide.
2. A worked example: two rounds of a 3-player game, every line spelled out; and the end of a game
   (a Mood picked at random, two Boors skipping, a secret card, a Tomato decision).
3. Every move of random games gives non-empty lines without raising, and the deal is summarised.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import seen
from tests.support.ayc import table
from tests.support.effects import words_of
from tests.support.walk import random_moves

Move = tuple[ayc.State, int, ayc.Action, ayc.State]


def _moves(players: int, seed: int) -> Iterator[Move]:
    """Every move of a random game: (before, seat, action, after), sampled with a seeded rng."""
    state = ayc.initial_state(ayc.Config(players=players, first_player=seed % players))
    return random_moves(ayc, state, random.Random(seed))


GAMES = [(3 + seed % 4, seed) for seed in range(12)]
"""(players, seed): three games of each player count."""


def _reveals(before: ayc.State, seat: int, action: ayc.Action) -> bool:
    """Does this move turn up something hidden in `before`: the other seats' face-down Moods (the
    last commitment, AYC-5), or their Tomato decisions through the final scores (AYC-10)?"""
    last = ayc.actors(before) == (seat,)
    return last and isinstance(action, ayc.Play | ayc.Tomato)


# ---------------------------------------------------------------- 1. no leak


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_same_spectator_view_same_lines(players: int, seed: int) -> None:
    """Another choice the spectator cannot tell apart gives exactly the same lines."""
    compared = 0
    for before, seat, action, after in _moves(players, seed):
        lines = words_of(ayc, before, seat, action)
        seen = ayc.view(after, None)
        alternatives = (
            ayc.chance_distribution(before).outcomes
            if seat == CHANCE
            else ayc.legal_actions(before, seat)
        )
        for other in alternatives:
            if other == action:
                continue
            after2 = ayc.apply_action(before, seat, other)
            if ayc.view(after2, None) != seen:
                continue
            compared += 1
            lines2 = words_of(ayc, before, seat, other)
            if isinstance(other, ayc.Swap):
                # A Trickster swaps in the open, but the views lose the line when the round ends
                # (AYC-9): the table saw which Meals moved, so that line, and only it, may differ.
                assert lines2[0].startswith(f"seat {seat} (Trickster) swaps ")
                assert lines2[1:] == lines[1:], (seat, action, other)
            else:
                assert lines2 == lines, (seat, action, other)
    assert compared > 50  # every hidden Mood draw and every pair of cards committed is compared


@pytest.mark.parametrize(("players", "seed"), GAMES[:4])
def test_effects_as_seen_hide_what_the_views_hide(players: int, seed: int) -> None:
    """Each seat (and a spectator) knows of a move's effects no more than its views tell: another
    choice that leaves that viewer's view the same gives the same effects as it sees them."""
    compared = 0
    for before, seat, action, after in _moves(players, seed):
        _, effects = ayc.apply_traced(before, seat, action)
        alternatives = (
            ayc.chance_distribution(before).outcomes
            if seat == CHANCE
            else ayc.legal_actions(before, seat)
        )
        for other in alternatives:
            if other == action or isinstance(other, ayc.Swap):  # a swap is seen (see above)
                continue
            after2, effects2 = ayc.apply_traced(before, seat, other)
            for viewer in (None, *range(players)):
                if ayc.view(after2, viewer) == ayc.view(after, viewer):
                    compared += 1
                    assert seen(effects2, viewer) == seen(effects, viewer), (viewer, other)
    assert compared > 100


def test_hidden_effects_are_blanked_for_the_others() -> None:
    """A Mood drawn, Moods committed and Tomatoes decided show only to their seat (AYC-5,
    AYC-10, AYC-17); a spectator's words never need them."""
    for before, seat, action, _after in _moves(4, 5):
        _, effects = ayc.apply_traced(before, seat, action)
        for effect in effects:
            hidden = {
                fx.MoodDrawn: ("mood",),
                fx.MoodsCommitted: ("moods",),
                fx.TomatoesDecided: ("fruits", "vegetables"),
            }.get(type(effect), ())
            owner = getattr(effect, "seat", None)
            for viewer in (None, 0, 1, 2, 3):
                shown = effect.seen_by(viewer)
                assert shown is not None
                for name in hidden:
                    expected = getattr(effect, name) if viewer == owner else None
                    assert getattr(shown, name) == expected
                if not hidden:
                    assert shown is effect  # everything else is public


@pytest.mark.parametrize(("players", "seed"), GAMES[:4])
def test_hidden_cards_change_no_line(players: int, seed: int) -> None:
    """Before a move that reveals nothing, redealing every hidden card changes no line."""
    rng = random.Random(seed)
    checked = 0
    for before, seat, action, _after in _moves(players, seed):
        if _reveals(before, seat, action):
            continue  # the last commitment turns the others' Moods up: they are the news
        lines = words_of(ayc, before, seat, action)
        other = ayc.determinize(before, None, rng)
        if ayc.why_not(other, seat, action) is None:
            again = words_of(ayc, other, seat, action)
            assert again == lines, (seat, action)
            checked += 1
    assert checked > 100


def test_a_face_down_card_is_never_named() -> None:
    for before, seat, action, _after in _moves(5, 3):
        if isinstance(action, ayc.Play) and ayc.actors(before) != (seat,):
            (line,) = words_of(ayc, before, seat, action)
            assert line.startswith(f"seat {seat} plays ")
            assert not any(m.title in line for m in ayc.Mood)


# ---------------------------------------------------------------- 2. a worked example


def test_two_worked_rounds() -> None:
    """Rounds 1 and 2 of a 3-player game, chance chosen in notation."""
    state = ayc.initial_state(ayc.Config(players=3))
    log: list[str] = []

    def move(seat: int, text: str) -> None:
        nonlocal state
        action = ayc.action_from_str(state, seat, text)
        after = ayc.apply_action(state, seat, action)
        log.extend(words_of(ayc, state, seat, action))
        state = after

    hands = ["boor hungry trickster", "hungry hungry jealous", "slow very-hungry hungry"]
    for seat, hand in enumerate(hands):
        for mood in hand.split():
            move(CHANCE, f"mood {seat} {mood}")
    for meal in ["Fish", "Steak", "Surprise bread", "Coffee", "Coq au vin"]:
        move(CHANCE, f"meal {meal}")
    for seat, text in [(2, "play hungry"), (0, "play boor"), (1, "play hungry")]:
        move(seat, text)
    move(0, "take 3")  # the Boor chooses first (AYC-7); the Hungry need no choice
    assert log == [
        "round 1 begins; seat 0 holds the First player tile",
        "3 Mood cards are dealt to each player",  # one line for 9 hidden draws
        "Fish is laid out at position 1",
        "Steak is laid out at position 2",
        "Surprise bread is laid out at position 3, a secret card face down under it",
        "Coffee is laid out at position 4",
        "Coq au vin is laid out at position 5",
        "the line of round 1: 1. Fish; 2. Steak (+1 spice); "
        "3. Surprise bread (+1 spice, +secret card); 4. Coffee; 5. Coq au vin",
        "seat 2 plays a card face down",
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "revealed: seat 0 plays Boor, seat 1 plays Hungry, seat 2 plays Hungry",
        "seats 1 and 2 both play Hungry and clink glasses: a Drink token each",  # AYC-6
        "seat 0 (Boor) takes Surprise bread (+1 spice, +secret card)",
        "seat 1 (Hungry) takes Fish",
        "seat 2 (Hungry) takes Steak (+1 spice)",
        "round 1 ends: Coq au vin and Coffee are discarded",  # AYC-9
        "scores after round 1: seat 0 1, seat 1 1, seat 2 6",
        "the First player tile passes to seat 1",
    ]
    log.clear()
    for seat, mood in [(0, "jealous"), (1, "slow"), (2, "trickster")]:
        move(CHANCE, f"mood {seat} {mood}")
    for meal in ["Chocolate cake", "Pumpkin", "Milk", "Tomato", "Sausage"]:
        move(CHANCE, f"meal {meal}")
    for seat, text in [(0, "play trickster"), (1, "play jealous"), (2, "play slow")]:
        move(seat, text)
    move(1, "steal 0 Surprise bread")  # the secret card goes with the bread (AYC-21)
    move(0, "swap 1 4")  # then the Slow takes the rest at once
    assert log == [
        "round 2 begins: each player draws 1 Mood card",  # and nothing for the other 2 draws
        "Chocolate cake is laid out at position 1",
        "Pumpkin is laid out at position 2",
        "Milk is laid out at position 3",
        "Tomato is laid out at position 4",
        "Sausage is laid out at position 5",
        "the line of round 2: 1. Chocolate cake; 2. Pumpkin (+1 spice); 3. Milk (+1 spice); "
        "4. Tomato; 5. Sausage",
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "seat 2 plays a card face down",
        "revealed: seat 0 plays Trickster, seat 1 plays Jealous, seat 2 plays Slow",
        "seat 1 (Jealous) steals Surprise bread with its secret card from seat 0",
        "seat 0 (Trickster) swaps Chocolate cake (1) and Tomato (4) and takes Tomato",
        "seat 2 (Slow) takes Chocolate cake, Sausage, Pumpkin (+1 spice) and Milk (+1 spice); "
        "takes the Birthday Cake tile",  # listed in Meal-list order, like a collection
        "round 2 ends with an empty line",
        "scores after round 2: seat 0 1, seat 1 1, seat 2 31",
        "the First player tile passes to seat 2",
    ]


def test_the_last_round_and_the_end() -> None:
    """Round 10: two Boors skip, a Mood picked from a hand, a secret card, a Tomato, the end."""
    state = table(
        3,
        round=10,
        line=["Fish", ("Steak", 1), ("Carrot", 1)],
        hands={0: ["boor", "hungry", "jealous"], 1: ["boor", "hungry", "jealous"]},
        collections={0: ["Surprise bread", "Tomato"], 1: ["Fish"]},
        secrets={0: 1},
        drinks={2: 5},  # AYC-5: with 5 Drink tokens, seat 2 commits no card
    )
    log: list[str] = []
    for seat, text in [
        (0, "play boor"),
        (1, "play boor"),
        (2, "play"),
        (CHANCE, "reveal 2 hungry"),
        (CHANCE, "secret Coq au vin"),
        (0, "tomato vegetable"),
    ]:
        action = ayc.action_from_str(state, seat, text)
        after = ayc.apply_action(state, seat, action)
        log.extend(words_of(ayc, state, seat, action))
        state = after
    assert log == [
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "seat 2 plays no card: seat 0 will pick one from its hand",
        "revealed: seat 0 plays Boor, seat 1 plays Boor",
        "seat 0 picks Hungry at random from seat 2's hand",  # AYC-5, AYC-17
        "the Moods of round 10: seat 0 plays Boor, seat 1 plays Boor, seat 2 plays Hungry",
        "seats 0 and 1 both play Boor and clink glasses: a Drink token each",
        "seats 0 and 1 both skip their Boor",  # AYC-7
        "seat 2 (Hungry) takes Fish",
        "round 10 ends: Steak (+1 spice) and Carrot (+1 spice) are discarded",
        "the secret cards under the Surprise breads are turned up: 1 card for seat 0",
        "seat 0's secret card is Coq au vin; Drink tokens 1 → 2",  # AYC-14: its Drink icon
        "seat 0 decides its Tomatoes, Fruit or Vegetable, face down",
        "seat 0 decides its Tomatoes face down",
        "game over",
        "final scores: seat 0 15, seat 1 1, seat 2 5",  # Tomato as Vegetable: +10 (AYC-11)
        "winner: seat 0",
    ]


# ---------------------------------------------------------------- 3. every move, summarised


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_move_gives_readable_lines(players: int, seed: int) -> None:
    draws = draw_lines = 0
    for before, seat, action, after in _moves(players, seed):
        lines = words_of(ayc, before, seat, action)
        assert isinstance(lines, tuple)
        assert all(isinstance(line, str) and line.strip() for line in lines)
        assert lines == words_of(ayc, before, seat, action)  # deterministic
        if isinstance(action, ayc.DrawMood):
            draws += 1
            draw_lines += len(lines)
        elif seat != CHANCE:
            assert lines, "a seat's move is always seen"
        if ayc.is_terminal(after):
            final = ", ".join(f"seat {s} {v}" for s, v in enumerate(ayc.scores(after)))
            assert lines[-3:-1] == ("game over", f"final scores: {final}")
            assert all(f"{s}" in lines[-1] for s in ayc.winners(after))
    rounds = ayc.Config(players=players).rounds
    assert draws == (3 + rounds - 1) * players
    assert draw_lines == 2 + (rounds - 1)  # round 1: two lines; later rounds: one
