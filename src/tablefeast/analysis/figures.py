"""The figures of an analysis as plain records, and how they are computed from the games' facts.

A `Figure` is plain data: a name, a title, a kind (``"histogram"``, ``"bars_with_intervals"`` or
``"table"``), axis labels, a one-line "how to read it", and its numbers:

- `Figure.stats`: the measured quantities, each a `Stat` (a share with its 95% Wilson interval,
  or a mean with its 95% normal interval), which the bars draw and comparisons compare;
- `Figure.counts`: for a histogram, ``(value, games)`` pairs, exact (the report bins them);
- `Figure.columns` and `Figure.rows`: a table of text, for details;
- `Figure.reference`: a line to compare the bars with (the fair share ``1 / players``).

Every record is a frozen attrs class; ``to_json`` and ``from_json`` round-trip it exactly.

Examples:
    >>> stat = Stat.share("seat 0", 3.0, 4)
    >>> stat.value, round(stat.low, 3), round(stat.high, 3)
    (0.75, 0.301, 0.954)
    >>> Stat.from_json(stat.to_json()) == stat
    True
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import attrs
import cattrs
from cattrs.preconf.json import make_converter

from tablefeast.agents.simulate import Z95, wilson
from tablefeast.analysis.facts import GameFacts
from tablefeast.kernel.errors import RecordError
from tablefeast.kernel.limits import parse_json

__all__ = [
    "Difference",
    "Figure",
    "Stat",
    "build_figures",
    "converter",
    "from_json",
    "to_json",
]

T = TypeVar("T")

converter = make_converter(forbid_extra_keys=True)
"""The cattrs converter of the analysis records (JSON data, unknown keys refused)."""


def to_json(value: object, indent: int | None = 1) -> str:
    """A record (or a tuple of them) as JSON text.

    Args:
        value: an attrs record of this package.
        indent: as for `json.dumps`.

    Examples:
        >>> to_json(Stat.share("seat 1", 1.0, 2), indent=None)[:40]
        '{"label": "seat 1", "kind": "share", "va'
    """
    return json.dumps(converter.unstructure(value), indent=indent)


def from_json(text: str | bytes, cls: type[T]) -> T:
    """A record of class `cls` from JSON text, as `to_json` writes it.

    Args:
        text: the JSON text.
        cls: the record's class.

    Raises:
        RecordError: not JSON, out of the library's bounds, or not a `cls`.

    Examples:
        >>> from_json('{"label": "x"}', Stat)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: not a Stat: ...
    """
    data = parse_json(text, f"a {cls.__name__}", RecordError)
    try:
        return converter.structure(data, cls)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as e:
        detail = (
            "; ".join(cattrs.transform_error(e)) if isinstance(e, cattrs.BaseValidationError) else e
        )
        raise RecordError(f"not a {cls.__name__}: {detail}") from None


class _Json:
    """``to_json`` and ``from_json`` for a record class."""

    def to_json(self) -> str:
        """This record as JSON text (`from_json` reads it back, equal).

        Examples:
            >>> Stat.share("a", 1.0, 1).to_json().startswith("{")
            True
        """
        return to_json(self)

    @classmethod
    def from_json(cls: type[T], text: str | bytes) -> T:
        """The record that `to_json` wrote.

        Args:
            text: the JSON text.

        Raises:
            RecordError: the text is not such a record.

        Examples:
            >>> stat = Stat.mean("rounds", [3, 4, 5])
            >>> Stat.from_json(stat.to_json()) == stat
            True
        """
        return from_json(text, cls)


@attrs.frozen
class Stat(_Json):
    """One measured quantity: a share or a mean, with its 95% interval and its sample size.

    Attributes:
        label: what it measures (``"seat 0"``, ``"decisions"``, ``"play dog"``).
        kind: ``"share"`` (a share of trials, which may count fractions of a success: a shared
            win), ``"ratio"`` (a share of events that come in clusters, `Stat.ratio`) or
            ``"mean"``.
        value: the share or the mean.
        low: the 95% interval's lower end (Wilson score interval for a share; value minus 1.96
            standard errors for a mean or a ratio).
        high: its upper end.
        n: the trials (games, seat-games, decisions) it was measured on.
        sd: for a mean, the standard deviation of the values (n - 1 in the denominator); for a
            ratio, its standard error times the square root of n.

    Examples:
        >>> Stat.mean("decisions", [10, 12]).value, Stat.mean("decisions", [10, 12]).sd
        (11.0, 1.4142135623730951)
    """

    label: str
    kind: str
    value: float
    low: float
    high: float
    n: int
    sd: float = 0.0

    @classmethod
    def share(cls, label: str, successes: float, n: int) -> Stat:
        """A share of `n` trials, with its 95% Wilson interval.

        Args:
            label: what it measures.
            successes: the successes (fractions allowed).
            n: the trials, at least 1.

        Examples:
            >>> Stat.share("seat 2", 0.0, 10).high < 0.31
            True
        """
        value = successes / n
        low, high = wilson(value, n)
        return cls(label, "share", value, low, high, n)

    @classmethod
    def mean_of(cls, label: str, n: int, total: float, squares: float) -> Stat:
        """A mean from the sum and the sum of squares of `n` values, with its 95% interval.

        Args:
            label: what it measures.
            n: how many values, at least 1.
            total: their sum.
            squares: the sum of their squares.

        Examples:
            >>> Stat.mean_of("options", 3, 6, 14) == Stat.mean("options", [1, 2, 3])
            True
        """
        mean = total / n
        sd = math.sqrt(max(0.0, (squares - total * total / n) / (n - 1))) if n > 1 else 0.0
        half = Z95 * sd / math.sqrt(n)
        return cls(label, "mean", mean, mean - half, mean + half, n, sd)

    @classmethod
    def ratio(cls, label: str, pairs: Sequence[tuple[float, int]]) -> Stat:
        """A share measured over events grouped in clusters: ``sum(w * c) / sum(c)`` for
        ``(w, c)`` pairs (a cluster's share and its events), with a 95% interval that allows
        for the clustering (the delta method's standard error of a ratio estimator).

        `sd` is the standard error times the square root of `n` (the clusters), so that it
        compares as a mean does. A single cluster says nothing of the spread: its interval is
        0 to 1.

        Args:
            label: what it measures.
            pairs: ``(share, events)`` per cluster, each with at least one event.

        Examples:
            >>> stat = Stat.ratio("play boor", [(1.0, 3), (0.0, 1)])
            >>> stat.kind, stat.value, stat.n
            ('ratio', 0.75, 2)
        """
        n = len(pairs)
        events = sum(c for _, c in pairs)
        value = sum(w * c for w, c in pairs) / events
        se = 0.0
        if n > 1:
            spread = sum((w * c - value * c) ** 2 for w, c in pairs)
            se = math.sqrt(spread / (n * (n - 1))) / (events / n)
        half = Z95 * se
        low, high = (max(0.0, value - half), min(1.0, value + half)) if n > 1 else (0.0, 1.0)
        return cls(label, "ratio", value, low, high, n, se * math.sqrt(n))

    @classmethod
    def mean(cls, label: str, values: Sequence[float]) -> Stat:
        """The mean of `values`, with its 95% normal interval.

        Args:
            label: what it measures.
            values: at least one value.

        Examples:
            >>> Stat.mean("x", [5]).low, Stat.mean("x", [5]).high
            (5.0, 5.0)
        """
        return cls.mean_of(label, len(values), sum(values), sum(v * v for v in values))


@attrs.frozen
class Figure(_Json):
    """One figure of a report, as plain data.

    Attributes:
        name: its stable identifier (``"win_share_by_seat"``), the same in every variant.
        title: its title.
        kind: ``"histogram"`` (`counts`, with `stats` summarising it), ``"bars_with_intervals"``
            (a bar per `stats` entry, with its interval) or ``"table"`` (`rows` only).
        x_label: what the horizontal axis shows.
        y_label: what the vertical axis shows.
        how_to_read: one line on how to read it.
        stats: the measured quantities (`Stat`); comparisons compare these, by label.
        counts: for a histogram, ``(value, games)`` pairs in increasing value.
        reference: a value to compare the bars with (such as the fair share), or None.
        columns: the header of the table of details (empty: no table).
        rows: the table's rows, as text.
        note: a remark shown with the figure (for example why it is empty).

    Examples:
        >>> fig = Figure("f", "F", "table", "", "", "Read it.", columns=("a",), rows=(("1",),))
        >>> Figure.from_json(fig.to_json()) == fig
        True
    """

    name: str
    title: str
    kind: str
    x_label: str
    y_label: str
    how_to_read: str
    stats: tuple[Stat, ...] = ()
    counts: tuple[tuple[int, int], ...] = ()
    reference: float | None = None
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""

    def stat(self, label: str) -> Stat | None:
        """The stat with this label, or None.

        Args:
            label: the stat's label.

        Examples:
            >>> fig = Figure("f", "F", "bars_with_intervals", "", "", "", (Stat.mean("x", [1]),))
            >>> fig.stat("x").value, fig.stat("y")
            (1.0, None)
        """
        return next((s for s in self.stats if s.label == label), None)


@attrs.frozen
class Difference(_Json):
    """A stat of one figure in a variant against the same stat in the base variant.

    Attributes:
        figure: the figure's name.
        label: the stat's label.
        kind: the stat's kind (``"share"``, ``"ratio"`` or ``"mean"``).
        base: the base variant's label.
        other: the other variant's label.
        difference: the other's value minus the base's.
        low: the 99% interval of the difference, lower end.
        high: its upper end.
        clear: whether the interval excludes 0 (the difference is statistically clear).
        relative: whether the values were each measured against their figure's reference
            first (``value - reference``), because the references differ: a win share with 3
            players against one with 4 compares the excess over each fair share.

    Examples:
        >>> Difference("f", "seat 0", "share", "a", "b", 0.2, 0.05, 0.35, True).clear
        True
    """

    figure: str
    label: str
    kind: str
    base: str
    other: str
    difference: float
    low: float
    high: float
    clear: bool
    relative: bool = False


def _natural(text: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key that orders the numbers in text by value (``play 2`` before ``play 10``)."""
    return tuple(
        (0, int(part), "") if re.fullmatch(r"-?\d+", part) else (1, 0, part)
        for part in re.split(r"\s+", text)
    )


def _counts(values: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(Counter(values).items()))


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _win_figures(facts: Sequence[GameFacts], players: int) -> list[Figure]:
    n = len(facts)
    seats = tuple(
        Stat.share(f"seat {s}", sum(f.win_share(s) for f in facts), n) for s in range(players)
    )
    figures = [
        Figure(
            "win_share_by_seat",
            "Win share by seat",
            "bars_with_intervals",
            "share of games won (a shared win counts as a fraction)",
            "seat (0 plays first)",
            "Each bar is a seat's share of the wins with its 95% interval; the dashed line is the "
            "fair share. A seat whose interval misses the line is favoured (or not).",
            stats=seats,
            reference=1 / players,
        )
    ]
    agents = list(dict.fromkeys(facts[0].outcome.seats))
    if len(agents) > 1:
        stats = []
        for agent in agents:
            shares = [
                f.win_share(s) for f in facts for s, a in enumerate(f.outcome.seats) if a == agent
            ]
            stats.append(Stat.share(agent, sum(shares), len(shares)))
        figures.append(
            Figure(
                "win_share_by_agent",
                "Win share by agent",
                "bars_with_intervals",
                "share of seat-games won",
                "agent",
                "Each bar is an agent's share of its seat-games won; the agents move round the "
                "table, so every agent plays every seat.",
                stats=tuple(stats),
                reference=1 / players,
            )
        )
    return figures


def _length_figures(facts: Sequence[GameFacts]) -> list[Figure]:
    figures = [
        Figure(
            "length_decisions",
            "Game length: decisions",
            "histogram",
            "decisions in a game (moves by the players)",
            "games",
            "How many moves the players made per game; chance events (draws, reveals) are "
            "counted apart.",
            stats=(
                Stat.mean("decisions", [f.decisions for f in facts]),
                Stat.mean("chance events", [f.chance for f in facts]),
                Stat.mean("moves", [f.outcome.moves for f in facts]),
            ),
            counts=_counts([f.decisions for f in facts]),
        )
    ]
    rounds = [f.rounds for f in facts if f.rounds is not None]
    if rounds:
        figures.append(
            Figure(
                "length_rounds",
                "Game length: rounds",
                "histogram",
                "rounds in a game",
                "games",
                "How many rounds a game lasted (the final state's round number).",
                stats=(Stat.mean("rounds", rounds),),
                counts=_counts(rounds),
            )
        )
    return figures


def _branching_figure(facts: Sequence[GameFacts]) -> Figure:
    totals: dict[str, list[int]] = {}
    for f in facts:
        for b in f.branching:
            row = totals.setdefault(b.kind, [0, 0, 0, 0, 0])
            row[0] += b.decisions
            row[1] += b.options
            row[2] += b.squares
            row[3] += b.forced
            row[4] = max(row[4], b.most)
    kinds = sorted(totals, key=lambda kind: -totals[kind][0])
    return Figure(
        "branching",
        "Branching factor by kind of decision",
        "bars_with_intervals",
        "legal moves per decision",
        "kind of decision (the kinds of move to choose from)",
        "Each bar is the mean number of legal moves at one kind of decision, with a 95% "
        "interval (decisions of one game are not independent: read it as a rough guide).",
        stats=tuple(Stat.mean_of(k, *totals[k][:3]) for k in kinds),
        columns=("kind", "per game", "mean options", "at most", "forced"),
        rows=tuple(
            (
                k,
                f"{totals[k][0] / len(facts):.1f}",
                f"{totals[k][1] / totals[k][0]:.2f}",
                str(totals[k][4]),
                _percent(totals[k][3] / totals[k][0]),
            )
            for k in kinds
        ),
    )


def _score_figures(facts: Sequence[GameFacts], players: int) -> list[Figure]:
    scores = [score for f in facts for score in f.outcome.scores]
    winning = [
        max(f.outcome.scores[w] for w in f.outcome.winners) for f in facts if f.outcome.winners
    ]
    stats = [Stat.mean("all seats", scores)]
    stats += [Stat.mean(f"seat {s}", [f.outcome.scores[s] for f in facts]) for s in range(players)]
    if winning:
        stats.append(Stat.mean("winner", winning))
    margins = []
    for f in facts:
        winners = set(f.outcome.winners)
        others = [score for s, score in enumerate(f.outcome.scores) if s not in winners]
        if winners and others:
            margins.append(min(f.outcome.scores[w] for w in winners) - max(others))
    shared = sum(len(f.outcome.winners) > 1 for f in facts)
    figures = [
        Figure(
            "scores",
            "Final scores",
            "histogram",
            "final score of a seat",
            "seat-games",
            "Every seat's final score in every game; below, the mean score of each seat and of "
            "the winners, with 95% intervals.",
            stats=tuple(stats),
            counts=_counts(scores),
        )
    ]
    margin_stats = [Stat.share("shared wins", shared, len(facts))]
    if margins:
        margin_stats.insert(0, Stat.mean("margin", margins))
    figures.append(
        Figure(
            "winning_margin",
            "Winning margin",
            "histogram",
            "lowest winner's score minus the best other score",
            "games",
            "How far the winners finished ahead of the best of the rest (games where every seat "
            "won are left out); shared wins are the share of games with several winners.",
            stats=tuple(margin_stats),
            counts=_counts(margins),
        )
    )
    changes = [f.lead_changes for f in facts]
    figures.append(
        Figure(
            "lead_changes",
            "Lead changes",
            "histogram",
            "times the lead changed hands",
            "games",
            "How often the seat strictly ahead on running scores changed during a game: many "
            "changes mean a close race, none a game decided early.",
            stats=(
                Stat.mean("lead changes", changes),
                Stat.share("games with a lead change", sum(c > 0 for c in changes), len(facts)),
            ),
            counts=_counts(changes),
        )
    )
    return figures


def _situations_figure(facts: Sequence[GameFacts], labels: Sequence[str] | None) -> Figure:
    seen = Counter(label for f in facts for label, _ in f.situations)
    times = Counter[str]()
    for f in facts:
        times.update(dict(f.situations))
    every = list(dict.fromkeys([*(labels or ()), *sorted(seen)]))
    n = len(facts)
    note = ""
    if labels is None:
        note = "This game reports no special situations (its CAPABILITIES declare no situations)."
    elif not every:
        note = "This game names no special situations."
    return Figure(
        "situations",
        "Special situations of the rulings",
        "bars_with_intervals",
        "share of games in which it happened",
        "situation (ruling)",
        "Each bar is the share of games in which a ruling's special situation came up at least "
        "once, with its 95% interval; the table gives how often per game.",
        stats=tuple(Stat.share(label, seen[label], n) for label in every),
        columns=("situation", "games", "per game") if every else (),
        rows=tuple(
            (label, _percent(seen[label] / n), f"{times[label] / n:.2f}") for label in every
        ),
        note=note,
    )


def _moves_figure(facts: Sequence[GameFacts], players: int) -> Figure:
    made: dict[str, list[tuple[float, int]]] = {}
    for f in facts:
        for seat, counts in enumerate(f.moves):
            for key, count in counts:
                made.setdefault(key, []).append((f.win_share(seat), count))
    keys = sorted(made, key=_natural)
    games = len(facts)
    rows = []
    for k in keys:
        by_winners = sum(w * c for w, c in made[k]) / games  # the win shares sum to 1 per game
        by_others = sum((1 - w) * c for w, c in made[k]) / (games * max(players - 1, 1))
        seat_games = _percent(len(made[k]) / (games * players))
        rows.append((k, seat_games, f"{by_winners:.2f}", f"{by_others:.2f}"))
    return Figure(
        "moves",
        "Moves and winning",
        "bars_with_intervals",
        "share of these moves made by the game's winner",
        "move (its notation)",
        "Of all the times a move was made, the share made by the seat that went on to win, with "
        "a 95% interval (n: the seat-games in which it was made); above the dashed fair share, "
        "the move goes with winning (which is not to say that it causes it).",
        stats=tuple(Stat.ratio(k, made[k]) for k in keys),
        reference=1 / players,
        columns=("move", "seat-games with it", "per game by the winner", "by each other seat"),
        rows=tuple(rows),
    )


HELD = "1 or more"
"""The qualifier of the holdings figure's stat of the seats holding at least one of a thing
(``"Steak: 1 or more"``)."""
NOT_HELD = "none"
"""The qualifier of its stat of the seats holding none (``"Steak: none"``)."""


def _share_text(stat: Stat | None) -> str:
    if stat is None:
        return "-"
    return f"{_percent(stat.value)} ({_percent(stat.low)} to {_percent(stat.high)})"


def _holdings_figure(
    facts: Sequence[GameFacts], players: int, labels: Sequence[str] | None
) -> Figure:
    """Win share of the seats holding at least one of each thing and of those holding none;
    the mean held by the winners and by the others (a shared win counts as a fraction)."""
    played = [f for f in facts if len(f.holdings) == players]  # the games with holdings
    seen = {label for f in played for seat in f.holdings for label, _ in seat}
    every = list(dict.fromkeys([*(labels or ()), *sorted(seen, key=_natural)])) if played else []
    holding = dict.fromkeys(every, 0)  # seat-games holding 1 or more
    wins = {label: [0.0, 0.0] for label in every}  # wins of the seat-games with, without
    count = {label: [0.0, 0.0] for label in every}  # counts weighted by win share, by loss
    won = 0.0
    for f in played:
        for seat, held in enumerate(f.holdings):
            counts = dict(held)
            w = f.win_share(seat)
            won += w
            for label in every:
                c = counts.get(label, 0)
                holding[label] += 1 if c else 0
                wins[label][0 if c else 1] += w
                count[label][0] += w * c
                count[label][1] += (1 - w) * c
    seat_games = players * len(played)
    lost = seat_games - won
    stats: list[Stat] = []
    rows = []
    for label in every:
        n = holding[label]
        with_it = Stat.share(f"{label}: {HELD}", wins[label][0], n) if n else None
        rest = seat_games - n
        without = Stat.share(f"{label}: {NOT_HELD}", wins[label][1], rest) if rest else None
        if with_it is not None and without is not None:
            stats += (with_it, without)  # one group alone would only show the fair share
        rows.append(
            (
                label,
                _percent(n / seat_games),
                _share_text(with_it),
                _share_text(without),
                f"{count[label][0] / won:.2f}" if won else "-",
                f"{count[label][1] / lost:.2f}" if lost else "-",
            )
        )
    note = ""
    if labels is None and not played:
        note = "This game reports no holdings (its CAPABILITIES declare no holdings)."
    elif not every:
        note = "No game recorded what the seats held."
    return Figure(
        "holdings",
        "Holdings and winning",
        "bars_with_intervals",
        "share of seat-games won",
        "what a seat held at the end of the game",
        "For each thing held at the end, the win share of the seats that held 1 or more and of "
        "those that held none, with 95% intervals: where the two differ, holding it goes with "
        "winning or losing (which is not to say that it causes it); the dashed line is the fair "
        "share. The table adds the mean held by the winners and by the others.",
        stats=tuple(stats),
        reference=1 / players,
        columns=(
            "held",
            "seat-games with it",
            "win share with it",
            "without it",
            "mean held by winners",
            "by the others",
        )
        if every
        else (),
        rows=tuple(rows),
        note=note,
    )


def build_figures(
    facts: Sequence[GameFacts],
    players: int,
    situations: Sequence[str] | None,
    holdings: Sequence[str] | None = None,
) -> tuple[Figure, ...]:
    """Every figure of one game and config, from its games' facts.

    Args:
        facts: the games (at least one).
        players: seats at the table.
        situations: the game's ``SITUATIONS`` labels, or None when it reports none.
        holdings: the labels of the game's ``holdings`` in its order, or None when it has none
            (labels met in the facts and not listed come last, in natural order).

    Examples:
        >>> from tablefeast.analysis.facts import play_facts
        >>> facts = [play_facts("food_chain", {"players": 3}, ["random"] * 3, "0", i)
        ...          for i in range(3)]
        >>> [figure.name for figure in build_figures(facts, 3, None)][:4]
        ['win_share_by_seat', 'length_decisions', 'length_rounds', 'branching']
    """
    return (
        *_win_figures(facts, players),
        *_length_figures(facts),
        _branching_figure(facts),
        *_score_figures(facts, players),
        _situations_figure(facts, situations),
        _moves_figure(facts, players),
        _holdings_figure(facts, players, holdings),
    )
