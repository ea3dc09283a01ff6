"""Game options for All You Can Eat Buffet, and the numbers the player count decides.

Examples:
    >>> c = Config(players=5)
    >>> c.rounds, c.line_size, c.play_two, c.play_none, c.mood_deck
    (9, 6, 4, 6, (3, 2, 1, 1, 2, 2))
"""

from __future__ import annotations

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import DEFAULT_CARDS, CardLists
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown

__all__ = ["DRINKS", "FIRST_HAND", "MAX_PLAYERS", "MIN_PLAYERS", "SPICES", "Config"]

MIN_PLAYERS, MAX_PLAYERS = 3, 6
"""The table sizes the game is played at (AYC-1)."""

DRINKS = 36
"""Drink tokens in the supply at the start."""
SPICES = 24
"""Spice tokens in the supply at the start."""
FIRST_HAND = 3
"""Mood cards everyone draws in round 1 (AYC-2)."""


def _players(_: object, __: object, value: int) -> None:
    if type(value) is not int or not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise ConfigError(
            f"Config.players must be an int from {MIN_PLAYERS} to {MAX_PLAYERS}, got {shown(value)}"
        )


def _cards(value: object) -> object:
    if value is None or isinstance(value, CardLists):
        return value
    try:
        return CardLists.from_data(value)  # raises ConfigError naming the bad entry
    except ConfigError as e:
        raise ConfigError(f"Config.cards: {e}") from None


@attrs.frozen
class Config:
    """A game's setup.

    Attributes:
        players: 3 to 6.
        first_player: the seat holding the First player tile in round 1 (AYC-1).
        cards: custom `CardLists`, or None for the default lists (AYC-0).

    Examples:
        >>> Config(players=3, first_player=2)
        Config(players=3, first_player=2, cards=None)
        >>> Config(players=6).mood_deck, Config(players=4).mood_deck
        ((3, 2, 1, 1, 2, 2), (4, 2, 1, 1, 2, 2))
        >>> Config(players=3, first_player=3)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: Config.first_player must be a seat from 0 to 2, got 3
    """

    players: int = attrs.field(validator=_players)
    first_player: int = attrs.field(default=0)
    cards: CardLists | None = attrs.field(default=None, converter=_cards)
    card_lists: CardLists = attrs.field(init=False, eq=False, repr=False)
    """The lists in play: `cards`, or the default lists."""

    @first_player.validator
    def _check_first(self, _: object, value: int) -> None:
        if type(value) is not int or not 0 <= value < self.players:
            raise ConfigError(
                f"Config.first_player must be a seat from 0 to {self.players - 1}, "
                f"got {shown(value)}"
            )

    def __attrs_post_init__(self) -> None:
        lists = self.cards or DEFAULT_CARDS
        object.__setattr__(self, "card_lists", lists)
        deck = self.mood_deck
        if min(deck) < 0:
            raise ConfigError(
                "Config.cards: with 5 or 6 players everyone removes a Hungry (AYC-1), "
                "so each colour needs at least one"
            )
        if sum(deck) < self.rounds + FIRST_HAND - 1:
            raise ConfigError(
                f"Config.cards: a Mood deck of {sum(deck)} cards cannot last {self.rounds} "
                f"rounds: everyone draws {self.rounds + FIRST_HAND - 1} cards (AYC-2)"
            )

    @property
    def rounds(self) -> int:
        """10 rounds with 3-4 players, 9 with 5-6 (AYC-2).

        Examples:
            >>> Config(players=4).rounds, Config(players=5).rounds
            (10, 9)
        """
        return 10 if self.players <= 4 else 9

    @property
    def line_size(self) -> int:
        """Meals drawn for the line each round: 5/5/6/7 for 3/4/5/6 players (AYC-3).

        Examples:
            >>> [Config(players=n).line_size for n in (3, 4, 5, 6)]
            [5, 5, 6, 7]
        """
        return (5, 5, 6, 7)[self.players - MIN_PLAYERS]

    @property
    def play_two(self) -> int:
        """With this many Drink tokens a player commits 2 Mood cards (AYC-5).

        Examples:
            >>> Config(players=3).play_two, Config(players=6).play_two
            (3, 4)
        """
        return 3 if self.players <= 4 else 4

    @property
    def play_none(self) -> int:
        """With this many Drink tokens a player commits none (AYC-5).

        Examples:
            >>> Config(players=3).play_none, Config(players=6).play_none
            (5, 6)
        """
        return 5 if self.players <= 4 else 6

    @property
    def mood_deck(self) -> Counts:
        """Each player's Mood deck: one Hungry fewer with 5 or 6 players (AYC-1).

        Examples:
            >>> Config(players=4).mood_deck, Config(players=5).mood_deck
            ((4, 2, 1, 1, 2, 2), (3, 2, 1, 1, 2, 2))
        """
        deck = self.card_lists.mood_deck
        return (deck[0] - 1, *deck[1:]) if self.players >= 5 else deck
