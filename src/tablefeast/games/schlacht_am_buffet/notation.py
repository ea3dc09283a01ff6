"""Move notation and the integer action encoding.

Notation (exact round trip; kinds are always the engine's names, whatever the edition):
``play 5``, ``play -1``, ``exchange 9 9 -1`` (cards discarded, highest first; bare ``exchange``
keeps every card), and for chance ``card 7`` (a card drawn) and ``plate salami 4`` (a plate
revealed).

Integer ids: seat actions first, then chance outcomes.
``play v`` is ``v + 1`` (0..10); an exchange is ``11 + rank`` of its discarded multiset among all
multisets of at most 9 cards (167,960 of them); then ``card v`` and ``plate`` (by buffet rank).

Examples:
    >>> a = action_from_str(None, 0, "exchange -1 9 9")
    >>> action_to_str(a), action_from_id(None, 0, action_to_id(a)) == a
    ('exchange 9 9 -1', True)
"""

from __future__ import annotations

import re
from functools import cache
from math import comb

from tablefeast.games.schlacht_am_buffet.actions import (
    Action,
    DrawCard,
    Exchange,
    Play,
    RevealPlate,
)
from tablefeast.games.schlacht_am_buffet.components import (
    CARD_VALUES,
    HAND_SIZE,
    NUM_CARD_TYPES,
    PLATE_VALUES,
    PLATES,
    Kind,
    Plate,
)
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "action_from_id",
    "action_from_str",
    "action_to_id",
    "action_to_str",
    "num_distinct_actions",
]

_KINDS = FrozenDict({k.value: k for k in Kind})
NUM_EXCHANGES = comb(HAND_SIZE + NUM_CARD_TYPES, NUM_CARD_TYPES)
"""Multisets of at most 9 cards over 11 values: every possible exchange."""
_EXCHANGE_BASE = NUM_CARD_TYPES
_DRAW_BASE = _EXCHANGE_BASE + NUM_EXCHANGES
_PLATE_BASE = _DRAW_BASE + NUM_CARD_TYPES
_TOTAL = _PLATE_BASE + len(PLATES)


def action_to_str(action: Action) -> str:
    """The action in move notation.

    Args:
        action: an action of this game (or a chance outcome).

    Examples:
        >>> action_to_str(RevealPlate(Plate(4, Kind.SALAMI)))
        'plate salami 4'
    """
    if isinstance(action, Play):
        return f"play {action.card}"
    if isinstance(action, Exchange):
        return " ".join(["exchange", *map(str, action.discard)])
    if isinstance(action, DrawCard):
        return f"card {action.card}"
    if isinstance(action, RevealPlate):
        return f"plate {action.plate.kind.value} {action.plate.value}"
    raise InvalidActionError(f"{shown(action)} is not a Schlacht am Buffet action")


_NUMBER = re.compile(r"-?(0|[1-9][0-9]{0,17})")
"""A number as the notation writes it: at most 18 digits, so that `int` stays cheap (its cost
grows with the square of the digits) and no message ever quotes a huge value."""


def _int(word: str, text: str) -> int:
    # Only the canonical spelling ("5", "-1"; not "+5", "05" or other scripts' digits), so that
    # every accepted text is exactly what action_to_str prints.
    if not _NUMBER.fullmatch(word):
        if len(word) > 18 and word.lstrip("-").isdecimal():
            raise InvalidActionError(f"{shown(text)}: a number of {len(word)} characters")
        raise InvalidActionError(
            f"{shown(text)}: {shown(word)} is not a number as the notation writes it"
        )
    return int(word)


def action_from_str(state: object, player: int, text: str) -> Action:
    """Parse move notation. Legality is checked by `apply_action`, not here.

    Args:
        state: the state of the game (unused: a move reads the same in every state).
        player: the acting seat, or CHANCE (unused: a move reads the same for every seat).
        text: the move in the game's notation.

    Raises:
        InvalidActionError: the text is not a move of this game.

    Examples:
        >>> action_from_str(None, 0, "plate salami 4"), action_from_str(None, 0, "exchange")
        (RevealPlate(plate=Plate(value=4, kind=<Kind.SALAMI: 'salami'>)), Exchange(discard=()))
        >>> action_from_str(None, 0, "play 05")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'play 05': '05' is not a number as ...
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"move text must be a string, got {shown(text)}")
    words = text.split()
    if text != " ".join(words):
        raise InvalidActionError(f"{shown(text)}: words must be separated by single spaces")
    if not words:
        raise InvalidActionError("empty move text")
    verb, args = words[0], words[1:]
    if verb == "play" and len(args) == 1:
        return Play(_int(args[0], text))
    if verb == "exchange":
        # One card more than a hand holds is enough for the error: the rest is never read.
        return Exchange(tuple(_int(w, text) for w in args[: HAND_SIZE + 1]))
    if verb == "card" and len(args) == 1:
        return DrawCard(_int(args[0], text))
    if verb == "plate" and len(args) == 2:
        kind = _KINDS.get(args[0])
        if kind is None:
            raise InvalidActionError(
                f"{shown(text)}: unknown kind {shown(args[0])} (one of {list(_KINDS)})"
            )
        value = _int(args[1], text)
        if value not in PLATE_VALUES:
            raise InvalidActionError(f"{shown(text)}: there is no plate of value {shown(value)}")
        return RevealPlate(Plate(value, kind))
    raise InvalidActionError(
        f"{shown(text)} is not a move: "
        "expected 'play V', 'exchange [V ...]', 'card V' or 'plate KIND V'"
    )


def num_distinct_actions(config: object = None) -> int:
    """Size of the integer encoding: 11 plays, every exchange, 11 card draws, 36 plates.

    Args:
        config: the game's configuration (unused: the encoding is the same for every one).

    Examples:
        >>> num_distinct_actions()
        168018
    """
    return _TOTAL


@cache
def _multisets(types: int, budget: int) -> int:
    """Count vectors over `types` card types with sum at most `budget`."""
    return comb(budget + types, types)


def _exchange_rank(discard: tuple[int, ...]) -> int:
    # The rank of the multiset of counts, type by type (see `_exchange_unrank`), adds for the
    # k-th card in ascending order, of type t, the multisets of the 10 - t higher types with at
    # most HAND_SIZE - k cards: one entry of `_RANK_TERMS` per card, summed in C (an Exchange
    # keeps its discard highest first, so reversed it ascends).
    return sum(map(tuple.__getitem__, _RANK_TERMS, reversed(discard)))


def _rank_terms(k: int) -> tuple[int, ...]:
    # by type: the multisets of the higher types with at most HAND_SIZE - k cards
    by_type = [_multisets(NUM_CARD_TYPES - 1 - t, HAND_SIZE - k) for t in range(NUM_CARD_TYPES)]
    return (*by_type[1:], by_type[0])  # by value: the value -1 (type 0) is read at index -1


_RANK_TERMS = tuple(_rank_terms(k) for k in range(HAND_SIZE))
"""``_RANK_TERMS[k][v]``: what the k-th card of a discard in ascending order adds to its rank
when its value is `v` (row index -1, the last entry, for the value -1), built at import."""


def _exchange_unrank(rank: int) -> Exchange:
    counts, budget = [], HAND_SIZE
    for i in range(NUM_CARD_TYPES):
        remaining = NUM_CARD_TYPES - i - 1
        c = 0
        while rank >= _multisets(remaining, budget - c):
            rank -= _multisets(remaining, budget - c)
            c += 1
        counts.append(c)
        budget -= c
    return Exchange(tuple(v for v, c in zip(CARD_VALUES, counts, strict=True) for _ in range(c)))


def action_to_id(action: Action, config: object = None) -> int:
    """The action's integer id (the same for every config; see the module docs).

    Args:
        action: an action of this game (or a chance outcome).
        config: the game's configuration (unused: ids are the same for every one).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> action_to_id(sab.Play(-1)), action_to_id(sab.Play(9)), action_to_id(sab.Exchange(()))
        (0, 10, 11)
    """
    if isinstance(action, Play):
        return action.card + 1
    if isinstance(action, Exchange):
        return _EXCHANGE_BASE + _exchange_rank(action.discard)
    if isinstance(action, DrawCard):
        return _DRAW_BASE + action.card + 1
    if isinstance(action, RevealPlate):
        return _PLATE_BASE + action.plate.rank
    raise InvalidActionError(f"{shown(action)} is not a Schlacht am Buffet action")


def action_from_id(state: object, player: int, action_id: int) -> Action:
    """The action with this id.

    Args:
        state: the state of the game (unused: ids are the same in every state).
        player: the acting seat, or CHANCE (unused: ids are the same for every seat).
        action_id: the action's integer id, as `action_to_id` gives it.

    Raises:
        InvalidActionError: the id is outside ``range(num_distinct_actions())``.

    Examples:
        >>> action_from_id(None, 0, 6), action_from_id(None, 0, 12)
        (Play(card=5), Exchange(discard=(9,)))
        >>> action_from_id(None, 0, -1)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: action id -1 is not in range(0, 168018)
    """
    if type(action_id) is not int or not 0 <= action_id < _TOTAL:
        raise InvalidActionError(f"action id {shown(action_id)} is not in range(0, {_TOTAL})")
    if action_id < _EXCHANGE_BASE:
        return Play(action_id - 1)
    if action_id < _DRAW_BASE:
        return _exchange_unrank(action_id - _EXCHANGE_BASE)
    if action_id < _PLATE_BASE:
        return DrawCard(action_id - _DRAW_BASE - 1)
    return RevealPlate(PLATES[action_id - _PLATE_BASE])
