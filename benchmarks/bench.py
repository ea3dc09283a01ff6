"""Random playouts through the public contract: microseconds per decision and games per second.

A *decision* is one seat's action or one chance outcome. The same loop runs over OpenSpiel's
goofspiel (C++) and python_liars_poker (pure Python) when open-spiel is installed, so the numbers
are comparable within one run on one machine.

    python benchmarks/bench.py                 # every game, 3-6 players, OpenSpiel peers
    python benchmarks/bench.py --games 200 --rounds 7 --players 4
    python benchmarks/bench.py --profile       # cProfile of the 4-player loop
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per engine per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--game", nargs="*", default=list(tablefeast.names()))
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
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
