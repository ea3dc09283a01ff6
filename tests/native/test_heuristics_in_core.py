"""The heuristics written in the native cores (issue 46): a core whose batch plays heuristic
opponents (``HAS_HEURISTIC``) plays exactly the moves `HeuristicAgent` makes, drawing exactly
the numbers it draws from the seat's generator (none for a seat with one legal move).

Every game whose core has its heuristic is checked here: whole seeded games of `play_game` with
a `HeuristicAgent` in every seat, move for move against the core's `heuristic_playout` (each
move played alone in the core from the state the core reached, with that seat's generator);
the playout loop of a search (one generator for every seat and chance) from the start and from
states met along random games; and a search asked for heuristic playouts chooses the same on
the pure engine and on the native twin.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import tablefeast
from tablefeast import native
from tablefeast.agents import HeuristicAgent, ISMCTSAgent
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import Turn, agent_rng, decision, play_game
from tests.support.fuzz import sample_states
from tests.support.walk import playout_loop

WITH_HEURISTIC = native.NATIVE_GAMES
"""The games whose cores have their heuristic (every one): CI's native stage
(TABLEFEAST_REQUIRE_NATIVE) fails where one of them is not built."""

REQUIRED = bool(os.environ.get("TABLEFEAST_REQUIRE_NATIVE"))


def _has_heuristic(name: str) -> bool:
    return native.available(name) and bool(getattr(native.load(name).core, "HAS_HEURISTIC", False))


def _load(name: str) -> Any:
    """The game's native ruleset, whose core offers `heuristic_playout` (the entry point these
    tests play it through), else the test is skipped."""
    fast = native.load(name)
    if fast.heuristic_playout is None:
        pytest.skip(f"{name}'s core has its heuristic but offers no heuristic_playout")
    return fast


GAMES = [
    name
    for name in native.NATIVE_GAMES
    if _has_heuristic(name) or (REQUIRED and name in WITH_HEURISTIC)
]
if not GAMES:
    pytest.skip(
        "no native core with its heuristic is built here (python hatch_build.py builds them)",
        allow_module_level=True,
    )

TABLES = (3, 4, 5, 6)


def _configs(name: str, count: int) -> list[Any]:
    """`count` configs of the game at 3 to 6 players (each game's table sizes that fit), with
    the options the game varies."""
    pure = tablefeast.load(name)
    sizes = [n for n in TABLES if n in pure.CAPABILITIES.players] or list(TABLES)
    configs = []
    for k in range(count):
        players = sizes[k % len(sizes)]
        options: dict[str, Any] = {}
        if name == "food_chain":
            options["first_alpha"] = k % players  # FC-1: who is Alpha first
            if k % 3 == 2:
                options["stars"] = (1, 4, 2, 5, 0)
        configs.append(pure.Config(players=players, **options))
    return configs


class _Watched:
    """`HeuristicAgent` as it is, keeping a reference to the generator `play_game` hands it."""

    def __init__(self) -> None:
        self.agent = HeuristicAgent()
        self.rng: random.Random | None = None

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        self.rng = rng
        return self.agent.act(game, view, legal, rng)


def _segment(fast: Any, state: Any, seat: int, rng: random.Random, after: Any) -> Any:
    """The moves from `state` (where `seat` acts) to `after` played in the core with `rng`: its
    playout stops at the decision of the player who acts in `after` (before any move of
    theirs; `seat`'s next one, where it acts again), or plays to the end where `after` is
    over."""
    acting = fast.pure.actors(after)
    if not acting:
        reached, ended = fast.heuristic_playout(state, 0, None, rng)
        assert ended
        return reached
    assert acting[0] != CHANCE
    stop = acting[0]
    reached, ended = fast.heuristic_playout(state, stop, 1 if stop == seat else 0, rng)
    assert not ended
    return reached


def _heuristic_game(pure: Any, config: Any, seed: str) -> tuple[Any, list[tuple[Any, ...]]]:
    """`play_game` with a HeuristicAgent in every seat, and each of its moves: the state before
    it, the seat, the state after it, and the state of the seat's generator after it (None for
    chance)."""
    watched = [_Watched() for _ in range(config.players)]
    steps: list[tuple[Any, ...]] = []

    def note(before: Any, seat: int, action: Any, after: Any, effects: Any) -> None:
        drawn = None
        if seat != CHANCE:
            rng = watched[seat].rng or agent_rng(seed, seat)  # (never asked: untouched)
            drawn = rng.getstate()
        steps.append((before, seat, after, drawn))

    return play_game(pure, config, watched, seed, on_step=note), steps


@pytest.mark.parametrize("name", GAMES)
def test_the_core_plays_play_games_heuristic_games_move_for_move(name: str) -> None:
    """`play_game` with a HeuristicAgent in every seat, every seat drawing from its own
    generator: the core, playing each move from the state it reached with a copy of that seat's
    generator, makes the same move (the same state after it) and draws the same numbers."""
    fast = _load(name)
    pure = fast.pure
    checked = 0
    for game, config in enumerate(_configs(name, 24)):
        seed = f"heuristic/{name}/{game}"
        players = config.players
        result, steps = _heuristic_game(pure, config, seed)
        plain = play_game(pure, config, [HeuristicAgent()] * players, seed)
        assert plain.moves == result.moves and plain.state == result.state  # nothing changed
        assert pure.is_terminal(result.state)
        mine = [agent_rng(seed, seat) for seat in range(players)]  # the core's copies
        chance = random.Random(seed)  # play_game's chance generator
        state = fast.initial_state(config)
        k = 0
        while k < len(steps):
            before, seat, after, drawn = steps[k]
            assert fast.to_pure(state) == before, (seed, k)
            if seat == CHANCE:  # chance to the next player's decision, from its generator
                while k + 1 < len(steps) and steps[k + 1][1] == CHANCE:
                    k += 1
                after = steps[k][2]
                state = _segment(fast, state, CHANCE, chance, after)
            elif pure.actors(after)[:1] == (CHANCE,):
                # A playout stops only at a player's decision: this move is checked by the
                # shared-generator tests; take play_game's state and draws.
                state = fast.from_pure(after)
                mine[seat].setstate(drawn)
            else:  # the seat's move alone, from a copy of its generator
                state = _segment(fast, state, seat, mine[seat], after)
                checked += 1
            move = pure.action_to_str(result.moves[k][1])
            assert fast.to_pure(state) == after, (seed, k, move)
            if seat != CHANCE:
                assert mine[seat].getstate() == drawn, (seed, k, move)  # the same numbers drawn
            k += 1
        assert fast.to_pure(state) == result.state
    assert checked > 0


def _python_playout(game: Any, state: Any, seat: int, left: int | None, rng: random.Random) -> Any:
    """The playout loop of `tablefeast.agents.ismcts` with heuristic playouts, written out: every
    seat's move `decision(game, state, seat, HeuristicAgent(), ())(rng)`, one generator for
    every seat and chance."""
    agent = HeuristicAgent()

    def heuristic(game: Any, state: Any, actor: int, legal: Any, rng: random.Random) -> Any:
        return decision(game, state, actor, agent, ())(rng)

    return playout_loop(game, state, seat, left, rng, policy=heuristic)


@pytest.mark.parametrize("name", GAMES)
def test_a_heuristic_playout_from_the_start_is_the_python_loops_whole_game(name: str) -> None:
    """Whole games from the initial state with one generator (a search's playout): the same
    final state and the same numbers drawn."""
    fast = _load(name)
    pure = fast.pure
    for game, config in enumerate(_configs(name, 24)):
        seat = game % config.players
        mine, theirs = random.Random(f"whole/{game}"), random.Random(f"whole/{game}")
        reached, ended = fast.heuristic_playout(fast.initial_state(config), seat, None, mine)
        expected, expected_ended = _python_playout(
            pure, pure.initial_state(config), seat, None, theirs
        )
        assert ended and expected_ended
        assert fast.to_pure(reached) == expected, game
        assert mine.getstate() == theirs.getstate(), game


@pytest.mark.parametrize("name", GAMES)
def test_a_heuristic_playout_from_states_met_at_random_is_the_python_loops(name: str) -> None:
    """From states along random games (every seat, several horizons): the same state reached,
    the same end, the same numbers drawn."""
    fast = _load(name)
    pure = fast.pure
    for game, config in enumerate(_configs(name, 8)):
        for k, start in enumerate(sample_states(pure, config, seed=game, count=12)):
            for horizon in (None, 0, 1, 3):
                seat = (game + k) % config.players
                mine = random.Random(f"mid/{game}/{k}/{horizon}")
                theirs = random.Random(f"mid/{game}/{k}/{horizon}")
                reached, ended = fast.heuristic_playout(fast.from_pure(start), seat, horizon, mine)
                expected, expected_ended = _python_playout(pure, start, seat, horizon, theirs)
                assert fast.to_pure(reached) == expected and ended == expected_ended
                assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", GAMES)
def test_a_search_with_heuristic_playouts_chooses_the_same_on_either_engine(name: str) -> None:
    """A search asked for heuristic playouts runs them in the core on the native twin: the
    same choice and the same draws as on the pure engine."""
    fast = _load(name)
    pure = fast.pure
    for game, config in enumerate(_configs(name, 4)):
        for k, state in enumerate(sample_states(pure, config, seed=100 + game, count=4)):
            acting = pure.actors(state)
            if not acting or acting[0] == CHANCE:
                continue
            seat = acting[0]
            choices = []
            for engine in ("pure", "auto"):
                turn = Turn(
                    pure,
                    seat,
                    pure.view(state, seat),
                    pure.legal_actions(state, seat),
                    lambda rng, seat=seat, state=state: pure.determinize(state, seat, rng),
                )
                rng = random.Random(f"search/{game}/{k}")
                agent = ISMCTSAgent(iterations=40, playout="heuristic", engine=engine)
                choices.append((agent.choose(turn, rng), rng.random()))
            assert choices[0] == choices[1]


@pytest.mark.parametrize("name", GAMES)
def test_the_cores_mix_the_heuristics_first_three_moves_with_its_weights(name: str) -> None:
    from tablefeast.agents.heuristics import MIX

    assert native.load(name).core.MIX_WEIGHTS == MIX
