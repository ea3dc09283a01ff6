"""ISMCTS in the native cores (issue 47, item 3): the core's `ismcts_search` against the
Python loop of `ISMCTSAgent`.

The search must be the same search, only faster: from the same generator the core's search
draws exactly what the Python loop draws, so it ends with the same root statistics (visit
counts and sums of rewards, compared exactly, floats included), the same choice, and the
generator in the same state. Checked over positions met along seeded random games of 3 and 4
players, every seat with a choice there, with the levels' settings and with others (heuristic
playouts, no horizon, another exploration constant); the core's determinizations against the
pure engine's `determinize` state for state; whole games of the agent on both paths; and bad
arguments refused before anything is drawn.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import tablefeast
from tablefeast import native
from tablefeast.agents import ISMCTSAgent
from tablefeast.kernel.errors import GameOverError, InvalidSeatError, RecordError
from tablefeast.kernel.play import RandomAgent, Turn, _Sampler, play_game
from tests.support.fuzz import built_cores

BUILT = built_cores()  # the module is skipped where none is built (but in CI's native stage)

SEARCHES = [
    ISMCTSAgent(iterations=40),
    ISMCTSAgent(iterations=40, playout="heuristic"),
    ISMCTSAgent(iterations=30, playout="random", horizon=None, exploration=1),
    ISMCTSAgent(iterations=25, playout="heuristic", horizon=0, exploration=0.0),
]
"""The settings compared: the levels' (auto playout, horizon 3, exploration 0.7) and others."""


def _search(name: str) -> Any:
    fast = native.load(name)
    if fast.ismcts_search is None:
        pytest.skip(f"{name}'s core has no ismcts_search")
    return fast


def _positions(name: str, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """(pure state, seat) pairs met along a seeded random game where the seat has a choice."""
    game = tablefeast.load(name)
    record = play_game(game, game.Config(players=players), [RandomAgent()] * players, seed=seed)
    state = game.initial_state(game.Config(players=players))
    found = []
    for seat, move in record.moves:
        if seat >= 0 and len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = game.apply_action(state, seat, move)
    step = max(1, len(found) // count)
    return found[::step][:count]


def _turn(game: Any, state: Any, seat: int) -> Turn:
    """The turn `play_game` hands a search agent (its sampler anchored on the view)."""
    legal = game.legal_actions(state, seat)
    return Turn(game, seat, game.view(state, seat), legal, _Sampler(game, state, seat))


@pytest.mark.parametrize("name", BUILT)
@pytest.mark.parametrize("players", [3, 4])
def test_core_search_is_the_python_search(name: str, players: int) -> None:
    fast = _search(name)
    game = tablefeast.load(name)
    cases = 0
    for seed in range(2):
        for state, seat in _positions(name, players, seed, 5):
            turn = _turn(game, state, seat)
            anchor = fast.from_engine(turn._sample._anchor)  # type: ignore[attr-defined]
            for k, agent in enumerate(SEARCHES):
                python_rng, core_rng = random.Random(seed * 31 + k), random.Random(seed * 31 + k)
                root, done = agent._python_root(turn, python_rng, fast)
                playout = agent.playout if agent.playout != "auto" else game.CAPABILITIES.playout
                visits, values, ran = fast.ismcts_search(
                    anchor, seat, agent.iterations, agent.exploration, agent.horizon, playout,
                    core_rng,
                )  # fmt: skip
                assert (visits, values, ran) == (root.visits, root.value, done)
                assert core_rng.getstate() == python_rng.getstate()
                # ... and so the agent's choice on the core is the Python loop's
                again, twice = random.Random(seed), random.Random(seed)
                assert agent.choose(turn, again) == agent._in_python(turn, twice, fast).action
                assert again.getstate() == twice.getstate()
                cases += 1
    assert cases >= 20


@pytest.mark.parametrize("name", BUILT)
def test_a_generator_of_another_class_draws_the_same(name: str) -> None:
    class Mine(random.Random):
        pass

    fast = _search(name)
    game = tablefeast.load(name)
    state, seat = _positions(name, 4, 7, 3)[-1]
    anchor = fast.from_engine(state)
    mine, plain = Mine(5), random.Random(5)
    got = fast.ismcts_search(anchor, seat, 30, 0.7, 3, game.CAPABILITIES.playout, mine)
    assert got == fast.ismcts_search(anchor, seat, 30, 0.7, 3, game.CAPABILITIES.playout, plain)
    assert mine.getstate() == plain.getstate()


@pytest.mark.parametrize("name", BUILT)
def test_the_cores_determinization_is_the_pure_engines(name: str) -> None:
    fast = _search(name)
    game = tablefeast.load(name)
    for players in (3, 4, 5):
        for state, _ in _positions(name, players, players, 12):
            for seat in range(players):
                pure_rng, core_rng = random.Random(seat), random.Random(seat)
                got = fast.core.search_determinize(fast.from_engine(state), seat, core_rng)
                assert fast.to_pure(got) == game.determinize(state, seat, pure_rng)
                assert core_rng.getstate() == pure_rng.getstate()


@pytest.mark.parametrize("young", [(), (1,), (0, 2)])
def test_mausgeflippts_determinization_in_the_core_at_every_state(young: tuple[int, ...]) -> None:
    """Every state of seeded random games, chance nodes included (a race whose seats have all
    committed, MG-3; a wrong flipper about to lay cards, MG-5 and MG-17), young players' open
    hands among them (MG-15): the core's draws are the pure engine's."""
    if "mausgeflippt" not in BUILT:
        pytest.skip("Mausgeflippt's core is not built")
    fast = _search("mausgeflippt")
    game = tablefeast.load("mausgeflippt")
    assert fast.core.SEARCH_DETERMINIZES
    config = game.Config(players=4, young_seats=young)
    seen = {"committed": 0, "placing": 0}
    for seed in range(3):
        record = play_game(game, config, [RandomAgent()] * 4, seed=seed)
        state = game.initial_state(config)
        for step, (actor, move) in enumerate(record.moves):
            seen["committed"] += None not in state.commitments
            seen["placing"] += bool(state.placers)
            for seat in range(4):
                pure_rng = random.Random(step * 4 + seat)
                core_rng = random.Random(step * 4 + seat)
                got = fast.core.search_determinize(fast.from_engine(state), seat, core_rng)
                assert fast.to_pure(got) == game.determinize(state, seat, pure_rng)
                assert core_rng.getstate() == pure_rng.getstate()
            state = game.apply_action(state, actor, move)
    assert seen["committed"] and seen["placing"], seen


@pytest.mark.parametrize("name", BUILT)
def test_whole_games_on_the_core_and_on_the_pure_engine(name: str) -> None:
    # `engine="pure"` runs the Python loop on the pure engine: every move the same.
    game = tablefeast.load(name)
    players = 3
    moves = []
    for engine in ("auto", "pure"):
        agents = [ISMCTSAgent(iterations=8, engine=engine), RandomAgent(), RandomAgent()]
        record = play_game(game, game.Config(players=players), agents, seed=11)
        moves.append(record.moves)
    assert moves[0] == moves[1]


def test_the_agent_searches_in_the_core() -> None:
    if "food_chain" not in BUILT:
        pytest.skip("Food Chain's core is not built here")
    fast = _search("food_chain")
    game = tablefeast.load("food_chain")
    state, seat = _positions("food_chain", 4, 1, 3)[1]
    agent = ISMCTSAgent(iterations=400)
    turn = _turn(game, state, seat)
    before = time.process_time()
    agent.choose(turn, random.Random(0))
    core = time.process_time() - before
    before = time.process_time()
    agent._in_python(turn, random.Random(0), fast)
    assert core < time.process_time() - before  # the core's path was taken
    # a time guard: checked before every iteration, as in the Python loop
    assert ISMCTSAgent(iterations=10**9, seconds=0.01).choose_timed(turn, random.Random(0))[1]


@pytest.mark.parametrize("name", BUILT)
def test_bad_arguments_are_refused(name: str) -> None:
    fast = _search(name)
    game = tablefeast.load(name)
    state, seat = _positions(name, 3, 0, 2)[0]
    anchor = fast.from_engine(state)
    search = fast.ismcts_search
    good: dict[str, Any] = {
        "anchor": anchor,
        "seat": seat,
        "iterations": 5,
        "exploration": 0.7,
        "horizon": 3,
        "playout": "random",
        "rng": random.Random(0),
    }
    assert search(**good)[2] == 5
    bad: list[tuple[str, Any, type[Exception]]] = [
        ("anchor", state, RecordError),
        ("anchor", None, RecordError),
        ("seat", 3, InvalidSeatError),
        ("seat", -1, InvalidSeatError),
        ("seat", True, InvalidSeatError),
        ("iterations", 0, ValueError),
        ("iterations", 2.0, ValueError),
        ("iterations", True, ValueError),
        ("exploration", -1, ValueError),
        ("exploration", float("nan"), ValueError),
        ("exploration", "0.7", ValueError),
        ("horizon", -1, ValueError),
        ("horizon", 1.5, ValueError),
        ("playout", "mixed", ValueError),
        ("rng", 0, ValueError),
    ]
    for field, value, error in bad:
        rng = random.Random(0)
        with pytest.raises(error):
            search(**{**good, field: value, "rng": rng if field != "rng" else value})
        assert rng.getstate() == random.Random(0).getstate()  # nothing drawn
    with pytest.raises(ValueError):
        search(**good, deadline="soon")
    assert search(**good, deadline=time.perf_counter() - 1.0) == ({}, {}, 0)
    end = play_game(game, game.Config(players=3), [RandomAgent()] * 3, seed=0).state
    with pytest.raises(GameOverError):
        search(**{**good, "anchor": fast.from_engine(end)})
