"""The public event log: what every player at the table saw, in words.

Each game may describe its moves itself (``public_events(before, seat, action, after)`` in its
module, which must say nothing a spectator could not see); for a game that does not, a plain
description that cannot leak is used: "seat N committed" for a commitment at a simultaneous step,
"seat N moved" for any other move, and nothing for chance.

Examples:
    >>> import tablefeast
    >>> fc = tablefeast.load("food_chain")
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> cat = fc.Play(fc.Animal.CAT)
    >>> describe(fc, s, 0, cat, fc.apply_action(s, 0, cat))[-1]
    'seat 0 plays a card face down'
    >>> import types  # a game without its own descriptions gets the plain ones
    >>> plain = types.SimpleNamespace(actors=fc.actors, action_to_str=fc.action_to_str)
    >>> describe(plain, s, 0, cat, fc.apply_action(s, 0, cat))
    ('seat 0 committed',)
"""

from __future__ import annotations

from typing import Any

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["describe"]


def describe(game: Ruleset, before: Any, seat: int, action: Any, after: Any) -> tuple[str, ...]:
    """The public events of one move, in words.

    Args:
        game: the game module.
        before: the state before the move.
        seat: who moved (CHANCE for chance).
        action: the move.
        after: the state after it.
    """
    own = getattr(game, "public_events", None)
    if own is not None:
        return tuple(own(before, seat, action, after))
    if seat == CHANCE:
        return ()
    if len(game.actors(before)) > 1 and seat not in game.actors(after):
        return (f"seat {seat} committed",)
    return (f"seat {seat} moved",)
