"""Every game says how to play it (`Capabilities.summary`): a few short paragraphs, each ending
with the rulings it rests on, and every ruling it names exists."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

import tablefeast

SHARED_RULES = Path("/work/shared/rules")
PREFIXES = {
    "schlacht_am_buffet": "SAB",
    "mausgeflippt": "MG",
    "food_chain": "FC",
    "all_you_can_eat_buffet": "AYC",
}
CITATION = re.compile(r"\(([A-Z]+-\d+(?:, [A-Z]+-\d+)*)\)$")


def ruling_ids(game: str, prefix: str) -> set[str]:
    """The ids of the package's rulings.md, and of the shared rules file when it is there."""
    texts = [resources.files(f"tablefeast.games.{game}").joinpath("rulings.md").read_text()]
    shared = SHARED_RULES / f"{game}.md"
    if shared.is_file():
        texts.append(shared.read_text())
    return {i for text in texts for i in re.findall(rf"\*\*({prefix}-\d+) \[", text)}


def test_every_game_has_a_prefix() -> None:
    assert set(tablefeast.GAMES) == set(PREFIXES)


@pytest.mark.parametrize(("game", "prefix"), sorted(PREFIXES.items()))
def test_summary_is_short_paragraphs_citing_existing_rulings(game: str, prefix: str) -> None:
    summary = tablefeast.load(game).CAPABILITIES.summary
    assert isinstance(summary, tuple)
    assert 3 <= len(summary) <= 5
    ids = ruling_ids(game, prefix)
    assert len(ids) >= 10
    for paragraph in summary:
        assert isinstance(paragraph, str)
        assert paragraph == paragraph.strip()
        assert paragraph[0].isupper(), paragraph
        assert len(paragraph.split()) <= 80, paragraph
        found = CITATION.search(paragraph)
        assert found, f"no ruling ids at the end: {paragraph!r}"
        cited = found.group(1).split(", ")
        assert all(c.startswith(f"{prefix}-") for c in cited), cited
        assert set(cited) <= ids, f"unknown rulings: {sorted(set(cited) - ids)}"
        assert len(cited) == len(set(cited)), cited
        body = paragraph[: found.start()].rstrip()
        assert body.endswith((".", "!", "?")), paragraph
