"""The four games as OpenSpiel Python games (extra ``openspiel``).

Importing this module registers ``tablefeast_schlacht_am_buffet``, ``tablefeast_mausgeflippt``,
``tablefeast_food_chain`` and ``tablefeast_all_you_can_eat_buffet`` with pyspiel, so that
``pyspiel.load_game("tablefeast_food_chain(players=4)")`` works (and their turn-based forms,
``tablefeast_turns_...``: see `tablefeast.interop.openspiel_turns`). The game parameters are the
game's `Config` options: ints and texts as they are, tuples as text with ``:`` between the items
(``young_seats=1:3``), a custom card list as the path of its JSON file (``cards=my.json``).

The mapping:

- **Chance nodes** are OpenSpiel chance nodes with our exact probabilities (as floats).
- **Every other node is simultaneous**: the seats that act choose among their legal actions, and
  every other seat has a single no-op action (id `num_distinct_actions(config)`); a node where
  one seat acts alone is a simultaneous node with one real chooser.
- **Action ids** are the game's integer encoding (`action_to_id`), chance outcomes included;
  `action_to_string` is the game's notation (``"noop"`` for the no-op). Schlacht am Buffet's
  exchange is factored (`tablefeast.interop.encoding`): the exchanging seat decides one card at
  a time, ``discard v`` (11 ids), then ``done``, which applies the game's atomic `Exchange`
  with the cards chosen; the cards chosen so far are part of the adapter's state, shown to the
  chooser alone. Its ids are then 70 (plays, discards, done, chance), not 168,018: a small
  action space, and a step that reads a legal-action mask no longer pays for 168,019 entries.
- **Returns** are win shares: each winner gets 1 / (number of winners), everyone else 0.
- **Observations** show only what the seat's view shows: the observation string is the rendered
  view, the observation tensor the game's `observation_tensor_of` (the tensor of the view,
  written straight from the state: no view is built for it), in Schlacht am Buffet followed by
  the pending discard (11 counts, the chooser's own; zeros for everyone else). The
  information-state string is ``"seat:move:digest"``, a SHA-256 digest chained over the seat's
  views (their JSON, and the chooser's pending discard) from the start: equal exactly when the
  seat has seen the same things, so it has perfect recall. The information-state tensor is the
  tensor of the seat's present view: a function of the information state (equal strings give
  equal tensors), of a fixed size, but without perfect recall, since the games have no finite
  bound on their length to size a history by (a Schlacht am Buffet race can tie again and
  again). Public observations (no private information) use the spectator's view; observer
  types without public information are refused.
- `resample_from_infostate` uses `determinize`: a state consistent with the seat's current view.
  It keeps the original history (OpenSpiel's), so it is not meant to be serialized.

- **The engine** is a parameter of its own, ``engine``: ``auto`` (the default) plays on the
  game's native core where this install built it, ``pure`` on the pure engine, ``native`` on
  the core or not at all. The games are the same (ids, outcomes, strings, tensors, returns,
  refusals: tested step for step); on the core, legal ids, moves and the seats' observation
  tensors never leave it (`tablefeast.interop.core_encoding`), while views, strings and
  information states still go through the pure engine.

Parameters OpenSpiel's game-string parser reads as numbers must be written so that they are not:
a one-item list with a trailing colon (``young_seats=3:``), a whole probability as a fraction
(``tie_probability=1/1``); a card-list path may not contain ``,``, ``=`` or parentheses.

Examples:
    >>> import pyspiel
    >>> import tablefeast.interop.openspiel  # registers the games
    >>> game = pyspiel.load_game("tablefeast_food_chain(players=3)")
    >>> game.num_players(), game.new_initial_state().is_simultaneous_node()
    (3, True)
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import struct
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

try:
    import numpy as np
    import pyspiel
except ImportError as e:  # a clear word on what to install, not a bare ModuleNotFoundError
    raise ImportError(
        f'{__name__} needs the openspiel extra: pip install "tablefeast[openspiel]" ({e})'
    ) from e

import tablefeast
from tablefeast.interop.core_encoding import on_core
from tablefeast.interop.encoding import Encoding, encoding_for
from tablefeast.kernel.carddata import read_text
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
)
from tablefeast.kernel.limits import JSON, MAX_INT_DIGITS, parse_json, shown
from tablefeast.kernel.ruleset import AnyRuleset, Ruleset, apply_joint
from tablefeast.kernel.tensor import float32_bytes

__all__ = ["PREFIX", "config_from_params", "register", "short_name"]

PREFIX = "tablefeast_"
"""What the OpenSpiel short names start with: ``tablefeast_``, then the game's name."""
MAX_GAME_LENGTH = 100_000
"""The cap OpenSpiel asks for. Random games take a few hundred steps; Schlacht am Buffet has no
finite bound (its races can tie again and again), so this is a cap, not a bound."""
DEFAULT_PLAYERS = 4
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")

if TYPE_CHECKING:

    class _SpielGame:
        """What the adapters use of ``pyspiel.Game`` (pyspiel ships no types)."""

        def __init__(
            self, game_type: object, info: object, params: Mapping[str, object]
        ) -> None: ...

    class _SpielState:
        """What the adapters use of ``pyspiel.State`` (pyspiel ships no types)."""

        def __init__(self, game: object) -> None: ...
        def get_game(self) -> Any: ...  # the game class the adapter built (of either form)
        def apply_action(self, action: int) -> None: ...
        def legal_actions(self, player: int | None = None) -> list[int]: ...
        def observation_tensor(self, player: int | None = None) -> list[float]: ...
        def information_state_tensor(self, player: int | None = None) -> list[float]: ...
        def observation_string(self, player: int | None = None) -> str: ...
        def information_state_string(self, player: int | None = None) -> str: ...
        def move_number(self) -> int: ...
        def clone(self) -> Self: ...

else:
    _SpielGame, _SpielState = pyspiel.Game, pyspiel.State


class _AdaptedGame(Protocol):
    """What an adapter's OpenSpiel game (of either form) holds for its states and observers."""

    ruleset: AnyRuleset  # the game, on the engine its parameters chose
    config: Any  # the game's Config (the ruleset's, which is any game's)
    encoding: Encoding


class _SimultaneousGame(_AdaptedGame, Protocol):
    tablefeast_name: str
    noop: int


class _Sight(Protocol):
    """A step of either form's game, as the views and tensors remembered on it see it."""

    inner: object
    pending: tuple[int, ...]
    views: dict[int | None, object] | None
    tensors: dict[int | None, Parts] | None

    @property
    def encoding(self) -> Encoding: ...


def short_name(name: str) -> str:
    """The OpenSpiel short name of a tablefeast game.

    Args:
        name: the tablefeast name of the game.

    Examples:
        >>> short_name("food_chain")
        'tablefeast_food_chain'
    """
    return PREFIX + name


def _defaults(ruleset: AnyRuleset) -> dict[str, JSON]:
    config = ruleset.Config(players=DEFAULT_PLAYERS)
    return dict(json.loads(tablefeast.dumps(config)))


ENGINE = "engine"
"""The game parameter that chooses the engine (not a `Config` option): ``auto`` (the default:
the game's native core where this install built it, else the pure engine), ``pure`` or
``native``. The same games either way; on the core, legal ids, moves and the seats' observation
tensors never leave it (`tablefeast.interop.core_encoding`)."""


def _parameter_spec(ruleset: Ruleset[S, A, C, V]) -> dict[str, JSON]:
    # Each Config option with its JSON default: ints, bools and words as they are; anything
    # else as text, "" meaning the default (OpenSpiel reads "0" back as an int, so a number
    # written as text, such as a probability, must not default to one); and the engine.
    spec: dict[str, JSON] = {ENGINE: "auto"}
    for key, value in _defaults(ruleset).items():
        word = isinstance(value, str) and not value[:1].isdigit()
        spec[key] = value if isinstance(value, bool | int) or word else ""
    return spec


def config_from_params(ruleset: Ruleset[S, A, C, V], params: Mapping[str, object]) -> C:
    """The `Config` that OpenSpiel game parameters describe.

    Args:
        ruleset: the game module.
        params: `Config` options by name: ints and texts as they are, lists as text with ``:``
            between the items, a card list as its JSON file's path, ``""`` for the default.

    Raises:
        ConfigError: a parameter is not a valid option (the message names it); a ValueError.

    Examples:
        >>> config_from_params(tablefeast.load("food_chain"), {"players": 3, "stars": "1:1:1:1:1"})
        Config(players=3, first_alpha=0, stars=(1, 1, 1, 1, 1))
    """
    spec = _parameter_spec(ruleset)
    defaults = _defaults(ruleset)
    options: dict[str, object] = {}
    for key, value in params.items():
        if key == ENGINE:
            continue  # not an option of the game (`ruleset_from_params`)
        if key not in spec:
            raise ConfigError(
                f"{shown(key)} is not an option of this game (options: {sorted(spec)})"
            )
        if spec[key] != "" or not isinstance(value, str):
            options[key] = value
        elif value == "":
            continue  # the default
        elif isinstance(defaults[key], str):
            options[key] = value  # a number as text: "1/10"
        elif value.endswith(".json"):
            what = f"parameter {key}"
            options[key] = parse_json(read_text(value, what), what, ConfigError)
        else:
            items = value.split(":")
            if not all(item.isdecimal() and len(item) <= MAX_INT_DIGITS for item in items):
                raise ConfigError(f"{key}={shown(value)}: write a list as ints with ':' between")
            options[key] = [int(item) for item in items]
    return ruleset.Config(**options)


def ruleset_from_params(name: str, params: Mapping[str, object]) -> AnyRuleset:
    """The game `name` on the engine its parameters choose (`ENGINE`; ``auto`` by default).

    Args:
        name: the game's name.
        params: OpenSpiel game parameters.

    Raises:
        ConfigError: an engine that does not exist, or a native one not built here.

    Examples:
        >>> ruleset_from_params("food_chain", {"engine": "pure"}).NAME
        'food_chain'
        >>> ruleset_from_params("food_chain", {"engine": "fast"})
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: engine must be 'pure', 'native' or 'auto', got 'fast'
    """
    engine = params.get(ENGINE, "auto")
    if not isinstance(engine, str):  # refused as `tablefeast.load` refuses an engine
        raise ConfigError(f"engine must be 'pure', 'native' or 'auto', got {shown(engine)}")
    return tablefeast.load(name, engine=engine)


def _players_range(ruleset: Ruleset[S, A, C, V]) -> tuple[int, int]:
    players = ruleset.CAPABILITIES.players  # declared once, as OpenSpiel's GameType does
    return players[0], players[-1]


def _game_type(
    name: str,
    ruleset: Ruleset[S, A, C, V],
    dynamics: object = pyspiel.GameType.Dynamics.SIMULTANEOUS,
    registered_as: str | None = None,
) -> pyspiel.GameType:
    """The game's OpenSpiel type; the turn-based form passes its dynamics and short name."""
    low, high = _players_range(ruleset)
    sequential = dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    return pyspiel.GameType(
        short_name=registered_as or short_name(name),
        long_name=f"tablefeast {name}" + (" (turn-based)" if sequential else ""),
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(ruleset),
    )


def _make_game_class(name: str, ruleset: AnyRuleset, game_type: pyspiel.GameType) -> type:
    class Game(_SpielGame):
        """A tablefeast game seen by OpenSpiel."""

        def __init__(self, params: Mapping[str, object] | None = None) -> None:
            params = dict(params or {})
            config = config_from_params(ruleset, params)
            self.ruleset = ruleset_from_params(name, params)
            self.tablefeast_name = name
            self.config = config
            self.encoding = encoding_for(self.ruleset, config)
            self.noop = self.encoding.size
            info = pyspiel.GameInfo(
                num_distinct_actions=self.noop + 1,
                max_chance_outcomes=self.noop,
                num_players=config.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            full = _parameter_spec(ruleset) | params
            super().__init__(game_type, info, full)

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(
            self, iig_obs_type: object = None, params: Mapping[str, object] | None = None
        ) -> Observer:
            return Observer(self, iig_obs_type, params)

    Game.__name__ = Game.__qualname__ = f"TablefeastGame_{name}"
    return Game


class _Shared:
    """One step of a game as OpenSpiel sees it: our (immutable) state, the cards chosen so far for
    a factored exchange (``pending``, Schlacht am Buffet), the game's encoding and the step
    before.

    A cloned OpenSpiel state shares it with its original (no copying), and it remembers what
    was worked out once, since the state never changes: who acts, each seat's legal ids, the
    chance outcomes, each seat's information-state digest, and (while it is the newest step of
    its line) each viewer's view and observation tensor, so that a whole game costs one view per
    seat and step.
    """

    def __init__(
        self,
        inner: object,
        previous: _Shared | None,
        encoding: Encoding,
        pending: tuple[int, ...] = (),
    ) -> None:
        self.inner = inner
        self.pending = pending
        self.encoding = encoding
        self.previous = previous
        self.depth: int = 0 if previous is None else previous.depth + 1
        self.digests: dict[int | None, str] = {}
        self.acting: tuple[int, ...] | None = None
        self.legal: dict[int, list[int]] = {}
        self.outcomes: list[tuple[int, float]] | None = None
        self.outcome_of: dict[int, object] = {}  # each outcome id's outcome, with `outcomes`
        self.views: dict[int | None, object] | None = None
        self.tensors: dict[int | None, Parts] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self  # our states are immutable values

    def __reduce__(self) -> tuple[object, ...]:
        # The steps from the first as a flat tuple: pickling the chain as it is would recurse
        # once per step, deeper than Python allows in a long game.
        chain = []
        step: _Shared | None = self
        while step is not None:
            chain.append((step.inner, step.pending, step.digests))
            step = step.previous
        return _Shared.load, (self.encoding, tuple(reversed(chain)))

    @staticmethod
    def load(
        encoding: Encoding, chain: tuple[tuple[object, tuple[int, ...], dict[int | None, str]], ...]
    ) -> _Shared:
        """The last of the steps of `chain` (each a state, its pending discard and the digests
        worked out there), the first with no step before it."""
        step = None
        for inner, pending, digests in chain:
            step = _Shared(inner, step, encoding, pending)
            step.digests = dict(digests)
        assert step is not None, "a chain has a step at least"
        return step

    def actors(self, ruleset: AnyRuleset) -> tuple[int, ...]:
        """The seats that act now (`actors`), worked out once."""
        acting = self.acting
        if acting is None:
            acting = self.acting = ruleset.actors(self.inner)
        return acting

    def digest(self, ruleset: AnyRuleset, seat: int | None) -> str:
        """SHA-256 of the seat's views from the start to this step, chained step by step."""
        pending = []
        step: _Shared | None = self
        while step is not None and seat not in step.digests:
            pending.append(step)
            step = step.previous
        chained = "" if step is None else step.digests[seat]
        for step in reversed(pending):
            # the present step's view is likely asked for again (its tensor, its string); the
            # older steps' are not kept (see `forget_sights`)
            seen = (
                seen_view(step, ruleset, seat) if step is self else ruleset.view(step.inner, seat)
            )
            # the view, and what the seat knows beyond it (the cards it chose to discard so far)
            view = tablefeast.dumps(seen) + step.encoding.mark(step.inner, step.pending, seat)
            chained = hashlib.sha256((chained + view).encode()).hexdigest()
            step.digests[seat] = chained
        return self.digests[seat]


def seen_view(step: _Sight, ruleset: AnyRuleset, viewer: int | None) -> object:
    """`ruleset.view(step.inner, viewer)`, remembered by viewer on `step` (either form's step:
    anything with ``inner`` and ``views``). Keyed by the viewer itself, so that one seat is never
    handed another's view.

    Args:
        step: a step of an adapter's game.
        ruleset: the game module.
        viewer: the seat, or None for the spectator.
    """
    views = step.views
    if views is None:
        views = step.views = {}
    view = views.get(viewer)
    if view is None:
        view = views[viewer] = ruleset.view(step.inner, viewer)
    return view


Parts = tuple[tuple[float, ...], tuple[float, ...]]
"""A tensor in two parts, the game's and what the adapters append (`Encoding.tensor_parts`)."""


def seen_tensor(step: _Sight, encoding: Encoding, viewer: int | None) -> Parts:
    """The viewer's observation tensor at `step` (`Encoding.tensor_parts`: the tensor of its
    view, written from the state, and what it chose of a pending exchange), each value as a
    float32 holds it, remembered by viewer on `step` (as `seen_view`: never another seat's).

    Args:
        step: a step of an adapter's game (with ``inner``, ``pending`` and ``tensors``).
        encoding: the game's encoding.
        viewer: the seat, or None for the spectator.
    """
    tensors = step.tensors
    if tensors is None:
        tensors = step.tensors = {}
    parts: Parts | None = tensors.get(viewer)
    if parts is None:
        game, tail = encoding.tensor_parts(step.inner, step.pending, viewer)
        if not encoding.exact(step.inner):  # rounded as OpenSpiel's float32 tensors round them
            game, tail = float32_values(game), float32_values(tail)
        parts = tensors[viewer] = (game, tail)  # tuples: no caller can change the cache
    return parts


def float32_values(values: tuple[float, ...]) -> tuple[float, ...]:
    """Each value rounded to the nearest float32, as a float32 array holds it.

    Args:
        values: a tensor.

    Examples:
        >>> float32_values((0.5, 0.1))
        (0.5, 0.10000000149011612)
    """
    packed = float32_bytes(values)
    rounded: tuple[float, ...] = struct.unpack(f"={len(values)}f", packed)
    return rounded


def _floats(parts: Parts) -> list[float]:
    """The tensor as the list of floats OpenSpiel's own ``observation_tensor`` returns (each
    value already as a float32 holds it: no array in between, whose ``tolist`` would cost more
    than the whole tensor)."""
    game, tail = parts
    values = list(game)
    values += tail
    return values


def float32_parts(parts: Parts) -> bytes:
    """The tensor as packed float32s, the bytes of a float32 array.

    Args:
        parts: the tensor's two parts.
    """
    game, tail = parts
    return float32_bytes(game) + float32_bytes(tail) if tail else float32_bytes(game)


def forget_sights(step: _Sight) -> None:
    """Drop the views and tensors remembered on a step that is no longer the newest: a game's
    steps stay chained from the start, and keeping every view of every step would hold them all
    (they are worked out again if an older state is observed again)."""
    step.views = step.tensors = None


class State(_SpielState):
    """An OpenSpiel state wrapping one of our immutable states (OpenSpiel clones it by
    `copy.deepcopy`, which then copies a few references only)."""

    def __init__(
        self, game: _SimultaneousGame, inner: object = None, previous: _Shared | None = None
    ) -> None:
        super().__init__(game)
        self._name: str = game.tablefeast_name
        self._noop: int = game.noop
        self._players: int = game.config.players
        start = game.ruleset.initial_state(game.config) if inner is None else inner
        self._shared = _Shared(start, previous, game.encoding)
        self._core = on_core(game.encoding)  # the hot path on the native core, where it is

    @property
    def _ruleset(self) -> AnyRuleset:
        return self._shared.encoding.ruleset  # the engine the game was loaded on

    @property
    def inner(self) -> Any:
        """Our state of the game."""
        return self._shared.inner

    def information_digest(self, seat: int | None) -> str:
        """The information state of `seat` (None: public), as a digest: see `Observer`."""
        return self._shared.digest(self._ruleset, seat)

    # -- who acts
    def current_player(self) -> int:
        acting = self._shared.actors(self._ruleset)
        if not acting:
            return _TERMINAL
        if acting == (CHANCE,):
            return _CHANCE
        return _SIMULTANEOUS

    def is_chance_node(self) -> bool:
        """Whether chance acts now. (OpenSpiel's own answer, without its round trips.)"""
        return self._shared.actors(self._ruleset) == (CHANCE,)

    def is_simultaneous_node(self) -> bool:
        """Whether seats act now. (OpenSpiel's own answer, without its round trips.)"""
        acting = self._shared.actors(self._ruleset)
        return bool(acting) and acting != (CHANCE,)

    def _legal_actions(self, player: int) -> list[int]:
        shared = self._shared
        known = shared.legal.get(player)
        if known is None:
            ruleset = self._ruleset
            if player not in shared.actors(ruleset):
                known = [self._noop]
            elif self._core is not None:
                known = self._core.legal_ids(shared.inner, player, shared.pending)
            else:
                inner = shared.inner
                encoding = shared.encoding
                if encoding.factored and encoding.chooser(inner) == player:
                    known = encoding.legal(inner, player, shared.pending)[0]
                else:
                    config = encoding.config  # the state's own (an equal one)
                    to_id = encoding.to_id
                    legal = ruleset.legal_actions(inner, player)
                    known = sorted([to_id(a, config) for a in legal])
            shared.legal[player] = known
        return known

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of `player` (the no-op alone for a seat that does not act now),
        ascending; at a chance node, the outcomes' ids. (OpenSpiel's own answer, without its
        round trips; anything else, such as no player at a simultaneous node, is OpenSpiel's.)"""
        acting = self._shared.actors(self._ruleset)
        if not acting:
            return []
        if acting == (CHANCE,):
            return [i for i, _ in self.chance_outcomes()]
        if type(player) is int and 0 <= player < self._players:
            return list(self._legal_actions(player))
        return list(super().legal_actions(*(() if player is None else (player,))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        shared = self._shared
        known = shared.outcomes
        if known is None:
            ruleset = self._ruleset
            config = shared.encoding.config  # the state's own (an equal one)
            dist = ruleset.chance_distribution(shared.inner)
            total = dist.total
            to_id = shared.encoding.to_id
            # Integer weights, no Fractions: w / total is the float nearest the exact
            # probability (true division of two ints rounds correctly), as float(Fraction) is;
            # zero weights are left out, as `chance_outcomes` leaves them out.
            drawn = {
                to_id(a, config): (a, w)
                for a, w in zip(dist.support, dist.weights, strict=True)
                if w
            }
            shared.outcome_of = {i: a for i, (a, _) in drawn.items()}
            known = shared.outcomes = sorted([(i, w / total) for i, (_, w) in drawn.items()])
        return list(known)

    # -- moves
    def _apply_action(self, action: int) -> None:
        shared = self._shared
        outcome = shared.outcome_of.get(action) if type(action) is int else None
        if outcome is None:  # not one worked out (or not an outcome: the rules say why)
            outcome = shared.encoding.from_id(shared.inner, CHANCE, action)
        self._advance(self._ruleset.apply_action(shared.inner, CHANCE, outcome))

    def _apply_actions(self, actions: list[int]) -> None:
        shared = self._shared
        acting = shared.actors(self._ruleset)
        self._check_joint(acting, actions)
        encoding, inner = shared.encoding, shared.inner
        core = self._core
        if core is not None:
            # each seat's id by the core, in seat order (`apply_joint`); a factored exchange's
            # seat acts alone, one card (or done) at a time. The core checks each id as it
            # applies it, on states of its own: a refusal leaves this state as it was, and goes
            # below, to the rules' own refusal
            try:
                after, pending = inner, shared.pending
                for seat in acting:
                    after, pending = core.act(after, seat, pending, actions[seat])
            except IllegalActionError:
                pass
            else:
                self._advance(after, pending)
                return
        if encoding.factored and encoding.chooser(inner) is not None:
            # a factored exchange: its seat alone acts (SAB-7), one card (or done) at a time
            seat = acting[0]
            decision = encoding.from_id(inner, seat, actions[seat])
            self._advance(*encoding.advance(inner, seat, shared.pending, decision))
            return
        from_id = encoding.from_id
        joint = {seat: from_id(inner, seat, actions[seat]) for seat in acting}
        self._advance(apply_joint(self._ruleset, inner, joint))

    def _check_joint(self, acting: tuple[int, ...], actions: list[int]) -> None:
        """Refuse a joint action that is not one id per seat, the no-op for each seat that does
        not act, at a node where seats act (before anything changes)."""
        if not acting:
            raise GameOverError("the game is over: no seat acts")
        if acting == (CHANCE,):
            raise InvalidActionError("chance acts now: apply_action takes one outcome's id")
        if len(actions) != self._players:
            raise InvalidActionError(
                f"apply_actions takes one id per seat ({self._players}), got {len(actions)}"
            )
        for seat, action in enumerate(actions):
            if seat not in acting and action != self._noop:
                raise IllegalActionError(
                    f"seat {seat} does not act now: its one action is the no-op "
                    f"({self._noop}), got {shown(action)}"
                )

    def _advance(self, inner: object, pending: tuple[int, ...] = ()) -> None:
        shared = self._shared
        forget_sights(shared)
        self._shared = _Shared(inner, shared, shared.encoding, pending)

    def _action_to_string(self, player: int, action: int) -> str:
        if action == self._noop:
            return "noop"
        seat = CHANCE if player == _CHANCE else player
        shared = self._shared
        encoding = shared.encoding
        return encoding.describe(encoding.from_id(shared.inner, seat, action), shared.pending)

    # -- observations, without OpenSpiel's round trips (each would ask for a new initial state
    # and a view twice: once to learn the tensor's size)
    def _seat(self, player: int | None) -> int | None:
        """`player` (None: the current player) when it is a seat; else None, and OpenSpiel
        answers (it refuses a chance, terminal or simultaneous player, or no seat)."""
        if player is None:
            player = self.current_player()
        return player if type(player) is int and 0 <= player < self._players else None

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation tensor (OpenSpiel's answer: the tensor of its view)."""
        seat = self._seat(player)
        if seat is None:
            return list(super().observation_tensor(*(() if player is None else (player,))))
        return _floats(seen_tensor(self._shared, self._shared.encoding, seat))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information-state tensor: the tensor of its present view."""
        seat = self._seat(player)
        if seat is None:
            args = () if player is None else (player,)
            return list(super().information_state_tensor(*args))
        return _floats(seen_tensor(self._shared, self._shared.encoding, seat))

    def observation_string(self, player: int | None = None) -> str:
        """The seat's observation string: its view, rendered."""
        seat = self._seat(player)
        if seat is None:
            return str(super().observation_string(*(() if player is None else (player,))))
        return _render_seen(self._shared, self._ruleset, seat)

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's information-state string, ``seat:move:digest`` (see `Observer`)."""
        seat = self._seat(player)
        if seat is None:
            args = () if player is None else (player,)
            return str(super().information_state_string(*args))
        return f"{seat}:{self.move_number()}:{self.information_digest(seat)}"

    # -- the end
    def is_terminal(self) -> bool:
        return bool(self._ruleset.is_terminal(self.inner))

    def returns(self) -> list[float]:
        players = self.inner.config.players
        winners = self._ruleset.winners(self.inner)
        if not winners:
            return [0.0] * players
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(players)]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> State:
        """A state consistent with `player_id`'s view, drawn with `determinize`."""
        rng = random.Random(int(probability_sampler() * 2**53))
        shared = self._shared
        inner = self._ruleset.determinize(shared.inner, player_id, rng)
        pending = shared.encoding.resample(inner, player_id, shared.pending, rng)
        sampled: State = self.clone()  # keeps the history
        sampled._shared = _Shared(inner, shared.previous, shared.encoding, pending)
        return sampled

    def __str__(self) -> str:
        return _render(self._ruleset, self._ruleset.view(self.inner, None))


def _render(ruleset: Ruleset[S, A, C, V], view: V) -> str:
    """The view as text: the game's `render`, else its repr."""
    render = ruleset.CAPABILITIES.render
    return str(render(view)) if render is not None else repr(view)


def _render_seen(step: _Sight, ruleset: AnyRuleset, viewer: int | None) -> str:
    """The viewer's observation string at `step` (either form's): its view as text, and what it
    chose of a pending exchange (`Encoding.mark`)."""
    seen = _render(ruleset, seen_view(step, ruleset, viewer))
    return seen + step_encoding(step).mark(step.inner, step.pending, viewer)


def step_encoding(step: _Sight) -> Encoding:
    """The encoding of either form's step (the turn-based form keeps it in its context)."""
    return step.encoding


class Observer:
    """Observations built from views (the PyObserver interface of OpenSpiel).

    Both kinds of observer fill their tensor from the seat's present view; they differ in the
    string: the rendered view, or with perfect recall the digest of every view so far.
    """

    def __init__(
        self, game: _AdaptedGame, iig_obs_type: Any, params: Mapping[str, object] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self._ruleset: AnyRuleset = game.ruleset  # an observer is never copied
        iig = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not iig.public_info:
            raise ValueError(
                "observer types without public information are not supported: a view does "
                "not split into public and private parts"
            )
        self._perfect_recall = iig.perfect_recall
        self._public_only = iig.private_info == pyspiel.PrivateInfoType.NONE
        size_of, _ = game.ruleset.CAPABILITIES.observations()
        size = size_of(game.config) + game.encoding.extra
        self.tensor = np.zeros(size, np.float32)
        name = "information_state" if self._perfect_recall else "observation"
        self.dict = {name: self.tensor}

    def _viewer(self, player: int) -> int | None:
        return None if self._public_only else player

    def set_from(self, state: Any, player: int) -> None:
        step = _present_step(state)
        parts = seen_tensor(step, step_encoding(step), self._viewer(player))
        # packed, then read as float32: several times faster than converting float by float
        self.tensor[:] = np.frombuffer(float32_parts(parts), np.float32)

    def string_from(self, state: Any, player: int) -> str:
        viewer = self._viewer(player)
        if self._perfect_recall:
            return f"{viewer}:{state.move_number()}:{state.information_digest(viewer)}"
        return _render_seen(_present_step(state), self._ruleset, viewer)


def _present_step(state: Any) -> _Sight:
    """The present step of either form's state (the turn-based form calls it ``_step``)."""
    step = getattr(state, "_step", None)
    present: _Sight = state._shared if step is None else step
    return present


def register() -> None:
    """Register every tablefeast game with pyspiel (done on import; repeating is harmless).

    Examples:
        >>> register()  # already done on import: nothing changes
        >>> short_name("mausgeflippt") in pyspiel.registered_names()
        True
    """
    registered = set(pyspiel.registered_names())
    for name in tablefeast.names():
        if short_name(name) in registered:
            continue
        ruleset = tablefeast.load(name)
        game_type = _game_type(name, ruleset)
        pyspiel.register_game(game_type, _make_game_class(name, ruleset, game_type))
    # The turn-based forms register themselves when their module is first imported.
    importlib.import_module(f"{__package__}.openspiel_turns")


register()
