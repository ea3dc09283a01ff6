"""What a game offers beyond the core contract, declared once per game.

OpenSpiel's ``GameType`` says once what a game is and provides (its dynamics, its player counts,
whether it has observation tensors), so that no caller has to try. `Capabilities` does the same
for a tablefeast game: each game module sets ``CAPABILITIES = Capabilities(...)``, naming its own
functions and data, and the layers above (bots, the terminal, the server, the analysis) read them
there; a capability a game lacks is None (or empty), and every reader has a plain fallback.

What lives here is each game's own knowledge, which used to sit outside its package: how its
moves are written for people (`MoveHelp`), its heuristic strategy and the playout policy that
searched best, the agents of its levels, and what the server needs of it (an outcome observed
rather than drawn, a reaction delay for bots at a table with people).

Examples:
    >>> import tablefeast
    >>> caps = tablefeast.load("food_chain").CAPABILITIES
    >>> caps.title, caps.players, caps.playout
    ('Food Chain', range(3, 7), 'random')
    >>> caps.move_help["take"].notation
    'take SEAT | take centre'
"""

from __future__ import annotations

import importlib
import pathlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.values import FrozenDict

if TYPE_CHECKING:
    from tablefeast.kernel.effects import Effect
    from tablefeast.kernel.sheet import ScoreSheet

__all__ = [
    "DEFAULT_LEVELS",
    "LEVEL_NAMES",
    "PLAYOUTS",
    "Capabilities",
    "MoveHelp",
    "MultisetChoice",
    "TableOption",
    "game_file",
    "game_module",
]

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")

LEVEL_NAMES = ("easy", "medium", "hard")
"""The levels of bots for people, from the easiest to beat."""

DEFAULT_LEVELS: Mapping[str, str] = FrozenDict(
    easy="heuristic", medium="ismcts:50", hard="ismcts:400"
)
"""The agents of the levels in a game that declares none (agent names, as
`tablefeast.agents.make_agent` reads them): the strength ladder of the agents docs in most
games."""

PLAYOUTS = ("random", "heuristic")
"""The playout policies a search agent knows."""


@attrs.frozen
class MoveHelp:
    """How a person writes one kind of move (the moves that start with one word).

    Attributes:
        notation: the form, such as ``play V``.
        meaning: what the move does, with its ruling; ``{e}`` in it stands for a legal move of
            this kind (the terminal fills one in).
        example: a move of this kind, written out.
    """

    notation: str
    meaning: str
    example: str


@attrs.frozen
class TableOption:
    """An option of the game's `Config` that a person may choose for a new table (the browser
    lobby offers it as a list of choices; the server checks the value as `Config` does).

    Attributes:
        key: the `Config` field.
        label: its name for people.
        choices: ``(value, text)`` pairs, the first the default: the value as the server reads
            option text (``"1/10"``), and what a person reads.

    Examples:
        >>> option = TableOption("edition", "Edition", (("en", "English"), ("fr", "French")))
        >>> option.choices[0]
        ('en', 'English')
    """

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]


_LEVEL_AGENT = re.compile(r"random|heuristic|greedy|(ismcts|model):[1-9][0-9]{0,6}")


def _levels(_: object, __: object, value: Mapping[str, str]) -> None:
    if set(value) != set(LEVEL_NAMES):
        raise ValueError(f"Capabilities.levels must name exactly the levels {LEVEL_NAMES}")
    for level, agent in value.items():
        if not isinstance(agent, str) or not _LEVEL_AGENT.fullmatch(agent):
            raise ValueError(
                f"Capabilities.levels[{level!r}] must be random, heuristic, greedy, "
                f"ismcts:ITERATIONS or model:ITERATIONS, got {agent!r}"
            )


def _playout(_: object, __: object, value: str) -> None:
    if value not in PLAYOUTS:
        raise ValueError(f"Capabilities.playout must be one of {PLAYOUTS}, got {value!r}")


_PACKAGE_FILE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*")


def _file_name(_: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    """A file of the game's package: a relative path of plain names (no ``..``, no root)."""
    if value is not None and not (
        isinstance(value, str) and len(value) <= 200 and _PACKAGE_FILE.fullmatch(value)
    ):
        raise ValueError(
            f"Capabilities.{attribute.name} must be a file of the game's package "
            f"(such as 'rulings.md'), got {value!r:.80}"
        )


_MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")


def _module_name(_: object, attribute: attrs.Attribute[str | None], value: str | None) -> None:
    """A module of the game's package: one plain name (no dots, nothing outside the package)."""
    if value is not None and not (isinstance(value, str) and _MODULE_NAME.fullmatch(value)):
        raise ValueError(
            f"Capabilities.{attribute.name} must name a module of the game's package "
            f"(such as '_core'), got {value!r:.80}"
        )


def _frozen_map(value: Mapping[str, Any]) -> FrozenDict[str, Any]:
    return value if isinstance(value, FrozenDict) else FrozenDict(value)


@attrs.frozen
class MultisetChoice(Generic[S, A]):
    """A decision that chooses several cards at once, as one action of the game (Schlacht am
    Buffet's exchange, SAB-7: any part of a hand). Its actions are many (every sub-multiset of a
    hand), so adapters for learning code may factor the decision into one small decision per
    card and a last one, *done*, which applies the game's one action
    (`tablefeast.interop.encoding`); the game itself keeps its one action.

    The game's integer encoding must number these actions in one block: the action of the empty
    choice first, then the rest, ``comb(most + len(values), len(values))`` ids in all.

    Attributes:
        values: what a card can be, in the order `held` counts them.
        most: the most cards chosen at once.
        chooser: ``chooser(state) -> seat | None``: the seat choosing now, or None.
        held: ``held(state, seat) -> counts``: what the seat may choose from, by value.
        action: ``action(values) -> action``: the game's action choosing these card values
            (given highest first).
        verb: what choosing one card is called (``"discard"``).
        ruling: the ruling of the decision, for the words of a refusal.
        chosen: ``chosen(action) -> values | None``: the card values an action of this
            decision chooses (highest first, as `action` takes them), None for an action of
            any other kind: how an agent that sees only legal moves (a learned policy playing
            the decision card by card) finds the decision and the hand. None (the field): not
            declared, and such an agent refuses the game.

    Examples:
        >>> import tablefeast
        >>> choice = tablefeast.load("schlacht_am_buffet").CAPABILITIES.multiset_choice
        >>> choice.values[:3], choice.most, choice.action((9, -1)), choice.verb
        ((-1, 0, 1), 9, Exchange(discard=(9, -1)), 'discard')
        >>> choice.chosen(choice.action((9, -1))), choice.chosen(None)
        ((9, -1), None)
    """

    values: tuple[int, ...]
    most: int
    chooser: Callable[[S], int | None]
    held: Callable[[S, int], tuple[int, ...]]
    action: Callable[[tuple[int, ...]], A]
    verb: str
    ruling: str
    chosen: Callable[[A], tuple[int, ...] | None] | None = None


@attrs.frozen(kw_only=True)
class Capabilities(Generic[S, A, C, V]):
    """A game's declaration of what it is and offers beyond the core `Ruleset` functions.

    Attributes:
        title: the game's name as printed on its box (``"Food Chain"``).
        players: the player counts its `Config` accepts.
        apply_traced: ``apply_traced(state, player, action) -> (state, effects)``: the move's
            next state and its effects, from the rules' own code (`tablefeast.kernel.effects`);
            None: the plain effects of `tablefeast.kernel.effects.trace`.
        public_events: ``public_events(config, effects) -> lines``: what a spectator saw of the
            effects, in words; None: the plain words.
        situations: ``situations(effects) -> labels``: the special situations among the
            effects, for a designer's report.
        situation_labels: every label `situations` can give, in ruling order.
        holdings: ``holdings(state) -> per seat {label: count}``: what each seat holds.
        render: ``render(view) -> text``: a view as a few lines for a terminal.
        catalog: ``catalog(config) -> dict``: the components, as JSON for a client.
        observation_tensor: ``observation_tensor(view) -> floats`` for learning code.
        observation_size: ``observation_size(config) -> int``: the tensor's length.
        move_help: per first word of a move, how a person writes it.
        strategy: ``strategy(view, legal) -> (ranking, simultaneous)``: the game's heuristic,
            the legal moves ranked best first, and whether the decision is a simultaneous
            commitment (where the heuristic agent mixes among the first moves).
        playout: the playout policy that searched best (``random`` or ``heuristic``).
        levels: the agent of each level for people (agent names, such as ``ismcts:400``).
        withdraw: ``withdraw(state, seat) -> state``: the state before `seat` made its hidden
            commitment of the current simultaneous step, exactly. A search agent that models
            the other seats takes their sampled commitments back and redraws them from its
            model (`tablefeast.agents.modelling`). None where taking one back would change
            what is public (in All You Can Eat Buffet how many Moods a seat put down shows).
        opening: ``opening(state) -> effects``: what the game's first state tells before anyone
            acts, where no step of chance tells it (Food Chain: round 1 begins, FC-1, FC-2),
            the same for every move; the game's first step begins its trace with these effects,
            and a table may tell them before the first seat is asked
            (`tablefeast.terminal.opening`). ``()`` for any other state; None: nothing.
        public_views: every seat's view, just before it acts, holds nothing the other seats do
            not see themselves (in Food Chain all but the pass's hidden commitments is public,
            FC-11), so the table may show each seat's view and move to the others once the move
            itself is revealed (`tablefeast.kernel.play.Observer`); the conformance suite
            checks it. False: the table shows agents no one's moves.
        observed_chance: ``observed_chance(state, arrivals, window) -> outcome | None``: at a
            table with people, a chance outcome that is observed rather than drawn (in
            Mausgeflippt, who was fastest: the order in which claims arrived, MG-21); None
            where the outcome is drawn.
        reaction: the seconds a bot waits before committing at a table with people, by
            default (a race of speed needs it; 0 elsewhere).
        table_options: the `Config` options a person may choose for a new table.
        custom_cards: what a person may replace with a JSON file of their own for a new table
            (``"card set"``: the `Config` field ``cards``); None where nothing may be.
        score_sheet: ``score_sheet(state) -> ScoreSheet``: each seat's score by the game's own
            scoring parts, adding up to `scores`, and the tie-break that decided the winners
            (`tablefeast.kernel.sheet`); None: the scores alone.
        outcomes: the effect types that tell how a step came out (a reveal, a duel won, a
            mouse caught): their words stay on the board until the next step's result
            (`tablefeast.kernel.effects.LastResult`); empty: no result is kept.
        summary: how to play, in a few short paragraphs for a person who never has (the aim,
            a turn, the end), each naming its rulings.
        multiset_choice: a decision of several cards at once that adapters may factor into one
            decision per card (`MultisetChoice`); None where there is none.
        rulings: the game's rulings as Markdown: the name of a file in the game's package (the
            directory of its module, for a game that is one module), such as ``"rulings.md"``,
            which ``tablefeast rules GAME`` and the terminal's ``rules`` print
            (`tablefeast.terminal.rulings_markdown`); None: the game ships none, and they say
            so.
        weights: the learned policy's weights (a `tablefeast.agents.learned.Weights` file,
            JSON), the name of a file in the game's package as for `rulings`, such as
            ``"weights.json"``; None: none shipped (``learned`` and ``guided`` then refuse the
            game with `ConfigError`, and a caller passes its own `Weights`).
        renderer: the game's browser renderer, a JavaScript module (the name of a file in the
            game's package as for `rulings`, such as ``"renderer.js"``) that exports
            ``render(ctx)``; the server serves it at ``/games/<name>/renderer.js``
            (`tablefeast.server.assets`) and its welcome message names that address. It
            imports the client's helpers by their absolute address (``/js/common.js``). None:
            the browser draws the game with the generic renderer (the view's facts and the
            legal moves as buttons).
        stylesheet: the renderer's CSS, a file of the game's package as for `rulings` (such as
            ``"style.css"``), served at ``/games/<name>/style.css`` (the renderer adds it to the
            page: ``useStyle(NAME)`` of ``/js/common.js``); None: the client's own styles only.
            Only a game with a `renderer` may declare one.
        view_schema: the JSON Schema of the game's views as `tablefeast.dumps` writes them, a
            file of the game's package as for `rulings` (such as ``"view.schema.json"``), which
            a test compares with the one generated from the View class
            (`tablefeast.server.wire.view_schema`) and checks the renderer's reads against;
            served at ``/games/<name>/view.schema.json``. None: none kept (a client generates
            it with `tablefeast.server.wire.view_schema`).
        core: the game's native core: the name of a compiled module of the game's package (as
            for `rulings`), such as ``"_core"``, built from its source beside it (``_core.pyx``,
            Cython, including the kernel's shared parts in `tablefeast.native`) by the native
            build; `tablefeast.native` imports it by this name (`game_module`). None: the game
            has no core; ``engine="native"`` refuses it with `ConfigError` and ``"auto"``
            plays the pure engine. A declared core that this install did not build is the
            same as none, but ``engine="native"`` says to build it.
        whole_number_tensors: every value of the observation tensor is a whole number below
            2**24 in magnitude (counts, flags, one-hots, scores), which a float32 holds
            exactly, so adapters may hand the values out without rounding them through a
            float32 array: True for every state, or ``exact(state) -> bool`` where only some
            states' tensors are (a value that can grow without bound); False: never claimed.
    """

    title: str
    players: range
    apply_traced: Callable[[S, int, A], tuple[S, tuple[Effect, ...]]] | None = None
    public_events: Callable[[C, Iterable[Effect]], tuple[str, ...]] | None = None
    situations: Callable[[Iterable[Effect]], tuple[str, ...]] | None = None
    situation_labels: tuple[str, ...] = ()
    holdings: Callable[[S], Sequence[Mapping[str, int]]] | None = None
    render: Callable[[V], str] | None = None
    catalog: Callable[[C], dict[str, Any]] | None = None
    observation_tensor: Callable[[V], tuple[float, ...]] | None = None
    observation_size: Callable[[C], int] | None = None
    move_help: Mapping[str, MoveHelp] = attrs.field(factory=FrozenDict, converter=_frozen_map)
    strategy: Callable[[V, tuple[A, ...]], tuple[list[A], bool]] | None = None
    playout: str = attrs.field(default="random", validator=_playout)
    levels: Mapping[str, str] = attrs.field(
        default=DEFAULT_LEVELS, converter=_frozen_map, validator=_levels
    )
    withdraw: Callable[[S, int], S] | None = None
    opening: Callable[[S], tuple[Effect, ...]] | None = None
    public_views: bool = False
    observed_chance: Callable[[S, Mapping[int, float], float], A | None] | None = None
    reaction: float = 0.0
    table_options: tuple[TableOption, ...] = ()
    custom_cards: str | None = None
    score_sheet: Callable[[S], ScoreSheet] | None = None
    outcomes: tuple[type, ...] = ()
    summary: tuple[str, ...] = ()
    multiset_choice: MultisetChoice[S, A] | None = None
    whole_number_tensors: bool | Callable[[S], bool] = False
    rulings: str | None = attrs.field(default=None, validator=_file_name)
    weights: str | None = attrs.field(default=None, validator=_file_name)
    renderer: str | None = attrs.field(default=None, validator=_file_name)
    stylesheet: str | None = attrs.field(default=None, validator=_file_name)
    view_schema: str | None = attrs.field(default=None, validator=_file_name)
    core: str | None = attrs.field(default=None, validator=_module_name)

    @stylesheet.validator
    def _styled_renderer(self, attribute: attrs.Attribute[str | None], value: str | None) -> None:
        if value is not None and self.renderer is None:
            raise ValueError(
                "Capabilities.stylesheet is the renderer's CSS: declare the renderer too"
            )

    def observations(self) -> tuple[Callable[[C], int], Callable[[V], tuple[float, ...]]]:
        """The game's observation size and tensor, for learning code and the adapters.

        Raises:
            ConfigError: the game declares no observation tensor.

        Examples:
            >>> import tablefeast
            >>> size, tensor = tablefeast.load("food_chain").CAPABILITIES.observations()
            >>> size is tablefeast.load("food_chain").observation_size
            True
        """
        if self.observation_size is None or self.observation_tensor is None:
            raise ConfigError(
                f"{self.title} declares no observation tensor (CAPABILITIES.observation_size "
                "and observation_tensor), which learning code needs"
            )
        return self.observation_size, self.observation_tensor


MAX_GAME_FILE_BYTES = 2_000_000
"""The most a game's declared file (its rulings, ...) may hold: read no further."""


def _module_of(game: object) -> ModuleType:
    """The module of the game (a native ruleset carries its pure module's name)."""
    module_name = getattr(game, "__name__", None)
    try:
        return importlib.import_module(str(module_name))  # already imported: sys.modules'
    except (ImportError, ValueError, TypeError):
        raise ConfigError(f"cannot find the module of the game {module_name!r:.80}") from None


def game_module(game: object, name: str) -> str:
    """The full name of a module the game declares (its native core): a module of the game's
    package, or for a game that is a single module, of that module's package (a top-level
    module beside a top-level game).

    Args:
        game: the game module (or its native ruleset, which carries the module's name).
        name: the module's name in that package (a `Capabilities` field's value, checked).

    Raises:
        ConfigError: the game's module cannot be found.

    Examples:
        >>> import tablefeast
        >>> game_module(tablefeast.load("food_chain"), "_core")
        'tablefeast.games.food_chain._core'
    """
    module = _module_of(game)
    spec = getattr(module, "__spec__", None)
    if spec is not None and spec.submodule_search_locations is not None:
        return f"{module.__name__}.{name}"  # a package: the module in it
    package = getattr(module, "__package__", None)
    return f"{package}.{name}" if package else name


def game_file(game: object, name: str) -> bytes:
    """A file the game declares, read from its package: the package of the game's module, or
    for a game that is a single module, that module's directory.

    Args:
        game: the game module (or its native ruleset, which carries the module's name).
        name: the file, relative to that package (a `Capabilities` field's value, checked).

    Raises:
        ConfigError: the game's module cannot be found, or the file is not there, or it is
            larger than `MAX_GAME_FILE_BYTES`.

    Examples:
        >>> import tablefeast
        >>> game_file(tablefeast.load("food_chain"), "rulings.md")[:22]
        b'# Food Chain: rulings\\n'
    """
    module = _module_of(game)
    spec = getattr(module, "__spec__", None)
    package, source = getattr(module, "__package__", None), getattr(module, "__file__", None)
    if spec is not None and spec.submodule_search_locations is not None:
        where: Any = resources.files(module.__name__)
    elif package:
        where = resources.files(package)
    elif source:
        where = pathlib.Path(source).parent
    else:
        raise ConfigError(
            f"the game {module.__name__!r:.80} has no package to read {name!r:.80} from"
        )
    path = where.joinpath(*name.split("/"))
    try:
        with path.open("rb") as file:
            data: bytes = file.read(MAX_GAME_FILE_BYTES + 1)
    except OSError:
        raise ConfigError(
            f"the game {module.__name__!r:.80} declares {name!r:.80}, which its package lacks"
        ) from None
    if len(data) > MAX_GAME_FILE_BYTES:
        raise ConfigError(f"{name!r:.80}: a file of at most {MAX_GAME_FILE_BYTES:,} bytes")
    return data
