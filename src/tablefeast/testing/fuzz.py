"""Seeded random bad input, of every kind, for any game: `fuzz_game`, and the JSON tampering
it uses (`mutate`).

`fuzz_game` draws its inputs with a `random.Random` (no other library is needed) and hands each
to its check in `tablefeast.testing.inputs`: the game must refuse it with the library's error
for it, in a short message, changing nothing; or accept it and then play on correctly.

Examples:
    >>> import tablefeast
    >>> fuzz_game(tablefeast.load("food_chain"), examples=3, seed=1) > 40
    True
"""

from __future__ import annotations

import copy
import json
import math
import random
import string
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.record import Record, record_of
from tablefeast.kernel.ruleset import A, C, ConfiguredState, Ruleset, S, V
from tablefeast.testing.contract import ConformanceError, expect, random_move
from tablefeast.testing.inputs import (
    _Unprintable,
    check_action_id,
    check_action_json,
    check_config_json,
    check_config_options,
    check_move_text,
    check_not_actions,
    check_not_seats,
    check_record_json,
    check_state_json,
)

__all__ = ["INTERESTING", "fuzz_game", "mutate"]

T = TypeVar("T")
JSONTree = TypeVar("JSONTree", dict[str, Any], list[Any])
"""Parsed JSON that `mutate` changes: an object or an array (what is inside, any JSON)."""

INTERESTING = (
    -(10**400),
    -(2**63),
    -2,
    -1,
    0,
    1,
    2,
    3,
    5,
    9,
    10,
    12,
    40,
    1000,
    10**6,
    2**53,
    10**400,
)
"""Integers that break careless code: negatives, off-by-ones, sizes, and far too large."""


_LONG_TEXT = "9" * 5000
_TEXTS = ("", " ", "x", "é", "\x00", "\t", "-1", "0", "99", "1/0", "0.5", "NaN", "None", "9" * 30)
_ODD_JSON = (
    "",
    "{}",
    "[]",
    "null",
    "[" * 50 + "]" * 50,
    _LONG_TEXT,
    '{"players": 1e999}',
    '{"players": NaN}',
    "{'players': 3}",
    '{"players": 3, "players": 4}',
    b"\xff",
)
"""Texts that are not a game's JSON: every reader refuses them."""


# ---------------------------------------------------------------- tampering


def _paths(data: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every place in a JSON tree, the root first."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _new_leaf(value: object, rng: random.Random) -> object:
    roll = rng.random()
    if isinstance(value, bool) or roll < 0.05:
        return rng.choice([True, False, None, 0, "x", [], {}])
    if isinstance(value, int):
        return value + rng.choice((-1, 1)) if roll < 0.5 else rng.choice(INTERESTING)
    if isinstance(value, str):
        return rng.choice(["", value + "x", value[::-1], "1/0", "9" * 30, value.upper()])
    return rng.choice(INTERESTING)


def mutate(data: JSONTree, rng: random.Random) -> JSONTree:
    """A copy of parsed JSON `data` with one random change, the way a careless or hostile hand
    would change a file.

    The changes: a leaf replaced (numbers nudged by one or set to one of `INTERESTING`, strings
    altered, types swapped), two entries of a list swapped, a list entry removed or repeated, or
    one unit moved between two integers of the same list (a card from one count to another).

    Args:
        data: parsed JSON (an object or an array).
        rng: draws the change.

    Examples:
        >>> import random
        >>> mutate({"hand": [1, 2, 3]}, random.Random(4))  # 2**53: too large for a card
        {'hand': [9007199254740992, 2, 3]}
    """
    data = copy.deepcopy(data)
    path = rng.choice(_paths(data)[1:])
    parent: Any = data  # a dict or a list, indexed by the path's keys and positions
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    kind = rng.random()
    if isinstance(value, list) and value and kind < 0.5:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        if kind < 0.15:
            value[i], value[j] = value[j], value[i]
        elif kind < 0.25:
            del value[i]
        elif kind < 0.35:
            value.insert(i, copy.deepcopy(value[j]))
        else:
            ints = [k for k, v in enumerate(value) if type(v) is int]
            if len(ints) >= 2:
                a, b = rng.sample(ints, 2)
                value[a] -= 1
                value[b] += 1
            else:
                value.reverse()
        return data
    parent[key] = _new_leaf(value, rng)
    return data


def _odd_value(like: object, rng: random.Random) -> object:
    """A value for a config's field: a real one changed, or one of no real field's kind."""
    roll = rng.randrange(9)
    if roll == 8:
        return like  # a real value, beside the odd ones
    if roll == 0:
        return rng.choice(INTERESTING)
    if roll == 1:
        return rng.choice([None, True, False, math.nan, math.inf, 0.5, 3.0, {"a": 1}, b"\xff"])
    if roll == 2:
        return rng.choice((*_TEXTS, _LONG_TEXT, "1e-100000000", "1/10", "nl", "fr", "en"))
    if roll == 3:
        numbers = (*range(-2, 13), 10**400)
        return [rng.choice(numbers) for _ in range(rng.randrange(8))]
    if roll == 4:
        return rng.randrange(-3, 13)
    return mutate({"value": like}, rng)["value"]


def _odd_text(words: Sequence[str], texts: Sequence[str], rng: random.Random) -> object:
    """A move text: a real one changed, words of the game and junk, or not text at all."""
    roll = rng.random()
    if roll < 0.1:
        return rng.choice([None, 5, b"play", ["play"], 1.5, _LONG_TEXT, _Unprintable()])
    if roll < 0.3 and texts:
        return rng.choice(texts)  # a real move, perhaps of another state or seat
    if roll < 0.6 and texts:
        parts = rng.choice(texts).split(" ")
        i = rng.randrange(len(parts))
        parts[i] = rng.choice((*_TEXTS, *words, str(rng.choice(INTERESTING))))
        return " ".join(parts)
    junk = "".join(rng.choice(string.printable) for _ in range(rng.randrange(7)))
    pool = (*words, *_TEXTS, junk)
    return " ".join(rng.choice(pool) for _ in range(rng.randrange(7)))


def _odd_id(total: int, rng: random.Random) -> object:
    roll = rng.randrange(4)
    if roll == 0:
        return rng.randrange(-3, total + 3)
    if roll == 1:
        return rng.choice(INTERESTING)
    if roll == 2:
        return rng.choice([10**5000, -(10**5000), 2**64, total, -1, total - 1, 0])
    return rng.choice([None, "0", "3", True, False, 1.0, math.nan, 0.0, [], b"1", _Unprintable()])


# ---------------------------------------------------------------- all of it


def _sample(game: Ruleset[S, A, C, V], config: C, rng: random.Random) -> tuple[list[S], Record]:
    """The states of one random game from `config` (every state met, the last one included),
    and its record."""
    state = game.initial_state(config)
    states, moves = [state], list[tuple[int, A]]()
    while game.actors(state):
        seat, action = random_move(game, state, rng)
        state = game.apply_action(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return states, record_of(game, config, moves)


def fuzz_game(
    game: Ruleset[ConfiguredState, A, C, V],
    configs: Sequence[C] | None = None,
    *,
    seed: int | str = 0,
    examples: int = 40,
    moves: int = 30,
) -> int:
    """Feed `game` bad inputs of every kind through the checks of this module, drawn with
    ``random.Random(seed)``: `examples` of each kind, from real states, actions and records
    of one random game per config.

    The kinds: `Config` keyword arguments with odd values (`check_config_options`); config,
    state, action and record JSON changed by `mutate` once or more, JSON that is not JSON, a
    list of ten thousand wrong entries in a state (`check_config_json`, `check_state_json`,
    `check_action_json`, `check_record_json`: the real ones are accepted); move texts made of
    the game's own words and junk, or not text (`check_move_text`); action ids from huge to
    negative, or not ints (`check_action_id`); what is not an action (`check_not_actions`);
    what is not a seat (`check_not_seats`). An accepted config or state plays `moves` random
    moves with every check passing (`play_on`).

    Args:
        game: the game.
        configs: the configs to start from (None: the smallest and the largest player count,
            with the default options).
        seed: seeds everything; the same seed tries the same inputs.
        examples: inputs of each kind.
        moves: moves played from an accepted config or state.

    Returns:
        The number of inputs tried.

    Raises:
        ConformanceError: the game answered an input wrongly; the message says which input,
            of which kind, and what the game did.

    Examples:
        >>> import tablefeast
        >>> fuzz_game(tablefeast.load("mausgeflippt"), examples=3, seed="doc") > 40
        True
    """
    rng = random.Random(seed)
    if configs is None:
        players = game.CAPABILITIES.players
        make: Callable[..., C] = game.Config  # every Config takes its fields by keyword
        configs = [make(players=players[0]), make(players=players[-1])]
    states: list[ConfiguredState] = []
    records: list[Record] = []
    for config in configs:
        met, record = _sample(game, config, rng)
        states += met[:: max(1, len(met) // 5)][:5] + met[-1:]
        records.append(record)
    live = [s for s in states if game.actors(s)]
    texts = sorted(
        {
            game.action_to_str(a)
            for s in live
            for p in game.actors(s)
            for a in game.legal_actions(s, p)
        }
    )
    words = sorted({word for text in texts for word in text.split(" ")})
    tried = 0

    def run(kind: str, check: Callable[..., T], *args: object, **options: object) -> T:
        nonlocal tried
        tried += 1
        try:
            return check(*args, **options)
        except ConformanceError as e:
            raise ConformanceError(f"{e} (fuzz_game: {kind}, seed {seed!r})") from e

    fields = dict(json.loads(tablefeast.dumps(configs[0])))
    counts = game.CAPABILITIES.players
    for _ in range(examples):
        chosen = rng.sample(sorted(fields), rng.randint(1, min(3, len(fields))))
        options = {key: _odd_value(fields[key], rng) for key in chosen}
        options.setdefault("players", rng.randrange(counts[0] - 1, counts[-1] + 2))
        run("Config options", check_config_options, game, options, rng, moves=moves)
        data = {"config": json.loads(tablefeast.dumps(rng.choice(configs)))}
        text = json.dumps(mutate(data, rng)["config"])
        run("config JSON", check_config_json, game, text, rng, moves=moves)
    for state in states:
        kept = run(
            "a real state's JSON",
            check_state_json,
            game,
            tablefeast.dumps(state),
            type(state),
            rng,
            moves=moves,
        )
        expect(kept == state, "loads refuses a real state, or reads another")
    cls = type(states[0])
    for _ in range(examples):
        data = json.loads(tablefeast.dumps(rng.choice(states)))
        for _ in range(rng.choice((1, 1, 2, 3))):
            data = mutate(data, rng)
        run("state JSON", check_state_json, game, json.dumps(data), cls, rng, moves=moves)
    data = json.loads(tablefeast.dumps(states[0]))
    key = next(k for k, v in data.items() if isinstance(v, list))
    data[key] = ["x"] * 10_000  # ten thousand wrong entries in one field
    long = run("a state with a long field", check_state_json, game, json.dumps(data), cls, rng)
    expect(long is None, "loads accepts a state with ten thousand wrong entries in a field")
    for record in records:
        final = run("a real record", check_record_json, game, record.to_json())
        expect(final is not None, "replay refuses a real record")
    for _ in range(examples):
        data = json.loads(rng.choice(records).to_json())
        for _ in range(rng.choice((1, 2))):
            data = mutate(data, rng)
        run("record JSON", check_record_json, game, json.dumps(data))
        state = rng.choice(live)
        actor = rng.choice(game.actors(state))
        action = rng.choice(game.legal_actions(state, actor))
        text = json.dumps(mutate(json.loads(tablefeast.dumps(action)), rng))
        run("action JSON", check_action_json, game, text)
    for odd in _ODD_JSON:
        run("not JSON", check_config_json, game, odd, rng)
        run("not JSON", check_state_json, game, odd, cls, rng)
        run("not JSON", check_action_json, game, odd)
        run("not JSON", check_record_json, game, odd)
    for _ in range(examples):
        state = rng.choice(live)
        run("move text", check_move_text, game, state, _odd_text(words, texts, rng))
        total = game.num_distinct_actions(state.config)
        seat = rng.choice((CHANCE, *range(state.config.players)))
        run("action id", check_action_id, game, state, seat, _odd_id(total, rng))
    for state in (live[0], live[-1]):
        run("not an action", check_not_actions, game, state)
        run("not a seat", check_not_seats, game, state)
    return tried
