"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players and a Meal list of M Meals (in order): the viewer (one-hot over n seats and
the spectator); the stage (one-hot over the 7 stages); round; the First player (one-hot n); the
viewer's hand and deck (6 Mood counts each, zeros for a spectator); hand and deck sizes (n each);
the Mood cards used (n x 6); the viewer's commitment (6 counts, and whether it has committed);
how many cards each seat committed (n x one-hot over none, 0, 1, 2); the revealed Moods (n x
one-hot over 6 Moods and none); the unseen Meals (M counts); the line, 7 slots of (one-hot over M
Meals and empty, Spice tokens, secret card); collections (n x M); secret cards (n); the discard
pile (M); Drink and Spice tokens (n each) and their supplies; the Birthday Cake tile (one-hot n +
none); Mood cards owed (n counts); Meals still to draw; seats awaiting a reveal (n flags); the
seat carrying out its Mood (one-hot n + none) and the others queued (n flags); secret cards owed
(n counts); the viewer's Tomato decision (vegetables, and whether made); who has decided (n);
who acts (n seats + chance); running scores (n).

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> config = ayc.Config(players=3)
    >>> obs = observation_tensor(ayc.view(ayc.initial_state(config), 0))
    >>> len(obs) == observation_size(config)
    True

`observation_tensor_of(state, seat)` is the same tensor written straight from the state, with no
`View` in between (the adapters' path: one per step). It reads only what `view(state, seat)`
shows, in the same way; a test checks the two equal, float for float, on many states and every
seat.
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.config import MAX_PLAYERS, Config
from tablefeast.games.all_you_can_eat_buffet.rules import actors, scores
from tablefeast.games.all_you_can_eat_buffet.state import STAGES, LineMeal, State, initial_state
from tablefeast.games.all_you_can_eat_buffet.view import View, _hidden_tomato_scores, view
from tablefeast.kernel.deck import Counts, counts_from_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.tensor import (
    actor_flags,
    one_hot_rows,
    public_floats,
    public_floats_flat,
    zeros,
)

__all__ = ["observation_size", "observation_tensor", "observation_tensor_of"]

LINE_SLOTS = Config(players=MAX_PLAYERS).line_size  # the longest line (AYC-3)
_STAGE_ROWS = one_hot_rows(len(STAGES))
_COMMITTED_ROWS = one_hot_rows(4)  # none, then 0, 1 or 2 cards


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> config = ayc.Config(players=3)
        >>> t = observation_tensor(ayc.view(ayc.initial_state(config), None))
        >>> len(t) == observation_size(config), t[:4]
        (True, (0.0, 0.0, 0.0, 1.0))
    """
    return _encode(
        seen.config,
        seen.seat,
        seen.stage,
        seen.round,
        seen.first,
        seen.my_hand,
        seen.my_deck,
        seen.hand_sizes,
        seen.deck_sizes,
        seen.used,
        seen.my_commitment,
        seen.committed,
        seen.revealed,
        seen.unseen_meals,
        seen.line,
        seen.collections,
        seen.secrets,
        seen.discard,
        seen.drinks,
        seen.spices,
        seen.drink_supply,
        seen.spice_supply,
        seen.cake,
        seen.mood_draws,
        seen.to_deal,
        seen.reveals,
        seen.queue,
        seen.secret_reveals,
        seen.my_tomatoes,
        seen.tomatoes_decided,
        seen.actors,
        seen.scores,
    )


def observation_tensor_of(state: State, seat: int | None) -> tuple[float, ...]:
    """`observation_tensor(view(state, seat))`, written straight from the state: the same floats,
    without building the view (the adapters observe a state this way, once a step).

    It reads exactly what the view shows: the seat's own Mood hand, deck, commitment and Tomato
    decision, how many cards each seat committed (not which), who has decided its Tomatoes (not
    how: the running scores leave the others' decisions out until the end), and the public rest.

    Args:
        state: the state of the game.
        seat: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `seat` is neither None nor a seat of this game.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; 1: play trickster")
        >>> observation_tensor_of(s, 0) == observation_tensor(ayc.view(s, 0))
        True
    """
    check_viewer(seat, state.config.players)
    over = state.stage == "over"
    return _encode(
        state.config,
        seat,
        state.stage,
        state.round,
        state.first,
        state.hands[seat] if seat is not None else None,
        state.decks[seat] if seat is not None else None,
        tuple(map(sum, state.hands)),
        tuple(map(sum, state.decks)),
        state.used,
        state.commitments[seat] if seat is not None else None,
        tuple([None if c is None else len(c) for c in state.commitments]),  # how many, not which
        state.revealed,
        state.meal_deck,
        state.line,
        state.collections,
        state.secrets,
        state.discard,
        state.drinks,
        state.spices,
        state.drink_supply,
        state.spice_supply,
        state.cake,
        state.mood_draws,
        state.to_deal,
        state.reveals,
        state.queue,
        state.secret_reveals,
        state.tomatoes[seat] if seat is not None else None,
        tuple([t is not None for t in state.tomatoes]),  # who has decided, not what
        actors(state),
        scores(state) if over else _hidden_tomato_scores(state, seat),
    )


def _encode(  # noqa: PLR0917 - a view's fields, positional: both paths run it once a step
    config: Config,
    seat: int | None,
    stage: str,
    round_number: int,
    first: int,
    my_hand: Counts | None,
    my_deck: Counts | None,
    hand_sizes: tuple[int, ...],
    deck_sizes: tuple[int, ...],
    used: tuple[Counts, ...],
    my_commitment: tuple[int, ...] | None,
    committed: tuple[int | None, ...],
    revealed: tuple[int | None, ...],
    unseen_meals: Counts,
    line: tuple[LineMeal, ...],
    collections: tuple[Counts, ...],
    secrets: tuple[int, ...],
    discard: Counts,
    drinks: tuple[int, ...],
    spices: tuple[int, ...],
    drink_supply: int,
    spice_supply: int,
    cake: int | None,
    mood_draws: tuple[int, ...],
    to_deal: int,
    reveals: tuple[int, ...],
    queue: tuple[int, ...],
    secret_reveals: tuple[int, ...],
    my_tomatoes: int | None,
    tomatoes_decided: tuple[bool, ...],
    acting: tuple[int, ...],
    scores: tuple[int, ...],
) -> tuple[float, ...]:
    """The tensor from what a view holds: one layout for both paths, so that they cannot drift
    apart."""
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` gave, several times faster (the adapters encode a view per step).
    n, k, m = config.players, len(MOODS), len(config.card_lists.tables.names)
    seats_or_none = one_hot_rows(n + 1)
    moods = zeros(k)
    out: list[float] = []
    out += seats_or_none[n if seat is None else seat]
    out += _STAGE_ROWS[STAGES.index(stage)]
    out.append(float(round_number))
    out += one_hot_rows(n)[first]
    out += map(float, my_hand) if my_hand else moods
    out += map(float, my_deck) if my_deck else moods
    out += map(float, hand_sizes)
    out += map(float, deck_sizes)
    out += public_floats_flat(used)
    out += map(float, counts_from_cards(my_commitment or (), k))
    out.append(0.0 if my_commitment is None else 1.0)
    for count in committed:
        out += _COMMITTED_ROWS[0 if count is None else count + 1]
    mood_rows = one_hot_rows(k + 1)
    for mood in revealed:
        out += mood_rows[k if mood is None else mood]
    out += public_floats(unseen_meals)
    meal_rows = one_hot_rows(m + 1)
    for meal, spice_tokens, secret in line[:LINE_SLOTS]:
        out += meal_rows[meal]
        out.append(float(spice_tokens))
        out.append(1.0 if secret else 0.0)
    for _ in range(len(line), LINE_SLOTS):
        out += meal_rows[m]
        out += (0.0, 0.0)
    out += public_floats_flat(collections)
    out += map(float, secrets)
    out += public_floats(discard)
    out += map(float, drinks)
    out += map(float, spices)
    out += (float(drink_supply), float(spice_supply))
    out += seats_or_none[n if cake is None else cake]
    out += [float(mood_draws.count(s)) for s in range(n)]
    out.append(float(to_deal))
    part = [0.0] * n
    for s in reveals:
        part[s] = 1.0
    out += part
    out += seats_or_none[queue[0] if queue else n]
    part = [0.0] * n
    for s in queue[1:]:
        part[s] = 1.0
    out += part
    out += [float(secret_reveals.count(s)) for s in range(n)]
    out.append(float(my_tomatoes or 0))
    out.append(0.0 if my_tomatoes is None else 1.0)
    out += [1.0 if x else 0.0 for x in tomatoes_decided]
    out += actor_flags(acting, n)
    out += map(float, scores)
    return tuple(out)
