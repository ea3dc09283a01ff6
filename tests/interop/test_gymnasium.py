"""The games as Gymnasium environments (`tablefeast.interop.gymnasium`, issue 46): both forms pass
Gymnasium's own checks, the vector env is the single env's `SyncVectorEnv` step for step, and
both play the same games as the batch underneath."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env, data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import tablefeast  # noqa: E402
from tablefeast.interop.gymnasium import make, make_vec  # noqa: E402
from tablefeast.kernel.errors import ConfigError, IllegalActionError  # noqa: E402
from tablefeast.kernel.record import replay  # noqa: E402

GAMES = tablefeast.names()[:4]


@pytest.mark.parametrize("name", GAMES)
def test_the_single_env_passes_gymnasiums_check_env(name: str) -> None:
    env = make(name, players=3, opponents="heuristic", render_mode="ansi")
    check_env(env, skip_render_check=False)


def _compare(ours: Any, theirs: Any, draw: Any, steps: int) -> int:
    """Step both vector envs with the same ids (``draw(observations)``) and compare what they
    return with Gymnasium's `data_equivalence`; the number of episodes ended."""
    a, _ = ours.reset(seed=8)
    b, _ = theirs.reset(seed=8)
    ended = 0
    for _ in range(steps):
        assert data_equivalence(a, b)
        ids = draw(a)
        a, reward_a, end_a, cut_a, info_a = ours.step(ids)
        b, reward_b, end_b, cut_b, info_b = theirs.step(ids)
        assert data_equivalence((reward_a, end_a, cut_a), (reward_b, end_b, cut_b))
        if end_a.any():
            ended += int(end_a.sum())
            assert data_equivalence(info_a["_final_obs"], info_b["_final_obs"])
            for i in np.flatnonzero(end_a):
                final = {k: v[i] for k, v in info_a["final_obs"].items()}
                assert data_equivalence(final, info_b["final_obs"][i])
            assert np.array_equal(info_a["episode"]["r"][end_a], reward_a[end_a])
    return ended


@pytest.mark.parametrize("name", GAMES)
def test_the_vector_env_is_the_single_envs_sync_vector_env(name: str) -> None:
    """Step for step the same as Gymnasium's own `SyncVectorEnv` of the single env (autoreset
    SAME_STEP), with ids drawn from the action space (mostly illegal: episodes end there, and
    restart) and with legal ids drawn from the masks."""
    options: dict[str, Any] = {"players": 3, "seat": 2}
    ours = make_vec(name, 3, **options)
    theirs = SyncVectorEnv(
        [lambda: make(name, **options)] * 3, autoreset_mode=AutoresetMode.SAME_STEP
    )
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.single_action_space == theirs.single_action_space
    ours.action_space.seed(1)
    assert _compare(ours, theirs, lambda _: ours.action_space.sample(), 20) > 0
    rng = np.random.default_rng(3)

    def legal(observations: Any) -> Any:
        return np.array([rng.choice(np.flatnonzero(m)) for m in observations["action_mask"]])

    ended = _compare(ours, theirs, legal, 300)
    assert ended > 0 or name == "all_you_can_eat_buffet"


def test_a_single_env_episode_is_the_game_its_record_replays() -> None:
    env = make(
        "food_chain",
        players=4,
        opponents="random",
        seat=3,
        reward="score_difference",
        engine="pure",  # the Python loop keeps the record
    )
    observation, info = env.reset(seed=12)
    assert info["seat"] == 3
    rng = np.random.default_rng(0)
    done, total = False, 0.0
    while not done:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, done, truncated, _ = env.step(action)
        total += reward
        assert not truncated
    end = replay(env.game, env.record())
    scores = env.game.scores(end)
    assert total == scores[3] - max(scores[:3])
    assert not observation["action_mask"].any()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_an_illegal_id_raises_when_asked_to() -> None:
    env = make("food_chain", players=3, illegal="raise")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    lenient = make("food_chain", players=3)
    lenient.reset(seed=1)
    _, reward, done, _, info = lenient.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_the_render_is_the_learners_view_in_words() -> None:
    env = make("mausgeflippt", players=3, seat=1, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    game = getattr(env.game, "pure", env.game)
    state = env._batch.state(0)  # the true state, to compare with the game's own words
    assert text == game.CAPABILITIES.render(game.view(state, 1))
    assert make("mausgeflippt", players=3).render() is None


@pytest.mark.parametrize(
    "options",
    [{"opponents": None}, {"render_mode": "human"}, {"players": 1}, {"reward": "win"}],
    ids=str,
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        make("food_chain", **options)
    if "render_mode" not in options:
        with pytest.raises(ConfigError):
            make_vec("food_chain", 2, **options)
    with pytest.raises(ConfigError):
        make_vec("food_chain", 2, players=3).reset(seed=[1, 2])
