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

__all__ = ["State", "check_state", "initial_state"]

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


def check_state(state: State) -> list[str]:
    """Every invariant a real game state satisfies; the problems found (empty when sound).

    Used when loading serialized states, so that a tampered file is refused.

    Args:
        state: the state to check.

    Examples:
        >>> from tablefeast.kernel.values import replace
        >>> s = initial_state(Config(players=3))
        >>> check_state(s), check_state(replace(s, draw_pile=(9,) * 11))
        ([], ['mouse cards are not conserved: 10 of each value -1..9 must exist'])
    """
    problems: list[str] = []
    n = state.config.players
    seats = range(n)
    per_seat = {
        "hands": state.hands,
        "plates_won": state.plates_won,
        "positions": state.positions,
        "commitments": state.commitments,
    }
    for name, value in per_seat.items():
        if len(value) != n:
            problems.append(f"{name} has {len(value)} entries for {n} players")
    if problems:
        return problems
    counted = [0] * NUM_CARD_TYPES
    for counts in (*state.hands, state.draw_pile, state.discard):
        if len(counts) != NUM_CARD_TYPES or any(c < 0 for c in counts):
            problems.append(f"malformed card counts {counts}")
            return problems
        for i, c in enumerate(counts):
            counted[i] += c
    for committed in state.commitments:
        if committed is not None:
            if not -1 <= committed <= 9:
                problems.append(f"committed card {committed} does not exist")
            else:
                counted[committed + 1] += 1
    if counted != [CARD_COPIES] * NUM_CARD_TYPES:
        problems.append("mouse cards are not conserved: 10 of each value -1..9 must exist")
    if len(state.supply) != len(PLATES) or any(c not in (0, 1) for c in state.supply):
        problems.append("the plate supply must hold 0 or 1 of each of the 36 plates")
        return problems
    face_down = [p for p, c in zip(PLATES, state.supply, strict=True) if c]
    placed = [*face_down, *state.buffet, *(p for won in state.plates_won for p in won)]
    if len(placed) != len(PLATES) or set(placed) != set(PLATES):
        problems.append("plates are not conserved: each of the 36 plates must be in one place")
    if list(state.buffet) != sorted(state.buffet, key=lambda p: p.rank):
        problems.append("the buffet is not in buffet order (SAB-3)")
    if any(s not in seats for s in state.racing) or list(state.racing) != sorted(set(state.racing)):
        problems.append(f"racing seats {state.racing} are not distinct ascending seats")
    for seat in seats:
        if state.commitments[seat] is not None and seat not in state.racing:
            problems.append(f"seat {seat} committed a card but is not racing")
    if state.start_player not in seats:
        problems.append(f"start player {state.start_player} is not a seat")
    if state.exchanger is not None and state.exchanger not in seats:
        problems.append(f"exchanger {state.exchanger} is not a seat")
    if any(seat not in seats for seat in state.pending_draws):
        problems.append(f"pending draws {state.pending_draws} are malformed")
    if state.part not in (1, 2) or (state.part == 2 and n != 3):
        problems.append(f"part {state.part} is impossible with {n} players")
    if not 0 <= state.to_reveal <= sum(state.supply):
        problems.append(f"{state.to_reveal} plates to reveal but {sum(state.supply)} in supply")
    problems.extend(_check_progress(state))
    return problems


def _check_progress(state: State) -> list[str]:
    """Where the round stands must fit together: racers, plates left, pending work."""
    problems = []
    config = state.config
    racing = len(state.racing)
    if not state.game_over and racing < 2:
        problems.append(f"{racing} mice racing: a race always has at least two")
    if state.exchanger is not None and state.exchanger in state.racing:
        problems.append(f"seat {state.exchanger} exchanges cards but has not dropped out")
    busy = state.exchanger is not None or state.pending_draws or state.to_reveal
    if busy and any(c is not None for c in state.commitments):
        problems.append("cards are committed while a draw, reveal or exchange is pending")
    if state.pending_draws and state.exchanger is None and not any(state.draw_pile):
        problems.append("a card is owed but the draw pile is empty (SAB-11 shuffles first)")
    if not state.game_over:
        if state.to_reveal:
            expected = config.plates_per_round - state.to_reveal
        elif config.players == 3 and state.part == 1:
            expected = racing + 2  # SAB-17: the two best plates wait for part 2
        else:
            expected = racing - 1
        if len(state.buffet) != expected:
            problems.append(
                f"{len(state.buffet)} plates on the buffet with {racing} mice racing "
                f"(expected {expected})"
            )
    elif state.buffet or state.to_reveal or state.pending_draws or state.exchanger is not None:
        problems.append("the game is over but plates, draws or an exchange are pending")
    return problems
