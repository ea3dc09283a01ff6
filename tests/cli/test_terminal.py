"""A person at the terminal: human play through stdin, grouped moves, help, rules, quit."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

import tablefeast
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.terminal import HumanAgent, moves_text, read_move, rules_text, rulings_markdown
from tests.support.declared import BUILT_IN, declaring

PREFIX = {
    "schlacht_am_buffet": "SAB",
    "food_chain": "FC",
    "mausgeflippt": "MG",
    "all_you_can_eat_buffet": "AYC",
}
CHANCE_WORDS = ("'card V'", "plate KIND", "'meal MEAL'", "'mouse ID'", "for chance")


def odd(text: str, i: int) -> str:
    """The move as a careless person types it: odd case, odd spacing, odd word order."""
    verb, *rest = text.split()
    if verb in ("exchange", "tomato") or (verb == "play" and len(rest) == 2):
        rest = rest[::-1]  # the order of the cards or words is free
    forms = (
        "  " + "   ".join([verb.upper(), *rest]) + "  ",
        " ".join([verb.title(), *rest]).upper() if i % 4 == 1 else " ".join([verb.title(), *rest]),
        "\t" + " ".join([verb, *rest]).lower() + " ",
        " ".join([verb.capitalize(), *rest]),
    )
    return forms[i % 4] + "\n"


def illegal_text(game: Any, legal: tuple[Any, ...], seat: int) -> str:
    """A well-formed move of the person's own that is not legal at their first decision."""
    candidates = ["exchange", "take centre", "take 1", "play 9", "play -1"]
    catalog = getattr(game, "DEFAULT_CARDS", None)
    candidates += [f"play {c.kind}/{c.colour}" for c in getattr(catalog, "clothing", ())]
    for text in candidates:
        try:
            action = game.action_from_str(None, seat, text)
        except tablefeast.TablefeastError:
            continue
        if action not in legal:
            return text
    raise AssertionError("no illegal candidate")


def script(name: str, seed: int) -> tuple[Any, Any, str, Any]:
    """The game the random agents play, and the input that makes a person at seat 0 play it."""
    game = tablefeast.load(name)
    config = game.Config(players=3)
    asked: list[tuple[tuple[Any, ...], Any]] = []

    def note(state: Any, seat: int, action: Any) -> None:
        if seat == 0 and len(legal := game.legal_actions(state, 0)) > 1:
            asked.append((legal, action))

    expected = play_game(game, config, [RandomAgent()] * 3, seed=seed, on_move=note)
    assert len(asked) >= 3
    first_legal = asked[0][0]
    lines = ["help\n", "rules\n", "\n", "eat the cake\n", illegal_text(game, first_legal, 0) + "\n"]
    lines += [odd(game.action_to_str(action), i) for i, (_, action) in enumerate(asked)]
    return game, config, "".join(lines), expected


@pytest.mark.parametrize("name", BUILT_IN)  # their ruling ids and renders
def test_a_person_plays_a_whole_game_through_stdin(name: str) -> None:
    game, config, typed, expected = script(name, seed=3)
    out = io.StringIO()
    person = HumanAgent(stdin=io.StringIO(typed), stdout=out, width=100)
    result = play_game(game, config, [person, RandomAgent(), RandomAgent()], seed=3)
    assert game.is_terminal(result.state) and result.moves == expected.moves
    shown = out.getvalue()
    assert "Your moves" in shown and "(you)" in shown
    assert "How " in shown and "Other commands" in shown  # help
    assert f"{PREFIX[name]}-1 [rulebook]" in shown and "rulings" in shown  # rules
    assert "not a move: 'eat the cake' is malformed; type `help` for your moves" in shown
    illegal = [line for line in shown.splitlines() if "illegal now:" in line]
    assert len(illegal) == 1 and f"({PREFIX[name]}-" in illegal[0]  # cites a ruling
    assert not any(w in shown for w in CHANCE_WORDS)


def sab_exchange() -> tuple[Any, Any, tuple[Any, ...]]:
    """A Schlacht am Buffet state where seat 0 exchanges, with a large hand of distinct cards."""
    sab = tablefeast.load("schlacht_am_buffet")
    for seed in range(200):
        result = play_game(sab, sab.Config(players=4), [RandomAgent()] * 4, seed=seed)
        state = sab.initial_state(sab.Config(players=4))
        for seat, action in result.moves:
            if seat == 0 and isinstance(action, sab.Exchange):
                legal = sab.legal_actions(state, 0)
                if len(legal) >= 100:
                    return sab, state, legal
            state = sab.apply_action(state, seat, action)
    raise AssertionError("no exchange found")


def test_the_exchange_is_explained_not_listed() -> None:
    sab, state, legal = sab_exchange()
    text = moves_text(sab, legal, width=200)
    assert all(len(line) <= 200 for line in text.splitlines())
    assert "exchange (" in text and "type the cards to discard, in any order" in text
    assert "`exchange` to keep all" in text and len(text.splitlines()) <= 4
    out = io.StringIO()
    person = HumanAgent(io.StringIO("help\nExchange\n"), out, width=100)
    assert person.act(sab, sab.view(state, 0), legal, None) == sab.Exchange(())
    assert all(len(line) <= 200 for line in out.getvalue().splitlines())
    assert "... (" in out.getvalue()  # help lists many, then says how many in all


def test_moves_are_read_forgivingly_and_stay_canonical() -> None:
    sab, _, legal = sab_exchange()
    exchange = next(a for a in legal if len(a.discard) == 2)
    low_first = " ".join(map(str, sorted(exchange.discard)))
    action, refusal = read_move(sab, 0, f"  EXCHANGE   {low_first} ", legal)
    assert refusal is None and action == exchange
    assert sab.action_to_str(action) == "exchange " + " ".join(map(str, exchange.discard))
    action, refusal = read_move(sab, 0, "play 5", legal)
    assert action is None and refusal is not None and refusal.startswith("illegal now: 'play 5'")


def test_meal_names_are_read_as_typed_then_case_insensitively() -> None:
    ayc = tablefeast.load("all_you_can_eat_buffet")
    legal = (ayc.Steal(2, "Black Forest cake"), ayc.Steal(1, "Fish"))
    assert read_move(ayc, 0, "steal 2 Black Forest cake", legal)[0] == legal[0]
    assert read_move(ayc, 0, "Steal 2 black forest CAKE", legal)[0] == legal[0]
    assert read_move(ayc, 0, "STEAL  1  FISH", legal)[0] == legal[1]
    _, refusal = read_move(ayc, 0, "meal Fishy", legal)
    assert refusal is not None and refusal.startswith("not a move:")
    assert not any(w in refusal for w in CHANCE_WORDS) and "steal 2 Black Forest cake" in refusal


def test_quit_ends_the_game_with_one_line() -> None:
    fc = tablefeast.load("food_chain")
    person = HumanAgent(io.StringIO("  QUIT \n"), io.StringIO())
    with pytest.raises(SystemExit) as ended:
        play_game(fc, fc.Config(players=3), [person, RandomAgent(), RandomAgent()], seed=1)
    message = str(ended.value.code)
    assert "quit" in message and "\n" not in message


@pytest.mark.parametrize("width", [40, 72, 100])
@pytest.mark.parametrize("name", declaring("rulings"))
def test_rules_text_is_plain_and_fits(name: str, width: int) -> None:
    markdown = rulings_markdown(tablefeast.load(name))
    text = rules_text(markdown, width)
    assert "**" not in text and "`" not in text
    assert all(len(line) <= width for line in text.splitlines())
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if set(line) == {"="})
    assert rule >= 1 and len(lines[rule]) == max(map(len, lines[:rule]))  # the title, underlined
    ids = {w.strip("(),.;:") for w in markdown.replace("**", " ").split() if "-" in w}
    ruling_ids = {i for i in ids if i.split("-")[0].isupper() and i.split("-")[-1].isdigit()}
    assert ruling_ids and all(i in text for i in ruling_ids)  # no ruling id is split


def test_rules_command_prints_plain_text() -> None:
    from tablefeast.cli import main

    out = io.StringIO()
    assert main(["rules", "food_chain"], out=out) == 0
    text = out.getvalue()
    assert "**" not in text and "`" not in text and "FC-1 [rulebook]" in text
    assert all(len(line) <= 100 for line in text.splitlines())


def test_random_human_inputs_never_crash() -> None:
    fc = tablefeast.load("food_chain")
    state = fc.initial_state(fc.Config(players=3))
    legal = fc.legal_actions(state, 0)
    rng = random.Random(0)
    words = ["play", "take", "PLAY", "centre", "dog", "9", "-1", "", "card", "é", "x" * 100]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(4)))
        action, refusal = read_move(fc, 0, text, legal)
        assert (action in legal) != (refusal is not None)
