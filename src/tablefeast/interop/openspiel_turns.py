"""The four games as turn-based OpenSpiel games, and an agent that searches with OpenSpiel's ISMCTS.

`tablefeast.interop.openspiel` registers each game as a *simultaneous* game. Many of OpenSpiel's
algorithms want a *sequential* one, and ``pyspiel.convert_to_turn_based`` gives that but loses
``resample_from_infostate``, which OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) needs. This module registers a second,
turn-based form of every game, ``tablefeast_turns_<name>`` (same parameters), built directly on
the engine, which already takes simultaneous commitments one seat at a time:

- **Who acts**: the first seat of ``actors(state)`` (chance: OpenSpiel's chance player; nobody:
  terminal). Each seat's commitment is one turn, hidden from the others by their views.
- **Legal actions, chance outcomes, action ids and strings, returns**: as in the simultaneous
  form (the game's integer ids, exact probabilities as floats, win shares), without a no-op.
  Schlacht am Buffet's exchange is factored as there (`tablefeast.interop.encoding`): the
  exchanging seat takes one turn per card it discards (``discard v``) and one more, ``done``,
  which applies the game's atomic `Exchange`; its game has 70 ids, not 168,018.
- **Information state**: ``"seat:step:digest"``, the digest a SHA-256 chain over the seat's
  views, one per step (a view's part is the SHA-256 of its JSON, remembered by view, so a view
  seen before costs a lookup): equal strings exactly when the seat has seen the same views
  (up to a hash collision), so it has perfect recall and hides the others' face-down
  commitments. It is worked out only when asked for. Observation strings and tensors show what
  the view shows (the tensor written from the state by the game's `observation_tensor_of`, and
  in Schlacht am Buffet the chooser's pending discard); the information-state tensor is the
  present view's, as in the simultaneous form.
- **resample_from_infostate** draws a state with `determinize` (a pending discard is kept for
  its chooser, and drawn again, as many cards from the hand dealt, for anyone else). The sample
  has a past of its own: it keeps the seat's information state (and its step count), but not
  the history that led to the original (its ``history()`` is empty), and the others' chains
  start at the sample, from what the seat knows: it depends on nothing the seat cannot see. (It
  serializes faithfully all the same: OpenSpiel serializes a Python state with its
  attributes.)

`OpenSpielISMCTSAgent` is one of our search agents that plays with OpenSpiel's ``ISMCTSBot``.

Examples:
    >>> import pyspiel
    >>> import tablefeast.interop.openspiel_turns  # registers the turn-based games
    >>> game = pyspiel.load_game("tablefeast_turns_food_chain(players=3)")
    >>> state = game.new_initial_state()
    >>> state.current_player(), state.legal_actions()
    (0, [0, 1, 2, 3, 4])
    >>> state.apply_action(3)  # seat 0 plays a Dog, face down
    >>> state.current_player(), state.information_state_string(1)[:4]
    (1, '1:1:')
"""

from __future__ import annotations

import hashlib
import json
import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]
except ImportError as e:  # a clear word on what to install, not a bare ModuleNotFoundError
    raise ImportError(
        f'{__name__} needs the openspiel extra: pip install "tablefeast[openspiel]" ({e})'
    ) from e

import tablefeast
from tablefeast.interop import openspiel as simultaneous
from tablefeast.interop.core_encoding import on_core
from tablefeast.interop.encoding import Discard, Encoding, encoding_for
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import GameOverError, InvalidActionError
from tablefeast.kernel.limits import JSON
from tablefeast.kernel.play import Turn
from tablefeast.kernel.ruleset import AnyRuleset, Ruleset

__all__ = ["PREFIX", "OpenSpielISMCTSAgent", "State", "game_for", "register", "short_name"]

PREFIX = "tablefeast_turns_"
"""What the turn-based OpenSpiel short names start with: ``tablefeast_turns_``, then the game's
name."""
_MEMO_LIMIT = 1 << 14
"""How many view digests, and action ids, a game remembers before it starts afresh."""
_TUPLE_LIMIT = 1 << 9
"""How many tuples of actions a game remembers by identity before it starts afresh: the ones
that come back (a deck's cards) are few, and the many others are garbage to the collector."""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")


def _holds(ids: list[int], action_id: object) -> bool:
    """Whether the ascending `ids` hold `action_id`."""
    if type(action_id) is not int:
        return False
    at = bisect_left(ids, action_id)
    return at < len(ids) and ids[at] == action_id


def short_name(name: str) -> str:
    """The OpenSpiel short name of a tablefeast game's turn-based form.

    Args:
        name: the tablefeast name of the game.

    Examples:
        >>> short_name("food_chain")
        'tablefeast_turns_food_chain'
    """
    return PREFIX + name


def _game_type(name: str, ruleset: AnyRuleset) -> pyspiel.GameType:
    return simultaneous._game_type(
        name, ruleset, pyspiel.GameType.Dynamics.SEQUENTIAL, registered_as=short_name(name)
    )


class _Tables:
    """What one game remembers to save work, each entry exact: the digest of every view seen and
    the id of every action seen (found by equality), and the ids of every tuple of actions seen
    (found by identity: the games hand out the same tuple for, say, a deck's cards again and
    again; the table holds it, so that its identity is never reused). Bounded: a full table
    starts afresh."""

    __slots__ = ("ids", "tuples", "views")

    def __init__(self) -> None:
        self.views: dict[object, bytes] = {}
        self.ids: dict[object, int] = {}
        self.tuples: dict[int, _Sorted] = {}


class _Sorted:
    """A tuple of actions, and the same sorted by id: their ids, and where each came from."""

    __slots__ = ("actions", "hits", "ids", "order", "original", "unsorted")

    def __init__(self, original: tuple[object, ...], ids: list[int]) -> None:
        self.original = original  # held, so that its identity is not reused
        self.unsorted = ids  # the id of each, in their order
        self.order = sorted(range(len(ids)), key=ids.__getitem__)
        self.ids = [ids[k] for k in self.order]
        self.actions = [original[k] for k in self.order]
        self.hits = 0  # how often it came back


class _Context:
    """What every step of one game shares: the rules, their encoding, the seat that leads a
    simultaneous step (None: the first seat) and the game's tables. Never copied (a clone shares
    it)."""

    __slots__ = ("config", "core", "encoding", "lead", "ruleset", "tables")

    def __init__(self, ruleset: AnyRuleset, config: Any, lead: int | None, tables: _Tables) -> None:
        self.ruleset = ruleset
        self.config = config
        self.encoding: Encoding = encoding_for(ruleset, config)
        self.core = on_core(self.encoding)  # the hot path on the native core, where it is
        self.lead = lead
        self.tables = tables

    def __deepcopy__(self, memo: dict[int, object]) -> _Context:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        engine = getattr(self.ruleset, "engine", "pure")
        return _Context.load, (self.ruleset.NAME, self.config, self.lead, engine)

    @staticmethod
    def load(name: str, config: Any, lead: int | None, engine: str = "pure") -> _Context:
        """The context of game `name` on `engine` (a pickled one comes back with empty
        tables)."""
        return _Context(tablefeast.load(name, engine=engine), config, lead, _Tables())

    def view_digest(self, view: object) -> bytes:
        """SHA-256 of the view's JSON, remembered by view (equal views, one digest)."""
        views = self.tables.views
        known = views.get(view)
        if known is None:
            if len(views) >= _MEMO_LIMIT:
                views.clear()
            known = views[view] = hashlib.sha256(tablefeast.dumps(view).encode()).digest()
        return known

    def sort(self, actions: tuple[object, ...]) -> _Sorted:
        """`actions` sorted by id."""
        tables = self.tables
        known = tables.tuples.get(id(actions))
        if known is not None and known.original is actions:
            known.hits += 1
            return known
        ids = self.tables.ids
        to_id = self.encoding.to_id
        config = self.config
        found = []
        for action in actions:
            i = ids.get(action)
            if i is None:
                if len(ids) >= _MEMO_LIMIT:
                    ids.clear()
                i = ids[action] = to_id(action, config)
            found.append(i)
        if len(tables.tuples) >= _TUPLE_LIMIT:  # keep the ones that came back, if not too many
            kept = {k: v for k, v in list(tables.tuples.items()) if v.hits}
            tables.tuples = kept if len(kept) < _TUPLE_LIMIT // 2 else {}
            for entry in tables.tuples.values():
                entry.hits = 0
        known = tables.tuples[id(actions)] = _Sorted(actions, found)
        return known


class _Step:
    """One step of a game: our immutable state, the cards chosen so far for a factored exchange
    (``pending``), the step before, who acts, and what was worked out once (each seat's digest,
    the legal ids). A cloned OpenSpiel state shares it with its original (no copying)."""

    __slots__ = (
        "actions",
        "base",
        "context",
        "depth",
        "digests",
        "ids",
        "inner",
        "pending",
        "player",
        "previous",
        "probabilities",
        "tensors",
        "views",
    )

    def __init__(
        self,
        context: _Context,
        inner: object,
        previous: _Step | None,
        depth: int,
        base: bytes,
        *,
        pending: tuple[int, ...] = (),
    ) -> None:
        self.context = context
        self.inner = inner
        self.pending = pending
        self.previous = previous
        self.depth = depth
        self.base = base  # where the chains of a step without a previous one start
        # Worked out when first asked (few steps ever are: the garbage collector's work grows
        # with every container a step holds).
        self.digests: dict[int | None, bytes] | None = None
        self.ids: list[int] | None = None  # legal ids (chance: outcome ids), ascending
        self.actions: Sequence[object] = ()  # the action of each id
        self.probabilities: Sequence[float] = ()  # at a chance node, of each id
        # each viewer's view and tensor (`simultaneous.seen_view`), while the newest step
        self.views: dict[int | None, object] | None = None
        self.tensors: dict[int | None, simultaneous.Parts] | None = None
        acting = context.ruleset.actors(inner)
        if not acting:
            self.player = _TERMINAL
        elif acting[0] == CHANCE:
            self.player = _CHANCE
        else:
            lead = context.lead
            self.player = lead if lead is not None and lead in acting else acting[0]

    @property
    def encoding(self) -> Encoding:
        """The game's encoding (its context's)."""
        return self.context.encoding

    def legal(self) -> list[int]:
        """The ids of the legal actions (at a chance node, of the outcomes), ascending."""
        if self.ids is None:
            context = self.context
            if self.player == _CHANCE:
                dist = context.ruleset.chance_distribution(self.inner)
                weights, total = dist.weights, dist.total
                ordered = context.sort(dist.support)
                if all(weights):
                    self.actions = ordered.actions
                    ids = ordered.ids
                    kept = ordered.order
                else:
                    kept = [k for k in ordered.order if weights[k]]
                    support, unsorted = ordered.original, ordered.unsorted
                    self.actions = [support[k] for k in kept]
                    ids = [unsorted[k] for k in kept]
                # the float nearest to the exact probability, as float(Fraction) is
                self.probabilities = [weights[k] / total for k in kept]
                self.ids = ids  # last: another thread may be reading
            elif self.player == _TERMINAL:
                self.ids = []
            elif context.core is not None:  # ids from the core's mask; actions when asked
                self.actions = ()
                self.ids = context.core.legal_ids(self.inner, self.player, self.pending)
            elif context.encoding.factored and context.encoding.chooser(self.inner) is not None:
                ids, self.actions = context.encoding.legal(self.inner, self.player, self.pending)
                self.ids = ids  # last: another thread may be reading
            else:
                ordered = context.sort(context.ruleset.legal_actions(self.inner, self.player))
                self.actions = ordered.actions
                self.ids = ordered.ids  # last: another thread may be reading
        return self.ids

    def action(self, action_id: int) -> object:
        """Our action (or chance outcome) with this id, for the acting seat."""
        ids = self.legal()
        at = bisect_left(ids, action_id)
        if at < len(ids) and ids[at] == action_id and self.actions:
            return self.actions[at]
        seat = CHANCE if self.player == _CHANCE else self.player
        return self.context.encoding.from_id(self.inner, seat, action_id)  # not legal, or on a core

    def __deepcopy__(self, memo: dict[int, object]) -> _Step:
        return self  # our states are immutable values

    def __reduce__(self) -> tuple[object, ...]:
        # The steps from the first one as a flat tuple: pickling the chain as it is would
        # recurse once per step, deeper than Python allows in a long game.
        inners = []
        step = self
        while step.previous is not None:
            inners.append((step.inner, step.pending))
            step = step.previous
        inners.append((step.inner, step.pending))
        first = (step.context, step.depth, step.base, step.digests)
        return _Step.load, (first, tuple(reversed(inners)))

    @staticmethod
    def load(
        first: tuple[_Context, int, bytes, dict[int | None, bytes] | None],
        inners: tuple[tuple[object, tuple[int, ...]], ...],
    ) -> _Step:
        """The last of the steps through `inners` (each a state and its pending discard), the
        first of which is described by `first` (context, depth, base and digests)."""
        context, depth, base, digests = first
        step = _Step(context, inners[0][0], None, depth, base, pending=inners[0][1])
        step.digests = digests
        for inner, pending in inners[1:]:
            step = _Step(context, inner, step, step.depth + 1, b"", pending=pending)
        return step

    def digest(self, seat: int | None) -> bytes:
        """The seat's views from the first step to this one, chained by SHA-256."""
        known = self.digests
        if known is not None and seat in known:
            return known[seat]
        pending = [self]
        step = self.previous
        chained = b""
        while step is not None:
            if step.digests is not None and seat in step.digests:
                chained = step.digests[seat]  # the chain goes on from the seat's last digest
                break
            pending.append(step)
            step = step.previous
        if step is None:
            chained = pending[-1].base
        context = self.context
        ruleset = context.ruleset
        for step in reversed(pending):
            # the present step's view is likely asked for again (its tensor, its string)
            if step is self:
                seen = simultaneous.seen_view(step, ruleset, seat)
            else:
                seen = ruleset.view(step.inner, seat)
            part = context.view_digest(seen)
            mark = context.encoding.mark(step.inner, step.pending, seat)
            if mark:  # what the seat knows beyond its view: the cards it chose to discard
                part = hashlib.sha256(part + mark.encode()).digest()
            chained = hashlib.sha256(chained + part).digest()
            if step.digests is None:
                step.digests = {}
            step.digests[seat] = chained
        return chained


def _params_of(ruleset: Ruleset[S, A, C, V], config: C) -> dict[str, JSON]:
    """The game parameters that describe `config`, as far as parameters can (a custom card
    list cannot be written back as a file: it is left out, and the config says it)."""
    spec = simultaneous._parameter_spec(ruleset)
    defaults = simultaneous._defaults(ruleset)
    params: dict[str, JSON] = {}
    for key, value in json.loads(tablefeast.dumps(config)).items():
        if spec.get(key, "") != "":
            params[key] = value
        elif value == defaults.get(key) or key not in spec:
            continue
        elif isinstance(value, str):
            params[key] = value
        elif isinstance(value, list) and all(type(item) is int for item in value):
            params[key] = ":".join(map(str, value))
    return params


def _make_game_class(name: str, ruleset: AnyRuleset, game_type: pyspiel.GameType) -> type:
    class Game(simultaneous._SpielGame):
        """A tablefeast game seen by OpenSpiel as a turn-based game."""

        def __init__(
            self,
            params: Mapping[str, object] | None = None,
            config: Any = None,  # the game's Config, or None for the one `params` describe
            engine: str = "auto",
        ) -> None:
            given: dict[str, object] = dict(params or {})
            if config is None:
                config = simultaneous.config_from_params(ruleset, given)
            else:
                given = dict(_params_of(ruleset, config))
                if engine != "auto":
                    given[simultaneous.ENGINE] = engine
            self.ruleset = simultaneous.ruleset_from_params(name, given)
            self.tablefeast_name = name
            self.config = config
            self.encoding = encoding_for(self.ruleset, config)
            count = self.encoding.size
            info = pyspiel.GameInfo(
                num_distinct_actions=count,
                max_chance_outcomes=count,
                num_players=config.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=simultaneous.MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, simultaneous._parameter_spec(ruleset) | given)
            self.tables = _Tables()
            self.first = self.step_of(self.ruleset.initial_state(config))

        def step_of(self, inner: object, lead: int | None = None) -> _Step:
            """A first step at `inner` (a state of this game, on either engine), with no past;
            `lead`, when one of the seats that commit together, commits first (else the first
            of them does)."""
            game: Any = self.ruleset
            if game is not ruleset and type(inner) is getattr(ruleset, "State", None):
                # the pure engine's state
                inner = game.from_pure(inner)  # on the core, checked as it comes in
            context = _Context(game, self.config, lead, self.tables)
            return _Step(context, inner, None, 0, b"")

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(
            self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
        ) -> Observer:
            return Observer(self, iig_obs_type, params)

    Game.__name__ = Game.__qualname__ = f"TablefeastTurnsGame_{name}"
    return Game


class State(simultaneous._SpielState):
    """An OpenSpiel state of a turn-based game, wrapping one of our immutable states.

    Examples:
        >>> game = game_for(tablefeast.load("food_chain"), tablefeast.load("food_chain").Config(3))
        >>> state = game.new_initial_state()
        >>> state.apply_action(1)  # seat 0: play bird
        >>> state.inner.commitments
        (1, None, None)
    """

    def __init__(self, game: Any, step: _Step | None = None) -> None:
        super().__init__(game)
        self._step: _Step = game.first if step is None else step

    @property
    def inner(self) -> Any:
        """Our state of the game (the whole truth: keep it away from players)."""
        return self._step.inner

    def information_key(self, seat: int | None) -> str:
        """The information-state string of `seat` (None: the public one), ``seat:step:digest``.

        Args:
            seat: the seat, or None for what a spectator knows.
        """
        step = self._step
        return f"{seat}:{step.depth}:{step.digest(seat).hex()}"

    # -- who acts
    def current_player(self) -> int:
        return self._step.player

    def _legal_actions(self, player: int) -> list[int]:
        return self._step.legal()  # OpenSpiel asks for the acting seat only

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of `player` (None: the acting seat), ascending; at a chance
        node, the outcomes' ids. (OpenSpiel's own answer, without its round trips.)"""
        step = self._step
        if step.player == _TERMINAL:
            return []
        if step.player == _CHANCE or player is None or player == step.player:
            return list(step.legal())
        return list(super().legal_actions(player))  # nothing, or OpenSpiel's refusal

    def is_chance_node(self) -> bool:
        """Whether chance acts now. (OpenSpiel's own answer, without its round trips.)"""
        return self._step.player == _CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        step = self._step
        if step.player != _CHANCE:
            step.context.ruleset.chance_outcomes(step.inner)  # says why not
            return []
        return list(zip(step.legal(), step.probabilities, strict=True))

    # -- moves
    def _apply_action(self, action: int) -> None:
        step = self._step
        context = step.context
        seat = CHANCE if step.player == _CHANCE else step.player
        if seat == _TERMINAL:
            raise GameOverError("the game is over: no one acts")
        pending: tuple[int, ...] = ()
        core = context.core
        if core is not None and seat != CHANCE and _holds(step.legal(), action):
            inner, pending = core.act(step.inner, seat, step.pending, action)
        elif context.encoding.factored and seat != CHANCE:
            inner, pending = context.encoding.advance(
                step.inner, seat, step.pending, step.action(action)
            )
        else:
            inner = context.ruleset.apply_action(step.inner, seat, step.action(action))
        self._step = _Step(context, inner, step, step.depth + 1, b"", pending=pending)
        simultaneous.forget_sights(step)

    def _apply_actions(self, actions: list[int]) -> None:
        raise InvalidActionError(
            "a turn-based game takes one action at a time: apply_action (the simultaneous form, "
            "tablefeast_<game>, takes apply_actions)"
        )

    def _action_to_string(self, player: int, action: int) -> str:
        step = self._step
        encoding = step.context.encoding
        seat = CHANCE if player == _CHANCE else player
        return encoding.describe(encoding.from_id(step.inner, seat, action), step.pending)

    # -- observations, without OpenSpiel's round trips (each would ask for a new initial state
    # and a view twice: once to learn the tensor's size)
    def _seat(self, player: int | None) -> int | None:
        """`player` (None: the current player) when it is a seat; else None, and OpenSpiel
        answers (it refuses a chance or terminal player, or no seat)."""
        if player is None:
            player = self._step.player
        if type(player) is int and 0 <= player < self._step.context.config.players:
            return player
        return None

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation tensor (OpenSpiel's answer: the tensor of its view)."""
        seat = self._seat(player)
        if seat is None:
            return list(super().observation_tensor(*(() if player is None else (player,))))
        step = self._step
        return simultaneous._floats(simultaneous.seen_tensor(step, step.context.encoding, seat))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information-state tensor: the tensor of its present view."""
        seat = self._seat(player)
        if seat is None:
            args = () if player is None else (player,)
            return list(super().information_state_tensor(*args))
        step = self._step
        return simultaneous._floats(simultaneous.seen_tensor(step, step.context.encoding, seat))

    def observation_string(self, player: int | None = None) -> str:
        """The seat's observation string: its view, rendered."""
        seat = self._seat(player)
        if seat is None:
            return str(super().observation_string(*(() if player is None else (player,))))
        step = self._step
        return simultaneous._render_seen(step, step.context.ruleset, seat)

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's information-state string, ``seat:step:digest`` (see `information_key`)."""
        seat = self._seat(player)
        if seat is None:
            args = () if player is None else (player,)
            return str(super().information_state_string(*args))
        return self.information_key(seat)

    # -- the end
    def is_terminal(self) -> bool:
        return self._step.player == _TERMINAL

    def returns(self) -> list[float]:
        inner = self.inner
        players = inner.config.players
        if self._step.player != _TERMINAL:
            return [0.0] * players
        winners = self._step.context.ruleset.winners(inner)
        if not winners:
            return [0.0] * players
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> State:
        """A state `player_id` cannot tell from this one, drawn with `determinize`.

        It keeps the seat's information state and view, and depends on nothing else: its
        history is empty and the other seats' information states start anew at the sample.

        Args:
            player_id: the seat whose information is kept.
            probability_sampler: a function returning floats in [0, 1) (OpenSpiel's sampler,
                or ``random.Random(seed).random``); it seeds the draw.

        Examples:
            >>> game = pyspiel.load_game("tablefeast_turns_food_chain(players=3)")
            >>> state = game.new_initial_state()
            >>> state.apply_action(3)  # seat 0 plays a Dog
            >>> sample = state.resample_from_infostate(1, random.Random(0).random)
            >>> sample.inner.commitments  # seat 1 cannot know which animal it was
            (4, None, None)
            >>> sample.information_state_string(1) == state.information_state_string(1)
            True
        """
        step = self._step
        context = step.context
        rng = random.Random(int(probability_sampler() * 2**53))
        inner = context.ruleset.determinize(step.inner, player_id, rng)
        pending = context.encoding.resample(inner, player_id, step.pending, rng)
        known = step.digest(player_id)
        base = hashlib.sha256(f"resampled for {player_id}:".encode() + known).digest()
        root = _Step(context, inner, None, step.depth, base, pending=pending)
        root.digests = {player_id: known}
        return State(self.get_game(), root)

    def __str__(self) -> str:
        ruleset = self._step.context.ruleset
        return simultaneous._render(ruleset, ruleset.view(self._step.inner, None))


class Observer(simultaneous.Observer):
    """Observations built from views: the simultaneous form's, with this form's information
    states (see the module docs)."""

    def string_from(self, state: State, player: int) -> str:
        if self._perfect_recall:
            return state.information_key(self._viewer(player))
        return super().string_from(state, player)


_GAMES: dict[str, type] = {}
_BY_CONFIG: dict[tuple[str, str, object], Any] = {}
_GAME_LIMIT = 64
"""How many games built from configs `game_for` keeps (agents ask for the same few)."""


def game_for(ruleset: AnyRuleset, config: object) -> Any:
    """The turn-based OpenSpiel game of `ruleset` under `config` (any config, card lists
    included; the game's parameters name as much of it as parameters can).

    Args:
        ruleset: the game module, or its native ruleset (the game is then on the core).
        config: its Config.

    Examples:
        >>> fc = tablefeast.load("food_chain")
        >>> game = game_for(fc, fc.Config(players=3, stars=(1, 1, 1, 1, 1)))
        >>> str(game)  # on the engine of the ruleset given: here the pure one
        'tablefeast_turns_food_chain(engine=pure,first_alpha=0,players=3,stars=1:1:1:1:1)'
        >>> game.get_type().dynamics
        <Dynamics.SEQUENTIAL: 1>
    """
    register()
    engine = getattr(ruleset, "engine", "pure")  # the engine `ruleset` is on, kept
    key = (ruleset.NAME, engine, config)
    game = _BY_CONFIG.get(key)
    if game is None:
        if len(_BY_CONFIG) >= _GAME_LIMIT:
            _BY_CONFIG.clear()
        game = _BY_CONFIG[key] = _GAMES[ruleset.NAME](config=config, engine=engine)
    return game


def register() -> None:
    """Register the turn-based form of every game with pyspiel (done on import; repeating is
    harmless).

    Examples:
        >>> register()
        >>> short_name("mausgeflippt") in pyspiel.registered_names()
        True
    """
    registered = set(pyspiel.registered_names())
    for name in tablefeast.names():
        if name in _GAMES and short_name(name) in registered:
            continue
        ruleset = tablefeast.load(name)
        game_type = _game_type(name, ruleset)
        _GAMES[name] = _make_game_class(name, ruleset, game_type)
        if short_name(name) not in registered:
            pyspiel.register_game(game_type, _GAMES[name])


# ---------------------------------------------------------------- the agent


def _check_iterations(_: object, attribute: object, value: object) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(
            f"OpenSpielISMCTSAgent.iterations must be an int of at least 1, got {value!r}"
        )


def _check_exploration(_: object, attribute: object, value: Any) -> None:
    if type(value) not in (int, float) or not value >= 0:
        raise ValueError(f"OpenSpielISMCTSAgent.exploration must be at least 0, got {value!r}")


@attrs.frozen
class OpenSpielISMCTSAgent:
    """A search agent that plays with OpenSpiel's ``ISMCTSBot`` on the turn-based form.

    It never sees the true state: it starts from a state drawn from its view
    (`Turn.sample_state`), with no past, and the bot's every sample is drawn from that by
    `determinize`; its own seat leads each simultaneous step of the search. Rollouts are random
    (``RandomRolloutEvaluator``); the seeds come from the agent's generator, so a choice is
    reproducible. Build it by name with `tablefeast.agents.make_agent`:
    ``tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:100`` (or ``...:100,1.0``).

    Attributes:
        iterations: the bot's simulations per decision (``max_simulations``).
        exploration: the UCT constant (``uct_c``).

    Examples:
        >>> from tablefeast import RandomAgent, play_game
        >>> fc = tablefeast.load("food_chain")
        >>> agents = [OpenSpielISMCTSAgent(iterations=3), RandomAgent(), RandomAgent()]
        >>> fc.is_terminal(play_game(fc, fc.Config(players=3), agents, seed=1).state)
        True
    """

    iterations: int = attrs.field(default=100, validator=_check_iterations)
    exploration: float = attrs.field(default=0.7, validator=_check_exploration)

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The bot's choice among ``turn.legal``.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the agent's generator: it seeds the sample, the bot and its rollouts.

        Examples:
            >>> fc = tablefeast.load("food_chain")
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> OpenSpielISMCTSAgent(iterations=10).choose(turn, random.Random(0)) in turn.legal
            True
        """
        game = turn.game
        sample = turn.sample_state(rng)
        config = sample.config
        spiel_game = game_for(game, config)
        root = State(spiel_game, spiel_game.step_of(sample, lead=turn.seat))
        bot = ismcts.ISMCTSBot(
            spiel_game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.getrandbits(32))),
            uct_c=self.exploration,
            max_simulations=self.iterations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
        )
        resampling = random.Random(rng.getrandbits(64))
        bot.set_resampler(
            lambda state, seat: state.resample_from_infostate(seat, resampling.random)
        )
        # A factored decision (a Schlacht am Buffet exchange) is a search per card, then done.
        encoding = spiel_game.encoding
        decision = root._step.action(int(bot.step(root)))
        while isinstance(decision, Discard):
            root.apply_action(encoding.to_id(decision, config))
            decision = root._step.action(int(bot.step(root)))
        chosen = encoding.atomic(decision, root._step.pending)
        return next(action for action in turn.legal if action == chosen)


register()
