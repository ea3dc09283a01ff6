"""The public event log of Schlacht am Buffet (`public_events`): what everyone at the table saw.

1. It never leaks: along seeded random games, every other legal action of the mover (every other
   outcome, for chance) that leaves the same spectator view gives exactly the same lines; and
   resampling everything hidden (`determinize`) before a move that reveals nothing changes no line.
2. A worked example: the first round of a 3-player game, every line spelled out.
3. Every move of random games gives non-empty lines without raising, and the deal is summarised.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.kernel.chance import CHANCE
from tests.support.effects import words_of
from tests.support.sab import commit_all, plate, start, table
from tests.support.walk import random_moves

Move = tuple[sab.State, int, sab.Action, sab.State]


def _moves(players: int, seed: int) -> Iterator[Move]:
    """Every move of a random game: (before, seat, action, after), sampled with a seeded rng."""
    return random_moves(sab, start(players, seed), random.Random(seed))


GAMES = [(3 + seed % 4, seed) for seed in range(24)]
"""(players, seed): six games of each player count, both editions."""


def _face_up(before: sab.State, seat: int, action: sab.Action) -> object:
    """The cards this move turns face up on the table: a completed step's cards (SAB-5), an
    exchange's discards (SAB-7). The views show them on the discard pile, except when the same
    move shuffles that pile into a new draw pile (SAB-11): then only this tells them apart."""
    if isinstance(action, sab.Exchange):
        return action.discard
    if isinstance(action, sab.Play) and sab.actors(before) == (seat,):
        return tuple(action.card if s == seat else before.commitments[s] for s in before.racing)
    return None


def _reshuffled(before: sab.State, after: sab.State) -> bool:
    return sum(after.draw_pile) > sum(before.draw_pile)


# ---------------------------------------------------------------- 1. no leak


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_same_spectator_view_same_lines(players: int, seed: int) -> None:
    """Another choice the spectator cannot tell apart gives exactly the same lines."""
    compared = 0
    for before, seat, action, after in _moves(players, seed):
        lines = words_of(sab, before, seat, action)
        seen = sab.view(after, None)
        alternatives = (
            sab.chance_distribution(before).outcomes
            if seat == CHANCE
            else sab.legal_actions(before, seat)
        )
        for other in alternatives:
            if other == action:
                continue
            after2 = sab.apply_action(before, seat, other)
            if sab.view(after2, None) != seen:
                continue
            if _face_up(before, seat, other) != _face_up(before, seat, action):
                # Cards turned face up that the views no longer show: only when the discard pile
                # was shuffled away in the same move; the table saw them, so the lines may differ.
                assert _reshuffled(before, after) and _reshuffled(before, after2)
                continue
            compared += 1
            assert words_of(sab, before, seat, other) == lines, (seat, action, other)
    assert compared > 100  # every hidden draw and every face-down card is compared at least


@pytest.mark.parametrize(("players", "seed"), GAMES[:6])
def test_hidden_cards_change_no_line(players: int, seed: int) -> None:
    """Before a move that reveals nothing, redealing every hidden card changes no line."""
    rng = random.Random(seed)
    for before, seat, action, _after in _moves(players, seed):
        if _face_up(before, seat, action) is not None and not isinstance(action, sab.Exchange):
            continue  # a completed step reveals the other seats' cards: they are the news
        lines = words_of(sab, before, seat, action)
        other = sab.determinize(before, None, rng)
        if sab.why_not(other, seat, action) is None:
            again = words_of(sab, other, seat, action)
            assert again == lines, (seat, action)


def test_a_face_down_card_is_never_named() -> None:
    for before, seat, action, _after in _moves(4, 7):
        if isinstance(action, sab.Play) and sab.actors(before) != (seat,):
            assert words_of(sab, before, seat, action) == (f"seat {seat} plays a card face down",)


# ---------------------------------------------------------------- 2. a worked example


def test_a_worked_round() -> None:
    """Round 1 of a 3-player game (English edition), chance chosen in notation."""
    state = sab.initial_state(sab.Config(players=3))
    log: list[str] = []

    def move(seat: int, text: str) -> None:
        nonlocal state
        action = sab.action_from_str(state, seat, text)
        after = sab.apply_action(state, seat, action)
        log.extend(words_of(sab, state, seat, action))
        state = after

    for hand in ["0 1 2 3 4 5 6 7 8", "-1 0 1 2 3 4 5 6 7", "1 1 2 2 3 3 4 4 9"]:
        for card in hand.split():
            move(CHANCE, f"card {card}")
    for text in ["salad -1", "cheese 2", "salad 4", "sausage 1", "pizza 4"]:
        move(CHANCE, f"plate {text}")
    assert log == [
        "round 1 begins; seat 0 holds the start player tile",
        "9 cards are dealt to each player",  # one line for 27 hidden draws
        "salad -1 is turned face up",
        "cheese 2 is turned face up",
        "salad 4 is turned face up",
        "sausage 1 is turned face up",
        "pizza 4 is turned face up",
        "the buffet of round 1: pizza 4, salad 4, cheese 2, sausage 1 and salad -1",
    ]
    log.clear()
    # Part 1: seat 1 drops out first and exchanges; seats 0 and 2 tie, then part 1 ends.
    for seat, text in [(2, "play 9"), (0, "play 5"), (1, "play -1"), (1, "exchange 0")]:
        move(seat, text)
    move(CHANCE, "card 9")  # seat 1's new card: hidden, nothing to say
    for seat, text in [(0, "play 8"), (2, "play 4"), (0, "play 7"), (2, "play 1")]:
        move(seat, text)
    assert log == [
        "seat 2 plays a card face down",
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "revealed: seat 0 plays 5, seat 1 plays -1, seat 2 plays 9",
        "the mice: seat 0 at 5, seat 1 at -1, seat 2 at 9",
        "seat 1 is alone at the back, drops out and takes salad -1",
        "seat 1 may exchange cards",
        "seat 1 discards 0 and draws 1 card",
        "seat 0 plays a card face down",
        "seat 2 plays a card face down",
        "revealed: seat 0 plays 8, seat 2 plays 4",
        "the mice: seat 0 at 13, seat 2 at 13",
        "seats 0 and 2 are level at 13: nobody takes a plate yet",
        "seat 0 plays a card face down",
        "seat 2 plays a card face down",
        "revealed: seat 0 plays 7, seat 2 plays 1",
        "the mice: seat 0 at 20, seat 2 at 14",
        "seat 2 is behind and takes sausage 1; seat 0 takes cheese 2",
        "part 2: the race for pizza 4 and salad 4; every mouse is back on start",
    ]
    log.clear()
    # Part 2: seat 2 drops out with salad 4 (no exchange), seat 1 wins the duel; round 2 starts.
    for seat, text in [(0, "play 6"), (1, "play 9"), (2, "play 2"), (0, "play 4"), (1, "play 7")]:
        move(seat, text)
    assert log == [
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "seat 2 plays a card face down",
        "revealed: seat 0 plays 6, seat 1 plays 9, seat 2 plays 2",
        "the mice: seat 0 at 6, seat 1 at 9, seat 2 at 2",
        "seat 2 is alone at the back, drops out and takes salad 4",
        "seat 0 plays a card face down",
        "seat 1 plays a card face down",
        "revealed: seat 0 plays 4, seat 1 plays 7",
        "the mice: seat 0 at 10, seat 1 at 16",
        "seat 1 wins the duel and takes pizza 4; seat 0 gets nothing",
        "scores after round 1: seat 0 2, seat 1 3, seat 2 5",
        "round 2 begins; seat 2 holds the start player tile",  # SAB-13: left of the winner
        "everyone draws back up to 9 cards: seat 0 draws 5, seat 1 draws 3, seat 2 draws 4",
    ]
    log.clear()
    for _ in range(12):
        move(CHANCE, sab.action_to_str(sab.chance_distribution(state).outcomes[0]))
    assert log == [], "the refill is hidden and was announced with the round"


def test_an_empty_hand_draws_nine() -> None:
    """SAB-10 and SAB-7 in one step: seat 3 drops out first, seat 0 has played its last card."""
    state = table(
        4,
        hands={0: [5], 1: [1, 2], 2: [3, 4], 3: [0, 6]},
        buffet=["cheese 5", "pizza 4", "salad 1"],
    )
    state = commit_all(state, {1: 1, 2: 3, 3: 0})
    sab.apply_action(state, 0, sab.Play(5))
    assert words_of(sab, state, 0, sab.Play(5)) == (
        "seat 0 plays a card face down",
        "revealed: seat 0 plays 5, seat 1 plays 1, seat 2 plays 3, seat 3 plays 0",
        "the mice: seat 0 at 5, seat 1 at 1, seat 2 at 3, seat 3 at 0",
        "seat 3 is alone at the back, drops out and takes salad 1",
        "seat 3 may exchange cards",
        "seat 0 has no cards left and draws 9 cards",
    )


def test_the_last_duel_ends_the_game() -> None:
    for before, seat, action, after in _moves(5, 4):
        if sab.is_terminal(after):
            lines = words_of(sab, before, seat, action)
            final = ", ".join(f"seat {s} {v}" for s, v in enumerate(sab.scores(after)))
            assert lines[-3:-1] == ("game over after round 9", f"final scores: {final}")
            assert lines[-1].startswith("winner")
            assert all(f"{s}" in lines[-1] for s in sab.winners(after))


# ---------------------------------------------------------------- 3. every move, summarised


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_move_gives_readable_lines(players: int, seed: int) -> None:
    draws = draw_lines = 0
    for before, seat, action, _after in _moves(players, seed):
        lines = words_of(sab, before, seat, action)
        assert isinstance(lines, tuple)
        assert all(isinstance(line, str) and line.strip() for line in lines)
        assert lines == words_of(sab, before, seat, action)  # deterministic
        if isinstance(action, sab.DrawCard):
            draws += 1
            draw_lines += len(lines)
        elif seat != CHANCE:
            assert lines, "a seat's move is always seen"
    assert draws > 9 * players and draw_lines <= 2 + draws // 20


def test_sab_10_a_refill_of_every_empty_hand_is_no_new_deal() -> None:
    """Nine rear ties in a row empty every hand at once (SAB-10 refills them): the round does not
    begin again, and no deal is announced."""
    state = sab.initial_state(sab.Config(players=3))
    given = [0, 0, 0]  # each seat is dealt 0..8, and every seat plays its lowest: nine ties
    words: list[str] = []
    while sum(given) < 28:  # the deal, the nine ties, then the first card of the refill
        if sab.actors(state) != (CHANCE,):
            for seat in sab.actors(state):
                lowest = next(i - 1 for i, n in enumerate(state.hands[seat]) if n)
                state = sab.apply_action(state, seat, sab.Play(lowest))
            continue
        outcome = sab.legal_actions(state, CHANCE)[0]
        if state.pending_draws:
            seat = state.pending_draws[0]
            outcome = sab.DrawCard(given[seat] % 9)
            given[seat] += 1
        words += words_of(sab, state, CHANCE, outcome)
        state = sab.apply_action(state, CHANCE, outcome)
    assert sum(line.startswith("round 1 begins") for line in words) == 1, words
    assert sum("cards are dealt" in line for line in words) == 1, words


@pytest.mark.parametrize(
    ("lowest", "held", "edition", "change"),
    [
        ("salad -1", "salad 1", "en", "2 points fewer"),
        ("salad -1", "salad 1", "fr", "2 points fewer"),
        ("salad 3", "salad 1", "en", "2 points more"),
        ("salami 1", "salami 2", "en", "1 point fewer"),
    ],
)
def test_sab_14_a_covered_plate_is_told_with_what_it_does_to_the_score(
    lowest: str, held: str, edition: str, change: str
) -> None:
    """A plate won onto a plate of its kind covers it, and only top plates score (SAB-14): the
    line after the take says so, and by how much the score moves, as the scores do."""
    hands = {s: [s, 5, 6] for s in range(4)}
    won = {0: [held], 1: ["pizza 4"], 2: ["cheese 4"]}
    state = table(
        4,
        hands=hands,
        buffet=["cheese 5", "salami 4", lowest],
        plates_won=won,
        round=2,
        start_player=1,
        edition=edition,
    )
    before = commit_all(state, {0: 0, 1: 1, 2: 2})  # seat 0 is alone at the back
    after = sab.apply_action(before, 3, sab.Play(3))
    lines = words_of(sab, before, 3, sab.Play(3))
    shown = {p: plate(p).display(edition) for p in (lowest, held)}  # SAB-19
    took = lines.index(f"seat 0 is alone at the back, drops out and takes {shown[lowest]}")
    assert lines[took + 1] == (
        f"seat 0's {shown[lowest]} covers its {shown[held]}: only the top plate of a kind scores "
        f"(SAB-14), so seat 0 scores {change}"
    )
    moved = sab.scores(after)[0] - sab.scores(before)[0]
    assert change == f"{abs(moved)} point{'s' if abs(moved) != 1 else ''} " + (
        "more" if moved > 0 else "fewer"
    )


def test_sab_14_a_plate_of_a_new_kind_covers_nothing() -> None:
    hands = {s: [s, 5, 6] for s in range(4)}
    won = {0: ["pizza 4"], 1: ["salad 1"], 2: ["cheese 4"]}
    buffet = ["cheese 5", "salami 3", "salad -1"]
    state = table(4, hands=hands, buffet=buffet, plates_won=won, round=2, start_player=1)
    before = commit_all(state, {0: 0, 1: 1, 2: 2})
    assert not any("covers" in line for line in words_of(sab, before, 3, sab.Play(3)))
