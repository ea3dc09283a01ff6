"""The public event log of Schlacht am Buffet: what everyone at the table saw, in words.

Every line is built from the two spectator views of a move (before and after), the move itself
when its effect is public (an exchange puts its cards face up on the discard pile), and, at the
commitment that completes a step, the cards that step turns face up (SAB-5). Nothing hidden is
ever read: a hand, a face-down card before its reveal, the order of the draw pile or of the
plate supply. Dishes are named as the edition prints them (SAB-19), like `render` does.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> public_events(s, -1, sab.DrawCard(7), sab.apply_action(s, -1, sab.DrawCard(7)))
    ('round 1 begins; seat 0 holds the start player tile', '9 cards are dealt to each player')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tablefeast.games.schlacht_am_buffet.actions import (
    Action,
    DrawCard,
    Exchange,
    Play,
    RevealPlate,
)
from tablefeast.games.schlacht_am_buffet.components import HAND_SIZE, MAX_POSITION, Plate
from tablefeast.games.schlacht_am_buffet.rules import winners
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.games.schlacht_am_buffet.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.wording import and_list, by_seat, plural, seats_phrase

__all__ = ["public_events"]


def public_events(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """What every player at the table saw when `seat` made `action` in `before`, giving `after`.

    One short English line per event: a round starting, the deal (one line for the whole deal,
    never card by card), a plate turned face up, a card played face down (never which), the
    reveal of a step and what follows from it (where the mice stand, who drops out with which
    plate, who may exchange, the duel, the start player tile, cards drawn), an exchange, and
    the end (final scores and winners). A hidden card draw gives an empty tuple.

    The lines depend only on the spectator's views of `before` and `after`, on `action` when
    its effect is public, and on the cards a completed step reveals, so they never tell a
    spectator anything the table did not show.

    Args:
        before: the state in which the move was made.
        seat: the seat that moved, or CHANCE (-1).
        action: the move (for CHANCE, the outcome).
        after: the state the move gave (``apply_action(before, seat, action)``).

    Returns:
        The lines, in the order things happened at the table (possibly none).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> a = sab.apply_action(s, -1, sab.DrawCard(7))
        >>> public_events(a, -1, sab.DrawCard(2), sab.apply_action(a, -1, sab.DrawCard(2)))
        ()
    """
    vb, va = view(before, None), view(after, None)
    lines: list[str] = []
    if seat == CHANCE:
        if isinstance(action, DrawCard):
            lines += _deal_start(vb)
        elif isinstance(action, RevealPlate):
            lines += _plate_revealed(va, action.plate)
    elif isinstance(action, Exchange):
        lines += _exchange(seat, action)
    elif isinstance(action, Play):
        lines.append(f"seat {seat} plays a card face down")
        if vb.actors == (seat,):  # the last commitment: the step is revealed (SAB-5)
            played = {s: before.commitments[s] for s in vb.racing}
            played[seat] = action.card
            lines += _step(vb, va, played, winners(after))
            return tuple(lines)  # the step describes its own draws and reshuffle
    lines += _reshuffle(vb, va, action)
    return tuple(lines)


# ---------------------------------------------------------------- wording


def _plates(plates: Iterable[Plate], edition: str) -> str:
    """``cheese 5``, ``cheese 5 and pizza 4``, ``cheese 5, pizza 4 and salad 1``."""
    return and_list([p.display(edition) for p in plates]) or "nothing"


# ---------------------------------------------------------------- chance and exchanges


def _deal_start(vb: View) -> list[str]:
    """The first card of the game's deal announces the round and the whole deal (SAB-1)."""
    players = vb.config.players
    if vb.round == 1 and not any(vb.hand_sizes) and len(vb.pending_draws) == HAND_SIZE * players:
        return [_round_start(vb), f"{HAND_SIZE} cards are dealt to each player"]
    return []  # every other draw is hidden; the move that caused it has said how many


def _round_start(v: View) -> str:
    return f"round {v.round} begins; seat {v.start_player} holds the start player tile"


def _plate_revealed(va: View, plate: Plate) -> list[str]:
    edition = va.config.edition
    lines = [f"{plate.display(edition)} is turned face up"]
    if not va.to_reveal:  # SAB-2, SAB-3: the buffet is complete, best first
        lines.append(f"the buffet of round {va.round}: {_plates(va.buffet, edition)}")
    return lines


def _exchange(seat: int, action: Exchange) -> list[str]:
    # SAB-7: the discarded cards go face up on the discard pile, so they are public.
    if not action.discard:
        return [f"seat {seat} keeps every card"]
    shown = ", ".join(map(str, action.discard))
    n = len(action.discard)
    return [f"seat {seat} discards {shown} and draws {plural(n, 'card')}"]


def _reshuffle(vb: View, va: View, action: Action) -> list[str]:
    """SAB-11: the draw pile only ever grows when the discard pile is shuffled into it."""
    drawn = 1 if isinstance(action, DrawCard) else 0
    if va.draw_pile_size > vb.draw_pile_size - drawn:
        pile = plural(va.draw_pile_size, "card")
        return [f"the discard pile is shuffled into a new draw pile of {pile}"]
    return []


# ---------------------------------------------------------------- a revealed step


def _step(vb: View, va: View, played: dict[int, int | None], won: frozenset[int]) -> list[str]:
    """The reveal of a step and everything that follows from it (SAB-5 to SAB-18)."""
    edition = vb.config.edition
    racing = vb.racing
    cards = {s: c for s, c in played.items() if c is not None}
    lines = ["revealed: " + ", ".join(f"seat {s} plays {c}" for s, c in cards.items())]
    pos = {
        s: max(-MAX_POSITION, min(MAX_POSITION, vb.positions[s] + cards.get(s, 0)))  # SAB-4, 25
        for s in racing
    }
    lines.append("the mice: " + ", ".join(f"seat {s} at {p}" for s, p in pos.items()))
    buffet = vb.buffet
    round_over = va.game_over or va.round != vb.round
    if len(racing) >= 3:
        rear = min(pos.values())
        last = [s for s in racing if pos[s] == rear]
        if len(last) == 1 and buffet:  # SAB-6: a lone rearmost mouse drops out
            out = last[0]
            lines.append(
                f"seat {out} is alone at the back, drops out and takes "
                f"{buffet[-1].display(edition)}"
            )
            if va.start_player != vb.start_player:  # SAB-8
                lines.append(f"the start player tile passes to seat {va.start_player}")
            if va.exchanger == out:  # SAB-7
                lines.append(f"seat {out} may exchange cards")
        else:
            lines.append(f"{seats_phrase(last)} share the back at {rear}: nobody drops out")
    elif len(racing) == 2:
        a, b = racing
        if pos[a] == pos[b]:  # SAB-9: a tie repeats the step
            lines.append(f"seats {a} and {b} are level at {pos[a]}: nobody takes a plate yet")
        else:
            front, back = (a, b) if pos[a] > pos[b] else (b, a)
            if va.part != vb.part and len(buffet) >= 2:  # SAB-17: everybody gets a plate
                lines.append(
                    f"seat {back} is behind and takes {buffet[-1].display(edition)}; "
                    f"seat {front} takes {buffet[-2].display(edition)}"
                )
                lines += _part_two(va)
            elif buffet:  # SAB-9: the duel is won
                lines.append(
                    f"seat {front} wins the duel and takes {buffet[0].display(edition)}; "
                    f"seat {back} gets nothing"
                )
    if round_over:
        lines += _round_end(vb, va, won)
    else:
        if va.start_player != vb.start_player and len(racing) < 3:  # SAB-8, after part 1
            lines.append(f"the start player tile passes to seat {va.start_player}")
        lines += _reshuffle(vb, va, Play(0))
        owed = Counter(va.pending_draws)  # SAB-10: an empty hand draws 9 before committing
        for s in sorted(owed):
            lines.append(f"seat {s} has no cards left and draws {plural(owed[s], 'card')}")
    return lines


def _part_two(va: View) -> list[str]:
    """SAB-18: three players race again for the two best plates."""
    where = (
        "every mouse is back on start"
        if va.config.edition == "en"
        else ("every mouse races on from where it stands")
    )
    return [f"part 2: the race for {_plates(va.buffet, va.config.edition)}; {where}"]


def _round_end(vb: View, va: View, won: frozenset[int]) -> list[str]:
    """SAB-12, SAB-13, SAB-15, SAB-16 (`won`: the winners, public from the plates), SAB-21."""
    if va.game_over:
        shared = " (shared)" if len(won) > 1 else ""
        return [
            f"game over after round {va.round}",
            f"final scores: {by_seat(va.scores)}",
            f"{'winners' if len(won) > 1 else 'winner'}{shared}: {seats_phrase(sorted(won))}",
        ]
    lines = [f"scores after round {vb.round}: {by_seat(va.scores)}", _round_start(va)]
    lines += _reshuffle(vb, va, Play(0))
    owed = Counter(va.pending_draws)
    if owed:
        drawn = ", ".join(f"seat {s} draws {owed[s]}" for s in sorted(owed))
        lines.append(f"everyone draws back up to {HAND_SIZE} cards: {drawn}")
    return lines
