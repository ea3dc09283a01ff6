"""Move notation and the integer action encoding.

Notation: ``play hungry``, ``play hungry slow`` (two cards, in Mood order), ``play`` (none);
``take 3`` (a line position, 1 = first), ``take 2 3``, ``swap 1 4``, ``steal 2 Steak``,
``tomato fruit vegetable`` (one word per Tomato, fruits first); chance: ``mood 2 jealous``,
``meal Steak``, ``reveal 2 boor``, ``secret Fish``. Moods are the single words ``hungry
very-hungry boor slow trickster jealous``; a Meal name is the rest of the line, as printed in the
Meal list.

Ids depend on the config's Meal list (M Meals, T Tomatoes): ``play`` 0-27 (none, 6 singles, 21
pairs), ``take`` 28-40 (7 positions, 6 adjacent pairs), ``swap`` 41-61, ``steal`` 6 x M, ``tomato``
T(T+3)/2, then the chance outcomes: ``mood`` 36, ``meal`` M, ``reveal`` 36, ``secret`` M.

Examples:
    >>> a = action_from_str(None, 0, "steal 2 Black Forest cake")
    >>> a, action_to_str(a)
    (Steal(seat=2, meal='Black Forest cake'), 'steal 2 Black Forest cake')
    >>> action_to_str(action_from_id(None, 0, action_to_id(a))) == action_to_str(a)
    True
"""

from __future__ import annotations

import re
from itertools import combinations
from math import isqrt
from typing import Protocol

from tablefeast.games.all_you_can_eat_buffet.actions import (
    MAX_TOMATOES,
    Action,
    DrawMeal,
    DrawMood,
    Play,
    RevealMood,
    Secret,
    Steal,
    Swap,
    Take,
    Tomato,
)
from tablefeast.games.all_you_can_eat_buffet.components import (
    DEFAULT_CARDS,
    MOOD_INDEX,
    MOODS,
    Mood,
    _Tables,
)
from tablefeast.games.all_you_can_eat_buffet.config import Config
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.notation import move_words

__all__ = [
    "action_from_id",
    "action_from_str",
    "action_to_id",
    "action_to_str",
    "num_distinct_actions",
]

_NUMBER = re.compile(r"[1-9][0-9]?")
_SEAT = re.compile(r"[0-5]")
_PLAYS: tuple[Play, ...] = (
    Play(()),
    *(Play((m,)) for m in MOODS),
    *(Play((MOODS[a], MOODS[b])) for a in range(6) for b in range(a, 6)),
)
# The longest line is 7 Meals (AYC-3): positions 1 to 7.
_TAKES = (*(Take((p,)) for p in range(1, 8)), *(Take((p, p + 1)) for p in range(1, 7)))
_SWAPS = tuple(Swap(a, b) for a, b in combinations(range(1, 8), 2))
_FORMS = (
    "'play [MOOD [MOOD]]', 'take N [N]', 'swap N N', 'steal SEAT MEAL', 'tomato fruit|vegetable...'"
    ", or for chance 'mood SEAT MOOD', 'meal MEAL', 'reveal SEAT MOOD', 'secret MEAL'"
)


def action_to_str(action: Action) -> str:
    """The action in move notation.

    Args:
        action: an action of this game (or a chance outcome).

    Examples:
        >>> [action_to_str(a) for a in (Play((Mood.HUNGRY, Mood.SLOW)), Play(()), Tomato(1, 2))]
        ['play hungry slow', 'play', 'tomato fruit vegetable vegetable']
    """
    if isinstance(action, Play):
        return " ".join(("play", *(m.value for m in action.moods)))
    if isinstance(action, Take):
        return "take " + " ".join(map(str, action.positions))
    if isinstance(action, Swap):
        return f"swap {action.first} {action.second}"
    if isinstance(action, Steal):
        return f"steal {action.seat} {action.meal}"
    if isinstance(action, Tomato):
        return " ".join(("tomato", *["fruit"] * action.fruits, *["vegetable"] * action.vegetables))
    if isinstance(action, DrawMood):
        return f"mood {action.seat} {action.mood.value}"
    if isinstance(action, DrawMeal):
        return f"meal {action.meal}"
    if isinstance(action, RevealMood):
        return f"reveal {action.seat} {action.mood.value}"
    if isinstance(action, Secret):
        return f"secret {action.meal}"
    raise InvalidActionError(f"{shown(action)} is not an All You Can Eat Buffet action")


def _mood(text: str, word: str) -> Mood:
    try:
        return Mood(word)
    except ValueError:
        moods = " ".join(m.value for m in MOODS)
        raise InvalidActionError(f"{shown(text)}: {shown(word)} is not a Mood ({moods})") from None


class WithConfig(Protocol):
    """What the notation reads of a state (or of a view): the config, whose Meal list names
    the Meals."""

    @property
    def config(self) -> Config:
        """The game's configuration."""
        ...


def _meal(text: str, words: list[str], state: WithConfig | None) -> str:
    name = " ".join(words)
    if not words:
        raise InvalidActionError(f"{shown(text)}: a Meal name is missing")
    if state is not None and name not in state.config.card_lists.tables.index:
        raise InvalidActionError(f"{shown(text)}: {shown(name)} is not a Meal of this game's list")
    return name


def _seat(text: str, word: str) -> int:
    if not _SEAT.fullmatch(word):
        raise InvalidActionError(f"{shown(text)}: {shown(word)} is not a seat (0 to 5)")
    return int(word)


def _numbers(text: str, words: list[str]) -> tuple[int, ...]:
    if not all(_NUMBER.fullmatch(w) for w in words):
        raise InvalidActionError(f"{shown(text)}: line positions are numbers from 1 to 99")
    return tuple(map(int, words))


def action_from_str(state: WithConfig | None, player: int, text: str) -> Action:
    """Parse move notation; with a `state`, Meal names are checked against its list (legality
    is checked by `apply_action`).

    Args:
        state: the state of the game, whose Meal list the names must be in; None to skip
            that check.
        player: the acting seat, or CHANCE (unused: a move reads the same for every seat).
        text: the move in the game's notation.

    Raises:
        InvalidActionError: the text is not a move of this game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> action_from_str(None, 0, "take 2 3"), action_from_str(None, 0, "meal Caviar")
        (Take(positions=(2, 3)), DrawMeal(meal='Caviar'))
        >>> action_from_str(ayc.initial_state(ayc.Config(players=3)), 0, "meal Caviar")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'meal Caviar': 'Caviar' is not a ...
    """
    verb, *args = move_words(text)
    if verb == "play" and len(args) <= 2:
        return Play(tuple(_mood(text, w) for w in args))
    if verb == "take" and 1 <= len(args) <= 2:
        return Take(_numbers(text, args))
    if verb == "swap" and len(args) == 2:
        first, second = _numbers(text, args)
        return Swap(first, second)
    if verb == "steal" and len(args) >= 2:
        return Steal(_seat(text, args[0]), _meal(text, args[1:], state))
    if verb == "tomato" and 0 < len(args) <= MAX_TOMATOES:
        if any(w not in ("fruit", "vegetable") for w in args) or args != sorted(args):
            raise InvalidActionError(
                f"{shown(text)}: one word per Tomato, 'fruit' or 'vegetable', fruits first"
            )
        return Tomato(args.count("fruit"), args.count("vegetable"))
    if verb in ("mood", "reveal") and len(args) == 2:
        cls = DrawMood if verb == "mood" else RevealMood
        return cls(_seat(text, args[0]), _mood(text, args[1]))
    if verb in ("meal", "secret"):
        return (DrawMeal if verb == "meal" else Secret)(_meal(text, args, state))
    raise InvalidActionError(f"{shown(text)} is not a move: expected {_FORMS}")


# Tomato decisions are numbered by how many Tomatoes t they name (1 to T), then by vegetables v
# (0 to t): the decisions for t start at (t - 1)(t + 2) / 2. Computed, never listed: T may be
# up to MAX_TOMATOES (AYC-23).
def _tomato_ids(tomatoes: int) -> int:
    return tomatoes * (tomatoes + 3) // 2


def _tomato_id(fruits: int, vegetables: int, tomatoes: int) -> int:
    t = fruits + vegetables
    if not 1 <= t <= tomatoes:
        raise ValueError("no such Tomato decision")
    return (t - 1) * (t + 2) // 2 + vegetables


def _tomato_of(i: int) -> tuple[int, int]:
    t = (isqrt(8 * i + 9) - 1) // 2  # the largest t with (t - 1)(t + 2) / 2 <= i
    v = i - (t - 1) * (t + 2) // 2
    return t - v, v


def num_distinct_actions(config: Config) -> int:
    """Size of the integer encoding for this config's Meal list.

    Args:
        config: the game's configuration (its Meal list sizes the encoding).

    Examples:
        >>> num_distinct_actions(Config(players=3))
        356
    """
    tables = config.card_lists.tables
    m = len(tables.names)
    return (
        len(_PLAYS)
        + len(_TAKES)
        + len(_SWAPS)
        + 6 * m
        + _tomato_ids(tables.tomatoes)
        + (36 + m + 36 + m)
    )


def _bases(config: Config | None) -> tuple[_Tables, list[int]]:
    tables = (DEFAULT_CARDS if config is None else config.card_lists).tables
    m = len(tables.names)
    sizes = [len(_PLAYS), len(_TAKES), len(_SWAPS), 6 * m, _tomato_ids(tables.tomatoes), 36]
    sizes += [m, 36, m]
    bases = [0]
    for size in sizes:
        bases.append(bases[-1] + size)
    return tables, bases


def action_to_id(action: Action, config: Config | None = None) -> int:
    """The action's integer id under `config` (None: the default Meal list).

    Args:
        action: an action of this game (or a chance outcome).
        config: the game's configuration, whose Meal list numbers the Meals; None for the
            default list.

    Raises:
        InvalidActionError: not an action of this game, or not encodable under `config`.

    Examples:
        >>> action_to_id(Play(())), action_to_id(Play((Mood.HUNGRY,))), action_to_id(Take((1,)))
        (0, 1, 28)
    """
    tables, base = _bases(config)
    m = len(tables.names)
    try:
        if isinstance(action, Play):
            return base[0] + _PLAYS.index(action)
        if isinstance(action, Take):
            return base[1] + _TAKES.index(action)
        if isinstance(action, Swap):
            return base[2] + _SWAPS.index(action)
        if isinstance(action, Steal):
            return base[3] + action.seat * m + int(tables.index[action.meal])
        if isinstance(action, Tomato):
            return base[4] + _tomato_id(action.fruits, action.vegetables, tables.tomatoes)
        if isinstance(action, DrawMood):
            return base[5] + action.seat * 6 + MOOD_INDEX[action.mood]
        if isinstance(action, DrawMeal):
            return base[6] + int(tables.index[action.meal])
        if isinstance(action, RevealMood):
            return base[7] + action.seat * 6 + MOOD_INDEX[action.mood]
        if isinstance(action, Secret):
            return base[8] + int(tables.index[action.meal])
    except (ValueError, KeyError):
        raise InvalidActionError(f"{shown(action)} has no id under this Meal list") from None
    raise InvalidActionError(f"{shown(action)} is not an All You Can Eat Buffet action")


def action_from_id(state: WithConfig | None, player: int, action_id: int) -> Action:
    """The action with this id under `state`'s config (None: the default Meal list).

    Args:
        state: the state of the game, whose config the ids are under; None for the default
            Meal list.
        player: the acting seat, or CHANCE (unused: ids are the same for every seat).
        action_id: the action's integer id, as `action_to_id` gives it.

    Raises:
        InvalidActionError: the id is outside ``range(num_distinct_actions(config))``.

    Examples:
        >>> action_from_id(None, 0, 28), action_from_id(None, 0, 41)
        (Take(positions=(1,)), Swap(first=1, second=2))
        >>> action_from_id(None, 0, 356)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: action id 356 is not in range(0, 356)
    """
    config = None if state is None else state.config
    tables, base = _bases(config)
    if type(action_id) is not int or not 0 <= action_id < base[-1]:
        raise InvalidActionError(f"action id {shown(action_id)} is not in range(0, {base[-1]})")
    m = len(tables.names)
    kind = max(k for k in range(9) if base[k] <= action_id)
    i = action_id - base[kind]
    if kind == 0:
        return _PLAYS[i]
    if kind == 1:
        return _TAKES[i]
    if kind == 2:
        return _SWAPS[i]
    if kind == 3:
        return Steal(i // m, tables.names[i % m])
    if kind == 4:
        fruits, vegetables = _tomato_of(i)
        return Tomato(fruits, vegetables)
    if kind == 5:
        return DrawMood(i // 6, MOODS[i % 6])
    if kind == 6:
        return DrawMeal(tables.names[i])
    if kind == 7:
        return RevealMood(i // 6, MOODS[i % 6])
    return Secret(tables.names[i])
