"""How a person writes Food Chain's moves, for the terminal's prompt and ``help``,
and how to play it, for a person who never has (`SUMMARY`: the browser's "How to play" panel).

Examples:
    >>> MOVE_HELP["play"].example
    'play cat'
"""

from __future__ import annotations

from tablefeast.games.food_chain.components import (
    ANIMALS,
    DEFAULT_STARS,
    HAND,
    PASSES,
    PREDATOR_ORDER,
    PREY,
)
from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict
from tablefeast.kernel.wording import and_list, count_word

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


def _name(index: int) -> str:
    return ANIMALS[index].value.capitalize()


# The hand, the stars, the passes and the food chain in words, from the components (each fact
# told once: a change there changes these words too).
_HAND = and_list([f"{n} {_name(k)}s" if n > 1 else f"a {_name(k)}" for k, n in enumerate(HAND)])
_STARS = ", ".join(f"{_name(k)} {stars}" for k, stars in enumerate(DEFAULT_STARS))
_CHAIN = ", ".join(
    f"{p.value.capitalize()}s take {PREY[p].value.capitalize()}s" for p in PREDATOR_ORDER
)

SUMMARY: tuple[str, ...] = (
    f"Everyone has the same {count_word(sum(HAND))} animals: {_HAND}. Your "
    f"animals take others to bring stars home: {_STARS}. A game "
    "has as many rounds as players, everyone is the Alpha once, and scores add up over the "
    "rounds. (FC-1, FC-2, FC-9)",
    f"A round is {count_word(PASSES)} passes. In each, everyone plays one animal from hand "
    "face down at the same time, and all are revealed together. Only the unrevealed cards "
    "are hidden: hands, stacks, scoring piles and the centre are open to all. "
    "(FC-2, FC-3, FC-11)",
    f"Then predators snatch, in this order: {_CHAIN}. Players of one predator take turns "
    "clockwise from the Alpha, one prey each, until none of that kind is left, played this "
    "pass or in the centre. A taken animal brings all that lies under it, even what it took. "
    "(FC-4, FC-5, FC-7)",
    "Last, an animal that was not taken and took something goes with its stack to its "
    "owner's scoring pile. One that was not taken and took nothing goes to the centre, "
    "where later predators may take it; a Flea leaves the round instead. A taken animal "
    "scores nothing for its owner. (FC-4, FC-8)",
    f"After {count_word(PASSES)} passes each player scores the stars in their scoring pile. "
    "After the last round the highest total wins, and all players who share it win. (FC-9, FC-10)",
)
"""How to play Food Chain, for a person who never has, in a few short paragraphs (the
aim, a turn, the special cases, the end), each ending with its rulings."""
