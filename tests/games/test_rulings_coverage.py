"""Every ruling is cited in the code and named by a test; every cited id exists."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import tablefeast

ROOT = Path(__file__).resolve().parents[2]


def ruling_ids(game: str, prefix: str) -> set[str]:
    text = resources.files(f"tablefeast.games.{game}").joinpath("rulings.md").read_text()
    return set(re.findall(rf"\*\*({prefix}-\d+) \[", text))


@pytest.mark.parametrize(
    ("game", "prefix"),
    [
        ("schlacht_am_buffet", "SAB"),
        ("mausgeflippt", "MG"),
        ("food_chain", "FC"),
        ("all_you_can_eat_buffet", "AYC"),
    ],
)
def test_every_ruling_is_cited_in_code_and_named_by_a_test(game: str, prefix: str) -> None:
    assert game in tablefeast.names()
    ids = ruling_ids(game, prefix)
    assert len(ids) >= 10
    code = "\n".join(p.read_text() for p in (ROOT / "src/tablefeast/games" / game).glob("*.py"))
    cited = set(re.findall(rf"\b{prefix}-\d+\b", code))
    assert ids - cited == set(), f"rulings never cited in code: {sorted(ids - cited)}"
    assert cited - ids == set(), f"code cites unknown rulings: {sorted(cited - ids)}"
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    named = {f"{prefix}-{n}" for n in re.findall(rf"def test_{prefix.lower()}_(\d+)_", tests)}
    assert ids - named == set(), f"rulings with no test named after them: {sorted(ids - named)}"
