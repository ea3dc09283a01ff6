"""Schlacht am Buffet's exchange, factored in the adapters (issue 32): one decision per card
discarded, then done, in both OpenSpiel forms and both PettingZoo environments.

- The id space is small (70 ids, the no-op 70) and every other game keeps its own.
- While the exchanging seat chooses, the game's state does not change; the cards it has chosen are
  in its own observation (tensor and string) and information state, and in nobody else's: two
  different choices of as many cards look the same to every other seat, and different to it.
- Done applies the game's atomic `Exchange` with exactly the cards chosen (done at once keeps the
  whole hand); a discard of a card the hand no longer holds is refused, with the ruling.
- Resampling keeps the chooser's choice for the chooser, and draws as many cards again, from the
  hand dealt, for anyone else; the turn-based states pickle with it.
- The encoding's ids round-trip; an atomic exchange has no id of its own.
- The ISMCTS agent answers an exchange with one legal `Exchange`, the same for the same seed.

Skipped where an extra is not installed; CI installs them.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import IllegalActionError, InvalidActionError
from tests.interop import expected as defined

SAB = tablefeast.load("schlacht_am_buffet")


def _exchange_position(seed: int, players: int = 4) -> Any:
    """A state of a random game where a seat must decide its exchange, holding several values."""
    rng = random.Random(seed)
    while True:
        state = SAB.initial_state(SAB.Config(players=players))
        while not SAB.is_terminal(state):
            seat = SAB.actors(state)[0]
            if seat != CHANCE and state.exchanger == seat and sum(map(bool, state.hands[seat])) > 2:
                return state
            if seat == CHANCE:
                action = SAB.chance_distribution(state).sample(rng)
            else:
                legal = SAB.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            state = SAB.apply_action(state, seat, action)


def _held(state: Any, seat: int) -> list[int]:
    """The values the seat holds, highest first, each as often as it holds it."""
    return sorted((v for v in range(-1, 10) for _ in range(state.hands[seat][v + 1])), reverse=True)


def _discard_id(value: int) -> int:
    return defined.DISCARD + value + 1


# ---------------------------------------------------------------- the encoding


def test_the_encoding_round_trips_and_has_no_atomic_exchange() -> None:
    from tablefeast.interop.encoding import DONE, Discard, encoding_for

    config = SAB.Config(players=4)
    encoding = encoding_for(SAB, config)
    assert encoding.size == defined.SAB_SIZE and encoding.extra == 11
    for i in range(encoding.size):
        decision = encoding.from_id(None, 0, i)
        assert encoding.to_id(decision, config) == i
    assert [encoding.from_id(None, 0, i) for i in (11, 21, 22)] == [Discard(-1), Discard(9), DONE]
    assert encoding.describe(DONE, (9, 9, -1)) == "exchange 9 9 -1"
    assert encoding.describe(DONE, ()) == "exchange"  # done at once: keeps every card
    assert encoding.describe(Discard(4), ()) == "discard 4"
    for action in (SAB.Exchange(()), SAB.Exchange((9, 3))):
        with pytest.raises(InvalidActionError, match="discard per card"):
            encoding.to_id(action, config)
    for bad in (-1, 70, 168_017, True, "3"):
        with pytest.raises(InvalidActionError):
            encoding.from_id(None, 0, bad)
    # the chance ids are the game's, less the exchanges' block, in the same order
    chance = [SAB.DrawCard(-1), SAB.DrawCard(9), SAB.RevealPlate(SAB.PLATES[35])]
    assert [encoding.to_id(a, config) for a in chance] == [23, 33, 69]
    assert pickle.loads(pickle.dumps(encoding)) is encoding


@pytest.mark.parametrize("name", ["mausgeflippt", "food_chain", "all_you_can_eat_buffet"])
def test_the_other_games_keep_their_ids(name: str) -> None:
    pytest.importorskip("pyspiel")
    import pyspiel

    import tablefeast.interop.openspiel  # registers both forms
    from tablefeast.interop.pettingzoo import parallel_env

    game = tablefeast.load(name)
    config = game.Config(players=4)
    count = game.num_distinct_actions(config)
    assert pyspiel.load_game(f"tablefeast_{name}(players=4)").num_distinct_actions() == count + 1
    assert pyspiel.load_game(f"tablefeast_turns_{name}(players=4)").num_distinct_actions() == count
    env = parallel_env(name, players=4)
    assert env.action_space("player_0").n == count + 1
    size = game.observation_size(config)
    assert env.observation_space("player_0")["observation"].shape == (size,)


def test_schlacht_am_buffet_has_a_small_action_space() -> None:
    pytest.importorskip("pyspiel")
    import pyspiel

    import tablefeast.interop.openspiel  # noqa: F401
    from tablefeast.interop.pettingzoo import env, parallel_env

    assert (
        pyspiel.load_game("tablefeast_schlacht_am_buffet(players=4)").num_distinct_actions() == 71
    )
    turns = pyspiel.load_game("tablefeast_turns_schlacht_am_buffet(players=4)")
    assert turns.num_distinct_actions() == 70
    size = SAB.observation_size(SAB.Config(players=4)) + 11
    assert turns.observation_tensor_shape() == [size]
    for make in (parallel_env, env):
        made = make("schlacht_am_buffet", players=4, engine="pure")
        assert made.noop == 70 and made.action_space("player_1").n == 71
        space = made.observation_space("player_1")
        assert space["action_mask"].shape == (71,) and space["observation"].shape == (size,)


# ---------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyspiel")
    import tablefeast.interop.openspiel  # noqa: F401  (registers both forms)

    return module


def _spiel_state(pyspiel, form: str, inner: Any) -> Any:  # type: ignore[no-untyped-def]
    """An OpenSpiel state of the given form at `inner` (a state with no past)."""
    players = inner.config.players
    game = pyspiel.load_game(f"{form}schlacht_am_buffet(players={players},engine=pure)")
    if form == "tablefeast_turns_":
        from tablefeast.interop.openspiel_turns import State

        return State(game, game.step_of(inner))
    from tablefeast.interop.openspiel import State as Simultaneous

    return Simultaneous(game, inner)


def _apply(state: Any, action_id: int) -> None:
    """The exchanging seat's decision, in either form (the others send the no-op)."""
    if state.is_simultaneous_node():
        noop = state.get_game().num_distinct_actions() - 1
        seat = state.inner.exchanger
        state.apply_actions([action_id if p == seat else noop for p in range(state.num_players())])
    else:
        state.apply_action(action_id)


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_openspiel_an_exchange_is_a_discard_per_card_then_done(  # type: ignore[no-untyped-def]
    pyspiel, form: str, seed: int
) -> None:
    inner = _exchange_position(seed)
    seat = inner.exchanger
    others = [p for p in range(inner.config.players) if p != seat]
    held = _held(inner, seat)
    state = _spiel_state(pyspiel, form, inner)
    assert state.legal_actions(seat) == defined.legal_ids(SAB, inner, seat)
    before = {p: state.observation_tensor(p) for p in others}
    before_strings = {p: state.observation_string(p) for p in others}
    chosen: list[int] = []
    for value in held[:2] + held[-1:]:  # the highest two cards and the lowest one
        assert _discard_id(value) in state.legal_actions(seat)
        assert state.action_to_string(seat, _discard_id(value)) == f"discard {value}"
        _apply(state, _discard_id(value))
        chosen.append(value)
        pending = tuple(sorted(chosen, reverse=True))
        assert state.inner is inner  # the game's state waits for done
        assert state.legal_actions(seat) == defined.legal_ids(SAB, inner, seat, pending)
        tensor = state.observation_tensor(seat)
        assert tensor == defined.tensor(SAB, inner, seat, pending)
        assert tensor[-11:][value + 1] >= 1.0  # the chooser sees what it chose
        assert state.observation_string(seat).endswith("to discard: " + " ".join(map(str, pending)))
        for p in others:  # nobody else does
            assert state.observation_tensor(p) == before[p]
            assert state.observation_string(p) == before_strings[p]
    words = state.action_to_string(seat, defined.DONE)
    assert words == SAB.action_to_str(SAB.Exchange(tuple(chosen)))
    _apply(state, defined.DONE)
    assert state.inner == SAB.apply_action(inner, seat, SAB.Exchange(tuple(chosen)))
    assert sum(state.observation_tensor(seat)[-11:]) == 0.0  # nothing pending any more


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_done_at_once_keeps_the_hand(pyspiel, form: str) -> None:  # type: ignore[no-untyped-def]
    inner = _exchange_position(4)
    state = _spiel_state(pyspiel, form, inner)
    _apply(state, defined.DONE)
    assert state.inner == SAB.apply_action(inner, inner.exchanger, SAB.Exchange(()))


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_a_card_the_hand_no_longer_holds_is_refused(pyspiel, form: str) -> None:  # type: ignore[no-untyped-def]
    inner = _exchange_position(5)
    seat = inner.exchanger
    state = _spiel_state(pyspiel, form, inner)
    value = next(v for v in range(-1, 10) if inner.hands[seat][v + 1] == 1)
    _apply(state, _discard_id(value))
    assert _discard_id(value) not in state.legal_actions(seat)
    with pytest.raises(IllegalActionError, match="SAB-7"):
        _apply(state, _discard_id(value))  # the only one is chosen already
    missing = next(v for v in range(-1, 10) if inner.hands[seat][v + 1] == 0)
    with pytest.raises(IllegalActionError, match="SAB-7"):
        _apply(state, _discard_id(missing))


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_two_choices_of_as_many_cards_differ_for_the_chooser_alone(  # type: ignore[no-untyped-def]
    pyspiel, form: str
) -> None:
    inner = _exchange_position(6)
    seat = inner.exchanger
    values = sorted({v for v in range(-1, 10) if inner.hands[seat][v + 1]})
    a, b = _spiel_state(pyspiel, form, inner), _spiel_state(pyspiel, form, inner)
    _apply(a, _discard_id(values[0]))
    _apply(b, _discard_id(values[1]))
    for p in range(inner.config.players):
        same = p != seat
        assert (a.information_state_string(p) == b.information_state_string(p)) == same
        assert (a.observation_tensor(p) == b.observation_tensor(p)) == same
        assert (a.observation_string(p) == b.observation_string(p)) == same
    # and the chooser's information state is not the one before its choice either
    c = _spiel_state(pyspiel, form, inner)
    assert c.information_state_string(seat) != a.information_state_string(seat)


@pytest.mark.parametrize("form", ["tablefeast_turns_", "tablefeast_"])
def test_openspiel_resampling_keeps_the_choice_for_the_chooser_alone(  # type: ignore[no-untyped-def]
    pyspiel, form: str
) -> None:
    inner = _exchange_position(7)
    seat = inner.exchanger
    held = _held(inner, seat)
    state = _spiel_state(pyspiel, form, inner)
    for value in held[:2]:
        _apply(state, _discard_id(value))
    pending = tuple(held[:2])
    mine = state.resample_from_infostate(seat, random.Random(1).random)
    assert defined.pending_of(mine) == pending
    assert mine.information_state_string(seat) == state.information_state_string(seat)
    assert mine.observation_tensor(seat) == state.observation_tensor(seat)
    assert mine.legal_actions(seat) == state.legal_actions(seat)
    other = next(p for p in range(inner.config.players) if p != seat)
    for k in range(5):
        theirs = state.resample_from_infostate(other, random.Random(k).random)
        drawn = defined.pending_of(theirs)
        assert len(drawn) == 2 and list(drawn) == sorted(drawn, reverse=True)
        hand = theirs.inner.hands[seat]
        assert all(drawn.count(v) <= hand[v + 1] for v in drawn)  # from the hand dealt
        assert theirs.observation_tensor(other) == state.observation_tensor(other)
        assert theirs.information_state_string(other) == state.information_state_string(other)
        _apply(theirs, defined.DONE)  # and it plays on


def test_openspiel_a_turn_based_state_pickles_with_its_pending_discard(pyspiel) -> None:  # type: ignore[no-untyped-def]
    inner = _exchange_position(8)
    seat = inner.exchanger
    state = _spiel_state(pyspiel, "tablefeast_turns_", inner)
    _apply(state, _discard_id(_held(inner, seat)[0]))
    again = pickle.loads(pickle.dumps(state))
    assert defined.pending_of(again) == defined.pending_of(state)
    assert again.legal_actions() == state.legal_actions()
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert defined.pending_of(back) == defined.pending_of(state)


@pytest.mark.parametrize("players", [3, 5])
def test_openspiel_whole_games_with_exchanges_in_both_forms(pyspiel, players: int) -> None:  # type: ignore[no-untyped-def]
    for form in ("tablefeast_turns_", "tablefeast_"):
        game = pyspiel.load_game(f"{form}schlacht_am_buffet(players={players},engine=pure)")
        rng = random.Random(players)
        discards = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(ids, probabilities)[0])
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            else:
                action = rng.choice(state.legal_actions())
                discards += defined.DISCARD <= action < defined.DONE
                state.apply_action(action)
            assert max(state.history(), default=0) < game.num_distinct_actions()
        assert sum(state.returns()) == pytest.approx(1.0)
        assert discards or form == "tablefeast_"


# ---------------------------------------------------------------- PettingZoo
# These read the environment's state with the pure module's functions: on the pure engine (the
# native core plays the same steps: tests/interop/test_adapters_on_the_core.py).


@pytest.fixture(scope="module")
def pz():  # type: ignore[no-untyped-def]
    pytest.importorskip("pettingzoo")
    from tablefeast.interop import pettingzoo

    return pettingzoo


def _to_exchange(env: Any, rng: random.Random, parallel: bool) -> tuple[Any, int]:
    """Play `env` at random until a seat must decide its exchange, holding several values;
    returns the last observations (parallel) and the seat."""
    import numpy as np

    observations = None
    while True:
        state = env._state
        seat = SAB.actors(state)[0]
        if state.exchanger == seat and sum(map(bool, state.hands[seat])) > 2:
            return observations, seat
        if parallel:
            if observations is None:
                observations = {a: env._observe(i) for i, a in enumerate(env.possible_agents)}
            actions = {}
            for agent in env.agents:
                ids = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(ids[rng.randrange(len(ids))])
            observations, *_ = env.step(actions)
        else:
            ids = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(ids[rng.randrange(len(ids))]))
        assert env.agents, "the game ended before an exchange"


@pytest.mark.parametrize("parallel", [True, False])
def test_pettingzoo_an_exchange_is_a_discard_per_card_then_done(pz, parallel: bool) -> None:  # type: ignore[no-untyped-def]
    make = pz.parallel_env if parallel else pz.env
    env = make("schlacht_am_buffet", players=4, engine="pure")
    env.reset(seed=11)
    _, seat = _to_exchange(env, random.Random(11), parallel)
    agent = f"player_{seat}"
    inner = env._state
    held = _held(inner, seat)
    others = [p for p in range(4) if p != seat]
    before = {p: env._observe(p)["observation"].tolist() for p in others}
    chosen: list[int] = []
    for value in held[:2]:
        if parallel:
            sent = dict.fromkeys(env.agents, env.noop) | {agent: _discard_id(value)}
            observations = env.step(sent)[0]
        else:
            assert env.agent_selection == agent
            env.step(_discard_id(value))
            observations = {f"player_{p}": env.observe(f"player_{p}") for p in range(4)}
        chosen.append(value)
        pending = tuple(sorted(chosen, reverse=True))
        assert env._state is inner and env._pending == pending
        mask = observations[agent]["action_mask"]
        assert mask.tolist().count(1) == len(defined.legal_ids(SAB, inner, seat, pending))
        assert observations[agent]["observation"].tolist() == defined.tensor(
            SAB, inner, seat, pending
        )
        for p in others:
            seen = observations[f"player_{p}"]
            assert seen["observation"].tolist() == before[p]  # the choice is not theirs to see
            assert seen["action_mask"].tolist() == [0] * 70 + [1]  # the no-op alone
    if parallel:
        env.step(dict.fromkeys(env.agents, env.noop) | {agent: defined.DONE})
    else:
        env.step(defined.DONE)
    after = SAB.apply_action(inner, seat, SAB.Exchange(tuple(chosen)))
    assert (
        env._pending == () and SAB.view(env._state, seat).discard == SAB.view(after, seat).discard
    )


@pytest.mark.parametrize("parallel", [True, False])
def test_pettingzoo_a_card_the_hand_no_longer_holds_ends_the_episode(pz, parallel: bool) -> None:  # type: ignore[no-untyped-def]
    make = pz.parallel_env if parallel else pz.env
    env = make("schlacht_am_buffet", players=4, engine="pure")
    env.reset(seed=12)
    _, seat = _to_exchange(env, random.Random(12), parallel)
    agent = f"player_{seat}"
    missing = next(v for v in range(-1, 10) if env._state.hands[seat][v + 1] == 0)
    if parallel:
        _, rewards, terminations, _, infos = env.step(
            dict.fromkeys(env.agents, env.noop) | {agent: _discard_id(missing)}
        )
    else:
        env.step(_discard_id(missing))
        rewards, terminations, infos = env.rewards, env.terminations, env.infos
    assert rewards[agent] == -1.0 and all(terminations.values())
    assert f"no card {missing} is left in this hand" in infos[agent]["illegal_action"]


def test_pettingzoo_the_global_state_is_public(pz) -> None:  # type: ignore[no-untyped-def]
    env = pz.parallel_env("schlacht_am_buffet", players=4, engine="pure")
    env.reset(seed=13)
    _, seat = _to_exchange(env, random.Random(13), True)
    value = _held(env._state, seat)[0]
    env.step(dict.fromkeys(env.agents, env.noop) | {f"player_{seat}": _discard_id(value)})
    assert env.state().tolist() == defined.tensor(SAB, env._state, None)  # no pending shown
    assert env.state().shape == env.state_space.shape


# ---------------------------------------------------------------- the agent


def test_the_ismcts_agent_answers_an_exchange_with_one_exchange() -> None:
    pytest.importorskip("pyspiel")
    from tablefeast.interop.openspiel_turns import OpenSpielISMCTSAgent
    from tablefeast.kernel.play import Turn, _Sampler

    agent = OpenSpielISMCTSAgent(iterations=8)
    for seed in (1, 2):
        state = _exchange_position(seed)
        seat = state.exchanger
        legal = SAB.legal_actions(state, seat)
        turn = Turn(SAB, seat, SAB.view(state, seat), legal, _Sampler(SAB, state, seat))
        chosen = agent.choose(turn, random.Random(3))
        assert isinstance(chosen, SAB.Exchange) and chosen in legal
        assert agent.choose(turn, random.Random(3)) == chosen
