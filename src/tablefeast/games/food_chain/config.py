"""Game options for Food Chain.

Examples:
    >>> Config(players=3, stars=[1, 1, 1, 1, 1]).stars
    (1, 1, 1, 1, 1)
"""

from __future__ import annotations

from typing import Any

import attrs

from tablefeast.games.food_chain.components import DEFAULT_STARS
from tablefeast.kernel.errors import ConfigError

__all__ = ["Config"]


def _players(_: Any, __: Any, value: int) -> None:
    if type(value) is not int or not 3 <= value <= 6:
        raise ConfigError(f"Config.players must be an int from 3 to 6, got {value!r}")


def _stars(_: Any, __: Any, value: tuple[int, ...]) -> None:
    if len(value) != 5 or any(type(v) is not int or v < 0 for v in value):
        raise ConfigError(
            "Config.stars must be five non-negative ints (worm, bird, cat, dog, flea), "
            f"got {value!r}"
        )


@attrs.frozen
class Config:
    """A game's setup.

    Attributes:
        players: 3 to 6.
        first_alpha: the seat that is Alpha Animal in round 1 (FC-1).
        stars: stars per kind, in the order worm, bird, cat, dog, flea (FC-9).

    Examples:
        >>> Config(players=4)
        Config(players=4, first_alpha=0, stars=(3, 2, 1, 3, 0))
    """

    players: int = attrs.field(validator=_players)
    first_alpha: int = attrs.field(default=0)
    stars: tuple[int, ...] = attrs.field(default=DEFAULT_STARS, converter=tuple, validator=_stars)

    @first_alpha.validator
    def _check_alpha(self, _: Any, value: int) -> None:
        if type(value) is not int or not 0 <= value < self.players:
            raise ConfigError(
                f"Config.first_alpha must be a seat from 0 to {self.players - 1}, got {value!r}"
            )
