"""The actions of Food Chain: play an animal, take a prey. There is no chance at all.

Examples:
    >>> Play(Animal.CAT), Take(2), TakeFromCentre()
    (Play(animal=<Animal.CAT: 'cat'>), Take(seat=2), TakeFromCentre())
"""

from __future__ import annotations

import attrs

from tablefeast.games.food_chain.components import Animal
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown

__all__ = ["ACTION_TYPES", "Action", "Play", "Take", "TakeFromCentre"]


def _animal(_: object, __: object, value: Animal) -> None:
    if not isinstance(value, Animal):
        raise InvalidActionError(f"{shown(value)} is not an animal of Food Chain")


def _seat(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < 6:
        raise InvalidActionError(f"{shown(value)} is not a seat (0 to 5)")


@attrs.frozen
class Play:
    """Commit an animal from hand face down for this pass (FC-3).

    Examples:
        >>> Play(Animal.DOG)
        Play(animal=<Animal.DOG: 'dog'>)
        >>> Play("dog")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: 'dog' is not an animal of Food Chain
    """

    animal: Animal = attrs.field(validator=_animal)


@attrs.frozen
class Take:
    """Take the prey played by `seat` this pass, with everything under it (FC-4, FC-5).

    Examples:
        >>> Take(3)
        Take(seat=3)
    """

    seat: int = attrs.field(validator=_seat)


@attrs.frozen
class TakeFromCentre:
    """Take a prey of the kind being snatched from the centre of the table (FC-4).

    Examples:
        >>> TakeFromCentre() == TakeFromCentre()
        True
    """


Action = Play | Take | TakeFromCentre
"""Any action of this game."""

ACTION_TYPES = (Play, Take, TakeFromCentre)
"""Every action class of this game (the members of `Action`), for ``isinstance`` checks."""
