"""Play All You Can Eat Buffet: two greedy eaters against two random ones, scored rule by rule.

python examples/play_all_you_can_eat_buffet.py
"""

from __future__ import annotations

import random
from statistics import mean
from typing import Any

import attrs

import tablefeast
from tablefeast import RandomAgent, play_game

ayc = tablefeast.load("all_you_can_eat_buffet")


class GreedyAgent:
    """Collects (or steals) the Meals with the most printed points and Spice tokens; plays its
    Mood cards and decides its Tomatoes at random."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        if view.stage != "resolve":
            return rng.choice(legal)
        meals = view.config.card_lists.meals

        def worth(position: int) -> int:  # a line position, from 1
            meal, spices, _ = view.line[position - 1]
            return meals[meal].points + spices

        def value(action: Any) -> int:
            if isinstance(action, ayc.Take):
                return sum(worth(p) for p in action.positions)
            if isinstance(action, ayc.Swap):  # the Trickster then collects the first Meal
                return worth(action.second if action.first == 1 else 1)
            return next(m.points for m in meals if m.name == action.meal)  # a Steal

        return max(legal, key=value)


def agents() -> list[Any]:
    return [GreedyAgent(), RandomAgent(), GreedyAgent(), RandomAgent()]


def one_game() -> None:
    """A seeded game, its final scores rule by rule, the winners, and a replay check."""
    config = ayc.Config(players=4)
    result = play_game(ayc, config, agents(), seed=7)
    state = result.state
    print(f"One game: {len(result.moves)} moves over {config.rounds} rounds, seats 0 and 2 greedy")
    table = ayc.score_table(  # the same as ayc.scores(state), rule by rule
        config.card_lists,
        state.collections,
        drinks=state.drinks,
        spices=state.spices,
        cake=state.cake,
        tomatoes_as_vegetables=state.tomatoes,
    )
    for seat, score in enumerate(table):
        parts = [f"{name} {points}" for name, points in attrs.asdict(score).items() if points]
        print(f"  seat {seat}: {score.total:>3} = {' + '.join(parts)}")
    assert tuple(score.total for score in table) == ayc.scores(state)
    print("Winners:", sorted(ayc.winners(state)), "(a tie goes to the most Drink tokens)")
    assert tablefeast.replay(result.record) == state  # the record replays exactly
    print("The record replays exactly.")


def average(games: int = 100) -> None:
    """Greedy against random, on average over many seeded games."""
    totals = [
        ayc.scores(play_game(ayc, ayc.Config(players=4), agents(), seed=s).state)
        for s in range(games)
    ]
    greedy = mean(t[seat] for t in totals for seat in (0, 2))
    other = mean(t[seat] for t in totals for seat in (1, 3))
    print(f"Over {games} games: greedy seats {greedy:.1f} points, random seats {other:.1f}")


def main() -> None:
    one_game()
    print()
    average()


if __name__ == "__main__":
    main()
