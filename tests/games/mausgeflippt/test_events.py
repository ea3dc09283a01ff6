"""Mausgeflippt public events: the event log a server and the command line show every player.

`public_events(config, effects)`, read from a move's effects (`apply_traced`), must say nothing a
spectator cannot see: two moves from the same state whose results look the same to a spectator
give the same lines, and so do states a spectator cannot tell apart. The effects as a seat sees
them (`seen`) follow its view the same way. A scripted game shows the exact lines a reader
follows.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import seen
from tests.support.effects import words_of
from tests.support.mg import SMALL, play, race, table
from tests.support.walk import played_moves

CONFIGS = (
    mg.Config(players=3),
    mg.Config(players=3, young_seats=(1,), tie_probability="1/3"),
    mg.Config(players=4, speed_weights=(3, 1, 1, 2), tie_probability="1/2", first_turner=2),
    mg.Config(players=6, young_seats=(0, 5), tie_probability=1),
    mg.Config(players=2, cards=SMALL, tie_probability="1/2"),
    mg.Config(players=5, cards=SMALL, tie_probability=1),
)
Move = tuple[mg.State, int, mg.Action, mg.State]


@cache
def _moves(config_index: int, seed: int) -> tuple[Move, ...]:
    """Every move of a seeded random game, as (before, seat, action, after)."""
    return played_moves(mg, CONFIGS[config_index], seed)


def _alternatives(state: mg.State, seat: int, action: mg.Action) -> list[mg.Action]:
    return [a for a in mg.legal_actions(state, seat) if a != action]


def test_no_leak_other_actions_that_look_the_same() -> None:
    """Every other legal action of the seat (every other chance outcome) whose result a
    spectator cannot tell from the real one gives exactly the same lines."""
    compared = 0
    for index, seed in itertools.product(range(len(CONFIGS)), range(6)):
        for before, seat, action, after in _moves(index, seed):
            lines = words_of(mg, before, seat, action)
            seen = mg.view(after, None)
            for other in _alternatives(before, seat, action):
                after2 = mg.apply_action(before, seat, other)
                if mg.view(after2, None) == seen:
                    assert words_of(mg, before, seat, other) == lines, (
                        mg.action_to_str(action),
                        mg.action_to_str(other),
                    )
                    compared += 1
    assert compared > 5000  # hidden draws and commitments: many moves look alike


def test_no_leak_in_the_effects_a_seat_sees() -> None:
    """Every other legal action (or chance outcome) whose result a seat, or a spectator, cannot
    tell from the real one gives the same effects as that seat sees them (`seen`): a card drawn,
    a commitment, a slow claimant's card (MG-3) and a face-down card (MG-17) stay hidden."""
    compared = 0
    for index, seed in itertools.product(range(len(CONFIGS)), range(3)):
        for before, seat, action, after in _moves(index, seed):
            effects = mg.apply_traced(before, seat, action)[1]
            viewers = (None, *range(before.config.players))
            for other in _alternatives(before, seat, action):
                after2, effects2 = mg.apply_traced(before, seat, other)
                for viewer in viewers:
                    if mg.view(after2, viewer) == mg.view(after, viewer):
                        assert seen(effects2, viewer) == seen(effects, viewer), (viewer, other)
                        compared += 1
    assert compared > 5000


def test_no_leak_states_a_spectator_cannot_tell_apart() -> None:
    """The lines depend on `before` and `after` only through what a spectator sees: the same
    move from a determinized `before` (hidden hands, face-down cards and commitments dealt
    again) with a result that looks the same gives the same lines."""
    rng = random.Random(7)
    compared = 0
    for index, seed in itertools.product(range(len(CONFIGS)), range(100, 106)):
        for before, seat, action, after in _moves(index, seed):
            lines = words_of(mg, before, seat, action)
            for _ in range(3):
                other = mg.determinize(before, None, rng)
                assert mg.view(other, None) == mg.view(before, None)
                if mg.why_not(other, seat, action) is not None:
                    continue
                after2 = mg.apply_action(other, seat, action)
                if mg.view(after2, None) == mg.view(after, None):
                    assert words_of(mg, other, seat, action) == lines
                    compared += 1
    assert compared > 1000


def test_a_commitment_never_says_what_it_was() -> None:
    """Before the last seat commits, a commitment is the same line whatever it was (MG-2)."""
    for before, seat, _, _ in _moves(0, seed=3):
        if seat == CHANCE or len(mg.actors(before)) < 2:
            continue
        for action in mg.legal_actions(before, seat):
            mg.apply_action(before, seat, action)
            assert words_of(mg, before, seat, action) == (f"seat {seat} commits face down",)


def test_the_last_commitment_says_it_was_the_last_and_never_what_it_was() -> None:
    """The last seat to commit triggers the reveal (MG-2): its line says that it committed, the
    last, before the reveal's line, and is the same whatever it committed."""
    checked = 0
    for before, seat, _, _ in _moves(0, seed=3):
        if seat == CHANCE or mg.actors(before) != (seat,) or before.open_mouse is None:
            continue
        for action in mg.legal_actions(before, seat):
            lines = words_of(mg, before, seat, action)
            assert lines[0] == f"seat {seat} commits face down, the last to commit"
            assert lines[1].startswith("revealed: ")
            checked += 1
    assert checked > 10


def test_every_fastest_claim_is_seen_landing_a_slow_one_never() -> None:
    """On a protected mouse with the last cheese face up, a later claimant's right flip wins
    nothing (MG-8), yet everyone saw it land on the mouse (MG-3): "fastest 1" and "fastest 1 2"
    give different views (`landed`) and say so; a slow claimant's card is never named."""
    state = table(
        3,
        hands={1: ["tie/blue"], 2: ["dress/red"]},  # M01 wears neither
        mouse="M01",
        cheese="emmental",  # M01 shows emmental: protected (MG-7)
        cheeses_left={},
        tie_probability="1/2",
    )
    state = race(state, {1: play("tie/blue"), 2: mg.Flip()})
    alone = mg.apply_action(state, CHANCE, mg.Fastest((1,)))
    tied = mg.apply_action(state, CHANCE, mg.Fastest((1, 2)))
    tie = state.config.card_set.tables.item_index[mg.Item("tie", "blue")]
    assert mg.view(alone, None).landed == (None, tie, None)
    assert mg.view(tied, None).landed[2] == mg.FLIP
    alone_lines = words_of(mg, state, CHANCE, mg.Fastest((1,)))
    assert alone_lines[0] == "seat 1 was fastest (seat 2 too slow)"
    tied_lines = words_of(mg, state, CHANCE, mg.Fastest((1, 2)))
    assert tied_lines[0] == "unclear race: seats 1 and 2 were fastest together"
    slow = table(3, hands={1: ["tie/blue"], 2: ["dress/red"]}, mouse="M01", tie_probability="1/2")
    slow = race(slow, {1: play("tie/blue"), 2: play("dress/red")})
    lines = words_of(mg, slow, CHANCE, mg.Fastest((1,)))
    assert "tie/blue" in " ".join(lines) and "dress/red" not in " ".join(lines)  # MG-3


def test_a_scripted_game_reads_as_expected() -> None:
    """The worked example of the docs (a young player at seat 2), move by move, then a race
    nobody claims (MG-9)."""
    config = mg.Config(players=3, young_seats=[2], tie_probability="1/10", language="en")
    state = mg.initial_state(config)
    log: list[str] = []

    def move(seat: int, text: str) -> tuple[str, ...]:
        nonlocal state
        action = mg.action_from_str(state, seat, text)
        after = mg.apply_action(state, seat, action)
        lines = words_of(mg, state, seat, action)
        log.extend(lines)
        state = after
        return lines

    hands = [
        "bag/brown dress/red tie/blue hat/red belt/brown ring/blue trousers/blue",
        "tie/yellow shoes/red jacket/green t-shirt/blue scarf/green hat/blue dress/yellow",
        "trousers/brown shoes/yellow belt/red ring/yellow",
    ]
    deal = [move(CHANCE, f"clothing {item}") for hand in hands for item in hand.split()]
    assert deal[0] == (
        "the deal: clothing cards, 7 each to seats 0 and 1, 4 face up to seat 2 (young)",
    )
    assert all(lines == () for lines in deal[1:])  # the other 17 cards: nothing to say
    log.clear()
    move(CHANCE, "cheese gouda")
    move(CHANCE, "mouse M07")
    move(0, "play bag/brown")
    move(2, "play belt/red")
    move(1, "flip")
    move(CHANCE, "fastest 1")
    move(CHANCE, "mouse M14")
    move(0, "play dress/red")
    move(1, "pass")
    move(2, "play ring/yellow")
    move(CHANCE, "fastest 0 2")
    move(CHANCE, "cheese camembert")
    move(CHANCE, "clothing cap/red")
    move(CHANCE, "clothing hat/blue")
    move(CHANCE, "cheese emmental")
    move(CHANCE, "mouse M12")
    move(1, "pass")
    move(2, "pass")
    move(0, "flip")
    move(0, "down trousers/blue")  # MG-17: two items match; seat 0 chooses the face-down card
    move(CHANCE, "clothing shoes/red")
    move(CHANCE, "clothing tie/yellow")
    move(CHANCE, "mouse M01")
    move(0, "pass")
    move(1, "pass")
    move(2, "pass")
    assert log == [
        "the face-up cheese is gouda",
        "seat 0 turns M07, wearing bag/brown, cap/red, shirt/green and showing emmental",
        "seat 0 commits face down",
        "seat 2 commits face down",
        "seat 1 commits face down, the last to commit",
        "revealed: seat 0 plays a card, seat 1 flips (Mouse Attack!), seat 2 plays a card",
        "seat 1 was fastest (seats 0 and 2 too slow)",
        "seat 1 flips holding none of M07's items: they take the hand back; they catch M07 (+1)",
        "seat 1 turns M14, wearing dress/red, scarf/brown, shoes/red and showing gouda: "
        "protected by the face-up cheese",
        "seat 0 commits face down",
        "seat 1 commits face down",
        "seat 2 commits face down, the last to commit",
        "revealed: seat 0 plays a card, seat 1 passes, seat 2 plays a card",
        "unclear race: seats 0 and 2 were fastest together",
        "M14 is protected (gouda is face up): every claim fails",
        "seat 2 plays ring/yellow, which M14 does not wear: the card lies face up in front of "
        "them (-1); they take the face-up gouda (-2)",
        "seat 0 plays dress/red, which M14 wears: the card goes to the discard pile; they are "
        "owed the next cheese (-2)",
        "M14 goes under the stack",
        "seat 0 takes the next cheese, camembert (-2)",
        "seat 2 draws cap/red (face up)",
        "seat 0 draws a card",
        "a new cheese is turned face up: emmental",
        "seat 2 turns M12, wearing ring/blue, shirt/green, trousers/blue and showing camembert",
        "seat 1 commits face down",
        "seat 2 commits face down",
        "seat 0 commits face down, the last to commit",
        "revealed: seat 0 flips (Mouse Attack!), seat 1 passes, seat 2 passes",
        "seat 0 flips holding 2 of M12's items: they lay them in front of them, one face down of "
        "their choosing (-2)",
        "M12 goes under the stack",
        "seat 0 lays ring/blue face up and 1 card face down",
        "seat 0 draws a card",
        "seat 0 draws a card",
        "seat 0 turns M01, wearing hat/red, ring/yellow, scarf/brown and showing emmental: "
        "protected by the face-up cheese",
        "seat 0 commits face down",
        "seat 1 commits face down",
        "seat 2 commits face down, the last to commit",
        "revealed: everyone passes",
        "nobody claims M01: it goes under the stack",
    ]


def test_the_end_of_a_game_gives_scores_and_winners() -> None:
    before, seat, action, after = _moves(0, seed=1)[-1]
    lines = words_of(mg, before, seat, action)
    assert lines[-3].startswith("game over: ")
    scores = ", ".join(f"seat {s}: {x}" for s, x in enumerate(mg.scores(after)))
    assert lines[-2] == f"final scores: {scores}"
    best = sorted(mg.winners(after))
    seats = " and ".join(map(str, best)).replace(" and ", ", ", len(best) - 2)
    assert lines[-1] == (
        f"winner: seat {best[0]}" if len(best) == 1 else f"shared win: seats {seats}"
    )


def test_every_move_of_random_games_gives_non_empty_lines() -> None:
    """Lines are non-empty strings for every move, the deal is one line, and the log of a
    whole game is short: about one line per move."""
    for index, config in enumerate(CONFIGS):
        for seed in (11, 12):
            moves = _moves(index, seed)
            total = 0
            deal: list[str] = []  # the lines of the draws before the first cheese (MG-1)
            dealt = 0
            for before, seat, action, _after in moves:
                lines = words_of(mg, before, seat, action)
                assert type(lines) is tuple
                assert all(type(line) is str and line for line in lines)
                assert lines == words_of(mg, before, seat, action)  # deterministic
                total += len(lines)
                cheeses_left = sum(before.cheese_pile) == config.card_set.total_cheeses
                if cheeses_left and isinstance(action, mg.DrawClothing):
                    dealt += 1
                    deal.extend(lines)
            wanted = sum(config.hand_size(s) for s in range(config.players))
            assert dealt == min(wanted, config.card_set.total_clothing)
            assert len(deal) == 1 and deal[0].startswith("the deal: ")
            assert total <= 3 * len(moves)
            assert moves[-1][3].game_over
