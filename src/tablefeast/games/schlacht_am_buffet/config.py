"""Game options for Schlacht am Buffet / Sus au buffet.

Examples:
    >>> c = Config(players=3, edition="fr")
    >>> c, c.plates_per_round
    (Config(players=3, edition='fr', start_player=0), 5)
"""

from __future__ import annotations

import attrs

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown

__all__ = ["EDITIONS", "Config"]

EDITIONS = ("en", "fr")
"""`"en"`: the English (Kosmos) rules; `"fr"`: Sus au buffet (SAB-18, SAB-19)."""


def _players(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= 6:
        raise ConfigError(f"Config.players must be an int from 3 to 6, got {shown(value)}")


def _edition(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    # Exactly a str first: `in` would compare an arbitrary object with ==, which may fail.
    if type(value) is not str or value not in EDITIONS:
        raise ConfigError(f"Config.edition must be one of {EDITIONS}, got {shown(value)}")


@attrs.frozen
class Config:
    """A game's setup.

    Attributes:
        players: 3 to 6.
        edition: ``"en"`` (default) or ``"fr"``; changes the 3-player part 2 (SAB-18) and the
            display names (SAB-19).
        start_player: the seat holding the start player tile in round 1 (SAB-1).

    Examples:
        >>> Config(players=4)
        Config(players=4, edition='en', start_player=0)
        >>> Config(players=7)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: Config.players must be an int from 3 to 6, got 7
    """

    players: int = attrs.field(validator=_players)
    edition: str = attrs.field(default="en", validator=_edition)
    start_player: int = attrs.field(default=0)

    @start_player.validator
    def _check_start(self, attribute: attrs.Attribute[int], value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.players:
            raise ConfigError(
                f"Config.start_player must be a seat from 0 to {self.players - 1}, "
                f"got {shown(value)}"
            )

    @property
    def plates_per_round(self) -> int:
        """Plates revealed each round: players - 1, or 5 with three players (SAB-2).

        Examples:
            >>> [Config(players=n).plates_per_round for n in (3, 4, 5, 6)]
            [5, 3, 4, 5]
        """
        return 5 if self.players == 3 else self.players - 1
