"""The Ruleset contract every game module satisfies, and generic helpers built on it.

A game is a module (``tablefeast.games.<name>``) with the functions below; `tablefeast.load(name)`
returns it. The contract is a pure functional core: every function takes an immutable state and
returns a new value; nothing mutates, nothing reads a global random generator. `Ruleset` is
generic over the game's State, Action, Config and View classes; what a game offers beyond these
functions (its effects and words, its strategy, its move help...) it declares once, as
``CAPABILITIES`` (`tablefeast.kernel.capabilities.Capabilities`), so nobody probes for it.

Examples:
    >>> import tablefeast
    >>> game = tablefeast.load("schlacht_am_buffet")
    >>> isinstance(game, Ruleset)
    True
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, Protocol, TypeGuard, TypeVar, cast, runtime_checkable

import attrs

from tablefeast.kernel.capabilities import Capabilities
from tablefeast.kernel.chance import CHANCE, Distribution
from tablefeast.kernel.errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RecordError,
)
from tablefeast.kernel.limits import shown
from tablefeast.kernel.seats import check_actor_seat
from tablefeast.kernel.wording import seats_phrase

__all__ = [
    "AnyRuleset",
    "Ruleset",
    "apply_joint",
    "chance_outcomes_of",
    "check_move",
    "check_turn",
    "checks_its_state",
    "describe_actors",
    "illegal",
    "is_a_function_of_a_state",
    "legal_action_mask",
    "liveness_problems",
    "not_a_state",
    "refuse_other_states",
    "sample_chance",
]


S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")


@runtime_checkable
class Ruleset(Protocol[S, A, C, V]):
    """What a game module provides. States (S), actions (A), configs (C) and views (V) are the
    game's own attrs classes; ``Ruleset[Any, Any, Any, Any]`` is any game.

    Simultaneous steps: `actors` lists every seat still to commit; each `apply_action` records one
    commitment (hidden in views); the last one reveals and resolves. Chance nodes: `actors` is
    ``(CHANCE,)`` and `chance_distribution` / `chance_outcomes` give the exact outcomes.

    Examples:
        >>> import tablefeast
        >>> isinstance(tablefeast.load("food_chain"), Ruleset), isinstance(object(), Ruleset)
        (True, False)
    """

    NAME: str
    Config: type[C]
    Action: Any  # the union of the game's action classes (JSON reads actions through it)
    CAPABILITIES: Capabilities[S, A, C, V]

    def initial_state(self, config: C) -> S:
        """The state before anything happened (possibly a chance node: the shuffle and deal).

        Args:
            config: the game's configuration (player count and options).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> s.round, s.hands[0]
            (1, (3, 2, 2, 1, 1))
        """

    def actors(self, state: S) -> tuple[int, ...]:
        """Seats that must act now, ascending; ``(CHANCE,)`` at a chance node; ``()`` when over.

        Args:
            state: the state of the game.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.actors(fc.initial_state(fc.Config(players=3)))
            (0, 1, 2)
        """

    def legal_actions(self, state: S, player: int) -> tuple[A, ...]:
        """The legal actions of `player`, in a deterministic order (for CHANCE: the outcomes).

        Args:
            state: the state of the game.
            player: the acting seat, or CHANCE.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> [fc.action_to_str(a) for a in fc.legal_actions(s, 0)]
            ['play worm', 'play bird', 'play cat', 'play dog', 'play flea']
        """

    def why_not(self, state: S, player: int, action: object) -> str | None:
        """Why `action` by `player` is not legal now, or None when it is: the one legality
        check that `legal_actions` and `apply_action` share.

        Args:
            state: the state of the game.
            player: the acting seat, or CHANCE.
            action: the action to check.

        Raises:
            InvalidSeatError: `player` is not a seat (nor CHANCE).
            InvalidActionError: `action` is not an action of this game at all.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> fc.why_not(s, 0, fc.Play(fc.Animal.DOG)), fc.why_not(s, 0, fc.Take(1))
            (None, 'every player commits an animal now (FC-3)')
        """

    def chance_distribution(self, state: S) -> Distribution[A]:
        """The exact distribution of the chance node, as integer weights.

        Args:
            state: the state of the game, at a chance node.

        Examples:
            >>> import tablefeast.games.schlacht_am_buffet as sab
            >>> d = sab.chance_distribution(sab.initial_state(sab.Config(players=3)))
            >>> d.total, d.probability(sab.DrawCard(5))
            (110, Fraction(1, 11))
        """

    def chance_outcomes(self, state: S) -> tuple[tuple[A, Fraction], ...]:
        """``(outcome, probability)`` pairs of the chance node; probabilities sum to 1.

        Args:
            state: the state of the game, at a chance node.

        Examples:
            >>> import tablefeast.games.schlacht_am_buffet as sab
            >>> outcomes = sab.chance_outcomes(sab.initial_state(sab.Config(players=3)))
            >>> outcomes[0], sum(p for _, p in outcomes)
            ((DrawCard(card=-1), Fraction(1, 11)), Fraction(1, 1))
        """

    def apply_action(self, state: S, player: int, action: A) -> S:
        """Check legality, then return the next state; the input is never changed.

        Args:
            state: the state of the game.
            player: the acting seat, or CHANCE.
            action: the action to apply (for CHANCE: the outcome).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> fc.actors(fc.apply_action(s, 0, fc.Play(fc.Animal.DOG))), fc.actors(s)
            ((1, 2), (0, 1, 2))
        """

    def is_terminal(self, state: S) -> bool:
        """True when the game is over.

        Args:
            state: the state of the game.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.is_terminal(fc.initial_state(fc.Config(players=3)))
            False
        """

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score (running totals before the end).

        Args:
            state: the state of the game.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.scores(fc.initial_state(fc.Config(players=3)))
            (0, 0, 0)
        """

    def winners(self, state: S) -> frozenset[int]:
        """The winning seats once the game is over (empty before).

        Args:
            state: the state of the game.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> from tablefeast.kernel.play import RandomAgent, play_game
            >>> result = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1)
            >>> fc.scores(result.state), fc.winners(result.state)
            ((67, 52, 35), frozenset({0}))
        """

    def view(self, state: S, player: int | None) -> V:
        """Exactly what `player` may know (`None`: a spectator).

        Args:
            state: the state of the game.
            player: the viewing seat, or None for a spectator.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> s = fc.apply_action(s, 0, fc.Play(fc.Animal.DOG))
            >>> fc.view(s, 0).my_commitment, fc.view(s, 1).my_commitment, fc.view(s, 1).committed
            (3, None, (True, False, False))
        """

    def determinize(self, state: S, player: int | None, rng: random.Random) -> S:
        """A state `player` cannot tell from `state`, hidden parts resampled consistently.

        Args:
            state: the state of the game.
            player: the seat whose knowledge the new state must keep (None: a spectator's).
            rng: the generator the hidden parts are resampled with.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> s = fc.apply_action(s, 0, fc.Play(fc.Animal.DOG))
            >>> s.commitments, fc.determinize(s, 1, random.Random(0)).commitments
            ((3, None, None), (2, None, None))
        """

    def action_to_str(self, action: A) -> str:
        """The action in the game's move notation.

        Args:
            action: an action of this game (or a chance outcome).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.action_to_str(fc.Play(fc.Animal.DOG))
            'play dog'
        """

    def action_from_str(self, state: S, player: int, text: str) -> A:
        """Parse move notation (raises `InvalidActionError` on malformed text).

        Args:
            state: the state of the game, a seat's view of it, or None (the notation reads
                only its config, the default one for None).
            player: the acting seat, or CHANCE.
            text: the move in the game's notation.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.action_from_str(fc.initial_state(fc.Config(players=3)), 0, "play dog")
            Play(animal=<Animal.DOG: 'dog'>)
        """

    def num_distinct_actions(self, config: C) -> int:
        """Size of the fixed integer action encoding (player actions, then chance outcomes).

        Args:
            config: the game's configuration.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.num_distinct_actions(fc.Config(players=3))
            12
        """

    def action_to_id(self, action: A, config: C | None = None) -> int:
        """The action's integer id; pass the `config` when ids depend on it (a custom card set).

        Args:
            action: an action of this game (or a chance outcome).
            config: the game's configuration, when ids depend on it; None for the default one.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.action_to_id(fc.Play(fc.Animal.DOG))
            3
        """

    def action_from_id(self, state: S, player: int, action_id: int) -> A:
        """The action with that id (raises `InvalidActionError` for an id out of range).

        Args:
            state: the state of the game, a seat's view of it, or None (as for
                `action_from_str`).
            player: the acting seat, or CHANCE.
            action_id: the action's integer id, as `action_to_id` gives it.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> fc.action_from_id(fc.initial_state(fc.Config(players=3)), 0, 3)
            Play(animal=<Animal.DOG: 'dog'>)
        """


AnyRuleset = Ruleset[Any, Any, Any, Any]
"""Any game: a `Ruleset` whose State, Action, Config and View classes are not known here."""


class _Configured(Protocol):
    """A game's State: it carries the Config it was set up with."""

    @property
    def config(self) -> Any:  # the game's Config (the Ruleset's C, which a bound cannot name)
        """The game's configuration."""


ConfiguredState = TypeVar("ConfiguredState", bound=_Configured)
"""A game's State, whose ``config`` the helpers read."""


def describe_actors(actors: tuple[int, ...], detail: str = "") -> str:
    """Who acts now, in words, for "why not?" messages; `detail` says what they do. The seats are
    named as the library's wording names them (`seats_phrase`), so a client finds them.

    Args:
        actors: the seats that act now, as `actors` returns them.
        detail: what they do; empty for no detail.

    Examples:
        >>> describe_actors((0, 2), "commit a card"), describe_actors((1,)), describe_actors(())
        ('seats 0 and 2 act now: commit a card', 'seat 1 acts now', 'the game is over')
    """
    if not actors:
        return "the game is over"
    if actors == (CHANCE,):
        who = "chance acts now"
    else:
        who = f"{seats_phrase(actors)} {'acts' if len(actors) == 1 else 'act'} now"
    return f"{who}: {detail}" if detail else who


def check_turn(actors: tuple[int, ...], player: int) -> None:
    """Raise the right error unless `player` is among `actors`.

    Args:
        actors: the seats that act now, as `actors` returns them.
        player: the seat that wants to act, or CHANCE.

    Raises:
        GameOverError: nobody may act any more.
        NotYourTurnError: `player` is not to act now.

    Examples:
        >>> check_turn((0, 2), 2)
        >>> check_turn((0, 2), 1)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.NotYourTurnError: seat 1 may not act now; waiting for seats 0 and 2
    """
    if player in actors:
        return
    if not actors:
        raise GameOverError("the game is over: no seat may act")
    who = "chance" if player == CHANCE else f"seat {player}"
    expected = "chance" if actors == (CHANCE,) else seats_phrase(actors)
    raise NotYourTurnError(f"{who} may not act now; waiting for {expected}")


def illegal(player: int, action: object, reason: str | None) -> IllegalActionError:
    """The refusal of a well-formed move that is not legal now, worded once for every game:
    ``<action> by seat N is illegal: <why>`` (``by chance`` for a chance outcome).

    Args:
        player: the seat that tried the move, or CHANCE.
        action: the move (an action of the game: its repr is short).
        reason: why it is illegal, as the game's ``why_not`` says.

    Examples:
        >>> illegal(2, "play 3", "card 3 is not in this hand")
        IllegalActionError("'play 3' by seat 2 is illegal: card 3 is not in this hand")
        >>> str(illegal(CHANCE, 7, "no card is drawn now"))
        '7 by chance is illegal: no card is drawn now'
    """
    who = "chance" if player == CHANCE else f"seat {player}"
    return IllegalActionError(f"{action!r} by {who} is illegal: {reason}")


def check_move(
    player: object, action: object, players: int, action_types: tuple[type, ...], game: str
) -> None:
    """The first check of every `apply_action`, the same in every game: the seat, then the type.

    A `player` that is not a seat (nor CHANCE) raises `InvalidSeatError`; an `action` that is not
    an instance of the game's action classes (None, text, another game's action) raises
    `InvalidActionError`, whoever acts. Only then do the turn and the rules decide (the
    `IllegalActionError` family), so the same misuse raises the same class in every game.

    Args:
        player: the would-be actor.
        action: the would-be action.
        players: the number of seats.
        action_types: the game's action classes.
        game: the game's title, for the message ("Food Chain").

    Raises:
        InvalidSeatError: `player` is not a seat nor CHANCE.
        InvalidActionError: `action` is not an action of this game.

    Examples:
        >>> check_move(0, None, 3, (int,), "Food Chain")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: None is not a Food Chain action
    """
    if type(player) is not int or not (player == CHANCE or 0 <= player < players):
        check_actor_seat(player, players)
    if type(action) not in action_types:
        article = "an" if game[0] in "AEIOU" else "a"
        raise InvalidActionError(f"{shown(action)} is not {article} {game} action")


def apply_joint(ruleset: Ruleset[S, A, C, V], state: S, actions: Mapping[int, A]) -> S:
    """Apply one commitment per seat of a simultaneous step, in ascending seat order.

    The result does not depend on the order (the contract guarantees it); this helper is a
    convenience for callers that hold every seat's choice at once.

    Args:
        ruleset: the game module.
        state: the state of the game, at a simultaneous step.
        actions: each seat that must act, mapped to its action.

    Returns:
        The state after every commitment (the step revealed and resolved).

    Raises:
        NotYourTurnError: `actions` does not name exactly the seats that must act.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> sab.actors(s)
        (0, 1, 2)
        >>> sab.actors(apply_joint(sab, s, {p: sab.legal_actions(s, p)[0] for p in (0, 1, 2)}))
        (0,)
    """
    expected = ruleset.actors(state)
    if set(actions) != set(expected):
        raise NotYourTurnError(
            f"a joint action needs exactly seats {sorted(expected)}, got {sorted(actions)}"
        )
    for seat in sorted(actions):
        state = ruleset.apply_action(state, seat, actions[seat])
    return state


def legal_action_mask(
    ruleset: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState, player: int
) -> tuple[bool, ...]:
    """A boolean per action id: which ids are legal for `player` now.

    Args:
        ruleset: the game module.
        state: the state of the game.
        player: the acting seat, or CHANCE.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.chance import CHANCE
        >>> mask = legal_action_mask(sab, sab.initial_state(sab.Config(players=3)), CHANCE)
        >>> len(mask) == sab.num_distinct_actions(), sum(mask)
        (True, 11)
    """
    mask = [False] * ruleset.num_distinct_actions(state.config)
    for action in ruleset.legal_actions(state, player):
        mask[ruleset.action_to_id(action, state.config)] = True
    return tuple(mask)


def chance_outcomes_of(
    distribution: Callable[[S], Distribution[A]],
) -> Callable[[S], tuple[tuple[A, Fraction], ...]]:
    """A game's ``chance_outcomes``, made from its ``chance_distribution``: the same node as
    ``(outcome, exact probability)`` pairs, in the distribution's order. Written once here, so
    that every game gives them alike.

    Args:
        distribution: the game's ``chance_distribution``.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> outcomes = chance_outcomes_of(sab.chance_distribution)
        >>> outcomes(sab.initial_state(sab.Config(players=3)))[:2]
        ((DrawCard(card=-1), Fraction(1, 11)), (DrawCard(card=0), Fraction(1, 11)))
    """

    def chance_outcomes(state: S) -> tuple[tuple[A, Fraction], ...]:
        """``(outcome, exact probability)`` pairs of the current chance node, in the order of
        its `chance_distribution`; the probabilities sum to exactly 1.

        Args:
            state: the state of the game, at a chance node.

        Raises:
            IllegalActionError: the state is not a chance node.
        """
        return distribution(state).probabilities()

    return chance_outcomes


def sample_chance(ruleset: Ruleset[S, A, C, V], state: S, rng: random.Random) -> A:
    """Sample the chance node's outcome exactly with `rng`.

    Args:
        ruleset: the game module.
        state: the state of the game, at a chance node.
        rng: the only source of randomness.

    Examples:
        >>> import random
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> sample_chance(sab, sab.initial_state(sab.Config(players=3)), random.Random(0))
        DrawCard(card=9)
    """
    return ruleset.chance_distribution(state).sample(rng)


def liveness_problems(ruleset: Ruleset[S, A, C, V], state: S) -> list[str]:
    """What keeps `state` from playing on: the last part of every game's state check.

    A state that is not over must have actors; a chance node must have outcomes; every acting
    seat must have a legal action. Call it only on a state whose structure is already checked
    (sizes bounded), so that listing legal actions costs at most linear time.

    Args:
        ruleset: the game module.
        state: a structurally sound state of that game.

    Returns:
        The problems found, as messages (empty when the state can play on).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> liveness_problems(fc, fc.initial_state(fc.Config(players=3)))
        []
    """
    acting = ruleset.actors(state)
    if not acting:
        return [] if ruleset.is_terminal(state) else ["the game is not over, yet nobody acts"]
    if acting == (CHANCE,):
        weights = ruleset.chance_distribution(state).weights
        if not weights or sum(weights) <= 0:
            return ["chance must act, but has no outcome"]
        return []
    return [
        f"seat {seat} must act, but has no legal action"
        for seat in acting
        if not ruleset.legal_actions(state, seat)
    ]


def not_a_state(state: object, title: str) -> RecordError:
    """The refusal of what is not a state of the game `title`, worded once for every game (and
    as the native cores word it).

    Args:
        state: what was given where a state was needed.
        title: the game's title ("Food Chain").

    Examples:
        >>> not_a_state(None, "Food Chain")
        RecordError('not a Food Chain state: None')
        >>> str(not_a_state(3, "All You Can Eat Buffet"))
        'not an All You Can Eat Buffet state: 3'
    """
    article = "an" if title[:1] in ("A", "E", "I", "O", "U") else "a"
    return RecordError(f"not {article} {title} state: {shown(state)}")


T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., object])


def checks_its_state(function: F) -> F:
    """Mark a game's function of a state that refuses what is not one itself, first thing:
    ``if type(state) is not State: raise not_a_state(state, TITLE)``. Only the hot path's few
    functions do (`actors`, `legal_actions`, `apply_action`, `chance_distribution`): the test
    inline costs about 90 instructions a call, the call `refuse_other_states` puts in front of
    every other function about 500, and a random playout makes three of those calls a decision
    (4% of its 43,000 instructions). `refuse_other_states` leaves a marked function as it is.

    Args:
        function: the function, which checks its own state.

    Examples:
        >>> @checks_its_state
        ... def actors(state):
        ...     return ()
        >>> actors.refuses_other_states
        True
    """
    cast(Any, function).refuses_other_states = True
    return function


NO_STATE = frozenset({"action_from_str", "action_from_id"})
"""The contract's functions of a state that also take a seat's view, and None for none: the
notation, which reads a state only for its config's card lists (the default lists without one),
and a view has the same config (a client parses the moves it is offered with its view)."""

PROBLEMS = frozenset({"check_state"})
"""The functions of a state that report what is wrong with it: what is not a state is one
problem, not an error."""


def refuse_other_states(namespace: dict[str, Any], state_class: type, title: str) -> None:
    """Make every public function of a state in a game module refuse what is not one.

    A game's functions read their state's fields as they find them: given None, an object or
    another game's state, they would raise AttributeError or TypeError, or answer for a state
    they were not given. Each function named in the module's ``__all__`` whose first parameter
    is ``state``, and each such function its ``CAPABILITIES`` declare, is replaced by one that
    first checks ``type(state) is state_class`` and raises `not_a_state`'s `RecordError`
    otherwise, as the native cores refuse what is not one of their states; but a function
    marked `checks_its_state` (the hot path, which checks inline) stays as it is. `NO_STATE`'s
    functions take the module's ``View`` and None too; `PROBLEMS`' return the refusal as their
    one problem. The functions keep their names, signatures and documents; calls inside the game
    go to the unchecked functions. A game calls it once, at the end of its module (a plug-in
    game may too).

    Args:
        namespace: the game module's globals (its ``__all__`` and ``CAPABILITIES``).
        state_class: the game's `State`.
        title: the game's title, for the message.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> fc.actors(None)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: not a Food Chain state: None
        >>> fc.check_state(object())
        ['not a Food Chain state: <object object at ...>']
        >>> fc.CAPABILITIES.apply_traced is fc.apply_traced
        True
    """
    made: dict[int, Callable[..., object]] = {}
    view_class = namespace.get("View", state_class)

    def checked(name: str, function: T) -> T:
        if not _of_a_state(function):
            return function
        if id(function) not in made:
            mode = "none" if name in NO_STATE else "problems" if name in PROBLEMS else "raise"
            made[id(function)] = _refusing(function, state_class, view_class, title, mode)
        return cast(T, made[id(function)])  # the same parameters, behind the check

    for name in namespace["__all__"]:
        namespace[name] = checked(name, namespace[name])
    capabilities = namespace.get("CAPABILITIES")
    if isinstance(capabilities, Capabilities):
        changes = {f.name: checked(f.name, getattr(capabilities, f.name)) for f in _FIELDS}
        choice = capabilities.multiset_choice
        if choice is not None:
            changes["multiset_choice"] = attrs.evolve(
                choice, chooser=checked("", choice.chooser), held=checked("", choice.held)
            )
        namespace["CAPABILITIES"] = attrs.evolve(capabilities, **changes)


_FIELDS = attrs.fields(Capabilities)


def _of_a_state(function: object) -> TypeGuard[Callable[..., object]]:
    """Whether `function` is a function of a state that does not already refuse what is not
    one."""
    return is_a_function_of_a_state(function) and not getattr(
        function, "refuses_other_states", False
    )


def is_a_function_of_a_state(value: object) -> TypeGuard[Callable[..., object]]:
    """Whether `value` is a function whose first parameter is ``state``: a Python function, or
    one the compiled build (mypyc) made of it, which is a builtin with the same signature.

    Args:
        value: anything a game module holds.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> is_a_function_of_a_state(fc.actors), is_a_function_of_a_state(fc.Config)
        (True, False)
    """
    if not (inspect.isfunction(value) or inspect.isbuiltin(value)):
        return False
    try:
        parameters = inspect.signature(value).parameters
    except (TypeError, ValueError):  # a builtin that does not say its signature
        return False
    return list(parameters)[:1] == ["state"]


def _refusing(
    function: Callable[..., object], state_class: type, view_class: type, title: str, mode: str
) -> Callable[..., object]:
    """`function` behind the check of its state (`refuse_other_states`): with its own
    parameters where they are plain (one call, no packing: the pure engine's hot path), else
    with ``*args, **kwargs``."""
    parameters = list(inspect.signature(function).parameters.values())
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in parameters)
    names = ", ".join(p.name for p in parameters) if plain else "state, *args, **kwargs"
    test = "type(state) is not _State"
    if mode == "none":
        test += " and type(state) is not _View and state is not None"
    refuse = "return [str(_refused(state))]" if mode == "problems" else "raise _refused(state)"
    scope: dict[str, Any] = {
        "_function": function,
        "_State": state_class,
        "_View": view_class,
        "_refused": functools.partial(not_a_state, title=title),
    }
    source = (
        f"def checked({names}):\n    if {test}:\n        {refuse}\n    return _function({names})"
    )
    exec(source, scope)  # a function with `function`'s own parameters, as attrs makes them
    checked: Callable[..., object] = scope["checked"]
    functools.update_wrapper(checked, function)
    return checks_its_state(checked)  # it refuses other states: `refuse_other_states` skips it
