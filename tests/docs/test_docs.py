"""Every Python block in the docs runs, and prints what its comments say it prints."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.extras import skip_without_extras

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
COMMENT = re.compile(r"\)\s+#\s(.+)$")


def expectations(code: str) -> list[str]:
    """The comment ending each ``print(...)`` statement that has one, in order. A print may span
    lines (the formatter wraps long ones): its comment follows the closing parenthesis."""
    lines = code.splitlines()
    found = []
    for node in ast.walk(ast.parse(code)):
        call = node.value if isinstance(node, ast.Expr) else None
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "print":
            match = COMMENT.search(lines[call.end_lineno - 1])  # type: ignore[operator]
            if match:
                found.append((call.lineno, match.group(1).strip()))
    return [comment for _, comment in sorted(found)]


def blocks() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            found.append((f"{page.relative_to(DOCS)}#{i}", code))
    return found


@pytest.mark.parametrize(("where", "code"), blocks(), ids=[w for w, _ in blocks()])
def test_docs_code_runs_and_prints_what_it_says(where: str, code: str) -> None:
    skip_without_extras(code)  # pages and examples of the optional extras
    printed: list[str] = []

    def capture(*args: object, sep: str = " ", **_: object) -> None:
        printed.append(sep.join(map(str, args)))

    exec(compile(code, where, "exec"), {"__name__": "__docs__", "print": capture})
    expected = expectations(code)
    # A comment shows the printed text, possibly followed by an explanation ("(0, 1): why").
    if expected:
        assert len(expected) == len(printed), (
            f"{where}: {len(printed)} lines printed, {len(expected)} commented"
        )
        for out, comment in zip(printed, expected, strict=True):
            assert comment.startswith(out), f"{where}: printed {out!r}, the docs say {comment!r}"


def test_the_limits_table_lists_every_server_setting_with_its_default() -> None:
    """docs/play_online.md's table of limits cannot drift from `ServerSettings`."""
    pytest.importorskip("starlette")
    import attrs

    from tablefeast.server.settings import ServerSettings

    page = (DOCS / "play_online.md").read_text()
    table = page[page.index("### Limits") : page.index("### On a public server")]
    rows = {
        name.strip("` "): row.split("|")[2].strip()
        for row in table.splitlines()
        if row.startswith("| `")
        for name in row.split("|")[1].split(",")
    }
    defaults = ServerSettings()
    for field in attrs.fields(ServerSettings):
        assert field.name in rows, f"{field.name} is missing from the limits table"
        value = getattr(defaults, field.name)
        shown = rows[field.name]
        if isinstance(value, bool):
            assert shown == str(value).lower(), field.name
        elif isinstance(value, int | float):
            numbers = shown.replace("/s", "").split(",")[0].split(" ")[0]
            assert float(numbers) == value or str(value) in shown, (field.name, shown)
