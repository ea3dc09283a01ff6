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

from tablefeast.games.mausgeflippt import effects as fx
from tablefeast.games.mausgeflippt.actions import Action, Fastest
from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN, Config
from tablefeast.games.mausgeflippt.state import PASS, State
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import Distribution
from tablefeast.kernel.deck import Counts, counts_put
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.seats import clockwise_from
from tablefeast.kernel.values import from_fields

__all__ = [
    "claimants",
    "face_up_cards",
    "fastest_chance",
    "fastest_distribution",
    "lay",
    "note_barred",
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


def fastest_chance(config: Config, racers: tuple[int, ...]) -> Distribution[Action]:
    """`fastest_distribution`, as the chance node of the rules gives it: over any action.

    Args:
        config: the game's configuration (its speed weights and tie probability).
        racers: the claimants, ascending.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> c = mg.Config(players=3)
        >>> fastest_chance(c, (0, 2)) == fastest_distribution(c, (0, 2))
        True
    """
    return _speed(config, racers)[1]


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
    return _speed(config, racers)[2]


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
        >>> from tablefeast.kernel.record import position
        >>> config = mg.Config(players=3, tie_probability="1/10")
        >>> s = position(mg, config,  # the deal: 7 cards each, a cheese, a mouse
        ...     "clothing cap/green; clothing jacket/red; clothing hat/blue; "
        ...     "clothing t-shirt/blue; clothing trousers/blue; clothing shoes/red; "
        ...     "clothing bag/brown; clothing shirt/yellow; clothing t-shirt/blue; "
        ...     "clothing belt/red; clothing bag/brown; clothing jacket/green; clothing hat/red; "
        ...     "clothing shoes/yellow; clothing ring/blue; clothing dress/red; "
        ...     "clothing jacket/red; clothing dress/red; clothing tie/yellow; "
        ...     "clothing jacket/green; clothing scarf/brown; cheese emmental; mouse M20; "
        ...     "0: play jacket/red; 1: flip; 2: pass")
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


_SpeedEntry = tuple[Distribution[Fastest], Distribution[Action], frozenset[Fastest]]
"""The speed model's distribution, the same one as a chance node's (a `Distribution` is
invariant in its outcome type), and its possible outcomes."""

_SPEED: dict[tuple[tuple[int, ...] | None, tuple[int, int], tuple[int, ...]], _SpeedEntry] = {}
"""Memo of the speed model's distributions, by speed weights, tie probability and claimants.
Private to this module (no config or view reaches it, so nothing can change another game's
races) and bounded: cleared when full."""
_SPEED_ENTRIES = 4096


def _speed(config: Config, racers: tuple[int, ...]) -> _SpeedEntry:
    # The tie probability as two ints: hashing a `Fraction` runs Python code (a modular
    # inverse), on every race.
    key = (config.speed_weights, config.tie_probability.as_integer_ratio(), racers)
    cached = _SPEED.get(key)
    if cached is not None:
        return cached
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
    support = tuple(Fastest(g) for g, _ in outcomes)
    shares = tuple(int(p * denominator) for _, p in outcomes)
    distribution = Distribution(support, shares, denominator)
    # The same distribution again, typed as any action's: built once, on a miss.
    of_actions: Distribution[Action] = Distribution(support, shares, denominator)
    if len(_SPEED) >= _SPEED_ENTRIES:
        _SPEED.clear()
    _SPEED[key] = entry = (distribution, of_actions, frozenset(distribution.outcomes))
    return entry


def resolve(
    state: State,
    commitments: tuple[int | None, ...],
    fastest: tuple[int, ...],
    trace: list[Effect] | None = None,
) -> State:
    """Resolve a race whose fastest claimants are `fastest` (empty: everybody passed, MG-9).

    Claimants not in `fastest` were too slow: nothing happens to them (MG-3).

    Args:
        state: the state of the game, with the race's mouse turned.
        commitments: per seat, its commitment code in this race (a clothing item's index, `PASS`
            or `FLIP`), as `State.commitments` holds them: every claimant's is there.
        fastest: the fastest claimants (the chance outcome's seats).
        trace: where the effects are noted, in the order they happen (None: not noted).

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> item = s.config.card_set.tables.item_index[mg.Item("jacket", "red")]
        >>> after = resolve(s, (item, PASS, PASS), (0,))
        >>> after.caught, after.pending_draws, after.turner
        (((19,), (), ()), (0,), 0)
    """
    config = state.config
    fields = state.__dict__.copy()
    fields["commitments"] = reveal.empty(config.players)
    fields["landed"] = tuple(  # what all saw land on the mouse (MG-3)
        commitments[s] if s in fastest else None for s in range(config.players)
    )
    fields["racing"] = False
    mouse = state.open_mouse
    assert mouse is not None
    fields["open_mouse"] = None
    if not fastest:  # MG-9: nobody claims; the mouse goes under, the same turner turns again
        fields["mice"] = state.mice.put_under(mouse)
        if trace is not None:
            trace.append(fx.NobodyClaimed(mouse))
        return _idle(fields, trace)
    tables = config.card_set.tables
    wears = tables.wears[mouse]
    protected = tables.mouse_cheese[mouse] == state.open_cheese  # MG-7
    order = [s for s in _CLOCKWISE[config.players][state.turner] if s in fastest]  # MG-8
    if trace is not None and protected:  # the open cheese is the mouse's
        trace.append(fx.Protected(mouse, tables.mouse_cheese[mouse]))
    hands = list(state.hands)  # copy-change-freeze, only for the seats that change
    face_up = list(state.face_up)
    face_down = state.face_down
    placing = list(state.placing)
    placers: list[int] = []
    discard = state.discard
    draws: list[int] = []
    right: list[int] = []
    for seat in order:
        code = commitments[seat]
        assert code is not None, "the fastest claimants have committed"
        if code >= 0:  # a Play
            hands[seat] = counts_put(hands[seat], code, -1)
            if trace is not None:
                worn = bool(wears >> code & 1)
                trace.append(fx.PlayLanded(seat, code, mouse, worn))
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
            if trace is not None:
                trace.append(fx.FlipLanded(seat, mouse, 0, (), None, choosing=False))
            right.append(seat)
            continue
        # MG-5: every matching card goes in front of the player, one face down, the rest face
        # up; then the hand is refilled. MG-17: cards of one item need no choice; of two or
        # more items, the player chooses which lies face down (a decision, hidden), meanwhile
        # the cards wait in `placing`, seen by their owner only.
        cards = [0] * len(hand)
        for i in matching:
            cards[i], hand[i] = hand[i], 0
        hands[seat] = tuple(hand)
        if len(matching) == 1:
            face_down = lay(face_down, face_up, seat, tuple(cards), matching[0])
        else:
            placing[seat] = tuple(cards)
            placers.append(seat)
        if trace is not None:
            trace.append(_wrong_flip(seat, mouse, tuple(cards), matching))
            if len(matching) == 1:
                note_barred(face_down, seat, trace)
        draws.extend([seat] * (config.hand_size(seat) - sum(hand)))
    fields["hands"] = tuple(hands)
    fields["face_up"] = tuple(face_up)
    fields["face_down"] = face_down
    if placers:  # MG-17: the choices come first (see `rules.actors`)
        fields["placing"] = tuple(placing)
        fields["placers"] = tuple(placers)
        fields["placing_mouse"] = mouse
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
        if trace is not None:
            trace.append(fx.CheeseTaken(order[0], cheese))
            trace += map(fx.CheeseOwed, order[1:])
            trace.append(fx.MouseUnder(mouse))
        return settle(fields, trace)
    if not right:  # MG-4, MG-5, MG-18: no fastest claim was right; the mouse goes under
        fields["mice"] = state.mice.put_under(mouse)
        fields["idle"] = 0  # MG-13: a penalty is something happening
        if trace is not None:
            trace.append(fx.MouseUnder(mouse))
        return settle(fields, trace)
    caught = list(state.caught)
    caught[right[0]] += (mouse,)  # MG-8: the open mouse first
    fields["caught"] = tuple(caught)
    fields["mouse_awards"] = tuple(right[1:])  # MG-8: then mice from the top of the stack
    fields["idle"] = 0
    if trace is not None:
        trace.append(fx.MouseCaught(right[0], mouse))
        trace += map(fx.MouseOwed, right[1:])
    return settle(fields, trace)


def _wrong_flip(seat: int, mouse: int, cards: Counts, matching: list[int]) -> fx.FlipLanded:
    """MG-5: a wrong flip's cards, laid now when of one item; MG-17: else the seat chooses."""
    if len(matching) > 1:
        return fx.FlipLanded(seat, mouse, sum(cards), (), None, choosing=True)
    down = matching[0]
    return fx.FlipLanded(seat, mouse, sum(cards), face_up_cards(cards, down), down, False)


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


def face_up_cards(cards: Counts, down: int) -> fx.Cards:
    """The cards of `cards` that lie face up when one of the item `down` lies face down (MG-5,
    MG-17), as ``(item, copies)`` pairs in card-set order.

    Args:
        cards: the counts of the cards laid.
        down: the index of the item one card of which lies face down.

    Examples:
        >>> face_up_cards((2, 0, 1), 0), face_up_cards((1, 0, 1), 0)
        (((0, 1), (2, 1)), ((2, 1),))
    """
    return tuple((i, n - (i == down)) for i, n in enumerate(cards) if n - (i == down))


def note_barred(face_down: tuple[Counts, ...], seat: int, trace: list[Effect]) -> None:
    """Note `FlipBarred` when `seat`'s card just laid face down is its third (MG-6).

    Args:
        face_down: per seat, the face-down cards, that card included.
        seat: the seat that laid it.
        trace: where the effects are noted.
    """
    if sum(face_down[seat]) == MAX_FACE_DOWN:  # each lay adds one face-down card
        trace.append(fx.FlipBarred(seat))


def lay(
    face_down: tuple[Counts, ...], face_up: list[Counts], seat: int, cards: Counts, down: int
) -> tuple[Counts, ...]:
    """A wrong flip's `cards` laid in front of `seat`: one card of the item `down` face down,
    every other card face up (MG-5, MG-17). `face_up` is changed in place; returns the new
    face-down cards.

    Args:
        face_down: per seat, the face-down cards.
        face_up: per seat, the face-up cards (a list: changed in place).
        seat: the seat laying its cards.
        cards: the counts of the cards to lay.
        down: the index of the item one card of which lies face down.

    Examples:
        >>> up = [(0, 0), (0, 0)]
        >>> lay(((0, 0), (0, 0)), up, 1, (2, 1), 1), up
        (((0, 0), (0, 1)), [(0, 0), (2, 0)])
    """
    laid = list(cards)
    laid[down] -= 1
    face_up[seat] = tuple(a + b for a, b in zip(face_up[seat], laid, strict=True))
    downs = list(face_down)
    downs[seat] = counts_put(downs[seat], down, 1)
    return tuple(downs)


def _idle(fields: dict[str, Any], trace: list[Effect] | None) -> State:
    """A race in which nothing happened (everybody passed): MG-13 ends the game once every mouse
    left has been turned once in races like it in a row."""
    fields["idle"] = idle = fields["idle"] + 1
    if idle >= fields["mice"].size:  # MG-13
        return _end(fields, trace)
    return settle(fields, trace)


def _over(fields: dict[str, Any]) -> bool:
    """MG-12: the last mouse is caught, or the last cheese taken."""
    no_mouse = fields["open_mouse"] is None and fields["mice"].size == 0
    return no_mouse or (fields["open_cheese"] is None and not any(fields["cheese_pile"]))


def _lapse(fields: dict[str, Any], trace: list[Effect] | None) -> None:
    """MG-8: the awards that can no longer be given lapse (a mouse from an empty stack, a
    cheese when none is left), so that they do not hold up the end of the game."""
    if fields["mouse_awards"] and fields["mice"].size == 0:
        if trace is not None:
            trace.extend(fx.NoMouseLeft(seat) for seat in fields["mouse_awards"])
        fields["mouse_awards"] = ()
    if fields["cheese_awards"] and not any(fields["cheese_pile"]):
        if trace is not None:
            trace.append(fx.NoCheeseLeft(fields["cheese_awards"]))
        fields["cheese_awards"] = ()


def _reshuffle(fields: dict[str, Any], trace: list[Effect] | None) -> bool:
    """MG-11: with a card owed and the clothing pile empty, the discard pile becomes the new
    draw pile; whether it did."""
    if fields["pending_draws"] and not any(fields["clothing_pile"]) and any(fields["discard"]):
        fields["clothing_pile"] = fields["discard"]
        fields["discard"] = (0,) * len(fields["discard"])
        if trace is not None:
            trace.append(fx.Reshuffled(sum(fields["clothing_pile"])))
        return True
    return False


def _end(fields: dict[str, Any], trace: list[Effect] | None) -> State:
    # MG-19: a wrong flipper's choice still owed is not asked (it changes no score): the first
    # of its items in card-set order lies face down, as any would.
    face_down, face_up = fields["face_down"], list(fields["face_up"])
    placing = list(fields["placing"])
    for seat in fields["placers"]:
        first = next(i for i, n in enumerate(placing[seat]) if n)
        face_down = lay(face_down, face_up, seat, placing[seat], first)
        if trace is not None:
            trace.append(fx.LaidAtTheEnd(seat, face_up_cards(placing[seat], first), first))
            note_barred(face_down, seat, trace)
        placing[seat] = (0,) * len(placing[seat])
    fields["face_down"], fields["face_up"], fields["placing"] = (
        face_down,
        tuple(face_up),
        tuple(placing),
    )
    fields["placers"], fields["placing_mouse"] = (), None
    fields["game_over"] = True
    fields["pending_draws"] = ()  # MG-19: draws change no score; the game is simply over
    fields["cheese_to_turn"] = False
    over = from_fields(State, fields)
    if trace is not None:
        trace.append(_game_over(over))
    return over


def _game_over(state: State) -> fx.GameOver:
    """The end (MG-12, MG-13): why, the final scores and the winners (MG-14)."""
    # `rules` imports this module: its scoring is looked up when a traced game ends.
    from tablefeast.games.mausgeflippt.rules import scores, winners

    reason: fx.Ending
    if state.open_mouse is None and state.mice.size == 0:
        reason = "last mouse"  # MG-12
    elif state.open_cheese is None and not any(state.cheese_pile):
        reason = "last cheese"  # MG-12
    else:
        reason = "no progress"  # MG-13
    return fx.GameOver(reason, scores(state), tuple(sorted(winners(state))))


def settle(fields: dict[str, Any], trace: list[Effect] | None = None) -> State:
    """Do the work that needs no decision and no chance, then build the state.

    `fields` holds the next state's fields (it is changed): mice owed from a known stack top,
    awards that cannot be given, the end of the game (MG-12), a reshuffle (MG-11), and turning a
    mouse whose identity everyone knows.

    Args:
        fields: the next state's fields, by name.
        trace: where the effects are noted, in the order they happen (None: not noted).

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3))
        >>> settle(s.__dict__.copy()) == s  # chance must deal first: nothing to do yet
        True
    """
    while True:
        if fields["placers"]:  # MG-17: a wrong flipper chooses its face-down card first,
            if _over(fields):  # unless the game is over (MG-12): then it is not asked (MG-19)
                _lapse(fields, trace)
                if not fields["mouse_awards"] and not fields["cheese_awards"]:
                    return _end(fields, trace)
            _reshuffle(fields, trace)
            break
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
                if trace is not None:
                    trace.append(fx.MouseGiven(awards[0], mouse, known=True))
            elif trace is not None:  # MG-8: when the stack is empty, no more mice are given
                trace.append(fx.NoMouseLeft(awards[0]))
            continue
        if fields["cheese_awards"]:
            if any(fields["cheese_pile"]):
                break  # chance: which cheese comes next
            if trace is not None:
                trace.append(fx.NoCheeseLeft(fields["cheese_awards"]))
            fields["cheese_awards"] = ()  # MG-8: only while there is one
            continue
        if fields["game_over"]:
            break
        if _over(fields):
            return _end(fields, trace)  # MG-12: the last mouse is caught, or the last cheese taken
        draws = fields["pending_draws"]
        if draws:
            if any(fields["clothing_pile"]):
                break
            if _reshuffle(fields, trace):
                break
            # MG-11: nothing left to draw, and nothing can come back before these draws: each
            # one owed lapses.
            if trace is not None:
                trace.append(fx.DrawsLapsed(draws))
            fields["pending_draws"] = ()
            continue
        if not fields["cheese_to_turn"] and fields["open_mouse"] is None:
            mice = fields["mice"]
            if not any(mice.unseen):  # the next mouse was put under the stack: known to all
                mouse, fields["mice"] = mice.draw_known()
                fields["open_mouse"] = mouse
                fields["racing"] = True  # MG-2
                if trace is not None:
                    trace.append(_mouse_turned(fields, mouse))
        break
    return from_fields(State, fields)


def _mouse_turned(fields: dict[str, Any], mouse: int) -> fx.MouseTurned:
    """MG-2: the turner turns the mouse; MG-7: protected when it shows the face-up cheese."""
    protected = fields["config"].card_set.tables.mouse_cheese[mouse] == fields["open_cheese"]
    return fx.MouseTurned(fields["turner"], mouse, protected)
