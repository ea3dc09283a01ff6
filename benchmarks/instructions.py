"""Instructions per decision, counted by valgrind's callgrind: a noise-free companion to
`bench.py` on machines whose timings wander (shared or virtual CPUs).

Each engine runs twice under callgrind, with few and with more games; the difference in
instructions divided by the difference in decisions cancels start-up and imports.

    python benchmarks/instructions.py                    # needs valgrind (apt-get install valgrind)
    python benchmarks/instructions.py --builds pure --seeds 1 --no-peers   # a quick look

Beside OpenSpiel's games (`bench.PEERS`), other libraries are counted in the same run (`PEERS`):
RLCard's ``leduc-holdem`` and ``uno`` environments, and PettingZoo's ``texas_holdem_v4``
through its AEC API with observations (pip install rlcard pettingzoo pygame), each played by
uniformly random legal actions. ``--adapters`` counts a step of each adapter (`ADAPTERS`) with
the acting seat's observation, to set beside the engine's decision. Besides each engine's
random playouts through the contract
(``NAME:4``), the driver is counted
(``play:NAME:4``): `tablefeast.play_game` with random agents, the path `simulate` takes, so
what the driver adds to a decision is measured too. Counts are averaged over five hash seeds (see
`HASH_SEEDS`); every count runs with ``OPENBLAS_NUM_THREADS=1``, as numpy's threads (OpenSpiel
imports numpy) otherwise make the peers' counts wander by a few percent. Both builds are
counted: the pure Python tree, and the optional compiled build (issue 19), whose wheel the script
builds with ``HATCH_BUILD_HOOKS_ENABLE=1 pip wheel`` and whose compiled modules it puts beside a
copy of the sources in a temporary directory.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _child(engine: str, games: int) -> None:
    sys.path.insert(0, str(HERE))
    import bench

    import tablefeast

    if engine.startswith("openspiel:"):
        game = bench.openspiel_game(engine.removeprefix("openspiel:"))
        decisions = bench.bench_openspiel(game, games)[2] * games
    elif engine.startswith("adapter:"):  # an adapter's step with the acting seat's observation
        decisions = _adapter_steps(*engine.removeprefix("adapter:").split(":"), games)
    elif engine.startswith("rlcard:"):
        decisions = _rlcard_games(engine.removeprefix("rlcard:"), games)
    elif engine.startswith("pettingzoo:"):
        decisions = _pettingzoo_games(engine.removeprefix("pettingzoo:"), games)
    elif engine.startswith("native:"):  # the native core, through the same loop
        name, players = engine.removeprefix("native:").split(":")
        ruleset = tablefeast.load(name, engine="native")
        config = ruleset.Config(players=int(players))
        rng = random.Random(0)
        bench.playout(ruleset, config, rng)
        decisions = sum(bench.playout(ruleset, config, rng) for _ in range(games))
    elif engine.startswith("play:"):  # the driver, as simulate plays: views only where read
        name, players = engine.removeprefix("play:").split(":")
        ruleset = tablefeast.load(name)
        config = ruleset.Config(players=int(players))
        agents = [tablefeast.RandomAgent()] * int(players)
        tablefeast.play_game(ruleset, config, agents, seed=-1)
        decisions = sum(
            len(tablefeast.play_game(ruleset, config, agents, seed=g).moves) for g in range(games)
        )
    else:
        name, players = engine.split(":")
        ruleset = tablefeast.load(name)
        config = ruleset.Config(players=int(players))
        rng = random.Random(0)
        bench.playout(ruleset, config, rng)
        decisions = sum(bench.playout(ruleset, config, rng) for _ in range(games))
    print(f"DECISIONS {round(decisions)}")


ADAPTERS = ("openspiel_turns", "openspiel", "pettingzoo_aec", "pettingzoo_parallel")
"""The adapters' steps counted by ``--adapters``, each with the acting seat's observation: the
turn-based and the simultaneous OpenSpiel forms, and PettingZoo's AEC and parallel APIs (the
loops of `bench.py --adapters`)."""


def _adapter_steps(form: str, name: str, games: int) -> int:
    sys.path.insert(0, str(HERE))
    import bench

    rng = random.Random(0)
    if form.startswith("openspiel"):
        import pyspiel

        import tablefeast.interop.openspiel  # noqa: F401  (registers the games)

        if form == "openspiel_turns":
            game = pyspiel.load_game(f"tablefeast_turns_{name}(players=4)")
            bench.turns_steps(game, 1, rng, observe=True)
            return bench.turns_steps(game, games, rng, observe=True)[1]
        game = pyspiel.load_game(f"tablefeast_{name}(players=4)")
        bench.simultaneous_steps(game, 1, rng, observe=True)
        return bench.simultaneous_steps(game, games, rng, observe=True)[1]
    from tablefeast.interop.pettingzoo import env, parallel_env

    if form == "pettingzoo_aec":
        bench.pettingzoo_steps(env(name, players=4), 1, rng)
        return bench.pettingzoo_steps(env(name, players=4), games, rng)[1]
    bench.parallel_steps(parallel_env(name, players=4), 1, rng)
    return bench.parallel_steps(parallel_env(name, players=4), games, rng)[1]


def _rlcard_games(name: str, games: int) -> int:
    """RLCard's environment `name` played by uniformly random legal actions: every
    ``env.step`` (which also builds the next player's state), counted as a decision."""
    import rlcard

    env = rlcard.make(name, config={"seed": 0})
    rng = random.Random(0)
    decisions = 0
    for _ in range(games + 1):  # the first game warms up, as the other engines' runs do
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(sorted(state["legal_actions"])))
            decisions += 1
    return decisions


def _pettingzoo_games(name: str, games: int) -> int:
    """A PettingZoo AEC environment played by uniformly random actions from each agent's
    action mask: every ``env.last()`` (its observation) and ``env.step`` of a live agent counted
    as a decision. `name` is ``texas_holdem_v4`` (PettingZoo's classic game, on RLCard) or one
    of our games (`tablefeast.interop.pettingzoo.env`)."""
    import numpy as np

    if name == "texas_holdem_v4":
        from pettingzoo.classic import texas_holdem_v4

        env = texas_holdem_v4.env()
    else:
        from tablefeast.interop.pettingzoo import env as tablefeast_env

        env = tablefeast_env(name, players=4)
    rng = random.Random(0)
    decisions = 0
    for game in range(games + 1):
        env.reset(seed=game)
        for _ in env.agent_iter():
            observation, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
    return decisions


PEERS = (
    "rlcard:leduc-holdem",
    "rlcard:uno",
    "pettingzoo:texas_holdem_v4",
)
"""The other libraries measured beside OpenSpiel's games (`bench.PEERS`): RLCard's Leduc hold'em
and UNO through their environments, and PettingZoo's Texas hold'em (on RLCard) through its AEC
API with observations. Each needs its package (rlcard; pettingzoo with pygame): a missing one is
left out of the table."""


def _available(peer: str) -> bool:
    try:
        if peer.startswith("rlcard:"):
            import rlcard  # noqa: F401
        else:
            from pettingzoo.classic import texas_holdem_v4  # noqa: F401
    except ImportError:
        return False
    return True


def _count(engine: str, games: int, hash_seed: int, source: Path | None = None) -> tuple[int, int]:
    # A repeatable run, and one thread for numpy (its thread pool's start-up wanders).
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "OPENBLAS_NUM_THREADS": "1"}
    if source is not None:  # this tree of the package comes first on the path
        env["PYTHONPATH"] = os.pathsep.join([str(source), env.get("PYTHONPATH", "")])
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
        env=env,
    )
    instructions = int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    decisions = int(re.search(r"DECISIONS (\d+)", done.stdout).group(1))  # type: ignore[union-attr]
    return instructions, decisions


HASH_SEEDS = range(5)
"""Hash seeds to average over: one seed repeats exactly, but OpenSpiel's count moves by up to
10% from one seed to another (ours by 0.2%), so one seed alone could flatter either side."""


def per_decision(
    engine: str, few: int, more: int, seeds: range = HASH_SEEDS, source: Path | None = None
) -> float:
    counts = []
    for seed in seeds:
        i1, d1 = _count(engine, few, seed, source)
        i2, d2 = _count(engine, more, seed, source)
        counts.append((i2 - i1) / (d2 - d1))
    return sum(counts) / len(counts)


def compiled_tree(workdir: Path) -> Path:
    """A copy of the package's sources with the compiled build's modules beside them.

    The wheel is built from a copy of the project: hatch-mypyc compiles inside the tree it
    builds, which must not be the one other processes are importing from.
    """
    project = workdir / "project"
    project.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, project / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    shutil.copytree(ROOT / "src", project / "src", ignore=ignore)
    tree = workdir / "src"
    shutil.copytree(project / "src", tree)
    wheels = workdir / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(project)],
        check=True,
        env={**os.environ, "HATCH_BUILD_HOOKS_ENABLE": "1"},
    )
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tree, [n for n in archive.namelist() if n.endswith(".so")])
    return tree


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2], int(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--builds", default="pure,compiled,native", help="pure, compiled and/or native"
    )
    parser.add_argument("--seeds", type=int, default=len(HASH_SEEDS), help="hash seeds (5)")
    parser.add_argument("--no-peers", action="store_true", help="skip the OpenSpiel games")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument(
        "--adapters", action="store_true", help="also count the adapters' steps (ADAPTERS)"
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    import bench

    import tablefeast

    seeds = range(args.seeds)
    results: dict[str, float] = {}
    peers = [] if args.no_peers or bench.openspiel_game(bench.PEERS[0]) is None else bench.PEERS
    for spec in peers:
        results[f"openspiel:{spec}"] = per_decision(f"openspiel:{spec}", 50, 250, seeds)
    for peer in [] if args.no_peers else PEERS:
        if _available(peer):
            few, more = (5, 25) if peer == "rlcard:uno" else (50, 250)
            results[peer] = per_decision(peer, few, more, seeds)
    with tempfile.TemporaryDirectory() as workdir:
        for build in args.builds.split(","):
            if build == "native":  # the cores built in place (python hatch_build.py)
                from tablefeast import native

                for name in args.games.split(",") if args.games else native.NATIVE_GAMES:
                    if native.available(name):
                        engine = f"native:{name}:4"
                        results[engine] = per_decision(engine, 5, 25, seeds)
                continue
            source = compiled_tree(Path(workdir)) if build == "compiled" else None
            for name in args.games.split(",") if args.games else tablefeast.names():
                for engine in (f"{name}:4", f"play:{name}:4"):
                    results[f"{engine} ({build})"] = per_decision(engine, 5, 25, seeds, source)
    if args.adapters:
        for name in args.games.split(",") if args.games else tablefeast.names():
            for form in ADAPTERS:
                results[f"adapter:{form}:{name}"] = per_decision(
                    f"adapter:{form}:{name}", 1, 4, seeds
                )
    goof = results.get(f"openspiel:{bench.PEERS[0]}")
    for engine, count in results.items():
        ratio = f"{count / goof:6.2f}x goofspiel" if goof else ""
        print(f"{engine:50} {count:10.0f} instructions/decision {ratio}")


if __name__ == "__main__":
    main()
