"""The report as a person reads it: findings are sentences, and the page fits a phone."""

from __future__ import annotations

import io
import os
import random
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablefeast.analysis import analyze, compare
from tablefeast.analysis.report import findings
from tablefeast.cli import main

PHONE = {"width": 390, "height": 844}
"""A phone's viewport, in CSS pixels (an iPhone 12 to 15)."""


class SeatBiased:
    """Seat 0 plays its first legal move, every other seat its last: in Food Chain with the
    default stars seat 0 always wins, with ``stars=[5, 0, 0, 0, 0]`` seat 1 always does."""

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return legal[0] if view.seat == 0 else legal[-1]


def _capitalized(lines: list[str]) -> None:
    assert lines
    for line in lines:
        assert line[:1].isupper(), line


def test_every_finding_starts_with_a_capital_letter() -> None:
    # One analysis: a seat favoured ("Seat 0 wins ..."), and one where none is.
    favoured = analyze("food_chain", players=3, agents=[SeatBiased], games=6, workers=1)
    assert findings([favoured], [""])[0].startswith("Seat 0 wins 100.0% of games")
    fair = analyze("food_chain", players=3, games=4, workers=1)
    _capitalized(findings([fair], [""]))
    # A comparison with clear differences of the seats' win shares, and one with none: a
    # variant's label is options as typed ("stars=..."), so a sentence never starts with it.
    variants = [{"players": 3}, {"players": 3, "stars": [5, 0, 0, 0, 0]}]
    clear = compare("food_chain", variants, agents=[SeatBiased], games=6, workers=1)
    lines = findings(clear.variants, clear.labels, clear.differences)
    assert any(line.startswith("Seat 1's win share changes by +100.0 points") for line in lines)
    _capitalized(lines)
    same = compare("food_chain", [{}, {}], players=3, games=4, workers=1)
    _capitalized(findings(same.variants, same.labels, same.differences))


def test_the_command_prints_the_findings_as_sentences(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = ["analyze", "food_chain", "--players", "3", "--games", "4", "--workers", "1"]
    assert (
        main([*argv, "--compare", "players=4", "--report", str(tmp_path / "r.html")], out=out) == 0
    )
    printed = [line[2:] for line in out.getvalue().splitlines() if line.startswith("- ")]
    _capitalized(printed)


def test_the_report_fits_a_phone(tmp_path: Path) -> None:
    """At 390 px wide the page does not scroll sideways: a wide table scrolls in its own box,
    the variants stack, long words wrap. A screenshot is kept next to the page to look at."""
    sync_api = pytest.importorskip("playwright.sync_api")
    pytest.importorskip("uvicorn")  # tests.support.browser starts servers too
    if shutil.which("chromium") is None and not os.environ.get("TABLEFEAST_REQUIRE_BROWSER"):
        # CI sets TABLEFEAST_REQUIRE_BROWSER, so that there a missing Chromium fails instead.
        pytest.skip("needs Debian's Chromium (apt-get install -y chromium)")
    from tests.support.browser import chromium

    # All You Can Eat Buffet has the widest tables (Meal names); a comparison two variants.
    single = analyze("all_you_can_eat_buffet", players=3, games=6, workers=1)
    pair = compare("schlacht_am_buffet", [{}, {"edition": "fr"}], players=3, games=6, workers=1)
    # A word longer than the screen (a custom Meal may be named anything) wraps.
    word = "Schweinshaxe" * 12
    figure = single.figures[0]
    named = attrs.evolve(figure, title=word, stats=(attrs.evolve(figure.stats[0], label=word),))
    long_word = attrs.evolve(single, figures=(named, *single.figures[1:]))
    pages = {"single": single.to_html(), "pair": pair.to_html(), "word": long_word.to_html()}
    with sync_api.sync_playwright() as playwright:
        browser = chromium(playwright)
        try:
            page = browser.new_page(viewport=PHONE)
            for name, text in pages.items():
                path = tmp_path / f"{name}.html"
                path.write_text(text, encoding="utf-8")
                page.goto(path.as_uri())
                page.screenshot(path=str(tmp_path / f"{name}.png"))
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], (name, width)
                # Every table is in a box of its own that scrolls, within the page.
                boxes = page.evaluate(
                    "[...document.querySelectorAll('table')].map(t => "
                    "[getComputedStyle(t.parentElement).overflowX, "
                    "t.parentElement.getBoundingClientRect().right])"
                )
                assert boxes and all(
                    scroll == "auto" and right <= PHONE["width"] for scroll, right in boxes
                )
        finally:
            browser.close()
