"""What one seat may know, and determinization.

Hidden: other seats' Mood hands (and so how their Mood cards split between hand and deck),
face-down commitments until revealed, other seats' Tomato decisions until all are made, and the
order of the decks. Public: the line, every collection and token, the discard pile, the Mood
cards used, how many cards each seat committed, and the revealed Moods. The unseen Meals are
shown as a multiset, as everyone can deduce them (every other Meal is in sight); the Surprise
breads' secret cards are among them, unseen by all.

Examples:
    >>> import random
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.record import position
    >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
    >>> s = position(ayc, ayc.Config(players=3), DEAL + "; "
    ...     "0: play boor; 1: play trickster; 2: play trickster; take 3; swap 1 2")
    >>> ayc.view(ayc.determinize(s, 0, random.Random(1)), 0) == ayc.view(s, 0)
    True
"""

from __future__ import annotations

import random

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import MOOD_INDEX
from tablefeast.games.all_you_can_eat_buffet.config import Config
from tablefeast.games.all_you_can_eat_buffet.rules import _plays, _tomatoes, actors, scores
from tablefeast.games.all_you_can_eat_buffet.state import LineMeal, State
from tablefeast.kernel import reveal
from tablefeast.kernel.deck import Counts, counts_add, counts_from_cards, counts_to_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.values import replace

__all__ = ["View", "determinize", "view"]


@attrs.frozen
class View:
    """One seat's (or a spectator's) knowledge of a game.

    Attributes:
        seat: whose view (None: a spectator).
        config: the setup.
        stage: as in `State`.
        round: as in `State`.
        first: as in `State`.
        my_hand: this seat's Mood hand (None for a spectator).
        my_deck: this seat's Mood deck, as a multiset (None for a spectator).
        hand_sizes: per seat, Mood cards in hand.
        deck_sizes: per seat, Mood cards in its deck.
        used: as in `State`.
        my_commitment: the Moods this seat committed this round, if any.
        committed: per seat, how many cards it committed face down, or None before it commits.
        revealed: as in `State`.
        unseen_meals: the Meals nobody has seen: the deck and the secret cards, as a multiset.
        line: as in `State`.
        collections: as in `State`.
        secrets: as in `State`.
        discard: as in `State`.
        drinks: as in `State`.
        spices: as in `State`.
        drink_supply: as in `State`.
        spice_supply: as in `State`.
        cake: as in `State`.
        mood_draws: as in `State`.
        to_deal: as in `State`.
        reveals: as in `State`.
        queue: as in `State`.
        secret_reveals: as in `State`.
        my_tomatoes: this seat's Tomato decision, if made.
        tomatoes_decided: per seat, whether it has decided its Tomatoes.
        actors: who acts now.
        scores: running scores.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> v = view(s, 0)
        >>> v.my_hand, v.hand_sizes, v.stage, v.actors
        ((1, 0, 1, 1, 0, 0), (3, 3, 3), 'play', (0, 1, 2))
    """

    seat: int | None
    config: Config
    stage: str
    round: int
    first: int
    my_hand: Counts | None
    my_deck: Counts | None
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    used: tuple[Counts, ...]
    my_commitment: tuple[int, ...] | None
    committed: tuple[int | None, ...]
    revealed: tuple[int | None, ...]
    unseen_meals: Counts
    line: tuple[LineMeal, ...]
    collections: tuple[Counts, ...]
    secrets: tuple[int, ...]
    discard: Counts
    drinks: tuple[int, ...]
    spices: tuple[int, ...]
    drink_supply: int
    spice_supply: int
    cake: int | None
    mood_draws: tuple[int, ...]
    to_deal: int
    reveals: tuple[int, ...]
    queue: tuple[int, ...]
    secret_reveals: tuple[int, ...]
    my_tomatoes: int | None
    tomatoes_decided: tuple[bool, ...]
    actors: tuple[int, ...]
    scores: tuple[int, ...]


def view(state: State, player: int | None) -> View:
    """Exactly what `player` may know (`None`: a spectator).

    Args:
        state: the state of the game.
        player: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; 1: play trickster")
        >>> view(s, 0).committed, view(s, 1).my_commitment, view(s, None).my_hand
        ((None, 1, None), (4,), None)
    """
    check_viewer(player, state.config.players)
    over = state.stage == "over"
    return View(
        seat=player,
        config=state.config,
        stage=state.stage,
        round=state.round,
        first=state.first,
        my_hand=None if player is None else state.hands[player],
        my_deck=None if player is None else state.decks[player],
        hand_sizes=tuple(map(sum, state.hands)),
        deck_sizes=tuple(map(sum, state.decks)),
        used=state.used,
        my_commitment=None if player is None else state.commitments[player],
        committed=tuple(None if c is None else len(c) for c in state.commitments),
        revealed=state.revealed,
        unseen_meals=state.meal_deck,
        line=state.line,
        collections=state.collections,
        secrets=state.secrets,
        discard=state.discard,
        drinks=state.drinks,
        spices=state.spices,
        drink_supply=state.drink_supply,
        spice_supply=state.spice_supply,
        cake=state.cake,
        mood_draws=state.mood_draws,
        to_deal=state.to_deal,
        reveals=state.reveals,
        queue=state.queue,
        secret_reveals=state.secret_reveals,
        my_tomatoes=None if player is None else state.tomatoes[player],
        tomatoes_decided=reveal.committed_flags(state.tomatoes),
        actors=actors(state),
        scores=scores(state) if over else _hidden_tomato_scores(state, player),
    )


def _hidden_tomato_scores(state: State, player: int | None) -> tuple[int, ...]:
    # Running scores must not reveal another seat's Tomato decision before the end.
    if all(t is None for s, t in enumerate(state.tomatoes) if s != player):
        return scores(state)
    own = state.tomatoes[player] if player is not None else None
    masked = tuple(own if s == player else None for s in range(state.config.players))
    return scores(replace(state, tomatoes=masked))


def _sample_hand(
    pool: list[int], size: int, pinned: list[int], rng: random.Random
) -> tuple[list[int], list[int]]:
    cards = pool[:]
    rng.shuffle(cards)
    return pinned + cards[: size - len(pinned)], cards[size - len(pinned) :]


def determinize(state: State, player: int | None, rng: random.Random) -> State:
    """A state `player` cannot tell from `state`: other seats' Mood hands are dealt again from
    their hand and deck together, and their hidden commitments and Tomato decisions are chosen
    again among the legal ones. A revealed card stays where it is.

    Args:
        state: the state of the game.
        player: the seat whose knowledge the new state must keep, or None for a spectator's.
        rng: the generator the hidden parts are resampled with.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> import random
        >>> d = determinize(s, 0, random.Random(1))
        >>> d.hands[0] == s.hands[0], d.hands[1] == s.hands[1], view(d, 0) == view(s, 0)
        (True, False, True)
    """
    config = state.config
    check_viewer(player, config.players)
    k = len(state.decks[0])
    hands = list(state.hands)
    decks = list(state.decks)
    commitments = list(state.commitments)
    revealing = state.stage == "reveal"
    for seat in range(config.players):
        if seat == player:
            continue
        shown = state.revealed[seat] if revealing else None
        pinned = [] if shown is None else [shown]
        # Sorted: the pool must not depend on how the cards really split between hand and deck.
        pool = sorted(counts_to_cards(counts_add(state.hands[seat], state.decks[seat])))
        for mood in pinned:
            pool.remove(mood)
        size = sum(state.hands[seat])
        hand, deck = _sample_hand(pool, size, pinned, rng)
        hands[seat] = counts_from_cards(hand, k)
        decks[seat] = counts_from_cards(deck, k)
        commitments[seat] = _recommit(state, seat, hands[seat], shown, rng)
    sampled = replace(state, hands=tuple(hands), decks=tuple(decks), commitments=tuple(commitments))
    if state.stage == "tomatoes":
        tomatoes = list(state.tomatoes)
        for seat, decided in enumerate(state.tomatoes):
            if decided is not None and seat != player:
                options = _tomatoes(sampled, seat)
                tomatoes[seat] = options[rng.randrange(len(options))].vegetables
        sampled = replace(sampled, tomatoes=tuple(tomatoes))
    return sampled


def _recommit(
    state: State, seat: int, hand: Counts, shown: int | None, rng: random.Random
) -> tuple[int, ...] | None:
    committed = state.commitments[seat]
    if committed is None or len(committed) == 0:
        return committed
    if shown is not None and len(committed) == 1:
        return committed
    trial = replace(state, hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]))
    options = [tuple(MOOD_INDEX[m] for m in p.moods) for p in _plays(trial, seat)]
    if shown is not None:  # two cards, one of them revealed
        options = [o for o in options if shown in o]
    return options[rng.randrange(len(options))] if options else committed
