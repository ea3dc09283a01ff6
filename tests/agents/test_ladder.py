"""The strength ladder script: its Bradley-Terry fit, bootstrap, targets and a smoke run."""

from __future__ import annotations

import doctest
import importlib.util
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
HANG = 1800
"""Seconds before a run of the script counts as hung: a guard against a hang only, far past what
the slowest run takes on a loaded machine, so that no result here depends on the clock (issue 45,
item 8)."""


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "benchmarks/ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ladder = _load()

TRUE_ELO = {"random": 0.0, "heuristic": 100.0, "small": 250.0, "large": 500.0}


def _synthetic(games: int, seed: int) -> dict[tuple[str, str], list[float]]:
    """Results drawn from the Bradley-Terry model with `TRUE_ELO`, some games drawn (0.5)."""
    rng = random.Random(seed)
    labels = list(TRUE_ELO)
    pairs = {}
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            p = 1 / (1 + 10 ** ((TRUE_ELO[b] - TRUE_ELO[a]) / 400))
            draw = min(0.2, p, 1 - p)  # expected score stays p
            win = (p - draw / 2) / (1 - draw)
            pairs[(a, b)] = [
                0.5 if rng.random() < draw else float(rng.random() < win) for _ in range(games)
            ]
    return pairs


@pytest.mark.parametrize("seed", range(3))
def test_the_fit_recovers_known_gaps(seed: int) -> None:
    ratings = ladder.fit_ratings(list(TRUE_ELO), _synthetic(300, seed))
    assert ratings["random"] == 0.0  # the anchor
    for label, elo in TRUE_ELO.items():
        assert abs(ratings[label] - elo) < 60, (label, ratings)


def test_the_fit_does_not_depend_on_how_pairs_are_written() -> None:
    pairs = _synthetic(50, 7)
    flipped = {(b, a): [1 - s for s in scores] for (a, b), scores in pairs.items()}
    one, other = (
        ladder.fit_ratings(list(TRUE_ELO), pairs),
        ladder.fit_ratings(list(TRUE_ELO), flipped),
    )
    assert all(math.isclose(one[k], other[k], abs_tol=1e-6) for k in TRUE_ELO)
    anchored = ladder.fit_ratings(list(TRUE_ELO), pairs, anchor="large")
    assert math.isclose(anchored["random"], -one["large"], abs_tol=1e-6)


def test_a_clean_sweep_still_gives_finite_ordered_ratings() -> None:
    labels = ["random", "heuristic", "ismcts:9"]
    pairs = {
        ("random", "heuristic"): [0.0] * 40,
        ("random", "ismcts:9"): [0.0] * 40,
        ("heuristic", "ismcts:9"): [0.0] * 40,
    }
    ratings = ladder.fit_ratings(labels, pairs)
    assert all(math.isfinite(r) for r in ratings.values())
    assert ratings["random"] == 0 < ratings["heuristic"] < ratings["ismcts:9"] < 5000
    two = ladder.fit_ratings(["a", "b"], {("a", "b"): [1.0] * 40})
    assert 500 < two["a"] - two["b"] < 2000  # set by the prior: "far stronger"


def test_the_fit_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        ladder.fit_ratings(["a", "b"], {("a", "b"): [1.5]})
    with pytest.raises(ValueError, match="unknown agent"):
        ladder.fit_ratings(["a", "b"], {("a", "c"): [1.0]})
    with pytest.raises(ValueError, match="anchor"):
        ladder.fit_ratings(["a", "b"], {("a", "b"): [1.0]}, anchor="z")


def test_bootstrap_intervals_hold_the_estimate_and_repeat_for_a_seed() -> None:
    labels, pairs = list(TRUE_ELO), _synthetic(40, 1)
    ratings = ladder.fit_ratings(labels, pairs)
    first = ladder.bootstrap_intervals(labels, pairs, rounds=60, rng=random.Random(3))
    again = ladder.bootstrap_intervals(labels, pairs, rounds=60, rng=random.Random(3))
    other = ladder.bootstrap_intervals(labels, pairs, rounds=60, rng=random.Random(4))
    assert first == again != other
    assert first["random"] == (0.0, 0.0)
    for label in labels[1:]:
        low, high = first[label]
        assert low < ratings[label] < high, (label, low, ratings[label], high)


def test_labels_and_agent_lists() -> None:
    spec = "tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:200"
    assert ladder.label_for(spec) == "openspiel-ismcts:200"
    assert ladder.parse_agents(["random,heuristic", f"ismcts:50,{spec},0.5"]) == [
        ("random", "random"),
        ("heuristic", "heuristic"),
        ("ismcts:50", "ismcts:50"),
        ("openspiel-ismcts:200,0.5", f"{spec},0.5"),
    ]
    with pytest.raises(ValueError, match="twice"):
        ladder.parse_agents(["random,random"])


def test_targets_read_the_head_to_head_either_way_round() -> None:
    spec = "tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:200"
    agents = [
        ("random", "random"),
        ("heuristic", "heuristic"),
        ("ismcts:50", "ismcts:50"),
        ("ismcts:200", "ismcts:200"),
        ("openspiel-ismcts:200", spec),
    ]
    ratings = {"random": 0, "heuristic": 90, "ismcts:50": 80, "ismcts:200": 300}
    runs = {
        "subject_vs_heuristic": {"win_share": 0.55, "low": 0.45, "high": 0.65},
        "subject_vs_ismcts": {"win_share": 0.35, "low": 0.25, "high": 0.45},
        "challenger_vs_easy": {"win_share": 0.45, "low": 0.35, "high": 0.55},
    }
    for pairs in (
        {("ismcts:200", "openspiel-ismcts:200"): [1.0] * 30 + [0.0] * 10},
        {("openspiel-ismcts:200", "ismcts:200"): [0.0] * 30 + [1.0] * 10},
    ):
        targets = ladder.evaluate_targets(agents, ratings, pairs, runs, {"ismcts:200": 900.0})
        assert [t["verdict"] for t in targets] == [
            "MEETS",
            "MISSES",
            "MEETS",
            "MISSES",
            "MEETS",
            "MISSES",
        ]
        assert targets[2]["measured"] == 0.75 and targets[2]["low"] > 0.5
        assert targets[-1]["target"] == "challenger vs 3 easy <= 0.40"
    table = ladder.targets_table(targets)
    assert "ladder order random < heuristic < ismcts:50 < ismcts:200" in table
    # The peer played on its own (``--peer``): its run, not the round robin, is the head to head.
    peer_run = {"peer": "openspiel-ismcts:9", "win_share": 0.4, "low": 0.3, "high": 0.5}
    alone = ladder.evaluate_targets(agents[:4], ratings, {}, {"subject_vs_peer": peer_run})
    assert alone[2]["target"] == "ismcts:200 vs openspiel-ismcts:9 head to head: 95% low end > 0.50"
    assert (alone[2]["measured"], alone[2]["verdict"]) == (0.4, "MISSES")


def test_targets_are_about_the_hard_level_and_the_order_of_the_levels() -> None:
    agents = [(name, name) for name in ("random", "easy", "medium", "hard", "ismcts:400")]
    ratings = {"random": 0, "easy": 100, "medium": 90, "hard": 200, "ismcts:400": 150}
    targets = ladder.evaluate_targets(agents, ratings, {}, {}, {"hard": 1200.0})
    assert targets[0]["target"] == "hard vs 3 heuristic >= 0.50"
    assert targets[3]["target"] == "ladder order random < easy < medium < hard"
    assert [t["verdict"] for t in targets[3:]] == ["MISSES", "MISSES"]  # medium < easy; slow


def test_the_script_s_functions_document_themselves() -> None:
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    assert doctest.testmod(ladder, optionflags=flags).failed == 0


def test_the_ladder_runs(tmp_path: Path) -> None:
    out, markdown = tmp_path / "ladder.json", tmp_path / "ladder.md"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/ladder.py"),
            "--game",
            "food_chain",
            "--agents",
            "random,heuristic,ismcts:2",
            "--games",
            "2",
            "--target-games",
            "2",
            "--timing-games",
            "1",
            "--workers",
            "1",
            "--bootstrap",
            "10",
            "--challenge",
            "easy",
            "--challenge-games",
            "1",
            "--challenger-iterations",
            "2",
            "--peer",
            "greedy",
            "--out",
            str(out),
            "--markdown",
            str(markdown),
        ],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(out.read_text())["games"]["food_chain"]
    assert set(data["ratings"]) == set(data["intervals"]) == {"random", "heuristic", "ismcts:2"}
    assert data["ratings"]["random"] == 0.0
    assert [row["games"] for row in data["agents"]] == [4, 4, 4]
    assert set(data["target_runs"]) == {
        "subject_vs_heuristic",
        "subject_vs_ismcts",
        "subject_vs_peer",
        "challenger_vs_easy",
    }
    assert data["target_runs"]["challenger_vs_easy"]["games"] == 1
    # The peer is not one of the agents: its head to head is a run of its own, not rated.
    peer = data["target_runs"]["subject_vs_peer"]
    assert peer["peer"] == "greedy" and peer["games"] == 2 and len(peer["scores"]) == 2
    assert set(peer["ms_per_move"]) == {"ismcts:2", "greedy"} and "greedy" not in data["ratings"]
    assert len(data["targets"]) == 6
    assert data["targets"][2]["target"] == "ismcts:2 vs greedy head to head: 95% low end > 0.50"
    assert data["targets"][2]["measured"] == sum(peer["scores"]) / 2
    assert all(row["ms_per_move"] > 0 for row in data["agents"])
    text = markdown.read_text()
    assert "| agent | budget | ms / move | rating (Elo) | 95% interval | games |" in text
    assert "| ismcts:2 | 2 iterations |" in text
    assert "Head to head over 2 games; ms per move: ismcts:2 " in text
    assert text.strip() in done.stdout


def test_the_ladder_names_a_bad_agent(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/ladder.py"), "--agents", "random,nobody"],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "nobody" in done.stderr and "--agents" in done.stderr
    assert not (tmp_path / "ladder_results.json").exists()
