"""All You Can Eat Buffet's score sheet: every scoring rule's part (AYC-11), as the rulebook's
scoring example lists them, and the most Drink tokens when points tie (AYC-12).

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.play import RandomAgent, play_game
    >>> end = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=1).state
    >>> sheet = score_sheet(end)
    >>> sheet.totals() == ayc.scores(end), len(sheet.parts[0])
    (True, 11)
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.scoring import scores, seat_scores, winners
from tablefeast.games.all_you_can_eat_buffet.state import State
from tablefeast.kernel.sheet import ScorePart, ScoreSheet, decided_by, tied_on_top

__all__ = ["PARTS", "score_sheet"]

PARTS = (
    ("cakes", "Cakes"),
    ("cake_tile", "Birthday Cake tile"),
    ("meat", "Meat"),
    ("vegetables", "Vegetables"),
    ("vegetable_bonus", "Most Vegetables"),
    ("fish", "Fish"),
    ("fruits", "Fruit sets"),
    ("drinks", "Drink tokens"),
    ("spices", "Spice tokens"),
    ("garlic", "Garlic"),
    ("other", "Other meals"),
)
"""The `Score` fields and their names, in the order of the rulebook's scoring example (AYC-11)."""


def score_sheet(state: State) -> ScoreSheet:
    """AYC-11: every part of `Score`, named; undecided Tomatoes count as Fruit (as `scores`).

    Args:
        state: the state of the game.
    """
    parts = tuple(
        tuple(ScorePart(label, getattr(score, field)) for field, label in PARTS)
        for score in seat_scores(state)
    )
    return ScoreSheet(parts, _tie_break(state))


def _tie_break(state: State) -> str | None:
    """AYC-12: among seats tied on points, the most Drink tokens win; still tied, they share."""
    tie = tied_on_top(scores(state), winners(state))
    if tie is None:
        return None
    tied, points = tie
    drinks = [str(state.drinks[seat]) for seat in tied]
    rule = "the most Drink tokens decided (AYC-12)"
    return decided_by(tied, points, rule, drinks, len(winners(state)) > 1)
