"""Who acts, what is legal, and what an action does: the rules of Mausgeflippt.

Every legality question has one answer, given by a ``_why_not_*`` function that returns the reason
an action is illegal (or None); `legal_actions` and `apply_action` both use it, so they can never
disagree. A race is a simultaneous commit (MG-2); the end of a race is resolved by `race.resolve`,
and whatever follows without a decision (a known mouse under the stack, a reshuffle) by
`race.settle`. `apply_traced` runs the same transitions as `apply_action` and returns the move's
effects (`effects`) as well: each transition notes them as it applies them, when given a trace.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> actors(s), chance_distribution(s).total  # chance deals from 58 clothing cards
    ((-1,), 58)
"""

from __future__ import annotations

from itertools import compress

from tablefeast.games.mausgeflippt import effects as fx
from tablefeast.games.mausgeflippt.actions import (
    ACTION_TYPES,
    Action,
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Pass,
    Play,
    RevealCheese,
    RevealMouse,
)
from tablefeast.games.mausgeflippt.catalog import TITLE
from tablefeast.games.mausgeflippt.config import (
    CHEESE_PENALTY,
    CLOTHING_PENALTY,
    MAX_FACE_DOWN,
    MOUSE_POINTS,
)
from tablefeast.games.mausgeflippt.race import (
    claimants,
    face_up_cards,
    fastest_chance,
    lay,
    note_barred,
    possible_fastest,
    resolve,
    settle,
    take_cheese,
)
from tablefeast.games.mausgeflippt.state import FLIP, PASS, State
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import CHANCE, Distribution, trusted_distribution
from tablefeast.kernel.deck import counts_remove
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.errors import IllegalActionError, InvalidActionError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.ruleset import (
    chance_outcomes_of,
    check_move,
    check_turn,
    checks_its_state,
    describe_actors,
    illegal,
    not_a_state,
)
from tablefeast.kernel.seats import check_actor_seat
from tablefeast.kernel.values import FrozenDict, dict_setter
from tablefeast.kernel.wording import count_word

_new = object.__new__
_set_fields = dict_setter(State)

__all__ = [
    "actors",
    "apply_action",
    "apply_traced",
    "chance_distribution",
    "chance_outcomes",
    "clothing_in_front",
    "is_terminal",
    "legal_actions",
    "penalty_points",
    "scores",
    "why_not",
    "winners",
]

PASS_ACTION = Pass()
FLIP_ACTION = Flip()
_SEATS = tuple(tuple(range(n)) for n in range(7))

# The chance nodes, in the order they come up (see `state`).
MOUSE_AWARD, CHEESE_AWARD, DRAW, TURN_CHEESE, TURN_MOUSE, FASTEST = range(6)
_PHASE_TEXT = (
    "a mouse from the top of the stack is given to a right claimant (MG-8)",
    "the next cheese is given to a claimant (MG-8)",
    "a clothing card is drawn",
    "the next cheese is turned face up",
    "the next mouse is turned",
    "chance says who was fastest (MG-3)",
)


# ---------------------------------------------------------------- who acts


def _may_commit(state: State, player: int) -> bool:
    """True when `player` is a seat still to commit in this race (MG-2).

    The same test as `actors` for one seat, without building the tuple.
    """
    return (
        state.racing
        and 0 <= player < len(state.commitments)
        and (state.commitments[player] is None)
    )


def _phase(state: State) -> int | None:
    """Which chance node the state is at, or None when it is not at one."""
    if state.racing:
        return FASTEST if None not in state.commitments else None
    if state.game_over or state.placers:
        return None
    if state.mouse_awards:
        return MOUSE_AWARD
    if state.cheese_awards:
        return CHEESE_AWARD
    if state.pending_draws:
        return DRAW
    if state.cheese_to_turn:
        return TURN_CHEESE
    return TURN_MOUSE


@checks_its_state
def actors(state: State) -> tuple[int, ...]:
    """Seats to act now: CHANCE for pending chance work, else the seats still to commit.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> actors(mg.initial_state(mg.Config(players=3))), actors(s)
        ((-1,), (0, 1, 2))
        >>> actors(apply_action(s, 0, mg.Pass()))
        (1, 2)
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if state.racing:
        waiting = reveal.pending(_SEATS[state.config.players], state.commitments)  # MG-2
        return waiting or (CHANCE,)  # MG-3: everybody committed; who was fastest?
    if state.game_over:
        return ()
    return state.placers[:1] or (CHANCE,)  # MG-17: a wrong flipper chooses first


def is_terminal(state: State) -> bool:
    """True once the game has ended (MG-12, MG-13).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> is_terminal(mg.initial_state(mg.Config(players=3)))
        False
        >>> is_terminal(play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=1).state)
        True
    """
    return state.game_over


# ---------------------------------------------------------------- chance


@checks_its_state
def chance_distribution(state: State) -> Distribution[Action]:
    """The exact distribution of the current chance node.

    Args:
        state: the state of the game, at a chance node.

    Raises:
        IllegalActionError: the state is not a chance node.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> d = chance_distribution(mg.initial_state(mg.Config(players=3)))
        >>> d.total, d.probability(mg.DrawClothing("tie", "blue"))
        (58, Fraction(1, 29))
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    phase = _phase(state)
    tables = state.config.card_set.tables
    if phase == DRAW:
        pile = state.clothing_pile
        return trusted_distribution((tables.draws, pile, sum(pile)))
    if phase in (TURN_MOUSE, MOUSE_AWARD):
        unseen = state.mice.unseen
        return trusted_distribution((tables.reveal_mice, unseen, sum(unseen)))
    if phase in (TURN_CHEESE, CHEESE_AWARD):
        cheeses = state.cheese_pile
        return trusted_distribution((tables.reveal_cheeses, cheeses, sum(cheeses)))
    if phase == FASTEST:
        return fastest_chance(state.config, claimants(state.commitments))
    raise IllegalActionError("not a chance node: " + _who(state))


chance_outcomes = chance_outcomes_of(chance_distribution)
"""``(outcome, exact probability)`` pairs of the current chance node (see
`tablefeast.kernel.ruleset.chance_outcomes_of`)."""


def _who(state: State) -> str:
    phase = _phase(state)
    if state.placers and not state.game_over:
        doing = "choose the card that lies face down after a wrong flip (MG-17)"
    else:
        doing = "commit in this race" if phase is None else _PHASE_TEXT[phase]
    return describe_actors(actors(state), doing)


# ---------------------------------------------------------------- legality ("why not?")


_NO_ITEMS: FrozenDict[str, int] = FrozenDict()


def _held_index(state: State, seat: int, play: Play) -> int | None:
    """The index of the item `play` names when `seat` holds it (MG-2), else None: the legality
    test of a Play, which also gives the commitment code (an action's hash runs Python code, so
    it is found once)."""
    index = state.config.card_set.tables.by_kind.get(play.kind, _NO_ITEMS).get(play.colour)
    return index if index is not None and state.hands[seat][index] else None


def _why_not_play(state: State, seat: int, play: Play) -> str | None:
    if _held_index(state, seat, play) is not None:
        return None
    if play not in state.config.card_set.tables.play_index:
        return f"{play.kind}/{play.colour} is not a clothing item of this card set (MG-0)"
    return f"seat {seat} holds no {play.kind}/{play.colour} (MG-2)"


def _drawn_index(state: State, action: DrawClothing) -> int | None:
    """The index of the card `action` draws when the clothing pile holds it (MG-1), else None."""
    index = state.config.card_set.tables.by_kind.get(action.kind, _NO_ITEMS).get(action.colour)
    return index if index is not None and state.clothing_pile[index] else None


def _why_not_flip(state: State, seat: int) -> str | None:
    if sum(state.face_down[seat]) >= MAX_FACE_DOWN:  # MG-6
        return (
            f"seat {seat} has {count_word(MAX_FACE_DOWN)} face-down cards and may no longer flip"
            " (MG-6)"
        )
    return None


def _why_not_outcome(state: State, phase: int, action: object) -> str | None:
    tables = state.config.card_set.tables
    if phase == DRAW:
        if type(action) is not DrawClothing:
            return "chance acts now: a clothing card is drawn"
        if _drawn_index(state, action) is None:
            return f"no {action.kind}/{action.colour} is in the clothing pile (MG-1)"
        return None
    if phase in (TURN_MOUSE, MOUSE_AWARD):
        if type(action) is not RevealMouse:
            return "chance acts now: " + _PHASE_TEXT[phase]
        index = tables.mouse_index.get(action.mouse)
        if index is None or not state.mice.unseen[index]:
            return f"mouse {action.mouse} is not in the unseen part of the mouse stack (MG-2)"
        return None
    if phase in (TURN_CHEESE, CHEESE_AWARD):
        if type(action) is not RevealCheese:
            return "chance acts now: " + _PHASE_TEXT[phase]
        index = tables.cheese_index.get(action.cheese)
        if index is None or not state.cheese_pile[index]:
            return f"no {action.cheese} is in the cheese pile (MG-1)"
        return None
    if type(action) is not Fastest:
        return "chance acts now: " + _PHASE_TEXT[FASTEST]
    racers = claimants(state.commitments)
    if action in possible_fastest(state.config, racers):
        return None
    if not set(action.seats) <= set(racers):
        return f"only the claimants {racers} can be fastest, not {action.seats} (MG-3)"
    return (
        f"an unclear tie of {action.seats} is impossible with tie_probability "
        f"{state.config.tie_probability} (MG-3)"
        if len(action.seats) > 1
        else f"seat {action.seats[0]} cannot be alone fastest with tie_probability 1 (MG-3)"
    )


def _placed_index(state: State, seat: int, action: FaceDown) -> int | None:
    """The index of the item `action` names when `seat` chooses now and places a card of it
    (MG-17), else None: the legality test of a FaceDown."""
    if not state.placers or state.placers[0] != seat or state.game_over:
        return None
    index = state.config.card_set.tables.by_kind.get(action.kind, _NO_ITEMS).get(action.colour)
    return index if index is not None and state.placing[seat][index] else None


def _why_not_face_down(state: State, seat: int, action: FaceDown) -> str | None:
    if _placed_index(state, seat, action) is not None:
        return None
    if action not in state.config.card_set.tables.face_down_index:
        return f"{action.kind}/{action.colour} is not a clothing item of this card set (MG-0)"
    return f"seat {seat} lays no {action.kind}/{action.colour} in front of it (MG-17)"


def _choices(state: State, seat: int) -> tuple[Action, ...]:
    plays = compress(state.config.card_set.tables.plays, state.hands[seat])
    if _why_not_flip(state, seat) is None:
        return (PASS_ACTION, *plays, FLIP_ACTION)
    return (PASS_ACTION, *plays)


@checks_its_state
def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` now, in a fixed order (for CHANCE: the outcomes).

    A racing seat may always Pass, Play any item it holds, and Flip unless it has three
    face-down cards (MG-6); a Flip with a matching item in hand is legal: it is the mistake
    the rules punish.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3))
        >>> len(legal_actions(s, CHANCE)), legal_actions(s, 0)
        (26, ())
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if type(player) is int and _may_commit(state, player):
        return _choices(state, player)
    check_actor_seat(player, state.config.players)
    if state.placers[:1] == (player,) and not state.game_over:  # MG-17
        return tuple(compress(state.config.card_set.tables.face_downs, state.placing[player]))
    if player != CHANCE or player not in actors(state):
        return ()
    return chance_distribution(state).outcomes


def why_not(state: State, player: int, action: object) -> str | None:
    """Why `action` by `player` is not legal now, or None when it is.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to check.

    Raises:
        InvalidActionError: `action` is not an action of this game at all.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> why_not(s, 0, mg.Flip()), why_not(s, 0, mg.Play("tie", "blue"))
        (None, 'seat 0 holds no tie/blue (MG-2)')
        >>> why_not(s, CHANCE, mg.Fastest((0,)))
        'seats 0, 1 and 2 act now: commit in this race'
    """
    if not isinstance(action, ACTION_TYPES):
        raise InvalidActionError(f"{shown(action)} is not a Mausgeflippt action")
    check_actor_seat(player, state.config.players)
    if player not in actors(state):
        return _who(state)
    if player == CHANCE:
        phase = _phase(state)
        assert phase is not None, "chance acts at a chance node"  # CHANCE is an actor now
        return _why_not_outcome(state, phase, action)
    if state.placers and not state.racing:  # MG-17: the chooser acts (checked above)
        if isinstance(action, FaceDown):
            return _why_not_face_down(state, player, action)
        return "after a wrong flip the seat lays one card face down: FaceDown (MG-17)"
    if isinstance(action, Pass):
        return None
    if isinstance(action, Play):
        return _why_not_play(state, player, action)
    if isinstance(action, Flip):
        return _why_not_flip(state, player)
    return "in a race a seat commits Pass, Play or Flip (MG-2)"


# ---------------------------------------------------------------- transitions


@checks_its_state
def apply_action(state: State, player: int, action: Action) -> State:
    """The state after `player` takes `action`; `state` itself is never changed.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to apply (for CHANCE: the outcome).

    Raises:
        InvalidSeatError: `player` is not a seat (nor CHANCE), checked first.
        InvalidActionError: not an action of this game (whoever acts, CHANCE included).
        GameOverError: the game is over.
        NotYourTurnError: `player` is not to act now.
        IllegalActionError: the action is not legal now (the message says why).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL + "; 0: play jacket/red; 1: pass")
        >>> after = apply_action(s, 2, mg.Pass())
        >>> after.caught, after.pending_draws, scores(after)
        (((19,), (), ()), (0,), (1, 0, 0))
        >>> apply_action(s, 2, mg.Play("tie", "blue"))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.IllegalActionError: Play(kind='tie', colour='blue') by ...
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
        action: the action to apply (for CHANCE: the outcome).

    Raises:
        TablefeastError: as `apply_action` (nothing changed).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL + "; 0: play jacket/red; 1: pass")
        >>> for effect in apply_traced(s, 2, mg.Pass())[1]:
        ...     print(effect)
        Commitment(seat=2, choice=-1, last=True)
        Revealed(choices=(10, -1, -1))
        PlayLanded(seat=0, item=10, mouse=19, worn=True)
        MouseCaught(seat=0, mouse=19)
    """
    trace: list[Effect] = []
    after = _apply(state, player, action, trace)
    return after, tuple(trace)


def _apply(state: State, player: int, action: Action, trace: list[Effect] | None) -> State:
    # The fast paths take only an int seat that acts now and an action of an exact class of
    # this game, so nothing `check_move` would refuse gets through them; anything else falls
    # through to the full checks below. `type(action) is C` is what lets mypy narrow it.
    if type(player) is not int:
        pass
    elif player >= 0 and _may_commit(state, player):
        # The race (MG-2): the most frequent decision; legality from the shared checks.
        if type(action) is Play:
            index = _held_index(state, player, action)
            if index is not None:
                return _commit(state, player, index, trace)
            reason = _why_not_play(state, player, action)
        elif type(action) is Pass:
            return _commit(state, player, PASS, trace)
        elif type(action) is Flip:
            reason = _why_not_flip(state, player)
            if reason is None:
                return _commit(state, player, FLIP, trace)
    elif type(action) is FaceDown and player >= 0:
        index = _placed_index(state, player, action)
        if index is not None:
            return _face_down(state, player, index, trace)
    elif player == CHANCE and (phase := _phase(state)) is not None:
        if phase == DRAW and type(action) is DrawClothing:  # the most frequent outcome (MG-1)
            index = _drawn_index(state, action)
            if index is not None:
                return _draw(state, index, trace)
        reason = _why_not_outcome(state, phase, action)
        if reason is None:
            # The outcome fits the phase: a mouse for TURN_MOUSE and MOUSE_AWARD, a cheese for
            # TURN_CHEESE and CHEESE_AWARD, the fastest seats for FASTEST (a legal draw took
            # the fast path above).
            if type(action) is RevealMouse:
                if phase == TURN_MOUSE:
                    return _turn_mouse(state, action, trace)
                return _award_mouse(state, action, trace)
            if type(action) is RevealCheese:
                if phase == TURN_CHEESE:
                    return _turn_cheese(state, action, trace)
                return _award_cheese(state, action, trace)
            if type(action) is Fastest:
                return _fastest(state, action, trace)
        if type(action) in ACTION_TYPES:
            raise illegal(player, action, reason)
    # The seat, then the action's class: the same errors for the same misuse in every game.
    check_move(player, action, state.config.players, ACTION_TYPES, "Mausgeflippt")
    check_turn(actors(state), player)
    raise illegal(player, action, why_not(state, player, action))


def _commit(state: State, seat: int, code: int, trace: list[Effect] | None) -> State:
    commitments = reveal.commit(state.commitments, seat, code)
    if trace is not None:
        _note_commitment(seat, commitments, trace)
    if None not in commitments:
        racers = claimants(commitments)
        if len(racers) < 2:  # nobody, or one alone: no speed to decide (MG-3, MG-9)
            return resolve(state, commitments, racers, trace)
    fields = state.__dict__.copy()  # a hot path: build the next state directly
    fields["commitments"] = commitments
    nxt = _new(State)  # `from_fields` written out: a hot path
    _set_fields(nxt, fields)
    return nxt


def _note_commitment(seat: int, commitments: tuple[int | None, ...], trace: list[Effect]) -> None:
    """MG-2: a commitment, hidden; the last one reveals them all."""
    last = None not in commitments
    trace.append(fx.Commitment(seat, commitments[seat], last))
    if last:
        # Every seat has committed (`last`): the codes are all of the commitments.
        trace.append(fx.Revealed(tuple([c for c in commitments if c is not None])))


def _face_down(state: State, seat: int, index: int, trace: list[Effect] | None) -> State:
    """MG-17: a card of item `index` lies face down, the flip's other cards face up."""
    face_up = list(state.face_up)
    fields = state.__dict__.copy()
    cards = state.placing[seat]
    fields["face_down"] = face_down = lay(state.face_down, face_up, seat, cards, index)
    fields["face_up"] = tuple(face_up)
    if trace is not None:
        trace.append(fx.FaceDownChosen(seat, face_up_cards(cards, index), index))
        note_barred(face_down, seat, trace)
    placing = list(state.placing)
    placing[seat] = (0,) * len(placing[seat])
    fields["placing"] = tuple(placing)
    fields["placers"] = placers = state.placers[1:]
    if not placers:
        fields["placing_mouse"] = None
    return settle(fields, trace)


def _in_setup(state: State) -> bool:
    """No mouse has been turned yet: the deal and the first cheese (MG-1)."""
    unseen = state.mice.unseen
    return (
        state.open_mouse is None
        and not state.mice.bottom
        and not any(state.caught)
        and sum(unseen) == len(unseen)
    )


def _note_draw(state: State, seat: int, index: int, trace: list[Effect]) -> None:
    """A card drawn into `seat`'s hand: face up to all for a young player (MG-15)."""
    config = state.config
    deal = _in_setup(state)
    if deal and not any(map(any, state.hands)):  # the deal's first card tells the deal (MG-1)
        seats = range(config.players)
        cards = tuple(config.hand_size(s) for s in seats)
        young = tuple(s for s in seats if s in config.young_seats)
        trace.append(fx.Dealt(cards, young, sum(state.clothing_pile)))
    trace.append(fx.CardDrawn(seat, index, seat in config.young_seats, deal))


def _draw(state: State, index: int, trace: list[Effect] | None) -> State:
    seat = state.pending_draws[0]
    if trace is not None:
        _note_draw(state, seat, index, trace)
    hands = list(state.hands)
    hand = list(hands[seat])
    hand[index] += 1
    hands[seat] = tuple(hand)
    pile = list(state.clothing_pile)
    pile[index] -= 1
    fields = state.__dict__.copy()
    fields["hands"] = tuple(hands)
    fields["clothing_pile"] = new_pile = tuple(pile)
    fields["pending_draws"] = pending = state.pending_draws[1:]
    if pending and any(new_pile):
        nxt = _new(State)  # `from_fields` written out: a hot path
        _set_fields(nxt, fields)
        return nxt
    return settle(fields, trace)


def _turn_mouse(state: State, action: RevealMouse, trace: list[Effect] | None) -> State:
    tables = state.config.card_set.tables
    index = tables.mouse_index[action.mouse]
    if trace is not None:  # MG-2, MG-7
        protected = tables.mouse_cheese[index] == state.open_cheese
        trace.append(fx.MouseTurned(state.turner, index, protected))
    fields = state.__dict__.copy()
    fields["mice"] = state.mice.remove_unseen(index)
    fields["open_mouse"] = index
    fields["racing"] = True  # MG-2: the race begins
    nxt = _new(State)  # `from_fields` written out: a hot path
    _set_fields(nxt, fields)
    return nxt


def _award_mouse(state: State, action: RevealMouse, trace: list[Effect] | None) -> State:
    index = state.config.card_set.tables.mouse_index[action.mouse]
    seat = state.mouse_awards[0]
    if trace is not None:
        trace.append(fx.MouseGiven(seat, index, known=False))
    caught = list(state.caught)
    caught[seat] += (index,)  # MG-8: a mouse from the top of the stack
    fields = state.__dict__.copy()
    fields["mice"] = state.mice.remove_unseen(index)
    fields["caught"] = tuple(caught)
    fields["mouse_awards"] = state.mouse_awards[1:]
    return settle(fields, trace)


def _award_cheese(state: State, action: RevealCheese, trace: list[Effect] | None) -> State:
    index = state.config.card_set.tables.cheese_index[action.cheese]
    if trace is not None:
        trace.append(fx.CheeseGiven(state.cheese_awards[0], index))
    fields = state.__dict__.copy()
    fields["cheese_pile"] = counts_remove(state.cheese_pile, index)
    fields["cheeses"] = take_cheese(state.cheeses, state.cheese_awards[0], index)  # MG-8
    fields["cheese_awards"] = state.cheese_awards[1:]
    return settle(fields, trace)


def _turn_cheese(state: State, action: RevealCheese, trace: list[Effect] | None) -> State:
    index = state.config.card_set.tables.cheese_index[action.cheese]
    if trace is not None:
        trace.append(fx.CheeseTurned(index, first=_in_setup(state)))
    fields = state.__dict__.copy()
    fields["cheese_pile"] = counts_remove(state.cheese_pile, index)
    fields["open_cheese"] = index  # MG-1, MG-7
    fields["cheese_to_turn"] = False
    return settle(fields, trace)


def _fastest(state: State, action: Fastest, trace: list[Effect] | None) -> State:
    fastest = action.seats
    if trace is not None:  # MG-3: the others were too slow
        slow = tuple(s for s in claimants(state.commitments) if s not in fastest)
        trace.append(fx.FastestClaimants(fastest, slow))
    return resolve(state, state.commitments, fastest, trace)


# ---------------------------------------------------------------- scoring


def penalty_points(state: State, seat: int) -> int:
    """Penalty points of `seat`: 1 per clothing card in front (face up, face down, or about to
    be laid after a wrong flip, MG-17), 2 per cheese (MG-14).

    Args:
        state: the state of the game.
        seat: the seat asked about.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> flipped = apply_joint(mg, s, {0: mg.Flip(), 1: mg.Pass(), 2: mg.Pass()})
        >>> penalty_points(flipped, 0), scores(flipped)
        (1, (-1, 0, 0))
    """
    cheeses = sum(state.cheeses[seat])
    return CLOTHING_PENALTY * clothing_in_front(state, seat) + CHEESE_PENALTY * cheeses


def clothing_in_front(state: State, seat: int) -> int:
    """The clothing cards in front of `seat`: face up, face down, or about to be laid after a
    wrong flip (MG-14, MG-17).

    Args:
        state: the state of the game.
        seat: the seat asked about.
    """
    return sum(state.face_up[seat]) + sum(state.face_down[seat]) + sum(state.placing[seat])


def scores(state: State) -> tuple[int, ...]:
    """Running scores: +1 per mouse, -1 per clothing card in front, -2 per cheese (MG-14).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> caught = apply_joint(mg, s, {0: mg.Play("jacket", "red"), 1: mg.Pass(), 2: mg.Pass()})
        >>> scores(s), caught.caught, scores(caught)
        ((0, 0, 0), ((19,), (), ()), (1, 0, 0))
    """
    return tuple(
        MOUSE_POINTS * len(state.caught[seat]) - penalty_points(state, seat)
        for seat in range(state.config.players)
    )


def winners(state: State) -> frozenset[int]:
    """The winning seats once the game is over: highest score, then fewest penalty points,
    then a shared win (MG-14).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> scores(end), winners(end), winners(mg.initial_state(mg.Config(players=3)))
        ((-14, -14, -13), frozenset({2}), frozenset())
    """
    if not state.game_over:
        return frozenset()
    keys = [(sc, -penalty_points(state, seat)) for seat, sc in enumerate(scores(state))]
    best = max(keys)
    return frozenset(seat for seat, key in enumerate(keys) if key == best)
