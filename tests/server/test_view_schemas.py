"""The wire format of views: each game's schema, generated from its View class, is the one kept
in its package (its declared `view_schema`); every view validates against it; every field a
renderer reads is in it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import attrs
import jsonschema
import pytest

pytest.importorskip("starlette")  # tablefeast.server needs the server extra
import tablefeast
from tablefeast.kernel.capabilities import game_file
from tablefeast.kernel.chance import CHANCE
from tablefeast.server.wire import GENERIC, RENDERERS, renderer_for, schema_text, view_schema
from tests.support.declared import BUILT_IN, declaring

# What a renderer reads of a view: `ctx.view.x.y`, or `view.x` / `v.x` where `view` and `v` are
# the names the renderers give `ctx.view`.
READ = re.compile(r"(?:\bctx\.view|\bview|\bv)((?:\.[a-z_]+)+)")


def _declared(name: str, field: str) -> str:
    """The text of the file the game's `Capabilities` `field` names, read from its package."""
    game = tablefeast.load(name)
    return game_file(game, getattr(game.CAPABILITIES, field)).decode("utf-8")


def _reads(source: str) -> set[tuple[str, ...]]:
    return {tuple(match.group(1).split(".")[1:]) for match in READ.finditer(source)}


def _missing(schema: dict[str, Any], path: tuple[str, ...]) -> str | None:
    """The first name of `path` the schema does not have, or None when every one is there
    (an array or a value that is not an object ends the walk: `.length` and the like)."""
    node = schema
    for name in path:
        while True:
            if "$ref" in node:
                node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
            elif "anyOf" in node:
                objects = [n for n in node["anyOf"] if "$ref" in n or n.get("type") == "object"]
                if not objects:
                    return None
                node = objects[0]
            else:
                break
        if node.get("type") != "object" or "properties" not in node:
            return None
        if name not in node["properties"]:
            return name
        node = node["properties"][name]
    return None


def test_the_library_s_games_keep_their_schema_and_renderer() -> None:
    assert set(BUILT_IN) <= set(declaring("renderer", "stylesheet", "view_schema"))


@pytest.mark.parametrize("name", declaring("view_schema"))  # a plug-in's too, where it keeps one
def test_the_kept_view_schema_is_the_generated_one(name: str) -> None:
    assert _declared(name, "view_schema") == schema_text(tablefeast.load(name)), (
        f"the view schema of {name} changed: write it again (`python -m tablefeast.server.wire` "
        "for the library's games), and check the game's renderer still reads what is there"
    )


@pytest.mark.parametrize("name", tablefeast.names())
def test_every_view_of_random_games_validates(name: str) -> None:
    game = tablefeast.load(name)
    # The generated schema: the kept one for the library's games (the test above), and the
    # one the server sends for a plug-in game.
    validator = jsonschema.Draft202012Validator(view_schema(game))
    checked = 0
    sizes = (game.CAPABILITIES.players[0], game.CAPABILITIES.players[-1])
    for players in sizes * 3:  # each size again while too few views were checked
        if checked > 50:
            break
        rng = random.Random(players + checked)
        state = game.initial_state(game.Config(players=players))
        while not game.is_terminal(state):
            acting = game.actors(state)
            seat = acting[rng.randrange(len(acting))]
            if seat == CHANCE:
                action = game.chance_distribution(state).sample(rng)
            else:
                action = rng.choice(game.legal_actions(state, seat))
            state = game.apply_action(state, seat, action)
            if rng.random() < 0.1 or game.is_terminal(state):
                for viewer in (None, *range(players)):
                    validator.validate(json.loads(tablefeast.dumps(game.view(state, viewer))))
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", declaring("renderer", "view_schema"))  # a renderer of its own
def test_a_renderer_reads_only_fields_of_the_schema(name: str) -> None:
    assert renderer_for(name) == f"/games/{name}/renderer.js"
    schema = json.loads(_declared(name, "view_schema"))
    reads = _reads(_declared(name, "renderer"))
    assert len(reads) > (10 if name in BUILT_IN else 2)  # the pattern finds the renderer's reads
    unknown = {path: _missing(schema, path) for path in reads if _missing(schema, path)}
    assert not unknown, f"the {name} renderer reads fields its views lack: {unknown}"


def test_a_renamed_field_breaks_the_check() -> None:
    """The check is honest: a field renamed in the schema is found among the renderer's reads."""
    schema = json.loads(_declared("schlacht_am_buffet", "view_schema"))
    schema["properties"]["laps"] = schema["properties"].pop("round")
    reads = _reads(_declared("schlacht_am_buffet", "renderer"))
    assert ("round",) in reads and _missing(schema, ("round",)) == "round"
    assert _missing(schema, ("config", "edition")) is None
    assert _missing(schema, ("config", "editions")) == "editions"


def test_a_game_without_a_renderer_gets_the_generic_one(monkeypatch: pytest.MonkeyPatch) -> None:
    assert GENERIC == "/js/games/generic.js" and (RENDERERS / "generic.js").is_file()
    assert renderer_for("no_such_game") == renderer_for("../app") == renderer_for("") == GENERIC
    game = tablefeast.load("food_chain")  # the same game, declaring no renderer
    plain = attrs.evolve(game.CAPABILITIES, renderer=None, stylesheet=None)
    monkeypatch.setattr(game, "CAPABILITIES", plain)
    renderer_for.cache_clear()
    try:
        assert renderer_for("food_chain") == GENERIC
    finally:
        monkeypatch.undo()
        renderer_for.cache_clear()
    assert renderer_for("food_chain") == "/games/food_chain/renderer.js"


def test_a_stylesheet_needs_a_renderer() -> None:
    caps = tablefeast.load("food_chain").CAPABILITIES
    with pytest.raises(ValueError, match="declare the renderer too"):
        attrs.evolve(caps, renderer=None)
    with pytest.raises(ValueError, match="file of the game's package"):
        attrs.evolve(caps, renderer="../server/static/js/table.js")
