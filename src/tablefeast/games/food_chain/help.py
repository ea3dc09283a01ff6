"""How a person writes Food Chain's moves, for the terminal's prompt and ``help``,
and how to play it, for a person who never has (`SUMMARY`: the browser's "How to play" panel).

Examples:
    >>> MOVE_HELP["play"].example
    'play cat'
"""

from __future__ import annotations

from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict

__all__ = ["MOVE_HELP", "SUMMARY"]

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

SUMMARY: tuple[str, ...] = (
    "Everyone has the same nine animals: 3 Worms, 2 Birds, 2 Cats, a Dog and a Flea. Your "
    "animals take others to bring stars home: Worm 3, Bird 2, Cat 1, Dog 3, Flea 0. A game "
    "has as many rounds as players, everyone is the Alpha once, and scores add up over the "
    "rounds. (FC-1, FC-2, FC-9)",
    "A round is nine passes. In each, everyone plays one animal from hand face down at the "
    "same time, and all are revealed together. Only the unrevealed cards are hidden: "
    "hands, stacks, scoring piles and the centre are open to all. (FC-2, FC-3, FC-11)",
    "Then predators snatch, in this order: Birds take Worms, Cats take Birds, Dogs take "
    "Cats, Fleas take Dogs. Players of one predator take turns clockwise from the Alpha, "
    "one prey each, until none of that kind is left, played this pass or in the centre. A "
    "taken animal brings all that lies under it, even what it took. (FC-4, FC-5, FC-7)",
    "Last, an animal that was not taken and took something goes with its stack to its "
    "owner's scoring pile. One that was not taken and took nothing goes to the centre, "
    "where later predators may take it; a Flea leaves the round instead. A taken animal "
    "scores nothing for its owner. (FC-4, FC-8)",
    "After nine passes each player scores the stars in their scoring pile. After the last "
    "round the highest total wins, and all players who share it win. (FC-9, FC-10)",
)
"""How to play Food Chain, for a person who never has, in a few short paragraphs (the
aim, a turn, the special cases, the end), each ending with its rulings."""
