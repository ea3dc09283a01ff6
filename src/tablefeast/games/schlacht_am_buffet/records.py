"""Records in notation of the positions that Schlacht am Buffet's examples start from.

A record reads as the story of how the position came about (`tablefeast.kernel.record.position`
builds it), so an example shows its position rather than a seeded random game's; the examples
that start from the same deal share it here.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from tablefeast.kernel.record import position
    >>> s = position(sab, sab.Config(players=3), DEAL)
    >>> s.hands[0][6:], s.buffet[0]
    ((2, 0, 0, 1, 1), Plate(value=5, kind=<Kind.CHICKEN: 'chicken'>))
"""

from __future__ import annotations

__all__ = ["DEAL"]

DEAL = (
    "card -1; card 2; card 3; card 4; card 4; card 5; card 5; card 8; card 9; card 0; "
    "card 1; card 3; card 3; card 3; card 5; card 6; card 7; card 9; card 0; card 0; "
    "card 0; card 1; card 2; card 4; card 7; card 8; card 8; plate chicken 5; "
    "plate salami 4; plate chicken 2; plate salami 1; plate sausage -1"
)
"""The deal of a game of three players: 9 cards for seat 0, then 9 for seat 1 and 9 for seat 2,
then the 5 plates of the buffet."""
