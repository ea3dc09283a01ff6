"""Instructions per decision, counted by valgrind's callgrind: a noise-free companion to
`bench.py` on machines whose timings wander (shared or virtual CPUs).

Each engine runs twice under callgrind, with few and with more games; the difference in
instructions divided by the difference in decisions cancels start-up and imports.

    python benchmarks/instructions.py            # needs valgrind (apt-get install valgrind)

Counts are averaged over five hash seeds (see `HASH_SEEDS`).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _child(engine: str, games: int) -> None:
    sys.path.insert(0, str(HERE))
    import bench

    import tablefeast

    if engine.startswith("openspiel:"):
        game = bench.openspiel_game(engine.removeprefix("openspiel:"))
        decisions = bench.bench_openspiel(game, games)[2] * games
    else:
        name, players = engine.split(":")
        ruleset = tablefeast.load(name)
        config = ruleset.Config(players=int(players))
        rng = random.Random(0)
        bench.playout(ruleset, config, rng)
        decisions = sum(bench.playout(ruleset, config, rng) for _ in range(games))
    print(f"DECISIONS {round(decisions)}")


def _count(engine: str, games: int, hash_seed: int) -> tuple[int, int]:
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            engine,
            str(games),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},  # a repeatable run
    )
    instructions = int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    decisions = int(re.search(r"DECISIONS (\d+)", done.stdout).group(1))  # type: ignore[union-attr]
    return instructions, decisions


HASH_SEEDS = range(5)
"""Hash seeds to average over: one seed repeats exactly, but OpenSpiel's count moves by up to
10% from one seed to another (ours by 0.2%), so one seed alone could flatter either side."""


def per_decision(engine: str, few: int, more: int) -> float:
    counts = []
    for seed in HASH_SEEDS:
        i1, d1 = _count(engine, few, seed)
        i2, d2 = _count(engine, more, seed)
        counts.append((i2 - i1) / (d2 - d1))
    return sum(counts) / len(counts)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], int(sys.argv[3]))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    import bench

    import tablefeast

    rows = [(f"{name}:4", 5, 25) for name in tablefeast.names()]
    if bench.openspiel_game(bench.PEERS[0]) is not None:
        rows += [(f"openspiel:{spec}", 50, 250) for spec in bench.PEERS]
    results = {engine: per_decision(engine, few, more) for engine, few, more in rows}
    goof = results.get(f"openspiel:{bench.PEERS[0]}")
    for engine, count in results.items():
        ratio = f"{count / goof:6.2f}x goofspiel" if goof else ""
        print(f"{engine:50} {count:10.0f} instructions/decision {ratio}")


if __name__ == "__main__":
    main()
