"""Tampering with real inputs, for the fuzzing suite (tests/test_fuzz.py).

`mutate` changes one thing in parsed JSON (a number, a list's order or length, a value's type) the
way a careless or hostile hand would; `play_on` checks that a state the library accepted really
plays: every move keeps `check_state`, every seat's view, tensor and text build, and nothing but
the library's own errors ever escapes.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.ruleset import Ruleset

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


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    # Every place in the JSON tree, the root included.
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*path, i))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _new_leaf(value: Any, rng: random.Random) -> Any:
    roll = rng.random()
    if isinstance(value, bool) or roll < 0.05:
        return rng.choice([True, False, None, 0, "x", [], {}])
    if isinstance(value, int):
        return value + rng.choice((-1, 1)) if roll < 0.5 else rng.choice(INTERESTING)
    if isinstance(value, str):
        return rng.choice(["", value + "x", value[::-1], "1/0", "9" * 30, value.upper()])
    if value is None:
        return rng.choice(INTERESTING)
    return rng.choice(INTERESTING)


def mutate(data: Any, rng: random.Random) -> Any:
    """A copy of parsed JSON `data` with one random change.

    The changes: a leaf replaced (numbers nudged by one or set to an `INTERESTING` value, strings
    altered, types swapped), two entries of a list swapped, a list entry removed or repeated, or
    one unit moved between two integers of the same list (a card from one count to another).
    """
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
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


def play_on(game: Ruleset, state: Any, rng: random.Random, moves: int) -> Any:
    """Play up to `moves` random moves from an accepted `state`, checking everything on the way.

    Every state met passes the game's `check_state`; every seat's view, observation tensor and
    text render; JSON round-trips; and an acting seat always has a move. Returns the last state.
    """
    check_state = game.check_state  # type: ignore[attr-defined]
    players = state.config.players
    for _ in range(moves):
        assert check_state(state) == [], check_state(state)
        for seat in (*range(players), None):
            view = game.view(state, seat)
            tensor = game.observation_tensor(view)  # type: ignore[attr-defined]
            assert len(tensor) == game.observation_size(state.config)  # type: ignore[attr-defined]
            game.render(view)  # type: ignore[attr-defined]
        game.scores(state)
        acting = game.actors(state)
        if not acting:
            assert game.is_terminal(state) and game.winners(state)
            return state
        seat = acting[rng.randrange(len(acting))]
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} must act but has no legal action"
            action = legal[rng.randrange(len(legal))]
        state = game.apply_action(state, seat, action)
    assert tablefeast.loads(tablefeast.dumps(state), type(state)) == state
    return state


def sample_states(game: Ruleset, config: Any, seed: int, count: int) -> list[Any]:
    """`count` states met along one seeded random game (its first state and its last included)."""
    rng = random.Random(seed)
    state = game.initial_state(config)
    states = [state]
    while game.actors(state):
        acting = game.actors(state)
        seat = acting[0]
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = game.apply_action(state, seat, action)
        states.append(state)
    step = max(1, len(states) // (count - 1))
    return [*states[::step][: count - 1], states[-1]]
