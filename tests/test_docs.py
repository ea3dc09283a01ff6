"""Every Python block in the docs runs, and prints what its comments say it prints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
PRINT_WITH_EXPECTATION = re.compile(r"^\s*print\(.*\)\s+#\s(.+)$")


def blocks() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
            found.append((f"{page.relative_to(DOCS)}#{i}", code))
    return found


@pytest.mark.parametrize(("where", "code"), blocks(), ids=[w for w, _ in blocks()])
def test_docs_code_runs_and_prints_what_it_says(where: str, code: str) -> None:
    printed: list[str] = []

    def capture(*args: object, sep: str = " ", **_: object) -> None:
        printed.append(sep.join(map(str, args)))

    exec(compile(code, where, "exec"), {"__name__": "__docs__", "print": capture})
    expected = [
        m.group(1).strip() for m in map(PRINT_WITH_EXPECTATION.match, code.splitlines()) if m
    ]
    # A comment shows the printed text, possibly followed by an explanation ("(0, 1): why").
    if expected:
        assert len(expected) == len(printed), (
            f"{where}: {len(printed)} lines printed, {len(expected)} commented"
        )
        for out, comment in zip(printed, expected, strict=True):
            assert comment.startswith(out), f"{where}: printed {out!r}, the docs say {comment!r}"
