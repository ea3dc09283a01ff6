"""Static facts about Schlacht am Buffet's components, for clients that draw a view.

A view indexes mouse cards by ``value + 1`` (``discard``) and plates by their buffet rank
(``supply``, 36 entries, best first), and writes plates as ``{"value": v, "kind": "salami"}``
(``buffet``, ``plates_won``). The catalog names them in the config's edition (SAB-19), with the
kinds' ranking (SAB-3), a colour and an icon to draw each kind with, and the numbers a table
shows (hand size, track length, plates per round, rounds). The server sends it once, in the
``welcome`` message.

Examples:
    >>> from tablefeast.games.schlacht_am_buffet.config import Config
    >>> [k["name"] for k in catalog(Config(players=3, edition="fr"))["kinds"]][:3]
    ['fromage', 'pomme de terre', 'saucisse']
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.components import (
    CARD_COPIES,
    CARD_VALUES,
    DISPLAY_NAMES,
    HAND_SIZE,
    PLATES,
    TRACK_LENGTH,
    Kind,
    card_index,
)
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.kernel.limits import JSON

__all__ = ["TITLE", "catalog"]

TITLE = "Schlacht am Buffet"
"""The game's title, as people read it (the French edition's, *Sus au buffet*, is the catalog's
``title`` for ``edition="fr"``)."""

_EDITION_TITLES = {"en": "Schlacht am Buffet", "fr": "Sus au buffet"}

# Okabe-Ito colours (colour-blind safe), named as the browser's palette variables, a letter and
# an icon: a colour is never the only way to tell two kinds apart.
_LOOKS: dict[Kind, tuple[str, str, str]] = {
    Kind.CHEESE: ("yellow", "C", "cheese"),
    Kind.SALAMI: ("vermillion", "S", "salami"),
    Kind.SAUSAGE: ("orange", "U", "sausage"),
    Kind.PIZZA: ("purple", "P", "pizza"),
    Kind.CHICKEN: ("sky", "K", "chicken"),
    Kind.SALAD: ("green", "L", "salad"),
}
_FRENCH_LOOKS: dict[Kind, tuple[str, str, str]] = {
    Kind.SALAMI: ("vermillion", "T", "potato"),  # SAB-19: pomme de terre, the same rank
}


def catalog(config: Config) -> dict[str, JSON]:
    """The components a view of this config indexes, as JSON-able data.

    Args:
        config: the game's configuration (its ``edition`` names the kinds, SAB-19).

    Returns:
        ``{"edition", "title", "kinds", "plates", "cards", "hand_size", "track_length",
        "plates_per_round", "rounds"}``: ``kinds`` in ranking order, each with ``key`` (the word
        the notation uses), ``name`` (the edition's), ``rank`` (0 is the best), ``colour``,
        ``symbol`` and ``icon``; ``plates`` in buffet order, so that ``plates[i]`` is what
        ``supply[i]`` counts, each with ``rank``, ``key``, ``value`` and ``name``; ``cards``
        in the order ``discard`` counts them, each with ``index``, ``value`` and ``copies``.

    Examples:
        >>> from tablefeast.games.schlacht_am_buffet.config import Config
        >>> facts = catalog(Config(players=4))
        >>> facts["title"], facts["plates_per_round"], facts["rounds"], facts["track_length"]
        ('Schlacht am Buffet', 3, 12, 40)
        >>> facts["kinds"][4]
        {'key': 'chicken', 'name': 'chicken leg', 'rank': 4, 'colour': 'sky', 'symbol': 'K', \
'icon': 'chicken'}
        >>> facts["plates"][0], facts["plates"][35]["name"]
        ({'rank': 0, 'key': 'cheese', 'value': 5, 'name': 'cheese 5'}, 'salad -1')
        >>> facts["cards"][0]
        {'index': 0, 'value': -1, 'copies': 10}
    """
    names = DISPLAY_NAMES[config.edition]
    looks = dict(_LOOKS)
    if config.edition == "fr":
        looks.update(_FRENCH_LOOKS)
    kinds: list[JSON] = []
    for rank, kind in enumerate(Kind):
        colour, symbol, icon = looks[kind]
        kinds.append(
            {
                "key": kind.value,
                "name": names[kind],
                "rank": rank,
                "colour": colour,
                "symbol": symbol,
                "icon": icon,
            }
        )
    return {
        "edition": config.edition,
        "title": _EDITION_TITLES[config.edition],
        "kinds": kinds,
        "plates": [
            {
                "rank": plate.rank,
                "key": plate.kind.value,
                "value": plate.value,
                "name": plate.display(config.edition),
            }
            for plate in PLATES
        ],
        "cards": [
            {"index": card_index(value), "value": value, "copies": CARD_COPIES}
            for value in CARD_VALUES
        ],
        "hand_size": HAND_SIZE,
        "track_length": TRACK_LENGTH,
        "plates_per_round": config.plates_per_round,
        "rounds": len(PLATES) // config.plates_per_round,  # SAB-15
    }
