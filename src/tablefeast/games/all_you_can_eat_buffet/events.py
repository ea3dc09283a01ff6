"""The public event log of All You Can Eat Buffet: what everyone at the table saw, in words.

The words are read from a move's effects (`effects`, as `apply_traced` returns them), each as a
spectator may know it: `public_events` blanks what a spectator cannot see before it words
anything, so a Mood hand, a face-down commitment before its reveal (AYC-17) or a Tomato decision
is never named, whoever passes the effects in; a secret card under a Surprise bread is not even
drawn before the end (AYC-4). Meals and Moods are named as printed (``Coq au vin``,
``Very Hungry``).

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> s = ayc.initial_state(ayc.Config(players=3))
    >>> _, effects = ayc.apply_traced(s, -1, ayc.DrawMood(0, ayc.Mood.HUNGRY))
    >>> public_events(s.config, effects)
    ('round 1 begins; seat 0 holds the First player tile', '3 Mood cards are dealt to each player')
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.all_you_can_eat_buffet import effects as fx
from tablefeast.games.all_you_can_eat_buffet.components import Mood
from tablefeast.games.all_you_can_eat_buffet.config import Config
from tablefeast.kernel.effects import Effect, seen
from tablefeast.kernel.wording import and_list, by_seat, plural, seats_phrase

__all__ = ["public_events"]

_TOKENS = (fx.DrinkGained, fx.CoffeeDrunk, fx.CakeTileTaken)
"""What comes with a Meal collected, stolen or turned up: told on that Meal's line."""
_DEEDS = (fx.Swapped, fx.MealsTaken, fx.MealStolen, fx.NothingDone)
"""What a Mood carried out does: told on its line (nothing: "finds nothing to take")."""
_PARTS = _DEEDS + _TOKENS


def public_events(config: Config, effects: Iterable[Effect]) -> tuple[str, ...]:
    """What every player at the table saw of `effects`, in words: one short English line per
    thing that happened.

    A round starting and its deal (one line, never card by card), each Meal laid out and the
    finished line, a Mood card played face down (never which), the reveal and the Moods picked
    at random, glasses clinking, each Mood carried out (one line: what it swapped, took or
    stole, with its Spice tokens, Drink tokens and the Birthday Cake tile), the end of a round,
    the secret cards turned up, the Tomatoes decided face down, and the end (final scores and
    winners). A Mood card drawn says nothing.

    Args:
        config: the game's configuration (every game's words take it; these need nothing of
            it, as the effects name each Meal as its list prints it).
        effects: the effects of one or more moves, as `apply_traced` gives them.

    Returns:
        The lines, in the order things happened at the table (possibly none).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.all_you_can_eat_buffet.records import DEAL
        >>> s = position(ayc, ayc.Config(players=3), DEAL)
        >>> public_events(s.config, ayc.apply_traced(s, 0, ayc.Play((ayc.Mood.BOOR,)))[1])
        ('seat 0 plays a card face down',)
    """
    lines: list[str] = []
    growing: _SeatLine | None = None  # a Mood carried out or a secret card: its parts follow
    for effect in seen(effects, None):
        if growing is not None and isinstance(effect, _PARTS):
            growing.add(effect)
            continue
        if growing is not None:
            lines.append(growing.line())
            growing = None
        match effect:
            case fx.MoodCarriedOut(seat=seat, mood=mood):
                growing = _SeatLine(f"seat {seat} ({mood.title})")
            case fx.SecretTurned(seat=seat, meal=meal):
                growing = _SeatLine(f"seat {seat}'s secret card is {meal}", secret=True)
            case _:
                lines += _words(effect)
    if growing is not None:
        lines.append(growing.line())
    return tuple(lines)


class _SeatLine:
    """One line about one seat, gathered from several effects: a Mood carried out (AYC-8) with
    what it did, or a secret card turned up (AYC-14), with the tokens and tiles that came."""

    def __init__(self, head: str, *, secret: bool = False) -> None:
        self.head, self.secret = head, secret
        self.deeds: list[str] = []
        self.drinks: tuple[int, int] | None = None  # (before the line, after it)
        self.cake = ""

    def add(self, effect: Effect) -> None:
        match effect:
            case fx.Swapped(first=a, second=b, first_meal=meal_a, second_meal=meal_b):
                self.deeds.append(f"swaps {meal_a} ({a}) and {meal_b} ({b})")
            case fx.MealsTaken(meals=meals):
                self.deeds.append("takes " + and_list([_meal(entry) for entry in meals]))
            case fx.MealStolen(victim=victim, meal=meal, with_secret=with_secret):
                secret = " with its secret card" if with_secret else ""
                self.deeds.append(f"steals {meal}{secret} from seat {victim}")
            case fx.DrinkGained(held=held):
                self._drinks(held - 1, held)
            case fx.CoffeeDrunk(lost=lost, held=held):
                self._drinks(held + lost, held)
            case fx.CakeTileTaken(previous=previous):
                taken = f" from seat {previous}" if previous is not None else ""
                self.cake = "; takes the Birthday Cake tile" + taken

    def _drinks(self, before: int, after: int) -> None:
        start = before if self.drinks is None else self.drinks[0]
        self.drinks = (start, after)

    def line(self) -> str:
        if self.secret:
            text = self.head
        elif self.deeds:
            text = f"{self.head} {' and '.join(self.deeds)}"
        else:
            return f"{self.head} finds nothing to take"  # AYC-13
        if self.drinks is not None and self.drinks[0] != self.drinks[1]:
            text += f"; Drink tokens {self.drinks[0]} → {self.drinks[1]}"  # the net change
        return text + self.cake


def _meal(entry: fx.LineEntry) -> str:
    """``Milk``, ``Milk (+1 spice)``, ``Surprise bread (+1 spice, +secret card)``."""
    extras = [f"+{plural(entry.spices, 'spice')}"] if entry.spices else []
    extras += ["+secret card"] if entry.secret else []
    return f"{entry.meal} ({', '.join(extras)})" if extras else entry.meal


def _plays(plays: Iterable[tuple[int, Mood]]) -> str:
    return ", ".join(f"seat {seat} plays {mood.title}" for seat, mood in plays)


def _words(effect: Effect) -> list[str]:
    """The lines of one effect, as a spectator sees it."""
    match effect:
        case fx.RoundBegins(round=1, first=first, cards=cards):
            return [
                f"round 1 begins; seat {first} holds the First player tile",
                f"{cards} Mood cards are dealt to each player",
            ]
        case fx.RoundBegins(round=number, cards=cards):
            return [f"round {number} begins: each player draws {plural(cards, 'Mood card')}"]
        case fx.MealLaidOut(meal=meal, position=position, secret=secret):
            under = ", a secret card face down under it" if secret else ""
            return [f"{meal} is laid out at position {position}{under}"]
        case fx.LineSet(round=number, line=()):
            return [f"the Meal deck is empty: round {number} has no Meals"]
        case fx.LineSet(round=number, line=line, ran_out=ran_out):
            meals = "; ".join(f"{i}. {_meal(entry)}" for i, entry in enumerate(line, start=1))
            short = " (the Meal deck ran out)" if ran_out else ""
            return [f"the line of round {number}{short}: {meals}"]
        case fx.MoodsCommitted(seat=seat, cards=1):
            return [f"seat {seat} plays a card face down"]
        case fx.MoodsCommitted(seat=seat, cards=2):
            return [f"seat {seat} plays 2 cards face down"]
        case fx.MoodsCommitted(seat=seat, neighbour=neighbour):
            return [f"seat {seat} plays no card: seat {neighbour} will pick one from its hand"]
        case fx.Revealed(plays=plays):
            return ["revealed: " + _plays(plays)]
        case fx.MoodPicked(seat=seat, picker=picker, mood=mood, from_hand=from_hand):
            source = "hand" if from_hand else "2 cards"
            return [f"seat {picker} picks {mood.title} at random from seat {seat}'s {source}"]
        case fx.MoodsOfRound(round=number, moods=moods):
            return [f"the Moods of round {number}: " + _plays(enumerate(moods))]
        case fx.Clinked(mood=mood, seats=seats, gained=gained):
            given = (
                "a Drink token each"
                if gained == seats
                else f"a Drink token for {seats_phrase(gained)} only"
                if gained
                else "no Drink token left in the supply"
            )
            clink = f"{seats_phrase(seats)} {_all(seats)} play {mood.title} and clink glasses"
            return [f"{clink}: {given}"]
        case fx.Skipped(mood=mood, seats=seats):
            return [f"{seats_phrase(seats)} {_all(seats)} skip their {mood.title}"]
        case fx.RoundEnds(round=number, discarded=()):
            return [f"round {number} ends with an empty line"]
        case fx.RoundEnds(round=number, discarded=left):
            verb = "is" if len(left) == 1 else "are"
            return [f"round {number} ends: {and_list([_meal(e) for e in left])} {verb} discarded"]
        case fx.RoundScored(round=number, scores=scores):
            return [f"scores after round {number}: {by_seat(scores)}"]
        case fx.FirstPlayerPasses(seat=seat):
            return [f"the First player tile passes to seat {seat}"]
        case fx.SecretsTurnedUp(cards=cards):
            each = ", ".join(f"{plural(n, 'card')} for seat {seat}" for seat, n in cards)
            return [f"the secret cards under the Surprise breads are turned up: {each}"]
        case fx.TomatoesToDecide(seats=seats):
            decide = "decides its" if len(seats) == 1 else "decide their"
            return [f"{seats_phrase(seats)} {decide} Tomatoes, Fruit or Vegetable, face down"]
        case fx.TomatoesDecided(seat=seat):
            return [f"seat {seat} decides its Tomatoes face down"]
        case fx.GameOver(scores=scores, winners=won, tied=tied):
            if len(won) > 1:
                winner = f"winners (shared): {seats_phrase(won)}"
            else:  # AYC-12: the most Drink tokens break a tie on points
                drinks = " (most Drink tokens among the tied)" if len(tied) > 1 else ""
                winner = f"winner: {seats_phrase(won)}{drinks}"
            return ["game over", f"final scores: {by_seat(scores)}", winner]
    return []  # a Mood card drawn: hidden, and the deal has been told


def _all(seats: tuple[int, ...]) -> str:
    return "both" if len(seats) == 2 else "all"
