"""The native cores (issue 32) agree with the pure engine move for move and error for error, on a
corpus of seeded games at every table size; states convert both ways losslessly; the native
ruleset plays through the driver and the agents as the pure module does."""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tablefeast
from tablefeast import native
from tablefeast.agents import HeuristicAgent
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import ConfigError, RecordError, TablefeastError
from tablefeast.kernel.play import RandomAgent, play_game
from tests.support.fuzz import built_cores
from tests.support.walk import playout_loop

BUILT = built_cores()  # the module is skipped where none is built (but in CI's native stage)


VARIETY: dict[str, Callable[[int, int], dict[str, Any]]] = {
    "food_chain": lambda players, game: {"first_alpha": game % players},
    "mausgeflippt": lambda players, game: {
        "first_turner": game % players,
        "tie_probability": ("0", "1/5", "1")[game % 3],  # MG-3, MG-16: clear, unclear, always
        "young_seats": [game % players] if game % 4 == 1 else [],  # MG-15
        "speed_weights": [1 + (seat * game) % 4 for seat in range(players)],  # MG-20
    },
    "schlacht_am_buffet": lambda players, game: {
        "start_player": game % players,
        "edition": ("en", "fr")[game % 2],  # SAB-18, SAB-22: the editions' part two differ
    },
    "all_you_can_eat_buffet": lambda players, game: {
        "first_player": game % players,
        "cards": _ayc_lists() if game % 3 == 2 else None,  # AYC-0: a custom list
    },
}
"""Per game, the setups the corpus varies over its seeded games."""

TAMPERED: dict[str, tuple[tuple[str, Any, str], ...]] = {
    "food_chain": (
        ("alpha", 7, "alpha 7"),
        ("hands", "junk", ""),
        ("stacks", ((0,) * 99,) * 3, ""),
    ),
    "mausgeflippt": (
        ("turner", 7, "turner 7"),
        ("hands", "junk", ""),
        ("pending_draws", (0,) * 99, "pending_draws has 99 entries"),
    ),
    "schlacht_am_buffet": (
        ("round", 99, "round 99"),
        ("hands", "junk", ""),
        ("pending_draws", (0,) * 99, "pending draws"),
    ),
    "all_you_can_eat_buffet": (
        ("round", 99, "round 99"),
        ("hands", "junk", ""),
        ("mood_draws", (0,) * 99, "mood_draws must list at most 9 seats"),
    ),
}
"""Per game, fields set to values no reachable state holds, and what the refusal says."""


def _ayc_lists() -> dict[str, Any]:
    """All You Can Eat Buffet's custom lists for the corpus: 47 Meals, so the deck runs out and
    lines get short (AYC-13), eight Surprise breads whose secret cards are lost with the line or
    turned at the end (AYC-4), and eight Fruit kinds, one a "Rum" kind (AYC-20)."""
    from tablefeast.games.all_you_can_eat_buffet import DEFAULT_CARDS

    data = json.loads(tablefeast.dumps(DEFAULT_CARDS))
    kept = ("fruits", "surprise_bread", "coffee", "tomato", "cake")
    meals = [meal for meal in data["meals"] if meal["set"] in kept]
    for meal in meals:
        meal["count"] *= 4 if meal["set"] == "surprise_bread" else 1
    for name, count in (("Fig", 3), ("Rum Fig", 2), ("Kiwi", 3)):
        meals.append(
            {"set": "fruits", "name": name, "count": count, "points": 1, "drink": count == 2}
            | {"jealous_icon": name == "Kiwi"}
        )
    return {**data, "meals": meals}


def outcome(function: Callable[..., Any], *args: Any) -> tuple[Any, Any]:
    """What a call gives: ("ok", its value) or (its error's class, its message)."""
    try:
        return "ok", function(*args)
    except TablefeastError as e:
        return type(e), str(e)


@pytest.mark.parametrize("name", sorted(native.NATIVE_GAMES))
def test_every_native_core_is_built_where_it_is_required(name: str) -> None:
    assert name in BUILT


def _table_sizes(name: str) -> list[int]:
    """The player counts the game's Config accepts."""
    game, sizes = tablefeast.load(name), []
    for players in range(1, 8):
        try:
            game.Config(players=players)
        except ConfigError:
            continue
        sizes.append(players)
    return sizes


SIZES = [(name, players) for name in BUILT for players in _table_sizes(name)]


@pytest.mark.parametrize(("name", "players"), SIZES)
def test_the_core_agrees_with_the_pure_engine_move_for_move_and_error_for_error(
    name: str, players: int
) -> None:
    _agree(name, players, range(6))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), SIZES)
def test_the_core_agrees_with_the_pure_engine_over_many_more_games(name: str, players: int) -> None:
    """The same check over 30 more games a table size (`-m slow`). The default run keeps 6: they
    already take every option `VARIETY` cycles through (its cycles are at most 6 games long) at
    every table size; more games add more random paths through the same rules."""
    _agree(name, players, range(6, 36))


def _agree(name: str, players: int, games: range) -> None:
    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    moves = _all_actions(pure, players)
    before = fast.fallbacks()
    for game in games:
        rng = random.Random(f"{name}/{players}/{game}")
        config = pure.Config(players=players, **VARIETY[name](players, game))
        p, n = pure.initial_state(config), fast.initial_state(config)
        for step in itertools.count():
            assert fast.to_pure(n) == p
            assert fast.actors(n) == pure.actors(p)
            assert fast.is_terminal(n) == pure.is_terminal(p)
            assert fast.scores(n) == pure.scores(p) and fast.winners(n) == pure.winners(p)
            for seat in (-1, *range(players), players, True, "0", 10**30):
                assert outcome(fast.legal_actions, n, seat) == outcome(pure.legal_actions, p, seat)
            acting = pure.actors(p)
            if not acting:
                break
            # Every move probed at every position of the first games, at every fifth later on
            # (a long game's probes are most of the cost and find nothing new there).
            probed = game < 3 or step % 5 == 0
            legal_now = pure.legal_actions(p, acting[0])[::7]  # every exchange is too many
            for seat in (acting[0], (acting[0] + 1) % players, players, True)[: 4 * probed]:
                for move in (*moves, *legal_now, None, "play worm", 3):
                    mine, theirs = (
                        outcome(fast.apply_action, n, seat, move),
                        outcome(pure.apply_action, p, seat, move),
                    )
                    if mine[0] == "ok":
                        assert theirs[0] == "ok" and fast.to_pure(mine[1]) == theirs[1]
                    else:
                        assert mine == theirs
            seat = acting[0]
            legal = pure.legal_actions(p, seat)
            move = legal[rng.randrange(len(legal))]
            p, n = pure.apply_action(p, seat, move), fast.apply_action(n, seat, move)
    assert fast.fallbacks() > before  # the illegal probes went to the pure engine


def _all_actions(pure: Any, players: int) -> list[Any]:
    """Every action of the game, or with Schlacht am Buffet's 168,018 (mostly exchanges) the
    first 80 ids (plays, draws, reveals and the first exchanges) and 100 spread over the rest."""
    config = pure.Config(players=players)
    state = pure.initial_state(config)
    count = pure.num_distinct_actions(config)
    ids = range(count) if count <= 200 else [*range(80), *range(80, count, count // 100)]
    return [pure.action_from_id(state, 0, i) for i in ids]


@pytest.mark.parametrize("name", BUILT)
def test_legal_moves_never_leave_the_fast_path(name: str) -> None:
    fast = tablefeast.load(name, engine="native")
    before = fast.fallbacks()
    for seed in range(5):
        result = play_game(fast, fast.Config(players=4), [RandomAgent()] * 4, seed=seed)
        assert fast.is_terminal(result.state)
    assert fast.fallbacks() == before


@pytest.mark.parametrize("name", BUILT)
def test_states_convert_both_ways_losslessly(name: str) -> None:
    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    result = play_game(pure, pure.Config(players=5), [RandomAgent()] * 5, seed=3, max_moves=60)
    state = result.state
    assert fast.to_pure(fast.from_pure(state)) == state
    native_state = fast.from_pure(state)
    assert fast.from_pure(fast.to_pure(native_state)) == native_state
    assert pickle.loads(pickle.dumps(native_state)) == native_state
    for field in attrs.fields_dict(pure.State):  # the pure state's fields read through
        assert getattr(native_state, field) == getattr(state, field)
    assert repr(native_state).startswith("native ")


@pytest.mark.parametrize("name", BUILT)
def test_a_bad_pure_state_is_refused_on_the_way_in(name: str) -> None:
    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    state = pure.initial_state(pure.Config(players=3))
    fields = {f: getattr(state, f) for f in attrs.fields_dict(pure.State)}
    for field, value, said in TAMPERED[name]:
        bad = pure.State(**{**fields, field: value})
        with pytest.raises(RecordError, match="State") as refused:
            fast.from_pure(bad)
        assert said in str(refused.value)
    with pytest.raises(RecordError, match=f"not a {pure.TITLE} state"):
        fast.from_pure({"round": 1})


@pytest.mark.parametrize("name", BUILT)
def test_the_driver_and_the_agents_play_the_same_games_on_both_engines(name: str) -> None:
    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    agents = [HeuristicAgent(), RandomAgent(), HeuristicAgent(), RandomAgent()]
    for seed in range(3):
        a = play_game(pure, pure.Config(players=4), agents, seed=seed)
        b = play_game(fast, fast.Config(players=4), agents, seed=seed)
        assert a.moves == b.moves and fast.to_pure(b.state) == a.state
        assert b.record.moves == a.record.moves


def test_an_engine_that_does_not_exist_or_was_not_built_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ConfigError, match="engine must be 'pure', 'native' or 'auto'"):
        tablefeast.load("food_chain", engine="fast")
    monkeypatch.setattr(native, "NATIVE_GAMES", {"food_chain": native.NATIVE_GAMES["food_chain"]})
    with pytest.raises(ConfigError, match="mausgeflippt has no native core yet"):
        tablefeast.load("mausgeflippt", engine="native")
    with pytest.raises(ConfigError, match="unknown game"):
        native.load("chess")
    monkeypatch.setattr(native, "NATIVE_GAMES", {"food_chain": "tablefeast.native._missing"})
    assert not native.available("food_chain")
    with pytest.raises(ConfigError, match="not built in this install"):
        native.load("food_chain")


@pytest.mark.parametrize("name", BUILT)
def test_the_native_ruleset_passes_the_conformance_suite(name: str) -> None:
    """The shipped suite any game must pass (`tablefeast.testing`), run on the native engine."""
    from tablefeast.testing import check_game

    fast = tablefeast.load(name, engine="native")
    report = check_game(fast, games=2, seed="native")
    assert report.resampled  # determinize (through the pure state) redraws the commitments


@pytest.mark.parametrize("name", BUILT)
def test_a_native_playout_draws_what_the_python_loop_draws(name: str) -> None:
    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    for game in range(20):
        players = 3 + game % 4
        config = pure.Config(players=players)
        start = play_game(pure, config, [RandomAgent()] * players, seed=game, max_moves=game * 7)
        for horizon in (None, 0, 1, 3, 40):
            seat = game % players
            mine, theirs = random.Random(f"p{game}"), random.Random(f"p{game}")
            reached, ended = fast.random_playout(fast.from_pure(start.state), seat, horizon, mine)
            expected, expected_ended = playout_loop(pure, start.state, seat, horizon, theirs)
            assert fast.to_pure(reached) == expected and ended == expected_ended
            assert mine.getstate() == theirs.getstate()  # the same numbers drawn, no more


class _OwnRandom(random.Random):
    """A generator of another class: the core cannot draw from it in place, so it takes its
    state (`getstate`), draws, and hands it back (`setstate`)."""


@pytest.mark.parametrize("name", BUILT)
def test_a_playout_draws_alike_from_a_generator_it_cannot_draw_from_in_place(name: str) -> None:
    fast = tablefeast.load(name, engine="native")
    start = fast.initial_state(fast.Config(players=4))
    for seed in range(3):
        plain, own = random.Random(seed), _OwnRandom(seed)
        assert fast.random_playout(start, 0, None, plain) == fast.random_playout(
            start, 0, None, own
        )
        assert plain.getstate() == own.getstate()
        seats = [_OwnRandom(f"{seed}/{s}") for s in range(4)]
        state, moves = fast.random_game(start, _OwnRandom(seed), seats)
        again = [random.Random(f"{seed}/{s}") for s in range(4)]
        assert fast.random_game(start, random.Random(seed), again) == (state, moves)
        assert [g.getstate() for g in seats] == [g.getstate() for g in again]
    with pytest.raises(ValueError, match="generators of their own"):
        fast.random_game(start, plain, [plain] * 4)
    for horizon in (-1, 10_001):
        with pytest.raises(ValueError, match="horizon must be None or from 0 to 10,000"):
            fast.random_playout(start, 0, horizon, plain)
    seats = [random.Random(s) for s in range(4)]
    with pytest.raises(ValueError, match="max_moves must be None or at least 0"):
        fast.random_game(start, random.Random(9), seats, -1)
    with pytest.raises(ValueError, match="at most 6 seats"):
        fast.random_game(start, random.Random(9), [random.Random(s) for s in range(7)])
    assert [g.getstate() for g in seats] == [random.Random(s).getstate() for s in range(4)]


@pytest.mark.parametrize("name", BUILT)
def test_ismcts_chooses_alike_on_both_engines(name: str) -> None:
    """ISMCTS plays its random playouts in the core, with identical results for a seed."""
    from tablefeast.agents import ISMCTSAgent
    from tablefeast.kernel.play import Turn

    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    for seed in range(4):
        state = play_game(
            pure, pure.Config(players=4), [RandomAgent()] * 4, seed=seed, max_moves=9 * seed
        ).state
        while pure.actors(state)[0] == CHANCE:  # a seat's decision, not chance's
            state = pure.apply_action(state, CHANCE, pure.legal_actions(state, CHANCE)[0])
        seat = pure.actors(state)[0]
        native_state = fast.from_pure(state)
        choices = []
        # The pure module searched on the pure engine (the reference), the pure module searched
        # on its native twin ("auto"), and the native ruleset.
        for game, s, engine in (
            (pure, state, "pure"),
            (pure, state, "auto"),
            (fast, native_state, "auto"),
        ):
            turn = Turn(
                game,
                seat,
                game.view(s, seat),
                game.legal_actions(s, seat),
                lambda rng, game=game, s=s, seat=seat: game.determinize(s, seat, rng),
            )
            rng = random.Random(seed)
            agent = ISMCTSAgent(iterations=60, engine=engine)
            choices.append((agent.choose(turn, rng), rng.random()))
        assert choices[0] == choices[1] == choices[2]


@pytest.mark.parametrize("name", BUILT)
def test_a_native_random_game_is_the_drivers_game_with_random_agents(name: str) -> None:
    """`random_game` plays on as `play_game` does with a RandomAgent in every seat: the same
    state, the same number of moves, the same numbers drawn from every generator."""
    from tablefeast.kernel.play import agent_rng

    pure, fast = tablefeast.load(name), tablefeast.load(name, engine="native")
    for game, players in enumerate(_table_sizes(name) * 2):
        config = pure.Config(players=players)
        for limit in (None, 0, 1, 17, 200):
            expected = play_game(
                pure, config, [RandomAgent()] * players, seed=game, max_moves=limit
            )
            chance, seats = random.Random(game), [agent_rng(game, s) for s in range(players)]
            state, moves = fast.random_game(fast.initial_state(config), chance, seats, limit)
            assert fast.to_pure(state) == expected.state and moves == len(expected.moves)
            # The driver's loop written out, on fresh generators: they end where the core's do.
            chance_again = random.Random(game)
            seats_again = [agent_rng(game, s) for s in range(players)]
            state = pure.initial_state(config)
            for _ in range(len(expected.moves)):
                seat = pure.actors(state)[0]
                if seat == CHANCE:
                    move = pure.chance_distribution(state).sample(chance_again)
                else:
                    legal = pure.legal_actions(state, seat)
                    pick = 0 if len(legal) == 1 else seats_again[seat].randrange(len(legal))
                    move = legal[pick]
                state = pure.apply_action(state, seat, move)
            assert state == expected.state
            assert chance.getstate() == chance_again.getstate()
            assert [g.getstate() for g in seats] == [g.getstate() for g in seats_again]


@pytest.mark.skipif("mausgeflippt" not in BUILT, reason="Mausgeflippt's core is not built")
def test_a_native_heuristic_playout_plays_the_python_heuristic() -> None:
    """Mausgeflippt's searches play out with the heuristic (its ``CAPABILITIES.playout``): the
    core plays exactly the moves `heuristic_move` makes, drawing the same numbers."""
    from tablefeast.agents.ismcts import playout_policy

    pure, fast = tablefeast.load("mausgeflippt"), tablefeast.load("mausgeflippt", engine="native")
    policy = playout_policy(pure, "heuristic")
    for game in range(24):
        players = 2 + game % 5
        config = pure.Config(players=players, tie_probability=("0", "1/4")[game % 2])
        start = play_game(pure, config, [RandomAgent()] * players, seed=game, max_moves=game * 5)
        for horizon in (None, 0, 2, 9):
            seat = game % players
            mine, theirs = random.Random(f"h{game}"), random.Random(f"h{game}")
            reached, ended = fast.heuristic_playout(
                fast.from_pure(start.state), seat, horizon, mine
            )
            expected, expected_ended = playout_loop(
                pure, start.state, seat, horizon, theirs, policy=policy
            )
            assert fast.to_pure(reached) == expected and ended == expected_ended
            assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", BUILT)
def test_simulate_plays_the_same_games_on_either_engine(name: str) -> None:
    """`simulate` takes the native core where it is built ("auto"); the games are the same."""
    from tablefeast.agents.simulate import simulate

    agents = ["ismcts:20", "model:4", "heuristic", "learned"]
    runs = {
        engine: simulate(name, 4, agents, n, seed="e", workers=1, keep_records=True, engine=engine)
        for engine, n in (("pure", 2), ("native", 2), ("auto", 1))
    }
    # "auto" is the core here: its one game is the first of the others (a game's seed is the
    # run's seed and its number), without playing the pure engine's slow searches a third time.
    assert runs["pure"].games == runs["native"].games
    assert runs["auto"].games == runs["native"].games[:1]
    # A table of random agents is played whole in the core (`random_game`): the same games.
    randoms = {
        engine: simulate(name, 3, ["random"], 6, seed="r", workers=1, engine=engine)
        for engine in ("pure", "native")
    }
    assert randoms["pure"].games == randoms["native"].games
    with pytest.raises(ConfigError, match="engine must be"):
        simulate(name, 4, agents, 1, workers=1, engine="fast")


@pytest.mark.parametrize("name", BUILT)
def test_native_states_round_trip_through_json_and_a_tampered_one_is_refused(name: str) -> None:
    fast = tablefeast.load(name, engine="native")
    state = fast.initial_state(fast.Config(players=3))
    cls = type(state)
    assert tablefeast.loads(tablefeast.dumps(state), cls) == state
    field, value, said = TAMPERED[name][0]
    data = json.loads(tablefeast.dumps(state))
    data[field] = value
    with pytest.raises(RecordError, match=said):
        tablefeast.loads(json.dumps(data), cls)
