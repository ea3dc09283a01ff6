"""Random playouts through the public contract: microseconds per decision and games per second.

A *decision* is one seat's action or one chance outcome. The same loop runs over OpenSpiel's
goofspiel (C++) and python_liars_poker (pure Python) when open-spiel is installed, so the numbers
are comparable within one run on one machine.

    python benchmarks/bench.py                 # every game, 3-6 players, OpenSpiel peers
    python benchmarks/bench.py --games 200 --players 4
    python benchmarks/bench.py --profile       # cProfile of the 4-player loop
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
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


def bench_tablefeast(name: str, players: int, games: int, seed: int = 0) -> tuple[float, float]:
    game = tablefeast.load(name)
    config = game.Config(players=players)
    rng = random.Random(seed)
    playout(game, config, rng)  # warm caches the way a long run would
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        decisions += playout(game, config, rng)
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, games / elapsed


def bench_openspiel(spec: str, games: int, seed: int = 0) -> tuple[float, float] | None:
    try:
        import open_spiel.python.games  # noqa: F401  (registers the Python games)
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(spec)
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
    return elapsed / decisions * 1e6, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
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
    print(f"{'engine':45} {'us/decision':>12} {'games/s':>10}")
    for name in args.game:
        for players in args.players:
            us, gps = bench_tablefeast(name, players, args.games)
            print(f"{name + f' ({players}p)':45} {us:12.2f} {gps:10.1f}")
    for spec in ("goofspiel(num_cards=13,players=4)", "python_liars_poker"):
        result = bench_openspiel(spec, args.games)
        if result is None:
            print(f"{'openspiel ' + spec:45} {'(open-spiel not installed)':>23}")
        else:
            print(f"{'openspiel ' + spec:45} {result[0]:12.2f} {result[1]:10.1f}")


if __name__ == "__main__":
    main()
