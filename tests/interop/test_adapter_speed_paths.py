"""The adapters' fast paths (issue 19) against the exact definitions they replace.

- The games' observation encoders, rewritten for speed, give exactly the tensors of the original
  slot-by-slot encoders (`tensor_reference`), floats all, on many random views of every seat and
  the spectator.
- Chance probabilities computed from integer weights (``w / total``) are ``float(Fraction)``, and
  both OpenSpiel forms give exactly the outcomes `chance_outcomes` gives, zero weights left out.
- Through both OpenSpiel forms, a tensor, string or information state asked for in any order and
  of any seat is exactly what the seat's own view gives (the caches are keyed by seat: no seat is
  ever handed another's), before and after clones advance; OpenSpiel's own route through the
  observer agrees, and refuses what OpenSpiel refuses.
- PettingZoo observations are exactly the old ones: the tensor as float32, the mask a 1 per legal
  id (the no-op alone for a seat that does not act).
- The definitions are the engine's, with Schlacht am Buffet's exchange factored into discards and
  done as `tests.interop.expected` defines it (issue 32): its ids, the pending discard at the end
  of the exchanging seat's tensor and observation string.
- ``benchmarks/bench.py --adapters`` runs (its numbers are not checked).
- A game with no tensor written from the state (a plug-in) is observed through its view, and its
  values are handed out as a float32 holds them.

Skipped where an extra is not installed; CI installs them.
"""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tests.interop import expected as defined
from tests.support.declared import BUILT_IN
from tests.support.fuzz import need_engine
from tests.support.tensor_reference import ENCODERS
from tests.support.walk import sampled_states

NAMES = BUILT_IN  # the built-in games' own speed paths


def _configs(game: Any) -> list[Any]:
    configs = []
    for players in (3, 4, 5):
        try:
            configs.append(game.Config(players=players))
        except ValueError:
            continue
    return configs


@pytest.mark.parametrize("name", NAMES)
def test_fast_encoders_give_the_original_tensors(name: str) -> None:
    game = tablefeast.load(name)
    original = ENCODERS[name]
    for config in _configs(game):
        states = sampled_states(game, config, 400, seed=config.players)
        for state in states[::2]:
            for viewer in (None, *range(config.players)):
                seen = game.view(state, viewer)
                tensor = game.observation_tensor(seen)
                assert tensor == original(seen)
                assert type(tensor) is tuple and all(type(x) is float for x in tensor)
                assert len(tensor) == game.observation_size(config)


@pytest.mark.parametrize("name", NAMES)
def test_probabilities_from_weights_are_the_fractions_as_floats(name: str) -> None:
    game = tablefeast.load(name)
    checked = 0
    for config in _configs(game):
        for state in sampled_states(game, config, 600, seed=10 + config.players):
            if game.actors(state) != (CHANCE,):
                continue
            dist = game.chance_distribution(state)
            fast = [
                (a, w / dist.total) for a, w in zip(dist.support, dist.weights, strict=True) if w
            ]
            exact = [(a, float(p)) for a, p in game.chance_outcomes(state)]
            assert fast == exact
            checked += 1
    # and a few awkward weights, where a careless division would round differently
    for weight, total in ((1, 3), (2, 7), (10**20 + 1, 3 * 10**20), (7, 10**30 + 9)):
        assert weight / total == float(Fraction(weight, total))
    assert checked or name == "food_chain"  # Food Chain has no chance


# ---------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyspiel")
    import tablefeast.interop.openspiel  # noqa: F401  (registers both forms)

    return module


def _pure(inner: Any) -> Any:
    """An OpenSpiel state's inner state as the pure engine's (a native one converted)."""
    module = type(inner).__module__  # a core's: tablefeast.games.<game>._core
    if not module.endswith("._core"):
        return inner
    return tablefeast.load(module.split(".")[-2], engine="native").to_pure(inner)


def _expected_tensor(game: Any, state: Any, seat: int | None) -> list[float]:
    """The definition: the tensor of the seat's view, as float32 (what OpenSpiel stores), and
    its pending discard in Schlacht am Buffet."""
    return defined.tensor(game, _pure(state.inner), seat, defined.pending_of(state))


def _expected_string(game: Any, state: Any, seat: int | None) -> str:
    return defined.string(game, _pure(state.inner), seat, defined.pending_of(state))


def _check_observations(pyspiel, state, game: Any, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """Every seat's tensors and strings, asked for in a random order (twice, so that the second
    answers come from the caches), against the definitions and OpenSpiel's own route."""
    players = state.num_players()
    asks = [seat for seat in range(players) for _ in range(2)]
    rng.shuffle(asks)
    for seat in asks:
        expected = _expected_tensor(game, state, seat)
        assert state.observation_tensor(seat) == expected
        assert state.information_state_tensor(seat) == expected
        assert pyspiel.State.observation_tensor(state, seat) == expected  # the C++ route
        assert state.observation_string(seat) == _expected_string(game, state, seat)
        assert state.information_state_string(seat) == pyspiel.State.information_state_string(
            state, seat
        )
    if state.current_player() >= 0:
        now = state.current_player()
        assert state.observation_tensor() == _expected_tensor(game, state, now)
    for bad in (-1, players):
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(bad)
        with pytest.raises(pyspiel.SpielError):
            state.information_state_string(bad)


@pytest.mark.parametrize("engine", ["pure", "native"])
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_fast_paths_are_the_definitions(
    pyspiel, name: str, form: str, engine: str
) -> None:  # type: ignore[no-untyped-def]
    need_engine(name, engine)
    spiel_game = pyspiel.load_game(f"{form}{name}(players=3,engine={engine})")
    assert spiel_game.ruleset is tablefeast.load(name, engine=engine)
    game = tablefeast.load(name)
    rng = random.Random(7)
    public = spiel_game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    state = spiel_game.new_initial_state()
    clones = []
    steps = 0
    while not state.is_terminal() and steps < 120:
        if steps % 3 == 0:
            _check_observations(pyspiel, state, game, rng)
            public.set_from(state, 0)  # the spectator's tensor, never a seat's
            assert public.tensor.tolist() == _expected_tensor(game, state, None)
        if steps % 17 == 0:
            clones.append((state.clone(), state.inner))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            exact = sorted(
                (defined.to_id(game, a, state.inner.config), float(p))
                for a, p in game.chance_outcomes(_pure(state.inner))
            )
            assert outcomes == exact
            assert state.legal_actions() == [i for i, _ in exact]
            ids, probabilities = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(ids, probabilities)[0])
        elif state.is_simultaneous_node():
            joint = []
            for seat in range(3):
                legal = state.legal_actions(seat)
                if seat in game.actors(_pure(state.inner)):
                    pending = defined.pending_of(state)
                    assert legal == defined.legal_ids(game, _pure(state.inner), seat, pending)
                else:
                    assert legal == [spiel_game.num_distinct_actions() - 1]  # the no-op
                joint.append(rng.choice(legal))
            state.apply_actions(joint)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    # clones made along the way, advanced and observed again, still see their own states
    for clone, inner in clones:
        assert clone.inner is inner
        _check_observations(pyspiel, clone, game, rng)
        if not clone.is_terminal() and not clone.is_simultaneous_node():
            before = clone.clone()
            legal = clone.legal_actions()
            clone.apply_action(legal[0])
            _check_observations(pyspiel, before, game, rng)


# ---------------------------------------------------------------- PettingZoo


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_observations_are_the_old_ones(name: str) -> None:
    np = pytest.importorskip("numpy")
    pz = pytest.importorskip("tablefeast.interop.pettingzoo", exc_type=ImportError)
    env = pz.parallel_env(name, players=3)
    game = env.game
    rng = random.Random(3)
    observations, _ = env.reset(seed=3)
    for _ in range(40):
        if not env.agents:
            break
        state, pending = env._state, env._pending
        for seat in range(3):
            mine = observations[f"player_{seat}"]
            mask = np.zeros(defined.size(game, state.config) + 1, np.int8)
            acting = seat in game.actors(state)
            mask[defined.legal_ids(game, state, seat, pending) if acting else -1] = 1
            tensor = np.asarray(defined.tensor(game, state, seat, pending), np.float32)
            assert mine["action_mask"].dtype == np.int8
            assert np.array_equal(mine["action_mask"], mask)
            assert mine["observation"].dtype == np.float32
            assert np.array_equal(mine["observation"], tensor)
            assert mine["observation"].flags.writeable  # each caller's own array
        actions = {}
        for agent in env.agents:
            ids = np.flatnonzero(observations[agent]["action_mask"])
            actions[agent] = int(ids[rng.randrange(len(ids))])
        observations = env.step(actions)[0]


def test_the_benchmark_reports_adapter_steps() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [
            sys.executable,
            str(root / "benchmarks/bench.py"),
            "--adapters",
            "--games",
            "1",
            "--rounds",
            "1",
            "--game",
            "food_chain",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "os turns+obs" in done.stdout and "ratio to the engine" in done.stdout


def test_a_game_without_a_direct_tensor_is_observed_through_its_view_as_float32(pyspiel) -> None:  # type: ignore[no-untyped-def]
    # A plug-in game may have no `observation_tensor_of` and a tensor that is not whole numbers:
    # the adapters go through its view, and hand out each value as a float32 holds it.
    from types import SimpleNamespace

    import numpy as np

    from tablefeast.interop.encoding import Encoding
    from tablefeast.interop.openspiel import _floats, seen_tensor

    fc = tablefeast.load("food_chain")

    def tenths(view: Any) -> tuple[float, ...]:
        return tuple(x / 10 for x in fc.observation_tensor(view))

    capabilities = SimpleNamespace(observations=lambda: (fc.observation_size, tenths))
    plug_in = SimpleNamespace(
        NAME="plug_in",
        num_distinct_actions=fc.num_distinct_actions,
        action_to_id=fc.action_to_id,
        action_from_id=fc.action_from_id,
        CAPABILITIES=capabilities,
        view=fc.view,
    )
    config = fc.Config(players=3)
    encoding = Encoding(plug_in, config)  # type: ignore[arg-type]
    assert not encoding.exact(fc.initial_state(fc.Config(players=3))) and encoding.extra == 0
    state = fc.apply_action(fc.initial_state(config), 1, fc.Play(fc.Animal.DOG))
    for seat in (None, 0, 1):
        step = SimpleNamespace(inner=state, pending=(), tensors=None)
        values = _floats(seen_tensor(step, encoding, seat))
        assert values == np.asarray(tenths(fc.view(state, seat)), np.float32).tolist()
        assert values != list(tenths(fc.view(state, seat)))  # 0.1 is no float32: rounded


def test_a_schlacht_am_buffet_tensor_past_float32s_whole_numbers_is_rounded_as_float32() -> None:
    """SAB-25: a mouse may run past 2**24, where a float32 no longer holds every whole number;
    such a state's tensor is rounded as a float32 array holds it, any other handed out as is."""
    pytest.importorskip("pyspiel")
    from types import SimpleNamespace

    import numpy as np

    from tablefeast.games.schlacht_am_buffet.components import MAX_POSITION
    from tablefeast.interop.encoding import encoding_for
    from tablefeast.interop.openspiel import _floats, seen_tensor
    from tests.support.sab import table

    sab = tablefeast.load("schlacht_am_buffet")
    far = MAX_POSITION - 3  # 39,999,997: no float32
    state = table(
        4,
        hands={1: [9, 5], 3: [9, 5]},
        racing=(1, 3),
        positions=(0, far, 0, 2**24 + 1),
        buffet=["cheese 5"],
        plates_won={0: ["salad -1"], 2: ["salami 3"]},
        exchange_open=False,
        start_player=1,
    )
    encoding = encoding_for(sab, state.config)
    assert not encoding.exact(state) and encoding.exact(sab.initial_state(state.config))
    for seat in (None, 0, 1):
        step = SimpleNamespace(inner=state, pending=(), tensors=None)
        values = _floats(seen_tensor(step, encoding, seat))
        whole = sab.observation_tensor(sab.view(state, seat)) + (0.0,) * encoding.extra
        assert values == np.asarray(whole, np.float32).tolist()
        assert float(far) in whole and float(far) not in values  # rounded, as float32 holds it
