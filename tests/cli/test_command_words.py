"""The commands' own words (issue 30): `analyze` and `simulate` hint once at a missing progress
bar, `serve` says it runs only when it can (a taken port or a bad database: one line, no
banner), and docs/cli.md counts and describes every subcommand there is."""

from __future__ import annotations

import argparse
import io
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tablefeast.cli import _parser, main

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


# ---------------------------------------------------------------- 2. analyze's hint, once


def test_without_tqdm_analyze_and_simulate_hint_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm fails: no progress bar
    hint = "(install tablefeast[simulate] for a progress bar)"
    argv = ["food_chain", "--players", "3", "--games", "6", "--workers", "1"]
    report = ["--report", str(tmp_path / "r.html")]
    assert main(["analyze", *argv, "--compare", "players=4", *report], out=io.StringIO()) == 0
    assert capsys.readouterr().err.count(hint) == 1
    assert main(["simulate", *argv], out=io.StringIO()) == 0
    assert capsys.readouterr().err.count(hint) == 1


# ---------------------------------------------------------------- 3. serve: no banner, no start


def _serve(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablefeast.cli", "serve", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _refused(done: subprocess.CompletedProcess[str], reason: str) -> None:
    assert done.returncode != 0
    assert done.stdout == ""  # no banner
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tablefeast: error: ") and reason in lines[0]


def test_serve_on_a_taken_port_fails_in_one_line_without_a_banner(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    with socket.socket() as taken:  # our own socket: nothing else is ended
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve("--port", str(port), "--db", str(tmp_path / "t.db"))
    _refused(done, f"port {port} on 127.0.0.1 is already in use")


@pytest.mark.parametrize("bad", ["not-sqlite", "no-directory"])
def test_serve_with_a_bad_database_fails_in_one_line_without_a_banner(
    tmp_path: Path, bad: str
) -> None:
    pytest.importorskip("uvicorn")
    db = tmp_path / "none" / "t.db"
    if bad == "not-sqlite":
        db = tmp_path / "t.db"
        db.write_text("this is no database " * 50, encoding="utf-8")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    done = _serve("--port", str(port), "--db", str(db))
    _refused(done, f"cannot use the database {db}")


# ---------------------------------------------------------------- 5. docs/cli.md


def test_the_docs_count_and_describe_every_subcommand() -> None:
    action = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    names = list(action.choices)
    text = DOCS.read_text(encoding="utf-8")
    numbers = {4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
    first = text.split("\n\n")[1]
    assert f"with {numbers[len(names)]} subcommands" in first
    assert re.findall(r"`(\w+)`", first.split("subcommands:")[1].split(".")[0]) == names
    for name in names:
        assert f"\n## `tablefeast {name}`\n" in text, name
