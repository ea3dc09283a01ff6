"""A plug-in game drawn by its own renderer: the tutorial's Goofspiel, installed as a package
would leave it (its module and the files its Capabilities declare beside it), played to its end
in Chromium through ``/games/goofspiel/renderer.js`` and its stylesheet, served from its files."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
if shutil.which("chromium") is None and not os.environ.get("TABLEFEAST_REQUIRE_BROWSER"):
    pytest.skip("needs Debian's Chromium (apt-get install -y chromium)", allow_module_level=True)

import tablefeast
from tablefeast.kernel.record import Record
from tests.support.browser import (
    click_moves,
    create_table,
    installed_goofspiel,
    play_by_clicking,
    running_server,
    watch_console,
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A server started once Goofspiel is installed (its workers find it too)."""
    site, folder = tmp_path_factory.mktemp("site"), tmp_path_factory.mktemp("own_renderer")
    with installed_goofspiel(site), running_server(folder / "tables.db") as running:
        yield running


def test_goofspiel_is_played_through_its_own_renderer(
    served: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, app = served
    created = create_table(base, "goofspiel", ["human", "random", "random"])
    table = app.state.hub.live[created["table"]].table
    page = browser.new_page(viewport={"width": 1100, "height": 800})
    errors = watch_console(page)
    # Both files are asked for while the page starts: wait for their answers, not a race.
    with (
        page.expect_response(lambda r: r.url.endswith("/games/goofspiel/renderer.js")) as js,
        page.expect_response(lambda r: r.url.endswith("/games/goofspiel/style.css")) as css,
    ):
        page.goto(f"{base}/table.html?table={created['table']}&token={created['tokens']['0']}")
        page.wait_for_selector(".gs-hand button")  # its own renderer, not the generic one
    assert js.value.status == 200 and css.value.status == 200
    assert not page.locator("#game dl.facts").count()  # the generic renderer's list
    # The page's stylesheet from the game's package is applied: a card has its border radius.
    # (A stylesheet applies a moment after its answer arrives, so the check waits for it.)
    page.wait_for_function(
        "() => { const e = document.querySelector('.gs-card');"
        " return e !== null && !['', '0px'].includes(getComputedStyle(e).borderRadius); }",
        timeout=10_000,
    )
    # The other seats bid at once (bots); what the page shows of them is that they have bid,
    # never what: the view does not hold it, and the renderer draws the view alone.
    page.wait_for_selector('.gs-seat[data-seat="2"]:has-text("has bid")')
    bids = table.state.bids
    assert bids[0] is None and None not in bids[1:]
    for seat in (1, 2):
        shown = page.locator(f'.gs-seat[data-seat="{seat}"]').inner_text()
        text = [line for line in shown.splitlines() if line]
        assert text[1:] == ["0 points", "13 cards in hand", "has bid"], text
    assert page.locator("#gs-mine").inner_text() == "Bid a card for the prize."
    rng = random.Random(3)
    click_moves(page, rng, 4)  # a few turns in: points won, cards gone from the hands
    page.wait_for_timeout(200)
    shot = tmp_path / "goofspiel.png"  # docs/images' is made by tests.support.docs_images
    page.locator("main").screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    play_by_clicking(page, rng)
    winners = [int(s) for s in page.locator("#winners").get_attribute("data-winners").split(",")]
    with page.expect_download() as download:
        page.locator("#record").click()
    record = Record.from_json(Path(download.value.path()).read_text())
    final = tablefeast.replay(record)
    assert sorted(tablefeast.load("goofspiel").winners(final)) == winners
    assert errors == [], errors
    page.close()
