"""The public event log: what every player at the table saw, in words, move by move.

Every line is built from the spectator views before and after the move (`view(state, None)`),
and from the action only where its effect is public: a chance outcome that turns a mouse or a
cheese, and a young player's face-up card. Once the last seat has committed, who played, passed
or called is told (that moment shows it), and the fastest claimants' cards as they land on the
mouse (the view's `landed`); a slow claimant's card is never told (MG-3). A commitment before
that, a card drawn into a hidden hand, and which card a wrong flipper lays face down (MG-17) are
described without saying what they were.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> s = mg.initial_state(mg.Config(players=3))
    >>> public_events(s, -1, mg.DrawClothing("tie", "blue"), mg.apply_action(s, -1,
    ...     mg.DrawClothing("tie", "blue")))
    ('the deal: 7 clothing cards are dealt to each player',)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablefeast.games.mausgeflippt.actions import (
    Action,
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Play,
    RevealCheese,
    RevealMouse,
)
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED, State
from tablefeast.games.mausgeflippt.view import View, view
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.seats import clockwise_from
from tablefeast.kernel.wording import seats_phrase

__all__ = ["public_events"]


def public_events(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """What every player at the table saw when `seat` (CHANCE == -1 for chance) made `action`
    in `before`, giving `after`, in words: one short English line per event.

    A commitment in a race is "seat N commits face down" until the last one, which reveals
    every commitment and, with fewer than two claimants, resolves the race at once. The deal
    is one line at its first card; a later card drawn into a hidden hand is "seat N draws a
    card" (a young player's card lies face up, MG-15, and is named). Nothing here reads more
    than a spectator sees: two moves whose results look the same to a spectator give the same
    lines.

    Args:
        before: the state the move was made in.
        seat: the seat that moved, or CHANCE.
        action: the move (for CHANCE: the outcome).
        after: the state after the move (`apply_action(before, seat, action)`).

    Returns:
        One line per event, in the order they happened (empty when nobody saw anything).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> s = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, max_moves=23).state
        >>> t = mg.apply_action(s, 0, mg.Play("jacket", "red"))
        >>> public_events(s, 0, mg.Play("jacket", "red"), t)
        ('seat 0 commits face down',)
        >>> u = mg.apply_action(t, 1, mg.Pass())
        >>> revealed, caught = public_events(u, 2, mg.Pass(), mg.apply_action(u, 2, mg.Pass()))
        >>> print(revealed)
        revealed: seat 0 plays a card, seat 1 passes, seat 2 passes
        >>> for part in caught.split("; "):
        ...     print(part)
        seat 0 plays jacket/red, which M20 wears: the card goes to the discard pile
        they catch M20 (+1)
    """
    v0 = view(before, None)
    v1 = view(after, None)
    if seat == CHANCE:
        return tuple(_chance(v0, action, v1))
    if type(action) is FaceDown:
        return tuple(_laid(seat, v0, v1))
    return tuple(_commit(before, seat, action, v0, v1))


# ---------------------------------------------------------------- words


def _item(config: Config, code: int) -> str:
    return str(config.card_set.tables.items[code])


def _mouse(config: Config, mouse: int) -> str:
    return config.card_set.tables.mouse_ids[mouse]


def _cheese(config: Config, cheese: int | None) -> str:
    return "none" if cheese is None else config.card_set.tables.cheese_names[cheese]


def _choice(config: Config, seat: int, code: int | None) -> str:
    if code is None or code == PASS:
        return f"seat {seat} passes"
    if code == FLIP:
        return f"seat {seat} flips ({config.call})"
    if code == PLAYED:
        return f"seat {seat} plays a card"
    return f"seat {seat} plays {_item(config, code)}"


def _masked(codes: Sequence[int | None]) -> list[int | None]:
    """Who played, passed or called, as all see it: a played card is seen when it lands."""
    return [PLAYED if code is not None and code >= 0 else code for code in codes]


def _code(config: Config, action: Action) -> int:
    if type(action) is Play:
        return config.card_set.tables.play_index.get(action, PASS)
    return FLIP if type(action) is Flip else PASS


def _is_setup(v: View) -> bool:
    """No mouse has been turned yet: the deal and the first cheese (MG-1)."""
    return (
        v.open_mouse is None
        and not v.mice_bottom
        and not any(v.caught)
        and sum(v.mice_unseen) == len(v.mice_unseen)
    )


# ---------------------------------------------------------------- seats


def _commit(before: State, seat: int, action: Action, v0: View, v1: View) -> list[str]:
    config = v0.config
    if sum(v0.committed) + 1 < config.players:  # MG-2: hidden until everybody has committed
        return [f"seat {seat} commits face down"]
    # The last commitment reveals every commitment: from here on, they are public.
    # Two claimants or more: chance says who was fastest (MG-3); else the race was resolved at
    # once (nobody claimed, or one alone, whose card landed).
    shown = list(v1.revealed) if v1.revealed is not None else _masked(v1.landed)
    racers = tuple(s for s, code in enumerate(shown) if code is not None and code != PASS)
    if not racers:
        return ["revealed: everyone passes", *_resolution(v0, v1.landed, racers, v1)]
    lines = ["revealed: " + ", ".join(_choice(config, s, c) for s, c in enumerate(shown))]
    if v1.revealed is not None:
        return lines
    return lines + _resolution(v0, v1.landed, racers, v1)


# ---------------------------------------------------------------- chance


def _laid(seat: int, v0: View, v1: View) -> list[str]:
    """A wrong flipper lays its cards (MG-17): which lies face down is not told."""
    config = v0.config
    up = [
        (i, after - had)
        for i, (had, after) in enumerate(zip(v0.face_up[seat], v1.face_up[seat], strict=True))
        if after > had
    ]
    shown = ", ".join(_item(config, i) if n == 1 else f"{n}x {_item(config, i)}" for i, n in up)
    return [f"seat {seat} lays {shown} face up and 1 card face down", *_aftermath(v0, v1)]


def _chance(v0: View, action: Action, v1: View) -> list[str]:
    config = v0.config
    lines: list[str] = []
    drawn = 0
    if type(action) is DrawClothing:
        drawn = 1
        if not v0.pending_draws:
            return []
        seat = v0.pending_draws[0]
        if _is_setup(v0):
            if not any(v0.hand_sizes):
                lines.append(_deal(config, v0.clothing_pile_size))
        elif v1.hands[seat] is not None:  # MG-15: a young player's cards lie face up
            lines.append(f"seat {seat} draws {action.kind}/{action.colour} (face up)")
        else:
            lines.append(f"seat {seat} draws a card")
    elif type(action) is RevealCheese:
        if v0.cheese_awards:  # MG-8
            seat = v0.cheese_awards[0]
            lines.append(f"seat {seat} takes the next cheese, {action.cheese} (-2)")
            lines += _cheese_awards(v0.cheese_awards[1:], v1)
        elif _is_setup(v0):
            lines.append(f"the face-up cheese is {action.cheese}")
        else:
            lines.append(f"a new cheese is turned face up: {action.cheese}")
    elif type(action) is RevealMouse:
        if v0.mouse_awards:  # MG-8; a turned mouse is told by `_aftermath`
            seat = v0.mouse_awards[0]
            lines.append(f"seat {seat} gets {action.mouse} from the top of the stack (+1)")
            lines += _mouse_awards(v0, v0.mouse_awards[1:], v1)
    elif type(action) is Fastest:
        return _fastest(v0, v1) if v0.revealed is not None else []
    short = len(v1.pending_draws) < len(v0.pending_draws) - 1
    if drawn and short and not v1.game_over and not _is_setup(v0):
        lines.append("no clothing card is left to draw")
    return lines + _aftermath(v0, v1, drawn=drawn, resolved=False)


def _deal(config: Config, pile: int) -> str:
    young = [s for s in range(config.players) if s in config.young_seats]
    old = [s for s in range(config.players) if s not in config.young_seats]
    if not young:
        line = f"the deal: {config.hand_size(0)} clothing cards are dealt to each player"
    else:
        parts = [f"{config.hand_size(old[0])} each to {seats_phrase(old)}"] if old else []
        parts.append(f"{config.hand_size(young[0])} face up to {seats_phrase(young)} (young)")
        line = "the deal: clothing cards, " + ", ".join(parts)
    if pile < sum(config.hand_size(s) for s in range(config.players)):  # MG-11
        line += f" (only {pile} in the pile: the deal stops short)"
    return line


def _fastest(v0: View, v1: View) -> list[str]:
    """Who was fastest (MG-3), and what their claims earned: what landed on the mouse
    (`landed`) is seen by all; a slow claimant's card never lands."""
    config = v0.config
    codes = v0.revealed
    if codes is None or v0.open_mouse is None:
        return []
    claims = [s for s in range(config.players) if codes[s] is not None and codes[s] != PASS]
    seen = [s for s in claims if v1.landed[s] is not None]
    slow = [s for s in claims if s not in seen]
    if len(seen) == 1:
        line = f"seat {seen[0]} was fastest"
    else:
        line = f"unclear race: {seats_phrase(seen)} were fastest together"
    if slow:
        line += f" ({seats_phrase(slow)} too slow)"
    return [line, *_resolution(v0, v1.landed, seen, v1)]


def _cheese_awards(owed: Sequence[int], v1: View) -> list[str]:
    """Later claimants owed a cheese that the empty pile could not give (MG-8)."""
    return [f"no cheese is left for seat {s}" for s in owed if s not in v1.cheese_awards]


def _mouse_awards(v0: View, owed: Sequence[int], v1: View) -> list[str]:
    """Later right claimants given a known mouse from the stack, or none left (MG-8)."""
    lines = []
    for s in owed:
        if s in v1.mouse_awards:
            continue
        new = v1.caught[s][len(v0.caught[s]) :]
        if new:
            ids = ", ".join(_mouse(v0.config, m) for m in new)
            lines.append(f"seat {s} gets {ids} from the top of the stack (+{len(new)})")
        else:
            lines.append(f"no mouse is left for seat {s}")
    return lines


# ---------------------------------------------------------------- the end of a race


def _resolution(
    v0: View, codes: Sequence[int | None], fastest: Sequence[int], v1: View
) -> list[str]:
    """Each fastest claim and what it earned, in MG-8 order; then what followed."""
    config = v0.config
    tables = config.card_set.tables
    mouse = v0.open_mouse
    if mouse is None:
        return []
    name = _mouse(config, mouse)
    if not fastest:  # MG-9
        return [f"nobody claims {name}: it goes under the stack", *_aftermath(v0, v1)]
    wears = tables.wears[mouse]
    protected = tables.mouse_cheese[mouse] == v0.open_cheese  # MG-7
    order = [s for s in clockwise_from(v0.turner, config.players) if s in fastest]
    lines = []
    if protected:
        cheese = _cheese(config, v0.open_cheese)
        lines.append(f"{name} is protected ({cheese} is face up): every claim fails")
    caught = False
    owed_draws = 0
    for s in order:
        code = codes[s]
        effects = []
        if code is not None and code >= 0:  # a Play (MG-4)
            right = bool(wears >> code & 1)
            owed_draws += 1
            if right:
                claim = f"seat {s} plays {_item(config, code)}, which {name} wears"
                effects.append("the card goes to the discard pile")
            else:
                claim = f"seat {s} plays {_item(config, code)}, which {name} does not wear"
                effects.append("the card lies face up in front of them (-1)")
        else:  # a Flip (MG-5): a wrong one always puts one card face down
            down = v1.face_down_counts[s] - v0.face_down_counts[s]
            laying = v1.placing_counts[s] - v0.placing_counts[s]  # MG-17: a choice to come
            right = down <= 0 and laying <= 0
            if laying > 0:
                claim = f"seat {s} flips holding {laying} of {name}'s items"
                effects.append(
                    f"they lay them in front of them, one face down of their choosing (-{laying})"
                )
                owed_draws += config.hand_size(s) - v1.hand_sizes[s]
            elif right:
                claim = f"seat {s} flips holding none of {name}'s items"
                effects.append("they take the hand back")
            else:
                up = [
                    (i, after - had)
                    for i, (had, after) in enumerate(zip(v0.face_up[s], v1.face_up[s], strict=True))
                    if after > had
                ]
                shown = ", ".join(
                    _item(config, i) if n == 1 else f"{n}x {_item(config, i)}" for i, n in up
                )
                count = down + sum(n for _, n in up)
                claim = f"seat {s} flips holding {count} of {name}'s items"
                front = f"1 face down and {shown} face up" if shown else "1 face down"
                effects.append(f"{front} in front of them (-{count})")
                owed_draws += config.hand_size(s) - v1.hand_sizes[s]
        if protected:  # MG-7, MG-8
            if s == order[0]:
                effects.append(f"they take the face-up {_cheese(config, v0.open_cheese)} (-2)")
            elif s in v1.cheese_awards:
                effects.append("they are owed the next cheese (-2)")
            else:
                effects.append("no cheese is left for them")
        elif right and not caught:  # MG-8: the open mouse goes to the first right claim
            caught = True
            effects.append(f"they catch {name} (+1)")
        elif right:
            effects += _mouse_awards(v0, [s], v1) or ["they are owed a mouse from the stack"]
        lines.append(f"{claim}: " + "; ".join(effects))
    if protected or not caught:
        lines.append(f"{name} goes under the stack")
    if len(v1.pending_draws) < owed_draws and not v1.game_over:
        lines.append("no clothing card is left to draw")
    return lines + _aftermath(v0, v1)


def _aftermath(v0: View, v1: View, *, drawn: int = 0, resolved: bool = True) -> list[str]:
    """What followed without a decision: a reshuffle, a known mouse turned, the end."""
    config = v0.config
    lines = []
    if v1.clothing_pile_size > v0.clothing_pile_size - drawn:  # MG-11
        lines.append(
            f"the discard pile is shuffled into a new draw pile ({v1.clothing_pile_size} cards)"
        )
    mouse = v1.open_mouse
    if mouse is not None and (resolved or v0.open_mouse is None):  # MG-2: a race begins
        card = config.card_set.mice[mouse]
        worn = ", ".join(map(str, card.wears))
        line = f"seat {v1.turner} turns {card.id}, wearing {worn} and showing {card.cheese}"
        if config.card_set.tables.mouse_cheese[mouse] == v1.open_cheese:
            line += ": protected by the face-up cheese"
        lines.append(line)
    if v1.game_over and not v0.game_over:
        lines += _the_end(v1)
    return lines


def _the_end(v: View) -> list[str]:
    if v.open_mouse is None and not any(v.mice_unseen) and not v.mice_bottom:
        reason = "the last mouse is caught"  # MG-12
    elif v.open_cheese is None and not any(v.cheese_pile):
        reason = "the last cheese is taken"  # MG-12
    else:
        reason = "every mouse left was turned in a row of races in which everybody passed"  # MG-13
    players = range(v.config.players)
    penalty = [
        sum(v.face_up[s]) + v.face_down_counts[s] + v.placing_counts[s] + 2 * sum(v.cheeses[s])
        for s in players
    ]
    keys = [(v.scores[s], -penalty[s]) for s in players]  # MG-14
    best = [s for s in players if keys[s] == max(keys)]
    scores = ", ".join(f"seat {s}: {v.scores[s]}" for s in players)
    won = f"winner: seat {best[0]}" if len(best) == 1 else f"shared win: {seats_phrase(best)}"
    return [f"game over: {reason}", f"final scores: {scores}", won]
