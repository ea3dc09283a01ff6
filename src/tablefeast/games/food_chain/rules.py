"""Who acts, what is legal, and what an action does: the rules of Food Chain.

Every legality question is answered by one ``_why_not_*`` function, which `legal_actions` and
`apply_action` both use. There is no chance: `chance_distribution` always refuses.
`apply_traced` runs the same transitions as `apply_action` and also returns the move's effects
(`effects`), noted by the rules as they apply them.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> all(why_not(s, 0, a) is None for a in legal_actions(s, 0)), why_not(s, 0, fc.Take(1))
    (True, 'every player commits an animal now (FC-3)')
    >>> chance_distribution(s)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.IllegalActionError: Food Chain has no chance: nothing is random in it
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache, lru_cache

from tablefeast.games.food_chain import effects as fx
from tablefeast.games.food_chain.actions import ACTION_TYPES, Action, Play, Take, TakeFromCentre
from tablefeast.games.food_chain.components import (
    ANIMALS,
    INDEX,
    PASSES,
    PREDATOR_ORDER,
    PREY,
    Animal,
)
from tablefeast.games.food_chain.state import State, new_round
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import Distribution
from tablefeast.kernel.deck import Counts, counts_put, counts_remove
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.errors import IllegalActionError
from tablefeast.kernel.ruleset import (
    chance_outcomes_of,
    check_move,
    check_turn,
    checks_its_state,
    describe_actors,
    illegal,
    not_a_state,
)
from tablefeast.kernel.seats import check_actor_seat, clockwise_from, left_of
from tablefeast.kernel.values import FrozenDict, dict_setter, from_fields, replace

_new = object.__new__
_set_fields = dict_setter(State)

__all__ = [
    "actors",
    "apply_action",
    "apply_traced",
    "chance_distribution",
    "chance_outcomes",
    "is_terminal",
    "legal_actions",
    "opening",
    "scores",
    "why_not",
    "winners",
]

PLAYS: tuple[Play, ...] = tuple(Play(a) for a in ANIMALS)
TAKES: tuple[Take, ...] = tuple(Take(s) for s in range(6))
TAKE_CENTRE = TakeFromCentre()
_ORDER = tuple(INDEX[a] for a in PREDATOR_ORDER)
_PREY: Mapping[int, int] = FrozenDict({INDEX[p]: INDEX[q] for p, q in PREY.items()})
FLEA = INDEX[Animal.FLEA]
TITLE = "Food Chain"


_SEATS: Mapping[int, tuple[int, ...]] = FrozenDict({n: tuple(range(n)) for n in range(3, 7)})
_clockwise = cache(clockwise_from)


def _kind(animal: Animal) -> int:
    return ANIMALS.index(animal)  # identity comparisons in C: cheaper than hashing an Enum


def _may_commit(state: State, player: int) -> bool:
    """True when `player` is still to commit an animal this pass (the `actors` test for one seat,
    shared by `legal_actions` and `apply_action`)."""
    return (
        state.taker is None
        and not state.game_over
        and 0 <= player < state.config.players
        and state.commitments[player] is None
    )


@checks_its_state
def actors(state: State) -> tuple[int, ...]:
    """The one seat to take a prey, or every seat still to commit, or () when over.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> actors(s), actors(apply_action(s, 1, fc.Play(fc.Animal.DOG)))
        ((0, 1, 2), (0, 2))
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if state.game_over:
        return ()
    if state.taker is not None:
        return (state.taker,)  # FC-4, FC-6: one take at a time
    return reveal.pending(_SEATS[state.config.players], state.commitments)  # FC-3


def is_terminal(state: State) -> bool:
    """True once every player has been Alpha (FC-10).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> is_terminal(fc.initial_state(fc.Config(players=3)))
        False
        >>> is_terminal(play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1).state)
        True
    """
    return state.game_over


def chance_distribution(state: State) -> Distribution[Action]:
    """Food Chain has no chance nodes.

    Args:
        state: the state of the game (never a chance node).

    Raises:
        IllegalActionError: always.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> chance_distribution(fc.initial_state(fc.Config(players=3)))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.IllegalActionError: Food Chain has no chance: nothing is random ...
    """
    raise IllegalActionError("Food Chain has no chance: nothing is random in it")


chance_outcomes = chance_outcomes_of(chance_distribution)
"""``(outcome, exact probability)`` pairs of the current chance node (see
`tablefeast.kernel.ruleset.chance_outcomes_of`)."""


# ---------------------------------------------------------------- legality


def _why_not_play(state: State, seat: int, kind: int) -> str | None:
    if not state.hands[seat][kind]:
        return f"no {ANIMALS[kind].value} left in this hand (FC-3)"
    return None


@lru_cache(maxsize=4096)
def _prey_seats(
    played: tuple[int | None, ...], taken: tuple[bool, ...], prey: int
) -> tuple[int, ...]:
    """Seats whose animal played this pass is a `prey` not yet taken (FC-4).

    Memoized (a pass asks it several times: to list the takes, to check the one applied, to
    find the next taker); its arguments are a few small tuples, cheap to hash.
    """
    return tuple([s for s, kind in enumerate(played) if kind == prey and not taken[s]])


def _why_not_take(state: State, seat: int | None) -> str | None:
    snatching = state.snatching
    assert snatching is not None, "a prey is taken in a snatch"  # the taker acts (FC-4)
    prey = _PREY[snatching]
    if seat is None:
        if not state.centre[prey]:
            return f"no {ANIMALS[prey].value} lies in the centre (FC-4)"
        return None
    if seat not in _prey_seats(state.played, state.taken, prey):
        return f"seat {seat} has no {ANIMALS[prey].value} to take this pass (FC-4)"
    return None


def _prey_left(
    played: tuple[int | None, ...], taken: tuple[bool, ...], centre: Counts, prey: int
) -> bool:
    return centre[prey] > 0 or bool(_prey_seats(played, taken, prey))


# FC-3: a seat may play exactly the kinds its hand holds. The plays for each of the 32 patterns
# of which kinds a hand holds, computed once (read-only, like every table of the rules).
_PLAYS_BY_PRESENCE: Mapping[tuple[bool, ...], tuple[Play, ...]] = FrozenDict(
    {
        presence: tuple(PLAYS[k] for k in range(5) if presence[k])
        for presence in itertools.product((False, True), repeat=5)
    }
)


def _plays(state: State, player: int) -> tuple[Play, ...]:
    return _PLAYS_BY_PRESENCE[tuple(map(bool, state.hands[player]))]


@checks_its_state
def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` now, in a fixed order (seat order, then the centre).

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> s.played, s.taker, legal_actions(s, 0), legal_actions(s, 1)
        ((1, 0, 2), 0, (Take(seat=1),), ())
        >>> len(legal_actions(fc.initial_state(fc.Config(players=3)), 0))
        5
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if type(player) is int:
        if _may_commit(state, player):
            return _plays(state, player)
        if state.taker == player and not state.game_over:
            snatching = state.snatching
            assert snatching is not None, "a taker acts in a snatch"  # FC-4
            return _takes(state.played, state.taken, _PREY[snatching], state.centre)
    check_actor_seat(player, state.config.players)
    return ()  # a seat that does not act now


@lru_cache(maxsize=4096)
def _takes(
    played: tuple[int | None, ...], taken: tuple[bool, ...], prey: int, centre: Counts
) -> tuple[Action, ...]:
    # Exactly what `_why_not_take` accepts: the prey seats, then the centre if it holds one.
    options: list[Action] = [TAKES[s] for s in _prey_seats(played, taken, prey)]
    if centre[prey]:
        options.append(TAKE_CENTRE)
    return tuple(options)


def why_not(state: State, player: int, action: object) -> str | None:
    """Why `action` by `player` is not legal now, or None when it is.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to check.

    Raises:
        InvalidSeatError: `player` is neither a seat nor CHANCE (checked first).
        InvalidActionError: `action` is not an action of this game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> why_not(s, 0, fc.Take(1)), why_not(s, 0, fc.Take(2))
        (None, 'seat 2 has no worm to take this pass (FC-4)')
        >>> why_not(s, 1, fc.Take(0))
        'seat 0 acts now'
    """
    check_move(player, action, state.config.players, ACTION_TYPES, TITLE)
    acting = actors(state)
    if player not in acting:
        return describe_actors(acting)
    if state.taker is None:
        if isinstance(action, Play):
            return _why_not_play(state, player, _kind(action.animal))
        return "every player commits an animal now (FC-3)"
    if isinstance(action, Take):
        return _why_not_take(state, action.seat)
    if isinstance(action, TakeFromCentre):
        return _why_not_take(state, None)
    return "this seat must take a prey now (FC-4, FC-6)"


# ---------------------------------------------------------------- transitions


@checks_its_state
def apply_action(state: State, player: int, action: Action) -> State:
    """The state after `player` takes `action`; `state` itself is never changed.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to apply.

    Raises:
        InvalidSeatError: `player` is neither a seat nor CHANCE (checked first).
        InvalidActionError: `action` is not an action of this game, whoever acts.
        GameOverError, NotYourTurnError, IllegalActionError: as their names say, with the reason.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> after = apply_action(s, 0, fc.Take(1))
        >>> after.stacks, after.taker, legal_actions(after, 2)
        (((0,), (), ()), 2, (Take(seat=0),))
        >>> apply_action(s, -1, None)  # CHANCE is -1
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.InvalidActionError: None is not a Food Chain action
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    return _apply(state, player, action, None)


def apply_traced(state: State, player: int, action: Action) -> tuple[State, tuple[Effect, ...]]:
    """`apply_action`, and the effects of the move in the order they happened (`effects`).

    The same code as `apply_action` runs (the rules note each effect as they apply it), so the
    next state is exactly the one `apply_action` gives, and the effects are the move's whole
    story: a reader never compares two states to work out what happened.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to apply.

    Raises:
        TablefeastError: as `apply_action` (nothing changed).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_action(apply_action(fc.initial_state(fc.Config(players=3)), 0, bird), 1, worm)
        >>> after, effects = apply_traced(s, 2, cat)
        >>> after == apply_action(s, 2, cat), [type(e).__name__ for e in effects]
        (True, ['AnimalPlayed', 'Revealed', 'SnatchBegins'])
        >>> apply_traced(after, 0, fc.Take(1))[1][0]
        PreyTaken(seat=0, predator=<Animal.BIRD: 'bird'>, victim=1, prey=<Animal.WORM: 'worm'>, ...)
    """
    trace: list[Effect] = []
    after = _apply(state, player, action, trace)
    return after, tuple(trace)


def _apply(state: State, player: int, action: Action, trace: list[Effect] | None) -> State:
    # The fast paths take only an int seat that acts now and an action of an exact class of
    # this game, so nothing `check_move` would refuse gets through them. `type(action) is C`
    # is what lets mypy narrow the action. The taker is tested first: a seat that commits
    # never is the taker (`_may_commit`), and a take needs one class test.
    if type(player) is int:
        if state.taker == player and not state.game_over:  # a take (FC-4)
            if type(action) is Take:
                reason = _why_not_take(state, action.seat)
                if reason is None:
                    return _take(state, player, action.seat, trace)
                raise illegal(player, action, reason)
            if type(action) is TakeFromCentre:
                reason = _why_not_take(state, None)
                if reason is None:
                    return _take(state, player, None, trace)
                raise illegal(player, action, reason)
        elif type(action) is Play and _may_commit(state, player):  # a commitment (FC-3)
            kind = _kind(action.animal)
            reason = _why_not_play(state, player, kind)
            if reason is None:
                if trace is not None:
                    _note_play(state, player, kind, trace)
                commitments = reveal.commit(state.commitments, player, kind)
                if None in commitments:
                    fields = state.__dict__.copy()  # a hot path: build the next state directly
                    fields["commitments"] = commitments
                    nxt = _new(State)
                    _set_fields(nxt, fields)
                    return nxt
                return _reveal(state, commitments, trace)
            raise illegal(player, action, reason)
    check_move(player, action, state.config.players, ACTION_TYPES, TITLE)
    check_turn(actors(state), player)
    raise illegal(player, action, why_not(state, player, action))


def opening(state: State) -> tuple[Effect, ...]:
    """What the game's first state tells before anyone acts: round 1 begins and the hands are
    taken up (FC-1, FC-2). No move of its own begins it, so the game's first commitment tells
    it first (`Capabilities.opening`); ``()`` for any later state.

    Examples:
        >>> from tablefeast.games.food_chain.config import Config
        >>> from tablefeast.games.food_chain.state import initial_state
        >>> [type(e).__name__ for e in opening(initial_state(Config(players=3)))]
        ['RoundBegins', 'HandsTaken']
    """
    if state.round == 1 and state.pass_number == 1 and all(c is None for c in state.commitments):
        return (fx.RoundBegins(1, state.alpha), fx.HandsTaken())
    return ()


def _note_play(state: State, seat: int, kind: int, trace: list[Effect]) -> None:
    """FC-3: the animal lies face down, after what the game's first state tells (`opening`)."""
    trace += opening(state)
    trace.append(fx.AnimalPlayed(seat, ANIMALS[kind]))


def _reveal(state: State, commitments: tuple[int | None, ...], trace: list[Effect] | None) -> State:
    """FC-3: all animals are revealed at once and leave the hands (every seat has committed)."""
    hands = []
    for hand, kind in zip(state.hands, commitments, strict=True):
        assert kind is not None, "every seat has committed"  # the last commitment reveals
        hands.append(counts_remove(hand, kind))
    if trace is not None:
        played = tuple((s, ANIMALS[k]) for s, k in enumerate(commitments) if k is not None)
        trace.append(fx.Revealed(played))
    n = state.config.players
    revealed = replace(
        state,
        hands=tuple(hands),
        commitments=(None,) * n,
        played=commitments,
        stacks=((),) * n,
        taken=(False,) * n,
    )
    return _next_snatch(revealed, None, trace)


def _takers(state: State, kind: int) -> tuple[int, ...]:
    """Seats that played `kind`, clockwise from the Alpha (FC-4)."""
    played = state.played
    return tuple([s for s in _clockwise(state.alpha, state.config.players) if played[s] == kind])


def _next_snatch(state: State, after_kind: int | None, trace: list[Effect] | None) -> State:
    """Hand the turn to the first predator kind (after `after_kind`) with takers and prey."""
    start = 0 if after_kind is None else _ORDER.index(after_kind) + 1
    played = state.played
    for kind in _ORDER[start:]:  # FC-4: birds, then cats, then dogs, then fleas
        if kind in played and _prey_left(played, state.taken, state.centre, _PREY[kind]):
            taker = _takers(state, kind)[0]
            if trace is not None:
                trace.append(fx.SnatchBegins(ANIMALS[kind], taker))
            return replace(state, snatching=kind, taker=taker)
    return _secure(replace(state, snatching=None, taker=None), trace)


def _take(state: State, taker: int, seat: int | None, trace: list[Effect] | None) -> State:
    snatching = state.snatching
    assert snatching is not None, "a prey is taken in a snatch"  # the taker acts (FC-4)
    prey = _PREY[snatching]
    if trace is not None:
        _note_take(state, taker, seat, prey, trace)
    stacks = list(state.stacks)
    taken = list(state.taken)
    centre = state.centre
    if seat is None:
        centre = counts_remove(centre, prey)  # centre prey have nothing under them (FC-5)
        stacks[taker] = (*stacks[taker], prey)
    else:
        # FC-5, FC-7: the prey goes under the taker's animal with everything under it.
        stacks[taker] = (*stacks[taker], prey, *stacks[seat])
        stacks[seat] = ()
        taken[seat] = True
    fields = state.__dict__.copy()  # a hot path: build the next state directly
    fields["stacks"] = tuple(stacks)
    fields["taken"] = now_taken = tuple(taken)
    fields["centre"] = centre
    if _prey_left(state.played, now_taken, centre, prey):
        takers = _takers(state, snatching)
        fields["taker"] = takers[(takers.index(taker) + 1) % len(takers)]  # FC-4: clockwise
        nxt = _new(State)  # `from_fields` written out: a hot path
        _set_fields(nxt, fields)
        return nxt
    return _next_snatch(from_fields(State, fields), snatching, trace)


def _note_take(state: State, taker: int, seat: int | None, prey: int, trace: list[Effect]) -> None:
    """FC-4, FC-5: who took what; a predator that already holds a stack took before this pass
    (only its own takes lie under it, and a predator kind snatches before it can be taken)."""
    snatching = state.snatching
    assert snatching is not None, "a prey is taken in a snatch"
    predator = ANIMALS[snatching]
    again = bool(state.stacks[taker])
    if seat is None:
        trace.append(fx.CentrePreyTaken(taker, predator, ANIMALS[prey], again))
    else:
        under = tuple([ANIMALS[k] for k in state.stacks[seat]])  # FC-7: goes with the prey
        trace.append(fx.PreyTaken(taker, predator, seat, ANIMALS[prey], under, again))


def _secure(state: State, trace: list[Effect] | None) -> State:
    """FC-8: each played animal goes to its scoring pile, the centre, the box, or nowhere."""
    piles = list(state.piles)
    centre = state.centre
    fleas_out = state.fleas_out
    for seat, kind in enumerate(state.played):
        if kind is None or state.taken[seat]:
            continue  # a snatched animal scores nothing for its owner
        stack = state.stacks[seat]
        if stack:
            pile = counts_put(piles[seat], kind)
            for under in stack:
                pile = counts_put(pile, under)
            piles[seat] = pile
            if trace is not None:
                trace.append(_secured(state, seat, kind, stack))
        elif kind == FLEA:
            fleas_out += 1  # a Flea that took nothing leaves the round
            if trace is not None:
                trace.append(fx.FleaLeaves(seat))
        else:
            centre = counts_put(centre, kind)
            if trace is not None:
                trace.append(fx.GoesToCentre(seat, ANIMALS[kind]))
    n = state.config.players
    secured = replace(
        state,
        played=(None,) * n,
        stacks=((),) * n,
        taken=(False,) * n,
        piles=tuple(piles),
        centre=centre,
        fleas_out=fleas_out,
    )
    if state.pass_number < PASSES:
        if trace is not None:
            trace.append(fx.PassBegins(state.pass_number + 1))  # FC-2
        return replace(secured, pass_number=state.pass_number + 1)
    return _end_round(secured, trace)


def _secured(state: State, seat: int, kind: int, stack: tuple[int, ...]) -> fx.Secured:
    """The effect of securing `seat`'s animal with `stack`, and its stars (FC-8, FC-9)."""
    stars = state.config.stars
    worth = stars[kind] + sum([stars[k] for k in stack])
    return fx.Secured(seat, ANIMALS[kind], tuple([ANIMALS[k] for k in stack]), worth)


def _end_round(state: State, trace: list[Effect] | None) -> State:
    """FC-9: score the piles; FC-1: the next Alpha is the old one's left neighbour."""
    totals = scores(state)
    config = state.config
    last = state.round == config.players  # FC-1, FC-10: everyone has been Alpha once
    stars = tuple([t - s for t, s in zip(totals, state.totals, strict=True)])
    if trace is not None:
        trace.append(fx.RoundScored(state.round, stars, totals, last))
    if last:
        over = replace(state, game_over=True)  # the last piles stay, counted by `scores`
        if trace is not None:
            trace.append(fx.GameOver(totals, tuple(sorted(winners(over)))))  # FC-10
        return over
    alpha = left_of(state.alpha, config.players)
    if trace is not None:
        trace += (fx.RoundBegins(state.round + 1, alpha), fx.HandsTaken())  # FC-2
    return new_round(config, state.round + 1, alpha, totals, (*state.rounds, stars))


# ---------------------------------------------------------------- scoring


def scores(state: State) -> tuple[int, ...]:
    """Totals of finished rounds plus the stars in this round's scoring piles (FC-9).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> s = apply_action(apply_action(s, 0, fc.Take(1)), 2, fc.Take(0))
        >>> s.piles[2], scores(s)
        ((1, 1, 1, 0, 0), (0, 0, 6))
    """
    stars = state.config.stars
    return tuple(
        total + sum(s * c for s, c in zip(stars, pile, strict=True))
        for total, pile in zip(state.totals, state.piles, strict=True)
    )


def winners(state: State) -> frozenset[int]:
    """Once over, every seat with the highest total (FC-10).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> scores(end), winners(end), winners(fc.initial_state(fc.Config(players=3)))
        ((67, 52, 35), frozenset({0}), frozenset())
    """
    if not state.game_over:
        return frozenset()
    final = scores(state)
    return frozenset(s for s, v in enumerate(final) if v == max(final))
