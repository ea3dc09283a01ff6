"""Typed effects: what one step did, told once, by the rules, as it happened.

A game's traced transition, ``apply_traced(state, player, action)``, returns the next state and a
tuple of `Effect` values, in the order things happened at the table: a card drawn, a mouse
caught, a plate taken, the reveal of a simultaneous step. It runs the same code as
``apply_action`` (the rules append their effects as they go), so nothing downstream has to work
out a step's story again by comparing two states, and nothing applies a move twice: the event
log in words, the analysis' special situations, the server and the terminal all read effects.

Each effect says who may see it: `Effect.seen_by(viewer)` returns the effect as that seat (or a
spectator, None) may know it: itself when it is public, a copy with the hidden parts blanked
(a card drawn into a hand shows its face to that hand's owner only), or None when nothing of it
is seen. `seen` filters a tuple of effects for a viewer.

A game declares its traced transition and the readers of its effects in its capabilities
(``CAPABILITIES.apply_traced``, ``public_events``, ``situations``); `trace`, `tell` and `label`
call them for any game. A game without effects of its own (a plug-in game) gets the plain ones:
`Committed` for a commitment at a simultaneous step, `Moved` for any other move, nothing for
chance, and plain words for them ("seat 0 committed"), which cannot leak.

Examples:
    >>> import tablefeast
    >>> from tablefeast.kernel.record import position
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> s = position(sab, sab.Config(players=3), "card 4")
    >>> after, effects = trace(sab, s, CHANCE, sab.DrawCard(9))
    >>> effects, seen(effects, 1)
    ((CardDrawn(seat=0, card=9),), (CardDrawn(seat=0, card=None),))
    >>> tell(sab, s.config, effects)  # a card drawn into a hand: nothing to say
    ()
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

import attrs

from tablefeast.kernel.chance import CHANCE

if TYPE_CHECKING:
    from tablefeast.kernel.ruleset import Ruleset

__all__ = [
    "Committed",
    "Effect",
    "LastResult",
    "Moved",
    "label",
    "plain_effects",
    "plain_words",
    "seen",
    "tell",
    "trace",
]

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")


@attrs.frozen
class Effect:
    """Something a step did. Each game's effects are subclasses (frozen attrs classes).

    Public by default: a subclass with hidden parts overrides `seen_by`.
    """

    def seen_by(self, viewer: int | None) -> Effect | None:
        """This effect as `viewer` may know it (None: a spectator): itself, a copy with the
        hidden parts blanked, or None when nothing of it is seen.

        Args:
            viewer: the seat, or None for a spectator.

        Examples:
            >>> Moved(0, "play 5").seen_by(None)
            Moved(seat=0, move=None)
        """
        return self


@attrs.frozen
class Moved(Effect):
    """A seat made a move (the plain effect of a game without its own): everybody sees that it
    moved, only the seat sees what, since a plain effect cannot know what the move shows.

    Attributes:
        seat: the seat.
        move: the move in the game's notation.
    """

    seat: int
    move: str | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else Moved(self.seat, None)


@attrs.frozen
class Committed(Effect):
    """A seat committed at a simultaneous step: everybody sees that it did, only the seat sees
    what (the plain effect of a game without its own).

    Attributes:
        seat: the seat.
        move: the move in notation, or None where it is hidden.

    Examples:
        >>> Committed(1, "play 3").seen_by(1), Committed(1, "play 3").seen_by(0)
        (Committed(seat=1, move='play 3'), Committed(seat=1, move=None))
    """

    seat: int
    move: str | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else Committed(self.seat, None)


def seen(effects: Iterable[Effect], viewer: int | None) -> tuple[Effect, ...]:
    """The effects as `viewer` may know them (None: a spectator), in order.

    Args:
        effects: the effects of one or more steps.
        viewer: the seat, or None for a spectator.

    Examples:
        >>> seen((Committed(0, "play 3"), Moved(1, "take 0")), 1)
        (Committed(seat=0, move=None), Moved(seat=1, move='take 0'))
    """
    out = []
    for effect in effects:
        shown = effect.seen_by(viewer)
        if shown is not None:
            out.append(shown)
    return tuple(out)


def plain_effects(
    game: Ruleset[S, A, C, V], state: S, player: int, action: A
) -> tuple[Effect, ...]:
    """The plain effects of a move in `state` (before it is applied), for a game without its
    own: `Committed` at a simultaneous step, `Moved` otherwise, nothing for chance.

    Args:
        game: the game module.
        state: the state the move is made in.
        player: the acting seat, or CHANCE.
        action: the move.

    Examples:
        >>> import tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> plain_effects(fc, s, 1, fc.Play(fc.Animal.CAT))
        (Committed(seat=1, move='play cat'),)
    """
    if player == CHANCE:
        return ()
    text = game.action_to_str(action)
    if len(game.actors(state)) > 1:
        return (Committed(player, text),)
    return (Moved(player, text),)


def plain_words(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The plain words of effects as a spectator sees them: ``seat N committed`` for a
    commitment, ``seat N moved`` for another move (a game's own effects say nothing here).

    Args:
        effects: the effects of one or more moves.

    Examples:
        >>> plain_words((Committed(0, "play 3"), Moved(1, "take 0")))
        ('seat 0 committed', 'seat 1 moved')
    """
    lines = []
    for effect in seen(effects, None):
        if isinstance(effect, Committed):
            lines.append(f"seat {effect.seat} committed")
        elif isinstance(effect, Moved):
            lines.append(f"seat {effect.seat} moved")
    return tuple(lines)


def trace(
    game: Ruleset[S, A, C, V], state: S, player: int, action: A
) -> tuple[S, tuple[Effect, ...]]:
    """The next state and the effects of `player`'s `action`: the game's own traced transition
    where it declares one, else ``apply_action`` and the plain effects.

    Args:
        game: the game module.
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action (for CHANCE: the outcome).

    Raises:
        TablefeastError: the move is refused, as by ``apply_action`` (nothing changed).

    Examples:
        >>> import tablefeast
        >>> sab = tablefeast.load("schlacht_am_buffet")
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> trace(sab, s, CHANCE, sab.DrawCard(4))[1][-1]
        CardDrawn(seat=0, card=4)
    """
    traced = game.CAPABILITIES.apply_traced
    if traced is not None:
        return traced(state, player, action)
    after = game.apply_action(state, player, action)
    return after, plain_effects(game, state, player, action)


def tell(game: Ruleset[S, A, C, V], config: C, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What a spectator saw of `effects`, in words: the game's own words where it declares
    them, else the plain ones. Never more than a spectator may know.

    Args:
        game: the game module.
        config: the game's configuration.
        effects: the effects of one or more moves.
    """
    public = seen(effects, None)  # whatever the game's words read, a spectator's effects only
    words = game.CAPABILITIES.public_events
    return words(config, public) if words is not None else plain_words(public)


def label(game: Ruleset[S, A, C, V], effects: Iterable[Effect]) -> tuple[str, ...]:
    """The special situations among `effects`, as the game labels them (none where it
    declares no labels).

    Args:
        game: the game module.
        effects: the effects of one or more moves.
    """
    situations = game.CAPABILITIES.situations
    return situations(effects) if situations is not None else ()


MAX_RESULT_LINES = 40
"""The most lines a `LastResult` keeps (the latest ones): a step's story is short in every game,
and the server holds one per table."""


@attrs.frozen
class LastResult:
    """How the latest step came out, in a spectator's words, kept until the next step's result.

    A game declares the effects that tell how a step came out (``CAPABILITIES.outcomes``: a
    reveal, who won the duel, who dropped out with which plate, the snatches of a pass, a
    mouse caught, the Moods carried out). Their words gather into one result; any other move
    with a hidden part (a commitment, a card drawn into a hand) closes it, and the next outcome
    after that begins the next result. So the result of a step stays readable while the next
    one is being decided, and anyone who replays the same moves gets the same result (a server
    after a restart, a page after a reload).

    Attributes:
        lines: the result's words (public: what a spectator saw).
        closed: a hidden move came since: the next outcome begins a new result.

    Examples:
        >>> import tablefeast
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> fc = tablefeast.load("food_chain")
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> result = LastResult()
        >>> for seat, animal in ((0, "bird"), (1, "worm"), (2, "cat")):
        ...     s, effects = trace(fc, s, seat, fc.action_from_str(s, seat, f"play {animal}"))
        ...     result = result.after(fc, s.config, effects)
        >>> for line in result.lines:
        ...     print(line)
        revealed: seat 0 plays bird, seat 1 plays worm, seat 2 plays cat
        the birds snatch: seat 0 takes first
        >>> s, effects = trace(fc, s, 0, fc.action_from_str(s, 0, "take 1"))
        >>> result.after(fc, s.config, effects).lines[2:]  # the snatches of the pass add up
        ("seat 0's bird takes seat 1's worm", 'the cats snatch: seat 2 takes first')
    """

    lines: tuple[str, ...] = ()
    closed: bool = True

    def after(self, game: Ruleset[S, A, C, V], config: C, effects: Iterable[Effect]) -> LastResult:
        """The result once one more move's `effects` happened.

        Args:
            game: the game module.
            config: the game's configuration.
            effects: the effects of one move (in order).
        """
        outcomes = game.CAPABILITIES.outcomes
        if not outcomes:
            return self
        lines, closed = self.lines, self.closed
        current: list[Effect] = []
        for effect in effects:
            if isinstance(effect, outcomes):  # (its words show what a spectator saw of it)
                if closed:  # the first outcome of a new step: it begins the next result
                    lines, current, closed = (), [], False
                current.append(effect)
            elif effect.seen_by(None) != effect:  # a hidden move: the result so far is told
                closed = True
        if current:
            lines = (*lines, *tell(game, config, current))[-MAX_RESULT_LINES:]
        return LastResult(lines, closed)
