"""Collection settings for the whole repository (the doctests in src/ included).

A module that needs an optional extra is not imported for its doctests when the extra is missing:
it is reported as skipped, with the reason, and the tests that use it skip themselves. So the
README's test command passes on a machine that has only the ``test`` extra.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent

NEEDS = {
    "src/tablefeast/interop/openspiel.py": ("openspiel", ("pyspiel", "numpy")),
    "src/tablefeast/interop/openspiel_turns.py": ("openspiel", ("pyspiel", "numpy")),
    "src/tablefeast/interop/pettingzoo.py": ("pettingzoo", ("pettingzoo", "gymnasium", "numpy")),
    "src/tablefeast/interop/vector.py": ("gymnasium", ("numpy",)),
    "src/tablefeast/interop/vector_native.py": ("gymnasium", ("numpy",)),
    "src/tablefeast/interop/core_encoding.py": ("gymnasium", ("numpy",)),
    "src/tablefeast/interop/gymnasium.py": ("gymnasium", ("gymnasium", "numpy")),
    "src/tablefeast/server/postgres.py": ("postgres", ("psycopg", "psycopg_pool")),
    "src/tablefeast/server/": ("server", ("starlette", "uvicorn", "websockets")),
    "tests/support/server.py": ("server", ("starlette",)),
    "tests/support/browser.py": ("server", ("starlette", "uvicorn")),
    "tests/support/docs_images.py": ("server", ("starlette", "uvicorn")),
}
"""Each file (or folder, ending in /) that needs an extra: the extra and the modules it imports."""


def missing_extra(path: Path) -> str | None:
    """Why `path` cannot be imported here (an extra is missing), or None."""
    name = path.resolve().relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else ""
    for prefix, (extra, modules) in NEEDS.items():
        if name == prefix or (prefix.endswith("/") and name.startswith(prefix)):
            absent = [m for m in modules if importlib.util.find_spec(m) is None]
            if absent:
                install = f'pip install ".[{extra}]"'
                return f"{name} needs the {extra} extra ({install}): no {', '.join(absent)}"
    return None


class SkippedFile(pytest.File):
    """A file whose module needs an extra that is missing: reported as skipped, never imported."""

    reason = ""

    def collect(self) -> Iterable[Any]:
        pytest.skip(self.reason)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Generator[Any, Any, Any]:
    collected = yield
    reason = missing_extra(file_path) if collected else None
    if reason is None:
        return collected
    skipped = SkippedFile.from_parent(parent, path=file_path)
    skipped.reason = reason
    return [skipped]
