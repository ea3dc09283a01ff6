"""Many games stepped together (`tablefeast.interop.vector`, issue 46): every env's episode is the
game the pure engine plays from its seed and its moves, its observations and masks are the
game's own, seeds reproduce, rewards follow the final scores, and bad arguments are refused with
the library's errors, changing nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tablefeast  # noqa: E402
from tablefeast.interop.encoding import encoding_for  # noqa: E402
from tablefeast.interop.vector import VectorGame  # noqa: E402
from tablefeast.kernel.errors import ConfigError, IllegalActionError, InvalidActionError  # noqa: E402
from tablefeast.kernel.play import RandomAgent, agent_rng, decision, play_game  # noqa: E402
from tablefeast.kernel.record import replay  # noqa: E402

GAMES = tablefeast.names()[:4]


def _random_legal(batch: VectorGame, rng: Any) -> Any:
    """One legal id per env, uniformly from its mask."""
    picks = []
    for row in batch.action_masks:
        legal = np.flatnonzero(row)
        picks.append(legal[rng.integers(len(legal))])
    return np.array(picks)


def _expected_row(batch: VectorGame, i: int) -> tuple[Any, Any]:
    """Env `i`'s observation and mask worked out again from its true state, by the game's own
    functions (the view's tensor, its legal actions' ids)."""
    game, seat = batch.game, int(batch.seats[i])
    state = batch.state(i)
    pending = batch._runner._envs[i].pending  # the factored exchange's cards chosen so far
    encoding = encoding_for(game, batch.config)
    _, tensor = game.CAPABILITIES.observations()
    _, tail = encoding.tensor_parts(state, pending, seat)
    observation = np.array(tensor(game.view(state, seat)) + tail, np.float32)
    mask = np.zeros(batch.num_actions, np.int8)
    if encoding.factored and encoding.chooser(state) == seat:
        mask[encoding.legal(state, seat, pending)[0]] = 1
    else:
        mask[[encoding.to_id(a, batch.config) for a in game.legal_actions(state, seat)]] = 1
    return observation, mask


def _result(game: Any, state: Any, players: int) -> list[float]:
    winners = game.winners(state)
    return [1 / len(winners) if s in winners else 0.0 for s in range(players)]


@pytest.mark.parametrize("opponents", ["random", "heuristic", None])
@pytest.mark.parametrize("name", GAMES)
def test_every_env_plays_the_pure_engines_game_with_its_observations_and_masks(
    name: str, opponents: str | None
) -> None:
    """Every step, every env's row is its seat's view's tensor and its legal ids; every
    episode replays on the pure engine, and its reward is the result of the state it ended in;
    the next one starts at once."""
    players, envs = 4, 3
    seats = {} if opponents is None else {"seat": [s % players for s in range(envs)]}
    batch = VectorGame(
        name, envs, players=players, opponents=opponents, seed=11, **seats, engine="pure"
    )
    rng = np.random.default_rng(5)
    game = tablefeast.load(name)
    steps = 0
    while batch.episodes.min() < 1:
        for i in range(envs):
            observation, mask = _expected_row(batch, i)
            assert np.array_equal(batch.observations[i], observation)
            assert np.array_equal(batch.action_masks[i], mask)
            assert int(batch.seats[i]) in game.actors(batch.state(i))
            if opponents is not None:
                assert batch.seats[i] == i % players
        if steps % 40 == 0:
            for i in range(envs):
                assert replay(game, batch.record(i)) == batch.state(i)
        batch.step(_random_legal(batch, rng))
        steps += 1
        for i in np.flatnonzero(batch.terminated):
            record = batch.ended_record(i)
            assert record is not None
            end = replay(game, record)
            assert game.is_terminal(end)
            earned = _result(game, end, players)
            expected = earned if opponents is None else earned[i % players]
            assert np.array_equal(batch.rewards[i], np.array(expected, np.float32))
            assert np.array_equal(batch.episode_returns[i], batch.rewards[i])
            _, tensor = game.CAPABILITIES.observations()
            seen = tensor(game.view(end, int(batch.final_seats[i])))
            assert np.array_equal(batch.final_observations[i][: len(seen)], seen)
            assert len(batch.record(i).moves) < len(record.moves)  # the next one, just begun
        assert steps < 3000, "no episode ended"


@pytest.mark.parametrize("name", GAMES)
def test_a_learner_playing_at_random_plays_play_games_game(name: str) -> None:
    """With its choices made as `play_game`'s RandomAgent makes them (its seat's generator),
    the learner's first episode is move for move the game `play_game` plays from the env's
    seed; the next episodes draw on from the same generators, and their records replay."""
    players, seed, envs = 3, 40, 2
    batch = VectorGame(
        name, envs, players=players, seat=1, seed=seed, factored=False, engine="pure"
    )
    game = batch.game
    learner = [agent_rng(batch.seed(i), 1) for i in range(envs)]
    ended: list[list[Any]] = [[] for _ in range(envs)]
    while min(len(e) for e in ended) < 2:
        ids = []
        for i in range(envs):
            action = decision(game, batch.state(i), 1, RandomAgent())(learner[i])
            ids.append(game.action_to_id(action, batch.config))
        batch.step(ids)
        for i in np.flatnonzero(batch.terminated):
            ended[i].append(batch.ended_record(i))
    for i in range(envs):
        assert batch.seed(i) == seed + i
        first = play_game(game, batch.config, [RandomAgent()] * players, seed + i)
        assert ended[i][0].moves == tuple((s, game.action_to_str(a)) for s, a in first.moves)
        second = replay(game, ended[i][1])
        assert game.is_terminal(second) and ended[i][1].moves != ended[i][0].moves


def _snapshot(batch: VectorGame) -> tuple[Any, ...]:
    arrays = (batch.observations, batch.action_masks, batch.seats, batch.rewards, batch.episodes)
    return (*(a.copy() for a in arrays), *(batch.record(i) for i in range(batch.num_envs)))


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return all(
        np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
        for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize(
    "actions",
    [
        [0, 0],
        [[0], [0], [0]],
        [0.5, 1.0, 2.0],
        ["0", "1", "2"],
        [-1, 0, 0],
        [0, 0, 10**6],
        [10**30, 0, 0],
        None,
        object(),
        [True, False, True],
    ],
    ids=lambda a: repr(a)[:20],
)
def test_what_is_not_one_id_per_env_is_refused_and_changes_nothing(actions: Any) -> None:
    batch = VectorGame("food_chain", 3, players=3, seed=2, engine="pure")
    before = _snapshot(batch)
    with pytest.raises(InvalidActionError):
        batch.step(actions)
    assert _same(before, _snapshot(batch))


def test_an_illegal_id_is_refused_in_every_env_or_loses_its_episode() -> None:
    batch = VectorGame("food_chain", 3, players=3, seed=2, engine="pure")
    before = _snapshot(batch)
    legal = _random_legal(batch, np.random.default_rng(0))
    bad = legal.copy()
    bad[2] = int(np.flatnonzero(batch.action_masks[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="env 2: action id"):
        batch.step(bad)
    assert _same(before, _snapshot(batch))  # env 0 and 1's legal ids were not taken either

    losing = VectorGame(
        "food_chain", 3, players=3, seed=2, illegal="lose", illegal_reward=-2, engine="pure"
    )
    losing.step(bad)
    assert losing.illegal.tolist() == [False, False, True]
    assert losing.terminated.tolist() == [False, False, True]
    assert losing.rewards.tolist() == [0.0, 0.0, -2.0]
    assert losing.ended_record(2).moves == batch.record(2).moves  # the id was no move
    assert len(losing.record(0).moves) > len(batch.record(0).moves)


def test_an_ended_episode_waits_for_reset_without_autoreset() -> None:
    batch = VectorGame(
        "food_chain", 1, players=3, seed=2, illegal="lose", autoreset=False, engine="pure"
    )
    bad = int(np.flatnonzero(batch.action_masks[0] == 0)[0])
    batch.step([bad])
    assert batch.terminated[0] and not batch.action_masks.any()
    with pytest.raises(IllegalActionError, match="reset"):
        batch.step([0])
    batch.reset(envs=[0])
    assert batch.action_masks.any() and not batch.terminated[0]


@pytest.mark.parametrize(
    ("options", "word"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"num_envs": 2.0}, "num_envs"),
        ({"num_envs": 10**9}, "num_envs"),
        ({"seat": 3}, "seat"),
        ({"seat": [0, 1]}, "seat"),
        ({"seat": "0"}, "seat"),
        ({"seat": 1, "opponents": None}, "self-play"),
        ({"reward": "score"}, "reward"),
        ({"opponents": 3}, "opponents"),
        ({"opponents": "nobody"}, "nobody"),
        ({"seed": -1}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 2**64}, "seed"),
        ({"illegal": "ignore"}, "illegal"),
        ({"players": 9}, "players"),
    ],
    ids=lambda v: repr(v)[:24] if isinstance(v, dict) else "",
)
def test_bad_arguments_are_refused_with_the_librarys_errors(
    options: dict[str, Any], word: str
) -> None:
    arguments: dict[str, Any] = {"num_envs": 3, "players": 3, **options}
    num_envs = arguments.pop("num_envs")
    with pytest.raises(ConfigError, match=word):
        VectorGame("food_chain", num_envs, **arguments, engine="pure")


def test_seeds_reproduce_and_reset_goes_on() -> None:
    first = VectorGame("mausgeflippt", 4, players=3, seed=9, engine="pure")
    second = VectorGame("mausgeflippt", 4, players=3, seed=9, engine="pure")
    assert [first.seed(i) for i in range(4)] == [9, 10, 11, 12]
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(30):
        assert _same(_snapshot(first), _snapshot(second))
        first.step(_random_legal(first, rng_a))
        second.step(_random_legal(second, rng_b))
    first.reset()  # no seed: each env goes on with its own generators
    second.reset()
    assert _same(_snapshot(first), _snapshot(second))
    assert [first.seed(i) for i in range(4)] == [9, 10, 11, 12]
    fresh = VectorGame("mausgeflippt", 4, players=3, seed=9, engine="pure")
    assert not _same(_snapshot(first)[:2], _snapshot(fresh)[:2])  # drawn on, not again
    first.reset(seed=9)
    assert _same(_snapshot(first)[:3], _snapshot(fresh)[:3])  # rows and seats (not counts)
    assert [first.record(i) for i in range(4)] == [fresh.record(i) for i in range(4)]
    unseeded = VectorGame("mausgeflippt", 2, players=3, engine="pure")
    assert unseeded.seed(1) == (unseeded.seed(0) + 1) % 2**64


def test_the_score_difference_is_the_seats_score_less_the_best_of_the_others() -> None:
    batch = VectorGame(
        "food_chain", 4, players=3, seed=3, reward="score_difference", seat=2, engine="pure"
    )
    game, rng = batch.game, np.random.default_rng(4)
    while batch.episodes.min() < 1:
        batch.step(_random_legal(batch, rng))
        for i in np.flatnonzero(batch.terminated):
            scores = game.scores(replay(game, batch.ended_record(i)))
            assert batch.rewards[i] == scores[2] - max(scores[0], scores[1])
