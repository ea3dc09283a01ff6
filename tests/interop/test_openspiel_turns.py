"""The turn-based OpenSpiel form of every game: OpenSpiel's own checks, its ISMCTS and MCTS bots,
resampling, information states that hide what they must, and the agent built on ISMCTSBot.

Skipped only when the extra is not installed; CI installs it.
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tests.interop import expected as defined
from tests.support.fuzz import need_engine

NAMES = tablefeast.names()


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyspiel")
    import tablefeast.interop.openspiel_turns  # noqa: F401  (registers the games)

    return module


@pytest.fixture(scope="module")
def turns():  # type: ignore[no-untyped-def]
    pytest.importorskip("pyspiel")
    from tablefeast.interop import openspiel_turns

    return openspiel_turns


def _load(pyspiel, name: str, players: int = 3, engine: str = "pure"):  # type: ignore[no-untyped-def]
    """The turn-based game; on the pure engine unless asked (most tests here read its states
    with the pure module; the core plays the same steps: test_adapters_on_the_core.py)."""
    return pyspiel.load_game(f"tablefeast_turns_{name}(players={players},engine={engine})")


def _step(state, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    """One random move: a chance outcome with its probability, or a uniform legal action."""
    if state.is_chance_node():
        ids, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(ids, probabilities)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("engine", ["pure", "native"])
def test_random_sim_test(pyspiel, name: str, players: int, engine: str) -> None:  # type: ignore[no-untyped-def]
    need_engine(name, engine)
    seats = tablefeast.load(name).CAPABILITIES.players  # a plug-in game may seat fewer
    players = min(max(players, seats[0]), seats[-1])
    game = _load(pyspiel, name, players, engine)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_both_forms_register_whichever_module_comes_first(pyspiel) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    for first in ("openspiel", "openspiel_turns"):
        code = (
            f"import tablefeast.interop.{first}, pyspiel\n"
            "names = set(pyspiel.registered_names())\n"
            "for name in __import__('tablefeast').names():\n"
            "    assert f'tablefeast_{name}' in names and f'tablefeast_turns_{name}' in names\n"
        )
        subprocess.run([sys.executable, "-c", code], check=True)


def test_parameters_are_the_simultaneous_forms(pyspiel) -> None:  # type: ignore[no-untyped-def]
    import tablefeast.games.mausgeflippt as mg

    game = pyspiel.load_game("tablefeast_turns_mausgeflippt(players=4,young_seats=1:3,language=en)")
    assert game.config == mg.Config(players=4, young_seats=(1, 3), language="en")
    assert game.num_distinct_actions() == mg.num_distinct_actions(game.config)  # no no-op
    sab = pyspiel.load_game("tablefeast_turns_schlacht_am_buffet(players=4)")
    assert sab.num_distinct_actions() == 70  # the exchanges factored, no no-op
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("tablefeast_turns_food_chain(players=4,colour=red)")


def test_a_game_from_a_config_says_what_parameters_can(turns) -> None:  # type: ignore[no-untyped-def]
    mg = tablefeast.load("mausgeflippt")
    config = mg.Config(players=3, young_seats=(2,), tie_probability="1/10")
    game = turns.game_for(mg, config)
    assert game.config == config and turns.game_for(mg, config) is game
    assert "young_seats=2" in str(game) and "tie_probability=1/10" in str(game)


# ---------------------------------------------------------------- the same game as the engine


@pytest.mark.parametrize("name", NAMES)
def test_moves_are_the_engines(pyspiel, name: str) -> None:  # type: ignore[no-untyped-def]
    game = _load(pyspiel, name, 4)
    ruleset = tablefeast.load(name)
    state, inner = game.new_initial_state(), ruleset.initial_state(game.config)
    rng = random.Random(7)
    pending: tuple[int, ...] = ()  # the cards chosen so far for a factored exchange
    exchanges = 0
    while not state.is_terminal():
        assert state.inner == inner and state._step.pending == pending
        acting = ruleset.actors(inner)
        config = inner.config
        if acting == (CHANCE,):
            assert state.is_chance_node() and pyspiel.State.is_chance_node(state)
            exact = {
                defined.to_id(ruleset, a, config): p for a, p in ruleset.chance_outcomes(inner)
            }
            outcomes = state.chance_outcomes()
            assert [i for i, _ in outcomes] == sorted(exact)
            assert all(p == float(exact[i]) for i, p in outcomes)  # exact, as floats
            assert sum(exact.values()) == Fraction(1)
        else:
            seat = acting[0]
            assert state.current_player() == seat and not state.is_chance_node()
            ours = defined.legal_ids(ruleset, inner, seat, pending)
            assert state.legal_actions() == state.legal_actions(seat) == ours
            assert pyspiel.State.legal_actions(state) == ours  # OpenSpiel's own path agrees
            for other in range(config.players):
                if other != seat:
                    assert state.legal_actions(other) == []
        action_id = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
        seat = CHANCE if acting == (CHANCE,) else acting[0]
        words = state.action_to_string(state.current_player(), action_id)
        state.apply_action(action_id)
        if defined.exchanging(ruleset, inner, seat):  # a discard, or done: the whole exchange
            if action_id != defined.DONE:
                value = action_id - defined.DISCARD - 1
                assert words == f"discard {value}"
                pending = tuple(sorted((*pending, value), reverse=True))
                continue
            action = ruleset.Exchange(pending)
            pending = ()
            exchanges += 1
        else:
            if seat == CHANCE:
                options = [a for a, _ in ruleset.chance_outcomes(inner)]
            else:
                options = list(ruleset.legal_actions(inner, seat))
            action = next(a for a in options if defined.to_id(ruleset, a, config) == action_id)
        assert words == ruleset.action_to_str(action)
        inner = ruleset.apply_action(inner, seat, action)
    assert state.inner == inner and not ruleset.actors(inner)
    assert exchanges or name != "schlacht_am_buffet"  # the factored exchanges were played
    returns = state.returns()
    winners = ruleset.winners(inner)
    assert sum(returns) == pytest.approx(1.0)
    assert {p for p, r in enumerate(returns) if r > 0} == set(winners)
    assert state.legal_actions() == []


def test_illegal_ids_are_refused_with_the_engines_error(pyspiel) -> None:  # type: ignore[no-untyped-def]
    state = _load(pyspiel, "food_chain").new_initial_state()
    with pytest.raises(tablefeast.IllegalActionError):
        state.apply_action(5)  # a take, while seats choose their animals
    with pytest.raises(tablefeast.IllegalActionError, match="no chance"):
        state.chance_outcomes()


# ---------------------------------------------------------------- information states


def _hidden_pairs(pyspiel, name: str, seed: int) -> list[tuple[Any, Any, int]]:  # type: ignore[no-untyped-def]
    """Pairs of states one move apart from a common state by two different actions of the
    same seat, with the next seat to act (not chance, not the same seat) in both."""
    game = _load(pyspiel, name, 4)
    state = game.new_initial_state()
    rng = random.Random(seed)
    pairs = []
    while not state.is_terminal() and len(pairs) < 6:
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            first, second = rng.sample(state.legal_actions(), 2)
            a, b = state.clone(), state.clone()
            a.apply_action(first)
            b.apply_action(second)
            seat, nxt = state.current_player(), a.current_player()
            if nxt >= 0 and nxt == b.current_player() and nxt != seat:
                pairs.append((a, b, nxt))
        _step(state, rng)
    return pairs


@pytest.mark.parametrize("name", NAMES)
def test_information_states_hide_the_others_commitments(pyspiel, name: str) -> None:  # type: ignore[no-untyped-def]
    ruleset = tablefeast.load(name)
    hidden = 0
    for seed in range(4):
        for a, b, seat in _hidden_pairs(pyspiel, name, seed):
            same_view = ruleset.view(a.inner, seat) == ruleset.view(b.inner, seat)
            same_string = a.information_state_string(seat) == b.information_state_string(seat)
            assert same_view == same_string  # the string follows the views exactly
            if same_view:  # the other seat's move was face down
                hidden += 1
                assert a.inner != b.inner
                assert a.observation_string(seat) == b.observation_string(seat)
                assert a.observation_tensor(seat) == b.observation_tensor(seat)
                assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
                # ... and a sample drawn for that seat cannot tell which one it came from
                sa = a.resample_from_infostate(seat, random.Random(3).random)
                sb = b.resample_from_infostate(seat, random.Random(3).random)
                assert sa.inner == sb.inner
                for p in range(4):
                    assert sa.information_state_string(p) == sb.information_state_string(p)
    assert hidden > 0


def test_information_states_have_perfect_recall(pyspiel) -> None:  # type: ignore[no-untyped-def]
    game = _load(pyspiel, "food_chain")
    a, b = game.new_initial_state(), game.new_initial_state()
    for state, first in ((a, 3), (b, 2)):  # seat 0 plays a Dog, or a Cat
        for action in (first, 0, 0):  # seats 1 and 2 play Worms
            state.apply_action(action)
    # The animals are revealed: every seat can tell the two games apart now, and forever after.
    assert [a.information_state_string(p) != b.information_state_string(p) for p in range(3)] == [
        True,
        True,
        True,
    ]
    assert a.information_state_string(0).startswith("0:3:")
    public = game.make_py_observer(
        pyspiel.IIGObservationType(private_info=pyspiel.PrivateInfoType.NONE, perfect_recall=True)
    )
    assert public.string_from(a, 0).startswith("None:3:")


# ---------------------------------------------------------------- resampling


@pytest.mark.parametrize("name", NAMES)
def test_resampling_keeps_what_the_seat_knows(pyspiel, name: str) -> None:  # type: ignore[no-untyped-def]
    game = _load(pyspiel, name, 4)
    ruleset = tablefeast.load(name)
    state = game.new_initial_state()
    rng = random.Random(11)
    differed = checked = 0
    while not state.is_terminal() and checked < 12:
        if not state.is_chance_node() and rng.random() < 0.3:
            checked += 1
            seat = state.current_player()
            sample = state.resample_from_infostate(seat, random.Random(checked).random)
            assert sample.information_state_string(seat) == state.information_state_string(seat)
            assert sample.observation_string(seat) == state.observation_string(seat)
            assert sample.observation_tensor(seat) == state.observation_tensor(seat)
            assert ruleset.view(sample.inner, seat) == ruleset.view(state.inner, seat)
            assert sample.current_player() == seat
            assert sample.legal_actions() == state.legal_actions()
            assert sample.history() == []  # the true history would tell the hidden cards
            differed += sample.inner != state.inner
            # it plays on, and serializes as itself
            text = pyspiel.serialize_game_and_state(game, sample)
            _, again = pyspiel.deserialize_game_and_state(text)
            assert again.inner == sample.inner
            assert again.information_state_string(seat) == sample.information_state_string(seat)
            _step(sample, rng)
        _step(state, rng)
    assert checked and differed  # the samples really dealt the hidden cards again


# ---------------------------------------------------------------- OpenSpiel's bots


def _bot(pyspiel, game, kind: str, seed: int):  # type: ignore[no-untyped-def]
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    if kind == "ismcts":  # as it comes: its own resampler and OpenSpiel's sampler
        return ismcts.ISMCTSBot(
            game, evaluator, 0.7, max_simulations=10, random_state=np.random.RandomState(seed)
        )
    return mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
@pytest.mark.parametrize("name", NAMES)
def test_openspiel_bots_play(pyspiel, name: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    game = _load(pyspiel, name)
    bot = _bot(pyspiel, game, kind, 3)
    state = game.new_initial_state()
    rng = random.Random(5)
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.current_player() == 1 and len(state.legal_actions()) > 1:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            _step(state, rng)
    assert decisions == 6


# ---------------------------------------------------------------- the agent


def _decision(name: str, seed: int) -> tuple[Any, Any, int]:
    """A state where some seat must choose among several actions, after random play."""
    game = tablefeast.load(name)
    rng = random.Random(seed)
    state = game.initial_state(game.Config(players=4))
    while True:
        seat = game.actors(state)[0]
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.05:
                return game, state, seat
            action = legal[rng.randrange(len(legal))]
        state = game.apply_action(state, seat, action)


def _turn(game: Any, state: Any, seat: int) -> Any:
    from tablefeast.kernel.play import Turn, _Sampler

    legal = game.legal_actions(state, seat)
    return Turn(game, seat, game.view(state, seat), legal, _Sampler(game, state, seat))


@pytest.mark.parametrize("name", NAMES)
def test_the_agent_plays_whole_games(turns, name: str) -> None:  # type: ignore[no-untyped-def]
    game = tablefeast.load(name)
    agents = [turns.OpenSpielISMCTSAgent(iterations=2), tablefeast.RandomAgent()]
    agents.append(tablefeast.RandomAgent())
    result = tablefeast.play_game(game, game.Config(players=3), agents, seed=2)
    assert game.is_terminal(result.state)
    assert tablefeast.replay(result.record) == result.state  # every move was legal


def test_games_with_the_agent_repeat_for_a_seed(turns) -> None:  # type: ignore[no-untyped-def]
    game = tablefeast.load("mausgeflippt")
    agents = [turns.OpenSpielISMCTSAgent(iterations=3), tablefeast.RandomAgent()]
    first = tablefeast.play_game(game, game.Config(players=2), agents, seed=8)
    again = tablefeast.play_game(game, game.Config(players=2), agents, seed=8)
    assert first.moves == again.moves


@pytest.mark.parametrize("name", NAMES)
def test_the_agent_acts_on_the_view_alone_and_repeats_itself(turns, name: str) -> None:  # type: ignore[no-untyped-def]
    agent = turns.OpenSpielISMCTSAgent(iterations=8)
    hidden_differed = False
    for seed in range(2):
        game, state, seat = _decision(name, seed)
        other = game.determinize(state, seat, random.Random(99))  # same view, other hidden cards
        assert game.view(other, seat) == game.view(state, seat)
        hidden_differed = hidden_differed or other != state
        a = agent.choose(_turn(game, state, seat), random.Random(5))
        again = agent.choose(_turn(game, state, seat), random.Random(5))
        b = agent.choose(_turn(game, other, seat), random.Random(5))
        assert a == again == b and a in game.legal_actions(state, seat)
    assert hidden_differed or name == "food_chain"  # Food Chain hides only commitments


def test_the_agent_may_act_for_any_seat_that_commits(turns) -> None:  # type: ignore[no-untyped-def]
    # The server asks every seat of a simultaneous step at once, not only the first one.
    fc = tablefeast.load("food_chain")
    state = fc.initial_state(fc.Config(players=4))
    agent = turns.OpenSpielISMCTSAgent(iterations=10)
    for seat in range(4):
        assert agent.choose(_turn(fc, state, seat), random.Random(seat)) in fc.legal_actions(
            state, seat
        )


def test_the_agent_by_name_pickled_and_checked(turns) -> None:  # type: ignore[no-untyped-def]
    from tablefeast.agents import make_agent

    spec = "tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent"
    assert make_agent(f"{spec}:100") == turns.OpenSpielISMCTSAgent(iterations=100)
    assert make_agent(f"{spec}:50,1.5") == turns.OpenSpielISMCTSAgent(50, 1.5)
    agent = turns.OpenSpielISMCTSAgent(iterations=7, exploration=0.5)
    assert pickle.loads(pickle.dumps(agent)) == agent
    for bad in ("0", '"many"', "10,-1"):
        with pytest.raises(tablefeast.ConfigError, match="OpenSpielISMCTSAgent"):
            make_agent(f"{spec}:{bad}")
    with pytest.raises(ValueError, match="iterations must be an int"):
        turns.OpenSpielISMCTSAgent(iterations=True)
