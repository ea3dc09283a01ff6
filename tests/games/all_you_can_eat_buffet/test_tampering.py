"""All You Can Eat Buffet: states that load are states that play, frozen rule tables, bounds.

Every case found by adversarial testing has a regression test here; hypothesis tests tamper with
real states of random games and check that a tampered state is refused or plays on correctly.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.all_you_can_eat_buffet as ayc
from tablefeast.games.all_you_can_eat_buffet.scoring import FRUIT_SETS
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.values import FrozenDict, replace
from tests.support.walk import random_states

M = ayc.Mood
CONFIGS = (ayc.Config(players=3), ayc.Config(players=4, first_player=2), ayc.Config(players=6))


@cache
def _states(config: ayc.Config, seed: int) -> tuple[ayc.State, ...]:
    """Every state of one random game."""
    state = ayc.initial_state(config)
    return tuple(random_states(ayc, state, random.Random(seed), any_actor=False))


def _first(stage: str, where: Any = None) -> ayc.State:
    for seed in range(20):
        for state in _states(CONFIGS[1], seed):
            if state.stage == stage and (where is None or where(state)):
                return state
    raise AssertionError(f"no {stage} state found")


def _refused(state_json: dict[str, Any], match: str) -> None:
    with pytest.raises(tablefeast.RecordError, match=match):
        tablefeast.loads(json.dumps(state_json), ayc.State)


def _data(state: ayc.State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tablefeast.dumps(state))
    return data


# ---------------------------------------------------------------- the cases found


def test_a_revealed_mood_out_of_range_is_refused() -> None:
    data = _data(_first("resolve"))
    data["revealed"][0] = 10
    _refused(data, "revealed must hold None or ints from 0 to 5")


def test_a_stage_changed_from_deal_to_reveal_is_refused() -> None:
    for state in (ayc.initial_state(CONFIGS[0]), _first("deal", lambda s: not s.mood_draws)):
        _refused(dict(_data(state), stage="reveal"), "stage reveal|being revealed|owed")


def test_a_mood_draw_owed_from_an_empty_deck_is_refused() -> None:
    state = _first("deal", lambda s: s.round == 2 and s.mood_draws == (0, 1, 2, 3))
    hand = tuple(a + b for a, b in zip(state.hands[0], state.decks[0], strict=True))
    empty = replace(state, decks=((0,) * 6, *state.decks[1:]), hands=(hand, *state.hands[1:]))
    assert "seat 0 is owed a Mood card from an empty deck" in ayc.check_state(empty)
    _refused(_data(empty), "empty deck")


def test_a_reversed_queue_is_refused() -> None:
    state = _first("resolve", lambda s: len(s.queue) >= 2)
    _refused(dict(_data(state), queue=state.queue[::-1]), r"the order the Moods resolve in")


def test_tomatoes_decided_as_zero_of_zero_are_refused() -> None:
    for seed in range(40):  # a finished game in which some seat holds no Tomato
        final = _states(CONFIGS[0], seed)[-1]
        none = [s for s in range(3) if final.tomatoes[s] is None]
        if none:
            break
    tomatoes = list(final.tomatoes)
    tomatoes[none[0]] = 0
    for stage in ("tomatoes", "over"):
        data = dict(_data(final), tomatoes=tomatoes, stage=stage)
        _refused(data, f"seat {none[0]} decided 0 of its 0 Tomatoes")


def test_a_queue_of_forty_thousand_seats_is_refused_at_once() -> None:
    data = _data(_first("resolve"))
    data["queue"] = [0] * 40_000
    _refused(data, "queue must list at most 4 seats")
    for name, entry in [
        ("mood_draws", 0),
        ("reveals", 0),
        ("secret_reveals", 0),
        ("line", [0, 0, False]),
    ]:
        _refused(dict(_data(_first("resolve")), **{name: [entry] * 40_000}), "at most")


def test_rule_tables_reachable_from_a_view_are_frozen() -> None:
    config = ayc.Config(players=3)
    before = play_game(ayc, config, [RandomAgent()] * 3, seed=1).state
    seen = ayc.view(before, 0)
    tables = seen.config.card_lists.tables
    attempts = [
        lambda: setattr(tables, "points", (100,) * len(tables.points)),
        lambda: setattr(tables, "index", {}),
        lambda: tables.index.__setitem__("Fish", 0),  # type: ignore[attr-defined]
        lambda: tables.of_set.__setitem__("fish", ()),  # type: ignore[attr-defined]
        lambda: setattr(seen.config, "players", 4),
        lambda: setattr(seen.config, "card_lists", ayc.DEFAULT_CARDS),
        lambda: setattr(seen.config.card_lists, "meals", ()),
        lambda: setattr(seen.config.card_lists.meals[0], "points", 100),
        lambda: setattr(seen.config.card_lists.moods_per_colour[0], "count", 9),
        lambda: ayc.MOOD_EFFECTS.__setitem__(M.HUNGRY, ayc.MOOD_EFFECTS[M.SLOW]),  # type: ignore[attr-defined]
        lambda: setattr(ayc.MOOD_EFFECTS[M.BOOR], "when", "last"),
        lambda: ayc.components.MOOD_INDEX.__setitem__(M.BOOR, 0),  # type: ignore[attr-defined]
        lambda: ayc.moods.TAKE_ONE.__setitem__(1, ayc.Take((2,))),  # type: ignore[attr-defined]
        lambda: setattr(seen, "scores", (0, 0, 0)),
        lambda: setattr(before, "round", 1),
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError, attrs.exceptions.FrozenInstanceError)):
            attempt()
    assert isinstance(tables.index, FrozenDict)
    assert isinstance(tables.of_set, FrozenDict)
    after = play_game(ayc, config, [RandomAgent()] * 3, seed=1).state
    assert ayc.scores(after) == ayc.scores(before) and after == before


def test_huge_meal_points_and_counts_are_refused_naming_the_entry() -> None:
    data = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    for field, value, message in [
        ("points", 10**400, r"meals\[3\] \(Black Forest cake\): points must be an int from -1000"),
        ("points", 1001, "points must be an int from -1000 to 1000, got 1001"),
        ("count", 101, r"meals\[3\] \(Black Forest cake\): count must be an int from 1 to 100"),
        ("count", 10**400, "count must be an int from 1 to 100, got an int of about 401 digits"),
    ]:
        broken = json.loads(json.dumps(data))
        broken["meals"][3][field] = value
        with pytest.raises(tablefeast.ConfigError, match=message):
            ayc.CardLists.from_data(broken)
        with pytest.raises(tablefeast.ConfigError, match=r"Config\.cards: card lists: "):
            ayc.Config(players=3, cards=broken)
    text = json.dumps(data).replace('"points": 4', '"points": ' + "9" * 400, 1)
    assert "9" * 400 in text
    with pytest.raises(tablefeast.ConfigError, match=r"an integer of 400 digits"):
        ayc.CardLists.from_json(text)
    with pytest.raises(tablefeast.ConfigError, match="nested deeper"):
        ayc.CardLists.from_json("[" * 10_000 + "]" * 10_000)
    data["meals"][3]["count"] = 101
    with pytest.raises(tablefeast.RecordError, match=r"meals\[3\] \(Black Forest cake\): count"):
        tablefeast.loads(json.dumps({"players": 3, "cards": data}), ayc.Config)


def test_ayc_23_custom_lists_are_bounded() -> None:
    data = json.loads(tablefeast.dumps(ayc.DEFAULT_CARDS))
    many = [
        {"set": "fish", "name": f"Fish {i}", "count": 100, "points": 3}
        | {"drink": False, "jealous_icon": False}
        for i in range(21)
    ]
    tomato = {"set": "tomato", "name": "Big tomato", "count": 100, "points": 0}
    tomato |= {"drink": False, "jealous_icon": False}
    entries = [dict(many[0], name=f"F {i}", count=1) for i in range(101)]
    for change, message in [
        ({"meals": many}, "2100 Meal cards \\(at most 2000\\)"),
        ({"meals": [*data["meals"], tomato]}, "104 Tomato cards \\(at most 100\\)"),
        ({"meals": entries}, "meals has 101 entries \\(at most 100\\)"),
        ({"meals": [dict(many[0], name="x" * 81)]}, "at most 80 characters"),
        ({"moods_per_colour": [{"mood": "Hungry", "count": 101}]}, "from 0 to 100, got 101"),
        (
            {"moods_per_colour": [{"mood": m, "count": 20} for m in ("Hungry", "Slow", "Boor")]}
            | {"meals": data["meals"]},
            None,
        ),
        ({"source": "x" * 1001}, "source must be text of at most 1000"),
        ({"moods_per_colour": [{"mood": "Hungry", "count": 1}] * 7}, "at most 6"),
    ]:
        lists = dict(data, **change)
        if message is None:
            assert ayc.CardLists.from_data(lists).mood_deck == (20, 0, 20, 20, 0, 0)
            continue
        with pytest.raises(tablefeast.ConfigError, match=message):
            ayc.CardLists.from_data(lists)
    over = [{"mood": m.title, "count": 17} for m in ayc.Mood]
    with pytest.raises(tablefeast.ConfigError, match="102 Mood cards per colour"):
        ayc.CardLists.from_data(dict(data, moods_per_colour=over))
    # Built in Python, the same bounds hold, and a wrong type is a ConfigError too.
    meal = ayc.Meal("fish", "Fish", 10, 3, False, False)
    with pytest.raises(tablefeast.ConfigError, match="points must be an int"):
        ayc.CardLists((attrs.evolve(meal, points=10**400),), ())
    with pytest.raises(tablefeast.ConfigError, match="a list of entries"):
        ayc.CardLists(5, ())  # type: ignore[arg-type]


def test_bad_config_fields_raise_config_error_naming_the_field() -> None:
    for options, field in [
        ({"players": None}, "players"),
        ({"players": "3"}, "players"),
        ({"players": 10**400}, "players"),
        ({"players": 3, "first_player": None}, "first_player"),
        ({"players": 3, "first_player": 10**5000}, "first_player"),
        ({"players": 3, "cards": 5}, "cards"),
        ({"players": 3, "cards": []}, "cards"),
        ({"players": 3, "cards": {"meals": 7, "moods_per_colour": []}}, "cards"),
        ({"players": 3, "cards": {"meals": [], "moods_per_colour": [], 5: 1}}, "cards"),
    ]:
        with pytest.raises(tablefeast.ConfigError, match=rf"Config\.{field}") as caught:
            ayc.Config(**options)  # type: ignore[arg-type]
        assert len(str(caught.value)) < 300


def test_misuse_raises_the_library_error_classes() -> None:
    states = [_first(stage) for stage in ("deal", "play", "reveal", "resolve")]
    states.append(_states(CONFIGS[1], 0)[-1])
    for state in states:
        for action in (None, "play hungry", 3, ayc.Play, object()):
            with pytest.raises(tablefeast.InvalidActionError, match="not an All You Can Eat"):
                ayc.apply_action(state, CHANCE, action)  # type: ignore[arg-type]
            with pytest.raises(tablefeast.InvalidActionError):
                ayc.apply_action(state, 0, action)  # type: ignore[arg-type]
        with pytest.raises(tablefeast.InvalidSeatError):
            ayc.apply_action(state, 10**400, ayc.Play(()))
    state = states[1]
    for bad_id in (10**5000, -(10**5000), 2**64):
        with pytest.raises(tablefeast.InvalidActionError) as caught:
            ayc.action_from_id(state, 0, bad_id)
        assert len(str(caught.value)) < 120
    huge = "9" * 5000
    for text in (f"play {huge}", f"take {huge}", f"take 1 {huge}", f"swap 1 {huge}",
                 f"steal {huge} Fish", f"mood {huge} boor", "tomato " + "fruit " * 4999 + "fruit",
                 f"meal {huge}"):  # fmt: skip
        with pytest.raises(tablefeast.InvalidActionError) as caught:
            ayc.action_from_str(state, 0, text)
        assert len(str(caught.value)) < 400
    for make in (
        lambda: ayc.Take((10**5000,)),
        lambda: ayc.Take((1, 10**400)),
        lambda: ayc.Swap(1, 10**400),
        lambda: ayc.Tomato(10**400, 1),
        lambda: ayc.Tomato(60, 60),
        lambda: ayc.Steal(10**400, "Fish"),
        lambda: ayc.Steal(1, "x" * 10_000),
        lambda: ayc.Play((M.HUNGRY,) * 10_000),
    ):
        with pytest.raises(tablefeast.InvalidActionError) as caught:
            make()
        assert len(str(caught.value)) < 200
    with pytest.raises(tablefeast.InvalidActionError, match="no id"):
        ayc.action_to_id(ayc.Tomato(50, 50))


def test_tomato_ids_are_computed_and_round_trip() -> None:
    config = ayc.Config(players=3)
    tomatoes = config.card_lists.tables.tomatoes
    ids = [
        ayc.action_to_id(ayc.Tomato(t - v, v), config) for t in range(1, 5) for v in range(t + 1)
    ]
    assert ids == list(range(ids[0], ids[0] + tomatoes * (tomatoes + 3) // 2))
    for i in ids:
        assert ayc.action_to_id(ayc.action_from_id(ayc.initial_state(config), 0, i), config) == i


@cache
def _fruit_points_by_every_partition(kinds: tuple[int, ...]) -> int:
    """The reference: every choice of the next set, recursively (exponential: small inputs)."""
    counts = tuple(sorted((c for c in kinds if c), reverse=True))
    if not counts:
        return 0
    best = 0
    for mask in range(1, 1 << len(counts)):
        rest = tuple(c - (mask >> i & 1) for i, c in enumerate(counts))
        size = bin(mask).count("1")
        best = max(best, FRUIT_SETS[min(size, 6)] + _fruit_points_by_every_partition(rest))
    return best


@given(st.lists(st.integers(0, 3), min_size=1, max_size=8))
@settings(max_examples=60, deadline=None)
def test_fruit_sets_score_the_most_and_fast(kinds: list[int]) -> None:
    assert ayc.fruit_points(tuple(kinds)) == _fruit_points_by_every_partition(tuple(kinds))


def test_fruit_points_are_linear_for_big_custom_collections() -> None:
    # Trying every set took 40 s for the first; these finish only because scoring is linear.
    assert ayc.fruit_points((20,) * 6) == 480
    assert ayc.fruit_points((100,) * 21) == 24 * 350  # 350 sets of six
    assert ayc.fruit_points((1,) * 7) == 25  # a set of six and one: more than seven at once


def test_check_state_never_raises_whatever_the_fields_hold() -> None:
    state = _first("resolve")
    weird: list[Any] = [None, -1, 10**400, "x", (), (None,), ((),) * 4, (10**400,) * 4, 1.5, True]
    weird += [((0,) * 6,) * 40_000, ((0, 0),) * 4, ((0, 0, 0),), ((99, 9, True),)]
    for field in attrs.fields(ayc.State):
        for value in weird:
            problems = ayc.check_state(replace(state, **{field.name: value}))
            assert all(isinstance(p, str) for p in problems), (field.name, value)
            assert problems or value in (None, ()), (field.name, value)


# ---------------------------------------------------------------- tampering with real states


def _tamper(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One change a careless or hostile hand makes: a number, two entries swapped, a card moved
    from one seat to another."""
    data = json.loads(json.dumps(data))
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, dict | list):
                walk(value)
                if isinstance(value, list) and len(value) >= 2:
                    leaves.append((value, "swap"))
            elif type(value) is int or value is None:
                leaves.append((node, key))

    walk({k: v for k, v in data.items() if k != "config"})
    roll = rng.random()
    if roll < 0.2:  # a card moved between seats
        name = rng.choice(["decks", "hands", "used", "collections"])
        rows = data[name]
        a, b = rng.randrange(len(rows)), rng.randrange(len(rows))
        kind = rng.randrange(len(rows[a]))
        rows[a][kind] -= 1
        rows[b][kind] += 1
        return data
    node, key = rng.choice(leaves)
    if key == "swap":
        i, j = rng.sample(range(len(node)), 2)
        node[i], node[j] = node[j], node[i]
    else:
        node[key] = rng.choice([None, 0, 1, 2, -1, 3, 5, 7, 10**6, 10**400, 2**53])
    return data


def _play_on(state: ayc.State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        assert ayc.check_state(state) == []
        for seat in (*range(state.config.players), None):
            seen = ayc.view(state, seat)
            ayc.render(seen)
            ayc.observation_tensor(seen)
        ayc.determinize(state, rng.randrange(state.config.players), rng)
        acting = ayc.actors(state)
        if not acting:
            assert ayc.is_terminal(state) and ayc.winners(state)
            return
        seat = acting[0]
        legal = ayc.legal_actions(state, seat)
        assert legal, "a seat that must act has a legal action"
        state = ayc.apply_action(state, seat, legal[rng.randrange(len(legal))])


@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 4),
    pick=st.integers(0, 10**6),
    tamper_seed=st.integers(0, 2**32 - 1),
)
@settings(max_examples=150, deadline=None)
def test_tampered_states_are_refused_or_play_on(
    config: ayc.Config, seed: int, pick: int, tamper_seed: int
) -> None:
    states = _states(config, seed)
    state = states[pick % len(states)]
    rng = random.Random(tamper_seed)
    text = json.dumps(_tamper(_data(state), rng))
    try:
        loaded = tablefeast.loads(text, ayc.State)
    except tablefeast.RecordError as e:
        assert str(e) and len(str(e)) < 5000
        return
    try:
        _play_on(loaded, rng, 25)
    except TablefeastError as e:  # pragma: no cover - a bug if it happens
        raise AssertionError(f"a sound state failed: {e}") from e


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 4), pick=st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_real_and_determinized_states_load_and_check(
    config: ayc.Config, seed: int, pick: int
) -> None:
    states = _states(config, seed)
    state = states[pick % len(states)]
    rng = random.Random(pick)
    for seat in (*range(config.players), None):
        sampled = ayc.determinize(state, seat, rng)
        assert ayc.check_state(sampled) == []
        assert tablefeast.loads(tablefeast.dumps(sampled), ayc.State) == sampled
