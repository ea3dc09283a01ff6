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
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.config import Config
from tablefeast.games.all_you_can_eat_buffet.state import STAGES, initial_state
from tablefeast.games.all_you_can_eat_buffet.view import View, view
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import (
    actor_flags,
    one_hot_rows,
    public_floats,
    public_floats_flat,
    zeros,
)

__all__ = ["observation_size", "observation_tensor"]

LINE_SLOTS = 7  # the longest line (AYC-3)
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
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` gave, several times faster (the adapters encode a view per step).
    config = seen.config
    n, k, m = config.players, len(MOODS), len(config.card_lists.tables.names)
    seats_or_none = one_hot_rows(n + 1)
    moods = zeros(k)
    out: list[float] = []
    out += seats_or_none[n if seen.seat is None else seen.seat]
    out += _STAGE_ROWS[STAGES.index(seen.stage)]
    out.append(float(seen.round))
    out += one_hot_rows(n)[seen.first]
    out += map(float, seen.my_hand) if seen.my_hand else moods
    out += map(float, seen.my_deck) if seen.my_deck else moods
    out += map(float, seen.hand_sizes)
    out += map(float, seen.deck_sizes)
    out += public_floats_flat(seen.used)
    mine = seen.my_commitment
    out += map(float, counts_from_cards(mine or (), k))
    out.append(0.0 if mine is None else 1.0)
    for committed in seen.committed:
        out += _COMMITTED_ROWS[0 if committed is None else committed + 1]
    mood_rows = one_hot_rows(k + 1)
    for mood in seen.revealed:
        out += mood_rows[k if mood is None else mood]
    out += public_floats(seen.unseen_meals)
    meal_rows = one_hot_rows(m + 1)
    for meal, spices, secret in seen.line[:LINE_SLOTS]:
        out += meal_rows[meal]
        out.append(float(spices))
        out.append(1.0 if secret else 0.0)
    for _ in range(len(seen.line), LINE_SLOTS):
        out += meal_rows[m]
        out += (0.0, 0.0)
    out += public_floats_flat(seen.collections)
    out += map(float, seen.secrets)
    out += public_floats(seen.discard)
    out += map(float, seen.drinks)
    out += map(float, seen.spices)
    out += (float(seen.drink_supply), float(seen.spice_supply))
    out += seats_or_none[n if seen.cake is None else seen.cake]
    out += [float(seen.mood_draws.count(seat)) for seat in range(n)]
    out.append(float(seen.to_deal))
    part = [0.0] * n
    for seat in seen.reveals:
        part[seat] = 1.0
    out += part
    out += seats_or_none[seen.queue[0] if seen.queue else n]
    part = [0.0] * n
    for seat in seen.queue[1:]:
        part[seat] = 1.0
    out += part
    out += [float(seen.secret_reveals.count(seat)) for seat in range(n)]
    out.append(float(seen.my_tomatoes or 0))
    out.append(0.0 if seen.my_tomatoes is None else 1.0)
    out += [1.0 if x else 0.0 for x in seen.tomatoes_decided]
    out += actor_flags(seen.actors, n)
    out += map(float, seen.scores)
    return tuple(out)
