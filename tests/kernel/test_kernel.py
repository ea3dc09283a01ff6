"""The kernel on its own: chance, piles, reveal, seats, serialization, records, the driver."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablefeast
import tablefeast.games.schlacht_am_buffet as sab
from tablefeast.kernel import reveal, seats
from tablefeast.kernel.chance import Distribution, counts_distribution, sample_exact
from tablefeast.kernel.deck import (
    Pile,
    counts_add,
    counts_from_cards,
    counts_remove,
    counts_sub,
    counts_to_cards,
    is_sub_multiset,
)
from tablefeast.kernel.play import RandomAgent, play_game
from tablefeast.kernel.ruleset import Ruleset, apply_joint, check_turn, legal_action_mask
from tablefeast.kernel.values import replace


def test_distribution_probabilities_are_exact_and_skip_zero_weights() -> None:
    d = counts_distribution(("a", "b", "c"), (3, 0, 1))
    assert d.probabilities() == (("a", Fraction(3, 4)), ("c", Fraction(1, 4)))
    assert d.outcomes == ("a", "c")
    assert d.probability("b") == 0 and d.probability("c") == Fraction(1, 4)


@given(st.lists(st.integers(0, 1000), min_size=1, max_size=30).filter(any))
def test_distribution_probabilities_are_the_exact_fractions_however_often_asked(
    weights: list[int],
) -> None:
    # The memoized fractions (issue 19) are exactly Fraction(weight, total), every time.
    total = sum(weights)
    d = Distribution(tuple(range(len(weights))), tuple(weights), total)
    expected = tuple((i, Fraction(w, total)) for i, w in enumerate(weights) if w)
    assert d.probabilities() == expected == d.probabilities()
    assert sum(p for _, p in d.probabilities()) == 1
    assert all(d.probability(i) == Fraction(w, total) for i, w in enumerate(weights))


def test_distribution_sampling_frequencies_match_the_weights() -> None:
    d = Distribution.of(("x", "y", "z"), (1, 0, 3))
    rng = random.Random(0)
    counts = Counter(d.sample(rng) for _ in range(8000))
    assert counts["y"] == 0
    assert 0.22 < counts["x"] / 8000 < 0.28


def test_distribution_rejects_bad_weights() -> None:
    with pytest.raises(ValueError):
        Distribution.of(("a",), (0,))
    with pytest.raises(ValueError):
        Distribution.of(("a", "b"), (1,))
    with pytest.raises(ValueError):
        Distribution.from_probabilities([("a", Fraction(1, 2))])


def test_an_empty_distribution_refuses_to_sample() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        Distribution(("a",), (0,), 0).sample(random.Random(0))


def test_from_probabilities_and_sample_exact() -> None:
    d = Distribution.from_probabilities([("a", Fraction(1, 3)), ("b", Fraction(2, 3))])
    assert d.weights == (1, 2)
    assert sample_exact([("only", Fraction(1))], random.Random(1)) == "only"
    assert Distribution.uniform("abc").probabilities()[0] == ("a", Fraction(1, 3))


@given(st.lists(st.integers(0, 5), min_size=1, max_size=20))
def test_counts_helpers_round_trip(cards: list[int]) -> None:
    counts = counts_from_cards(cards, 6)
    assert sorted(cards) == list(counts_to_cards(counts))
    assert counts_sub(counts_add(counts, counts), counts) == counts
    assert is_sub_multiset(counts_remove(counts, cards[0]), counts)
    assert not is_sub_multiset(counts_add(counts, counts_from_cards([cards[0]], 6)), counts)


def test_pile_draws_unseen_first_then_the_known_bottom() -> None:
    pile = Pile.of_counts((1, 1)).put_under(0)
    assert pile.size == 3 and not pile.next_is_known()
    pile = pile.remove_unseen(0).remove_unseen(1)
    assert pile.next_is_known()
    card, rest = pile.draw_known()
    assert card == 0 and rest.size == 0
    assert Pile.of_counts((1, 0)).put_under(1).shuffled_in((0, 2)) == Pile((1, 3))


def test_reveal_bookkeeping() -> None:
    c = reveal.empty(3)
    assert reveal.pending((0, 1, 2), c) == (0, 1, 2)
    c = reveal.commit(c, 1, "x")
    assert reveal.pending((0, 1, 2), c) == (0, 2)
    assert reveal.committed_flags(c) == (False, True, False)
    assert not reveal.all_committed((0, 1), c) and reveal.all_committed((1,), c)


def test_seats() -> None:
    assert seats.left_of(5, 6) == 0
    assert seats.clockwise_from(1, 3) == (1, 2, 0)
    assert seats.next_among(2, {0, 1}, 4) == 0
    with pytest.raises(ValueError):
        seats.next_among(0, (), 4)


def test_check_turn_messages() -> None:
    check_turn((0, 1), 1)
    with pytest.raises(tablefeast.GameOverError):
        check_turn((), 0)
    with pytest.raises(tablefeast.NotYourTurnError, match="waiting for seats 0 and 1"):
        check_turn((0, 1), 2)
    with pytest.raises(tablefeast.NotYourTurnError, match="waiting for chance"):
        check_turn((tablefeast.CHANCE,), 2)


def test_the_game_module_satisfies_the_ruleset_protocol() -> None:
    assert isinstance(tablefeast.load("schlacht_am_buffet"), Ruleset)
    with pytest.raises(ValueError, match="unknown game 'go'"):
        tablefeast.load("go")


def test_apply_joint_needs_exactly_the_actors() -> None:
    from tests.support.sab import table

    state = table(
        3,
        hands={s: [s, 5] for s in range(3)},
        buffet=["cheese 5", "salami 4"],
        part=2,
        exchange_open=False,
        check=False,  # a scripted position, not a reachable one: only the joint step matters
    )
    with pytest.raises(tablefeast.NotYourTurnError, match="exactly seats"):
        apply_joint(sab, state, {0: sab.Play(0)})
    after = apply_joint(sab, state, {0: sab.Play(0), 1: sab.Play(1), 2: sab.Play(2)})
    assert after.racing == (1, 2)


def test_legal_action_mask_marks_exactly_the_legal_ids() -> None:
    from tests.support.sab import table

    state = table(4, hands={0: [1, 1, 9]}, buffet=["cheese 5", "salami 4", "pizza 3"], check=False)
    mask = legal_action_mask(sab, state, 0)
    assert len(mask) == sab.num_distinct_actions(state.config)
    assert [i for i, ok in enumerate(mask) if ok] == [2, 10]


def test_replace_makes_an_equal_value_with_changes() -> None:
    state = sab.initial_state(sab.Config(players=3))
    changed = replace(state, round=2)
    assert changed.round == 2 and state.round == 1
    assert replace(changed, round=1) == state and hash(replace(changed, round=1)) == hash(state)


def test_driver_is_reproducible_and_seed_sensitive() -> None:
    config = sab.Config(players=4)
    a = play_game(sab, config, [RandomAgent()] * 4, seed=11)
    b = play_game(sab, config, [RandomAgent()] * 4, seed=11)
    c = play_game(sab, config, [RandomAgent()] * 4, seed=12)
    assert a.moves == b.moves and a.state == b.state
    assert a.moves != c.moves
    assert play_game(sab, config, [RandomAgent()] * 4, seed=11, max_moves=10).moves == a.moves[:10]
    with pytest.raises(ValueError, match="agents"):
        play_game(sab, config, [RandomAgent()] * 3)


@pytest.mark.parametrize("name", tablefeast.names())
def test_an_agent_that_reads_no_view_gets_none_and_plays_the_same_game(name: str) -> None:
    """Issue 32: the driver builds a view only for an agent that reads it (``reads_view``)."""
    game = tablefeast.load(name)
    built: list[int] = []

    class Counting:  # the game, counting the views built
        def __getattr__(self, attribute: str) -> object:
            return getattr(game, attribute)

        def view(self, state: object, seat: int) -> object:
            built.append(seat)
            return game.view(state, seat)

    class Reading(RandomAgent):  # the same choices, from an agent that says it reads its view
        reads_view = True

        def act(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            assert view is not None
            return super().act(game, view, legal, rng)

    class Blind(RandomAgent):
        def act(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            assert view is None
            return super().act(game, view, legal, rng)

    config = game.Config(players=3)
    blind = play_game(Counting(), config, [Blind()] * 3, seed=4)  # type: ignore[arg-type]
    assert built == []
    reading = play_game(Counting(), config, [Reading()] * 3, seed=4)  # type: ignore[arg-type]
    assert built and blind.moves == reading.moves


def test_dumps_is_deterministic_and_loads_round_trips_every_kind_of_value() -> None:
    state = play_game(
        sab, sab.Config(players=5, edition="fr"), [RandomAgent()] * 5, seed=2, max_moves=120
    ).state
    for value, cls in [
        (state, sab.State),
        (state.config, sab.Config),
        (sab.view(state, 2), sab.View),
        (sab.view(state, None), sab.View),
        (sab.Exchange((9, 9, -1)), sab.Action),
        (sab.RevealPlate(sab.PLATES[7]), sab.Action),
    ]:
        text = tablefeast.dumps(value)
        assert tablefeast.loads(text, cls) == value
        assert tablefeast.dumps(tablefeast.loads(text, cls)) == text


@pytest.mark.parametrize("name", tablefeast.names())
def test_an_array_field_given_anything_but_an_array_is_refused(name: str) -> None:
    """JSON arrays only: cattrs alone would build a tuple from any iterable, so that "" loaded
    as no seats at all and "01" as two one-character strings (found by the fuzz suite)."""
    game = tablefeast.load(name)
    state = play_game(game, game.Config(players=3), [RandomAgent()] * 3, seed=1, max_moves=9).state
    for value, cls in ((state, type(state)), (state.config, game.Config)):
        data = tablefeast.kernel.serialize.converter.unstructure(value)
        arrays = [key for key, field in data.items() if isinstance(field, list)]
        assert arrays or cls is game.Config  # some games' configs have no array
        for key in arrays:
            for junk in ("", "01", {}, {"0": 1}):
                with pytest.raises(tablefeast.RecordError, match=f"expected an array.*{key}"):
                    tablefeast.kernel.serialize.structure({**data, key: junk}, cls)
    with pytest.raises(tablefeast.RecordError, match=r"expected an array, got \"\" @ \$.young_"):
        tablefeast.loads(
            '{"players": 3, "young_seats": ""}', tablefeast.load("mausgeflippt").Config
        )


def test_json_with_a_key_twice_is_refused_naming_the_key() -> None:
    """An object with a key twice means one thing to one reader and another to the next (the
    last key wins in Python, the first in some others): a record or state is refused."""
    fc = tablefeast.load("food_chain")
    result = tablefeast.play_game(fc, fc.Config(players=3), [tablefeast.RandomAgent()] * 3, seed=1)
    text = result.record.to_json()
    assert text.startswith('{"game": "food_chain"')
    doubled = '{"game": "mausgeflippt", ' + text[1:]
    with pytest.raises(tablefeast.RecordError, match="the key 'game' appears twice"):
        tablefeast.Record.from_json(doubled)
    state = tablefeast.dumps(result.state)
    with pytest.raises(tablefeast.RecordError, match="appears twice"):
        tablefeast.loads('{"round": 1, ' + state[1:], fc.State)
    assert tablefeast.loads(state, fc.State) == result.state
