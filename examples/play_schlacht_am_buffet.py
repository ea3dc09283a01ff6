"""Play Schlacht am Buffet between random agents, then look at it as one seat saw it.

python examples/play_schlacht_am_buffet.py
"""

from __future__ import annotations

import tablefeast
from tablefeast import RandomAgent, play_game


def main() -> None:
    sab = tablefeast.load("schlacht_am_buffet")
    config = sab.Config(players=4, edition="fr")  # Sus au buffet
    result = play_game(sab, config, [RandomAgent()] * 4, seed=2026)

    print(sab.render(sab.view(result.state, 0)))  # the table as seat 0 sees it at the end
    print("moves:", len(result.moves))
    print("winners:", sorted(sab.winners(result.state)))

    # The record replays to the very same state: every move is checked again.
    assert tablefeast.replay(result.record) == result.state


if __name__ == "__main__":
    main()
