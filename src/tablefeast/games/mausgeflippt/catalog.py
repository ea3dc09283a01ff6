"""Static facts about the cards, for a client that draws a view (the browser's table page).

A view names clothing items, cheeses and mice by their index in the config's card set; the
catalog gives those indices names, and the fixed numbers a table shows (hand sizes, the points
of MG-14, the call of a flip). It holds nothing about a game in progress, so the server sends it
once, in its `welcome` message.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> facts = catalog(mg.Config(players=3, language="en"))
    >>> TITLE, facts["call"], facts["cheeses"][1]
    ('Mausgeflippt', 'Mouse Attack!', {'name': 'gouda', 'count': 3})
    >>> facts["items"][2]
    {'kind': 'tie', 'colour': 'blue', 'count': 2, 'name': 'tie/blue'}
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.config import (
    CHEESE_PENALTY,
    CLOTHING_PENALTY,
    HAND_SIZE,
    MAX_FACE_DOWN,
    MOUSE_POINTS,
    YOUNG_HAND_SIZE,
    Config,
)
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED
from tablefeast.kernel.limits import JSON

__all__ = ["TITLE", "catalog"]

TITLE = "Mausgeflippt"
"""The game's title, as a table page shows it."""


def catalog(config: Config) -> dict[str, JSON]:
    """The static, JSON-able facts about the components a view of this config indexes.

    Args:
        config: the game's setup; its card set (the default one, or `Config.cards`) gives the
            names, in the order of the view's indices.

    Returns:
        ``items`` (clothing, by item index: kind, colour, copies, notation name), ``cheeses``
        (by cheese index: name, copies), ``mice`` (by mouse index: id, the item indices it
        wears, its cheese index), ``call`` (the flip's call in the config's language),
        ``commitments`` (the codes of a pass, a flip and a card not seen in ``revealed``),
        ``hand_size``,
        ``young_hand_size``, ``young_seats``, ``max_face_down`` (MG-6), ``points`` (MG-14) and
        ``source`` (where the card list comes from).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> facts = catalog(mg.Config(players=2))
        >>> facts["mice"][0], facts["items"][20]["name"]
        ({'id': 'M01', 'wears': [20, 18, 23], 'cheese': 0}, 'hat/red')
        >>> facts["commitments"]
        {'pass': -1, 'flip': -2, 'played': -3}
        >>> small = {"clothing": [{"kind": "hat", "colour": "red", "count": 2}],
        ...          "cheeses": [{"cheese": "brie", "count": 1}],
        ...          "mice": [{"id": "A", "wears": [{"kind": "hat", "colour": "red"}],
        ...                    "cheese": "brie"}]}
        >>> [item["name"] for item in catalog(mg.Config(players=2, cards=small))["items"]]
        ['hat/red']
    """
    cards = config.card_set
    tables = cards.tables
    return {
        "title": TITLE,
        "items": [
            {"kind": c.kind, "colour": c.colour, "count": c.count, "name": f"{c.kind}/{c.colour}"}
            for c in cards.clothing
        ],
        "cheeses": [{"name": c.cheese, "count": c.count} for c in cards.cheeses],
        "mice": [
            {
                "id": m.id,
                "wears": [tables.item_index[item] for item in m.wears],
                "cheese": tables.cheese_index[m.cheese],
            }
            for m in cards.mice
        ],
        "call": config.call,
        "commitments": {"pass": PASS, "flip": FLIP, "played": PLAYED},
        "hand_size": HAND_SIZE,
        "young_hand_size": YOUNG_HAND_SIZE,
        "young_seats": list(config.young_seats),
        "max_face_down": MAX_FACE_DOWN,
        "points": {  # MG-14
            "mouse": MOUSE_POINTS,
            "clothing": -CLOTHING_PENALTY,
            "cheese": -CHEESE_PENALTY,
        },
        "source": cards.source,
    }
