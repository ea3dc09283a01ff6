"""How a person writes Schlacht am Buffet's moves, for the terminal's prompt and ``help``.

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["play"].example
    'play 5'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP"]

MOVE_HELP: FrozenDict[str, MoveHelp] = FrozenDict(
    {
        "play": MoveHelp("play V", "commit a card from your hand, face down (SAB-5)", "play 5"),
        "exchange": MoveHelp(
            "exchange [V ...]",
            "type the cards to discard, in any order, e.g. `{e}`, or `exchange` to keep all "
            "(SAB-7)",
            "exchange 9 -1",
        ),
    }
)
"""Per first word of a move: its notation, what it means (``{e}``: a legal move of the kind),
and an example."""
