"""Food Chain's score sheet: the stars of each round's scoring pile, and a shared win when
totals tie (FC-9, FC-10).

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> from tablefeast.kernel.play import RandomAgent, play_game
    >>> end = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1).state
    >>> sheet = score_sheet(end)
    >>> sheet.totals() == fc.scores(end), [part.label for part in sheet.parts[0]]
    (True, ['Round 1', 'Round 2', 'Round 3'])
"""

from __future__ import annotations

from tablefeast.games.food_chain.components import ANIMALS
from tablefeast.games.food_chain.rules import scores, winners
from tablefeast.games.food_chain.state import State
from tablefeast.kernel.sheet import ScorePart, ScoreSheet, tied_on_top
from tablefeast.kernel.wording import seats_phrase

__all__ = ["score_sheet"]


def _pile_words(pile: tuple[int, ...]) -> str:
    kinds = [
        f"{count} {animal.value}{'s' if count > 1 else ''}"
        for animal, count in zip(ANIMALS, pile, strict=True)
        if count
    ]
    return ", ".join(kinds) if kinds else "an empty pile"


def score_sheet(state: State) -> ScoreSheet:
    """FC-9: each finished round's stars, and the stars of this round's scoring pile (the last
    round's, once the game is over), animal by animal.

    Args:
        state: the state of the game.
    """
    stars = state.config.stars
    parts = []
    for seat in range(state.config.players):
        seat_parts = [
            ScorePart(f"Round {number}", finished[seat])
            for number, finished in enumerate(state.rounds, start=1)
        ]
        pile = state.piles[seat]
        now = sum(s * c for s, c in zip(stars, pile, strict=True))
        label = f"Round {state.round}" + ("" if state.game_over else " so far")
        seat_parts.append(ScorePart(label, now, _pile_words(pile)))
        parts.append(tuple(seat_parts))
    return ScoreSheet(tuple(parts), _tie_break(state))


def _tie_break(state: State) -> str | None:
    """FC-10: several players with the highest total share the win."""
    tie = tied_on_top(scores(state), winners(state))
    if tie is None:
        return None
    tied, points = tie
    return f"{seats_phrase(tied).capitalize()} tied on {points} stars and share the win (FC-10)."
