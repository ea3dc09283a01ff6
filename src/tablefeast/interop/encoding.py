"""How the adapters number a game's actions and write its observations (issue 32).

The OpenSpiel forms and the PettingZoo environments share one `Encoding` per game and config:

- **Action ids** are the game's own integer encoding (`action_to_id`), except in Schlacht am
  Buffet. There, an exchange (SAB-7: the first mouse out discards any part of its hand, up to 9
  cards of 11 values, then draws as many) has 167,960 ids of its own in the game's encoding, so
  an action mask would hold 168,019 values. The adapters factor it instead: the exchanging seat
  makes one small decision per card, **discard v** (11 ids, one per card value, legal while its
  hand holds a card of that value not yet chosen), then **done**, which applies the engine's
  single atomic `Exchange` with the cards chosen (done at once keeps the whole hand). The game
  keeps its atomic `Exchange`; only the adapters factor it, holding the cards chosen so far (the
  *pending* discard) in their own state. Schlacht am Buffet's adapter ids are then:

  | ids | actions |
  |---|---|
  | 0-10 | ``play -1`` ... ``play 9`` (the game's ids) |
  | 11-21 | ``discard -1`` ... ``discard 9`` |
  | 22 | done: ``exchange ...`` with the cards chosen |
  | 23-33 | chance: ``card -1`` ... ``card 9`` (the game's ids, less the exchanges' block) |
  | 34-69 | chance: the 36 plates, by buffet rank (likewise) |

  70 ids in all (and the no-op, 70, where an adapter has one); every other game keeps its ids.
- **Observations** are written straight from the state with the game's `observation_tensor_of`
  (no view in between; a game without one, such as a plug-in, goes through its view). In
  Schlacht am Buffet the tensor ends with the pending discard, 11 counts (values -1 to 9): the
  exchanging seat's own, zeros for every other seat and the spectator. While it chooses, only
  it acts, and the cards it has chosen are its own business until done lays them face up on the
  discard pile (SAB-7); so two different pending discards give the chooser two different
  observations (and information states), and the others the same.

Examples:
    >>> import tablefeast
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> encoding = encoding_for(sab, sab.Config(players=3))
    >>> encoding.size, encoding.to_id(sab.Play(9), encoding.config), encoding.extra
    (70, 10, 11)
    >>> encoding.from_id(None, 0, 20), encoding.from_id(None, 0, 22)
    (Discard(value=8), Done())
    >>> fc = tablefeast.load("food_chain")
    >>> encoding_for(fc, fc.Config(players=3)).size == fc.num_distinct_actions(fc.Config(3))
    True
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from math import comb
from typing import Any

import attrs

import tablefeast
from tablefeast import native
from tablefeast.kernel.capabilities import MultisetChoice
from tablefeast.kernel.errors import IllegalActionError, InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.kernel.tensor import zeros

__all__ = ["DONE", "Discard", "Done", "Encoding", "MultisetEncoding", "encoding_for"]

Pending = tuple[int, ...]
"""The cards chosen so far for an exchange, highest first (as `Exchange.discard` keeps them);
``()`` when none are, or when no exchange is under way."""


@attrs.frozen
class Discard:
    """An adapter's decision in Schlacht am Buffet: one more card of this value for the pending
    exchange (SAB-7). Not an action of the game: done turns the cards chosen into one.

    Examples:
        >>> Discard(9)
        Discard(value=9)
    """

    value: int


@attrs.frozen
class Done:
    """An adapter's decision in Schlacht am Buffet: the exchange is complete, apply it with the
    cards chosen (the game's atomic `Exchange`)."""


DONE = Done()
"""The one `Done`."""


class Encoding:
    """The game's own ids, and its observation tensor written from the state: what the adapters
    use for every game that declares no decision of several cards at once (`MultisetEncoding`).

    Attributes:
        ruleset: the game module.
        config: its Config.
        size: the number of ids (an adapter's no-op, where it has one, is `size`).
        factored: whether some decision is factored into several (Schlacht am Buffet's exchange).
        extra: how many values the adapters append to the game's observation tensor.
        exact: ``exact(state) -> bool``: whether every value of the state's tensors is one
            that a float32 holds exactly (whole numbers below 2**24: counts, flags, one-hots,
            scores), so that the adapters may hand the values out as they are, without
            rounding them through a float32 array (the game's ``whole_number_tensors``).
        to_id: ``to_id(action, config) -> id`` (the game's `action_to_id` here).
        from_id: ``from_id(state, player, id) -> action`` (the game's `action_from_id` here).
    """

    factored = False
    extra = 0
    on_core = False
    """Whether ids, masks, moves and tensors come from a native core
    (`tablefeast.interop.core_encoding`)."""

    def __init__(self, ruleset: AnyRuleset, config: object) -> None:
        self.ruleset = ruleset
        self.config = config
        self.size: int = ruleset.num_distinct_actions(config)
        # the game's own functions, bound as they are: no call in between on the hot paths
        self.to_id: Callable[[object, object], int] = ruleset.action_to_id
        self.from_id: Callable[[object, int, int], object] = ruleset.action_from_id
        self._tensor_of = _tensor_function(ruleset)
        # A game's declaration; a plug-in that says nothing is rounded, to be safe.
        claim = getattr(ruleset.CAPABILITIES, "whole_number_tensors", False)
        self.exact: Callable[[Any], bool] = (
            claim if callable(claim) else (_always if claim is True else _never)
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        return self  # nothing in it ever changes

    def __reduce__(self) -> tuple[object, ...]:
        engine = getattr(self.ruleset, "engine", "pure")
        return _encoding_on, (self.ruleset.NAME, engine, self.config, self.factored)

    def chooser(self, inner: object) -> int | None:
        """The seat whose decision is factored now, or None (always None here).

        Args:
            inner: the game's state.
        """
        return None

    def legal(self, inner: object, seat: int, pending: Pending) -> tuple[list[int], list[object]]:
        """The chooser's legal ids, ascending, and the decision of each (factored games only).

        Args:
            inner: the game's state.
            seat: the chooser.
            pending: the cards chosen so far.
        """
        raise InvalidActionError(f"{self.ruleset.NAME} has no factored decision")

    def why_not(self, inner: object, seat: int, pending: Pending, action: object) -> str | None:
        """Why `seat` may not take `action` now (None when it may): the game's `why_not`.

        Args:
            inner: the game's state.
            seat: the acting seat.
            pending: the cards chosen so far.
            action: what `from_id` gave.
        """
        reason: str | None = self.ruleset.why_not(inner, seat, action)
        return reason

    def advance(
        self, inner: object, seat: int, pending: Pending, action: object
    ) -> tuple[object, Pending]:
        """The state and the pending discard after `seat` takes `action` (checked).

        Args:
            inner: the game's state.
            seat: the acting seat, or CHANCE.
            pending: the cards chosen so far.
            action: what `from_id` gave.

        Raises:
            IllegalActionError: the action is not legal now (the game's own error).
        """
        return self.ruleset.apply_action(inner, seat, action), ()

    def atomic(self, action: object, pending: Pending) -> object:
        """The game's action a decision completes (`action` itself here).

        Args:
            action: what `from_id` gave.
            pending: the cards chosen so far.
        """
        return action

    def describe(self, action: object, pending: Pending) -> str:
        """The decision in words: the game's notation.

        Args:
            action: what `from_id` gave.
            pending: the cards chosen so far.
        """
        return str(self.ruleset.action_to_str(action))

    def tensor(self, inner: object, pending: Pending, viewer: int | None) -> tuple[float, ...]:
        """The viewer's observation tensor: the game's, from the state, and what the adapters
        append to it (`tensor_parts`, joined).

        Args:
            inner: the game's state.
            pending: the cards chosen so far.
            viewer: the seat, or None for the spectator.
        """
        game, tail = self.tensor_parts(inner, pending, viewer)
        return game + tail if tail else game

    def tensor_parts(
        self, inner: object, pending: Pending, viewer: int | None
    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The viewer's observation tensor in two parts: the game's (from the state, by its
        `observation_tensor_of`), and what the adapters append (nothing here). Kept apart for
        the adapters, which copy the values into a list or pack them anyway: joining the parts
        first would copy the whole tensor once more.

        Args:
            inner: the game's state.
            pending: the cards chosen so far.
            viewer: the seat, or None for the spectator.
        """
        return self._tensor_of(inner, viewer), ()

    def mark(self, inner: object, pending: Pending, viewer: int | None) -> str:
        """What the viewer knows beyond its view, as text (nothing here): it ends the
        observation string and goes into the information state.

        Args:
            inner: the game's state.
            pending: the cards chosen so far.
            viewer: the seat, or None for the spectator.
        """
        return ""

    def resample(self, inner: object, seat: int, pending: Pending, rng: random.Random) -> Pending:
        """The pending discard of a state drawn for `seat` (`determinize` gave `inner`): kept
        when the seat chose it, else drawn again (nothing is pending here).

        Args:
            inner: the drawn state.
            seat: the seat the state was drawn for.
            pending: the cards chosen so far in the original state.
            rng: the draw's generator.
        """
        return ()


class MultisetEncoding(Encoding):
    """A game whose decision of several cards at once (`MultisetChoice`, which the game
    declares: Schlacht am Buffet's exchange) is factored into one decision per card and done
    (module docs)."""

    factored = True

    def __init__(self, ruleset: AnyRuleset, config: object) -> None:
        super().__init__(ruleset, config)
        choice: MultisetChoice[Any, Any] | None = ruleset.CAPABILITIES.multiset_choice
        if choice is None:
            raise ValueError(f"{ruleset.NAME} declares no decision of several cards at once")
        self.choice = choice
        game_to_id, game_from_id = ruleset.action_to_id, ruleset.action_from_id
        self.values: tuple[int, ...] = tuple(choice.values)
        self._position = {value: k for k, value in enumerate(self.values)}
        self.extra = len(self.values)
        self._nothing_pending = zeros(self.extra)
        first = game_to_id(choice.action(()), config)
        block = comb(choice.most + len(self.values), len(self.values))  # each choice: one id
        self._first = first
        self._done = first + len(self.values)
        gap = block - len(self.values) - 1  # the block shrinks to one id per value, and done
        self.size = self.size - gap
        self._discards = tuple(Discard(value) for value in self.values)

        def to_id(action: object, config: object = None) -> int:
            if isinstance(action, Discard):
                return first + self._position[action.value]
            if isinstance(action, Done):
                return self._done
            i = game_to_id(action, config)
            if i < first:
                return i
            if i < first + block:
                raise InvalidActionError(
                    f"{shown(action)} has no id in the adapters: it is a {choice.verb} per "
                    "card, then done"
                )
            return i - gap

        def from_id(state: object, player: int, action_id: int) -> object:
            if type(action_id) is not int or not 0 <= action_id < self.size:
                raise InvalidActionError(
                    f"action id {shown(action_id)} is not in range(0, {self.size})"
                )
            if action_id < first:
                return game_from_id(state, player, action_id)
            if action_id < self._done:
                return self._discards[action_id - first]
            if action_id == self._done:
                return DONE
            return game_from_id(state, player, action_id + gap)

        self.to_id = to_id
        self.from_id = from_id

    def chooser(self, inner: object) -> int | None:
        """The seat choosing its cards now (Schlacht am Buffet: the exchanger, SAB-7), or None.

        Args:
            inner: the game's state.
        """
        seat: int | None = self.choice.chooser(inner)
        return seat

    def _left(self, inner: object, seat: int, pending: Pending) -> list[int]:
        """The seat's cards not yet chosen, as counts by value."""
        left = list(self.choice.held(inner, seat))
        for value in pending:
            left[self._position[value]] -= 1
        return left

    def legal(self, inner: object, seat: int, pending: Pending) -> tuple[list[int], list[object]]:
        left = self._left(inner, seat, pending)
        ids = [self._first + k for k, count in enumerate(left) if count > 0]
        actions: list[object] = [self._discards[i - self._first] for i in ids]
        ids.append(self._done)
        actions.append(DONE)
        return ids, actions

    def why_not(self, inner: object, seat: int, pending: Pending, action: object) -> str | None:
        if not isinstance(action, Discard | Done):
            return super().why_not(inner, seat, pending, action)
        choice = self.choice
        if self.chooser(inner) != seat:
            return (
                f"only the seat choosing its cards now may {choice.verb} or be done "
                f"({choice.ruling})"
            )
        if (
            isinstance(action, Discard)
            and self._left(inner, seat, pending)[self._position[action.value]] <= 0
        ):
            return f"no card {action.value} is left in this hand to {choice.verb} ({choice.ruling})"
        return None

    def advance(
        self, inner: object, seat: int, pending: Pending, action: object
    ) -> tuple[object, Pending]:
        if isinstance(action, Discard | Done):
            reason = self.why_not(inner, seat, pending, action)
            if reason is not None:
                raise IllegalActionError(reason)
            if isinstance(action, Discard):
                return inner, tuple(sorted((*pending, action.value), reverse=True))
            return self.ruleset.apply_action(inner, seat, self.choice.action(pending)), ()
        return self.ruleset.apply_action(inner, seat, action), pending

    def atomic(self, action: object, pending: Pending) -> object:
        return self.choice.action(pending) if isinstance(action, Done) else action

    def describe(self, action: object, pending: Pending) -> str:
        if isinstance(action, Discard):
            return f"{self.choice.verb} {action.value}"
        return str(self.ruleset.action_to_str(self.atomic(action, pending)))

    def tensor_parts(
        self, inner: object, pending: Pending, viewer: int | None
    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        tail = self._nothing_pending
        if pending and viewer is not None and viewer == self.chooser(inner):  # its own alone
            counts = [0.0] * self.extra
            for value in pending:
                counts[self._position[value]] += 1.0
            tail = tuple(counts)
        return self._tensor_of(inner, viewer), tail

    def mark(self, inner: object, pending: Pending, viewer: int | None) -> str:
        if pending and viewer is not None and viewer == self.chooser(inner):
            return f"\nto {self.choice.verb}: " + " ".join(map(str, pending))
        return ""

    def resample(self, inner: object, seat: int, pending: Pending, rng: random.Random) -> Pending:
        chooser = self.chooser(inner)
        if not pending or chooser is None or seat == chooser:
            return pending  # none, or the seat's own choice: it knows it
        # Another seat knows how many cards were chosen (one decision each), not which: as many,
        # drawn from the hand the sample dealt the chooser.
        held = zip(self.values, self.choice.held(inner, chooser), strict=True)
        cards = [value for value, count in held for _ in range(count)]
        return tuple(sorted(rng.sample(cards, len(pending)), reverse=True))


def _always(state: object) -> bool:
    return True


def _never(state: object) -> bool:
    return False


def _tensor_function(ruleset: AnyRuleset) -> Callable[[object, int | None], tuple[float, ...]]:
    """The game's tensor of a state and viewer: `observation_tensor_of`, else through the view."""
    direct: Callable[[object, int | None], tuple[float, ...]] | None = getattr(
        ruleset, "observation_tensor_of", None
    )
    if direct is not None:
        return direct

    def through_view(inner: object, viewer: int | None) -> tuple[float, ...]:
        _, observe = ruleset.CAPABILITIES.observations()  # says so when there is none
        return observe(ruleset.view(inner, viewer))

    return through_view


_HAS_NUMPY = importlib.util.find_spec("numpy") is not None
"""Whether a native game's encoding can take its ids, masks and tensors from the core (which
writes NumPy arrays); without NumPy it goes through the rules' functions, as a pure one does."""
_CACHE: dict[tuple[str, type, object, bool], Encoding] = {}
_CACHE_LIMIT = 64


def encoding_for(ruleset: AnyRuleset | str, config: object, factored: bool = True) -> Encoding:
    """The adapters' encoding of a game under a config (one per triple, kept).

    Args:
        ruleset: the game module, or its name.
        config: its Config.
        factored: factor a decision of several cards at once where the game declares one
            (`MultisetEncoding`); False keeps the game's own ids (an action mask as wide as
            they are), as a learner that plays the game's own moves needs.

    Examples:
        >>> import tablefeast
        >>> sab = tablefeast.load("schlacht_am_buffet")
        >>> encoding_for(sab, sab.Config(players=4)).size
        70
        >>> encoding_for(sab, sab.Config(players=4), factored=False).size
        168018
    """
    game = tablefeast.load(ruleset) if isinstance(ruleset, str) else ruleset
    key = (game.NAME, type(game), config, factored)  # the pure module and its native twin apart
    known = _CACHE.get(key)
    if known is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        if isinstance(game, native.NativeRuleset) and _HAS_NUMPY:
            from tablefeast.interop.core_encoding import core_encoding  # the core writes arrays

            known = _CACHE[key] = core_encoding(game, config, factored)
            return known
        multiset = factored and getattr(game.CAPABILITIES, "multiset_choice", None) is not None
        known = _CACHE[key] = (MultisetEncoding if multiset else Encoding)(game, config)
    return known


def _encoding_on(name: str, engine: str, config: object, factored: bool) -> Encoding:
    """The encoding of the game `name` on `engine` (an unpickled encoding's)."""
    return encoding_for(tablefeast.load(name, engine=engine), config, factored)
