"""The actions of Schlacht am Buffet: two seat actions, two chance outcomes.

Actions are small frozen value objects; two equal actions are interchangeable. Constructing one
that cannot exist in this game (a card value 12, say) raises `InvalidActionError`.

Examples:
    >>> Exchange((-1, 9, 9)) == Exchange((9, -1, 9))
    True
    >>> Play(12)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.InvalidActionError: there is no mouse card 12 (cards are -1 to 9)
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable
from itertools import product, repeat, starmap
from operator import add

import attrs

from tablefeast.games.schlacht_am_buffet.components import CARD_VALUES, HAND_SIZE, Plate
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown

__all__ = ["Action", "DrawCard", "Exchange", "Play", "RevealPlate"]


def _card(_: object, __: object, value: int) -> None:
    if type(value) is not int or value not in CARD_VALUES:
        raise InvalidActionError(f"there is no mouse card {shown(value)} (cards are -1 to 9)")


def _canonical(cards: Iterable[int]) -> tuple[int, ...]:
    try:
        # At most one card more than a hand holds is read, so a huge iterable cannot hang us.
        taken = list(itertools.islice(cards, HAND_SIZE + 1))
        return tuple(sorted(taken, reverse=True))
    except TypeError as e:  # not iterable, or values that do not compare
        raise InvalidActionError(f"exchange needs a list of card values, got {shown(cards)}") from e


def _discard(_: object, __: object, cards: tuple[int, ...]) -> None:
    for card in cards:
        _card(None, None, card)
    if len(cards) > HAND_SIZE:
        raise InvalidActionError(f"a hand never holds more than {HAND_SIZE} cards")


def _is_plate(_: object, __: object, plate: Plate) -> None:
    if not isinstance(plate, Plate):
        raise InvalidActionError(f"a plate reveal needs a Plate, got {shown(plate)}")


@attrs.frozen
class Play:
    """Commit a mouse card face down for this step (SAB-5).

    Examples:
        >>> Play(5), Play(-1) == Play(-1)
        (Play(card=5), True)
    """

    card: int = attrs.field(validator=_card)


@attrs.frozen
class Exchange:
    """The first mouse out discards these cards and draws as many (SAB-7).

    `discard` is kept sorted highest first, so equal multisets are equal actions.

    Examples:
        >>> Exchange([9, -1, 9]), Exchange()
        (Exchange(discard=(9, 9, -1)), Exchange(discard=()))
    """

    discard: tuple[int, ...] = attrs.field(default=(), converter=_canonical, validator=_discard)


def trusted_exchanges(
    highs: tuple[tuple[int, ...], ...], lows: tuple[tuple[int, ...], ...]
) -> tuple[Exchange, ...]:
    """An exchange for every ``high + low`` discard (each already canonical and valid), built
    without the checks: this is a hot path, a hand has up to 512 possible exchanges.

    Every step runs as a C-level loop (`map`, `product`): the objects are allocated bare, then
    their one slot is filled, with no Python code run per exchange.
    """
    discards = list(starmap(add, product(highs, lows)))
    actions = list(map(_new, repeat(Exchange, len(discards))))
    deque(map(_SET_DISCARD, actions, discards), maxlen=0)  # fill every slot, keep nothing
    return tuple(actions)


_new = object.__new__
_SET_DISCARD = Exchange.__dict__["discard"].__set__


@attrs.frozen
class DrawCard:
    """Chance: this mouse card is drawn from the draw pile.

    Examples:
        >>> DrawCard(3)
        DrawCard(card=3)
    """

    card: int = attrs.field(validator=_card)


@attrs.frozen
class RevealPlate:
    """Chance: this plate is revealed from the face-down supply (SAB-2).

    Examples:
        >>> from tablefeast.games.schlacht_am_buffet.components import Kind, Plate
        >>> RevealPlate(Plate(4, Kind.PIZZA))
        RevealPlate(plate=Plate(value=4, kind=<Kind.PIZZA: 'pizza'>))
    """

    plate: Plate = attrs.field(validator=_is_plate)


Action = Play | Exchange | DrawCard | RevealPlate
"""Any action of this game."""

ACTION_TYPES: tuple[type, ...] = (Play, Exchange, DrawCard, RevealPlate)
"""Every action class of this game (the members of `Action`), for ``isinstance`` checks."""
