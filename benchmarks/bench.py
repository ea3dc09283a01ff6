"""Random playouts through the public contract: microseconds per decision and games per second.

A *decision* is one seat's action or one chance outcome. The same loop runs over OpenSpiel's
goofspiel (C++) and python_liars_poker (pure Python) when open-spiel is installed, so the numbers
are comparable within one run on one machine.

    python benchmarks/bench.py                 # every game, 3-6 players, OpenSpiel peers
    python benchmarks/bench.py --games 200 --rounds 7 --players 4
    python benchmarks/bench.py --profile       # cProfile of the 4-player loop
    python benchmarks/bench.py --adapters      # a step through OpenSpiel and PettingZoo, 4 players

With ``--adapters``, each game is played at random through the engine and through the adapters, in
interleaved rounds (best round kept): us per engine decision; per turn-based OpenSpiel step
(``tablefeast_turns_<game>``: one decision or chance outcome) without and with the acting seat's
``observation_tensor``; per decision through the simultaneous OpenSpiel game (a node where k seats
commit is k decisions); per PettingZoo AEC step with its observation (``env.step`` then
``env.last``); and per PettingZoo parallel step (``env.step``, which returns every agent's
observation and action mask). The random policies' reading of the masks is not timed. Ratios are
to the engine's decision, per step and per whole game (a step is not always one decision: an AEC
or parallel step takes the chance that follows it along, and Schlacht am Buffet's factored
exchange is a step per card discarded and one more). Issue 32's target: an adapter step with the
acting seat's observation at most 3x an engine decision; the last lines say which columns meet it.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from typing import Any

import tablefeast
from tablefeast.kernel.chance import CHANCE


def playout(game: Any, config: Any, rng: random.Random) -> int:
    """One random game through the public contract; returns the number of decisions."""
    state = game.initial_state(config)
    decisions = 0
    actors = game.actors
    legal_actions = game.legal_actions
    apply_action = game.apply_action
    chance_distribution = game.chance_distribution
    while True:
        acting = actors(state)
        if not acting:
            return decisions
        seat = acting[0]
        if seat == CHANCE:
            action = chance_distribution(state).sample(rng)
        else:
            legal = legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = apply_action(state, seat, action)
        decisions += 1


Measurement = tuple[float, float, float]  # us per decision, games per second, decisions per game


def bench_tablefeast(name: str, players: int, games: int, seed: int = 0) -> Measurement:
    game = tablefeast.load(name)
    config = game.Config(players=players)
    rng = random.Random(seed)
    playout(game, config, rng)  # warm up the way a long run would
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        decisions += playout(game, config, rng)
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, games / elapsed, decisions / games


def openspiel_game(spec: str) -> Any:
    """The OpenSpiel game, or None when open-spiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(spec)


def bench_openspiel(game: Any, games: int, seed: int = 0) -> Measurement:
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                decisions += 1
            elif state.is_simultaneous_node():
                joint = []
                for p in range(game.num_players()):
                    legal = state.legal_actions(p)
                    joint.append(legal[rng.randrange(len(legal))])
                    decisions += 1
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, games / elapsed, decisions / games


PEERS = ("goofspiel(num_cards=13,players=4)", "python_liars_poker")


# ---------------------------------------------------------------- the adapters


def _pick_chance(state: Any, rng: random.Random) -> int:
    ids, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choices(ids, probabilities)[0])


def turns_steps(game: Any, games: int, rng: random.Random, observe: bool) -> tuple[float, int]:
    """Random games through the turn-based OpenSpiel game: seconds and steps."""
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = _pick_chance(state, rng)
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
    return time.perf_counter() - start, steps


def simultaneous_steps(
    game: Any, games: int, rng: random.Random, observe: bool
) -> tuple[float, int]:
    """Random games through the simultaneous OpenSpiel game: seconds and decisions (each
    committing seat one, each chance outcome one)."""
    players = game.num_players()
    noop = [game.num_distinct_actions() - 1]
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_pick_chance(state, rng))
                decisions += 1
                continue
            joint = []
            for seat in range(players):
                legal = state.legal_actions(seat)
                if legal != noop:
                    decisions += 1
                    if observe:
                        state.observation_tensor(seat)
                joint.append(legal[rng.randrange(len(legal))])
            state.apply_actions(joint)
    return time.perf_counter() - start, decisions


def parallel_steps(env: Any, games: int, rng: random.Random) -> tuple[float, int]:
    """Random games through the PettingZoo parallel environment: seconds spent in ``reset`` and
    ``step`` (each returns every agent's observation) and parallel steps."""
    import numpy as np

    steps = 0
    spent = 0.0
    env.reset(seed=rng.getrandbits(32))
    for _ in range(games):
        start = time.perf_counter()
        observations, _ = env.reset()
        spent += time.perf_counter() - start
        while env.agents:
            actions = {}
            for agent in env.agents:
                ids = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(ids[rng.randrange(len(ids))])
            start = time.perf_counter()
            observations = env.step(actions)[0]
            spent += time.perf_counter() - start
            steps += 1
    return spent, steps


def pettingzoo_steps(env: Any, games: int, rng: random.Random) -> tuple[float, int]:
    """Random games through the PettingZoo AEC environment: seconds spent in ``step`` and
    ``last`` (the observation), and AEC steps (one per turn of a seat that acts, and the last
    steps of the finished agents)."""
    import numpy as np

    steps = 0
    spent = 0.0
    env.reset(seed=rng.getrandbits(32))
    for _ in range(games):
        start = time.perf_counter()
        env.reset()
        spent += time.perf_counter() - start
        for _agent in env.agent_iter():
            start = time.perf_counter()
            observation, _, termination, truncation, _ = env.last()
            spent += time.perf_counter() - start
            action = None
            if not (termination or truncation):
                ids = np.flatnonzero(observation["action_mask"])
                action = int(ids[rng.randrange(len(ids))])
            start = time.perf_counter()
            env.step(action)
            spent += time.perf_counter() - start
            steps += 1
    return spent, steps


ADAPTER_COLUMNS = (
    "engine",
    "os turns",
    "os turns+obs",
    "os simult",
    "os simult+obs",
    "pz aec+obs",
    "pz par+obs",
)
TARGET = 3.0
"""Issue 32: an adapter step with the acting seat's observation, at most this many engine
decisions."""


def bench_adapters(names: list[str], players: int, games: int, rounds: int) -> None:
    """Print us per engine decision and per adapter step (best of interleaved rounds)."""
    import pyspiel

    import tablefeast.interop.openspiel  # registers both OpenSpiel forms
    from tablefeast.interop.pettingzoo import env as pettingzoo_env
    from tablefeast.interop.pettingzoo import parallel_env

    runs: dict[tuple[str, str], list[float]] = {}
    per_game: dict[tuple[str, str], list[float]] = {}

    def record(name: str, column: str, seconds: float, steps: int) -> None:
        runs.setdefault((name, column), []).append(seconds / steps * 1e6)
        per_game.setdefault((name, column), []).append(seconds / games)

    for round_number in range(rounds):
        for name in names:
            game = tablefeast.load(name)
            config = game.Config(players=players)
            turns = pyspiel.load_game(f"tablefeast_turns_{name}(players={players})")
            simultaneous = pyspiel.load_game(f"tablefeast_{name}(players={players})")
            aec = pettingzoo_env(name, players=players)
            parallel = parallel_env(name, players=players)
            rng = random.Random(round_number)
            start = time.perf_counter()
            decisions = sum(playout(game, config, rng) for _ in range(games))
            record(name, "engine", time.perf_counter() - start, decisions)
            record(name, "os turns", *turns_steps(turns, games, rng, observe=False))
            record(name, "os turns+obs", *turns_steps(turns, games, rng, observe=True))
            record(name, "os simult", *simultaneous_steps(simultaneous, games, rng, False))
            record(name, "os simult+obs", *simultaneous_steps(simultaneous, games, rng, True))
            record(name, "pz aec+obs", *pettingzoo_steps(aec, games, rng))
            record(name, "pz par+obs", *parallel_steps(parallel, games, rng))
    print(f"{players} players, {rounds} interleaved rounds of {games} games; us per step (best)")
    print(f"{'game':24}" + "".join(f"{c:>14}" for c in ADAPTER_COLUMNS))
    observed = [c for c in ADAPTER_COLUMNS if c.endswith("+obs")]
    verdicts = []
    for name in names:
        best = [min(runs[name, column]) for column in ADAPTER_COLUMNS]
        print(f"{name:24}" + "".join(f"{us:14.1f}" for us in best))
        ratios = "".join(f"{us / best[0]:13.1f}x" for us in best)
        print(f"{'  ratio to the engine':24}" + ratios)
        # A PettingZoo step is one seat's turn (or a whole simultaneous step) with the chance that
        # follows it, not one decision: whole games compare every column alike.
        games_best = [min(per_game[name, column]) for column in ADAPTER_COLUMNS]
        ratios = "".join(f"{s / games_best[0]:13.1f}x" for s in games_best)
        print(f"{'  whole games, ratio':24}" + ratios)
        for column in observed:
            ratio = min(runs[name, column]) / best[0]
            verdict = "meets" if ratio <= TARGET else "misses"
            verdicts.append(f"{name} {column}: {ratio:.1f}x per step, {verdict}")
    print(f"target: an adapter step with the acting seat's observation <= {TARGET:.0f}x a decision")
    for line in verdicts:
        print(f"  {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per engine per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--game", nargs="*", default=list(tablefeast.names()))
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--adapters",
        action="store_true",
        help="us per step through OpenSpiel and PettingZoo beside the engine's (first --players)",
    )
    args = parser.parse_args()
    if args.adapters:
        players = 4 if args.players == [3, 4, 5, 6] else args.players[0]
        bench_adapters(args.game, players, args.games, args.rounds)
        return
    if args.profile:
        game = tablefeast.load(args.game[0])
        cProfile.runctx(
            "for _ in range(n): playout(g, c, r)",
            {"playout": playout},
            {"n": args.games, "g": game, "c": game.Config(players=4), "r": random.Random(0)},
            "/tmp/tablefeast.prof",
        )
        pstats.Stats("/tmp/tablefeast.prof").sort_stats("tottime").print_stats(25)
        return
    # Engines run interleaved, round after round, so that a noisy machine slows all of them
    # alike; the best round is the machine's true speed, the median shows the spread.
    engines: dict[str, Any] = {}
    for name in args.game:
        for players in args.players:
            engines[f"{name} ({players}p)"] = (bench_tablefeast, (name, players))
    for spec in PEERS:
        peer = openspiel_game(spec)
        if peer is not None:
            engines[f"openspiel {spec}"] = (bench_openspiel, (peer,))
    results: dict[str, list[Measurement]] = {label: [] for label in engines}
    for round_number in range(args.rounds):
        for label, (bench, params) in engines.items():
            results[label].append(bench(*params, args.games, seed=round_number))
    print(f"{args.rounds} rounds of {args.games} games each; us per decision (best, median)")
    print(f"{'engine':42} {'best':>8} {'median':>8} {'games/s':>9} {'dec/game':>9}")
    for label, runs in results.items():
        us = sorted(r[0] for r in runs)
        print(
            f"{label:42} {us[0]:8.2f} {statistics.median(us):8.2f} "
            f"{max(r[1] for r in runs):9.1f} {runs[0][2]:9.1f}"
        )
    goof = results.get(f"openspiel {PEERS[0]}")
    if goof:
        best = min(r[0] for r in goof)
        for label, runs in results.items():
            if not label.startswith("openspiel"):
                print(f"{label:42} {min(r[0] for r in runs) / best:6.2f}x goofspiel")
    else:
        print("(open-spiel is not installed: pip install open_spiel for the peer numbers)")


if __name__ == "__main__":
    main()
