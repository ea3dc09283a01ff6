"""Mausgeflippt: trust no input. States that load are states that play, rule tables are frozen,
every size is bounded, and every bad input raises one of the library's errors.

Each case found by adversarial testing has its regression test below; hypothesis then tampers
with real states of random games and checks that `loads` refuses them or that they play on.
"""

from __future__ import annotations

import contextlib
import json
import random
from fractions import Fraction
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.mausgeflippt as mg
from tablefeast.games.mausgeflippt.components import MAX_CLOTHING, MAX_COPIES, MAX_ENTRIES
from tablefeast.games.mausgeflippt.config import MAX_SPEED_WEIGHT
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import (
    ConfigError,
    InvalidActionError,
    InvalidSeatError,
    RecordError,
    TablefeastError,
)
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.record import Record, replay
from tablefeast.kernel.ruleset import apply_joint
from tests.support.fuzz import at, set_at
from tests.support.mg import CONFIGS, SMALL, race, table
from tests.support.walk import played_states


def _refused(state_json: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        tablefeast.loads(state_json, mg.State)


def _racing(**options: Any) -> mg.State:
    """A race of 3 players in a real game, nobody committed yet."""
    return play_game(mg, mg.Config(players=3, **options), [RandomAgent()] * 3, max_moves=23).state


# ---------------------------------------------------------------- the cases found


def test_a_cheese_to_turn_from_an_empty_cheese_pile_is_refused() -> None:
    state = mg.initial_state(mg.Config(players=3))
    for _ in range(21):  # the deal; then the first cheese is to be turned
        state = mg.apply_action(state, CHANCE, mg.chance_distribution(state).outcomes[0])
    assert state.cheese_to_turn and mg.actors(state) == (CHANCE,)
    data = json.loads(tablefeast.dumps(state))
    data["cheeses"][0] = data["cheese_pile"]  # every cheese taken, yet one is to be turned
    data["cheese_pile"] = [0, 0, 0]
    _refused(json.dumps(data), "a cheese is to be turned from an empty cheese pile")


def test_a_committed_flip_with_three_face_down_cards_is_refused() -> None:
    state = table(hands={0: ["hat/red"]}, face_down={0: ["tie/blue", "tie/blue", "belt/red"]})
    data = json.loads(tablefeast.dumps(mg.apply_action(state, 0, mg.Pass())))
    data["commitments"][0] = mg.FLIP
    _refused(json.dumps(data), r"seat 0 flipped with 3 face-down cards \(MG-6\)")


def test_a_million_owed_draws_are_refused_at_once() -> None:
    data = json.loads(tablefeast.dumps(mg.initial_state(mg.Config(players=3))))
    data["pending_draws"] = [0] * 10**6
    _refused(json.dumps(data), "pending_draws has 1000000 entries")  # by its length alone
    data["pending_draws"] = [0] * 8  # short, but more than seat 0 can hold (MG-1)
    _refused(json.dumps(data), "seat 0 holds and is owed more than 7 cards")


def test_rule_tables_reachable_from_a_view_are_frozen() -> None:
    before = mg.initial_state(mg.Config(players=3))
    config = mg.view(_racing(), 0).config
    tables = config.card_set.tables
    attempts = [
        lambda: setattr(tables, "clothing_counts", (5,) * 26),
        lambda: setattr(tables, "wears", ()),
        lambda: tables.item_index.__setitem__(mg.Item("x", "y"), 0),  # type: ignore[operator]
        lambda: tables.play_index.clear(),  # type: ignore[attr-defined]  # noqa: PLW0108
        lambda: tables.mouse_index.pop("M01"),  # type: ignore[attr-defined]
        lambda: setattr(config.card_set, "clothing", ()),
        lambda: setattr(config.card_set.clothing[0], "count", 50),
        lambda: setattr(config.card_set.mice[0], "wears", ()),
        lambda: config.card_set.clothing.append(None),  # type: ignore[attr-defined]
        lambda: setattr(config, "tie_probability", Fraction(1)),
        lambda: setattr(config, "card_set", None),
        lambda: config.speed_table.clear(),  # type: ignore[attr-defined]  # noqa: PLW0108
        lambda: mg.CALLS.__setitem__("en", "Hi!"),  # type: ignore[operator]
        lambda: mg.DEFAULT_CARDS.tables.cheese_index.update(x=1),  # type: ignore[attr-defined]
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError, attrs.exceptions.FrozenInstanceError)):
            attempt()
    after = mg.initial_state(mg.Config(players=3))
    assert after == before and mg.DEFAULT_CARDS.total_clothing == 58
    assert mg.chance_distribution(after).total == 58
    tied = apply_joint(mg, _racing(), {0: mg.Flip(), 1: mg.Flip(), 2: mg.Pass()})
    assert [str(p) for _, p in mg.chance_outcomes(tied)] == ["1/2", "1/2"]
    assert mg.Config(players=3, language="en").call == "Mouse Attack!"


@pytest.mark.parametrize("count", [10**9, 101, 0, -1, True, 2.0])
def test_card_counts_are_bounded_in_every_reader(count: object, tmp_path: Any) -> None:
    data = json.loads(json.dumps(SMALL))
    data["clothing"][0]["count"] = count
    with pytest.raises(ConfigError, match=r"clothing\[0\]"):
        mg.CardSet.from_data(data)
    with pytest.raises(ConfigError, match=r"clothing\[0\]"):
        mg.Config(players=3, cards=data)
    if type(count) is int:
        with pytest.raises(ConfigError, match=r"clothing\[0\]"):
            mg.CardSet.from_json(json.dumps(data))
        path = tmp_path / "cards.json"
        path.write_text(json.dumps(data))
        with pytest.raises(ConfigError, match=r"clothing\[0\]"):
            mg.load_cards(path)


def test_mg_20_card_sets_and_configs_are_bounded() -> None:
    def card_set(items: int, copies: int) -> dict[str, Any]:
        kinds = [f"k{i}" for i in range(items)]
        return {
            "clothing": [{"kind": k, "colour": "red", "count": copies} for k in kinds],
            "cheeses": [{"cheese": "brie", "count": copies}],
            "mice": [
                {"id": k, "wears": [{"kind": k, "colour": "red"}], "cheese": "brie"} for k in kinds
            ],
        }

    largest = mg.CardSet.from_data(card_set(20, MAX_COPIES))  # 2,000 clothing cards: the limit
    assert largest.total_clothing == MAX_CLOTHING
    assert mg.is_terminal(
        play_game(mg, mg.Config(players=6, cards=largest), [RandomAgent()] * 6, seed=1).state
    )
    with pytest.raises(ConfigError, match=r"2020 clothing cards in all \(at most 2000, MG-20\)"):
        mg.CardSet.from_data(card_set(101, 20))
    with pytest.raises(ConfigError, match=rf"clothing has 201 entries \(at most {MAX_ENTRIES}"):
        mg.CardSet.from_data(card_set(MAX_ENTRIES + 1, 1))
    long_name = card_set(1, 1)
    long_name["mice"][0]["id"] = "M" * 41
    with pytest.raises(ConfigError, match="at most 40 characters"):
        mg.CardSet.from_data(long_name)
    weights = (MAX_SPEED_WEIGHT, 1, 1)
    assert mg.Config(players=3, speed_weights=weights).weights == weights
    with pytest.raises(ConfigError, match=r"each at most 1000 \(MG-20\)"):
        mg.Config(players=3, speed_weights=(MAX_SPEED_WEIGHT + 1, 1, 1))
    with pytest.raises(ConfigError, match="at most 18 digits"):
        mg.Config(players=3, tie_probability=Fraction(1, 10**19))


def test_huge_exponents_in_tie_probability_are_refused_at_once() -> None:
    record = json.dumps(
        {"game": "mausgeflippt", "config": {"players": 2, "tie_probability": "1e-100000000"}}
        | {"moves": []}
    )
    with pytest.raises(RecordError, match="tie_probability"):
        replay(mg, Record.from_json(record))
    for text in ("1e-100000000", "1e-4300", "1E2", "nan", "inf", "1/" + "9" * 19):
        with pytest.raises(ConfigError, match="tie_probability must be an exact probability"):
            mg.Config(players=2, tie_probability=text)


@settings(max_examples=40)
@given(
    st.one_of(
        st.text(alphabet="0123456789./e- ", max_size=30),
        st.fractions(min_value=0, max_value=1, max_denominator=10**20),
        st.integers(-2, 3),
    )
)
def test_every_accepted_config_dumps_and_loads_back_equal(tie: Any) -> None:
    try:
        config = mg.Config(players=3, tie_probability=tie)
    except ConfigError:
        return
    text = tablefeast.dumps(config)
    assert tablefeast.loads(text, mg.Config) == config
    assert mg.Config(**json.loads(text)) == config


def test_deeply_nested_card_json_is_refused_in_every_reader(tmp_path: Any) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ConfigError, match="nested deeper than 32"):
        mg.CardSet.from_json(deep)
    path = tmp_path / "cards.json"
    path.write_text(deep)
    with pytest.raises(ConfigError, match="nested deeper than 32"):
        mg.load_cards(path)
    nested: Any = []
    for _ in range(40):
        nested = [nested]
    with pytest.raises(ConfigError, match="card set"):
        mg.CardSet.from_data({"clothing": nested, "cheeses": [], "mice": []})
    state = json.loads(tablefeast.dumps(mg.initial_state(mg.Config(players=2))))
    state["config"]["cards"] = {"clothing": nested, "cheeses": [], "mice": []}
    with pytest.raises(RecordError, match="nested deeper than 32"):
        tablefeast.loads(json.dumps(state), mg.State)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"language": []}, "language"),
        ({"language": None}, "language"),
        ({"language": {"en": 1}}, "language"),
        ({"players": None}, "players"),
        ({"players": 10**5000}, "players"),
        ({"first_turner": [0]}, "first_turner"),
        ({"young_seats": 5}, "young_seats"),
        ({"young_seats": [[0]]}, "young_seats"),
        ({"young_seats": list(range(10**5))}, "young_seats"),
        ({"speed_weights": 5}, "speed_weights"),
        ({"speed_weights": [1, None, 1]}, "speed_weights"),
        ({"speed_weights": [10**5000, 1, 1]}, "speed_weights"),
        ({"tie_probability": None}, "tie_probability"),
        ({"tie_probability": []}, "tie_probability"),
        ({"tie_probability": True}, "tie_probability"),
        ({"cards": 5}, "card set"),
        ({"cards": []}, "card set"),
        ({"cards": {"clothing": [{"kind": object()}], "cheeses": [], "mice": []}}, "card set"),
    ],
)
def test_config_fields_of_the_wrong_type_raise_config_error(
    options: dict[str, Any], field: str
) -> None:
    with pytest.raises(ConfigError, match=field) as caught:
        mg.Config(**{"players": 3, **options})
    assert len(str(caught.value)) < 400


def test_bad_moves_raise_the_library_errors_with_short_messages() -> None:
    state = _racing()
    for actor in (CHANCE, 0, 1):
        for action in (None, "pass", 3, mg.Pass, object()):
            with pytest.raises(InvalidActionError, match="not a Mausgeflippt action"):
                mg.apply_action(state, actor, action)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError):
        mg.apply_action(state, 7, None)  # type: ignore[arg-type]  # the seat is checked first
    for huge in (10**5000, -(10**5000)):
        with pytest.raises(InvalidActionError, match="an int of about 5001 digits") as caught:
            mg.action_from_id(state, 0, huge)
        assert len(str(caught.value)) < 100
    digits = "9" * 5000
    for text in (f"play {digits}", f"fastest {digits}", f"mouse M{digits}", f"cheese {digits}"):
        with pytest.raises(InvalidActionError) as caught:
            mg.action_from_str(state, 0, text)
        assert len(str(caught.value)) < 300
    for bad in ((10**5000,), (0, 10**5000), [1, 0]):
        with pytest.raises(InvalidActionError, match="fastest seats"):
            mg.Fastest(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="not a card name"):
        mg.RevealMouse(10**5000)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        mg.action_to_id(object())  # type: ignore[arg-type]


def test_tampered_fields_name_the_broken_invariant() -> None:
    state = race(table(hands={0: ["hat/red"], 1: ["tie/blue"]}), {0: mg.Flip(), 1: mg.Flip()})
    data = json.loads(tablefeast.dumps(state))
    cases = [
        ("hands", [data["hands"][0]], "hands must have one entry per seat"),
        ("open_mouse", 32, "open mouse 32 does not exist"),
        ("open_mouse", None, "mice are not conserved"),
        ("open_cheese", -1, "face-up cheese -1 does not exist"),
        ("racing", False, "racing is False, but a race is on"),
        ("cheese_to_turn", True, "racing is True, but a race is not on"),
        ("mouse_awards", [0, 1, 2, 0], "mouse_awards has 4 entries"),
        ("mouse_awards", [7], "mouse_awards names a seat that does not exist"),
        ("pending_draws", [2] * 8, "seat 2 holds and is owed more than 7 cards"),
        ("commitments", [0, None, None], "a race is committed|committed a card it does not hold"),
        ("commitments", [99, -2, -1], "committed an unknown code 99"),
        ("clothing_pile", [2**53] * 26, "clothing cards are not conserved"),
        ("game_over", True, "racing is True, but a race is not on"),
        ("idle", -1, "idle count -1 is impossible"),
    ]
    for field, value, message in cases:
        _refused(json.dumps(dict(data, **{field: value})), message)
    over = json.loads(
        tablefeast.dumps(play_game(mg, mg.Config(players=2), [RandomAgent()] * 2).state)
    )
    over["game_over"], over["idle"] = False, 0
    _refused(json.dumps(over), "MG-12|MG-13")


def test_awards_come_from_one_race_clockwise_after_the_turner() -> None:
    state = race(
        table(hands={0: ["hat/red"], 1: ["ring/yellow"], 2: ["scarf/brown"]}, tie_probability=1),
        {0: mg.Play("hat", "red"), 1: mg.Play("ring", "yellow"), 2: mg.Play("scarf", "brown")},
    )
    state = mg.apply_action(state, CHANCE, mg.Fastest((0, 1, 2)))  # MG-8: 1 and 2 are owed mice
    assert state.mouse_awards == (1, 2) and mg.check_state(state) == []
    data = json.loads(tablefeast.dumps(state))
    for awards in ([2, 1], [1, 1], [0, 1]):
        _refused(json.dumps(dict(data, mouse_awards=awards)), "clockwise after the turner")
    _refused(json.dumps(dict(data, cheese_awards=[1])), "one race owes only one")
    _refused(json.dumps(dict(data, idle=1)), "idle is 0")


def test_determinized_and_real_states_always_pass() -> None:
    rng = random.Random(5)
    for config in CONFIGS:
        result = play_game(mg, config, [RandomAgent()] * config.players, seed=7)
        state = mg.initial_state(config)
        for seat, text in result.record.moves[:150]:
            for viewer in (None, *range(config.players)):
                assert mg.check_state(mg.determinize(state, viewer, rng)) == []
            state = mg.apply_action(state, seat, mg.action_from_str(state, seat, text))


def test_check_state_never_raises_on_wrong_types() -> None:
    from tablefeast.kernel.deck import Pile
    from tablefeast.kernel.values import replace

    state = _racing()
    for field in attrs.fields(mg.State):
        for value in (None, "x", 10**400, -1, (), ((),), (None,) * 3, True, Pile((2,)), 1.5):
            problems = mg.check_state(replace(state, **{field.name: value}))
            assert all(type(p) is str for p in problems)


# ---------------------------------------------------------------- hypothesis: tamper, then play


@cache
def _game_states(config_index: int, seed: int) -> tuple[mg.State, ...]:
    return played_states(mg, CONFIGS[config_index], seed)


def _state_after(config_index: int, seed: int, fraction: float) -> mg.State:
    states = _game_states(config_index, seed)
    return states[int((len(states) - 1) * fraction)]


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _leaves(v, (*path, k))]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _leaves(v, (*path, i))] + [path]
    return [path]


_VALUES = st.sampled_from([0, 1, 2, 3, -1, -2, 4, 6, 7, 33, 10**6, 2**53, None, True, False, []])
_CARD_FIELDS = ("hands", "face_up", "face_down", "clothing_pile", "discard")


def _tamper(data: Any, draw: Any, *, first: bool) -> str:
    """One change to the state's JSON; returns what was done (for the failure report).

    The changes that need the state's own shapes ("card", "cheese", "seat_list": a list of counts
    per place, a list of seats) are made first only: an earlier change may have replaced any
    field by a value of another type.
    """
    kinds = ["leaf", "leaf", "swap"] + ["card", "seat_list", "cheese"] * first
    kind = draw(st.sampled_from(kinds))
    if kind == "leaf":
        path = draw(st.sampled_from(_leaves(data)))
        old = at(data, path) if path else None
        value = draw(st.one_of(_VALUES, st.just(old + 1 if type(old) is int else 0)))
        if path:
            set_at(data, path, value)
        return f"{path} = {value!r:.40}"
    if kind == "swap":
        lists = [p for p in _leaves(data) if isinstance(at(data, p), list) and len(at(data, p)) > 1]
        path = draw(st.sampled_from(lists))
        items = at(data, path)
        i, j = draw(st.integers(0, len(items) - 1)), draw(st.integers(0, len(items) - 1))
        items[i], items[j] = items[j], items[i]
        return f"swap {path} {i} {j}"
    if kind == "card":  # one clothing card moves to another place: totals stay conserved
        places = [("clothing_pile",), ("discard",)] + [
            (f, s) for f in ("hands", "face_up", "face_down") for s in range(len(data["hands"]))
        ]
        source, target = draw(st.sampled_from(places)), draw(st.sampled_from(places))
        card = draw(st.integers(0, len(data["discard"]) - 1))
        at(data, source)[card] -= 1
        at(data, target)[card] += 1
        return f"card {card} from {source} to {target}"
    if kind == "cheese":
        places = [("cheese_pile",)] + [("cheeses", s) for s in range(len(data["cheeses"]))]
        source, target = draw(st.sampled_from(places)), draw(st.sampled_from(places))
        cheese = draw(st.integers(0, len(data["cheese_pile"]) - 1))
        at(data, source)[cheese] -= 1
        at(data, target)[cheese] += 1
        return f"cheese {cheese} from {source} to {target}"
    name = draw(st.sampled_from(["pending_draws", "mouse_awards", "cheese_awards"]))
    seat = draw(st.integers(-1, len(data["hands"])))
    data[name] = draw(st.sampled_from([[*data[name], seat], data[name][1:], [seat]]))
    return f"{name} = {data[name]}"


def _play_on(state: mg.State, rng: random.Random, moves: int) -> None:
    """A random continuation: every state sound, viewable and never stuck."""
    players = state.config.players
    for _ in range(moves):
        assert mg.check_state(state) == []
        for seat in (None, *range(players)):
            seen = mg.view(state, seat)
            mg.render(seen)
            assert len(mg.observation_tensor(seen)) == mg.observation_size(state.config)
        assert mg.check_state(mg.determinize(state, rng.choice(range(players)), rng)) == []
        acting = mg.actors(state)
        if not acting:
            assert mg.is_terminal(state) and mg.winners(state)
            return
        seat = acting[0]
        if seat == CHANCE:
            action = mg.chance_distribution(state).sample(rng)
        else:
            legal = mg.legal_actions(state, seat)
            assert legal, f"seat {seat} is stuck"
            action = legal[rng.randrange(len(legal))]
        state = mg.apply_action(state, seat, action)


@settings(max_examples=600)
@given(st.data())
def test_tampered_states_are_refused_or_play_on(data: st.DataObject) -> None:
    config_index = data.draw(st.integers(0, len(CONFIGS) - 1), label="config")
    seed = data.draw(st.integers(0, 3), label="seed")
    fraction = data.draw(st.floats(0, 1), label="how far into the game")
    state = _state_after(config_index, seed, fraction)
    tampered = json.loads(tablefeast.dumps(state))
    how_many = data.draw(st.integers(1, 2), label="changes")
    changes = [_tamper(tampered, data.draw, first=i == 0) for i in range(how_many)]
    note(changes)
    try:
        loaded = tablefeast.loads(json.dumps(tampered), mg.State)
    except RecordError as e:
        assert str(e)
        return
    assert mg.check_state(loaded) == []
    _play_on(loaded, random.Random(seed), moves=40)


@settings(max_examples=25)
@given(st.data())
def test_bad_input_anywhere_raises_only_library_errors(data: st.DataObject) -> None:
    state = _state_after(data.draw(st.integers(0, len(CONFIGS) - 1)), 0, data.draw(st.floats(0, 1)))
    junk = st.one_of(
        st.none(),
        st.integers(-(10**30), 10**30),
        st.text(max_size=12),
        st.sampled_from([mg.Pass(), mg.Flip(), mg.Fastest((0, 1)), mg.RevealMouse("M01")]),
    )
    player, action, number = data.draw(junk), data.draw(junk), data.draw(junk)
    calls = [
        lambda: mg.apply_action(state, player, action),
        lambda: mg.legal_actions(state, player),
        lambda: mg.view(state, player),
        lambda: mg.action_from_id(state, 0, number),
        lambda: mg.action_from_str(state, 0, number),
        lambda: mg.action_to_id(action, state.config),
        lambda: mg.why_not(state, CHANCE, action),
    ]
    for call in calls:
        with contextlib.suppress(TablefeastError):
            call()
