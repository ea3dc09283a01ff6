"""Play Mausgeflippt with a speed model, then referee one race the way an app would.

python examples/play_mausgeflippt.py
"""

from __future__ import annotations

import random
from typing import Any

import tablefeast
from tablefeast import CHANCE, RandomAgent, play_game

mg = tablefeast.load("mausgeflippt")


class CarefulAgent:
    """Never claims a protected mouse; plays an item the mouse wears, or flips holding none."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        cards = view.config.card_set
        mouse = cards.mice[view.open_mouse]
        if cards.cheeses[view.open_cheese].cheese == mouse.cheese:  # protected (MG-7)
            return mg.Pass()
        for entry, held in zip(cards.clothing, view.hands[view.seat], strict=True):
            if held and mg.Item(entry.kind, entry.colour) in mouse.wears:
                return mg.Play(entry.kind, entry.colour)
        return mg.Flip() if mg.Flip() in legal else mg.Pass()


def simulate() -> None:
    """Three careful players of different speeds and a beginner; who was fastest is sampled."""
    config = mg.Config(players=4, speed_weights=(4, 2, 1, 2), tie_probability="1/20")
    agents = [CarefulAgent(), CarefulAgent(), CarefulAgent(), RandomAgent()]
    result = play_game(mg, config, agents, seed=11)
    state = result.state
    print("speed weights:", config.weights, "(seat 3 plays at random)")
    print("mice caught:  ", tuple(len(mice) for mice in state.caught))
    print("penalties:    ", tuple(mg.penalty_points(state, s) for s in range(4)))
    print("scores:       ", mg.scores(state))
    print("winners:      ", sorted(mg.winners(state)))
    assert tablefeast.replay(result.record) == state  # the sampled races replay exactly


def referee() -> None:
    """Deal and play until the first race with several claimants, then apply what an app saw."""
    config = mg.Config(players=3, language="en")
    state = mg.initial_state(config)
    rng = random.Random(5)
    while True:
        seat = mg.actors(state)[0]
        if seat == CHANCE:
            if mg.view(state, None).revealed is not None:
                break  # everybody committed, two or more claimed: who was fastest?
            action = mg.chance_distribution(state).sample(rng)
        else:
            legal = mg.legal_actions(state, seat)
            action = CarefulAgent().act(mg, mg.view(state, seat), legal, rng)
        state = mg.apply_action(state, seat, action)

    print(mg.render(mg.view(state, None)))
    claimants = [s for s, code in enumerate(state.commitments) if code != mg.PASS]
    observed = mg.Fastest((claimants[-1],))  # the app's reaction timer says: this seat
    state = mg.apply_action(state, CHANCE, observed)
    print("observed:", mg.action_to_str(observed), "-> scores", mg.scores(state))


def main() -> None:
    simulate()
    print()
    referee()


if __name__ == "__main__":
    main()
