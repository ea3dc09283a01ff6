"""`check_state`: the one definition of "a state this game can reach"; `check_view`: what a
sound `View` holds.

`loads` runs it on every state it reads (a tampered file is refused with `RecordError`), and the
conformance suite runs it after every move of random games, so the check and the rules can never
drift apart. It never raises, whatever the fields hold, and costs linear time in the state's size:
the checks come in groups, and each group runs only once the groups before it found the values it
reads sound (lengths before indices, bounded counts before sums, the structure before asking the
rules who acts). Last comes liveness: a state that is not over can always play on.

`check_view` shares the range checks (config, plates, seats and numbers, queued draws) and adds
what only a view has: the viewer's hand and commitment (hidden from a spectator), hand sizes and
card conservation as far as the view shows it, who acts and the scores (both exact functions of
the rest).

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
    Plate,
)
from tablefeast.games.schlacht_am_buffet.config import EDITIONS, Config
from tablefeast.games.schlacht_am_buffet.rules import top_plates
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.games.schlacht_am_buffet.view import View
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state", "check_view", "structure_problems"]

TOTAL_CARDS = CARD_COPIES * NUM_CARD_TYPES
"""110 mouse cards in all (SAB-1)."""

Table = State | View
"""What the shared range checks read: the fields a state and a view have in common."""


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
    held = [sum(hand) for hand in state.hands]
    committed = [c is not None for c in state.commitments]
    return _stage(state, held, committed, sum(state.draw_pile), state.exchange_open)


def check_view(view: View) -> list[str]:
    """Everything a sound view satisfies; the problems found (empty when sound).

    It shares `check_state`'s range checks (the config, the plates, seats, positions, rounds and
    queued draws) and its checks of the stage, run on what the view shows in place of the hidden
    cards (hand sizes, who has committed, the draw pile's size); it adds the viewer's hand and
    commitment (a spectator sees neither), card conservation as far as the view shows it (110
    cards in all, at most 10 of each value known), and who acts and the scores, which must be
    exactly what the rules derive. It does not prove that a reachable state has this view, but
    every view it accepts renders, encodes and round-trips through JSON. Never raises; linear
    time. `tablefeast.loads(text, View)` runs it and refuses a view it finds problems in.

    Args:
        view: the view to check (`loads` builds its fields of the annotated types).

    Returns:
        The problems found, as messages naming the broken invariant.

    Examples:
        >>> import attrs
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> v = sab.view(sab.initial_state(sab.Config(players=3)), 0)
        >>> check_view(v), check_view(attrs.evolve(v, hand_sizes=(0, 0, -1)))
        ([], ['hand sizes are not 3 counts from 0 to 9'])
        >>> check_view(attrs.evolve(v, seat=None))
        ['a spectator sees no hand and no commitment']
    """
    if type(view) is not View:
        return ["not a Schlacht am Buffet View"]
    problems = _view_shape(view)
    if problems:
        return problems
    groups: tuple[Callable[[View], list[str]], ...] = (_view_cards, _plates, _scalars)
    problems = [problem for group in groups for problem in group(view)]
    if problems:
        return problems
    # A view has no exchange flag: the one a sound state holds is implied (SAB-7, see _racing).
    exchange_open = view.part == 1 and len(view.racing) == view.config.players
    held, committed = list(view.hand_sizes), list(view.committed)
    problems = _stage(view, held, committed, view.draw_pile_size, exchange_open)
    return problems + _derived(view)


def _view_shape(view: View) -> list[str]:
    """A sound config, the viewer a seat or None, one entry per seat in the per-seat fields."""
    problems = _config_problems(view.config)
    if problems:
        return problems
    n = view.config.players
    if view.seat is not None and not _is_int(view.seat, 0, n - 1):
        problems.append(f"the viewer {shown(view.seat)} is not a seat of {n} nor None")
    per_seat: dict[str, object] = {
        "hand_sizes": view.hand_sizes,
        "committed": view.committed,
        "plates_won": view.plates_won,
        "positions": view.positions,
        "scores": view.scores,
    }
    return problems + _lengths(per_seat, n)


def _view_cards(view: View) -> list[str]:
    """The viewer's cards, the public counts, and conservation as far as they show (SAB-1)."""
    n, seat = view.config.players, view.seat
    problems = []
    if not _ints(view.hand_sizes, 0, HAND_SIZE):
        problems.append(f"hand sizes are not {n} counts from 0 to {HAND_SIZE}")
    if not all(type(c) is bool for c in view.committed):
        problems.append("committed is not a truth value per seat")
    if not _is_int(view.draw_pile_size, 0, TOTAL_CARDS):
        problems.append(f"the draw pile does not hold 0 to {TOTAL_CARDS} cards")
    if not _is_counts(view.discard):
        problems.append(f"malformed discard pile: {NUM_CARD_TYPES} counts from 0 to {CARD_COPIES}")
    if problems:
        return problems
    known = list(view.discard)  # cards whose values this view shows
    if seat is None:
        if view.hand is not None or view.my_commitment is not None:
            return ["a spectator sees no hand and no commitment"]
    else:
        hand, mine = view.hand, view.my_commitment
        if hand is None or not _ints(hand, -1, 9) or any(a > b for a, b in pairwise(hand)):
            return ["the viewer's hand is not its cards (-1 to 9) in ascending order"]
        if len(hand) != view.hand_sizes[seat]:
            problems.append(
                f"the viewer's hand has {len(hand)} cards, its hand size says otherwise"
            )
        if mine is not None and not _is_int(mine, -1, 9):
            return ["the viewer's committed card does not exist (cards are -1 to 9)"]
        if (mine is not None) != view.committed[seat]:
            problems.append("the viewer's commitment and the committed flags disagree")
        for card in (*hand, *(() if mine is None else (mine,))):
            known[card + 1] += 1
    total = sum(view.hand_sizes) + sum(view.committed) + view.draw_pile_size + sum(view.discard)
    if total != TOTAL_CARDS or max(known) > CARD_COPIES:
        problems.append("mouse cards are not conserved: 10 of each value -1..9 must exist")
    return problems


def _derived(view: View) -> list[str]:
    """Who acts and the scores are exactly what the rules derive from the rest of the view."""
    if view.game_over:
        expected: tuple[int, ...] = ()
    elif view.exchanger is not None:
        expected = (view.exchanger,)  # SAB-7
    elif view.pending_draws or view.to_reveal:
        expected = (CHANCE,)
    else:  # SAB-5: the racers yet to commit
        expected = reveal.pending(view.racing, tuple(True if c else None for c in view.committed))
    problems = []
    if not _ints(view.actors, CHANCE, view.config.players - 1) or view.actors != expected:
        problems.append(f"the actors are not {expected}, as the rules say (SAB-5, SAB-7)")
    scores = tuple(sum(p.value for p in top_plates(won)) for won in view.plates_won)
    if not _ints(view.scores, -len(PLATES), len(PLATES) * 5) or view.scores != scores:
        problems.append(f"the scores are not {scores}, the sums of the top plates (SAB-14)")
    return problems


def _is_int(value: object, low: int, high: int) -> bool:
    """`value` is exactly an int (not a bool) from `low` to `high`."""
    return type(value) is int and low <= value <= high


def _ints(values: object, low: int, high: int) -> bool:
    """`values` is a tuple of ints, each from `low` to `high`."""
    return type(values) is tuple and all(_is_int(v, low, high) for v in values)


def _is_counts(counts: object) -> bool:
    """A counts tuple of mouse cards: 11 counts, each from 0 to 10 (SAB-1)."""
    return type(counts) is tuple and len(counts) == NUM_CARD_TYPES and _ints(counts, 0, CARD_COPIES)


def _config_problems(config: object) -> list[str]:
    """A Schlacht am Buffet config with sound fields (even one built around its validators)."""
    if type(config) is not Config:
        return ["the config is not a Schlacht am Buffet Config"]
    n, edition, start = config.players, config.edition, config.start_player
    if not _is_int(n, 3, 6) or type(edition) is not str or edition not in EDITIONS:
        return ["the config is malformed (players 3 to 6, a known edition)"]
    if not _is_int(start, 0, n - 1):
        return [f"the config's start player is not a seat of {n}"]
    return []


def _lengths(per_seat: dict[str, object], n: int) -> list[str]:
    """Each per-seat field is a tuple with one entry per seat."""
    return [
        f"{name} has {len(value) if type(value) is tuple else 'no'} entries for {n} players"
        for name, value in per_seat.items()
        if type(value) is not tuple or len(value) != n
    ]


def _shape(state: State) -> list[str]:
    problems = _config_problems(state.config)
    if problems:
        return problems
    per_seat: dict[str, object] = {
        "hands": state.hands,
        "plates_won": state.plates_won,
        "positions": state.positions,
        "commitments": state.commitments,
    }
    return _lengths(per_seat, state.config.players)


def _cards(state: State) -> list[str]:
    """110 mouse cards, 10 of each value, each in exactly one place (SAB-1)."""
    counted = [0] * NUM_CARD_TYPES
    for counts in (*state.hands, state.draw_pile, state.discard):
        if not _is_counts(counts):
            return [f"malformed card counts: {NUM_CARD_TYPES} counts from 0 to {CARD_COPIES}"]
        for i, c in enumerate(counts):
            counted[i] += c
    for committed in state.commitments:
        if committed is not None:
            if not _is_int(committed, -1, 9):
                return ["a committed card does not exist (cards are -1 to 9)"]
            counted[committed + 1] += 1
    if counted != [CARD_COPIES] * NUM_CARD_TYPES:
        return ["mouse cards are not conserved: 10 of each value -1..9 must exist"]
    return []


def _plates(table: Table) -> list[str]:
    """36 plates, each in one place; the buffet in buffet order (SAB-2, SAB-3)."""
    supply, buffet, plates_won = table.supply, table.buffet, table.plates_won
    if not _ints(supply, 0, 1) or len(supply) != len(PLATES):
        return ["the plate supply must hold 0 or 1 of each of the 36 plates"]
    stacks = (buffet, *plates_won)
    if not all(type(s) is tuple and all(type(p) is Plate for p in s) for s in stacks):
        return ["the buffet and the plates won must be tuples of plates"]
    problems = []
    if any(a.rank >= b.rank for a, b in pairwise(buffet)):
        problems.append("the buffet is not in buffet order (SAB-3)")
    total = sum(supply) + sum(len(s) for s in stacks)
    placed = {p for p, c in zip(PLATES, supply, strict=True) if c}
    for s in stacks:
        placed.update(s)
    if total != len(PLATES) or len(placed) != len(PLATES):
        problems.append("plates are not conserved: each of the 36 plates must be in one place")
    return problems


def _scalars(table: Table) -> list[str]:
    """Seats, numbers and queues in range, so that `_stage` may index and count with them."""
    config = table.config
    n, per_round = config.players, config.plates_per_round
    problems = []
    racing = table.racing
    if not _ints(racing, 0, n - 1) or len(racing) > n or any(a >= b for a, b in pairwise(racing)):
        problems.append(f"racing seats are not distinct ascending seats of {n}")
    if not _ints(table.positions, -MAX_POSITION, MAX_POSITION):
        problems.append(f"a position beyond {MAX_POSITION} either way (SAB-25)")
    if not _is_int(table.start_player, 0, n - 1):
        problems.append(f"the start player is not a seat of {n}")
    if table.exchanger is not None and not _is_int(table.exchanger, 0, n - 1):
        problems.append(f"the exchanger is not a seat of {n}")
    owed = table.pending_draws
    if not _ints(owed, 0, n - 1) or len(owed) > n * HAND_SIZE:
        problems.append(f"pending draws are not at most {n * HAND_SIZE} seats of {n}")
    if not _is_int(table.round, 1, len(PLATES) // per_round):
        problems.append(f"round {shown(table.round)} does not exist (SAB-15)")
    if not _is_int(table.part, 1, 2) or (table.part == 2 and n != 3):
        problems.append(f"part {shown(table.part)} is impossible with {n} players (SAB-17)")
    if not _is_int(table.to_reveal, 0, per_round):
        problems.append(
            f"{shown(table.to_reveal)} plates to reveal in a round of {per_round} (SAB-2)"
        )
    if type(table.game_over) is not bool:
        problems.append("game over is not a truth value")
    return problems


def _runs(owed: tuple[int, ...]) -> list[int]:
    """The seats of the pending draws, one entry per run of equal seats."""
    return [s for i, s in enumerate(owed) if i == 0 or owed[i - 1] != s]


def _stage(
    table: Table, held: list[int], committed: list[bool], pile_size: int, exchange_open: bool
) -> list[str]:
    """Where the round stands must fit together: hands, queues, racers, plates, pending work.

    It reads only what is public (hand sizes, who has committed, the draw pile's size), so a view
    is held to it as a state is; a view's `exchange_open` is the one the rules imply (SAB-7).
    """
    config = table.config
    n, per_round = config.players, config.plates_per_round
    owed = [0] * n
    for seat in table.pending_draws:
        owed[seat] += 1
    problems = [
        f"seat {seat} holds {held[seat]} cards, {int(committed[seat])} committed and "
        f"{owed[seat]} owed: a hand never exceeds {HAND_SIZE} (SAB-1, SAB-7, SAB-10, SAB-12)"
        for seat in range(n)
        if held[seat] + committed[seat] + owed[seat] > HAND_SIZE
    ]
    runs = _runs(table.pending_draws)
    if len(set(runs)) != len(runs) or runs[1:] != sorted(runs[1:]):
        problems.append("pending draws are not in seat order, exchange first (SAB-23)")
    racing = table.racing
    for seat in range(n):
        if committed[seat] and seat not in racing:
            problems.append(f"seat {seat} committed a card but is not racing")
    if _busy(table) and any(committed):
        problems.append("cards are committed while a draw, reveal or exchange is pending")
    if table.pending_draws and table.exchanger is None and not pile_size:
        problems.append("a card is owed but the draw pile is empty (SAB-11 shuffles first)")
    if table.pending_draws and table.to_reveal not in (0, per_round):
        problems.append("cards are owed after plates were revealed (SAB-23: draws come first)")
    if table.game_over:
        return problems + _over(table, committed, exchange_open)
    revealed = len(PLATES) - sum(table.supply)
    if revealed != table.round * per_round - table.to_reveal:
        problems.append(
            f"{revealed} plates revealed by round {table.round} with {table.to_reveal} to "
            f"reveal: each round reveals {per_round} (SAB-2, SAB-15)"
        )
    problems.extend(_racing(table, held, committed, owed, runs, exchange_open=exchange_open))
    return problems


def _over(table: Table, committed: list[bool], exchange_open: bool) -> list[str]:
    """The game ended after a duel, before a round the supply could not fill (SAB-15)."""
    config = table.config
    n, rounds = config.players, len(PLATES) // config.plates_per_round
    problems = []
    if table.buffet or table.to_reveal or table.pending_draws or table.exchanger is not None:
        problems.append("the game is over but plates, draws or an exchange are pending")
    if any(committed) or exchange_open:
        problems.append("the game is over but a card is committed or the exchange open")
    if table.round != rounds or sum(table.supply) != len(PLATES) - rounds * config.plates_per_round:
        problems.append(f"the game ends after round {rounds}, with the supply short (SAB-15)")
    if len(table.racing) != 2 or table.part != (2 if n == 3 else 1):
        problems.append("the game ends with a duel's two mice (SAB-9, SAB-18)")
    elif (table.start_player - 1) % n not in table.racing:
        problems.append("the start player is not left of the last duel's winner (SAB-13)")
    return problems


def _racing(
    table: Table,
    held: list[int],
    committed: list[bool],
    owed: list[int],
    runs: list[int],
    *,
    exchange_open: bool,
) -> list[str]:
    """A round in progress: its buffet, racers, exchange and queued draws (SAB-6 to SAB-10)."""
    config = table.config
    n, per_round = config.players, config.plates_per_round
    racing = table.racing
    problems = []
    if len(racing) < 2:
        problems.append(f"{len(racing)} mice racing: a race always has at least two")
        return problems
    if table.to_reveal:
        expected = per_round - table.to_reveal
    elif n == 3 and table.part == 1:
        expected = len(racing) + 2  # SAB-17: the two best plates wait for part 2
    else:
        expected = len(racing) - 1
    if len(table.buffet) != expected:
        problems.append(
            f"{len(table.buffet)} plates on the buffet with {len(racing)} mice racing "
            f"(expected {expected})"
        )
    if table.start_player not in racing:
        problems.append("the start player's mouse is out of the race (SAB-8 passes the tile)")
    if exchange_open != (table.part == 1 and len(racing) == n):
        problems.append("the exchange is open exactly until the first mouse is out (SAB-7)")
    if table.to_reveal:
        return problems + _round_start(table, held, owed)
    exchanger = table.exchanger
    if exchanger is not None and (exchanger in racing or len(racing) != n - 1 or table.part != 1):
        problems.append(f"seat {exchanger} exchanges but is not the first mouse out (SAB-7)")
    out = [seat for seat in runs if seat not in racing]
    if out and (out != runs[:1] or exchanger is not None or len(racing) != n - 1):
        problems.append("cards are owed to a mouse out of the race, not for its exchange (SAB-7)")
    for seat in racing:
        if owed[seat] and held[seat] + owed[seat] != HAND_SIZE:
            problems.append(f"seat {seat} draws but not from an empty hand to 9 (SAB-10)")
        if not committed[seat] and not held[seat] + owed[seat]:
            problems.append(f"seat {seat} races with no card and none to draw (SAB-10)")
    if not _busy(table) and all(committed[seat] for seat in racing):
        problems.append("every racing mouse committed, yet the step is not revealed (SAB-5)")
    return problems


def _busy(table: Table) -> bool:
    """True while an exchange, a draw or a reveal comes before the next commitment."""
    return bool(table.exchanger is not None or table.pending_draws or table.to_reveal)


def _round_start(table: Table, held: list[int], owed: list[int]) -> list[str]:
    """The deal or the refill, then the buffet: nobody has moved yet (SAB-1, SAB-2, SAB-12)."""
    n = table.config.players
    problems = []
    if len(table.racing) != n or any(table.positions) or table.part != 1:
        problems.append("a round starts with every mouse racing from the start (SAB-12)")
    if table.exchanger is not None:
        problems.append("an exchange is pending before the round started (SAB-7)")
    if any(held[seat] + owed[seat] != HAND_SIZE for seat in range(n)):
        problems.append(f"a round starts with every hand dealt or refilled to {HAND_SIZE} (SAB-12)")
    if list(table.pending_draws) != sorted(table.pending_draws):
        problems.append("the deal and the refill go in seat order (SAB-23)")
    if table.round == 1 and table.start_player != table.config.start_player:
        problems.append("round 1 starts with the config's start player (SAB-1)")
    return problems
