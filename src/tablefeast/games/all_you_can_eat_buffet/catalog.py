"""The game's title and its catalog: static facts about the components a view indexes, for
clients that draw the table (the browser client gets them in the server's ``welcome``).

A view names Moods by their index in `components.MOODS` and Meals by their index in the config's
Meal list; the catalog gives the names, sets, points and icons behind those indices, the Mood
texts and the scoring of each set in words, and the numbers the player count decides. It holds
no state of a game: only the config's facts.

Examples:
    >>> import json
    >>> facts = catalog(Config(players=3))
    >>> facts["meals"][6]["name"], facts["meals"][6]["set"], facts["meals"][6]["points"]
    ('Steak', 'meat', 4)
    >>> [m["id"] for m in facts["moods"]][:3], json.loads(json.dumps(facts)) == facts
    (['hungry', 'very-hungry', 'boor'], True)
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.components import MEAL_SETS, MOODS, Mood
from tablefeast.games.all_you_can_eat_buffet.config import DRINKS, SPICES, Config
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS
from tablefeast.kernel.limits import JSON

__all__ = ["TITLE", "catalog"]

TITLE = "All You Can Eat Buffet"
"""The game's title, as people write it."""

# What each Mood does, in words (the effects themselves are `moods.MOOD_EFFECTS`).
_MOOD_TEXT = {
    Mood.HUNGRY: "Collect the first Meal in the line.",
    Mood.VERY_HUNGRY: "Collect two adjacent Meals of your choice (the last one, if only one is "
    "left).",
    Mood.BOOR: "Goes before every other Mood: collect one Meal of your choice. Two Boors: both "
    "skip.",
    Mood.SLOW: "Goes after every other Mood: collect all Meals left in the line. Two Slows: "
    "both skip.",
    Mood.TRICKSTER: "Swap two Meals in the line (Spice tokens move with them), then collect the "
    "first Meal.",
    Mood.JEALOUS: "Steal one collected Meal from another player; a Jealous icon on it gives a "
    "Drink token.",
}

# Each Meal set's name and how it scores, in words (AYC-8, AYC-11, AYC-20).
_SETS = {
    "garlic": ("Garlic", "-1 each (-2 with Parsley)."),
    "cake": ("Cakes", "1 each; taking one takes the Birthday Cake tile (8 points)."),
    "meat": ("Meat", "As printed; with Ketchup the lowest Meat scores 5."),
    "fish": ("Fish", "3 each, but the player(s) with the most Fish score none of theirs."),
    "vegetables": ("Vegetables", "As printed; the most Vegetable cards: +10."),
    "parsley": ("Parsley", "Each Garlic scores -2 instead of -1."),
    "fruits": (
        "Fruits",
        "Sets of different kinds: 1/2/3/4/5/6 kinds score 1/2/4/8/16/24.",
    ),
    "tomato": ("Tomato", "Decided at the end: a Fruit kind of its own, or a Vegetable."),
    "surprise_bread": (
        "Surprise bread",
        "Has a secret Meal under it, revealed and added at the end.",
    ),
    "coffee": ("Coffee", "Taking it discards 2 Drink tokens."),
    "milk": ("Milk", "Spice tokens score up to 8 (more than 8 score 8)."),
    "lemon": ("Lemon", "Drink tokens score 2 each."),
    "ketchup": ("Ketchup", "The lowest-valued Meat scores 5."),
    "spoiled_food": ("Spoiled food", "-5 each."),
}


def catalog(config: Config) -> dict[str, JSON]:
    """Static, JSON-able facts about the components a view of this config indexes.

    Args:
        config: the game's configuration; its Meal list (custom or default) is the one listed.

    Returns:
        A mapping with ``title``; the numbers the player count decides (``rounds``,
        ``line_size``, ``play_two``, ``play_none``) and the token supplies (``drinks``,
        ``spices``); ``moods``, one entry per Mood in view order (``id`` as the notation writes
        it, ``name``, ``when`` it resolves, ``count`` in each deck, ``text``); ``meals``, one
        entry per Meal in view order (``name``, ``set``, ``points``, ``drink`` and
        ``jealous_icon`` icons, ``count`` in the deck); ``sets``, one entry per Meal set
        (``id``, ``name``, ``scoring`` in words); ``scoring``, the token scoring in words.

    Examples:
        >>> facts = catalog(Config(players=5))
        >>> facts["title"], facts["rounds"], facts["line_size"], facts["play_two"]
        ('All You Can Eat Buffet', 9, 6, 4)
        >>> facts["moods"][2]["name"], facts["moods"][2]["when"], facts["moods"][0]["count"]
        ('Boor', 'first', 3)
        >>> len(facts["meals"]), facts["meals"][0]
        (26, {'name': 'Garlic', 'set': 'garlic', 'points': -1, 'drink': False, \
'jealous_icon': False, 'count': 8})
    """
    deck = config.mood_deck
    return {
        "title": TITLE,
        "rounds": config.rounds,
        "line_size": config.line_size,
        "play_two": config.play_two,
        "play_none": config.play_none,
        "drinks": DRINKS,
        "spices": SPICES,
        "moods": [
            {
                "id": mood.value,
                "name": mood.title,
                "when": MOOD_EFFECTS[mood].when,
                "count": deck[i],
                "text": _MOOD_TEXT[mood],
            }
            for i, mood in enumerate(MOODS)
        ],
        "meals": [
            {
                "name": meal.name,
                "set": meal.set,
                "points": meal.points,
                "drink": meal.drink,
                "jealous_icon": meal.jealous_icon,
                "count": meal.count,
            }
            for meal in config.card_lists.meals
        ],
        "sets": [{"id": s, "name": _SETS[s][0], "scoring": _SETS[s][1]} for s in MEAL_SETS],
        "scoring": {
            "drink": "Drink tokens: 1 point each (2 with Lemon).",
            "spice": (
                "Spice tokens: 1 point each up to 5, none at 6 or more (with Milk, 1 each up to 8)."
            ),
            "winner": "Most points wins; a tie goes to the most Drink tokens.",
        },
    }
