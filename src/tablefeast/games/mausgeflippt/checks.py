"""`check_state`: the one definition of a state this game can reach.

`tablefeast.loads` runs it on every State it reads (a tampered one raises RecordError), and the
conformance suite runs it after every move of random games, so the check and the rules cannot
drift apart. It never raises, and costs linear time in the size of the state: the checks run in
an order where each one guards the next (sizes and ranges first, then what the cards add up to,
then where the game stands), and the rules are asked whether the state can play on only once
the structure is sound.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.values import replace
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> check_state(s), check_state(replace(s, pending_draws=(0,) * 10**6))[0]
    ([], 'pending_draws has 1000000 entries (at most 21)')
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from tablefeast.games.mausgeflippt import rules
from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN, Config
from tablefeast.games.mausgeflippt.race import claimants
from tablefeast.games.mausgeflippt.state import FLIP, PASS, State
from tablefeast.kernel.deck import Pile
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state"]

_PER_SEAT = ("hands", "face_up", "face_down", "caught", "cheeses", "commitments")


def check_state(state: State) -> list[str]:
    """Every invariant a reachable state satisfies; the problems found (empty when sound).

    Checked, in this order: the size of every per-seat tuple and counts tuple; the range of every
    index, seat, count and code; that every clothing card, cheese and mouse is in exactly one
    place; per seat, the cards in hand plus those owed (at most 7, or 4 for a young player,
    MG-1, MG-15), the face-down cards (at most 3, MG-6) and the commitment (a Play of a card in
    hand, a Flip only with fewer than three face-down cards); that the race, the owed awards
    and draws, the cheese to turn and the end fit together (MG-2, MG-7, MG-8, MG-11 to MG-13);
    and last, that the game can play on: it is over, or someone has a legal action.

    Never raises, whatever the fields hold.

    Args:
        state: the state to check.

    Returns:
        The problems found, as messages naming the broken invariant.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.values import replace
        >>> s = mg.initial_state(mg.Config(players=3))
        >>> check_state(s), check_state(replace(s, turner=3))
        ([], ['turner 3 is not a seat'])
    """
    problems = _structure_problems(state)
    if problems:
        return problems
    return liveness_problems(rules, state)  # type: ignore[arg-type]


def _counts(value: object, size: int) -> bool:
    """A counts tuple of `size` non-negative ints."""
    return (
        type(value) is tuple
        and len(value) == size
        and all(type(x) is int and x >= 0 for x in value)
    )


def _seat_list(value: object, seats: range, longest: int) -> str | None:
    """What is wrong with a tuple of seats of at most `longest` entries, or None."""
    if type(value) is not tuple:
        return "must be a tuple of seats"
    if len(value) > longest:
        return f"has {len(value)} entries (at most {longest})"
    if not all(type(s) is int and s in seats for s in value):
        return "names a seat that does not exist"
    return None


def _structure_problems(state: State) -> list[str]:
    if type(state) is not State or type(state.config) is not Config:
        return ["not a Mausgeflippt State with its Config"]
    config = state.config
    n = config.players
    problems = [
        f"{name} must have one entry per seat ({n})"
        for name in _PER_SEAT
        if type(getattr(state, name)) is not tuple or len(getattr(state, name)) != n
    ]
    problems += _scalar_problems(state)
    if problems:
        return problems
    problems = _count_problems(state)
    if problems:
        return problems
    problems = _seat_problems(state)
    return problems or _progress_problems(state)


def _scalar_problems(state: State) -> list[str]:
    """Every single-valued field: its type and range."""
    config = state.config
    tables = config.card_set.tables
    n, m, c = config.players, len(tables.mouse_ids), len(tables.cheese_names)
    problems = []
    for name in ("cheese_to_turn", "racing", "game_over"):
        if type(getattr(state, name)) is not bool:
            problems.append(f"{name} must be true or false")
    if type(state.turner) is not int or not 0 <= state.turner < n:
        problems.append(f"turner {_int(state.turner)} is not a seat")
    if type(state.idle) is not int or not 0 <= state.idle <= m:
        problems.append(f"idle count {_int(state.idle)} is impossible (MG-13)")
    if state.open_mouse is not None and (
        type(state.open_mouse) is not int or not 0 <= state.open_mouse < m
    ):
        problems.append(f"open mouse {_int(state.open_mouse)} does not exist")
    if state.open_cheese is not None and (
        type(state.open_cheese) is not int or not 0 <= state.open_cheese < c
    ):
        problems.append(f"face-up cheese {_int(state.open_cheese)} does not exist")
    seats = range(n)
    owed = sum(map(config.hand_size, seats))  # MG-1: at most every hand dealt anew
    for name, longest in (
        ("mouse_awards", n - 1),
        ("cheese_awards", n - 1),
        ("pending_draws", owed),
    ):
        wrong = _seat_list(getattr(state, name), seats, longest)
        if wrong is not None:
            problems.append(f"{name} {wrong}")
    return problems


def _int(value: Any) -> str:
    return str(value) if type(value) is int and abs(value) < 10**18 else "(out of range)"


def _count_problems(state: State) -> list[str]:
    """Counts tuples of the right sizes, and every card, cheese and mouse in exactly one place."""
    tables = state.config.card_set.tables
    k, c, m = len(tables.items), len(tables.cheese_names), len(tables.mouse_ids)
    clothing = (*state.hands, state.clothing_pile, state.discard, *state.face_up, *state.face_down)
    if not all(_counts(x, k) for x in clothing):
        return [f"malformed clothing counts: {k} non-negative counts each"]
    cheese = (state.cheese_pile, *state.cheeses)
    if not all(_counts(x, c) for x in cheese):
        return [f"malformed cheese counts: {c} non-negative counts each"]
    problems = []
    if [sum(x) for x in zip(*clothing, strict=True)] != list(tables.clothing_counts):
        problems.append("clothing cards are not conserved")
    held = [sum(x) for x in zip(*cheese, strict=True)]
    if state.open_cheese is not None:
        held[state.open_cheese] += 1
    if held != list(tables.cheese_counts):
        problems.append("cheese cards are not conserved")
    return problems + _mice_problems(state, m)


def _mice_problems(state: State, m: int) -> list[str]:
    mice = state.mice
    if type(mice) is not Pile or not _counts(mice.unseen, m) or max(mice.unseen, default=0) > 1:
        return [f"malformed mouse stack: {m} counts of 0 or 1"]
    if type(mice.bottom) is not tuple or not all(type(x) is tuple for x in state.caught):
        return ["malformed mouse stack or caught mice: tuples of mice"]
    if len(mice.bottom) + sum(map(len, state.caught)) > m:  # before walking them: linear time
        return ["mice are not conserved: more mice placed than the card set has"]
    placed = [0] * m
    for i, x in enumerate(mice.unseen):
        placed[i] += x
    others = [*mice.bottom, *(mouse for won in state.caught for mouse in won)]
    if state.open_mouse is not None:
        others.append(state.open_mouse)
    for mouse in others:
        if type(mouse) is not int or not 0 <= mouse < m:
            return [f"a mouse {_int(mouse)} that does not exist is in the stack or caught"]
        placed[mouse] += 1
    if any(x != 1 for x in placed):
        return ["mice are not conserved: each mouse must be in exactly one place"]
    return []


def _seat_problems(state: State) -> list[str]:
    """Per seat: hand plus owed draws, face-down cards, the commitment (MG-1, MG-6, MG-15)."""
    config = state.config
    k = len(config.card_set.tables.items)
    problems = []
    for seat in range(config.players):
        size = config.hand_size(seat)
        held = sum(state.hands[seat])
        if held + state.pending_draws.count(seat) > size:  # MG-1, MG-5, MG-15: refill to size
            problems.append(f"seat {seat} holds and is owed more than {size} cards (MG-15)")
        down = sum(state.face_down[seat])
        if down > MAX_FACE_DOWN:
            problems.append(f"seat {seat} has more than {MAX_FACE_DOWN} face-down cards (MG-6)")
        code = state.commitments[seat]
        if code is None:
            continue
        if type(code) is not int or not (code in (PASS, FLIP) or 0 <= code < k):
            problems.append(f"seat {seat} committed an unknown code {_int(code)}")
        elif code >= 0 and not state.hands[seat][code]:
            problems.append(f"seat {seat} committed a card it does not hold")
        elif code == FLIP and down >= MAX_FACE_DOWN:
            problems.append(f"seat {seat} flipped with {down} face-down cards (MG-6)")
    return problems


def _progress_problems(state: State) -> list[str]:
    """Where the game stands must fit together: pending work, the race, the end."""
    mouse_awards, cheese_awards = state.mouse_awards, state.cheese_awards
    busy = (
        mouse_awards
        or cheese_awards
        or state.pending_draws
        or state.cheese_to_turn
        or state.open_mouse is None
    )
    if state.racing != (not busy and not state.game_over):
        return [f"racing is {state.racing}, but a race is {'not ' * state.racing}on (MG-2)"]
    if (state.open_mouse is not None) != state.racing:
        return ["a mouse is open exactly while the seats race (MG-2)"]
    committed = any(c is not None for c in state.commitments)
    stack = state.mice.size
    no_cheese = state.open_cheese is None and not any(state.cheese_pile)
    if state.game_over:
        pending = mouse_awards or cheese_awards or state.pending_draws
        if pending or state.cheese_to_turn or committed:
            return ["the game is over but draws, awards or a race are pending (MG-19)"]
        if not no_cheese and state.idle < stack:
            return ["the game is over, yet mice and cheeses are left (MG-12, MG-13)"]
        return []
    problems = []
    if no_cheese or stack + (state.open_mouse is not None) == 0:
        problems.append("the last mouse or cheese is gone, yet the game goes on (MG-12)")
    elif state.idle >= stack + (state.open_mouse is not None):
        problems.append(
            "every mouse left was turned without progress, yet the game goes on (MG-13)"
        )
    if busy and committed:
        problems.append("a race is committed while chance work is pending")
    if (state.open_cheese is None) != state.cheese_to_turn:
        problems.append("a cheese is to be turned exactly when none is face up (MG-1, MG-7)")
    if state.cheese_to_turn and not any(state.cheese_pile):
        problems.append("a cheese is to be turned from an empty cheese pile (MG-12)")
    if None not in state.commitments and len(claimants(state.commitments)) < 2:
        problems.append("a finished race with fewer than two claimants is still unresolved")
    return problems + _award_problems(state)


def _award_problems(state: State) -> list[str]:
    """Awards come from one race (MG-8): seats after the turner, clockwise, none twice."""
    mouse_awards, cheese_awards = state.mouse_awards, state.cheese_awards
    problems = []
    if mouse_awards and cheese_awards:
        problems.append("mice and cheeses are owed at once, but one race owes only one (MG-8)")
    n = state.config.players
    for name, awards in (("mouse_awards", mouse_awards), ("cheese_awards", cheese_awards)):
        places = [(seat - state.turner) % n for seat in awards]
        if not all(a < b for a, b in pairwise([0, *places, n])):
            problems.append(f"{name} must be distinct seats clockwise after the turner (MG-8)")
    if (mouse_awards or cheese_awards) and state.idle:
        problems.append("awards are owed, so a mouse was caught or a cheese taken: idle is 0")
    if mouse_awards and not any(state.mice.unseen):
        problems.append("a mouse is owed but the top of the stack is known (settled at once)")
    if cheese_awards and not (state.cheese_to_turn and any(state.cheese_pile)):
        problems.append("a cheese is owed, but none is to come (MG-7, MG-8)")
    awards = mouse_awards or cheese_awards
    if state.pending_draws and not awards and not any(state.clothing_pile):
        problems.append("a card is owed but the clothing pile is empty (MG-11 shuffles first)")
    ready = not (awards or state.pending_draws or state.cheese_to_turn or state.racing)
    if ready and not any(state.mice.unseen):
        problems.append("the next mouse is known, yet it is not turned (MG-2)")
    return problems
