"""How a person writes Schlacht am Buffet's moves, for the terminal's prompt and ``help``,
and how to play it, for a person who never has (`SUMMARY`: the browser's "How to play" panel).

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["play"].example
    'play 5'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP", "SUMMARY"]

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

SUMMARY: tuple[str, ...] = (
    "Your mouse races to the buffet for the best plates. Each round lays out one plate "
    "fewer than there are players (five with three), best first. You score the sum of your "
    "top plates: a plate of a kind you already have goes on top, and only the top plate of "
    "each kind counts, higher or lower. (SAB-2, SAB-3, SAB-14, SAB-16)",
    "You hold 9 mouse cards, worth -1 to 9. In a step every mouse still in the race plays "
    "one card face down at the same time; then all are revealed and every mouse moves that "
    "many spaces (0 stays, -1 steps back). Hands and unrevealed cards are hidden; "
    "positions, plates won and hand sizes are public. (SAB-1, SAB-4, SAB-5)",
    "After each step with three or more mice racing, a mouse alone at the back drops out "
    "and takes the lowest plate left; if several share the back, nobody does. The first "
    "out in a round may swap any hand cards for new ones. Two mice left for one plate "
    "duel: the one alone in front takes it; a tie repeats the step. (SAB-6, SAB-7, SAB-9)",
    "With three players a round has two parts. In part 1 the three lowest of the five "
    "plates are at stake, and everybody gets one. Part 2 is for the two best, with the "
    "cards left in hand: the first mouse out takes the lower one and may not swap cards, "
    "and the other two duel for the best. (SAB-17, SAB-18)",
    "Between rounds everyone draws back up to 9 cards, the mice return to start, and the "
    "duel winner's left neighbour starts. The game ends when too few plates are left for "
    "another round. The highest score wins; a tie goes to the better best top plate "
    "(value, then kind), and players still tied share the win. (SAB-12, SAB-13, SAB-15, "
    "SAB-16)",
)
"""How to play Schlacht am Buffet, for a person who never has, in a few short paragraphs (the
aim, a turn, the special cases, the end), each ending with its rulings."""
