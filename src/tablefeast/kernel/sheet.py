"""A score sheet: each seat's score broken down by the game's own scoring parts, and the
tie-break when one decided the winners.

A person who sees ``Winner: seat 3`` asks why. Each game answers with its own
``score_sheet(state)`` (declared as `Capabilities.score_sheet`): the parts of every seat's score
as its rulebook names them (Schlacht am Buffet: the top plate of each kind; Mausgeflippt: mice
and penalties; Food Chain: each round's stars; All You Can Eat Buffet: every scoring rule), which
always add up to `scores(state)`, and the words of the tie-break that decided the winners, if
one did. Like the scores it is defined at any time (a running sheet) and depends only on what is
public once the game is over.

Examples:
    >>> sheet = ScoreSheet(
    ...     parts=((ScorePart("Cheese", 4), ScorePart("Salad", -1)), ()), tie_break=None
    ... )
    >>> sheet.totals()
    (3, 0)
    >>> sheet.problems((3, 0)), sheet.problems((3, 1))
    ([], ['seat 1: the parts add up to 0, not the score 1'])
"""

from __future__ import annotations

import attrs

from tablefeast.kernel.wording import seats_phrase

__all__ = ["ScorePart", "ScoreSheet", "decided_by", "tied_on_top"]


@attrs.frozen
class ScorePart:
    """One part of one seat's score.

    Attributes:
        label: the part's name as the rulebook says it (``"Cheese"``, ``"Round 2"``).
        points: what it adds (negative for a penalty).
        detail: a short note on how it came about (``"covers salami 5"``), or empty.
    """

    label: str
    points: int
    detail: str = ""


@attrs.frozen
class ScoreSheet:
    """Every seat's score by its parts, and the tie-break.

    Attributes:
        parts: per seat, the parts of its score, in the rulebook's order; they add up to the
            seat's score.
        tie_break: once the game is over, the words of the rule that decided between seats tied
            on points (naming it with its ruling), or None when the points alone decided or the
            game goes on.
    """

    parts: tuple[tuple[ScorePart, ...], ...]
    tie_break: str | None = None

    def totals(self) -> tuple[int, ...]:
        """Each seat's parts added up."""
        return tuple(sum(part.points for part in seat) for seat in self.parts)

    def lines(self) -> tuple[str, ...]:
        """The sheet in words, a line per seat (its total, then each part with its note), and
        the tie-break last when there is one.

        Examples:
            >>> ScoreSheet(((ScorePart("Cheese", 4, "covers cheese 5"), ScorePart("Salad", -1)),
            ...             ())).lines()
            ('seat 0: 3 = Cheese +4 (covers cheese 5), Salad -1', 'seat 1: 0')
        """
        out = []
        for seat, (parts, total) in enumerate(zip(self.parts, self.totals(), strict=True)):
            each = ", ".join(
                f"{p.label} {p.points:+d}" + (f" ({p.detail})" if p.detail else "") for p in parts
            )
            out.append(f"seat {seat}: {total}" + (f" = {each}" if each else ""))
        return (*out, self.tie_break) if self.tie_break else tuple(out)

    def problems(self, scores: tuple[int, ...]) -> list[str]:
        """Where the sheet disagrees with the game's `scores` (empty when it agrees).

        Args:
            scores: the game's scores of the same state.
        """
        if len(self.parts) != len(scores):
            return [f"the sheet has {len(self.parts)} seats, the scores {len(scores)}"]
        return [
            f"seat {seat}: the parts add up to {total}, not the score {score}"
            for seat, (total, score) in enumerate(zip(self.totals(), scores, strict=True))
            if total != score
        ]


def tied_on_top(scores: tuple[int, ...], winners: frozenset[int]) -> tuple[list[int], int] | None:
    """The seats tied on the highest score and that score, when more than one seat has it.

    Args:
        scores: the final scores.
        winners: the winning seats (a game's tie-break may have chosen among the tied).

    Examples:
        >>> tied_on_top((7, 9, 9), frozenset({1})), tied_on_top((7, 9, 8), frozenset({1}))
        (([1, 2], 9), None)
    """
    if not scores or not winners:
        return None
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    return (tied, best) if len(tied) > 1 else None


def decided_by(tied: list[int], points: int, rule: str, values: list[str], shared: bool) -> str:
    """The words of a tie-break: who tied on what, the rule that decided, and each tied seat's
    value under that rule.

    Args:
        tied: the seats tied on the highest score.
        points: their score.
        rule: what decided, with its ruling (``"fewer penalty points decided (MG-14)"``).
        values: per tied seat, its value under the rule, in words.
        shared: the rule left several seats tied: they share the win.

    Examples:
        >>> print(decided_by([0, 2], 9, "fewer penalty points decided (MG-14)", ["3", "1"], False))
        Seats 0 and 2 tied on 9 points; fewer penalty points decided (MG-14): seat 0 3, seat 2 1.
    """
    each = ", ".join(f"seat {seat} {value}" for seat, value in zip(tied, values, strict=True))
    tail = " and still tied: a shared win" if shared else ""
    return f"{seats_phrase(tied).capitalize()} tied on {points} points; {rule}: {each}{tail}."
