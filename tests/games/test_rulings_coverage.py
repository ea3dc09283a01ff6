"""Every ruling is cited in the code and named by a test; every cited id exists; the native core
cites every ruling the pure game cites, but those it has no part in (a dual engine that cannot
drift unnoticed, issue 48)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import tablefeast

ROOT = Path(__file__).resolve().parents[2]


PREFIXES = [
    ("schlacht_am_buffet", "SAB"),
    ("mausgeflippt", "MG"),
    ("food_chain", "FC"),
    ("all_you_can_eat_buffet", "AYC"),
]
"""The library's games and the prefix of their ruling ids."""


def ruling_ids(game: str, prefix: str) -> set[str]:
    text = resources.files(f"tablefeast.games.{game}").joinpath("rulings.md").read_text()
    return set(re.findall(rf"\*\*({prefix}-\d+) \[", text))


@pytest.mark.parametrize(("game", "prefix"), PREFIXES)
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


NOT_IN_THE_CORE = {
    "SAB-19": "the French edition's display names: words, not rules",
    "SAB-20": "the rulebook's scoring example: a test of the scores, which tests/native checks "
    "equal on both engines at every state of seeded games",
    "MG-21": "who was fastest observed at a table with people: the server's, not a rule",
    "FC-12": "the bound on star values: Config checks it before a core sees a config",
    "AYC-0": "the card lists: data the pure package reads and hands to the core",
}
"""Rulings the pure packages cite that their native cores have no part in, and why."""


@pytest.mark.parametrize(("game", "prefix"), PREFIXES)
def test_the_native_core_cites_every_ruling_the_pure_game_cites(game: str, prefix: str) -> None:
    ids = ruling_ids(game, prefix)
    pure = "\n".join(p.read_text() for p in (ROOT / "src/tablefeast/games" / game).glob("*.py"))
    sources = sorted((ROOT / "src/tablefeast/games" / game).glob("_core*.p[yx][xi]"))
    assert any(p.suffix == ".pyx" for p in sources)  # the core's source is read, built or not
    core = "\n".join(p.read_text() for p in sources)
    in_pure = set(re.findall(rf"\b{prefix}-\d+\b", pure))
    in_core = set(re.findall(rf"\b{prefix}-\d+\b", core))
    assert in_core <= ids, f"the core cites unknown rulings: {sorted(in_core - ids)}"
    exempt = {r for r in NOT_IN_THE_CORE if r.startswith(f"{prefix}-")}
    missing = in_pure - in_core - exempt
    assert not missing, f"rulings the pure game cites and the core does not: {sorted(missing)}"
    assert not exempt & in_core, f"cited in the core after all: {sorted(exempt & in_core)}"
