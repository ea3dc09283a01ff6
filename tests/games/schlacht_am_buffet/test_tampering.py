"""Trust no input: a state `loads` accepts is a state that plays; rule tables are frozen; every
bad input gets one of the library's errors with a short message; costs stay bounded.

Each case found by adversarial testing has its regression test; hypothesis then tampers with the
JSON of real states (one leaf changed, entries swapped, a card moved between places) and checks
that `loads` refuses it or the game plays on. Example counts are bounded: the file runs in seconds.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.games.schlacht_am_buffet.components import DISPLAY_NAMES, MAX_POSITION, Kind
from tablefeast.games.schlacht_am_buffet.notation import _KINDS
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import replace
from tests.support.fuzz import at, list_and_leaf_paths
from tests.support.sab import random_game
from tests.support.walk import random_moves

SETTINGS = settings(
    max_examples=120, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


GAMES = [random_game(n, seed) for n, seed in ((3, 1), (4, 2), (5, 3), (6, 4))]
SAMPLES = [s for game in GAMES for s in game[:: max(1, len(game) // 12)]] + [g[-1] for g in GAMES]
"""Real states of four random games (a dozen from each, and each game's end)."""


def first(predicate: Callable[[sab.State], bool]) -> sab.State:
    """The first state of the sample games that satisfies `predicate`."""
    return next(s for game in GAMES for s in game if predicate(s))


def committing(state: sab.State) -> bool:
    return sab.actors(state) not in ((), (CHANCE,)) and state.exchanger is None


def loads_refuses(data: Any, match: str) -> None:
    with pytest.raises(tablefeast.RecordError, match=match):
        tablefeast.loads(json.dumps(data), sab.State)


def play_on(state: sab.State, rng: random.Random, moves: int = 40) -> None:
    """Random moves from `state`: every state checked, viewed, rendered and encoded; never stuck."""
    for _ in range(moves):
        assert sab.check_state(state) == [], sab.check_state(state)
        for seat in (*range(state.config.players), None):
            seen = sab.view(state, seat)
            assert len(sab.observation_tensor(seen)) == sab.observation_size(state.config)
            sab.render(seen)
        if sab.is_terminal(state):
            assert sab.winners(state)
            return
        for seat in sab.actors(state):
            assert len(sab.legal_actions(state, seat)) <= 512  # SAB-7: a 9-card hand at most
        _, _, _, state = next(random_moves(sab, state, rng))  # one random move
    assert sab.check_state(state) == []


# ---------------------------------------------------------------- the cases found


def test_a_racing_seat_with_an_empty_hand_is_refused() -> None:
    state = first(lambda s: committing(s) and sum(s.hands[s.racing[0]]) > 0)
    seat = state.racing[0]
    data = json.loads(tablefeast.dumps(state))
    pile = data["draw_pile"]
    data["draw_pile"] = [a + b for a, b in zip(pile, data["hands"][seat], strict=True)]
    data["hands"][seat] = [0] * 11  # every card conserved, but the mouse cannot move
    loads_refuses(data, f"seat {seat} races with no card and none to draw \\(SAB-10\\)")
    stuck = replace(state, hands=tuple(tuple(h) for h in data["hands"]))
    stuck = replace(stuck, draw_pile=tuple(data["draw_pile"]))
    assert sab.legal_actions(stuck, seat) == ()  # what the check protects against
    assert any("no card" in p for p in sab.check_state(stuck))


def test_a_hand_larger_than_the_rules_allow_is_refused_before_listing_exchanges() -> None:
    state = first(lambda s: s.exchanger is not None)
    seat = state.exchanger
    assert seat is not None
    data = json.loads(tablefeast.dumps(state))
    moved = 0
    for place in ("draw_pile", "discard"):
        for i in range(11):
            while data[place][i] and sum(data["hands"][seat]) < 41:
                data[place][i] -= 1
                data["hands"][seat][i] += 1
                moved += 1
    assert sum(data["hands"][seat]) == 41
    # Refused by the structural check, before any exchange is listed (liveness comes last).
    loads_refuses(data, f"seat {seat} holds 41 cards.*a hand never exceeds 9")
    for size in (10, 12):  # any hand the rules cannot produce, not only huge ones
        data = json.loads(tablefeast.dumps(state))
        pile = data["draw_pile"]
        while sum(data["hands"][seat]) < size:
            i = max(range(11), key=pile.__getitem__)
            pile[i] -= 1
            data["hands"][seat][i] += 1
        loads_refuses(data, "a hand never exceeds 9")


def test_a_position_beyond_the_track_bound_is_refused() -> None:
    state = first(committing)
    data = json.loads(tablefeast.dumps(state))
    for position in (MAX_POSITION + 1, -MAX_POSITION - 1, 2**53):
        data["positions"][0] = position
        loads_refuses(data, "SAB-25")
    data["positions"][0] = 10**400  # refused by the JSON reader already
    loads_refuses(data, "digits")
    huge = replace(state, positions=(10**400, *state.positions[1:]))
    assert any("SAB-25" in p for p in sab.check_state(huge))  # never reaches float()
    data["positions"][0] = MAX_POSITION
    assert tablefeast.loads(json.dumps(data), sab.State).positions[0] == MAX_POSITION


HUGE = "9" * 5000


@pytest.mark.parametrize(
    "text",
    [f"play {HUGE}", f"play -{HUGE}", f"exchange 1 {HUGE}", f"card {HUGE}", f"plate cheese {HUGE}"],
)
def test_move_text_with_huge_numbers_is_malformed_with_a_short_message(text: str) -> None:
    with pytest.raises(tablefeast.InvalidActionError) as caught:
        sab.action_from_str(None, 0, text)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "bad",
    [10**5000, -(10**5000), 2**64, -1, sab.num_distinct_actions()],
    ids=["huge", "-huge", "2**64", "-1", "num_distinct_actions"],
)
def test_action_ids_out_of_range_are_malformed_with_a_short_message(bad: int) -> None:
    with pytest.raises(tablefeast.InvalidActionError, match="not in range") as caught:
        sab.action_from_id(None, 0, bad)
    assert len(str(caught.value)) < 200


def test_every_exchange_has_its_own_id_and_the_ids_fill_their_range() -> None:
    # The exchange ids come from a table of per-card terms (`_RANK_TERMS`); the unranking is the
    # definition, by counts. Every one of the 167,960 discards gets an id, no two the same, all
    # of them in the exchanges' range, and every 97th id goes back to its discard.
    from itertools import combinations_with_replacement

    from tablefeast.games.schlacht_am_buffet.components import CARD_VALUES, HAND_SIZE
    from tablefeast.games.schlacht_am_buffet.notation import NUM_EXCHANGES

    base = sab.action_to_id(sab.Exchange(()))
    ids = {}
    for size in range(HAND_SIZE + 1):
        for cards in combinations_with_replacement(CARD_VALUES, size):
            exchange = sab.Exchange(cards)
            ids[sab.action_to_id(exchange)] = exchange
    assert sorted(ids) == list(range(base, base + NUM_EXCHANGES))
    for action_id in range(base, base + NUM_EXCHANGES, 97):
        assert sab.action_from_id(None, 0, action_id) == ids[action_id]
    assert sab.action_from_id(None, 0, base + NUM_EXCHANGES - 1) == ids[base + NUM_EXCHANGES - 1]


@pytest.mark.parametrize(
    "build",
    [
        lambda: sab.Play(10**5000),
        lambda: sab.DrawCard(-(10**5000)),
        lambda: sab.Exchange([10**5000]),
        lambda: sab.Exchange(10**5000),
        lambda: sab.RevealPlate(10**5000),
        lambda: sab.Plate(10**5000, Kind.CHEESE),
        lambda: sab.Plate(4, "cheese"),
    ],
)
def test_actions_with_huge_or_wrong_values_are_malformed(build: Callable[[], object]) -> None:
    with pytest.raises(tablefeast.InvalidActionError) as caught:
        build()
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("seat", [0, 1, CHANCE])
@pytest.mark.parametrize(
    "bad", [None, "play 5", 5, object(), 10**5000], ids=["None", "text", "5", "object", "huge"]
)
def test_not_an_action_is_malformed_whoever_acts(seat: int, bad: object) -> None:
    dealing = sab.initial_state(sab.Config(players=3))  # a chance node
    racing = first(committing)
    for state in (dealing, racing):
        with pytest.raises(tablefeast.InvalidActionError, match="not a Schlacht am Buffet action"):
            sab.apply_action(state, seat, bad)  # type: ignore[arg-type]
        with pytest.raises(tablefeast.InvalidActionError):
            sab.why_not(state, seat, bad)
    with pytest.raises(tablefeast.InvalidSeatError):
        sab.apply_action(dealing, 10**5000, None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- check_state itself


def test_every_sampled_state_and_its_determinizations_pass() -> None:
    rng = random.Random(0)
    for state in SAMPLES:
        assert sab.check_state(state) == []
        assert tablefeast.loads(tablefeast.dumps(state), sab.State) == state
        for seat in (*range(state.config.players), None):
            assert sab.check_state(sab.determinize(state, seat, rng)) == []


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"pending_draws": (0,) * 10**5}, "pending draws are not at most"),
        ({"plates_won": ((sab.PLATES[0],) * 10**5, (), ())}, "plates are not conserved"),
        ({"racing": tuple(range(10**5))}, "racing seats"),
        ({"round": 10**400}, "round"),
        ({"to_reveal": -(10**400)}, "plates to reveal"),
        ({"exchanger": 10**400}, "exchanger"),
        ({"start_player": -1}, "start player"),
        ({"hands": ((10**400,) * 11,) * 3}, "malformed card counts"),
        ({"commitments": (10**400, None, None)}, "committed card"),
        ({"supply": (2,) * 36}, "plate supply"),
        ({"buffet": sab.PLATES[:2][::-1]}, "buffet order"),
        ({"part": 3}, "part 3 is impossible"),
        ({"game_over": True}, "game is over"),
    ],
)
def test_check_state_names_the_problem_and_never_raises(
    changes: dict[str, Any], message: str
) -> None:
    state = first(lambda s: s.config.players == 3 and committing(s))
    problems = sab.check_state(replace(state, **changes))
    assert any(message in p for p in problems), problems


FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "positions": st.lists(st.integers(-(10**20), 10**20), max_size=8).map(tuple),
    "racing": st.lists(st.integers(-3, 8), max_size=8).map(tuple),
    "commitments": st.lists(st.none() | st.integers(-3, 12), max_size=8).map(tuple),
    "pending_draws": st.lists(st.integers(-2, 7), max_size=60).map(tuple),
    "hands": st.lists(st.lists(st.integers(-1, 12), max_size=12).map(tuple), max_size=7).map(tuple),
    "draw_pile": st.lists(st.integers(-1, 120), max_size=12).map(tuple),
    "supply": st.lists(st.integers(-1, 2), max_size=37).map(tuple),
    "buffet": st.lists(st.sampled_from(sab.PLATES), max_size=7).map(tuple),
    "start_player": st.integers(-(10**20), 10**20),
    "exchanger": st.none() | st.integers(-2, 7),
    "round": st.integers(-(10**20), 10**20),
    "part": st.integers(-1, 3),
    "to_reveal": st.integers(-3, 40),
    "exchange_open": st.booleans(),
    "game_over": st.booleans(),
}


@SETTINGS
@given(data=st.data())
def test_check_state_never_raises_whatever_the_fields_hold(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(SAMPLES))
    fields = data.draw(st.lists(st.sampled_from(sorted(FIELD_VALUES)), min_size=1, max_size=3))
    changed = replace(state, **{f: data.draw(FIELD_VALUES[f], label=f) for f in fields})
    problems = sab.check_state(changed)
    assert isinstance(problems, list)
    if not problems:
        play_on(changed, random.Random(0), moves=20)


# ---------------------------------------------------------------- tampered JSON


def tamper(data: dict[str, Any], rng: random.Random, *, first: bool) -> dict[str, Any]:
    """One change to a state's JSON: a leaf, a list's entries, or a card moved between places.

    Cards and plates move only in the first change (`first`), which finds the state's own
    shapes: an earlier change may have shortened a hand or replaced a pile's count.
    """
    data = json.loads(json.dumps(data))
    how = rng.randrange(5) if first else rng.randrange(1, 4)
    if how == 0:  # move one card between two places (every card conserved)
        places = [("hands", s) for s in range(len(data["hands"]))] + [("draw_pile",), ("discard",)]
        a, b = rng.sample(places, 2)
        src, dst = at(data, a), at(data, b)
        held = [i for i, c in enumerate(src) if c > 0]
        if held:
            i = rng.choice(held)
            src[i] -= 1
            dst[rng.choice((i, rng.randrange(11)))] += 1
        return data
    if how == 4:  # move one plate between the buffet and the seats' stacks
        stacks = [data["buffet"], *data["plates_won"]]
        src, dst = rng.choice([s for s in stacks if s] or stacks), rng.choice(stacks)
        if src:
            dst.insert(rng.randrange(len(dst) + 1), src.pop(rng.randrange(len(src))))
        return data
    path = rng.choice([p for p in list_and_leaf_paths(data) if p])
    parent, key = at(data, path[:-1]), path[-1]
    value = parent[key]
    if isinstance(value, list):
        if len(value) >= 2 and how == 1:
            i, j = rng.sample(range(len(value)), 2)
            value[i], value[j] = value[j], value[i]
        elif value and how == 2:
            del value[rng.randrange(len(value))]
        elif value:
            value.append(rng.choice(value))
        return data
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([value + 1, value - 1, -value, 0, 9, -1, 2**53, 10**6, 50])
    elif isinstance(value, str):
        parent[key] = rng.choice([k.value for k in Kind] + ["fr", "en", "x"])
    else:
        parent[key] = rng.choice([0, 1, 5, -1])
    return data


@SETTINGS
@given(index=st.integers(0, len(SAMPLES) - 1), seed=st.integers(0, 2**32 - 1))
def test_a_tampered_state_is_refused_or_plays_on(index: int, seed: int) -> None:
    rng = random.Random(seed)
    data = json.loads(tablefeast.dumps(SAMPLES[index]))
    for i in range(rng.randrange(1, 4)):
        data = tamper(data, rng, first=i == 0)
    try:
        state = tablefeast.loads(json.dumps(data), sab.State)
    except tablefeast.RecordError as e:
        assert str(e)
        return
    play_on(state, rng)


@SETTINGS
@given(
    text=st.text(alphabet=" -0123456789abcdeghilnprsxyz", max_size=30)
    | st.from_regex(r"(play|card|exchange|plate cheese) -?[0-9]{1,30}", fullmatch=True),
    action_id=st.integers(-(10**30), 10**30),
)
def test_any_move_text_or_id_is_an_action_or_malformed(text: str, action_id: int) -> None:
    state = first(committing)
    for parse in (
        lambda: sab.action_from_str(state, 0, text),
        lambda: sab.action_from_id(state, 0, action_id),
    ):
        try:
            action = parse()
        except tablefeast.InvalidActionError:
            continue
        with contextlib.suppress(TablefeastError):  # legal or not: never another error
            sab.apply_action(state, 0, action)


# ---------------------------------------------------------------- frozen rule tables


def test_rule_tables_reachable_from_a_view_cannot_be_changed() -> None:
    state = first(lambda s: committing(s) and s.buffet)
    before = tablefeast.dumps(sab.initial_state(sab.Config(players=4)))
    seen = sab.view(state, 0)
    attempts: list[Callable[[], object]] = [
        lambda: setattr(seen.config, "players", 9),
        lambda: setattr(seen, "hand", ()),
        lambda: setattr(seen.buffet[0], "value", 5),
        lambda: setattr(seen.buffet[0], "rank", 0),
        lambda: seen.hand.append(9),  # type: ignore[union-attr]
        lambda: seen.positions.__setitem__(0, 99),  # type: ignore[index]
        lambda: DISPLAY_NAMES.__setitem__("de", DISPLAY_NAMES["en"]),  # type: ignore[index]
        lambda: DISPLAY_NAMES["en"].__setitem__(Kind.SALAD, "kale"),  # type: ignore[index]
        lambda: _KINDS.__setitem__("tofu", Kind.SALAD),  # type: ignore[index]
        lambda: sab.PLATES.__setitem__(0, sab.PLATES[1]),  # type: ignore[attr-defined]
        lambda: setattr(sab.PLATES[0], "kind", Kind.SALAD),
        lambda: setattr(state, "round", 3),
    ]
    errors = (TypeError, AttributeError, attrs.exceptions.FrozenInstanceError)
    for attempt in attempts:
        with pytest.raises(errors):
            attempt()
    assert tablefeast.dumps(sab.initial_state(sab.Config(players=4))) == before
    assert sab.Config(players=4).plates_per_round == 3
    assert sab.PLATES[0].display("fr") == "fromage 5"
    config = sab.Config(players=5, edition="fr", start_player=4)
    assert tablefeast.loads(tablefeast.dumps(config), sab.Config) == config
    assert tablefeast.loads(tablefeast.dumps(seen), sab.View) == seen


# ---------------------------------------------------------------- configs


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"players": None}, "players"),
        ({"players": "4"}, "players"),
        ({"players": 4.0}, "players"),
        ({"players": 10**5000}, "players"),
        ({"players": 7}, "players"),
        ({"players": 4, "edition": []}, "edition"),
        ({"players": 4, "edition": None}, "edition"),
        ({"players": 4, "edition": 10**5000}, "edition"),
        ({"players": 4, "start_player": None}, "start_player"),
        ({"players": 4, "start_player": True}, "start_player"),
        ({"players": 4, "start_player": -(10**5000)}, "start_player"),
    ],
    ids=lambda value: shown(value) if isinstance(value, dict) else value,
)
def test_a_bad_config_field_is_a_config_error_naming_it(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(tablefeast.ConfigError, match=rf"Config\.{field}") as caught:
        sab.Config(**fields)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "text",
    ['{"players": 100000000000000000000}', '{"players": 4, "start_player": 9007199254740993}'],
)
def test_a_config_json_with_huge_numbers_is_refused(text: str) -> None:
    with pytest.raises(tablefeast.RecordError):
        tablefeast.loads(text, sab.Config)
