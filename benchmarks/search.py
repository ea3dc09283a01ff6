"""ISMCTS in the core (issue 47, item 3): iterations per CPU-millisecond, before and after.

    python hatch_build.py && python benchmarks/search.py [--rounds 3] [--iterations 400]

For each game (4 players), `ISMCTSAgent` at the ``ismcts:400`` level's settings (400
iterations, horizon 3, exploration 0.7, the game's playout) decides at positions met along two
seeded random games, every one a seat with a choice:

- **before**: the search as it ran until now by default, the Python loop on the game's native
  twin (each determinization drawn in Python and converted, the tree walked in Python, each
  playout run in the core): `ISMCTSAgent._in_python`;
- **after**: the search run whole in the core (`ismcts_search`), which `ISMCTSAgent` takes on
  ``engine="auto"``: the same choices from the same seeds (the script checks every one).

Time is CPU time (`time.process_time`), so that the other work on a shared machine counts
less; the rounds interleave the two, and the table shows each one's best round and the ratio of
the bests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import tablefeast
from tablefeast import native
from tablefeast.agents import ISMCTSAgent
from tablefeast.kernel.play import RandomAgent, Turn, _Sampler, play_game

GAMES = ("food_chain", "all_you_can_eat_buffet", "mausgeflippt", "schlacht_am_buffet")


def turns(name: str, players: int = 4, per_game: int = 6) -> list[Turn]:
    """Turns of seats with a choice, met along two seeded random games, as `play_game` makes
    them for a search agent."""
    game = tablefeast.load(name)
    found = []
    for seed in range(2):
        result = play_game(game, game.Config(players=players), [RandomAgent()] * players, seed=seed)
        state = game.initial_state(game.Config(players=players))
        here = []
        for seat, move in result.moves:
            legal = game.legal_actions(state, seat) if seat >= 0 else ()
            if len(legal) > 1:
                view = game.view(state, seat)
                here.append(Turn(game, seat, view, legal, _Sampler(game, state, seat)))
            state = game.apply_action(state, seat, move)
        step = max(1, len(here) // per_game)
        found.extend(here[::step][:per_game])
    return found


def measure(name: str, iterations: int, rounds: int) -> dict[str, Any]:
    """Each path's iterations per CPU-millisecond in every round, over the game's turns."""
    fast = native.load(name)
    agent = ISMCTSAgent(iterations=iterations)
    found = turns(name)
    rates: dict[str, list[float]] = {"before": [], "after": []}
    for _ in range(rounds):
        for path in ("before", "after"):
            chosen = []
            start = time.process_time()
            for k, turn in enumerate(found):
                rng = random.Random(k)
                if path == "before":
                    chosen.append(agent._in_python(turn, rng, fast).action)
                else:
                    chosen.append(agent.choose_timed(turn, rng).action)
            spent = time.process_time() - start
            rates[path].append(len(found) * iterations / (spent * 1000.0))
            if path == "before":
                reference = chosen
            elif chosen != reference:
                raise SystemExit(f"{name}: the core's search chose differently")
    return {"turns": len(found), **rates}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print("| game (4 players) | decisions | before: it / CPU-ms | after: it / CPU-ms | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for name in args.games:
        if not native.available(name) or native.load(name).ismcts_search is None:
            print(f"| {name} | | (no core search built) | | |")
            continue
        got = measure(name, args.iterations, args.rounds)
        before, after = max(got["before"]), max(got["after"])
        spread = (
            f" (median {statistics.median(got['before']):.1f} / "
            f"{statistics.median(got['after']):.1f})"
        )
        print(
            f"| {name} | {got['turns']} | {before:.1f} | {after:.1f} | "
            f"**{after / before:.1f}x**{spread} |"
        )


if __name__ == "__main__":
    main()
