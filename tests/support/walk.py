"""Seeded random games for the tests: every move, or every state, of one game played to its end.

`random_moves` and `random_states` play from a given state with a given generator: chance samples
its distribution, a seat picks one of its legal actions uniformly; the mover is a random one of the
acting seats, or the first (`any_actor=False`). `played_moves` and `played_states` replay a game of
`play_game` with random agents (the kernel's own seeding).

Examples:
    >>> import random
    >>> import tablefeast.games.food_chain as fc
    >>> start = fc.initial_state(fc.Config(players=3))
    >>> states = random_states(fc, start, random.Random(1))
    >>> states[0] == start, fc.is_terminal(states[-1])
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.ruleset import Ruleset

Move = tuple[Any, int, Any, Any]
"""One move: (state before, seat, action, state after)."""


def random_moves(
    game: Ruleset, state: Any, rng: random.Random, *, any_actor: bool = True
) -> Iterator[Move]:
    """Every move of a random game from `state` to its end, as (before, seat, action, after).

    Each move draws from `rng`, in this order: the mover among the acting seats (only if
    `any_actor`; otherwise the first acting seat moves), then chance's outcome from its
    distribution, or the seat's legal action uniformly.
    """
    while not game.is_terminal(state):
        acting = game.actors(state)
        seat = acting[rng.randrange(len(acting))] if any_actor else acting[0]
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        after = game.apply_action(state, seat, action)
        yield state, seat, action, after
        state = after


def random_states(
    game: Ruleset, state: Any, rng: random.Random, *, any_actor: bool = True
) -> list[Any]:
    """Every state of a random game (`random_moves`): `state` first, the final state last."""
    moves = random_moves(game, state, rng, any_actor=any_actor)
    return [state, *(after for _, _, _, after in moves)]


def sampled_states(game: Ruleset, config: Any, count: int, seed: int) -> list[Any]:
    """The first `count` states of seeded random games played one after another from the start
    (`random_states`; chance nodes and ends included)."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        found += random_states(game, game.initial_state(config), rng)
    return found[:count]


def played_moves(game: Ruleset, config: Any, seed: int) -> tuple[Move, ...]:
    """Every move of `play_game` with a `RandomAgent` at each seat, as (before, seat, action,
    after)."""
    moves = play_game(game, config, [RandomAgent()] * config.players, seed=seed).moves
    state = game.initial_state(config)
    out = []
    for seat, action in moves:
        after = game.apply_action(state, seat, action)
        out.append((state, seat, action, after))
        state = after
    return tuple(out)


def played_states(game: Ruleset, config: Any, seed: int) -> tuple[Any, ...]:
    """Every state of `played_moves`' game, the initial and the final one included."""
    moves = played_moves(game, config, seed)
    return (game.initial_state(config), *(after for _, _, _, after in moves))


def playout_loop(
    game: Any,
    state: Any,
    seat: int,
    left: int | None,
    rng: random.Random,
    *,
    policy: Callable[..., Any] | None = None,
) -> Any:
    """The playout loop of `tablefeast.agents.ismcts`, written out: random moves, or those of
    a playout `policy`."""
    while True:
        acting = game.actors(state)
        if not acting:
            return state, True
        actor = acting[0]
        if actor == seat and left is not None:
            if left == 0:
                return state, False
            left -= 1
        if actor == CHANCE:
            move = game.chance_distribution(state).sample(rng)
        else:
            legal = game.legal_actions(state, actor)
            if len(legal) == 1:
                move = legal[0]
            elif policy is not None:
                move = policy(game, state, actor, legal, rng)
            else:
                move = legal[rng.randrange(len(legal))]
        state = game.apply_action(state, actor, move)
