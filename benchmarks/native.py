"""The native cores against the pure engine (issue 32): playouts and a search, side by side.

    python hatch_build.py && python benchmarks/native.py     # the cores built in place first

For each game with a native core (4 players): random playouts to the end from the initial state,
as decisions per second, through the pure engine's loop (`ismcts`'s playout, written out), the
native ruleset driven by the same Python loop, and the core's own `random_playout` (no Python
per move); then `ISMCTSAgent(iterations=200)` at the first decision, milliseconds per move on
each engine (the same choice for the same seed: the tests check it). Rounds interleave the
engines, so that a noisy machine slows them alike; the best round is shown.
"""

from __future__ import annotations

import random
import time
from typing import Any

import tablefeast
from tablefeast import native
from tablefeast.agents import ISMCTSAgent
from tablefeast.kernel.play import Turn


def loop(game: Any, state: Any, rng: random.Random) -> int:
    """One random playout through the contract; the decisions made."""
    decisions = 0
    actors, legal_actions, apply_action = game.actors, game.legal_actions, game.apply_action
    while True:
        acting = actors(state)
        if not acting:
            return decisions
        legal = legal_actions(state, acting[0])
        move = legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
        state = apply_action(state, acting[0], move)
        decisions += 1


def main() -> None:
    for name in native.NATIVE_GAMES:
        if not native.available(name):
            print(f"{name}: the native core is not built (python hatch_build.py)")
            continue
        pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
        config = pure.Config(players=4)
        start, native_start = pure.initial_state(config), fast.initial_state(config)
        decisions = loop(pure, start, random.Random(0))
        best = {"pure loop": 1e9, "native, Python loop": 1e9, "native playout": 1e9}
        games = 200
        for _ in range(5):
            for label in list(best):
                rng = random.Random(1)
                began = time.perf_counter()
                for _ in range(games):
                    if label == "pure loop":
                        loop(pure, start, rng)
                    elif label == "native, Python loop":
                        loop(fast, native_start, rng)
                    else:
                        fast.random_playout(native_start, 0, None, rng)
                best[label] = min(best[label], time.perf_counter() - began)
        base = best["pure loop"]
        for label, seconds in best.items():
            rate = games * decisions / seconds
            print(f"{name}: {label:22} {rate:12,.0f} decisions/s  {base / seconds:6.1f}x")
        searches = {"pure": 1e9, "native": 1e9}
        for _ in range(3):
            for label, game, state in (("pure", pure, start), ("native", fast, native_start)):
                turn = Turn(
                    game,
                    0,
                    game.view(state, 0),
                    game.legal_actions(state, 0),
                    lambda rng, game=game, state=state: game.determinize(state, 0, rng),
                )
                began = time.perf_counter()
                ISMCTSAgent(iterations=200).choose(turn, random.Random(2))
                searches[label] = min(searches[label], time.perf_counter() - began)
        ratio = searches["pure"] / searches["native"]
        print(
            f"{name}: ISMCTS, 200 iterations: pure {searches['pure'] * 1000:.1f} ms a move, "
            f"native {searches['native'] * 1000:.1f} ms ({ratio:.1f}x)"
        )


if __name__ == "__main__":
    main()
