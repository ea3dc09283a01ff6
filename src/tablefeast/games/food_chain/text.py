"""A plain-text rendering of a view, and the public event log of a move (`public_events`, from
`events`), for the command line and for people reading logs.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> print(render(fc.view(fc.initial_state(fc.Config(players=3)), 0)).splitlines()[0])
    Round 1 of 3 · pass 1 of 9 · Alpha: seat 0 · centre: (empty)
"""

from __future__ import annotations

from tablefeast.games.food_chain.components import ANIMALS, PASSES
from tablefeast.games.food_chain.events import public_events
from tablefeast.games.food_chain.view import View

__all__ = ["public_events", "render"]


def _animals(counts: tuple[int, ...]) -> str:
    parts = [f"{n} {ANIMALS[k].value}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "(empty)"


def _idle(view: View, seat: int) -> str:
    # A seat that has nothing on show: deciding now, waiting for another's move, or done.
    if seat in view.actors:
        return "thinking"
    return "waiting" if view.actors else "done"


def render(view: View) -> str:
    """The view as a few lines of text.

    Args:
        view: the view to render.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> print(render(fc.view(s, 0)))
        Round 1 of 3 · pass 1 of 9 · Alpha: seat 0 · centre: (empty)
        birds are snatching; seat 0 takes
          seat 0 (you): played bird; hand 3 worm, 1 bird, 2 cat, 1 dog, 1 flea; score 0
          seat 1: played worm; hand 2 worm, 2 bird, 2 cat, 1 dog, 1 flea; score 0
          seat 2: played cat; hand 3 worm, 2 bird, 1 cat, 1 dog, 1 flea; score 0
    """
    n = view.config.players
    lines = [
        f"Round {view.round} of {n} · pass {view.pass_number} of {PASSES} · "
        f"Alpha: seat {view.alpha} · centre: {_animals(view.centre)}"
    ]
    if view.snatching is not None:
        lines.append(f"{ANIMALS[view.snatching].value}s are snatching; seat {view.taker} takes")
    for seat in range(n):
        you = " (you)" if seat == view.seat else ""
        played = view.played[seat]
        status = f"played {ANIMALS[played].value}" if played is not None else ""
        if view.taken[seat]:
            status += " (snatched)"
        if view.committed[seat]:
            status = "committed"
        status = status or _idle(view, seat)
        lines.append(
            f"  seat {seat}{you}: {status}; hand {_animals(view.hands[seat])}; "
            f"score {view.scores[seat]}"
        )
    return "\n".join(lines)
