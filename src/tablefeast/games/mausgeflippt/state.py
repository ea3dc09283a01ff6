"""The game state: the whole truth, hidden parts included, as one frozen value.

Clothing items, mice and cheeses are indices into the config's card set; hands and piles are counts
tuples over them. What is *pending* decides who acts (see `rules.actors`), in this order: a wrong
flipper's choice of the card that lies face down (MG-17), mice owed to right claimants of an unclear
tie (MG-8), cheeses owed likewise, clothing draws, the next cheese to turn, the next mouse to turn;
then the race: every seat commits, and with two or more claimants chance says who was fastest
(MG-3).

A commitment is a small int: `PASS` (-1), `FLIP` (-2), or the index of the clothing item played;
in a view, another seat's Play is `PLAYED` (-3) until its card is shown.
What a reachable state satisfies is checked by `checks.check_state` (run by `tablefeast.loads`).

Examples:
    >>> s = initial_state(Config(players=3))
    >>> len(s.pending_draws), s.cheese_to_turn, s.open_mouse
    (21, True, None)
"""

from __future__ import annotations

import attrs

from tablefeast.games.mausgeflippt.config import Config
from tablefeast.kernel.deck import Counts, Pile
from tablefeast.kernel.values import combine

__all__ = ["FLIP", "PASS", "PLAYED", "State", "initial_state"]

PASS = -1
"""The commitment code of a Pass."""
FLIP = -2
"""The commitment code of a Flip."""
PLAYED = -3
"""In a view: another seat played a card, which card the viewer may not see (a slow claimant
keeps its card hidden in its hand; the fastest claimants' cards are shown when they land)."""


@attrs.frozen(slots=False)  # dict-backed: `kernel.values.replace` copies it cheaply
class State:
    """Everything about a game in progress.

    Attributes:
        config: the game's setup.
        hands: per seat, counts of the clothing cards in hand (face up for young players, MG-15).
        clothing_pile: counts of the face-down clothing draw pile (its order is unknown).
        discard: counts of the clothing discard pile.
        face_up: per seat, counts of the face-up penalty cards in front of it.
        face_down: per seat, counts of the face-down penalty cards (their faces are hidden, MG-5).
        placing: per seat, the cards of a wrong flip not yet laid in front of it: cards of two or
            more items the mouse wears, one of which the player lays face down (MG-17); zeros
            when none.
        placers: the seats still to choose their face-down card, in MG-8 order (MG-17).
        placing_mouse: the mouse the placing cards were matched against (public), or None.
        mice: the mouse stack: unseen mice on top, then those put under it, in order.
        open_mouse: the mouse turned face up, or None.
        caught: per seat, the mice caught, in order.
        cheese_pile: counts of the face-down cheese pile.
        open_cheese: the face-up cheese, or None.
        cheeses: per seat, counts of the cheeses taken.
        turner: the seat that turns the next mouse (MG-10).
        commitments: per seat, this race's commitment code, or None.
        landed: per seat, what it put on the mouse in the last race resolved: the code of a
            fastest claimant's Play or Flip (shown to all: it landed), None for the others (a
            slow claimant's card never lands, MG-3).
        mouse_awards: seats still owed a mouse from the top of the stack (MG-8).
        cheese_awards: seats still owed the next face-up cheese (MG-8).
        pending_draws: clothing draws owed, in order: the seat of each card.
        cheese_to_turn: the next cheese is to be turned face up (MG-1, MG-7).
        idle: races in a row in which nothing happened: everybody passed (MG-13).
        racing: a mouse is open and nothing is pending: the seats race (MG-2). Derived from the
            fields above, and kept because every decision asks it.
        game_over: the game has ended (MG-12, MG-13).

    Examples:
        >>> s = initial_state(Config(players=3))
        >>> s.mice.size, s.cheese_pile, s.turner, s.racing, s.commitments
        (32, (3, 3, 3), 0, False, (None, None, None))
    """

    config: Config
    hands: tuple[Counts, ...]
    clothing_pile: Counts
    discard: Counts
    face_up: tuple[Counts, ...]
    face_down: tuple[Counts, ...]
    placing: tuple[Counts, ...]
    placers: tuple[int, ...]
    placing_mouse: int | None
    mice: Pile
    open_mouse: int | None
    caught: tuple[tuple[int, ...], ...]
    cheese_pile: Counts
    open_cheese: int | None
    cheeses: tuple[Counts, ...]
    turner: int
    commitments: tuple[int | None, ...]
    landed: tuple[int | None, ...]
    mouse_awards: tuple[int, ...]
    cheese_awards: tuple[int, ...]
    pending_draws: tuple[int, ...]
    cheese_to_turn: bool
    idle: int
    racing: bool
    game_over: bool

    def __attrs_post_init__(self) -> None:
        combine(self)  # fast attribute reads (see `kernel.values.combine`)


def initial_state(config: Config) -> State:
    """The table before the deal: mice and clothing shuffled, nothing dealt yet (MG-1).

    The first chance nodes deal 7 clothing cards to each seat in seat order (4 to young players,
    MG-15), then turn the first cheese, then the first mouse.

    Args:
        config: the game's configuration (player count and options).

    Examples:
        >>> s = initial_state(Config(players=3, young_seats=[2]))
        >>> s.pending_draws
        (0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2)
    """
    n = config.players
    tables = config.card_set.tables
    no_clothing = (0,) * len(tables.items)
    no_cheese = (0,) * len(tables.cheese_names)
    return State(
        config=config,
        hands=(no_clothing,) * n,
        clothing_pile=tables.clothing_counts,
        discard=no_clothing,
        face_up=(no_clothing,) * n,
        face_down=(no_clothing,) * n,
        placing=(no_clothing,) * n,
        placers=(),
        placing_mouse=None,
        mice=Pile((1,) * len(tables.mouse_ids)),
        open_mouse=None,
        caught=((),) * n,
        cheese_pile=tables.cheese_counts,
        open_cheese=None,
        cheeses=(no_cheese,) * n,
        turner=config.first_turner,
        commitments=(None,) * n,
        landed=(None,) * n,
        mouse_awards=(),
        cheese_awards=(),
        pending_draws=tuple(s for s in range(n) for _ in range(config.hand_size(s))),  # MG-1
        cheese_to_turn=True,
        idle=0,
        racing=False,
        game_over=False,
    )
