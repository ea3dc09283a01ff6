"""The game state: the whole truth, hidden parts included, as one frozen value.

Clothing items, mice and cheeses are indices into the config's card set; hands and piles are counts
tuples over them. What is *pending* decides who acts (see `rules.actors`), in this order: mice owed
to right claimants of an unclear tie (MG-8), cheeses owed likewise, clothing draws, the next cheese
to turn, the next mouse to turn; then the race: every seat commits, and with two or more
claimants chance says who was fastest (MG-3).

A commitment is a small int: `PASS` (-1), `FLIP` (-2), or the index of the clothing item played.

Examples:
    >>> s = initial_state(Config(players=3))
    >>> len(s.pending_draws), s.cheese_to_turn, s.open_mouse
    (21, True, None)
"""

from __future__ import annotations

import attrs

from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN, Config
from tablefeast.kernel.deck import Counts, Pile

__all__ = ["FLIP", "PASS", "State", "check_state", "initial_state"]

PASS = -1
"""The commitment code of a Pass."""
FLIP = -2
"""The commitment code of a Flip."""


@attrs.frozen(slots=False)  # dict-backed: `kernel.values.replace` copies it cheaply
class State:
    """Everything about a game in progress.

    Attributes:
        config: the game's setup.
        hands: per seat, counts of the clothing cards in hand (face up for young players, MG-15).
        clothing_pile: counts of the face-down clothing draw pile (its order is unknown).
        discard: counts of the clothing discard pile.
        face_up: per seat, counts of the face-up penalty cards in front of it.
        face_down: per seat, counts of the face-down penalty cards (their faces are hidden, MG-5).
        mice: the mouse stack: unseen mice on top, then those put under it, in order.
        open_mouse: the mouse turned face up, or None.
        caught: per seat, the mice caught, in order.
        cheese_pile: counts of the face-down cheese pile.
        open_cheese: the face-up cheese, or None.
        cheeses: per seat, counts of the cheeses taken.
        turner: the seat that turns the next mouse (MG-10).
        commitments: per seat, this race's commitment code, or None.
        mouse_awards: seats still owed a mouse from the top of the stack (MG-8).
        cheese_awards: seats still owed the next face-up cheese (MG-8).
        pending_draws: clothing draws owed, in order: the seat of each card.
        cheese_to_turn: the next cheese is to be turned face up (MG-1, MG-7).
        idle: races since the last catch or cheese taken (MG-13).
        racing: a mouse is open and nothing is pending: the seats race (MG-2). Derived from the
            fields above, and kept because every decision asks it.
        game_over: the game has ended (MG-12, MG-13).

    Examples:
        >>> s = initial_state(Config(players=3))
        >>> s.mice.size, s.cheese_pile, s.turner, s.racing, s.commitments
        (32, (3, 3, 3), 0, False, (None, None, None))
    """

    config: Config
    hands: tuple[Counts, ...]
    clothing_pile: Counts
    discard: Counts
    face_up: tuple[Counts, ...]
    face_down: tuple[Counts, ...]
    mice: Pile
    open_mouse: int | None
    caught: tuple[tuple[int, ...], ...]
    cheese_pile: Counts
    open_cheese: int | None
    cheeses: tuple[Counts, ...]
    turner: int
    commitments: tuple[int | None, ...]
    mouse_awards: tuple[int, ...]
    cheese_awards: tuple[int, ...]
    pending_draws: tuple[int, ...]
    cheese_to_turn: bool
    idle: int
    racing: bool
    game_over: bool


def initial_state(config: Config) -> State:
    """The table before the deal: mice and clothing shuffled, nothing dealt yet (MG-1).

    The first chance nodes deal 7 clothing cards to each seat in seat order (4 to young players,
    MG-15), then turn the first cheese, then the first mouse.

    Args:
        config: the game's configuration (player count and options).

    Examples:
        >>> s = initial_state(Config(players=3, young_seats=[2]))
        >>> s.pending_draws
        (0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2)
    """
    n = config.players
    tables = config.card_set.tables
    no_clothing = (0,) * len(tables.items)
    no_cheese = (0,) * len(tables.cheese_names)
    return State(
        config=config,
        hands=(no_clothing,) * n,
        clothing_pile=tables.clothing_counts,
        discard=no_clothing,
        face_up=(no_clothing,) * n,
        face_down=(no_clothing,) * n,
        mice=Pile((1,) * len(tables.mouse_ids)),
        open_mouse=None,
        caught=((),) * n,
        cheese_pile=tables.cheese_counts,
        open_cheese=None,
        cheeses=(no_cheese,) * n,
        turner=config.first_turner,
        commitments=(None,) * n,
        mouse_awards=(),
        cheese_awards=(),
        pending_draws=tuple(s for s in range(n) for _ in range(config.hand_size(s))),  # MG-1
        cheese_to_turn=True,
        idle=0,
        racing=False,
        game_over=False,
    )


def check_state(state: State) -> list[str]:
    """Every invariant a real game state satisfies; the problems found (empty when sound).

    Used when loading serialized states, so that a tampered file is refused.

    Args:
        state: the state to check.

    Examples:
        >>> from tablefeast.kernel.values import replace
        >>> s = initial_state(Config(players=3))
        >>> check_state(s), check_state(replace(s, turner=3))
        ([], ['turner 3 is not a seat'])
    """
    config = state.config
    tables = config.card_set.tables
    n = config.players
    seats = range(n)
    problems: list[str] = []
    per_seat = ("hands", "face_up", "face_down", "caught", "cheeses", "commitments")
    for name in per_seat:
        if len(getattr(state, name)) != n:
            problems.append(f"{name} has {len(getattr(state, name))} entries for {n} players")
    if problems:
        return problems
    k, c, m = len(tables.items), len(tables.cheese_names), len(tables.mouse_ids)
    clothing = (*state.hands, state.clothing_pile, state.discard, *state.face_up, *state.face_down)
    if any(len(x) != k or min(x) < 0 for x in clothing):
        return [f"malformed clothing counts: {k} non-negative counts each"]
    if [sum(x) for x in zip(*clothing, strict=True)] != list(tables.clothing_counts):
        problems.append("clothing cards are not conserved")
    cheese = (state.cheese_pile, *state.cheeses)
    if any(len(x) != c or min(x) < 0 for x in cheese):
        return [*problems, f"malformed cheese counts: {c} non-negative counts each"]
    held = [sum(x) for x in zip(*cheese, strict=True)]
    if state.open_cheese is not None:
        if not 0 <= state.open_cheese < c:
            return [*problems, f"face-up cheese {state.open_cheese} does not exist"]
        held[state.open_cheese] += 1
    if held != list(tables.cheese_counts):
        problems.append("cheese cards are not conserved")
    unseen, bottom = state.mice.unseen, state.mice.bottom
    if len(unseen) != m or any(x not in (0, 1) for x in unseen):
        return [*problems, f"malformed mouse stack: {m} counts of 0 or 1"]
    placed = [i for i, x in enumerate(unseen) if x] + list(bottom)
    placed += [mouse for won in state.caught for mouse in won]
    if state.open_mouse is not None:
        placed.append(state.open_mouse)
    if sorted(placed) != list(range(m)):
        problems.append("mice are not conserved: each mouse must be in exactly one place")
    for seat in seats:
        if sum(state.hands[seat]) > config.hand_size(seat):
            problems.append(f"seat {seat} holds more than {config.hand_size(seat)} cards")
        if sum(state.face_down[seat]) > MAX_FACE_DOWN:
            problems.append(f"seat {seat} has more than {MAX_FACE_DOWN} face-down cards (MG-6)")
        code = state.commitments[seat]
        if code is not None and not (code in (PASS, FLIP) or 0 <= code < k):
            problems.append(f"seat {seat} committed the unknown code {code}")
        elif code is not None and code >= 0 and not state.hands[seat][code]:
            problems.append(f"seat {seat} committed a card it does not hold")
    if state.turner not in seats:
        problems.append(f"turner {state.turner} is not a seat")
    for name in ("mouse_awards", "cheese_awards", "pending_draws"):
        if any(s not in seats for s in getattr(state, name)):
            problems.append(f"{name} names a seat that does not exist")
    if type(state.idle) is not int or not 0 <= state.idle <= m:
        problems.append(f"idle count {state.idle} is impossible")
    return problems + _check_progress(state)


def _check_progress(state: State) -> list[str]:
    """Where the game stands must fit together: pending work, the race, the end."""
    busy = (
        state.mouse_awards
        or state.cheese_awards
        or state.pending_draws
        or state.cheese_to_turn
        or state.open_mouse is None
    )
    if state.racing != (not busy and not state.game_over):
        return [f"racing is {state.racing}, but a race is {'not ' * state.racing}on"]
    if state.game_over:
        pending = state.mouse_awards or state.cheese_awards or state.pending_draws
        if pending or state.cheese_to_turn or any(c is not None for c in state.commitments):
            return ["the game is over but draws, awards or a race are pending"]
        return []
    problems = []
    if busy and any(c is not None for c in state.commitments):
        problems.append("a race is committed while chance work is pending")
    if state.open_cheese is None and not state.cheese_to_turn and not state.cheese_awards:
        problems.append("no face-up cheese and none to turn, yet the game goes on (MG-12)")
    if None not in state.commitments:
        claimants = [c for c in state.commitments if c != PASS]
        if len(claimants) < 2:
            problems.append("a finished race with fewer than two claimants is still unresolved")
    if state.mouse_awards and not any(state.mice.unseen):
        problems.append("a mouse is owed but the top of the stack is known (settled at once)")
    awards = state.mouse_awards or state.cheese_awards
    if state.pending_draws and not awards and not any(state.clothing_pile):
        problems.append("a card is owed but the clothing pile is empty (MG-11 shuffles first)")
    return problems
