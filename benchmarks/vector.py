"""Env steps for learners (issue 46): the batched environment beside the other doors a learner
uses and beside pgx, in the same run.

An **env step** is what a learner pays per decision: its action taken, then chance and the
opponents played until it decides again, and its observation tensor and legal-action mask
written. Measured per game at 4 players:

- `VectorGame` on the native core (random opponents, and self-play) at 1, 64 and 1,024 envs;
- `VectorGame`'s Python loop on the pure engine (64 envs), the reference it is checked against;
- a PettingZoo AEC step with the acting seat's observation (`tablefeast.interop.pettingzoo`)
  and an OpenSpiel turn-based step with it (`tablefeast.interop.openspiel_turns`; chance's
  steps are steps too, as goofspiel's are decisions), each on the native core and on the pure
  engine;
- beside them, one OpenSpiel C++ ``goofspiel(num_cards=13,players=4)`` decision through a Python
  loop (the yardstick of the targets) and pgx's ``leduc_holdem`` on the CPU at 1,024 envs, jitted
  and vmapped (its own card game; pip install pgx), when installed.

Timings are in **env steps per CPU-second** (`time.process_time`: the process's CPU time, so a
busy machine slows the clock less than the wall). ``--instructions`` counts callgrind
instructions per env step at 256 envs and per goofspiel decision instead (valgrind; noise-free).

    python hatch_build.py && python benchmarks/vector.py          # timings
    python benchmarks/vector.py --instructions                     # callgrind counts
    python benchmarks/vector.py --seconds 1 --games food_chain     # a quick look

Targets (issue 46): an env step at 256 envs at most 0.25x one goofspiel decision in
instructions; at 1,024 envs with random opponents, at least 2x pgx's env steps per CPU-second;
an OpenSpiel or PettingZoo step with observation on the native core at most 2x a goofspiel
decision.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GAMES = ("schlacht_am_buffet", "mausgeflippt", "food_chain", "all_you_can_eat_buffet")
PLAYERS = 4
GOOFSPIEL = "goofspiel(num_cards=13,players=4)"


def _batch_steps(name: str, envs: int, engine: str, opponents: Any, seconds: float) -> float:
    """Env steps per CPU-second of a `VectorGame`, its learners taking their first legal id."""
    from tablefeast.interop.vector import VectorGame

    batch = VectorGame(name, envs, players=PLAYERS, opponents=opponents, seed=1, engine=engine)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        batch.step(batch.action_masks.argmax(axis=1))
        steps += envs
    return steps / (time.process_time() - start)


def _pettingzoo_games(name: str, engine: str, games: int) -> int:
    """`games` AEC episodes (each step with the acting seat's observation); the steps."""
    import numpy as np

    from tablefeast.interop.pettingzoo import env as aec_env

    env = aec_env(name, players=PLAYERS, engine=engine)
    steps = 0
    for game in range(games):
        env.reset(seed=game)
        for _ in env.agent_iter():
            observation, _, done, cut, _ = env.last()
            env.step(None if done or cut else int(np.argmax(observation["action_mask"])))
            steps += 1
    return steps


def _openspiel_games(name: str, engine: str, games: int) -> int:
    """`games` turn-based OpenSpiel games (each decision with the acting seat's observation
    tensor, each chance outcome drawn with its probability); the steps."""
    import random

    import pyspiel

    import tablefeast.interop.openspiel_turns  # noqa: F401  (registers the games)

    sys.path.insert(0, str(HERE))
    import bench

    game = pyspiel.load_game(f"tablefeast_turns_{name}(players={PLAYERS},engine={engine})")
    return bench.turns_steps(game, games, random.Random(0), observe=True)[1]


ADAPTERS = {"pettingzoo": _pettingzoo_games, "openspiel": _openspiel_games}


def _adapter_steps(kind: str, name: str, engine: str, seconds: float) -> float | None:
    """Steps per CPU-second of an adapter (None where its extra is not installed)."""
    try:
        play = ADAPTERS[kind]
        play(name, engine, 1)
    except ImportError:
        return None
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += play(name, engine, 1)
    return steps / (time.process_time() - start)


def _goofspiel_decisions(seconds: float) -> float | None:
    sys.path.insert(0, str(HERE))
    import bench

    game = bench.openspiel_game(GOOFSPIEL)
    if game is None:
        return None
    decisions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        _, _, per_game = bench.bench_openspiel(game, 20)
        decisions += int(per_game * 20)
    return decisions / (time.process_time() - start)


def _pgx_steps(envs: int, seconds: float) -> float | None:
    """pgx's leduc_holdem, jitted and vmapped on the CPU, random legal actions, auto-reset."""
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    env = pgx.make("leduc_holdem")
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def act(state: Any, key: Any) -> Any:
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    key = jax.random.PRNGKey(0)
    state = init(jax.random.split(key, envs))

    def one(state: Any, key: Any) -> Any:
        key, pick, draw = jax.random.split(key, 3)
        return step(state, act(state, pick), jax.random.split(draw, envs)), key

    for _ in range(3):  # compiled before the clock starts
        state, key = one(state, key)
    state.current_player.block_until_ready()
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state, key = one(state, key)
        steps += envs
    state.current_player.block_until_ready()
    return steps / (time.process_time() - start)


def timings(games: tuple[str, ...], seconds: float, peers: bool = True) -> dict[str, Any]:
    found: dict[str, Any] = {"games": {}}
    from tablefeast import native

    for name in games:
        row: dict[str, Any] = {}
        if native.available(name):
            for envs in (1, 64, 1024):
                row[f"native random {envs}"] = _batch_steps(name, envs, "native", "random", seconds)
            row["native self-play 1024"] = _batch_steps(name, 1024, "native", None, seconds)
        row["python random 64"] = _batch_steps(name, 64, "pure", "random", seconds)
        engines = ("native", "pure") if native.available(name) else ("pure",)
        for kind in ADAPTERS:
            for engine in engines:
                measured = _adapter_steps(kind, name, engine, seconds)
                if measured is not None:
                    row[f"{kind} {engine}"] = measured
        found["games"][name] = row
        print(name, {k: round(v) for k, v in row.items()}, flush=True)
    found["goofspiel decisions"] = _goofspiel_decisions(seconds) if peers else None
    found["pgx leduc 1024"] = _pgx_steps(1024, seconds) if peers else None
    print("goofspiel", found["goofspiel decisions"], "pgx", found["pgx leduc 1024"], flush=True)
    return found


def table(found: dict[str, Any]) -> str:
    goof, pgx = found["goofspiel decisions"], found["pgx leduc 1024"]
    columns = [
        "native random 1",
        "native random 64",
        "native random 1024",
        "native self-play 1024",
        "python random 64",
        "pettingzoo native",
        "pettingzoo pure",
        "openspiel native",
        "openspiel pure",
    ]
    lines = [
        "| game | " + " | ".join(columns) + " |",
        "|---|" + "---:|" * len(columns),
    ]
    for name, row in found["games"].items():
        cells = [f"{row[c] / 1e3:,.0f} k" if c in row else "" for c in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    if goof:
        lines.append(
            f"\ngoofspiel (C++, Python loop): {goof / 1e3:,.0f} k decisions per CPU-second"
        )
    if pgx:
        lines.append(f"pgx leduc_holdem, 1,024 envs: {pgx / 1e3:,.0f} k env steps per CPU-second")
        for name, row in found["games"].items():
            if "native random 1024" in row:
                lines.append(f"  {name}: {row['native random 1024'] / pgx:.2f}x pgx")
    return "\n".join(lines)


# -- instructions (callgrind)
def _child(kind: str, name: str, count: int) -> None:
    """Under callgrind: `count` env steps (or goofspiel decisions); prints how many."""
    if kind == "goofspiel":
        sys.path.insert(0, str(HERE))
        import bench

        game = bench.openspiel_game(GOOFSPIEL)
        print("STEPS", int(bench.bench_openspiel(game, count)[2] * count))
        return
    adapter, _, engine = kind.partition(":")  # an adapter's kind: "pettingzoo:native", ...
    if adapter in ADAPTERS:
        print("STEPS", ADAPTERS[adapter](name, engine, count))
        return
    from tablefeast.interop.vector import VectorGame

    envs = 256
    opponents = None if kind == "self-play" else "random"
    batch = VectorGame(name, envs, players=PLAYERS, opponents=opponents, seed=1, engine="native")
    for _ in range(count):
        batch.step(batch.action_masks.argmax(axis=1))
    print("STEPS", count * envs)


def _count(kind: str, name: str, count: int) -> tuple[int, int]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--child", kind, name, str(count)],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    instructions = int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    steps = int(re.search(r"STEPS (\d+)", done.stdout).group(1))  # type: ignore[union-attr]
    return instructions, steps


def per_step(kind: str, name: str, few: int, more: int) -> float:
    i1, s1 = _count(kind, name, few)
    i2, s2 = _count(kind, name, more)
    return (i2 - i1) / (s2 - s1)


def instructions(games: tuple[str, ...]) -> dict[str, Any]:
    goof = per_step("goofspiel", "-", 20, 120)
    found: dict[str, Any] = {"goofspiel decision": goof, "games": {}}
    print(f"goofspiel decision: {goof:,.0f} instructions", flush=True)
    for name in games:
        row = {kind: per_step(kind, name, 20, 100) for kind in ("random", "self-play")}
        for kind in ADAPTERS:  # whole games: 2 and 6 of them, on the core and on the pure engine
            for engine in ("native", "pure"):
                row[f"{kind} {engine}"] = per_step(f"{kind}:{engine}", name, 2, 6)
        found["games"][name] = row
        print(
            name,
            ", ".join(f"{k}: {v:,.0f} ({v / goof:.3f}x goofspiel)" for k, v in row.items()),
            flush=True,
        )
    return found


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement (3)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--instructions", action="store_true", help="callgrind counts instead")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--no-peers", action="store_true", help="leave out goofspiel and pgx")
    args = parser.parse_args()
    games = tuple(g for g in args.games.split(",") if g)
    if args.instructions:
        found = instructions(games)
    else:
        found = timings(games, args.seconds, peers=not args.no_peers)
    if not args.instructions:
        print(table(found))
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
