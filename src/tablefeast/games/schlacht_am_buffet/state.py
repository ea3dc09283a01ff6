"""The game state: the whole truth, hidden parts included, as one frozen value.

What is *pending* decides who acts (see `rules.actors`), in this order: an exchange decision
(SAB-7), then queued card draws (chance), then plate reveals (chance), then the simultaneous card
commitment of every mouse still racing.

Examples:
    >>> s = initial_state(Config(players=4))
    >>> s.pending_draws == (0,) * 9 + (1,) * 9 + (2,) * 9 + (3,) * 9, s.to_reveal
    (True, 3)
"""

from __future__ import annotations

import attrs

from tablefeast.games.schlacht_am_buffet.components import (
    CARD_COPIES,
    HAND_SIZE,
    NUM_CARD_TYPES,
    PLATES,
    Plate,
)
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.values import combine

__all__ = ["State", "initial_state"]

EMPTY_HAND: Counts = (0,) * NUM_CARD_TYPES


@attrs.frozen(slots=False)  # dict-backed: `kernel.values.replace` copies it cheaply
class State:
    """Everything about a game in progress.

    Attributes:
        config: the game's setup.
        hands: per seat, a counts tuple of mouse cards (index ``value + 1``).
        draw_pile: counts of the face-down mouse-card pile (its order is unknown: a multiset).
        discard: counts of the face-up discard pile.
        supply: the face-down plates not revealed yet, as counts (0 or 1) indexed by
            `Plate.rank`; their order is unknown, so this multiset is all there is to know.
        buffet: plates on the table, best first (SAB-3); the race takes them from the end.
        plates_won: per seat, the plates received, oldest first (the top of a kind is the last).
        positions: per seat, the mouse's space (SAB-4).
        racing: seats whose mouse is still in the current race, ascending.
        commitments: per seat, the card committed face down this step, or None.
        start_player: the seat holding the start player tile.
        round: 1-based round number.
        part: 1, or 2 for the second part of a 3-player round (SAB-17, SAB-18).
        exchange_open: the next mouse to drop out may still exchange cards (SAB-7).
        exchanger: the seat now deciding its exchange, or None.
        pending_draws: card draws still owed, in order: the seat of each card to draw.
        to_reveal: plates still to reveal for this round's buffet.
        game_over: the game has ended (SAB-15).

    Examples:
        >>> s = initial_state(Config(players=3))
        >>> s.hands[0], s.draw_pile
        ((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10))
        >>> s.buffet, s.racing, s.positions
        ((), (0, 1, 2), (0, 0, 0))
    """

    config: Config
    hands: tuple[Counts, ...]
    draw_pile: Counts
    discard: Counts
    supply: Counts
    buffet: tuple[Plate, ...]
    plates_won: tuple[tuple[Plate, ...], ...]
    positions: tuple[int, ...]
    racing: tuple[int, ...]
    commitments: tuple[int | None, ...]
    start_player: int
    round: int
    part: int
    exchange_open: bool
    exchanger: int | None
    pending_draws: tuple[int, ...]
    to_reveal: int
    game_over: bool

    def __attrs_post_init__(self) -> None:
        combine(self)  # fast attribute reads (see `kernel.values.combine`)


def initial_state(config: Config) -> State:
    """The table before the deal: every card in the draw pile, every plate face down (SAB-1).

    The first chance nodes deal 9 cards to each seat in seat order, then reveal the buffet.

    Args:
        config: the game's configuration (player count and options).

    Examples:
        >>> s = initial_state(Config(players=3, start_player=2))
        >>> len(s.pending_draws), s.to_reveal, s.start_player, s.round
        (27, 5, 2, 1)
    """
    n = config.players
    return State(
        config=config,
        hands=(EMPTY_HAND,) * n,
        draw_pile=(CARD_COPIES,) * NUM_CARD_TYPES,
        discard=EMPTY_HAND,
        supply=(1,) * len(PLATES),
        buffet=(),
        plates_won=((),) * n,
        positions=(0,) * n,
        racing=tuple(range(n)),
        commitments=(None,) * n,
        start_player=config.start_player,
        round=1,
        part=1,
        exchange_open=True,
        exchanger=None,
        pending_draws=tuple(seat for seat in range(n) for _ in range(HAND_SIZE)),  # SAB-1, SAB-23
        to_reveal=config.plates_per_round,  # SAB-2
        game_over=False,
    )
