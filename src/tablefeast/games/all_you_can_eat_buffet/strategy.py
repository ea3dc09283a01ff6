"""How a bot plays All You Can Eat Buffet: the heuristic's ranking, the playout policy and the
levels.

The heuristic (`ranked_moves`) reads only the seat's view: it commits the Moods in the order
Boor, Very Hungry, Trickster, Hungry, Jealous, Slow (pairs by their two ranks when two are
needed); when choosing Meals, it takes (or swaps to the front, or steals) what raises its own
score the most, scored by `score_table`. A Mood commitment is simultaneous, so the heuristic
agent mixes among the first three ranked there. Random playouts searched as well (`PLAYOUT`);
the levels are the strength ladder's (`LEVELS`).

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.record import position
    >>> s = position(ayc, ayc.Config(players=3), "mood 0 boor; mood 0 slow; mood 0 hungry; "
    ...     "mood 1 very-hungry; mood 1 trickster; mood 1 trickster; mood 2 boor; "
    ...     "mood 2 very-hungry; mood 2 trickster; meal Pumpkin; meal Milk; meal Coq au vin; "
    ...     "meal Tomato; meal Sausage")
    >>> ranking, simultaneous = ranked_moves(ayc.view(s, 0), ayc.legal_actions(s, 0))
    >>> [ayc.action_to_str(move) for move in ranking], simultaneous
    (['play boor', 'play hungry', 'play slow'], True)
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.actions import Action, Play, Steal, Swap, Take
from tablefeast.games.all_you_can_eat_buffet.scoring import score_table
from tablefeast.games.all_you_can_eat_buffet.view import View
from tablefeast.kernel.capabilities import DEFAULT_LEVELS

__all__ = ["LEVELS", "PLAYOUT", "ranked_moves"]

PLAYOUT = "random"
"""Random playouts searched as strongly as heuristic ones, and cheaper (the agents docs)."""

LEVELS = DEFAULT_LEVELS
"""The strength ladder: the mixed heuristic, then search at 50 and at 400 iterations."""

MOOD_ORDER = ("boor", "very-hungry", "trickster", "hungry", "jealous", "slow")
"""The Moods the heuristic commits, first to last."""


def ranked_moves(view: View, legal: tuple[Action, ...]) -> tuple[list[Action], bool]:
    """The legal moves, best first, and whether the decision is a simultaneous commitment.

    Args:
        view: the acting seat's view (all the heuristic reads).
        legal: its legal moves.
    """
    if isinstance(legal[0], Play):

        def rank(play: Action) -> list[int]:
            assert isinstance(play, Play)
            return sorted(MOOD_ORDER.index(m.value) for m in play.moods)

        return sorted(legal, key=rank), True
    return sorted(legal, key=lambda choice: -_gain(view, choice)), False


def _gain(view: View, choice: Action) -> int:
    """The seat's own score after `choice` (a Take, Swap or Steal; anything else is 0)."""
    lists = view.config.card_lists
    seat = view.seat
    assert seat is not None
    collections = list(view.collections)
    mine = list(collections[seat])
    if isinstance(choice, Take):
        for position in choice.positions:
            mine[view.line[position - 1][0]] += 1
    elif isinstance(choice, Swap):
        mine[view.line[choice.second - 1][0]] += 1  # what comes to the front
    elif isinstance(choice, Steal):
        meal = lists.tables.index[choice.meal]
        mine[meal] += 1
        theirs = list(collections[choice.seat])
        theirs[meal] -= 1
        collections[choice.seat] = tuple(theirs)
    else:
        return 0
    collections[seat] = tuple(mine)
    scores = score_table(
        lists,
        collections,
        drinks=view.drinks,
        spices=view.spices,
        cake=view.cake,
        tomatoes_as_vegetables=[None] * len(collections),
    )
    return int(scores[seat].total)
