"""The cards: Mood cards per colour and the Meal deck, as validated, swappable card lists.

The rulebook names the six Moods and the fourteen Meal sets but prints neither the Mood card
texts nor the Meal list; `DEFAULT_CARDS` (package data ``cards.json``) is the reconstruction of
AYC-0. A user with the printed game passes their own lists (`CardLists.from_data`,
`load_cards`); every entry is checked and a bad one is named. What a Meal *does* depends only on
its set (scoring, AYC-11) and on its two icons, so any list built from the fourteen sets plays.

Examples:
    >>> DEFAULT_CARDS.total_meals, DEFAULT_CARDS.mood_deck
    (84, (4, 2, 1, 1, 2, 2))
    >>> DEFAULT_CARDS.meals[4]
    Meal(set='meat', name='Sausage', count=5, points=1, drink=False, jealous_icon=False)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from tablefeast.games.all_you_can_eat_buffet.actions import (
    MOOD_INDEX,
    MOODS,
    DrawMeal,
    Mood,
    Secret,
    Steal,
)
from tablefeast.kernel import carddata
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.errors import ConfigError

__all__ = [
    "DEFAULT_CARDS",
    "MEAL_SETS",
    "MOODS",
    "MOOD_INDEX",
    "CardLists",
    "Meal",
    "Mood",
    "MoodCards",
    "load_cards",
]


_MOOD_BY_TITLE = {m.title: m for m in MOODS}

MEAL_SETS: tuple[str, ...] = (
    "garlic",
    "cake",
    "meat",
    "fish",
    "vegetables",
    "parsley",
    "fruits",
    "tomato",
    "surprise_bread",
    "coffee",
    "milk",
    "lemon",
    "ketchup",
    "spoiled_food",
)
"""The fourteen Meal sets: what a Meal scores and does depends on its set (AYC-8, AYC-11)."""


@attrs.frozen
class Meal:
    """`count` Meal cards called `name` in set `set`, worth `points` as printed; `drink`: the
    Drink icon (a Drink token when collected); `jealous_icon`: a Drink token when stolen.

    Examples:
        >>> DEFAULT_CARDS.meals[7]
        Meal(set='meat', name='Coq au vin', count=2, points=3, drink=True, jealous_icon=False)
    """

    set: str
    name: str
    count: int
    points: int
    drink: bool
    jealous_icon: bool


@attrs.frozen
class MoodCards:
    """`count` cards of the Mood `mood` (its printed name, ``"Very Hungry"``) per colour.

    Examples:
        >>> DEFAULT_CARDS.moods_per_colour[0]
        MoodCards(mood='Hungry', count=4)
    """

    mood: str
    count: int


class _Tables:
    """Index tables derived from the lists, built once, read on every move."""

    def __init__(self, cards: CardLists) -> None:
        self.names = tuple(m.name for m in cards.meals)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.counts: Counts = tuple(m.count for m in cards.meals)
        self.sets = tuple(m.set for m in cards.meals)
        self.points = tuple(m.points for m in cards.meals)
        self.drink = tuple(m.drink for m in cards.meals)
        self.jealous_icon = tuple(m.jealous_icon for m in cards.meals)
        self.of_set = {s: tuple(i for i, x in enumerate(self.sets) if x == s) for s in MEAL_SETS}
        self.bread = frozenset(self.of_set["surprise_bread"])
        self.cake = frozenset(self.of_set["cake"])
        self.coffee = frozenset(self.of_set["coffee"])
        self.special = self.cake | self.coffee
        self.tomatoes = sum(cards.meals[i].count for i in self.of_set["tomato"])
        # Pre-built chance outcomes: chance nodes list these very objects.
        self.draw_meals = tuple(DrawMeal(name) for name in self.names)
        self.secret_meals = tuple(Secret(name) for name in self.names)
        self.steals = tuple(tuple(Steal(seat, name) for name in self.names) for seat in range(6))


def _problems(cards: CardLists) -> list[str]:
    problems: list[str] = []
    if not cards.meals:
        problems.append("the Meal list is empty")
    names: set[str] = set()
    for i, m in enumerate(cards.meals):
        if type(m) is not Meal or type(m.name) is not str:
            problems.append(f"meals[{i}]: a Meal with a text name, got {m!r}")
            continue  # nothing more can be read from it
        entry = f"meals[{i}] ({m.name})"
        if m.set not in MEAL_SETS:
            problems.append(f"{entry}: unknown set {m.set!r} (one of {', '.join(MEAL_SETS)})")
        if m.name != " ".join(m.name.split()) or not m.name:
            problems.append(f"{entry}: a name is words separated by single spaces")
        if m.name in names:
            problems.append(f"{entry}: this name is used twice")
        names.add(m.name)
        if type(m.count) is not int or m.count < 1:
            problems.append(f"{entry}: count must be a positive int, got {m.count!r}")
        if type(m.points) is not int:
            problems.append(f"{entry}: points must be an int, got {m.points!r}")
        if type(m.drink) is not bool or type(m.jealous_icon) is not bool:
            problems.append(f"{entry}: drink and jealous_icon must be true or false")
    seen: set[str] = set()
    for i, mc in enumerate(cards.moods_per_colour):
        if type(mc) is not MoodCards or type(mc.mood) is not str:
            problems.append(f"moods_per_colour[{i}]: a MoodCards with a text Mood, got {mc!r}")
            continue
        entry = f"moods_per_colour[{i}] ({mc.mood})"
        if mc.mood not in _MOOD_BY_TITLE:
            problems.append(f"{entry}: unknown Mood (one of {', '.join(_MOOD_BY_TITLE)})")
        if mc.mood in seen:
            problems.append(f"{entry}: this Mood is listed twice")
        seen.add(mc.mood)
        if type(mc.count) is not int or mc.count < 0:
            problems.append(f"{entry}: count must be a non-negative int, got {mc.count!r}")
    return problems


_WHAT = "card lists"
_MEAL = {"set": str, "name": str, "count": int, "points": int, "drink": bool, "jealous_icon": bool}
_MOOD = {"mood": str, "count": int}


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


@attrs.frozen(cache_hash=True)
class CardLists:
    """The Meal list and the Mood cards of one colour (AYC-0). Validated on construction.

    Attributes:
        meals: the Meal cards, by name.
        moods_per_colour: the Mood cards in each player's deck.
        source: where the lists come from (free text).

    Raises:
        ConfigError: something is wrong; the message names the entry.

    Examples:
        >>> lists = CardLists(
        ...     (Meal("fish", "Fish", 10, 3, False, False), Meal("cake", "Tart", 2, 4, True, True)),
        ...     (MoodCards("Hungry", 8), MoodCards("Slow", 4)),
        ... )
        >>> lists.total_meals, lists.mood_deck
        (12, (8, 0, 0, 4, 0, 0))
    """

    meals: tuple[Meal, ...] = attrs.field(converter=_as_tuple)
    moods_per_colour: tuple[MoodCards, ...] = attrs.field(converter=_as_tuple)
    source: str = ""
    tables: _Tables = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ConfigError("card lists: " + "; ".join(problems))
        object.__setattr__(self, "tables", _Tables(self))

    @property
    def total_meals(self) -> int:
        """How many Meal cards the deck has.

        Examples:
            >>> DEFAULT_CARDS.total_meals
            84
        """
        return sum(m.count for m in self.meals)

    @property
    def mood_deck(self) -> Counts:
        """One colour's Mood deck, as counts in `Mood` order.

        Examples:
            >>> DEFAULT_CARDS.mood_deck
            (4, 2, 1, 1, 2, 2)
        """
        counts = dict.fromkeys(MOODS, 0)
        for mc in self.moods_per_colour:
            counts[_MOOD_BY_TITLE[mc.mood]] = mc.count
        return tuple(counts.values())

    @classmethod
    def from_data(cls, data: Any) -> CardLists:
        """Card lists from parsed JSON of the shape of ``cards.json``.

        Args:
            data: parsed JSON of the shape of ``cards.json`` (a `CardLists` is returned as it is).

        Raises:
            ConfigError: the data is not card lists; the message names the bad entry.

        Examples:
            >>> lists = CardLists.from_data({
            ...     "meals": [{"set": "fish", "name": "Fish", "count": 9, "points": 3,
            ...                "drink": False, "jealous_icon": False}],
            ...     "moods_per_colour": [{"mood": "Hungry", "count": 12}],
            ... })
            >>> lists.total_meals, lists.mood_deck
            (9, (12, 0, 0, 0, 0, 0))
        """
        if isinstance(data, CardLists):
            return data
        keys = ("meals", "moods_per_colour")
        top = carddata.mapping(data, "the file", keys, ("source",), _WHAT)
        meals = [
            Meal(*carddata.fields(e, f"meals[{i}]", _MEAL, _WHAT))
            for i, e in enumerate(carddata.json_list(top["meals"], "meals", _WHAT))
        ]
        moods = [
            MoodCards(*carddata.fields(e, f"moods_per_colour[{i}]", _MOOD, _WHAT))
            for i, e in enumerate(carddata.json_list(top[keys[1]], keys[1], _WHAT))
        ]
        source = top.get("source", "")
        if type(source) is not str:
            raise ConfigError(f"card lists: source must be text, got {source!r}")
        return cls(tuple(meals), tuple(moods), source)

    @classmethod
    def from_json(cls, text: str) -> CardLists:
        """Card lists from JSON text (see `from_data`).

        Args:
            text: JSON text of the shape of ``cards.json``.

        Examples:
            >>> import tablefeast
            >>> CardLists.from_json(tablefeast.dumps(DEFAULT_CARDS)) == DEFAULT_CARDS
            True
            >>> CardLists.from_json('{"meals": [], "moods_per_colour": []}')
            Traceback (most recent call last):
            ...
            tablefeast.kernel.errors.ConfigError: card lists: the Meal list is empty
        """
        return cls.from_data(carddata.read_json(text, _WHAT))


def load_cards(path: str | Path) -> CardLists:
    """Card lists from a JSON file of the shape of the default ``cards.json``.

    Args:
        path: the JSON file to read.

    Raises:
        ConfigError: the file cannot be read or is not card lists (the message names the entry).

    Examples:
        >>> from pathlib import Path
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> load_cards(Path(ayc.__file__).with_name("cards.json")) == DEFAULT_CARDS
        True
    """
    return CardLists.from_json(carddata.read_text(path, _WHAT))


DEFAULT_CARDS: CardLists = CardLists.from_json(
    resources.files("tablefeast.games.all_you_can_eat_buffet")
    .joinpath("cards.json")
    .read_text(encoding="utf-8")
)
"""The default lists: the AYC-0 reconstruction, shipped as package data (``cards.json``)."""
