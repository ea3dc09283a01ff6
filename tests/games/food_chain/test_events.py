"""Food Chain public events: the event log in words that the server and the command line show.

`words_of(fc, before, seat, action)` says what everybody at the table saw, and never
more: a commitment is "seat N plays a card face down" until the reveal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import tablefeast.games.food_chain as fc
from tests.support.effects import words_of
from tests.support.fc import B, C, D, F, W, random_start
from tests.support.walk import random_moves

Move = tuple[int, fc.Action]


def _random_game(seed: int) -> list[tuple[fc.State, int, fc.Action, fc.State]]:
    """Every move of one seeded random game (3 to 6 players, random stars and first Alpha)."""
    state, rng = random_start(seed)
    return list(random_moves(fc, state, rng))  # Food Chain has no chance: every actor is a seat


def _events(state: fc.State, moves: Iterable[Move]) -> tuple[fc.State, list[tuple[str, ...]]]:
    """The events of each move in turn, and the state at the end."""
    out = []
    for seat, action in moves:
        after = fc.apply_action(state, seat, action)
        out.append(words_of(fc, state, seat, action))
        state = after
    return state, out


def _plays(animals: Iterable[fc.Animal]) -> list[Move]:
    return [(seat, fc.Play(a)) for seat, a in enumerate(animals)]


# ---------------------------------------------------------------- 1. nothing hidden leaks


def test_events_are_the_same_for_every_action_the_spectator_cannot_tell_apart() -> None:
    """For every state of seeded games, every acting seat and every legal action: actions whose
    results look the same to a spectator give exactly the same lines."""
    for seed in range(24):
        for before, _, _, _ in _random_game(seed):
            for seat in fc.actors(before):
                seen: dict[fc.View, tuple[str, ...]] = {}
                for action in fc.legal_actions(before, seat):
                    after = fc.apply_action(before, seat, action)
                    events = words_of(fc, before, seat, action)
                    public = fc.view(after, None)
                    assert seen.setdefault(public, events) == events, (seed, seat, action)


def test_events_depend_on_the_states_only_through_the_spectator_views() -> None:
    """Resampling every hidden commitment (a state a spectator cannot tell from the real one)
    never changes the lines of a move whose result looks the same."""
    rng = random.Random(7)
    for seed in range(24, 40):
        for before, seat, action, after in _random_game(seed):
            other = fc.determinize(before, None, rng)
            assert fc.view(other, None) == fc.view(before, None)
            other_after = fc.apply_action(other, seat, action)
            if fc.view(other_after, None) == fc.view(after, None):
                assert words_of(fc, other, seat, action) == words_of(fc, before, seat, action)


def test_a_commitment_never_names_the_animal_before_the_reveal() -> None:
    state = fc.initial_state(fc.Config(players=4))
    for animal in fc.ANIMALS:
        events = words_of(fc, state, 2, fc.Play(animal))
        assert events[-1] == "seat 2 plays a card face down"
        assert not any(a.value in line for line in events for a in fc.ANIMALS)


# ---------------------------------------------------------------- 2. a worked example


def test_the_rulebook_example_reads_pass_by_pass() -> None:
    """The docs' worked example: six players; Birds at seats 0 and 1, a Cat at 2, a Flea at 3,
    Worms at 4 and 5. Each Bird takes a Worm, then the Cat takes both Birds with their Worms."""
    state = fc.initial_state(fc.Config(players=6))
    moves = [
        *_plays([B, B, C, F, W, W]),
        (0, fc.Take(4)),
        (1, fc.Take(5)),
        (2, fc.Take(0)),
        (2, fc.Take(1)),
    ]
    state, events = _events(state, moves)
    assert events == [
        (
            "round 1 of 6: seat 0 is the Alpha Animal; every player takes their nine animals "
            "into hand",
            "seat 0 plays a card face down",
        ),
        ("seat 1 plays a card face down",),
        ("seat 2 plays a card face down",),
        ("seat 3 plays a card face down",),
        ("seat 4 plays a card face down",),
        (
            "seat 5 plays a card face down",
            "revealed: seat 0 plays bird, seat 1 plays bird, seat 2 plays cat, "
            "seat 3 plays flea, seat 4 plays worm, seat 5 plays worm",
            "the birds snatch: seat 0 takes first",
        ),
        ("seat 0's bird takes seat 4's worm",),
        ("seat 1's bird takes seat 5's worm", "the cats snatch: seat 2 takes first"),
        ("seat 2's cat takes seat 0's bird with a worm under it",),
        (
            "seat 2's cat takes seat 1's bird with a worm under it",
            "seat 2 secures its cat with 2 worms and 2 birds: 11 stars",  # 1 + 2*2 + 2*3
            "out of the round: seat 3's flea",
            "pass 2 of 9",
        ),
    ]
    # Pass 2: nobody snatches, so the last commitment reveals and resolves the whole pass.
    state, events = _events(state, _plays([W, C, W, C, C, B]))
    assert events[-1] == (
        "seat 5 plays a card face down",
        "revealed: seat 0 plays worm, seat 1 plays cat, seat 2 plays worm, seat 3 plays cat, "
        "seat 4 plays cat, seat 5 plays bird",
        "the birds snatch: seat 5 takes first",
    )
    _, events = _events(state, [(5, fc.Take(0)), (5, fc.Take(2))])
    assert events == [
        ("seat 5's bird takes seat 0's worm",),
        (
            "seat 5's bird takes seat 2's worm",
            "the cats snatch: seat 1 takes first",
        ),
    ]


def test_a_whole_game_of_matching_plays_with_centre_takes_round_ends_and_a_shared_win() -> None:
    """Three players always play the same animal: three passes of Worms fill the centre, then the
    Birds take turns until all nine Worms are gone (FC-4), and so on up the chain."""
    script = [W, W, W, B, B, C, C, D, F]
    state = fc.initial_state(fc.Config(players=3))
    log: list[tuple[str, ...]] = []
    for animal in script:
        state, events = _events(state, _plays([animal] * 3))
        log += events
        while fc.actors(state) and len(fc.actors(state)) == 1:  # snatching: take from the centre
            state, events = _events(state, [(fc.actors(state)[0], fc.TakeFromCentre())])
            log += events
    # Pass 4: the Birds take the nine Worms in turn, three each.
    takes = [e for e in log if e[0].endswith("takes a worm from the centre")]
    assert [e[0] for e in takes[:4]] == [
        "seat 0's bird takes a worm from the centre",
        "seat 1's bird takes a worm from the centre",
        "seat 2's bird takes a worm from the centre",
        "seat 0's bird takes a worm from the centre",
    ]
    assert takes[-1] == (
        "seat 2's bird takes a worm from the centre",
        "seat 0 secures its bird with 3 worms: 11 stars",
        "seat 1 secures its bird with 3 worms: 11 stars",
        "seat 2 secures its bird with 3 worms: 11 stars",
        "pass 5 of 9",
    )
    assert log[-1] == (  # the last commitment of the round: reveal, Fleas out, scores, round 2
        "seat 2 plays a card face down",
        "revealed: seat 0 plays flea, seat 1 plays flea, seat 2 plays flea",
        "out of the round: seat 0's flea, seat 1's flea, seat 2's flea",
        "round 1 ends, stars this round: seat 0 18, seat 1 18, seat 2 18",
        "totals: seat 0 18, seat 1 18, seat 2 18",
        "round 2 of 3: seat 1 is the Alpha Animal; every player takes their nine animals into hand",
    )
    for _ in range(2):
        for animal in script:
            state, events = _events(state, _plays([animal] * 3))
            while fc.actors(state) and len(fc.actors(state)) == 1:
                state, events = _events(state, [(fc.actors(state)[0], fc.TakeFromCentre())])
    assert fc.is_terminal(state)
    assert events[-1][-3:] == (
        "round 3 ends, stars this round: seat 0 18, seat 1 18, seat 2 18",
        "game over, final scores: seat 0 54, seat 1 54, seat 2 54",
        "seats 0, 1 and 2 share the win",
    )


# ---------------------------------------------------------------- 3. every move of real games


def test_every_move_of_random_games_gives_readable_lines_and_one_line_per_deal() -> None:
    for seed in range(12):
        moves = _random_game(seed)
        config = moves[0][0].config
        deals = 0
        for before, seat, action, _after in moves:
            events = words_of(fc, before, seat, action)
            assert isinstance(events, tuple) and events, (seed, seat, action)
            assert all(isinstance(line, str) and line.strip() == line != "" for line in events)
            assert words_of(fc, before, seat, action) == events  # deterministic
            deals += sum("takes their nine animals into hand" in line for line in events)
        # One line per round says the hands were taken up, never one per card.
        assert deals == config.players < config.players * config.players * 9
        winners = fc.winners(moves[-1][3])
        last = words_of(fc, *moves[-1][:3])[-1]
        if len(winners) == 1:
            assert last == f"seat {min(winners)} wins"
        else:
            assert last.endswith("share the win")
