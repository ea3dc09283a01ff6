"""A game's browser files, served from its own package at fixed same-origin addresses.

A game declares its browser renderer, the renderer's CSS and its view schema as files of its
package (`tablefeast.kernel.capabilities.Capabilities`: ``renderer``, ``stylesheet``,
``view_schema``), and the server serves them at

- ``/games/<name>/renderer.js`` (``text/javascript``), a JavaScript module exporting
  ``render(ctx)``, which imports the client's helpers by their absolute address
  (``/js/common.js``);
- ``/games/<name>/style.css`` (``text/css``);
- ``/games/<name>/view.schema.json`` (``application/schema+json``).

A request names a game and one of these three fixed names, never a path or a module: the name
is checked against the installed games (`tablefeast.names()`) before anything is loaded or
read, and the file is the one the game's `Capabilities` declares, read through
`tablefeast.kernel.capabilities.game_file` (at most `MAX_ASSET_BYTES`). A game that declares
none, an unknown game or another file name gets 404 with a line saying so; the browser then
draws the game with the generic renderer (the welcome message names it:
`tablefeast.server.wire.renderer_for`). A declared file its package lacks, or one too large, is
the game's fault: 500, saying which.

The files are read once and kept in memory (three per installed game at most); an answer
carries an ``ETag`` and ``Cache-Control: no-cache``, so a browser asks again each time and gets
304 while the file is unchanged (a new version of a game is seen at once). The server's
`tablefeast.server.guard.Guard` adds its security headers to these answers as to any other:
the page's Content-Security-Policy (``script-src 'self'``) allows these modules because they
come from the page's own origin.

The app mounts `ASSET_ROUTES` before its static files.

Examples:
    >>> from starlette.applications import Starlette
    >>> from starlette.testclient import TestClient
    >>> client = TestClient(Starlette(routes=ASSET_ROUTES))
    >>> answer = client.get("/games/food_chain/renderer.js")
    >>> answer.status_code, answer.headers["content-type"]
    (200, 'text/javascript; charset=utf-8')
    >>> client.get("/games/food_chain/rulings.md").status_code
    404
"""

from __future__ import annotations

import hashlib

import attrs
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

import tablefeast
from tablefeast.kernel.capabilities import game_file
from tablefeast.kernel.errors import ConfigError
from tablefeast.server.wire import ASSETS, GENERIC, declared

__all__ = ["ASSET_ROUTES", "CONTENT_TYPES", "MAX_ASSET_BYTES", "serve_asset"]

MAX_ASSET_BYTES = 1_000_000
"""The most a game's browser file may hold (the library's largest renderer holds about 20 kB)."""

CONTENT_TYPES = {
    "renderer.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "view.schema.json": "application/schema+json",
}
"""The content type of each file a game may ship for the browser."""

_NONE = {
    "renderer.js": f"ships no browser renderer: the generic one draws its table ({GENERIC})",
    "style.css": "ships no stylesheet for its renderer",
    "view.schema.json": "keeps no view schema (tablefeast.server.wire.view_schema generates one)",
}


@attrs.frozen
class _File:
    data: bytes
    etag: str


_read: dict[tuple[str, str], _File] = {}  # (game, file) -> what it holds, once read


def _load(game: str, file: str) -> _File | Response:
    """The game's declared file, or the answer that refuses it."""
    if file not in ASSETS:
        return PlainTextResponse(
            f"a game's browser files are {', '.join(ASSETS)}; no other is served", 404
        )
    kept = _read.get((game, file))
    if kept is not None:
        return kept
    found = declared(game, ASSETS[file])
    if found is None:  # checked before anything is loaded: the game is unknown, or has none
        known = game in tablefeast.names()  # `declared` checked the name: it is shown only then
        why = f"the game {game} {_NONE[file]}" if known else "no game of that name is installed"
        return PlainTextResponse(why, 404)
    module, name = found
    try:
        data = game_file(module, name)
    except ConfigError as e:
        return PlainTextResponse(f"the game {game}'s {file} cannot be read: {e}", 500)
    if len(data) > MAX_ASSET_BYTES:
        return PlainTextResponse(
            f"the game {game}'s {file} is larger than {MAX_ASSET_BYTES:,} bytes", 500
        )
    kept = _File(data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"')
    _read[game, file] = kept
    return kept


def serve_asset(request: Request) -> Response:
    """``GET /games/{game}/{file}``: one of the game's declared browser files (see above).

    A plain function: Starlette runs it in its thread pool, so the first read of a file (and
    the look-up of the installed games) never holds the event loop.

    Args:
        request: the request; its path names the game and the file.
    """
    game, file = request.path_params["game"], request.path_params["file"]
    found = _load(game, file)
    if isinstance(found, Response):
        return found
    headers = {"etag": found.etag, "cache-control": "no-cache"}
    if found.etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(found.data, media_type=CONTENT_TYPES[file], headers=headers)


ASSET_ROUTES: list[BaseRoute] = [
    Route("/games/{game}/{file}", serve_asset, methods=["GET", "HEAD"], name="game_asset")
]
"""The routes that serve the games' browser files; an app mounts them before its static files
(``routes=[..., *ASSET_ROUTES, Mount("/", StaticFiles(...))]``)."""
