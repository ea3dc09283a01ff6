"""Write a bot: a simple agent for Schlacht am Buffet, and how it fares against random players.

An agent is any object with ``act(game, view, legal, rng)``: it sees only its seat's view and
its legal actions, and returns one of them. This one plays its highest card while it is behind
the leader and its lowest card when it is ahead (saving high cards for later races), and in an
exchange throws away its cards below 3.

    python examples/write_a_bot.py
"""

from __future__ import annotations

import random
from typing import Any

import tablefeast
from tablefeast.agents.simulate import simulate

sab = tablefeast.load("schlacht_am_buffet")


class CatchUpBot:
    """High cards when behind, low cards when ahead."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        plays = [a for a in legal if isinstance(a, sab.Play)]
        if not plays:  # the exchange after dropping out first (SAB-7)
            low = sab.Exchange(tuple(card for card in view.hand if card < 3))
            return low if low in legal else sab.Exchange(())
        racers = [view.positions[s] for s in view.racing if s != view.seat]
        ahead = view.positions[view.seat] > max(racers)
        return min(plays, key=lambda a: a.card) if ahead else max(plays, key=lambda a: a.card)


def main() -> None:
    config = sab.Config(players=4)
    agents = [
        CatchUpBot(),
        tablefeast.RandomAgent(),
        tablefeast.RandomAgent(),
        tablefeast.RandomAgent(),
    ]
    result = tablefeast.play_game(sab, config, agents, seed=1)
    print(
        "one game, scores:", sab.scores(result.state), "winners:", sorted(sab.winners(result.state))
    )
    wins = 0.0
    games = 40
    for seed in range(games):  # the bot takes each seat in turn
        seat = seed % 4
        table = [tablefeast.RandomAgent()] * 4
        table[seat] = CatchUpBot()
        final = tablefeast.play_game(sab, config, table, seed=seed).state
        winners = sab.winners(final)
        wins += 1 / len(winners) if seat in winners else 0
    print(f"CatchUpBot won {wins:g} of {games} games (a fair share is {games / 4:g})")
    # The library's own agents, by name, in a quick simulation:
    print(
        simulate("schlacht_am_buffet", 4, ["heuristic", "random", "random", "random"], 20).table()
    )


if __name__ == "__main__":
    main()
