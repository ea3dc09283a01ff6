"""`simulate` without driver overhead (issue 46, item 4): the cores seed generators from strings
exactly as `random.Random` does, and play many games of random and heuristic seats in one call
(`play_games`), each the game `play_game` plays from its seed; `simulate` plays such tables in
chunks, with the same outcomes as the per-game path and the pure engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
from tablefeast import native
from tablefeast.agents import make_agent
from tablefeast.agents.simulate import chunk_size, play_chunk, play_one, simulate
from tablefeast.kernel.errors import RecordError
from tablefeast.kernel.play import agent_rng, play_game, seat_suffix
from tests.support.fuzz import built_cores

BUILT = built_cores()  # the module is skipped where none is built (but in CI's native stage)
GAMES = sorted(native.NATIVE_GAMES)


def _core(name: str = "food_chain") -> Any:
    return native.load(name if name in BUILT else BUILT[0]).core


def _same_generator(seed: str) -> None:
    made, reference = _core().seeded_random(seed), random.Random(seed)
    assert made.getstate() == reference.getstate()
    assert [made.getrandbits(32) for _ in range(700)] == [
        reference.getrandbits(32) for _ in range(700)
    ]  # across a regeneration of the words


@settings(max_examples=150, deadline=None)
@given(st.text())
def test_a_core_seeds_from_any_text_as_random_does(seed: str) -> None:
    _same_generator(seed)


@settings(max_examples=20, deadline=None)
@given(st.text(min_size=500, max_size=4000))
def test_a_core_seeds_from_long_text_as_random_does(seed: str) -> None:
    _same_generator(seed)  # past a SHA-512 block, and keys longer than the twister's words


@pytest.mark.parametrize(
    "seed",
    [
        "",
        "\x00",
        "\x00\x00\x00\x00\x00seed",  # leading zero bytes are not in the seed's int
        "0/0/seat/3",
        "é漢字🍕",
        "x" * 111,  # the padding fills one block exactly, then needs a second
        "x" * 112,
        "x" * 2400,  # about the twister's 624 words of key
        "x" * 2500,  # more: seeded alone, as CPython's loop does
    ],
)
def test_a_core_seeds_from_edge_texts_as_random_does(seed: str) -> None:
    _same_generator(seed)


def test_seeded_random_refuses_what_random_would_not_take_as_text() -> None:
    core = _core()
    for bad in (None, 5, b"bytes", ["0"]):
        with pytest.raises(ValueError, match="seed must be a str"):
            core.seeded_random(bad)
    with pytest.raises(UnicodeEncodeError):
        random.Random("\ud800")  # the reference refuses a lone surrogate ...
    with pytest.raises(UnicodeEncodeError):
        core.seeded_random("\ud800")  # ... and so does the core (a ValueError)


def _tables(players: int) -> list[tuple[str, ...]]:
    """Random, heuristic and mixed tables."""
    mixed = tuple("heuristic" if seat % 2 == 0 else "random" for seat in range(players))
    return [
        ("random",) * players,
        ("heuristic",) * players,
        ("heuristic",) + ("random",) * (players - 1),
        mixed,
    ]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
@pytest.mark.parametrize("name", BUILT)
def test_play_games_plays_the_games_play_game_plays(name: str, players: int) -> None:
    """Every table size (so 3 to 7 generators a game, filling the four lanes unevenly), a number
    of games that is not a multiple of the four seeded together."""
    fast = native.load(name)
    try:
        config = fast.Config(players=players)
    except ValueError:
        pytest.skip(f"{name} has no {players}-player game")
    start = fast.initial_state(config)
    tables = (_tables(players) * 2)[:7]
    seeds = [f"t/{players}/{g}" for g in range(len(tables))]
    suffixes = [seat_suffix(seat) for seat in range(players)]
    played = fast.play_games(start, seeds, suffixes, tables)
    assert fast.initial_state(config) == start  # never changed
    for seed, table, (state, moves) in zip(seeds, tables, played, strict=True):
        agents = [make_agent(spec) for spec in table]
        result = play_game(fast, config, agents, seed=seed)
        assert (state, moves) == (result.state, len(result.moves))
        if set(table) == {"random"}:
            rngs = [agent_rng(seed, seat) for seat in range(players)]
            assert fast.random_game(start, random.Random(seed), rngs) == (state, moves)


def test_play_games_refuses_bad_arguments_before_any_game() -> None:
    fast = native.load(BUILT[0])
    start = fast.initial_state(fast.Config(players=3))
    suffixes = [seat_suffix(seat) for seat in range(3)]
    table = ("random", "heuristic", "random")
    cases: list[tuple[tuple[Any, ...], type[Exception], str]] = [
        ((None, ["0"], suffixes, [table]), RecordError, "not a native"),
        ((start, ("0",), suffixes, [table]), ValueError, "seeds must be a list of str"),
        ((start, ["0", 1], suffixes, [table] * 2), ValueError, "must be str, got 1"),
        ((start, ["0"], suffixes[:2], [table]), ValueError, "one str per seat"),
        ((start, ["0"], "/seat/", [table]), ValueError, "one str per seat"),
        ((start, ["0"], [*suffixes[:2], 2], [table]), ValueError, "must be str, got 2"),
        ((start, ["0", "1"], suffixes, [table]), ValueError, "one table per seed"),
        ((start, ["0"], suffixes, (table,)), ValueError, "one table per seed"),
        ((start, ["0"], suffixes, [table[:2]]), ValueError, r"seats\[0\] must name one agent"),
        ((start, ["0"], suffixes, ["random"]), ValueError, r"seats\[0\] must name one agent"),
        (
            (start, ["0", "1"], suffixes, [table, ("random", "greedy", "random")]),
            ValueError,
            r'seats\[1\]\[1\] must be "random" or "heuristic"',
        ),
        ((start, ["0", "\ud800"], suffixes, [table] * 2), UnicodeEncodeError, "surrogate"),
    ]
    for arguments, error, said in cases:
        with pytest.raises(error, match=said):
            fast.play_games(*arguments)
    assert fast.play_games(start, [], suffixes, []) == []


@pytest.mark.parametrize("name", BUILT)
def test_simulate_plays_random_and_heuristic_tables_in_the_core_as_on_the_pure_engine(
    name: str,
) -> None:
    """The chunked path against the pure engine's per-game path: the same outcomes, in order,
    for random, heuristic and mixed tables (chunks of 2 here: 7 games, one worker)."""
    for agents in (["random"], ["heuristic", "random", "random", "heuristic"], ["heuristic"]):
        runs = {
            engine: simulate(name, 4, agents, 7, seed="mix", workers=1, engine=engine)
            for engine in ("pure", "native")
        }
        assert runs["pure"] == runs["native"]
        assert [o.seed for o in runs["native"].games] == [f"mix/{i}" for i in range(7)]
        assert all(o.record is None for o in runs["native"].games)


def test_a_chunk_is_the_games_play_one_plays() -> None:
    name = BUILT[0]
    config = {"players": 3}
    tables = [("heuristic", "random", "random"), ("random", "random", "heuristic")]
    chunk = play_chunk(name, config, tables, "c", 10)
    assert chunk == [
        play_one(name, config, table, "c", 10 + i, engine="pure") for i, table in enumerate(tables)
    ]
    with pytest.raises(ValueError, match="the core plays only"):
        play_chunk(name, config, [("heuristic", "greedy", "random")], "c", 0)


def test_simulate_counts_progress_in_games_on_a_pool_too() -> None:
    name = BUILT[0]
    seen: list[int] = []
    serial = simulate(name, 3, ["random"], 10, seed=1, workers=1, progress=seen.append)
    assert seen[-1] == 10 and seen == sorted(seen) and len(seen) == 4  # chunks of 3, 3, 3, 1
    seen.clear()
    pooled = simulate(name, 3, ["random"], 10, seed=1, workers=2, progress=seen.append)
    assert pooled == serial and seen[-1] == 10 and seen == sorted(seen)


def _played(outcome: Any) -> tuple[Any, ...]:
    """An outcome but its record."""
    return outcome.index, outcome.seats, outcome.scores, outcome.winners, outcome.moves


def test_other_tables_keep_the_per_game_path() -> None:
    """A factory (even of `RandomAgent`), kept records, or another agent: game by game, the same
    games."""
    from tablefeast.agents.heuristics import HeuristicAgent

    name = BUILT[0]
    reference = simulate(name, 3, ["heuristic", "random", "random"], 4, seed=2, workers=1)
    kept = simulate(
        name, 3, ["heuristic", "random", "random"], 4, seed=2, workers=1, keep_records=True
    )
    assert [_played(o) for o in kept.games] == [_played(o) for o in reference.games]
    by_factory = simulate(name, 3, [HeuristicAgent, "random", "random"], 4, seed=2, workers=1)
    assert [o.scores for o in by_factory.games] == [o.scores for o in reference.games]


def test_chunk_sizes() -> None:
    assert chunk_size(1, 1) == 1
    assert chunk_size(10_000, 1) == 128
    assert chunk_size(1_000, 8) == 32  # four chunks per worker at least
    assert chunk_size(7, 1) == 2


def test_the_per_seat_policy_leaves_the_ruleset_alone() -> None:
    """The ruleset `tablefeast.load` gives plays every other function as before (a smoke test:
    the batch and the playouts have their own)."""
    fast = tablefeast.load(BUILT[0], engine="native")
    state = fast.initial_state(fast.Config(players=3))
    assert fast.heuristic_playout(state, 0, None, random.Random(1))[1]
    assert fast.random_playout(state, 0, None, random.Random(1))[1]
