"""The batch's games played inside the native core (issue 46): `VectorGame` on a native ruleset
whose core has the batch (`tablefeast.native`'s ``batch_begin`` and ``batch_step``) steps every
env in one call; the core writes each env's observation tensor and legal-action mask straight
into the batch's rows, draws chance and the opponents' moves from the same generators the
Python loop draws them from, and plays them exactly as it plays them (a test steps both side by
side and compares every array). Python runs once an episode: to score it and to start the next
(on the same generators; a seeded reset seeds them afresh).

The opponents it plays itself are ``"random"`` and, in a core that has the game's heuristic,
``"heuristic"``; self-play needs none. Any other opponent goes through the Python loop.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.play import RandomAgent

if TYPE_CHECKING:
    from tablefeast.interop.vector import VectorGame

from tablefeast.interop.encoding import encoding_for
from tablefeast.interop.vector import generators

__all__ = ["NativeGames", "native_games"]

RANDOM_POLICY, HEURISTIC_POLICY = 0, 1  # the cores' playout policies (`_playouts.pxi`)


def native_games(batch: VectorGame) -> NativeGames | None:
    """The native batch for `batch`, or None where its core cannot play these games (no batch
    in the core, an opponent it does not play, Schlacht am Buffet's exchange not factored)."""
    core = getattr(batch.game, "core", None)
    if core is None or not hasattr(core, "batch_step"):
        return None
    if batch.encoding.factored != encoding_for(batch.game, batch.config).factored:
        return None  # the core writes the adapters' own ids: Schlacht am Buffet's factored
    if batch.self_play or type(batch.opponent) is RandomAgent:
        policy = RANDOM_POLICY
    elif batch.opponent_name == "heuristic" and getattr(core, "HAS_HEURISTIC", False):
        policy = HEURISTIC_POLICY
    else:
        return None
    return NativeGames(batch, core, policy)


class NativeGames:
    """A batch's games in the native core (module docs); `VectorGame` makes it.

    Args:
        batch: the batch, whose arrays it writes.
        core: the game's native core module.
        policy: the opponents' play, RANDOM_POLICY or HEURISTIC_POLICY.
    """

    def __init__(self, batch: VectorGame, core: ModuleType, policy: int) -> None:
        self.batch = batch
        self.core = core
        self.policy = policy
        count = batch.num_envs
        self._states: list[object] = [None] * count
        self._rngs: list[list[random.Random]] = [[] for _ in range(count)]
        self._seeds = [0] * count
        self._pending = np.zeros((count, core.PENDING_WIDTH), np.int8)
        self._ended = np.zeros(count, np.bool_)

    def start(self, envs: list[int], seeds: list[int | None]) -> list[int]:
        config, players, initial = self.batch.config, self.batch.players, self.core.initial_state
        for i, seed in zip(envs, seeds, strict=True):
            self._states[i] = initial(config)
            if seed is not None:
                self._rngs[i] = generators(seed, players)
                self._seeds[i] = seed
        self._call("batch_begin", np.array(envs, np.int64))
        return [i for i in envs if self._ended[i]]

    def step(self, envs: np.ndarray, ids: np.ndarray) -> list[int]:
        self._call("batch_step", envs, ids)
        ended: list[int] = envs[self._ended[envs]].tolist()
        return ended

    def final_row(self, i: int, seat: int, out: np.ndarray) -> None:
        self.core.observe_into(self._states[i], seat, self._pending[i], out)

    def close(self, i: int) -> None:
        """Nothing kept: the native batch keeps no records."""

    def seed(self, i: int) -> int:
        return self._seeds[i]

    def state(self, i: int) -> object:
        return self._states[i]

    def moves(self, i: int, ended: bool) -> list[tuple[int, object]] | None:
        raise ConfigError(
            "the native batch keeps no records: the Python loop keeps them (engine='pure', or "
            "any opponent other than 'random', 'heuristic' and self-play)"
        )

    def _call(self, name: str, envs: np.ndarray, *ids: np.ndarray) -> None:
        """The core's batch function `name` for the envs `envs` (and their ids, to step)."""
        batch = self.batch
        self._ended[envs] = False
        getattr(self.core, name)(
            self._states,
            envs,
            *ids,
            batch.learners,
            self._rngs,
            self.policy,
            batch.seats,
            self._pending,
            batch.observations,
            batch.action_masks,
            self._ended,
        )
