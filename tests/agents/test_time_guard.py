"""Levels play by iterations: the same choice from a seed on a quiet and on a loaded machine
(issue 45, item 8); a time limit is an explicit guard, and says when it cut a search short.

The machine's speed is simulated, never measured: `slow_clock` makes every reading of the clock
jump far ahead, as if the process ran on a machine too busy to finish any search in time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import tablefeast
from tablefeast.agents import LEVELS, ISMCTSAgent, LevelAgent, ModelAgent
from tests.agents.test_agents import _decision, _turn

JUMP = 60.0
"""Seconds the slow clock moves at every reading: far more than any time limit here."""


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """Every clock of the `time` module jumps `JUMP` seconds at each reading (a loaded
    machine); yields the readings."""
    readings: list[float] = []

    def tick() -> float:
        readings.append(1000.0 + JUMP * len(readings))
        return readings[-1]

    for clock in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(time, clock, tick)
    yield readings


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clock of the `time` module stands still (an infinitely fast machine)."""
    for clock in ("perf_counter", "monotonic", "time"):
        monkeypatch.setattr(time, clock, lambda: 1000.0)


def _searching_levels(name: str) -> list[str]:
    """The levels that search in the game `name` (the others never read a clock)."""
    return [
        level
        for level in LEVELS
        if isinstance(LevelAgent(level).agent_for(name), ISMCTSAgent | ModelAgent)
    ]


def _normal_choices(name: str) -> dict[str, Any]:
    game, state, seat = _decision(name, 3)
    return {
        level: LevelAgent(level).choose(_turn(game, state, seat), random.Random(8))
        for level in _searching_levels(name)
    }


@pytest.mark.parametrize("name", tablefeast.names())
def test_a_level_chooses_the_same_on_a_loaded_machine(
    name: str, request: pytest.FixtureRequest
) -> None:
    """The failure of issue 45 (item 8): under load, a level's one-second cap cut its search
    short and the same seed chose differently. A level now plays its iterations, whatever the
    clock says."""
    normal = _normal_choices(name)
    assert normal, f"no level searches in {name}"
    readings = request.getfixturevalue("slow_clock")
    game, state, seat = _decision(name, 3)
    for level, expected in normal.items():
        turn = _turn(game, state, seat)
        assert LevelAgent(level).choose(turn, random.Random(8)) == expected, level
        assert LevelAgent(level).choose_timed(turn, random.Random(8)) == (expected, False)
    del readings[:]
    # The clock really is slow: a level given a time limit is cut short at once.
    level = next(iter(normal))
    guarded = LevelAgent(level, seconds=1.0).choose_timed(
        _turn(game, state, seat), random.Random(8)
    )
    assert guarded.cut_short and guarded.action in game.legal_actions(state, seat)
    assert readings  # the guard read the (slow) clock


def test_the_old_cap_would_have_chosen_otherwise(slow_clock: list[float]) -> None:
    """The test above can fail: in these decisions a search stopped by the clock chooses
    otherwise than the level's full budget (what a one-second cap did on a loaded machine)."""
    differed = []
    for name in tablefeast.names():
        game, state, seat = _decision(name, 3)
        for level in _searching_levels(name):
            turn = _turn(game, state, seat)
            full = LevelAgent(level).choose(turn, random.Random(8))
            capped = LevelAgent(level, seconds=1.0).choose_timed(turn, random.Random(8))
            assert capped.cut_short
            differed.append(capped.action != full)
    assert any(differed)


@pytest.mark.usefixtures("stopped_clock")
@pytest.mark.parametrize("agent", [ISMCTSAgent(iterations=30), ModelAgent(iterations=6)])
def test_a_guard_that_never_fires_changes_nothing(agent: Any) -> None:
    import attrs

    game, state, seat = _decision("food_chain", 2)
    guarded = attrs.evolve(agent, seconds=0.001)
    timed = guarded.choose_timed(_turn(game, state, seat), random.Random(1))
    assert timed == (agent.choose(_turn(game, state, seat), random.Random(1)), False)
    assert agent.choose_timed(_turn(game, state, seat), random.Random(1)) == timed


class _Clock:
    """A clock that moves only when told: `advance` seconds at each reading after `after`."""

    def __init__(self, advance: float, after: int) -> None:
        self.readings = 0
        self.advance, self.after = advance, after

    def __call__(self) -> float:
        self.readings += 1
        return 1000.0 + self.advance * max(0, self.readings - self.after)


@pytest.mark.parametrize("agent", [ISMCTSAgent(iterations=50), ModelAgent(iterations=12)])
def test_a_guard_stops_the_search_when_its_time_is_up(
    agent: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search reads the clock once to set its deadline and once before each iteration:
    with the clock past the deadline from the fourth reading on, it runs exactly two."""
    import attrs

    game, state, seat = _decision("food_chain", 2)
    turn = _turn(game, state, seat)
    samples = 0

    def counting(rng: random.Random) -> Any:
        nonlocal samples
        samples += 1
        return turn.sample_state(rng)

    counted = type(turn)(game, seat, turn.view, turn.legal, counting)
    monkeypatch.setattr(time, "perf_counter", _Clock(advance=10.0, after=3))
    move, cut_short = attrs.evolve(agent, seconds=5.0).choose_timed(counted, random.Random(0))
    assert cut_short and move in turn.legal
    assert samples == 2  # two iterations, a sampled state each
    monkeypatch.undo()
    # Without a guard the same clock is never read, and the whole budget runs.
    monkeypatch.setattr(time, "perf_counter", _Clock(advance=10.0, after=0))
    samples = 0
    assert agent.choose_timed(counted, random.Random(0)).cut_short is False
    assert samples == agent.iterations
    assert time.perf_counter.readings == 0  # type: ignore[attr-defined]


def test_a_timed_decision_is_the_decision_with_word_of_the_guard(slow_clock: list[float]) -> None:
    from tablefeast.agents import (
        GreedyAgent,
        HeuristicAgent,
        RandomAgent,
        TimedChoice,
        timed_decision,
    )
    from tablefeast.kernel.play import decision

    game, state, seat = _decision("schlacht_am_buffet", 2)
    agents = [
        RandomAgent(),
        HeuristicAgent(),
        GreedyAgent(samples=2),
        ISMCTSAgent(iterations=10),
        LevelAgent("hard"),
        LevelAgent("medium"),
    ]
    for agent in agents:
        made = timed_decision(game, state, seat, agent)(random.Random(3))
        assert made == TimedChoice(decision(game, state, seat, agent)(random.Random(3)), False)
    # A guard on a loaded machine: cut short, and said so.
    for agent in (ISMCTSAgent(iterations=10, seconds=0.5), LevelAgent("hard", seconds=0.5)):
        move, cut_short = timed_decision(game, state, seat, agent)(random.Random(3))
        assert cut_short and move in game.legal_actions(state, seat)
    # One legal move is played unasked, never cut short.
    fc = tablefeast.load("food_chain")
    only = next((s, p) for s, p in _walk(fc) if len(fc.legal_actions(s, p)) == 1)
    guarded = LevelAgent("hard", seconds=0.5)
    assert timed_decision(fc, *only, guarded)(random.Random(0)) == (
        fc.legal_actions(*only)[0],
        False,
    )


def _walk(game: Any) -> Iterator[tuple[Any, int]]:
    """States of a random game where some seat must act, with that seat."""
    from tablefeast.kernel.chance import CHANCE

    rng = random.Random(0)
    state = game.initial_state(game.Config(players=4))
    while game.actors(state):
        seat = game.actors(state)[0]
        if seat == CHANCE:
            state = game.apply_action(state, seat, game.chance_distribution(state).sample(rng))
            continue
        yield state, seat
        legal = game.legal_actions(state, seat)
        state = game.apply_action(state, seat, legal[rng.randrange(len(legal))])
