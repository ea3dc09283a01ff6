"""The contract at one state, and the error every check of the suite raises.

Examples:
    >>> import tablefeast
    >>> fc = tablefeast.load("food_chain")
    >>> check_state(fc, fc.initial_state(fc.Config(players=3)))  # nothing broken: no error
"""

from __future__ import annotations

import random
from fractions import Fraction

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.ruleset import A, C, ConfiguredState, Ruleset, S, V

__all__ = ["ConformanceError", "check_state", "expect", "random_move"]


class ConformanceError(TablefeastError, AssertionError):
    """A game broke a promise of the contract; the message says which, and where."""


def expect(condition: object, message: str) -> None:
    """Raise `ConformanceError` with `message` unless `condition` holds.

    Examples:
        >>> expect(1 + 1 == 2, "arithmetic")
        >>> expect([], "a list with something in it")
        Traceback (most recent call last):
        ...
        tablefeast.testing.contract.ConformanceError: a list with something in it
    """
    if not condition:
        raise ConformanceError(message)


def check_state(game: Ruleset[ConfiguredState, A, C, V], state: ConfiguredState) -> None:
    """The contract at one state: actors, legal actions, chance, scores, winners.

    Args:
        game: the game module.
        state: a state of that game.

    Raises:
        ConformanceError: a promise is broken.

    Examples:
        >>> import tablefeast
        >>> sab = tablefeast.load("schlacht_am_buffet")
        >>> check_state(sab, sab.initial_state(sab.Config(players=3)))  # passes: no error
    """
    players = state.config.players
    acting = game.actors(state)
    expect(list(acting) == sorted(set(acting)), f"actors {acting} are not ascending and distinct")
    expect((acting == ()) == game.is_terminal(state), "actors must be () exactly when over")
    expect(len(game.scores(state)) == players, "scores needs one entry per seat")
    won = game.winners(state)
    if game.is_terminal(state):
        expect(won and set(won) <= set(range(players)), f"a finished game has winners: {won}")
    else:
        expect(won == frozenset(), "no winners before the end")
    for seat in range(players):
        if seat not in acting:
            expect(game.legal_actions(state, seat) == (), f"seat {seat} does not act")
    _score_sheet(game, state)
    if acting == (CHANCE,):
        outcomes = game.chance_outcomes(state)
        expect(outcomes, "a chance node has outcomes")
        expect(sum(p for _, p in outcomes) == 1, "chance probabilities sum to exactly 1")
        expect(all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "exact and positive")
        expect(
            tuple(a for a, _ in outcomes) == game.legal_actions(state, CHANCE),
            "chance outcomes are the legal outcomes, in the same order",
        )
        expect(len({a for a, _ in outcomes}) == len(outcomes), "chance outcomes are distinct")
        return
    for seat in acting:
        legal = game.legal_actions(state, seat)
        expect(legal, f"acting seat {seat} has a legal action")
        expect(len(set(legal)) == len(legal), f"the legal actions of {seat} are distinct")
        expect(game.legal_actions(state, seat) == legal, "legal actions are deterministic")


def _score_sheet(game: Ruleset[S, A, C, V], state: S) -> None:
    """The declared score sheet adds up to the scores; it names a tie-break exactly when the
    game is over with more than one seat on the highest score."""
    sheet_of = getattr(game, "CAPABILITIES", None) and game.CAPABILITIES.score_sheet
    if sheet_of is None:
        return
    sheet = sheet_of(state)
    scores = tuple(game.scores(state))
    problems = sheet.problems(scores)
    expect(not problems, f"the score sheet disagrees with the scores: {problems}")
    tied = game.is_terminal(state) and scores.count(max(scores)) > 1
    expect(
        (sheet.tie_break is not None) == tied,
        f"a tie-break is named exactly when the finished game's top score is tied: {sheet}",
    )


def random_move(game: Ruleset[S, A, C, V], state: S, rng: random.Random) -> tuple[int, A]:
    """A random move of a state that is not over: a seat among the actors, then chance's
    outcome drawn from its distribution, or one of the seat's legal actions.

    Examples:
        >>> import random, tablefeast
        >>> fc = tablefeast.load("food_chain")
        >>> seat, action = random_move(fc, fc.initial_state(fc.Config(players=3)), random.Random(1))
        >>> seat, fc.action_to_str(action)
        (0, 'play flea')
    """
    acting = game.actors(state)
    seat = acting[rng.randrange(len(acting))]
    if seat == CHANCE:
        return seat, game.chance_distribution(state).sample(rng)
    legal = game.legal_actions(state, seat)
    return seat, legal[rng.randrange(len(legal))]
