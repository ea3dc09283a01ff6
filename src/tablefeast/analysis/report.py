"""The report: one self-contained HTML page of an analysis or a comparison.

Charts are inline SVG drawn here (no script, no library, no external URL: the page opens
offline and prints), coloured through CSS variables that follow the reader's light or dark
setting. Every figure has a line on how to read it; variants stand side by side on one scale,
and in a comparison the stats whose difference from the base is clear are marked (◆) and listed
under the figure with the difference and its 99% interval. The page fits a phone (390 px
wide): the variants stack, a chart shrinks to the width, a wide table scrolls in its own box and
a long word wraps, so the page itself never scrolls sideways.

Examples:
    >>> from tablefeast.analysis.run import analyze
    >>> page = report_html([analyze("food_chain", players=3, games=2, workers=1)], ["3 players"])
    >>> page.count("<svg") >= 5, "<script" in page, "https://" in page
    (True, False, False)
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence, Set
from typing import TYPE_CHECKING

from tablefeast.analysis.figures import Difference, Figure, Stat

if TYPE_CHECKING:
    from tablefeast.analysis.run import Analysis

__all__ = ["findings", "report_html"]

_CSS = """
:root { color-scheme: light dark; --fg: #1f2328; --bg: #f6f4ef; --card: #ffffff;
  --muted: #5c6166; --grid: #d8d6d0; --bar: #d0782c; --bar2: #3b7fb6; --mark: #fbe3c4;
  --line: #1f2328; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e4df; --bg: #15171a; --card: #1f2226;
  --muted: #a4a8ad; --grid: #3a3e44; --bar: #e89a52; --bar2: #6aa8dc; --mark: #4d3517;
  --line: #e6e4df; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1240px; padding: 1.2em 1.5em 3em; color: var(--fg);
  background: var(--bg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  overflow-wrap: break-word; }
h1 { font-size: 1.7em; margin: 0.2em 0; } h2 { font-size: 1.25em; margin: 0 0 0.2em; }
h3 { font-size: 1em; margin: 0.4em 0; }
.card { background: var(--card); border-radius: 10px; padding: 1em 1.3em; margin: 1.1em 0;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
.how { color: var(--muted); margin: 0 0 0.6em; }
.note { color: var(--muted); font-style: italic; }
.params { color: var(--muted); margin: 0; }
.variants { display: grid; gap: 1.2em;
  grid-template-columns: repeat(auto-fit, minmax(min(420px, 100%), 1fr)); }
.variant { min-width: 0; }
.scroll { max-width: 100%; overflow-x: auto; }
nav ol { columns: 2; margin: 0.3em 0; }
svg { display: block; max-width: 100%; height: auto; margin: 0.3em 0; }
svg text { fill: currentColor; font-size: 12px; } svg .n { fill-opacity: 0.65; font-size: 11px; }
svg .bar { fill: var(--bar); } svg .bar.clear { fill: var(--bar2); }
svg .whisker { stroke: var(--line); stroke-width: 1.4; fill: none; }
svg .axis { stroke: var(--grid); }
svg .ref { stroke: var(--muted); stroke-width: 1.2; stroke-dasharray: 5 3; }
svg .mean { stroke: var(--bar2); stroke-width: 2; }
table { border-collapse: collapse; font-size: 13px; margin: 0.5em 0;
  font-variant-numeric: tabular-nums; }
th, td { padding: 2px 9px; text-align: right; border-bottom: 1px solid var(--grid);
  overflow-wrap: normal; }
th:first-child, td:first-child { text-align: left; }
tr.clear td { background: var(--mark); font-weight: 600; }
details summary { cursor: pointer; color: var(--muted); }
.findings li { margin: 0.25em 0; }
footer { color: var(--muted); font-size: 13px; margin-top: 2em; }
@media (max-width: 600px) { body { padding: 0.8em 0.6em 2em; } .card { padding: 0.8em 0.8em; }
  nav ol { columns: 1; padding-left: 2em; } .findings ul { padding-left: 1.2em; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(value: float) -> str:
    size = abs(value)
    if size >= 100:
        return f"{value:.0f}"
    if size >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def _percent_kind(kind: str) -> bool:
    return kind in ("share", "ratio")


def _value(stat: Stat) -> str:
    return f"{100 * stat.value:.1f}%" if _percent_kind(stat.kind) else _num(stat.value)


def _interval(stat: Stat) -> str:
    if _percent_kind(stat.kind):
        return f"{100 * stat.low:.1f}% to {100 * stat.high:.1f}%"
    return f"{_num(stat.low)} to {_num(stat.high)}"


def _nice(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value` (> 0)."""
    power = 10.0 ** math.floor(math.log10(value))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= value * (1 - 1e-9))


def _ticks(low: float, high: float) -> tuple[float, float, float]:
    """A round step of about a quarter of the range, and the range widened to whole steps."""
    step = _nice((high - low) / 4) if high > low else 1.0
    return step, step * math.floor(low / step + 1e-9), step * math.ceil(high / step - 1e-9)


def _tick_text(value: float, percent: bool) -> str:
    if percent:
        return f"{100 * value:.4g}%"
    return f"{value:.4g}"


def _domain(figures: Sequence[Figure | None]) -> tuple[float, float, float]:
    """One scale for the bars of every variant, from 0 (or below): step, low, high."""
    stats = [s for f in figures if f is not None for s in _shown_stats(f)]
    refs = [f.reference for f in figures if f is not None and f.reference is not None]
    high = max([0.0, *refs, *(s.high for s in stats), *(s.value for s in stats)])
    low = min([0.0, *(s.low for s in stats), *(s.value for s in stats)])
    if high <= low:
        high = low + 1.0
    step, bottom, top = _ticks(low, high)
    if stats and all(_percent_kind(s.kind) for s in stats):
        top = min(top, 1.0)
    return step, bottom, top


MAX_BARS = 24
"""A bar chart with more rows draws only those measured on at least 1/20 of the largest n (the
table under it lists every row)."""


def _shown_stats(figure: Figure) -> tuple[Stat, ...]:
    if len(figure.stats) <= MAX_BARS:
        return figure.stats
    largest = max(s.n for s in figure.stats)
    return tuple(s for s in figure.stats if s.n * 20 >= largest)


def _svg_open(width: float, height: float, title: str) -> str:
    return (
        f'<svg viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
        f'role="img"><title>{_e(title)}</title>'
    )


def _bars_svg(figure: Figure, domain: tuple[float, float, float], marked: Set[str]) -> str:
    """Horizontal bars with 95% intervals, a label on the left, the value on the right."""
    stats = _shown_stats(figure)
    label_width = min(260.0, 30 + 6.6 * max(len(s.label) for s in stats))
    plot, right, row, top = 300.0, 120.0, 22.0, 8.0
    width = label_width + plot + right
    bottom = top + row * len(stats)
    height = bottom + 36
    step, low, high = domain

    def x(value: float) -> float:
        return label_width + plot * (min(max(value, low), high) - low) / (high - low)

    percent = all(_percent_kind(s.kind) for s in stats)
    parts = [_svg_open(width, height, figure.title)]
    tick = low
    while tick <= high + step * 1e-6:
        tx = x(tick)
        parts.append(
            f'<line class="axis" x1="{tx:.1f}" y1="{top:.1f}" x2="{tx:.1f}" y2="{bottom:.1f}"/>'
            f'<text x="{tx:.1f}" y="{bottom + 14:.1f}" text-anchor="middle">'
            f"{_e(_tick_text(tick, percent))}</text>"
        )
        tick += step
    for i, stat in enumerate(stats):
        y = top + row * i
        mark = stat.label in marked
        bold, sign, bar = (' font-weight="bold"', "◆ ", "bar clear") if mark else ("", "", "bar")
        start, end = sorted((x(0.0), x(stat.value)))
        lo, hi, mid = x(stat.low), x(stat.high), y + row / 2
        parts.append(
            f'<text x="{label_width - 8:.1f}" y="{y + 15:.1f}" text-anchor="end"{bold}>'
            f"{sign}{_e(stat.label)}</text>"
            f'<rect class="{bar}" x="{start:.1f}" y="{y + 4:.1f}" '
            f'width="{max(end - start, 0.8):.1f}" height="{row - 8:.1f}" rx="2"/>'
            f'<path class="whisker" d="M{lo:.1f} {mid:.1f}H{hi:.1f}M{lo:.1f} {y + 7:.1f}'
            f'V{y + row - 7:.1f}M{hi:.1f} {y + 7:.1f}V{y + row - 7:.1f}"/>'
            f'<text x="{label_width + plot + 10:.1f}" y="{y + 15:.1f}">{_e(_value(stat))}'
            f'<tspan class="n"> n {stat.n}</tspan></text>'
        )
    if figure.reference is not None:
        rx = x(figure.reference)
        parts.append(
            f'<line class="ref" x1="{rx:.1f}" y1="{top - 4:.1f}" x2="{rx:.1f}" y2="{bottom:.1f}"/>'
        )
    parts.append(
        f'<text x="{label_width + plot / 2:.1f}" y="{height - 4:.1f}" text-anchor="middle">'
        f"{_e(figure.x_label)}</text></svg>"
    )
    return "".join(parts)


MIN_COLUMNS = 9
"""A histogram spans at least this many values (a game that always lasts 10 rounds shows one
column among empty ones, not one wide block)."""
MAX_COLUMNS = 36
"""A histogram of a wider span groups values into at most this many columns."""


def _span(figures: Sequence[Figure | None]) -> tuple[int, int, int]:
    """The values every variant's histogram spans, padded to `MIN_COLUMNS`, and the column width."""
    values = [v for f in figures if f is not None for v, _ in f.counts]
    lo, hi = min(values), max(values)
    if hi - lo + 1 < MIN_COLUMNS:
        pad = MIN_COLUMNS - (hi - lo + 1)
        lo, hi = lo - pad // 2, hi + pad - pad // 2
    return lo, hi, max(1, math.ceil((hi - lo + 1) / MAX_COLUMNS))


def _columns(figure: Figure, lo: int, size: int) -> dict[int, int]:
    columns: dict[int, int] = {}
    for value, count in figure.counts:
        columns[(value - lo) // size] = columns.get((value - lo) // size, 0) + count
    return columns


def _histogram_svg(figure: Figure, span: tuple[int, int, int], peak: int) -> str:
    """Columns of games per value (grouped when the span is wide), the mean marked."""
    lo, hi, size = span
    count = (hi - lo) // size + 1
    left, plot_w, plot_h, top = 58.0, 420.0, 150.0, 12.0
    width, height = left + plot_w + 20, top + plot_h + 40
    column = plot_w / count
    step, _, ceiling = _ticks(0, max(peak, 1))
    parts = [_svg_open(width, height, figure.title)]
    level = 0.0
    while level <= ceiling + 1e-9:
        y = top + plot_h - plot_h * level / ceiling
        parts.append(
            f'<line class="axis" x1="{left:.1f}" y1="{y:.1f}" x2="{left + plot_w:.1f}" '
            f'y2="{y:.1f}"/><text x="{left - 6:.1f}" y="{y + 4:.1f}" text-anchor="end">'
            f"{_e(_tick_text(level, False))}</text>"
        )
        level += step
    for i, games in sorted(_columns(figure, lo, size).items()):
        h = plot_h * games / ceiling
        parts.append(
            f'<rect class="bar" x="{left + i * column + 0.5:.1f}" y="{top + plot_h - h:.1f}" '
            f'width="{max(column - 1, 0.8):.1f}" height="{h:.1f}"/>'
        )
    for i in sorted({0, count // 2, count - 1}):
        start = lo + i * size
        text = str(start) if size == 1 else f"{start} to {start + size - 1}"
        parts.append(
            f'<text x="{left + (i + 0.5) * column:.1f}" y="{top + plot_h + 14:.1f}" '
            f'text-anchor="middle">{_e(text)}</text>'
        )
    main = figure.stats[0] if figure.stats and figure.stats[0].kind == "mean" else None
    if main is not None:
        mx = left + ((main.value - lo) / size + 0.5) * column
        parts.append(
            f'<line class="mean" x1="{mx:.1f}" y1="{top:.1f}" x2="{mx:.1f}" '
            f'y2="{top + plot_h:.1f}"/><text x="{mx + 4:.1f}" y="{top + 10:.1f}">mean '
            f"{_e(_num(main.value))}</text>"
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6:.1f}" text-anchor="middle">'
        f"{_e(figure.x_label)}</text>"
        f'<text transform="translate(14 {top + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle">{_e(figure.y_label)}</text></svg>'
    )
    return "".join(parts)


def _table(
    columns: Sequence[str], rows: Sequence[Sequence[str]], marked: Set[str] = frozenset()
) -> str:
    head = "".join(f"<th>{_e(c)}</th>" for c in columns)
    body = "".join(
        ('<tr class="clear">' if row and row[0] in marked else "<tr>")
        + "".join(f"<td>{_e(cell)}</td>" for cell in row)
        + "</tr>"
        for row in rows
    )
    # A wide table scrolls inside its own box, never the page (a phone is 390 px wide).
    return (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def _stats_table(stats: Sequence[Stat], marked: Set[str]) -> str:
    rows = [(s.label, _value(s), _interval(s), str(s.n)) for s in stats]
    return _table(("", "value", "95% interval", "n"), rows, marked)


def _figure_body(figure: Figure, row: Sequence[Figure | None], marked: Set[str]) -> str:
    parts = []
    if figure.note:
        parts.append(f'<p class="note">{_e(figure.note)}</p>')
    if figure.kind == "histogram":
        if figure.counts:
            span = _span(row)
            peak = max(
                max(_columns(f, span[0], span[2]).values())
                for f in row
                if f is not None and f.counts
            )
            parts.append(_histogram_svg(figure, span, peak))
        parts.append(_stats_table(figure.stats, marked))
    elif figure.kind == "bars_with_intervals" and figure.stats:
        parts.append(_bars_svg(figure, _domain(row), marked))
        hidden = len(figure.stats) - len(_shown_stats(figure))
        if hidden:
            parts.append(
                f'<p class="note">{hidden} rarer rows (measured on fewer than 1/20 of the '
                "largest n) are only in the table.</p>"
            )
    if figure.columns:
        # A row is marked with its stats: "Steak" with "Steak: 1 or more" (the holdings figure).
        rows_marked = set(marked) | {m.rpartition(": ")[0] for m in marked if ": " in m}
        table = _table(figure.columns, figure.rows, rows_marked)
        if len(figure.rows) > 12:
            table = f"<details><summary>table ({len(figure.rows)} rows)</summary>{table}</details>"
        parts.append(table)
    return "".join(parts)


def _differences_table(differences: Sequence[Difference]) -> str:
    clear = [d for d in differences if d.clear]
    rows = []
    for d in clear or differences:
        if _percent_kind(d.kind):
            text = f"{100 * d.difference:+.1f} points"
            interval = f"{100 * d.low:+.1f} to {100 * d.high:+.1f}"
        else:
            text, interval = f"{d.difference:+.3g}", f"{d.low:+.3g} to {d.high:+.3g}"
        label = f"{d.label} (against the fair share)" if d.relative else d.label
        rows.append((label, f"{d.other} vs {d.base}", text, interval, "◆ clear" if d.clear else ""))
    columns = ("", "variants", "difference", "99% interval", "")
    table = _table(columns, rows, {d.label for d in clear})
    if clear:
        return f"<h3>Clear differences (99%)</h3>{table}"
    return (
        f"<details><summary>No clear difference (99%): the differences</summary>{table}</details>"
    )


def _seat_sentences(analysis: Analysis, label: str) -> list[str]:
    figure = analysis.figure("win_share_by_seat")
    if figure is None or figure.reference is None:
        return []
    fair = figure.reference
    where = f"with {label}, " if label else ""
    n = len(analysis.games)
    out = []
    for stat in figure.stats:
        if stat.low > fair or stat.high < fair:
            side = "more" if stat.low > fair else "less"
            out.append(
                f"{where}{stat.label} wins {_value(stat)} of games (95% interval "
                f"{_interval(stat)}), {side} than the fair {100 * fair:.0f}%."
            )
    if not out:
        best = max(figure.stats, key=lambda s: s.value)
        out.append(
            f"{where}no seat's win share differs clearly from the fair {100 * fair:.0f}% "
            f"({n} games; the best, {best.label}, wins {_value(best)}, 95% interval "
            f"{_interval(best)})."
        )
    return [_sentence(line) for line in out]


def _sentence(text: str) -> str:
    """`text` with a capital first letter: every finding is a sentence ("Seat 2 wins ...")."""
    return text[:1].upper() + text[1:]


MIN_CLUSTERS = 20
"""The findings name a move only when it was made in at least this many seat-games."""


def _move_sentences(analysis: Analysis) -> list[str]:
    figure = analysis.figure("moves")
    if figure is None or figure.reference is None:
        return []
    fair = figure.reference
    stats = [s for s in _shown_stats(figure) if s.n >= MIN_CLUSTERS]
    above = sorted((s for s in stats if s.low > fair), key=lambda s: -s.value)[:5]
    below = sorted((s for s in stats if s.high < fair), key=lambda s: s.value)[:5]
    out = []
    for chosen, side in ((above, "more"), (below, "less")):
        if chosen:
            listed = ", ".join(f"{s.label} ({_value(s)}, {_interval(s)})" for s in chosen)
            out.append(
                f"Moves made by the eventual winner {side} often than the fair "
                f"{100 * fair:.0f}% (share of these moves made by the winner, 95% interval): "
                f"{listed}."
            )
    return out


_REFERENCE_NOTE = ", measured against each variant's fair share"


def findings(
    variants: Sequence[Analysis], labels: Sequence[str], differences: Sequence[Difference] = ()
) -> list[str]:
    """The report's findings in words: favoured seats, moves that go with winning or losing,
    and the clear differences between variants. Each is a sentence, from a capital letter (a
    variant's finding begins "With LABEL, ...": a label is options, written as typed).

    Args:
        variants: the analyses (one, or a comparison's variants).
        labels: their labels.
        differences: a comparison's differences.

    Examples:
        >>> from tablefeast.analysis.run import analyze
        >>> findings([analyze("food_chain", players=3, games=2, workers=1)], ["3 players"])[0]
        'Seat 2 wins 100.0% of games (95% interval 34.2% to 100.0%), more than the fair 33%.'
    """
    if len(variants) == 1:
        return _seat_sentences(variants[0], "") + _move_sentences(variants[0])
    out = []
    for analysis, label in zip(variants, labels, strict=True):
        out += _seat_sentences(analysis, label)
    clear = [d for d in differences if d.clear]
    if not clear:
        out.append("No difference between the variants is clear at 99%.")
    titles = {f.name: f.title for v in variants for f in v.figures}
    for d in clear:
        if d.figure == "win_share_by_seat":
            out.append(
                f"{_sentence(d.label)}'s win share changes by {100 * d.difference:+.1f} points "
                f"with {d.other} against {d.base} (99% interval {100 * d.low:+.1f} to "
                f"{100 * d.high:+.1f}){_REFERENCE_NOTE if d.relative else ''}."
            )
    others = list(dict.fromkeys(d.figure for d in clear if d.figure != "win_share_by_seat"))
    if others:
        out.append(
            f"Clear differences also in: {', '.join(titles[name] for name in others)} "
            f"({len(clear)} in all, marked ◆ below)."
        )
    return out


def _parameters(analysis: Analysis) -> str:
    options = {k: v for k, v in analysis.config.items() if k != "players"}
    shown = ", ".join(
        f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items()
    )
    if len(shown) > 300:
        shown = shown[:297] + "..."
    agents = ", ".join(dict.fromkeys(analysis.agents))
    return (
        f"{analysis.players} players · {len(analysis.games)} games · agents: {agents} "
        f"(rotating round the table) · seed {analysis.seed} (game i: seed/i)"
        + (f" · options: {shown}" if shown else "")
    )


def report_html(
    variants: Sequence[Analysis],
    labels: Sequence[str],
    differences: Sequence[Difference] = (),
) -> str:
    """The report of one analysis, or of a comparison's variants side by side.

    Args:
        variants: the analyses, the base first.
        labels: a label for each.
        differences: a comparison's differences against the base (their clear ones are marked).

    Examples:
        >>> from tablefeast.analysis.run import analyze
        >>> page = report_html([analyze("food_chain", players=3, games=2, workers=1)], ["x"])
        >>> page.rstrip().endswith("</html>")
        True
    """
    first = variants[0]
    compared = len(variants) > 1
    title = f"{first.title}: " + ("variants compared" if compared else "analysis")
    rows: dict[str, list[Figure | None]] = {}
    for v, analysis in enumerate(variants):
        for each in analysis.figures:
            rows.setdefault(each.name, [None] * len(variants))[v] = each
    parts = [
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>",
        f"<header><h1>{_e(title)}</h1>",
    ]
    for analysis, label in zip(variants, labels, strict=True):
        prefix = f"<strong>{_e(label)}</strong>: " if compared else ""
        parts.append(f'<p class="params">{prefix}{_e(_parameters(analysis))}</p>')
    parts.append("</header>")
    items = "".join(f"<li>{_e(line)}</li>" for line in findings(variants, labels, differences))
    parts.append(f'<section class="card findings"><h2>Findings</h2><ul>{items}</ul></section>')
    toc = "".join(
        f'<li><a href="#{_e(name)}">{_e(next(f for f in row if f is not None).title)}</a></li>'
        for name, row in rows.items()
    )
    parts.append(f'<nav class="card"><h2>Figures</h2><ol>{toc}</ol></nav>')
    for name, row in rows.items():
        shown = next(f for f in row if f is not None)
        mine = [d for d in differences if d.figure == name]
        parts.append(
            f'<section class="card" id="{_e(name)}"><h2>{_e(shown.title)}</h2>'
            f'<p class="how">How to read it: {_e(shown.how_to_read)}</p><div class="variants">'
        )
        for v, figure in enumerate(row):
            marked = {d.label for d in mine if d.clear and d.other == labels[v]}
            heading = f"<h3>{_e(labels[v])}</h3>" if compared else ""
            body = (
                _figure_body(figure, row, marked)
                if figure is not None
                else '<p class="note">Not measured in this variant.</p>'
            )
            parts.append(f'<div class="variant">{heading}{body}</div>')
        parts.append("</div>")
        if mine:
            parts.append(_differences_table(mine))
        parts.append("</section>")
    parts.append(
        "<footer>Made by tablefeast.analysis. Shares: 95% Wilson intervals; means: 95% normal "
        "intervals; a difference between variants is clear when its 99% interval (Newcombe for "
        "shares, normal for means) excludes 0. Every game replays from its seed.</footer>"
        "</body></html>\n"
    )
    return "".join(parts)
