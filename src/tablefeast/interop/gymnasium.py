"""The four games as Gymnasium environments (issue 46; extra ``gymnasium``).

`make(name, ...)` is a `gymnasium.Env` for one learner at a table of opponents; `make_vec(name,
num_envs, ...)` is a `gymnasium.vector.VectorEnv` of `num_envs` such tables stepped together
(`tablefeast.interop.vector.VectorGame` underneath, which the batched native core will replace
where it is built; on the pure engine it is slower, and the same).

- **Observations** are dicts: ``"observation"``, the game's observation tensor of the learner's
  view (float32, `observation_tensor(view)`; Schlacht am Buffet's ends with the pending discard,
  as in the other adapters), and ``"action_mask"`` (int8, 1 for each legal id).
- **Actions** are the adapters' ids (`tablefeast.interop.encoding`), ``Discrete(size)``; the
  learner only ever gets a step where it decides.
- **Rewards** come at the end of an episode: ``reward="result"`` (each winner 1 / number of
  winners, others 0) or ``"score_difference"`` (the learner's score less the best of the
  others'). An id the mask does not allow ends the episode with ``illegal_reward`` (-1) and
  ``info["illegal"]``, so that Gymnasium's own checks, which send random ids, hold
  (``illegal="raise"`` raises IllegalActionError instead).
- **Seeds**: ``reset(seed=s)`` plays the game `tablefeast.play_game` plays from seed ``s`` (env
  ``i`` of a vector env from ``s + i``, as Gymnasium seeds them); ``reset()`` and autoreset go
  on with the same generators.
- **Autoreset**: the vector env's mode is ``AutoresetMode.SAME_STEP`` (in its metadata): the
  step that ends an episode returns the next one's first observation, the ended one's in
  ``infos["final_obs"]`` (``infos["_final_obs"]`` marks the envs), with ``infos["episode"]``
  (``"r"``, ``"l"``) as Gymnasium's RecordEpisodeStatistics gives it.
- ``render_mode="ansi"`` renders the learner's view in the game's words.

Examples:
    >>> from tablefeast.interop.gymnasium import make, make_vec
    >>> env = make("food_chain", players=3, render_mode="ansi")
    >>> observation, info = env.reset(seed=1)
    >>> observation["observation"].shape, int(observation["action_mask"].sum())
    ((111,), 5)
    >>> envs = make_vec("food_chain", 8, players=3)
    >>> observations, infos = envs.reset(seed=1)
    >>> observations["action_mask"].shape
    (8, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # a clear word on what to install
    raise ImportError(
        f'{__name__} needs the gymnasium extra: pip install "tablefeast[gymnasium]" ({e})'
    ) from e

from tablefeast.interop.vector import VectorGame
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.record import Record
from tablefeast.kernel.ruleset import AnyRuleset

__all__ = ["TablefeastEnv", "TablefeastVectorEnv", "make", "make_vec"]


def _observation_space(batch: VectorGame) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(
                -np.inf, np.inf, shape=(batch.observation_size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(batch.num_actions,), dtype=np.int8),
        }
    )


def _options(options: dict[str, Any]) -> dict[str, Any]:
    if options.get("opponents", "random") is None:
        raise ConfigError(
            "a Gymnasium env has one learner: opponents=None (self-play) is for VectorGame"
        )
    return options


class TablefeastEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner's table (module docs); made by `make`."""

    def __init__(
        self, name: str | AnyRuleset, *, render_mode: str | None = None, **options: Any
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', got {shown(render_mode)}")
        options = {"illegal": "lose", **_options(options)}
        self._batch = VectorGame(name, 1, autoreset=False, **options)
        self.metadata = {"render_modes": ["ansi"], "render_fps": 1}
        self.render_mode = render_mode
        self.observation_space = _observation_space(self._batch)
        self.action_space = spaces.Discrete(self._batch.num_actions)
        self.game = self._batch.game
        self._started = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new episode, played to the learner's first decision (module docs: seeds).

        Args:
            seed: the episode's seed, or None to go on.
            options: unused (Gymnasium's signature).
        """
        super().reset(seed=seed)
        # the first unseeded reset keeps the episode __init__ started from a drawn seed
        if seed is not None or self._started:
            self._batch.reset(seed)
        self._started = True
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's action id, then the table plays on to its next decision.

        Args:
            action: an action id.

        Raises:
            InvalidActionError: not an id of the game.
            IllegalActionError: an illegal id with ``illegal="raise"``, or a step after the
                episode ended (reset first).
        """
        batch = self._batch
        batch.step([action])
        info = self._info()
        if batch.illegal[0]:
            info["illegal"] = True
        return self._observation(), float(batch.rewards[0]), bool(batch.terminated[0]), False, info

    def render(self) -> str | None:
        """The learner's view in the game's words (render mode ``"ansi"``)."""
        if self.render_mode != "ansi":
            return None
        batch = self._batch
        game = getattr(batch.game, "pure", batch.game)  # `state` gives the pure engine's state
        render = game.CAPABILITIES.render or repr
        return str(render(game.view(batch.state(0), int(batch.seats[0]))))

    def record(self) -> Record:
        """The episode's moves so far, chance's included (`VectorGame.record`: kept where the
        games are played in Python, ``engine="pure"``)."""
        return self._batch.record(0)

    def _observation(self) -> dict[str, np.ndarray]:
        batch = self._batch
        return {
            "observation": batch.observations[0].copy(),
            "action_mask": batch.action_masks[0].copy(),
        }

    def _info(self) -> dict[str, object]:
        return {"seat": int(self._batch.seats[0])}


class TablefeastVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """`num_envs` learners' tables stepped together (module docs); made by `make_vec`."""

    def __init__(self, name: str | AnyRuleset, num_envs: int, **options: Any) -> None:
        options = {"illegal": "lose", **_options(options)}
        self.batch = VectorGame(name, num_envs, autoreset=True, **options)
        """The batch underneath (its arrays are reused; the env hands out copies)."""
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.num_envs = self.batch.num_envs
        self.single_observation_space = _observation_space(self.batch)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self._started = False

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New episodes in every env: env ``i`` from ``seed + i`` (module docs: seeds).

        Args:
            seed: env 0's seed, or None to go on.
            options: unused (Gymnasium's signature).
        """
        if seed is not None and not isinstance(seed, int | np.integer):
            raise ConfigError(
                f"reset(seed=...) takes one int (env i gets seed + i), got {shown(seed)}"
            )
        if seed is not None or self._started:
            self.batch.reset(None if seed is None else int(seed))
        self._started = True
        return self._observations(), {}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Every env's learner takes its action id (module docs).

        Args:
            actions: one action id per env.

        Raises:
            InvalidActionError: not one id of the game per env.
            IllegalActionError: an illegal id with ``illegal="raise"``; nothing changes.
        """
        batch = self.batch
        batch.step(actions)
        ended = batch.terminated.copy()
        infos: dict[str, Any] = {}
        if ended.any():
            final = np.zeros_like(batch.final_observations)
            final[ended] = batch.final_observations[ended]
            masks = np.zeros_like(batch.action_masks)
            infos["final_obs"] = {"observation": final, "action_mask": masks}
            infos["_final_obs"] = ended
            infos["episode"] = {
                "r": np.where(ended, batch.episode_returns, 0).astype(np.float64),
                "l": np.where(ended, batch.episode_lengths, 0),
            }
            infos["_episode"] = ended
            if batch.illegal.any():
                infos["illegal"] = batch.illegal.copy()
                infos["_illegal"] = ended
        return (
            self._observations(),
            batch.rewards.astype(np.float64),  # as SyncVectorEnv gives them
            ended,
            np.zeros(self.num_envs, np.bool_),
            infos,
        )

    def _observations(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.batch.observations.copy(),
            "action_mask": self.batch.action_masks.copy(),
        }


def make(
    name: str | AnyRuleset, *, render_mode: str | None = None, **options: Any
) -> TablefeastEnv:
    """One learner at a table of opponents, as a `gymnasium.Env` (module docs).

    Args:
        name: the game's name.
        render_mode: None or ``"ansi"``.
        **options: `VectorGame`'s options (``players``, ``opponents``, ``seat``, ``reward``,
            ``illegal``, ``engine``...) and the game's `Config` options.

    Examples:
        >>> env = make("mausgeflippt", players=3, opponents="heuristic", seat=1)
        >>> _, info = env.reset(seed=7)
        >>> info["seat"]
        1
    """
    return TablefeastEnv(name, render_mode=render_mode, **options)


def make_vec(name: str | AnyRuleset, num_envs: int, **options: Any) -> TablefeastVectorEnv:
    """`num_envs` learners' tables stepped together, as a `gymnasium.vector.VectorEnv` (module
    docs).

    Args:
        name: the game's name.
        num_envs: how many tables.
        **options: as for `make`.

    Examples:
        >>> envs = make_vec("schlacht_am_buffet", 4, players=4, reward="score_difference")
        >>> envs.single_action_space, envs.metadata["autoreset_mode"].value
        (Discrete(70), 'SameStep')
    """
    return TablefeastVectorEnv(name, num_envs, **options)
