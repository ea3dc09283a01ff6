"""The flow of a round and of the game's end: what happens without a decision between the
decisions and chance events (AYC-2 to AYC-10).

Every function takes a state and returns the state where the next decision or chance event waits.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> s = ayc.initial_state(ayc.Config(players=4))
    >>> [round_order(s.first, 4), clinking((0, 0, 2, 2))]
    [(0, 1, 2, 3), (0, 1, 2, 3)]
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS
from tablefeast.games.all_you_can_eat_buffet.state import State, tomatoes_held
from tablefeast.kernel.deck import counts_put, counts_remove
from tablefeast.kernel.seats import clockwise_from, left_of
from tablefeast.kernel.values import replace

__all__ = [
    "after_commitments",
    "after_reveal",
    "clinking",
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
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> boor, trickster = ayc.Play((ayc.Mood.BOOR,)), ayc.Play((ayc.Mood.TRICKSTER,))
        >>> s = apply_joint(ayc, s, {0: boor, 1: trickster, 2: trickster})
        >>> tomato_seats(s), tomato_seats(ayc.apply_action(s, 0, ayc.Take((4,))))  # 4. Tomato
        ((), (0,))
    """
    return tuple(seat for seat in range(state.config.players) if tomatoes_held(state, seat))


# ---------------------------------------------------------------- dealing (AYC-2, AYC-3)


def settle_deal(state: State) -> State:
    """Stop at the next draw; once the line is complete, put the Spice tokens on the 2nd and 3rd
    Meal and start the play (AYC-3).

    Args:
        state: the state of the game, while the line is dealt.

    Returns:
        The state where the next decision or chance event waits (`state` itself while a draw is
        still to come).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=13).state
        >>> s.stage, s.to_deal, settle_deal(s) is s  # one Meal still to draw
        ('deal', 1, True)
        >>> dealt = settle_deal(replace(s, to_deal=0))  # as if the Meal deck had run out
        >>> dealt.stage, [spices for _, spices, _ in dealt.line]
        ('play', [0, 1, 1, 0])
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
    # AYC-13: when the Meal deck runs out, the line is shorter.
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
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
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


def after_commitments(state: State) -> State:
    """Everyone has committed: single cards are revealed; for two cards or none, the left
    neighbour's random pick is a chance event, even when only one Mood can come out (AYC-17).

    Args:
        state: the state of the game, once every seat has committed.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> done = after_commitments(replace(s, commitments=((2,), (4,), (4,))))
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
    state = replace(state, revealed=tuple(revealed), reveals=tuple(reveals), stage="reveal")
    return state if reveals else after_reveal(state)


def after_reveal(state: State) -> State:
    """Every Mood is revealed: use the cards, clink glasses, and line up the resolution.

    Args:
        state: the state of the game, once every seat's Mood is revealed.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> done = after_reveal(replace(s, commitments=((2,), (4,), (4,)), revealed=(2, 4, 4)))
        >>> done.stage, done.queue, done.hands[0], done.used[0]
        ('resolve', (0, 1, 2), (1, 0, 0, 1, 0, 0), (0, 0, 1, 0, 0, 0))
    """
    config = state.config
    revealed: tuple[int, ...] = state.revealed  # type: ignore[assignment]
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
    return settle_queue(state)


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


def settle_queue(state: State) -> State:
    """Carry out the Moods that need no choice, until a seat must choose or the round ends.

    Args:
        state: the state of the game, while the revealed Moods are carried out.

    Returns:
        The state where the next decision or chance event waits.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> hungry, very_hungry, boor = (ayc.Play((m,)) for m in list(ayc.Mood)[:3])
        >>> s = apply_joint(ayc, s, {0: hungry, 1: very_hungry, 2: boor})
        >>> s.queue  # Boor first, then turn order
        (2, 0, 1)
        >>> settle_queue(replace(s, queue=(0, 1))).queue  # seat 0's Hungry needs no choice
        (1,)
    """
    while state.queue:
        seat = state.queue[0]
        effect = MOOD_EFFECTS[MOODS[state.revealed[seat]]]  # type: ignore[index]
        choices = effect.choices(state, seat)
        if choices:
            return state  # the seat decides
        if choices is None:
            state = effect.carry_out(state, seat, None)
        state = replace(state, queue=state.queue[1:])  # AYC-13: nothing possible, nothing done
    return _end_round(state)


def _end_round(state: State) -> State:
    """AYC-9: the line is discarded; then the next round, or the end of the game."""
    config = state.config
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
        return settle_end(replace(cleared, secret_reveals=owed, stage="secrets"))
    return settle_deal(
        replace(
            cleared,
            round=state.round + 1,
            first=left_of(state.first, config.players),  # AYC-9
            mood_draws=tuple(range(config.players)),  # AYC-2, AYC-9
            to_deal=config.line_size,  # AYC-3
            stage="deal",
        )
    )


# ---------------------------------------------------------------- the end (AYC-4, AYC-10)


def settle_end(state: State) -> State:
    """After the secret cards, the Tomato decisions; with no Tomatoes, the game is over.

    Args:
        state: the state of the game, once the last round is over.

    Returns:
        The state where the next decision or chance event waits (`state` itself while a secret
        card is still to be revealed).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> from tablefeast.kernel.values import replace
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> settle_end(replace(s, stage="secrets")).stage  # no secret card, no Tomato
        'over'
    """
    if state.secret_reveals:
        return state
    if tomato_seats(state):
        return replace(state, stage="tomatoes")
    return replace(state, stage="over")
