"""The modelling agent (`tablefeast.agents.modelling`) and the games' ``withdraw``."""

from __future__ import annotations

import random

import attrs
import pytest

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.agents.modelling import ModelAgent, OpponentModel, move_probabilities
from tablefeast.kernel.play import RandomAgent, Turn, play_game
from tablefeast.testing import ConformanceError, check_random_game


def test_a_wrong_withdraw_fails_the_conformance_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite checks that ``withdraw`` restores the state before a commitment exactly."""
    broken = attrs.evolve(fc.CAPABILITIES, withdraw=lambda state, seat: state)
    monkeypatch.setattr(fc, "CAPABILITIES", broken)
    with pytest.raises(ConformanceError, match="withdraw"):
        check_random_game(fc, fc.Config(players=3), seed=0)


@pytest.mark.parametrize("name", ["food_chain", "schlacht_am_buffet", "mausgeflippt"])
def test_withdraw_takes_back_exactly_one_commitment(name: str) -> None:
    game = tablefeast.load(name)
    rng = random.Random(3)
    state = game.initial_state(game.Config(players=3))
    checked = 0
    while game.actors(state) and checked < 5:
        acting = game.actors(state)
        if len(acting) > 1:
            seat = acting[0]
            move = game.legal_actions(state, seat)[0]
            after = game.apply_action(state, seat, move)
            assert game.CAPABILITIES.withdraw(after, seat) == state
            checked += 1
        seat = acting[0]
        if seat == -1:
            state = game.apply_action(state, seat, game.chance_distribution(state).sample(rng))
        else:
            state = game.apply_action(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert checked == 5


def test_the_posterior_reads_random_play_as_random() -> None:
    """A seat seen making moves the heuristic almost never makes is read as random."""
    s = fc.initial_state(fc.Config(players=3))
    seen = (fc.view(s, 1), fc.legal_actions(s, 1), fc.Play(fc.Animal.FLEA))
    weights = OpponentModel().posterior(fc, [seen] * 3)
    assert weights["random"] > 0.99
    probabilities = move_probabilities(fc, "heuristic", seen[0], seen[1])
    assert abs(sum(probabilities.values()) - 1) < 1e-12


def test_the_model_agent_plays_legal_reproducible_games() -> None:
    agents = [ModelAgent(iterations=3), RandomAgent(), RandomAgent()]
    first = play_game(fc, fc.Config(players=3), agents, seed=4)
    again = play_game(fc, fc.Config(players=3), agents, seed=4)
    assert fc.is_terminal(first.state) and first.moves == again.moves


def test_the_model_agent_reads_only_its_view() -> None:
    """Two states that differ only in another seat's hidden commitment give the same choice."""
    s = fc.initial_state(fc.Config(players=3))
    choices = set()
    for animal in (fc.Animal.WORM, fc.Animal.DOG):
        state = fc.apply_action(s, 0, fc.Play(animal))
        turn = Turn(
            fc,
            1,
            fc.view(state, 1),
            fc.legal_actions(state, 1),
            lambda rng, state=state: fc.determinize(state, 1, rng),
        )
        choices.add(ModelAgent(iterations=6).choose(turn, random.Random(9)))
    assert len(choices) == 1


@pytest.mark.parametrize(
    "changes",
    [{"iterations": 0}, {"wary": 1.0}, {"floor": -0.1}, {"horizon": -1}, {"seconds": 0}],
)
def test_the_model_agent_refuses_bad_settings(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="ModelAgent"):
        ModelAgent(**changes)  # type: ignore[arg-type]


def test_the_model_refuses_unknown_policies() -> None:
    with pytest.raises(ValueError, match=r"OpponentModel\.prior"):
        OpponentModel(prior=(("greedy", 1.0),))
