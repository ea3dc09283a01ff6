"""Training at scale on the batched core (issue 47): masked PPO against a league (extra ``learn``).

`train` trains the policy that `LearnedAgent` plays (`tablefeast.agents.learned.Weights`: the
observation tensor in, two hidden ReLU layers, one output per action id) with proximal policy
optimization on `tablefeast.interop.vector.VectorGame`, whose native core steps hundreds of
games per call. Why PPO with a league, not an AlphaZero loop: the games are simultaneous and
full of hidden cards, so a search inside the loop would search determinized worlds (what the
library's ISMCTS already does) and cost a search per move; PPO needs only the policy's own
moves, which the batch makes cheap, and a league keeps the policy from learning to beat only
itself.

Each update plays a fixed number of learner decisions, split among three kinds of table:

- **self and past selves**: a self-play batch (every seat's decision comes out of it); each
  episode of an env is either the learner in every seat (each seat's decisions its own
  trajectory) or, with the share `TrainConfig.past_share`, the learner in one seat drawn anew
  and a frozen past policy drawn from the league in the others;
- **the heuristic**: a batch whose other seats play the game's heuristic inside the core.

The reward is the game's result (a winner's share of the win, 0 for the others), given at the
end; advantages are generalized advantage estimates over each seat's own decisions, the value
head predicting the share. Everything draws from generators seeded by `TrainConfig.seed`: a run
repeats on the same machine and PyTorch.

Examples:
    >>> config = TrainConfig("food_chain", updates=1, envs=8, steps=64, seed=1)
    >>> result = train(config)  # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

import tablefeast
from tablefeast.agents.game_types import A, C, S, V
from tablefeast.agents.learned import MAX_WEIGHTS_BYTES, Weights, encode_layers
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import Ruleset

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from tablefeast.interop.vector import VectorGame

__all__ = ["TrainConfig", "TrainResult", "train"]

SELF = -1
"""A league env's opponent when the learner plays every seat."""

GAMES_ON_THE_CORE = ("food_chain", "mausgeflippt", "all_you_can_eat_buffet", "schlacht_am_buffet")
"""The games `train` plays on their batched cores. The batch's observations are
`observation_tensor(view)` and its ids the adapters' (`tablefeast.interop.encoding`): the
game's own, but for Schlacht am Buffet's exchange, chosen card by card with the cards chosen so
far appended to the tensor; the weights say so (``factored``), and `LearnedAgent` plays them
the same way."""


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(
            f"TrainConfig.{attribute.name} must be a positive int, got {shown(value)}"
        )


def _count(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise ConfigError(
            f"TrainConfig.{attribute.name} must be an int of at least 0, got {shown(value)}"
        )


def _share(_: object, attribute: attrs.Attribute[float], value: float) -> None:
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise ConfigError(f"TrainConfig.{attribute.name} must be from 0 to 1, got {shown(value)}")


@attrs.frozen
class TrainConfig:
    """How to train (every field has a default; the game is required).

    Attributes:
        game: the game's name (one of `GAMES_ON_THE_CORE`).
        players: the table size.
        seed: seeds the batches, the network and every draw.
        updates: PPO updates to run (each on `envs` x `steps` learner decisions at most).
        minutes: stop after this long whatever `updates` says (None: no limit).
        envs: games per batch (two batches: the league's and the heuristic's).
        steps: batch steps per update (each a learner decision per env).
        hidden: the width of each hidden layer.
        lr: Adam's learning rate.
        epochs: passes over each update's decisions.
        minibatch: decisions per gradient step.
        clip: PPO's clipping of the probability ratio.
        entropy: the entropy bonus's weight.
        value: the value loss's weight.
        gae: the advantage estimate's lambda.
        heuristic_share: the share of envs whose opponents are the game's heuristic.
        past_share: the share of the league's episodes played against a frozen past policy
            (the learner in one seat; else the learner in every seat).
        snapshot_every: updates between two snapshots joining the league.
        imitation: heuristic decisions to imitate before the first PPO update (0: none): a
            supervised warm start, the policy fitted to the game's heuristic's moves and the
            value to those games' results, so that PPO starts from the heuristic's play
            rather than from random moves (which in Mausgeflippt never win against it). Not
            in a game whose batch factors a decision (Schlacht am Buffet, which learns
            without it).
        reward: what an episode's end pays (`tablefeast.interop.vector.REWARDS`): ``"result"``
            (a winner's share of the win) or ``"score_difference"`` (the seat's score less the
            best of the others': a denser signal where a weak policy never wins, as in
            Mausgeflippt against the heuristic).
        device: ``"auto"`` (a GPU where PyTorch sees one), ``"cpu"`` or ``"cuda"``.
        against: None (the default: the league and the heuristic), or a best response: the
            name of a frozen agent (`tablefeast.agents.make_agent`, such as ``"hard"``) that
            plays the three other seats of every env, the learner in one seat (env ``i`` in
            seat ``i`` modulo `players`); no league, no heuristic batch. Its games are
            played in Python env by env (the opponents' own searches run on the core), so
            an update costs as many of the agent's decisions as the learner makes, times
            the seats it plays. The curve's share is the learner's against it.
        start: None (the default: a fresh network), ``"shipped"`` (the game's shipped
            policy, `tablefeast.agents.learned.shipped_weights`) or a weights file's path:
            the policy layers to start from (the value head starts fresh).
    """

    game: str
    players: int = attrs.field(default=4, validator=_positive)
    seed: int = 0
    updates: int = attrs.field(default=100, validator=_positive)
    minutes: float | None = None
    envs: int = attrs.field(default=128, validator=_positive)
    steps: int = attrs.field(default=64, validator=_positive)
    hidden: int = attrs.field(default=128, validator=_positive)
    lr: float = 3e-4
    epochs: int = attrs.field(default=4, validator=_positive)
    minibatch: int = attrs.field(default=1024, validator=_positive)
    clip: float = 0.2
    entropy: float = 0.01
    value: float = 0.5
    gae: float = attrs.field(default=0.95, validator=_share)
    heuristic_share: float = attrs.field(default=0.25, validator=_share)
    past_share: float = attrs.field(default=0.3, validator=_share)
    snapshot_every: int = attrs.field(default=10, validator=_positive)
    imitation: int = attrs.field(default=0, validator=_count)
    reward: str = "result"
    device: str = "auto"
    against: str | None = None
    start: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.game not in GAMES_ON_THE_CORE:
            raise ConfigError(
                f"train plays {', '.join(GAMES_ON_THE_CORE)} on the batched core, "
                f"not {shown(self.game)}"
            )
        if self.imitation and tablefeast.load(self.game).CAPABILITIES.multiset_choice:
            raise ConfigError(
                f"imitation records the game's own moves, and {self.game}'s batch chooses a "
                "decision of several cards card by card: train it without imitation"
            )
        if self.reward not in ("result", "score_difference"):
            raise ConfigError(
                f"reward must be result or score_difference, got {shown(self.reward)}"
            )
        if self.device not in ("auto", "cpu", "cuda"):
            raise ConfigError(f"device must be auto, cpu or cuda, got {shown(self.device)}")
        if self.against is not None:
            from tablefeast.agents import make_agent  # the names live above this module

            if not isinstance(self.against, str):
                raise ConfigError(f"against must be an agent's name, got {shown(self.against)}")
            make_agent(self.against)  # a name it does not know: its ConfigError
        if self.start is not None and not isinstance(self.start, str):
            raise ConfigError(
                f"start must be 'shipped' or a weights file's path, got {shown(self.start)}"
            )


@attrs.frozen
class TrainResult:
    """What a run gives: the weights (for `LearnedAgent`) and its learning curve.

    Attributes:
        weights: the trained network, with the run's settings and curve in it.
        curve: ``(decisions, seconds, share against three heuristic players)`` per point.
        device: where the network was trained.
    """

    weights: Weights
    curve: tuple[tuple[int, float, float], ...]
    device: str
    data: dict[str, Any] = attrs.field(repr=False, eq=False)
    """The weights file's JSON data (what `main` writes)."""


def _torch() -> ModuleType:
    try:
        import torch
    except ImportError as e:
        raise ImportError('training needs the learn extra: pip install "tablefeast[learn]"') from e
    return torch


_Decision = tuple["NDArray[np.float32]", "NDArray[np.int8]", int, float, float]
"""A learner's decision: its observation, its legal-id mask, the id it chose, that id's
log-probability, and the value the network gave the observation."""
_Row = tuple["NDArray[np.float32]", "NDArray[np.int8]", int, float, float, float]
"""A decision with its episode's return and its advantage, for the update."""


class _Trajectories:
    """The learner's decisions of each (batch, env, seat) in the episode under way, moved to the
    update's buffer with their returns and advantages when the episode ends."""

    def __init__(self, gae: float) -> None:
        self.gae = gae
        self.open: dict[tuple[int, int, int], list[_Decision]] = {}
        self.done: list[_Row] = []

    def add(self, key: tuple[int, int, int], row: _Decision) -> None:
        self.open.setdefault(key, []).append(row)

    def end(self, key: tuple[int, int, int], reward: float) -> None:
        """The episode of `key` ended with `reward` for its seat: GAE(lambda), gamma 1."""
        rows = self.open.pop(key, [])
        advantage, following = 0.0, reward  # the value after the last decision: the result
        for observation, mask, action, logp, value in reversed(rows):
            delta = following - value
            advantage = delta + self.gae * advantage
            following = value
            self.done.append((observation, mask, action, logp, value + advantage, advantage))


def train(
    config: TrainConfig,
    say: Callable[[str], None] | None = None,
    checkpoint: Callable[[dict[str, Any]], None] | None = None,
    checkpoint_minutes: float = 5.0,
) -> TrainResult:
    """Train a policy (see the module docs).

    Args:
        config: how to train.
        say: called with a line per update (None: quiet).
        checkpoint: called with the weights file's data (`weights_data`) after the first
            update past every `checkpoint_minutes` of training (None: never): the points of
            a learning curve measured afterwards against any opponent.
        checkpoint_minutes: the time between two checkpoints.

    Raises:
        ConfigError: a bad config, or a game whose core is not built here.
        ImportError: the ``learn`` extra is not installed.
    """
    torch = _torch()
    import numpy as np

    from tablefeast import native
    from tablefeast.interop.vector import VectorGame

    if not native.available(config.game):
        raise ConfigError(f"training runs on the native core; {config.game}'s is not built here")
    device = config.device
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(config.seed)
    draws = random.Random(config.seed)
    # The single-learner batch: the learner in one seat, the others the game's heuristic; in
    # a best response (`against`), every env, the frozen agent in the others.
    opponents = config.against or "heuristic"
    single_envs = config.envs if config.against else round(config.envs * config.heuristic_share)
    league_envs = config.envs - single_envs
    batches: list[VectorGame] = []
    if league_envs:
        batches.append(
            VectorGame(
                config.game,
                league_envs,
                players=config.players,
                opponents=None,
                seed=config.seed,
                reward=config.reward,
                engine="native",
            )
        )
    if single_envs:
        seats = (
            [i % config.players for i in range(single_envs)]  # in rotation
            if config.against
            else [draws.randrange(config.players) for _ in range(single_envs)]
        )
        batches.append(
            VectorGame(
                config.game,
                single_envs,
                players=config.players,
                seat=seats,
                opponents=opponents,
                seed=config.seed + league_envs,
                reward=config.reward,
                engine="native",
            )
        )
    inputs, actions = batches[0].observation_size, batches[0].num_actions
    factored = batches[0].encoding.factored
    network = _network(torch, inputs, config.hidden, actions)
    if config.start is not None:
        _load(torch, network, _start_weights(config, inputs, actions, factored))
    network = network.to(device)
    optimizer = torch.optim.Adam(network.parameters(), lr=config.lr)
    start = time.monotonic()  # the budget counts the warm start too
    if config.imitation:
        _imitate(torch, network, optimizer, config, device, say)
    league: list[Any] = [_frozen(torch, network)]
    self_play = batches[0] if league_envs else None
    learner_seat = [draws.randrange(config.players) for _ in range(league_envs)]
    opponent = [SELF] * league_envs  # each league env's opponent: SELF, or a past policy
    trajectories = _Trajectories(config.gae)
    curve: list[tuple[int, float, float]] = []
    decisions = 0
    next_checkpoint = 60 * checkpoint_minutes
    for update in range(config.updates):
        if config.minutes is not None and time.monotonic() - start > 60 * config.minutes:
            break
        for _ in range(config.steps):
            for b, batch in enumerate(batches):
                chosen = np.zeros(batch.num_envs, np.int64)
                observations = torch.from_numpy(batch.observations).to(device)
                masks = torch.from_numpy(batch.action_masks.astype(bool)).to(device)
                if batch is self_play:
                    mine = np.array(
                        [
                            opponent[i] == SELF or batch.seats[i] == learner_seat[i]
                            for i in range(batch.num_envs)
                        ]
                    )
                else:
                    mine = np.ones(batch.num_envs, bool)
                learner = np.flatnonzero(mine)
                if len(learner):
                    with torch.no_grad():
                        logits, values = network(observations[learner])
                    picked, logps = _sample(torch, logits, masks[learner])
                    for k, i in enumerate(learner):
                        seat = int(batch.seats[i]) if batch is self_play else -1
                        trajectories.add(
                            (b, int(i), seat),
                            (
                                batch.observations[i].copy(),
                                batch.action_masks[i].copy(),
                                int(picked[k]),
                                float(logps[k]),
                                float(values[k]),
                            ),
                        )
                    chosen[learner] = picked.cpu().numpy()
                    decisions += len(learner)
                others = np.flatnonzero(~mine)
                for index in sorted({opponent[i] for i in others}):
                    group = others[[opponent[i] == index for i in others]]
                    with torch.no_grad():
                        logits, _ = league[index](observations[group])
                    chosen[group] = _sample(torch, logits, masks[group])[0].cpu().numpy()
                batch.step(chosen)
                for i in np.flatnonzero(batch.terminated):
                    if batch is self_play:
                        for seat in range(config.players):  # the learner's seats' trajectories
                            trajectories.end((b, int(i), seat), float(batch.rewards[i, seat]))
                        learner_seat[i] = draws.randrange(config.players)
                        past = draws.random() < config.past_share
                        opponent[i] = draws.randrange(len(league)) if past else SELF
                    else:
                        trajectories.end((b, int(i), -1), float(batch.rewards[i]))
        _update(torch, network, optimizer, trajectories.done, config, device)
        trajectories.done = []
        if (update + 1) % config.snapshot_every == 0:
            league.append(_frozen(torch, network))
            if len(league) > 16:  # the oldest past selves leave (the first stays: a fixed point)
                del league[1]
        share = _recent_share(batches[-1]) if single_envs else float("nan")
        curve.append((decisions, round(time.monotonic() - start, 1), share))
        if say is not None:
            say(f"update {update + 1}: {decisions:,} decisions, share vs {opponents} {share:.3f}")
        if checkpoint is not None and time.monotonic() - start >= next_checkpoint:
            checkpoint(weights_data(network, config, curve, factored))
            next_checkpoint += 60 * checkpoint_minutes
    data = weights_data(network, config, curve, factored)
    return TrainResult(Weights.from_json(json.dumps(data)), tuple(curve), device, data)


def heuristic_decisions(
    game: str, players: int, decisions: int, seed: int
) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64], NDArray[np.float32]]:
    """Games of the game's heuristic against itself, played on the pure engine: every seat's
    observation tensor, legal-id mask and chosen id at each of its decisions (with two or more
    legal moves), and its result (a winner's share of the win), until `decisions` are kept.

    Returns:
        float32 observations, bool masks, int64 ids and float32 results, one row each.
    """
    import numpy as np

    from tablefeast.agents.heuristics import HeuristicAgent
    from tablefeast.kernel.play import play_game

    ruleset = tablefeast.load(game, engine="pure")
    config = ruleset.Config(players=players)
    tensor_of = ruleset.CAPABILITIES.observation_tensor
    if tensor_of is None:
        raise ConfigError(f"{game} has no observation tensor to learn from")
    observe: Callable[[Any], Sequence[float]] = tensor_of
    width = ruleset.num_distinct_actions(config)
    rows: list[tuple[Any, list[int], int, int, int]] = []  # ..., the game, the seat

    class Recorder:
        """The heuristic, noting what it saw and chose."""

        def __init__(self, seat: int) -> None:
            self.seat, self.heuristic = seat, HeuristicAgent()

        def act(
            self, rules: Ruleset[S, A, C, V], view: V, legal: tuple[A, ...], rng: random.Random
        ) -> A:
            move = self.heuristic.act(rules, view, legal, rng)
            if len(legal) > 1:
                ids = [rules.action_to_id(m, config) for m in legal]
                tensor = np.asarray(observe(view), np.float32)
                rows.append((tensor, ids, rules.action_to_id(move, config), played, self.seat))
            return move

    results: list[list[float]] = []
    played = 0
    while len(rows) < decisions:
        end = play_game(ruleset, config, [Recorder(s) for s in range(players)], f"{seed}/{played}")
        winners = ruleset.winners(end.state)
        results.append([1 / len(winners) if s in winners else 0.0 for s in range(players)])
        played += 1
    rows = rows[:decisions]
    observations = np.stack([r[0] for r in rows])
    masks = np.zeros((len(rows), width), bool)
    for k, r in enumerate(rows):
        masks[k, r[1]] = True
    ids = np.array([r[2] for r in rows], np.int64)
    won = np.array([results[r[3]][r[4]] for r in rows], np.float32)
    return observations, masks, ids, won


def _imitate(  # noqa: PLR0917 - the warm start's parts, each needed
    torch: ModuleType,
    network: Any,
    optimizer: Any,
    config: TrainConfig,
    device: str,
    say: Callable[[str], None] | None,
) -> None:
    """The supervised warm start (`TrainConfig.imitation`): the policy's masked cross-entropy
    on the heuristic's moves and the value's squared error on its games' results."""
    arrays = heuristic_decisions(config.game, config.players, config.imitation, config.seed)
    observations, masks, ids, won = (torch.from_numpy(a).to(device) for a in arrays)
    count = len(ids)
    for epoch in range(config.epochs * 2):
        order = torch.randperm(count)
        total = 0.0
        for at in range(0, count, config.minibatch):
            part = order[at : at + config.minibatch]
            logits, values = network(observations[part])
            logits = logits.masked_fill(~masks[part], -1e9)
            loss = (
                torch.nn.functional.cross_entropy(logits, ids[part])
                + config.value * ((values - won[part]) ** 2).mean()
            )
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(network.parameters(), 0.5)
            optimizer.step()
            total += float(loss.detach()) * len(part)
        if say is not None:
            say(f"imitation epoch {epoch + 1}: loss {total / count:.4f} on {count:,} decisions")


def _network(torch: ModuleType, inputs: int, hidden: int, actions: int) -> Any:
    module: Any = torch.nn.Module  # PyTorch's, untyped here: the optional extra ``learn``

    class Network(module):  # type: ignore[misc]
        """Two hidden ReLU layers; a policy head (the layers `LearnedAgent` plays) and a value
        head."""

        def __init__(self) -> None:
            super().__init__()
            self.first = torch.nn.Linear(inputs, hidden)
            self.second = torch.nn.Linear(hidden, hidden)
            self.policy = torch.nn.Linear(hidden, actions)
            self.value = torch.nn.Linear(hidden, 1)

        def forward(self, x: Any) -> tuple[Any, Any]:
            h = torch.relu(self.second(torch.relu(self.first(x))))
            return self.policy(h), self.value(h).squeeze(-1)

    return Network()


def _start_weights(config: TrainConfig, inputs: int, actions: int, factored: bool) -> Weights:
    """The weights `TrainConfig.start` names, checked to fit this run's network."""
    from tablefeast.agents.learned import shipped_weights

    if config.start == "shipped":
        weights = shipped_weights(config.game)
    else:
        try:
            with open(str(config.start), "rb") as file:
                text = file.read(MAX_WEIGHTS_BYTES + 1)
        except OSError as e:
            raise ConfigError(f"start: cannot read {shown(config.start)} ({e.strerror})") from None
        weights = Weights.from_json(text)
    shape = (
        weights.game,
        weights.players,
        weights.inputs,
        weights.hidden,
        weights.buckets,
        weights.factored,
    )
    wanted = (config.game, config.players, inputs, config.hidden, actions, factored)
    if shape != wanted:
        raise ConfigError(
            f"start: weights for (game, players, inputs, hidden, buckets, factored) {shape}, "
            f"this run needs {wanted}"
        )
    return weights


def _load(torch: ModuleType, network: Any, weights: Weights) -> None:
    """Copy `weights`' layers into the network's policy layers (by input, as `Weights` keeps
    them: transposed into PyTorch's rows by output unit)."""
    layers = (network.first, network.second, network.policy)
    with torch.no_grad():
        for layer, columns, bias in zip(layers, weights.columns, weights.biases, strict=True):
            layer.weight.copy_(torch.tensor(columns, dtype=torch.float32).T)
            layer.bias.copy_(torch.tensor(bias, dtype=torch.float32))


def _frozen(torch: ModuleType, network: Any) -> Any:
    import copy

    frozen = copy.deepcopy(network)
    for parameter in frozen.parameters():
        parameter.requires_grad_(False)
    return frozen


def _sample(torch: ModuleType, logits: Any, masks: Any) -> tuple[Any, Any]:
    """A legal id per row drawn from the masked softmax, and its log-probability."""
    masked = logits.masked_fill(~masks, -1e9)
    distribution = torch.distributions.Categorical(logits=masked)
    picked = distribution.sample()
    return picked, distribution.log_prob(picked)


def _update(  # noqa: PLR0917 - the update's parts, each needed
    torch: ModuleType,
    network: Any,
    optimizer: Any,
    rows: list[_Row],
    config: TrainConfig,
    device: str,
) -> None:
    """PPO's clipped update on `rows` (observation, mask, action, old log-prob, return,
    advantage)."""
    if not rows:
        return
    import numpy as np

    observations = torch.from_numpy(np.stack([r[0] for r in rows])).to(device)
    masks = torch.from_numpy(np.stack([r[1] for r in rows]).astype(bool)).to(device)
    actions = torch.tensor([r[2] for r in rows], device=device)
    old = torch.tensor([r[3] for r in rows], device=device)
    returns = torch.tensor([r[4] for r in rows], device=device)
    advantages = torch.tensor([r[5] for r in rows], device=device)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    count = len(rows)
    for _ in range(config.epochs):
        order = torch.randperm(count)
        for at in range(0, count, config.minibatch):
            part = order[at : at + config.minibatch]
            logits, values = network(observations[part])
            distribution = torch.distributions.Categorical(
                logits=logits.masked_fill(~masks[part], -1e9)
            )
            ratio = torch.exp(distribution.log_prob(actions[part]) - old[part])
            gain = torch.min(
                ratio * advantages[part],
                ratio.clamp(1 - config.clip, 1 + config.clip) * advantages[part],
            )
            loss = (
                -gain.mean()
                + config.value * ((values - returns[part]) ** 2).mean()
                - config.entropy * distribution.entropy().mean()
            )
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(network.parameters(), 0.5)
            optimizer.step()


def _recent_share(batch: VectorGame) -> float:
    """The learner's mean result over the heuristic batch's last ended episodes (with the
    reward ``"score_difference"``: a positive margin counts 1, a tie for the best score half)."""
    import numpy as np

    ended = batch.episodes > 0
    if not ended.any():
        return float("nan")
    returns = batch.episode_returns[ended]
    if batch.reward == "score_difference":
        return float(np.mean((returns > 0) + 0.5 * (returns == 0)))
    return float(np.mean(returns))


def weights_data(
    network: Any, config: TrainConfig, curve: list[tuple[int, float, float]], factored: bool
) -> dict[str, Any]:
    """The policy's layers as a weights file's data, for `LearnedAgent` (in float16: half the
    size of float32, the moves' odds all but the same)."""
    layers = encode_layers([network.first, network.second, network.policy], "float16")
    data = {
        "dtype": "float16",
        "game": config.game,
        "players": config.players,
        "inputs": network.first.in_features,
        "hidden": config.hidden,
        "buckets": network.policy.out_features,
        "factored": factored,
        "layers": layers,
        "curve": [[d, s, 0.0 if math.isnan(w) else w] for d, s, w in curve],
        "settings": json.loads(json.dumps(attrs.asdict(config))),
    }
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m tablefeast.agents.training GAME --minutes M --out FILE``."""
    parser = argparse.ArgumentParser(prog="python -m tablefeast.agents.training")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--minutes", type=float, default=60.0, help="the run's budget (60; 0: --updates alone)"
    )
    parser.add_argument("--updates", type=int, default=1_000_000, help="at most this many")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument(
        "--imitation", type=int, default=0, help="heuristic decisions to imitate first (0)"
    )
    parser.add_argument(
        "--reward", default="result", help="result (the default) or score_difference"
    )
    parser.add_argument(
        "--device", default="auto", help="auto (a GPU where there is one), cpu, cuda"
    )
    parser.add_argument(
        "--against",
        metavar="AGENT",
        help="a best response: the frozen agent (such as hard) in the three other seats",
    )
    parser.add_argument(
        "--start", metavar="WEIGHTS", help="start from these weights (a path, or shipped)"
    )
    parser.add_argument("--out", required=True, help="the weights file to write")
    parser.add_argument(
        "--checkpoints",
        metavar="DIR",
        help="also write the weights every --checkpoint-minutes to DIR/GAME-SECONDS.json",
    )
    parser.add_argument("--checkpoint-minutes", type=float, default=5.0)
    parser.add_argument(
        "--threads", type=int, default=0, help="PyTorch's CPU threads (0: its default)"
    )
    args = parser.parse_args(argv)
    config = TrainConfig(
        args.game,
        players=args.players,
        seed=args.seed,
        minutes=args.minutes or None,
        updates=args.updates,
        envs=args.envs,
        reward=args.reward,
        imitation=args.imitation,
        device=args.device,
        against=args.against,
        start=args.start,
    )
    torch = _torch()
    if args.threads > 0:
        torch.set_num_threads(args.threads)

    def write(data: dict[str, Any], path: str) -> None:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out)
            out.write("\n")

    def checkpoint(data: dict[str, Any]) -> None:
        seconds = round(data["curve"][-1][1]) if data["curve"] else 0
        write(data, os.path.join(args.checkpoints, f"{args.game}-{seconds:05d}.json"))

    if args.checkpoints:
        os.makedirs(args.checkpoints, exist_ok=True)
    result = train(
        config,
        say=print,
        checkpoint=checkpoint if args.checkpoints else None,
        checkpoint_minutes=args.checkpoint_minutes,
    )
    write(result.data, args.out)
    print(f"trained on {result.device}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
