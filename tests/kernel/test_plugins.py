"""Games and agents from outside the package: a game registered through the ``tablefeast.games``
entry-point group (the tutorial's Goofspiel, installed as a test package), and agents named
``package.module:Class[:args]``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "examples" / "goofspiel.py"


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An installed test package: the tutorial's Goofspiel as module `tfgoof`, registered as
    game ``goofspiel``, and a bot class in `tfbots` (a distribution on the path, as pip leaves
    one)."""
    site = tmp_path_factory.mktemp("site")
    shutil.copy(ROOT / "examples" / "goofspiel.py", site / "tfgoof.py")
    shutil.copytree(ROOT / "examples" / "goofspiel_files", site / "goofspiel_files")
    (site / "tfbots.py").write_text(
        "class FirstMove:\n"
        "    def __init__(self, note='x'):\n"
        "        self.note = note\n"
        "    def act(self, game, view, legal, rng):\n"
        "        return legal[0]\n"
    )
    info = site / "tfgoof-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tfgoof\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tablefeast.games]\ngoofspiel = tfgoof\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return env


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablefeast.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_an_entry_point_game_is_listed_loaded_and_played(plugin: dict[str, str]) -> None:
    listed = _cli(plugin, "list")
    assert listed.returncode == 0 and "goofspiel" in listed.stdout.split()
    played = _cli(plugin, "play", "goofspiel", "--players", "3", "-v", "--seed", "2")
    assert played.returncode == 0, played.stderr
    assert "Winners:" in played.stdout and "[seat 0: " in played.stdout
    simulated = _cli(
        plugin, "simulate", "goofspiel", "--players", "3", "--games", "6", "--workers", "2"
    )
    assert simulated.returncode == 0, simulated.stderr
    code = "import tablefeast; g = tablefeast.load('goofspiel'); print(g.NAME)"
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=plugin,
        check=False,
        timeout=60,
    )
    assert loaded.stdout.strip() == "goofspiel", loaded.stderr


def test_an_agent_class_from_another_module_plays(plugin: dict[str, str]) -> None:
    played = _cli(
        plugin,
        "play",
        "food_chain",
        "--players",
        "3",
        "-q",
        "--agents",
        'tfbots:FirstMove,random,tfbots:FirstMove:"hello"',
    )
    assert played.returncode == 0, played.stderr
    simulated = _cli(
        plugin,
        "simulate",
        "food_chain",
        "--players",
        "3",
        "--games",
        "3",
        "--workers",
        "1",
        "--agents",
        "tfbots:FirstMove,random,heuristic",
    )
    assert simulated.returncode == 0, simulated.stderr
    bad = _cli(plugin, "play", "food_chain", "--agents", "tfbots:Missing")
    assert bad.returncode != 0 and "cannot load tfbots:Missing" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_the_library_games_cannot_be_replaced_by_an_entry_point(
    plugin: dict[str, str], tmp_path: Path
) -> None:
    info = tmp_path / "evil-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: evil\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tablefeast.games]\nfood_chain = tfgoof\n")
    env = dict(plugin, PYTHONPATH=os.pathsep.join([str(tmp_path), plugin["PYTHONPATH"]]))
    code = "import tablefeast; print(tablefeast.load('food_chain').__name__)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert done.stdout.strip() == "tablefeast.games.food_chain", done.stderr


def test_the_tutorial_game_passes_the_shipped_conformance_suite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game of another package checks itself with `tablefeast.testing`, as the library's own
    games do; the tutorial's Goofspiel passes it, effects and capabilities included."""
    import importlib.util

    import tablefeast.testing

    spec = importlib.util.spec_from_file_location("goofspiel_conformance", GOOFSPIEL)
    assert spec is not None and spec.loader is not None
    goofspiel = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, goofspiel)  # as an import would (for its types)
    spec.loader.exec_module(goofspiel)
    configs = [goofspiel.Config(players=2, cards=5), goofspiel.Config(players=4)]
    report = tablefeast.testing.check_game(goofspiel, configs, games=2, seed="tutorial")
    assert report.games == 4 and report.resampled
    # The suite is honest: a broken promise fails it. Here every view shows seat 0's bid.
    honest = goofspiel.view

    def leaky(state: Any, player: int | None) -> Any:
        return attrs.evolve(honest(state, player), my_bid=state.bids[0])

    goofspiel.view = leaky
    where = r"view of .* leaks \(after move \d+ of the random game"
    with pytest.raises(tablefeast.testing.ConformanceError, match=where):
        tablefeast.testing.check_game(goofspiel, configs[:1], games=1, seed=0)
    goofspiel.view = honest
    # An effect that shows every seat a bid face down: the others cannot tell bids apart by
    # their views, so they must not by the effects either.
    monkeypatch.setattr(goofspiel.BidPlaced, "seen_by", lambda self, viewer: self)
    where = r"the effects show \d what its view hides: .*checking \d: bid \d+"
    with pytest.raises(tablefeast.testing.ConformanceError, match=where):
        tablefeast.testing.check_game(goofspiel, configs[:1], games=1, seed=0)


def test_rules_of_a_plugin_game_come_from_its_declaration_never_a_traceback(
    plugin: dict[str, str], tmp_path: Path
) -> None:
    """`tablefeast rules` and the prompt's ``rules`` read `Capabilities.rulings`: a game that
    declares none says so; one that declares a file prints it; a declared file its package
    lacks is a one-line error."""
    shipped = _cli(plugin, "rules", "goofspiel")  # the tutorial's game ships its rulings
    assert shipped.returncode == 0, shipped.stderr
    assert shipped.stdout.splitlines()[0] == "Goofspiel: rulings" and "GS-3" in shipped.stdout
    site = tmp_path / "declared"
    site.mkdir()
    source = (ROOT / "examples" / "goofspiel.py").read_text()
    declare = "\nCAPABILITIES = attrs.evolve(CAPABILITIES, rulings={!r})\n"
    (site / "tfgoofn.py").write_text(source + "\nimport attrs\n" + declare.format(None))
    (site / "tfgoofr.py").write_text(source + "\nimport attrs\n" + declare.format("goof.md"))
    (site / "goof.md").write_text("# Goofspiel: rulings\n\n- **GS-1** Bid once a round.\n")
    (site / "tfgoofm.py").write_text(source + "\nimport attrs\n" + declare.format("gone.md"))
    info = site / "tfgoofr-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tfgoofr\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[tablefeast.games]\ngoofnone = tfgoofn\ngoofruled = tfgoofr\ngoofmissing = tfgoofm\n"
    )
    env = dict(plugin, PYTHONPATH=os.pathsep.join([str(site), plugin["PYTHONPATH"]]))
    none = _cli(env, "rules", "goofnone")
    assert none.returncode == 0, none.stderr
    assert "This game ships no rulings" in none.stdout
    typed = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablefeast.cli",
            "play",
            "goofnone",
            "--players",
            "2",
            "--agents",
            "human,random",
        ],
        input="rules\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert "This game ships no rulings" in typed.stdout and "Traceback" not in typed.stderr
    ruled = _cli(env, "rules", "goofruled")
    assert ruled.returncode == 0, ruled.stderr
    assert ruled.stdout.splitlines()[:2] == ["Goofspiel: rulings", "=================="]
    assert "GS-1 Bid once a round." in ruled.stdout
    missing = _cli(env, "rules", "goofmissing")
    assert missing.returncode != 0 and "Traceback" not in missing.stderr
    assert "declares 'gone.md', which its package lacks" in missing.stderr


@pytest.mark.parametrize("name", ["../secret.md", "/etc/passwd", "a//b.md", "", ".hidden", 7])
def test_a_declared_file_is_a_plain_path_inside_the_package(name: object) -> None:
    from tablefeast.kernel.capabilities import Capabilities

    with pytest.raises(ValueError, match="must be a file of the game's package"):
        Capabilities(title="X", players=range(2, 3), rulings=name)  # type: ignore[arg-type]


def test_a_plugin_game_without_weights_gets_a_clear_refusal(plugin: dict[str, str]) -> None:
    code = (
        "from tablefeast.agents.learned import shipped_weights\n"
        "from tablefeast import ConfigError\n"
        "try:\n"
        "    shipped_weights('goofspiel')\n"
        "except ConfigError as e:\n"
        "    print(e)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=plugin,
        timeout=60,
        check=False,
    )
    assert done.stdout.strip() == (
        "no shipped weights for 'goofspiel': its Capabilities declare none"
    ), done.stderr
