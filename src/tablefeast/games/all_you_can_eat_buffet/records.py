"""Records in notation of the positions that All You Can Eat Buffet's examples start from.

A record reads as the story of how the position came about (`tablefeast.kernel.record.position`
builds it), so an example shows its position rather than a seeded random game's; the examples
that start from the same deal share it here.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.record import position
    >>> s = position(ayc, ayc.Config(players=3), DEAL)
    >>> s.stage, ayc.actors(s)
    ('play', (0, 1, 2))
"""

from __future__ import annotations

__all__ = ["DEAL"]

DEAL = (
    "mood 0 boor; mood 0 slow; mood 0 hungry; mood 1 very-hungry; mood 1 trickster; "
    "mood 1 trickster; mood 2 boor; mood 2 very-hungry; mood 2 trickster; meal Pumpkin; "
    "meal Milk; meal Coq au vin; meal Tomato; meal Sausage"
)
"""The deal of a game of three players: 3 Mood cards for seat 0, then 3 for seat 1 and 3 for
seat 2, then the 5 Meals of the buffet."""
