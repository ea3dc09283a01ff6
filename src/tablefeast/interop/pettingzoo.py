"""The four games as PettingZoo environments (extra ``pettingzoo``).

`parallel_env(name, **options)` is a `pettingzoo.ParallelEnv`: at every step each live agent
sends an action id; the seats that act now use theirs, the others send the no-op (their action
mask allows only it). `env(name, **options)` is the same game as an AEC environment: only the
seats that act take turns, one after another (the seats that commit together, in seat order), and
an agent's observation is built when asked for.

- Agents are ``"player_0"`` ... ``"player_{n-1}"``; options are the game's `Config` options.
- Actions are the game's integer ids (`action_to_id`), plus the no-op, the last id
  (``env.noop``): ``Discrete(env.noop + 1)``. In Schlacht am Buffet an exchange is factored
  (`tablefeast.interop.encoding`): the exchanging seat sends one ``discard v`` per card (11
  ids), then ``done``, which applies the game's atomic `Exchange` with the cards chosen; the
  environment holds the cards chosen so far. So its ids are 70 and the no-op 70, not 168,018:
  an action mask holds 71 values, not 168,019, and a step that builds one costs a few
  microseconds, not hundreds.
- Observations are dicts: ``"observation"``, the game's observation tensor of the agent's view
  (float32, written straight from the state by the game's `observation_tensor_of`; in Schlacht am
  Buffet followed by the pending discard, 11 counts, the exchanging seat's own and zeros for the
  others), and ``"action_mask"`` (int8, 1 for each legal id).
- Chance is resolved inside, with a `random.Random` seeded by ``reset(seed=...)``: equal seeds and
  actions give equal episodes; an unseeded ``reset()`` goes on with the same generator.
- Rewards come at the end: each winner gets 1 / (number of winners), everyone else 0.
- The state lives on the game's native core where this install built it (``engine="auto"``,
  the default; `tablefeast.interop.core_encoding`): masks, moves, chance and the agents'
  observation tensors are the core's, the episodes the same as the pure engine's
  (``engine="pure"``) from the same seeds and actions; refusals and their words stay the pure
  engine's.

Examples:
    >>> from tablefeast.interop.pettingzoo import parallel_env
    >>> env = parallel_env("food_chain", players=3)
    >>> observations, infos = env.reset(seed=1)
    >>> sorted(observations) == env.agents, bool(observations["player_0"]["action_mask"].any())
    (True, True)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as e:  # a clear word on what to install, not a bare ModuleNotFoundError
    raise ImportError(
        f'{__name__} needs the pettingzoo extra: pip install "tablefeast[pettingzoo]" ({e})'
    ) from e

import tablefeast
from tablefeast.interop.core_encoding import on_core
from tablefeast.interop.encoding import Encoding, encoding_for
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidSeatError,
)
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import apply_joint
from tablefeast.kernel.tensor import float32_bytes

__all__ = ["TablefeastAECEnv", "TablefeastParallelEnv", "env", "parallel_env"]

_IDS_LIMIT = 1 << 17  # action ids remembered per environment (a few MB at most)

if TYPE_CHECKING:

    class _ParallelBase:
        """PettingZoo's ``ParallelEnv`` as mypy sees it (PettingZoo ships no types): the
        environment defines everything it uses."""

    class _AECBase:
        """PettingZoo's ``AECEnv`` as mypy sees it: the bookkeeping of rewards and dead steps
        the environment calls (PettingZoo ships no types)."""

        def _was_dead_step(self, action: object) -> None: ...
        def _clear_rewards(self) -> None: ...
        def _accumulate_rewards(self) -> None: ...

else:
    _ParallelBase, _AECBase = ParallelEnv, AECEnv


def _is_int(value: object) -> bool:
    """Whether `value` is an int or a NumPy integer, not a bool (True is no action id or seed)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


class _TablefeastEnv:
    """What both environments share: the game, the spaces, the true state and its chance, how a
    seat observes, and the check of the action an acting seat sends."""

    _PARALLELIZABLE = True  # PettingZoo's metadata: whether aec_to_parallel may convert it

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        *,
        factored: bool = True,
        engine: str = "auto",
        **options: object,
    ) -> None:
        self.game = tablefeast.load(name, engine=engine)
        self.config = self.game.Config(**options)
        self.encoding: Encoding = encoding_for(self.game, self.config, factored)
        if engine == "auto" and hasattr(self.game, "engine") and not self.encoding.on_core:
            # The game's own ids of an exchange (factored=False): the core writes the factored
            # ones only, and the rules' functions run faster on the pure engine's states.
            self.game = tablefeast.load(name)
            self.encoding = encoding_for(self.game, self.config, factored)
        self.engine: str = getattr(self.game, "engine", "pure")
        """Where the game runs: ``"native"`` (its core) or ``"pure"``."""
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"tablefeast_{name}",
            "is_parallelizable": self._PARALLELIZABLE,
        }
        self.render_mode = render_mode
        self.noop: int = self.encoding.size
        self._core = on_core(self.encoding)  # the hot path on the native core, where it is
        self.possible_agents = [f"player_{seat}" for seat in range(self.config.players)]
        self.agents: list[str] = []
        size_of, _ = self.game.CAPABILITIES.observations()
        size = size_of(self.config) + self.encoding.extra
        observation = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.noop + 1,), dtype=np.int8),
            }
        )
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {
            agent: spaces.Discrete(self.noop + 1) for agent in self.possible_agents
        }
        self._state: Any = None  # the true state: private, it holds every hidden card
        self._pending: tuple[int, ...] = ()  # the cards chosen so far for a factored exchange
        self.state_space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
        self._rng: random.Random | None = None  # seeded by the first reset
        self._action_ids: dict[object, int] = {}  # see `_ids`

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observations of `agent`: a dict of the ``"observation"`` tensor (float32) and the
        ``"action_mask"`` (int8, one entry per action id, the no-op included).

        Args:
            agent: the agent's name, ``"player_0"`` to ``"player_{n-1}"``.

        Examples:
            >>> space = parallel_env("food_chain", players=3).observation_space("player_0")
            >>> sorted(space), space["observation"].shape, space["action_mask"].shape
            (['action_mask', 'observation'], (111,), (13,))
        """
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The actions of `agent`: the game's action ids and the no-op, the last id.

        Args:
            agent: the agent's name, ``"player_0"`` to ``"player_{n-1}"``.

        Examples:
            >>> parallel_env("food_chain", players=3).action_space("player_0")
            Discrete(13)
        """
        return self._action_spaces[agent]

    # -- the game
    def _start(self, seed: Any) -> None:
        """A new episode: the chance generator reseeded by `seed` (None: it goes on), the first
        state with its chance resolved, every agent in."""
        if seed is not None and not _is_int(seed):
            raise ConfigError(f"reset(seed=...) takes an int or None, got {shown(seed)}")
        if seed is not None or self._rng is None:
            self._rng = random.Random(None if seed is None else int(seed))
        self._state = self.game.initial_state(self.config)
        self._pending = ()
        self._resolve_chance()
        self.agents = list(self.possible_agents)

    def _running(self) -> None:
        """Refuse to go on before the first `reset`."""
        if self._state is None:
            raise GameOverError("no episode is running: reset() starts one")

    def _resolve_chance(self) -> None:
        if self._core is not None:  # the same draws, in the core
            assert self._rng is not None, "reset() comes first"
            self._state = self._core.chance(self._state, self._rng)
            return
        while self.game.actors(self._state) == (CHANCE,):
            assert self._rng is not None, "reset() comes first"
            outcome = self.game.chance_distribution(self._state).sample(self._rng)
            self._state = self.game.apply_action(self._state, CHANCE, outcome)

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        state, encoding = self._state, self.encoding
        core = self._core
        if core is not None:  # written by the core into fresh arrays of the caller's own
            allowed = np.zeros(self.noop + 1, np.int8)
            observation, count = core.observe(state, self._pending, seat, allowed)
            if not count:
                allowed[self.noop] = 1
            return {"observation": observation, "action_mask": allowed}
        # The mask set at the legal ids of zeroed bytes, then read as int8 (the caller's own,
        # writable array): cheaper than indexing a NumPy array with a list. A seat that does not
        # act has no legal id: the no-op alone.
        if encoding.factored and encoding.chooser(state) == seat:
            ids = encoding.legal(state, seat, self._pending)[0]
        else:
            legal = self.game.legal_actions(state, seat)
            ids = self._ids(legal) if legal else [self.noop]
        mask = bytearray(self.noop + 1)
        for i in ids:
            mask[i] = 1
        # written from the state (no view built), as the view would show it
        game, tail = encoding.tensor_parts(state, self._pending, seat)
        packed = float32_bytes(game) + float32_bytes(tail) if tail else float32_bytes(game)
        # packed, then read as float32 (several times faster than converting float by float);
        # copied, so that each observation is the caller's own, writable array
        observation = np.frombuffer(packed, np.float32).copy()
        return {"observation": observation, "action_mask": np.frombuffer(mask, np.int8)}

    def _ids(self, legal: tuple[object, ...]) -> list[int]:
        # Ids remembered by action (a function of the action and the config alone, the same for
        # every seat): a dict lookup is cheaper than the game's encoding.
        ids = self._action_ids
        try:
            return [ids[action] for action in legal]
        except KeyError:  # an action not seen yet: its id from the encoding, once
            pass
        if len(ids) >= _IDS_LIMIT:
            ids.clear()
        to_id, config = self.encoding.to_id, self.config
        found = []
        for action in legal:
            i = ids.get(action)
            if i is None:
                i = ids[action] = to_id(action, config)
            found.append(i)
        return found

    def _advance(self, seat: int, action: Any) -> None:
        """`seat` takes `action` (legal: checked before; on a core, its id), then chance plays
        on."""
        advance = self.encoding.advance if self._core is None else self._core.act
        self._state, self._pending = advance(self._state, seat, self._pending, action)
        self._resolve_chance()

    def _why_not_sent(self, seat: int, sent: Any) -> tuple[str | None, Any]:
        """Why the action id `sent` by `seat`, which must act now, is not legal (None when it is),
        and the action it names (on a core, a legal id itself: the core applies it)."""
        core = self._core
        if core is not None and (type(sent) is int or isinstance(sent, np.integer)):
            action_id = int(sent)  # an int subclass (whose int() may fail) goes the long way
            if core.allows(self._state, seat, self._pending, action_id):
                return None, action_id
        agent = self.possible_agents[seat]
        if sent is None:
            return f"{agent} must act now and sent no action", None
        if not _is_int(sent):
            return f"{agent} sent {shown(sent)}: an action is an int id", None
        try:
            action_id = int(sent)
        except Exception:  # an int subclass whose __int__ fails: still junk, said as such
            return f"{agent} sent {shown(sent)}: an action is an int id", None
        if action_id == self.noop:
            return f"{agent} must act now: the no-op is not legal for it", None
        try:
            action = self.encoding.from_id(self._state, seat, action_id)
            reason = self.encoding.why_not(self._state, seat, self._pending, action)
        except (IllegalActionError, ValueError) as e:
            return str(e), None
        return reason, action

    def state(self) -> np.ndarray:
        """The global state PettingZoo asks for: the spectator's observation tensor (only public
        information: a global state with hidden cards would let a learner cheat).

        Examples:
            >>> env = parallel_env("food_chain", players=3)
            >>> _ = env.reset(seed=1)
            >>> env.state().shape, env.state().dtype
            ((111,), dtype('float32'))
        """
        self._running()
        return np.asarray(self.encoding.tensor(self._state, self._pending, None), np.float32)

    def render(self) -> str | None:
        """The spectator's view as text (render mode ``"ansi"``).

        Examples:
            >>> env = parallel_env("food_chain", players=3, render_mode="ansi")
            >>> _ = env.reset(seed=1)
            >>> env.render().splitlines()[0]
            'Round 1 of 3 · pass 1 of 9 · Alpha: seat 0 · centre: (empty)'
        """
        if self.render_mode != "ansi" or self._state is None:
            return None
        render = self.game.CAPABILITIES.render or repr
        return str(render(self.game.view(self._state, None)))

    def close(self) -> None:
        """Nothing to release.

        Examples:
            >>> env = parallel_env("food_chain", players=3)
            >>> env.close()
        """


class TablefeastParallelEnv(_TablefeastEnv, _ParallelBase):
    """One tablefeast game as a PettingZoo parallel environment.

    Args:
        name: the game's name, one of `tablefeast.names()`.
        render_mode: ``"ansi"`` for `render` to return text, or None.
        factored: as for `parallel_env`.
        engine: as for `parallel_env`.
        **options: the game's `Config` options (``players=3``, ...).

    Examples:
        >>> env = TablefeastParallelEnv("food_chain", players=3)
        >>> env.possible_agents, env.noop
        (['player_0', 'player_1', 'player_2'], 12)
    """

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        observe = self._observe
        return {agent: observe(seat) for seat, agent in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a game. A `seed` restarts the chance generator; without one, chance goes on
        from where the previous episode left it (fresh entropy before the first reset), as
        Gymnasium environments do, so that seeding once makes a whole run repeatable.

        Args:
            seed: the chance generator's new seed, or None to keep the current generator.
            options: ignored (PettingZoo's signature); the game's options are set at construction.

        Raises:
            ConfigError: `seed` is neither an int (a NumPy integer too) nor None.

        Returns:
            ``(observations, infos)``, each a dict by agent.

        Examples:
            >>> env = parallel_env("food_chain", players=3)
            >>> observations, infos = env.reset(seed=1)
            >>> env.agents, int(observations["player_0"]["action_mask"].sum())  # 5 legal Plays
            (['player_0', 'player_1', 'player_2'], 5)
        """
        self._start(seed)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """Apply the acting seats' actions (whatever the other seats send is ignored: their only
        legal action is the no-op).

        An acting seat that sends no action, the no-op or an illegal action ends the episode:
        it gets reward -1, the others 0, and its info says why (as PettingZoo's classic games
        do with illegal moves).

        Args:
            actions: each agent's action id, by agent name.

        Raises:
            GameOverError: no episode is running (before `reset`, or after the last one ended).
            InvalidActionError: `actions` is not a dict.

        Returns:
            ``(observations, rewards, terminations, truncations, infos)``, each a dict by agent.

        Examples:
            >>> env = parallel_env("food_chain", players=3)
            >>> _ = env.reset(seed=1)
            >>> rewards, terminations = env.step(dict.fromkeys(env.agents, 3))[1:3]  # Dogs
            >>> rewards["player_0"], terminations["player_0"], env.agents == env.possible_agents
            (0.0, False, True)
        """
        self._running()
        if not self.agents:
            raise GameOverError("the episode is over: reset() starts the next")
        if not isinstance(actions, dict):
            raise InvalidActionError(
                f"step takes a dict of each agent's action id, got {shown(actions)}"
            )
        joint = {}
        for seat in self.game.actors(self._state):
            agent = self.possible_agents[seat]
            reason, action = self._why_not_sent(seat, actions.get(agent))
            if reason is not None:
                return self._end(rewards={agent: -1.0}, infos={agent: {"illegal_action": reason}})
            joint[seat] = action
        if self.encoding.factored and self.encoding.chooser(self._state) is not None:
            # a factored exchange: its seat alone acts (SAB-7), one card (or done) at a time
            ((seat, action),) = joint.items()
            self._advance(seat, action)
        elif self._core is not None:  # each commitment by its id, in seat order (`apply_joint`)
            for seat, action in joint.items():
                self._state = self._core.act(self._state, seat, (), action)[0]
            self._resolve_chance()
        else:
            self._state = apply_joint(self.game, self._state, joint)
            self._resolve_chance()
        if not self.game.is_terminal(self._state):
            return (
                self._observations(),
                dict.fromkeys(self.agents, 0.0),
                dict.fromkeys(self.agents, False),
                dict.fromkeys(self.agents, False),
                {agent: {} for agent in self.agents},
            )
        winners = self.game.winners(self._state)
        return self._end(rewards={f"player_{s}": 1.0 / len(winners) for s in winners}, infos={})

    def _end(
        self, rewards: dict[str, float], infos: dict[str, dict[str, str]]
    ) -> tuple[dict[str, Any], ...]:
        agents = self.agents
        self.agents = []
        return (
            self._observations(),
            {agent: rewards.get(agent, 0.0) for agent in agents},
            dict.fromkeys(agents, True),
            dict.fromkeys(agents, False),
            {agent: infos.get(agent, {}) for agent in agents},
        )


class TablefeastAECEnv(_TablefeastEnv, _AECBase):
    """One tablefeast game as a PettingZoo AEC environment: the seats that act take turns.

    `agent_selection` is always a seat that acts now: the one seat that decides alone (a Food
    Chain take, an exchange), or, where seats commit together, the first of them still to commit
    (each commitment stays hidden from the others' views until the last one reveals them all). A
    seat that does not act gets no turn, so no agent ever sends the no-op. Chance is resolved
    inside, as in the parallel environment, and an agent's observation is built only when asked
    for (`observe`, `last`).

    Args:
        name: the game's name, one of `tablefeast.names()`.
        render_mode: ``"ansi"`` for `render` to return text, or None.
        factored: as for `parallel_env`.
        engine: as for `parallel_env`.
        **options: the game's `Config` options (``players=3``, ...).

    Examples:
        >>> aec = TablefeastAECEnv("food_chain", players=3)
        >>> aec.reset(seed=0)
        >>> aec.agent_selection, aec.metadata["is_parallelizable"]
        ('player_0', False)
    """

    _PARALLELIZABLE = False  # agents do not all act in every cycle

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        *,
        factored: bool = True,
        engine: str = "auto",
        **options: Any,
    ) -> None:
        super().__init__(name, render_mode, factored=factored, engine=engine, **options)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agent_selection = ""
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game; seeding works as in `TablefeastParallelEnv.reset`.

        Args:
            seed: the chance generator's new seed, or None to keep the current generator.
            options: ignored (PettingZoo's signature); the game's options are set at construction.

        Raises:
            ConfigError: `seed` is neither an int (a NumPy integer too) nor None.

        Examples:
            >>> aec = env("food_chain", players=3)
            >>> aec.reset(seed=1)
            >>> aec.agents, aec.agent_selection, aec.rewards["player_2"]
            (['player_0', 'player_1', 'player_2'], 'player_0', 0.0)
        """
        self._start(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None  # PettingZoo's dead-step bookkeeping, from any last game
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What `agent` observes now: its view's tensor and its action mask (the no-op alone when
        its seat does not act), each a fresh array of the caller's own.

        Args:
            agent: the agent's name, ``"player_0"`` to ``"player_{n-1}"``.

        Examples:
            >>> aec = env("food_chain", players=3)
            >>> aec.reset(seed=1)
            >>> int(aec.observe("player_2")["action_mask"].sum())  # 5 Plays to choose from
            5
        """
        self._running()
        seat = self._seats.get(agent)
        if seat is None:
            raise InvalidSeatError(f"{shown(agent)} is not an agent of this game")
        return self._observe(seat)

    def step(self, action: Any) -> None:
        """The selected agent's action id (None for an agent whose game is over, as PettingZoo's
        AEC loop sends). An illegal id, the no-op or None from an agent that must act ends the
        episode: it gets reward -1, the others 0, and its info says why.

        Args:
            action: the action id of `agent_selection`.

        Examples:
            >>> aec = env("food_chain", players=3)
            >>> aec.reset(seed=1)
            >>> aec.step(3)  # seat 0: play dog
            >>> aec.agent_selection  # seat 1 commits next; seat 0's Dog stays hidden from it
            'player_1'
            >>> aec.step(aec.noop)
            >>> aec.rewards["player_1"], aec.infos["player_1"]["illegal_action"][:31]
            (-1.0, 'player_1 must act now: the no-o')
        """
        agent = self.agent_selection
        if agent not in self.terminations:
            raise GameOverError("no agent is left to act: reset() starts an episode")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        if not self._took_on_core(seat, action):
            reason, chosen = self._why_not_sent(seat, action)
            if reason is not None:
                self._finish({agent: -1.0}, {agent: {"illegal_action": reason}})
                return
            self._advance(seat, chosen)
        if self.game.is_terminal(self._state):
            winners = self.game.winners(self._state)
            self._finish({self.possible_agents[s]: 1.0 / len(winners) for s in winners}, {})
            return
        self._clear_rewards()
        self._select()

    def _took_on_core(self, seat: int, action: Any) -> bool:
        """Whether the core took `action` for `seat` (then chance played on): it checks an id
        as it applies it, in one call. False, and nothing changed, for anything it refuses (or
        off the core): the caller words the refusal."""
        core = self._core
        if core is None or not (type(action) is int or isinstance(action, np.integer)):
            return False
        try:
            self._state, self._pending = core.act(self._state, seat, self._pending, int(action))
        except IllegalActionError:
            return False
        self._resolve_chance()
        return True

    def _select(self) -> None:
        """The turn goes to the first seat that acts now (of those that commit together, the
        first still to commit)."""
        self.agent_selection = self.possible_agents[self.game.actors(self._state)[0]]

    def _finish(self, rewards: dict[str, float], infos: dict[str, dict[str, str]]) -> None:
        """The end of the episode: every agent terminated, with these rewards (others 0); each
        then steps with None once, and leaves."""
        self.rewards = {agent: rewards.get(agent, 0.0) for agent in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos.update(infos)
        self._accumulate_rewards()


def parallel_env(
    name: str, *, factored: bool = True, engine: str = "auto", **options: Any
) -> TablefeastParallelEnv:
    """The game `name` as a PettingZoo parallel environment (options: its `Config`).

    Args:
        name: the game's name, one of `tablefeast.names()`.
        factored: in a game with a decision of several cards at once (Schlacht am Buffet's
            exchange), one decision per card and done (`tablefeast.interop.encoding`); False
            keeps the game's own action ids, as a learner of the game's own moves needs.
        engine: ``"auto"`` (the game's native core where this install built it, else the pure
            engine), ``"native"`` or ``"pure"``: the same episodes from the same seeds and
            actions either way; on the core, masks, moves, chance and the agents' tensors
            never leave it.
        **options: the game's `Config` options (``players=3``, ...).

    Examples:
        >>> parallel_env("food_chain", players=4).possible_agents
        ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return TablefeastParallelEnv(name, factored=factored, engine=engine, **options)


def env(
    name: str, *, factored: bool = True, engine: str = "auto", **options: Any
) -> TablefeastAECEnv:
    """The game `name` as a PettingZoo AEC environment (options: its `Config`).

    Args:
        name: the game's name, one of `tablefeast.names()`.
        factored: in a game with a decision of several cards at once (Schlacht am Buffet's
            exchange), one decision per card and done (`tablefeast.interop.encoding`); False
            keeps the game's own action ids, as a learner of the game's own moves needs.
        engine: ``"auto"`` (the game's native core where this install built it, else the pure
            engine), ``"native"`` or ``"pure"``: the same episodes from the same seeds and
            actions either way; on the core, masks, moves, chance and the agents' tensors
            never leave it.
        **options: the game's `Config` options (``players=3``, ...).

    Examples:
        >>> aec = env("food_chain", players=3)
        >>> aec.reset(seed=1)
        >>> aec.agent_selection, aec.action_space("player_0")
        ('player_0', Discrete(13))
    """
    return TablefeastAECEnv(name, factored=factored, engine=engine, **options)
