"""One line per game: a SHA-256 of the records and scores of seeded games, heuristic and random
players, 3 to 6 seats. `.ci/run` prints it under the pure build and under the compiled build and
requires the two to be identical: the same moves, the same records, the same scores.

    python .ci/digests.py pure|compiled [GAMES_PER_SIZE]

The first argument says which build must be running: the script fails if a compiled module is
loaded in the pure build, or none in the compiled one.
"""

from __future__ import annotations

import hashlib
import sys

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.kernel.play import play_game


def main() -> None:
    build = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    for name in tablefeast.names():
        game = tablefeast.load(name)
        digest = hashlib.sha256()
        for players in range(3, 7):
            config = game.Config(players=players)
            for i in range(games):
                kind = "heuristic" if i % 2 else "random"
                agents = [make_agent(kind) for _ in range(players)]
                result = play_game(game, config, agents, seed=f"digest/{players}/{i}")
                digest.update(result.record.to_json().encode())
                digest.update(repr(game.scores(result.state)).encode())
        print(name, digest.hexdigest())
    compiled = [
        name
        for name, module in sorted(sys.modules.items())
        if name.startswith("tablefeast") and str(getattr(module, "__file__", "")).endswith(".so")
    ]
    print(f"compiled modules: {', '.join(compiled) or 'none'}", file=sys.stderr)
    if (build == "compiled") != bool(compiled):
        sys.exit(f"this is not the {build} build")


if __name__ == "__main__":
    main()
