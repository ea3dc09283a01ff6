"""How a bot plays Mausgeflippt: the heuristic's ranking, the playout policy and the levels.

The heuristic (`ranked_moves`) reads only the seat's view: it never claims a protected mouse
(one whose cheese is the open cheese); it plays an item the mouse wears if the hand has one;
otherwise it flips (when allowed); else it passes. It never makes a wrong claim. A wrong flip's
face-down choice (MG-17) is hidden either way, so there it mixes, and nobody can read it. In a
race the cards decide which claim is right, so the heuristic agent takes its first move there
rather than mixing.

Random claims are mostly wrong and drown a search's signal, so playouts follow the heuristic
(`PLAYOUT`); and the heuristic rates far above greedy lookahead, which rates above search at
these budgets (a search's reward is swamped by the luck of the races), so the levels run the
other way round (`LEVELS`).

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> LEVELS["hard"], PLAYOUT
    ('heuristic', 'heuristic')
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.actions import Action, FaceDown, Flip, Pass
from tablefeast.games.mausgeflippt.state import State
from tablefeast.games.mausgeflippt.view import View
from tablefeast.kernel import reveal
from tablefeast.kernel.values import FrozenDict, replace

__all__ = ["LEVELS", "PLAYOUT", "ranked_moves", "withdraw"]

PLAYOUT = "heuristic"
"""Random claims are mostly wrong and drown the signal: playouts follow the heuristic."""

LEVELS: FrozenDict[str, str] = FrozenDict(easy="ismcts:50", medium="greedy", hard="heuristic")
"""The strength ladder of Mausgeflippt: search at 50 iterations, greedy lookahead, then the
heuristic, which never makes a wrong claim."""


def ranked_moves(view: View, legal: tuple[Action, ...]) -> tuple[list[Action], bool]:
    """The legal moves, best first, and whether to mix among them (only the hidden MG-17
    choice).

    Args:
        view: the acting seat's view (all the heuristic reads).
        legal: its legal moves.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> ranked_moves(mg.view(s, 0), mg.legal_actions(s, 0))
        ([Play(kind='jacket', colour='red')], False)
    """
    if isinstance(legal[0], FaceDown):  # MG-17: hidden either way; mixed, so others cannot tell
        return list(legal), True
    tables = view.config.card_set.tables
    mouse = view.open_mouse
    hand = view.hands[view.seat] if view.seat is not None else None
    if mouse is None or hand is None or tables.mouse_cheese[mouse] == view.open_cheese:
        return [Pass()], False
    worn = [i for i, n in enumerate(hand) if n and tables.wears[mouse] >> i & 1]
    if worn:
        return [tables.plays[worn[0]]], False
    if Flip() in legal:  # MG-6: not with three face-down cards
        return [Flip(), Pass()], False
    return [Pass()], False


def withdraw(state: State, seat: int) -> State:
    """The state before `seat` made its commitment of this race (MG-2): a search agent redraws
    the others' hidden commitments from its model of their play. Committing changes nothing
    else, so taking it back is exact.

    Args:
        state: a state in which `seat` has committed and the race is not yet revealed.
        seat: the seat whose commitment is taken back.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3))
        >>> while len(mg.actors(s)) < 2:  # the deal and the turn, up to a race
        ...     s = mg.apply_action(s, mg.actors(s)[0], mg.legal_actions(s, mg.actors(s)[0])[0])
        >>> seat = mg.actors(s)[0]
        >>> after = mg.apply_action(s, seat, mg.legal_actions(s, seat)[0])
        >>> withdraw(after, seat) == s
        True
    """
    return replace(state, commitments=reveal.uncommit(state.commitments, seat))
