"""`check_state`: the one definition of a Food Chain state the game can reach.

`tablefeast.loads` runs it on every state it reads, and the conformance suite after every move
of random games, so the rules and this check cannot drift apart. It never raises: the checks
run in steps, and each step runs only when the ones before found nothing, so that it may index,
add and loop freely (every index in range, every size bounded). The steps: shapes and ranges of
every field; conservation of every animal; the phase of the pass (commit, snatch, or over) and
what each seat holds in it; the snatching so far; the totals; and last, liveness (someone can
act). Every step is linear in the size of the state.

`check_view` does the same for a `View` (`tablefeast.loads` runs it on every view it reads): a
view is sound when its own fields (the viewer, who has committed, the viewer's commitment) agree,
the state it shows passes `check_state` once each hidden commitment is filled in with a kind its
seat holds, and its actors and running scores are that state's.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> from tablefeast.kernel.values import replace
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> check_state(s), check_state(replace(s, taker=5))
    ([], ['taker 5 is not a seat (0 to 2) nor None'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from tablefeast.games.food_chain import rules
from tablefeast.games.food_chain.components import ANIMALS, HAND, PASSES
from tablefeast.games.food_chain.config import MAX_STARS, Config
from tablefeast.games.food_chain.state import State
from tablefeast.games.food_chain.view import View
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import AnyRuleset, liveness_problems

__all__ = ["check_state", "check_view", "config_problems", "structure_problems"]

KINDS = 5
FLEA = 4
PER_SEAT = ("hands", "commitments", "played", "stacks", "taken", "piles", "totals")
"""The fields with one entry per seat."""


def check_state(state: State) -> list[str]:
    """Every invariant of a reachable state, liveness last; the problems found (empty if sound).

    Never raises, whatever the fields hold (once cattrs has checked their types).

    Args:
        state: the state to check.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.values import replace
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> check_state(s), check_state(replace(s, alpha=5))
        ([], ['alpha 5 is not from 0 to 2'])
        >>> check_state(replace(s, commitments=(0, 1, 2)))
        ['every seat committed, yet the pass was not revealed (FC-3)']
    """
    problems = structure_problems(state)
    if problems:
        return problems
    # The rules module has every function liveness asks for (actors, legal_actions, ...).
    return liveness_problems(cast(AnyRuleset, rules), state)


def check_view(view: View) -> list[str]:
    """Everything one seat's (or a spectator's) view can show to be sound; the problems found.

    A view is sound when its own fields agree (the viewer is a seat or None, `committed` has one
    bool per seat, a spectator sees no commitment and a seat sees its own exactly when it has
    committed), the state it shows passes `check_state` once each hidden commitment is filled in
    with a kind its seat holds (as `determinize` would; which one makes no difference to the
    check), and its `actors` and `scores` are that state's. So every range, size and count of
    `check_state` holds, and conservation too (all of it is public, FC-11). Every view of a
    reachable state passes; every view that passes renders, builds its observation tensor and
    round-trips through JSON. Never raises, whatever the fields hold; linear time.

    Args:
        view: the view to check.

    Returns:
        The problems found, as messages (empty when the view is sound).

    Examples:
        >>> import attrs
        >>> import tablefeast.games.food_chain as fc
        >>> v = fc.view(fc.initial_state(fc.Config(players=3)), None)
        >>> check_view(v), check_view(attrs.evolve(v, seat=7))
        ([], ['seat 7 is not a seat (0 to 2) nor None'])
        >>> check_view(attrs.evolve(v, my_commitment=2))
        ['a spectator sees no commitment: my_commitment must be None (FC-11)']
        >>> check_view(attrs.evolve(v, centre=(0, 0, -1, 0, 0)))
        ['centre is not five counts from 0 to (9, 6, 6, 3, 3)']
    """
    problems = _viewer(view)
    if problems:
        return problems
    shown_state = _shown_state(view)
    problems = check_state(shown_state)
    if problems:
        return problems
    return _derived(view, shown_state)


def _viewer(view: View) -> list[str]:
    """The fields a view has and a state has not: the config first (it sizes the rest), the
    viewer, who has committed, and the viewer's own commitment."""
    problems = config_problems(view.config)
    if problems:
        return problems
    n = view.config.players
    seat, committed, mine = view.seat, view.committed, view.my_commitment
    if not (seat is None or _int_in(seat, 0, n - 1)):
        problems.append(f"seat {shown(seat)} is not a seat (0 to {n - 1}) nor None")
    if (
        type(committed) is not tuple
        or len(committed) != n
        or not all(type(flag) is bool for flag in committed)
    ):
        problems.append(f"committed is not {n} bools, one per seat")
    if problems:
        return problems
    if seat is None:
        if mine is not None:  # FC-11: a commitment is seen by its own seat only
            problems.append("a spectator sees no commitment: my_commitment must be None (FC-11)")
    elif not _kind_or_none(mine):
        problems.append(f"my_commitment {shown(mine)} is not an animal kind (0 to 4) nor None")
    elif (mine is not None) != committed[seat]:
        problems.append(
            f"my_commitment {shown(mine)} disagrees with committed[{seat}] = {committed[seat]}"
        )
    return problems


def _first_held(hand: object) -> int:
    """The first kind in a hand (a Worm for a hand that is empty or unsound: `check_state`
    refuses those anyway)."""
    if _counts_in(hand, HAND):
        for kind, count in enumerate(cast(tuple[int, ...], hand)):
            if count:
                return kind
    return 0


def _shown_state(view: View) -> State:
    """The state `view` shows, each hidden commitment filled in with a kind its seat holds.
    Call it only once `_viewer` found nothing (`committed` is one bool per seat)."""
    hands: Any = view.hands
    commitments: list[int | None] = []
    for seat, flag in enumerate(view.committed):
        if not flag:
            commitments.append(None)
        elif seat == view.seat:
            commitments.append(view.my_commitment)
        else:
            held = hands[seat] if type(hands) is tuple and seat < len(hands) else None
            commitments.append(_first_held(held))
    return State(
        config=view.config,
        round=view.round,
        alpha=view.alpha,
        pass_number=view.pass_number,
        hands=view.hands,
        commitments=tuple(commitments),
        played=view.played,
        stacks=view.stacks,
        taken=view.taken,
        snatching=view.snatching,
        taker=view.taker,
        centre=view.centre,
        piles=view.piles,
        fleas_out=view.fleas_out,
        totals=view.totals,
        rounds=view.rounds,
        game_over=view.game_over,
    )


def _same_ints(value: object, expected: tuple[int, ...]) -> bool:
    """`value` is exactly `expected`: a tuple of the same ints (no bools, floats or lists)."""
    return type(value) is tuple and value == expected and all(type(v) is int for v in value)


def _derived(view: View, state: State) -> list[str]:
    """What the view derives from the state: who acts and the running scores (FC-9)."""
    problems = []
    acting = rules.actors(state)
    if not _same_ints(view.actors, acting):
        problems.append(f"actors {shown(view.actors)} are not the seats that act now, {acting}")
    scores = rules.scores(state)
    if not _same_ints(view.scores, scores):
        problems.append(f"scores {shown(view.scores)} are not the running scores {scores} (FC-9)")
    return problems


def structure_problems(state: State) -> list[str]:
    """Every invariant but liveness; the problems of the first step that finds any.

    Args:
        state: the state to check.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.values import replace
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> structure_problems(replace(s, hands=((3, 2, 2, 1, 1),) * 2))
        ['hands has 2 entries, not one per seat (3)']
    """
    steps: tuple[Callable[[State], list[str]], ...] = (
        _config,
        _shapes,
        _ranges,
        _conservation,
        _phase,
        _snatching,
        _totals,
    )
    for step in steps:
        problems = step(state)
        if problems:
            return problems
    return []


def _int_in(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _counts_in(value: object, high: tuple[int, ...]) -> bool:
    """Five ints, each from 0 to its bound."""
    if type(value) is not tuple or len(value) != KINDS:
        return False
    return all(_int_in(c, 0, h) for c, h in zip(value, high, strict=True))


def _kind_or_none(value: object) -> bool:
    return value is None or _int_in(value, 0, KINDS - 1)


def _name(kind: int) -> str:
    return ANIMALS[kind].value


def _config(state: State) -> list[str]:
    return config_problems(state.config)


def config_problems(config: Any) -> list[str]:
    """The problems of a state's or a view's config (`loads` builds a Config through its
    validators; this guards values built by hand). Never raises.

    Args:
        config: the config to check (anything at all).

    Examples:
        >>> config_problems(Config(players=3)), config_problems(None)
        ([], ['config None is not a Food Chain Config'])
    """
    if type(config) is not Config:
        return [f"config {shown(config)} is not a Food Chain Config"]
    if not _int_in(config.players, 3, 6) or not _int_in(config.first_alpha, 0, config.players - 1):
        return ["config: players from 3 to 6 and a first Alpha among them (FC-1)"]
    stars = config.stars
    if type(stars) is not tuple or len(stars) != KINDS:
        return ["config: five star values (FC-9)"]
    if not all(_int_in(v, 0, MAX_STARS) for v in stars):
        return [f"config: every star value is from 0 to {MAX_STARS} (FC-12)"]
    return []


def _shapes(state: State) -> list[str]:
    n = state.config.players
    problems = []
    for name in PER_SEAT:
        value = getattr(state, name)
        if type(value) is not tuple:
            problems.append(f"{name} is not a tuple")
        elif len(value) != n:
            problems.append(f"{name} has {len(value)} entries, not one per seat ({n})")
    return problems


def _ranges(state: State) -> list[str]:
    n = state.config.players
    all_of = tuple(n * h for h in HAND)  # no count can exceed every player's animals of a kind
    problems = []
    for name, value, low, high in (
        ("round", state.round, 1, n),  # FC-1
        ("pass_number", state.pass_number, 1, PASSES),  # FC-2
        ("alpha", state.alpha, 0, n - 1),
        ("fleas_out", state.fleas_out, 0, all_of[FLEA]),  # FC-8: only Fleas leave the round
    ):
        if not _int_in(value, low, high):
            problems.append(f"{name} {shown(value)} is not from {low} to {high}")
    if not (state.snatching is None or _int_in(state.snatching, 1, KINDS - 1)):
        problems.append(f"snatching {shown(state.snatching)} is not a predator kind (1 to 4)")
    if not (state.taker is None or _int_in(state.taker, 0, n - 1)):
        problems.append(f"taker {shown(state.taker)} is not a seat (0 to {n - 1}) nor None")
    if type(state.game_over) is not bool:
        problems.append("game_over is not a bool")
    for seat in range(n):
        if not _counts_in(state.hands[seat], HAND):  # FC-2: at most the nine cards dealt
            problems.append(f"hands[{seat}] is not five counts from 0 to {HAND} (FC-2)")
        if not _counts_in(state.piles[seat], all_of):
            problems.append(f"piles[{seat}] is not five counts from 0 to {all_of}")
        for name in ("commitments", "played"):
            if not _kind_or_none(getattr(state, name)[seat]):
                kind = shown(getattr(state, name)[seat])
                problems.append(f"{name}[{seat}] = {kind} is not an animal kind (0 to 4) nor None")
        stack = state.stacks[seat]
        if type(stack) is not tuple or len(stack) > PASSES * n:  # animals in play, a card a pass
            problems.append(f"stacks[{seat}] is not a tuple of at most {PASSES * n} animals")
        elif not all(_int_in(kind, 0, KINDS - 1) for kind in stack):
            problems.append(f"stacks[{seat}] holds something that is not an animal kind (0 to 4)")
        if type(state.taken[seat]) is not bool:
            problems.append(f"taken[{seat}] is not a bool")
        if not _int_in(state.totals[seat], 0, n * PASSES * n * MAX_STARS):
            problems.append(f"totals[{seat}] {shown(state.totals[seat])} is out of range")
    if not _counts_in(state.centre, all_of):
        problems.append(f"centre is not five counts from 0 to {all_of}")
    return problems


def _conservation(state: State) -> list[str]:
    """Every player's nine animals, kind by kind: in a hand, on the table, in a stack (a taken
    animal lies in its taker's stack), in the centre, a scoring pile, or out of the round."""
    n = state.config.players
    found = [0] * KINDS
    found[FLEA] = state.fleas_out  # FC-8: only Fleas leave the round
    for counts in (*state.hands, state.centre, *state.piles):
        for kind in range(KINDS):
            found[kind] += counts[kind]
    for seat in range(n):
        for kind in state.stacks[seat]:
            found[kind] += 1
        played = state.played[seat]
        if played is not None and not state.taken[seat]:
            found[played] += 1
    problems = [
        f"{found[k]} {_name(k)}s in play, not {n * HAND[k]} ({HAND[k]} per player, FC-2)"
        for k in range(KINDS)
        if found[k] != n * HAND[k]
    ]
    if state.centre[FLEA]:
        problems.append("a Flea never goes to the centre: it leaves the round (FC-8)")
    return problems


def _phase(state: State) -> list[str]:
    """The pass is in one of three phases: commit (FC-3), snatch (FC-4), or the game is over."""
    n, p = state.config.players, state.pass_number
    snatch = state.taker is not None
    if (state.snatching is None) == snatch:
        return ["snatching names a predator kind exactly when a taker is set (FC-4)"]
    problems = []
    alpha = (state.config.first_alpha + state.round - 1) % n
    if state.alpha != alpha:
        problems.append(
            f"in round {state.round} the Alpha is seat {alpha}, not {state.alpha} (FC-1)"
        )
    if state.game_over:
        phase, held = "at the end", 0
        if snatch or state.round != n or p != PASSES:
            problems.append(f"the game ends after pass {PASSES} of the last round (FC-9, FC-10)")
    elif snatch:
        phase, held = "after the reveal", PASSES - p
    else:
        phase, held = "while committing", 10 - p  # a committed card stays in hand (FC-11)
    if (snatch or state.game_over) and any(c is not None for c in state.commitments):
        problems.append("a commitment is left after the reveal (FC-3)")
    if snatch and None in state.played:
        problems.append("after the reveal every seat has played an animal (FC-3)")
    if not snatch and (
        any(k is not None for k in state.played) or any(state.stacks) or any(state.taken)
    ):
        problems.append("animals lie on the table outside a snatch: each pass secures them (FC-8)")
    for seat in range(n):
        size = sum(state.hands[seat])
        if size != held:
            problems.append(
                f"seat {seat} holds {size} animals; at pass {p} {phase} it holds {held} (FC-2)"
            )
        committed = state.commitments[seat]
        if not snatch and committed is not None and not state.hands[seat][committed]:
            problems.append(f"seat {seat} committed a {_name(committed)} it does not hold (FC-3)")
        played = state.played[seat]
        if snatch and played is not None and state.hands[seat][played] >= HAND[played]:
            problems.append(f"seat {seat} played a {_name(played)} beyond its nine cards (FC-2)")
    if not snatch and not state.game_over and None not in state.commitments:
        problems.append("every seat committed, yet the pass was not revealed (FC-3)")
    return problems


def _stack_ok(stack: tuple[int, ...], kind: int) -> bool:
    """FC-5, FC-7: a stack is a row of prey, each followed by its own stack. Read in order, each
    animal is the owner's prey (the first one), the prey of the animal just before it (it lay
    under that one), or a prey of one of the animals above that one."""
    previous = kind
    for under in stack:
        if not previous - 1 <= under <= kind - 1:
            return False
        previous = under
    return True


def _snatching(state: State) -> list[str]:
    if state.taker is None:
        return []
    snatching = cast(int, state.snatching)
    played = cast(tuple[int, ...], state.played)  # `_phase`: every seat played this pass
    if played[state.taker] != snatching:
        return [f"seat {state.taker} takes, but did not play a {_name(snatching)} (FC-4)"]
    problems = []
    kinds_played = set(played)
    for seat, kind in enumerate(played):
        stack = state.stacks[seat]
        if state.taken[seat]:
            if kind + 1 > snatching or kind + 1 not in kinds_played:
                problems.append(f"seat {seat}'s {_name(kind)} is taken, but nothing took it (FC-4)")
            if stack:
                problems.append(f"seat {seat}'s taken {_name(kind)} kept its stack (FC-5)")
        elif stack and (kind > snatching or not _stack_ok(stack, kind)):
            problems.append(f"seat {seat}'s stack is not what its {_name(kind)} took (FC-4, FC-5)")
    for predator in range(1, snatching):  # kinds that snatched already took every prey (FC-4)
        prey = predator - 1
        left = state.centre[prey] or any(
            k == prey and not state.taken[s] for s, k in enumerate(played)
        )
        if predator in kinds_played and left:
            problems.append(f"{_name(predator)}s are done, yet a {_name(prey)} is left (FC-4)")
    return problems


def _totals(state: State) -> list[str]:
    # FC-9: a round scores at most every animal of every player; the finished rounds' stars,
    # one entry per seat, add up to the totals.
    n = state.config.players
    per_round = n * sum(h * s for h, s in zip(HAND, state.config.stars, strict=True))
    most = (state.round - 1) * per_round
    if sum(state.totals) > most:
        rounds = state.round - 1
        return [f"totals add up to {sum(state.totals)}: {rounds} rounds give at most {most} (FC-9)"]
    finished = state.rounds
    if type(finished) is not tuple or len(finished) != state.round - 1:
        return [f"rounds must hold the stars of the {state.round - 1} finished rounds (FC-9)"]
    for number, stars in enumerate(finished, start=1):
        if type(stars) is not tuple or len(stars) != n:
            return [f"rounds[{number - 1}] is not one count of stars per seat ({n})"]
        if not all(_int_in(v, 0, per_round) for v in stars) or sum(stars) > per_round:
            return [f"round {number}'s stars {shown(stars)} are more than a round gives (FC-9)"]
    sums = tuple(sum(r[seat] for r in finished) for seat in range(n))
    if sums != state.totals:
        return [f"the rounds' stars add up to {sums}, not the totals {state.totals} (FC-9)"]
    return []
