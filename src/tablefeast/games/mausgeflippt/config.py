"""Game options for Mausgeflippt: players, first turner, young players, speed model, language,
card set.

Every option also takes its JSON form (lists for tuples, ``"1/10"`` for a probability, a mapping
for a card set), so ``Config(**json.loads(tablefeast.dumps(config)))`` rebuilds a config.

Examples:
    >>> c = Config(players=4, young_seats=[2], tie_probability="1/10", language="en")
    >>> c.hand_size(2), c.hand_size(0), c.call, c.tie_probability
    (4, 7, 'Mouse Attack!', Fraction(1, 10))
    >>> Config(players=3, speed_weights=(2, 1))
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: Config.speed_weights must be one positive int per seat ...
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from tablefeast.games.mausgeflippt.components import DEFAULT_CARDS, CardSet
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import parse_fraction, shown
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "CALLS",
    "CHEESE_PENALTY",
    "CLOTHING_PENALTY",
    "HAND_SIZE",
    "MAX_FACE_DOWN",
    "MAX_SPEED_WEIGHT",
    "MOUSE_POINTS",
    "YOUNG_HAND_SIZE",
    "Config",
]

HAND_SIZE = 7
"""Cards in hand, dealt and refilled to (MG-1, MG-5)."""
YOUNG_HAND_SIZE = 4
"""Cards a young player holds face up instead (MG-15)."""
MAX_FACE_DOWN = 3
"""With this many face-down cards in front of them, a player may no longer Flip (MG-6)."""
MOUSE_POINTS = 1
"""Points for each mouse caught (MG-14)."""
CLOTHING_PENALTY = 1
"""Penalty points for each clothing card in front of a player: face up, face down or about to
be laid (MG-14, MG-17)."""
CHEESE_PENALTY = 2
"""Penalty points for each cheese a player took (MG-14)."""
CALLS: FrozenDict[str, str] = FrozenDict(
    {"nl": "Muisgeflipt!", "de": "Mausgeflippt!", "en": "Mouse Attack!"}
)
"""The call made with a Flip, per display language: one action, three display strings
(read-only: every game shares it)."""
_DIGITS = 10**18  # kernel.limits.MAX_FRACTION_DIGITS
MAX_SPEED_WEIGHT = 1000
"""The largest speed weight (MG-20): weights are relative, so 1000 to 1 is already extreme."""


def _players(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 2 <= value <= 6:
        raise ConfigError(f"Config.players must be an int from 2 to 6, got {shown(value)}")


def _seat_tuple(value: object) -> object:
    if not isinstance(value, list | tuple | set | frozenset):
        return value
    seats = tuple(value)  # sorted when all are ints; anything else is for the validator to name
    if len(seats) > 6 or not all(type(s) is int for s in seats):
        return seats  # for the validator to name
    return tuple(sorted(seats))


def _weights(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _probability(value: object) -> object:
    # Exact only: an int, a Fraction or text like "1/10", each with at most 18 digits a part
    # (parse_fraction never builds a huge number); a float is refused by the validator.
    if isinstance(value, str | int | Fraction) and type(value) is not bool:
        try:
            return parse_fraction(value, "Config.tie_probability")
        except ValueError:  # "1/0", "often", "1e-4300" too: the validator names the field
            return value
    return value


def _cards(value: object) -> object:
    if value is None or isinstance(value, CardSet):
        return value
    return CardSet.from_data(value)  # raises ConfigError naming the bad entry


@attrs.frozen
class Config:
    """A game's setup.

    Attributes:
        players: 2 to 6.
        first_turner: the seat that turns the first mouse (MG-1).
        young_seats: seats playing the young-player variant: 4 cards face up (MG-15).
        speed_weights: per seat, a positive int of at most `MAX_SPEED_WEIGHT`: how likely that
            seat is to be alone fastest, relative to the other claimants (MG-3, MG-20). None:
            all equal.
        tie_probability: the exact probability that a race with two or more claimants is unclear
            (MG-3, MG-16); 0 by default, so that one claimant is always alone fastest.
        language: the display language of the call: ``"nl"``, ``"de"`` (default) or ``"en"``.
        cards: a custom `CardSet`, or None for the default set (MG-0), within the bounds of
            MG-20.

    Examples:
        >>> c = Config(players=3, young_seats=[1], language="en")
        >>> c.hand_size(1), c.call, c.weights, c.card_set is DEFAULT_CARDS
        (4, 'Mouse Attack!', (1, 1, 1), True)
        >>> Config(players=3, tie_probability=0.1)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: Config.tie_probability must be an exact ...
    """

    players: int = attrs.field(validator=_players)
    first_turner: int = attrs.field(default=0)
    young_seats: tuple[int, ...] = attrs.field(default=(), converter=_seat_tuple)
    speed_weights: tuple[int, ...] | None = attrs.field(default=None, converter=_weights)
    tie_probability: Fraction = attrs.field(default=Fraction(0), converter=_probability)
    language: str = attrs.field(default="de")
    cards: CardSet | None = attrs.field(default=None, converter=_cards)
    card_set: CardSet = attrs.field(init=False, eq=False, repr=False)
    """The card set in play: `cards`, or the default set."""

    @first_turner.validator
    def _check_turner(self, _: object, value: int) -> None:
        if type(value) is not int or not 0 <= value < self.players:
            raise ConfigError(
                f"Config.first_turner must be a seat from 0 to {self.players - 1}, "
                f"got {shown(value)}"
            )

    @young_seats.validator
    def _check_young(self, _: object, value: object) -> None:
        seats = range(self.players)
        if not isinstance(value, tuple) or any(type(s) is not int or s not in seats for s in value):
            raise ConfigError(
                f"Config.young_seats must be seats from 0 to {self.players - 1}, got {shown(value)}"
            )
        if len(set(value)) != len(value):
            raise ConfigError(f"Config.young_seats names a seat twice: {shown(value)}")

    @speed_weights.validator
    def _check_weights(self, _: object, value: object) -> None:
        if value is None:
            return
        if (
            not isinstance(value, tuple)
            or len(value) != self.players
            or any(type(w) is not int or not 1 <= w <= MAX_SPEED_WEIGHT for w in value)
        ):
            raise ConfigError(
                f"Config.speed_weights must be one positive int per seat ({self.players}), "
                f"each at most {MAX_SPEED_WEIGHT} (MG-20), got {shown(value)}"
            )

    @tie_probability.validator
    def _check_tie(self, _: object, value: object) -> None:
        # A Fraction passed as it is must be as bounded as one parsed from text (MG-20).
        if not isinstance(value, Fraction) or not 0 <= value <= 1 or value.denominator > _DIGITS:
            raise ConfigError(
                "Config.tie_probability must be an exact probability from 0 to 1, such as "
                f"'1/10' (floats are not exact; at most 18 digits a part), got {shown(value)}"
            )

    @language.validator
    def _check_language(self, _: object, value: object) -> None:
        if type(value) is not str or value not in CALLS:  # a list is unhashable: test the type
            raise ConfigError(f"Config.language must be one of {tuple(CALLS)}, got {shown(value)}")

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "card_set", self.cards or DEFAULT_CARDS)

    @property
    def call(self) -> str:
        """What a player calls with a Flip, in the configured language.

        Examples:
            >>> Config(players=3).call, Config(players=3, language="nl").call
            ('Mausgeflippt!', 'Muisgeflipt!')
        """
        return CALLS[self.language]

    @property
    def weights(self) -> tuple[int, ...]:
        """The speed weight of every seat (MG-3).

        Examples:
            >>> Config(players=3).weights, Config(players=3, speed_weights=[2, 1, 1]).weights
            ((1, 1, 1), (2, 1, 1))
        """
        return self.speed_weights or (1,) * self.players

    def hand_size(self, seat: int) -> int:
        """Cards `seat` is dealt and refills to: 7, or 4 for a young player (MG-15).

        Args:
            seat: the seat asked about.

        Examples:
            >>> c = Config(players=3, young_seats=[1])
            >>> c.hand_size(0), c.hand_size(1)
            (7, 4)
        """
        return YOUNG_HAND_SIZE if seat in self.young_seats else HAND_SIZE
