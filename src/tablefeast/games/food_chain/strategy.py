"""How a bot plays Food Chain: the heuristic's ranking, the playout policy and the levels.

The heuristic (`ranked_moves`) reads only the seat's view: first the predators whose prey lies
in the centre (a sure catch), the one with the most such prey and the fewest opponents holding
its own predator first; then waiting with the weakest animals (Worms first); when snatching,
the biggest stack on offer. A commitment is simultaneous, so the heuristic agent mixes among
the first three ranked animals there. Random playouts searched as well (`PLAYOUT`); the levels
are the strength ladder's (`LEVELS`).

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> ranking, simultaneous = ranked_moves(fc.view(s, 0), fc.legal_actions(s, 0))
    >>> [fc.action_to_str(a) for a in ranking[:3]], simultaneous
    (['play worm', 'play bird', 'play cat'], True)
"""

from __future__ import annotations

from tablefeast.games.food_chain.actions import Action, Play, Take
from tablefeast.games.food_chain.components import ANIMALS
from tablefeast.games.food_chain.state import State
from tablefeast.games.food_chain.view import View
from tablefeast.kernel import reveal
from tablefeast.kernel.values import FrozenDict, replace

__all__ = ["LEVELS", "PLAYOUT", "ranked_moves", "withdraw"]

PLAYOUT = "random"
"""Random playouts searched as strongly as heuristic ones, and cheaper (the agents docs)."""

LEVELS: FrozenDict[str, str] = FrozenDict(easy="heuristic", medium="ismcts:400", hard="model:20")
"""The strength ladder (the agents docs): the mixed heuristic; information-set search at 400
iterations, which treats the others' commitments as uniform; then search over simultaneous moves
against a model of the table (`tablefeast.agents.modelling`), which reads the table and mixes."""


def ranked_moves(view: View, legal: tuple[Action, ...]) -> tuple[list[Action], bool]:
    """The legal moves, best first, and whether the decision is a simultaneous commitment.

    Args:
        view: the acting seat's view (all the heuristic reads).
        legal: its legal moves.
    """
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:  # snatching: the biggest stack on offer
        return sorted(legal, key=lambda t: _stack(view, t)), False
    others = [hand for seat, hand in enumerate(view.hands) if seat != view.seat]
    catches: list[tuple[float, Action]] = []
    for play in plays:
        kind = ANIMALS.index(play.animal)
        if kind == 0 or not view.centre[kind - 1]:
            continue  # a Worm takes nothing; a predator waits for prey lying in the centre
        danger = sum(1 for hand in others if kind + 1 < 5 and hand[kind + 1])
        value = view.centre[kind - 1] - 0.3 * danger
        if value > 0:
            catches.append((-value, play))
    catches.sort(key=lambda pair: pair[0])
    catching = {play for _, play in catches}
    waits = sorted(
        (p for p in plays if p not in catching),
        key=lambda p: ANIMALS.index(p.animal),  # wait with the weakest
    )
    return [play for _, play in catches] + waits, True


def _stack(view: View, choice: Action) -> int:
    return -len(view.stacks[choice.seat]) if isinstance(choice, Take) else 0


def withdraw(state: State, seat: int) -> State:
    """The state before `seat` made its commitment of this pass (FC-3): a search agent redraws
    the others' hidden commitments from its model of their play. Committing changes nothing
    else, so taking it back is exact.

    Args:
        state: a state in which `seat` has committed and the pass is not yet revealed.
        seat: the seat whose commitment is taken back.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> withdraw(fc.apply_action(s, 1, fc.Play(fc.Animal.DOG)), 1) == s
        True
    """
    return replace(state, commitments=reveal.uncommit(state.commitments, seat))
