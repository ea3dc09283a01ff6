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
from operator import mul

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import CardLists
from tablefeast.games.all_you_can_eat_buffet.state import State
from tablefeast.kernel.deck import Counts

__all__ = ["FRUIT_SETS", "Score", "fruit_points", "score_table", "scores", "seat_scores", "winners"]

FRUIT_SETS = (0, 1, 2, 4, 8, 16, 24)
"""Points of a set of 0..6 different Fruits (AYC-11); a larger set (custom lists) scores 24."""
CAKE_TILE = 8
VEGETABLE_BONUS = 10
SPICE_LIMIT, MILK_SPICE_LIMIT = 5, 8
"""Spice tokens (AYC-11): up to 5 score, and 6 or more score none; with Milk up to 8 score, and
more never void them (a cap, not a bust: the ruling of AYC-11)."""


def _spice_points(spices: int, milk: bool) -> int:
    """AYC-11: 1 per Spice token up to 5, none at 6 or more; with Milk, 1 each up to 8 (more
    score 8: the Milk lifts the bust and raises the cap)."""
    if milk:
        return min(spices, MILK_SPICE_LIMIT)
    return spices if spices <= SPICE_LIMIT else 0


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
        return (
            self.drinks
            + self.spices
            + self.garlic
            + self.cakes
            + self.cake_tile
            + self.meat
            + self.fish
            + self.vegetables
            + self.vegetable_bonus
            + self.fruits
            + self.other
        )


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


@attrs.frozen
class _Plan:
    """What scoring reads of one set of Meal lists, worked out once per lists: the indices of
    each set and their printed points, so that scoring a table is a few C-level sums."""

    tomato: tuple[int, ...]
    fish: tuple[int, ...]
    vegetables: tuple[int, ...]
    lemon: tuple[int, ...]
    milk: tuple[int, ...]
    parsley: tuple[int, ...]
    ketchup: tuple[int, ...]
    garlic: tuple[int, ...]
    garlic_scored: tuple[int, ...]
    garlic_points: tuple[int, ...]
    cake: tuple[int, ...]
    cake_points: tuple[int, ...]
    meat: tuple[int, ...]
    meat_points: tuple[int, ...]
    sausage: tuple[int, ...]
    """The lowest Meats, which Ketchup raises to 5 points."""
    sausage_raise: tuple[int, ...]
    fish_scored: tuple[int, ...]
    fish_points: tuple[int, ...]
    vegetables_scored: tuple[int, ...]
    vegetable_points: tuple[int, ...]
    fruit_single: tuple[int, ...]
    """The Fruit kinds of one Meal each, by index; a kind named Tomato is left out (the
    Tomatoes counted as Fruits take its place, AYC-20)."""
    fruit_groups: tuple[tuple[int, ...], ...]
    """The Fruit kinds of several Meals (a Banana and a Rum Banana), likewise."""
    other: tuple[int, ...]
    other_points: tuple[int, ...]


def _plan_of(cards: CardLists) -> _Plan:
    t = cards.tables
    sets = t.of_set
    points = t.points

    def of(*names: str) -> tuple[int, ...]:
        return tuple(i for name in names for i in sets[name])

    def points_of(indices: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(points[i] for i in indices)

    def scored(indices: tuple[int, ...]) -> tuple[int, ...]:
        # A Meal of 0 points adds nothing to a sum of points: leave it out of the sum.
        return tuple(i for i in indices if points[i])

    meat = of("meat")
    lowest_meat = min(points_of(meat)) if meat else None
    sausage = tuple(i for i in meat if points[i] == lowest_meat)
    kinds: dict[str, list[int]] = {}
    for i in sets["fruits"]:
        kinds.setdefault(_fruit_kind(t.names[i]), []).append(i)
    kinds.pop("Tomato", None)
    special = {"garlic", "cake", "meat", "fish", "vegetables"}
    other = scored(of(*(s for s in sets if s not in special)))
    groups = tuple(tuple(group) for group in kinds.values())
    return _Plan(
        tomato=of("tomato"),
        fish=of("fish"),
        vegetables=of("vegetables"),
        lemon=of("lemon"),
        milk=of("milk"),
        parsley=of("parsley"),
        ketchup=of("ketchup"),
        garlic=of("garlic"),
        garlic_scored=scored(of("garlic")),
        garlic_points=points_of(scored(of("garlic"))),
        cake=scored(of("cake")),
        cake_points=points_of(scored(of("cake"))),
        meat=scored(meat),
        meat_points=points_of(scored(meat)),
        sausage=sausage,
        sausage_raise=tuple(5 - points[i] for i in sausage),
        fish_scored=scored(of("fish")),
        fish_points=points_of(scored(of("fish"))),
        vegetables_scored=scored(of("vegetables")),
        vegetable_points=points_of(scored(of("vegetables"))),
        fruit_single=tuple(group[0] for group in groups if len(group) == 1),
        fruit_groups=tuple(group for group in groups if len(group) > 1),
        other=other,
        other_points=points_of(other),
    )


# Plans by Meal lists (few: the default lists and a user's custom ones); bounded all the same.
_PLANS: dict[CardLists, _Plan] = {}


def _plan(cards: CardLists) -> _Plan:
    plan = _PLANS.get(cards)
    if plan is None:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        plan = _PLANS[cards] = _plan_of(cards)
    return plan


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
    plan = _plan(cards)
    # The sums below run in C (map over a seat's counts), with no Python call per set.
    tomatoes = [sum(map(c.__getitem__, plan.tomato)) for c in collections]
    as_fruit = [
        h - v if v is not None else 0 for h, v in zip(tomatoes, tomatoes_as_vegetables, strict=True)
    ]
    fish = [sum(map(c.__getitem__, plan.fish)) for c in collections]
    vegetables = [
        sum(map(c.__getitem__, plan.vegetables)) + (v or 0)
        for c, v in zip(collections, tomatoes_as_vegetables, strict=True)
    ]
    most_fish, most_veg = max(fish), max(vegetables)
    # Fruits and Tomatoes score as sets and majorities; their printed points (0 in the default
    # list) still count, with every other Meal's, in `other`.
    scored = []
    for seat, c in enumerate(collections):
        get = c.__getitem__
        milk = sum(map(get, plan.milk)) > 0
        meat = sum(map(mul, map(get, plan.meat), plan.meat_points))
        if sum(map(get, plan.ketchup)) > 0:  # Sausage (the lowest Meat) scores 5
            meat += sum(map(mul, map(get, plan.sausage), plan.sausage_raise))
        kinds = list(map(get, plan.fruit_single))
        kinds += [sum(map(get, group)) for group in plan.fruit_groups]
        kinds.append(as_fruit[seat])  # AYC-20: a Tomato is a Fruit kind of its own
        kinds.sort()
        scored.append(
            Score(
                drinks=drinks[seat] * (2 if sum(map(get, plan.lemon)) > 0 else 1),
                spices=_spice_points(spices[seat], milk),
                garlic=(
                    sum(map(get, plan.garlic)) * 2
                    if sum(map(get, plan.parsley)) > 0
                    else sum(map(mul, map(get, plan.garlic_scored), plan.garlic_points))
                ),
                cakes=sum(map(mul, map(get, plan.cake), plan.cake_points)),
                cake_tile=CAKE_TILE if cake == seat else 0,
                meat=meat,
                fish=(
                    0
                    if fish[seat] == most_fish
                    else sum(map(mul, map(get, plan.fish_scored), plan.fish_points))
                ),
                vegetables=sum(map(mul, map(get, plan.vegetables_scored), plan.vegetable_points)),
                vegetable_bonus=VEGETABLE_BONUS if vegetables[seat] == most_veg > 0 else 0,
                fruits=fruit_points(tuple(kinds)),
                other=sum(map(mul, map(get, plan.other), plan.other_points)),
            )
        )
    return tuple(scored)


def seat_scores(state: State) -> tuple[Score, ...]:
    """Each seat's `Score`, rule by rule, as if the game ended now (AYC-11).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> seat_scores(ayc.initial_state(ayc.Config(players=3)))[0].total
        0
    """
    return _table(state)


def _table(state: State) -> tuple[Score, ...]:
    return score_table(
        state.config.card_lists,
        state.collections,
        drinks=state.drinks,
        spices=state.spices,
        cake=state.cake,
        tomatoes_as_vegetables=state.tomatoes,
    )


# Running scores by everything they depend on (the lists, collections, tokens and the cake):
# most decisions change none of these, and every view shows the scores. Only scores with no
# Tomato decided are kept, so the memo holds nothing but public facts (a decision is hidden until
# all are made; the few steps of the Tomato stage are scored afresh).
_TOTALS: dict[tuple[object, ...], tuple[int, ...]] = {}
_TOTALS_SIZE = 4096


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
    tomatoes = state.tomatoes
    if tomatoes.count(None) != len(tomatoes):
        return tuple(s.total for s in _table(state))
    key = (state.config.card_lists, state.collections, state.drinks, state.spices, state.cake)
    totals = _TOTALS.get(key)
    if totals is None:
        if len(_TOTALS) >= _TOTALS_SIZE:
            _TOTALS.clear()
        totals = _TOTALS[key] = tuple(s.total for s in _table(state))
    return totals


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
