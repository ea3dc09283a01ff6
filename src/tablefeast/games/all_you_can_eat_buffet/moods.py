"""The six Mood effects, in one table: `MOOD_EFFECTS`.

The rulebook names the Moods and clarifies them but does not print their texts; these effects
are the reconstruction of AYC-0, built on those clarifications. Each Mood is one `MoodEffect`:
when it resolves (`"first"`, `"turn"` or `"last"`, AYC-7), the choices it offers its player (an
empty tuple: nothing it can do, AYC-13; None: no choice, it is carried out at once), and what it
does. A user with the printed cards changes an effect here, in one place.

Collecting and stealing, with everything they bring (AYC-8), are the two helpers `collect` and
`steal`, shared by the effects. What changes the state (`carry_out`, `collect`, `steal` and
their helpers) also takes a `trace`: when that is a list (in `rules.apply_traced`), what the Mood
does is appended to it as typed effects (`effects`), in the order it happens; None (in
`rules.apply_action`) notes nothing.

Examples:
    >>> MOOD_EFFECTS[Mood.BOOR].when, MOOD_EFFECTS[Mood.SLOW].when
    ('first', 'last')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TypedDict

import attrs

from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.games.all_you_can_eat_buffet.actions import Action, Steal, Swap, Take
from tablefeast.games.all_you_can_eat_buffet.components import Mood
from tablefeast.games.all_you_can_eat_buffet.state import LineMeal, State, revealed_mood
from tablefeast.kernel.deck import Counts, counts_put, counts_remove
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict, replace

__all__ = [
    "MOOD_EFFECTS",
    "Changes",
    "MoodEffect",
    "card_effects",
    "collect",
    "gain_drink",
    "line_entry",
    "nothing_done",
    "steal",
]


class Changes(TypedDict, total=False):
    """Fields of the next state, by name, as collecting, stealing and the Meals' effects change
    them (`kernel.values.replace` applies them); a field not there is unchanged."""

    collections: tuple[Counts, ...]
    line: tuple[LineMeal, ...]
    spices: tuple[int, ...]
    secrets: tuple[int, ...]
    drinks: tuple[int, ...]
    drink_supply: int
    cake: int | None


@attrs.frozen
class MoodEffect:
    """How one Mood is carried out.

    Attributes:
        when: ``"first"`` (before all others), ``"turn"`` (in turn order) or ``"last"``.
        choices: the player's options now; ``()``: it can do nothing (AYC-13); None: there is
            nothing to choose and `carry_out` is called with None.
        why_not: why an action is not one of the `choices` now (None when it is); a test checks
            that the two agree.
        carry_out: the state after the player carries out the Mood with that choice, noting
            what it does in the trace (its fourth argument) when that is a list; the built-in
            ones default the trace to None, so a call without it still works.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> boor = MOOD_EFFECTS[Mood.BOOR]
        >>> boor.when, boor.choices(s, 0)[:2], MOOD_EFFECTS[Mood.HUNGRY].choices(s, 0)
        ('first', (Take(positions=(1,)), Take(positions=(2,))), None)
    """

    when: str
    choices: Callable[[State, int], tuple[Action, ...] | None]
    why_not: Callable[[State, int, Action], str | None]
    carry_out: Callable[[State, int, Action | None, list[Effect] | None], State]


# ---------------------------------------------------------------- collecting and stealing


def line_entry(state: State, entry: LineMeal) -> fx.LineEntry:
    """A Meal of the line as the effects name it: its name, Spice tokens and secret card.

    Args:
        state: the state of the game (its Meal list names the Meal).
        entry: the Meal in the line.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> s = ayc.initial_state(ayc.Config(players=3))
        >>> line_entry(s, (s.config.card_lists.tables.index["Milk"], 1, False))
        LineEntry(meal='Milk', spices=1, secret=False)
    """
    meal, spices, secret = entry
    return fx.LineEntry(state.config.card_lists.tables.names[meal], spices, secret)


def gain_drink(state: State, seat: int, fields: Changes, trace: list[Effect] | None) -> None:
    """`seat` gains a Drink token from the supply, while the supply lasts (AYC-6, AYC-8).

    `fields` holds the next state's changed fields (it is changed): the Drink tokens and the
    supply are read from it when already changed there, else from `state`.

    Args:
        state: the state of the game, before the change.
        seat: the seat that gains the token.
        fields: the next state's changed fields so far.
        trace: where the effects are noted (`effects.DrinkGained`), or None.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> fields, trace = {}, []
        >>> gain_drink(s, 1, fields, trace)
        >>> fields, trace
        ({'drinks': (0, 1, 0), 'drink_supply': 35}, [DrinkGained(seat=1, held=1)])
    """
    drinks = fields.get("drinks", state.drinks)
    supply = fields.get("drink_supply", state.drink_supply)
    if supply:  # AYC-6: an empty supply gives nothing
        fields["drinks"] = gained = counts_put(drinks, seat, 1)
        fields["drink_supply"] = supply - 1
        if trace is not None:
            trace.append(fx.DrinkGained(seat, gained[seat]))


def card_effects(
    state: State, seat: int, meal: int, fields: Changes, trace: list[Effect] | None
) -> None:
    """A Cake takes the Birthday Cake tile; a Coffee discards 2 Drink tokens (AYC-8).

    Args:
        state: the state of the game, before the change.
        seat: the seat that collects or steals the Meal.
        meal: the Meal card's index in the Meal list.
        fields: the next state's changed fields so far; the effects are written into it.
        trace: where the effects are noted (`effects.CakeTileTaken` when the tile changes
            hands, `effects.CoffeeDrunk` for every Coffee), or None.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> fields, trace = {}, []
        >>> card_effects(s, 2, s.config.card_lists.tables.index["Chocolate cake"], fields, trace)
        >>> fields, trace
        ({'cake': 2}, [CakeTileTaken(seat=2, previous=None)])
    """
    tables = state.config.card_lists.tables
    if meal in tables.cake:
        if trace is not None:
            previous = fields.get("cake", state.cake)
            if previous != seat:  # a second Cake moves no tile
                trace.append(fx.CakeTileTaken(seat, previous))
        fields["cake"] = seat
    if meal in tables.coffee:
        drinks = fields.get("drinks", state.drinks)
        lose = min(2, drinks[seat])  # as many as the player has, up to 2
        fields["drinks"] = counts_put(drinks, seat, -lose)
        fields["drink_supply"] = fields.get("drink_supply", state.drink_supply) + lose
        if trace is not None:
            trace.append(fx.CoffeeDrunk(seat, lose, drinks[seat] - lose))


def collect(state: State, seat: int, positions: Sequence[int], trace: list[Effect] | None) -> State:
    """`seat` collects the Meals at the 0-based line `positions`, first to last (AYC-8): with
    their Spice tokens, a Drink token for a Drink icon, the Birthday Cake tile for a Cake, the
    loss of 2 Drink tokens for a Coffee, and a Surprise bread's secret card.

    Args:
        state: the state of the game.
        seat: the collecting seat.
        positions: the 0-based line positions of the Meals to collect, in any order (one or
            more).
        trace: where the effects are noted (`effects.MealsTaken`, then each Meal's tokens and
            tiles, in line order), or None.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> names = s.config.card_lists.tables.names
        >>> [(names[meal], spices) for meal, spices, _ in s.line[:2]]
        [('Pumpkin', 0), ('Milk', 1)]
        >>> trace = []
        >>> after = collect(s, 0, [1], trace)  # position 2, counted from 0
        >>> [names[i] for i, n in enumerate(after.collections[0]) if n], after.spices
        (['Milk'], (1, 0, 0))
        >>> trace
        [MealsTaken(seat=0, meals=(LineEntry(meal='Milk', spices=1, secret=False),))]
    """
    tables = state.config.card_lists.tables
    fields: Changes = {}
    collection = list(state.collections[seat])
    spices = 0
    secrets = 0
    line = state.line
    taken = sorted(positions)
    if trace is not None:  # in Meal-list order, as a collection lists them
        entries = sorted(line[position] for position in taken)
        trace.append(fx.MealsTaken(seat, tuple(line_entry(state, e) for e in entries)))
    for position in taken:  # first to last: a Coffee before a later Drink icon takes nothing
        meal, on_it, secret = line[position]
        collection[meal] += 1
        spices += on_it
        secrets += secret
        if tables.drink[meal]:
            gain_drink(state, seat, fields, trace)
        if meal in tables.special:
            card_effects(state, seat, meal, fields, trace)
    collections = list(state.collections)
    collections[seat] = tuple(collection)
    fields["collections"] = tuple(collections)
    if len(taken) == 1:  # the usual case: one Meal
        position = taken[0]
        fields["line"] = line[:position] + line[position + 1 :]
    else:
        fields["line"] = tuple(entry for i, entry in enumerate(line) if i not in taken)
    fields["spices"] = counts_put(state.spices, seat, spices)
    if secrets:
        fields["secrets"] = counts_put(state.secrets, seat, secrets)
    return replace(state, **fields)


def steal(state: State, thief: int, victim: int, meal: int, trace: list[Effect] | None) -> State:
    """`thief` steals one `meal` from `victim` (Jealous): a Drink token for the Jealous icon, the
    Birthday Cake tile for a Cake, the loss of 2 Drink tokens for a Coffee (AYC-8), and a
    Surprise bread's secret card with the bread (AYC-21).

    Args:
        state: the state of the game.
        thief: the stealing seat.
        victim: the seat stolen from.
        meal: the Meal card's index in the Meal list; `victim` has collected one.
        trace: where the effects are noted (`effects.MealStolen`, then its tokens and tiles),
            or None.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> milk = s.config.card_lists.tables.index["Milk"]
        >>> trace = []
        >>> after = steal(collect(s, 0, [1], None), 1, 0, milk, trace)
        >>> after.collections[0][milk], after.collections[1][milk], trace
        (0, 1, [MealStolen(thief=1, victim=0, meal='Milk', with_secret=False)])
    """
    tables = state.config.card_lists.tables
    fields: Changes = {}
    collections = list(state.collections)
    collections[victim] = counts_remove(collections[victim], meal)
    collections[thief] = counts_put(collections[thief], meal)
    fields["collections"] = tuple(collections)
    with_secret = meal in tables.bread and state.secrets[victim] > 0
    if with_secret:  # AYC-21
        fields["secrets"] = counts_put(counts_put(state.secrets, victim, -1), thief, 1)
    if trace is not None:
        trace.append(fx.MealStolen(thief, victim, tables.names[meal], with_secret))
    if tables.jealous_icon[meal]:  # AYC-16: the Jealous icon, never the Drink icon
        gain_drink(state, thief, fields, trace)
    card_effects(state, thief, meal, fields, trace)
    return replace(state, **fields)


# ---------------------------------------------------------------- the six Moods

# Pre-built choices (the longest line is 7 Meals, AYC-3): legal actions are these very objects.
TAKE_ONE = FrozenDict({p: Take((p,)) for p in range(1, 8)})
TAKE_TWO = FrozenDict({p: Take((p, p + 1)) for p in range(1, 7)})
SWAPS = FrozenDict({(a, b): Swap(a, b) for a in range(1, 8) for b in range(a + 1, 8)})
# The choices for a line of n Meals, by n (lines of 0 to 7).
_TAKE_ONE_OF = tuple(tuple(TAKE_ONE[p] for p in range(1, n + 1)) for n in range(8))
_TAKE_TWO_OF = tuple(tuple(TAKE_TWO[p] for p in range(1, n)) for n in range(8))
_SWAPS_OF = tuple(
    tuple(SWAPS[a, b] for a in range(1, n + 1) for b in range(a + 1, n + 1)) for n in range(8)
)


def _no_choice(state: State, seat: int) -> None:
    return None


def _nothing_to_choose(state: State, seat: int, action: Action) -> str:
    return "this Mood offers no choice"


def nothing_done(state: State, seat: int, trace: list[Effect] | None) -> State:
    """`seat`'s Mood has nothing to collect or steal, so it does nothing (AYC-13): `state`
    itself, with `effects.NothingDone` noted in `trace` when it is a list.

    Args:
        state: the state of the game, while `seat` carries out its revealed Mood.
        seat: the seat.
        trace: where the effect is noted, or None.
    """
    if trace is not None:
        trace.append(fx.NothingDone(seat, revealed_mood(state, seat)))
    return state


def _hungry(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Collect the first Meal in the line."""
    if state.line:
        return collect(state, seat, [0], trace)
    return nothing_done(state, seat, trace)  # AYC-13


def _very_hungry_choices(state: State, seat: int) -> tuple[Action, ...] | None:
    n = len(state.line)
    if n == 1:
        return None  # AYC-8: only one Meal: collect it
    return _TAKE_TWO_OF[n]  # () with an empty line: AYC-13


def _very_hungry_why_not(state: State, seat: int, action: Action) -> str | None:
    if type(action) is not Take or len(action.positions) != 2 or len(state.line) < 2:
        return "take two adjacent Meals, with two or more in the line"
    return _within(state, action.positions[1])


def _very_hungry(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Collect two adjacent Meals of the player's choice; only one in the line: collect it."""
    if action is None:
        return collect(state, seat, [0], trace)
    assert isinstance(action, Take), "why_not lets a Take through only"
    return collect(state, seat, [p - 1 for p in action.positions], trace)


def _within(state: State, position: int) -> str | None:
    n = len(state.line)
    return None if position <= n else f"the line holds {n} Meals: there is no position {position}"


def _boor_choices(state: State, seat: int) -> tuple[Action, ...]:
    return _TAKE_ONE_OF[len(state.line)]


def _boor_why_not(state: State, seat: int, action: Action) -> str | None:
    if type(action) is not Take or len(action.positions) != 1:
        return "take one Meal"
    return _within(state, action.positions[0])


def _boor(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Resolve first; collect one Meal of the player's choice."""
    assert isinstance(action, Take), "why_not lets a Take through only"
    return collect(state, seat, [action.positions[0] - 1], trace)


def _slow(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Resolve last; collect every Meal left in the line."""
    if state.line:
        return collect(state, seat, range(len(state.line)), trace)
    return nothing_done(state, seat, trace)  # AYC-13


def _trickster_choices(state: State, seat: int) -> tuple[Action, ...] | None:
    return _SWAPS_OF[len(state.line)]  # AYC-8: with fewer than two Meals, () does nothing


def _trickster_why_not(state: State, seat: int, action: Action) -> str | None:
    if type(action) is not Swap:
        return "swap two Meals"
    return _within(state, action.second)


def _trickster(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Swap two Meals in the line (their Spice tokens move with them), then collect the first."""
    line = list(state.line)
    assert isinstance(action, Swap), "why_not lets a Swap through only"
    a, b = action.first - 1, action.second - 1
    if trace is not None:
        names = state.config.card_lists.tables.names
        first, second = names[line[a][0]], names[line[b][0]]
        trace.append(fx.Swapped(seat, a + 1, b + 1, first, second))
    line[a], line[b] = line[b], line[a]
    return collect(replace(state, line=tuple(line)), seat, [0], trace)


def _jealous_choices(state: State, seat: int) -> tuple[Action, ...]:
    steals = state.config.card_lists.tables.steals
    choices: list[Action] = []
    for victim, collection in enumerate(state.collections):
        if victim != seat:
            choices.extend(compress(steals[victim], collection))
    return tuple(choices)


def _jealous_why_not(state: State, seat: int, action: Action) -> str | None:
    if type(action) is not Steal:
        return "steal a Meal"
    index = state.config.card_lists.tables.index.get(action.meal)
    if action.seat == seat:
        return "a Jealous player steals from another player, not from itself"
    if action.seat >= state.config.players:
        return f"there is no seat {action.seat}"
    if index is None:
        return f"{shown(action.meal)} is not a Meal of this game's list"
    if not state.collections[action.seat][index]:
        return f"seat {action.seat} has collected no {action.meal}"
    return None


def _jealous(
    state: State, seat: int, action: Action | None, trace: list[Effect] | None = None
) -> State:
    """Steal one collected Meal card from another player."""
    assert isinstance(action, Steal), "why_not lets a Steal through only"
    index = state.config.card_lists.tables.index[action.meal]
    return steal(state, seat, action.seat, index, trace)


# AYC-19: a Mood with choices is a decision of its player, even with a single choice.
MOOD_EFFECTS: FrozenDict[Mood, MoodEffect] = FrozenDict(
    {
        Mood.HUNGRY: MoodEffect("turn", _no_choice, _nothing_to_choose, _hungry),
        Mood.VERY_HUNGRY: MoodEffect(
            "turn", _very_hungry_choices, _very_hungry_why_not, _very_hungry
        ),
        Mood.BOOR: MoodEffect("first", _boor_choices, _boor_why_not, _boor),
        Mood.SLOW: MoodEffect("last", _no_choice, _nothing_to_choose, _slow),
        Mood.TRICKSTER: MoodEffect("turn", _trickster_choices, _trickster_why_not, _trickster),
        Mood.JEALOUS: MoodEffect("turn", _jealous_choices, _jealous_why_not, _jealous),
    }
)
"""What each Mood does: the one place to change the Mood effects (read-only at run time)."""
