"""The state check: the one definition of "a state this game can reach"; the view check: what a
sound `View` holds.

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

`check_view` shares the checks of the fields a state and a view have in common (the public
table: the line, collections, tokens, queues, the stage's public bookkeeping) and checks what
only a view has, in the same groups: the viewer's hand, deck, commitment and Tomato decision
(hidden from a spectator), hand and deck sizes, conservation as far as the view shows it, and
who acts and the running scores, which must be what the rules derive from the rest.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.values import replace
    >>> s = ayc.initial_state(ayc.Config(players=3))
    >>> check_state(s), check_state(replace(s, drink_supply=0))
    ([], ['Drink tokens are not conserved'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tablefeast.games.all_you_can_eat_buffet.components import MAX_POINTS, MOODS
from tablefeast.games.all_you_can_eat_buffet.config import DRINKS, FIRST_HAND, SPICES, Config
from tablefeast.games.all_you_can_eat_buffet.flow import resolution_queue, round_order
from tablefeast.games.all_you_can_eat_buffet.rules import _cards_needed
from tablefeast.games.all_you_can_eat_buffet.scoring import (
    CAKE_TILE,
    FRUIT_SETS,
    MILK_SPICE_LIMIT,
    VEGETABLE_BONUS,
    score_table,
)
from tablefeast.games.all_you_can_eat_buffet.state import STAGES, State
from tablefeast.games.all_you_can_eat_buffet.view import View
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state", "check_view"]

_K = len(MOODS)
_OVER = frozenset({"secrets", "tomatoes", "over"})
"""Stages after the last round."""
_USED_THIS_ROUND = frozenset({"resolve", "secrets", "tomatoes", "over"})
"""Stages in which this round's Mood card is already used (AYC-5)."""
_CHANCE_STAGES = frozenset({"deal", "reveal", "secrets"})
"""Stages in which chance acts (`rules.actors`)."""

Table = State | View
"""What the shared checks read: the fields a state and a view have in common."""


def _ints(value: object, size: int | None, low: int, high: int) -> bool:
    """`value` is a tuple of `size` (any number, for None) ints from `low` to `high`."""
    return (
        type(value) is tuple
        and (size is None or len(value) == size)
        and all(type(x) is int and low <= x <= high for x in value)
    )


def _suffix(actual: tuple[int, ...], expected: tuple[int, ...]) -> bool:
    return len(actual) <= len(expected) and expected[len(expected) - len(actual) :] == actual


def _kind(table: object, cls: type) -> list[str]:
    """The guard of both checks: a value of this game, with a config and a known stage."""
    if type(table) is not cls or type(getattr(table, "config", None)) is not Config:
        return [f"not a {cls.__name__} of this game"]
    stage = getattr(table, "stage", None)
    if type(stage) is not str or stage not in STAGES:
        return [f"unknown stage (one of {', '.join(STAGES)})"]
    return []


# ---------------------------------------------------------------- shapes


def _scalar_problems(scalars: Sequence[tuple[str, object, int, int]]) -> list[str]:
    return [
        f"{name} {shown(value)} is impossible: an int from {low} to {high}"
        for name, value, low, high in scalars
        if type(value) is not int or not low <= value <= high
    ]


def _per_seat_problems(
    n: int, fields: Sequence[tuple[str, object, int, int, int | None]]
) -> list[str]:
    """Per-seat tuples of `n` ints (inner None) or of `n` tuples of `inner` ints, in range."""
    problems = []
    for name, value, low, high, inner in fields:
        if type(value) is not tuple or len(value) != n:
            ok = False
        elif inner is None:
            ok = _ints(value, n, low, high)
        else:
            ok = all(_ints(x, inner, low, high) for x in value)
        if not ok:
            what = f"{n} ints" if inner is None else f"{n} tuples of {inner} ints"
            problems.append(f"{name} must be {what} from {low} to {high}")
    return problems


def _optional_problems(n: int, fields: Sequence[tuple[str, object, int]]) -> list[str]:
    """Per-seat tuples of `n` entries, each None or an int from 0 to its bound."""
    problems = []
    for name, value, high in fields:
        if type(value) is not tuple or len(value) != n:
            problems.append(f"{name} must have {n} entries")
        elif not all(x is None or (type(x) is int and 0 <= x <= high) for x in value):
            problems.append(f"{name} must hold None or ints from 0 to {high}")
    return problems


def _public_shapes(table: Table, unseen: tuple[str, object]) -> list[str]:
    """The shapes of the fields a state and a view share; `unseen`: the unseen Meals' field
    name and value (a state's `meal_deck`, a view's `unseen_meals`)."""
    config = table.config
    n, tables = config.players, config.card_lists.tables
    m, total = len(tables.names), sum(tables.counts)
    moods = sum(config.mood_deck)
    seat = n - 1
    problems = _scalar_problems(
        (
            ("round", table.round, 1, config.rounds),
            ("first", table.first, 0, seat),
            ("drink_supply", table.drink_supply, 0, DRINKS),
            ("spice_supply", table.spice_supply, 0, SPICES),
            ("to_deal", table.to_deal, 0, config.line_size),
        )
    )
    if table.cake is not None and (type(table.cake) is not int or not 0 <= table.cake <= seat):
        problems.append(f"the Birthday Cake tile is at {shown(table.cake)}, not a seat")
    problems += _per_seat_problems(
        n,
        (
            ("used", table.used, 0, moods, _K),
            ("collections", table.collections, 0, total, m),
            ("secrets", table.secrets, 0, total, None),
            ("drinks", table.drinks, 0, DRINKS, None),
            ("spices", table.spices, 0, SPICES, None),
        ),
    )
    for name, value in (unseen, ("discard", table.discard)):
        if not _ints(value, m, 0, total):
            problems.append(f"{name} must be {m} Meal counts from 0 to {total}")
    problems += _optional_problems(n, (("revealed", table.revealed, _K - 1),))
    queues: tuple[tuple[str, object, int], ...] = (
        ("mood_draws", table.mood_draws, FIRST_HAND * n),
        ("reveals", table.reveals, n),
        ("queue", table.queue, n),
        ("secret_reveals", table.secret_reveals, total),
    )
    for name, value, longest in queues:
        if type(value) is not tuple or len(value) > longest:
            problems.append(f"{name} must list at most {longest} seats")
        elif not _ints(value, None, 0, seat):
            problems.append(f"{name} names a seat that does not exist")
    line = table.line
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


def _shapes(state: State) -> list[str]:
    """Types, lengths and ranges: afterwards every index is in range and every size bounded."""
    config = state.config
    n, tables = config.players, config.card_lists.tables
    total = sum(tables.counts)
    moods = sum(config.mood_deck)
    problems = _public_shapes(state, ("meal_deck", state.meal_deck))
    problems += _scalar_problems((("lost", state.lost, 0, total),))
    problems += _per_seat_problems(
        n, (("decks", state.decks, 0, moods, _K), ("hands", state.hands, 0, moods, _K))
    )
    problems += _optional_problems(n, (("tomatoes", state.tomatoes, total),))
    commitments = state.commitments
    if type(commitments) is not tuple or len(commitments) != n:
        problems.append(f"commitments must have {n} entries")
    elif not all(c is None or (_ints(c, None, 0, _K - 1) and len(c) <= 2) for c in commitments):
        problems.append("a commitment must be None or at most 2 Moods")
    return problems


# ---------------------------------------------------------------- conservation


def _public_conservation(table: Table, unseen: tuple[int, ...], lost: int) -> list[str]:
    """Meals, tokens, secret cards and the Birthday Cake tile, as far as the table shows them;
    `unseen`: the unseen Meals, `lost`: secret cards known to be discarded unseen."""
    config = table.config
    n, tables = config.players, config.card_lists.tables
    problems = []
    meals = [sum(x) for x in zip(unseen, table.discard, *table.collections, strict=True)]
    for meal, _, _ in table.line:
        meals[meal] += 1
    if tuple(meals) != tables.counts:
        problems.append("Meal cards are not conserved")
    line_spices = sum(e[1] for e in table.line)
    if table.spice_supply + line_spices + sum(table.spices) != SPICES or line_spices > 2:
        problems.append("Spice tokens are not conserved")  # AYC-3: 2 Spice tokens per line
    if table.drink_supply + sum(table.drinks) != DRINKS:
        problems.append("Drink tokens are not conserved")
    # AYC-4, AYC-21: a secret card lies under a Surprise bread: in the line, in a collection,
    # or discarded unseen with the line; all of them are among the unseen Meals.
    bread = tables.bread
    for seat in range(n):
        breads = sum(table.collections[seat][i] for i in bread)
        if table.secrets[seat] > breads:
            problems.append(f"seat {seat} has more secret cards than Surprise breads")
    if any(secret and meal not in bread for meal, _, secret in table.line):
        problems.append("a secret card lies under a Meal that is not a Surprise bread")
    if sum(unseen) < sum(table.secrets) + lost + sum(e[2] for e in table.line):
        problems.append("more secret cards than unseen Meals")
    # AYC-8: the Birthday Cake tile goes to whoever last took a Cake, and a Cake leaves a
    # collection only when stolen, with the tile: its holder always holds a Cake.
    cakes = [sum(c[i] for i in tables.cake) for c in table.collections]
    if (table.cake is None) != (sum(cakes) == 0) or (
        table.cake is not None and not cakes[table.cake]
    ):
        problems.append("the Birthday Cake tile is not with a player who took a Cake")
    return problems


def _mood_counts(table: Table, hand_sizes: Sequence[int], deck_sizes: Sequence[int]) -> list[str]:
    """AYC-2, AYC-9: the First player, and Mood cards drawn and used, by round and stage."""
    config = table.config
    problems = []
    if table.first != (config.first_player + table.round - 1) % config.players:
        problems.append(f"first player {table.first} is impossible in round {table.round}")
    used = table.round if table.stage in _USED_THIS_ROUND else table.round - 1
    for seat in range(config.players):
        owed = table.mood_draws.count(seat)
        spent = sum(table.used[seat])
        drawn = hand_sizes[seat] + spent
        if spent != used:
            problems.append(f"seat {seat} used {spent} Mood cards, not {used}")
        elif drawn != FIRST_HAND + table.round - 1 - owed:
            problems.append(f"seat {seat} drew {drawn} Mood cards with {owed} still owed")
        if owed and not deck_sizes[seat]:
            problems.append(f"seat {seat} is owed a Mood card from an empty deck")
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
    problems += _public_conservation(state, state.meal_deck, state.lost)
    if state.lost > sum(state.discard[i] for i in tables.bread):
        problems.append("more secret cards lost than Surprise breads discarded")
    hand_sizes = [sum(hand) for hand in state.hands]
    return problems + _mood_counts(state, hand_sizes, [sum(deck) for deck in state.decks])


# ---------------------------------------------------------------- flow


def _public_flow(table: Table) -> list[str]:
    """What each stage holds of the public bookkeeping: the deal, the line, the resolution
    queue, the revealed Moods and the secret cards owed (`flow`)."""
    config = table.config
    n, stage = config.players, table.stage
    seats = range(n)
    problems = []
    if stage in _OVER and (table.round != config.rounds or table.line):
        problems.append(f"stage {stage} comes after the last round, with the line cleared")
    # deal (AYC-2, AYC-3)
    draws = tuple(s for s in seats for _ in range(FIRST_HAND)) if table.round == 1 else tuple(seats)
    if table.mood_draws and (stage != "deal" or not _suffix(table.mood_draws, draws)):
        problems.append("Mood cards are owed out of turn (AYC-2)")
    if stage == "deal":
        if len(table.line) + table.to_deal != config.line_size:
            problems.append("the line and the Meals still to draw do not make a line (AYC-3)")
        if table.mood_draws and table.line:
            problems.append("Meals were drawn before the Mood cards (AYC-2)")
        if any(e[1] for e in table.line):
            problems.append("Spice tokens lie on the line before it is complete (AYC-3)")
    elif table.to_deal:
        problems.append(f"Meals are still to draw in stage {stage}")
    if stage != "reveal" and table.reveals:
        problems.append(f"reveals are owed in stage {stage}")
    # resolve (AYC-7)
    revealed = table.revealed
    if stage == "resolve":
        moods = tuple([mood for mood in revealed if mood is not None])
        if len(moods) != len(revealed):
            problems.append("a seat carries out no revealed Mood (AYC-5)")
        else:
            if any(not table.used[s][mood] for s, mood in enumerate(moods)):
                problems.append("a revealed Mood card is not among the cards used (AYC-5)")
            expected = resolution_queue(moods, table.first, n)
            if not table.queue or not _suffix(table.queue, expected):
                problems.append("the queue is not the order the Moods resolve in (AYC-7)")
    else:
        if table.queue:
            problems.append(f"a queue of Moods to carry out in stage {stage}")
        if stage != "reveal" and any(r is not None for r in revealed):
            problems.append(f"a revealed Mood in stage {stage}")
    # the end (AYC-4)
    order = round_order(table.first, n)
    owed = tuple(s for s in order for _ in range(table.secrets[s]))
    if stage == "secrets":
        if not owed or table.secret_reveals != owed:
            problems.append("the secret cards owed are not those under the breads (AYC-4)")
    elif table.secret_reveals:
        problems.append(f"secret cards are owed in stage {stage}")
    elif stage in ("tomatoes", "over") and owed:
        problems.append("a secret card was never revealed (AYC-4)")
    return problems


def _committed_problem(state: State, seat: int, moods: tuple[int, ...]) -> str | None:
    needed = _cards_needed(state, seat)  # AYC-5
    if len(moods) != needed:
        return f"seat {seat} committed {len(moods)} Mood cards, not {needed}"
    return _held_problem(seat, moods, state.hands[seat])


def _held_problem(seat: int, moods: tuple[int, ...], hand: tuple[int, ...]) -> str | None:
    """AYC-5: committed Moods are in Mood order and in the hand."""
    if list(moods) != sorted(moods):
        return f"seat {seat}'s committed Moods are not in Mood order"
    left = list(hand)
    for mood in moods:
        if not left[mood]:
            return f"seat {seat} committed a Mood card it does not hold"
        left[mood] -= 1
    return None


def _commitment_stage(stage: str, pending: bool, committed: bool) -> str | None:
    """AYC-5: who has committed fits the stage (`pending`: a seat has not, `committed`: one
    has)."""
    if stage == "play" and not pending:
        return "everyone has committed, yet the stage is still play (AYC-5)"
    if stage == "reveal" and pending:
        return "a seat has not committed, yet the cards are being revealed (AYC-5)"
    if stage not in ("play", "reveal") and committed:
        return f"Mood cards are committed in stage {stage}"
    return None


def _flow(state: State) -> list[str]:
    """Each stage holds exactly what the rules leave in it (`flow`)."""
    stage = state.stage
    problems = _public_flow(state)
    if stage == "deal" and not state.mood_draws and not (state.to_deal and state.drawable):
        problems.append("the deal is over, yet the stage is still deal (AYC-3)")
    # play and reveal (AYC-5, AYC-17)
    commitments = state.commitments
    pending = None in commitments
    problem = _commitment_stage(stage, pending, any(c is not None for c in commitments))
    if problem:
        problems.append(problem)
    if stage in ("play", "reveal"):
        for seat, committed in enumerate(commitments):
            wrong = committed is not None and _committed_problem(state, seat, committed)
            if wrong:
                problems.append(wrong + " (AYC-5)")
    if stage == "reveal" and not pending:
        problems += _reveal_problems(state)
    # the end (AYC-10, AYC-14)
    decided = [t is not None for t in state.tomatoes]
    return problems + _tomato_problems(state, decided, state.tomatoes)


def _reveal_order_problem(table: Table, counts: Sequence[int | None]) -> str | None:
    """AYC-5, AYC-17: the reveals owed are of the seats that committed two cards or none."""
    expected = tuple(s for s, c in enumerate(counts) if c is not None and c != 1)
    if not table.reveals or not _suffix(table.reveals, expected):
        return "the reveals owed are not those of AYC-17, in seat order"
    return None


def _reveal_problems(state: State) -> list[str]:
    """AYC-5, AYC-17: one card is revealed per seat, the random ones in seat order."""
    counts = [None if c is None else len(c) for c in state.commitments]
    order = _reveal_order_problem(state, counts)
    problems = [order] if order else []
    pending = set(state.reveals)
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


def _tomato_problems(
    table: Table, decided: Sequence[bool], choices: Sequence[int | None]
) -> list[str]:
    """AYC-10: the seats holding Tomatoes decide each of them at the end, at once. `decided`:
    per seat, whether it has; `choices`: the decisions the table shows (None where hidden)."""
    problems = []
    undecided = False
    tomatoes = table.config.card_lists.tables.of_set["tomato"]
    for seat, (made, choice) in enumerate(zip(decided, choices, strict=True)):
        held = sum(table.collections[seat][i] for i in tomatoes)
        if not made:
            undecided = undecided or held > 0
        elif table.stage not in ("tomatoes", "over"):
            problems.append(f"seat {seat} decided its Tomatoes in stage {table.stage}")
        elif not held or (choice is not None and choice > held):
            problems.append(f"seat {seat} decided {shown(choice)} of its {held} Tomatoes")
    if table.stage == "tomatoes" and not undecided:
        problems.append("every Tomato is decided, yet the game is not over (AYC-10)")
    if table.stage == "over" and undecided:
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
    problems = _kind(state, State)
    if problems:
        return problems
    for group in (_shapes, _conservation, _flow):
        problems = group(state)
        if problems:
            return problems
    import tablefeast.games.all_you_can_eat_buffet as game  # the package imports this module

    return liveness_problems(game, state)


# ---------------------------------------------------------------- views


def check_view(view: View) -> list[str]:
    """Everything a sound view satisfies; the problems found (empty when sound).

    It shares `check_state`'s checks of the public table (shapes and ranges, Meal, Drink and
    Spice conservation, secret cards, the Birthday Cake tile, the First player, Mood cards used
    and drawn by round, and each stage's public bookkeeping), and adds what only a view holds:
    the viewer a seat or None; the viewer's hand, deck, commitment and Tomato decision, which a
    spectator does not see and a seat does, consistent with its sizes and the cards it used;
    each seat's Mood cards conserved in number (by kind for the viewer); how many cards each
    seat committed, by stage and Drink tokens; the revealed Moods; who acts; and the running
    scores, exactly what the rules derive from the rest before the end and bounded after it.
    It does not prove that a reachable state has this view, but every view it accepts renders,
    encodes as an observation tensor and round-trips through JSON. Never raises, whatever the
    fields hold; linear time. `tablefeast.loads(text, View)` refuses a view with problems.

    Args:
        view: the view to check.

    Returns:
        The problems found, as messages naming the broken invariant (empty when sound).

    Examples:
        >>> import attrs
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> v = ayc.view(ayc.initial_state(ayc.Config(players=3)), 0)
        >>> check_view(v), check_view(attrs.evolve(v, first=7))
        ([], ['first 7 is impossible: an int from 0 to 2'])
        >>> check_view(attrs.evolve(v, seat=None))
        ['a spectator sees no hand, deck, commitment or Tomato decision']
    """
    problems = _kind(view, View)
    if problems:
        return problems
    groups: tuple[Callable[[View], list[str]], ...] = (
        _view_shapes,
        _view_conservation,
        _view_flow,
    )
    for group in groups:
        problems = group(view)
        if problems:
            return problems
    return _derived(view)


def _view_shapes(view: View) -> list[str]:
    """The shared shapes, the viewer, and the fields only a view has."""
    config = view.config
    n, tables = config.players, config.card_lists.tables
    moods = sum(config.mood_deck)
    problems = _public_shapes(view, ("unseen_meals", view.unseen_meals))
    seat = view.seat
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        problems.append(f"the viewer {shown(seat)} is neither a seat of {n} nor None")
    problems += _per_seat_problems(
        n,
        (
            ("hand_sizes", view.hand_sizes, 0, moods, None),
            ("deck_sizes", view.deck_sizes, 0, moods, None),
        ),
    )
    problems += _optional_problems(n, (("committed", view.committed, 2),))  # AYC-5
    flags = view.tomatoes_decided
    if type(flags) is not tuple or len(flags) != n or not all(type(f) is bool for f in flags):
        problems.append(f"tomatoes_decided must be {n} truth values")
    for name, value in (("my_hand", view.my_hand), ("my_deck", view.my_deck)):
        if value is not None and not _ints(value, _K, 0, moods):
            problems.append(f"{name} must be None or {_K} Mood counts from 0 to {moods}")
    mine = view.my_commitment
    if mine is not None and not (_ints(mine, None, 0, _K - 1) and len(mine) <= 2):
        problems.append("my_commitment must be None or at most 2 Moods")
    if view.my_tomatoes is not None and not _ints((view.my_tomatoes,), 1, 0, tables.tomatoes):
        problems.append(f"my_tomatoes must be None or an int from 0 to {tables.tomatoes}")
    if type(view.actors) is not tuple or len(view.actors) > n:
        problems.append(f"actors must list at most {n} seats")
    elif not _ints(view.actors, None, CHANCE, n - 1):
        problems.append("actors names a seat that does not exist")
    bound = _score_bound(config)
    if not _ints(view.scores, n, -bound, bound):
        problems.append(f"scores must be {n} ints from {-bound} to {bound}")
    return problems


def _score_bound(config: Config) -> int:
    """No score reaches this (AYC-11): no card scores more than its printed points or a full
    set of Fruits, and the tokens and tiles are bounded."""
    tables = config.card_lists.tables
    cards = sum(tables.counts)
    tokens = 2 * DRINKS + MILK_SPICE_LIMIT + CAKE_TILE + VEGETABLE_BONUS
    return cards * (MAX_POINTS + FRUIT_SETS[-1]) + tokens


def _view_conservation(view: View) -> list[str]:
    """What a spectator cannot see is hidden, what the viewer holds is its own, and the cards
    and tokens the view shows are conserved."""
    config = view.config
    deck, seat = config.mood_deck, view.seat
    mine = (view.my_hand, view.my_deck, view.my_commitment, view.my_tomatoes)
    problems = []
    if seat is None:
        if any(x is not None for x in mine):
            return ["a spectator sees no hand, deck, commitment or Tomato decision"]
    else:
        hand, own_deck = view.my_hand, view.my_deck
        if hand is None or own_deck is None:
            return [f"seat {seat} sees its own hand and deck"]
        if (view.my_commitment is None) != (view.committed[seat] is None):
            problems.append(f"seat {seat} sees its commitment exactly when it has committed")
        if (view.my_tomatoes is None) == view.tomatoes_decided[seat]:
            problems.append(f"seat {seat} sees its Tomato decision exactly when it has decided")
        held = zip(hand, own_deck, view.used[seat], strict=True)
        if tuple(a + b + c for a, b, c in held) != deck:
            problems.append(f"seat {seat}'s Mood cards are not conserved")
        if sum(hand) != view.hand_sizes[seat] or sum(own_deck) != view.deck_sizes[seat]:
            problems.append(f"seat {seat}'s hand or deck does not match its size")
    for s in range(config.players):
        used = view.used[s]
        if view.hand_sizes[s] + view.deck_sizes[s] + sum(used) != sum(deck) or any(
            u > d for u, d in zip(used, deck, strict=True)
        ):
            problems.append(f"seat {s}'s Mood cards are not conserved")
    problems += _public_conservation(view, view.unseen_meals, 0)
    return problems + _mood_counts(view, view.hand_sizes, view.deck_sizes)


def _view_flow(view: View) -> list[str]:
    """The shared stage checks, and the commitments, reveals and Tomato decisions shown."""
    stage, seat, committed = view.stage, view.seat, view.committed
    problems = _public_flow(view)
    pending = None in committed
    problem = _commitment_stage(stage, pending, any(c is not None for c in committed))
    if problem:
        problems.append(problem)
    for s, count in enumerate(committed):
        needed = _cards_needed(view, s)  # AYC-5
        if count is not None and count != needed:
            problems.append(f"seat {s} committed {count} Mood cards, not {needed} (AYC-5)")
    mine = view.my_commitment
    if seat is not None and view.my_hand is not None and mine is not None:
        if len(mine) != committed[seat]:
            problems.append(f"seat {seat}'s commitment does not match how many it committed")
        problem = _held_problem(seat, mine, view.my_hand)
        if problem:
            problems.append(problem + " (AYC-5)")
    if stage == "reveal" and not pending:
        problems += _view_reveals(view)
    decided = view.tomatoes_decided
    choices = [view.my_tomatoes if s == seat else None for s in range(view.config.players)]
    return problems + _tomato_problems(view, decided, choices)


def _view_reveals(view: View) -> list[str]:
    """AYC-5, AYC-17: the seats owed a reveal show none, every other seat one; the viewer's
    own revealed Mood is among its cards."""
    order = _reveal_order_problem(view, view.committed)
    problems = [order] if order else []
    pending = set(view.reveals)
    for s, mood in enumerate(view.revealed):
        if (mood is None) != (s in pending):
            problems.append(f"seat {s}'s revealed Mood does not match its reveal owed (AYC-5)")
    seat, mine, hand = view.seat, view.my_commitment, view.my_hand
    if seat is not None and mine is not None and hand is not None:
        mood = view.revealed[seat]
        if mood is not None and not (mood in mine if mine else hand[mood] > 0):
            problems.append(f"seat {seat}'s revealed Mood does not match its cards (AYC-5)")
    return problems


def _derived(view: View) -> list[str]:
    """Who acts (`rules.actors`) and, before the end, the running scores (`view.view`: other
    seats' Tomato decisions uncounted) are exactly what the rules derive from the view."""
    config = view.config
    n, stage = config.players, view.stage
    tables = config.card_lists.tables
    problems = []
    if stage in _CHANCE_STAGES:
        actors: tuple[int, ...] = (CHANCE,)
    elif stage == "play":
        actors = tuple(s for s, c in enumerate(view.committed) if c is None)
    elif stage == "resolve":
        actors = view.queue[:1]
    elif stage == "tomatoes":
        tomatoes = tables.of_set["tomato"]
        held = [sum(c[i] for i in tomatoes) for c in view.collections]
        actors = tuple(s for s in range(n) if held[s] and not view.tomatoes_decided[s])
    else:
        actors = ()
    if view.actors != actors:
        problems.append(f"actors {view.actors} are not who acts now: {actors}")
    if stage != "over":
        choices = [view.my_tomatoes if s == view.seat else None for s in range(n)]
        table = score_table(
            config.card_lists,
            view.collections,
            drinks=view.drinks,
            spices=view.spices,
            cake=view.cake,
            tomatoes_as_vegetables=choices,
        )
        if view.scores != tuple(score.total for score in table):
            problems.append("the running scores are not those of the table (AYC-11)")
    return problems
