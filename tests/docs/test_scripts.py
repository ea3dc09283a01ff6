"""The example scripts and the benchmark script run (the benchmark's numbers are not checked)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.extras import skip_without_extras

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    text = script.read_text()
    skip_without_extras(text)  # pages and examples of the optional extras
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_benchmark_script_runs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/bench.py"),
            "--games",
            "1",
            "--rounds",
            "1",
            "--players",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "schlacht_am_buffet (3p)" in done.stdout


def test_the_vector_benchmark_measures_every_door(tmp_path: Path) -> None:
    """benchmarks/vector.py, briefly, on one game without its peers (pgx's compilation alone
    takes a minute): every column it can measure here is there and positive (the native
    batch's where the core is built)."""
    pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    out = tmp_path / "vector.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/vector.py"),
            *("--seconds", "0.05", "--games", "food_chain", "--no-peers", "--json", str(out)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(out.read_text())
    row = found["games"]["food_chain"]
    assert row["python random 64"] > 0 and row["pettingzoo pure"] > 0
    from tablefeast import native

    if native.available("food_chain"):
        assert all(row[f"native random {envs}"] > 0 for envs in (1, 64, 1024))
        assert row["pettingzoo native"] > 0
    if importlib.util.find_spec("pyspiel") is not None:
        engines = ("pure", "native") if native.available("food_chain") else ("pure",)
        assert all(row[f"openspiel {engine}"] > 0 for engine in engines)
    assert "| food_chain |" in done.stdout


def test_the_simulate_benchmark_measures_every_path(tmp_path: Path) -> None:
    """benchmarks/simulate.py, briefly, on one game: every path of both tables measured (where
    the core is built; the script refuses to run without it)."""
    from tablefeast import native

    if not native.available("food_chain"):
        pytest.skip("the native cores are not built here (python hatch_build.py)")
    out = tmp_path / "simulate.json"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/simulate.py"),
            *("--games", "8", "--rounds", "1", "--names", "food_chain", "--json", str(out)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(out.read_text())
    for table in ("random", "1 heuristic"):
        row = found[f"food_chain, {table}"]
        assert {"core", "per game (old)", "play_games", "simulate"} <= set(row)
        assert row["simulate"] > 0
    assert "| food_chain, random |" in done.stdout


def test_the_game_server_example_refuses_a_bad_move_and_asks_again() -> None:
    import runpy

    server = runpy.run_path(str(ROOT / "examples/game_server.py"))
    ayc = server["ayc"]
    state = ayc.initial_state(ayc.Config(players=3))
    while ayc.actors(state) == (-1,):
        state = ayc.apply_action(state, -1, ayc.chance_outcomes(state)[0][0])
    seat = ayc.actors(state)[0]
    view, moves = server["message_for"](state, seat)

    class Scripted(server["Client"]):  # type: ignore[misc]
        def __init__(self, replies: list[str]) -> None:
            super().__init__(seat, seed=0)
            self.replies, self.errors = replies, []

        def on_turn(self, view_json: str, legal_moves: list[str]) -> str:
            return self.replies.pop(0)

        def on_error(self, message: str) -> None:
            self.errors.append(message)

    client = Scripted(["dance", "take 99", moves[-1]])
    action = server["ask_for_move"](state, seat, client, view, moves)
    assert ayc.action_to_str(action) == moves[-1]
    assert [e.split(":")[0] for e in client.errors] == ["InvalidActionError", "IllegalActionError"]
    stubborn = Scripted(["dance"] * server["MAX_TRIES"])
    assert server["ask_for_move"](state, seat, stubborn, view, moves) in ayc.legal_actions(
        state, seat
    )
    assert len(stubborn.errors) == server["MAX_TRIES"]


def test_server_load_script_runs_and_loses_nothing() -> None:
    pytest.importorskip("uvicorn")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/server_load.py"),
            "--tables",
            "3",
            "--seconds",
            "30",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "finished games: 3" in done.stdout
    assert "lost moves: 0, doubled moves: 0" in done.stdout


def test_server_attack_script_measures_the_victim_quiet_and_attacked(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    script = str(ROOT / "benchmarks/server_attack.py")
    out = tmp_path / "attack.json"
    options = ["--seconds", "2", "--settle", "1", "--scenarios", "quiet,flood", "--json", str(out)]
    done = subprocess.run(
        [sys.executable, script, *options],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| scenario |" in done.stdout  # the table the README quotes
    results = {result["scenario"]: result for result in json.loads(out.read_text())}
    assert set(results) == {"quiet", "flood"}
    for result in results.values():  # the victim measured in both phases of one server
        assert result["quiet"]["moves"] > 0 and result["attacked"]["moves"] > 0, result
        assert len(result["rss_mib"]) == 3 and set(result["targets"]) >= {"p99 < 250 ms"}
    assert results["flood"]["attacker"]["sent"] > 0
