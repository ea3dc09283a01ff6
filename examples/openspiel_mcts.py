"""OpenSpiel's MCTS bot plays Mausgeflippt against random players, through the OpenSpiel adapter.

Needs the ``openspiel`` extra: ``pip install "tablefeast[openspiel]"``.

OpenSpiel's plain MCTS searches the true state, hidden cards included: it is an example of the
adapter, not a fair player (the library's information-set MCTS is). The game is made turn-based
with ``pyspiel.convert_to_turn_based``, since MCTS works on sequential games.

    python examples/openspiel_mcts.py
"""

from __future__ import annotations

# ruff: noqa: I001 - the adapter first: without the extra it names what to install
import tablefeast.interop.openspiel  # noqa: F401  (registers the tablefeast games)

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

GAMES = 4
SEAT = 0  # the MCTS bot's seat


def main() -> None:
    game = pyspiel.convert_to_turn_based(pyspiel.load_game("tablefeast_mausgeflippt(players=2)"))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    wins = 0.0
    for number in range(GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(actions, p=probs))
            elif state.current_player() == SEAT:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        wins += returns[SEAT]
        print(f"game {number + 1}: returns {returns}")
    print(f"MCTS (seat {SEAT}) won {wins:g} of {GAMES} games against a random player")


if __name__ == "__main__":
    main()
