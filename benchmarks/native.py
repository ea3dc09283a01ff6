"""The native cores against the pure engine (issue 32): playouts, whole games and a search.

    python hatch_build.py && python benchmarks/native.py     # the cores built in place first

For each game with a native core (4 players):

- random playouts from the initial state, as decisions per second: the pure engine's loop (the
  playout loop of `tablefeast.agents.ismcts`, written out, chance sampled exactly), the native
  ruleset driven by the same Python loop, and the core's own `random_playout` (no Python per
  move); the ratio to the pure loop;
- whole games of four random agents as `simulate` plays them (`play_one`): the driver on the
  pure engine against the core's `random_game`, games per second;
- `ISMCTSAgent(iterations=200)` at the first seat's first decision, milliseconds per move, with
  ``engine="pure"`` and with ``engine="auto"`` (the search on the native twin: the same choice
  for the same seed, which the tests check);
- where the game's searches play out with the heuristic (Mausgeflippt), heuristic playouts:
  the Python loop against the core's `heuristic_playout`.

Rounds interleave the engines, so that a noisy machine slows them alike; the best round is shown.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import tablefeast
from tablefeast import native
from tablefeast.agents import ISMCTSAgent
from tablefeast.agents.ismcts import playout_policy
from tablefeast.agents.simulate import play_one
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, Turn, play_game


def loop(game: Any, state: Any, rng: random.Random, policy: Callable[..., Any] | None) -> int:
    """One playout through the contract (random moves, or `policy`'s); the decisions made."""
    decisions = 0
    actors, legal_actions, apply_action = game.actors, game.legal_actions, game.apply_action
    while True:
        acting = actors(state)
        if not acting:
            return decisions
        seat = acting[0]
        if seat == CHANCE:
            move = game.chance_distribution(state).sample(rng)
        else:
            legal = legal_actions(state, seat)
            if len(legal) == 1:
                move = legal[0]
            elif policy is None:
                move = legal[rng.randrange(len(legal))]
            else:
                move = policy(game, state, seat, legal, rng)
        state = apply_action(state, seat, move)
        decisions += 1


def best(runs: dict[str, Callable[[], int]], rounds: int) -> dict[str, tuple[float, int]]:
    """Each run's best time over `rounds` interleaved rounds, and the work it counted."""
    out: dict[str, tuple[float, int]] = {}
    for _ in range(rounds):
        for label, run in runs.items():
            began = time.perf_counter()
            work = run()
            seconds = time.perf_counter() - began
            if label not in out or seconds < out[label][0]:
                out[label] = (seconds, work)
    return out


def playouts(name: str, pure: Any, fast: Any, games: int) -> None:
    config = pure.Config(players=4)
    start, native_start = pure.initial_state(config), fast.initial_state(config)

    def through(game: Any, state: Any) -> Callable[[], int]:
        def run() -> int:
            rng = random.Random(1)
            return sum(loop(game, state, rng, None) for _ in range(games))

        return run

    def core() -> int:
        rngs, decisions = [random.Random(f"1/{seat}") for seat in range(5)], 0
        for _ in range(games):
            decisions += fast.random_game(native_start, rngs[4], rngs[:4])[1]
        return decisions

    runs = {"pure loop": through(pure, start), "native, Python loop": through(fast, native_start)}
    runs["native playout"] = core
    times = best(runs, 5)
    base = times["pure loop"][1] / times["pure loop"][0]
    for label, (seconds, decisions) in times.items():
        rate = decisions / seconds
        print(f"{name}: {label:22} {rate:12,.0f} decisions/s  {rate / base:6.1f}x")


def whole_games(name: str, games: int) -> None:
    def run(engine: str) -> Callable[[], int]:
        def go() -> int:
            for i in range(games):
                play_one(name, {"players": 4}, ["random"] * 4, "bench", i, engine=engine)
            return games

        return go

    times = best({"pure": run("pure"), "native": run("native")}, 3)
    pure_rate = games / times["pure"][0]
    native_rate = games / times["native"][0]
    print(
        f"{name}: simulate, 4 random agents: pure {pure_rate:,.0f} games/s, native "
        f"{native_rate:,.0f} games/s ({native_rate / pure_rate:.1f}x)"
    )


def search(name: str, pure: Any) -> None:
    config = pure.Config(players=4)
    state = play_game(pure, config, [RandomAgent()] * 4, seed=0, max_moves=0).state
    while pure.actors(state)[0] == CHANCE:  # the deal and whatever chance does first
        state = pure.apply_action(
            state, CHANCE, pure.chance_distribution(state).sample(random.Random(0))
        )
    seat = pure.actors(state)[0]
    turn = Turn(
        pure,
        seat,
        pure.view(state, seat),
        pure.legal_actions(state, seat),
        lambda rng: pure.determinize(state, seat, rng),
    )
    runs = {
        engine: (
            lambda engine=engine: (
                ISMCTSAgent(iterations=200, engine=engine).choose(turn, random.Random(2)) and 1
            )
        )
        for engine in ("pure", "auto")
    }
    times = best(runs, 3)
    pure_ms, native_ms = times["pure"][0] * 1000, times["auto"][0] * 1000
    print(
        f"{name}: ISMCTS, 200 iterations: pure {pure_ms:.1f} ms a move, on the native twin "
        f"{native_ms:.1f} ms ({pure_ms / native_ms:.1f}x)"
    )


def heuristic_playouts(name: str, pure: Any, fast: Any, games: int) -> None:
    if fast.heuristic_playout is None:
        return
    config = pure.Config(players=4)
    start, native_start = pure.initial_state(config), fast.initial_state(config)
    policy = playout_policy(pure, "heuristic")

    def python() -> int:
        rng = random.Random(1)
        return sum(loop(pure, start, rng, policy) for _ in range(games))

    def core() -> int:
        rng = random.Random(1)
        for _ in range(games):
            fast.heuristic_playout(native_start, 0, None, rng)
        return games

    times = best({"python": python, "core": core}, 3)
    ratio = (times["python"][0] / games) / (times["core"][0] / games)
    print(f"{name}: heuristic playouts: the core {ratio:.1f}x the Python loop (games per second)")


def main() -> None:
    for name in native.NATIVE_GAMES:
        if not native.available(name):
            print(f"{name}: the native core is not built (python hatch_build.py)")
            continue
        pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
        playouts(name, pure, fast, 100)
        whole_games(name, 40)
        search(name, pure)
        heuristic_playouts(name, pure, fast, 40)


if __name__ == "__main__":
    main()
