"""A table as a person meets it, in a real browser (issue 30): the end screen in view with every
score part adding up, a step's result readable after the step and after a reload, a phone page
that never jumps to the log, names from the lobby, how to play, and a bad link that leads back
to the lobby. Screenshots go to each test's temporary folder."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
if shutil.which("chromium") is None and not os.environ.get("TABLEFEAST_REQUIRE_BROWSER"):
    pytest.skip("needs Debian's Chromium (apt-get install -y chromium)", allow_module_level=True)

import tablefeast
from tests.support.browser import (
    click_moves,
    create_table,
    watch_console,
)
from tests.support.declared import declaring

GAMES = tablefeast.names()
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _page(browser: Any, size: str) -> Any:
    width, height = SIZES[size]
    return browser.new_page(viewport={"width": width, "height": height})


def _in_view(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
                 return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
            selector,
        )
    )


def _check_sheet(page: Any, game: str) -> None:
    """Every seat's parts add up to its total, the totals are the scores, and the winners named
    are the winners."""
    sheets = page.evaluate(
        """() => [...document.querySelectorAll('.seat-sheet')].map((s) => ({
            seat: Number(s.dataset.seat), score: Number(s.dataset.score),
            parts: [...s.querySelectorAll('[data-points]')].map((td) => Number(td.dataset.points)),
            total: Number(s.querySelector('[data-total]').dataset.total),
            won: s.classList.contains('won') }))"""
    )
    assert sheets, "a score sheet per seat"
    for sheet in sheets:
        assert sum(sheet["parts"]) == sheet["total"] == sheet["score"], (game, sheet)
        if tablefeast.load(game).CAPABILITIES.score_sheet is not None:
            assert sheet["parts"], (game, sheet)
    winners = {int(s) for s in page.locator("#winners").get_attribute("data-winners").split(",")}
    assert {s["seat"] for s in sheets if s["won"]} == winners
    assert max(s["total"] for s in sheets) == min(s["total"] for s in sheets if s["won"])
    assert page.locator("#record").get_attribute("href").endswith("/record")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_end_screen_is_in_view_and_adds_up(
    server: tuple[str, Any], browser: Any, game: str, size: str, tmp_path: Path
) -> None:
    base, _ = server
    created = create_table(base, game, ["random", "random", "heuristic"])
    page = _page(browser, size)
    errors = watch_console(page)
    page.goto(f"{base}/table.html?table={created['table']}")
    page.locator("#end").wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(300)
    page.screenshot(path=str(tmp_path / f"{game}-{size}-end.png"))
    assert _in_view(page, "#end h2") and _in_view(page, "#winners")
    assert "share the win" in page.locator("#winners").inner_text() or "wins with" in (
        page.locator("#winners").inner_text()
    )
    if game in declaring("score_sheet"):  # else the scores alone, with no parts to add up
        _check_sheet(page, game)
    no_overflow = page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert no_overflow, "the end screen fits the page's width"
    assert page.locator("#again").is_hidden()  # a spectator has no seat to play again with
    assert errors == []
    page.close()


def test_a_person_sees_the_end_arrive_and_plays_again(
    server: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, _ = server
    created = create_table(
        base, "food_chain", ["human", "random", "random"], names=["Ada", None, None]
    )
    page = _page(browser, "desktop")
    errors = watch_console(page)
    page.goto(f"{base}/table.html?table={created['table']}&token={created['tokens']['0']}")
    page.locator("#turn").wait_for()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # reading the log
    click_moves(page, random.Random(4), 400)
    page.locator("#end").wait_for(state="visible")
    page.wait_for_timeout(300)
    page.screenshot(path=str(tmp_path / "food_chain-end-person.png"))
    assert _in_view(page, "#winners"), "the result comes into view when the game ends"
    _check_sheet(page, "food_chain")
    assert "Ada (you)" in page.locator("#sheet").inner_text()
    # The log names seats from the ids the server sends beside its words (no English is read).
    log = page.locator("#events").inner_text()
    assert "Ada (you) plays a card face down" in log, log
    assert not re.search(r"\bseats? \d", log, re.IGNORECASE), log
    page.locator("#events").screenshot(path=str(tmp_path / "food_chain-log-named.png"))
    page.locator("#again").click()
    page.wait_for_url(lambda url: created["table"] not in url, timeout=10_000)
    assert "token=" in page.url
    page.locator("#turn").wait_for()
    assert page.locator(".seat.me").inner_text().startswith("Ada (you)")
    assert page.locator("#end").is_hidden()
    assert errors == []
    page.close()


def test_a_steps_result_stays_on_the_board_and_after_a_reload(
    server: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, _ = server
    created = create_table(base, "schlacht_am_buffet", ["human", "random", "random"])
    page = _page(browser, "desktop")
    page.goto(f"{base}/table.html?table={created['table']}&token={created['tokens']['0']}")
    page.locator('#turn[data-your-turn="true"]').wait_for()
    assert page.locator("#result").get_attribute("data-empty") == "true"  # nothing happened yet
    page.locator("#game button:enabled").first.click()
    page.locator('#result[data-empty="false"]').wait_for()
    text = page.locator("#result-lines").inner_text()
    assert "revealed" in text.lower()
    # The person decides the next step with the result still in front of them.
    page.locator('#turn[data-your-turn="true"]').wait_for()
    page.wait_for_timeout(500)
    assert page.locator("#result-lines").inner_text() == text
    page.screenshot(path=str(tmp_path / "sab-result.png"))
    page.reload()
    page.locator('#result[data-empty="false"]').wait_for()
    assert page.locator("#result-lines").inner_text() == text
    page.close()


def test_a_phone_page_keeps_its_place_as_events_arrive(
    server: tuple[str, Any], browser: Any
) -> None:
    base, _ = server
    # Food Chain: every enabled control of the table is a move, so each tap brings events.
    created = create_table(base, "food_chain", ["human", "random", "random"])
    page = _page(browser, "phone")
    page.goto(f"{base}/table.html?table={created['table']}&token={created['tokens']['0']}")
    for _ in range(3):
        page.locator('#turn[data-your-turn="true"]').wait_for()
        page.wait_for_timeout(200)
        page.evaluate("() => window.scrollTo(0, 300)")
        before = page.locator("#events li").count()
        page.wait_for_timeout(100)
        assert page.evaluate("() => scrollY") == 300
        top = page.evaluate("() => document.querySelector('#game').getBoundingClientRect().top")
        # A move of this seat, tapped without scrolling the page (a person taps what they see).
        page.evaluate("() => document.querySelector('#game button:enabled').click()")
        page.wait_for_function(
            "(n) => document.querySelectorAll('#events li').length > n", arg=before
        )
        page.wait_for_timeout(300)
        assert page.evaluate("() => scrollY") == 300, "a new event never moves the page"
        now = page.evaluate("() => document.querySelector('#game').getBoundingClientRect().top")
        assert abs(now - top) <= 1, "nor what is being read on it"
    page.close()


def test_the_lobby_name_is_the_tables_and_how_to_play_is_there(
    server: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, _ = server
    page = _page(browser, "desktop")
    errors = watch_console(page)
    page.goto(f"{base}/")
    page.locator("#game option").first.wait_for(state="attached")
    page.fill("#my-name", "Grace <b>H</b>")
    page.select_option("#game", "mausgeflippt")
    page.click("button[type=submit]")
    page.locator("#my-link").wait_for(state="visible")
    page.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
    page.click("#my-link")
    page.locator("#turn").wait_for()
    assert page.locator(".seat.me").inner_text().startswith("Grace <b>H</b> (you)")  # as text
    assert page.locator("#status b").count() == 0
    page.click("#how summary")
    summary = tablefeast.load("mausgeflippt").CAPABILITIES.summary
    assert page.locator("#how-summary p").count() == len(summary)
    assert page.locator("#how-moves dt").count() >= 2
    page.goto(f"{base}/")
    listed = page.locator("#tables li.listed").first
    listed.wait_for()
    assert "Mausgeflippt" in listed.inner_text() and "Grace <b>H</b>" in listed.inner_text()
    assert "ago" in listed.inner_text() or "just now" in listed.inner_text()
    assert errors == []
    page.close()


@pytest.mark.parametrize("link", ["/table.html", "/table.html?table=nosuchtable"])
def test_a_bad_link_says_so_and_leads_back_to_the_lobby(
    server: tuple[str, Any], browser: Any, link: str
) -> None:
    base, _ = server
    page = _page(browser, "phone")
    page.goto(f"{base}{link}")
    page.locator("#lost").wait_for(state="visible")
    assert page.locator("#game").is_hidden() and page.locator(".side").is_hidden()
    page.click("#lost a")
    page.wait_for_url(f"{base}/")
    page.close()
