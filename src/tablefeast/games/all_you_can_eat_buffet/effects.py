"""The effects of All You Can Eat Buffet: what one step did at the table, told once, by the rules.

`apply_traced` (in `rules`) returns them with the next state, in the order things happened.
Three of them hide something: `MoodDrawn` (only the drawing seat sees the card), `MoodsCommitted`
(the cards lie face down: everybody sees how many, only their owner which, AYC-5, AYC-17) and
`TomatoesDecided` (face down until the final scores, AYC-10); every other effect is public. A
Surprise bread's secret card is never drawn before the end (see `state`), so no effect hides it.

A Mood carried out is `MoodCarriedOut`, followed by what it did: `Swapped`, `MealsTaken`,
`MealStolen`, and the tokens and tiles that came with the Meals (`DrinkGained`, `CoffeeDrunk`,
`CakeTileTaken`), or `NothingDone` (AYC-13). A secret card turned up at the end (`SecretTurned`)
is followed by the same tokens. Meals are named as the Meal list prints them (``Coq au vin``).

The words (`events.public_events`) and the designer's labels (`situations.situations`) are read
from these; nothing compares two states to find out what happened.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> s = ayc.initial_state(ayc.Config(players=3))
    >>> _, effects = ayc.apply_traced(s, -1, ayc.DrawMood(0, ayc.Mood.BOOR))
    >>> effects
    (RoundBegins(round=1, first=0, cards=3), MoodDrawn(seat=0, mood=<Mood.BOOR: 'boor'>))
    >>> effects[-1].seen_by(1)
    MoodDrawn(seat=0, mood=None)
"""

from __future__ import annotations

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import Mood
from tablefeast.kernel.effects import Effect

__all__ = [
    "OUTCOMES",
    "CakeTileTaken",
    "Clinked",
    "CoffeeDrunk",
    "DrinkGained",
    "FirstPlayerPasses",
    "GameOver",
    "LineEntry",
    "LineSet",
    "MealLaidOut",
    "MealStolen",
    "MealsTaken",
    "MoodCarriedOut",
    "MoodDrawn",
    "MoodPicked",
    "MoodsCommitted",
    "MoodsOfRound",
    "NothingDone",
    "Revealed",
    "RoundBegins",
    "RoundEnds",
    "RoundScored",
    "SecretTurned",
    "SecretsTurnedUp",
    "Skipped",
    "Swapped",
    "TomatoesDecided",
    "TomatoesToDecide",
]


@attrs.frozen
class LineEntry:
    """A Meal in the line as the table sees it (AYC-3, AYC-4).

    Attributes:
        meal: the Meal's name.
        spices: the Spice tokens on it.
        secret: whether a secret card lies face down under it (a Surprise bread's).
    """

    meal: str
    spices: int
    secret: bool


# ---------------------------------------------------------------- dealing (AYC-2, AYC-3)


@attrs.frozen
class RoundBegins(Effect):
    """A round's deal begins (AYC-2, AYC-9): each player draws `cards` Mood cards (3 in round
    1, then 1); `first` holds the First player tile."""

    round: int
    first: int
    cards: int


@attrs.frozen
class MoodDrawn(Effect):
    """`seat` draws a Mood card (AYC-2): only that seat sees which (`mood` None to the others).

    Examples:
        >>> MoodDrawn(0, Mood.SLOW).seen_by(0), MoodDrawn(0, Mood.SLOW).seen_by(None)
        (MoodDrawn(seat=0, mood=<Mood.SLOW: 'slow'>), MoodDrawn(seat=0, mood=None))
    """

    seat: int
    mood: Mood | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else MoodDrawn(self.seat, None)


@attrs.frozen
class MealLaidOut(Effect):
    """`meal` goes face up into the line at `position` (1 = first, AYC-3); `secret`: a Surprise
    bread got a secret card face down under it (AYC-4)."""

    meal: str
    position: int
    secret: bool


@attrs.frozen
class LineSet(Effect):
    """The line of a round is complete, with the Spice tokens on its 2nd and 3rd Meal (AYC-3);
    `ran_out`: the Meal deck ran out first, so the line is shorter, or empty (AYC-13)."""

    round: int
    line: tuple[LineEntry, ...]
    ran_out: bool


# ---------------------------------------------------------------- playing, revealing (AYC-5 to 7)


@attrs.frozen
class MoodsCommitted(Effect):
    """`seat` commits `cards` Mood cards face down (AYC-5): everybody sees how many, only the
    seat sees which (`moods` None to the others). With none, its left neighbour `neighbour`
    will pick one from its hand; with two, one of the two (AYC-17).

    Examples:
        >>> MoodsCommitted(2, 1, 0, (Mood.BOOR,)).seen_by(1)
        MoodsCommitted(seat=2, cards=1, neighbour=0, moods=None)
    """

    seat: int
    cards: int
    neighbour: int
    moods: tuple[Mood, ...] | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        if viewer == self.seat:
            return self
        return MoodsCommitted(self.seat, self.cards, self.neighbour, None)


@attrs.frozen
class Revealed(Effect):
    """The committed cards are turned face up (AYC-5): ``(seat, Mood)`` in seat order, for every
    seat that committed a single card (a pick at random follows for the others, AYC-17)."""

    plays: tuple[tuple[int, Mood], ...]


@attrs.frozen
class MoodPicked(Effect):
    """`picker`, the left neighbour of `seat`, turns up `mood` at random from the two cards
    `seat` committed, or from its hand (`from_hand`) when it committed none (AYC-5, AYC-17)."""

    seat: int
    picker: int
    mood: Mood
    from_hand: bool


@attrs.frozen
class MoodsOfRound(Effect):
    """After the picks at random, every seat's Mood of the round, in seat order (AYC-5)."""

    round: int
    moods: tuple[Mood, ...]


@attrs.frozen
class Clinked(Effect):
    """`seats` revealed the same `mood` and clink glasses (AYC-6): `gained` are those that got a
    Drink token, in turn order while the supply lasted (AYC-18)."""

    mood: Mood
    seats: tuple[int, ...]
    gained: tuple[int, ...]


@attrs.frozen
class Skipped(Effect):
    """Two or more `seats` revealed `mood`, a Mood that resolves first or last (Boor, Slow):
    all of them skip it (AYC-7, AYC-22)."""

    mood: Mood
    seats: tuple[int, ...]


# ---------------------------------------------------------------- the Moods (AYC-7, AYC-8)


@attrs.frozen
class MoodCarriedOut(Effect):
    """`seat` carries out its `mood` (AYC-7); what it did follows, up to the next such effect."""

    seat: int
    mood: Mood


@attrs.frozen
class NothingDone(Effect):
    """`seat`'s `mood` can collect or steal nothing, so it does nothing (AYC-13)."""

    seat: int
    mood: Mood


@attrs.frozen
class Swapped(Effect):
    """A Trickster swaps the Meals at positions `first` < `second` (`first_meal`, `second_meal`),
    with their Spice tokens, before it collects the first (AYC-8)."""

    seat: int
    first: int
    second: int
    first_meal: str
    second_meal: str


@attrs.frozen
class MealsTaken(Effect):
    """`seat` collects `meals` from the line, in Meal-list order, each with its Spice tokens and
    its secret card (AYC-8, AYC-4); their tokens and tiles follow, in line order."""

    seat: int
    meals: tuple[LineEntry, ...]


@attrs.frozen
class MealStolen(Effect):
    """A Jealous `thief` steals `meal` from `victim`'s collection (AYC-8, AYC-16); `with_secret`:
    a Surprise bread's secret card goes with it (AYC-21)."""

    thief: int
    victim: int
    meal: str
    with_secret: bool


@attrs.frozen
class DrinkGained(Effect):
    """`seat` gains a Drink token from the supply for a Drink icon (collected or turned up as a
    secret card) or a Jealous icon (stolen), and now holds `held` (AYC-8, AYC-14, AYC-16)."""

    seat: int
    held: int


@attrs.frozen
class CoffeeDrunk(Effect):
    """`seat` takes a Coffee: it discards `lost` Drink tokens (up to 2) and now holds `held`
    (AYC-8); told for every Coffee, even with no token to lose."""

    seat: int
    lost: int
    held: int


@attrs.frozen
class CakeTileTaken(Effect):
    """`seat` takes a Cake and with it the Birthday Cake tile from `previous` (None: nobody held
    it yet) (AYC-8); told only when the tile changes hands."""

    seat: int
    previous: int | None


# ---------------------------------------------------------------- rounds, the end (AYC-4, 9 to 12)


@attrs.frozen
class RoundEnds(Effect):
    """A round is over: the Meals left in the line are discarded, in Meal-list order, their Spice
    tokens back to the supply (AYC-9, AYC-15)."""

    round: int
    discarded: tuple[LineEntry, ...]


@attrs.frozen
class RoundScored(Effect):
    """The running scores after a round that is not the last (AYC-11)."""

    round: int
    scores: tuple[int, ...]


@attrs.frozen
class FirstPlayerPasses(Effect):
    """The First player tile passes to `seat`, the left neighbour, for the next round (AYC-9)."""

    seat: int


@attrs.frozen
class SecretsTurnedUp(Effect):
    """After the last round the secret cards under the Surprise breads are turned up (AYC-4):
    ``(seat, cards)`` in turn order from the last First player; each card follows as a
    `SecretTurned`."""

    cards: tuple[tuple[int, int], ...]


@attrs.frozen
class SecretTurned(Effect):
    """`seat`'s secret card is `meal`: it joins the collection and takes effect now (AYC-4,
    AYC-14); its tokens and tiles follow."""

    seat: int
    meal: str


@attrs.frozen
class TomatoesToDecide(Effect):
    """`seats` hold Tomatoes and decide each, Fruit or Vegetable, face down at once (AYC-10)."""

    seats: tuple[int, ...]


@attrs.frozen
class TomatoesDecided(Effect):
    """`seat` decides its Tomatoes face down (AYC-10): only the seat sees how (`fruits` and
    `vegetables` None to the others; the final scores tell).

    Examples:
        >>> TomatoesDecided(0, 1, 2).seen_by(None)
        TomatoesDecided(seat=0, fruits=None, vegetables=None)
    """

    seat: int
    fruits: int | None
    vegetables: int | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else TomatoesDecided(self.seat, None, None)


@attrs.frozen
class GameOver(Effect):
    """The game is over: the final `scores` (AYC-11), the `winners` (most points, then most Drink
    tokens, then a shared win), and `tied`, the seats with the most points (AYC-12)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    tied: tuple[int, ...]


OUTCOMES: tuple[type[Effect], ...] = (
    Revealed,
    MoodPicked,
    Clinked,
    Skipped,
    MoodCarriedOut,
    NothingDone,
    Swapped,
    MealsTaken,
    MealStolen,
    DrinkGained,
    CoffeeDrunk,
    CakeTileTaken,
    RoundEnds,
    RoundScored,
    SecretsTurnedUp,
    SecretTurned,
    TomatoesDecided,
)
"""The effects that tell how a step came out (AYC-5 to AYC-11: the reveal and the Moods as they
resolved, the Meals taken, swapped or stolen, the tokens gained, the round's end and scores): the
board keeps their words until the next step's result (`tablefeast.kernel.effects.LastResult`)."""
