"""A game's side of the browser: which renderer draws its table, and the schema of its views.

A game may ship a renderer of its own, with its CSS and its view schema, as files of its own
package that its `Capabilities` names (``renderer``, ``stylesheet``, ``view_schema``); the
server serves them at fixed addresses, ``/games/<name>/renderer.js``, ``style.css`` and
``view.schema.json`` (`tablefeast.server.assets`), so a plug-in game ships them as the
library's own games do. A game without a renderer is drawn by the generic one
(``/js/games/generic.js``), which lists the view's facts and the moves. The server names the
renderer's address in its welcome message, so the browser never guesses a file.

The JSON a renderer reads is the game's view as `tablefeast.dumps` writes it. Its schema,
generated from the View class (`tablefeast.kernel.schema.json_schema`), is kept in the game's
package (its declared ``view_schema``) and served there; a test regenerates it and checks the
renderer's reads against it, so that renaming a field of a view breaks a test rather than a
browser. ``python -m tablefeast.server.wire`` writes the schemas of the library's games again.

Examples:
    >>> renderer_for("food_chain"), renderer_for("no_such_game")
    ('/games/food_chain/renderer.js', '/js/games/generic.js')
    >>> import tablefeast
    >>> view_schema(tablefeast.load("food_chain"))["title"]
    'View'
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import tablefeast
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.kernel.schema import json_schema

__all__ = [
    "ASSETS",
    "GENERIC",
    "RENDERERS",
    "asset_url",
    "declared",
    "renderer_for",
    "schema_path",
    "schema_text",
    "view_schema",
    "write_schemas",
]

STATIC = Path(__file__).parent / "static"
RENDERERS = STATIC / "js" / "games"
"""Where the client's own renderers are: ``generic.js``, for a game without one."""
GENERIC = "/js/games/generic.js"
"""The address of the generic renderer."""

ASSETS = {"renderer.js": "renderer", "style.css": "stylesheet", "view.schema.json": "view_schema"}
"""The files a game may ship for the browser: the last part of each one's address
(``/games/<name>/renderer.js``), and the `Capabilities` field that names it in the game's
package."""

_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")


def declared(name: str, field: str) -> tuple[AnyRuleset, str] | None:
    """The game called `name` and the file of its package that its `Capabilities` `field`
    names; None when no installed game has that name or it declares no such file.

    Args:
        name: the game's name (anything: it is checked before a game is loaded).
        field: ``"renderer"``, ``"stylesheet"`` or ``"view_schema"``.

    Examples:
        >>> declared("food_chain", "stylesheet")[1], declared("../food_chain", "renderer")
        ('style.css', None)
    """
    if not isinstance(name, str) or _NAME.fullmatch(name) is None or name not in tablefeast.names():
        return None
    try:
        game = tablefeast.load(name)
    except ConfigError:
        return None
    file = getattr(getattr(game, "CAPABILITIES", None), field, None)
    return (game, file) if isinstance(file, str) else None


def asset_url(name: str, file: str) -> str:
    """The address at which the server serves a browser file of the game called `name`.

    Args:
        name: the game's name (checked).
        file: one of `ASSETS` (``"renderer.js"``, ...).
    """
    if _NAME.fullmatch(name) is None or file not in ASSETS:
        raise ValueError(f"no address for {name!r:.80} and {file!r:.80}")
    return f"/games/{name}/{file}"


@lru_cache(maxsize=256)
def renderer_for(name: str) -> str:
    """The address of the renderer of the game called `name`: its own where it declares one
    (``/games/<name>/renderer.js``), else the generic one (`GENERIC`).

    Args:
        name: the game's name.
    """
    return asset_url(name, "renderer.js") if declared(name, "renderer") else GENERIC


def view_schema(game: AnyRuleset) -> dict[str, Any]:
    """The JSON Schema of `game`'s views, generated from its View class.

    Args:
        game: the game module.
    """
    config = game.Config(players=game.CAPABILITIES.players[0])
    return json_schema(type(game.view(game.initial_state(config), None)))


def schema_path(name: str) -> Path:
    """Where the view schema of the library's game called `name` is kept: the file its
    `Capabilities.view_schema` names, in its package.

    Args:
        name: the game's name, one of `tablefeast.GAMES`.
    """
    return _package_file(name, "view_schema")


def _package_file(name: str, field: str) -> Path:
    file = getattr(tablefeast.load(name).CAPABILITIES, field) if name in tablefeast.GAMES else None
    if file is None:
        raise ValueError(f"{name!r:.80} is not a game of this library that declares {field}")
    return Path(str(resources.files(tablefeast.GAMES[name]))).joinpath(*file.split("/"))


def schema_text(game: AnyRuleset) -> str:
    """The view schema of `game` as the file keeps it (sorted keys, two-space indent).

    Args:
        game: the game module.
    """
    return json.dumps(view_schema(game), indent=2, sort_keys=True) + "\n"


def write_schemas() -> list[Path]:
    """Write the view schema of every game of this library; returns the files written."""
    written = []
    for name in tablefeast.GAMES:
        path = schema_path(name)
        path.write_text(schema_text(tablefeast.load(name)), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas():
        print(path)
