"""A random policy plays All You Can Eat Buffet through the PettingZoo parallel API, using the
action masks; then one AEC episode of Food Chain.

Needs the ``pettingzoo`` extra: ``pip install "tablefeast[pettingzoo]"``.

    python examples/pettingzoo_random.py
"""

from __future__ import annotations

# ruff: noqa: I001 - the adapter first: without the extra it names what to install
from tablefeast.interop.pettingzoo import env, parallel_env

import numpy as np


def parallel_episode(seed: int) -> dict[str, float]:
    game = parallel_env("all_you_can_eat_buffet", players=4)
    rng = np.random.default_rng(seed)
    observations, _ = game.reset(seed=seed)
    totals = dict.fromkeys(game.agents, 0.0)
    steps = 0
    while game.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observations[agent]["action_mask"])))
            for agent in game.agents
        }
        observations, rewards, _, _, _ = game.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        steps += 1
    print(f"parallel episode {seed}: {steps} steps, rewards {totals}")
    return totals


def aec_episode(seed: int) -> None:
    game = env("food_chain", players=3)
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves = 0
    for _agent in game.agent_iter():
        observation, _reward, termination, truncation, _ = game.last()
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            moves += 1
        game.step(action)
    print(f"AEC episode of Food Chain: {moves} turns (only seats that act take one)")


def main() -> None:
    wins = {
        agent: 0.0 for agent in parallel_env("all_you_can_eat_buffet", players=4).possible_agents
    }
    for seed in range(3):
        for agent, reward in parallel_episode(seed).items():
            wins[agent] += reward
    print("win shares over 3 episodes:", wins)
    aec_episode(0)


if __name__ == "__main__":
    main()
