"""`check_state`: the one definition of a state this game can reach; `check_view`: a view that
is safe to use.

`tablefeast.loads` runs it on every State it reads (a tampered one raises RecordError), and the
conformance suite runs it after every move of random games, so the check and the rules cannot
drift apart. It never raises, and costs linear time in the size of the state: the checks run in
an order where each one guards the next (sizes and ranges first, then what the cards add up to,
then where the game stands), and the rules are asked whether the state can play on only once
the structure is sound. `check_view` shares the range and conservation checks, so that a view
`tablefeast.loads` accepts renders, encodes and round-trips like a view of a real game.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.values import replace
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> check_state(s), check_state(replace(s, pending_draws=(0,) * 10**6))[0]
    ([], 'pending_draws has 1000000 entries (at most 21)')
"""

from __future__ import annotations

from itertools import pairwise
from typing import TypeGuard

from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN, Config
from tablefeast.games.mausgeflippt.race import claimants
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED, State
from tablefeast.games.mausgeflippt.view import View, _sees_hand
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import Counts, Pile
from tablefeast.kernel.ruleset import liveness_problems

__all__ = ["check_state", "check_view"]

_PER_SEAT = (
    "hands",
    "face_up",
    "face_down",
    "placing",
    "caught",
    "cheeses",
    "commitments",
    "landed",
)


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
    # The package itself is the Ruleset; imported here, when it is complete (it imports us).
    from tablefeast.games import mausgeflippt as game

    return liveness_problems(game, state)


def _counts(value: object, size: int) -> TypeGuard[tuple[int, ...]]:
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
    problems += _scalar_problems(state, ("cheese_to_turn", "racing", "game_over"))
    if problems:
        return problems
    problems = _count_problems(state)
    if problems:
        return problems
    problems = _seat_problems(state)
    return problems or _progress_problems(state)


def _scalar_problems(state: State | View, flags: tuple[str, ...]) -> list[str]:
    """Every single-valued field a state and a view share, and the `flags`: type and range."""
    config = state.config
    tables = config.card_set.tables
    n, m, c = config.players, len(tables.mouse_ids), len(tables.cheese_names)
    problems = []
    for name in flags:
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
    k = len(tables.items)
    landed = state.landed if type(state.landed) is tuple else ()  # its size is checked apart
    for seat, code in enumerate(landed):
        if code is not None and (type(code) is not int or not (code == FLIP or 0 <= code < k)):
            problems.append(f"seat {seat}: what landed on the mouse, {_int(code)}, is no claim")
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


def _int(value: object) -> str:
    return str(value) if type(value) is int and abs(value) < 10**18 else "(out of range)"


def _count_problems(state: State) -> list[str]:
    """Counts tuples of the right sizes, and every card, cheese and mouse in exactly one place."""
    tables = state.config.card_set.tables
    k, m = len(tables.items), len(tables.mouse_ids)
    clothing = (
        *state.hands,
        state.clothing_pile,
        state.discard,
        *state.face_up,
        *state.face_down,
        *state.placing,
    )
    if not all(_counts(x, k) for x in clothing):
        return [f"malformed clothing counts: {k} non-negative counts each"]
    problems = _cheese_shape_problems(state)
    if problems:
        return problems
    if [sum(x) for x in zip(*clothing, strict=True)] != list(tables.clothing_counts):
        problems.append("clothing cards are not conserved")
    problems += _cheese_conservation_problems(state)
    mice = state.mice
    if type(mice) is not Pile:
        return [*problems, f"malformed mouse stack: {m} counts of 0 or 1"]
    problems += _mice_problems(mice.unseen, mice.bottom, state.open_mouse, state.caught, m)
    return problems + _placing_problems(state, state.placing)


def _placing_problems(state: State | View, placing: tuple[Counts | None, ...]) -> list[str]:
    """A wrong flipper's cards to lay (MG-17): of two or more items the mouse wears, for the
    seats still to choose, each once, and none for the others (`placing` None where hidden)."""
    config = state.config
    tables = config.card_set.tables
    n, m = config.players, len(tables.mouse_ids)
    wrong = _seat_list(state.placers, range(n), n)
    if wrong is not None:
        return [f"placers {wrong}"]
    mouse = state.placing_mouse
    if mouse is not None and (type(mouse) is not int or not 0 <= mouse < m):
        return [f"the placing mouse {_int(mouse)} does not exist"]
    if len(set(state.placers)) != len(state.placers) or (mouse is None) != (not state.placers):
        return ["placers are distinct seats, with the mouse their cards match (MG-17)"]
    worn = 0 if mouse is None else tables.wears[mouse]
    problems = []
    for seat, cards in enumerate(placing):
        if cards is None:
            continue
        items = [i for i, count in enumerate(cards) if count]
        if (seat in state.placers) != bool(items):
            problems.append(f"seat {seat} lays cards exactly while it is to choose (MG-17)")
        elif items and (len(items) < 2 or any(not worn >> i & 1 for i in items)):
            problems.append(
                f"seat {seat} lays cards of two or more items the mouse wears, or none (MG-17)"
            )
    if state.placers and (state.racing if type(state) is State else state.open_mouse is not None):
        problems.append("a race is on while a wrong flipper is still to choose (MG-17)")
    return problems


def _cheese_shape_problems(state: State | View) -> list[str]:
    """The face-down cheeses and each seat's cheeses: counts tuples over the cheese list."""
    c = len(state.config.card_set.tables.cheese_names)
    if not all(_counts(x, c) for x in (state.cheese_pile, *state.cheeses)):
        return [f"malformed cheese counts: {c} non-negative counts each"]
    return []


def _cheese_conservation_problems(state: State | View) -> list[str]:
    """Every cheese in exactly one place (all of them are in sight, so a view shows this too)."""
    held = [sum(x) for x in zip(state.cheese_pile, *state.cheeses, strict=True)]
    if state.open_cheese is not None:
        held[state.open_cheese] += 1
    if held != list(state.config.card_set.tables.cheese_counts):
        return ["cheese cards are not conserved"]
    return []


def _mice_problems(
    unseen: object, bottom: object, open_mouse: int | None, caught: tuple[object, ...], m: int
) -> list[str]:
    """Every mouse in exactly one place: unseen, under the stack, open or caught.

    `open_mouse` must already be None or a mouse, and `caught` a tuple (one entry per seat).
    """
    if not _counts(unseen, m) or max(unseen, default=0) > 1:
        return [f"malformed mouse stack: {m} counts of 0 or 1"]
    won = [x for x in caught if type(x) is tuple]
    if type(bottom) is not tuple or len(won) != len(caught):
        return ["malformed mouse stack or caught mice: tuples of mice"]
    if len(bottom) + sum(map(len, won)) > m:  # before walking them: linear time
        return ["mice are not conserved: more mice placed than the card set has"]
    placed = [0] * m
    for i, x in enumerate(unseen):
        placed[i] += x
    others = [*bottom, *(mouse for seat_won in won for mouse in seat_won)]
    if open_mouse is not None:
        others.append(open_mouse)
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
        held = sum(state.hands[seat])
        down = sum(state.face_down[seat])
        problems += _holding_problems(state, seat, held, down)
        code = state.commitments[seat]
        if code is None:
            continue
        wrong = _commitment_problem(seat, code, k, hand=state.hands[seat], held=held, down=down)
        if wrong is not None:
            problems.append(wrong)
    return problems


def _holding_problems(state: State | View, seat: int, held: int, down: int) -> list[str]:
    """The hand plus the draws owed, and the face-down cards, of `seat` (MG-1, MG-6, MG-15)."""
    size = state.config.hand_size(seat)
    problems = []
    if held + state.pending_draws.count(seat) > size:  # MG-1, MG-5, MG-15: refill to size
        problems.append(f"seat {seat} holds and is owed more than {size} cards (MG-15)")
    if down > MAX_FACE_DOWN:
        problems.append(f"seat {seat} has more than {MAX_FACE_DOWN} face-down cards (MG-6)")
    return problems


def _commitment_problem(
    seat: int, code: object, k: int, *, hand: Counts | None, held: int, down: int
) -> str | None:
    """What is wrong with the commitment `code` of `seat`, or None (MG-2, MG-6).

    `hand` is the seat's hand (None when hidden: then only its size `held` is known) and `down`
    its number of face-down cards.
    """
    if type(code) is not int or not (code in (PASS, FLIP) or 0 <= code < k):
        return f"seat {seat} committed an unknown code {_int(code)}"
    if code >= 0 and not (held if hand is None else hand[code]):
        return f"seat {seat} committed a card it does not hold"
    if code == FLIP and down >= MAX_FACE_DOWN:
        return f"seat {seat} flipped with {down} face-down cards (MG-6)"
    return None


def _progress_problems(state: State) -> list[str]:
    """Where the game stands must fit together: pending work, the race, the end."""
    mouse_awards, cheese_awards = state.mouse_awards, state.cheese_awards
    busy = (
        state.placers
        or mouse_awards
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
        pending = mouse_awards or cheese_awards or state.pending_draws or state.placers
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
    if (mouse_awards or cheese_awards or state.placers) and state.idle:
        problems.append("awards or penalty cards are owed, so something happened: idle is 0")
    if mouse_awards and not any(state.mice.unseen):
        problems.append("a mouse is owed but the top of the stack is known (settled at once)")
    if cheese_awards and not (state.cheese_to_turn and any(state.cheese_pile)):
        problems.append("a cheese is owed, but none is to come (MG-7, MG-8)")
    awards = mouse_awards or cheese_awards or state.placers  # MG-17: the draws wait too
    if state.pending_draws and not awards and not any(state.clothing_pile):
        problems.append("a card is owed but the clothing pile is empty (MG-11 shuffles first)")
    ready = not (
        awards or state.pending_draws or state.cheese_to_turn or state.racing or state.placers
    )
    if ready and not any(state.mice.unseen):
        problems.append("the next mouse is known, yet it is not turned (MG-2)")
    return problems


# ---------------------------------------------------------------- views

_VIEW_PER_SEAT = (
    "hands",
    "hand_sizes",
    "face_up",
    "face_down",
    "face_down_counts",
    "placing",
    "placing_counts",
    "caught",
    "cheeses",
    "committed",
    "landed",
    "scores",
)


def check_view(view: View) -> list[str]:
    """What is wrong with a view (one seat's or a spectator's); empty when it is sound.

    A view is sound when it could be shown to its viewer: every view of a reachable state is, and
    every sound view renders, encodes as an observation tensor and round-trips through JSON.
    Checked, in this order: the config, the viewer (a seat or None) and one entry per seat in
    every per-seat field; the range of every index, seat, count, size and commitment code, the
    counts bounded by the card set's totals (the same checks as `check_state`); that the view
    hides what its viewer may not see (other seats' hands but young players' (MG-15), other seats'
    face-down cards, commitments until all are in) and that what it shows adds up: hand and
    face-down sizes, every clothing card counted once, every cheese and mouse in exactly one
    place, the commitments (MG-2, MG-6), the stage (MG-2, MG-19), who acts and the running
    scores (MG-14). It does not prove that a state with this view is reachable.

    Never raises, whatever the fields hold, and costs linear time in the size of the view.

    Args:
        view: the view to check.

    Returns:
        The problems found, as messages naming the broken invariant.

    Examples:
        >>> import attrs
        >>> import tablefeast.games.mausgeflippt as mg
        >>> v = mg.view(mg.initial_state(mg.Config(players=3)), None)
        >>> check_view(v), check_view(attrs.evolve(v, seat=7))
        ([], ['viewer 7 is neither a seat nor None (a spectator)'])
        >>> check_view(attrs.evolve(v, hands=v.hands[:2]))
        ['hands must have one entry per seat (3)']
    """
    if type(view) is not View or type(view.config) is not Config:
        return ["not a Mausgeflippt View with its Config"]
    problems = _view_shape_problems(view)
    if problems:
        return problems
    problems = _view_count_problems(view)
    if problems:
        return problems
    problems = _view_hidden_problems(view)
    if problems:
        return problems
    problems = _view_sum_problems(view)
    return problems or _view_commitment_problems(view) + _view_stage_problems(view)


def _view_shape_problems(view: View) -> list[str]:
    """The viewer, the per-seat tuples and the single-valued fields."""
    config = view.config
    n = config.players
    problems = []
    if view.seat is not None and (type(view.seat) is not int or not 0 <= view.seat < n):
        problems.append(f"viewer {_int(view.seat)} is neither a seat nor None (a spectator)")
    problems += [
        f"{name} must have one entry per seat ({n})"
        for name in _VIEW_PER_SEAT
        if type(getattr(view, name)) is not tuple or len(getattr(view, name)) != n
    ]
    if view.revealed is not None and (type(view.revealed) is not tuple or len(view.revealed) != n):
        problems.append(f"revealed must be None or have one entry per seat ({n})")
    total = view.config.card_set.total_clothing
    size = view.clothing_pile_size
    if type(size) is not int or not 0 <= size <= total:
        problems.append(f"clothing pile size {_int(size)} is impossible (at most {total})")
    wrong = _seat_list(view.actors, range(-1, n), n)  # CHANCE == -1
    if wrong is not None:
        problems.append(f"actors {wrong}")
    return problems + _scalar_problems(view, ("cheese_to_turn", "game_over"))


def _view_count_problems(view: View) -> list[str]:
    """Counts tuples of the right sizes, per-seat numbers in range, the mice and cheeses."""
    config = view.config
    tables = config.card_set.tables
    k, m = len(tables.items), len(tables.mouse_ids)
    hidden = (*view.hands, *view.face_down, *view.placing)  # None where the viewer may not see
    if not all(x is None or _counts(x, k) for x in hidden) or not all(
        _counts(x, k) for x in (view.discard, *view.face_up)
    ):
        return [f"malformed clothing counts: {k} non-negative counts each"]
    problems = _cheese_shape_problems(view)
    problems += _mice_problems(view.mice_unseen, view.mice_bottom, view.open_mouse, view.caught, m)
    for seat in range(config.players):
        held, down = view.hand_sizes[seat], view.face_down_counts[seat]
        laying = view.placing_counts[seat]
        if type(laying) is not int or laying < 0 or laying > k * 100:
            problems.append(f"seat {seat}: the cards it lays must be a non-negative int")
        if type(held) is not int or held < 0 or type(down) is not int or down < 0:
            problems.append(f"seat {seat}: hand and face-down sizes must be non-negative ints")
        else:
            problems += _holding_problems(view, seat, held, down)
        if type(view.scores[seat]) is not int:
            problems.append(f"seat {seat}: its score must be an int")
    if not all(type(x) is bool for x in view.committed):
        problems.append("committed must be true or false for every seat")
    return problems


def _view_hidden_problems(view: View) -> list[str]:
    """The view shows exactly what its viewer may see (MG-15): no more, and no less."""
    config = view.config
    problems = []
    for seat in range(config.players):
        if (view.hands[seat] is not None) != _sees_hand(config, view.seat, seat):
            hidden = view.hands[seat] is None
            problems.append(
                f"seat {seat}'s hand is {'hidden from' if hidden else 'shown to'} "
                f"{_viewer(view.seat)}, who {'may' if hidden else 'may not'} see it (MG-15)"
            )
        if (view.face_down[seat] is not None) != (seat == view.seat):
            problems.append(f"seat {seat}'s face-down cards must be shown to that seat only (MG-5)")
        if (view.placing[seat] is not None) != _sees_hand(config, view.seat, seat):
            problems.append(f"seat {seat}'s cards to lay are seen as its hand is (MG-17)")
    if view.seat is None and view.my_commitment is not None:
        problems.append("a spectator has no commitment of its own")
    return problems


def _viewer(seat: int | None) -> str:
    return "a spectator" if seat is None else f"seat {seat}"


def _view_sum_problems(view: View) -> list[str]:
    """What the view shows adds up: sizes, every clothing card, every cheese (MG-1)."""
    tables = view.config.card_set.tables
    problems = []
    for seat in range(view.config.players):
        hand, down = view.hands[seat], view.face_down[seat]
        laying = view.placing[seat]
        if laying is not None and sum(laying) != view.placing_counts[seat]:
            problems.append(f"seat {seat} does not lay {view.placing_counts[seat]} cards")
        if hand is not None and sum(hand) != view.hand_sizes[seat]:
            problems.append(f"seat {seat}'s hand does not have {view.hand_sizes[seat]} cards")
        if down is not None and sum(down) != view.face_down_counts[seat]:
            problems.append(
                f"seat {seat} does not have {view.face_down_counts[seat]} face-down cards"
            )
    shown = [
        x
        for x in (*view.hands, *view.face_down, *view.placing, view.discard, *view.face_up)
        if x is not None
    ]
    seen = [sum(x) for x in zip(*shown, strict=True)]
    unseen = (
        view.clothing_pile_size
        + sum(view.hand_sizes)
        + sum(view.face_down_counts)
        + sum(view.placing_counts)
    )
    shown_once = (view.discard, *view.face_up)  # always in sight: the hidden cards are counted
    if any(x > total for x, total in zip(seen, tables.clothing_counts, strict=True)) or (
        unseen + sum(map(sum, shown_once)) != sum(tables.clothing_counts)
    ):
        problems.append("clothing cards are not conserved")
    problems += _placing_problems(view, view.placing)
    return problems + _cheese_conservation_problems(view)


def _view_commitment_problems(view: View) -> list[str]:
    """The viewer's own commitment, the flags and the revealed commitments agree (MG-2, MG-6)."""
    config, seat, revealed = view.config, view.seat, view.revealed
    k = len(config.card_set.tables.items)
    problems = []
    if (revealed is not None) != all(view.committed):
        problems.append("commitments are revealed exactly once every seat has committed (MG-2)")
        return problems
    codes: list[tuple[int, object]] = []
    if seat is not None:
        if (view.my_commitment is not None) != view.committed[seat]:
            problems.append(f"seat {seat}'s own commitment does not match its committed flag")
        if view.my_commitment is not None:
            codes.append((seat, view.my_commitment))
    if revealed is not None:
        if any(code is None for code in revealed):
            return [*problems, "revealed commitments must all be known"]
        codes += enumerate(revealed)
    for who, code in codes:
        held, down = view.hand_sizes[who], view.face_down_counts[who]
        if code == PLAYED and who != seat:  # another seat's Play: which card is not seen
            if not held:
                problems.append(f"seat {who} played a card with an empty hand")
            continue
        wrong = _commitment_problem(who, code, k, hand=view.hands[who], held=held, down=down)
        if wrong is not None:
            problems.append(wrong)
    if problems or revealed is None:
        return problems
    if seat is not None and view.my_commitment != revealed[seat]:
        problems.append(f"seat {seat}'s own commitment differs from the revealed one")
    if len(claimants(revealed)) < 2:
        problems.append("a finished race with fewer than two claimants is still unresolved")
    return problems


def _view_stage_problems(view: View) -> list[str]:
    """Where the game stands, who acts, and the running scores (MG-2, MG-14, MG-19)."""
    n = view.config.players
    busy = (
        view.mouse_awards
        or view.cheese_awards
        or view.pending_draws
        or view.cheese_to_turn
        or view.placers
    )
    racing = view.open_mouse is not None and not busy and not view.game_over
    problems = []
    if view.open_mouse is not None and not racing:
        problems.append("a mouse is open exactly while the seats race (MG-2)")
    if any(view.committed) and not racing:
        problems.append("a race is committed while no race is on (MG-2)")
    if view.game_over and busy:
        problems.append("the game is over but draws, awards or a choice are pending (MG-19)")
    if not view.game_over and (view.open_cheese is None) != view.cheese_to_turn:
        problems.append("a cheese is to be turned exactly when none is face up (MG-1, MG-7)")
    if racing:
        expected = tuple(s for s in range(n) if not view.committed[s]) or (CHANCE,)
    else:
        expected = () if view.game_over else view.placers[:1] or (CHANCE,)
    if view.actors != expected:
        problems.append(f"actors must be {expected} at this stage")
    scores = tuple(
        len(view.caught[s])
        - sum(view.face_up[s])
        - view.face_down_counts[s]
        - view.placing_counts[s]
        - 2 * sum(view.cheeses[s])
        for s in range(n)
    )  # MG-14
    if view.scores != scores:
        problems.append(f"the running scores must be {scores} (MG-14)")
    return problems
