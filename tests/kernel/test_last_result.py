"""How the latest step came out (`tablefeast.kernel.effects.LastResult`): it gathers a step's
outcomes, stays while the next step is decided, and begins anew with the next outcome."""

from __future__ import annotations

import random

import pytest

import tablefeast
from tablefeast.kernel.effects import LastResult, tell, trace
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import iter_traced


def _results(name: str, seed: int) -> list[tuple[tuple[str, ...], tuple[str, ...], object]]:
    """(result after the move, the move's own words, the state after) for every move of a game."""
    game = tablefeast.load(name)
    config = game.Config(players=3)
    record = play_game(game, config, [RandomAgent()] * 3, seed=seed).record
    result = LastResult()
    out = []
    for *_, after, effects in iter_traced(game, record):
        result = result.after(game, config, effects)
        out.append((result.lines, tell(game, config, effects), after))
    return out


@pytest.mark.parametrize("name", tablefeast.GAMES)
def test_every_game_keeps_a_result_while_the_next_step_is_decided(name: str) -> None:
    game = tablefeast.load(name)
    steps = _results(name, seed=3)
    assert game.CAPABILITIES.outcomes, "every game of the library declares its outcomes"
    first = next(i for i, (lines, *_) in enumerate(steps) if lines)
    assert any("revealed" in line for line in steps[first][0])  # a step's result opens with it
    # From the first result on, a seat deciding always sees one (it never goes blank).
    for lines, _, state in steps[first:]:
        if not game.is_terminal(state):
            assert lines
    # A result line is always among the words the log told at the same time or before.
    told: set[str] = set()
    for lines, words, _ in steps:
        told.update(words)
        for line in lines:
            assert any(line in w or w in line for w in told), line


def test_sab_a_mouse_that_drops_out_stays_on_the_board_until_the_next_reveal() -> None:
    steps = _results("schlacht_am_buffet", seed=1)
    out = next(i for i, (lines, *_) in enumerate(steps) if any("drops out" in x for x in lines))
    again = next(i for i in range(out + 1, len(steps)) if any("revealed" in w for w in steps[i][1]))
    assert again > out + 1  # the exchange, the draws and the next commitments came between
    for lines, *_ in steps[out:again]:
        assert any("drops out" in line for line in lines)
    assert not any("drops out" in line for line in steps[again][0])  # the next result begins


def test_fc_the_snatches_of_a_pass_add_up_in_one_result() -> None:
    steps = _results("food_chain", seed=1)
    takes = [lines for lines, words, _ in steps if any("takes" in w for w in words)]
    assert any(sum("takes" in line for line in lines) >= 2 for lines in takes)


def test_mg_a_mouse_caught_or_a_penalty_is_kept_through_the_draws_and_the_next_turn() -> None:
    steps = _results("mausgeflippt", seed=2)
    landed = next(i for i, (lines, *_) in enumerate(steps) if any("fastest" in x for x in lines))
    following = steps[landed + 1 : landed + 4]
    assert all(any("fastest" in line for line in lines) for lines, *_ in following)


def test_a_result_depends_only_on_what_a_spectator_saw() -> None:
    # Two games that differ only in a hidden card drawn give the same results, step by step.
    game = tablefeast.load("all_you_can_eat_buffet")
    config = game.Config(players=3)
    rng = random.Random(5)
    state = game.initial_state(config)
    result = LastResult()
    for _ in range(60):
        actors = game.actors(state)
        if not actors:
            break
        seat = actors[0]
        action = rng.choice(game.legal_actions(state, seat))
        state, effects = trace(game, state, seat, action)
        public = result.after(game, config, effects)
        hidden_free = result.after(game, config, [e for e in effects if e.seen_by(None) == e])
        assert public.lines == hidden_free.lines
        result = public


def test_a_game_without_outcomes_keeps_no_result() -> None:
    class Plain:
        class CAPABILITIES:
            outcomes = ()

    assert LastResult().after(Plain, None, ()) == LastResult()  # type: ignore[arg-type]
