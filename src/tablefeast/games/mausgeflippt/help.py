"""How a person writes Mausgeflippt's moves, for the terminal's prompt and ``help``.

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["flip"].notation
    'flip'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP"]

MOVE_HELP: FrozenDict[str, MoveHelp] = FrozenDict(
    {
        "pass": MoveHelp("pass", "make no claim on the mouse this race (MG-2)", "pass"),
        "play": MoveHelp(
            "play KIND/COLOUR",
            "play one clothing card from your hand (MG-2, MG-4)",
            "play tie/blue",
        ),
        "flip": MoveHelp(
            "flip", "put your whole hand on the mouse and make the call (MG-2, MG-5)", "flip"
        ),
        "down": MoveHelp(
            "down KIND/COLOUR",
            "after a wrong flip, choose which card lies face down; the rest lie face up (MG-17)",
            "down tie/blue",
        ),
    }
)
"""Per first word of a move: its notation, what it means, and an example."""
