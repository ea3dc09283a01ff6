"""`check_state`: the one definition of "a state this game can reach".

`loads` runs it on every state it reads (a tampered file is refused with `RecordError`), and the
conformance suite runs it after every move of random games, so the check and the rules can never
drift apart. It never raises, whatever the fields hold, and costs linear time in the state's size:
the checks come in groups, and each group runs only once the groups before it found the values it
reads sound (lengths before indices, bounded counts before sums, the structure before asking the
rules who acts). Last comes liveness: a state that is not over can always play on.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from tablefeast.kernel.values import replace
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> check_state(s), check_state(replace(s, draw_pile=(9,) * 11))
    ([], ['mouse cards are not conserved: 10 of each value -1..9 must exist'])
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

from tablefeast.games.schlacht_am_buffet.components import (
    CARD_COPIES,
    HAND_SIZE,
    MAX_POSITION,
    NUM_CARD_TYPES,
    PLATES,
)
from tablefeast.games.schlacht_am_buffet.config import EDITIONS, Config
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state", "structure_problems"]


def check_state(state: State) -> list[str]:
    """Every invariant a reachable state satisfies; the problems found (empty when sound).

    The structure first (`structure_problems`), then liveness: a state that is not over has
    actors, a chance node has outcomes and every acting seat has a legal action. Never raises.

    Args:
        state: the state to check (its fields of the annotated types, as `loads` builds them).

    Returns:
        The problems found, as messages naming the broken invariant and its ruling.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> s = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=0).state
        >>> check_state(s)
        []
    """
    problems = structure_problems(state)
    if problems:
        return problems
    # The package itself is the Ruleset; imported here, when it is complete (it imports us).
    from tablefeast.games import schlacht_am_buffet as game

    return liveness_problems(game, state)


def structure_problems(state: State) -> list[str]:
    """The structural part of `check_state`: shapes, ranges, conservation and the stage.

    After it finds nothing, every hand holds at most 9 cards (so a seat has at most 512
    exchanges) and every index the rules use is in range.

    Args:
        state: the state to check.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.values import replace
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> structure_problems(replace(s, positions=(0, 0)))
        ['positions has 2 entries for 3 players']
    """
    problems = _shape(state)
    if problems:
        return problems
    groups: tuple[Callable[[State], list[str]], ...] = (_cards, _plates, _scalars)
    problems = [problem for group in groups for problem in group(state)]
    if problems:
        return problems
    return _stage(state)


def _shape(state: State) -> list[str]:
    config = state.config
    if type(config) is not Config:
        return ["the config is not a Schlacht am Buffet Config"]
    n, edition, start = config.players, config.edition, config.start_player
    if type(n) is not int or not 3 <= n <= 6 or edition not in EDITIONS:
        return ["the config is malformed (players 3 to 6, a known edition)"]
    if type(start) is not int or not 0 <= start < n:
        return [f"the config's start player is not a seat of {n}"]
    per_seat = {
        "hands": state.hands,
        "plates_won": state.plates_won,
        "positions": state.positions,
        "commitments": state.commitments,
    }
    return [
        f"{name} has {len(value)} entries for {n} players"
        for name, value in per_seat.items()
        if len(value) != n
    ]


def _cards(state: State) -> list[str]:
    """110 mouse cards, 10 of each value, each in exactly one place (SAB-1)."""
    counted = [0] * NUM_CARD_TYPES
    for counts in (*state.hands, state.draw_pile, state.discard):
        if len(counts) != NUM_CARD_TYPES or not all(0 <= c <= CARD_COPIES for c in counts):
            return [f"malformed card counts: {NUM_CARD_TYPES} counts from 0 to {CARD_COPIES}"]
        for i, c in enumerate(counts):
            counted[i] += c
    for committed in state.commitments:
        if committed is not None:
            if not -1 <= committed <= 9:
                return ["a committed card does not exist (cards are -1 to 9)"]
            counted[committed + 1] += 1
    if counted != [CARD_COPIES] * NUM_CARD_TYPES:
        return ["mouse cards are not conserved: 10 of each value -1..9 must exist"]
    return []


def _plates(state: State) -> list[str]:
    """36 plates, each in one place; the buffet in buffet order (SAB-2, SAB-3)."""
    supply = state.supply
    if len(supply) != len(PLATES) or not all(c in (0, 1) for c in supply):
        return ["the plate supply must hold 0 or 1 of each of the 36 plates"]
    problems = []
    buffet = state.buffet
    if any(a.rank >= b.rank for a, b in pairwise(buffet)):
        problems.append("the buffet is not in buffet order (SAB-3)")
    total = sum(supply) + len(buffet) + sum(len(won) for won in state.plates_won)
    placed = {p for p, c in zip(PLATES, supply, strict=True) if c}
    placed.update(buffet)
    for won in state.plates_won:
        placed.update(won)
    if total != len(PLATES) or len(placed) != len(PLATES):
        problems.append("plates are not conserved: each of the 36 plates must be in one place")
    return problems


def _scalars(state: State) -> list[str]:
    """Seats, numbers and queues in range, so that `_stage` may index and count with them."""
    config = state.config
    n, per_round = config.players, config.plates_per_round
    problems = []
    racing = state.racing
    ascending = all(a < b for a, b in pairwise(racing))
    if len(racing) > n or not ascending or not all(0 <= s < n for s in racing):
        problems.append(f"racing seats are not distinct ascending seats of {n}")
    if not all(-MAX_POSITION <= p <= MAX_POSITION for p in state.positions):
        problems.append(f"a position beyond {MAX_POSITION} either way (SAB-25)")
    if not 0 <= state.start_player < n:
        problems.append(f"the start player is not a seat of {n}")
    if state.exchanger is not None and not 0 <= state.exchanger < n:
        problems.append(f"the exchanger is not a seat of {n}")
    owed = state.pending_draws
    if len(owed) > n * HAND_SIZE or not all(0 <= s < n for s in owed):
        problems.append(f"pending draws are not at most {n * HAND_SIZE} seats of {n}")
    if not 1 <= state.round <= len(PLATES) // per_round:
        problems.append(f"round {state.round} does not exist (SAB-15)")
    if state.part not in (1, 2) or (state.part == 2 and n != 3):
        problems.append(f"part {state.part} is impossible with {n} players (SAB-17)")
    if not 0 <= state.to_reveal <= per_round:
        problems.append(f"{state.to_reveal} plates to reveal in a round of {per_round} (SAB-2)")
    return problems


def _runs(owed: tuple[int, ...]) -> list[int]:
    """The seats of the pending draws, one entry per run of equal seats."""
    return [s for i, s in enumerate(owed) if i == 0 or owed[i - 1] != s]


def _stage(state: State) -> list[str]:
    """Where the round stands must fit together: hands, queues, racers, plates, pending work."""
    config = state.config
    n, per_round = config.players, config.plates_per_round
    held = [sum(hand) for hand in state.hands]
    committed = [c is not None for c in state.commitments]
    owed = [0] * n
    for seat in state.pending_draws:
        owed[seat] += 1
    problems = [
        f"seat {seat} holds {held[seat]} cards, {int(committed[seat])} committed and "
        f"{owed[seat]} owed: a hand never exceeds {HAND_SIZE} (SAB-1, SAB-7, SAB-10, SAB-12)"
        for seat in range(n)
        if held[seat] + committed[seat] + owed[seat] > HAND_SIZE
    ]
    runs = _runs(state.pending_draws)
    if len(set(runs)) != len(runs) or runs[1:] != sorted(runs[1:]):
        problems.append("pending draws are not in seat order, exchange first (SAB-23)")
    racing = state.racing
    for seat in range(n):
        if committed[seat] and seat not in racing:
            problems.append(f"seat {seat} committed a card but is not racing")
    if _busy(state) and any(committed):
        problems.append("cards are committed while a draw, reveal or exchange is pending")
    if state.pending_draws and state.exchanger is None and not any(state.draw_pile):
        problems.append("a card is owed but the draw pile is empty (SAB-11 shuffles first)")
    if state.pending_draws and state.to_reveal not in (0, per_round):
        problems.append("cards are owed after plates were revealed (SAB-23: draws come first)")
    if state.game_over:
        return problems + _over(state)
    revealed = len(PLATES) - sum(state.supply)
    if revealed != state.round * per_round - state.to_reveal:
        problems.append(
            f"{revealed} plates revealed by round {state.round} with {state.to_reveal} to "
            f"reveal: each round reveals {per_round} (SAB-2, SAB-15)"
        )
    problems.extend(_racing(state, held, committed, owed, runs))
    return problems


def _over(state: State) -> list[str]:
    """The game ended after a duel, before a round the supply could not fill (SAB-15)."""
    config = state.config
    n, rounds = config.players, len(PLATES) // config.plates_per_round
    problems = []
    if state.buffet or state.to_reveal or state.pending_draws or state.exchanger is not None:
        problems.append("the game is over but plates, draws or an exchange are pending")
    if any(c is not None for c in state.commitments) or state.exchange_open:
        problems.append("the game is over but a card is committed or the exchange open")
    if state.round != rounds or sum(state.supply) != len(PLATES) - rounds * config.plates_per_round:
        problems.append(f"the game ends after round {rounds}, with the supply short (SAB-15)")
    if len(state.racing) != 2 or state.part != (2 if n == 3 else 1):
        problems.append("the game ends with a duel's two mice (SAB-9, SAB-18)")
    elif (state.start_player - 1) % n not in state.racing:
        problems.append("the start player is not left of the last duel's winner (SAB-13)")
    return problems


def _racing(
    state: State, held: list[int], committed: list[bool], owed: list[int], runs: list[int]
) -> list[str]:
    """A round in progress: its buffet, racers, exchange and queued draws (SAB-6 to SAB-10)."""
    config = state.config
    n, per_round = config.players, config.plates_per_round
    racing = state.racing
    problems = []
    if len(racing) < 2:
        problems.append(f"{len(racing)} mice racing: a race always has at least two")
        return problems
    if state.to_reveal:
        expected = per_round - state.to_reveal
    elif n == 3 and state.part == 1:
        expected = len(racing) + 2  # SAB-17: the two best plates wait for part 2
    else:
        expected = len(racing) - 1
    if len(state.buffet) != expected:
        problems.append(
            f"{len(state.buffet)} plates on the buffet with {len(racing)} mice racing "
            f"(expected {expected})"
        )
    if state.start_player not in racing:
        problems.append("the start player's mouse is out of the race (SAB-8 passes the tile)")
    if state.exchange_open != (state.part == 1 and len(racing) == n):
        problems.append("the exchange is open exactly until the first mouse is out (SAB-7)")
    if state.to_reveal:
        return problems + _round_start(state, held, owed)
    exchanger = state.exchanger
    if exchanger is not None and (exchanger in racing or len(racing) != n - 1 or state.part != 1):
        problems.append(f"seat {exchanger} exchanges but is not the first mouse out (SAB-7)")
    out = [seat for seat in runs if seat not in racing]
    if out and (out != runs[:1] or exchanger is not None or len(racing) != n - 1):
        problems.append("cards are owed to a mouse out of the race, not for its exchange (SAB-7)")
    for seat in racing:
        if owed[seat] and held[seat] + owed[seat] != HAND_SIZE:
            problems.append(f"seat {seat} draws but not from an empty hand to 9 (SAB-10)")
        if not committed[seat] and not held[seat] + owed[seat]:
            problems.append(f"seat {seat} races with no card and none to draw (SAB-10)")
    if not _busy(state) and all(committed[seat] for seat in racing):
        problems.append("every racing mouse committed, yet the step is not revealed (SAB-5)")
    return problems


def _busy(state: State) -> bool:
    """True while an exchange, a draw or a reveal comes before the next commitment."""
    return bool(state.exchanger is not None or state.pending_draws or state.to_reveal)


def _round_start(state: State, held: list[int], owed: list[int]) -> list[str]:
    """The deal or the refill, then the buffet: nobody has moved yet (SAB-1, SAB-2, SAB-12)."""
    n = state.config.players
    problems = []
    if len(state.racing) != n or any(state.positions) or state.part != 1:
        problems.append("a round starts with every mouse racing from the start (SAB-12)")
    if state.exchanger is not None:
        problems.append("an exchange is pending before the round started (SAB-7)")
    if any(held[seat] + owed[seat] != HAND_SIZE for seat in range(n)):
        problems.append(f"a round starts with every hand dealt or refilled to {HAND_SIZE} (SAB-12)")
    if list(state.pending_draws) != sorted(state.pending_draws):
        problems.append("the deal and the refill go in seat order (SAB-23)")
    if state.round == 1 and state.start_player != state.config.start_player:
        problems.append("round 1 starts with the config's start player (SAB-1)")
    return problems
