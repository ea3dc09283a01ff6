"""The public event log: what every player at the table saw, in words, move by move.

The words are read from a move's effects (`effects`, as `apply_traced` returns them), each as a
spectator may know it: `public_events` blanks what a spectator cannot see before it words
anything, so a card drawn into a hidden hand, a commitment before the reveal, a slow claimant's
card (MG-3) and which card lies face down (MG-5, MG-17) are never named, whoever passes the
effects in. A young player's cards lie face up (MG-15) and are named.

A fastest claim is one line: what it was and what it earned, including what the rest of its move
settles (a mouse from the top of the stack, or none left; no cheese left; the choice not asked at
the end, MG-8, MG-19).

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> public_events(s.config, mg.apply_traced(s, -1, mg.DrawClothing("tie", "blue"))[1])
    ('the deal: 7 clothing cards are dealt to each player',)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.mausgeflippt import effects as fx
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED
from tablefeast.kernel.effects import Effect, seen
from tablefeast.kernel.wording import seats_phrase

__all__ = ["public_events"]

# The kind of move whose effects are being told. What a move settles after its decision or
# chance event (mice and cheeses owed, draws that lapse, MG-8, MG-11, MG-19) is told as part of a
# race's claims, on its own lines after an award, and not at all after the deal or a face-down
# choice (whose line tells only the cards laid).
_OTHER, _RACE, _DRAW, _DEAL, _LAID, _AWARD = range(6)


class _Claim:
    """A fastest claim's line: what it was, then what it earned, completed by what its move
    settles after it (MG-8, MG-19)."""

    __slots__ = ("head", "parts")

    def __init__(self, head: str, part: str) -> None:
        self.head = head
        self.parts = [part]

    def __str__(self) -> str:
        return f"{self.head}: " + "; ".join(self.parts)


class _Log:
    """The lines of a run of effects, told one effect at a time."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.lines: list[str | _Claim] = []
        self.claims: dict[int, _Claim] = {}  # this race's claim lines, by seat
        self.move = _OTHER

    def tell(self, effect: Effect) -> None:
        match effect:  # the first effect of a move says what kind of move it is
            case fx.Revealed() | fx.FastestClaimants():
                self.move, self.claims = _RACE, {}
            case fx.Dealt() | fx.CardDrawn(deal=True):
                self.move = _DEAL
            case fx.CardDrawn():
                self.move = _DRAW
            case fx.FaceDownChosen():
                self.move = _LAID
            case fx.MouseGiven(known=False) | fx.CheeseGiven():
                self.move = _AWARD
            case fx.Commitment() | fx.CheeseTurned():
                self.move = _OTHER
        if isinstance(effect, _SETTLED):
            self._settled(effect)
        else:
            self.lines += _words(self.config, effect, self.claims)

    def _settled(self, effect: Effect) -> None:
        """A settled effect (`_SETTLED`), told as the move it belongs to tells it."""
        move, mice = self.move, self.config.card_set.tables.mouse_ids
        if move == _RACE:
            match effect:
                case fx.MouseGiven(seat=seat, mouse=mouse):  # MG-8: instead of the mouse owed
                    self.claims[seat].parts[-1] = _from_the_top(seat, mice[mouse])
                case fx.NoMouseLeft(seat=seat):
                    self.claims[seat].parts[-1] = f"no mouse is left for seat {seat}"
                case fx.NoCheeseLeft(seats=seats):  # MG-8: instead of the cheese owed
                    for seat in seats:
                        self.claims[seat].parts[-1] = "no cheese is left for them"
                case fx.LaidAtTheEnd(seat=seat, face_up=up):  # MG-19: not a choice to come
                    count = 1 + sum(n for _, n in up)
                    self.claims[seat].parts[0] = _laid_in_front(self.config, up, count)
        if move == _AWARD:
            match effect:
                case fx.MouseGiven(seat=seat, mouse=mouse):
                    self.lines.append(_from_the_top(seat, mice[mouse]))
                case fx.NoMouseLeft(seat=seat):
                    self.lines.append(f"no mouse is left for seat {seat}")
                case fx.NoCheeseLeft(seats=seats):
                    self.lines += (f"no cheese is left for seat {seat}" for seat in seats)
        if type(effect) is fx.DrawsLapsed and move in (_RACE, _DRAW):  # MG-11
            self.lines.append("no clothing card is left to draw")


_SETTLED = (fx.MouseGiven, fx.NoMouseLeft, fx.NoCheeseLeft, fx.DrawsLapsed, fx.LaidAtTheEnd)
"""The effects of what a move settles (mice and cheeses owed, MG-8; draws that lapse, MG-11;
the choice not asked at the end, MG-19), and of a mouse award, whose move is told like them."""


def public_events(config: Config, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What every player at the table saw of `effects`, in words: one short English line per
    thing that happened.

    A commitment in a race is "seat N commits face down", never what it was; the last one is
    "seat N commits face down, the last to commit", and the reveal it triggers follows (with
    fewer than two claimants, the race is resolved at once). The deal is
    one line at its first card; a later card drawn into a hidden hand is "seat N draws a card"
    (a young player's card lies face up, MG-15, and is named).

    Args:
        config: the game's configuration (its card set names the cards, its language the call).
        effects: the effects of one or more moves, as `apply_traced` gives them.

    Returns:
        One line per event, in the order they happened (empty when nobody saw anything).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> t, effects = mg.apply_traced(s, 0, mg.Play("jacket", "red"))
        >>> public_events(s.config, effects)
        ('seat 0 commits face down',)
        >>> u = mg.apply_action(t, 1, mg.Pass())
        >>> last, revealed, caught = public_events(u.config, mg.apply_traced(u, 2, mg.Pass())[1])
        >>> print(last)
        seat 2 commits face down, the last to commit
        >>> print(revealed)
        revealed: seat 0 plays a card, seat 1 passes, seat 2 passes
        >>> for part in caught.split("; "):
        ...     print(part)
        seat 0 plays jacket/red, which M20 wears: the card goes to the discard pile
        they catch M20 (+1)
    """
    log = _Log(config)
    for effect in seen(effects, None):
        log.tell(effect)
    return tuple(map(str, log.lines))


# ---------------------------------------------------------------- words


def _item(config: Config, item: int) -> str:
    return str(config.card_set.tables.items[item])


def _cards(config: Config, cards: fx.Cards) -> str:
    return ", ".join(_item(config, i) if n == 1 else f"{n}x {_item(config, i)}" for i, n in cards)


def _laid_in_front(config: Config, face_up: fx.Cards, count: int) -> str:
    """A wrong flip's cards in front of the flipper (MG-5): which lies face down is not told."""
    shown = _cards(config, face_up)
    front = f"1 face down and {shown} face up" if shown else "1 face down"
    return f"{front} in front of them (-{count})"


def _from_the_top(seat: int, mouse: str) -> str:
    return f"seat {seat} gets {mouse} from the top of the stack (+1)"


def _choice(config: Config, seat: int, code: int) -> str:
    if code == PASS:
        return f"seat {seat} passes"
    if code == FLIP:
        return f"seat {seat} flips ({config.call})"
    if code == PLAYED:
        return f"seat {seat} plays a card"
    return f"seat {seat} plays {_item(config, code)}"


def _deal(dealt: fx.Dealt) -> str:
    """The deal (MG-1), young players' cards face up (MG-15), a short pile (MG-11)."""
    cards, young_seats = dealt.cards, dealt.young_seats
    young = [s for s in range(len(cards)) if s in young_seats]
    old = [s for s in range(len(cards)) if s not in young_seats]
    if not young:
        line = f"the deal: {cards[0]} clothing cards are dealt to each player"
    else:
        parts = [f"{cards[old[0]]} each to {seats_phrase(old)}"] if old else []
        parts.append(f"{cards[young[0]]} face up to {seats_phrase(young)} (young)")
        line = "the deal: clothing cards, " + ", ".join(parts)
    if dealt.pile < sum(cards):  # MG-11
        line += f" (only {dealt.pile} in the pile: the deal stops short)"
    return line


_ENDINGS = {
    "last mouse": "the last mouse is caught",  # MG-12
    "last cheese": "the last cheese is taken",  # MG-12
    "no progress": "every mouse left was turned in a row of races in which everybody passed",
}
"""Why the game ended, in words (MG-12, MG-13)."""


def _the_end(over: fx.GameOver) -> list[str]:
    scores = ", ".join(f"seat {s}: {score}" for s, score in enumerate(over.scores))
    best = over.winners  # MG-14
    won = f"winner: seat {best[0]}" if len(best) == 1 else f"shared win: {seats_phrase(best)}"
    return [f"game over: {_ENDINGS[over.reason]}", f"final scores: {scores}", won]


def _words(config: Config, effect: Effect, claims: dict[int, _Claim]) -> list[str | _Claim]:
    """The lines of one effect, as a spectator sees it; a claim's line is also kept in
    `claims`, where what it earned is added."""
    tables = config.card_set.tables
    mice = tables.mouse_ids
    match effect:
        case fx.Dealt():
            return [_deal(effect)]
        case fx.CardDrawn(deal=False, seat=seat, item=item):
            if item is not None:  # MG-15: a young player's cards lie face up
                return [f"seat {seat} draws {_item(config, item)} (face up)"]
            return [f"seat {seat} draws a card"]
        case fx.Reshuffled(cards=n):  # MG-11
            return [f"the discard pile is shuffled into a new draw pile ({n} cards)"]
        case fx.CheeseTurned(cheese=cheese, first=True):  # MG-1
            return [f"the face-up cheese is {tables.cheese_names[cheese]}"]
        case fx.CheeseTurned(cheese=cheese):  # MG-7
            return [f"a new cheese is turned face up: {tables.cheese_names[cheese]}"]
        case fx.MouseTurned(seat=seat, mouse=mouse, protected=protected):  # MG-2
            card = config.card_set.mice[mouse]
            worn = ", ".join(map(str, card.wears))
            line = f"seat {seat} turns {card.id}, wearing {worn} and showing {card.cheese}"
            return [line + ": protected by the face-up cheese" if protected else line]
        case fx.Commitment(seat=seat, last=last):  # MG-2: hidden until everybody committed
            # Only that the seat committed, never what; the last one says so, as the reveal
            # (which it triggers) follows on the next line.
            return [f"seat {seat} commits face down" + (", the last to commit" if last else "")]
        case fx.Revealed(choices=choices):
            if all(code == PASS for code in choices):
                return ["revealed: everyone passes"]
            return ["revealed: " + ", ".join(_choice(config, s, c) for s, c in enumerate(choices))]
        case fx.FastestClaimants(seats=seats, slow=slow):  # MG-3, MG-8
            if len(seats) == 1:
                line = f"seat {seats[0]} was fastest"
            else:
                line = f"unclear race: {seats_phrase(seats)} were fastest together"
            return [line + f" ({seats_phrase(slow)} too slow)" if slow else line]
        case fx.NobodyClaimed(mouse=mouse):  # MG-9
            return [f"nobody claims {mice[mouse]}: it goes under the stack"]
        case fx.Protected(mouse=mouse, cheese=cheese):  # MG-7
            face_up = tables.cheese_names[cheese]
            return [f"{mice[mouse]} is protected ({face_up} is face up): every claim fails"]
        case fx.PlayLanded(seat=seat, item=item, mouse=mouse, worn=True):  # MG-4
            played = f"seat {seat} plays {_item(config, item)}, which {mice[mouse]} wears"
            claims[seat] = _Claim(played, "the card goes to the discard pile")
            return [claims[seat]]
        case fx.PlayLanded(seat=seat, item=item, mouse=mouse):  # MG-4
            played = f"seat {seat} plays {_item(config, item)}, which {mice[mouse]} does not wear"
            claims[seat] = _Claim(played, "the card lies face up in front of them (-1)")
            return [claims[seat]]
        case fx.FlipLanded(seat=seat, mouse=mouse, matching=0):  # MG-5
            flipped = f"seat {seat} flips holding none of {mice[mouse]}'s items"
            claims[seat] = _Claim(flipped, "they take the hand back")
            return [claims[seat]]
        case fx.FlipLanded(seat=seat, mouse=mouse, matching=n, face_up=up, choosing=choosing):
            flipped = f"seat {seat} flips holding {n} of {mice[mouse]}'s items"
            if choosing:  # MG-17: which lies face down is the seat's choice, still to come
                laid = f"they lay them in front of them, one face down of their choosing (-{n})"
            else:  # MG-5
                laid = _laid_in_front(config, up, n)
            claims[seat] = _Claim(flipped, laid)
            return [claims[seat]]
        case fx.CheeseTaken(seat=seat, cheese=cheese):  # MG-7, MG-8
            claims[seat].parts.append(f"they take the face-up {tables.cheese_names[cheese]} (-2)")
        case fx.CheeseOwed(seat=seat):  # MG-8
            claims[seat].parts.append("they are owed the next cheese (-2)")
        case fx.MouseCaught(seat=seat, mouse=mouse):  # MG-8: the open mouse, to the first
            claims[seat].parts.append(f"they catch {mice[mouse]} (+1)")
        case fx.MouseOwed(seat=seat):  # MG-8
            claims[seat].parts.append("they are owed a mouse from the stack")
        case fx.MouseUnder(mouse=mouse):
            return [f"{mice[mouse]} goes under the stack"]
        case fx.CheeseGiven(seat=seat, cheese=cheese):  # MG-8
            return [f"seat {seat} takes the next cheese, {tables.cheese_names[cheese]} (-2)"]
        case fx.FaceDownChosen(seat=seat, face_up=up):  # MG-17: which lies face down is hidden
            return [f"seat {seat} lays {_cards(config, up)} face up and 1 card face down"]
        case fx.GameOver():
            return [*_the_end(effect)]
    return []  # a card of the deal, a card drawn into a hidden hand, a barred flip: no line
