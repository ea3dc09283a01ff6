"""The public event log of All You Can Eat Buffet: what everyone at the table saw, in words.

Every line is built from the two spectator views of a move (before and after) and from the move
itself when its effect is public (a Meal laid out, a Mood picked at random, a Boor's choice, a
secret card turned up). Nothing hidden is ever read: a Mood hand, a face-down commitment before
its reveal (AYC-17), a secret card under a Surprise bread before the end (AYC-4), a Tomato
decision, the order of a deck. The Moods a round resolves are carried out step by step with the
game's own effects (`moods.MOOD_EFFECTS`, AYC-22), and each step is described from what it
changed on the table. Meals and Moods are named as printed (``Coq au vin``, ``Very Hungry``).

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> s = ayc.initial_state(ayc.Config(players=3))
    >>> draw = ayc.DrawMood(0, ayc.Mood.HUNGRY)
    >>> public_events(s, -1, draw, ayc.apply_action(s, -1, draw))
    ('round 1 begins; seat 0 holds the First player tile', '3 Mood cards are dealt to each player')
"""

from __future__ import annotations

from collections import Counter

from tablefeast.games.all_you_can_eat_buffet.actions import (
    Action,
    DrawMeal,
    DrawMood,
    Play,
    RevealMood,
    Secret,
    Swap,
    Tomato,
)
from tablefeast.games.all_you_can_eat_buffet.components import MOODS
from tablefeast.games.all_you_can_eat_buffet.config import FIRST_HAND
from tablefeast.games.all_you_can_eat_buffet.flow import resolution_queue, round_order
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS
from tablefeast.games.all_you_can_eat_buffet.state import LineMeal, State
from tablefeast.games.all_you_can_eat_buffet.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.seats import left_of
from tablefeast.kernel.values import replace
from tablefeast.kernel.wording import and_list, by_seat, plural, seats_phrase

__all__ = ["public_events"]


def public_events(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """What every player at the table saw when `seat` made `action` in `before`, giving `after`.

    One short English line per event: a round starting and its deal (one line, never card by
    card), each Meal laid out and the finished line, a Mood card played face down (never which),
    the reveal and the Moods picked at random, glasses clinking, each Mood carried out (what it
    took or stole, with its Spice tokens, Drink tokens and the Birthday Cake tile), the end of a
    round, the secret cards turned up, and the end (final scores and winners). A hidden Mood draw
    after the first of a deal gives an empty tuple.

    The lines depend only on the spectator's views of `before` and `after` and on `action` when
    its effect is public, so they never tell anyone more than the table showed.

    Args:
        before: the state in which the move was made.
        seat: the seat that moved, or CHANCE (-1).
        action: the move (for CHANCE, the outcome).
        after: the state the move gave (``apply_action(before, seat, action)``).

    Returns:
        The lines, in the order things happened at the table (possibly none).

    Examples:
        >>> import tablefeast.games.all_you_can_eat_buffet as ayc
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> s = play_game(ayc, ayc.Config(players=3), [RandomAgent()] * 3, seed=0, max_moves=14)
        >>> s = s.state
        >>> play = ayc.Play((ayc.Mood.BOOR,))
        >>> public_events(s, 0, play, ayc.apply_action(s, 0, play))
        ('seat 0 plays a card face down',)
    """
    vb, va = view(before, None), view(after, None)
    lines: list[str] = []
    if seat == CHANCE:
        if isinstance(action, DrawMood):
            lines += _deal_start(vb)
        elif isinstance(action, DrawMeal):
            lines.append(_laid_out(vb, va, action))
        elif isinstance(action, RevealMood):
            lines.append(_picked(vb, action))
        elif isinstance(action, Secret):
            lines.append(_secret(vb, va, action))
    elif isinstance(action, Play):
        lines.append(_committed(vb, seat, action))
    elif isinstance(action, Tomato):
        lines.append(f"seat {seat} decides its Tomatoes face down")
    if vb.stage == "deal" and va.stage == "play":
        lines.append(_line_set(va))
    lines += _resolution(before, vb, va, seat, action)
    if va.stage != vb.stage:
        lines += _ending(vb, va)
    return tuple(lines)


# ---------------------------------------------------------------- wording


def _meal(v: View, entry: LineMeal) -> str:
    """``Milk``, ``Milk (+1 spice)``, ``Surprise bread (+1 spice, +secret card)``."""
    meal, spices, secret = entry
    extras = [f"+{plural(spices, 'spice')}"] if spices else []
    extras += ["+secret card"] if secret else []
    name = v.config.card_lists.tables.names[meal]
    return f"{name} ({', '.join(extras)})" if extras else name


def _mood(index: int) -> str:
    return MOODS[index].title


# ---------------------------------------------------------------- dealing and playing


def _deal_start(vb: View) -> list[str]:
    """The first Mood draw of a deal announces it (AYC-2); every other draw is hidden."""
    players = vb.config.players
    hand = FIRST_HAND if vb.round == 1 else 1
    if vb.stage != "deal" or len(vb.mood_draws) != hand * players:
        return []
    if vb.round == 1:
        return [
            f"round 1 begins; seat {vb.first} holds the First player tile",
            f"{hand} Mood cards are dealt to each player",
        ]
    return [f"round {vb.round} begins: each player draws 1 Mood card"]


def _laid_out(vb: View, va: View, action: DrawMeal) -> str:
    """AYC-3, AYC-4: a Meal goes face up into the line; a Surprise bread gets a secret card."""
    position = len(vb.line)
    secret = position < len(va.line) and va.line[position][2]
    under = ", a secret card face down under it" if secret else ""
    return f"{action.meal} is laid out at position {position + 1}{under}"


def _line_set(va: View) -> str:
    """The line is complete, Spice tokens on the 2nd and 3rd Meal (AYC-3, AYC-13)."""
    if not va.line:
        return f"the Meal deck is empty: round {va.round} has no Meals"
    meals = "; ".join(f"{i}. {_meal(va, e)}" for i, e in enumerate(va.line, start=1))
    short = " (the Meal deck ran out)" if len(va.line) < va.config.line_size else ""
    return f"the line of round {va.round}{short}: {meals}"


def _committed(vb: View, seat: int, action: Play) -> str:
    """AYC-5: how many cards a seat commits is public, never which."""
    n = len(action.moods)
    if n == 1:
        return f"seat {seat} plays a card face down"
    if n == 2:
        return f"seat {seat} plays 2 cards face down"
    left = left_of(seat, vb.config.players)
    return f"seat {seat} plays no card: seat {left} will pick one from its hand"


def _picked(vb: View, action: RevealMood) -> str:
    """AYC-5, AYC-17: the left neighbour turns up one card at random."""
    left = left_of(action.seat, vb.config.players)
    source = "2 cards" if vb.committed[action.seat] == 2 else "hand"
    return f"seat {left} picks {action.mood.title} at random from seat {action.seat}'s {source}"


def _secret(vb: View, va: View, action: Secret) -> str:
    """AYC-4, AYC-14: a secret card joins its owner's collection and takes effect now."""
    owner = vb.secret_reveals[0] if vb.secret_reveals else 0
    return f"seat {owner}'s secret card is {action.meal}" + _tokens(vb, va, owner)


def _tokens(vb: View | State, va: View | State, seat: int) -> str:
    """What a step did to `seat`'s Drink tokens and the Birthday Cake tile."""
    text = ""
    if va.drinks[seat] != vb.drinks[seat]:
        text += f"; Drink tokens {vb.drinks[seat]} → {va.drinks[seat]}"
    if va.cake == seat != vb.cake:
        text += "; takes the Birthday Cake tile"
        text += f" from seat {vb.cake}" if vb.cake is not None else ""
    return text


# ---------------------------------------------------------------- the reveal and the Moods


def _resolution(before: State, vb: View, va: View, seat: int, action: Action) -> list[str]:
    """The reveal, glasses clinking, the Moods carried out, the end of the round (AYC-5 to 9)."""
    lines: list[str] = []
    used = sum(map(sum, va.used)) > sum(map(sum, vb.used))  # every Mood revealed and used now
    if isinstance(action, Play) and va.stage == "reveal":
        shown = {s: m for s, m in enumerate(va.revealed) if m is not None}
        if shown:
            lines.append(
                "revealed: " + ", ".join(f"seat {s} plays {_mood(m)}" for s, m in shown.items())
            )
        return lines
    if used:
        moods = tuple(
            next(m for m, (a, b) in enumerate(zip(vb.used[s], va.used[s], strict=True)) if b > a)
            for s in range(vb.config.players)
        )
        said = "revealed: " if isinstance(action, Play) else f"the Moods of round {vb.round}: "
        lines.append(said + ", ".join(f"seat {s} plays {_mood(m)}" for s, m in enumerate(moods)))
        state, clinks = _clink(before, vb, moods)
        lines += clinks
        queue = resolution_queue(moods, vb.first, vb.config.players)
        state = replace(state, revealed=moods, queue=queue, stage="resolve")
        steps = queue[: len(queue) - len(va.queue)]
    elif vb.stage == "resolve" and vb.queue[:1] == (seat,):
        mood = MOODS[before.revealed[seat]]  # type: ignore[index]
        done = MOOD_EFFECTS[mood].carry_out(before, seat, action)
        swap = action if isinstance(action, Swap) else None
        lines.append(_step(vb, before, done, seat, swap))
        state = done
        steps = vb.queue[1 : len(vb.queue) - len(va.queue)]
    else:
        return lines
    for s in steps:  # the Moods that need no choice (or can do nothing, AYC-13)
        effect = MOOD_EFFECTS[MOODS[state.revealed[s]]]  # type: ignore[index]
        done = effect.carry_out(state, s, None) if effect.choices(state, s) is None else state
        lines.append(_step(vb, state, done, s, None))
        state = done
    if va.stage != "resolve":
        lines += _round_end(vb, va, state.line)
    return lines


def _clink(before: State, vb: View, moods: tuple[int, ...]) -> tuple[State, list[str]]:
    """AYC-6, AYC-18: equal Moods clink glasses, a Drink token each in turn order while the
    supply lasts; two or more Boors (or Slows) all skip (AYC-7, AYC-22)."""
    drinks = list(vb.drinks)
    supply = vb.drink_supply
    for s in round_order(vb.first, vb.config.players):
        if supply and moods.count(moods[s]) >= 2:
            drinks[s] += 1
            supply -= 1
    lines = []
    for mood, n in sorted(Counter(moods).items()):
        if n < 2:
            continue
        seats = [s for s, m in enumerate(moods) if m == mood]
        gained = [s for s in seats if drinks[s] > vb.drinks[s]]
        both = "both" if n == 2 else "all"
        given = (
            "a Drink token each"
            if gained == seats
            else f"a Drink token for {seats_phrase(gained)} only"
            if gained
            else "no Drink token left in the supply"
        )
        lines.append(f"{seats_phrase(seats)} {both} play {_mood(mood)} and clink glasses: {given}")
        if MOOD_EFFECTS[MOODS[mood]].when != "turn":
            lines.append(f"{seats_phrase(seats)} {both} skip their {_mood(mood)}")
    return replace(before, drinks=tuple(drinks), drink_supply=supply), lines


def _step(vb: View, s0: State, s1: State, seat: int, swap: Swap | None) -> str:
    """One Mood carried out, described from what it changed on the table (AYC-8, AYC-16)."""
    names = vb.config.card_lists.tables.names
    head = f"seat {seat} ({_mood(s0.revealed[seat])})"  # type: ignore[arg-type]
    parts = []
    if swap is not None:
        a, b = s0.line[swap.first - 1][0], s0.line[swap.second - 1][0]
        parts.append(f"swaps {names[a]} ({swap.first}) and {names[b]} ({swap.second})")
    # In Meal-list order, like a collection: only the Trickster's own swap says what it moved.
    taken = sorted((Counter(s0.line) - Counter(s1.line)).elements())
    if taken:
        parts.append("takes " + and_list([_meal(vb, e) for e in taken]))
    for victim in range(vb.config.players):
        lost = [
            m
            for m, (a, b) in enumerate(
                zip(s0.collections[victim], s1.collections[victim], strict=True)
            )
            if b < a
        ]
        for meal in lost:
            with_secret = " with its secret card" if s1.secrets[victim] < s0.secrets[victim] else ""
            parts.append(f"steals {names[meal]}{with_secret} from seat {victim}")
    if not parts:
        return f"{head} finds nothing to take"
    return f"{head} {' and '.join(parts)}{_tokens(s0, s1, seat)}"


# ---------------------------------------------------------------- ends


def _round_end(vb: View, va: View, left: tuple[LineMeal, ...]) -> list[str]:
    """AYC-9: the Meals left are discarded; the First player tile passes, or the game ends."""
    discarded = and_list([_meal(vb, e) for e in sorted(left)])
    lines = [
        f"round {vb.round} ends: {discarded} {'is' if len(left) == 1 else 'are'} discarded"
        if left
        else f"round {vb.round} ends with an empty line"
    ]
    if va.round != vb.round:
        lines.append(f"scores after round {vb.round}: {by_seat(va.scores)}")
        lines.append(f"the First player tile passes to seat {va.first}")
    return lines


def _ending(vb: View, va: View) -> list[str]:
    """After the last round: secret cards (AYC-4), Tomatoes (AYC-10), scores (AYC-11, 12)."""
    if va.stage == "secrets":
        owed = Counter(va.secret_reveals)
        each = ", ".join(f"{plural(n, 'card')} for seat {s}" for s, n in owed.items())
        return [f"the secret cards under the Surprise breads are turned up: {each}"]
    if va.stage == "tomatoes":
        decide = "decides its" if len(va.actors) == 1 else "decide their"
        return [f"{seats_phrase(va.actors)} {decide} Tomatoes, Fruit or Vegetable, face down"]
    if va.stage != "over":
        return []
    keys = [(total, va.drinks[s]) for s, total in enumerate(va.scores)]
    best = max(keys)
    won = [s for s, key in enumerate(keys) if key == best]
    tied = [s for s, key in enumerate(keys) if key[0] == best[0]]
    lines = ["game over", f"final scores: {by_seat(va.scores)}"]
    if len(won) > 1:
        lines.append(f"winners (shared): {seats_phrase(won)}")
    else:
        drinks = " (most Drink tokens among the tied)" if len(tied) > 1 else ""
        lines.append(f"winner: {seats_phrase(won)}{drinks}")
    return lines
