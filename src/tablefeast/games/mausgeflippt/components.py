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

from collections.abc import Hashable
from importlib import resources
from pathlib import Path
from typing import TypeVar

import attrs

from tablefeast.games.mausgeflippt.actions import (
    DrawClothing,
    FaceDown,
    Play,
    RevealCheese,
    RevealMouse,
    is_name,
)
from tablefeast.kernel import carddata
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "DEFAULT_CARDS",
    "MAX_CHEESES",
    "MAX_CLOTHING",
    "MAX_COPIES",
    "MAX_ENTRIES",
    "MAX_NAME_CHARS",
    "CardSet",
    "CheeseCards",
    "ClothingCards",
    "Item",
    "MouseCard",
    "load_cards",
]

# MG-20: bounds no printed set comes near (58 clothing cards, 32 mice, 9 cheeses), so that no
# card set can make a game, a determinization or an observation tensor arbitrarily costly.
MAX_COPIES = 100
"""The most copies of one clothing item or one cheese in a card set (MG-20)."""
MAX_ENTRIES = 200
"""The most entries of each list of a card set: clothing items, cheeses, mice (MG-20)."""
MAX_CLOTHING = 2000
"""The most clothing cards a card set may have in all (MG-20)."""
MAX_CHEESES = 1000
"""The most cheese cards a card set may have in all (MG-20)."""
MAX_NAME_CHARS = 40
"""The longest kind, colour, cheese name or mouse id (MG-20)."""
_MAX_SOURCE_CHARS = 1000


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


@attrs.frozen(slots=True)
class _Tables:
    """Index tables derived from a card set, built once, read on every move.

    Frozen, and every mapping a read-only view: the tables are shared by every game with this
    card set (the default set by all of them), so that nothing holding a view can change them.
    """

    items: tuple[Item, ...]
    clothing_counts: Counts
    item_index: FrozenDict[Item, int]
    by_kind: FrozenDict[str, FrozenDict[str, int]]
    """``by_kind[kind][colour]``: an item's index, found without hashing an action (an attrs
    action's hash runs Python code; a str caches its own)."""
    cheese_names: tuple[str, ...]
    cheese_counts: Counts
    cheese_index: FrozenDict[str, int]
    mouse_ids: tuple[str, ...]
    mouse_index: FrozenDict[str, int]
    wears: tuple[int, ...]
    mouse_cheese: tuple[int, ...]
    # Pre-built actions: legal actions and chance outcomes are these very objects.
    plays: tuple[Play, ...]
    play_index: FrozenDict[Play, int]
    face_downs: tuple[FaceDown, ...]
    face_down_index: FrozenDict[FaceDown, int]
    draws: tuple[DrawClothing, ...]
    draw_index: FrozenDict[DrawClothing, int]
    reveal_mice: tuple[RevealMouse, ...]
    reveal_cheeses: tuple[RevealCheese, ...]

    @classmethod
    def build(cls, cards: CardSet) -> _Tables:
        """The tables of a checked card set."""
        items = tuple(Item(c.kind, c.colour) for c in cards.clothing)
        item_index = {item: i for i, item in enumerate(items)}
        cheese_names = tuple(c.cheese for c in cards.cheeses)
        cheese_index = {name: i for i, name in enumerate(cheese_names)}
        mouse_ids = tuple(m.id for m in cards.mice)
        plays = tuple(Play(i.kind, i.colour) for i in items)
        face_downs = tuple(FaceDown(i.kind, i.colour) for i in items)
        draws = tuple(DrawClothing(i.kind, i.colour) for i in items)
        return cls(
            items=items,
            clothing_counts=tuple(c.count for c in cards.clothing),
            item_index=FrozenDict(item_index),
            by_kind=FrozenDict(
                {
                    kind: FrozenDict({i.colour: n for n, i in enumerate(items) if i.kind == kind})
                    for kind in dict.fromkeys(i.kind for i in items)
                }
            ),
            cheese_names=cheese_names,
            cheese_counts=tuple(c.count for c in cards.cheeses),
            cheese_index=FrozenDict(cheese_index),
            mouse_ids=mouse_ids,
            mouse_index=FrozenDict({m: i for i, m in enumerate(mouse_ids)}),
            wears=tuple(sum(1 << item_index[item] for item in m.wears) for m in cards.mice),
            mouse_cheese=tuple(cheese_index[m.cheese] for m in cards.mice),
            plays=plays,
            play_index=FrozenDict({play: i for i, play in enumerate(plays)}),
            face_downs=face_downs,
            face_down_index=FrozenDict({down: i for i, down in enumerate(face_downs)}),
            draws=draws,
            draw_index=FrozenDict({draw: i for i, draw in enumerate(draws)}),
            reveal_mice=tuple(RevealMouse(m) for m in mouse_ids),
            reveal_cheeses=tuple(RevealCheese(c) for c in cheese_names),
        )


def _is_name(value: object) -> bool:
    return is_name(value) and len(value) <= MAX_NAME_CHARS


def _label(value: object) -> str:
    """A name as messages show it: the text itself, cut short, or a safe repr."""
    if type(value) is str:
        return value if len(value) <= MAX_NAME_CHARS else value[:MAX_NAME_CHARS] + "..."
    return shown(value, 20)


K = TypeVar("K", bound=Hashable)


def _unique_counted(entry: str, key: K, seen: set[K], count: object) -> list[str]:
    """An entry's key must be new (it is added to `seen`) and its count a positive int of at
    most `MAX_COPIES` (MG-20)."""
    problems = []
    if key in seen:
        problems.append(f"{entry}: this entry is listed twice")
    seen.add(key)
    if type(count) is not int or not 1 <= count <= MAX_COPIES:
        problems.append(
            f"{entry}: count must be a positive int, got {shown(count)} "
            f"(at most {MAX_COPIES} copies, MG-20)"
        )
    return problems


def _shape_problems(cards: CardSet) -> list[str]:
    """Types and sizes, checked first, so that the entry checks below cannot fail (MG-20)."""
    lists = {"clothing": ClothingCards, "cheeses": CheeseCards, "mice": MouseCard}
    problems = []
    for name, kind in lists.items():
        entries = getattr(cards, name)
        if len(entries) > MAX_ENTRIES:
            problems.append(f"{name} has {len(entries)} entries (at most {MAX_ENTRIES}, MG-20)")
        elif not all(type(e) is kind for e in entries):
            problems.append(f"{name} must hold {kind.__name__} entries only")
    if problems:
        return problems
    for i, m in enumerate(cards.mice):
        if type(m.wears) is not tuple or not all(type(w) is Item for w in m.wears):
            problems.append(f"mice[{i}]: wears must be a tuple of Items")
        elif len(m.wears) > len(cards.clothing) or not all(
            _is_name(w.kind) and _is_name(w.colour) for w in m.wears
        ):
            problems.append(f"mice[{i}]: wears must be distinct clothing items of this set")
    if type(cards.source) is not str or len(cards.source) > _MAX_SOURCE_CHARS:
        problems.append(f"source must be text of at most {_MAX_SOURCE_CHARS} characters")
    return problems


def _total_problems(cards: CardSet) -> list[str]:
    """The totals of MG-20, once every count is known to be a bounded int."""
    clothing = sum(c.count for c in cards.clothing)
    cheeses = sum(c.count for c in cards.cheeses)
    problems = []
    if clothing > MAX_CLOTHING:
        problems.append(f"{clothing} clothing cards in all (at most {MAX_CLOTHING}, MG-20)")
    if cheeses > MAX_CHEESES:
        problems.append(f"{cheeses} cheese cards in all (at most {MAX_CHEESES}, MG-20)")
    return problems


def _problems(cards: CardSet) -> list[str]:
    """What is wrong with a structured card set, each problem naming its entry."""
    problems = _shape_problems(cards)
    if problems:
        return problems
    if not cards.clothing or not cards.cheeses or not cards.mice:
        problems.append("a card set needs at least one clothing item, one cheese and one mouse")
    items: set[Item] = set()
    worn = {item for m in cards.mice for item in m.wears}
    for i, c in enumerate(cards.clothing):
        if not _is_name(c.kind) or not _is_name(c.colour):
            problems.append(
                f"clothing[{i}] ({_label(c.kind)}/{_label(c.colour)}): kind and colour must be "
                f"words without spaces or '/', of at most {MAX_NAME_CHARS} characters"
            )
            continue
        entry = f"clothing[{i}] ({c.kind}/{c.colour})"
        if Item(c.kind, c.colour) not in worn:  # a card that could never catch a mouse
            problems.append(f"{entry}: no mouse wears it (an unknown kind or colour?)")
        problems.extend(_unique_counted(entry, Item(c.kind, c.colour), items, c.count))
    cheeses: set[str] = set()
    for i, ch in enumerate(cards.cheeses):
        if not _is_name(ch.cheese):
            problems.append(
                f"cheeses[{i}] ({_label(ch.cheese)}): a cheese name must be a word without "
                f"spaces or '/', of at most {MAX_NAME_CHARS} characters"
            )
            continue
        problems.extend(
            _unique_counted(f"cheeses[{i}] ({ch.cheese})", ch.cheese, cheeses, ch.count)
        )
    ids: set[str] = set()
    for i, m in enumerate(cards.mice):
        if not _is_name(m.id):
            problems.append(
                f"mice[{i}] ({_label(m.id)}): a mouse id must be a word without spaces or "
                f"'/', of at most {MAX_NAME_CHARS} characters"
            )
            continue
        entry = f"mice[{i}] ({m.id})"
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
        if not _is_name(m.cheese) or m.cheese not in cheeses:
            problems.append(
                f"{entry}: shows cheese {shown(m.cheese)}, which is not a cheese of this set"
            )
    return problems or _total_problems(cards)


_WHAT = "card set"
_CLOTHING = {"kind": str, "colour": str, "count": int}
_CHEESE = {"cheese": str, "count": int}
_MOUSE = {"id": str, "wears": list, "cheese": str}
_ITEM = {"kind": str, "colour": str}


def _as_tuple(value: object) -> tuple[object, ...]:
    if not isinstance(value, list | tuple):
        raise ConfigError(f"card set: a list of entries is needed, got {shown(value)}")
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
        object.__setattr__(self, "tables", _Tables.build(self))

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
    def from_data(cls, data: object) -> CardSet:
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
        try:
            return cls._from_data(data)
        except ConfigError:
            raise
        except (TypeError, ValueError, RecursionError):
            # The kernel's readers quote what they refuse; a value that cannot even be quoted
            # (an int of 5,000 digits, an object that is no JSON) is refused here instead.
            raise ConfigError("card set: malformed data (not parsed JSON of a card set)") from None

    @classmethod
    def _from_data(cls, data: object) -> CardSet:
        top = carddata.mapping(
            data, "the card set", ("clothing", "cheeses", "mice"), ("source",), _WHAT
        )
        lists = {
            name: carddata.json_list(top[name], name, _WHAT)
            for name in ("clothing", "cheeses", "mice")
        }
        for name, entries in lists.items():  # MG-20: fail fast, before reading every entry
            if len(entries) > MAX_ENTRIES:
                raise ConfigError(
                    f"card set: {name} has {len(entries)} entries (at most {MAX_ENTRIES}, MG-20)"
                )
        clothing = [
            ClothingCards(*carddata.fields(e, f"clothing[{i}]", _CLOTHING, _WHAT))
            for i, e in enumerate(lists["clothing"])
        ]
        cheeses = [
            CheeseCards(*carddata.fields(e, f"cheeses[{i}]", _CHEESE, _WHAT))
            for i, e in enumerate(lists["cheeses"])
        ]
        mice = []
        for i, e in enumerate(lists["mice"]):
            mouse_id, wears, cheese = carddata.fields(e, f"mice[{i}]", _MOUSE, _WHAT)
            where = f"mice[{i}] ({_label(mouse_id)}).wears"
            worn = carddata.json_list(wears, where, _WHAT)
            if len(worn) > MAX_ENTRIES:
                raise ConfigError(f"card set: {where} has {len(worn)} items (MG-20)")
            items = [
                Item(*carddata.fields(w, f"{where}[{j}]", _ITEM, _WHAT)) for j, w in enumerate(worn)
            ]
            mice.append(MouseCard(mouse_id, tuple(items), cheese))
        source = top.get("source", "")
        if type(source) is not str:
            raise ConfigError(f"card set: source must be text, got {shown(source)}")
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
