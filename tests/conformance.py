"""The conformance suite every game must pass, written once and run against each game.

A `GameSpec` names a game, the configs to try, and the game's own invariants (conservation of
cards and tokens, running scores). `check_random_game` plays a seeded random game and checks the
generic contract and those invariants after every move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.record import Record, record_of, replay
from tablefeast.kernel.ruleset import Ruleset


@attrs.frozen
class GameSpec:
    """A game under test: its name, configs to play, and game-specific invariants."""

    name: str
    configs: tuple[Any, ...]
    invariants: Callable[[Any], None]
    has_hidden_information: bool = True
    max_state_growth: float = 3.0
    """A state holds no history: its JSON never exceeds this multiple of the initial state's."""

    @property
    def game(self) -> Ruleset:
        return tablefeast.load(self.name)


def check_state_contract(game: Ruleset, state: Any) -> None:
    """The generic contract at one state."""
    players = state.config.players
    acting = game.actors(state)
    assert list(acting) == sorted(set(acting)), f"actors {acting} not ascending and distinct"
    assert (acting == ()) == game.is_terminal(state), "actors is () exactly when terminal"
    assert len(game.scores(state)) == players
    if game.is_terminal(state):
        assert game.winners(state), "a finished game has winners"
        assert set(game.winners(state)) <= set(range(players))
    else:
        assert game.winners(state) == frozenset(), "no winners before the end"
    for seat in range(players):
        if seat not in acting:
            assert game.legal_actions(state, seat) == (), f"seat {seat} is not acting"
    if acting == (CHANCE,):
        outcomes = game.chance_outcomes(state)
        assert outcomes, "a chance node has outcomes"
        assert sum(p for _, p in outcomes) == 1, "chance probabilities sum to exactly 1"
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert tuple(a for a, _ in outcomes) == game.legal_actions(state, CHANCE)
        assert len(set(a for a, _ in outcomes)) == len(outcomes)
        return
    for seat in acting:
        legal = game.legal_actions(state, seat)
        assert legal, f"actor {seat} has a legal action"
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        assert game.legal_actions(state, seat) == legal, "legal actions are deterministic"


def check_action_round_trips(game: Ruleset, state: Any, seat: int, action: Any) -> None:
    """Notation, integer id, JSON and the shared 'why not' check agree on one legal action."""
    text = game.action_to_str(action)
    assert game.action_from_str(state, seat, text) == action, text
    assert game.action_to_str(game.action_from_str(state, seat, text)) == text
    action_id = game.action_to_id(action, state.config)
    assert 0 <= action_id < game.num_distinct_actions(state.config)
    assert game.action_from_id(state, seat, action_id) == action
    why_not = getattr(game, "why_not", None)
    if why_not is not None:
        assert why_not(state, seat, action) is None, f"{text} is legal yet has a 'why not'"
    loaded = tablefeast.loads(tablefeast.dumps(action), game.Action)  # type: ignore[attr-defined]
    assert loaded == action


def check_views(
    game: Ruleset, state: Any, rng: random.Random, invariants: Callable[[Any], None]
) -> bool:
    """`view(determinize(s, p), p) == view(s, p)` for every seat and the spectator.

    Returns whether some determinization changed the state (hidden information was resampled).
    """
    changed = False
    for seat in (*range(state.config.players), None):
        sampled = game.determinize(state, seat, rng)  # type: ignore[arg-type]
        invariants(sampled)  # a determinized state is a real state: everything conserved
        check_state_contract(game, sampled)
        assert game.view(sampled, seat) == game.view(state, seat), f"view of {seat} leaks"
        tensor = game.observation_tensor(game.view(state, seat))  # type: ignore[attr-defined]
        assert len(tensor) == game.observation_size(state.config)  # type: ignore[attr-defined]
        assert all(isinstance(x, float) for x in tensor)
        sampled_tensor = game.observation_tensor(game.view(sampled, seat))  # type: ignore[attr-defined]
        assert sampled_tensor == tensor, f"the observation tensor of {seat} leaks"
        assert game.actors(sampled) == game.actors(state)
        # Determinization reads only what the seat sees: two states with the same view give
        # the same sample from the same seed (agents that search can never learn more).
        seed = rng.getrandbits(32)
        again = game.determinize(sampled, seat, random.Random(seed))  # type: ignore[arg-type]
        assert again == game.determinize(state, seat, random.Random(seed)), f"{seat} resamples"
        changed = changed or sampled != state
    return changed


def check_commit_order(game: Ruleset, state: Any, rng: random.Random) -> None:
    """At a simultaneous step, every order of the same commitments gives the same state."""
    acting = game.actors(state)
    if len(acting) < 2 or acting == (CHANCE,):
        return
    choice = {}
    for seat in acting:
        legal = game.legal_actions(state, seat)
        choice[seat] = legal[rng.randrange(len(legal))]
    order = list(acting)
    rng.shuffle(order)
    a = state
    for seat in sorted(order):
        a = game.apply_action(a, seat, choice[seat])
    b = state
    for seat in order:
        b = game.apply_action(b, seat, choice[seat])
    assert a == b, "the result of a simultaneous step depends on commit order"
    assert tablefeast.apply_joint(game, state, choice) == a


def check_legality_agrees(game: Ruleset, state: Any, candidates: list[Any]) -> None:
    """For every seat (and chance) and every candidate action: `apply_action` succeeds exactly
    when `legal_actions` lists the action, and otherwise raises an IllegalActionError."""
    for seat in (*range(state.config.players), CHANCE):
        legal = set(game.legal_actions(state, seat))
        for action in candidates:
            try:
                game.apply_action(state, seat, action)
            except tablefeast.IllegalActionError as e:
                assert action not in legal, f"legal {action!r} of {seat} refused: {e}"
                assert str(e), "an illegal action's error says why"
            else:
                assert action in legal, f"{action!r} by {seat} accepted but not listed as legal"


def check_random_game(spec: GameSpec, config: Any, seed: int, *, deep_every: int = 7) -> Any:
    """Play one random game, checking everything after every move; returns the final state.

    The costlier checks (every legal action's round trips, JSON, determinization) run on every
    `deep_every`-th state, and on every state of the first round.
    """
    game = spec.game
    rng = random.Random(seed)
    state = game.initial_state(config)
    moves: list[tuple[int, Any]] = []
    seen: dict[Any, None] = {}  # actions met so far, as candidates for the legality check
    resampled = False
    initial_size = len(tablefeast.dumps(state))
    while True:
        spec.invariants(state)
        check_state_contract(game, state)
        deep = len(moves) % deep_every == 0 or len(moves) < 60
        if deep:
            before = tablefeast.dumps(state)
            assert tablefeast.loads(before, type(state)) == state, "state JSON round trip"
            assert len(before) <= spec.max_state_growth * initial_size, "the state keeps history"
            view = game.view(state, 0)
            assert tablefeast.loads(tablefeast.dumps(view), type(view)) == view
            resampled = check_views(game, state, rng, spec.invariants) or resampled
            check_commit_order(game, state, rng)
        acting = game.actors(state)
        if not acting:
            break
        seat = acting[0]
        legal = game.legal_actions(state, seat)
        if deep:
            for action in legal[:40]:
                check_action_round_trips(game, state, seat, action)
            seen.update(dict.fromkeys(legal[:20]))
            pool = list(seen)
            check_legality_agrees(game, state, rng.sample(pool, min(len(pool), 25)))
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(rng)
        else:
            action = legal[rng.randrange(len(legal))]
        nxt = game.apply_action(state, seat, action)
        if deep:
            assert tablefeast.dumps(state) == before, "apply_action changed its input"
        moves.append((seat, action))
        state = nxt
    if spec.has_hidden_information:
        assert resampled, "determinize never resampled anything in a whole game"
    record = record_of(game, config, moves)
    reloaded = Record.from_json(record.to_json())
    assert reloaded == record
    assert json.loads(record.to_json())["config"] == json.loads(tablefeast.dumps(config))
    assert replay(game, reloaded) == state, "replaying the record reproduces the game"
    return state
