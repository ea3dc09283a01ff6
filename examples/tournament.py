"""Run a tournament: the random, heuristic and ISMCTS agents at one table, in every seat, on a
process pool, with win shares and 95% intervals; the results as JSON.

    python examples/tournament.py

The same from the command line: ``tablefeast simulate mausgeflippt --players 3 --games 30
--agents ismcts:20,heuristic,random --workers 2 --out results.json``.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from tablefeast.agents.simulate import simulate


def main() -> None:
    result = simulate(
        "mausgeflippt",
        players=3,
        agents=["ismcts:20", "heuristic", "random"],
        games=12,  # every agent sits in every seat four times
        seed="tournament",
        workers=2,
    )
    print(result.table())
    best = max(result.by_agent(), key=lambda row: row.win_share)
    print(f"\nbest: {best.agent}, win share {best.win_share:.2f} ({best.low:.2f}-{best.high:.2f})")
    path = Path(tempfile.mkdtemp()) / "results.json"
    path.write_text(result.to_json(), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    seats = data["games"][0]["seats"]
    print(f"{len(data['games'])} games written to {path.name}; first game's seats: {seats}")


if __name__ == "__main__":
    main()
