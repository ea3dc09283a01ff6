"""How a person writes Food Chain's moves, for the terminal's prompt and ``help``.

Examples:
    >>> MOVE_HELP["play"].example
    'play cat'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP"]

MOVE_HELP: FrozenDict[str, MoveHelp] = FrozenDict(
    {
        "play": MoveHelp(
            "play ANIMAL", "commit an animal from your hand, face down (FC-3)", "play cat"
        ),
        "take": MoveHelp(
            "take SEAT | take centre",
            "your animal takes the prey played by that seat, with its stack, e.g. `{e}`; "
            "`take centre`: a prey from the centre",
            "take 2",
        ),
    }
)
"""Per first word of a move: its notation, what it means (``{e}``: a legal move of the kind),
and an example."""
