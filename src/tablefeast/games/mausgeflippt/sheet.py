"""Mausgeflippt's score sheet: mice caught, clothing and cheeses in front, and fewer penalty
points when scores tie (MG-14).

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.play import RandomAgent, play_game
    >>> end = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=1).state
    >>> sheet = score_sheet(end)
    >>> sheet.totals() == mg.scores(end), [part.label for part in sheet.parts[0]]
    (True, ['Mice caught', 'Clothing in front', 'Cheeses'])
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.config import CHEESE_PENALTY, CLOTHING_PENALTY, MOUSE_POINTS
from tablefeast.games.mausgeflippt.rules import clothing_in_front, penalty_points, scores, winners
from tablefeast.games.mausgeflippt.state import State
from tablefeast.kernel.sheet import ScorePart, ScoreSheet, decided_by, tied_on_top

__all__ = ["score_sheet"]


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def score_sheet(state: State) -> ScoreSheet:
    """MG-14: +1 per mouse caught, -1 per clothing card in front (face up, face down or about
    to be laid, MG-17), -2 per cheese.

    Args:
        state: the state of the game.
    """
    parts = []
    for seat in range(state.config.players):
        mice = len(state.caught[seat])
        cheeses = sum(state.cheeses[seat])
        clothing = clothing_in_front(state, seat)
        parts.append(
            (
                ScorePart("Mice caught", MOUSE_POINTS * mice, _count(mice, "mouse", "mice")),
                ScorePart(
                    "Clothing in front",
                    -CLOTHING_PENALTY * clothing,
                    _count(clothing, "card", "cards"),
                ),
                ScorePart(
                    "Cheeses", -CHEESE_PENALTY * cheeses, _count(cheeses, "cheese", "cheeses")
                ),
            )
        )
    return ScoreSheet(tuple(parts), _tie_break(state))


def _tie_break(state: State) -> str | None:
    """MG-14: among seats tied on points, fewer penalty points win; still tied, they share."""
    final = scores(state)
    tie = tied_on_top(final, winners(state))
    if tie is None:
        return None
    tied, points = tie
    penalties = [str(penalty_points(state, seat)) for seat in tied]
    rule = "fewer penalty points decided (MG-14)"
    return decided_by(tied, points, rule, penalties, len(winners(state)) > 1)
