"""How a person writes All You Can Eat Buffet's moves, for the terminal's prompt and ``help``,
and how to play it, for a person who never has (`SUMMARY`: the browser's "How to play" panel).

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["swap"].notation
    'swap N N'
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.config import FIRST_HAND, Config
from tablefeast.games.all_you_can_eat_buffet.scoring import SPICE_LIMIT, VEGETABLE_BONUS
from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict
from tablefeast.kernel.wording import count_word

__all__ = ["MOVE_HELP", "SUMMARY"]

MOVE_HELP: FrozenDict[str, MoveHelp] = FrozenDict(
    {
        "play": MoveHelp(
            "play [MOOD [MOOD]]",
            "commit Mood cards face down: one, two with enough Drinks, none with more "
            "(AYC-5), e.g. `{e}`",
            "play hungry slow",
        ),
        "take": MoveHelp(
            "take N [N]",
            "collect the Meal at line position N (1 = first), or two adjacent ones, e.g. `{e}`",
            "take 2 3",
        ),
        "swap": MoveHelp(
            "swap N N", "swap the Meals at two line positions, e.g. `{e}`", "swap 1 4"
        ),
        "steal": MoveHelp(
            "steal SEAT MEAL",
            "steal a Meal another seat collected, the Meal named as printed, e.g. `{e}`",
            "steal 2 Black Forest cake",
        ),
        "tomato": MoveHelp(
            "tomato fruit|vegetable ...",
            "one word per Tomato you hold, in any order, e.g. `{e}` (AYC-10)",
            "tomato fruit vegetable",
        ),
    }
)
"""Per first word of a move: its notation, what it means (``{e}``: a legal move of the kind),
and an example."""

# The numbers the summary says, read from where the rules keep them (a small and a large table:
# the rules change between 4 and 5 players).
_SMALL, _LARGE = Config(players=3), Config(players=6)

SUMMARY: tuple[str, ...] = (
    "Collect Meal cards from the buffet line for the most points: Meals as printed, sets "
    f"of different Fruits, +{VEGETABLE_BONUS} for the most Vegetables, the Birthday Cake tile, "
    "and your Drink and Spice tokens. Beware: whoever has the most Fish scores none of theirs, "
    f"and {count_word(SPICE_LIMIT + 1)} or more Spice tokens score nothing unless you have the "
    "Milk. (AYC-11)",
    f"Each round lays out a line of {_SMALL.line_size} to {_LARGE.line_size} Meals, with a "
    f"Spice token on the 2nd and 3rd. You start with {FIRST_HAND} Mood cards and draw 1 each "
    "later round. Everyone plays one Mood face "
    "down at the same time, then all are revealed; players who revealed the same Mood each "
    "take a Drink token. (AYC-2, AYC-3, AYC-5, AYC-6)",
    "Moods act in turn order from the first player: Hungry takes the first Meal, Very "
    "Hungry two adjacent ones, Trickster swaps two and takes the first, Jealous steals a "
    "collected Meal. The Boor takes any one Meal before all others, the Slow all that is "
    "left after them; several Boors, or Slows, all skip. A collected Meal brings its Spice "
    "tokens. (AYC-7, AYC-8, AYC-19)",
    f"With {_SMALL.play_two} or more Drink tokens ({_LARGE.play_two} with 5 or 6 players) you "
    "play two Moods face down, your left neighbour reveals one at random, and the other goes "
    f"back to your hand; with {_SMALL.play_none} or more ({_LARGE.play_none}) you play none, "
    "and a random card from your hand is revealed. Some Meals "
    "give a Drink; a Coffee costs up to 2. (AYC-5, AYC-8)",
    f"After {_SMALL.rounds} rounds ({_LARGE.rounds} with 5 or 6 players) the game ends: the "
    "secret cards under "
    "Surprise breads are revealed, everyone decides whether each Tomato is a Fruit or a "
    "Vegetable, and all score. The most points wins; a tie goes to the most Drink tokens, "
    "and players still tied share the win. (AYC-2, AYC-4, AYC-10, AYC-12)",
)
"""How to play All You Can Eat Buffet, for a person who never has, in a few short paragraphs (the
aim, a turn, the special cases, the end), each ending with its rulings."""
