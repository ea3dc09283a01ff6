"""The cards: clothing items, cheeses and mice, as a validated, swappable card set.

The printed card lists are not public; the default set (`DEFAULT_CARDS`, package data
``cards.json``) is the reconstruction of MG-0. A user with the printed game passes their own set,
a JSON file of the same shape, through `CardSet.from_json` or `load_cards`; it is checked entry by
entry and a bad entry is named. The engine assumes nothing about the numbers in a set.

Inside the engine, clothing items, mice and cheeses are indices into the set's lists, hands and
piles are counts tuples over them, and a mouse's clothing is a bitmask over the item indices.

Examples:
    >>> DEFAULT_CARDS.total_clothing, len(DEFAULT_CARDS.mice), DEFAULT_CARDS.total_cheeses
    (58, 32, 9)
    >>> CardSet.from_data({
    ...     "clothing": [{"kind": "hat", "colour": "red", "count": 2}],
    ...     "cheeses": [{"cheese": "brie", "count": 1}],
    ...     "mice": [{"id": "A", "wears": [{"kind": "hat", "colour": "blue"}], "cheese": "brie"}],
    ... })
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: card set: clothing[0] (hat/red): no mouse wears it ...;
    mice[0] (A): wears hat/blue, which is not a clothing item of this set
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from tablefeast.games.mausgeflippt.actions import (
    DrawClothing,
    Play,
    RevealCheese,
    RevealMouse,
    is_name,
)
from tablefeast.kernel import carddata
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.errors import ConfigError

__all__ = [
    "DEFAULT_CARDS",
    "CardSet",
    "CheeseCards",
    "ClothingCards",
    "Item",
    "MouseCard",
    "load_cards",
]


@attrs.frozen
class Item:
    """A clothing item: a kind in a colour (both must match for a mouse to wear it, MG-4).

    Examples:
        >>> Item("tie", "blue"), str(Item("tie", "blue"))
        (Item(kind='tie', colour='blue'), 'tie/blue')
    """

    kind: str
    colour: str

    def __str__(self) -> str:
        return f"{self.kind}/{self.colour}"


@attrs.frozen
class ClothingCards:
    """`count` clothing cards showing the item `kind` in `colour`.

    Examples:
        >>> DEFAULT_CARDS.clothing[0]
        ClothingCards(kind='trousers', colour='blue', count=3)
    """

    kind: str
    colour: str
    count: int


@attrs.frozen
class CheeseCards:
    """`count` cheese cards of the cheese `cheese`.

    Examples:
        >>> DEFAULT_CARDS.cheeses[0]
        CheeseCards(cheese='emmental', count=3)
    """

    cheese: str
    count: int


@attrs.frozen
class MouseCard:
    """One mouse: its id (``M07``), the items it wears, and the cheese it shows.

    Examples:
        >>> mouse = DEFAULT_CARDS.mice[0]
        >>> mouse.id, [str(item) for item in mouse.wears], mouse.cheese
        ('M01', ['hat/red', 'ring/yellow', 'scarf/brown'], 'emmental')
    """

    id: str
    wears: tuple[Item, ...]
    cheese: str


class _Tables:
    """Index tables derived from a card set, built once, read on every move."""

    def __init__(self, cards: CardSet) -> None:
        self.items = tuple(Item(c.kind, c.colour) for c in cards.clothing)
        self.clothing_counts: Counts = tuple(c.count for c in cards.clothing)
        self.item_index = {item: i for i, item in enumerate(self.items)}
        self.cheese_names = tuple(c.cheese for c in cards.cheeses)
        self.cheese_counts: Counts = tuple(c.count for c in cards.cheeses)
        self.cheese_index = {name: i for i, name in enumerate(self.cheese_names)}
        self.mouse_ids = tuple(m.id for m in cards.mice)
        self.mouse_index = {m: i for i, m in enumerate(self.mouse_ids)}
        self.wears: tuple[int, ...] = tuple(
            sum(1 << self.item_index[item] for item in m.wears) for m in cards.mice
        )
        self.mouse_cheese = tuple(self.cheese_index[m.cheese] for m in cards.mice)
        # Pre-built actions: legal actions and chance outcomes are these very objects.
        self.plays = tuple(Play(i.kind, i.colour) for i in self.items)
        self.play_index = {play: i for i, play in enumerate(self.plays)}
        self.draws = tuple(DrawClothing(i.kind, i.colour) for i in self.items)
        self.draw_index = {draw: i for i, draw in enumerate(self.draws)}
        self.reveal_mice = tuple(RevealMouse(m) for m in self.mouse_ids)
        self.reveal_cheeses = tuple(RevealCheese(c) for c in self.cheese_names)


def _unique_counted(entry: str, key: Any, seen: set[Any], count: object) -> list[str]:
    """An entry's key must be new (it is added to `seen`) and its count a positive int."""
    problems = []
    if key in seen:
        problems.append(f"{entry}: this entry is listed twice")
    seen.add(key)
    if type(count) is not int or count < 1:
        problems.append(f"{entry}: count must be a positive int, got {count!r}")
    return problems


def _problems(cards: CardSet) -> list[str]:
    """What is wrong with a structured card set, each problem naming its entry."""
    problems: list[str] = []
    if not cards.clothing or not cards.cheeses or not cards.mice:
        problems.append("a card set needs at least one clothing item, one cheese and one mouse")
    items: set[Item] = set()
    worn = {item for m in cards.mice for item in m.wears}
    for i, c in enumerate(cards.clothing):
        entry = f"clothing[{i}] ({c.kind}/{c.colour})"
        if not is_name(c.kind) or not is_name(c.colour):
            problems.append(f"{entry}: kind and colour must be words without spaces or '/'")
        elif Item(c.kind, c.colour) not in worn:  # a card that could never catch a mouse
            problems.append(f"{entry}: no mouse wears it (an unknown kind or colour?)")
        problems.extend(_unique_counted(entry, Item(c.kind, c.colour), items, c.count))
    cheeses: set[str] = set()
    for i, ch in enumerate(cards.cheeses):
        entry = f"cheeses[{i}] ({ch.cheese})"
        if not is_name(ch.cheese):
            problems.append(f"{entry}: a cheese name must be a word without spaces or '/'")
        problems.extend(_unique_counted(entry, ch.cheese, cheeses, ch.count))
    ids: set[str] = set()
    for i, m in enumerate(cards.mice):
        entry = f"mice[{i}] ({m.id})"
        if not is_name(m.id):
            problems.append(f"{entry}: a mouse id must be a word without spaces or '/'")
        if m.id in ids:
            problems.append(f"{entry}: this id is used twice")
        ids.add(m.id)
        if not m.wears:
            problems.append(f"{entry}: a mouse must wear at least one item")
        if len(set(m.wears)) != len(m.wears):
            problems.append(f"{entry}: wears the same item twice")
        for item in m.wears:
            if item not in items:
                problems.append(f"{entry}: wears {item}, which is not a clothing item of this set")
        if m.cheese not in cheeses:
            problems.append(
                f"{entry}: shows cheese {m.cheese!r}, which is not a cheese of this set"
            )
    return problems


_WHAT = "card set"
_CLOTHING = {"kind": str, "colour": str, "count": int}
_CHEESE = {"cheese": str, "count": int}
_MOUSE = {"id": str, "wears": list, "cheese": str}
_ITEM = {"kind": str, "colour": str}


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


@attrs.frozen(cache_hash=True)
class CardSet:
    """A complete card set: clothing, cheeses and mice (MG-0). Validated on construction.

    Attributes:
        clothing: the clothing items with their numbers of copies.
        cheeses: the cheeses with their numbers of copies.
        mice: the mice, each wearing some of the clothing items and showing one cheese.
        source: where the list comes from (free text).

    Raises:
        ConfigError: something is wrong; the message names the entry.

    Examples:
        >>> cards = CardSet(
        ...     (ClothingCards("hat", "red", 2),),
        ...     (CheeseCards("brie", 1),),
        ...     (MouseCard("A", (Item("hat", "red"),), "brie"),),
        ... )
        >>> cards.total_clothing, cards.total_cheeses, len(cards.mice)
        (2, 1, 1)
    """

    clothing: tuple[ClothingCards, ...] = attrs.field(converter=_as_tuple)
    cheeses: tuple[CheeseCards, ...] = attrs.field(converter=_as_tuple)
    mice: tuple[MouseCard, ...] = attrs.field(converter=_as_tuple)
    source: str = ""
    tables: _Tables = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise ConfigError("card set: " + "; ".join(problems))
        object.__setattr__(self, "tables", _Tables(self))

    @property
    def total_clothing(self) -> int:
        """How many clothing cards the set has.

        Examples:
            >>> DEFAULT_CARDS.total_clothing
            58
        """
        return sum(self.tables.clothing_counts)

    @property
    def total_cheeses(self) -> int:
        """How many cheese cards the set has.

        Examples:
            >>> DEFAULT_CARDS.total_cheeses
            9
        """
        return sum(self.tables.cheese_counts)

    @classmethod
    def from_data(cls, data: Any) -> CardSet:
        """A card set from parsed JSON of the shape of ``cards.json``.

        Args:
            data: parsed JSON of the shape of ``cards.json`` (a `CardSet` is returned as it is).

        Raises:
            ConfigError: the data is not a card set; the message names the bad entry.

        Examples:
            >>> cards = CardSet.from_data({
            ...     "clothing": [{"kind": "hat", "colour": "red", "count": 2}],
            ...     "cheeses": [{"cheese": "brie", "count": 1}],
            ...     "mice": [
            ...         {"id": "A", "cheese": "brie", "wears": [{"kind": "hat", "colour": "red"}]},
            ...     ],
            ... })
            >>> cards.mice[0]
            MouseCard(id='A', wears=(Item(kind='hat', colour='red'),), cheese='brie')
        """
        if isinstance(data, CardSet):
            return data
        top = carddata.mapping(
            data, "the card set", ("clothing", "cheeses", "mice"), ("source",), _WHAT
        )
        clothing = [
            ClothingCards(*carddata.fields(e, f"clothing[{i}]", _CLOTHING, _WHAT))
            for i, e in enumerate(carddata.json_list(top["clothing"], "clothing", _WHAT))
        ]
        cheeses = [
            CheeseCards(*carddata.fields(e, f"cheeses[{i}]", _CHEESE, _WHAT))
            for i, e in enumerate(carddata.json_list(top["cheeses"], "cheeses", _WHAT))
        ]
        mice = []
        for i, e in enumerate(carddata.json_list(top["mice"], "mice", _WHAT)):
            mouse_id, wears, cheese = carddata.fields(e, f"mice[{i}]", _MOUSE, _WHAT)
            where = f"mice[{i}] ({mouse_id}).wears"
            worn = [
                Item(*carddata.fields(w, f"{where}[{j}]", _ITEM, _WHAT))
                for j, w in enumerate(carddata.json_list(wears, where, _WHAT))
            ]
            mice.append(MouseCard(mouse_id, tuple(worn), cheese))
        source = top.get("source", "")
        if type(source) is not str:
            raise ConfigError(f"card set: source must be text, got {source!r}")
        return cls(tuple(clothing), tuple(cheeses), tuple(mice), source)

    @classmethod
    def from_json(cls, text: str) -> CardSet:
        """A card set from JSON text.

        Args:
            text: JSON text of the shape of ``cards.json``.

        Raises:
            ConfigError: not JSON, or not a card set (the message names the bad entry).

        Examples:
            >>> import tablefeast
            >>> CardSet.from_json(tablefeast.dumps(DEFAULT_CARDS)) == DEFAULT_CARDS
            True
            >>> CardSet.from_json("[]")
            Traceback (most recent call last):
            ...
            tablefeast.kernel.errors.ConfigError: card set: the card set must be a JSON object, ...
        """
        return cls.from_data(carddata.read_json(text, _WHAT))


def load_cards(path: str | Path) -> CardSet:
    """A card set from a JSON file of the shape of the default ``cards.json``.

    Args:
        path: the JSON file to read.

    Raises:
        ConfigError: the file cannot be read or is not a card set (the message names the entry).

    Examples:
        >>> from pathlib import Path
        >>> import tablefeast.games.mausgeflippt as mg
        >>> load_cards(Path(mg.__file__).with_name("cards.json")) == DEFAULT_CARDS
        True
        >>> load_cards("/no/such/cards.json")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: card set: cannot read /no/such/cards.json: ...
    """
    return CardSet.from_json(carddata.read_text(path, _WHAT))


DEFAULT_CARDS: CardSet = CardSet.from_json(
    resources.files("tablefeast.games.mausgeflippt")
    .joinpath("cards.json")
    .read_text(encoding="utf-8")
)
"""The default card set: the MG-0 reconstruction, shipped as package data (``cards.json``)."""
