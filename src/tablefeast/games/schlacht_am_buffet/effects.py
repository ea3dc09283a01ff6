"""The effects of Schlacht am Buffet: what one step did at the table, told once, by the rules.

`apply_traced` (in `rules`) returns them with the next state, in the order things happened. Two
of them hide a card: `CardDrawn` (the card goes into a hand: only its owner sees it) and
`CardPlayed` (the card lies face down until the step's `Revealed`); every other effect is public.
The words (`events.public_events`) and the designer's labels (`situations.situations`) are read
from these; nothing compares two states to find out what happened.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> _, effects = sab.apply_traced(s, -1, sab.DrawCard(7))
    >>> effects
    (RoundBegins(round=1, start_player=0), Dealt(cards=9), CardDrawn(seat=0, card=7))
    >>> effects[-1].seen_by(1)
    CardDrawn(seat=0, card=None)
"""

from __future__ import annotations

import attrs

from tablefeast.games.schlacht_am_buffet.components import Plate
from tablefeast.kernel.effects import Effect

__all__ = [
    "OUTCOMES",
    "BuffetSet",
    "CardDrawn",
    "CardPlayed",
    "Dealt",
    "DroppedOut",
    "DuelTie",
    "DuelWon",
    "Exchanged",
    "GameOver",
    "HandEmpty",
    "MayExchange",
    "MiceMoved",
    "PartTwo",
    "PlateCovered",
    "PlateTurned",
    "PlatesShared",
    "RearTie",
    "Refill",
    "Reshuffled",
    "Revealed",
    "RoundBegins",
    "RoundScored",
    "TilePassed",
]


@attrs.frozen
class RoundBegins(Effect):
    """A round begins (SAB-1, SAB-12); `start_player` holds the start player tile."""

    round: int
    start_player: int


@attrs.frozen
class Dealt(Effect):
    """The game's first deal: `cards` cards to each player (SAB-1); the cards follow as draws."""

    cards: int


@attrs.frozen
class CardDrawn(Effect):
    """A card drawn into `seat`'s hand: only that seat sees which (`card` None to the others).

    Examples:
        >>> CardDrawn(0, 5).seen_by(0), CardDrawn(0, 5).seen_by(None)
        (CardDrawn(seat=0, card=5), CardDrawn(seat=0, card=None))
    """

    seat: int
    card: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else CardDrawn(self.seat, None)


@attrs.frozen
class PlateTurned(Effect):
    """A plate of the supply is turned face up (SAB-2)."""

    plate: Plate


@attrs.frozen
class BuffetSet(Effect):
    """The buffet of a round is complete, best plate first (SAB-2, SAB-3)."""

    round: int
    plates: tuple[Plate, ...]


@attrs.frozen
class CardPlayed(Effect):
    """`seat` commits a card face down (SAB-5): only that seat sees which until the reveal.

    Examples:
        >>> CardPlayed(2, 9).seen_by(1)
        CardPlayed(seat=2, card=None)
    """

    seat: int
    card: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else CardPlayed(self.seat, None)


@attrs.frozen
class Revealed(Effect):
    """Every committed card of a step turned face up: ``(seat, card)`` in seat order (SAB-5)."""

    plays: tuple[tuple[int, int], ...]


@attrs.frozen
class MiceMoved(Effect):
    """Where the racing mice stand after the step's cards: ``(seat, space)`` (SAB-4, SAB-25)."""

    positions: tuple[tuple[int, int], ...]


@attrs.frozen
class DroppedOut(Effect):
    """The lone rearmost mouse drops out and takes the lowest plate (SAB-3, SAB-6)."""

    seat: int
    plate: Plate


@attrs.frozen
class TilePassed(Effect):
    """The start player dropped out; the tile passes to `seat` (SAB-8)."""

    seat: int


@attrs.frozen
class MayExchange(Effect):
    """The first mouse out may exchange cards now (SAB-7)."""

    seat: int


@attrs.frozen
class RearTie(Effect):
    """Two or more mice share the rearmost space: nobody drops out (SAB-6)."""

    seats: tuple[int, ...]
    position: int


@attrs.frozen
class DuelTie(Effect):
    """The last two mice are level: the step is repeated (SAB-9)."""

    seats: tuple[int, int]
    position: int


@attrs.frozen
class PlatesShared(Effect):
    """Three players, part 1 over: the rear mouse takes the lower plate, the front one the
    other (SAB-17)."""

    back: int
    back_plate: Plate
    front: int
    front_plate: Plate


@attrs.frozen
class PartTwo(Effect):
    """Part 2 of a three-player round: everybody races for `plates` (SAB-18); the mice go back
    to start (`back_to_start`, the German and English edition) or race on (SAB-22)."""

    plates: tuple[Plate, ...]
    back_to_start: bool


@attrs.frozen
class DuelWon(Effect):
    """The front mouse of the last two takes the best plate; the other gets nothing (SAB-9)."""

    seat: int
    plate: Plate
    loser: int


@attrs.frozen
class PlateCovered(Effect):
    """`seat` took `plate` onto a plate of its kind, `covered`, which no longer scores (SAB-14)."""

    seat: int
    plate: Plate
    covered: Plate


@attrs.frozen
class Exchanged(Effect):
    """The first mouse out discards `discard` face up and draws as many (SAB-7); none: it keeps
    every card."""

    seat: int
    discard: tuple[int, ...]


@attrs.frozen
class Reshuffled(Effect):
    """The discard pile is shuffled into a new draw pile of `cards` cards (SAB-11)."""

    cards: int


@attrs.frozen
class HandEmpty(Effect):
    """A racing player has no cards left and draws `cards` before the next step (SAB-10)."""

    seat: int
    cards: int


@attrs.frozen
class RoundScored(Effect):
    """A round is over; the running scores (SAB-14)."""

    round: int
    scores: tuple[int, ...]


@attrs.frozen
class Refill(Effect):
    """Everyone draws back up to a full hand: ``(seat, cards)`` for each seat that draws
    (SAB-12)."""

    draws: tuple[tuple[int, int], ...]


@attrs.frozen
class GameOver(Effect):
    """The last round is over (SAB-15, SAB-21): the final scores and the winners (SAB-16)."""

    round: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]


OUTCOMES: tuple[type[Effect], ...] = (
    Revealed,
    MiceMoved,
    DroppedOut,
    RearTie,
    DuelTie,
    PlatesShared,
    DuelWon,
    PlateCovered,
    RoundScored,
)
"""The effects that tell how a step came out (SAB-6 to SAB-16: the reveal, the mice, who drops out
or wins a duel with which plate, the plates shared, covered and scored): the board keeps their
words until the next step's result (`tablefeast.kernel.effects.LastResult`)."""
