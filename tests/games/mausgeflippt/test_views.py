"""Mausgeflippt views: `check_view` accepts every real view, and `tablefeast.loads(text, View)`
refuses a tampered one with RecordError, so that a view it returns always renders and encodes.

A remote bot or client loads its views from JSON; a view that loads must never make `render` or
`observation_tensor` fail (IndexError, OverflowError, ...) nor leak what its viewer may not see.
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.mausgeflippt as mg
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import RecordError
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.ruleset import apply_joint
from tests.support.fuzz import at, check_tampered_view, tamper_json
from tests.support.mg import CONFIGS
from tests.support.walk import played_states


@cache
def _states(config_index: int, seed: int) -> tuple[mg.State, ...]:
    """Every state of a seeded random game, the last one included."""
    return played_states(mg, CONFIGS[config_index], seed)


def _usable(seen: mg.View) -> None:
    """The view renders and encodes as a tensor of the right size, of finite floats only."""
    assert mg.render(seen)
    tensor = mg.observation_tensor(seen)
    assert len(tensor) == mg.observation_size(seen.config)
    assert all(type(x) is float and math.isfinite(x) for x in tensor)


def _racing() -> mg.State:
    """A race of 3 players in a real game, nobody committed yet."""
    state: mg.State = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, max_moves=23).state
    return state


def _refused(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        tablefeast.loads(json.dumps(data), mg.View)


# ---------------------------------------------------------------- (a) every real view passes


@pytest.mark.parametrize("config_index", range(len(CONFIGS)))
def test_every_view_of_random_games_passes_and_round_trips(config_index: int) -> None:
    config = CONFIGS[config_index]
    for seed in (0, 1):
        states = _states(config_index, seed)
        assert mg.is_terminal(states[-1])
        for step, state in enumerate(states):
            for viewer in (None, *range(config.players)):
                seen = mg.view(state, viewer)
                assert mg.check_view(seen) == [], (step, viewer)
                if step % 7 == 0 or step == len(states) - 1:  # the JSON round trip, sampled
                    assert tablefeast.loads(tablefeast.dumps(seen), mg.View) == seen


def test_views_of_determinized_states_pass() -> None:
    rng = random.Random(3)
    for config_index in range(len(CONFIGS)):
        players = CONFIGS[config_index].players
        for state in _states(config_index, 2)[::9]:
            viewer = rng.choice((None, *range(players)))
            sampled = mg.determinize(state, viewer, rng)
            assert mg.check_view(mg.view(sampled, viewer)) == []
            assert mg.view(sampled, viewer) == mg.view(state, viewer)


# ---------------------------------------------------------------- (b) hypothesis: tamper


_NUMBERS = (-1, 0, 9, 10**6, 10**400, 2**53, -2, 1)
_WRONG_TYPES: tuple[Any, ...] = (None, "x", [], {}, 1.5, True, False, [0])


def _tamper(data: Any, draw: Any, *, first: bool) -> str:
    """One change to the view's JSON; returns what was done (for the failure report).

    The changes that move cards ("reveal", "conserved") need the view's own shapes: they are
    made first only.
    """
    kinds = ["int", "int", "type", "list"] + ["reveal", "conserved"] * first
    kind = draw(st.sampled_from(kinds))
    if kind in ("int", "type", "list"):
        return tamper_json(data, draw, kind, _NUMBERS, _WRONG_TYPES)
    if kind == "reveal":  # show a hidden hand or face-down pile, or hide a visible one
        field = draw(st.sampled_from(["hands", "face_down"]))
        seat = draw(st.integers(0, len(data[field]) - 1))
        old = data[field][seat]
        data[field][seat] = list(data["discard"]) if old is None else None
        return f"{field}[{seat}] = {data[field][seat]}"
    # one card moves between places that the view shows: each place stays well formed
    places = [("discard",)] + [("face_up", s) for s in range(len(data["face_up"]))]
    places += [("hands", s) for s, h in enumerate(data["hands"]) if h is not None]
    source, target = draw(st.sampled_from(places)), draw(st.sampled_from(places))
    card = draw(st.integers(0, len(data["discard"]) - 1))
    at(data, source)[card] -= 1
    at(data, target)[card] += 1
    return f"card {card} from {source} to {target}"


@settings(max_examples=1500)
@given(st.data())
def test_tampered_views_are_refused_or_usable(data: st.DataObject) -> None:
    check_tampered_view(
        mg, data, states=_states, configs=len(CONFIGS), tamper=_tamper, usable=_usable
    )


# ---------------------------------------------------------------- (c) the cases found


def _racing_view(viewer: int | None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tablefeast.dumps(mg.view(_racing(), viewer)))
    return data


def test_indices_past_the_card_set_are_refused() -> None:
    # Before views were checked, most made `render` or `observation_tensor` raise IndexError;
    # seat -1 and an owed draw for seat 9 gave a quietly wrong tensor instead.
    for field, value, message in (
        ("open_mouse", 32, "open mouse 32 does not exist"),
        ("open_cheese", 3, "face-up cheese 3 does not exist"),
        ("mice_bottom", [40], "a mouse 40 that does not exist"),
        ("turner", 7, "turner 7 is not a seat"),
        ("seat", 7, "viewer 7 is neither a seat nor None"),
        ("seat", -1, "viewer -1 is neither a seat nor None"),
        ("my_commitment", 26, "seat 0 committed an unknown code 26"),
        ("actors", [0, 1, 5], "actors names a seat that does not exist"),
        ("pending_draws", [9], "pending_draws names a seat that does not exist"),
    ):
        data = _racing_view(0)
        data[field] = value
        _refused(data, message)


def test_negative_and_excess_counts_are_refused() -> None:
    data = _racing_view(0)
    data["discard"][0] = -1
    _refused(data, "malformed clothing counts")
    data = _racing_view(0)
    data["clothing_pile_size"] = 59
    _refused(data, r"clothing pile size 59 is impossible \(at most 58\)")
    data = _racing_view(0)
    data["discard"][0] = 100  # more copies than the card set has
    _refused(data, "clothing cards are not conserved")
    data = _racing_view(0)
    data["hand_sizes"][1] = 8
    _refused(data, r"seat 1 holds and is owed more than 7 cards \(MG-15\)")
    data = _racing_view(0)
    data["face_down_counts"][2] = 4
    _refused(data, r"seat 2 has more than 3 face-down cards \(MG-6\)")
    data = _racing_view(0)
    data["cheese_pile"][0] += 1
    _refused(data, "cheese cards are not conserved")
    data = _racing_view(0)
    data["mice_unseen"][0] = 2
    _refused(data, "malformed mouse stack")
    data = _racing_view(0)
    data["idle"] = 10**6
    _refused(data, r"idle count 1000000 is impossible \(MG-13\)")


def test_huge_integers_and_wrong_shapes_are_refused() -> None:
    data = _racing_view(0)
    data["open_mouse"] = 10**400  # refused by the JSON reader already, before any hook
    _refused(data, "digits")
    data = _racing_view(0)
    data["scores"][0] = 2**60
    _refused(data, "out of bounds")
    data = _racing_view(0)
    data["hand_sizes"] = data["hand_sizes"][:2]
    _refused(data, r"hand_sizes must have one entry per seat \(3\)")
    data = _racing_view(0)
    data["discard"] = data["discard"][:-1]
    _refused(data, "malformed clothing counts: 26 non-negative counts each")
    data = _racing_view(0)
    data["revealed"] = [None, None]
    _refused(data, "revealed must be None or have one entry per seat")


def test_a_spectator_view_hides_every_hand_and_commitment() -> None:
    state = mg.apply_action(_racing(), 1, mg.Pass())
    data = json.loads(tablefeast.dumps(mg.view(state, None)))
    data["hands"][0] = json.loads(tablefeast.dumps(mg.view(state, 0)))["hands"][0]
    _refused(data, r"seat 0's hand is shown to a spectator, who may not see it \(MG-15\)")
    data = json.loads(tablefeast.dumps(mg.view(state, None)))
    data["my_commitment"] = mg.PASS
    _refused(data, "a spectator has no commitment of its own")
    data = json.loads(tablefeast.dumps(mg.view(state, None)))
    data["face_down"][2] = [0] * 26
    _refused(data, "seat 2's face-down cards must be shown to that seat only")
    data = json.loads(tablefeast.dumps(mg.view(state, 0)))
    data["hands"][1] = data["hands"][0]
    _refused(data, "seat 1's hand is shown to seat 0, who may not see it")


def test_commitments_shown_must_agree() -> None:
    state = apply_joint(mg, _racing(), {0: mg.Flip(), 1: mg.Flip(), 2: mg.Pass()})
    seen = mg.view(state, 0)
    assert seen.revealed == (mg.FLIP, mg.FLIP, mg.PASS) and seen.actors == (CHANCE,)
    data = json.loads(tablefeast.dumps(seen))
    data["revealed"][1] = 26  # the tensor's one-hot of the commitment overflowed its slots
    _refused(data, "seat 1 committed an unknown code 26")
    data = json.loads(tablefeast.dumps(seen))
    data["revealed"][1] = mg.PASS
    _refused(data, "a finished race with fewer than two claimants is still unresolved")
    data = json.loads(tablefeast.dumps(seen))
    data["revealed"] = None
    _refused(data, "commitments are revealed exactly once every seat has committed")
    data = json.loads(tablefeast.dumps(seen))
    data["my_commitment"] = mg.PASS
    _refused(data, "seat 0's own commitment differs from the revealed one")
    data = json.loads(tablefeast.dumps(seen))
    data["face_down_counts"][1] = 3
    data["clothing_pile_size"] -= 3
    _refused(data, r"seat 1 flipped with 3 face-down cards \(MG-6\)")


def test_who_acts_and_the_scores_are_derived_from_the_view() -> None:
    data = _racing_view(1)
    data["actors"] = [CHANCE]
    _refused(data, r"actors must be \(0, 1, 2\) at this stage")
    data = _racing_view(1)
    data["scores"][2] = 5
    _refused(data, r"the running scores must be \(0, 0, 0\) \(MG-14\)")
    data = _racing_view(1)
    data["game_over"] = True
    _refused(data, r"a mouse is open exactly while the seats race \(MG-2\)")


def test_check_view_never_raises_on_wrong_values() -> None:
    seen = mg.view(apply_joint(mg, _racing(), {0: mg.Flip(), 1: mg.Flip(), 2: mg.Pass()}), 0)
    odd: tuple[Any, ...] = (None, "x", 10**400, -(10**400), -1, 9, (), ((),), (None,) * 3, True)
    for name in mg.View.__attrs_attrs__:
        for value in (*odd, (10**400,) * 3, ((-1,) * 26,) * 3, (("x",) * 26,) * 3, 1.5):
            odd_view = attrs.evolve(seen, **{name.name: value})
            problems = mg.check_view(odd_view)
            assert all(type(p) is str for p in problems), (name.name, value)
            if not problems:  # a value that happens to fit, such as mice_bottom ()
                _usable(odd_view)
    assert mg.check_view(seen) == []
    assert mg.check_view("not a view") == ["not a Mausgeflippt View with its Config"]  # type: ignore[arg-type]


# ---------------------------------------------------------------- MG-3: a slow claimant's card


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), data=st.data())
def test_mg_3_the_card_a_seat_tried_stays_hidden_until_it_lands(
    players: int, seed: int, data: st.DataObject
) -> None:
    """Two games that differ only in the card a seat tried give every other seat (and a
    spectator) the same view until that seat's card lands on the mouse: when all have
    committed, and after every outcome of the race in which that seat was too slow."""
    config = mg.Config(players=players, tie_probability="1/4")
    rng = random.Random(seed)
    state = mg.initial_state(config)
    for _ in range(400):  # a random game up to a race where some seat holds two items
        acting = mg.actors(state)
        if not acting:
            return
        if state.racing and all(c is None for c in state.commitments):
            holders = [s for s in range(players) if sum(1 for n in state.hands[s] if n) >= 2]
            if holders:
                break
        seat = acting[0]
        if seat == CHANCE:
            action = mg.chance_distribution(state).sample(rng)
        else:
            legal = mg.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = mg.apply_action(state, seat, action)
    else:
        return
    tried = data.draw(st.sampled_from(holders), label="seat")
    items = [i for i, n in enumerate(state.hands[tried]) if n]
    a, b = data.draw(st.permutations(items), label="cards")[:2]
    plays = state.config.card_set.tables.plays
    others = {}
    for seat in range(players):
        if seat != tried:
            legal = mg.legal_actions(state, seat)
            others[seat] = data.draw(st.sampled_from(legal), label=f"seat {seat}")
    games = [apply_joint(mg, state, {**others, tried: plays[card]}) for card in (a, b)]
    viewers = [None, *(s for s in range(players) if s != tried)]
    if not games[0].racing:
        return  # resolved at once: the seat was alone, and its card landed
    for viewer in viewers:
        assert mg.view(games[0], viewer) == mg.view(games[1], viewer)
    for outcome, _ in mg.chance_outcomes(games[0]):
        if tried in outcome.seats:
            continue  # its card lands on the mouse: shown to all
        after = [mg.apply_action(game, CHANCE, outcome) for game in games]
        for viewer in viewers:
            assert mg.view(after[0], viewer) == mg.view(after[1], viewer), (viewer, outcome)
