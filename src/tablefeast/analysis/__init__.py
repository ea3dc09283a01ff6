"""Game metrics and variant comparisons, as plain data, and an HTML report on top.

`analyze` plays many games of one game and config (as `tablefeast.agents.simulate.simulate`
does: seeded per game, agents rotating round the table, on any executor) and returns an
`Analysis`: every game's facts and every figure (`Figure`: game length, branching factor, win
share by seat, scores and margins, lead changes, the rulings' special situations, moves and
winning, holdings and winning). `compare` plays the same seeds under several variants and marks
the differences that are statistically clear. Both give JSON (``to_json`` / ``from_json``) and
a self-contained HTML page (``to_html``). The package reaches the games only through the
`Ruleset` contract.

Examples:
    >>> from tablefeast.analysis import analyze, compare
    >>> analysis = analyze("food_chain", players=3, games=3, workers=1)
    >>> analysis.figure("win_share_by_seat").title
    'Win share by seat'
    >>> comparison = compare("food_chain", [{"players": 3}, {"players": 4}], games=2, workers=1)
    >>> comparison.labels
    ('players=3', 'players=4')
"""

from __future__ import annotations

from tablefeast.analysis.compare import Comparison, compare, difference
from tablefeast.analysis.facts import Branching, GameFacts, move_keys, play_facts
from tablefeast.analysis.figures import Difference, Figure, Stat
from tablefeast.analysis.run import Analysis, analyze

__all__ = [
    "Analysis",
    "Branching",
    "Comparison",
    "Difference",
    "Figure",
    "GameFacts",
    "Stat",
    "analyze",
    "compare",
    "difference",
    "move_keys",
    "play_facts",
]
