"""The effects of Mausgeflippt: what one step did at the table, told once, by the rules.

`apply_traced` (in `rules`) returns them with the next state, in the order things happened.
Clothing items, mice and cheeses are indices into the config's card set, as in the state. Six
effects hide a part, blanked (None) for everyone who may not see it: a card drawn into a hidden
hand (`CardDrawn`: a young player's lies face up, MG-15), a commitment before the reveal
(`Commitment`), another seat's played card once all have committed (`Revealed`: it is seen only
when it lands, so a slow claimant's never is, MG-3), and the face of a card laid face down
(`FlipLanded`, `FaceDownChosen`, `LaidAtTheEnd`: only its owner knows it, MG-5, MG-17, MG-19);
every other effect is public. The words (`events.public_events`) and the designer's labels
(`situations.situations`) are read from these; nothing compares two states to find out what
happened.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> _, effects = mg.apply_traced(s, -1, mg.DrawClothing("tie", "blue"))
    >>> effects
    (Dealt(cards=(7, 7, 7), young_seats=(), pile=58), CardDrawn(seat=0, item=2, face_up=False, \
deal=True))
    >>> effects[-1].seen_by(1)
    CardDrawn(seat=0, item=None, face_up=False, deal=True)
"""

from __future__ import annotations

from typing import Literal

import attrs

from tablefeast.games.mausgeflippt.state import PLAYED
from tablefeast.kernel.effects import Effect

__all__ = [
    "OUTCOMES",
    "CardDrawn",
    "CheeseGiven",
    "CheeseOwed",
    "CheeseTaken",
    "CheeseTurned",
    "Commitment",
    "Dealt",
    "DrawsLapsed",
    "FaceDownChosen",
    "FastestClaimants",
    "FlipBarred",
    "FlipLanded",
    "GameOver",
    "LaidAtTheEnd",
    "MouseCaught",
    "MouseGiven",
    "MouseOwed",
    "MouseTurned",
    "MouseUnder",
    "NoCheeseLeft",
    "NoMouseLeft",
    "NobodyClaimed",
    "PlayLanded",
    "Protected",
    "Reshuffled",
    "Revealed",
]

Cards = tuple[tuple[int, int], ...]
"""Cards laid face up: ``(item, copies)`` pairs in card-set order."""


# ---------------------------------------------------------------- the deal and chance


@attrs.frozen
class Dealt(Effect):
    """The deal begins (MG-1), told at its first card; the cards follow as `CardDrawn`.

    Attributes:
        cards: per seat, the cards the deal gives it (7, or 4 face up to a young player, MG-15).
        young_seats: the seats playing the young-player variant (MG-15), ascending.
        pile: the clothing cards in the pile; fewer than the deal asks and it stops short (MG-11).
    """

    cards: tuple[int, ...]
    young_seats: tuple[int, ...]
    pile: int


@attrs.frozen
class CardDrawn(Effect):
    """A clothing card drawn into `seat`'s hand (MG-1, MG-4, MG-5): only that seat sees which,
    unless the seat is young and its cards lie face up (MG-15).

    Attributes:
        seat: the seat that draws.
        item: the card's item, or None where it is hidden.
        face_up: the seat's cards lie face up (a young player, MG-15): everybody sees the card.
        deal: the card is one of the deal (MG-1), which `Dealt` told as a whole.

    Examples:
        >>> CardDrawn(0, 5, False, False).seen_by(0), CardDrawn(0, 5, False, False).seen_by(None)
        (CardDrawn(seat=0, item=5, face_up=False, deal=False), CardDrawn(seat=0, item=None, \
face_up=False, deal=False))
        >>> CardDrawn(2, 5, True, False).seen_by(None).item
        5
    """

    seat: int
    item: int | None
    face_up: bool
    deal: bool

    def seen_by(self, viewer: int | None) -> Effect | None:
        if self.face_up or viewer == self.seat:
            return self
        return CardDrawn(self.seat, None, self.face_up, self.deal)


@attrs.frozen
class DrawsLapsed(Effect):
    """The clothing pile and the discard pile are both empty: the draws still owed lapse, the
    players draw what there was (MG-11).

    Attributes:
        seats: the seat of each card that is not drawn, in the order they were owed.
    """

    seats: tuple[int, ...]


@attrs.frozen
class Reshuffled(Effect):
    """The discard pile is shuffled into a new clothing draw pile of `cards` cards (MG-11)."""

    cards: int


@attrs.frozen
class CheeseTurned(Effect):
    """The next cheese is turned face up (MG-1, MG-7).

    Attributes:
        cheese: the cheese.
        first: it is the setup's cheese, turned before any mouse (MG-1).
    """

    cheese: int
    first: bool


@attrs.frozen
class MouseTurned(Effect):
    """`seat`, the turner, turns `mouse` (MG-2, MG-10): a race begins. `protected`: the mouse
    shows the face-up cheese, and every claim on it fails (MG-7)."""

    seat: int
    mouse: int
    protected: bool


# ---------------------------------------------------------------- a race


@attrs.frozen
class Commitment(Effect):
    """`seat` commits in the race (MG-2): only that seat sees what until the reveal.

    Attributes:
        seat: the seat.
        choice: `PASS`, `FLIP` or the index of the item played; None where it is hidden.
        last: every seat has now committed: `Revealed` follows.

    Examples:
        >>> Commitment(1, 4, False).seen_by(0)
        Commitment(seat=1, choice=None, last=False)
    """

    seat: int
    choice: int | None
    last: bool

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else Commitment(self.seat, None, self.last)


@attrs.frozen
class Revealed(Effect):
    """Every commitment is shown (MG-2): who played, passed or called. Which card another seat
    played is seen only when it lands on the mouse, so a slow claimant's never is (MG-3): it is
    `PLAYED` to everyone but its owner.

    Attributes:
        choices: per seat, `PASS`, `FLIP`, the index of the item played, or `PLAYED`.

    Examples:
        >>> Revealed((4, -1, -2)).seen_by(None), Revealed((4, -1, -2)).seen_by(0)
        (Revealed(choices=(-3, -1, -2)), Revealed(choices=(4, -1, -2)))
    """

    choices: tuple[int, ...]

    def seen_by(self, viewer: int | None) -> Effect | None:
        shown = tuple(
            PLAYED if code >= 0 and seat != viewer else code
            for seat, code in enumerate(self.choices)
        )
        return self if shown == self.choices else Revealed(shown)


@attrs.frozen
class FastestClaimants(Effect):
    """Chance says who was fastest (MG-3): `seats`, several in an unclear race (MG-8); the
    `slow` claimants were too slow, and nothing happens to them."""

    seats: tuple[int, ...]
    slow: tuple[int, ...]


@attrs.frozen
class NobodyClaimed(Effect):
    """Everybody passed: `mouse` goes under the stack, the same turner turns again (MG-9)."""

    mouse: int


@attrs.frozen
class Protected(Effect):
    """`mouse` shows `cheese`, the face-up cheese: every claim on it fails (MG-7); the claims
    follow, in MG-8 order."""

    mouse: int
    cheese: int


@attrs.frozen
class PlayLanded(Effect):
    """A fastest claimant's card lands on the mouse (MG-4): `worn`, the mouse wears the item
    and the card goes to the discard pile; else it lies face up in front of `seat` (-1). The
    seat draws one card."""

    seat: int
    item: int
    mouse: int
    worn: bool


@attrs.frozen
class FlipLanded(Effect):
    """A fastest claimant flips its hand onto the mouse (MG-5).

    With none of the mouse's items (`matching` 0) the hand is taken back. Otherwise every
    matching card goes in front of the seat, one face down and the rest face up (-1 each), and
    the seat refills its hand; with cards of two or more items, the seat chooses later which
    lies face down (`choosing`, MG-17), and until then none is laid.

    Attributes:
        seat: the flipper.
        mouse: the mouse.
        matching: the cards of the mouse's items in the hand.
        face_up: the cards laid face up now.
        face_down: the item of the card laid face down now, seen only by its owner (None to the
            others, and when none is laid now).
        choosing: the seat chooses the face-down card (`FaceDownChosen`, MG-17).

    Examples:
        >>> FlipLanded(0, 3, 1, (), 7, False).seen_by(1)
        FlipLanded(seat=0, mouse=3, matching=1, face_up=(), face_down=None, choosing=False)
    """

    seat: int
    mouse: int
    matching: int
    face_up: Cards
    face_down: int | None
    choosing: bool

    def seen_by(self, viewer: int | None) -> Effect | None:
        if viewer == self.seat or self.face_down is None:
            return self
        return attrs.evolve(self, face_down=None)


@attrs.frozen
class FlipBarred(Effect):
    """`seat` now has `config.MAX_FACE_DOWN` face-down cards: it may no longer flip (MG-6)."""

    seat: int


@attrs.frozen
class CheeseTaken(Effect):
    """The first fastest claimant on a protected mouse takes the face-up `cheese` (-2; MG-7,
    MG-8)."""

    seat: int
    cheese: int


@attrs.frozen
class CheeseOwed(Effect):
    """A later fastest claimant on a protected mouse is owed the next face-up cheese (MG-8)."""

    seat: int


@attrs.frozen
class MouseCaught(Effect):
    """The first right claim catches the open `mouse` (+1; MG-4, MG-5, MG-8)."""

    seat: int
    mouse: int


@attrs.frozen
class MouseOwed(Effect):
    """A later right claim is owed a mouse from the top of the stack (MG-8)."""

    seat: int


@attrs.frozen
class MouseUnder(Effect):
    """The mouse goes under the stack: it was protected, or no fastest claim was right (MG-4,
    MG-5, MG-7, MG-18)."""

    mouse: int


# ---------------------------------------------------------------- what is owed


@attrs.frozen
class MouseGiven(Effect):
    """`seat` gets `mouse` from the top of the stack (+1, MG-8).

    Attributes:
        seat: the seat owed the mouse.
        mouse: the mouse.
        known: the top was a mouse put under the stack, known to all; else chance turned it.
    """

    seat: int
    mouse: int
    known: bool


@attrs.frozen
class NoMouseLeft(Effect):
    """The stack is empty: `seat`, owed a mouse, gets none (MG-8)."""

    seat: int


@attrs.frozen
class CheeseGiven(Effect):
    """`seat` takes the next cheese, `cheese`, as chance turns it (-2, MG-8)."""

    seat: int
    cheese: int


@attrs.frozen
class NoCheeseLeft(Effect):
    """The cheese pile is empty: the `seats` owed a cheese get none (MG-8)."""

    seats: tuple[int, ...]


@attrs.frozen
class FaceDownChosen(Effect):
    """After a wrong flip with cards of two or more items, `seat` lays one face down, of the
    item it chose, and the others face up (MG-17): only the seat sees which lies face down.

    Attributes:
        seat: the chooser.
        face_up: the cards laid face up.
        face_down: the item chosen, None where it is hidden.

    Examples:
        >>> FaceDownChosen(2, ((4, 1),), 9).seen_by(None)
        FaceDownChosen(seat=2, face_up=((4, 1),), face_down=None)
    """

    seat: int
    face_up: Cards
    face_down: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else FaceDownChosen(self.seat, self.face_up, None)


@attrs.frozen
class LaidAtTheEnd(Effect):
    """The game is over with a face-down choice still owed: it is not asked, the first of the
    items in card-set order lies face down, the others face up (MG-19). Only the seat sees the
    face-down card.

    Attributes:
        seat: the seat that owed the choice.
        face_up: the cards laid face up.
        face_down: the item laid face down, None where it is hidden.
    """

    seat: int
    face_up: Cards
    face_down: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else LaidAtTheEnd(self.seat, self.face_up, None)


Ending = Literal["last mouse", "last cheese", "no progress"]
"""Why a game ended: the last mouse caught, the last cheese taken (MG-12), or every mouse left
turned in a row of races in which everybody passed (MG-13)."""


@attrs.frozen
class GameOver(Effect):
    """The game is over (MG-12, MG-13): why, the final scores and the winners (MG-14)."""

    reason: Ending
    scores: tuple[int, ...]
    winners: tuple[int, ...]


OUTCOMES: tuple[type[Effect], ...] = (
    Revealed,
    FastestClaimants,
    NobodyClaimed,
    Protected,
    PlayLanded,
    FlipLanded,
    FlipBarred,
    CheeseTaken,
    CheeseOwed,
    MouseCaught,
    MouseOwed,
    MouseUnder,
    MouseGiven,
    NoMouseLeft,
    CheeseGiven,
    NoCheeseLeft,
    FaceDownChosen,
    LaidAtTheEnd,
)
"""The effects that tell how a step came out (MG-6 to MG-14: the reveal, who was fastest, how each
play or flip landed, the mice and cheeses taken, owed or given): the board keeps their words
until the next step's result (`tablefeast.kernel.effects.LastResult`)."""
