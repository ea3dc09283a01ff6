"""The state check: the one definition of "a state this game can reach".

`check_state` returns the problems of a state (empty when it is sound) and never raises, whatever
values its fields hold: `tablefeast.loads` refuses a state with problems (`RecordError`), and the
conformance suite checks every state of random games with it, so the check and the rules can
never drift apart. The checks run in groups, each guarding the next, and all in linear time:

1. shapes: the config, the stage, every scalar in range, every per-seat tuple of the right
   length, every count, index, seat and queue within bounds that conservation implies;
2. conservation: each seat's Mood cards, the Meal cards, Drink and Spice tokens, secret cards,
   the Birthday Cake tile, and how many Mood cards each seat has drawn and used by this stage;
3. flow: what each stage holds (commitments, reveals, the resolution queue, secret cards owed,
   Tomato decisions) is exactly what the rules produce (`flow`);
4. liveness (`kernel.ruleset.liveness_problems`): a game that is not over can go on.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.values import replace
    >>> s = ayc.initial_state(ayc.Config(players=3))
    >>> check_state(s), check_state(replace(s, drink_supply=0))
    ([], ['Drink tokens are not conserved'])
"""

from __future__ import annotations

from typing import Any

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.config import DRINKS, FIRST_HAND, SPICES, Config
from tablefeast.games.all_you_can_eat_buffet.flow import resolution_queue, round_order
from tablefeast.games.all_you_can_eat_buffet.rules import _cards_needed
from tablefeast.games.all_you_can_eat_buffet.state import STAGES, State, tomatoes_held
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state"]

_K = len(MOODS)
_OVER = frozenset({"secrets", "tomatoes", "over"})
"""Stages after the last round."""
_USED_THIS_ROUND = frozenset({"resolve", "secrets", "tomatoes", "over"})
"""Stages in which this round's Mood card is already used (AYC-5)."""


def _ints(value: Any, size: int | None, low: int, high: int) -> bool:
    """`value` is a tuple of `size` (any number, for None) ints from `low` to `high`."""
    return (
        type(value) is tuple
        and (size is None or len(value) == size)
        and all(type(x) is int and low <= x <= high for x in value)
    )


def _suffix(actual: tuple[int, ...], expected: tuple[int, ...]) -> bool:
    return len(actual) <= len(expected) and expected[len(expected) - len(actual) :] == actual


def _shapes(state: State) -> list[str]:
    """Types, lengths and ranges: afterwards every index is in range and every size bounded."""
    config = state.config
    n, tables = config.players, config.card_lists.tables
    m, total = len(tables.names), sum(tables.counts)
    moods = sum(config.mood_deck)
    seat = n - 1
    problems = []
    scalars: tuple[tuple[str, Any, int, int], ...] = (
        ("round", state.round, 1, config.rounds),
        ("first", state.first, 0, seat),
        ("lost", state.lost, 0, total),
        ("drink_supply", state.drink_supply, 0, DRINKS),
        ("spice_supply", state.spice_supply, 0, SPICES),
        ("to_deal", state.to_deal, 0, config.line_size),
    )
    for name, value, low, high in scalars:
        if type(value) is not int or not low <= value <= high:
            problems.append(f"{name} {shown(value)} is impossible: an int from {low} to {high}")
    if state.cake is not None and (type(state.cake) is not int or not 0 <= state.cake <= seat):
        problems.append(f"the Birthday Cake tile is at {shown(state.cake)}, not a seat")
    per_seat: tuple[tuple[str, Any, int, int, int | None], ...] = (
        ("decks", state.decks, 0, moods, _K),
        ("hands", state.hands, 0, moods, _K),
        ("used", state.used, 0, moods, _K),
        ("collections", state.collections, 0, total, m),
        ("secrets", state.secrets, 0, total, None),
        ("drinks", state.drinks, 0, DRINKS, None),
        ("spices", state.spices, 0, SPICES, None),
    )
    for name, value, low, high, inner in per_seat:
        ok = type(value) is tuple and len(value) == n
        if inner is None:
            ok = ok and _ints(value, n, low, high)
        else:
            ok = ok and all(_ints(x, inner, low, high) for x in value)
        if not ok:
            what = f"{n} ints" if inner is None else f"{n} tuples of {inner} ints"
            problems.append(f"{name} must be {what} from {low} to {high}")
    for name, value in (("meal_deck", state.meal_deck), ("discard", state.discard)):
        if not _ints(value, m, 0, total):
            problems.append(f"{name} must be {m} Meal counts from 0 to {total}")
    optional: tuple[tuple[str, Any, int], ...] = (
        ("revealed", state.revealed, _K - 1),
        ("tomatoes", state.tomatoes, total),
    )
    for name, value, high in optional:
        if type(value) is not tuple or len(value) != n:
            problems.append(f"{name} must have {n} entries")
        elif not all(x is None or (type(x) is int and 0 <= x <= high) for x in value):
            problems.append(f"{name} must hold None or ints from 0 to {high}")
    commitments = state.commitments
    if type(commitments) is not tuple or len(commitments) != n:
        problems.append(f"commitments must have {n} entries")
    elif not all(c is None or (_ints(c, None, 0, _K - 1) and len(c) <= 2) for c in commitments):
        problems.append("a commitment must be None or at most 2 Moods")
    queues: tuple[tuple[str, Any, int], ...] = (
        ("mood_draws", state.mood_draws, FIRST_HAND * n),
        ("reveals", state.reveals, n),
        ("queue", state.queue, n),
        ("secret_reveals", state.secret_reveals, total),
    )
    for name, value, longest in queues:
        if type(value) is not tuple or len(value) > longest:
            problems.append(f"{name} must list at most {longest} seats")
        elif not _ints(value, None, 0, seat):
            problems.append(f"{name} names a seat that does not exist")
    line = state.line
    if type(line) is not tuple or len(line) > config.line_size:  # AYC-3
        problems.append(f"the line must hold at most {config.line_size} Meals")
    elif not all(
        type(e) is tuple
        and len(e) == 3
        and type(e[0]) is int
        and 0 <= e[0] < m
        and type(e[1]) is int
        and 0 <= e[1] <= 1  # AYC-3: one Spice token on a Meal, moved with it (AYC-8)
        and type(e[2]) is bool
        for e in line
    ):
        problems.append(f"a line entry must be (a Meal from 0 to {m - 1}, 0 or 1 Spice, a flag)")
    return problems


def _conservation(state: State) -> list[str]:
    """Every card and token accounted for, per seat where the rules make it exact."""
    config = state.config
    n, tables = config.players, config.card_lists.tables
    problems = []
    for seat in range(n):
        held = zip(state.decks[seat], state.hands[seat], state.used[seat], strict=True)
        if tuple(a + b + c for a, b, c in held) != config.mood_deck:
            problems.append(f"seat {seat}'s Mood cards are not conserved")
    meals = [sum(x) for x in zip(state.meal_deck, state.discard, *state.collections, strict=True)]
    for meal, _, _ in state.line:
        meals[meal] += 1
    if tuple(meals) != tables.counts:
        problems.append("Meal cards are not conserved")
    line_spices = sum(e[1] for e in state.line)
    if state.spice_supply + line_spices + sum(state.spices) != SPICES or line_spices > 2:
        problems.append("Spice tokens are not conserved")  # AYC-3: 2 Spice tokens per line
    if state.drink_supply + sum(state.drinks) != DRINKS:
        problems.append("Drink tokens are not conserved")
    # AYC-4, AYC-21: a secret card lies under a Surprise bread: in the line, in a collection,
    # or discarded unseen with the line; all of them are among the unseen Meals.
    bread = tables.bread
    for seat in range(n):
        breads = sum(state.collections[seat][i] for i in bread)
        if state.secrets[seat] > breads:
            problems.append(f"seat {seat} has more secret cards than Surprise breads")
    if state.lost > sum(state.discard[i] for i in bread):
        problems.append("more secret cards lost than Surprise breads discarded")
    if any(secret and meal not in bread for meal, _, secret in state.line):
        problems.append("a secret card lies under a Meal that is not a Surprise bread")
    if state.drawable < 0:
        problems.append("more secret cards than unseen Meals")
    # AYC-8: the Birthday Cake tile goes to whoever last took a Cake, and a Cake leaves a
    # collection only when stolen, with the tile: its holder always holds a Cake.
    cakes = [sum(c[i] for i in tables.cake) for c in state.collections]
    if (state.cake is None) != (sum(cakes) == 0) or (
        state.cake is not None and not cakes[state.cake]
    ):
        problems.append("the Birthday Cake tile is not with a player who took a Cake")
    # AYC-2, AYC-9: Mood cards drawn and used, by round and stage.
    if state.first != (config.first_player + state.round - 1) % n:
        problems.append(f"first player {state.first} is impossible in round {state.round}")
    used = state.round if state.stage in _USED_THIS_ROUND else state.round - 1
    for seat in range(n):
        owed = state.mood_draws.count(seat)
        drawn = sum(state.hands[seat]) + sum(state.used[seat])
        if sum(state.used[seat]) != used:
            problems.append(f"seat {seat} used {sum(state.used[seat])} Mood cards, not {used}")
        elif drawn != FIRST_HAND + state.round - 1 - owed:
            problems.append(f"seat {seat} drew {drawn} Mood cards with {owed} still owed")
        if owed and not sum(state.decks[seat]):
            problems.append(f"seat {seat} is owed a Mood card from an empty deck")
    return problems


def _committed_problem(state: State, seat: int, moods: tuple[int, ...]) -> str | None:
    needed = _cards_needed(state, seat)  # AYC-5
    if len(moods) != needed:
        return f"seat {seat} committed {len(moods)} Mood cards, not {needed}"
    if list(moods) != sorted(moods):
        return f"seat {seat}'s committed Moods are not in Mood order"
    hand = list(state.hands[seat])
    for mood in moods:
        if not hand[mood]:
            return f"seat {seat} committed a Mood card it does not hold"
        hand[mood] -= 1
    return None


def _flow(state: State) -> list[str]:
    """Each stage holds exactly what the rules leave in it (`flow`)."""
    config = state.config
    n, stage = config.players, state.stage
    seats = range(n)
    problems = []
    if stage in _OVER and (state.round != config.rounds or state.line):
        problems.append(f"stage {stage} comes after the last round, with the line cleared")
    # deal (AYC-2, AYC-3)
    draws = tuple(s for s in seats for _ in range(FIRST_HAND)) if state.round == 1 else tuple(seats)
    if state.mood_draws and (stage != "deal" or not _suffix(state.mood_draws, draws)):
        problems.append("Mood cards are owed out of turn (AYC-2)")
    if stage == "deal":
        if len(state.line) + state.to_deal != config.line_size:
            problems.append("the line and the Meals still to draw do not make a line (AYC-3)")
        if state.mood_draws and state.line:
            problems.append("Meals were drawn before the Mood cards (AYC-2)")
        if not state.mood_draws and not (state.to_deal and state.drawable):
            problems.append("the deal is over, yet the stage is still deal (AYC-3)")
        if any(e[1] for e in state.line):
            problems.append("Spice tokens lie on the line before it is complete (AYC-3)")
    elif state.to_deal:
        problems.append(f"Meals are still to draw in stage {stage}")
    # play and reveal (AYC-5, AYC-17)
    commitments = state.commitments
    if stage in ("play", "reveal"):
        if stage == "play" and None not in commitments:
            problems.append("everyone has committed, yet the stage is still play (AYC-5)")
        if stage == "reveal" and None in commitments:
            problems.append("a seat has not committed, yet the cards are being revealed (AYC-5)")
        for seat, committed in enumerate(commitments):
            problem = committed is not None and _committed_problem(state, seat, committed)
            if problem:
                problems.append(problem + " (AYC-5)")
    elif any(c is not None for c in commitments):
        problems.append(f"Mood cards are committed in stage {stage}")
    if stage == "reveal" and None not in commitments:
        problems += _reveal_problems(state)
    elif state.reveals:
        problems.append(f"reveals are owed in stage {stage}")
    # resolve (AYC-7)
    revealed = state.revealed
    if stage == "resolve":
        if None in revealed:
            problems.append("a seat carries out no revealed Mood (AYC-5)")
        else:
            moods: tuple[int, ...] = revealed  # type: ignore[assignment]
            if any(not state.used[s][mood] for s, mood in enumerate(moods)):
                problems.append("a revealed Mood card is not among the cards used (AYC-5)")
            expected = resolution_queue(moods, state.first, n)
            if not state.queue or not _suffix(state.queue, expected):
                problems.append("the queue is not the order the Moods resolve in (AYC-7)")
    else:
        if state.queue:
            problems.append(f"a queue of Moods to carry out in stage {stage}")
        if stage != "reveal" and any(r is not None for r in revealed):
            problems.append(f"a revealed Mood in stage {stage}")
    # the end (AYC-4, AYC-10, AYC-14)
    order = round_order(state.first, n)
    owed = tuple(s for s in order for _ in range(state.secrets[s]))
    if stage == "secrets":
        if not owed or state.secret_reveals != owed:
            problems.append("the secret cards owed are not those under the breads (AYC-4)")
    elif state.secret_reveals:
        problems.append(f"secret cards are owed in stage {stage}")
    elif stage in ("tomatoes", "over") and owed:
        problems.append("a secret card was never revealed (AYC-4)")
    problems += _tomato_problems(state)
    return problems


def _reveal_problems(state: State) -> list[str]:
    """AYC-5, AYC-17: one card is revealed per seat, the random ones in seat order."""
    problems = []
    pending = set(state.reveals)
    expected = tuple(s for s, c in enumerate(state.commitments) if c is not None and len(c) != 1)
    if not state.reveals or not _suffix(state.reveals, expected):
        problems.append("the reveals owed are not those of AYC-17, in seat order")
    for seat, moods in enumerate(state.commitments):
        mood = state.revealed[seat]
        assert moods is not None
        if len(moods) == 1:
            ok = mood == moods[0]
        elif seat in pending:
            ok = mood is None
        else:  # revealed at random: one of the two cards, or one from the hand
            ok = mood is not None and (mood in moods if moods else state.hands[seat][mood] > 0)
        if not ok:
            problems.append(f"seat {seat}'s revealed Mood does not match its cards (AYC-5)")
    return problems


def _tomato_problems(state: State) -> list[str]:
    """AYC-10: the seats holding Tomatoes decide each of them at the end, at once."""
    problems = []
    undecided = False
    for seat, choice in enumerate(state.tomatoes):
        held = tomatoes_held(state, seat)
        if choice is None:
            undecided = undecided or held > 0
        elif state.stage not in ("tomatoes", "over"):
            problems.append(f"seat {seat} decided its Tomatoes in stage {state.stage}")
        elif not held or choice > held:
            problems.append(f"seat {seat} decided {choice} of its {held} Tomatoes")
    if state.stage == "tomatoes" and not undecided:
        problems.append("every Tomato is decided, yet the game is not over (AYC-10)")
    if state.stage == "over" and undecided:
        problems.append("the game is over with Tomatoes undecided (AYC-10)")
    return problems


def check_state(state: State) -> list[str]:
    """Every invariant a reachable state satisfies; the problems found (empty when sound).

    Never raises, whatever the fields hold; linear time in the size of the state. `loads`
    refuses a state with problems.

    Args:
        state: the state to check.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.values import replace
        >>> s = ayc.initial_state(ayc.Config(players=3))
        >>> check_state(replace(s, queue=(0,) * 40_000))
        ['queue must list at most 3 seats']
        >>> check_state(replace(s, stage="reveal"))[0]
        'Mood cards are owed out of turn (AYC-2)'
    """
    if type(state) is not State or type(state.config) is not Config:
        return ["not a State of this game"]
    if type(state.stage) is not str or state.stage not in STAGES:
        return [f"unknown stage (one of {', '.join(STAGES)})"]
    for group in (_shapes, _conservation, _flow):
        problems = group(state)
        if problems:
            return problems
    import tablefeast.games.all_you_can_eat_buffet as game  # the package imports this module

    return liveness_problems(game, state)
