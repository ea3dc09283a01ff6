"""Finding a game's native core reads that game's declaration alone: importing
`tablefeast.native` imports no game, looking one game up imports that game only, and
`NATIVE_GAMES` reads every game's declaration the first time it is listed. None of it needs a
built core (a declaration is read, not the core imported), so these run on a plain install too.

Each check runs in a fresh interpreter: which game modules a lookup imports is only visible in
a process where nothing imported them before.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import tablefeast
from tablefeast import native


def _games_imported_after(code: str) -> list[str]:
    """The library games whose modules a fresh interpreter imported after running `code`
    (which imports `tablefeast.native` as `native`)."""
    script = (
        "import json, sys\n"
        "from tablefeast import native\n"
        f"{code}\n"
        "print(json.dumps(sorted({m.split('.')[2] for m in sys.modules"
        " if m.startswith('tablefeast.games.')})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    imported: list[str] = json.loads(done.stdout.splitlines()[-1])
    return imported


def test_importing_the_package_imports_no_game() -> None:
    assert _games_imported_after("pass") == []


@pytest.mark.parametrize("name", sorted(tablefeast.GAMES))
def test_looking_up_one_game_imports_that_game_alone(name: str) -> None:
    looked_up = f"assert {name!r} in native.NATIVE_GAMES; native.available({name!r})"
    assert _games_imported_after(looked_up) == [name]


def test_an_unknown_game_imports_no_game() -> None:
    looked_up = "assert not native.available('chess') and 'chess' not in native.NATIVE_GAMES"
    assert _games_imported_after(looked_up) == []


def test_the_library_s_native_games_are_every_game_with_its_declared_core() -> None:
    declared = {
        name: f"{module}.{tablefeast.load(name).CAPABILITIES.core}"
        for name, module in tablefeast.GAMES.items()
    }
    assert list(native.NATIVE_GAMES) == list(tablefeast.GAMES)  # the registry's order
    assert dict(native.NATIVE_GAMES) == declared and len(native.NATIVE_GAMES) == len(declared)
    assert native.NATIVE_GAMES.get("chess") is None and "chess" not in native.NATIVE_GAMES
    with pytest.raises(KeyError):
        native.NATIVE_GAMES["chess"]
