"""The example scripts and the benchmark script run (the benchmark's numbers are not checked)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.extras import skip_without_extras

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("script", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    text = script.read_text()
    skip_without_extras(text)  # pages and examples of the optional extras
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_benchmark_script_runs() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks/bench.py"),
            "--games",
            "1",
            "--rounds",
            "1",
            "--players",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "schlacht_am_buffet (3p)" in done.stdout
