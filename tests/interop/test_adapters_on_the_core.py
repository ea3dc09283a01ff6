"""The adapters on the native core (issue 46, item 3): the PettingZoo environments and both
OpenSpiel forms keep their state on the core where it is built, and play exactly what they play
on the pure engine: the same observations, masks, rewards, refusals and words, step for step,
from the same seeds and actions; the core's adapter functions refuse bad arguments and change
nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import tablefeast  # noqa: E402
from tablefeast import native  # noqa: E402
from tablefeast.interop.encoding import encoding_for  # noqa: E402
from tablefeast.kernel.errors import IllegalActionError, RecordError  # noqa: E402
from tests.support.fuzz import built_cores, sample_states  # noqa: E402

GAMES = built_cores()
TABLES = [
    (name, players) for name in GAMES for players in ((2, 4) if name == "mausgeflippt" else (3, 5))
]


def _same(mine: Any, reference: Any, where: str) -> None:
    """Equal values, arrays compared as arrays (dtype and shape too)."""
    if isinstance(reference, np.ndarray):
        assert isinstance(mine, np.ndarray), where
        assert mine.dtype == reference.dtype and np.array_equal(mine, reference), where
    elif isinstance(reference, dict):
        assert sorted(mine) == sorted(reference), where
        for key in reference:
            _same(mine[key], reference[key], f"{where}/{key}")
    elif isinstance(reference, tuple | list):
        assert len(mine) == len(reference), where
        for k, (a, b) in enumerate(zip(mine, reference, strict=True)):
            _same(a, b, f"{where}[{k}]")
    else:
        assert mine == reference, where


def _choice(mask: np.ndarray, rng: random.Random, noop: int) -> int:
    """A legal id of `mask` now and then an illegal one (the no-op, or one the mask refuses)."""
    if rng.random() < 0.004:
        refused = np.flatnonzero(mask == 0)
        return int(refused[rng.randrange(len(refused))]) if len(refused) else noop
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


# ---------------------------------------------------------------- PettingZoo


@pytest.fixture(scope="module")
def pz():  # type: ignore[no-untyped-def]
    pytest.importorskip("pettingzoo")
    from tablefeast.interop import pettingzoo

    return pettingzoo


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_parallel_env_on_the_core_plays_the_pure_engines_episodes(
    pz: Any, name: str, players: int
) -> None:
    ours = pz.parallel_env(name, players=players, engine="native")
    theirs = pz.parallel_env(name, players=players, engine="pure")
    assert ours.encoding.on_core and not theirs.encoding.on_core
    rng = random.Random(players)
    steps = 0
    for episode in range(6):
        seed = None if episode % 3 == 2 else episode  # unseeded resets go on with the generator
        first, reference = ours.reset(seed=seed), theirs.reset(seed=seed)
        _same(first, reference, f"reset {episode}")
        observations = reference[0]
        while theirs.agents:
            actions = {
                agent: _choice(observations[agent]["action_mask"], rng, theirs.noop)
                for agent in theirs.agents
            }
            mine, reference = ours.step(actions), theirs.step(actions)
            _same(mine, reference, f"episode {episode}, step {steps}")
            observations = reference[0]
            steps += 1
            assert ours.agents == theirs.agents
        _same(ours.state(), theirs.state(), "the global state")
    assert steps > 50


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_aec_env_on_the_core_plays_the_pure_engines_episodes(
    pz: Any, name: str, players: int
) -> None:
    ours = pz.env(name, players=players, engine="native")
    theirs = pz.env(name, players=players, engine="pure")
    rng = random.Random(players + 10)
    turns = 0
    for episode in range(4):
        ours.reset(seed=episode)
        theirs.reset(seed=episode)
        for agent in theirs.agent_iter():
            assert ours.agent_selection == agent
            mine, reference = ours.last(), theirs.last()
            _same(mine, reference, f"episode {episode}, turn {turns}")
            for other in theirs.agents:  # any agent, when asked
                _same(ours.observe(other), theirs.observe(other), f"{other} at turn {turns}")
            observation, _, termination, truncation, _ = reference
            action = (
                None
                if termination or truncation
                else _choice(observation["action_mask"], rng, theirs.noop)
            )
            ours.step(action)
            theirs.step(action)
            _same(ours.rewards, theirs.rewards, "rewards")
            _same(ours.infos, theirs.infos, "infos")
            turns += 1
        assert ours.agents == theirs.agents == []
    assert turns > 50


def test_an_exchange_on_the_core_is_a_discard_per_card_then_done(pz: Any) -> None:
    if "schlacht_am_buffet" not in GAMES:
        pytest.skip("Schlacht am Buffet's core is not built here")
    env = pz.env("schlacht_am_buffet", players=4, engine="native")
    game = env.game
    rng = random.Random(3)
    env.reset(seed=3)
    exchanges = 0
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        before = env._state
        if game.to_pure(before).exchanger == seat:
            hand = game.to_pure(before).hands[seat]  # counts by value, -1 to 9
            discard = max(value for value, count in zip(range(-1, 10), hand, strict=True) if count)
            env.step(11 + discard + 1)  # discard the highest card: no move of the game yet
            assert env._state is before and env._pending == (discard,)
            assert env.observe(agent)["observation"][-11:].tolist().count(1.0) == 1
            others = [a for a in env.possible_agents if a != agent]
            assert all(not env.observe(a)["observation"][-11:].any() for a in others)
            env.step(22)  # done: the game's one Exchange of that card
            assert env._pending == ()
            exchanges += 1
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    assert exchanges > 0


# ---------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyspiel")
    import tablefeast.interop.openspiel  # noqa: F401  (registers both forms)

    return module


def _seen(state: Any, seat: int, detail: bool) -> tuple[Any, ...]:
    """What an OpenSpiel state shows `seat` (its strings too, where `detail`)."""
    shown: tuple[Any, ...] = (state.legal_actions(seat), state.observation_tensor(seat))
    if detail:
        shown += (
            state.information_state_tensor(seat),
            state.observation_string(seat),
            state.information_state_string(seat),
            [state.action_to_string(seat, a) for a in state.legal_actions(seat)],
        )
    return shown


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_openspiel_on_the_core_plays_the_pure_engines_games(
    pyspiel: Any, form: str, name: str, players: int
) -> None:
    ours = pyspiel.load_game(f"{form}{name}(players={players},engine=native)")
    theirs = pyspiel.load_game(f"{form}{name}(players={players},engine=pure)")
    assert ours.ruleset.engine == "native" and not hasattr(theirs.ruleset, "engine")
    assert str(ours) != str(theirs) and ours.num_distinct_actions() == theirs.num_distinct_actions()
    rng = random.Random(players)
    game = tablefeast.load(name, engine="native")
    steps = 0
    for _ in range(2):
        mine, reference = ours.new_initial_state(), theirs.new_initial_state()
        while not reference.is_terminal():
            assert mine.current_player() == reference.current_player()
            assert game.to_pure(mine.inner) == reference.inner
            detail = steps % 7 == 0
            for seat in range(players):
                assert _seen(mine, seat, detail) == _seen(reference, seat, detail), steps
            if steps % 29 == 0:  # a clone and a pickled copy go on as the original
                assert game.to_pure(mine.clone().inner) == reference.inner
                assert str(ours.deserialize_state(mine.serialize())) == str(mine)
            if reference.is_chance_node():
                outcomes = reference.chance_outcomes()
                assert mine.chance_outcomes() == outcomes
                ids, weights = zip(*outcomes, strict=True)
                chosen = rng.choices(ids, weights)[0]
                mine.apply_action(chosen)
                reference.apply_action(chosen)
            elif reference.is_simultaneous_node():
                joint = [rng.choice(reference.legal_actions(seat)) for seat in range(players)]
                mine.apply_actions(joint)
                reference.apply_actions(joint)
            else:
                chosen = rng.choice(reference.legal_actions())
                mine.apply_action(chosen)
                reference.apply_action(chosen)
            steps += 1
        assert mine.is_terminal() and mine.returns() == reference.returns()
    assert steps > 100


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_on_the_core_refuses_what_the_pure_engine_refuses(
    pyspiel: Any, form: str
) -> None:
    name = GAMES[0]
    refusals = []
    for engine in ("native", "pure"):
        state = pyspiel.load_game(f"{form}{name}(players=3,engine={engine})").new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        seat = 0 if state.is_simultaneous_node() else state.current_player()
        refused = max(state.legal_actions(seat)) + 1
        with pytest.raises(Exception) as caught:  # the words are compared below
            if state.is_simultaneous_node():
                state.apply_actions([refused] + [state.legal_actions(s)[0] for s in (1, 2)])
            else:
                state.apply_action(refused)
        refusals.append((type(caught.value), str(caught.value)))
    assert refusals[0] == refusals[1]


def test_the_openspiel_ismcts_agent_searches_on_the_core(pyspiel: Any) -> None:
    from tablefeast.interop.openspiel_turns import OpenSpielISMCTSAgent
    from tablefeast.kernel.play import play_game

    name = GAMES[0]
    config = tablefeast.load(name).Config(players=3)
    agents = [
        OpenSpielISMCTSAgent(iterations=6),
        tablefeast.RandomAgent(),
        tablefeast.RandomAgent(),
    ]
    games = [
        play_game(tablefeast.load(name, engine=e), config, agents, seed=5)
        for e in ("native", "pure")
    ]
    assert games[0].record == games[1].record  # the same choices from the same seed


# ---------------------------------------------------------------- the core's functions


@pytest.mark.parametrize("name", GAMES)
def test_the_cores_adapter_functions_agree_with_the_pure_engine_for_every_seat(name: str) -> None:
    game, pure = native.load(name), tablefeast.load(name)
    core = game.core
    players = 4
    config = pure.Config(players=players)
    encoding = encoding_for(pure, config)
    nothing = np.zeros(core.PENDING_WIDTH, np.int8)
    checked = 0
    for state in sample_states(pure, config, 5, 120):
        ours = game.from_pure(state)
        for seat in range(players):
            mask = np.zeros(encoding.size, np.int8)
            count = core.mask_into(ours, seat, nothing, mask)
            if encoding.factored and encoding.chooser(state) == seat:
                ids = encoding.legal(state, seat, ())[0]
            else:
                ids = sorted(encoding.to_id(a, config) for a in pure.legal_actions(state, seat))
            assert np.flatnonzero(mask).tolist() == ids and count == len(ids)
            assert core.adapter_legal(ours, seat, nothing) == ids
            tensor = np.zeros(len(encoding.tensor(state, (), seat)), np.float32)
            core.observe_into(ours, seat, nothing, tensor)
            assert core.adapter_tensor(ours, seat, nothing) == tuple(tensor.tolist())
            both, with_noop = np.zeros_like(tensor), np.full(encoding.size + 1, 7, np.int8)
            assert core.adapter_observe(ours, seat, nothing, both, with_noop) == count
            assert np.array_equal(both, tensor) and np.array_equal(with_noop[:-1], mask)
            assert with_noop[-1] == 7  # the no-op's byte is the caller's
            for i in ids:
                after, moved = core.adapter_act(ours, seat, i, nothing.copy())
                reference, _ = encoding.advance(state, seat, (), encoding.from_id(state, seat, i))
                assert game.to_pure(after) == reference and moved == (reference is not state)
                checked += 1
        drawn, again = random.Random(checked), random.Random(checked)
        reference = state
        while pure.actors(reference) == (-1,):
            reference = pure.apply_action(
                reference, -1, pure.chance_distribution(reference).sample(again)
            )
        assert game.to_pure(core.adapter_chance(ours, drawn)) == reference
        assert drawn.random() == again.random()  # the same draws, no more
    assert checked > 200


@pytest.mark.parametrize("name", GAMES)
def test_the_cores_adapter_functions_refuse_bad_arguments_and_change_nothing(name: str) -> None:
    game = native.load(name)
    core = game.core
    config = game.Config(players=3)
    state = core.adapter_chance(game.initial_state(config), random.Random(1))
    before = game.to_pure(state)
    seat = game.actors(state)[0]
    width = encoding_for(game, config).size
    pending = np.zeros(core.PENDING_WIDTH, np.int8)
    mask = np.zeros(width, np.int8)
    core.mask_into(state, seat, pending, mask)
    refused = [int(i) for i in np.flatnonzero(mask == 0)][:3]
    for action in [*refused, -1, width, 10**30, True, 1.0, "0", None]:
        with pytest.raises(IllegalActionError):
            core.adapter_act(state, seat, action, pending)
    size = len(core.adapter_tensor(state, seat, pending))
    garbage = pending.copy()
    garbage[0] = -1
    for call in (
        lambda: core.adapter_act(state, seat, int(np.flatnonzero(mask)[0]), garbage),
        lambda: core.mask_into(state, seat, garbage, mask),
        lambda: core.adapter_legal(state, seat, garbage),
        lambda: core.adapter_tensor(state, seat, garbage),
        lambda: core.adapter_observe(state, seat, pending, np.zeros(3, np.float32), mask),
        lambda: core.adapter_observe(state, seat, pending, np.zeros(size, np.float32), mask[:1]),
        lambda: core.observe_into(state, seat, garbage, np.zeros(10**4, np.float32)),
        lambda: core.adapter_act(state, seat, 0, [0] * core.PENDING_WIDTH),
        lambda: core.adapter_chance(state, "not a generator"),
    ):
        with pytest.raises(ValueError):
            call()
    with pytest.raises(RecordError):
        core.adapter_chance(before, random.Random(0))  # a pure state is not the core's
    assert game.to_pure(state) == before and not pending.any() and garbage[0] == -1


def test_auto_keeps_an_exchange_of_the_games_own_ids_on_the_pure_engine(pz: Any) -> None:
    if "schlacht_am_buffet" not in GAMES:
        pytest.skip("Schlacht am Buffet's core is not built here")
    assert pz.parallel_env("schlacht_am_buffet", players=3).engine == "native"
    # factored=False: the core writes the factored ids only; the pure engine serves these best
    assert pz.parallel_env("schlacht_am_buffet", players=3, factored=False).engine == "pure"
    forced = pz.parallel_env("schlacht_am_buffet", players=3, factored=False, engine="native")
    assert forced.engine == "native" and not forced.encoding.on_core  # as asked: still right
    observations, _ = forced.reset(seed=2)
    assert observations["player_0"]["action_mask"].shape == (forced.noop + 1,)


@pytest.mark.parametrize("engine", ["pure", "native"])
def test_a_bad_joint_action_is_refused_before_anything_changes(
    pyspiel: Any, pz: Any, engine: str
) -> None:
    from tablefeast.kernel.errors import GameOverError, InvalidActionError

    name = "food_chain"
    if engine == "native" and name not in GAMES:
        pytest.skip("Food Chain's core is not built here")
    state = pyspiel.load_game(f"tablefeast_{name}(players=3,engine={engine})").new_initial_state()
    for joint in ([1, 0, 0, 0], [1, 0]):
        with pytest.raises(InvalidActionError, match="one id per seat"):
            state.apply_actions(joint)
    state.apply_actions([1, 0, 0])  # seat 0's Bird snatches: seats 1 and 2 wait
    with pytest.raises(IllegalActionError, match="seat 1 does not act now"):
        state.apply_actions([6, 0, 12])
    assert state.history() == [1, 0, 0]
    while not state.is_terminal():
        state.apply_actions([state.legal_actions(seat)[0] for seat in range(3)])
    with pytest.raises(GameOverError):
        state.apply_actions([0, 0, 0])
    turns = pyspiel.load_game(f"tablefeast_turns_{name}(players=3,engine={engine})")
    with pytest.raises(InvalidActionError, match="one action at a time"):
        turns.new_initial_state().apply_actions([1, 0, 0])
    env = pz.parallel_env(name, players=3, engine=engine)
    env.reset(seed=1)
    with pytest.raises(InvalidActionError, match="a dict"):
        env.step([1, 0, 0])
    while env.agents:
        env.step(dict.fromkeys(env.agents, env.noop))  # the no-op ends the episode at once
    with pytest.raises(GameOverError, match="reset"):
        env.step({})
