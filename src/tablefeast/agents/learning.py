"""Training the learned baseline: self-play through the PettingZoo environment (extra ``learn``).

`train` plays `episodes` games of one game through `tablefeast.interop.pettingzoo.parallel_env`,
every seat drawing its moves from one shared network (policy head and value head over two
hidden ReLU layers), and updates it after every `batch` games by the policy gradient with the
value as baseline (actor-critic on the end-of-game reward, an entropy bonus keeping it mixed).
Every `eval_every` games it measures the policy's share of wins against three random players on
fixed seeds: the learning curve. Everything is seeded (the games, the draws, the initial
weights) and PyTorch runs on one thread, so a run replays from its seed. The result is a weights
file for `tablefeast.agents.learned.LearnedAgent` (the policy layers only; the value head is a
baseline for training).

Run it as ``python -m tablefeast.agents.learning food_chain --out FILE`` (the defaults are the
shipped runs' settings: 1600 games, a point of the curve every 400; ``--help`` lists the rest).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from tablefeast.agents.learned import encode_layers

__all__ = ["train"]


def _torch() -> Any:
    try:
        import torch
    except ImportError as e:
        raise ImportError(
            f'training needs the learn extra: pip install "tablefeast[learn]" ({e})'
        ) from e
    return torch


def train(
    game: str,
    *,
    players: int = 4,
    episodes: int = 1600,
    seed: int = 0,
    hidden: int = 64,
    lr: float = 3e-3,
    batch: int = 16,
    entropy: float = 0.01,
    eval_every: int = 400,
    eval_games: int = 200,
    say: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Train a policy by self-play; return the weights file's data (see the module docs).

    Args:
        game: the game's name.
        players: the table's size (the weights play only at it).
        episodes: self-play games.
        seed: seeds the games, the draws and the initial weights.
        hidden: the width of each hidden layer.
        lr: Adam's learning rate.
        batch: games per update.
        entropy: the entropy bonus's weight.
        eval_every: games between two points of the learning curve.
        eval_games: games against three random players per point.
        say: called with a line per point of the curve.
    """
    torch = _torch()
    from tablefeast.interop.pettingzoo import parallel_env

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    draws = torch.Generator().manual_seed(seed)
    # The game's own action ids (not a factored exchange): the moves LearnedAgent plays.
    env = parallel_env(game, players=players, factored=False)
    size_of, _ = env.game.CAPABILITIES.observations()
    inputs = int(size_of(env.config))
    buckets = min(env.noop, 512)
    trunk = torch.nn.Sequential(
        torch.nn.Linear(inputs, hidden),
        torch.nn.ReLU(),
        torch.nn.Linear(hidden, hidden),
        torch.nn.ReLU(),
    )
    policy, value = torch.nn.Linear(hidden, buckets), torch.nn.Linear(hidden, 1)
    parameters = [*trunk.parameters(), *policy.parameters(), *value.parameters()]
    optimizer = torch.optim.Adam(parameters, lr=lr)

    def choose(obs: dict[str, Any], grad: bool) -> tuple[int, Any, Any, Any]:
        """A move id drawn from the policy, with its log-probability, entropy and value."""
        ids = torch.from_numpy(obs["action_mask"][:-1]).nonzero().flatten()
        of = ids % buckets
        legal = torch.zeros(buckets, dtype=torch.bool)
        legal[of] = True
        with torch.set_grad_enabled(grad):
            h = trunk(torch.from_numpy(obs["observation"]))
            logits = policy(h).masked_fill(~legal, -1e9)
            logp = torch.log_softmax(logits, 0)
            bucket = int(torch.multinomial(logp.exp().detach(), 1, generator=draws))
            same = ids[of == bucket]
            pick = int(same[int(torch.randint(len(same), (1,), generator=draws))])
            probs = logp.exp() * legal
            ent = -(probs * torch.where(legal, logp, torch.zeros_like(logp))).sum()
            return pick, logp[bucket], ent, value(h)[0]

    def play(episode_seed: int, learner: int | None) -> tuple[list[float], list[list[Any]]]:
        """One game: every seat learns (learner None) or `learner` plays against random."""
        observations, _ = env.reset(seed=episode_seed)
        steps: list[list[Any]] = [[] for _ in range(players)]
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        while env.agents:
            actions = {}
            for seat, agent in enumerate(env.possible_agents):
                obs = observations[agent]
                if obs["action_mask"][:-1].any():
                    if learner is None or seat == learner:
                        pick, *record = choose(obs, learner is None)
                        steps[seat].append(record)
                    else:
                        ids = obs["action_mask"][:-1].nonzero()[0]
                        pick = int(ids[int(torch.randint(len(ids), (1,), generator=draws))])
                    actions[agent] = pick
                else:
                    actions[agent] = env.noop
            observations, step_rewards, *_ = env.step(actions)
            for agent, r in step_rewards.items():
                rewards[agent] += r
        return [rewards[a] for a in env.possible_agents], steps

    def share() -> float:
        won = 0.0
        for g in range(eval_games):
            won += play(1_000_000 + g, g % players)[0][g % players]
        return won / eval_games

    curve: list[list[float]] = []
    losses: list[Any] = []  # of the batch under way
    started = time.perf_counter()
    for done in range(0, episodes + 1):
        if done % eval_every == 0:
            curve.append([done, round(time.perf_counter() - started, 1), round(share(), 4)])
            if say is not None:
                say(f"{game}: {done} games, {curve[-1][1]} s, {curve[-1][2]:.3f} vs 3 random")
        if done == episodes:
            break
        rewards, steps = play(seed * 1_000_003 + done, None)
        for reward, records in zip(rewards, steps, strict=True):
            for logp, ent, v in records:
                advantage = reward - float(v.detach())
                losses.append(-advantage * logp + 0.5 * (reward - v) ** 2 - entropy * ent)
        if (done + 1) % batch == 0 and losses:
            optimizer.zero_grad()
            torch.stack(losses).mean().backward()
            optimizer.step()
            losses = []

    layers = [trunk[0], trunk[2], policy]
    return {
        "game": game,
        "players": players,
        "inputs": inputs,
        "hidden": hidden,
        "buckets": buckets,
        "layers": encode_layers(layers),
        "curve": curve,
        "settings": {
            "seed": seed,
            "episodes": episodes,
            "lr": lr,
            "batch": batch,
            "entropy": entropy,
            "eval_games": eval_games,
            "torch": str(torch.__version__),
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: train one game and write its weights file."""
    parser = argparse.ArgumentParser(prog="python -m tablefeast.agents.learning")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--episodes", type=int, default=1600, help="self-play games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", type=int, default=64, help="width of each hidden layer")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus's weight")
    parser.add_argument("--eval-every", type=int, default=400)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    data = train(
        args.game,
        players=args.players,
        episodes=args.episodes,
        seed=args.seed,
        hidden=args.hidden,
        lr=args.lr,
        batch=args.batch,
        entropy=args.entropy,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        say=print,
    )
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump(data, out)
        out.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
