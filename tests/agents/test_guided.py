"""Search guided by the learned policy (issue 47, item 2): its choice is the PUCT score over the
search's root statistics and the network's prior, reproducible from a seed on every engine, and
it refuses what its weights cannot play before it searches."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import tablefeast
from tablefeast.agents import GuidedAgent, ISMCTSAgent, LearnedAgent, make_agent
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.play import RandomAgent, Turn, _Sampler, play_game

FC = tablefeast.load("food_chain")
TRAINED = ["food_chain", "all_you_can_eat_buffet", "mausgeflippt", "schlacht_am_buffet"]


def _turns(name: str, count: int) -> list[Turn]:
    """Turns of seats with a choice along a seeded random 4-player game."""
    game = tablefeast.load(name)
    record = play_game(game, game.Config(players=4), [RandomAgent()] * 4, seed=2)
    state = game.initial_state(game.Config(players=4))
    turns = []
    for seat, move in record.moves:
        legal = game.legal_actions(state, seat) if seat >= 0 else ()
        if len(legal) > 1:
            view = game.view(state, seat)
            turns.append(Turn(game, seat, view, legal, _Sampler(game, state, seat)))
        state = game.apply_action(state, seat, move)
    return turns[:: max(1, len(turns) // count)][:count]


@pytest.mark.parametrize("name", TRAINED)
def test_the_choice_is_the_puct_score_over_the_searchs_statistics(name: str) -> None:
    agent = GuidedAgent(iterations=30, prior=2.0)
    differs = 0
    for k, turn in enumerate(_turns(name, 4)):
        visits, values, done = ISMCTSAgent(iterations=30).root_statistics(turn, random.Random(k))
        prior = LearnedAgent().probabilities(turn.game, turn.view, turn.legal)
        assert done == 30 and sum(visits.values()) == 30
        assert math.isclose(sum(prior.values()), 1.0) and set(prior) == set(turn.legal)

        score = {}
        for move in turn.legal:
            n = visits.get(move, 0)
            mean = values[move] / n if n else 0.0
            score[move] = mean + 2.0 * prior[move] * math.sqrt(30) / (1 + n)
        chosen = agent.choose(turn, random.Random(k))
        assert chosen == max(turn.legal, key=score.__getitem__)
        differs += chosen != ISMCTSAgent(iterations=30).choose(turn, random.Random(k))
    assert differs  # the prior changes choices: not the plain search's most visited move


def test_no_prior_takes_the_best_mean_and_a_huge_one_follows_the_network() -> None:
    for k, turn in enumerate(_turns("food_chain", 6)):
        visits, values, _ = ISMCTSAgent(iterations=40).root_statistics(turn, random.Random(k))
        means = {a: values[a] / visits[a] for a in visits}
        best_mean = max(turn.legal, key=lambda a: means.get(a, 0.0))
        assert GuidedAgent(iterations=40, prior=0).choose(turn, random.Random(k)) == best_mean
        # one iteration: one move tried once, the others never; a huge prior then ranks the
        # moves by P(a) / (1 + n(a)), the tried move at half its prior
        prior = LearnedAgent().probabilities(turn.game, turn.view, turn.legal)
        one, _, _ = ISMCTSAgent(iterations=1).root_statistics(turn, random.Random(k))
        expected = max(turn.legal, key=lambda a: prior[a] / (1 + one.get(a, 0)))
        assert GuidedAgent(iterations=1, prior=1e6).choose(turn, random.Random(k)) == expected


def test_whole_games_replay_from_a_seed_on_every_engine() -> None:
    moves = []
    for engine in ("auto", "auto", "pure"):
        agents = [GuidedAgent(iterations=10, engine=engine)] + [RandomAgent()] * 3
        moves.append(play_game(FC, FC.Config(players=4), agents, seed=4).moves)
    assert moves[0] == moves[1] == moves[2]


def test_a_table_its_weights_do_not_play_is_refused_before_any_draw() -> None:
    state = FC.initial_state(FC.Config(players=3))
    turn = Turn(FC, 0, FC.view(state, 0), FC.legal_actions(state, 0), _Sampler(FC, state, 0))
    rng = random.Random(1)
    before = rng.getstate()
    with pytest.raises(ConfigError, match="play 4 players, not 3"):
        GuidedAgent(iterations=5).choose(turn, rng)
    assert rng.getstate() == before


def test_make_agent_names_it_with_a_budget() -> None:
    assert make_agent("guided") == GuidedAgent()
    assert make_agent("guided:300") == GuidedAgent(iterations=300)
    with pytest.raises(ConfigError, match="guided takes a number of iterations"):
        make_agent("guided:0")


@pytest.mark.parametrize(
    "settings",
    [{"iterations": 0}, {"iterations": 2.0}, {"prior": -1}, {"prior": math.nan}, {"prior": "1"}],
)
def test_bad_settings_are_refused(settings: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="GuidedAgent"):
        GuidedAgent(**settings)


def test_a_guard_that_cuts_the_search_short_says_so() -> None:
    turn = _turns("food_chain", 1)[0]
    timed = GuidedAgent(iterations=10**6, seconds=0.01).choose_timed(turn, random.Random(0))
    assert timed.cut_short and timed.action in turn.legal
    whole = GuidedAgent(iterations=5).choose_timed(turn, random.Random(0))
    assert not whole.cut_short
