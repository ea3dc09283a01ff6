"""The end of a race: who was fastest (MG-3), what each fastest claim earns (MG-4 to MG-10), and
the deterministic work that follows until the next decision or chance event (MG-11 to MG-13).

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> d = fastest_distribution(mg.Config(players=3, tie_probability="1/4"), (0, 2))
    >>> [(mg.action_to_str(a), str(p)) for a, p in d.probabilities()]
    [('fastest 0', '3/8'), ('fastest 2', '3/8'), ('fastest 0 2', '1/4')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations
from typing import Any

from tablefeast.games.mausgeflippt.actions import Fastest
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.state import PASS, State
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import Distribution
from tablefeast.kernel.deck import Counts, counts_put
from tablefeast.kernel.seats import clockwise_from
from tablefeast.kernel.values import from_fields

__all__ = [
    "claimants",
    "fastest_distribution",
    "observed_fastest",
    "possible_fastest",
    "resolve",
    "settle",
    "take_cheese",
]


_CLOCKWISE = tuple(tuple(clockwise_from(t, n) for t in range(n)) for n in range(7))


def claimants(commitments: tuple[int | None, ...]) -> tuple[int, ...]:
    """The seats that did not pass, ascending.

    Args:
        commitments: per seat, its commitment code in this race (a clothing item's index, `PASS`
            or `FLIP`), or None.

    Examples:
        >>> from tablefeast.games.mausgeflippt.state import FLIP, PASS
        >>> claimants((PASS, 3, None, FLIP))
        (1, 3)
    """
    seats = []
    for seat, code in enumerate(commitments):
        if code is not None and code != PASS:
            seats.append(seat)
    return tuple(seats)


def fastest_distribution(config: Config, racers: tuple[int, ...]) -> Distribution[Fastest]:
    """Who was fastest among two or more claimants: the speed model of MG-3 and MG-16.

    With probability ``1 - tie_probability`` one claimant is alone fastest, each with
    probability proportional to its speed weight; with probability ``tie_probability`` the race
    is unclear, and every set of two or more claimants is the fastest set with probability
    proportional to the product of its members' weights. Every non-empty set of claimants is in
    the support, those the model rules out with weight 0: an app applies what it observed as
    long as the model allows it (an unclear tie needs a positive ``tie_probability``).

    Args:
        config: the game's configuration (its speed weights and tie probability).
        racers: the claimants, ascending.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> d = fastest_distribution(mg.Config(players=3, speed_weights=(2, 1, 1)), (0, 1))
        >>> [(mg.action_to_str(a), str(p)) for a, p in d.probabilities()]
        [('fastest 0', '2/3'), ('fastest 1', '1/3')]
    """
    return _speed(config, racers)[0]


def possible_fastest(config: Config, racers: tuple[int, ...]) -> frozenset[Fastest]:
    """The outcomes of `fastest_distribution` with a positive probability.

    Args:
        config: the game's configuration (its speed weights and tie probability).
        racers: the claimants, ascending.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> sorted(possible_fastest(mg.Config(players=3), (0, 2)), key=lambda f: f.seats)
        [Fastest(seats=(0,)), Fastest(seats=(2,))]
    """
    return _speed(config, racers)[1]


def observed_fastest(state: State, arrivals: Mapping[int, float], window: float) -> Fastest | None:
    """Who was fastest, as observed online: the order in which the claims arrived (MG-21).

    The first claim to arrive is fastest. Claims that arrive within `window` seconds of the
    first make an unclear tie with it (MG-3), when the config allows ties (a positive tie
    probability); otherwise the first is alone fastest. With a tie probability of 1 (every race
    unclear) the first claim ties with the next to arrive at least. A claim with no arrival time
    counts as the last. Equal times are ordered by seat.

    Args:
        state: the state at the chance node of a race (every seat committed).
        arrivals: per seat, when its commitment arrived (seconds on one clock).
        window: how close two claims must be to make an unclear tie, in seconds.

    Returns:
        The outcome to apply, or None where there is no race to observe (not at a race's
        chance node, or a single claimant).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> config = mg.Config(players=3, tie_probability="1/10")
        >>> s = play_game(mg, config, [RandomAgent()] * 3, seed=0, max_moves=23).state
        >>> s = mg.apply_action(s, 0, mg.legal_actions(s, 0)[1])
        >>> s = mg.apply_action(s, 1, mg.legal_actions(s, 1)[1])
        >>> s = mg.apply_action(s, 2, mg.Pass())
        >>> observed_fastest(s, {0: 5.30, 1: 5.25, 2: 5.0}, window=0.1)
        Fastest(seats=(0, 1))
        >>> observed_fastest(s, {0: 5.30, 1: 5.10, 2: 5.0}, window=0.1)
        Fastest(seats=(1,))
    """
    if state.racing is not True or None in state.commitments:
        return None
    racers = claimants(state.commitments)
    if len(racers) < 2:
        return None
    order = sorted(racers, key=lambda seat: (arrivals.get(seat, math.inf), seat))
    first = arrivals.get(order[0], math.inf)
    close = [s for s in order if arrivals.get(s, math.inf) - first <= window]
    tie = state.config.tie_probability
    if tie == 0 or len(close) < 2:
        close = order[:1] if tie < 1 else order[:2]  # MG-21: a clear first, or the first two
    outcome = Fastest(tuple(sorted(close)))
    possible = possible_fastest(state.config, racers)
    return outcome if outcome in possible else Fastest(tuple(sorted(order[:2])))


_SPEED: dict[tuple[Any, tuple[int, int], tuple[int, ...]], Any] = {}
"""Memo of the speed model's distributions, by speed weights, tie probability and claimants.
Private to this module (no config or view reaches it, so nothing can change another game's
races) and bounded: cleared when full."""
_SPEED_ENTRIES = 4096


def _speed(
    config: Config, racers: tuple[int, ...]
) -> tuple[Distribution[Fastest], frozenset[Fastest]]:
    # The tie probability as two ints: hashing a `Fraction` runs Python code (a modular
    # inverse), on every race.
    key = (config.speed_weights, config.tie_probability.as_integer_ratio(), racers)
    cached = _SPEED.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    weights = config.weights
    tie = config.tie_probability
    total = sum(weights[s] for s in racers)
    singles = [((s,), (1 - tie) * Fraction(weights[s], total)) for s in racers]
    groups = [g for size in range(2, len(racers) + 1) for g in combinations(racers, size)]
    products = [math.prod(weights[s] for s in g) for g in groups]
    spread = sum(products)
    ties = [(g, tie * Fraction(p, spread)) for g, p in zip(groups, products, strict=True)]
    outcomes = singles + ties
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    distribution = Distribution(
        tuple(Fastest(g) for g, _ in outcomes),
        tuple(int(p * denominator) for _, p in outcomes),
        denominator,
    )
    if len(_SPEED) >= _SPEED_ENTRIES:
        _SPEED.clear()
    _SPEED[key] = entry = (distribution, frozenset(distribution.outcomes))
    return entry


def resolve(state: State, commitments: tuple[int, ...], fastest: tuple[int, ...]) -> State:
    """Resolve a race whose fastest claimants are `fastest` (empty: everybody passed, MG-9).

    Claimants not in `fastest` were too slow: nothing happens to them (MG-3).

    Args:
        state: the state of the game, with the race's mouse turned.
        commitments: per seat, its commitment code in this race (a clothing item's index, `PASS`
            or `FLIP`).
        fastest: the fastest claimants (the chance outcome's seats).

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> s = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=0, max_moves=23).state
        >>> item = s.config.card_set.tables.item_index[mg.Item("jacket", "red")]
        >>> after = resolve(s, (item, PASS, PASS), (0,))
        >>> after.caught, after.pending_draws, after.turner
        (((19,), (), ()), (0,), 0)
    """
    config = state.config
    fields = state.__dict__.copy()
    fields["commitments"] = reveal.empty(config.players)
    fields["racing"] = False
    mouse = state.open_mouse
    assert mouse is not None
    fields["open_mouse"] = None
    if not fastest:  # MG-9: nobody claims; the mouse goes under, the same turner turns again
        fields["mice"] = state.mice.put_under(mouse)
        return _idle(fields)
    tables = config.card_set.tables
    wears = tables.wears[mouse]
    protected = tables.mouse_cheese[mouse] == state.open_cheese  # MG-7
    order = [s for s in _CLOCKWISE[config.players][state.turner] if s in fastest]  # MG-8
    hands = list(state.hands)  # copy-change-freeze, only for the seats that change
    face_up = list(state.face_up)
    face_down = state.face_down
    discard = state.discard
    draws: list[int] = []
    right: list[int] = []
    for seat in order:
        code = commitments[seat]
        if code >= 0:  # a Play
            hands[seat] = counts_put(hands[seat], code, -1)
            if wears >> code & 1:  # MG-4 (and MG-7): the mouse wears it; to the discard pile
                discard = counts_put(discard, code, 1)
                right.append(seat)
            else:  # MG-4: the card lies face up in front of the player
                face_up[seat] = counts_put(face_up[seat], code, 1)
            draws.append(seat)  # MG-4: draw one card
            continue
        hand = list(hands[seat])  # a Flip (fastest seats are claimants: never a Pass)
        matching = [i for i, n in enumerate(hand) if n and wears >> i & 1]
        if not matching:  # MG-5: the hand is taken back
            right.append(seat)
            continue
        # MG-5: every matching card goes in front of the player, one face down (MG-17: the
        # first in card-set order), the rest face up; then the hand is refilled.
        first = matching[0]
        down = list(face_down)
        down[seat] = counts_put(down[seat], first, 1)
        face_down = tuple(down)
        up = list(face_up[seat])
        up[first] -= 1
        for i in matching:
            up[i] += hand[i]
            hand[i] = 0
        face_up[seat] = tuple(up)
        hands[seat] = tuple(hand)
        draws.extend([seat] * (config.hand_size(seat) - sum(hand)))
    fields["hands"] = tuple(hands)
    fields["face_up"] = tuple(face_up)
    fields["face_down"] = face_down
    fields["discard"] = discard
    fields["pending_draws"] = tuple(draws)  # MG-18: drawn in MG-8 order, after every claim
    fields["turner"] = order[0]  # MG-10
    if protected:
        # MG-7: every claim fails; the first claimant takes the face-up cheese and each later
        # one the next face-up cheese (MG-8); then the next cheese is turned.
        fields["mice"] = state.mice.put_under(mouse)
        cheese = state.open_cheese
        assert cheese is not None
        fields["cheeses"] = take_cheese(state.cheeses, order[0], cheese)
        fields["open_cheese"] = None
        fields["cheese_awards"] = tuple(order[1:])
        fields["cheese_to_turn"] = True
        fields["idle"] = 0
        return settle(fields)
    if not right:  # MG-4, MG-5, MG-18: no fastest claim was right; the mouse goes under
        fields["mice"] = state.mice.put_under(mouse)
        return _idle(fields)
    caught = list(state.caught)
    caught[right[0]] += (mouse,)  # MG-8: the open mouse first
    fields["caught"] = tuple(caught)
    fields["mouse_awards"] = tuple(right[1:])  # MG-8: then mice from the top of the stack
    fields["idle"] = 0
    return settle(fields)


def take_cheese(cheeses: tuple[Counts, ...], seat: int, cheese: int) -> tuple[Counts, ...]:
    """The cheeses taken per seat, after `seat` takes one `cheese` (MG-7, MG-8).

    Args:
        cheeses: per seat, the counts of the cheeses it has taken.
        seat: the seat that takes the cheese.
        cheese: the cheese's index in the card set's cheese list.

    Examples:
        >>> take_cheese(((0, 0, 0), (1, 0, 0)), 1, 2)
        ((0, 0, 0), (1, 0, 1))
    """
    taken = list(cheeses)
    taken[seat] = counts_put(taken[seat], cheese)
    return tuple(taken)


def _idle(fields: dict[str, Any]) -> State:
    """A race without a catch or a cheese taken: MG-13 ends the game once every mouse left has
    been turned once since the last catch or cheese."""
    fields["idle"] = idle = fields["idle"] + 1
    if idle >= fields["mice"].size:  # MG-13
        return _end(fields)
    return settle(fields)


def _end(fields: dict[str, Any]) -> State:
    fields["game_over"] = True
    fields["pending_draws"] = ()  # MG-19: draws change no score; the game is simply over
    fields["cheese_to_turn"] = False
    return from_fields(State, fields)


def settle(fields: dict[str, Any]) -> State:
    """Do the work that needs no decision and no chance, then build the state.

    `fields` holds the next state's fields (it is changed): mice owed from a known stack top,
    awards that cannot be given, the end of the game (MG-12), a reshuffle (MG-11), and turning a
    mouse whose identity everyone knows.

    Args:
        fields: the next state's fields, by name.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3))
        >>> settle(s.__dict__.copy()) == s  # chance must deal first: nothing to do yet
        True
    """
    while True:
        awards = fields["mouse_awards"]
        if awards:
            mice = fields["mice"]
            if any(mice.unseen):
                break  # chance: which mouse is on top
            fields["mouse_awards"] = awards[1:]
            if mice.bottom:  # MG-8: the top of the stack is a mouse put under it, known to all
                mouse, fields["mice"] = mice.draw_known()
                caught = list(fields["caught"])
                caught[awards[0]] += (mouse,)
                fields["caught"] = tuple(caught)
            continue  # MG-8: when the stack is empty, no more mice are given
        if fields["cheese_awards"]:
            if any(fields["cheese_pile"]):
                break  # chance: which cheese comes next
            fields["cheese_awards"] = ()  # MG-8: only while there is one
            continue
        if fields["game_over"]:
            break
        no_mouse = fields["open_mouse"] is None and fields["mice"].size == 0
        if no_mouse or (fields["open_cheese"] is None and not any(fields["cheese_pile"])):
            return _end(fields)  # MG-12: the last mouse is caught, or the last cheese taken
        draws = fields["pending_draws"]
        if draws:
            if any(fields["clothing_pile"]):
                break
            if any(fields["discard"]):  # MG-11: the discard pile becomes the new draw pile
                fields["clothing_pile"] = fields["discard"]
                fields["discard"] = (0,) * len(fields["discard"])
                break
            fields["pending_draws"] = draws[1:]  # MG-11: nothing left to draw
            continue
        if not fields["cheese_to_turn"] and fields["open_mouse"] is None:
            mice = fields["mice"]
            if not any(mice.unseen):  # the next mouse was put under the stack: known to all
                fields["open_mouse"], fields["mice"] = mice.draw_known()
                fields["racing"] = True  # MG-2
        break
    return from_fields(State, fields)
