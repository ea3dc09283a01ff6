"""A game's side of the browser: which renderer draws its table, and the schema of its views.

Each game may have a renderer of its own (``static/js/games/<name>.js``); a game without one,
such as a plug-in game, gets the generic renderer, which lists the view's facts and the moves.
The server names the renderer in its welcome message, so the browser never guesses a file.

The JSON a renderer reads is the game's view as `tablefeast.dumps` writes it. Its schema,
generated from the View class (`tablefeast.kernel.schema.json_schema`), is kept beside the
renderers as ``static/schemas/<name>.view.json`` and served with them; a test regenerates it
and checks each renderer's reads against it, so that renaming a field of a view breaks a test
rather than a browser. ``python -m tablefeast.server.wire`` writes the schemas again.

Examples:
    >>> renderer_for("food_chain"), renderer_for("goofspiel")
    ('food_chain', 'generic')
    >>> import tablefeast
    >>> view_schema(tablefeast.load("food_chain"))["title"]
    'View'
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import tablefeast
from tablefeast.kernel.ruleset import AnyRuleset
from tablefeast.kernel.schema import json_schema

__all__ = [
    "RENDERERS",
    "SCHEMAS",
    "renderer_for",
    "schema_path",
    "schema_text",
    "view_schema",
    "write_schemas",
]

STATIC = Path(__file__).parent / "static"
RENDERERS = STATIC / "js" / "games"
"""Where the games' renderers are (``<name>.js``, and ``generic.js``)."""
SCHEMAS = STATIC / "schemas"
"""Where the games' view schemas are kept (``<name>.view.json``)."""

_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")


@cache
def renderer_for(name: str) -> str:
    """The renderer of the game called `name`: its own where it has one, else ``generic``.

    Args:
        name: the game's name.
    """
    own = _NAME.fullmatch(name) is not None and (RENDERERS / f"{name}.js").is_file()
    return name if own else "generic"


def view_schema(game: AnyRuleset) -> dict[str, Any]:
    """The JSON Schema of `game`'s views, generated from its View class.

    Args:
        game: the game module.
    """
    config = game.Config(players=game.CAPABILITIES.players[0])
    return json_schema(type(game.view(game.initial_state(config), None)))


def schema_path(name: str) -> Path:
    """Where the view schema of the game called `name` is kept.

    Args:
        name: the game's name.
    """
    return SCHEMAS / f"{name}.view.json"


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
