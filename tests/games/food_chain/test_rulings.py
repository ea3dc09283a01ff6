"""At least one test per Food Chain ruling, named after it; the rulebook's two examples."""

from __future__ import annotations

import attrs
import pytest

import tablefeast
import tablefeast.games.food_chain as fc
from tablefeast.kernel.play import RandomAgent, play_game
from tests.support.fc import B, C, D, F, W, counts, reveal, with_centre


def test_fc_1_everyone_is_alpha_once_and_alpha_passes_left() -> None:
    alphas = []
    result = play_game(
        fc,
        fc.Config(players=4, first_alpha=2),
        [RandomAgent()] * 4,
        seed=5,
        on_move=lambda s, seat, a: alphas.append(s.alpha),
    )
    assert fc.is_terminal(result.state) and result.state.round == 4
    assert list(dict.fromkeys(alphas)) == [2, 3, 0, 1]


def test_fc_2_a_round_is_nine_passes_from_full_hands_and_an_empty_centre() -> None:
    state = fc.initial_state(fc.Config(players=3))
    assert state.hands == ((3, 2, 2, 1, 1),) * 3 and state.centre == (0,) * 5
    for _ in range(9):
        assert state.round == 1
        while state.taker is not None:
            state = fc.apply_action(state, state.taker, fc.legal_actions(state, state.taker)[0])
        if state.round == 2:
            break
        state = reveal(state, {s: fc.legal_actions(state, s)[0].animal for s in range(3)})
    while state.taker is not None:
        state = fc.apply_action(state, state.taker, fc.legal_actions(state, state.taker)[0])
    assert state.round == 2 and state.pass_number == 1
    assert state.hands == ((3, 2, 2, 1, 1),) * 3 and state.centre == (0,) * 5


def test_fc_2_the_number_of_passes_is_told_once_and_read_everywhere() -> None:
    """FC-2, FC-9: a round's passes are the hand's cards (`components.PASSES`), and the words,
    the help, the catalog, the checks and the native core all read that one number."""
    from tablefeast import native
    from tablefeast.games.food_chain.components import HAND, PASSES
    from tablefeast.kernel.errors import RecordError
    from tablefeast.kernel.wording import count_word

    config = fc.Config(players=3)
    assert PASSES == sum(HAND) == 9
    assert fc.catalog(config)["passes"] == PASSES
    assert f"A round is {count_word(PASSES)} passes" in fc.CAPABILITIES.summary[1]
    start = fc.initial_state(config)
    assert f"pass 1 of {PASSES}" in fc.CAPABILITIES.render(fc.view(start, None))
    beyond = attrs.evolve(start, pass_number=PASSES + 1)
    with pytest.raises(RecordError, match="pass_number"):
        tablefeast.loads(tablefeast.dumps(beyond), fc.State)
    if native.available("food_chain"):  # the core reads the same bound
        core = tablefeast.load("food_chain", engine="native")
        with pytest.raises(RecordError, match="pass_number"):
            core.from_pure(beyond)


def test_fc_3_commitments_are_hidden_until_all_are_revealed() -> None:
    state = fc.initial_state(fc.Config(players=3))
    state = fc.apply_action(state, 1, fc.Play(D))
    assert fc.actors(state) == (0, 2)
    assert fc.view(state, 0) == fc.view(
        fc.apply_action(fc.initial_state(fc.Config(3)), 1, fc.Play(W)), 0
    )
    assert fc.view(state, 0).committed == (False, True, False)
    assert fc.view(state, 1).my_commitment == 3 and fc.view(state, 0).my_commitment is None
    state = reveal(state, {0: W, 2: W})
    assert state.played == (None,) * 3  # the pass was resolved: all animals revealed and secured
    assert state.hands[1] == counts(W, W, W, B, B, C, C, F)


def test_fc_4_example_1_birds_take_worms_in_turn_from_the_alpha() -> None:
    # Carsten (seat 0, Alpha) and Sabrina (1) play Birds, Tobias (2) a Cat, Christoph (3) a
    # Flea, Markus (4) and Gabi (5) Worms.
    state = reveal(fc.initial_state(fc.Config(players=6)), {0: B, 1: B, 2: C, 3: F, 4: W, 5: W})
    assert fc.actors(state) == (0,) and state.snatching == 1
    assert set(fc.legal_actions(state, 0)) == {fc.Take(4), fc.Take(5)}
    state = fc.apply_action(state, 0, fc.Take(5))
    assert fc.actors(state) == (1,)  # then Sabrina
    assert fc.legal_actions(state, 1) == (fc.Take(4),)  # FC-6: still her decision
    state = fc.apply_action(state, 1, fc.Take(4))
    # Tobias's Cat takes both Birds with their Worms (FC-5, FC-7).
    assert fc.actors(state) == (2,) and state.snatching == 2
    state = fc.apply_action(state, 2, fc.Take(0))
    state = fc.apply_action(state, 2, fc.Take(1))
    # No Dog: the Flea takes nothing and leaves the round (FC-8); the pass is over.
    assert state.pass_number == 2 and state.fleas_out == 1
    assert state.piles[2] == counts(C, B, B, W, W)
    assert fc.scores(state)[2] == 1 + 2 + 2 + 3 + 3
    assert state.piles[0] == state.piles[1] == (0,) * 5  # snatched: nothing for their owners


def test_fc_4_a_predator_turn_order_starts_clockwise_from_the_alpha() -> None:
    state = reveal(fc.initial_state(fc.Config(players=4, first_alpha=2)), {0: B, 1: W, 2: W, 3: B})
    assert fc.actors(state) == (3,)  # the first Bird clockwise from the Alpha (seat 2)
    state = fc.apply_action(state, 3, fc.Take(1))
    assert fc.actors(state) == (0,)


def test_fc_4_centre_prey_can_be_taken() -> None:
    state = with_centre(fc.initial_state(fc.Config(players=3)), W)
    state = reveal(state, {0: B, 1: C, 2: C})
    assert fc.legal_actions(state, 0) == (fc.TakeFromCentre(),)
    state = fc.apply_action(state, 0, fc.TakeFromCentre())
    # The cats then share the one Bird: the first clockwise from the Alpha takes it.
    assert fc.actors(state) == (1,) and fc.legal_actions(state, 1) == (fc.Take(0),)


def test_fc_5_a_taken_prey_brings_its_stack_and_the_predator_keeps_what_it_took() -> None:
    state = reveal(fc.initial_state(fc.Config(players=3)), {0: B, 1: W, 2: C})
    state = fc.apply_action(state, 0, fc.Take(1))
    state = fc.apply_action(state, 2, fc.Take(0))
    assert state.piles[2] == counts(C, B, W)
    assert state.piles[0] == (0,) * 5


def test_fc_6_every_take_is_an_action_even_with_one_choice() -> None:
    state = reveal(fc.initial_state(fc.Config(players=3)), {0: D, 1: C, 2: W})
    assert fc.actors(state) == (0,) and fc.legal_actions(state, 0) == (fc.Take(1),)
    after = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=3)
    assert any(text.startswith("take") for _, text in after.record.moves)


def test_fc_8_example_2_one_dog_takes_three_cats_and_worms_go_to_the_centre() -> None:
    # Markus (0) alone plays a Dog, Sabrina (1) and Tobias (2) Cats, one Cat in the centre,
    # Carsten (3), Gabi (4) and Christoph (5) Worms.
    state = with_centre(fc.initial_state(fc.Config(players=6)), C)
    state = reveal(state, {0: D, 1: C, 2: C, 3: W, 4: W, 5: W})
    for _ in range(3):
        assert fc.actors(state) == (0,)
        state = fc.apply_action(state, 0, fc.legal_actions(state, 0)[0])
    assert state.piles[0] == counts(D, C, C, C)
    assert fc.scores(state)[0] == 3 + 1 + 1 + 1 == 6
    assert state.centre == counts(W, W, W)
    assert fc.scores(state)[1:3] == (0, 0)


def test_fc_8_an_untaken_animal_that_took_nothing_goes_to_the_centre() -> None:
    state = reveal(fc.initial_state(fc.Config(players=3)), {0: C, 1: C, 2: D})
    state = fc.apply_action(state, 2, fc.Take(0))
    state = fc.apply_action(state, 2, fc.Take(1))
    assert state.centre == (0,) * 5 and state.piles[2] == counts(D, C, C)
    state = reveal(state, {0: C, 1: W, 2: F})
    assert state.centre == counts(C, W) and state.fleas_out == 1


def test_fc_9_scores_add_up_over_rounds_and_stars_can_be_overridden() -> None:
    config = fc.Config(players=3, stars=(1, 1, 1, 1, 1))
    result = play_game(fc, config, [RandomAgent()] * 3, seed=8)
    final = result.state
    total_cards = sum(map(sum, final.piles)) + sum(final.totals)
    assert sum(fc.scores(final)) == total_cards  # with one star each, score = cards scored
    # The score sheet: one part per round, the finished ones as they were scored.
    sheet = fc.CAPABILITIES.score_sheet(final)
    assert [p.label for p in sheet.parts[0]] == ["Round 1", "Round 2", "Round 3"]
    assert sheet.totals() == fc.scores(final)
    assert tuple(sum(r) for r in zip(*final.rounds, strict=True)) == final.totals
    assert sheet.parts[1][2].detail  # the last pile, animal by animal ("2 worms, 1 bird")


def test_fc_10_the_highest_total_wins_and_ties_share() -> None:
    from tablefeast.kernel.values import replace

    state = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=2).state
    tied = replace(state, totals=(10, 10, 4), piles=((0,) * 5,) * 3)
    assert fc.winners(tied) == {0, 1}
    tied = replace(tied, rounds=((4, 4, 2), (6, 6, 2)))
    assert fc.CAPABILITIES.score_sheet(tied).tie_break == (
        "Seats 0 and 1 tied on 10 stars and share the win (FC-10)."
    )
    assert fc.winners(fc.initial_state(fc.Config(players=3))) == frozenset()


def test_fc_11_hands_are_public_only_commitments_are_hidden() -> None:
    state = fc.apply_action(fc.initial_state(fc.Config(players=3)), 2, fc.Play(F))
    seen = fc.view(state, 0)
    assert seen.hands == state.hands  # public: the Flea is still shown in seat 2's hand
    assert seen.my_commitment is None and seen.committed[2]
    other = fc.apply_action(fc.initial_state(fc.Config(players=3)), 2, fc.Play(W))
    assert fc.view(other, 0) == seen


def test_fc_notation_and_errors() -> None:
    state = fc.initial_state(fc.Config(players=3))
    for text in ("play worm", "take 3", "take centre"):
        assert fc.action_to_str(fc.action_from_str(state, 0, text)) == text
    for bad in ("play tiger", "take", "take 7", "take  1", "eat worm", ""):
        with pytest.raises(tablefeast.InvalidActionError):
            fc.action_from_str(state, 0, bad)
    with pytest.raises(tablefeast.IllegalActionError, match="FC-3"):
        fc.apply_action(state, 0, fc.Take(1))
    with pytest.raises(tablefeast.IllegalActionError, match="no flea left"):
        spent = reveal(state, {0: F, 1: W, 2: W})
        fc.apply_action(spent, 0, fc.Play(F))
    with pytest.raises(tablefeast.InvalidSeatError):
        fc.apply_action(state, 3, fc.Play(W))
    with pytest.raises(tablefeast.IllegalActionError, match="no chance"):
        fc.chance_outcomes(state)
    with pytest.raises(ValueError, match=r"Config\.stars"):
        fc.Config(players=3, stars=(1, 2))
    with pytest.raises(ValueError, match=r"Config\.first_alpha"):
        fc.Config(players=3, first_alpha=3)


def test_fc_7_a_chain_of_snatches_carries_every_stack_up() -> None:
    # A Bird takes a Worm, a Cat takes that Bird, a Dog takes that Cat: the Dog gets all four.
    state = reveal(fc.initial_state(fc.Config(players=4)), {0: W, 1: B, 2: C, 3: D})
    state = fc.apply_action(state, 1, fc.Take(0))
    state = fc.apply_action(state, 2, fc.Take(1))
    state = fc.apply_action(state, 3, fc.Take(2))
    assert state.piles[3] == counts(D, C, B, W)
    assert fc.scores(state) == (0, 0, 0, 3 + 1 + 2 + 3)
