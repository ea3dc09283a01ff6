"""Scoring (AYC-11, AYC-12, AYC-20): one pure function of the players' collections and tokens.

`score_table` takes everything scoring needs and nothing else, so it can score any table a user
builds: the Meal lists, each player's collected Meals (counts by Meal), Drink and Spice tokens,
who holds the Birthday Cake tile and how many Tomatoes each counts as Vegetables. It returns a
`Score` per player, with every rule's part named.

Examples:
    >>> from tablefeast.games.all_you_can_eat_buffet.components import DEFAULT_CARDS
    >>> t = DEFAULT_CARDS.tables
    >>> blue = [0] * len(t.names)
    >>> for name in ("Banana", "Rum Banana", "Apple"):
    ...     blue[t.index[name]] += 1
    >>> table = score_table(
    ...     DEFAULT_CARDS, [tuple(blue)], drinks=[0], spices=[0], cake=None,
    ...     tomatoes_as_vegetables=[0],
    ... )
    >>> table[0].fruits
    3
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import CardLists
from tablefeast.games.all_you_can_eat_buffet.state import State
from tablefeast.kernel.deck import Counts

__all__ = ["FRUIT_SETS", "Score", "fruit_points", "score_table", "scores", "winners"]

FRUIT_SETS = (0, 1, 2, 4, 8, 16, 24)
"""Points of a set of 0..6 different Fruits (AYC-11); a larger set (custom lists) scores 24."""
CAKE_TILE = 8
VEGETABLE_BONUS = 10
SPICE_LIMIT, MILK_SPICE_LIMIT = 5, 8


@attrs.frozen
class Score:
    """One player's points, rule by rule (AYC-11).

    Examples:
        >>> Score(drinks=2, spices=0, garlic=0, cakes=0, cake_tile=8, meat=3, fish=0, vegetables=0,
        ...       vegetable_bonus=0, fruits=4, other=-5).total
        12
    """

    drinks: int
    spices: int
    garlic: int
    cakes: int
    cake_tile: int
    meat: int
    fish: int
    vegetables: int
    vegetable_bonus: int
    fruits: int
    other: int
    """Every other Meal at its printed points (Spoiled food -5, Parsley 0, ...)."""

    @property
    def total(self) -> int:
        """The player's score.

        Examples:
            >>> Score(1, 2, 0, 0, 0, 0, 3, 0, 0, 0, -5).total
            1
        """
        return sum(attrs.astuple(self))


@lru_cache(maxsize=4096)  # bounded: custom lists make many distinct collections possible
def fruit_points(kinds: tuple[int, ...]) -> int:
    """The most points sets of different Fruits can make from cards of `kinds` (counts per kind,
    in any order): each set scores by its size, and the sets are formed to score the most.

    The points of a set grow by 1, 1, 2, 4, 8, 8 with each kind added (AYC-11), never by less
    than the kind before, so bigger sets are never worse: taking one card of each of the (up to)
    six most plentiful kinds, again and again, scores the most (a test checks it against every
    way of forming the sets). Sets of more than six kinds score no more than six (AYC-20), so
    they are never formed. Linear in the number of cards, whatever the list.

    Args:
        kinds: how many cards of each Fruit kind there are, in any order (zeros allowed).

    Examples:
        >>> fruit_points((2, 1)), fruit_points((1, 1, 1, 1, 1, 1)), fruit_points((2, 2, 2, 1, 1))
        (3, 24, 20)
        >>> fruit_points((1,) * 7)  # a set of six and a set of one: 24 + 1
        25
    """
    counts = sorted((c for c in kinds if c > 0), reverse=True)
    best = 0
    while counts:
        size = min(6, len(counts))
        best += FRUIT_SETS[size]
        counts[:size] = [c - 1 for c in counts[:size]]
        counts = sorted((c for c in counts if c), reverse=True)
    return best


def _fruit_kind(name: str) -> str:
    # AYC-20: "Rum Banana" is a Banana (the rulebook's one pair of names of one kind).
    return name.removeprefix("Rum ")


def score_table(
    cards: CardLists,
    collections: Sequence[Counts],
    *,
    drinks: Sequence[int],
    spices: Sequence[int],
    cake: int | None,
    tomatoes_as_vegetables: Sequence[int | None],
) -> tuple[Score, ...]:
    """Every player's `Score` (AYC-11); undecided Tomatoes (None) count as neither (AYC-20).

    Args:
        cards: the Meal lists (which Meal is in which set, and its points).
        collections: each player's collected Meals, as counts by Meal.
        drinks: each player's Drink tokens.
        spices: each player's Spice tokens.
        cake: the seat holding the Birthday Cake tile, or None.
        tomatoes_as_vegetables: per player, how many of its Tomatoes count as Vegetables (the rest
            as Fruits), or None while undecided.

    Examples:
        >>> from tablefeast.games.all_you_can_eat_buffet.components import DEFAULT_CARDS
        >>> fish = DEFAULT_CARDS.tables.index["Fish"]
        >>> two, one = [0] * 26, [0] * 26
        >>> two[fish], one[fish] = 2, 1
        >>> table = score_table(
        ...     DEFAULT_CARDS, [tuple(two), tuple(one)], drinks=[1, 0], spices=[6, 2], cake=1,
        ...     tomatoes_as_vegetables=[None, None],
        ... )
        >>> [(s.fish, s.spices, s.cake_tile, s.total) for s in table]  # most Fish and 6 Spices: 0
        [(0, 0, 0, 1), (3, 2, 8, 13)]
    """
    t = cards.tables
    sets = t.of_set

    def count(collection: Counts, set_name: str) -> int:
        return sum(collection[i] for i in sets[set_name])

    tomatoes = [count(c, "tomato") for c in collections]
    as_veg = [v or 0 for v in tomatoes_as_vegetables]
    as_fruit = [
        h - v if v is not None else 0 for h, v in zip(tomatoes, tomatoes_as_vegetables, strict=True)
    ]
    fish = [count(c, "fish") for c in collections]
    vegetables = [count(c, "vegetables") + v for c, v in zip(collections, as_veg, strict=True)]
    most_fish, most_veg = max(fish), max(vegetables)
    meat_values = [t.points[i] for i in sets["meat"]]
    lowest_meat = min(meat_values) if meat_values else None
    # Fruits and Tomatoes score as sets and majorities; their printed points (0 in the default
    # list) still count, with every other Meal's, in `other`.
    special = {"garlic", "cake", "meat", "fish", "vegetables"}
    scored = []
    for seat, c in enumerate(collections):

        def points(set_name: str, col: Counts = c) -> int:
            return sum(col[i] * t.points[i] for i in sets[set_name])

        has = {s: count(c, s) > 0 for s in ("lemon", "milk", "parsley", "ketchup")}
        limit = MILK_SPICE_LIMIT if has["milk"] else SPICE_LIMIT
        meat = points("meat")
        if has["ketchup"]:  # Sausage (the lowest Meat) scores 5
            meat += sum(
                c[i] * (5 - t.points[i]) for i in sets["meat"] if t.points[i] == lowest_meat
            )
        kinds: dict[str, int] = {}
        for i in sets["fruits"]:
            kinds[_fruit_kind(t.names[i])] = kinds.get(_fruit_kind(t.names[i]), 0) + c[i]
        kinds["Tomato"] = as_fruit[seat]  # AYC-20: a Tomato is a Fruit kind of its own
        scored.append(
            Score(
                drinks=drinks[seat] * (2 if has["lemon"] else 1),
                spices=spices[seat] if spices[seat] <= limit else 0,
                garlic=count(c, "garlic") * 2 if has["parsley"] else points("garlic"),
                cakes=points("cake"),
                cake_tile=CAKE_TILE if cake == seat else 0,
                meat=meat,
                fish=0 if fish[seat] == most_fish else points("fish"),
                vegetables=points("vegetables"),
                vegetable_bonus=VEGETABLE_BONUS if vegetables[seat] == most_veg > 0 else 0,
                fruits=fruit_points(tuple(sorted(kinds.values()))),
                other=sum(points(s) for s in sets if s not in special),
            )
        )
    return tuple(scored)


def _table(state: State) -> tuple[Score, ...]:
    return score_table(
        state.config.card_lists,
        state.collections,
        drinks=state.drinks,
        spices=state.spices,
        cake=state.cake,
        tomatoes_as_vegetables=state.tomatoes,
    )


def scores(state: State) -> tuple[int, ...]:
    """Running scores (AYC-11): as if the game ended now, with undecided Tomatoes uncounted.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> scores(ayc.initial_state(ayc.Config(players=3)))
        (0, 0, 0)
        >>> scores(play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state)
        (10, 23, 19)
    """
    return tuple(s.total for s in _table(state))


def winners(state: State) -> frozenset[int]:
    """The winning seats once the game is over: most points, then most Drink tokens, then a
    shared win (AYC-12).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> end.stage, winners(end), winners(ayc.initial_state(ayc.Config(players=3)))
        ('over', frozenset({1}), frozenset())
    """
    if state.stage != "over":
        return frozenset()
    keys = [(total, state.drinks[seat]) for seat, total in enumerate(scores(state))]
    best = max(keys)
    return frozenset(seat for seat, key in enumerate(keys) if key == best)
