"""How a bot plays Schlacht am Buffet: the heuristic's ranking, the playout policy and the levels.

The heuristic (`ranked_moves`) reads only the seat's view: it plays the cards in hand from the
highest (a mouse that stays in the race gets a better plate), and in an exchange discards every
card below 3. A commitment is simultaneous, so the heuristic agent mixes among the first three
ranked cards there (`tablefeast.agents.heuristics.MIX`). Random playouts searched as well as
heuristic ones here, and cheaper (`PLAYOUT`); the levels are the strength ladder's (`LEVELS`).

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from tablefeast.kernel.record import position
    >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
    >>> s = position(sab, sab.Config(players=3), DEAL)
    >>> ranking, simultaneous = ranked_moves(sab.view(s, 0), sab.legal_actions(s, 0))
    >>> [move.card for move in ranking][:3], simultaneous
    ([9, 8, 5], True)
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.actions import Action, Exchange, Play
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.games.schlacht_am_buffet.view import View
from tablefeast.kernel import reveal
from tablefeast.kernel.capabilities import DEFAULT_LEVELS
from tablefeast.kernel.deck import counts_put
from tablefeast.kernel.values import replace

__all__ = ["LEVELS", "PLAYOUT", "ranked_moves", "withdraw"]

PLAYOUT = "random"
"""Random playouts searched as strongly as heuristic ones, and cheaper (the agents docs)."""

LEVELS = DEFAULT_LEVELS
"""The strength ladder: the mixed heuristic, then search at 50 and at 400 iterations."""


def ranked_moves(view: View, legal: tuple[Action, ...]) -> tuple[list[Action], bool]:
    """The legal moves, best first, and whether the decision is a simultaneous commitment.

    Args:
        view: the acting seat's view (all the heuristic reads).
        legal: its legal moves.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> for card in (9, 2, -1, 5, 2, 8, 0, 3, 4):  # the deal: seat 0's nine cards first
        ...     s = sab.apply_action(s, -1, sab.DrawCard(card))
        >>> ranked_moves(sab.view(s, 0), (sab.Exchange(()), sab.Exchange((2,))))
        ([Exchange(discard=(2, 2, 0, -1)), Exchange(discard=())], False)
    """
    plays = sorted((a for a in legal if isinstance(a, Play)), key=_highest_first)
    if plays:
        return list[Action](plays), True
    low = tuple(sorted((card for card in view.hand or () if card < 3), reverse=True))
    return [Exchange(low), Exchange(())], False


def _highest_first(play: Play) -> int:
    return -play.card


def withdraw(state: State, seat: int) -> State:
    """The state before `seat` played its card face down in this step (SAB-5): the card goes
    back to its hand. A search agent redraws the others' hidden cards from its model of their
    play.

    Args:
        state: a state in which `seat` has committed and the step is not yet revealed.
        seat: the seat whose card is taken back.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> withdraw(sab.apply_action(s, 1, sab.legal_actions(s, 1)[0]), 1) == s
        True
    """
    card = state.commitments[seat]
    if card is None:
        return state
    hands = list(state.hands)
    hands[seat] = counts_put(hands[seat], card + 1)  # hands count cards from -1 (SAB-2)
    return replace(state, commitments=reveal.uncommit(state.commitments, seat), hands=tuple(hands))
