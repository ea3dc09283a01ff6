"""Many games of one ruleset stepped together, for learning code (issue 46; extra ``gymnasium``).

`VectorGame` holds `num_envs` games and steps them all in one call, writing what a learner needs
into NumPy arrays it owns and reuses: each env's observation tensor (float32, the acting seat's,
as `observation_tensor(view)` gives it) and legal-action mask (int8, one entry per action id),
the rewards, and which episodes ended. Two forms:

- **single learner** (``opponents="random"``, ``"heuristic"``, or any agent): the learner plays
  one seat per env (``seat=``: one for all, or one per env); the other seats are played by the
  opponent between the learner's steps, as `tablefeast.play_game` plays them (each seat's
  generator `agent_rng(seed, seat)`);
- **self-play** (``opponents=None``): every decision comes out of the batch; `seats` says which
  seat acts in each env, and `rewards` has a column per seat.

Play goes as in `tablefeast.play_game`: chance from ``random.Random(seed)``, then whichever seat
is first in `actors` (at a simultaneous step the seats commit in seat order; the result never
depends on the order). An env's episode is therefore exactly the game the pure engine plays from
its seed and its moves: `record(i)` gives them, and replaying it gives the same states (a test
replays thousands). Env ``i``'s generators are seeded ``seed + i`` (as Gymnasium seeds vector
envs), so its first episode is the game `play_game` plays from that seed; an episode that ends
starts the next at once (autoreset) on the same generators, drawing on where the last one
stopped (seeding five generators again would cost more than the episode's whole play in the
native core), so that a seeded batch is reproducible however long it runs.

Action ids are the adapters' (`tablefeast.interop.encoding`): the game's own, except Schlacht am
Buffet's exchange, decided card by card (``discard v``, then ``done``). The learner never gets a
step where it has nothing to decide; there is no no-op.

Rewards come at the end of an episode (zero before): with ``reward="result"`` each winner gets
1 / (number of winners), everyone else 0; with ``reward="score_difference"`` each seat gets its
score less the best score of the others (positive only for a sole best score; scores are higher
the better in every game).

Where the game's native core is built (``engine="auto"``, the default, or ``"native"``), the
core steps every env in one call (`tablefeast.interop.vector_native`) for random and heuristic
opponents and self-play; elsewhere, and for any other opponent, the games are played in Python
here, env by env: the reference the native batch is checked against, array for array. Only the
Python loop keeps each episode's record.

Examples:
    >>> from tablefeast.interop.vector import VectorGame
    >>> batch = VectorGame("food_chain", 4, players=3, seed=1)
    >>> batch.observations.shape, batch.action_masks.shape
    ((4, 111), (4, 12))
    >>> actions = batch.action_masks.argmax(axis=1)  # each env's first legal id
    >>> batch.step(actions)
    >>> batch.rewards.shape, bool(batch.terminated.any())
    ((4,), False)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any, Protocol

try:
    import numpy as np
except ImportError as e:  # a clear word on what to install
    raise ImportError(f'{__name__} needs NumPy: pip install "tablefeast[gymnasium]" ({e})') from e

import tablefeast
from tablefeast import native
from tablefeast.interop.encoding import Discard, Encoding, encoding_for
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import ConfigError, IllegalActionError, InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.play import Observer, RandomAgent, agent_rng, decision
from tablefeast.kernel.record import Record, record_of
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.kernel.tensor import float32_bytes

__all__ = ["ANY_SEAT", "MAX_ENVS", "REWARDS", "VectorGame"]

ANY_SEAT = -2
"""A learner seat that stands for every seat (self-play), as the native batch reads it."""

MAX_ENVS = 1 << 20
"""The most envs one batch holds (a million: its arrays stay within a few GB)."""

REWARDS = ("result", "score_difference")
"""The rewards a batch can give (module docs)."""

_SEED_LIMIT = 1 << 64  # seeds are whole numbers below this (Gymnasium's own bound is 2**32)


def _is_int(value: object) -> bool:
    """Whether `value` is an int or a NumPy integer, not a bool."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


class _Episode:
    """One env's game under way: the true state (private), the pending discard of a factored
    decision, the env's generators, the moves so far, and what a search opponent was shown."""

    __slots__ = ("chance", "moves", "observer", "pending", "rngs", "state")

    def __init__(
        self, game: AnyRuleset, config: object, rngs: list[random.Random], watch: bool
    ) -> None:
        self.state: Any = game.initial_state(config)
        self.pending: tuple[int, ...] = ()
        self.chance, *self.rngs = rngs
        self.moves: list[tuple[int, object]] = []
        self.observer = Observer(game) if watch else None


class VectorGame:
    """`num_envs` games of one ruleset, stepped together (module docs).

    Args:
        name: the game's name (or its ruleset, a plug-in's too).
        num_envs: how many games, 1 to `MAX_ENVS`.
        players: the number of seats.
        opponents: ``"random"``, ``"heuristic"`` (or any name `tablefeast.agents.make_agent`
            takes), an agent object, or None for self-play.
        seat: the learner's seat in every env, or one seat per env (single learner only).
        reward: one of `REWARDS`.
        seed: the generators' seed (env ``i``'s are seeded ``seed + i``); None draws one.
        autoreset: start the next episode as soon as one ends (else the env waits for
            `reset`).
        illegal: what an id its env's mask does not allow does: ``"raise"`` (IllegalActionError,
            nothing changes) or ``"lose"`` (the episode ends there, the seat that sent it gets
            `illegal_reward` and the others 0; `illegal` marks the env).
        illegal_reward: the reward of an illegal id with ``illegal="lose"``.
        engine: ``"auto"`` (the native core where this install built it, else the pure
            engine), ``"pure"`` or ``"native"``: the same games either way.
        factored: decide Schlacht am Buffet's exchange card by card (the adapters' ids).
        **options: the game's `Config` options.

    Attributes:
        observations: float32 ``(num_envs, observation_size)``: the acting seat's tensor.
        action_masks: int8 ``(num_envs, num_actions)``: 1 for each legal id.
        seats: int64 ``(num_envs,)``: the seat that acts next in each env.
        rewards: float32 ``(num_envs,)`` (the learner's) or ``(num_envs, players)`` in
            self-play: what the last step earned.
        terminated: bool ``(num_envs,)``: whether the last step ended the env's episode.
        episode_returns: float32 like `rewards`: the last ended episode's reward per env.
        episode_lengths: int64 ``(num_envs,)``: the learner's steps in it.
        episodes: int64 ``(num_envs,)``: how many episodes each env has ended.
        learners: int64 ``(num_envs,)``: each env's learner seat (`ANY_SEAT` in self-play).
        final_observations: float32 like `observations`: the last acting seat's observation
            of the state its episode ended in, for the envs the last step ended (others
            untouched).
        final_seats: int64 ``(num_envs,)``: that seat.
        illegal: bool ``(num_envs,)``: whether the last step ended the env's episode for an
            illegal id (``illegal="lose"``).

    Raises:
        ConfigError: a bad argument (the game's own errors for its options).
    """

    def __init__(
        self,
        name: str | AnyRuleset,
        num_envs: int,
        *,
        players: int = 4,
        opponents: Any = "random",
        seat: int | Sequence[int] = 0,
        reward: str = "result",
        seed: int | None = None,
        autoreset: bool = True,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        engine: str = "auto",
        factored: bool = True,
        **options: Any,
    ) -> None:
        if not _is_int(num_envs) or not 1 <= num_envs <= MAX_ENVS:
            raise ConfigError(
                f"num_envs must be a whole number from 1 to {MAX_ENVS}, got {shown(num_envs)}"
            )
        if illegal not in ("raise", "lose"):
            raise ConfigError(f"illegal must be 'raise' or 'lose', got {shown(illegal)}")
        if reward not in REWARDS:
            raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, got {shown(reward)}")
        if engine == "auto" and isinstance(name, str):
            engine = "native" if name in native.NATIVE_GAMES and native.available(name) else "pure"
        game = tablefeast.load(name, engine=engine) if isinstance(name, str) else name
        self.game: AnyRuleset = game
        self.config = game.Config(players=players, **options)
        self.num_envs = int(num_envs)
        self.players: int = self.config.players
        self.reward = reward
        self.autoreset = bool(autoreset)
        self.lose_on_illegal = illegal == "lose"
        self.illegal_reward = float(illegal_reward)
        self.self_play = opponents is None
        self.opponent = None if opponents is None else _agent(opponents)
        self.opponent_name: str | None = opponents if isinstance(opponents, str) else None
        self.encoding: Encoding = encoding_for(game, self.config, factored)
        size_of, _ = game.CAPABILITIES.observations()
        self.observation_size: int = size_of(self.config) + self.encoding.extra
        self.num_actions: int = self.encoding.size
        if self.self_play and not (_is_int(seat) and seat == 0):
            raise ConfigError("seat= chooses the learner's seat; in self-play every seat learns")
        self.learners = np.array(
            [ANY_SEAT] * self.num_envs if self.self_play else self._learner_seats(seat), np.int64
        )
        shape = (self.num_envs, self.players) if self.self_play else (self.num_envs,)
        self.observations = np.zeros((self.num_envs, self.observation_size), np.float32)
        self.action_masks = np.zeros((self.num_envs, self.num_actions), np.int8)
        self.seats = np.zeros(self.num_envs, np.int64)
        self.rewards = np.zeros(shape, np.float32)
        self.terminated = np.zeros(self.num_envs, np.bool_)
        self.episode_returns = np.zeros(shape, np.float32)
        self.episode_lengths = np.zeros(self.num_envs, np.int64)
        self.episodes = np.zeros(self.num_envs, np.int64)
        self.final_observations = np.zeros_like(self.observations)
        self.final_seats = np.zeros(self.num_envs, np.int64)
        self.illegal = np.zeros(self.num_envs, np.bool_)
        self._steps = np.zeros(self.num_envs, np.int64)
        self._every_env = np.arange(self.num_envs)
        self._runner: _Runner = _runner_for(self)
        self._begun = False
        self.reset(seed)

    # -- the learner's side
    def reset(self, seed: int | None = None, envs: Sequence[int] | None = None) -> None:
        """Start new episodes, each played to its first decision; the arrays hold their
        observations and masks. With a seed, env ``i``'s generators are seeded ``seed + i``
        afresh; without one, each env goes on with its generators as autoreset does (the first
        reset draws a seed from the system).

        Args:
            seed: the seed of env 0's generators, or None.
            envs: which envs to restart (all by default).

        Raises:
            ConfigError: a seed that is not a whole number from 0 to 2**64 - 1, or an env index
                out of range; nothing changes.
        """
        if seed is not None and (not _is_int(seed) or not 0 <= seed < _SEED_LIMIT):
            raise ConfigError(f"a seed is a whole number from 0 to 2**64 - 1, got {shown(seed)}")
        chosen = list(range(self.num_envs)) if envs is None else self._env_indices(envs)
        if seed is None and not self._begun:
            seed = secrets.randbelow(_SEED_LIMIT)
        seeds: list[int | None] = [
            None if seed is None else (int(seed) + i) % _SEED_LIMIT for i in chosen
        ]
        self._begun = True
        self.rewards[chosen] = 0
        self.terminated[chosen] = False
        self._start(chosen, seeds)

    def step(self, actions: Any) -> None:
        """Each env's acting seat takes its action id, then the game plays on (chance, the
        opponents) to the seat's next decision; an episode that ends is scored and, with
        autoreset, the next one starts. The arrays then hold the new observations and masks,
        the rewards and which episodes ended.

        Args:
            actions: one action id per env (a sequence or a NumPy integer array).

        Raises:
            InvalidActionError: not one whole number per env, or an id out of range.
            IllegalActionError: an id its env's mask does not allow (or an env that waits for
                `reset`); nothing changes, in any env.
        """
        ids, allowed = self._checked(actions)
        self.rewards[:] = 0
        self.terminated[:] = False
        self.illegal[:] = False
        if allowed.all():
            moving, forfeits = self._every_env, []
        else:
            moving = np.flatnonzero(allowed)
            forfeits = [self._forfeit(i) for i in np.flatnonzero(~allowed).tolist()]
        self._steps[moving] += 1
        ended = [self._end(i) for i in self._runner.step(moving, ids[moving])]
        if self.autoreset and (forfeits or ended):
            self._start(forfeits + ended, [None] * (len(forfeits) + len(ended)))

    def record(self, env: int) -> Record:
        """The moves of env `env`'s episode so far, chance's included, as a `Record` (replayed
        by `tablefeast.kernel.record.replay` on any engine). Kept where the games are played
        in Python; the native batch keeps none.

        Args:
            env: the env's index.

        Raises:
            ConfigError: no such env, or no records kept.
        """
        (i,) = self._env_indices([env])
        moves = self._runner.moves(i, ended=False)
        assert moves is not None  # an episode is always under way
        return record_of(self.game, self.config, moves)

    def ended_record(self, env: int) -> Record | None:
        """The record of env `env`'s last ended episode (None before one ends): its moves from
        its first state to its end, replayed by `tablefeast.kernel.record.replay`.

        Args:
            env: the env's index.

        Raises:
            ConfigError: no such env, or no records kept (the native batch).
        """
        (i,) = self._env_indices([env])
        moves = self._runner.moves(i, ended=True)
        return None if moves is None else record_of(self.game, self.config, moves)

    def seed(self, env: int) -> int:
        """The seed env `env`'s generators were last seeded with (its first episode since is
        `play_game`'s game from that seed; the next ones draw on from the same generators).

        Args:
            env: the env's index.
        """
        (i,) = self._env_indices([env])
        return self._runner.seed(i)

    def state(self, env: int) -> object:
        """Env `env`'s true state, every hidden card in it, as the pure engine holds it: for
        tests and tools, never for a learner's observation.

        Args:
            env: the env's index.
        """
        (i,) = self._env_indices([env])
        state = self._runner.state(i)
        return self.game.to_pure(state) if hasattr(self.game, "to_pure") else state

    # -- the episodes' ends
    def _forfeit(self, i: int) -> int:
        """Env `i`'s acting seat sent an illegal id (``illegal="lose"``): its episode ends."""
        earned = [0.0] * self.players
        earned[int(self.seats[i])] = self.illegal_reward
        self.illegal[i] = True
        return self._end(i, earned)

    def _end(self, i: int, earned: list[float] | None = None) -> int:
        """Env `i`'s episode ended: its final observation, its reward and statistics (the
        caller starts the next, with autoreset); `i` again."""
        runner = self._runner
        if earned is None:
            earned = self._earned(runner.state(i))
        seat = int(self.seats[i])
        runner.final_row(i, seat, self.final_observations[i])  # as the last seat to act saw it
        self.observations[i] = self.final_observations[i]
        self.action_masks[i] = 0
        self.final_seats[i] = seat
        self.rewards[i] = earned if self.self_play else earned[int(self.learners[i])]
        self.episode_returns[i] = self.rewards[i]
        self.episode_lengths[i] = self._steps[i]
        self.episodes[i] += 1
        self.terminated[i] = True
        runner.close(i)
        return i

    def _start(self, envs: list[int], seeds: list[int | None]) -> None:
        """New episodes in `envs`: on generators seeded afresh, or (None) on the env's own."""
        while envs:
            self._steps[envs] = 0
            ended = [self._end(i) for i in self._runner.start(envs, seeds)]
            if not self.autoreset:  # a game over before anyone decided waits for reset too
                return
            envs, seeds = ended, [None] * len(ended)

    def _earned(self, state: object) -> list[float]:
        if self.reward == "result":
            winners = self.game.winners(state)
            return [1 / len(winners) if s in winners else 0.0 for s in range(self.players)]
        scores = self.game.scores(state)
        return [
            float(scores[s] - max(scores[o] for o in range(self.players) if o != s))
            for s in range(self.players)
        ]

    # -- checks
    def _checked(self, actions: Any) -> tuple[np.ndarray, np.ndarray]:
        try:
            ids = np.asarray(actions)
        except (TypeError, ValueError) as e:
            raise InvalidActionError(f"actions must be one id per env: {str(e)[:200]}") from None
        if ids.shape != (self.num_envs,) or ids.dtype.kind not in "iu":
            raise InvalidActionError(
                f"actions must be {self.num_envs} whole numbers (one per env), got an array of "
                f"shape {ids.shape} and type {ids.dtype}"
            )
        outside = (ids < 0) | (ids >= self.num_actions)
        if outside.any():
            i = int(np.argmax(outside))
            raise InvalidActionError(
                f"env {i}: action id {int(ids[i])} is not from 0 to {self.num_actions - 1}"
            )
        allowed = self.action_masks[np.arange(self.num_envs), ids].astype(np.bool_)
        waiting = ~self.action_masks.any(axis=1)
        if waiting.any():
            i = int(np.argmax(waiting))
            raise IllegalActionError(f"env {i}: its episode is over; reset starts another")
        if not allowed.all() and not self.lose_on_illegal:
            i = int(np.argmin(allowed))
            raise IllegalActionError(
                f"env {i}: action id {int(ids[i])} is not legal for seat {int(self.seats[i])} now"
            )
        return ids.astype(np.int64, copy=False), allowed

    def _learner_seats(self, seat: Any) -> list[int]:
        seats = [seat] * self.num_envs if _is_int(seat) else seat
        try:
            chosen = list(seats)
        except TypeError:
            raise ConfigError(
                f"seat must be a seat or one seat per env, got {shown(seat)}"
            ) from None
        if len(chosen) != self.num_envs or not all(
            _is_int(s) and 0 <= s < self.players for s in chosen
        ):
            raise ConfigError(
                f"seat must be a seat from 0 to {self.players - 1}, or one per env "
                f"({self.num_envs}), got {shown(seat)}"
            )
        return [int(s) for s in chosen]

    def _env_indices(self, envs: Sequence[int]) -> list[int]:
        chosen = list(envs)
        for i in chosen:
            if not _is_int(i) or not 0 <= i < self.num_envs:
                raise ConfigError(f"no env {shown(i)} in a batch of {self.num_envs}")
        return [int(i) for i in chosen]


class _Runner(Protocol):
    """What plays a batch's games: in Python (`_PythonGames`), or in the native core
    (`tablefeast.interop.vector_native.NativeGames`). It writes the rows of the envs it starts
    and steps into the batch's arrays, and reports the envs whose games ended; `VectorGame`
    scores those and starts them again."""

    def start(self, envs: list[int], seeds: list[int | None]) -> list[int]: ...
    def step(self, envs: np.ndarray, ids: np.ndarray) -> list[int]: ...
    def final_row(self, i: int, seat: int, out: np.ndarray) -> None: ...
    def close(self, i: int) -> None: ...
    def seed(self, i: int) -> int: ...
    def state(self, i: int) -> object: ...
    def moves(self, i: int, ended: bool) -> list[tuple[int, object]] | None: ...


def _runner_for(batch: VectorGame) -> _Runner:
    """The native core's batch where it can play these games (a native ruleset whose core has
    one, opponents it plays itself), else the Python loop."""
    if getattr(batch.game, "engine", None) == "native":
        from tablefeast.interop.vector_native import native_games

        native = native_games(batch)
        if native is not None:
            return native
    return _PythonGames(batch)


class _PythonGames:
    """The batch's games played in Python, env by env: any ruleset, any opponent; each
    episode's moves kept, for its record."""

    def __init__(self, batch: VectorGame) -> None:
        self.batch = batch
        self.game = batch.game
        self.encoding = batch.encoding
        self._watch = hasattr(batch.opponent, "choose")  # a search agent reads what was shown
        self._learners: list[int] = batch.learners.tolist()
        self._envs: list[_Episode | None] = [None] * batch.num_envs
        self._ended: list[_Episode | None] = [None] * batch.num_envs  # each env's last episode
        self._ids: dict[object, int] = {}
        self._seeds = [0] * batch.num_envs
        self._rngs: list[list[random.Random]] = [[] for _ in range(batch.num_envs)]

    def start(self, envs: list[int], seeds: list[int | None]) -> list[int]:
        ended = []
        for i, seed in zip(envs, seeds, strict=True):
            if seed is not None:
                self._seeds[i] = seed
                self._rngs[i] = generators(seed, self.batch.players)
            episode = _Episode(self.game, self.batch.config, self._rngs[i], self._watch)
            self._envs[i] = episode
            if self._play_on(i, episode):
                ended.append(i)
        return ended

    def step(self, envs: np.ndarray, ids: np.ndarray) -> list[int]:
        ended = []
        seats = self.batch.seats
        for i, action_id in zip(envs.tolist(), ids.tolist(), strict=True):
            episode = self._episode(i)
            seat = int(seats[i])
            encoding = self.encoding
            action = encoding.from_id(episode.state, seat, action_id)
            before, pending = episode.state, episode.pending
            episode.state, episode.pending = encoding.advance(before, seat, pending, action)
            if not isinstance(action, Discard):  # a card chosen for an exchange is no move yet
                self._note(episode, before, seat, encoding.atomic(action, pending))
            if self._play_on(i, episode):
                ended.append(i)
        return ended

    def final_row(self, i: int, seat: int, out: np.ndarray) -> None:
        episode = self._episode(i)
        out[:] = self._tensor(episode, seat)

    def close(self, i: int) -> None:
        self._ended[i] = self._envs[i]

    def seed(self, i: int) -> int:
        return self._seeds[i]

    def state(self, i: int) -> object:
        return self._episode(i).state

    def moves(self, i: int, ended: bool) -> list[tuple[int, object]] | None:
        episode = self._ended[i] if ended else self._episode(i)
        return None if episode is None else episode.moves

    def _episode(self, i: int) -> _Episode:
        episode = self._envs[i]
        assert episode is not None, "every env is started by VectorGame.__init__"
        return episode

    def _note(self, episode: _Episode, before: object, seat: int, move: object) -> None:
        episode.moves.append((seat, move))
        if episode.observer is not None:
            episode.observer.note(before, seat, move, episode.state)

    def _play_on(self, i: int, episode: _Episode) -> bool:
        """Chance and the opponents play until a learner's seat decides (its row written) or
        the game ends (True)."""
        game, batch = self.game, self.batch
        while True:
            if episode.pending:  # a factored decision under way: its chooser goes on
                self._observe(i, episode, int(batch.seats[i]))
                return False
            acting = game.actors(episode.state)
            if not acting:
                return True
            seat = acting[0]
            if seat == CHANCE:
                move = game.chance_distribution(episode.state).sample(episode.chance)
            elif batch.self_play or seat == self._learners[i]:
                self._observe(i, episode, seat)
                return False
            else:
                observer = episode.observer
                seen = observer.shown(seat) if observer is not None else ()
                move = decision(game, episode.state, seat, batch.opponent, seen)(episode.rngs[seat])
            before = episode.state
            episode.state = game.apply_action(before, seat, move)
            self._note(episode, before, seat, move)

    def _observe(self, i: int, episode: _Episode, seat: int) -> None:
        """Write env `i`'s row: `seat`'s observation tensor and its legal ids."""
        batch = self.batch
        batch.seats[i] = seat
        batch.observations[i] = self._tensor(episode, seat)
        encoding, state = self.encoding, episode.state
        mask = batch.action_masks[i]
        mask[:] = 0
        if encoding.factored and encoding.chooser(state) == seat:
            mask[encoding.legal(state, seat, episode.pending)[0]] = 1
        else:
            mask[self._legal_ids(self.game.legal_actions(state, seat))] = 1

    def _tensor(self, episode: _Episode, seat: int) -> np.ndarray:
        game_part, tail = self.encoding.tensor_parts(episode.state, episode.pending, seat)
        packed = (
            float32_bytes(game_part) + float32_bytes(tail) if tail else float32_bytes(game_part)
        )
        return np.frombuffer(packed, np.float32)

    def _legal_ids(self, legal: tuple[object, ...]) -> list[int]:
        ids, to_id, config = self._ids, self.encoding.to_id, self.batch.config
        found = []
        for action in legal:
            number = ids.get(action)
            if number is None:
                if len(ids) >= 1 << 17:
                    ids.clear()
                number = ids[action] = to_id(action, config)
            found.append(number)
        return found


def generators(seed: int, players: int) -> list[random.Random]:
    """An env's generators from `seed`, as `play_game` makes them: chance's, then each seat's.

    Args:
        seed: the seed.
        players: the number of seats.
    """
    return [random.Random(seed), *(agent_rng(seed, seat) for seat in range(players))]


def _agent(opponents: Any) -> Any:
    """The opponents' agent: one named (`make_agent`), or the agent object given."""
    if isinstance(opponents, str):
        if opponents == "random":
            return RandomAgent()
        from tablefeast.agents import make_agent  # agents sit beside interop, loaded on demand

        return make_agent(opponents)
    if hasattr(opponents, "act") or hasattr(opponents, "choose"):
        return opponents
    raise ConfigError(f"opponents must be an agent, its name, or None, got {shown(opponents)}")
