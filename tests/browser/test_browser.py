"""The browser client in a real browser (Debian's Chromium through Playwright): whole games by
clicking, two people who never see each other's hidden cards, reloads, the lobby, no console
errors. Screenshots go to each test's temporary folder (`python -m tests.support.docs_images`
makes the documentation's)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")
if shutil.which("chromium") is None and not os.environ.get("TABLEFEAST_REQUIRE_BROWSER"):
    # CI sets TABLEFEAST_REQUIRE_BROWSER, so that there a missing Chromium fails instead.
    pytest.skip("needs Debian's Chromium (apt-get install -y chromium)", allow_module_level=True)

import tablefeast
from tablefeast.kernel.record import Record
from tests.support.browser import (
    create_table,
    play_by_clicking,
    watch_console,
)

GAMES = tablefeast.names()


def seat_link(base: str, created: dict[str, Any], seat: int) -> str:
    return f"{base}/table.html?table={created['table']}&token={created['tokens'][str(seat)]}"


@pytest.mark.parametrize("game", GAMES)
def test_a_person_plays_a_whole_game_by_clicking(
    server: tuple[str, Any], browser: Any, game: str, tmp_path: Path
) -> None:
    base, _ = server
    created = create_table(base, game, ["human", "heuristic", "random"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_console(page)
    page.goto(seat_link(base, created, 0))
    page.wait_for_selector("#turn")
    play_by_clicking(page, random.Random(game), screenshot=tmp_path / f"{game}.png")
    winners = [int(s) for s in page.locator("#winners").get_attribute("data-winners").split(",")]
    with page.expect_download() as download:
        page.locator("#record").click()
    record = Record.from_json(Path(download.value.path()).read_text())
    state = tablefeast.replay(record)
    assert sorted(tablefeast.load(game).winners(state)) == winners
    assert errors == [], errors
    page.close()


def test_two_people_play_food_chain_and_never_see_each_others_commitment(
    server: tuple[str, Any], browser: Any
) -> None:
    base, app = server
    created = create_table(base, "food_chain", ["human", "human", "heuristic"])
    table = app.state.hub.live[created["table"]].table
    pages = [browser.new_context().new_page() for _ in range(2)]
    errors = [watch_console(page) for page in pages]
    for seat, page in enumerate(pages):
        page.goto(seat_link(base, created, seat))
        page.wait_for_selector("#turn")
    rng = random.Random(7)
    checks = 0
    for _ in range(400):
        if pages[0].locator("#end").is_visible():
            break
        for seat, page in enumerate(pages):
            other = 1 - seat
            hidden = table.state.commitments[other]  # the true state, on the server
            if hidden is not None and table.state.commitments[seat] is None:
                animal = tablefeast.load("food_chain").ANIMALS[hidden].value
                said = f"seat {other} plays {animal}"
                text = page.locator("body").inner_text().lower()
                # What the page may say: the public log, and the last step's result (public
                # words too, shown again on the board).
                told = [*table.events, *table.result.lines]
                public = sum(event.lower().count(said) for event in told)
                assert text.count(said) <= public, "the page says more than the public log"
                assert "data-commitment" not in page.content()
                checks += 1
            buttons = page.locator("#game button:enabled")
            if page.locator('#turn[data-your-turn="true"]').count() and buttons.count():
                with contextlib.suppress(Exception):  # re-rendered under the pointer
                    buttons.nth(rng.randrange(buttons.count())).click(timeout=2000)
            page.wait_for_timeout(10)
    assert pages[0].locator("#end").is_visible() or pages[1].locator("#end").is_visible()
    assert checks > 0
    assert errors == [[], []], errors


def test_a_reload_rejoins_the_same_seat(server: tuple[str, Any], browser: Any) -> None:
    base, _ = server
    created = create_table(base, "schlacht_am_buffet", ["human", "random", "random"])
    page = browser.new_page()
    errors = watch_console(page)
    page.goto(seat_link(base, created, 0))
    page.wait_for_selector('#turn[data-your-turn="true"]')
    events_before = page.locator("#events li").count()
    page.reload()
    page.wait_for_selector('#turn[data-your-turn="true"]')
    assert page.locator(".seat.me").inner_text().startswith("Seat 0 (you)")
    assert page.locator("#events li").count() >= events_before
    assert errors == []


@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_creates_a_table_with_every_option(
    server: tuple[str, Any], browser: Any, game: str
) -> None:
    base, _ = server
    page = browser.new_page()
    errors = watch_console(page)
    page.goto(base + "/")
    page.select_option("#game", game)
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    kinds = page.locator("#seats select").evaluate_all("selects => selects.map(s => s.value)")
    assert kinds[0] == "human" and all(kind == "medium" for kind in kinds[1:])  # the defaults
    page.select_option("#seat-1", "human")
    for select in page.locator("[data-option]").all():
        values = select.locator("option").evaluate_all("options => options.map(o => o.value)")
        select.select_option(values[-1])
    page.click("button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    assert page.locator("#share input").count() == 1  # seat 1's link to send
    link = page.locator("#my-link").get_attribute("href")
    page.goto(link)
    page.wait_for_selector("#turn")
    assert json.loads(page.evaluate("JSON.stringify(document.title)")).startswith("tablefeast")
    assert errors == []


def test_a_phone_width_page_has_no_horizontal_scroll(server: tuple[str, Any], browser: Any) -> None:
    base, _ = server
    created = create_table(base, "all_you_can_eat_buffet", ["human", "random", "random"])
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(seat_link(base, created, 0))
    page.wait_for_selector("#turn")
    page.wait_for_timeout(200)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width


@pytest.mark.parametrize("game", ["mausgeflippt", "all_you_can_eat_buffet"])
def test_the_lobby_takes_a_custom_card_list_and_the_server_checks_it(
    server: tuple[str, Any], browser: Any, game: str, tmp_path: Path
) -> None:
    base, app = server
    ruleset = tablefeast.load(game)
    default = json.loads(tablefeast.dumps(ruleset.Config(players=3)))
    cards = json.loads(tablefeast.dumps(ruleset.DEFAULT_CARDS))
    good, bad = tmp_path / "cards.json", tmp_path / "bad.json"
    good.write_text(json.dumps(cards))
    bad.write_text(json.dumps({"nonsense": 1}))
    page = browser.new_page()
    errors = watch_console(page)
    page.goto(base + "/")
    page.select_option("#game", game)
    page.set_input_files("#cards", str(bad))
    page.click("button[type=submit]")
    page.wait_for_selector("#create-error:not(:empty)")
    assert "card" in page.locator("#create-error").inner_text()
    page.set_input_files("#cards", str(good))
    page.click("button[type=submit]")
    page.wait_for_selector("#created:not([hidden])")
    table_id = page.locator("#my-link").get_attribute("href").split("table=")[1].split("&")[0]
    config = app.state.hub.live[table_id].table.row.config
    assert config["cards"] is not None and config != default
    assert errors == [] or all("400" in e for e in errors), errors


def test_a_move_not_possible_now_says_the_servers_reason_on_hover(
    server: tuple[str, Any], browser: Any
) -> None:
    """A renderer has no notation for a move the server did not list, so its disabled button
    asks the server's reason by the action's fields (the why message's `action`): after seat 0
    commits, its cards are disabled, and hovering one shows why, as tooltip and description."""
    base, _ = server
    created = create_table(base, "food_chain", ["human", "human", "random"])  # seat 1 waits
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_console(page)
    page.goto(seat_link(base, created, 0))
    page.locator(".fc-hand button:enabled").first.click()
    page.wait_for_selector(".fc-hand .why button:disabled")
    card = page.locator(".fc-hand .why button").first
    page.locator(".fc-hand .why").first.hover()  # "not possible now" until the server answers
    page.wait_for_function(
        "() => { const b = document.querySelector('.fc-hand .why button');"
        " return b !== null && b.title !== 'not possible now'; }",
        timeout=10_000,
    )
    reason = card.get_attribute("title") or ""
    # The server's words, the seat named as the page names it (from the answer's parts).
    assert reason.endswith("acts now") and "seat 1" not in reason, reason
    assert card.get_attribute("aria-description") == reason
    assert errors == [], errors
    page.close()


@pytest.mark.parametrize("named", ["/js/games/generic.js", "/games/food_chain/missing.js"])
def test_a_game_without_its_own_renderer_is_played_with_the_generic_one(
    server: tuple[str, Any], browser: Any, named: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server names the generic renderer for a game without one (a plug-in game); a
    renderer that fails to load falls back to it too. Either way the game is played to its end
    by clicking the generic renderer's move buttons."""
    from tablefeast.server import protocol

    monkeypatch.setattr(protocol, "renderer_for", lambda name: named)
    base, _ = server
    created = create_table(base, "food_chain", ["human", "random", "random"])
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors = watch_console(page)
    page.goto(seat_link(base, created, 0))
    page.wait_for_selector("#game dl.facts")  # the generic renderer's list of the view's facts
    assert "snatching" in page.locator("#game dl.facts").inner_text()
    play_by_clicking(page, random.Random(named))
    assert page.locator("#winners").get_attribute("data-winners")
    # A renderer that is missing is a failed request in the console; nothing else goes wrong.
    assert all("Failed to load" in e or "missing.js" in e for e in errors), errors
    page.close()
