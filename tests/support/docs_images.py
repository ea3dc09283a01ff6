"""The documentation's screenshots, made anew: ``python -m tests.support.docs_images`` (from the
root).

The tests never write into the source tree (their screenshots go to temporary folders); the images
under ``docs/images/`` change only when this command is run on purpose, and are committed from
there. It needs the ``server`` and ``test`` extras and Debian's Chromium, as the browser tests do.

- Every game's table in the browser, from seat 0 of a game against two bots, a dozen clicks in:
  ``GAME.png`` (1280 wide), ``GAME-dark.png`` (the dark colour scheme) and ``GAME-phone.png``
  (390 wide).
- Goofspiel, the tutorial's game, installed as a plug-in and drawn by its own renderer, a few
  turns in: ``goofspiel_renderer.png`` ("Everything a game may ship").
- The designer's report, as the "A designer's report" page shows it: the two ``tablefeast
  analyze`` runs of that page (same seeds, same numbers), and parts of their pages
  (``analysis_*.png``).

``--only tables`` or ``--only analysis`` makes one kind; ``--out DIR`` writes elsewhere.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright import sync_api

import tablefeast
from tests.support.browser import (
    chromium,
    click_moves,
    create_table,
    installed_goofspiel,
    running_server,
)

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"

TABLE_SHOTS = {"": {"width": 1280, "height": 900}, "-phone": {"width": 390, "height": 844}}
"""The table's screenshots by name suffix and viewport; "-dark" is the first one, in dark."""

REPORTS: dict[str, tuple[str, dict[str, str]]] = {
    "sab": (
        "schlacht_am_buffet --players 3 --games 400 --seed 1 --compare edition=fr",
        {"analysis_sab_compare.png": "top", "analysis_sab_situations.png": "#situations"},
    ),
    "ayc": (
        "all_you_can_eat_buffet --players 4 --agents heuristic --games 400 --seed 1",
        {
            "analysis_ayc_top.png": "top",
            "analysis_ayc_moves.png": "#moves",
            "analysis_ayc_holdings.png": "#holdings",
            "analysis_ayc_situations.png": "#situations",
            "analysis_ayc_scores_dark.png": "dark #scores",
        },
    ),
}
"""Each report: its `tablefeast analyze` arguments (those of docs/analysis.md), and its pictures:
"top" is the first screen of the page, "#id" one figure, "dark ..." the same in dark."""


def table_images(browser: Any, out: Path) -> list[Path]:
    """Each game's table, light, dark and on a phone; returns the files written."""
    written = []
    with tempfile.TemporaryDirectory() as folder, running_server(Path(folder) / "t.db") as served:
        base, _ = served
        for game in tablefeast.names():
            for suffix, viewport in [*TABLE_SHOTS.items(), ("-dark", TABLE_SHOTS[""])]:
                created = create_table(base, game, ["human", "heuristic", "random"])
                scheme = "dark" if suffix == "-dark" else "light"
                page = browser.new_page(viewport=viewport, color_scheme=scheme)
                token = created["tokens"]["0"]
                page.goto(f"{base}/table.html?table={created['table']}&token={token}")
                page.wait_for_selector("#turn")
                path = out / f"{game}{suffix}.png"
                click_moves(page, random.Random(game), 12)
                page.wait_for_timeout(200)
                page.screenshot(path=str(path), full_page=True)
                page.close()
                written.append(path)
    return written


def goofspiel_image(browser: Any, out: Path) -> list[Path]:
    """Goofspiel's table, drawn by its own renderer; returns the file written."""
    with (
        tempfile.TemporaryDirectory() as folder,
        installed_goofspiel(Path(folder)),
        running_server(Path(folder) / "t.db") as (base, _),
    ):
        created = create_table(base, "goofspiel", ["human", "random", "random"])
        page = browser.new_page(viewport={"width": 1100, "height": 800})
        page.goto(f"{base}/table.html?table={created['table']}&token={created['tokens']['0']}")
        page.wait_for_selector(".gs-hand button")
        click_moves(page, random.Random(3), 4)
        page.wait_for_timeout(200)
        path = out / "goofspiel_renderer.png"
        page.locator("main").screenshot(path=str(path))
        page.close()
    return [path]


def report_images(browser: Any, out: Path) -> list[Path]:
    """The designer's report's pictures; returns the files written."""
    written = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (arguments, shots) in REPORTS.items():
            report = Path(folder) / f"{name}.html"
            command = [sys.executable, "-m", "tablefeast.cli", "analyze", *shlex.split(arguments)]
            subprocess.run([*command, "--workers", "1", "--report", str(report)], check=True)
            for file, where in shots.items():
                dark = where.startswith("dark ")
                selector = where.removeprefix("dark ")
                page = browser.new_page(
                    viewport={"width": 1100, "height": 825}, color_scheme="dark" if dark else None
                )
                page.goto(report.as_uri())
                path = out / file
                if selector == "top":
                    page.screenshot(path=str(path))
                else:
                    page.locator(selector).screenshot(path=str(path))
                page.close()
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tests.support.docs_images", description=__doc__
    )
    parser.add_argument("--out", type=Path, default=IMAGES, help="the folder (docs/images)")
    parser.add_argument("--only", choices=["tables", "analysis"], help="one kind of image")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = chromium(playwright)
        written = []
        if args.only in (None, "tables"):
            written += table_images(browser, args.out)
            written += goofspiel_image(browser, args.out)
        if args.only in (None, "analysis"):
            written += report_images(browser, args.out)
        browser.close()
    print(*(f"wrote {path}" for path in written), sep="\n")


if __name__ == "__main__":
    main()
