"""The actions of Mausgeflippt: a player's choice in a race, and the chance events.

A race is a simultaneous commit (MG-2): every player chooses `Pass`, `Play` (one clothing card from
hand) or `Flip` (the whole hand, with the call). After a wrong flip with cards of two or more items
that the mouse wears, the player chooses which lies face down (`FaceDown`, MG-17). Chance turns
mice and cheeses, deals clothing, and decides who was fastest (MG-3). Cards are named, never
numbered, so an action means the same thing whatever the card set.

Examples:
    >>> Play("tie", "blue"), Fastest((1, 3))
    (Play(kind='tie', colour='blue'), Fastest(seats=(1, 3)))
    >>> Fastest((3, 1))
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.InvalidActionError: fastest seats must be distinct seats 0 to 5 in \
ascending order, got (3, 1)
"""

from __future__ import annotations

import re
from typing import TypeGuard

import attrs

from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown

__all__ = [
    "ACTION_TYPES",
    "Action",
    "DrawClothing",
    "FaceDown",
    "Fastest",
    "Flip",
    "Pass",
    "Play",
    "RevealCheese",
    "RevealMouse",
    "is_name",
]

_NAME = re.compile(r"[^\s/]+")


def is_name(value: object) -> TypeGuard[str]:
    """True for a valid card name: a non-empty word without spaces or ``/`` (so that the move
    notation, which writes items as ``kind/colour``, reads back exactly).

    Args:
        value: the would-be name.

    Examples:
        >>> is_name("t-shirt"), is_name("t shirt"), is_name("tie/blue"), is_name("")
        (True, False, False, False)
    """
    return type(value) is str and _NAME.fullmatch(value) is not None


def _name(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not is_name(value):
        raise InvalidActionError(
            f"{attribute.name} {shown(value)} is not a card name (a word without spaces or '/')"
        )


def _seats(_: object, __: object, value: tuple[int, ...]) -> None:
    ok = type(value) is tuple and 0 < len(value) <= 6
    ok = ok and all(type(s) is int and 0 <= s < 6 for s in value)
    if not ok or list(value) != sorted(set(value)):
        raise InvalidActionError(
            f"fastest seats must be distinct seats 0 to 5 in ascending order, got {shown(value)}"
        )


def _tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list | tuple) else value


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class Pass:
    """Make no claim on the open mouse (MG-2).

    Examples:
        >>> Pass() == Pass()
        True
    """


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class Play:
    """Put one clothing card from hand on the mouse (MG-4): the item `kind` in `colour`.

    Examples:
        >>> Play("tie", "blue")
        Play(kind='tie', colour='blue')
        >>> Play("t shirt", "blue")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: kind 't shirt' is not a card name ...
    """

    kind: str = attrs.field(validator=_name)
    colour: str = attrs.field(validator=_name)


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class Flip:
    """Put the whole hand on the mouse and make the call (MG-5).

    Examples:
        >>> Flip()
        Flip()
    """


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class FaceDown:
    """After a wrong flip, lay a card of the item `kind` in `colour` face down, the others of
    the flip face up (MG-5, MG-17): the player's choice, hidden from the others.

    Examples:
        >>> FaceDown("tie", "blue")
        FaceDown(kind='tie', colour='blue')
    """

    kind: str = attrs.field(validator=_name)
    colour: str = attrs.field(validator=_name)


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class RevealMouse:
    """Chance: the mouse `mouse` (its id) comes off the top of the stack (MG-2, MG-8).

    Examples:
        >>> RevealMouse("M07")
        RevealMouse(mouse='M07')
    """

    mouse: str = attrs.field(validator=_name)


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class DrawClothing:
    """Chance: a clothing card `kind`/`colour` is drawn from the clothing pile (MG-1, MG-4).

    Examples:
        >>> DrawClothing("tie", "blue")
        DrawClothing(kind='tie', colour='blue')
    """

    kind: str = attrs.field(validator=_name)
    colour: str = attrs.field(validator=_name)


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class RevealCheese:
    """Chance: the cheese `cheese` is turned face up (MG-1, MG-7, MG-8).

    Examples:
        >>> RevealCheese("gouda")
        RevealCheese(cheese='gouda')
    """

    cheese: str = attrs.field(validator=_name)


@attrs.frozen(cache_hash=True)  # looked up in dicts on every move
class Fastest:
    """Chance: `seats` were the fastest claimants; several seats is an unclear tie (MG-3).

    Examples:
        >>> Fastest([0, 2])
        Fastest(seats=(0, 2))
    """

    seats: tuple[int, ...] = attrs.field(converter=_tuple, validator=_seats)


Action = Pass | Play | Flip | FaceDown | RevealMouse | DrawClothing | RevealCheese | Fastest
"""Any action of this game."""

ACTION_TYPES = (Pass, Play, Flip, FaceDown, RevealMouse, DrawClothing, RevealCheese, Fastest)
"""Every action class of this game (the members of `Action`), for ``isinstance`` checks."""
