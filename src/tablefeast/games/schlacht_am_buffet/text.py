"""A plain-text rendering of a view, and the public event log of a move (`public_events`, from
`events`), for the command line and for people reading logs.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> print(render(sab.view(sab.initial_state(sab.Config(players=3)), None)).splitlines()[0])
    Round 1 (part 1) · start player: seat 0 · draw pile: 110 cards · discard: 0 cards
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.events import public_events
from tablefeast.games.schlacht_am_buffet.rules import top_plates
from tablefeast.games.schlacht_am_buffet.view import View

__all__ = ["public_events", "render"]


def render(view: View) -> str:
    """The view as a few lines of text, with the edition's display names (SAB-19).

    Args:
        view: the view to render.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.apply_action(sab.initial_state(sab.Config(players=3)), -1, sab.DrawCard(7))
        >>> print(render(sab.view(s, 0)))
        Round 1 (part 1) · start player: seat 0 · draw pile: 109 cards · discard: 0 cards
        Buffet: (empty)
          seat 0 (you): at 0, 1 cards, score 0
          seat 1: at 0, 0 cards, score 0
          seat 2: at 0, 0 cards, score 0
        Your hand: 7
    """
    edition = view.config.edition
    part = f" (part {view.part})" if view.config.players == 3 else ""
    lines = [
        f"Round {view.round}{part} · start player: seat {view.start_player} · "
        f"draw pile: {view.draw_pile_size} cards · discard: {sum(view.discard)} cards",
        "Buffet: " + (", ".join(p.display(edition) for p in view.buffet) or "(empty)"),
    ]
    for seat in range(view.config.players):
        status = f"at {view.positions[seat]}" if seat in view.racing else "out"
        if view.committed[seat]:
            status += ", committed"
        tops = ", ".join(p.display(edition) for p in top_plates(view.plates_won[seat]))
        you = " (you)" if seat == view.seat else ""
        lines.append(
            f"  seat {seat}{you}: {status}, {view.hand_sizes[seat]} cards, "
            f"score {view.scores[seat]}" + (f" [{tops}]" if tops else "")
        )
    if view.hand is not None:
        lines.append("Your hand: " + (" ".join(map(str, view.hand)) or "(empty)"))
    return "\n".join(lines)
