"""The flow of a round and of the game's end: what happens without a decision between the
decisions and chance events (AYC-2 to AYC-10).

Every transition (`settle_*`, `after_*`, `game_over`) takes a state and returns the state where
the next decision or chance event waits. It also takes a `trace`: when that is a list (in
`rules.apply_traced`), what happens is appended to it as typed effects (`effects`), in the order
it happens; None (in `rules.apply_action`) notes nothing.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> s = ayc.initial_state(ayc.Config(players=4))
    >>> [round_order(s.first, 4), clinking((0, 0, 2, 2))]
    [(0, 1, 2, 3), (0, 1, 2, 3)]
"""

from __future__ import annotations

from typing import TypeGuard

from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS, line_entry, nothing_done
from tablefeast.games.all_you_can_eat_buffet.scoring import scores, winners
from tablefeast.games.all_you_can_eat_buffet.state import State, tomatoes_held
from tablefeast.kernel.deck import counts_put, counts_remove
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.seats import clockwise_from, left_of
from tablefeast.kernel.values import replace

__all__ = [
    "after_commitments",
    "after_reveal",
    "clinking",
    "game_over",
    "resolution_queue",
    "reveal_pool",
    "round_order",
    "settle_deal",
    "settle_end",
    "settle_queue",
    "tomato_seats",
]


def round_order(first: int, players: int) -> tuple[int, ...]:
    """Turn order this round: clockwise from the First player.

    Args:
        first: the First player's seat this round.
        players: the number of seats.

    Examples:
        >>> round_order(2, 4)
        (2, 3, 0, 1)
    """
    return clockwise_from(first, players)


def clinking(revealed: tuple[int, ...]) -> tuple[int, ...]:
    """The seats that revealed a Mood somebody else also revealed (AYC-6).

    Args:
        revealed: the Mood each seat revealed, by index into `MOODS`.

    Examples:
        >>> clinking((0, 3, 0)), clinking((0, 1, 2))
        ((0, 2), ())
    """
    return tuple(seat for seat, mood in enumerate(revealed) if revealed.count(mood) >= 2)


def tomato_seats(state: State) -> tuple[int, ...]:
    """The seats holding Tomatoes: they decide them at the end (AYC-10).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; "
        ...     "0: play boor; 1: play trickster; 2: play trickster")
        >>> tomato_seats(s), tomato_seats(ayc.apply_action(s, 0, ayc.Take((4,))))  # 4. Tomato
        ((), (0,))
    """
    return tuple(seat for seat in range(state.config.players) if tomatoes_held(state, seat))


# ---------------------------------------------------------------- dealing (AYC-2, AYC-3)


def settle_deal(state: State, trace: list[Effect] | None) -> State:
    """Stop at the next draw; once the line is complete, put the Spice tokens on the 2nd and 3rd
    Meal and start the play (AYC-3).

    Args:
        state: the state of the game, while the line is dealt.
        trace: where the effects are noted (`effects.LineSet`), or None.

    Returns:
        The state where the next decision or chance event waits (`state` itself while a draw is
        still to come).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3),
        ...     "mood 0 boor; mood 0 slow; mood 0 hungry; "
        ...     "mood 1 very-hungry; mood 1 trickster; mood 1 trickster; "
        ...     "mood 2 boor; mood 2 very-hungry; mood 2 trickster; "
        ...     "meal Pumpkin; meal Milk; meal Coq au vin; meal Tomato")
        >>> s.stage, s.to_deal, settle_deal(s, None) is s  # one Meal still to draw
        ('deal', 1, True)
        >>> trace = []
        >>> dealt = settle_deal(replace(s, to_deal=0), trace)  # as if the Meal deck had run out
        >>> dealt.stage, [spices for _, spices, _ in dealt.line], trace[0].ran_out
        ('play', [0, 1, 1, 0], True)
    """
    if state.mood_draws:
        return state
    if state.to_deal and state.drawable:
        return state
    line = list(state.line)
    supply = state.spice_supply
    for position in (1, 2):
        if position < len(line) and supply:  # AYC-3: while the supply lasts
            meal, spices, secret = line[position]
            line[position] = (meal, spices + 1, secret)
            supply -= 1
    if trace is not None:  # AYC-13: when the Meal deck runs out, the line is shorter
        entries = tuple(line_entry(state, entry) for entry in line)
        trace.append(fx.LineSet(state.round, entries, len(line) < state.config.line_size))
    return replace(state, line=tuple(line), spice_supply=supply, to_deal=0, stage="play")


# ---------------------------------------------------------------- revealing (AYC-5, AYC-6)


def reveal_pool(state: State, seat: int) -> tuple[int, ...]:
    """Counts of the Moods the left neighbour picks from: the two committed cards, or the hand
    when none was committed (AYC-5).

    Args:
        state: the state of the game.
        seat: the seat whose Mood its left neighbour picks.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> s.hands[0]
        (1, 0, 1, 1, 0, 0)
        >>> reveal_pool(replace(s, commitments=((0, 3), (), None)), 0)  # Hungry and Slow committed
        (1, 0, 0, 1, 0, 0)
        >>> reveal_pool(replace(s, commitments=((0, 3), (), None)), 1) == s.hands[1]  # none
        True
    """
    committed = state.commitments[seat]
    if committed:
        pool = [0] * len(MOODS)
        for mood in committed:
            pool[mood] += 1
        return tuple(pool)
    return state.hands[seat]


def after_commitments(state: State, trace: list[Effect] | None) -> State:
    """Everyone has committed: single cards are revealed; for two cards or none, the left
    neighbour's random pick is a chance event, even when only one Mood can come out (AYC-17).

    Args:
        state: the state of the game, once every seat has committed.
        trace: where the effects are noted (`effects.Revealed`, and what follows), or None.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> done = after_commitments(replace(s, commitments=((2,), (4,), (4,))), None)
        >>> done.stage, done.revealed, done.queue, done.drinks  # two Tricksters clink glasses
        ('resolve', (2, 4, 4), (0, 1, 2), (0, 1, 1))
    """
    revealed = list(state.revealed)
    reveals = []
    for seat, committed in enumerate(state.commitments):
        assert committed is not None
        if len(committed) == 1:
            revealed[seat] = committed[0]
        else:
            reveals.append(seat)  # AYC-17: skipping it would tell everyone the cards match
    if trace is not None:
        plays = tuple((seat, MOODS[m]) for seat, m in enumerate(revealed) if m is not None)
        if plays:  # AYC-5: the single cards turn face up; two cards or none wait for a pick
            trace.append(fx.Revealed(plays))
    state = replace(state, revealed=tuple(revealed), reveals=tuple(reveals), stage="reveal")
    return state if reveals else after_reveal(state, trace)


def after_reveal(state: State, trace: list[Effect] | None) -> State:
    """Every Mood is revealed: use the cards, clink glasses, and line up the resolution.

    Args:
        state: the state of the game, once every seat's Mood is revealed.
        trace: where the effects are noted (`effects.Clinked`, `effects.Skipped`, and the Moods
            carried out), or None.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> s = replace(s, commitments=((2,), (4,), (4,)), revealed=(2, 4, 4))
        >>> done = after_reveal(s, None)
        >>> done.stage, done.queue, done.hands[0], done.used[0]
        ('resolve', (0, 1, 2), (1, 0, 0, 1, 0, 0), (0, 0, 1, 0, 0, 0))
    """
    config = state.config
    revealed = state.revealed
    assert _all_revealed(revealed), "every seat has revealed its Mood"  # AYC-5
    hands = list(state.hands)
    used = list(state.used)
    for seat, mood in enumerate(revealed):
        hands[seat] = counts_remove(hands[seat], mood)  # AYC-5: the other one stays in hand
        used[seat] = counts_put(used[seat], mood)
    drinks = list(state.drinks)
    supply = state.drink_supply
    for seat in round_order(state.first, config.players):
        if supply and revealed.count(revealed[seat]) >= 2:
            # AYC-6, AYC-18: clink glasses in turn order while the supply lasts
            drinks[seat] += 1
            supply -= 1
    queue = resolution_queue(revealed, state.first, config.players)
    if trace is not None:
        _note_clinks(revealed, state.drinks, drinks, trace)
    state = replace(
        state,
        hands=tuple(hands),
        used=tuple(used),
        commitments=(None,) * config.players,
        drinks=tuple(drinks),
        drink_supply=supply,
        reveals=(),
        queue=tuple(queue),
        stage="resolve",
    )
    return settle_queue(state, trace)


def _all_revealed(revealed: tuple[int | None, ...]) -> TypeGuard[tuple[int, ...]]:
    return None not in revealed


def _note_clinks(
    revealed: tuple[int, ...],
    before: tuple[int, ...],
    after: list[int],
    trace: list[Effect],
) -> None:
    """AYC-6, AYC-18: one clink per Mood revealed twice or more, in Mood order, with who got a
    Drink token; AYC-7, AYC-22: two or more of a Mood that resolves first or last all skip."""
    for mood in sorted(set(revealed)):
        seats = tuple(seat for seat, m in enumerate(revealed) if m == mood)
        if len(seats) < 2:
            continue
        gained = tuple(seat for seat in seats if after[seat] > before[seat])
        trace.append(fx.Clinked(MOODS[mood], seats, gained))
        if MOOD_EFFECTS[MOODS[mood]].when != "turn":
            trace.append(fx.Skipped(MOODS[mood], seats))


def resolution_queue(revealed: tuple[int, ...], first: int, players: int) -> tuple[int, ...]:
    """The order the revealed Moods are carried out in (AYC-7): Boor first, the rest in turn
    order, Slow last; two or more of either all skip.

    Args:
        revealed: the Mood each seat revealed, by index into `MOODS`.
        first: the First player's seat this round.
        players: the number of seats.

    Examples:
        >>> resolution_queue((0, 2, 3), 1, 3), resolution_queue((2, 2, 3), 0, 3)
        ((1, 0, 2), (2,))
    """
    # AYC-22: built from each Mood's `when`, so the table in `moods` is the one place to change.
    firsts: list[int] = []
    middle: list[int] = []
    lasts: list[int] = []
    for seat in round_order(first, players):  # one pass in turn order: this runs every round
        mood = revealed[seat]
        when = MOOD_EFFECTS[MOODS[mood]].when
        if when == "turn":
            middle.append(seat)
        elif revealed.count(mood) < 2:
            (firsts if when == "first" else lasts).append(seat)
    return (*firsts, *middle, *lasts)


# ---------------------------------------------------------------- resolving (AYC-7, AYC-8)


def settle_queue(state: State, trace: list[Effect] | None) -> State:
    """Carry out the Moods that need no choice, until a seat must choose or the round ends.

    Args:
        state: the state of the game, while the revealed Moods are carried out.
        trace: where the effects are noted (`effects.MoodCarriedOut` and what each Mood does,
            then the end of the round), or None.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; "
        ...     "0: play hungry; 1: play very-hungry; 2: play boor")
        >>> s.queue  # Boor first, then turn order
        (2, 0, 1)
        >>> settle_queue(replace(s, queue=(0, 1)), None).queue  # seat 0's Hungry: no choice
        (1,)
    """
    while state.queue:
        seat = state.queue[0]
        code = state.revealed[seat]  # `state.revealed_mood` written out: a hot path
        assert code is not None, "the seat has revealed a Mood"
        mood = MOODS[code]
        effect = MOOD_EFFECTS[mood]
        choices = effect.choices(state, seat)
        if choices:
            return state  # the seat decides
        if trace is not None:
            trace.append(fx.MoodCarriedOut(seat, mood))  # AYC-7
        if choices is None:
            state = effect.carry_out(state, seat, None, trace)
        else:
            state = nothing_done(state, seat, trace)  # AYC-13: nothing possible, nothing done
        state = replace(state, queue=state.queue[1:])
    return _end_round(state, trace)


def _end_round(state: State, trace: list[Effect] | None) -> State:
    """AYC-9: the line is discarded; then the next round, or the end of the game."""
    config = state.config
    if trace is not None:  # in Meal-list order, like a collection
        discarded = tuple(line_entry(state, entry) for entry in sorted(state.line))
        trace.append(fx.RoundEnds(state.round, discarded))
    discard = state.discard
    spices = 0
    lost = state.lost
    for meal, on_it, secret in state.line:
        discard = counts_put(discard, meal)
        spices += on_it  # AYC-15: back to the supply
        lost += secret  # a secret card discarded unseen
    cleared = replace(
        state,
        line=(),
        discard=discard,
        spice_supply=state.spice_supply + spices,
        lost=lost,
        revealed=(None,) * config.players,
    )
    if state.round == config.rounds:
        # AYC-4, AYC-14: secret cards in turn order from the last round's First player.
        order = round_order(state.first, config.players)
        owed = tuple(seat for seat in order for _ in range(state.secrets[seat]))
        if trace is not None and owed:  # AYC-4: turned up at the end, before scoring
            cards = tuple((seat, state.secrets[seat]) for seat in order if state.secrets[seat])
            trace.append(fx.SecretsTurnedUp(cards))
        return settle_end(replace(cleared, secret_reveals=owed, stage="secrets"), trace)
    nxt = replace(
        cleared,
        round=state.round + 1,
        first=left_of(state.first, config.players),  # AYC-9
        mood_draws=tuple(range(config.players)),  # AYC-2, AYC-9
        to_deal=config.line_size,  # AYC-3
        stage="deal",
    )
    if trace is not None:
        trace.append(fx.RoundScored(state.round, scores(nxt)))  # AYC-11: running scores
        trace.append(fx.FirstPlayerPasses(nxt.first))
    return settle_deal(nxt, trace)


# ---------------------------------------------------------------- the end (AYC-4, AYC-10)


def settle_end(state: State, trace: list[Effect] | None) -> State:
    """After the secret cards, the Tomato decisions; with no Tomatoes, the game is over.

    Args:
        state: the state of the game, once the last round is over.
        trace: where the effects are noted (`effects.TomatoesToDecide` or `effects.GameOver`),
            or None.

    Returns:
        The state where the next decision or chance event waits (`state` itself while a secret
        card is still to be revealed).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> from tablefeast.kernel.values import replace
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> settle_end(replace(s, stage="secrets"), None).stage  # no secret card, no Tomato
        'over'
    """
    if state.secret_reveals:
        return state
    deciding = tomato_seats(state)
    if deciding:
        if trace is not None:
            trace.append(fx.TomatoesToDecide(deciding))  # AYC-10
        return replace(state, stage="tomatoes")
    return game_over(state, trace)


def game_over(state: State, trace: list[Effect] | None) -> State:
    """The game is over (AYC-10: after the Tomatoes, scoring); `effects.GameOver` tells the
    final scores and the winners (AYC-11, AYC-12).

    Args:
        state: the state of the game, once every Tomato is decided.
        trace: where the effect is noted (`effects.GameOver`), or None.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> trace = []
        >>> game_over(ayc.initial_state(ayc.Config(players=3)), trace).stage, trace
        ('over', [GameOver(scores=(0, 0, 0), winners=(0, 1, 2), tied=(0, 1, 2))])
    """
    over = replace(state, stage="over")
    if trace is not None:
        final = scores(over)
        tied = tuple(seat for seat, total in enumerate(final) if total == max(final))
        trace.append(fx.GameOver(final, tuple(sorted(winners(over))), tied))  # AYC-12
    return over
