"""The physical components: 110 mouse cards, 36 plates, six kinds of dish.

Mouse cards are plain ints (their value, -1..9). In counts tuples (hands, piles) card value ``v``
sits at index ``v + 1``. Plates are value objects ordered by `Plate.rank`: 0 is the best plate
(cheese 5), 35 the worst (salad -1), so a buffet is simply sorted by rank (SAB-3).

Examples:
    >>> PLATES[0], PLATES[-1]
    (Plate(value=5, kind=<Kind.CHEESE: 'cheese'>), Plate(value=-1, kind=<Kind.SALAD: 'salad'>))
    >>> Plate(4, Kind.PIZZA).rank < Plate(4, Kind.SALAD).rank
    True
"""

from __future__ import annotations

import enum

import attrs

from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "CARD_COPIES",
    "CARD_VALUES",
    "DISPLAY_NAMES",
    "HAND_SIZE",
    "MAX_POSITION",
    "NUM_CARD_TYPES",
    "PLATES",
    "PLATE_VALUES",
    "Kind",
    "Plate",
    "card_index",
    "hand_values",
]


class Kind(enum.Enum):
    """The six dishes, best first (the ranking printed on the board, SAB-3).

    Examples:
        >>> Kind("salad"), Kind.SALAMI.value, DISPLAY_NAMES["fr"][Kind.SALAMI]
        (<Kind.SALAD: 'salad'>, 'salami', 'pomme de terre')
    """

    CHEESE = "cheese"
    SALAMI = "salami"  # SAB-19: "pomme de terre" in the French edition, same rank
    SAUSAGE = "sausage"
    PIZZA = "pizza"
    CHICKEN = "chicken"
    SALAD = "salad"


KIND_ORDER: tuple[Kind, ...] = tuple(Kind)

DISPLAY_NAMES: FrozenDict[str, FrozenDict[Kind, str]] = FrozenDict(
    {
        "en": FrozenDict(
            {
                Kind.CHEESE: "cheese",
                Kind.SALAMI: "salami",
                Kind.SAUSAGE: "sausage",
                Kind.PIZZA: "pizza",
                Kind.CHICKEN: "chicken leg",
                Kind.SALAD: "salad",
            }
        ),
        "fr": FrozenDict(  # SAB-19
            {
                Kind.CHEESE: "fromage",
                Kind.SALAMI: "pomme de terre",
                Kind.SAUSAGE: "saucisse",
                Kind.PIZZA: "pizza",
                Kind.CHICKEN: "poulet",
                Kind.SALAD: "salade",
            }
        ),
    }
)
"""Display names of the kinds per edition (SAB-19); the engine itself only uses `Kind`.
Read-only mappings, like every rule table reachable from a config or a view."""

CARD_VALUES: tuple[int, ...] = tuple(range(-1, 10))
"""The eleven mouse-card values."""
NUM_CARD_TYPES = len(CARD_VALUES)
"""How many card values there are (11): the length of a counts tuple of cards."""
CARD_COPIES = 10
"""Ten copies of each value: 110 mouse cards."""
HAND_SIZE = 9
"""Cards dealt to, and refilled to, each player (SAB-1, SAB-12)."""
PLATE_VALUES: tuple[int, ...] = (5, 4, 3, 2, 1, -1)
"""Plate values, best first."""
TRACK_LENGTH = 40
"""Spaces on the board's track; a position past 40 keeps counting (SAB-4)."""
MAX_POSITION = TRACK_LENGTH * 1_000_000
"""The farthest a mouse goes either way: a million laps of the track, which no real race comes
near (SAB-25). It keeps every position an exact float in observation tensors."""


def card_index(value: int) -> int:
    """Index of a card value in a counts tuple.

    Args:
        value: the card's value, -1 to 9.

    Examples:
        >>> card_index(-1), card_index(9)
        (0, 10)
    """
    return value + 1


def hand_values(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The card values a counts tuple holds, ascending.

    Args:
        counts: how many cards of each value, by `card_index`.

    Examples:
        >>> hand_values((1, 0, 2) + (0,) * 8)
        (-1, 1, 1)
    """
    return tuple(v for v, n in zip(CARD_VALUES, counts, strict=True) for _ in range(n))


def _plate_rank(value: int, kind: Kind) -> int:
    return PLATE_VALUES.index(value) * len(KIND_ORDER) + KIND_ORDER.index(kind)


@attrs.frozen
class Plate:
    """A plate of food: a kind and a value. One of each (value, kind) pair exists.

    Examples:
        >>> p = Plate(3, Kind.CHICKEN)
        >>> p.rank, p.display(), p.display("fr"), PLATES[p.rank] == p
        (16, 'chicken leg 3', 'poulet 3', True)
    """

    value: int = attrs.field()
    kind: Kind = attrs.field()
    rank: int = attrs.field(init=False, eq=False, repr=False)
    """Position in buffet order: 0 is the best plate, 35 the worst (SAB-3). Derived from value
    and kind, and stored because buffets are kept sorted by it."""

    @value.validator
    def _check_value(self, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value not in PLATE_VALUES:
            raise InvalidActionError(
                f"there is no plate of value {shown(value)} (values are {PLATE_VALUES})"
            )

    @kind.validator
    def _check_kind(self, attribute: attrs.Attribute[Kind], value: object) -> None:
        if not isinstance(value, Kind):
            raise InvalidActionError(f"a plate's kind must be a Kind, got {shown(value)}")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "rank", _plate_rank(self.value, self.kind))

    def display(self, edition: str = "en") -> str:
        """The plate as a person reads it, in an edition's language (SAB-19).

        Args:
            edition: the edition whose language names the kind, one of `EDITIONS`.

        Examples:
            >>> Plate(5, Kind.CHEESE).display(), Plate(5, Kind.CHEESE).display("fr")
            ('cheese 5', 'fromage 5')
        """
        return f"{DISPLAY_NAMES[edition][self.kind]} {self.value}"


PLATES: tuple[Plate, ...] = tuple(Plate(v, k) for v in PLATE_VALUES for k in KIND_ORDER)
"""All 36 plates in buffet order (best first): ``PLATES[p.rank] == p``."""
