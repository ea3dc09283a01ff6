"""Who acts, what is legal, and what an action does: the rules of All You Can Eat Buffet.

Every legality question has one answer, given by a ``_why_not_*`` function that returns the reason
an action is illegal (or None); `legal_actions` and `apply_action` both use it, so they can never
disagree. What the Moods do lives in `moods.MOOD_EFFECTS`; the flow between decisions in `flow`;
scoring in `scoring`. `apply_traced` runs the same transitions as `apply_action` and returns the
move's effects too (`effects`), noted by the rules as they apply it.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> state = ayc.initial_state(ayc.Config(players=3))
    >>> ayc.actors(state), ayc.action_to_str(ayc.chance_outcomes(state)[0][0])
    ((-1,), 'mood 0 hungry')
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.games.all_you_can_eat_buffet.actions import (
    ACTION_TYPES,
    Action,
    DrawMeal,
    DrawMood,
    Play,
    RevealMood,
    Secret,
    Tomato,
)
from tablefeast.games.all_you_can_eat_buffet.components import MOOD_INDEX, MOODS
from tablefeast.games.all_you_can_eat_buffet.config import FIRST_HAND, Config
from tablefeast.games.all_you_can_eat_buffet.flow import (
    after_commitments,
    after_reveal,
    game_over,
    reveal_pool,
    settle_deal,
    settle_end,
    settle_queue,
)
from tablefeast.games.all_you_can_eat_buffet.moods import (
    MOOD_EFFECTS,
    Changes,
    card_effects,
    gain_drink,
)
from tablefeast.games.all_you_can_eat_buffet.notation import action_to_str as action_to_text
from tablefeast.games.all_you_can_eat_buffet.scoring import scores, winners
from tablefeast.games.all_you_can_eat_buffet.state import State, tomatoes_held
from tablefeast.kernel import reveal
from tablefeast.kernel.chance import CHANCE, Distribution, trusted_distribution
from tablefeast.kernel.deck import Counts, counts_put, counts_remove
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
from tablefeast.kernel.seats import check_actor_seat, left_of
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
    "scores",
    "why_not",
    "winners",
]

TITLE = "All You Can Eat Buffet"
"""The game's title, for messages."""
_SEATS = tuple(tuple(range(n)) for n in range(7))
_CHANCE_ONLY = (CHANCE,)
_CHANCE_STAGES = frozenset({"deal", "reveal", "secrets"})
_KNOWN_TYPES = frozenset(ACTION_TYPES)  # a set: `in` a tuple compares the classes one by one
DRAW_MOOD = tuple(tuple(DrawMood(seat, mood) for mood in MOODS) for seat in range(6))
REVEAL_MOOD = tuple(tuple(RevealMood(seat, mood) for mood in MOODS) for seat in range(6))
SINGLES = tuple(Play((mood,)) for mood in MOODS)
PAIRS = {
    (a, b): Play((MOODS[a], MOODS[b])) for a in range(len(MOODS)) for b in range(a, len(MOODS))
}
NONE = Play(())
_CODES: dict[Play, tuple[int, ...]] = {
    play: tuple(MOOD_INDEX[m] for m in play.moods) for play in (NONE, *SINGLES, *PAIRS.values())
}


# ---------------------------------------------------------------- who acts


@checks_its_state
def actors(state: State) -> tuple[int, ...]:
    """Seats to act now: CHANCE, the seats still to commit, the seat carrying out its Mood, or
    the seats still to decide their Tomatoes; ``()`` once the game is over.

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> actors(ayc.initial_state(ayc.Config(players=3))), actors(s)
        ((-1,), (0, 1, 2))
        >>> actors(apply_action(s, 0, ayc.Play((ayc.Mood.BOOR,))))
        (1, 2)
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    stage = state.stage
    if stage in _CHANCE_STAGES:
        return _CHANCE_ONLY  # deal, reveal, secrets
    if stage == "play":
        return reveal.pending(_SEATS[state.config.players], state.commitments)  # AYC-5
    if stage == "resolve":
        return state.queue[:1]  # AYC-7
    if stage == "tomatoes":
        return _undecided(state, state.tomatoes)  # AYC-10
    return ()  # over


def is_terminal(state: State) -> bool:
    """True once the game has ended (AYC-10, after the last round).

    Args:
        state: the state of the game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> is_terminal(ayc.initial_state(ayc.Config(players=3)))
        False
        >>> is_terminal(play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state)
        True
    """
    return state.stage == "over"


# ---------------------------------------------------------------- chance


@checks_its_state
def chance_distribution(state: State) -> Distribution[Action]:
    """The exact distribution of the current chance node.

    Args:
        state: the state of the game, at a chance node.

    Raises:
        IllegalActionError: the state is not a chance node.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> d = chance_distribution(ayc.initial_state(ayc.Config(players=3)))
        >>> d.total, d.probability(ayc.DrawMood(0, ayc.Mood.HUNGRY))
        (12, Fraction(1, 3))
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    stage = state.stage
    tables = state.config.card_lists.tables
    if stage == "deal":
        if state.mood_draws:
            seat = state.mood_draws[0]
            deck = state.decks[seat]  # AYC-2: every card of the seat's deck equally likely
            return trusted_distribution((DRAW_MOOD[seat], deck, sum(deck)))
        meals = state.meal_deck  # every unseen Meal equally likely (see `state`)
        return trusted_distribution((tables.draw_meals, meals, sum(meals)))
    if stage == "reveal":
        seat = state.reveals[0]
        pool = reveal_pool(state, seat)  # AYC-5: uniform over the cards
        return trusted_distribution((REVEAL_MOOD[seat], pool, sum(pool)))
    if stage == "secrets":
        meals = state.meal_deck
        return trusted_distribution((tables.secret_meals, meals, sum(meals)))
    raise IllegalActionError("not a chance node: " + _who(state))


chance_outcomes = chance_outcomes_of(chance_distribution)
"""``(outcome, exact probability)`` pairs of the current chance node (see
`tablefeast.kernel.ruleset.chance_outcomes_of`)."""


def _who(state: State) -> str:
    return describe_actors(actors(state), state.stage)


# ---------------------------------------------------------------- legality ("why not?")


class _WithDrinks(Protocol):
    """What `_cards_needed` reads, of a state or of a view."""

    @property
    def config(self) -> Config: ...

    @property
    def drinks(self) -> tuple[int, ...]: ...


def _cards_needed(state: _WithDrinks, seat: int) -> int:
    """How many Mood cards `seat` commits, by its Drink tokens (AYC-5)."""
    drinks = state.drinks[seat]
    play_two, play_none = _THRESHOLDS[state.config.players]
    return 0 if drinks >= play_none else 2 if drinks >= play_two else 1


_THRESHOLDS = FrozenDict(
    {n: (config.play_two, config.play_none) for n in range(3, 7) for config in [Config(players=n)]}
)
"""The Drink-token thresholds of AYC-5 by player count, from `Config` once (read per decision)."""


def _playable(state: State, seat: int, play: Play) -> tuple[int, ...] | None:
    """The Mood codes `play` commits when `seat` may commit it now (AYC-5), else None: the test
    of a Play, which also gives its codes (a Play's hash runs Python code, so it is found once)."""
    return _options(_cards_needed(state, seat), state.hands[seat])[1].get(play)


def _why_not_play(state: State, seat: int, play: Play) -> str | None:
    if _playable(state, seat, play) is not None:
        return None
    needed = _cards_needed(state, seat)
    if len(play.moods) != needed:
        return (
            f"with {state.drinks[seat]} Drink tokens seat {seat} commits {needed} Mood "
            f"card{'s' * (needed != 1)} (AYC-5)"
        )
    hand = list(state.hands[seat])
    for index in _CODES[play]:
        if not hand[index]:
            return (
                f"seat {seat} holds no{' more' * (needed == 2)} {MOODS[index].value} card (AYC-5)"
            )
        hand[index] -= 1
    return None


def _plays(state: State, seat: int) -> tuple[Play, ...]:
    return _options(_cards_needed(state, seat), state.hands[seat])[0]


_Options = tuple[tuple[Play, ...], FrozenDict[Play, tuple[int, ...]]]
_OPTIONS: dict[tuple[int, Counts], _Options] = {}


def _options(needed: int, hand: Counts) -> _Options:
    """The plays a hand allows, as a tuple and by their codes, memoized: a hand holds at most a
    few Mood cards, so there are a few hundred (needed, hand) pairs at most, never evicted."""
    key = (needed, hand)
    known = _OPTIONS.get(key)
    if known is None:
        held = [m for m, n in enumerate(hand) if n]
        if needed == 0:
            plays: tuple[Play, ...] = (NONE,)
        elif needed == 1:
            plays = tuple(SINGLES[m] for m in held)
        else:
            plays = tuple(
                PAIRS[a, b] for a in held for b in held if b > a or (b == a and hand[a] >= 2)
            )
        _OPTIONS[key] = known = (plays, FrozenDict({play: _CODES[play] for play in plays}))
    return known


def _why_not_mood_choice(state: State, seat: int, action: Action) -> str | None:
    """Is `action` one of the choices of the Mood `seat` carries out now (AYC-7, AYC-8)?"""
    code = state.revealed[seat]  # `state.revealed_mood` written out: a hot path
    assert code is not None, "the seat has revealed a Mood"
    mood = MOODS[code]
    reason = MOOD_EFFECTS[mood].why_not(state, seat, action)
    if reason is None:
        return None
    return (
        f"seat {seat} carries out {mood.title} now (AYC-8): {reason}, not {action_to_text(action)}"
    )


def _why_not_tomato(state: State, seat: int, action: Tomato) -> str | None:
    held = tomatoes_held(state, seat)
    if action.fruits + action.vegetables != held:
        return f"seat {seat} holds {held} Tomatoes: decide each of them (AYC-10)"
    return None


def _tomatoes(state: State, seat: int) -> tuple[Tomato, ...]:
    return _tomato_choices(tomatoes_held(state, seat))


@cache  # at most MAX_TOMATOES + 1 entries (AYC-23)
def _tomato_choices(held: int) -> tuple[Tomato, ...]:
    return tuple(Tomato(held - v, v) for v in range(held + 1))


def _undecided(state: State, tomatoes: tuple[int | None, ...]) -> tuple[int, ...]:
    """The seats holding Tomatoes that have not decided them in `tomatoes` (AYC-10)."""
    return tuple(s for s, t in enumerate(tomatoes) if t is None and tomatoes_held(state, s))


def _may_decide(state: State, player: int) -> bool:
    """True when `player` is a seat still to decide its Tomatoes (AYC-10): `_undecided` for one
    seat, without building the tuple."""
    tomatoes = state.tomatoes
    if not 0 <= player < len(tomatoes) or tomatoes[player] is not None:
        return False
    return tomatoes_held(state, player) > 0


def _drawn_mood(state: State, seat: int, action: DrawMood) -> int | None:
    """The index of the Mood `action` draws for `seat` (the seat drawing now) when its deck
    holds one (AYC-2), else None: the test of a Mood draw, which also gives the index."""
    mood = MOOD_INDEX[action.mood]
    return mood if action.seat == seat and state.decks[seat][mood] else None


def _unseen_meal(state: State, action: DrawMeal | Secret) -> int | None:
    """The index of the Meal `action` turns when it is among the unseen Meals (AYC-3), else
    None: the test of a Meal draw or a secret card, which also gives the index."""
    index = state.config.card_lists.tables.index.get(action.meal)
    return index if index is not None and state.meal_deck[index] else None


def _why_not_outcome(state: State, action: object) -> str | None:
    stage = state.stage
    if stage == "deal" and state.mood_draws:
        seat = state.mood_draws[0]
        if type(action) is not DrawMood or action.seat != seat:
            return f"chance acts now: seat {seat} draws a Mood card"
        if _drawn_mood(state, seat, action) is None:
            return f"seat {seat}'s deck holds no {action.mood.value} card (AYC-2)"
        return None
    if stage in ("deal", "secrets"):
        cls = DrawMeal if stage == "deal" else Secret
        if type(action) is not cls:
            what = "a Meal is drawn for the line" if stage == "deal" else "a secret card is turned"
            return "chance acts now: " + what
        if _unseen_meal(state, action) is None:
            ruling = "AYC-3" if stage == "deal" else "AYC-4"  # a Meal drawn; a secret turned
            return f"no {action.meal} is among the unseen Meals ({ruling})"
        return None
    seat = state.reveals[0]
    if type(action) is not RevealMood or action.seat != seat:
        return f"chance acts now: the left neighbour of seat {seat} reveals a card"
    if not reveal_pool(state, seat)[MOOD_INDEX[action.mood]]:
        return (
            f"no {action.mood.value} card is among those seat {seat}'s neighbour picks from (AYC-5)"
        )
    return None


@checks_its_state
def legal_actions(state: State, player: int) -> tuple[Action, ...]:
    """The legal actions of `player` now, in a fixed order (for CHANCE: the outcomes).

    Args:
        state: the state of the game.
        player: the acting seat, or CHANCE.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> s = ayc.initial_state(ayc.Config(players=3))
        >>> len(legal_actions(s, CHANCE)), legal_actions(s, 0)
        (6, ())
    """
    if type(state) is not State:  # inline: the hot path (`checks_its_state`)
        raise not_a_state(state, TITLE)
    stage = state.stage
    if type(player) is int:  # the fast paths: a seat that acts now
        if stage == "play" and _may_commit(state, player):
            return _plays(state, player)
        if stage == "tomatoes" and _may_decide(state, player):
            return _tomatoes(state, player)
    check_actor_seat(player, state.config.players)
    if player not in actors(state):
        return ()
    if stage == "resolve":
        code = state.revealed[player]  # `state.revealed_mood` written out: a hot path
        assert code is not None, "the seat has revealed a Mood"
        return MOOD_EFFECTS[MOODS[code]].choices(state, player) or ()
    if stage == "tomatoes":
        return _tomatoes(state, player)
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
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> M = ayc.Mood
        >>> why_not(s, 0, ayc.Play((M.BOOR,))), why_not(s, 0, ayc.Play((M.JEALOUS,)))
        (None, 'seat 0 holds no jealous card (AYC-5)')
        >>> why_not(s, 0, ayc.Play((M.HUNGRY, M.SLOW)))
        'with 0 Drink tokens seat 0 commits 1 Mood card (AYC-5)'
    """
    if not isinstance(action, ACTION_TYPES) or type(action) not in ACTION_TYPES:
        raise InvalidActionError(f"{shown(action)} is not an {TITLE} action")
    check_actor_seat(player, state.config.players)
    if player not in actors(state):
        return _who(state)
    stage = state.stage
    if player == CHANCE:
        return _why_not_outcome(state, action)
    if stage == "play":
        if not isinstance(action, Play):
            return "every player commits Mood cards now (AYC-5)"
        return _why_not_play(state, player, action)
    if stage == "resolve":
        return _why_not_mood_choice(state, player, action)
    if not isinstance(action, Tomato):
        return "the players holding Tomatoes decide them now (AYC-10)"
    return _why_not_tomato(state, player, action)


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
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; "
        ...     "0: play boor; 1: play trickster; 2: play trickster")
        >>> s.stage, s.revealed, s.queue, actors(s)
        ('resolve', (2, 4, 4), (0, 1, 2), (0,))
        >>> after = apply_action(s, 0, ayc.Take((3,)))
        >>> after.spices, after.drinks, actors(after)
        ((1, 0, 0), (1, 1, 1), (1,))
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
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; 0: play boor; 1: play trickster")
        >>> trickster = ayc.Play((ayc.Mood.TRICKSTER,))
        >>> s, effects = apply_traced(s, 2, trickster)  # the last card: the reveal
        >>> [type(effect).__name__ for effect in effects]
        ['MoodsCommitted', 'Revealed', 'Clinked']
        >>> effects[0].seen_by(None)  # face down: only seat 2 sees which
        MoodsCommitted(seat=2, cards=1, neighbour=0, moods=None)
        >>> after, effects = apply_traced(s, 0, ayc.Take((3,)))  # the Boor chooses first
        >>> after == apply_action(s, 0, ayc.Take((3,)))
        True
        >>> for effect in effects:
        ...     print(effect)
        MoodCarriedOut(seat=0, mood=<Mood.BOOR: 'boor'>)
        MealsTaken(seat=0, meals=(LineEntry(meal='Coq au vin', spices=1, secret=False),))
        DrinkGained(seat=0, held=1)
    """
    trace: list[Effect] = []
    after = _apply(state, player, action, trace)
    return after, tuple(trace)


def _apply(state: State, player: int, action: Action, trace: list[Effect] | None) -> State:
    cls = type(action)
    stage = state.stage
    # Fast paths for the frequent decisions; legality from the same checks as `why_not`. They
    # take only an int seat that acts now and an action of an exact class of this game (an
    # outcome of the wrong class falls through), so nothing `check_move` would refuse gets
    # through them. `type(action) is C` where the action is read: mypy narrows it.
    known = cls in _KNOWN_TYPES and type(player) is int
    if not known:
        pass
    elif player == CHANCE and stage in _CHANCE_STAGES:
        if stage == "deal":  # the most frequent outcomes, by the same tests as `_why_not_outcome`
            if state.mood_draws:
                if type(action) is DrawMood:
                    seat = state.mood_draws[0]
                    mood = _drawn_mood(state, seat, action)
                    if mood is not None:
                        return _draw_mood(state, seat, mood, trace)
            elif type(action) is DrawMeal:
                meal = _unseen_meal(state, action)
                if meal is not None:
                    return _draw_meal(state, meal, trace)
        reason = _why_not_outcome(state, action)
        if reason is None:  # an outcome of the class the stage expects
            if type(action) is RevealMood:
                return _reveal(state, action, trace)
            if type(action) is Secret:
                return _secret(state, action, trace)
            if type(action) is DrawMood:
                return _draw_mood_outcome(state, action, trace)
            if type(action) is DrawMeal:
                return _draw_meal_outcome(state, action, trace)
        raise illegal(player, action, reason)
    elif stage == "play" and type(action) is Play and _may_commit(state, player):
        codes = _playable(state, player, action)
        if codes is not None:
            return _commit(state, player, codes, trace)
    elif stage == "resolve" and state.queue[0] == player:
        reason = _why_not_mood_choice(state, player, action)
        if reason is None:
            return _carry_out(state, player, action, trace)
        raise illegal(player, action, reason)
    elif stage == "tomatoes" and type(action) is Tomato and _may_decide(state, player):
        reason = _why_not_tomato(state, player, action)
        if reason is None:
            return _decide_tomatoes(state, player, action, trace)
    check_move(player, action, state.config.players, ACTION_TYPES, TITLE)
    check_turn(actors(state), player)
    reason = why_not(state, player, action)
    if reason is not None:
        raise illegal(player, action, reason)
    if type(action) is Play:
        return _commit(state, player, _CODES[action], trace)
    if type(action) is Tomato:
        return _decide_tomatoes(state, player, action, trace)
    # Every legal decision of another class (a Mood's choice, a chance outcome) took its path
    # above: the seat acts now, so `why_not` said so there already.
    raise illegal(player, action, "not a decision of this stage")


def _may_commit(state: State, player: int) -> bool:
    """True when `player` is a seat still to commit this round (AYC-5)."""
    return 0 <= player < len(state.commitments) and state.commitments[player] is None


def _carry_out(state: State, seat: int, action: Action, trace: list[Effect] | None) -> State:
    code = state.revealed[seat]  # `state.revealed_mood` written out: a hot path
    assert code is not None, "the seat has revealed a Mood"
    mood = MOODS[code]
    if trace is not None:
        trace.append(fx.MoodCarriedOut(seat, mood))  # AYC-7, AYC-19: a decision
    done = MOOD_EFFECTS[mood].carry_out(state, seat, action, trace)
    return settle_queue(replace(done, queue=done.queue[1:]), trace)


def _draw_mood_outcome(state: State, action: DrawMood, trace: list[Effect] | None) -> State:
    return _draw_mood(state, action.seat, MOOD_INDEX[action.mood], trace)


def _draw_meal_outcome(state: State, action: DrawMeal, trace: list[Effect] | None) -> State:
    return _draw_meal(state, state.config.card_lists.tables.index[action.meal], trace)


def _draw_mood(state: State, seat: int, mood: int, trace: list[Effect] | None) -> State:
    # A hot path (a quarter of all decisions): the next state is built directly.
    if trace is not None:
        _note_mood_draw(state, seat, mood, trace)
    decks = list(state.decks)
    hands = list(state.hands)
    decks[seat] = counts_remove(decks[seat], mood)
    hands[seat] = counts_put(hands[seat], mood)
    fields = state.__dict__.copy()
    fields["decks"] = tuple(decks)
    fields["hands"] = tuple(hands)
    fields["mood_draws"] = owed = state.mood_draws[1:]
    drawn = _new(State)  # `from_fields` written out: a hot path
    _set_fields(drawn, fields)
    return drawn if owed else settle_deal(drawn, trace)


def _note_mood_draw(state: State, seat: int, mood: int, trace: list[Effect]) -> None:
    """The first Mood card of a deal: the round begins (AYC-2, AYC-9). Each card drawn is seen
    by its seat only (AYC-2)."""
    players = state.config.players
    cards = FIRST_HAND if state.round == 1 else 1  # AYC-2
    if len(state.mood_draws) == cards * players:
        trace.append(fx.RoundBegins(state.round, state.first, cards))
    trace.append(fx.MoodDrawn(seat, MOODS[mood]))


def _draw_meal(state: State, meal: int, trace: list[Effect] | None) -> State:
    tables = state.config.card_lists.tables
    # AYC-4: a Surprise bread gets a secret card, while there is one to give (the bread itself
    # leaves one card fewer to draw).
    secret = meal in tables.bread and state.drawable > 1
    fields = state.__dict__.copy()
    fields["meal_deck"] = counts_remove(state.meal_deck, meal)
    fields["to_deal"] = state.to_deal - 1
    fields["line"] = (*state.line, (meal, 0, secret))
    if trace is not None:  # AYC-3: face up, in draw order
        trace.append(fx.MealLaidOut(tables.names[meal], len(state.line) + 1, secret))
    return settle_deal(from_fields(State, fields), trace)


def _commit(state: State, seat: int, codes: tuple[int, ...], trace: list[Effect] | None) -> State:
    fields = state.__dict__.copy()  # a hot path: build the next state directly
    fields["commitments"] = commitments = reveal.commit(state.commitments, seat, codes)
    done = _new(State)  # `from_fields` written out: a hot path
    _set_fields(done, fields)
    if trace is not None:  # AYC-5: face down; how many is public
        neighbour = left_of(seat, state.config.players)
        moods = tuple(MOODS[code] for code in codes)
        trace.append(fx.MoodsCommitted(seat, len(codes), neighbour, moods))
    return done if None in commitments else after_commitments(done, trace)


def _reveal(state: State, action: RevealMood, trace: list[Effect] | None) -> State:
    seat = action.seat
    revealed = list(state.revealed)
    revealed[seat] = MOOD_INDEX[action.mood]
    done = replace(state, revealed=tuple(revealed), reveals=state.reveals[1:])
    if trace is not None:  # AYC-5, AYC-17: the left neighbour picks at random
        picker = left_of(seat, state.config.players)
        trace.append(fx.MoodPicked(seat, picker, action.mood, not state.commitments[seat]))
        if not done.reveals:  # the last pick: every Mood of the round is known
            moods = tuple(MOODS[m] for m in revealed if m is not None)
            trace.append(fx.MoodsOfRound(state.round, moods))
    return done if done.reveals else after_reveal(done, trace)


def _secret(state: State, action: Secret, trace: list[Effect] | None) -> State:
    """AYC-4, AYC-14: the secret card joins the collection and takes effect now."""
    tables = state.config.card_lists.tables
    meal = tables.index[action.meal]
    seat = state.secret_reveals[0]
    collections = list(state.collections)
    collections[seat] = counts_put(collections[seat], meal)
    secrets = list(state.secrets)
    secrets[seat] -= 1
    fields: Changes = {}
    if trace is not None:
        trace.append(fx.SecretTurned(seat, action.meal))
    if tables.drink[meal]:
        gain_drink(state, seat, fields, trace)
    card_effects(state, seat, meal, fields, trace)
    done = replace(
        state,
        meal_deck=counts_remove(state.meal_deck, meal),
        collections=tuple(collections),
        secrets=tuple(secrets),
        secret_reveals=state.secret_reveals[1:],
        **fields,
    )
    return settle_end(done, trace)


def _decide_tomatoes(state: State, seat: int, action: Tomato, trace: list[Effect] | None) -> State:
    tomatoes = reveal.commit(state.tomatoes, seat, action.vegetables)
    done = replace(state, tomatoes=tomatoes)
    if trace is not None:  # AYC-10: face down
        trace.append(fx.TomatoesDecided(seat, action.fruits, action.vegetables))
    if _undecided(state, tomatoes):
        return done
    return game_over(done, trace)  # AYC-10: then scoring
