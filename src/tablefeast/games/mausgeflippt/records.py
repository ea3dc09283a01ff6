"""Records in notation of the positions that Mausgeflippt's examples start from.

A record reads as the story of how the position came about (`tablefeast.kernel.record.position`
builds it), so an example shows its position rather than a seeded random game's; the examples
that start from the same deal share it here.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.record import position
    >>> s = position(mg, mg.Config(players=3), DEAL)
    >>> mg.actors(s), s.open_mouse
    ((0, 1, 2), 19)
"""

from __future__ import annotations

__all__ = ["DEAL"]

DEAL = (
    "clothing cap/green; clothing jacket/red; clothing hat/blue; clothing t-shirt/blue; "
    "clothing trousers/blue; clothing shoes/red; clothing bag/brown; "
    "clothing shirt/yellow; clothing t-shirt/blue; clothing belt/red; clothing bag/brown; "
    "clothing jacket/green; clothing hat/red; clothing shoes/yellow; clothing ring/blue; "
    "clothing dress/red; clothing jacket/red; clothing dress/red; clothing tie/yellow; "
    "clothing jacket/green; clothing scarf/brown; cheese emmental; mouse M20"
)
"""The deal of a game of three players: 7 clothing cards for seat 0, then 7 for seat 1 and 7 for
seat 2, then the face-up cheese and the first mouse."""
