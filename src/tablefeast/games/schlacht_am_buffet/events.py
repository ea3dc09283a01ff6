"""The public event log of Schlacht am Buffet: what everyone at the table saw, in words.

The words are read from a move's effects (`effects`, as `apply_traced` returns them), each as a
spectator may know it: `public_events` blanks what a spectator cannot see before it words
anything, so a card drawn into a hand or played face down is never named, whoever passes the
effects in. Dishes are named as the edition prints them (SAB-19), like `render` does.

Examples:
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> _, effects = sab.apply_traced(s, -1, sab.DrawCard(7))
    >>> public_events(s.config, effects)
    ('round 1 begins; seat 0 holds the start player tile', '9 cards are dealt to each player')
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.schlacht_am_buffet import effects as fx
from tablefeast.games.schlacht_am_buffet.components import HAND_SIZE, Plate
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.kernel.effects import Effect, seen
from tablefeast.kernel.wording import and_list, by_seat, plural, seats_phrase

__all__ = ["public_events"]


def public_events(config: Config, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What every player at the table saw of `effects`, in words: one short English line per
    thing that happened.

    A round starting, the deal (one line for the whole deal, never card by card), a plate
    turned face up, a card played face down (never which), the reveal of a step and what
    follows from it (where the mice stand, who drops out with which plate, who may exchange,
    the duel, the start player tile, cards drawn), a plate won onto one of its kind (which no
    longer scores, and by how much the score changes: SAB-14), an exchange, and the end (final
    scores and winners). A hidden card draw says nothing.

    Args:
        config: the game's configuration (its edition names the dishes).
        effects: the effects of one or more moves, as `apply_traced` gives them.

    Returns:
        The lines, in the order things happened at the table (possibly none).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> a = sab.apply_action(s, -1, sab.DrawCard(7))
        >>> public_events(a.config, sab.apply_traced(a, -1, sab.DrawCard(2))[1])
        ()
    """
    edition = config.edition
    lines: list[str] = []
    for effect in seen(effects, None):
        lines += _words(effect, edition)
    return tuple(lines)


def _plates(plates: Iterable[Plate], edition: str) -> str:
    """``cheese 5``, ``cheese 5 and pizza 4``, ``cheese 5, pizza 4 and salad 1``."""
    return and_list([p.display(edition) for p in plates]) or "nothing"


def _words(effect: Effect, edition: str) -> list[str]:
    """The lines of one effect, as a spectator sees it."""
    match effect:
        case fx.RoundBegins(round=number, start_player=start):
            return [f"round {number} begins; seat {start} holds the start player tile"]
        case fx.Dealt(cards=n):
            return [f"{n} cards are dealt to each player"]
        case fx.PlateTurned(plate=plate):
            return [f"{plate.display(edition)} is turned face up"]
        case fx.BuffetSet(round=number, plates=plates):
            return [f"the buffet of round {number}: {_plates(plates, edition)}"]
        case fx.CardPlayed(seat=seat):
            return [f"seat {seat} plays a card face down"]
        case fx.Revealed(plays=plays):
            return ["revealed: " + ", ".join(f"seat {s} plays {c}" for s, c in plays)]
        case fx.MiceMoved(positions=positions):
            return ["the mice: " + ", ".join(f"seat {s} at {p}" for s, p in positions)]
        case fx.DroppedOut(seat=seat, plate=plate):
            taken = plate.display(edition)
            return [f"seat {seat} is alone at the back, drops out and takes {taken}"]
        case fx.TilePassed(seat=seat):
            return [f"the start player tile passes to seat {seat}"]
        case fx.MayExchange(seat=seat):
            return [f"seat {seat} may exchange cards"]
        case fx.RearTie(seats=seats, position=rear):
            return [f"{seats_phrase(seats)} share the back at {rear}: nobody drops out"]
        case fx.DuelTie(seats=(a, b), position=at):
            return [f"seats {a} and {b} are level at {at}: nobody takes a plate yet"]
        case fx.PlatesShared(back=back, back_plate=low, front=front, front_plate=high):
            return [
                f"seat {back} is behind and takes {low.display(edition)}; "
                f"seat {front} takes {high.display(edition)}"
            ]
        case fx.PartTwo(plates=plates, back_to_start=back):
            where = "is back on start" if back else "races on from where it stands"
            return [f"part 2: the race for {_plates(plates, edition)}; every mouse {where}"]
        case fx.DuelWon(seat=seat, plate=plate, loser=loser):
            return [
                f"seat {seat} wins the duel and takes {plate.display(edition)}; "
                f"seat {loser} gets nothing"
            ]
        case fx.PlateCovered(seat=seat, plate=plate, covered=covered):
            # SAB-14: only the top plate of a kind scores, so the score moves by the difference.
            change = plate.value - covered.value
            return [
                f"seat {seat}'s {plate.display(edition)} covers its {covered.display(edition)}: "
                f"only the top plate of a kind scores (SAB-14), so seat {seat} scores "
                f"{plural(abs(change), 'point')} {'more' if change > 0 else 'fewer'}"
            ]
        case fx.Exchanged(seat=seat, discard=discard):
            if not discard:
                return [f"seat {seat} keeps every card"]
            shown = ", ".join(map(str, discard))
            return [f"seat {seat} discards {shown} and draws {plural(len(discard), 'card')}"]
        case fx.Reshuffled(cards=n):
            return [f"the discard pile is shuffled into a new draw pile of {plural(n, 'card')}"]
        case fx.HandEmpty(seat=seat, cards=n):
            return [f"seat {seat} has no cards left and draws {plural(n, 'card')}"]
        case fx.RoundScored(round=number, scores=scores):
            return [f"scores after round {number}: {by_seat(scores)}"]
        case fx.Refill(draws=draws):
            drawn = ", ".join(f"seat {s} draws {n}" for s, n in draws)
            return [f"everyone draws back up to {HAND_SIZE} cards: {drawn}"]
        case fx.GameOver(round=number, scores=scores, winners=won):
            shared = " (shared)" if len(won) > 1 else ""
            return [
                f"game over after round {number}",
                f"final scores: {by_seat(scores)}",
                f"{'winners' if len(won) > 1 else 'winner'}{shared}: {seats_phrase(won)}",
            ]
    return []  # a card drawn (hidden): nothing to say
