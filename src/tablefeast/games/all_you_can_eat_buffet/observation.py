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
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.deck import counts_from_cards
from tablefeast.kernel.tensor import Features

__all__ = ["observation_size", "observation_tensor"]

LINE_SLOTS = 7  # the longest line (AYC-3)


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
    config = seen.config
    n, k, m = config.players, len(MOODS), len(config.card_lists.tables.names)
    f = Features()
    f.one_hot(n if seen.seat is None else seen.seat, n + 1)
    f.one_hot(STAGES.index(seen.stage), len(STAGES))
    f.values((seen.round,))
    f.one_hot(seen.first, n)
    f.values(seen.my_hand or (0,) * k)
    f.values(seen.my_deck or (0,) * k)
    f.values(seen.hand_sizes)
    f.values(seen.deck_sizes)
    for used in seen.used:
        f.values(used)
    mine = seen.my_commitment
    f.values(counts_from_cards(mine or (), k))
    f.flags((mine is not None,))
    for committed in seen.committed:
        f.one_hot(0 if committed is None else committed + 1, 4)
    for mood in seen.revealed:
        f.one_hot(k if mood is None else mood, k + 1)
    f.values(seen.unseen_meals)
    for slot in range(LINE_SLOTS):
        if slot < len(seen.line):
            meal, spices, secret = seen.line[slot]
            f.one_hot(meal, m + 1)
            f.values((spices,))
            f.flags((secret,))
        else:
            f.one_hot(m, m + 1)
            f.values((0, 0))
    for collection in seen.collections:
        f.values(collection)
    f.values(seen.secrets)
    f.values(seen.discard)
    f.values(seen.drinks)
    f.values(seen.spices)
    f.values((seen.drink_supply, seen.spice_supply))
    f.one_hot(n if seen.cake is None else seen.cake, n + 1)
    f.values(seen.mood_draws.count(seat) for seat in range(n))
    f.values((seen.to_deal,))
    f.members(seen.reveals, n)
    f.one_hot(seen.queue[0] if seen.queue else n, n + 1)
    f.members(seen.queue[1:], n)
    f.values(seen.secret_reveals.count(seat) for seat in range(n))
    f.values((seen.my_tomatoes or 0,))
    f.flags((seen.my_tomatoes is not None,))
    f.flags(seen.tomatoes_decided)
    f.members((n if seat == CHANCE else seat for seat in seen.actors), n + 1)
    f.values(seen.scores)
    return f.tensor()
