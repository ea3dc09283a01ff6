"""Special situations of All You Can Eat Buffet, for a designer's report: two cards or none
played, clinking glasses, clashing Moods, the Birthday Cake tile, Coffee, wasted Moods, steals
and tied scores, as short labels that start with their ruling id; and the Meals and tokens each
seat holds (`holdings`).

`situations` reads the two full states of a move (and the move itself); it is meant for
simulation statistics, after the fact, not for the table during a game. Every fact it uses is
public once the move is made: revealed Moods, how many cards were committed, collections, the
Birthday Cake tile.

Examples:
    >>> import random
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from collections import Counter
    >>> state, rng, seen = ayc.initial_state(ayc.Config(players=4)), random.Random(1), Counter()
    >>> while not ayc.is_terminal(state):
    ...     seat = ayc.actors(state)[0]
    ...     if seat == -1:
    ...         action = ayc.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(ayc.legal_actions(state, seat))
    ...     after = ayc.apply_action(state, seat, action)
    ...     seen.update(situations(state, seat, action, after))
    ...     state = after
    >>> set(seen) <= set(SITUATIONS), seen["AYC-6 clink"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.all_you_can_eat_buffet.actions import (
    Action,
    Play,
    RevealMood,
    Secret,
    Steal,
)
from tablefeast.games.all_you_can_eat_buffet.components import MOOD_INDEX, MOODS
from tablefeast.games.all_you_can_eat_buffet.flow import resolution_queue
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS
from tablefeast.games.all_you_can_eat_buffet.scoring import scores
from tablefeast.games.all_you_can_eat_buffet.state import State

__all__ = ["SITUATIONS", "holdings", "situations"]

TWO_CARDS = "AYC-5 two Moods played"
NO_CARD = "AYC-5 no Mood played"
CLINK = "AYC-6 clink"
CLASH = "AYC-7 clashing Boors or Slows skip"
CAKE_TILE = "AYC-8 Birthday Cake tile taken"
COFFEE = "AYC-8 Coffee taken"
TIE_ON_POINTS = "AYC-12 tie on points"
NOTHING_DONE = "AYC-13 Mood does nothing"
STEAL = "AYC-16 steal"

SITUATIONS: tuple[str, ...] = (
    TWO_CARDS,
    NO_CARD,
    CLINK,
    CLASH,
    CAKE_TILE,
    COFFEE,
    TIE_ON_POINTS,
    NOTHING_DONE,
    STEAL,
)
"""Every label `situations` can return, in ruling order:

- ``AYC-5 two Moods played``: a player with enough Drink tokens commits two Mood cards.
- ``AYC-5 no Mood played``: a player with even more commits none (the neighbour picks from the
  hand).
- ``AYC-6 clink``: two or more players reveal the same Mood and clink glasses (once per Mood).
- ``AYC-7 clashing Boors or Slows skip``: two or more players reveal the same Mood that resolves
  first or last (Boor, Slow; AYC-22) and all of them skip (once per Mood).
- ``AYC-8 Birthday Cake tile taken``: a Cake, collected, stolen or found as a secret card,
  moves the tile to a player who did not hold it (once per move of the tile).
- ``AYC-8 Coffee taken``: a Coffee is collected, stolen or found as a secret card (once per
  Coffee; it discards up to 2 Drink tokens).
- ``AYC-12 tie on points``: the game ends with the highest score shared (the most Drink tokens
  then decide, or the win is shared).
- ``AYC-13 Mood does nothing``: a revealed Mood collects and steals nothing: an empty line, a
  Jealous with nobody to steal from, a Boor, Trickster or Very Hungry without enough Meals (once
  per player).
- ``AYC-16 steal``: a Jealous player steals a collected Meal.
"""


def situations(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """The special situations that `seat` (CHANCE == -1 included) brought about by playing
    `action` in `before`, giving `after`.

    The move that reveals the last Mood (the last commitment, or the last random reveal) gives
    the labels of the reveal (AYC-6, AYC-7) and of every Mood carried out with it, up to the
    next decision; a decision gives its own labels and those of the Moods carried out after
    it. A label appears once for each time its situation occurs in the move. Linear in the
    size of the states; never raises on a legal move.

    Args:
        before: the state the move was made in.
        seat: the seat that moved, or CHANCE (-1).
        action: the move (for CHANCE: the outcome).
        after: the state after the move (``apply_action(before, seat, action)``).

    Returns:
        Labels from `SITUATIONS`, in the order things happened (possibly none).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(ayc, ayc.Config(players=3), agents, seed=0, max_moves=14).state
        >>> boor, trickster = ayc.Play((ayc.Mood.BOOR,)), ayc.Play((ayc.Mood.TRICKSTER,))
        >>> s = ayc.apply_action(ayc.apply_action(s, 0, boor), 1, trickster)
        >>> situations(s, 2, trickster, ayc.apply_action(s, 2, trickster))  # two Tricksters
        ('AYC-6 clink',)
        >>> situations(s, 2, boor, ayc.apply_action(s, 2, boor))  # two Boors: both skip
        ('AYC-6 clink', 'AYC-7 clashing Boors or Slows skip')
    """
    found: list[str] = []
    players = before.config.players
    if type(action) is Play:
        if len(action.moods) == 2:
            found.append(TWO_CARDS)  # AYC-5
        elif not action.moods:
            found.append(NO_CARD)  # AYC-5
    revealed = _revealed(before, seat, action)
    order: tuple[int, ...] = ()  # the seats whose Moods this move carries out, in order
    if revealed is not None:
        for mood in sorted(set(revealed)):
            if revealed.count(mood) > 1:
                found.append(CLINK)  # AYC-6
                if MOOD_EFFECTS[MOODS[mood]].when != "turn":
                    found.append(CLASH)  # AYC-7, AYC-22: all of them skip
        order = _carried_out(resolution_queue(revealed, before.first, players), after)
    elif before.stage == "resolve" and seat >= 0:
        order = _carried_out(before.queue, after)  # the deciding seat first
    elif type(action) is Secret:
        order = before.secret_reveals[:1]  # AYC-4, AYC-14
    if type(action) is Steal:
        found.append(STEAL)  # AYC-16
    gains = _gains(before, action, after)
    found += _cake_and_coffee(before, order, gains)
    if revealed is not None or before.stage == "resolve":
        for s in order:
            if any(gains[s]) or (s == seat and before.stage == "resolve"):
                continue  # a decision always collects or steals (AYC-19)
            found.append(NOTHING_DONE)  # AYC-13
    if after.stage == "over" and before.stage != "over":
        final = scores(after)
        if final.count(max(final)) > 1:
            found.append(TIE_ON_POINTS)  # AYC-12
    return tuple(found)


def _revealed(before: State, seat: int, action: Action) -> tuple[int, ...] | None:
    """Every seat's revealed Mood, when this move reveals the last one (AYC-5), else None."""
    if type(action) is Play:
        moods: list[int] = []
        for s, earlier in enumerate(before.commitments):
            committed = tuple(MOOD_INDEX[m] for m in action.moods) if s == seat else earlier
            if committed is None or len(committed) != 1:
                return None  # others still to commit, or random reveals to come (AYC-17)
            moods.append(committed[0])
        return tuple(moods)
    if type(action) is RevealMood and len(before.reveals) == 1:
        known = list(before.revealed)
        known[action.seat] = MOOD_INDEX[action.mood]
        if None not in known:
            return tuple(m for m in known if m is not None)
    return None


def _carried_out(queue: tuple[int, ...], after: State) -> tuple[int, ...]:
    """The seats of `queue` whose Moods were carried out by the move that gave `after` (AYC-7):
    all of them, unless a later seat now has a choice to make."""
    left = len(after.queue) if after.stage == "resolve" else 0
    return queue[: len(queue) - left]


def _gains(before: State, action: Action, after: State) -> list[list[int]]:
    """Per seat, the Meals it gained in this move (counts by Meal; never negative): its
    collection's growth, with a stolen Meal added back for its victim, whose own Mood may
    have collected something after the steal (AYC-8, AYC-16)."""
    gains = [
        [new - old for old, new in zip(b, a, strict=True)]
        for b, a in zip(before.collections, after.collections, strict=True)
    ]
    if type(action) is Steal:
        index = before.config.card_lists.tables.index[action.meal]
        gains[action.seat][index] += 1  # the victim's loss is not a gain of anything
    return gains


def _cake_and_coffee(before: State, order: Iterable[int], gains: list[list[int]]) -> list[str]:
    """The Birthday Cake tile's moves and the Coffees taken, in the order of `order` (AYC-8)."""
    tables = before.config.card_lists.tables
    found: list[str] = []
    holder = before.cake
    for s in order:
        if holder != s and any(gains[s][i] for i in tables.cake):
            found.append(CAKE_TILE)
            holder = s
        found += [COFFEE] * sum(gains[s][i] for i in tables.coffee)
    return found


DRINK_TOKENS = "Drink tokens"
SPICE_TOKENS = "Spice tokens"
CAKE_TILE_HELD = "Birthday Cake tile"


def _token_labels(names: Iterable[str]) -> tuple[str, str, str]:
    """The labels of the Drink tokens, the Spice tokens and the Birthday Cake tile next to Meals
    called `names`: ``Drink tokens``, ``Spice tokens``, ``Birthday Cake tile``, each followed by
    `` (token)`` as often as it takes to be no Meal's name (a custom list may call a Meal
    anything).

    Args:
        names: the Meal names of the game's list.

    Examples:
        >>> _token_labels(["Steak", "Spice tokens"])
        ('Drink tokens', 'Spice tokens (token)', 'Birthday Cake tile')
    """
    taken = set(names)
    labels = []
    for wanted in (DRINK_TOKENS, SPICE_TOKENS, CAKE_TILE_HELD):
        label = wanted
        while label in taken:
            label += " (token)"
        labels.append(label)
    return labels[0], labels[1], labels[2]


def holdings(state: State) -> tuple[dict[str, int], ...]:
    """What each seat holds: per seat a count for every label, always the same labels in this
    order: every Meal of the game's list by its name as printed (``Garlic``, ``Cream cake``,
    ..., ``Spoiled food`` with the default cards), in the list's order, the cards collected of
    it (stolen ones gone, secret cards once revealed at the end, AYC-4); then ``Drink tokens``,
    ``Spice tokens`` and ``Birthday Cake tile`` (1 for the seat that holds it, AYC-8).

    Public facts only (a Surprise bread's secret card counts once it is revealed); linear in
    the number of players times the Meal list's entries; any state.

    Args:
        state: the state of the game (meant for the final one).

    Returns:
        One dict per seat, label to count.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> held = holdings(end)
        >>> list(held[0])[:2], list(held[0])[-3:]
        (['Garlic', 'Cream cake'], ['Drink tokens', 'Spice tokens', 'Birthday Cake tile'])
        >>> [sum(h.values()) - h["Drink tokens"] - h["Spice tokens"] - h["Birthday Cake tile"]
        ...  for h in held] == [sum(meals) for meals in end.collections]
        True
        >>> sum(h["Birthday Cake tile"] for h in held) == (end.cake is not None)
        True
    """
    names = state.config.card_lists.tables.names
    drinks, spices, cake = _token_labels(names)
    out = []
    for seat, meals in enumerate(state.collections):
        held = dict(zip(names, meals, strict=True))
        held[drinks] = state.drinks[seat]
        held[spices] = state.spices[seat]
        held[cake] = int(state.cake == seat)
        out.append(held)
    return tuple(out)
