"""A plain-text rendering of a view, and the public event log of a move in words.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> print(render(fc.view(fc.initial_state(fc.Config(players=3)), 0)).splitlines()[0])
    Round 1 of 3 · pass 1 of 9 · Alpha: seat 0 · centre: (empty)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablefeast.games.food_chain.actions import Action, Play, Take, TakeFromCentre
from tablefeast.games.food_chain.components import ANIMALS, INDEX, PREY, Animal
from tablefeast.games.food_chain.state import State
from tablefeast.games.food_chain.view import View, view
from tablefeast.kernel.wording import and_list, plural

__all__ = ["public_events", "render"]


def _animals(counts: tuple[int, ...]) -> str:
    parts = [f"{n} {ANIMALS[k].value}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) or "(empty)"


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
        f"Round {view.round} of {n} · pass {view.pass_number} of 9 · Alpha: seat {view.alpha} · "
        f"centre: {_animals(view.centre)}"
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
        lines.append(
            f"  seat {seat}{you}: {status or 'thinking'}; hand {_animals(view.hands[seat])}; "
            f"score {view.scores[seat]}"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- public events

_PREY_OF: tuple[int | None, ...] = tuple(INDEX[PREY[a]] if a in PREY else None for a in ANIMALS)
"""The prey kind of each predator kind (None for the Worm), by kind index (FC-4)."""
_FLEA = INDEX[Animal.FLEA]
_PASSES = 9


def _name(kind: int) -> str:
    return ANIMALS[kind].value


def _some(kinds: tuple[int, ...]) -> str:
    """The animals of a stack, kind by kind: 'a worm', '2 worms and a bird'."""
    parts = []
    for kind in range(len(ANIMALS)):
        n = kinds.count(kind)
        if n:
            parts.append(f"a {_name(kind)}" if n == 1 else f"{n} {_name(kind)}s")
    return and_list(parts)


def _round_start(v: View) -> str:
    # FC-1, FC-2: the same nine animals for everybody, so one line says the whole "deal".
    return (
        f"round {v.round} of {v.config.players}: seat {v.alpha} is the Alpha Animal; "
        "every player takes their nine animals into hand"
    )


def _revealed(b: View, a: View) -> tuple[int | None, ...]:
    """The animal each seat revealed: the one that left its public hand (FC-11). A new round
    refills the hands, but then the pass was the last one and each hand held a single animal."""
    out: list[int | None] = []
    for before, after in zip(b.hands, a.hands, strict=True):
        if a.round == b.round:
            out.append(next((k for k in range(5) if before[k] > after[k]), None))
        else:
            out.append(next((k for k in range(5) if before[k]), None))
    return tuple(out)


def _secured(
    v: View,
    played: Sequence[int | None],
    stacks: Sequence[tuple[int, ...]],
    taken: Sequence[bool],
) -> list[str]:
    """FC-8: where each animal of the finished pass goes, and what the secured ones are worth."""
    stars = v.config.stars
    lines: list[str] = []
    centre: list[str] = []
    out: list[str] = []
    for seat, kind in enumerate(played):
        if kind is None or taken[seat]:
            continue
        stack = stacks[seat]
        if stack:
            worth = plural(stars[kind] + sum(stars[k] for k in stack), "star")
            lines.append(f"seat {seat} secures its {_name(kind)} with {_some(stack)}: {worth}")
        elif kind == _FLEA:
            out.append(f"seat {seat}'s flea")
        else:
            centre.append(f"seat {seat}'s {_name(kind)}")
    if centre:
        lines.append("to the centre: " + ", ".join(centre))
    if out:
        lines.append("out of the round: " + ", ".join(out))
    return lines


def _after_pass(b: View, a: View) -> list[str]:
    """The next pass, or the round's scores (FC-9) and the next round or the end (FC-10)."""
    if not a.game_over and a.round == b.round:
        return [f"pass {a.pass_number} of {_PASSES}"]
    seats = range(b.config.players)
    gained = ", ".join(f"seat {s} {a.scores[s] - b.totals[s]}" for s in seats)
    lines = [f"round {b.round} ends, stars this round: {gained}"]
    if not a.game_over:
        lines.append("totals: " + ", ".join(f"seat {s} {a.totals[s]}" for s in seats))
        lines.append(_round_start(a))
        return lines
    lines.append("game over, final scores: " + ", ".join(f"seat {s} {a.scores[s]}" for s in seats))
    best = max(a.scores)
    won = [str(s) for s in seats if a.scores[s] == best]
    lines.append(f"seat {won[0]} wins" if len(won) == 1 else f"seats {and_list(won)} share the win")
    return lines


def public_events(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """What every player at the table saw when `seat` made `action` in `before`, giving
    `after`, in words: one short English line per event.

    A commitment says only that the seat played a card face down; the last one also reveals the
    pass and says what follows: the first predator kind to snatch, or, when the pass is over,
    what is secured (and its stars), what goes to the centre and which Fleas leave the round,
    then the next pass, or the round's stars and the next round, or the final scores and the
    winners. A take names the predator, the prey and the stack under it. Everything is read
    from the spectator's views of `before` and `after` and, once public, the action: nothing
    hidden (a committed animal before its reveal) can show.

    Args:
        before: the state before the move.
        seat: the seat that moved (Food Chain has no chance).
        action: the move.
        after: the state after it.

    Returns:
        The lines, in the order things happened at the table.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> moves = [(0, fc.Play(fc.Animal.BIRD)), (1, fc.Play(fc.Animal.WORM)),
        ...          (2, fc.Play(fc.Animal.CAT)), (0, fc.Take(1)), (2, fc.Take(0))]
        >>> for seat, action in moves:
        ...     t = fc.apply_action(s, seat, action)
        ...     print("\\n".join(public_events(s, seat, action, t)))
        ...     s = t
        round 1 of 3: seat 0 is the Alpha Animal; every player takes their nine animals into hand
        seat 0 plays a card face down
        seat 1 plays a card face down
        seat 2 plays a card face down
        revealed: seat 0 plays bird, seat 1 plays worm, seat 2 plays cat
        the birds snatch: seat 0 takes first
        seat 0's bird takes seat 1's worm
        the cats snatch: seat 2 takes first
        seat 2's cat takes seat 0's bird with a worm under it
        seat 2 secures its cat with a worm and a bird: 6 stars
        pass 2 of 9
    """
    n = before.config.players
    b, a = view(before, None), view(after, None)
    lines: list[str] = []
    if b.round == 1 and b.pass_number == 1 and b.snatching is None and not any(b.committed):
        lines.append(_round_start(b))  # the game's first move: round 1 begins
    played: list[int | None] = list(b.played)
    stacks: list[tuple[int, ...]] = list(b.stacks)
    taken: list[bool] = list(b.taken)
    if isinstance(action, Play):
        lines.append(f"seat {seat} plays a card face down")  # FC-3: never which card
        if any(a.committed):
            return tuple(lines)
        played = list(_revealed(b, a))
        stacks, taken = [()] * n, [False] * n
        shown = (f"seat {s} plays {_name(k)}" for s, k in enumerate(played) if k is not None)
        lines.append("revealed: " + ", ".join(shown))
    elif isinstance(action, Take | TakeFromCentre) and b.snatching is not None:
        predator = f"seat {seat}'s {_name(b.snatching)}"
        prey = _PREY_OF[b.snatching]
        if isinstance(action, Take) and 0 <= action.seat < n and 0 <= seat < n:
            victim = action.seat
            stack = stacks[victim]
            under = f" with {_some(stack)} under it" if stack else ""
            kind = played[victim]
            prey_name = _name(kind) if kind is not None else "animal"
            lines.append(f"{predator} takes seat {victim}'s {prey_name}{under}")
            if kind is not None:  # FC-5, FC-7: the prey and its whole stack change hands
                stacks[seat] = (*stacks[seat], kind, *stack)
            stacks[victim] = ()
            taken[victim] = True
        elif isinstance(action, TakeFromCentre) and prey is not None and 0 <= seat < n:
            lines.append(f"{predator} takes a {_name(prey)} from the centre")
            stacks[seat] = (*stacks[seat], prey)
    else:
        return tuple(lines)
    if not a.game_over and (a.round, a.pass_number) == (b.round, b.pass_number):
        if a.snatching is not None and a.snatching != b.snatching:  # FC-4: the next kind
            lines.append(f"the {_name(a.snatching)}s snatch: seat {a.taker} takes first")
        return tuple(lines)
    lines += _secured(b, played, stacks, taken)
    lines += _after_pass(b, a)
    return tuple(lines)
