"""The native cores' batch (issue 46): `VectorGame` on the native core plays exactly the games the
Python loop plays (every array equal, step for step, across autoresets, against random and
heuristic opponents and in self-play); the core's observation tensors and masks are the game's
own on many states and every seat; bad arguments are refused before anything changes.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tablefeast  # noqa: E402
from tablefeast import native  # noqa: E402
from tablefeast.interop.encoding import encoding_for  # noqa: E402
from tablefeast.interop.vector import ANY_SEAT, VectorGame  # noqa: E402
from tablefeast.kernel.errors import (  # noqa: E402
    IllegalActionError,
    InvalidSeatError,
    RecordError,
)
from tests.support.fuzz import sample_states  # noqa: E402

BATCHED = native.NATIVE_GAMES
"""The games whose cores have the batch (every one): CI's native stage
(TABLEFEAST_REQUIRE_NATIVE) fails where one of them is not built."""

REQUIRED = bool(os.environ.get("TABLEFEAST_REQUIRE_NATIVE"))


def _batched(name: str) -> bool:
    return native.available(name) and hasattr(native.load(name).core, "batch_step")


GAMES = [name for name in native.NATIVE_GAMES if _batched(name) or (REQUIRED and name in BATCHED)]
if not GAMES:
    pytest.skip(
        "no native core with a batch is built here (python hatch_build.py builds them)",
        allow_module_level=True,
    )

ARRAYS = (
    "observations",
    "action_masks",
    "seats",
    "rewards",
    "terminated",
    "episodes",
    "episode_returns",
    "episode_lengths",
    "final_observations",
    "final_seats",
    "illegal",
)


def _pair(name: str, **options: Any) -> tuple[VectorGame, VectorGame]:
    ours = VectorGame(name, engine="native", **options)
    theirs = VectorGame(name, engine="pure", **options)
    assert type(ours._runner).__name__ == "NativeGames", "the core's batch is not used"
    return ours, theirs


def _lockstep(ours: VectorGame, theirs: VectorGame, steps: int, seed: int, illegal: float) -> int:
    """Step both with the same ids (legal ones drawn from the masks, an illegal one now and
    then where asked) and compare every array; the episodes ended."""
    rng = np.random.default_rng(seed)
    for step in range(steps):
        for field in ARRAYS:
            mine, reference = getattr(ours, field), getattr(theirs, field)
            assert np.array_equal(mine, reference), (step, field)
        ids = np.array([rng.choice(np.flatnonzero(mask)) for mask in ours.action_masks])
        if illegal and rng.random() < illegal:
            i = int(rng.integers(ours.num_envs))
            ids[i] = int(np.flatnonzero(ours.action_masks[i] == 0)[0])
        ours.step(ids)
        theirs.step(ids)
    for i in range(ours.num_envs):
        assert ours.state(i) == theirs.state(i)
        assert ours.seed(i) == theirs.seed(i)
    return int(ours.episodes.sum())


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("name", GAMES)
def test_the_native_batch_plays_the_python_loops_games_against_random_opponents(
    name: str, players: int
) -> None:
    seats = [s % players for s in range(5)]
    ours, theirs = _pair(name, num_envs=5, players=players, seat=seats, seed=players)
    assert _lockstep(ours, theirs, 400, players, 0.0) > 0 or name == "all_you_can_eat_buffet"


@pytest.mark.parametrize("name", GAMES)
def test_the_native_batch_plays_the_python_loops_games_in_self_play(name: str) -> None:
    ours, theirs = _pair(name, num_envs=4, players=4, opponents=None, seed=21)
    assert (ours.learners == ANY_SEAT).all()
    _lockstep(ours, theirs, 400, 8, 0.0)


@pytest.mark.parametrize("name", GAMES)
def test_the_native_batch_plays_the_python_loops_games_against_heuristic_opponents(
    name: str,
) -> None:
    assert native.load(name).core.HAS_HEURISTIC
    ours, theirs = _pair(name, num_envs=4, players=3, opponents="heuristic", seed=33)
    _lockstep(ours, theirs, 300, 9, 0.0)


def test_the_exchange_as_one_action_is_played_by_the_python_loop() -> None:
    """With the exchange as one action (``factored=False``) Schlacht am Buffet's ids are the
    game's own, which the core's batch does not write: the Python loop plays those games, on the
    native ruleset, the same as on the pure engine."""
    if "schlacht_am_buffet" not in GAMES:
        pytest.skip("Schlacht am Buffet's core is not built here")
    options: dict[str, Any] = {"num_envs": 2, "players": 3, "seed": 6, "factored": False}
    ours = VectorGame("schlacht_am_buffet", engine="native", **options)
    theirs = VectorGame("schlacht_am_buffet", engine="pure", **options)
    assert type(ours._runner).__name__ == "_PythonGames"
    assert ours.num_actions == tablefeast.load("schlacht_am_buffet").num_distinct_actions(
        ours.config
    )
    _lockstep(ours, theirs, 60, 3, 0.0)


@pytest.mark.parametrize("name", GAMES)
def test_illegal_ids_lose_their_episodes_alike(name: str) -> None:
    ours, theirs = _pair(name, num_envs=4, players=3, seed=2, illegal="lose")
    _lockstep(ours, theirs, 150, 4, 0.2)
    assert ours.episodes.sum() > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_cores_observations_and_masks_are_the_games_own(name: str) -> None:
    """On states met along seeded games (chance nodes and ended games included), for every
    seat: the core's tensor is `observation_tensor_of`, and its mask the seat's legal ids (any
    seat that acts now, the batch's decider and the seats committing beside it; none for a seat
    that does not act)."""
    pure, fast = tablefeast.load(name), native.load(name)
    core = fast.core
    checked = 0
    for players, seed in ((3, 1), (4, 2), (5, 3)):
        config = pure.Config(players=players)
        encoding = encoding_for(pure, config)
        pending = np.zeros(core.PENDING_WIDTH, np.int8)
        for state in sample_states(pure, config, seed, count=60):
            mine = fast.from_pure(state)
            actors = pure.actors(state)
            for seat in range(players):
                tensor = np.zeros(
                    encoding.size and len(encoding.tensor(state, (), seat)), np.float32
                )
                core.observe_into(mine, seat, pending, tensor)
                expected = np.array(encoding.tensor(state, (), seat), np.float32)
                assert np.array_equal(tensor, expected), (state, seat)
                mask = np.zeros(encoding.size, np.int8)
                core.mask_into(mine, seat, pending, mask)
                legal = np.zeros(encoding.size, np.int8)
                if seat in actors and encoding.chooser(state) == seat:
                    legal[encoding.legal(state, seat, ())[0]] = 1  # a factored exchange
                elif seat in actors:
                    ids = [encoding.to_id(a, config) for a in pure.legal_actions(state, seat)]
                    legal[ids] = 1
                assert np.array_equal(mask, legal), (state, seat)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("name", GAMES)
def test_bad_arguments_to_the_batch_are_refused_before_anything_changes(name: str) -> None:
    batch, _ = _pair(name, num_envs=3, players=3, seed=4)
    runner, core = batch._runner, native.load(name).core
    before = [runner.state(i) for i in range(3)], batch.observations.copy()
    legal = batch.action_masks.argmax(axis=1)
    envs = np.arange(3)

    def step(**changes: Any) -> None:
        arguments = {
            "states": runner._states,
            "envs": envs,
            "actions": legal,
            "learners": batch.learners,
            "rngs": runner._rngs,
            "policy": 0,
            "seats": batch.seats,
            "pending": runner._pending,
            "observations": batch.observations,
            "masks": batch.action_masks,
            "ended": runner._ended,
            **changes,
        }
        core.batch_step(*arguments.values())

    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(batch.action_masks[1] == 0)[0])
    pure_state = tablefeast.load(name).initial_state(tablefeast.load(name).Config(players=3))
    refusals: list[tuple[dict[str, Any], type[Exception]]] = [
        ({"actions": illegal}, IllegalActionError),
        ({"actions": legal + 1000}, IllegalActionError),
        ({"actions": legal.astype(np.int32)}, ValueError),
        ({"actions": legal[:2]}, ValueError),
        ({"envs": np.array([0, 0, 1])}, ValueError),
        ({"envs": np.array([0, 7, 1])}, ValueError),
        ({"envs": [0, 1, 2]}, ValueError),
        ({"states": runner._states[:2]}, ValueError),
        ({"states": [*runner._states[:2], None]}, RecordError),
        ({"states": [*runner._states[:2], pure_state]}, RecordError),
        ({"rngs": [*runner._rngs[:2], [random.Random(1)] * 4]}, ValueError),
        ({"rngs": [*runner._rngs[:2], [1, 2, 3, 4]]}, ValueError),
        ({"learners": np.array([0, 9, 0], np.int64)}, ValueError),
        ({"observations": batch.observations[:, :-1].copy()}, ValueError),
        ({"masks": batch.action_masks.astype(np.int16)}, ValueError),
        ({"pending": np.zeros((3, 99), np.int8)}, ValueError),
        ({"ended": np.zeros(3, np.int8)}, ValueError),
    ]
    for changes, error in refusals:
        with pytest.raises(error):
            step(**changes)
        assert [runner.state(i) for i in range(3)] == before[0], changes
        assert np.array_equal(batch.observations, before[1]), changes
    state = runner.state(0)
    with pytest.raises(InvalidSeatError):
        core.observe_into(state, 3, runner._pending[0], batch.observations[0].copy())
    with pytest.raises(ValueError):
        core.mask_into(state, 0, runner._pending[0], np.zeros(3, np.int8))
    with pytest.raises(RecordError):
        core.observe_into(None, 0, runner._pending[0], batch.observations[0].copy())
