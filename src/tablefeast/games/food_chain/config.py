"""Game options for Food Chain.

Every option is checked at construction: a wrong type, size or value raises `ConfigError` (a
ValueError) naming the field, never TypeError. Star values are bounded (FC-12), so that no score
or observation tensor can overflow.

Examples:
    >>> Config(players=3, stars=[1, 1, 1, 1, 1]).stars
    (1, 1, 1, 1, 1)
    >>> Config(players=3, stars=5)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: Config.stars must be a list of five ints ...
"""

from __future__ import annotations

import attrs

from tablefeast.games.food_chain.components import DEFAULT_STARS
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown

__all__ = ["MAX_STARS", "Config"]

MAX_STARS = 1000
"""The most stars one animal may be worth (FC-12): far above any real table, and small enough
that every score and tensor entry stays exact."""

_STARS_FORM = "a list of five ints from 0 to 1000 (worm, bird, cat, dog, flea)"


def _players(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 3 <= value <= 6:
        raise ConfigError(f"Config.players must be an int from 3 to 6, got {shown(value)}")


def _stars_tuple(value: object) -> tuple[int, ...]:
    # Only a list or a tuple: `tuple()` of anything else (None, 5, a str, an endless generator)
    # would raise TypeError, read text as stars or never return.
    if type(value) is list or type(value) is tuple:
        return tuple(value)
    raise ConfigError(f"Config.stars must be {_STARS_FORM}, got {shown(value)}")


def _stars(_: object, __: object, value: tuple[int, ...]) -> None:
    # FC-12: whole numbers from 0 to MAX_STARS.
    if len(value) != 5 or any(type(v) is not int or not 0 <= v <= MAX_STARS for v in value):
        raise ConfigError(f"Config.stars must be {_STARS_FORM}, got {shown(value)}")


@attrs.frozen
class Config:
    """A game's setup (frozen: its stars are a tuple of ints, so nothing can change its rules).

    Attributes:
        players: 3 to 6.
        first_alpha: the seat that is Alpha Animal in round 1 (FC-1).
        stars: stars per kind, in the order worm, bird, cat, dog, flea (FC-9), each from 0 to
            `MAX_STARS` (FC-12).

    Examples:
        >>> Config(players=4)
        Config(players=4, first_alpha=0, stars=(3, 2, 1, 3, 0))
        >>> Config(players=4, stars=[1, 2, 3, 4, 1001])
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: Config.stars must be a list of five ints from 0 ...
    """

    players: int = attrs.field(validator=_players)
    first_alpha: int = attrs.field(default=0)
    stars: tuple[int, ...] = attrs.field(
        default=DEFAULT_STARS, converter=_stars_tuple, validator=_stars
    )

    @first_alpha.validator
    def _check_alpha(self, _: object, value: int) -> None:
        if type(value) is not int or not 0 <= value < self.players:
            raise ConfigError(
                f"Config.first_alpha must be a seat from 0 to {self.players - 1}, "
                f"got {shown(value)}"
            )
