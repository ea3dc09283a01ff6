"""Mausgeflippt's native core on the rulings' rare situations (issue 32): card sets of every size
(MG-0, MG-20), the speed model's extremes (MG-3, MG-16), and the end of the game; each game is
played on both engines, which must agree at every step, and the situations the rulings name must
all have come up."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tablefeast
from tablefeast import native
from tablefeast.kernel.chance import CHANCE

if not native.available("mausgeflippt"):
    pytest.skip("the native cores are not built here", allow_module_level=True)

from tests.support.mg import CONFIGS, SMALL

PURE = tablefeast.load("mausgeflippt")


def big_cards(items: int, mice: int) -> dict[str, Any]:
    """A card set past every size the default has: `items` clothing items (more than 64, so a
    mouse's items do not fit one machine word) and `mice` mice (MG-20 allows 200 of each)."""
    clothing = [{"kind": f"k{i}", "colour": "red", "count": 1 + i % 3} for i in range(items)]
    return {
        "clothing": clothing,
        "cheeses": [{"cheese": f"c{i}", "count": 2} for i in range(7)],
        "mice": [
            {
                "id": f"m{m}",
                "wears": [
                    {"kind": f"k{(m * 7 + j * 13) % items}", "colour": "red"} for j in range(3)
                ],
                "cheese": f"c{m % 7}",
            }
            for m in range(mice)
        ],
    }


def play_on_both(config: Any, seed: int, seen: set[str]) -> None:
    """A random game on both engines, compared at every step; what came up is added to `seen`."""
    fast = tablefeast.load("mausgeflippt", engine="native")
    p, n = PURE.initial_state(config), fast.initial_state(config)
    rng = random.Random(seed)
    while True:
        assert fast.to_pure(n) == p
        acting = PURE.actors(p)
        assert fast.actors(n) == acting
        assert fast.scores(n) == PURE.scores(p) and fast.winners(n) == PURE.winners(p)
        if not acting:
            seen.add(f"end {_ending(p)}")
            return
        seat = acting[0]
        legal = PURE.legal_actions(p, seat)
        assert fast.legal_actions(n, seat) == legal
        if seat == CHANCE:
            assert fast.chance_distribution(n) == PURE.chance_distribution(p)
        move = legal[rng.randrange(len(legal))]
        after, effects = PURE.apply_traced(p, seat, move)
        seen.update(type(effect).__name__ for effect in effects)
        p, n = after, fast.apply_action(n, seat, move)


def _ending(state: Any) -> str:
    if state.open_mouse is None and state.mice.size == 0:
        return "last mouse"  # MG-12
    if state.open_cheese is None and not any(state.cheese_pile):
        return "last cheese"  # MG-12
    return "no progress"  # MG-13


def test_every_situation_of_the_rulings_comes_up_and_both_engines_agree_on_it() -> None:
    configs = [
        *CONFIGS,
        PURE.Config(players=3, cards=SMALL, tie_probability="1/2"),
        PURE.Config(players=6, cards=big_cards(150, 120), tie_probability="1/7"),
    ]
    seen: set[str] = set()
    for index, config in enumerate(configs):
        for seed in range(4):
            play_on_both(config, 10 * index + seed, seen)
    wanted = {
        "Protected",  # MG-7: a mouse showing the face-up cheese
        "CheeseOwed",  # MG-8: a later claimant of a protected mouse
        "MouseOwed",  # MG-8: a later right claimant
        "MouseGiven",
        "FlipLanded",  # MG-5
        "FaceDownChosen",  # MG-17
        "FlipBarred",  # MG-6
        "Reshuffled",  # MG-11
        "NobodyClaimed",  # MG-9
        "end last mouse",  # MG-12
        "end last cheese",
    }
    assert wanted <= seen, sorted(wanted - seen)


def test_speed_totals_past_64_bits_draw_what_the_python_loop_draws() -> None:
    """MG-3, MG-16: an 18-digit tie probability and uneven weights make the speed model's total
    too large for a machine word; the playout hands that draw to the distribution itself."""
    fast = tablefeast.load("mausgeflippt", engine="native")
    config = PURE.Config(
        players=6,
        tie_probability="123456789012345677/987654321098765431",
        speed_weights=(997, 991, 983, 977, 971, 967),
    )
    distribution = PURE.chance_distribution  # the pure loop below samples through it
    for seed in range(3):
        pure_rng, native_rng = random.Random(seed), random.Random(seed)
        state = PURE.initial_state(config)
        while PURE.actors(state):
            seat = PURE.actors(state)[0]
            if seat == CHANCE:
                move = distribution(state).sample(pure_rng)
            else:
                legal = PURE.legal_actions(state, seat)
                move = legal[0] if len(legal) == 1 else legal[pure_rng.randrange(len(legal))]
            state = PURE.apply_action(state, seat, move)
        ended, done = fast.random_playout(fast.initial_state(config), 0, None, native_rng)
        assert done and fast.to_pure(ended) == state
        assert native_rng.getstate() == pure_rng.getstate()
    from tablefeast.games.mausgeflippt.race import fastest_distribution

    assert fastest_distribution(config, (0, 1, 2, 3, 4, 5)).total >= 2**64  # the path is taken
