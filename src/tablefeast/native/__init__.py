"""The native core (issue 32): the hot path of a game's contract compiled, beside the pure engine.

A native core holds the state in C arrays and answers `actors`, `legal_actions`,
`apply_action`, `chance_distribution`, `is_terminal`, `scores` and `winners` without the
interpreter's per-object
work; everything else (views, determinization, notation, serialization, checks, traced moves)
goes through the pure state, converted losslessly both ways (`NativeRuleset.to_pure`,
`NativeRuleset.from_pure`). The pure engine stays the reference: a move the core does not take
on its fast path (an illegal one, above all) is applied by the pure engine, so bad input raises
exactly the pure engine's error, and a corpus of seeded games checks that both agree move for
move.

The core is compiled only by the native build (Cython and a C compiler:
``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install .``, see the installation page); a plain install
has none, and `tablefeast.load(name, engine="native")` then says so. A game declares its core
(`Capabilities.core`): a module of the game's own package, compiled from its source beside it
(``_core.pyx``), which includes the parts every core shares from this package (``_random.pxi``,
``_search.pxi``, ...: a kernel for cores). Every game of the library has one (`NATIVE_GAMES`),
and a plug-in's is found through its declaration the same way.

The cores also play whole games and playouts without coming back to Python per move
(`NativeRuleset.random_playout`, `random_game`, and `heuristic_playout` in the games whose cores
have the heuristic), drawing from a `random.Random` exactly what the Python loops draw, and step
batches of games for learners (`tablefeast.interop.vector`).

Every function of a native ruleset checks its arguments before the core reads a C array: a
state that is not a native state of the game (None, the pure engine's, another game's, an
empty one) is refused with `RecordError`, a bad seat with the pure engine's `InvalidSeatError`,
a config of another class with `ConfigError`, a playout's bad horizon or generator with
ValueError; nothing crashes the process or answers for a state it was not given.

Examples:
    >>> import tablefeast
    >>> "food_chain" in NATIVE_GAMES
    True
    >>> engine = "native" if available("food_chain") else "pure"
    >>> fc = tablefeast.load("food_chain", engine=engine)
    >>> fc.actors(fc.initial_state(fc.Config(players=3)))
    (0, 1, 2)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

from tablefeast.kernel.capabilities import game_module
from tablefeast.kernel.errors import ConfigError, RecordError
from tablefeast.kernel.ruleset import is_a_function_of_a_state
from tablefeast.kernel.serialize import register_twin

if TYPE_CHECKING:
    from fractions import Fraction

    from tablefeast.kernel.chance import Distribution
    from tablefeast.kernel.effects import Effect

__all__ = ["NATIVE_GAMES", "NativeRuleset", "available", "load", "twin"]


def _declared(game: object) -> str | None:
    """The full name of the native core module the game declares (`Capabilities.core`), or
    None where it declares none."""
    core = getattr(getattr(game, "CAPABILITIES", None), "core", None)
    return None if core is None else game_module(game, core)


class _LibraryCores(Mapping[str, str]):
    """The library's games with a native core, each read from its game's declaration when
    first asked for: looking up one game imports that game alone, and only listing them all
    imports every game (importing this package imports none)."""

    def __init__(self) -> None:
        self._read: dict[str, str | None] = {}

    def _core_of(self, name: str) -> str | None:
        import tablefeast  # the registry lives above this module

        if name not in tablefeast.GAMES:
            return None
        if name not in self._read:
            self._read[name] = _declared(tablefeast.load(name))
        return self._read[name]

    def __getitem__(self, name: str) -> str:
        module = self._core_of(name)
        if module is None:
            raise KeyError(name)
        return module

    def __iter__(self) -> Iterator[str]:
        import tablefeast

        return iter([name for name in tablefeast.GAMES if self._core_of(name) is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"NATIVE_GAMES({dict(self)!r})"


NATIVE_GAMES: Mapping[str, str] = _LibraryCores()
"""The library's games with a native core, and the full name of each core's module, as each
game declares it (`Capabilities.core`: ``tablefeast.games.<name>._core``), read when first
asked for (one game's lookup reads that game's declaration alone). A plug-in game's core is
found through its own declaration the same way."""


def _module_of(name: str) -> str | None:
    """The core module of the game called `name`: a library game's from `NATIVE_GAMES`, a
    plug-in's from its declaration; None where there is none (or no such game)."""
    if name in NATIVE_GAMES:
        return NATIVE_GAMES[name]
    import tablefeast

    if not isinstance(name, str) or name in tablefeast.GAMES or name not in tablefeast.names():
        return None
    try:
        return _declared(tablefeast.load(name))
    except (ConfigError, ImportError):
        return None


def _core(name: str) -> ModuleType | None:
    module = _module_of(name)
    if module is None:
        return None
    try:
        return importlib.import_module(module)
    except ImportError:  # a plain install: nothing was compiled
        return None


def available(name: str) -> bool:
    """Whether the native core of the game called `name` is built and importable.

    Args:
        name: a game's name.

    Examples:
        >>> available("no such game")
        False
    """
    return _core(name) is not None


class NativeRuleset:
    """A game with its native core: the `Ruleset` contract on native states.

    The contract's hot path runs in the core; the other functions of the game module convert
    the state to the pure engine's, call the pure function, and convert a state they return
    back. `State` is the core's (what `tablefeast.loads` builds, through the pure state's JSON);
    constants, the other classes and functions of no state (`action_to_str`, the ids) are the
    pure module's own.

    Args:
        pure: the game's pure module.
        core: its compiled core.
    """

    def __init__(self, pure: Any, core: ModuleType) -> None:
        self._pure = pure
        self._core = core
        self.core = core
        """The game's compiled core module (its batch, for `tablefeast.interop.vector`)."""
        self.pure = pure
        """The game's pure module (the reference)."""
        self.engine = "native"
        """Which engine this is: ``"native"`` (a pure module has no such attribute)."""
        self.State: type = core.State
        """The core's state class: ``tablefeast.loads(text, ruleset.State)`` gives a native
        state (its JSON is the pure state's, refused as the pure engine refuses one)."""
        to_pure, from_pure = core.to_pure, core.from_pure
        self.to_pure: Callable[[Any], Any] = to_pure
        """The pure engine's state equal to a native one."""
        self.from_pure: Callable[[Any], Any] = from_pure
        """The native state equal to a pure one (checked by the game's `check_state` first)."""
        hot = ["actors", "legal_actions", "apply_action", "is_terminal", "scores", "winners"]
        if hasattr(core, "chance_distribution"):  # a game with chance in play draws it there
            hot.append("chance_distribution")
        for function in hot:
            setattr(self, function, getattr(core, function))
        self.initial_state = core.initial_state
        self.random_playout: Callable[..., tuple[Any, bool]] = core.random_playout
        """``random_playout(state, seat, horizon, rng) -> (state, ended)``: the game played on
        with uniformly random moves in the core, drawing from `rng` exactly what
        ``legal[rng.randrange(len(legal))]`` per move would (and per chance event,
        ``chance_distribution(state).sample(rng)``), until it ends or `seat` is about
        to act the ``horizon + 1``-th time (None: to the end). `tablefeast.agents.ISMCTSAgent`
        plays its random playouts with it."""
        self.heuristic_playout: Callable[..., tuple[Any, bool]] | None = getattr(
            core, "heuristic_playout", None
        )
        """As `random_playout`, every seat playing the game's heuristic as `HeuristicAgent`
        plays it, in a game whose core has it (every core now; a search plays out with it
        where asked, and Mausgeflippt's by default); else None."""
        self.ismcts_search: Callable[..., tuple[dict[Any, int], dict[Any, float], int]] | None
        self.ismcts_search = getattr(core, "ismcts_search", None)
        """``ismcts_search(anchor, seat, iterations, exploration, horizon, playout, rng,
        deadline=None) -> (visits, values, done)``: `tablefeast.agents.ISMCTSAgent`'s whole
        search in the core (determinization, tree, playouts, rewards), drawing from `rng`
        exactly what the agent's Python loop draws: the root's statistics by move, and the
        iterations run. None in a core without it."""
        self.random_game: Callable[..., tuple[Any, int]] = core.random_game
        """``random_game(state, chance_rng, seat_rngs, max_moves=None) -> (state, moves)``: the
        game played on as `tablefeast.play_game` plays it with a `RandomAgent` in every seat
        (chance from `chance_rng`, each seat from its own generator), in the core."""
        self.play_games: Callable[..., list[tuple[Any, int]]] = core.play_games
        """``play_games(state, seeds, suffixes, seats) -> [(state, moves), ...]``: one game
        from `state` per str in `seeds`, as `tablefeast.play_game` plays it from that seed with
        ``"random"`` or ``"heuristic"`` agents (``seats[g]``, one name per seat), every
        generator seeded in the core from its string (chance's ``seeds[g]``, seat s's
        ``seeds[g] + suffixes[s]``) exactly as `random.Random` seeds itself: `simulate`'s
        batches."""
        self.from_engine: Callable[[Any], Any] = core.from_engine
        """`from_pure` without `check_state`, for a state the pure engine itself made from a
        sound one (a sampled determinization, say): the conversion a search pays once per
        sampled state. It refuses anything but a pure state of the game, and any state that
        would take the core outside its arrays, now or later in play (RecordError: a value out
        of its range, a tuple of the wrong length, more cards than a stack holds); the rules'
        finer consistency it trusts: a pure state from anywhere else goes through
        `from_pure`."""
        from_engine = core.from_engine  # states the pure engine made need no check
        self.fallbacks: Callable[[], int] = core.fallbacks
        """How many moves the core handed to the pure engine in this process (illegal ones,
        or ones given in another form): none for a legal move, which a test checks."""
        # JSON goes through the pure state, both ways (`tablefeast.dumps`, `tablefeast.loads`).
        register_twin(core.State, pure.State, to_pure, from_pure)
        # The pure module's other functions of a state (observation tensors, holdings, ...):
        # given the native state converted, which checks it.
        for name, of_state in _state_functions(pure):
            if name not in vars(self) and not hasattr(NativeRuleset, name):
                setattr(self, name, _through(of_state, to_pure, pure.State, from_engine))
        caps = pure.CAPABILITIES
        choice, exact = caps.multiset_choice, caps.whole_number_tensors
        self.CAPABILITIES = attrs.evolve(
            caps,
            apply_traced=None if caps.apply_traced is None else self.apply_traced,
            holdings=_through(caps.holdings, to_pure),
            withdraw=_returning(caps.withdraw, to_pure, from_engine),
            observed_chance=_through(caps.observed_chance, to_pure),
            score_sheet=_through(caps.score_sheet, to_pure),
            opening=_through(caps.opening, to_pure),
            multiset_choice=None
            if choice is None
            else attrs.evolve(
                choice,
                chooser=_through(choice.chooser, to_pure),
                held=_through(choice.held, to_pure),
            ),
            whole_number_tensors=_through(exact, to_pure) if callable(exact) else exact,
        )

    def __repr__(self) -> str:
        return f"<native ruleset {self._pure.NAME!r}>"

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pure, name)  # constants, classes, functions of no state

    def chance_distribution(self, state: object) -> Distribution[object]:
        """As the pure module's (the core's state converted)."""
        distribution: Distribution[object] = self._pure.chance_distribution(self.to_pure(state))
        return distribution

    def chance_outcomes(self, state: object) -> tuple[tuple[object, Fraction], ...]:
        """As the pure module's (the core's state converted)."""
        outcomes: tuple[tuple[object, Fraction], ...] = self._pure.chance_outcomes(
            self.to_pure(state)
        )
        return outcomes

    def why_not(self, state: object, player: int, action: object) -> str | None:
        """As the pure module's (the core's state converted)."""
        reason: str | None = self._pure.why_not(self.to_pure(state), player, action)
        return reason

    def apply_traced(
        self, state: object, player: int, action: object
    ) -> tuple[object, tuple[Effect, ...]]:
        """As the pure module's, the state it returns converted back."""
        traced: tuple[object, tuple[Effect, ...]] = self._pure.apply_traced(
            self.to_pure(state), player, action
        )
        after, effects = traced
        return self._core.from_engine(after), effects

    def view(self, state: object, player: int | None) -> object:
        """As the pure module's (the core's state converted)."""
        return self._pure.view(self.to_pure(state), player)

    def determinize(self, state: object, player: int | None, rng: random.Random) -> object:
        """As the pure module's, the state it returns converted back."""
        return self._core.from_engine(self._pure.determinize(self.to_pure(state), player, rng))

    def action_from_str(self, state: object, player: int, text: str) -> object:
        """As the pure module's (the core's state converted; a view, or None for no state, as
        there)."""
        return self._pure.action_from_str(self._pure_or_none(state), player, text)

    def action_from_id(self, state: object, player: int, action_id: int) -> object:
        """As the pure module's (the core's state converted; a view, or None for no state, as
        there)."""
        return self._pure.action_from_id(self._pure_or_none(state), player, action_id)

    def _pure_or_none(self, state: object) -> object:
        # The notation reads the state's config (its card lists) where it is given one; a seat's
        # view (the pure module's class in both engines) has the same config.
        if state is None or type(state) is self._pure.View:
            return state
        return self.to_pure(state)

    def check_state(self, state: object) -> list[str]:
        """As the pure module's (the core's state converted); anything but a native state of
        the game is one problem."""
        try:
            pure = self.to_pure(state)
        except RecordError as e:
            return [str(e)]
        problems: list[str] = self._pure.check_state(pure)
        return problems


def _state_functions(pure: object) -> list[tuple[str, Callable[..., object]]]:
    """The public functions of the game module `pure` whose first parameter is a state."""
    found: list[tuple[str, Callable[..., object]]] = []
    for name in getattr(pure, "__all__", ()):
        function = getattr(pure, name, None)
        if is_a_function_of_a_state(function):  # compiled by mypyc too (a builtin)
            found.append((name, function))
    return found


def _through(
    function: Callable[..., object] | None,
    to_pure: Callable[[object], object],
    pure_state: type | None = None,
    back: Callable[[object], object] | None = None,
) -> Callable[..., object] | None:
    """`function` of a state, given the native state converted (None stays None); a
    `pure_state` it returns is converted `back`."""
    if function is None:
        return None
    if pure_state is None or back is None:
        return lambda state, *rest: function(to_pure(state), *rest)

    def through(state: object, *rest: object) -> object:
        result = function(to_pure(state), *rest)
        return back(result) if type(result) is pure_state else result

    return through


def _returning(
    function: Callable[..., object] | None,
    to_pure: Callable[[object], object],
    from_pure: Callable[[object], object],
) -> Callable[..., object] | None:
    """`function` from a state to a state, on native states (None stays None)."""
    if function is None:
        return None
    return lambda state, *rest: from_pure(function(to_pure(state), *rest))


def load(name: str) -> NativeRuleset:
    """The game called `name` with its native core.

    Args:
        name: a game's name.

    Raises:
        ConfigError: the game has no native core, or this install did not build it.

    Examples:
        >>> game = load("food_chain") if available("food_chain") else None
        >>> game is None or game.engine == "native"
        True
        >>> load("chess")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: unknown game 'chess'; known games: ...
    """
    import tablefeast

    if _module_of(name) is None:
        raise ConfigError(
            f"{name} has no native core yet (the games with one: {', '.join(NATIVE_GAMES)})"
            if name in tablefeast.names()
            else f"unknown game {name!r}; known games: {', '.join(tablefeast.names())}"
        )
    core = _core(name)
    if core is None:
        raise ConfigError(
            f"the native core of {name} is not built in this install: build it with "
            "HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install . (Cython and a C compiler)"
        )
    ruleset = _LOADED.get(name)
    if ruleset is None or ruleset._core is not core:
        ruleset = _LOADED[name] = NativeRuleset(tablefeast.load(name), core)
    return ruleset


_LOADED: dict[str, NativeRuleset] = {}
"""The native ruleset of each game, made once (it registers its states' JSON hooks): at most
one per game with a core, and nothing in it changes once made."""


def twin(game: object) -> NativeRuleset | None:
    """The native ruleset of the game `game` is (a pure module or a native ruleset), where this
    install built its core; else None. A search given the pure module plays on the twin: the
    same game, the same draws from its generator, the same choices (`tablefeast.agents`).

    Args:
        game: a game module, a native ruleset, or anything else (None then).

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> twin(fc) is None or twin(fc).pure is fc
        True
        >>> twin(object()) is None
        True
    """
    if isinstance(game, NativeRuleset):
        return game
    name = getattr(game, "NAME", None)
    if not isinstance(name, str) or not available(name):
        return None
    ruleset = load(name)
    return ruleset if ruleset.pure is game else None
