"""Custom card lists: a user with the printed game replaces the reconstructed data.

Mausgeflippt's card set and All You Can Eat Buffet's Meal and Mood lists are data (JSON). This
script edits the default lists, loads them back (they are checked entry by entry, and a bad
entry is named), plays with them, and shows that a record carries them, so it replays exactly.

    python examples/custom_cards.py
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import tablefeast

mg = tablefeast.load("mausgeflippt")
ayc = tablefeast.load("all_you_can_eat_buffet")


def main() -> None:
    folder = Path(tempfile.mkdtemp())

    # Mausgeflippt: every mouse shows gouda, so a face-up gouda protects them all.
    data = json.loads(tablefeast.dumps(mg.DEFAULT_CARDS))
    for mouse in data["mice"]:
        mouse["cheese"] = "gouda"
    path = folder / "mice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    config = mg.Config(players=3, cards=mg.load_cards(path))
    result = tablefeast.play_game(mg, config, [mg_agent()] * 3, seed=2)
    print("Mausgeflippt with gouda mice: scores", mg.scores(result.state))
    assert tablefeast.replay(result.record) == result.state  # the record carries the set

    # A mistake in a list is named, entry and field.
    data["mice"][4]["wears"][0]["colour"] = "purple"
    try:
        mg.CardSet.from_data(data)
    except ValueError as e:
        print("refused:", str(e)[:80])

    # All You Can Eat Buffet: Fish worth 5 each.
    lists = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    for meal in lists["meals"]:
        if meal["name"] == "Fish":
            meal["points"] = 5
    config = ayc.Config(players=4, cards=lists)
    result = tablefeast.play_game(ayc, config, [tablefeast.RandomAgent()] * 4, seed=3)
    print("All You Can Eat Buffet with Fish at 5: scores", ayc.scores(result.state))
    print(
        "the record's config holds the lists:",
        "cards" in json.loads(result.record.to_json())["config"],
    )


def mg_agent() -> object:
    from tablefeast.agents import HeuristicAgent

    return HeuristicAgent()


if __name__ == "__main__":
    main()
