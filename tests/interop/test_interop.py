"""The OpenSpiel and PettingZoo adapters pass those libraries' own checks on all four games.

They skip only when the extra is not installed; CI installs both.
"""

from __future__ import annotations

import json
import random
import warnings
from fractions import Fraction
from typing import Any

import pytest

import tablefeast
from tests.interop import expected as defined
from tests.support.declared import BUILT_IN
from tests.support.fuzz import need_engine

ENGINES = ["pure", "native"]
"""Both libraries' own suites run on both engines (the native one where its core is built)."""

GAMES = [
    ("schlacht_am_buffet", 3),
    ("schlacht_am_buffet", 6),
    ("mausgeflippt", 2),
    ("mausgeflippt", 5),
    ("food_chain", 3),
    ("food_chain", 6),
    ("all_you_can_eat_buffet", 3),
    ("all_you_can_eat_buffet", 6),
]


# ---------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyspiel")
    import tablefeast.interop.openspiel  # noqa: F401  (registers the games)

    return module


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 3, "cards": "/no/such/cards.json"}, "cannot read /no/such/cards.json"),
        ({"players": 3, "colour": "red"}, "is not an option"),
        ({"players": 3, "young_seats": "1:x"}, "write a list as ints"),
        ({"players": 3, "young_seats": "9" * 5000}, "write a list as ints"),
    ],
    ids=["missing file", "unknown option", "not ints", "huge int"],
)
def test_openspiel_parameters_are_refused_with_a_config_error(
    pyspiel, params: dict, message: str, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from tablefeast.interop.openspiel import config_from_params

    with pytest.raises(tablefeast.ConfigError, match=message):
        config_from_params(tablefeast.load("mausgeflippt"), params)


def test_openspiel_card_files_are_read_within_bounds(pyspiel, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tablefeast.interop.openspiel import config_from_params

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(tablefeast.ConfigError, match="nested deeper than 32"):
        config_from_params(tablefeast.load("mausgeflippt"), {"players": 3, "cards": str(deep)})
    with pytest.raises((pyspiel.SpielError, tablefeast.ConfigError), match="nested deeper"):
        pyspiel.load_game(f"tablefeast_mausgeflippt(players=3,cards={deep})")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_openspiel_random_sim_test(pyspiel, name: str, players: int, engine: str) -> None:  # type: ignore[no-untyped-def]
    need_engine(name, engine)
    game = pyspiel.load_game(f"tablefeast_{name}(players={players},engine={engine})")
    assert game.num_players() == players and game.ruleset is tablefeast.load(name, engine=engine)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_openspiel_random_sim_test_turn_based(
    pyspiel, name: str, players: int, engine: str
) -> None:  # type: ignore[no-untyped-def]
    need_engine(name, engine)
    game = pyspiel.load_game(f"tablefeast_{name}(players={players},engine={engine})")
    turn_based = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(turn_based, num_sims=1, serialize=True, verbose=False)


def test_openspiel_parameters_are_config_options(pyspiel, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import tablefeast.games.mausgeflippt as mg

    game = pyspiel.load_game(
        "tablefeast_mausgeflippt(players=4,young_seats=1:3,tie_probability=1/10,language=en)"
    )
    assert game.config == mg.Config(
        players=4, young_seats=(1, 3), tie_probability="1/10", language="en"
    )
    cards = tmp_path / "cards.json"
    cards.write_text(tablefeast.dumps(mg.DEFAULT_CARDS))
    with_cards = pyspiel.load_game(f"tablefeast_mausgeflippt(players=3,cards={cards})")
    assert with_cards.config.cards == mg.DEFAULT_CARDS
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("tablefeast_food_chain(players=4,colour=red)")
    sab = pyspiel.load_game("tablefeast_schlacht_am_buffet(players=3,edition=fr,start_player=2)")
    assert sab.config.edition == "fr" and sab.config.start_player == 2


def _play_chance(state, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    while state.is_chance_node():
        ids, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(ids, probs)[0])


def test_openspiel_state_matches_the_engine(pyspiel) -> None:  # type: ignore[no-untyped-def]
    import tablefeast.games.mausgeflippt as mg

    game = pyspiel.load_game("tablefeast_mausgeflippt(players=3,engine=pure)")
    state = game.new_initial_state()
    rng = random.Random(3)
    _play_chance(state, rng)
    inner = state.inner
    # exact probabilities, sent as floats
    assert state.is_simultaneous_node()
    # legal actions are our ids, plus the no-op for seats that do not act
    for seat in range(3):
        ours = sorted(mg.action_to_id(a) for a in mg.legal_actions(inner, seat))
        assert state.legal_actions(seat) == ours
        assert state.action_to_string(seat, ours[0]) == "pass"
        tensor = mg.observation_tensor(mg.view(inner, seat))
        assert state.observation_tensor(seat) == pytest.approx(tensor)
    joint = [state.legal_actions(seat)[0] for seat in range(3)]  # everyone passes
    state.apply_actions(joint)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    expected = {mg.action_to_id(a): float(p) for a, p in mg.chance_outcomes(state.inner)}
    assert dict(outcomes) == expected
    assert sum(Fraction(p) for _, p in mg.chance_outcomes(state.inner)) == 1


def test_openspiel_information_states_have_perfect_recall_and_hide_cards(pyspiel) -> None:  # type: ignore[no-untyped-def]
    game = pyspiel.load_game("tablefeast_mausgeflippt(players=3,engine=pure)")
    a, b = game.new_initial_state(), game.new_initial_state()
    _play_chance(a, random.Random(1))
    _play_chance(b, random.Random(2))
    # different deals: seat 0 sees its own hand, so its information states differ
    assert a.information_state_string(0) != b.information_state_string(0)
    # resampling from seat 0's information state keeps what seat 0 knows
    sampled = a.resample_from_infostate(0, random.Random(5).random)
    assert sampled.information_state_string(0) == a.information_state_string(0)
    assert sampled.observation_string(0) == a.observation_string(0)
    assert sampled.observation_tensor(0) == a.observation_tensor(0)
    assert sampled.history() == a.history()
    clone = a.clone()
    assert clone.information_state_string(1) == a.information_state_string(1)


def _views(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Every view `seat` has had along the state's history, as JSON."""
    views, step = [], state._shared
    while step is not None:
        views.append(tablefeast.dumps(state._ruleset.view(step.inner, seat)))
        step = step.previous
    return views[::-1]


@pytest.mark.parametrize("name", ["mausgeflippt", "schlacht_am_buffet", "all_you_can_eat_buffet"])
def test_openspiel_equal_information_states_are_exactly_equal_view_histories(
    pyspiel, name: str
) -> None:  # type: ignore[no-untyped-def]
    game = pyspiel.load_game(f"tablefeast_{name}(players=3,engine=pure)")
    a = game.new_initial_state()
    _play_chance(a, random.Random(4))
    ids = a.history()
    # The same deal with two different cards swapped in the order they came: only the seat
    # (or seats) that saw them arrive can tell the two histories apart.
    i = next(i for i in range(len(ids) - 1) if ids[i] != ids[i + 1])
    b = game.new_initial_state()
    for action in (*ids[:i], ids[i + 1], ids[i], *ids[i + 2 :]):
        b.apply_action(action)
    same = [a.information_state_string(p) == b.information_state_string(p) for p in range(3)]
    assert same == [_views(a, p) == _views(b, p) for p in range(3)]
    assert True in same and False in same  # the test tells both cases apart
    for p in range(3):
        if same[p]:  # the tensor is a function of the information state
            assert a.information_state_tensor(p) == b.information_state_tensor(p)
    assert a.information_state_tensor(0) == defined.tensor(game.ruleset, a.inner, 0)
    assert len(a.information_state_tensor(0)) == game.information_state_tensor_shape()[0]
    sampled = a.resample_from_infostate(0, random.Random(5).random)
    assert sampled.information_state_tensor(0) == a.information_state_tensor(0)
    with pytest.raises(ValueError, match="without public information"):
        game.make_py_observer(pyspiel.IIGObservationType(public_info=False, perfect_recall=False))


def test_openspiel_returns_are_win_shares(pyspiel) -> None:  # type: ignore[no-untyped-def]
    game = pyspiel.load_game("tablefeast_food_chain(players=3,engine=pure)")
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            _play_chance(state, rng)
            continue
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
    returns = state.returns()
    winners = tablefeast.load("food_chain").winners(state.inner)
    assert sum(returns) == pytest.approx(1.0)
    assert {p for p, r in enumerate(returns) if r > 0} == set(winners)


# ---------------------------------------------------------------- PettingZoo


@pytest.fixture(scope="module")
def pz():  # type: ignore[no-untyped-def]
    pytest.importorskip("pettingzoo")
    from tablefeast.interop import pettingzoo

    return pettingzoo


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_pettingzoo_api_tests(pz, name: str, players: int, engine: str) -> None:  # type: ignore[no-untyped-def]
    from pettingzoo.test import api_test, parallel_api_test

    need_engine(name, engine)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Observation is not a NumPy array": it is a dict
        parallel_api_test(pz.parallel_env(name, players=players, engine=engine), num_cycles=100)
        api_test(pz.env(name, players=players, engine=engine), num_cycles=100)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", tablefeast.names())
def test_pettingzoo_seed_tests(pz, name: str, engine: str) -> None:  # type: ignore[no-untyped-def]
    from pettingzoo.test import parallel_seed_test, seed_test

    need_engine(name, engine)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda: pz.parallel_env(name, players=4, engine=engine), num_cycles=50)
        seed_test(lambda: pz.env(name, players=4, engine=engine), num_cycles=50)


def _episode(env, seed: int | None) -> list[object]:  # type: ignore[no-untyped-def]
    observations, _ = env.reset(seed=seed)
    trace: list[object] = []
    while env.agents:
        actions = {}
        for agent in env.agents:
            mask = observations[agent]["action_mask"]
            actions[agent] = int(mask.nonzero()[0][-1])  # the highest legal id
        observations, rewards, _, _, _ = env.step(actions)
        trace.append((sorted(actions.items()), sorted(rewards.items())))
    return trace


@pytest.mark.parametrize("name", tablefeast.names())
def test_pettingzoo_equal_seeds_give_equal_episodes(pz, name: str) -> None:  # type: ignore[no-untyped-def]
    first = _episode(pz.parallel_env(name, players=3 if name != "mausgeflippt" else 2), 7)
    again = _episode(pz.parallel_env(name, players=3 if name != "mausgeflippt" else 2), 7)
    other = _episode(pz.parallel_env(name, players=3 if name != "mausgeflippt" else 2), 8)
    assert first == again
    if name in BUILT_IN:  # of the built-in games only Food Chain has no chance at all
        assert (first != other) == (name != "food_chain")
    final_rewards = dict(first[-1][1])  # type: ignore[index]
    assert sum(final_rewards.values()) == pytest.approx(1.0)


def test_pettingzoo_a_run_seeded_once_repeats(pz) -> None:  # type: ignore[no-untyped-def]
    # Gymnasium's convention: reset() without a seed goes on with the generator.
    runs = []
    for _ in range(2):
        env = pz.parallel_env("schlacht_am_buffet", players=3)
        runs.append([_episode(env, 5), _episode(env, None), _episode(env, None)])
    assert runs[0] == runs[1]
    first, second, third = runs[0]
    assert first != second != third  # each episode goes on from the last one's chance
    assert _episode(pz.parallel_env("schlacht_am_buffet", players=3), 5) == first


def test_pettingzoo_observations_come_from_the_view_and_illegal_moves_end_the_game(pz) -> None:  # type: ignore[no-untyped-def]
    import tablefeast.games.food_chain as fc

    env = pz.parallel_env("food_chain", players=3, first_alpha=1, engine="pure")
    observations, _ = env.reset(seed=0)
    for seat in range(3):  # (the core's tensors: tests/interop/test_adapters_on_the_core.py)
        tensor = fc.observation_tensor(fc.view(env._state, seat))
        assert observations[f"player_{seat}"]["observation"].tolist() == pytest.approx(tensor)
    noop = env.noop
    _, rewards, terminations, _, infos = env.step({f"player_{s}": noop for s in range(3)})
    assert all(terminations.values()) and rewards["player_0"] == -1.0
    assert "no-op is not legal" in infos["player_0"]["illegal_action"]
    assert env.agents == []
    data = json.loads(tablefeast.dumps(env.config))
    assert data["first_alpha"] == 1


def _highest(mask) -> int:  # type: ignore[no-untyped-def]
    return int(mask.nonzero()[0][-1])


@pytest.mark.parametrize("name", tablefeast.names())
def test_pettingzoo_aec_turns_go_to_acting_seats_as_in_the_parallel_env(pz, name: str) -> None:  # type: ignore[no-untyped-def]

    players = 2 if name == "mausgeflippt" else 3
    aec = pz.env(name, players=players)
    aec.reset(seed=7)
    game = aec.game
    turns, final = [], {}
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        if termination or truncation:
            final[agent] = reward
            aec.step(None)
            continue
        seat = aec.possible_agents.index(agent)
        state = aec._state
        assert seat == game.actors(state)[0]  # a seat that acts now, the first still to commit
        assert observation["action_mask"][aec.noop] == 0  # so never the no-op
        tensor = defined.tensor(game, state, seat, aec._pending)
        assert observation["observation"].tolist() == tensor
        for other, name_of_other in enumerate(aec.possible_agents):  # any agent, when asked
            seen = defined.tensor(game, state, other, aec._pending)
            assert aec.observe(name_of_other)["observation"].tolist() == seen
        turns.append((seat, _highest(observation["action_mask"])))
        aec.step(turns[-1][1])
    assert aec.agents == [] and sum(final.values()) == pytest.approx(1.0)

    # The parallel environment with the same seed and the same choices plays the same game:
    # each of its steps is the AEC turns of the seats that act, in seat order.
    parallel = pz.parallel_env(name, players=players)
    observations, _ = parallel.reset(seed=7)
    expected, rewards = [], {}
    while parallel.agents:
        acting = game.actors(parallel._state)
        actions = {agent: _highest(observations[agent]["action_mask"]) for agent in parallel.agents}
        expected += [(seat, actions[f"player_{seat}"]) for seat in acting]
        observations, rewards, _, _, _ = parallel.step(actions)
    assert turns == expected
    assert final == rewards


def test_pettingzoo_aec_an_illegal_action_ends_the_episode(pz) -> None:  # type: ignore[no-untyped-def]
    bad_actions = [None, "noop", 10**50, True, "3", 6]  # 6: a take, while seats commit
    for bad in bad_actions:
        aec = pz.env("food_chain", players=3)
        aec.reset(seed=0)
        aec.step(1)  # player_0 plays a Bird
        sent = aec.noop if bad == "noop" else bad
        aec.step(sent)  # player_1 sends junk
        assert all(aec.terminations.values()), bad
        assert aec.rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
        reason = aec.infos["player_1"]["illegal_action"]
        assert 0 < len(reason) < 200, reason  # says why; a quoted huge value stays short
        with pytest.raises(ValueError, match="only valid action is None"):
            aec.step(1)  # PettingZoo's own rule for an agent that is done
        for _agent in aec.agent_iter():
            aec.step(None)
        assert aec.agents == []
        with pytest.raises(tablefeast.GameOverError, match="reset"):
            aec.step(1)
    with pytest.raises(tablefeast.InvalidActionError, match="not an agent"):
        aec.observe("player_9")


def test_pettingzoo_aec_before_reset_and_after_an_interrupted_end(pz) -> None:  # type: ignore[no-untyped-def]
    aec = pz.env("food_chain", players=3)
    parallel = pz.parallel_env("food_chain", players=3)
    for call in (
        aec.last,
        lambda: aec.observe("player_0"),
        aec.state,
        lambda: aec.step(1),
        parallel.state,
        lambda: parallel.step({"player_0": 1}),
    ):
        with pytest.raises(tablefeast.GameOverError, match="reset"):
            call()

    def play_to_the_end() -> str:
        mover = ""
        while not any(aec.terminations.values()):
            mover = aec.agent_selection
            aec.step(_highest(aec.observe(mover)["action_mask"]))
        return mover

    aec.reset(seed=3)
    play_to_the_end()
    aec.step(None)  # one finished agent leaves; then a new episode starts before the others do
    aec.reset(seed=3)
    mover = play_to_the_end()
    assert aec.agent_selection == mover  # the dead steps start with the agent that moved last
    left = []
    for agent in aec.agent_iter():
        left.append(agent)
        aec.step(None)
    assert sorted(left) == aec.possible_agents and aec.agents == []


def test_pettingzoo_an_action_whose_int_fails_is_junk_and_seeds_are_ints(pz) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    class Broken(int):
        def __int__(self) -> int:
            raise RuntimeError("no int here")

    aec = pz.env("food_chain", players=3)
    aec.reset(seed=0)
    aec.step(Broken(1))
    assert aec.rewards["player_0"] == -1.0
    assert "an action is an int id" in aec.infos["player_0"]["illegal_action"]
    parallel = pz.parallel_env("food_chain", players=3)
    parallel.reset(seed=0)
    rewards, terminations = parallel.step(dict.fromkeys(parallel.agents, Broken(1)))[1:3]
    assert rewards["player_0"] == -1.0 and all(terminations.values())

    for make in (pz.env, pz.parallel_env):
        first, again = make("schlacht_am_buffet", players=3), make("schlacht_am_buffet", players=3)
        first.reset(seed=5)
        again.reset(seed=np.int64(5))  # a NumPy integer seeds as the int it is
        assert first._state == again._state
        for bad in ("5", 5.0, True, [5]):
            with pytest.raises(tablefeast.ConfigError, match="seed"):
                first.reset(seed=bad)


def test_an_encoding_is_kept_apart_for_a_game_and_its_twin() -> None:
    """The pure module and its native twin share a name; an encoding built for one (whose
    calls go to its own functions) is never handed to the other."""
    from tablefeast.interop.encoding import encoding_for

    fc = tablefeast.load("food_chain")

    class Twin:  # a stand-in for the native ruleset: the same name, another object
        def __getattr__(self, name: str) -> Any:
            return getattr(fc, name)

    twin = Twin()
    config = fc.Config(players=3)
    assert encoding_for(twin, config).ruleset is twin
    assert encoding_for(fc, config).ruleset is fc
    assert encoding_for(twin, config) is encoding_for(twin, config)  # still cached
