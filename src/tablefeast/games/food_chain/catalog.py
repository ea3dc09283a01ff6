"""Static facts about Food Chain's components, for clients that draw a view.

A view indexes animal kinds by number (``hands``, ``played``, ``stacks``, ``centre``, ``piles``,
``snatching``); the catalog names them, with their stars (the config's, FC-9), how
many each player holds (FC-2), what each one snatches (FC-4) and a colour and symbol to draw them
with. The server sends it once, in the ``welcome`` message.

Examples:
    >>> from tablefeast.games.food_chain.config import Config
    >>> [a["name"] for a in catalog(Config(players=3))["animals"]]
    ['Worm', 'Bird', 'Cat', 'Dog', 'Flea']
"""

from __future__ import annotations

from typing import Any

from tablefeast.games.food_chain.components import (
    ANIMALS,
    HAND,
    INDEX,
    PASSES,
    PREDATOR_ORDER,
    PREY,
)
from tablefeast.games.food_chain.config import Config

__all__ = ["TITLE", "catalog"]

TITLE = "Food Chain"
"""The game's title, as people read it."""

# Okabe-Ito colours (colour-blind safe), named as the browser's palette variables, and a symbol
# letter: a colour is never the only way to tell two kinds apart.
_LOOKS: dict[str, tuple[str, str]] = {
    "worm": ("purple", "W"),
    "bird": ("sky", "B"),
    "cat": ("orange", "C"),
    "dog": ("vermillion", "D"),
    "flea": ("green", "F"),
}


def catalog(config: Config) -> dict[str, Any]:
    """The components a view of this config indexes, as JSON-able data.

    Args:
        config: the game's configuration (its ``stars`` give each animal's worth).

    Returns:
        ``{"animals": [...], "predator_order": [...], "hand_size": 9, "passes": 9, "rounds": n}``:
        one entry per kind, in the order a view's counts index them, each with ``index``,
        ``key`` (the word the notation uses), ``name``, ``stars``, ``per_hand``, ``prey`` and
        ``predator`` (indices, or None), ``colour`` and ``symbol``.

    Examples:
        >>> from tablefeast.games.food_chain.config import Config
        >>> facts = catalog(Config(players=4, stars=[1, 2, 3, 4, 5]))
        >>> cat = facts["animals"][2]
        >>> cat["key"], cat["name"], cat["stars"], cat["per_hand"], cat["prey"], cat["predator"]
        ('cat', 'Cat', 3, 2, 1, 3)
        >>> cat["colour"], cat["symbol"]
        ('orange', 'C')
        >>> facts["predator_order"], facts["rounds"]
        ([1, 2, 3, 4], 4)
    """
    predators = {INDEX[prey]: INDEX[hunter] for hunter, prey in PREY.items()}
    animals = []
    for index, animal in enumerate(ANIMALS):
        colour, symbol = _LOOKS[animal.value]
        prey = PREY.get(animal)
        animals.append(
            {
                "index": index,
                "key": animal.value,
                "name": animal.value.capitalize(),
                "stars": config.stars[index],
                "per_hand": HAND[index],
                "prey": None if prey is None else INDEX[prey],
                "predator": predators.get(index),
                "colour": colour,
                "symbol": symbol,
            }
        )
    return {
        "animals": animals,
        "predator_order": [INDEX[a] for a in PREDATOR_ORDER],
        "hand_size": sum(HAND),
        "passes": PASSES,
        "rounds": config.players,
    }
