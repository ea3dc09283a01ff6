"""How a person writes Mausgeflippt's moves, for the terminal's prompt and ``help``,
and how to play it, for a person who never has (`SUMMARY`: the browser's "How to play" panel).

Chance outcomes are never listed: a person never types them.

Examples:
    >>> MOVE_HELP["flip"].notation
    'flip'
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.config import (
    CHEESE_PENALTY,
    CLOTHING_PENALTY,
    HAND_SIZE,
    MAX_FACE_DOWN,
    MOUSE_POINTS,
)
from tablefeast.kernel.capabilities import MoveHelp
from tablefeast.kernel.values import FrozenDict
from tablefeast.kernel.wording import count_word

__all__ = ["MOVE_HELP", "SUMMARY"]

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

SUMMARY: tuple[str, ...] = (
    f"Catch mice by knowing what they wear. Each mouse you catch is worth +{MOUSE_POINTS}; "
    f"each clothing card lying in front of you is -{CLOTHING_PENALTY}, and each cheese you "
    f"take is -{CHEESE_PENALTY}. (MG-14)",
    f"You hold {HAND_SIZE} clothing cards, each a kind in a colour, hidden from the others. The "
    "turner turns the top mouse; then everyone at once chooses: pass, play one card, or "
    "flip: put your whole hand on the mouse and make the call. Of those who did not pass, "
    "only the fastest count; nothing happens to the slower ones. (MG-1, MG-2, MG-3)",
    "Play a card the mouse wears (same kind and colour) to catch it; a wrong card lies "
    "face up in front of you, and you draw 1 either way. Flip if your hand holds nothing "
    "the mouse wears: you catch it and keep your hand. A wrong flip lays every matching "
    f"card before you, one face down, and you refill to {HAND_SIZE}. (MG-4, MG-5, MG-17)",
    "If the face-up cheese is the one the mouse shows, the mouse is protected: every claim "
    "fails, and the claimant takes that cheese as well as any clothing penalty. If "
    "everyone passes, the same player turns the next mouse; otherwise the fastest claimant "
    f"turns next. With {count_word(MAX_FACE_DOWN)} face-down cards in front of you, you may "
    "not flip. (MG-6, "
    "MG-7, MG-9, MG-10)",
    "The game ends when the last mouse is caught or the last cheese is taken, or when "
    "every mouse left has been turned once in a row of races where everyone passed. The "
    "highest score wins; a tie goes to the fewest penalty points, and players still tied "
    "share the win. (MG-12, MG-13, MG-14)",
)
"""How to play Mausgeflippt, for a person who never has, in a few short paragraphs (the
aim, a turn, the special cases, the end), each ending with its rulings."""
