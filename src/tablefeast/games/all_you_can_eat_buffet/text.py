"""A plain-text rendering of a view, and the public event log of a move (`public_events`, from
`events`), for the command line and for people reading logs.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> print(render(ayc.view(ayc.initial_state(ayc.Config(players=3)), 0)).splitlines()[0])
    Round 1 of 10 · deal · First player: seat 0 · line: (empty)
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.events import public_events
from tablefeast.games.all_you_can_eat_buffet.view import View

__all__ = ["public_events", "render"]


def _meals(names: tuple[str, ...], counts: tuple[int, ...]) -> str:
    parts = [name if n == 1 else f"{n}x {name}" for name, n in zip(names, counts, strict=True) if n]
    return ", ".join(parts) or "(none)"


def render(view: View) -> str:
    """The view as a few lines of text.

    Args:
        view: the view to render.

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> print(render(ayc.view(s, 0)))
        Round 1 of 10 · play · First player: seat 0 · line: 1. Pumpkin; 2. Milk (+1 spice);
        3. Coq au vin (+1 spice); 4. Tomato; 5. Sausage
          your hand: 1x hungry, 1x boor, 1x slow
          seat 0 (you): thinking; (none); 0 drinks, 0 spices; score 0
          seat 1: thinking; (none); 0 drinks, 0 spices; score 0
          seat 2: thinking; (none); 0 drinks, 0 spices; score 0
    """
    config = view.config
    names = config.card_lists.tables.names
    line = [
        f"{i}. {names[meal]}" + (f" (+{spices} spice)" if spices else "") + (" +secret" * secret)
        for i, (meal, spices, secret) in enumerate(view.line, start=1)
    ]
    lines = [
        f"Round {view.round} of {config.rounds} · {view.stage} · First player: seat {view.first}"
        f" · line: {'; '.join(line) or '(empty)'}"
    ]
    if view.my_hand is not None:
        hand = ", ".join(f"{n}x {MOODS[m].value}" for m, n in enumerate(view.my_hand) if n)
        lines.append(f"  your hand: {hand or '(empty)'}")
    for seat in range(config.players):
        you = " (you)" if seat == view.seat else ""
        mood = view.revealed[seat]
        status = f"revealed {MOODS[mood].value}" if mood is not None else ""
        if mood is None and view.committed[seat] is not None:
            status = f"committed {view.committed[seat]} card(s)"
        cake = ", Birthday Cake" if view.cake == seat else ""
        if not status and view.stage == "play":
            status = "thinking"
        lines.append(
            f"  seat {seat}{you}: {status + '; ' if status else ''}"
            f"{_meals(names, view.collections[seat])};"
            f" {view.drinks[seat]} drinks, {view.spices[seat]} spices{cake}; "
            f"score {view.scores[seat]}"
        )
    return "\n".join(lines)
