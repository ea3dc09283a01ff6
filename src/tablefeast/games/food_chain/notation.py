"""Move notation and the integer action encoding.

Notation: ``play worm`` (``bird``, ``cat``, ``dog``, ``flea``); ``take 3`` (the prey played by
seat 3, with its stack); ``take centre`` (a prey from the centre). Ids: ``play`` 0-4 in the order
worm, bird, cat, dog, flea; ``take s`` is ``5 + s`` (seats 0-5); ``take centre`` is 11.

Examples:
    >>> action_to_str(action_from_str(None, 0, "take centre")), action_to_id(Take(3))
    ('take centre', 8)
"""

from __future__ import annotations

import re

from tablefeast.games.food_chain.actions import Action, Play, Take, TakeFromCentre
from tablefeast.games.food_chain.components import ANIMALS, INDEX, Animal
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

_SEAT = re.compile(r"[0-5]")
_TOTAL = 12


def action_to_str(action: Action) -> str:
    """The action in move notation.

    Args:
        action: an action of this game.

    Examples:
        >>> [action_to_str(a) for a in (Play(Animal.FLEA), Take(0), TakeFromCentre())]
        ['play flea', 'take 0', 'take centre']
    """
    if isinstance(action, Play):
        return f"play {action.animal.value}"
    if isinstance(action, Take):
        return f"take {action.seat}"
    if isinstance(action, TakeFromCentre):
        return "take centre"
    raise InvalidActionError(f"{shown(action)} is not a Food Chain action")


def action_from_str(state: object, player: int, text: str) -> Action:
    """Parse move notation (legality is checked by `apply_action`).

    Args:
        state: the state of the game (unused: a move reads the same in every state).
        player: the acting seat, or CHANCE (unused: a move reads the same for every seat).
        text: the move in the game's notation.

    Raises:
        InvalidActionError: the text is not a move of this game.

    Examples:
        >>> action_from_str(None, 0, "play worm"), action_from_str(None, 0, "take 2")
        (Play(animal=<Animal.WORM: 'worm'>), Take(seat=2))
        >>> action_from_str(None, 0, "play lion")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'play lion': unknown animal 'lion' (worm, ...)
    """
    if not isinstance(text, str):  # quoted safely here: the text may be anything, a huge int too
        raise InvalidActionError(f"{shown(text)} is not move text")
    words = move_words(text)
    if len(words) == 2 and words[0] == "play":
        try:
            return Play(Animal(words[1]))
        except ValueError:
            raise InvalidActionError(
                f"{shown(text)}: unknown animal {shown(words[1])} (worm, bird, cat, dog or flea)"
            ) from None
    if len(words) == 2 and words[0] == "take":
        if words[1] == "centre":
            return TakeFromCentre()
        if _SEAT.fullmatch(words[1]):
            return Take(int(words[1]))
    raise InvalidActionError(
        f"{shown(text)} is not a move: expected 'play ANIMAL', 'take SEAT' or 'take centre'"
    )


def num_distinct_actions(config: object = None) -> int:
    """Size of the integer encoding: 5 plays, 6 seat takes, the centre take.

    Args:
        config: the game's configuration (unused: the encoding is the same for every one).

    Examples:
        >>> num_distinct_actions()
        12
    """
    return _TOTAL


def action_to_id(action: Action, config: object = None) -> int:
    """The action's integer id (the same for every config).

    Args:
        action: an action of this game.
        config: the game's configuration (unused: ids are the same for every one).

    Examples:
        >>> action_to_id(Play(Animal.WORM)), action_to_id(Take(0)), action_to_id(TakeFromCentre())
        (0, 5, 11)
    """
    if isinstance(action, Play):
        return INDEX[action.animal]
    if isinstance(action, Take):
        return 5 + action.seat
    if isinstance(action, TakeFromCentre):
        return 11
    raise InvalidActionError(f"{shown(action)} is not a Food Chain action")


def action_from_id(state: object, player: int, action_id: int) -> Action:
    """The action with this id.

    Args:
        state: the state of the game (unused: ids are the same in every state).
        player: the acting seat, or CHANCE (unused: ids are the same for every seat).
        action_id: the action's integer id, as `action_to_id` gives it.

    Raises:
        InvalidActionError: the id is outside ``range(12)``.

    Examples:
        >>> action_from_id(None, 0, 2), action_from_id(None, 0, 11)
        (Play(animal=<Animal.CAT: 'cat'>), TakeFromCentre())
        >>> action_from_id(None, 0, 12)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: action id 12 is not in range(0, 12)
    """
    if type(action_id) is not int or not 0 <= action_id < _TOTAL:
        raise InvalidActionError(f"action id {shown(action_id)} is not in range(0, {_TOTAL})")
    if action_id < 5:
        return Play(ANIMALS[action_id])
    if action_id < 11:
        return Take(action_id - 5)
    return TakeFromCentre()
