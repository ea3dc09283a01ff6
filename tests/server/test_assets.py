"""A game's browser files served from its own package (`tablefeast.server.assets`): the name
checked against the installed games before anything is read, the declared file only, fixed
content types, revalidated caching, bounded sizes, a clear 404 for a game that declares none;
tested on a small app composed as the server composes its own (the routes before the static
files, behind the guard)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

pytest.importorskip("starlette")
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

import tablefeast
from tablefeast.kernel.capabilities import game_file
from tablefeast.server import assets, wire
from tablefeast.server.assets import ASSET_ROUTES, CONTENT_TYPES
from tablefeast.server.guard import Guard
from tablefeast.server.settings import ServerSettings
from tests.support.declared import BUILT_IN

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def client() -> Iterator[TestClient]:
    assets._read.clear()  # each test reads the files afresh
    app = Starlette(
        routes=[*ASSET_ROUTES, Mount("/", StaticFiles(directory=wire.STATIC, html=True))],
        middleware=[Middleware(Guard, settings=ServerSettings())],
    )
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        yield client
    assets._read.clear()


@pytest.mark.parametrize("name", BUILT_IN)
@pytest.mark.parametrize("file", ["renderer.js", "style.css", "view.schema.json"])
def test_a_game_s_declared_files_are_served_from_its_package(
    client: TestClient, name: str, file: str
) -> None:
    game = tablefeast.load(name)
    answer = client.get(f"/games/{name}/{file}")
    assert answer.status_code == 200
    assert answer.content == game_file(game, getattr(game.CAPABILITIES, wire.ASSETS[file]))
    assert answer.headers["content-type"] == CONTENT_TYPES[file]
    assert answer.headers["cache-control"] == "no-cache" and answer.headers["etag"]
    assert "script-src 'self'" in answer.headers["content-security-policy"]  # the guard's
    assert answer.headers["x-content-type-options"] == "nosniff"
    again = client.get(f"/games/{name}/{file}", headers={"if-none-match": answer.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    head = client.head(f"/games/{name}/{file}")
    assert head.status_code == 200 and head.headers["etag"] == answer.headers["etag"]


def test_a_renderer_imports_the_client_s_helpers_by_their_absolute_address() -> None:
    for name in BUILT_IN:
        game = tablefeast.load(name)
        source = game_file(game, game.CAPABILITIES.renderer).decode()
        imports = [line for line in source.splitlines() if line.startswith("import ")]
        assert imports and all('from "/js/' in line for line in imports), (name, imports)


@pytest.mark.parametrize(
    "path",
    [
        "/games/no_such_game/renderer.js",
        "/games/Food_Chain/renderer.js",
        "/games/food_chain/rulings.md",  # a file of the package it does not serve
        "/games/food_chain/weights.json",
        "/games/food_chain/capabilities.py",
        "/games/food_chain/..%2frulings.md",
        "/games/..%2fserver/renderer.js",
        "/games/tablefeast.server.app/renderer.js",
        "/games/" + "a" * 5000 + "/renderer.js",
    ],
)
def test_a_request_names_no_file_and_no_code(
    client: TestClient, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded: list[Any] = []
    load = tablefeast.load
    monkeypatch.setattr(tablefeast, "load", lambda *a, **k: loaded.append(a) or load(*a, **k))
    answer = client.get(path)
    assert answer.status_code == 404 and answer.headers["content-type"].startswith("text/plain")
    assert len(answer.text) < 200 and "a" * 100 not in answer.text  # never the request echoed
    assert all(args[0] in tablefeast.names() for args in loaded)  # only installed games loaded


def test_an_unknown_game_and_an_unknown_file_say_so(client: TestClient) -> None:
    assert client.get("/games/no_such_game/renderer.js").text == "no game of that name is installed"
    assert "renderer.js, style.css, view.schema.json" in client.get("/games/food_chain/x.js").text


def test_a_game_that_declares_none_gets_a_clear_404(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tablefeast.load("food_chain")
    plain = attrs.evolve(game.CAPABILITIES, renderer=None, stylesheet=None, view_schema=None)
    monkeypatch.setattr(game, "CAPABILITIES", plain)
    answers = {file: client.get(f"/games/food_chain/{file}") for file in wire.ASSETS}
    assert all(answer.status_code == 404 for answer in answers.values())
    assert answers["renderer.js"].text == (
        "the game food_chain ships no browser renderer: the generic one draws its table "
        "(/js/games/generic.js)"
    )
    assert answers["style.css"].text == "the game food_chain ships no stylesheet for its renderer"
    assert "keeps no view schema" in answers["view.schema.json"].text


def test_a_declared_file_that_is_missing_or_too_large_is_the_game_s_fault(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tablefeast.load("food_chain")
    monkeypatch.setattr(game, "CAPABILITIES", attrs.evolve(game.CAPABILITIES, renderer="gone.js"))
    missing = client.get("/games/food_chain/renderer.js")
    assert missing.status_code == 500 and "declares 'gone.js', which its package lacks" in (
        missing.text
    )
    monkeypatch.setattr(assets, "MAX_ASSET_BYTES", 100)
    large = client.get("/games/food_chain/style.css")
    assert large.status_code == 500 and "larger than 100 bytes" in large.text


def test_the_routes_come_before_the_static_files(client: TestClient) -> None:
    """Mounted before the static files, the routes answer (their cache header)."""
    answer = client.get("/games/food_chain/renderer.js")
    assert answer.headers["cache-control"] == "no-cache"
    assert client.get("/js/common.js").status_code == 200  # the static files still answer


def test_a_plugin_game_serves_its_own_files(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tutorial's Goofspiel, one module with its files beside it, registered as a game."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    goofspiel: Any = __import__("goofspiel")
    if "goofspiel" not in tablefeast.names():  # else TABLEFEAST_TEST_PLUGIN installed it
        point = type("Point", (), {"name": "goofspiel", "load": lambda self: goofspiel})()
        plugins = tablefeast._plugins
        monkeypatch.setattr(tablefeast, "_plugins", lambda: {**plugins(), "goofspiel": point})
    wire.renderer_for.cache_clear()
    try:
        assert wire.renderer_for("goofspiel") == "/games/goofspiel/renderer.js"
    finally:
        wire.renderer_for.cache_clear()
    renderer = client.get("/games/goofspiel/renderer.js")
    assert renderer.status_code == 200 and "export function render" in renderer.text
    assert client.get("/games/goofspiel/style.css").text.startswith("/* Goofspiel")
    assert client.get("/games/goofspiel/view.schema.json").json()["title"] == "View"
