"""Who acts, what is legal, and what an action does: the rules of Schlacht am Buffet.

Every legality question has one answer, given by a ``_why_not_*`` function that returns the reason
an action is illegal (or None); `legal_actions` and `apply_action` both use it, so they can never
disagree. The two most frequent transitions (a card draw, a card commitment) build the next state
directly; rarer ones (the end of a step, of a round) use `replace`.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> actors(s), len(legal_actions(s, CHANCE)), is_terminal(s)  # chance deals first
    ((-1,), 11, False)
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping
from functools import cache

from tablefeast.games.schlacht_am_buffet import effects as fx
from tablefeast.games.schlacht_am_buffet.actions import (
    ACTION_TYPES,
    Action,
    DrawCard,
    Exchange,
    Play,
    RevealPlate,
    trusted_exchanges,
)
from tablefeast.games.schlacht_am_buffet.catalog import TITLE
from tablefeast.games.schlacht_am_buffet.components import (
    CARD_VALUES,
    HAND_SIZE,
    MAX_POSITION,
    NUM_CARD_TYPES,
    PLATES,
    Plate,
)
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import CHANCE, Distribution, trusted_distribution
from tablefeast.kernel.deck import Counts, counts_add, counts_remove, is_sub_multiset
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
from tablefeast.kernel.seats import check_actor_seat, left_of, next_among
from tablefeast.kernel.values import FrozenDict, dict_setter, replace

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
    "scores",
    "top_plates",
    "why_not",
    "winners",
]

PLAYS: tuple[Play, ...] = tuple(Play(v) for v in CARD_VALUES)
DRAWS: tuple[DrawCard, ...] = tuple(DrawCard(v) for v in CARD_VALUES)


# ---------------------------------------------------------------- who acts


def _may_commit(state: State, player: int) -> bool:
    """True when `player` is one of the racers still to commit this step (SAB-5).

    The same test as `actors` for one seat, without building the tuple: `legal_actions` and
    the commitment fast path of `apply_action` both use it.
    """
    return (
        player >= 0
        and state.exchanger is None
        and not state.pending_draws
        and not state.to_reveal
        and not state.game_over
        and player in state.racing
        and state.commitments[player] is None
    )


@checks_its_state
def actors(state: State) -> tuple[int, ...]:
    """Seats to act now: the exchanger, else CHANCE (a draw or reveal), else uncommitted racers.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> actors(sab.initial_state(sab.Config(players=3)))
        (-1,)
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> actors(s), actors(apply_action(s, 0, sab.Play(9)))
        ((0, 1, 2), (1, 2))
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if state.game_over:
        return ()
    if state.exchanger is not None:
        return (state.exchanger,)  # SAB-7: decided at once, before anything else
    if state.pending_draws or state.to_reveal:
        return (CHANCE,)
    return reveal.pending(state.racing, state.commitments)  # SAB-5


def is_terminal(state: State) -> bool:
    """True once the game has ended (SAB-15).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> is_terminal(sab.initial_state(sab.Config(players=3)))
        False
        >>> is_terminal(play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=1).state)
        True
    """
    return state.game_over


# ---------------------------------------------------------------- chance


REVEALS: tuple[RevealPlate, ...] = tuple(RevealPlate(p) for p in PLATES)


def _rank(plate: Plate) -> int:
    return plate.rank


@checks_its_state
def chance_distribution(state: State) -> Distribution[Action]:
    """The exact distribution of the current chance node (a card draw or a plate reveal).

    Args:
        state: the state of the game, at a chance node.

    Raises:
        IllegalActionError: the state is not a chance node.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> d = chance_distribution(sab.initial_state(sab.Config(players=3)))
        >>> d.total, d.probability(sab.DrawCard(9))
        (110, Fraction(1, 11))
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if state.exchanger is None and not state.game_over:
        if state.pending_draws:
            pile = state.draw_pile
            return trusted_distribution((DRAWS, pile, sum(pile)))
        if state.to_reveal:
            supply = state.supply  # SAB-2: every face-down plate equally likely
            return trusted_distribution((REVEALS, supply, sum(supply)))
    raise IllegalActionError("not a chance node: " + _who(state))


chance_outcomes = chance_outcomes_of(chance_distribution)
"""``(outcome, exact probability)`` pairs of the current chance node (see
`tablefeast.kernel.ruleset.chance_outcomes_of`)."""


def _who(state: State) -> str:
    return describe_actors(actors(state))


# ---------------------------------------------------------------- legality ("why not?")


def _why_not_play(hand: Counts, card: int) -> str | None:
    if hand[card + 1] == 0:
        return f"card {card} is not in this hand (SAB-5)"
    return None


def _why_not_exchange(hand: Counts, discard: tuple[int, ...]) -> str | None:
    wanted = [0] * NUM_CARD_TYPES
    for card in discard:
        wanted[card + 1] += 1
    if not is_sub_multiset(tuple(wanted), hand):
        return "an exchange may only discard cards from this hand (SAB-7)"
    return None


def _why_not_draw(state: State, card: int) -> str | None:
    if not state.pending_draws:
        return "no card is being drawn now; a plate is revealed (SAB-23)"
    if state.draw_pile[card + 1] == 0:
        return f"card {card} is not in the draw pile (SAB-1)"
    return None


def _why_not_reveal(state: State, plate: Plate) -> str | None:
    if state.pending_draws or not state.to_reveal:
        return "no plate is being revealed now; a card is drawn (SAB-23)"
    if not state.supply[plate.rank]:
        return f"plate {plate.kind.value} {plate.value} is not in the face-down supply (SAB-2)"
    return None


# SAB-5: a seat may play exactly the values its hand holds. The plays for each of the 2**11
# patterns of which values a hand holds, computed once (read-only, like every table of the rules).
_PLAYS_BY_PRESENCE: Mapping[tuple[bool, ...], tuple[Play, ...]] = FrozenDict(
    {
        presence: tuple(PLAYS[i] for i in range(NUM_CARD_TYPES) if presence[i])
        for presence in itertools.product((False, True), repeat=NUM_CARD_TYPES)
    }
)


def _plays(hand: Counts) -> tuple[Play, ...]:
    # Exactly the cards `_why_not_play` accepts (a test checks this).
    return _PLAYS_BY_PRESENCE[tuple(map(bool, hand))]


def _exchanges(hand: Counts) -> tuple[Exchange, ...]:
    """Every sub-multiset of the hand (SAB-7), generated directly: they are exactly the discards
    `_why_not_exchange` accepts (a test checks this), and a hand has up to 512 of them.

    Each discard is (what it takes of the values 4..9) + (what it takes of -1..3), highest
    first, so it comes out canonical. The two halves repeat across hands far more than whole
    hands do, so their sub-multisets are memoized (a few thousand patterns, never evicted).
    """
    return trusted_exchanges(_sub_multisets(hand[5:], 4), _sub_multisets(hand[:5], -1))


@cache
def _sub_multisets(counts: Counts, lowest: int) -> tuple[tuple[int, ...], ...]:
    """All sub-multisets of `counts` (values ``lowest``, ``lowest + 1``, ...), highest first."""
    subs: list[tuple[int, ...]] = [()]
    for offset in reversed(range(len(counts))):
        if counts[offset]:
            runs = [(lowest + offset,) * k for k in range(counts[offset] + 1)]
            subs = [sub + run for sub in subs for run in runs]
    return tuple(subs)


@checks_its_state
def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` now, in a fixed order (for CHANCE: the outcomes).

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> len(legal_actions(s, CHANCE)), legal_actions(s, 0)
        (11, ())
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    if type(player) is int and _may_commit(state, player):
        return _plays(state.hands[player])
    check_actor_seat(player, state.config.players)
    if player not in actors(state):
        return ()
    if player == CHANCE:
        return chance_distribution(state).outcomes
    return _exchanges(state.hands[player])  # the only other seat decision (SAB-7)


def why_not(state: State, player: int, action: object) -> str | None:
    """Why `action` by `player` is not legal now, or None when it is.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to check.

    Raises:
        InvalidSeatError: `player` is not a seat (nor CHANCE).
        InvalidActionError: `action` is not an action of this game at all.

    Examples:
        >>> import tablefeast
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> why_not(s, 0, sab.Play(0)), why_not(s, 0, sab.Play(9))
        ('card 0 is not in this hand (SAB-5)', None)
        >>> why_not(s, tablefeast.CHANCE, sab.DrawCard(1))
        'seats 0, 1 and 2 act now'
    """
    check_move(player, action, state.config.players, ACTION_TYPES, "Schlacht am Buffet")
    acting = actors(state)
    if player not in acting:
        return _who(state)
    if player == CHANCE:
        if isinstance(action, DrawCard):
            return _why_not_draw(state, action.card)
        if isinstance(action, RevealPlate):
            return _why_not_reveal(state, action.plate)
        return "chance acts now, not a seat"
    if state.exchanger == player:
        if isinstance(action, Exchange):
            return _why_not_exchange(state.hands[player], action.discard)
        return "this seat dropped out first and must decide its exchange now (SAB-7)"
    if isinstance(action, Play):
        return _why_not_play(state.hands[player], action.card)
    return "every racing mouse must commit a card now (SAB-5)"


# ---------------------------------------------------------------- transitions


@checks_its_state
def apply_action(state: State, player: int, action: Action) -> State:
    """The state after `player` takes `action`; `state` itself is never changed.

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.
        action: the action to apply (for CHANCE: the outcome).

    Raises:
        InvalidActionError: not an action of this game.
        InvalidSeatError: `player` is not a seat (nor CHANCE).
        GameOverError: the game is over.
        NotYourTurnError: `player` is not to act now.
        IllegalActionError: the action is not legal now (the message says why).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> after = apply_action(s, 0, sab.Play(9))
        >>> after.commitments, s.commitments
        ((9, None, None), (None, None, None))
        >>> apply_action(s, 0, sab.Play(0))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.IllegalActionError: Play(card=0) by seat 0 is illegal: card 0 ...
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
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> s = sab.apply_action(s, -1, sab.DrawCard(7))
        >>> sab.apply_traced(s, -1, sab.DrawCard(2))[1]
        (CardDrawn(seat=0, card=2),)
    """
    trace: list[Effect] = []
    after = _apply(state, player, action, trace)
    return after, tuple(trace)


def _apply(state: State, player: int, action: Action, trace: list[Effect] | None) -> State:
    # Fast paths for the most frequent actions: a commitment, a card draw, a plate reveal. Each
    # is taken only for an int seat that acts now and an action of its exact class, so nothing
    # `check_move` would refuse gets through them. `type(action) is C` (not a saved class) is
    # what lets mypy narrow the action; chance comes first, so each path tests one class.
    if type(player) is not int:
        pass
    elif player == CHANCE:
        if state.exchanger is None and not state.game_over:
            # `actors` is (CHANCE,) exactly when a card is drawn or a plate revealed.
            if state.pending_draws:
                if type(action) is DrawCard:
                    reason = _why_not_draw(state, action.card)
                    if reason is None:
                        return _draw(state, action.card, trace)
                    raise illegal(player, action, reason)
            elif state.to_reveal and type(action) is RevealPlate:
                reason = _why_not_reveal(state, action.plate)
                if reason is None:
                    return _reveal_plate(state, action.plate, trace)
                raise illegal(player, action, reason)
    elif type(action) is Play and _may_commit(state, player):
        reason = _why_not_play(state.hands[player], action.card)
        if reason is None:
            return _commit(state, player, action.card, trace)
        raise illegal(player, action, reason)
    # First the seat, then the action's type, whoever acts (CHANCE included): the same misuse
    # raises the same error class in every game.
    check_move(player, action, state.config.players, ACTION_TYPES, "Schlacht am Buffet")
    check_turn(actors(state), player)
    reason = why_not(state, player, action)
    if reason is None and type(action) is Exchange:
        return _exchange(state, player, action.discard, trace)
    raise illegal(player, action, reason)


def _draw(state: State, card: int, trace: list[Effect] | None) -> State:
    # The most frequent transition of all (about half of all decisions): the counts updates of
    # `counts_put` / `counts_remove` are written out, and the next state is built directly.
    i = card + 1
    seat = state.pending_draws[0]
    if trace is not None:
        if _is_first_deal(state):  # the game's first card: the round and the deal (SAB-1)
            trace += (fx.RoundBegins(1, state.start_player), fx.Dealt(HAND_SIZE))
        trace.append(fx.CardDrawn(seat, card))
    hands = list(state.hands)
    hand = list(hands[seat])
    hand[i] += 1
    hands[seat] = tuple(hand)
    pile = list(state.draw_pile)
    pile[i] -= 1
    fields = state.__dict__.copy()
    fields["hands"] = tuple(hands)
    fields["draw_pile"] = new_pile = tuple(pile)
    fields["pending_draws"] = pending = state.pending_draws[1:]
    nxt = _new(State)  # `from_fields` written out: a hot path
    _set_fields(nxt, fields)
    return _settle(nxt, trace) if pending and not any(new_pile) else nxt


def _is_first_deal(state: State) -> bool:
    # Only before the first buffet: hands run empty all at once after nine rear ties too (SAB-10).
    owed = HAND_SIZE * state.config.players
    if state.round != 1 or state.buffet or len(state.pending_draws) != owed:
        return False
    return not any(map(any, state.hands))


def _commit(state: State, seat: int, card: int, trace: list[Effect] | None) -> State:
    hands = list(state.hands)
    hands[seat] = counts_remove(hands[seat], card + 1)
    new_hands = tuple(hands)
    commitments = reveal.commit(state.commitments, seat, card)
    if trace is not None:
        trace.append(fx.CardPlayed(seat, card))  # SAB-5: face down
    if reveal.all_committed(state.racing, commitments):
        return _resolve_step(state, new_hands, commitments, trace)
    fields = state.__dict__.copy()  # a hot path: build the next state directly
    fields["hands"] = new_hands
    fields["commitments"] = commitments
    nxt = _new(State)  # `from_fields` written out: a hot path
    _set_fields(nxt, fields)
    return nxt


def _resolve_step(
    state: State,
    hands: tuple[Counts, ...],
    commitments: tuple[int | None, ...],
    trace: list[Effect] | None,
) -> State:
    """Reveal every committed card, move the mice, then apply SAB-6 / SAB-9 / SAB-17."""
    racing = state.racing
    positions = list(state.positions)
    discard = list(state.discard)
    for seat in racing:
        card = commitments[seat]
        assert card is not None, "every racer has committed"  # the caller's all_committed
        positions[seat] += card  # SAB-4: plain integers, -1 from 0 is -1
        discard[card + 1] += 1  # SAB-5: played cards go to the discard pile
    if not -MAX_POSITION <= min(positions) <= max(positions) <= MAX_POSITION:
        # SAB-25: a mouse stops at the end of the (very long) counted track.
        positions = [max(-MAX_POSITION, min(MAX_POSITION, p)) for p in positions]
    if trace is not None:
        cards = tuple((seat, card) for seat in racing if (card := commitments[seat]) is not None)
        trace.append(fx.Revealed(cards))
        trace.append(fx.MiceMoved(tuple((seat, positions[seat]) for seat in racing)))
    moved = replace(
        state,
        hands=hands,
        discard=tuple(discard),
        positions=tuple(positions),
        commitments=reveal.empty(state.config.players),
    )
    if len(racing) >= 3:
        rear = min(map(positions.__getitem__, racing))
        last = tuple(seat for seat in racing if positions[seat] == rear)
        if len(last) == 1:  # SAB-6: a lone rearmost mouse drops out; a tie drops nobody
            return _next_step(_drop_out(moved, last[0], trace), trace)
        if trace is not None:
            trace.append(fx.RearTie(last, rear))
        return _next_step(moved, trace)
    a, b = racing
    if positions[a] == positions[b]:  # SAB-9: a tie repeats the step
        if trace is not None:
            trace.append(fx.DuelTie((a, b), positions[a]))
        return _next_step(moved, trace)
    front, back = (a, b) if positions[a] > positions[b] else (b, a)
    buffet = moved.buffet
    if state.config.players == 3 and state.part == 1:
        # SAB-17: everybody gets a plate in part 1; the rear mouse takes the lower one.
        if trace is not None:
            trace.append(fx.PlatesShared(back, buffet[-1], front, buffet[-2]))
        shared = _take_plates(moved, {back: 1, front: 2}, back, trace)
        return _start_part_two(shared, state.start_player, trace)
    # SAB-9: the front mouse takes the best plate, the other gets nothing.
    if trace is not None:
        trace.append(fx.DuelWon(front, buffet[0], back))
    return _end_round(_take_plates(moved, {front: 1}, None, trace), front, trace)


def _drop_out(state: State, seat: int, trace: list[Effect] | None) -> State:
    """The lone rearmost mouse leaves the race with the lowest plate (SAB-3, SAB-6)."""
    racing = tuple([s for s in state.racing if s != seat])
    start = state.start_player
    if start == seat:  # SAB-8
        start = next_among(seat, racing, state.config.players)
    won = list(state.plates_won)
    plate = state.buffet[-1]  # SAB-3: the lowest plate is the last in buffet order
    if trace is not None:
        trace.append(fx.DroppedOut(seat, plate))
        _note_covered(state.plates_won[seat], seat, plate, trace)
        if start != state.start_player:
            trace.append(fx.TilePassed(start))
        if state.exchange_open:
            trace.append(fx.MayExchange(seat))
    won[seat] += (plate,)
    exchange_open = state.exchange_open
    return replace(
        state,
        plates_won=tuple(won),
        buffet=state.buffet[:-1],
        racing=racing,
        start_player=start,
        # SAB-7, SAB-24: the first mouse out decides an exchange (closed in 3-player part 2).
        exchanger=seat if exchange_open else None,
        exchange_open=False,
    )


def _note_covered(won: tuple[Plate, ...], seat: int, plate: Plate, trace: list[Effect]) -> None:
    """SAB-14: a plate of a kind the seat holds covers the top plate of that kind."""
    for held in reversed(won):
        if held.kind is plate.kind:
            trace.append(fx.PlateCovered(seat, plate, held))
            return


def _take_plates(
    state: State, takes: dict[int, int], moved_out: int | None, trace: list[Effect] | None
) -> State:
    """End of a race: each seat in `takes` takes the plate that far from the buffet's end."""
    won = list(state.plates_won)
    buffet = state.buffet
    for seat, from_end in takes.items():
        if trace is not None:
            _note_covered(won[seat], seat, buffet[-from_end], trace)
        won[seat] += (buffet[-from_end],)
    start = state.start_player
    if moved_out is not None and start == moved_out:  # SAB-8
        start = next_among(moved_out, state.racing, state.config.players)
    return replace(state, plates_won=tuple(won), buffet=buffet[: -len(takes)], start_player=start)


def _next_step(state: State, trace: list[Effect] | None) -> State:
    """Before a step: a racing player with no cards draws 9 first (SAB-10)."""
    hands = state.hands
    empty = [seat for seat in state.racing if not any(hands[seat])]
    if empty:
        owed = tuple(seat for seat in empty for _ in range(HAND_SIZE))
        state = _settle(replace(state, pending_draws=state.pending_draws + owed), trace)
        if trace is not None:  # told once the draws are sure (SAB-11 may leave nothing to draw)
            trace += (fx.HandEmpty(s, n) for s, n in sorted(Counter(state.pending_draws).items()))
        return state
    return _settle(state, trace)


def _start_part_two(state: State, start_before: int, trace: list[Effect] | None) -> State:
    """SAB-18: the two best plates, with the cards left in hand and no exchange."""
    # SAB-18: "en" puts the mice back on start; "fr" leaves them where they are (SAB-22).
    english = state.config.edition == "en"
    positions = (0,) * state.config.players if english else state.positions
    if trace is not None:
        trace.append(fx.PartTwo(state.buffet, english))
        if state.start_player != start_before:  # SAB-8
            trace.append(fx.TilePassed(state.start_player))
    nxt = replace(
        state,
        part=2,
        racing=tuple(range(state.config.players)),
        positions=positions,
        exchange_open=False,
    )
    return _next_step(nxt, trace)


def _end_round(state: State, duel_winner: int, trace: list[Effect] | None) -> State:
    config = state.config
    start = left_of(duel_winner, config.players)  # SAB-13
    if sum(state.supply) < config.plates_per_round:  # SAB-15
        over = replace(state, start_player=start, game_over=True)  # SAB-21: no last refill
        if trace is not None:
            trace.append(fx.GameOver(state.round, scores(over), tuple(sorted(winners(over)))))
        return over
    refill = tuple(
        seat  # SAB-12, in seat order (SAB-23)
        for seat, hand in enumerate(state.hands)
        for _ in range(HAND_SIZE - sum(hand))
    )
    if trace is not None:
        trace.append(fx.RoundScored(state.round, scores(state)))
        trace.append(fx.RoundBegins(state.round + 1, start))
    nxt = replace(
        state,
        start_player=start,
        round=state.round + 1,
        part=1,
        positions=(0,) * config.players,
        racing=tuple(range(config.players)),
        exchange_open=True,
        pending_draws=state.pending_draws + refill,
        to_reveal=config.plates_per_round,  # SAB-2
    )
    nxt = _settle(nxt, trace)
    if trace is not None and nxt.pending_draws:
        trace.append(fx.Refill(tuple(sorted(Counter(nxt.pending_draws).items()))))
    return nxt


def _settle(state: State, trace: list[Effect] | None) -> State:
    """SAB-11: before a draw from an empty pile, shuffle the discard pile in; with nothing to
    shuffle, the owed draws lapse (the player draws what there is)."""
    if state.exchanger is not None or not state.pending_draws or any(state.draw_pile):
        return state
    if any(state.discard):
        if trace is not None:
            trace.append(fx.Reshuffled(sum(state.discard)))
        return replace(
            state,
            draw_pile=counts_add(state.draw_pile, state.discard),
            discard=(0,) * NUM_CARD_TYPES,
        )
    return replace(state, pending_draws=())


def _exchange(
    state: State, seat: int, discard: tuple[int, ...], trace: list[Effect] | None
) -> State:
    hand = list(state.hands[seat])
    pile = list(state.discard)
    for card in discard:  # SAB-7: discard, then draw as many
        hand[card + 1] -= 1
        pile[card + 1] += 1
    if trace is not None:
        trace.append(fx.Exchanged(seat, discard))  # SAB-7: face up on the discard pile
    hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
    owed = (seat,) * len(discard)  # SAB-23: before any SAB-10 draw
    nxt = replace(
        state,
        hands=hands,
        discard=tuple(pile),
        exchanger=None,
        pending_draws=owed + state.pending_draws,
    )
    return _settle(nxt, trace)


def _reveal_plate(state: State, plate: Plate, trace: list[Effect] | None) -> State:
    buffet = list(state.buffet)
    buffet.insert(bisect_left([p.rank for p in buffet], plate.rank), plate)  # SAB-3: in order
    to_reveal = state.to_reveal - 1
    if trace is not None:
        trace.append(fx.PlateTurned(plate))  # SAB-2
        if not to_reveal:  # SAB-2, SAB-3: the buffet is complete, best first
            trace.append(fx.BuffetSet(state.round, tuple(buffet)))
    return replace(
        state,
        supply=counts_remove(state.supply, plate.rank),
        buffet=tuple(buffet),
        to_reveal=to_reveal,
    )


# ---------------------------------------------------------------- scoring


def top_plates(plates: tuple[Plate, ...]) -> tuple[Plate, ...]:
    """The plate on top of each kind's stack: the last one received (SAB-14), best first.

    Args:
        plates: one seat's plates, in the order received.

    Examples:
        >>> from tablefeast.games.schlacht_am_buffet.components import Kind, Plate
        >>> top_plates((Plate(2, Kind.PIZZA), Plate(-1, Kind.SALAD), Plate(4, Kind.PIZZA)))
        (Plate(value=4, kind=<Kind.PIZZA: 'pizza'>), Plate(value=-1, kind=<Kind.SALAD: 'salad'>))
    """
    top: dict[object, Plate] = {}
    for plate in plates:
        top[plate.kind] = plate
    return tuple(sorted(top.values(), key=_rank))


def scores(state: State) -> tuple[int, ...]:
    """Each seat's score: the sum of its top plates (SAB-14, SAB-16), at any time.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> scores(sab.initial_state(sab.Config(players=3)))
        (0, 0, 0)
    """
    # SAB-14, SAB-16: the sum of the top plates; SAB-20: the rulebook's example is a test of it.
    return tuple(sum(p.value for p in top_plates(won)) for won in state.plates_won)


def _tie_key(state: State, seat: int, score: int) -> tuple[int, int]:
    tops = top_plates(state.plates_won[seat])
    best = -tops[0].rank if tops else -len(PLATES)  # no plate: worse than any plate
    return score, best


def winners(state: State) -> frozenset[int]:
    """The winning seats once the game is over: highest score, then the best top plate (SAB-16:
    its value, then the kinds' ranking; the same in both editions).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> scores(end), winners(end), winners(sab.initial_state(sab.Config(players=3)))
        ((17, 9, 16), frozenset({0}), frozenset())
    """
    if not state.game_over:
        return frozenset()
    keys = [_tie_key(state, seat, sc) for seat, sc in enumerate(scores(state))]
    best = max(keys)
    return frozenset(seat for seat, key in enumerate(keys) if key == best)
