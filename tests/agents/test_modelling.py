"""The modelling agent (`tablefeast.agents.modelling`) and the games' ``withdraw``."""

from __future__ import annotations

import random

import attrs
import pytest

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.agents.modelling import (
    KNOWN_SAMPLES,
    ModelAgent,
    OpponentModel,
    challenger,
    move_probabilities,
)
from tablefeast.kernel.play import Observer, RandomAgent, Turn, play_game
from tablefeast.testing import ConformanceError, check_random_game


def test_a_wrong_withdraw_fails_the_conformance_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite checks that ``withdraw`` restores the state before a commitment exactly."""
    broken = attrs.evolve(fc.CAPABILITIES, withdraw=lambda state, seat: state)
    monkeypatch.setattr(fc, "CAPABILITIES", broken)
    with pytest.raises(ConformanceError, match="withdraw"):
        check_random_game(fc, fc.Config(players=3), seed=0)


@pytest.mark.parametrize(
    ("name", "ruling"),
    [("food_chain", "FC-3"), ("schlacht_am_buffet", "SAB-5"), ("mausgeflippt", "MG-2")],
)
def test_withdraw_takes_back_exactly_one_commitment(name: str, ruling: str) -> None:
    """FC-3, SAB-5, MG-2: a hidden commitment changes nothing but its own slot (and in SAB the
    hand the card left), so ``withdraw`` restores the state before it exactly."""
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
            assert game.CAPABILITIES.withdraw(after, seat) == state, ruling
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
    [
        {"iterations": 0},
        {"wary": 1.0},
        {"unknown": -0.5},
        {"floor": -0.1},
        {"horizon": -1},
        {"seconds": 0},
        {"known": "heuristic"},
    ],
)
def test_the_model_agent_refuses_bad_settings(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="ModelAgent"):
        ModelAgent(**changes)  # type: ignore[arg-type]


def test_the_model_refuses_unknown_policies() -> None:
    with pytest.raises(ValueError, match=r"OpponentModel\.prior"):
        OpponentModel(prior=(("greedy", 1.0),))


def test_the_table_shows_a_commitment_only_once_its_pass_is_revealed() -> None:
    """FC-11: everything but the pass's hidden commitments is public, so the table shows each
    seat's view and move to the others, a commitment once its pass is revealed (FC-3)."""
    state = fc.initial_state(fc.Config(players=3))
    watch = Observer(fc)
    for seat, animal in enumerate([fc.Animal.WORM, fc.Animal.DOG, fc.Animal.CAT]):
        assert watch.shown(2) == ()
        after = fc.apply_action(state, seat, fc.Play(animal))
        watch.note(state, seat, fc.Play(animal), after)
        before, state = state, after
    shown = watch.shown(0)
    assert [(seat, move) for seat, _, _, move in shown] == [
        (1, fc.Play(fc.Animal.DOG)),
        (2, fc.Play(fc.Animal.CAT)),
    ]
    assert shown[1][1] == fc.view(before, 2) and shown[1][2] == fc.legal_actions(before, 2)


def test_a_table_of_hidden_hands_shows_no_moves() -> None:
    """In Schlacht am Buffet a view holds a hand (SAB-2), so the table shows agents nothing."""
    sab = tablefeast.load("schlacht_am_buffet")
    seen: list[int] = []

    @attrs.frozen
    class Watching:
        def choose(self, turn: Turn, rng: random.Random) -> object:
            seen.append(len(turn.observed))
            return turn.legal[0]

    play_game(sab, sab.Config(players=3), [Watching(), RandomAgent(), RandomAgent()], seed=1)
    assert seen and set(seen) == {0}


def test_play_game_hands_search_agents_what_the_table_showed() -> None:
    seen: list[tuple[int, ...]] = []

    @attrs.frozen
    class Watching:
        def choose(self, turn: Turn, rng: random.Random) -> object:
            seen.append(tuple(seat for seat, *_ in turn.observed))
            return turn.legal[0]

    play_game(fc, fc.Config(players=3), [Watching(), RandomAgent(), RandomAgent()], seed=2)
    assert seen[0] == ()  # the first pass: nothing revealed yet
    assert len(seen[-1]) > len(seen[1]) > 0 and 0 not in seen[-1]


def test_a_false_public_views_fails_the_conformance_suite(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The suite checks a game's claim that the table may show every seat's view."""
    sab = tablefeast.load("schlacht_am_buffet")
    monkeypatch.setattr(sab, "CAPABILITIES", attrs.evolve(sab.CAPABILITIES, public_views=True))
    with pytest.raises(ConformanceError, match="public_views"):
        check_random_game(sab, sab.Config(players=3), seed=0)


def test_the_model_agent_reads_the_table_it_was_shown() -> None:
    """A seat shown playing the heuristic's first choices is read as a heuristic player; the
    others keep the prior."""
    s = fc.initial_state(fc.Config(players=3))
    shown = tuple(
        (1, fc.view(s, 1), fc.legal_actions(s, 1), fc.Play(fc.Animal.WORM)) for _ in "xyz"
    )
    turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0), lambda r: s, shown)
    weights = ModelAgent()._weights(turn)
    assert weights[1]["heuristic"] > 0.9 and weights[2] == {"heuristic": 0.5, "random": 0.5}


def test_the_model_agent_is_named_like_the_other_searches() -> None:
    from tablefeast.agents import make_agent
    from tablefeast.agents.levels import level_agent
    from tablefeast.kernel.errors import ConfigError

    assert make_agent("model") == ModelAgent()
    assert make_agent("model:30") == ModelAgent(iterations=30)
    assert level_agent("model:30") == ModelAgent(iterations=30)  # no time limit
    for bad in ("model:0", "model:x", "model:-3", "model:99999999"):
        with pytest.raises(ConfigError, match="model takes a number of iterations"):
            make_agent(bad)
    levels = {"easy": "heuristic", "medium": "ismcts:50", "hard": "model:40"}
    assert attrs.evolve(fc.CAPABILITIES, levels=levels).levels["hard"] == "model:40"
    with pytest.raises(ValueError, match="model:ITERATIONS"):
        attrs.evolve(fc.CAPABILITIES, levels={**levels, "hard": "model:0"})


def test_a_request_may_seat_a_model_bot_within_the_servers_cap() -> None:
    pytest.importorskip("starlette")
    from tablefeast.kernel.errors import ConfigError
    from tablefeast.server.seats import bot, check_kind
    from tablefeast.server.settings import ServerSettings

    settings = ServerSettings(max_iterations=100)
    assert check_kind("model:100", settings) == "model:100"
    assert bot("model:100", settings, think=0.5) == ModelAgent(iterations=100, seconds=0.5)
    with pytest.raises(ConfigError, match="from 1 to 100"):
        check_kind("model:101", settings)


def test_a_challenger_asks_the_agent_it_knows_a_few_times_per_view() -> None:
    """The ladder's challenger reads the other seats' moves from the agent they are: at most
    `KNOWN_SAMPLES` choices per seat and view (Food Chain's views are public, FC-11, so every
    sampled world shows each seat the same view)."""
    asked: list[int] = []

    class FirstMove:
        def act(self, game: object, view: object, legal: tuple[object, ...], rng: object) -> object:
            asked.append(1)
            return legal[0]

    s = fc.initial_state(fc.Config(players=3))
    turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0), lambda rng: fc.determinize(s, 0, rng))
    ModelAgent(iterations=12, known=FirstMove()).choose(turn, random.Random(1))
    assert len(asked) == 2 * KNOWN_SAMPLES
    assert challenger("heuristic", 5) == ModelAgent(iterations=5, known=HeuristicAgent())
