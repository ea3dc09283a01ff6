"""Special situations of All You Can Eat Buffet, for a designer's report: two cards or none
played, clinking glasses, clashing Moods, the Birthday Cake tile, Coffee, wasted Moods, steals
and tied scores, as short labels that start with their ruling id; and the Meals and tokens each
seat holds (`holdings`).

`situations` reads a move's effects (as `apply_traced` returns them); it is meant for
simulation statistics, after the fact, not for the table during a game. Every effect it counts
is public once the move is made: how many cards were committed, the revealed Moods, the Meals
collected and stolen, the Birthday Cake tile, the final scores.

Examples:
    >>> import random
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from collections import Counter
    >>> state, rng, found = ayc.initial_state(ayc.Config(players=4)), random.Random(1), Counter()
    >>> while not ayc.is_terminal(state):
    ...     seat = ayc.actors(state)[0]
    ...     if seat == -1:
    ...         action = ayc.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(ayc.legal_actions(state, seat))
    ...     state, effects = ayc.apply_traced(state, seat, action)
    ...     found.update(situations(effects))
    >>> set(found) <= set(SITUATIONS), found["AYC-6 clink"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.games.all_you_can_eat_buffet.state import State
from tablefeast.kernel.effects import Effect

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


def situations(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The special situations among `effects` (those of one move, or of several).

    A label appears once for each time its situation occurs. The labels come grouped as the
    report lists them: the cards committed (AYC-5); the clinks in Mood order, each followed by
    its skip (AYC-6, AYC-7); a steal (AYC-16); for each Mood carried out (or secret card turned
    up) in turn, the Birthday Cake tile before its Coffees (AYC-8); the Moods that did nothing
    (AYC-13); a tie on points (AYC-12). Linear in the effects.

    Args:
        effects: the effects, as `apply_traced` gives them.

    Returns:
        Labels from `SITUATIONS` (possibly none).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL + "; 0: play boor; 1: play trickster")
        >>> boor, trickster = ayc.Play((ayc.Mood.BOOR,)), ayc.Play((ayc.Mood.TRICKSTER,))
        >>> situations(ayc.apply_traced(s, 2, trickster)[1])  # two Tricksters
        ('AYC-6 clink',)
        >>> situations(ayc.apply_traced(s, 2, boor)[1])  # two Boors: both skip
        ('AYC-6 clink', 'AYC-7 clashing Boors or Slows skip')
    """
    found: list[tuple[int, int, str]] = []  # (group, Mood carried out, label)
    step = 0
    for effect in effects:
        match effect:
            case fx.MoodCarriedOut() | fx.SecretTurned():
                step += 1
            case fx.MoodsCommitted(cards=2):
                found.append((0, 0, TWO_CARDS))  # AYC-5
            case fx.MoodsCommitted(cards=0):
                found.append((0, 0, NO_CARD))  # AYC-5
            case fx.Clinked():
                found.append((1, 0, CLINK))  # AYC-6
            case fx.Skipped():
                found.append((1, 0, CLASH))  # AYC-7, AYC-22: all of them skip
            case fx.MealStolen():
                found.append((2, 0, STEAL))  # AYC-16
            case fx.CakeTileTaken():
                found.append((3, 2 * step, CAKE_TILE))  # AYC-8: the tile changes hands
            case fx.CoffeeDrunk():
                found.append((3, 2 * step + 1, COFFEE))  # AYC-8
            case fx.NothingDone():
                found.append((4, 0, NOTHING_DONE))  # AYC-13
            case fx.GameOver(tied=tied) if len(tied) > 1:
                found.append((5, 0, TIE_ON_POINTS))  # AYC-12
    found.sort(key=lambda item: item[:2])  # stable: in the order they happened within a group
    return tuple(label for _, _, label in found)


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
