"""The table as a person meets it (issue 30): a new player's first trial of `tablefeast play`.

A person plays through scripted standard input, as `tablefeast play ... --agents human,...`
reads it: the round's opening is told before they are asked, a move made for them (their only
one) is announced, the end says who won, ``help`` shows moves of this game, and a score that
goes down in Schlacht am Buffet says why.
"""

from __future__ import annotations

import io
import re
import sys
from typing import Any

import pytest

import tablefeast
from tablefeast.cli import main
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.terminal import moves_text, notation_text, read_move
from tests.support.declared import BUILT_IN, declaring

PROMPT = "seat 0> "


def person_script(name: str, seed: int) -> tuple[str, list[str]]:
    """The lines that make a person at seat 0 play what a random agent there plays (the other
    seats' agents draw from their own generators, so the game is the same), and the moves
    made for seat 0 without asking (its only legal move), in order."""
    game = tablefeast.load(name)
    typed: list[str] = []
    forced: list[str] = []

    def note(state: Any, seat: int, action: Any) -> None:
        if seat == 0:
            text = game.action_to_str(action)
            (typed if len(game.legal_actions(state, 0)) > 1 else forced).append(text)

    play_game(game, game.Config(players=3), [RandomAgent()] * 3, seed=seed, on_move=note)
    return "".join(f"{line}\n" for line in typed), forced


def play_as_person(
    monkeypatch: pytest.MonkeyPatch, name: str, seed: int, typed: str, *extra: str
) -> str:
    """`tablefeast play NAME` with a person at seat 0 typing `typed`; what it printed."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    out = io.StringIO()
    argv = ["play", name, "--players", "3", "--seed", str(seed), "--agents", "human,random,random"]
    assert main([*argv, *extra], out=out) == 0
    return out.getvalue()


# ---------------------------------------------------------------- (a) the opening comes first


@pytest.mark.parametrize("name", tablefeast.names())
def test_the_opening_line_is_printed_before_the_person_is_asked(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    watched = io.StringIO()
    assert main(["play", name, "--players", "3", "--seed", "1"], out=watched) == 0
    opening = watched.getvalue().splitlines()[0]  # what the game tells first, whoever plays
    typed, _ = person_script(name, 1)
    shown = play_as_person(monkeypatch, name, 1, typed)
    assert shown.index(opening) < shown.index(PROMPT)
    assert shown.count(opening + "\n") == 1  # told once, not again with the first move


def test_food_chain_tells_round_1_before_the_first_commitment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Food Chain has no chance: its round 1 is told with the first commitment (FC-2), which
    a person at seat 0 makes; the line comes first, the commitment after the prompt."""
    shown = play_as_person(monkeypatch, "food_chain", 1, person_script("food_chain", 1)[0])
    lines = shown.splitlines()
    assert lines[0].startswith("round 1 of 3: seat 0 is the Alpha Animal")
    first_prompt = next(i for i, line in enumerate(lines) if line.startswith(PROMPT))
    assert lines[first_prompt] == PROMPT + "seat 0 plays a card face down"
    # Without a person the words are as they were: the same lines, in the same order.
    watched = io.StringIO()
    assert main(["play", "food_chain", "--players", "3", "--seed", "1"], out=watched) == 0
    assert watched.getvalue().splitlines()[:2] == [lines[0], "seat 0 plays a card face down"]


# ---------------------------------------------------------------- (b) a forced move is told


FORCED = {"food_chain": 1, "all_you_can_eat_buffet": 2, "schlacht_am_buffet": 103}
"""A seed in which seat 0 of a random 3-player game has only one legal move at least once
(Mausgeflippt's seat 0 always may pass)."""


@pytest.mark.parametrize(("name", "seed"), FORCED.items())
def test_a_move_made_for_the_person_is_announced(
    monkeypatch: pytest.MonkeyPatch, name: str, seed: int
) -> None:
    typed, forced = person_script(name, seed)
    assert forced
    shown = play_as_person(monkeypatch, name, seed, typed)
    told = re.findall(r"You \(seat 0\) have one move: (.*), played\.", shown)
    assert told == forced


def test_a_forced_move_is_announced_even_when_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    typed, forced = person_script("food_chain", 1)
    assert forced
    shown = play_as_person(monkeypatch, "food_chain", 1, typed, "-q")
    assert shown.count("have one move:") == len(forced)
    assert "plays a card face down" not in shown  # -q: no words of the game


# ---------------------------------------------------------------- (c) the end


@pytest.mark.parametrize("name", declaring("score_sheet"))
def test_the_end_says_game_over_with_scores_and_winners_and_nobody_thinking(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    typed, _ = person_script(name, 2)
    shown = play_as_person(monkeypatch, name, 2, typed)
    end = shown[shown.rindex(PROMPT) :]
    end = end[end.index("\nGame over.\n") :]
    assert "thinking" not in end
    table = end[: end.index("\nFinal scores: ")]
    if name in BUILT_IN:  # their renders mark the person's own seat
        assert "seat 0 (you)" in table  # the final table from the person's chair
    game = tablefeast.load(name)
    expected = play_game(game, game.Config(players=3), [RandomAgent()] * 3, seed=2).state
    seat = ["seat 0 (you)", "seat 1", "seat 2"]
    scores = ", ".join(f"{seat[s]}: {v}" for s, v in enumerate(game.scores(expected)))
    winners = ", ".join(seat[s] for s in sorted(game.winners(expected)))
    result = end[end.index("\nFinal scores: ") :].split("\n\nThe score sheet:", 1)[0]
    assert result.strip().splitlines() == [f"Final scores: {scores}", f"Winners: {winners}"]
    sheet = game.CAPABILITIES.score_sheet(expected).lines()  # then how each score came about
    assert end.rstrip().splitlines()[-len(sheet) :] == [f"  {line}" for line in sheet]


# ---------------------------------------------------------------- (d) help's examples


def _examples(text: str) -> list[str]:
    """The moves in backticks, but the commands."""
    return [e for e in re.findall(r"`([^`]+)`", text) if e not in ("help", "rules", "quit")]


def _decisions(name: str, seed: int, most: int = 25) -> list[tuple[Any, tuple[Any, ...]]]:
    """Up to `most` states of a random game where seat 0 chooses among several moves."""
    game = tablefeast.load(name)
    found: list[tuple[Any, tuple[Any, ...]]] = []

    def note(state: Any, seat: int, action: Any) -> None:
        if seat == 0 and len(legal := game.legal_actions(state, 0)) > 1 and len(found) < most:
            found.append((state, legal))

    play_game(game, game.Config(players=3), [RandomAgent()] * 3, seed=seed, on_move=note)
    return found


@pytest.mark.parametrize("name", tablefeast.names())
def test_help_shows_moves_of_this_game_legal_now(name: str) -> None:
    """Every move ``help`` and the prompt show in backticks is a move of this game: a legal
    one now where a move of its kind is legal now, including how to type it carelessly; the
    game's own example, or a form its help names (`take centre`), otherwise."""
    game = tablefeast.load(name)
    move_help = game.CAPABILITIES.move_help
    checked = 0
    for seed in (1, 2):
        for _, legal in _decisions(name, seed):
            verbs = {game.action_to_str(a).split()[0] for a in legal}
            text = notation_text(game, legal, width=100) + "\n" + moves_text(game, legal, 100)
            flat = re.sub(r"\n +", " ", text)  # lines joined where they were wrapped
            typed, _, read = flat.rpartition("Words may be typed")[2].partition("` reads as `")
            typed, read = typed.split("`")[-1], read.split("`")[0]
            assert read_move(game, 0, typed, legal) == (game.action_from_str(None, 0, read), None)
            for example in _examples(text):
                if example == typed:
                    continue  # read above: not in the notation's own form, on purpose
                verb = example.split()[0]
                refused = read_move(game, 0, example, legal)[1]
                if verb in verbs and f"`{example}`" not in move_help[verb].meaning:
                    assert refused is None, (example, refused)  # legal now
                else:  # a move of the game, written as its notation has it
                    game.action_from_str(None, 0, example)
                checked += 1
    assert checked > 20


def test_food_chain_help_suggests_no_card_number(monkeypatch: pytest.MonkeyPatch) -> None:
    typed, _ = person_script("food_chain", 1)
    shown = play_as_person(monkeypatch, "food_chain", 1, "help\n" + typed)
    assert "play 5" not in shown.lower()
    assert "`Play  worm` reads as `play worm`" in shown.replace("\n  ", " ")


# ---------------------------------------------------------------- (e) SAB covering, told


def test_a_covered_plate_is_told_at_the_terminal() -> None:
    """A score that goes down in Schlacht am Buffet says why (SAB-14), in the words `play`
    prints (the server's event log reads the same words)."""
    for seed in range(10):
        out = io.StringIO()
        main(["play", "schlacht_am_buffet", "--players", "3", "--seed", str(seed)], out=out)
        covered = [line for line in out.getvalue().splitlines() if " covers its " in line]
        if covered:
            assert all("only the top plate of a kind scores (SAB-14)" in c for c in covered)
            assert all(re.search(r"scores \d+ points? (more|fewer)$", c) for c in covered)
            return
    raise AssertionError("no plate covered another in ten games")
