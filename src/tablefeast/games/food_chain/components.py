"""The animals: five kinds, a food chain, and each player's set of nine cards.

Examples:
    >>> [a.value for a in Animal], PREY[Animal.CAT]
    (['worm', 'bird', 'cat', 'dog', 'flea'], <Animal.BIRD: 'bird'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from tablefeast.kernel.values import FrozenDict

__all__ = [
    "ANIMALS",
    "DEFAULT_STARS",
    "HAND",
    "INDEX",
    "PASSES",
    "PREDATOR_ORDER",
    "PREY",
    "Animal",
]


class Animal(enum.Enum):
    """The five animal kinds, in the order counts tuples index them.

    Examples:
        >>> Animal("cat"), ANIMALS.index(Animal.CAT), PREY[Animal.FLEA]
        (<Animal.CAT: 'cat'>, 2, <Animal.DOG: 'dog'>)
    """

    WORM = "worm"
    BIRD = "bird"
    CAT = "cat"
    DOG = "dog"
    FLEA = "flea"

    def __index__(self) -> int:
        """The kind's position in counts tuples, so that counts read by kind:
        ``view.centre[Animal.WORM]`` (no change to the states' tuples, no cost on the rules).

        Examples:
            >>> (3, 2, 2, 1, 1)[Animal.CAT], Animal.FLEA.__index__()
            (2, 4)
        """
        return INDEX[self]


ANIMALS: tuple[Animal, ...] = tuple(Animal)
"""The five kinds in `Animal` order, the order counts tuples index them in."""
INDEX: Mapping[Animal, int] = FrozenDict({a: i for i, a in enumerate(ANIMALS)})
"""Each kind's position in `ANIMALS` (read-only: no caller can change the rules' tables)."""
HAND: tuple[int, ...] = (3, 2, 2, 1, 1)
"""Every player's nine cards, as counts: 3 Worms, 2 Birds, 2 Cats, 1 Dog, 1 Flea."""
PASSES: int = sum(HAND)
"""The passes of a round (FC-2, FC-9): one a card, until the hands are empty. The rules, the
checks, the words, the help, the catalog and the native core read it here."""
DEFAULT_STARS: tuple[int, ...] = (3, 2, 1, 3, 0)
"""Stars per kind: Worm 3, Bird 2, Cat 1, Dog 3, Flea 0 (see the rulings' sources)."""
PREY: Mapping[Animal, Animal] = FrozenDict(
    {
        Animal.BIRD: Animal.WORM,
        Animal.CAT: Animal.BIRD,
        Animal.DOG: Animal.CAT,
        Animal.FLEA: Animal.DOG,
    }
)
"""What each predator snatches (FC-4); read-only."""
PREDATOR_ORDER: tuple[Animal, ...] = (Animal.BIRD, Animal.CAT, Animal.DOG, Animal.FLEA)
"""The order in which predator kinds snatch (FC-4)."""
