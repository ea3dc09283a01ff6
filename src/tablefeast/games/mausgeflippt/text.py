"""A plain-text rendering of a view.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> print(render(mg.view(mg.initial_state(mg.Config(players=3)), 0)).splitlines()[0])
    No mouse open · face-up cheese: none · turner: seat 0 · mice in the stack: 32
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.events import public_events
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED
from tablefeast.games.mausgeflippt.view import View

__all__ = ["public_events", "render"]


def _cards(names: tuple[str, ...], counts: tuple[int, ...]) -> str:
    parts = [name if n == 1 else f"{n}x {name}" for name, n in zip(names, counts, strict=True) if n]
    return ", ".join(parts) or "(none)"


def _idle(view: View, seat: int) -> str:
    # A seat that has not committed: deciding now, waiting for another's move, or done.
    if seat in view.actors:
        return "thinking"
    return "waiting" if view.actors else "done"


def _commitment(view: View, code: int | None) -> str:
    if code is None:
        return "thinking"
    if code == PASS:
        return "passes"
    if code == FLIP:
        return f"flips: {view.config.call}"
    if code == PLAYED:
        return "plays a card"
    return "plays " + str(view.config.card_set.tables.items[code])


def render(view: View) -> str:
    """The view as a few lines of text.

    Args:
        view: the view to render.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> lines = render(mg.view(s, 0)).splitlines()
        >>> print(lines[0])
        Mouse M20 wears cap/red, jacket/red, shirt/yellow, shows gouda · face-up cheese: emmental ·
        turner: seat 0 · mice in the stack: 31
        >>> print(lines[2])
          seat 1: thinking; hand 7 cards; 0 mice, penalty cards (none) + 0 face down, 0 cheeses;
          score 0
    """
    tables = view.config.card_set.tables
    items = tuple(map(str, tables.items))
    if view.open_mouse is None:
        mouse = "No mouse open"
    else:
        card = view.config.card_set.mice[view.open_mouse]
        worn = ", ".join(map(str, card.wears))
        mouse = f"Mouse {card.id} wears {worn}, shows {card.cheese}"
        if tables.mouse_cheese[view.open_mouse] == view.open_cheese:
            mouse += " (protected)"
    cheese = "none" if view.open_cheese is None else tables.cheese_names[view.open_cheese]
    stack = sum(view.mice_unseen) + len(view.mice_bottom)
    lines = [
        f"{mouse} · face-up cheese: {cheese} · turner: seat {view.turner} · "
        f"mice in the stack: {stack}"
    ]
    for seat in range(view.config.players):
        you = " (you)" if seat == view.seat else ""
        young = " (young)" if seat in view.config.young_seats else ""
        hand = view.hands[seat]
        shown = _cards(items, hand) if hand is not None else f"{view.hand_sizes[seat]} cards"
        code = view.revealed[seat] if view.revealed is not None else None
        status = (
            _commitment(view, code)
            if view.revealed is not None
            else ("committed" if view.committed[seat] else _idle(view, seat))
        )
        if seat == view.seat and view.revealed is None and view.my_commitment is not None:
            status = "committed: " + _commitment(view, view.my_commitment)
        if view.placing_counts[seat]:  # MG-17
            laying = view.placing[seat]
            cards = _cards(items, laying) if laying is not None else f"{view.placing_counts[seat]}"
            status = f"lays {cards} in front, choosing the one face down"
        lines.append(
            f"  seat {seat}{you}{young}: {status}; hand {shown}; "
            f"{len(view.caught[seat])} mice, penalty cards {_cards(items, view.face_up[seat])}"
            f" + {view.face_down_counts[seat]} face down, {sum(view.cheeses[seat])} cheeses; "
            f"score {view.scores[seat]}"
        )
    return "\n".join(lines)
