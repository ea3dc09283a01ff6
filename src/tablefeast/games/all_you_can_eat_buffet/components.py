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

from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from tablefeast.games.all_you_can_eat_buffet.actions import (
    MAX_NAME_CHARS,
    MAX_TOMATOES,
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
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "DEFAULT_CARDS",
    "MAX_COUNT",
    "MAX_MEAL_ENTRIES",
    "MAX_MOOD_CARDS",
    "MAX_POINTS",
    "MAX_TOTAL_MEALS",
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


@attrs.frozen(slots=True)
class _Tables:
    """Index tables derived from the lists, built once, read on every move; read-only all the
    way down (tuples, frozensets, `FrozenDict`), so that no code holding a view can change
    the rules of its own or any other game."""

    names: tuple[str, ...]
    index: Mapping[str, int]
    counts: Counts
    sets: tuple[str, ...]
    points: tuple[int, ...]
    drink: tuple[bool, ...]
    jealous_icon: tuple[bool, ...]
    of_set: Mapping[str, tuple[int, ...]]
    bread: frozenset[int]
    cake: frozenset[int]
    coffee: frozenset[int]
    special: frozenset[int]
    tomatoes: int
    draw_meals: tuple[DrawMeal, ...]
    """Pre-built chance outcomes: chance nodes list these very objects."""
    secret_meals: tuple[Secret, ...]
    steals: tuple[tuple[Steal, ...], ...]


def _tables(cards: CardLists) -> _Tables:
    names = tuple(m.name for m in cards.meals)
    sets = tuple(m.set for m in cards.meals)
    of_set = {s: tuple(i for i, x in enumerate(sets) if x == s) for s in MEAL_SETS}
    cake, coffee = frozenset(of_set["cake"]), frozenset(of_set["coffee"])
    return _Tables(
        names=names,
        index=FrozenDict({name: i for i, name in enumerate(names)}),
        counts=tuple(m.count for m in cards.meals),
        sets=sets,
        points=tuple(m.points for m in cards.meals),
        drink=tuple(m.drink for m in cards.meals),
        jealous_icon=tuple(m.jealous_icon for m in cards.meals),
        of_set=FrozenDict(of_set),
        bread=frozenset(of_set["surprise_bread"]),
        cake=cake,
        coffee=coffee,
        special=cake | coffee,
        tomatoes=sum(cards.meals[i].count for i in of_set["tomato"]),
        draw_meals=tuple(DrawMeal(name) for name in names),
        secret_meals=tuple(Secret(name) for name in names),
        steals=tuple(tuple(Steal(seat, name) for name in names) for seat in range(6)),
    )


# AYC-23: bounds on custom lists, far beyond the printed game (84 Meals in 26 entries, 12 Mood
# cards per colour), so that no list makes a game, its encoding or its scoring costly.
MAX_MEAL_ENTRIES = 100
"""The most entries (distinct Meals) a Meal list may have."""
MAX_COUNT = 100
"""The most cards of one entry (a Meal, or a Mood in one colour)."""
MAX_TOTAL_MEALS = 2000
"""The most Meal cards a list may hold in all."""
MAX_MOOD_CARDS = 100
"""The most Mood cards one colour may hold in all."""
MAX_POINTS = 1000
"""The largest magnitude of a Meal's printed points."""
MAX_SOURCE_CHARS = 1000
"""The longest `CardLists.source` text."""


def _meal_problems(i: int, m: object, names: set[str]) -> list[str]:
    if type(m) is not Meal or type(m.name) is not str:
        return [f"meals[{i}]: a Meal with a text name, got {shown(m)}"]
    if len(m.name) > MAX_NAME_CHARS:
        return [f"meals[{i}]: a name has at most {MAX_NAME_CHARS} characters"]
    entry = f"meals[{i}] ({m.name})"
    problems = []
    if type(m.set) is not str or m.set not in MEAL_SETS:
        problems.append(f"{entry}: unknown set {shown(m.set)} (one of {', '.join(MEAL_SETS)})")
    if m.name != " ".join(m.name.split()) or not m.name:
        problems.append(f"{entry}: a name is words separated by single spaces")
    if m.name in names:
        problems.append(f"{entry}: this name is used twice")
    names.add(m.name)
    if type(m.count) is not int or not 1 <= m.count <= MAX_COUNT:
        problems.append(
            f"{entry}: count must be an int from 1 to {MAX_COUNT}, got {shown(m.count)}"
        )
    if type(m.points) is not int or not -MAX_POINTS <= m.points <= MAX_POINTS:
        problems.append(
            f"{entry}: points must be an int from {-MAX_POINTS} to {MAX_POINTS}, "
            f"got {shown(m.points)}"
        )
    if type(m.drink) is not bool or type(m.jealous_icon) is not bool:
        problems.append(f"{entry}: drink and jealous_icon must be true or false")
    return problems


def _problems(cards: CardLists) -> list[str]:
    # Sizes first: every later loop is then bounded (AYC-23).
    if len(cards.meals) > MAX_MEAL_ENTRIES:
        return [f"{len(cards.meals)} Meal entries (at most {MAX_MEAL_ENTRIES})"]
    if len(cards.moods_per_colour) > len(MOODS):
        return [f"{len(cards.moods_per_colour)} Mood entries (at most {len(MOODS)}, one per Mood)"]
    if type(cards.source) is not str or len(cards.source) > MAX_SOURCE_CHARS:
        return [f"source must be text of at most {MAX_SOURCE_CHARS} characters"]
    problems: list[str] = []
    if not cards.meals:
        problems.append("the Meal list is empty")
    names: set[str] = set()
    for i, m in enumerate(cards.meals):
        problems += _meal_problems(i, m, names)
    seen: set[str] = set()
    for i, mc in enumerate(cards.moods_per_colour):
        if type(mc) is not MoodCards or type(mc.mood) is not str:
            problems.append(f"moods_per_colour[{i}]: a MoodCards with a text Mood, got {shown(mc)}")
            continue
        entry = f"moods_per_colour[{i}] ({mc.mood[:MAX_NAME_CHARS]})"
        if mc.mood not in _MOOD_BY_TITLE:
            problems.append(f"{entry}: unknown Mood (one of {', '.join(_MOOD_BY_TITLE)})")
        if mc.mood in seen:
            problems.append(f"{entry}: this Mood is listed twice")
        seen.add(mc.mood)
        if type(mc.count) is not int or not 0 <= mc.count <= MAX_COUNT:
            problems.append(
                f"{entry}: count must be an int from 0 to {MAX_COUNT}, got {shown(mc.count)}"
            )
    if problems:
        return problems
    total = sum(m.count for m in cards.meals)
    if total > MAX_TOTAL_MEALS:
        problems.append(f"{total} Meal cards (at most {MAX_TOTAL_MEALS})")
    tomatoes = sum(m.count for m in cards.meals if m.set == "tomato")
    if tomatoes > MAX_TOMATOES:
        problems.append(f"{tomatoes} Tomato cards (at most {MAX_TOMATOES})")
    moods = sum(mc.count for mc in cards.moods_per_colour)
    if moods > MAX_MOOD_CARDS:
        problems.append(f"{moods} Mood cards per colour (at most {MAX_MOOD_CARDS})")
    return problems


_WHAT = "card lists"
_MEAL = {"set": str, "name": str, "count": int, "points": int, "drink": bool, "jealous_icon": bool}
_MOOD = {"mood": str, "count": int}


def _as_tuple(value: object) -> tuple[object, ...]:
    if not isinstance(value, list | tuple):
        raise ConfigError(f"card lists: a list of entries, got {shown(value)}")
    return tuple(value)


def _object(data: object, entry: str, types: Mapping[str, type]) -> list[Any]:
    """The fields of one JSON object, in the order of `types`, each of exactly its type; the
    messages quote values safely (`shown`), whatever they are."""
    if not isinstance(data, dict):
        raise ConfigError(f"{_WHAT}: {entry} must be a JSON object, got {shown(data)}")
    missing = [k for k in types if k not in data]
    if missing:
        raise ConfigError(f"{_WHAT}: {entry} has no {', '.join(missing)}")
    if len(data) != len(types):
        extra = sorted(shown(k) for k in data if k not in types)
        raise ConfigError(f"{_WHAT}: {entry} has unknown fields {', '.join(extra)}")
    for name, wanted in types.items():
        if type(data[name]) is not wanted:
            raise ConfigError(
                f"{_WHAT}: {entry}: {name} must be {wanted.__name__}, got {shown(data[name])}"
            )
    return [data[k] for k in types]


def _list(data: object, entry: str, most: int) -> list[Any]:
    if not isinstance(data, list):
        raise ConfigError(f"{_WHAT}: {entry} must be a JSON list, got {shown(data)}")
    if len(data) > most:
        raise ConfigError(f"{_WHAT}: {entry} has {len(data)} entries (at most {most})")
    return data


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
        object.__setattr__(self, "tables", _tables(self))

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
    def from_data(cls, data: object) -> CardLists:
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
        if not isinstance(data, dict):
            raise ConfigError(f"{_WHAT}: the file must be a JSON object, got {shown(data)}")
        keys = ("meals", "moods_per_colour")
        missing = [k for k in keys if k not in data]
        if missing:
            raise ConfigError(f"{_WHAT}: the file has no {', '.join(missing)}")
        extra = sorted(shown(k) for k in data if k not in (*keys, "source"))
        if extra:
            raise ConfigError(f"{_WHAT}: the file has unknown fields {', '.join(extra)}")
        meals = [
            Meal(*_object(e, f"meals[{i}]", _MEAL))
            for i, e in enumerate(_list(data["meals"], "meals", MAX_MEAL_ENTRIES))
        ]
        moods = [
            MoodCards(*_object(e, f"moods_per_colour[{i}]", _MOOD))
            for i, e in enumerate(_list(data[keys[1]], keys[1], len(MOODS)))
        ]
        source = data.get("source", "")
        if type(source) is not str:
            raise ConfigError(f"{_WHAT}: source must be text, got {shown(source)}")
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
