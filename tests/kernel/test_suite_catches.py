"""The shipped suite (`tablefeast.testing`) is honest: a game that breaks a promise fails it.

Each test takes a real game (the tutorial's Goofspiel, the library's games on both engines),
breaks one promise the way a game's author might, and checks that the suite raises
`ConformanceError` saying which: a `determinize` that keeps what the view hides as it is, a
`Config` that refuses with a plain ValueError, an error message built with ``repr`` (which
raises for an int of 5,000 digits) or quoting its whole input.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablefeast
from tablefeast.kernel.errors import InvalidActionError
from tablefeast.kernel.values import replace
from tablefeast.testing import (
    ConformanceError,
    check_action_id,
    check_capabilities,
    check_config_options,
    check_game,
    check_move_text,
    check_random_game,
    fuzz_game,
)
from tests.support.fuzz import engines

GOOFSPIEL = Path(__file__).resolve().parents[2] / "examples" / "goofspiel.py"
PAIR = (
    r"determinize for \d reads more than the view: the states after .+ and after .+ by "
    r"(seat \d|chance), which \d cannot tell apart, give two different states from one seed"
)


@pytest.fixture
def goofspiel(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The tutorial's game module, loaded from its file."""
    spec = importlib.util.spec_from_file_location("goofspiel_catches", GOOFSPIEL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # as an import would (for its types)
    spec.loader.exec_module(module)
    return module


class Variant:
    """`game` (a module, or a native ruleset) with some of its functions replaced: everything
    else is the game's own."""

    def __init__(self, game: Any, **functions: Any) -> None:
        self._game = game
        self.__dict__.update(functions)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_the_tutorial_game_passes_the_stronger_suite(goofspiel: Any) -> None:
    report = check_game(goofspiel, seed="catches", bad_inputs=30)
    assert report.resampled and report.compared > 0 and report.inputs > 200


def test_a_determinize_that_returns_the_true_state_fails(goofspiel: Any) -> None:
    """A determinize that changes nothing gives every viewer the true bids: comparing its
    sample with one drawn from its own sample cannot see it (the same state twice), comparing
    two states that a seat cannot tell apart does."""
    unchanged = Variant(goofspiel, determinize=lambda state, player, rng: state)
    with pytest.raises(ConformanceError, match=PAIR):
        check_game(unchanged, [goofspiel.Config(players=3)], games=1, bad_inputs=0)


@pytest.mark.parametrize(("name", "engine"), engines(["food_chain"]))
def test_a_determinize_that_keeps_the_other_seats_true_commitments_fails(
    name: str, engine: str
) -> None:
    """Food Chain's hidden part is the animals committed face down. This determinize draws them
    again for a spectator only: a seat's sample keeps the others' true animals. Some
    determinization resamples, so the suite's older check ("determinize never resampled
    anything") passed it; the pair check does not."""
    game = tablefeast.load(name, engine=engine)

    def keeping(state: Any, player: int | None, rng: random.Random) -> Any:
        sampled = game.determinize(state, player, rng)
        if player is None:
            return sampled
        kept = replace(_pure(game, sampled), commitments=_pure(game, state).commitments)
        return game.from_pure(kept) if engine == "native" else kept

    broken = Variant(game, determinize=keeping)
    with pytest.raises(ConformanceError, match=PAIR):
        check_random_game(broken, game.Config(players=4), seed=0)


@pytest.mark.parametrize(("name", "engine"), engines(tablefeast.names()))
def test_a_determinize_that_keeps_every_secret_from_a_seat_fails_in_every_game(
    name: str, engine: str
) -> None:
    """The true state for a seat, a sample for a spectator only: the cards chance deals, the
    commitments, whatever the game hides, kept as they are."""
    game = tablefeast.load(name, engine=engine)

    def truthful(state: Any, player: int | None, rng: random.Random) -> Any:
        return game.determinize(state, player, rng) if player is None else state

    with pytest.raises(ConformanceError, match=PAIR):
        check_random_game(Variant(game, determinize=truthful), game.Config(players=4), seed=1)


def _pure(game: Any, state: Any) -> Any:
    """`state` as a pure state (a native one converted)."""
    return game.to_pure(state) if hasattr(game, "to_pure") else state


def test_a_config_that_refuses_with_a_plain_value_error_fails(goofspiel: Any) -> None:
    """The tutorial's first Config raised ValueError: a caller catching the library's errors
    (`TablefeastError`) would have missed it."""

    def plain(_: Any, attribute: Any, value: Any) -> None:
        if type(value) is not int or not 2 <= value <= 4:
            raise ValueError(f"Config.{attribute.name} must be an int from 2 to 4")

    @attrs.frozen
    class Config:
        players: int = attrs.field(validator=plain)
        cards: int = 13

    broken = Variant(goofspiel, Config=Config)
    with pytest.raises(ConformanceError, match=r"Config\(players=1\) raised ValueError, not Con"):
        check_capabilities(broken)
    with pytest.raises(ConformanceError, match=r"raised ValueError: .*where a ConfigError was due"):
        check_config_options(broken, {"players": 9}, random.Random(0))


def test_an_error_message_built_with_repr_fails(goofspiel: Any) -> None:
    """``repr`` of an int of 5,000 digits raises ValueError inside the message: the tutorial's
    `action_from_id` did so before it quoted the id with `shown`."""

    def action_from_id(state: Any, player: int, action_id: int) -> Any:
        k = state.config.cards
        if type(action_id) is not int or not 0 <= action_id < 2 * k:
            raise InvalidActionError(f"action id {action_id!r} is not in range(0, {2 * k})")
        return goofspiel.action_from_id(state, player, action_id)

    broken = Variant(goofspiel, action_from_id=action_from_id)
    state = goofspiel.initial_state(goofspiel.Config(players=2))
    with pytest.raises(ConformanceError, match=r"raised ValueError: .*InvalidActionError was due"):
        check_action_id(broken, state, 0, 10**5000)
    with pytest.raises(ConformanceError, match=r"action_from_id\(state, -?\d, an int of about"):
        fuzz_game(broken, seed=0, examples=20)


def test_an_error_message_that_quotes_its_whole_input_fails(goofspiel: Any) -> None:
    def action_from_str(state: Any, player: int, text: str) -> Any:
        if text.startswith("bid ") and text[4:].isdigit():
            return goofspiel.Bid(int(text[4:]))
        raise InvalidActionError(f"not a move: {text}")

    broken = Variant(goofspiel, action_from_str=action_from_str)
    state = goofspiel.initial_state(goofspiel.Config(players=2))
    with pytest.raises(ConformanceError, match=r"a message of 5012 characters \(at most 500\)"):
        check_move_text(broken, state, "x" * 5000)


def test_the_suite_checks_the_files_a_game_declares(goofspiel: Any) -> None:
    """A declared file its package lacks, and a kept view schema that no longer matches the
    View class (a field renamed since), fail; the tutorial's own files pass."""
    from tablefeast.testing import check_files

    check_files(goofspiel)
    capabilities = goofspiel.CAPABILITIES
    missing = Variant(goofspiel, CAPABILITIES=attrs.evolve(capabilities, rulings="nowhere.md"))
    with pytest.raises(ConformanceError, match=r"Capabilities\.rulings = 'nowhere\.md'"):
        check_files(missing)
    stale = Variant(
        goofspiel, CAPABILITIES=attrs.evolve(capabilities, view_schema=capabilities.rulings)
    )
    with pytest.raises(ConformanceError, match="not the schema of goofspiel's views"):
        check_files(stale)
    with pytest.raises(ConformanceError, match="view_schema"):
        check_capabilities(stale)


@pytest.mark.parametrize("name", sorted(tablefeast.GAMES))
def test_the_library_games_declare_their_files_and_cores_soundly(name: str) -> None:
    from tablefeast.testing import check_files

    check_files(tablefeast.load(name))
