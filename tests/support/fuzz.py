"""Tampering with real inputs, for the fuzzing suite (tests/games/test_fuzz.py) and the games' own
tests.

The shipped checks of bad input live in `tablefeast.testing` (`fuzz_game`, `mutate`, `play_on`
and the checks of one input); `mutate` is re-exported here for the tests that import it from
here. `at`, `set_at`, `inner_paths` and `tamper_json` are the pieces the per-game tests tamper
with JSON by, drawing with hypothesis. `engines` runs a suite on both engines: the pure module,
and the native core where it is built (required where TABLEFEAST_REQUIRE_NATIVE is set).
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest
from hypothesis import note
from hypothesis import strategies as st

import tablefeast
from tablefeast import native
from tablefeast.kernel.errors import RecordError
from tablefeast.kernel.ruleset import Ruleset
from tablefeast.testing import mutate  # noqa: F401  # re-exported: tests import it from here
from tests.support.walk import random_states

NATIVE_REQUIRED = bool(os.environ.get("TABLEFEAST_REQUIRE_NATIVE"))
"""CI's native stage sets TABLEFEAST_REQUIRE_NATIVE: there a core that is not built fails the
tests that need it, where elsewhere they are skipped."""


def built_cores() -> list[str]:
    """The games whose native cores are built here. Called at the top of a test module: where
    none is, the module is skipped, except in CI's native stage (NATIVE_REQUIRED), where the
    missing cores fail its tests instead."""
    built = [name for name in native.NATIVE_GAMES if native.available(name)]
    if not built and not NATIVE_REQUIRED:
        pytest.skip(
            "the native cores are not built here (python hatch_build.py builds them in place)",
            allow_module_level=True,
        )
    return built


def engines(names: Iterable[str]) -> list[Any]:
    """``(name, engine)`` parameters for a suite run on both engines: every game on the pure
    engine, and on its native core, skipped with the reason where the core is not built (and
    not required)."""
    params = []
    for name in names:
        params.append(pytest.param(name, "pure", id=f"{name}-pure"))
        if name not in native.NATIVE_GAMES:
            continue
        marks = []
        if not native.available(name) and not NATIVE_REQUIRED:
            reason = f"the native core of {name} is not built here (python hatch_build.py)"
            marks.append(pytest.mark.skip(reason=reason))
        params.append(pytest.param(name, "native", id=f"{name}-native", marks=marks))
    return params


def need_engine(name: str, engine: str) -> None:
    """Skip the test (fail it in CI's native stage) where `engine` is ``"native"`` and the
    game's core is not built here."""
    if engine == "native" and not native.available(name):
        reason = f"the native core of {name} is not built here (python hatch_build.py)"
        if NATIVE_REQUIRED and name in native.NATIVE_GAMES:
            pytest.fail(reason)
        pytest.skip(reason)


def on_engine(game: Any, engine: str, state: Any) -> Any:
    """`state`, a pure state of `game`, as the state of `engine` (native: converted)."""
    return game.from_pure(state) if engine == "native" else state


def at(data: Any, path: tuple[Any, ...]) -> Any:
    """The value at `path` (keys and indices) in parsed JSON `data`."""
    for step in path:
        data = data[step]
    return data


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    """Put `value` at `path` (not the root) in parsed JSON `data`."""
    at(data, path[:-1])[path[-1]] = value


def inner_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value (lists and objects included) of parsed JSON, except the root;
    children come before their parent."""
    here = [path] if path else []
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in inner_paths(v, (*path, k))] + here
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in inner_paths(v, (*path, i))] + here
    return here


def list_and_leaf_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every list (before its entries) and every leaf of parsed JSON; objects' own
    paths (the root's, if an object) are left out."""
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in list_and_leaf_paths(v, (*path, k))]
    if isinstance(data, list):
        return [path] + [p for i, v in enumerate(data) for p in list_and_leaf_paths(v, (*path, i))]
    return [path]


def tamper_json(
    data: Any,
    draw: Callable[[st.SearchStrategy[Any]], Any],
    kind: str,
    numbers: Sequence[Any],
    wrong_types: Sequence[Any],
) -> str:
    """Change parsed JSON `data` in place, drawing the change with hypothesis' `draw`; returns what
    was done (for the failure report).

    The kinds: "int", an int of `data` nudged by one or set to one of `numbers`; "type", any value
    replaced by one of `wrong_types`; "list", two entries of a non-empty list swapped, one dropped
    or one repeated. Paths are those of `inner_paths`.
    """
    if kind == "int":
        ints = [p for p in inner_paths(data) if type(at(data, p)) is int]
        path = draw(st.sampled_from(ints))
        old = at(data, path)
        value = draw(st.sampled_from((old + 1, old - 1, *numbers)))
        set_at(data, path, value)
        return f"{path} = {value!r:.40}"
    if kind == "type":
        path = draw(st.sampled_from(inner_paths(data)))
        value = copy.deepcopy(draw(st.sampled_from(wrong_types)))  # never share a list
        set_at(data, path, value)
        return f"{path} = {value!r}"
    assert kind == "list", kind
    lists = [p for p in inner_paths(data) if isinstance(at(data, p), list) and at(data, p)]
    path = draw(st.sampled_from(lists))
    items = at(data, path)
    i = draw(st.integers(0, len(items) - 1))
    j = draw(st.integers(0, len(items) - 1))
    how = draw(st.sampled_from(["swap", "drop", "duplicate"]))
    if how == "swap":
        items[i], items[j] = items[j], items[i]
    elif how == "drop":
        del items[i]
    else:
        items.insert(j, copy.deepcopy(items[i]))
    return f"{how} {path} {i} {j}"


def check_tampered_view(
    game: Any,
    data: st.DataObject,
    *,
    states: Callable[[int, int], Sequence[Any]],
    configs: int,
    tamper: Callable[..., str],
    usable: Callable[[Any], None],
) -> None:
    """One hypothesis example: a real view, changed once or twice, is refused or sound.

    Draws a config (of `configs`), a seed (0 or 1), a state of `states(config_index, seed)` and a
    viewer; changes the view's JSON with `tamper(json, draw, first=...)` (`first` for the first
    change only); then `loads` refuses it with a RecordError that says something, or the view
    passes `check_view`, is `usable` and round-trips.
    """
    config_index = data.draw(st.integers(0, configs - 1), label="config")
    game_states = states(config_index, data.draw(st.integers(0, 1), label="seed"))
    state = game_states[data.draw(st.integers(0, len(game_states) - 1), label="step")]
    viewer = data.draw(st.sampled_from((None, *range(state.config.players))), label="viewer")
    tampered = json.loads(tablefeast.dumps(game.view(state, viewer)))
    how_many = data.draw(st.integers(1, 2), label="changes")
    changes = [tamper(tampered, data.draw, first=i == 0) for i in range(how_many)]
    note(changes)
    try:
        loaded = tablefeast.loads(json.dumps(tampered), game.View)
    except RecordError as e:
        assert str(e)
        return
    assert game.check_view(loaded) == []
    usable(loaded)
    assert tablefeast.loads(tablefeast.dumps(loaded), game.View) == loaded


def sample_states(game: Ruleset, config: Any, seed: int, count: int) -> list[Any]:
    """`count` states met along one seeded random game (its first state and its last included)."""
    rng = random.Random(seed)
    states = random_states(game, game.initial_state(config), rng, any_actor=False)
    step = max(1, len(states) // (count - 1))
    return [*states[::step][: count - 1], states[-1]]
