"""The actions of All You Can Eat Buffet: the players' choices and the chance events.

Players commit Mood cards (`Play`, 0 to 2 of them, AYC-5), then carry out the Moods that need a
choice (`Take` for Boor and Very Hungry, `Swap` for Trickster, `Steal` for Jealous), and at the
end decide their Tomatoes (`Tomato`, AYC-10). Chance draws Mood cards (`DrawMood`) and Meals
(`DrawMeal`), reveals a card at random for a neighbour (`RevealMood`) and turns up a Surprise
bread's secret card (`Secret`). Line positions count from 1, the first Meal in the line.

Examples:
    >>> Play((Mood.HUNGRY, Mood.SLOW)), Take((2, 3)), Steal(2, "Steak")
    (Play(moods=(<Mood.HUNGRY: 'hungry'>, <Mood.SLOW: 'slow'>)), Take(positions=(2, 3)), \
Steal(seat=2, meal='Steak'))
"""

from __future__ import annotations

import enum

import attrs

from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "ACTION_TYPES",
    "MAX_NAME_CHARS",
    "MAX_POSITION",
    "MAX_TOMATOES",
    "MOODS",
    "MOOD_INDEX",
    "Action",
    "DrawMeal",
    "DrawMood",
    "Mood",
    "Play",
    "RevealMood",
    "Secret",
    "Steal",
    "Swap",
    "Take",
    "Tomato",
]


class Mood(enum.Enum):
    """The six Moods, in the order counts tuples index them (and notation writes them).

    Examples:
        >>> Mood("very-hungry"), Mood.VERY_HUNGRY.title, MOODS.index(Mood.BOOR)
        (<Mood.VERY_HUNGRY: 'very-hungry'>, 'Very Hungry', 2)
    """

    HUNGRY = "hungry"
    VERY_HUNGRY = "very-hungry"
    BOOR = "boor"
    SLOW = "slow"
    TRICKSTER = "trickster"
    JEALOUS = "jealous"

    # Members are singletons compared by identity, so identity hashing is consistent with
    # equality, and twice as fast as Enum's hash of the name on the hot path (dict lookups).
    __hash__ = object.__hash__

    def __index__(self) -> int:
        """The Mood's position in counts tuples, so that hands and decks read by Mood:
        ``view.my_hand[Mood.HUNGRY]`` (the states keep their tuples).

        Examples:
            >>> (2, 0, 1, 0, 0, 0)[Mood.BOOR], Mood.JEALOUS.__index__()
            (1, 5)
        """
        return MOOD_INDEX[self]

    @property
    def title(self) -> str:
        """The name as printed: ``Very Hungry``.

        Examples:
            >>> Mood.VERY_HUNGRY.title, Mood.BOOR.title
            ('Very Hungry', 'Boor')
        """
        return self.value.replace("-", " ").title()


MOODS: tuple[Mood, ...] = tuple(Mood)
"""The six Moods in `Mood` order, the order counts tuples index them in."""
MOOD_INDEX: FrozenDict[Mood, int] = FrozenDict({m: i for i, m in enumerate(MOODS)})
"""Each Mood's index in `MOODS` (and in counts tuples); read-only."""

# AYC-23: bounds no real game reaches, so that no action is costly to build, print or encode.
MAX_POSITION = 99
"""The largest line position an action may name (a line holds at most 7 Meals, AYC-3)."""
MAX_TOMATOES = 100
"""The most Tomato cards a Meal list may hold, and so a Tomato decision may name (AYC-23)."""
MAX_NAME_CHARS = 80
"""The longest Meal name (AYC-23)."""


def _tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list | tuple) else value


def _moods(_: object, __: object, value: tuple[Mood, ...]) -> None:
    if (
        not isinstance(value, tuple)
        or len(value) > 2
        or not all(isinstance(m, Mood) for m in value)
    ):
        raise InvalidActionError(f"a play is 0, 1 or 2 Moods, got {shown(value)}")
    if len(value) == 2 and MOOD_INDEX[value[0]] > MOOD_INDEX[value[1]]:
        raise InvalidActionError(
            f"two Moods are written in the order {', '.join(m.value for m in Mood)}, "
            f"got {value[0].value} before {value[1].value}"
        )


def _positions(_: object, __: object, value: tuple[int, ...]) -> None:
    ok = isinstance(value, tuple) and 1 <= len(value) <= 2
    ok = ok and all(type(p) is int and 1 <= p <= MAX_POSITION for p in value)
    if not ok or (len(value) == 2 and value[1] != value[0] + 1):
        raise InvalidActionError(
            f"take one line position (1 to {MAX_POSITION}) or two adjacent ones, ascending; "
            f"got {shown(value)}"
        )


def _position(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_POSITION:
        raise InvalidActionError(
            f"a line position is an int from 1 to {MAX_POSITION}, got {shown(value)}"
        )


def _seat(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < 6:
        raise InvalidActionError(f"{shown(value)} is not a seat (0 to 5)")


def _meal(_: object, __: object, value: str) -> None:
    if type(value) is not str or not 0 < len(value) <= MAX_NAME_CHARS:
        raise InvalidActionError(
            f"{shown(value)} is not a Meal name (1 to {MAX_NAME_CHARS} characters)"
        )
    if value != " ".join(value.split()):
        raise InvalidActionError(f"{shown(value)} is not a Meal name (words separated by spaces)")


def _mood(_: object, __: object, value: Mood) -> None:
    if not isinstance(value, Mood):
        raise InvalidActionError(f"{shown(value)} is not a Mood")


def _count(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_TOMATOES:
        raise InvalidActionError(
            f"a number of Tomatoes is an int from 0 to {MAX_TOMATOES}, got {shown(value)}"
        )


@attrs.frozen(cache_hash=True)
class Play:
    """Commit Mood cards face down (AYC-5): one, or two or none as the Drink tokens decide.

    Examples:
        >>> Play([Mood.HUNGRY]), Play(())
        (Play(moods=(<Mood.HUNGRY: 'hungry'>,)), Play(moods=()))
        >>> Play((Mood.SLOW, Mood.HUNGRY))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: two Moods are written in the order ...
    """

    moods: tuple[Mood, ...] = attrs.field(converter=_tuple, validator=_moods)


@attrs.frozen(cache_hash=True)
class Take:
    """Boor: collect the Meal at a position; Very Hungry: two adjacent ones (AYC-8).

    Examples:
        >>> Take((3,)), Take([2, 3])
        (Take(positions=(3,)), Take(positions=(2, 3)))
    """

    positions: tuple[int, ...] = attrs.field(converter=_tuple, validator=_positions)


@attrs.frozen(cache_hash=True)
class Swap:
    """Trickster: swap the Meals at positions `first` < `second`, then collect the first.

    Examples:
        >>> Swap(1, 4)
        Swap(first=1, second=4)
        >>> Swap(4, 1)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: swap two positions in ascending order, got 4 1
    """

    first: int = attrs.field(validator=_position)
    second: int = attrs.field(validator=_position)

    def __attrs_post_init__(self) -> None:
        if self.first >= self.second:
            raise InvalidActionError(
                f"swap two positions in ascending order, got {self.first} {self.second}"
            )


@attrs.frozen(cache_hash=True)
class Steal:
    """Jealous: steal one Meal called `meal` from the collection of `seat`.

    Examples:
        >>> Steal(2, "Black Forest cake")
        Steal(seat=2, meal='Black Forest cake')
    """

    seat: int = attrs.field(validator=_seat)
    meal: str = attrs.field(validator=_meal)


@attrs.frozen(cache_hash=True)
class Tomato:
    """At the end: count `fruits` Tomatoes as Fruit and `vegetables` as Vegetable (AYC-10).

    Examples:
        >>> Tomato(fruits=2, vegetables=1)
        Tomato(fruits=2, vegetables=1)
    """

    fruits: int = attrs.field(validator=_count)
    vegetables: int = attrs.field(validator=_count)

    def __attrs_post_init__(self) -> None:
        if self.fruits + self.vegetables == 0:
            raise InvalidActionError("a Tomato decision names at least one Tomato")
        if self.fruits + self.vegetables > MAX_TOMATOES:  # AYC-23
            raise InvalidActionError(f"a Tomato decision names at most {MAX_TOMATOES} Tomatoes")


@attrs.frozen(cache_hash=True)
class DrawMood:
    """Chance: `seat` draws a Mood card of `mood` from its deck (AYC-2).

    Examples:
        >>> DrawMood(0, Mood.JEALOUS)
        DrawMood(seat=0, mood=<Mood.JEALOUS: 'jealous'>)
    """

    seat: int = attrs.field(validator=_seat)
    mood: Mood = attrs.field(validator=_mood)


@attrs.frozen(cache_hash=True)
class DrawMeal:
    """Chance: the Meal `meal` is drawn for the line (AYC-3).

    Examples:
        >>> DrawMeal("Fish")
        DrawMeal(meal='Fish')
    """

    meal: str = attrs.field(validator=_meal)


@attrs.frozen(cache_hash=True)
class RevealMood:
    """Chance: the left neighbour of `seat` reveals its `mood` card at random (AYC-5).

    Examples:
        >>> RevealMood(1, Mood.SLOW)
        RevealMood(seat=1, mood=<Mood.SLOW: 'slow'>)
    """

    seat: int = attrs.field(validator=_seat)
    mood: Mood = attrs.field(validator=_mood)


@attrs.frozen(cache_hash=True)
class Secret:
    """Chance: a Surprise bread's secret card turns out to be `meal` (AYC-4).

    Examples:
        >>> Secret("Steak")
        Secret(meal='Steak')
    """

    meal: str = attrs.field(validator=_meal)


Action = Play | Take | Swap | Steal | Tomato | DrawMood | DrawMeal | RevealMood | Secret
"""Any action of this game."""

ACTION_TYPES = (Play, Take, Swap, Steal, Tomato, DrawMood, DrawMeal, RevealMood, Secret)
"""Every action class of this game (the members of `Action`), for ``isinstance`` checks."""
