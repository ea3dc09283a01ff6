"""How a person writes All You Can Eat Buffet's moves, for the terminal's prompt and ``help``.

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["swap"].notation
    'swap N N'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP"]

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
