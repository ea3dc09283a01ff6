"""MG-12, MG-13: every game of Mausgeflippt ends, whatever the players do.

Thousands of seeded games with mixed populations of players: random ones, players who always pass
(the case MG-13 exists for), careful ones who only make right claims, and reckless ones who always
flip. Each must end within the bound the rules give: a race either catches a mouse, takes a cheese,
or is idle, and MG-13 allows at most one idle race per mouse left between two of the others.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tablefeast.games.mausgeflippt as mg
from tablefeast.agents import HeuristicAgent
from tablefeast.kernel.play import RandomAgent, play_game


class Passer:
    """Never claims."""

    def act(self, game: Any, view: mg.View, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return mg.Pass()


class Bold(HeuristicAgent):
    """The heuristic (careful: only right claims, never a protected mouse), but claiming a
    protected mouse one time in four (so the face-up cheese changes)."""

    def act(self, game: Any, view: mg.View, legal: tuple[Any, ...], rng: random.Random) -> Any:
        tables = view.config.card_set.tables
        mouse = view.open_mouse
        protected = mouse is not None and tables.mouse_cheese[mouse] == view.open_cheese
        if protected and rng.random() < 0.25:
            return super().act(game, attrs.evolve(view, open_cheese=None), legal, rng)
        return super().act(game, view, legal, rng)


class Reckless:
    """Always flips when allowed."""

    def act(self, game: Any, view: mg.View, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return mg.Flip() if mg.Flip() in legal else legal[rng.randrange(len(legal))]


KINDS = (RandomAgent, Passer, HeuristicAgent, Bold, Reckless)
GAMES_PER_BATCH = 250


def _bound(config: mg.Config) -> int:
    """Most moves a game can take: races times the moves one race can need."""
    cards = config.card_set
    mice, cheeses = len(cards.mice), cards.total_cheeses
    races = (mice + cheeses + 1) * (mice + 1)
    per_race = config.players + 1 + config.players * 8 + cheeses + mice + 2
    return cards.total_clothing + 2 + races * per_race


@pytest.mark.parametrize("batch", range(8))
def test_mg_13_thousands_of_games_all_end(batch: int) -> None:
    rng = random.Random(batch)
    endings = {"mouse": 0, "cheese": 0, "idle": 0}
    for _ in range(GAMES_PER_BATCH):
        players = rng.randint(2, 6)
        population = rng.random()
        everyone_passes = population < 0.2
        if everyone_passes or population < 0.5:  # everybody passes, or nobody is reckless
            kinds = (
                [Passer] * players
                if everyone_passes
                else rng.choices((HeuristicAgent, Bold), k=players)
            )
        else:
            kinds = rng.choices(KINDS, k=players)
        config = mg.Config(
            players=players,
            first_turner=rng.randrange(players),
            young_seats=tuple(s for s in range(players) if rng.random() < 0.2),
            tie_probability=rng.choice(("0", "1/10", "1/2")),
        )
        bound = _bound(config)
        result = play_game(
            mg, config, [k() for k in kinds], seed=rng.getrandbits(32), max_moves=bound
        )
        state = result.state
        assert mg.is_terminal(state), f"no end after {bound} moves: {config}, {kinds}"
        assert mg.winners(state)
        if state.open_cheese is None and not any(state.cheese_pile):
            endings["cheese"] += 1
        elif state.mice.size == 0:
            endings["mouse"] += 1
        else:
            assert state.idle == state.mice.size  # MG-13
            endings["idle"] += 1
        if everyone_passes:
            assert state.idle == len(config.card_set.mice) and mg.scores(state) == (0,) * players
    assert all(endings.values()), endings  # every way to end comes up in every batch
