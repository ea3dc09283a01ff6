"""Schlacht am Buffet's score sheet: the top plate of each kind, and the best top plate when
points tie (SAB-14, SAB-16).

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from tablefeast.kernel.play import RandomAgent, play_game
    >>> end = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=1).state
    >>> sheet = score_sheet(end)
    >>> sheet.totals() == sab.scores(end), sheet.parts[1][0]
    (True, ScorePart(label='Salad', points=5, detail='covers salad 3, salad 2'))
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.rules import scores, top_plates, winners
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.kernel.sheet import ScorePart, ScoreSheet, decided_by, tied_on_top
from tablefeast.kernel.wording import seats_phrase

__all__ = ["score_sheet"]


def score_sheet(state: State) -> ScoreSheet:
    """Each seat's top plates (SAB-14: only the last plate of each kind counts; the plates it
    covered are named), and the tie-break of SAB-16 when it decided.

    Args:
        state: the state of the game.
    """
    edition = state.config.edition
    parts = []
    for won in state.plates_won:
        seat_parts = []
        for top in top_plates(won):  # SAB-14
            covered = [p.display(edition) for p in won if p.kind is top.kind and p is not top]
            name = top.display(edition).rsplit(" ", 1)[0]
            detail = "covers " + ", ".join(covered) if covered else ""
            seat_parts.append(ScorePart(name[:1].upper() + name[1:], top.value, detail))
        parts.append(tuple(seat_parts))
    return ScoreSheet(tuple(parts), _tie_break(state))


def _tie_break(state: State) -> str | None:
    """SAB-16: among seats tied on points, the best top plate (its value, then the kinds'
    ranking) wins."""
    final = scores(state)
    tie = tied_on_top(final, winners(state))
    if tie is None:
        return None
    tied, points = tie
    if len(winners(state)) > 1:  # SAB-16: nobody has a plate, so nothing tells them apart
        return (
            f"{seats_phrase(tied).capitalize()} tied on {points} points and share the win (SAB-16)."
        )
    best = []
    for seat in tied:
        tops = top_plates(state.plates_won[seat])
        best.append(tops[0].display(state.config.edition) if tops else "no plate")
    return decided_by(tied, points, "the best top plate decided (SAB-16)", best, shared=False)
