"""docs/observations.md lays out each game's observation tensor for 4 players (the default card
lists): the rows must follow one another and add up to the tensor the game writes, so that the
page cannot drift from the code (as Food Chain's did when its four dead `removed` slots went)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tablefeast

PAGE = Path(__file__).resolve().parents[2] / "docs" / "observations.md"
TITLES = {
    "schlacht_am_buffet": "Schlacht am Buffet",
    "mausgeflippt": "Mausgeflippt",
    "food_chain": "Food Chain",
    "all_you_can_eat_buffet": "All You Can Eat Buffet",
}


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : None if end < 0 else end]


@pytest.mark.parametrize("name", sorted(TITLES))
def test_the_pages_layout_is_the_tensor_the_game_writes(name: str) -> None:
    game = tablefeast.load(name)
    size = game.CAPABILITIES.observation_size
    assert size is not None
    expected = size(game.Config(players=4))
    section = _section(TITLES[name])
    said = re.search(r"\((\d+) with 4 players", section)
    assert said is not None and int(said.group(1)) == expected, (name, expected)
    rows = re.findall(r"^\| (\d+) \| (\d+) \|", section, flags=re.MULTILINE)
    assert rows, name
    at = 0
    for start, length in rows:
        assert int(start) == at, f"{name}: a row starts at {start}, the one before ends at {at}"
        at += int(length)
    assert at == expected, f"{name}: the rows add up to {at}, the tensor has {expected}"
