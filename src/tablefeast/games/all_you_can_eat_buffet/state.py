"""The game state: the whole truth, hidden parts included, as one frozen value.

Moods are indices into `components.MOODS`; Meals are indices into the config's Meal list; hands,
decks and collections are counts tuples over them. A game moves through stages:

- ``"deal"``: chance draws the Mood cards owed (AYC-2), then the Meals of the line (AYC-3);
- ``"play"``: every seat commits Mood cards at once (AYC-5);
- ``"reveal"``: chance reveals, for each seat that committed two cards or none, one at random;
- ``"resolve"``: the seats carry out their Moods in order (AYC-7); `queue` lists who is next;
- ``"secrets"``: after the last round, chance turns up the Surprise breads' secret cards (AYC-4);
- ``"tomatoes"``: the seats holding Tomatoes decide them at once (AYC-10);
- ``"over"``.

Surprise breads' secret cards are never seen before the end, so they are not drawn when the
bread is: they stay in the unseen `meal_deck` and `secrets` counts them (a secret card is a
uniformly random unseen card, drawn or not). A secret discarded with the line is never seen at
all: `lost` counts those, so that the drawable deck is ``sum(meal_deck) - secrets - lost``,
less the secret cards under the breads on the line (`State.drawable`).

Examples:
    >>> s = initial_state(Config(players=3))
    >>> s.stage, s.mood_draws, s.to_deal
    ('deal', (0, 0, 0, 1, 1, 1, 2, 2, 2), 5)
"""

from __future__ import annotations

from operator import itemgetter

import attrs

from tablefeast.games.all_you_can_eat_buffet.components import MOODS, Mood
from tablefeast.games.all_you_can_eat_buffet.config import DRINKS, FIRST_HAND, SPICES, Config
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.values import combine

__all__ = ["STAGES", "LineMeal", "State", "initial_state", "revealed_mood", "tomatoes_held"]

STAGES = ("deal", "play", "reveal", "resolve", "secrets", "tomatoes", "over")
"""The values of `State.stage`, in the order a game meets them (see above)."""

LineMeal = tuple[int, int, bool]
"""A Meal in the line: its index, the Spice tokens on it, whether a secret card lies under it."""


@attrs.frozen(slots=False)  # dict-backed: `kernel.values.replace` copies it cheaply
class State:
    """Everything about a game in progress.

    Attributes:
        config: the game's setup.
        stage: where the game stands (see the module docs).
        round: 1-based round number.
        first: the seat holding the First player tile.
        decks: per seat, counts of the Mood cards still in its deck.
        hands: per seat, counts of the Mood cards in hand.
        used: per seat, counts of the Mood cards revealed and used so far (public).
        commitments: per seat, the Moods committed face down this round, or None.
        revealed: per seat, the Mood revealed this round, or None.
        meal_deck: counts of the unseen Meals: the deck and the secret cards.
        line: the Meals on the table, first to last.
        collections: per seat, counts of the Meals collected.
        secrets: per seat, secret cards under its Surprise breads (AYC-4).
        lost: secret cards discarded unseen with the line.
        discard: counts of the Meals discarded from the line (AYC-9).
        drinks: per seat, Drink tokens.
        spices: per seat, Spice tokens.
        drink_supply: Drink tokens left in the supply.
        spice_supply: Spice tokens left in the supply.
        cake: the seat holding the Birthday Cake tile, or None.
        mood_draws: Mood cards owed, in order: the seat of each card.
        to_deal: Meals still to draw for the line.
        reveals: seats whose card the left neighbour reveals at random, in order (AYC-5).
        queue: seats still to carry out their Mood this round, in order (AYC-7).
        secret_reveals: seats owed the reveal of a secret card, in order (AYC-4).
        tomatoes: per seat, how many Tomatoes it counts as Vegetables, once decided (AYC-10).

    Examples:
        >>> s = initial_state(Config(players=3))
        >>> s.round, s.first, s.hands[0], s.decks[0], s.drink_supply, s.spice_supply
        (1, 0, (0, 0, 0, 0, 0, 0), (4, 2, 1, 1, 2, 2), 36, 24)
    """

    config: Config
    stage: str
    round: int
    first: int
    decks: tuple[Counts, ...]
    hands: tuple[Counts, ...]
    used: tuple[Counts, ...]
    commitments: tuple[tuple[int, ...] | None, ...]
    revealed: tuple[int | None, ...]
    meal_deck: Counts
    line: tuple[LineMeal, ...]
    collections: tuple[Counts, ...]
    secrets: tuple[int, ...]
    lost: int
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
    tomatoes: tuple[int | None, ...]

    @property
    def drawable(self) -> int:
        """Meals that can still be drawn for the line.

        Examples:
            >>> initial_state(Config(players=3)).drawable
            84
        """
        secret: int = sum(map(_SECRET, self.line))  # on the line, face down (AYC-4)
        return sum(self.meal_deck) - sum(self.secrets) - self.lost - secret

    def __attrs_post_init__(self) -> None:
        combine(self)  # fast attribute reads (see `kernel.values.combine`)


def tomatoes_held(state: State, seat: int) -> int:
    """How many Tomatoes `seat` has collected (it decides each at the end, AYC-10).

    Args:
        state: the state of the game.
        seat: the seat asked about.

    Examples:
        >>> tomatoes_held(initial_state(Config(players=3)), 0)
        0
    """
    collection = state.collections[seat]
    held = 0
    for meal in state.config.card_lists.tables.of_set["tomato"]:  # a loop: no generator frame
        held += collection[meal]
    return held


def revealed_mood(state: State, seat: int) -> Mood:
    """The Mood `seat` revealed this round, the one it carries out (AYC-5, AYC-7); asked only
    once the seat has revealed one.

    Args:
        state: the state of the game, after `seat`'s reveal.
        seat: the seat asked about.

    Examples:
        >>> from tablefeast.kernel.values import replace
        >>> revealed_mood(replace(initial_state(Config(players=3)), revealed=(0, 2, 3)), 1)
        <Mood.BOOR: 'boor'>
    """
    code = state.revealed[seat]
    assert code is not None, "the seat has revealed a Mood"
    return MOODS[code]


_SECRET = itemgetter(2)  # a LineMeal's secret flag


def initial_state(config: Config) -> State:
    """The table before the first draw: decks shuffled, nothing dealt (AYC-1).

    The first chance nodes deal 3 Mood cards to each seat in seat order (AYC-2), then the Meals
    of the first line (AYC-3).

    Args:
        config: the game's configuration (player count and options).

    Examples:
        >>> s = initial_state(Config(players=4, first_player=1))
        >>> s.stage, s.first, len(s.mood_draws), s.to_deal, s.line
        ('deal', 1, 12, 5, ())
    """
    n = config.players
    lists = config.card_lists.tables
    no_moods = (0,) * len(MOODS)
    no_meals = (0,) * len(lists.names)
    return State(
        config=config,
        stage="deal",
        round=1,
        first=config.first_player,
        decks=(config.mood_deck,) * n,
        hands=(no_moods,) * n,
        used=(no_moods,) * n,
        commitments=(None,) * n,
        revealed=(None,) * n,
        meal_deck=lists.counts,
        line=(),
        collections=(no_meals,) * n,
        secrets=(0,) * n,
        lost=0,
        discard=no_meals,
        drinks=(0,) * n,
        spices=(0,) * n,
        drink_supply=DRINKS,
        spice_supply=SPICES,
        cake=None,
        mood_draws=tuple(s for s in range(n) for _ in range(FIRST_HAND)),  # AYC-2
        to_deal=config.line_size,  # AYC-3
        reveals=(),
        queue=(),
        secret_reveals=(),
        tomatoes=(None,) * n,
    )
