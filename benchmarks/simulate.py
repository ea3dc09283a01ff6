"""`simulate`'s driver (issue 46, item 4): what a game costs through `simulate` beside the core's
own game, for tables the native core plays itself.

    python hatch_build.py && python benchmarks/simulate.py      # timings
    python benchmarks/simulate.py --instructions                 # callgrind counts
    python benchmarks/simulate.py --games 40 --rounds 1          # a quick look

For each game at 4 players, two tables (four random agents; one heuristic and three random),
microseconds per game:

- **core**: the core's own game, its generators made beforehand (``random_game`` with premade
  `random.Random` objects; for the heuristic table, which `random_game` cannot play, the chunk's
  core call less the seeding measured on the random table: the same strings, the same cost);
- **per game (old)**: the per-game driver, `play_one` through `run_calls` in this process, as
  `simulate` ran every game before the chunks (five `random.Random(str)` and a config per game;
  a table with a heuristic was played by `play_game`'s Python loop on the native ruleset);
- **play_games**: the chunk's core call alone, the generators seeded in the core;
- **simulate**: `simulate(..., workers=1)` whole, per game: chunks, outcomes, the result.

The target: simulate at most 1.25x the core's own game. Timings are process CPU time, the best
of the rounds (rounds interleave the paths, so that a noisy machine slows them alike);
``--instructions`` counts callgrind instructions per game instead (two runs of different sizes,
their difference per game, each run's set-up counted apart and left out: noise-free).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

GAMES = ("schlacht_am_buffet", "mausgeflippt", "food_chain", "all_you_can_eat_buffet")
PLAYERS = 4
TABLES = {
    "random": ("random",) * PLAYERS,
    "1 heuristic": ("heuristic",) + ("random",) * (PLAYERS - 1),
}
PATHS = ("core", "per game (old)", "play_games", "simulate")


def _runner(path: str, name: str, table: tuple[str, ...], games: int) -> Callable[[], object]:
    """A function that plays `games` games of `name` at `table` along `path` (set up first)."""
    from tablefeast import native
    from tablefeast.agents.simulate import play_one, rotation, run_calls, simulate
    from tablefeast.kernel.play import agent_rng, seat_suffix

    fast = native.load(name)
    config = fast.Config(players=PLAYERS)
    start = fast.initial_state(config)
    seeds = [f"b/{i}" for i in range(games)]
    tables = rotation(table, games)
    if path == "core":  # random tables only: the generators made before the clock starts
        made = [(random.Random(s), [agent_rng(s, k) for k in range(PLAYERS)]) for s in seeds]
        return lambda: [fast.random_game(start, chance, rngs) for chance, rngs in made]
    if path == "per game (old)":
        calls = [
            (name, {"players": PLAYERS}, tables[i], "b", i, False, "native") for i in range(games)
        ]
        return lambda: run_calls(play_one, calls, workers=1)
    if path == "play_games":
        suffixes = [seat_suffix(k) for k in range(PLAYERS)]
        return lambda: fast.play_games(start, seeds, suffixes, tables)
    return lambda: simulate(name, PLAYERS, list(table), games, seed="b", workers=1)


def timings(names: tuple[str, ...], games: int, rounds: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in names:
        for label, table in TABLES.items():
            paths = [p for p in PATHS if p != "core" or label == "random"]
            runs = {p: _runner(p, name, table, games) for p in paths}
            best = dict.fromkeys(paths, float("inf"))
            for _ in range(rounds):
                for path, run in runs.items():
                    begin = time.process_time()
                    run()
                    best[path] = min(best[path], (time.process_time() - begin) / games * 1e6)
            found[f"{name}, {label}"] = best
            print(name, label, {k: round(v, 1) for k, v in best.items()}, flush=True)
    _fill_core(found)
    return found


def _fill_core(found: dict[str, Any]) -> None:
    """The heuristic table's core game: its chunk call less the seeding, which is the random
    table's chunk call less its core game (the same seed strings)."""
    for key, row in found.items():
        name = key.split(", ")[0]
        if "core" not in row:
            twin = found[f"{name}, random"]
            row["core"] = row["play_games"] - (twin["play_games"] - twin["core"])


def table(found: dict[str, Any]) -> str:
    lines = [
        "| game, table | core | per game (old) | play_games | simulate | simulate / core |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for key, row in found.items():
        cells = [f"{row[p]:,.1f}" for p in PATHS]
        lines.append(
            f"| {key} | " + " | ".join(cells) + f" | {row['simulate'] / row['core']:.2f}x |"
        )
    return "\n".join(lines)


# -- instructions (callgrind)
def _child(path: str, name: str, label: str, games: int, play: bool) -> None:
    """Under callgrind: set up `games` games along `path`, then play them if `play`."""
    run = _runner(path, name, TABLES[label], games)
    if play:
        run()


def _count(path: str, name: str, label: str, games: int, play: bool = True) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--child", path, name, label, str(games), "play" if play else "setup"],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]


def _played(path: str, name: str, label: str, games: int) -> int:
    """Instructions of `games` games along `path`, the set-up (the premade generators of
    "core") left out."""
    return _count(path, name, label, games) - _count(path, name, label, games, play=False)


def instructions(names: tuple[str, ...], few: int, more: int) -> dict[str, Any]:
    """Instructions per game: (count at `more` games - count at `few`) / (more - few), each
    count without its set-up."""
    found: dict[str, Any] = {}
    for name in names:
        for label in TABLES:
            paths = [p for p in PATHS if p != "core" or label == "random"]
            row = {
                p: (_played(p, name, label, more) - _played(p, name, label, few)) / (more - few)
                for p in paths
            }
            found[f"{name}, {label}"] = row
            print(name, label, {k: round(v) for k, v in row.items()}, flush=True)
    _fill_core(found)
    return found


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6] == "play")
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per round (1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best counts (5)")
    parser.add_argument("--names", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--instructions", action="store_true", help="callgrind counts instead")
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    names = tuple(g for g in args.names.split(",") if g)
    from tablefeast import native

    missing = [name for name in names if not native.available(name)]
    if missing:
        sys.exit(f"no native core built for {', '.join(missing)}: python hatch_build.py first")
    if args.instructions:
        found = instructions(names, 10, 60)
    else:
        found = timings(names, args.games, args.rounds)
    print(table(found))
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
