"""The command line, run in-process and once as a real console script."""

from __future__ import annotations

import io
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tablefeast
from tablefeast.cli import HumanAgent, main
from tests.support.declared import declaring


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_list_names_every_game() -> None:
    listed = run("list")
    assert all(name in listed for name in ("schlacht_am_buffet", "mausgeflippt", "food_chain"))


def test_rules_prints_every_ruling() -> None:
    text = run("rules", "schlacht_am_buffet")
    for n in range(1, 25):
        assert f"SAB-{n} " in text


def test_play_prints_the_game_and_writes_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    text = run(
        "play",
        "schlacht_am_buffet",
        "-v",  # every move in notation, too
        "--players",
        "3",
        "--seed",
        "7",
        "-o",
        "edition=fr",
        "--record",
        str(record),
    )
    assert "chance: card" in text and "seat 0: play" in text and "Winners: seat" in text
    assert "pomme de terre" in text or "fromage" in text or "salade" in text
    data = json.loads(record.read_text())
    assert data["config"] == {"players": 3, "edition": "fr", "start_player": 0}
    assert "every one legal" in run("replay", str(record))


def test_food_chain_plays_records_and_replays(tmp_path: Path) -> None:
    record = tmp_path / "fc.json"
    text = run("play", "food_chain", "-v", "--players", "4", "--seed", "2", "--record", str(record))
    assert "seat 0: play" in text and "take" in text and "Winners: seat" in text
    assert "every one legal" in run("replay", str(record))
    rulings = run("rules", "food_chain")
    assert all(f"FC-{n} " in rulings for n in range(1, 12))


def test_mausgeflippt_plays_with_json_options_and_a_card_file(tmp_path: Path) -> None:
    from importlib import resources

    cards = tmp_path / "cards.json"
    default = resources.files("tablefeast.games.mausgeflippt").joinpath("cards.json")
    cards.write_text(default.read_text())
    record = tmp_path / "mg.json"
    text = run(
        "play",
        "mausgeflippt",
        "-v",  # every move in notation, too
        "--players",
        "3",
        "--seed",
        "4",
        "-o",
        "young_seats=[1]",
        "-o",
        "tie_probability=1/10",
        "-o",
        "language=en",
        "-o",
        f"cards=@{cards}",
        "--record",
        str(record),
    )
    assert "chance: clothing" in text and "chance: mouse M" in text and "Winners: seat" in text
    assert "seat 1 (young)" in text
    data = json.loads(record.read_text())
    assert data["config"]["young_seats"] == [1] and data["config"]["tie_probability"] == "1/10"
    assert len(data["config"]["cards"]["mice"]) == 32  # a custom set travels in the record
    assert "every one legal" in run("replay", str(record))
    rulings = run("rules", "mausgeflippt")
    assert all(f"MG-{n} " in rulings for n in range(0, 20))


def test_all_you_can_eat_buffet_plays_with_custom_lists_records_and_replays(
    tmp_path: Path,
) -> None:
    from importlib import resources

    lists = json.loads(
        resources.files("tablefeast.games.all_you_can_eat_buffet")
        .joinpath("cards.json")
        .read_text()
    )
    lists["meals"][8]["points"] = 4  # Fish worth 4
    cards = tmp_path / "lists.json"
    cards.write_text(json.dumps(lists))
    record = tmp_path / "ayc.json"
    text = run(
        "play",
        "all_you_can_eat_buffet",
        "-v",  # every move in notation, too
        "--players",
        "5",
        "--seed",
        "3",
        "-o",
        "first_player=2",
        "-o",
        f"cards=@{cards}",
        "--record",
        str(record),
    )
    assert "chance: meal " in text and "chance: mood " in text and "Winners: seat" in text
    data = json.loads(record.read_text())
    assert (
        data["config"]["first_player"] == 2 and data["config"]["cards"]["meals"][8]["points"] == 4
    )
    assert "every one legal" in run("replay", str(record))
    rulings = run("rules", "all_you_can_eat_buffet")
    assert all(f"AYC-{n} " in rulings for n in range(0, 23))


def test_play_is_reproducible() -> None:
    args = ("play", "schlacht_am_buffet", "--players", "4", "--seed", "3")
    assert run(*args) == run(*args)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "schlacht_am_buffet", "--players", "9"], "Config.players"),
        (["play", "schlacht_am_buffet", "--agents", "random,genius"], "agents for 4 seats"),
        (["play", "schlacht_am_buffet", "--agents", "robot"], "unknown agent .robot."),
        (["play", "schlacht_am_buffet", "--agents", "ismcts:0"], "from 1 to 1,000,000"),
        (["play", "schlacht_am_buffet", "-o", "colour=red"], "bad config"),
        (["play", "mausgeflippt", "-o", "tie_probability=0.5"], "floats are not exact"),
        (["play", "mausgeflippt", "-o", "cards=@/no/such/file.json"], "cannot read /no/such"),
        (["play", "food_chain", "-o", "stars=" + "[" * 40 + "]" * 40], "nested deeper than 32"),
        (["play", "food_chain", "-o", "players=" + "9" * 5000], "5000 digits"),
        (["simulate", "food_chain", "-o", "stars=" + "[" * 9000], "nested deeper than 32"),
    ],
)
def test_usage_errors_exit_with_a_message(argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit, match=message):
        main(argv, out=io.StringIO())


def test_replay_of_an_illegal_move_exits_1_and_quotes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    run("play", "schlacht_am_buffet", "--players", "4", "--record", str(record))
    data = json.loads(record.read_text())
    data["moves"][50][1] = "play 42"
    record.write_text(json.dumps(data))
    assert main(["replay", str(record)], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert "move 51" in err and "'play 42'" in err and len(err.strip().splitlines()) == 1


def test_replay_of_a_file_that_is_not_json_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("this is not json")
    assert main(["replay", str(bad)], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert "not valid JSON" in err and len(err.strip().splitlines()) == 1
    assert main(["replay", str(tmp_path / "missing.json")], out=io.StringIO()) == 1
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "food_chain", "config": {"players": ' + "9" * 5000 + '}, "moves": []}',
        '{"game": "food_chain", "config": {"players": 3}, "moves": [[' + "9" * 5000 + ', "x"]]}',
        '{"game": "schlacht_am_buffet", "config": {"players": 3}, "moves": [[-1, "card '
        + "9" * 5000
        + '"]]}',
        '{"game": "food_chain", "config": {"players": 3}, "moves": ' + "[" * 5000 + "]" * 5000,
        '{"game": ["food_chain"], "config": {"players": 3}, "moves": []}',
    ],
    ids=["huge players", "huge seat", "huge card", "deep", "game not a name"],
)
def test_replay_of_a_hostile_record_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    record = tmp_path / "hostile.json"
    record.write_text(text)
    assert main(["replay", str(record)], out=io.StringIO()) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and len(err) < 500


def test_a_person_can_take_a_seat() -> None:
    import random

    import tablefeast.games.schlacht_am_buffet as sab
    from tests.support.sab import table

    state = table(4, hands={0: [3, 5]}, buffet=["cheese 5", "salami 4", "pizza 3"], check=False)
    stdin = io.StringIO("play 9\nhello\nplay 5\n")
    stdout = io.StringIO()
    agent = HumanAgent(stdin=stdin, stdout=stdout)
    action = agent.act(sab, sab.view(state, 0), sab.legal_actions(state, 0), random.Random(0))
    assert action == sab.Play(5)
    shown = stdout.getvalue()
    assert "Your hand: 3 5" in shown and "illegal now: 'play 9'" in shown and "malformed" in shown


def test_console_script_is_installed() -> None:
    exe = shutil.which("tablefeast")
    assert exe is not None, "the tablefeast console script is not on PATH"
    done = subprocess.run([exe, "list"], capture_output=True, text=True, check=True)
    assert "schlacht_am_buffet" in done.stdout
    bad = subprocess.run(
        [exe, "replay", "/nonexistent/x.json"], check=False, capture_output=True, text=True
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr


def test_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tablefeast.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("tablefeast ")


def test_play_prints_the_game_in_words_and_notation_only_when_asked() -> None:
    words = run("play", "schlacht_am_buffet", "--players", "3", "--seed", "2")
    assert "9 cards are dealt to each player" in words and "revealed: seat 0 plays" in words
    assert "chance: card" not in words  # the deal is summarised, not listed card by card
    verbose = run("play", "schlacht_am_buffet", "--players", "3", "--seed", "2", "-v")
    assert "[chance: card" in verbose and "in [brackets]" in verbose
    quiet = run("play", "schlacht_am_buffet", "--players", "3", "--seed", "2", "-q")
    assert quiet.strip().splitlines()[-1].startswith("Winners:")
    assert len(quiet.strip().splitlines()) == 2


def test_a_pipe_closed_early_ends_quietly() -> None:
    command = f"{sys.executable} -m tablefeast.cli play schlacht_am_buffet -v | head -n 2"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Error" not in done.stderr
    assert len(done.stdout.splitlines()) == 2


def _interrupt(args: list[str]) -> subprocess.CompletedProcess[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tablefeast.cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(3)  # let it start (imports, the first prompt or the first games)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def test_ctrl_c_at_a_prompt_is_one_line_and_status_130() -> None:
    done = _interrupt(["play", "food_chain", "--players", "3", "--agents", "human,random,random"])
    assert done.returncode == 130, done.stderr
    assert done.stderr.strip() == "tablefeast: interrupted"


def test_ctrl_c_stops_a_simulation_at_once() -> None:
    # 20,000 games of greedy agents (game by game: random ones play in the core, 20,000 in a
    # second) take minutes; communicate() fails the test if they were not cancelled.
    done = _interrupt(
        ["simulate", "food_chain", "--games", "20000", "--workers", "2", "--agents", "greedy"]
    )
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr


def test_replay_show_tells_the_game_from_a_seat(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run("play", "schlacht_am_buffet", "--players", "3", "-q", "--record", str(record))
    public = run("replay", str(record), "--show")
    assert "9 cards are dealt to each player" in public and "[you" not in public
    assert "every one legal" in public
    mine = run("replay", str(record), "--show", "--seat", "1")
    assert "[you, seat 1: play" in mine and "Your hand" not in public


def test_simulate_out_keeps_each_games_seed_and_record(tmp_path: Path) -> None:
    from tablefeast.kernel.record import Record

    out = tmp_path / "sim.json"
    run(
        "simulate",
        "food_chain",
        "--players",
        "3",
        "--games",
        "4",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    data = json.loads(out.read_text())
    for game in data["games"]:
        assert game["seed"] == f"0/{game['index']}"
        record = Record("food_chain", data["config"], tuple(map(tuple, game["record"])))
        state = tablefeast.replay(record)
        assert sorted(tablefeast.load("food_chain").winners(state)) == game["winners"]


@pytest.mark.parametrize(
    ("module", "missing", "extra"),
    [
        ("tablefeast.interop.openspiel", "pyspiel", "openspiel"),
        ("tablefeast.interop.pettingzoo", "pettingzoo", "pettingzoo"),
        ("tablefeast.server", "starlette", "server"),
    ],
)
def test_a_missing_extra_is_named(module: str, missing: str, extra: str) -> None:
    # A fresh interpreter in which the extra's module cannot be imported.
    code = (
        "import sys\n"
        f"sys.modules[{missing!r}] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert f'pip install "tablefeast[{extra}]"' in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("game", declaring("score_sheet"))
def test_play_ends_with_the_score_sheet_that_adds_up_to_the_final_scores(game: str) -> None:
    import re

    text = run("play", game, "--players", "3", "--agents", "random,random,random", "--seed", "5")
    final = text.split("Final scores: ", 1)[1].split("\n", 1)[0]
    scores = [int(v) for v in re.findall(r"seat \d+: (-?\d+)", final)]
    sheet = text.split("The score sheet:\n", 1)[1].strip().splitlines()
    for seat, score in enumerate(scores):
        line = sheet[seat].strip()
        total, _, parts = line.removeprefix(f"seat {seat}: ").partition(" = ")
        assert int(total) == score, line
        # A part is "Label +N" (a label begins with a capital; a note in brackets follows).
        points = [int(p) for p in re.findall(r"(?:^|, )[A-Z][^,(]*? ([+-]\d+)", parts)]
        assert sum(points) == score, line
