"""Special situations of Schlacht am Buffet, for a designer's report: which rare rules, ties and
card exchanges one move brought about, as short labels that start with their ruling id; and
the plates each seat holds (`holdings`).

`situations` reads the two full states of a move (and the move itself); it is meant for
simulation statistics, after the fact, not for the table during a game. Every fact it uses is
public at the table anyway: the cards a step reveals, positions, plates, pile sizes.

Examples:
    >>> import random
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from collections import Counter
    >>> state, rng, seen = sab.initial_state(sab.Config(players=4)), random.Random(3), Counter()
    >>> while not sab.is_terminal(state):
    ...     seat = sab.actors(state)[0]
    ...     if seat == -1:
    ...         action = sab.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(sab.legal_actions(state, seat))
    ...     after = sab.apply_action(state, seat, action)
    ...     seen.update(situations(state, seat, action, after))
    ...     state = after
    >>> set(seen) <= set(SITUATIONS), seen["SAB-14 plate covers another"] > 0
    (True, True)
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.actions import Action, DrawCard, Exchange, Play
from tablefeast.games.schlacht_am_buffet.components import KIND_ORDER, MAX_POSITION, PLATE_VALUES
from tablefeast.games.schlacht_am_buffet.rules import scores, top_plates
from tablefeast.games.schlacht_am_buffet.state import State

__all__ = ["SITUATIONS", "holdings", "situations"]

TIE_AT_THE_REAR = "SAB-6 tie at the rear"
EXCHANGE = "SAB-7 exchange"
TILE_PASSES = "SAB-8 start player tile passes"
TIE_IN_THE_DUEL = "SAB-9 tie in the duel"
EMPTY_HAND = "SAB-10 empty hand draws 9"
RESHUFFLE = "SAB-11 discard pile reshuffled"
PLATE_COVERED = "SAB-14 plate covers another"
TIE_ON_POINTS = "SAB-16 tie on points"

SITUATIONS: tuple[str, ...] = (
    TIE_AT_THE_REAR,
    EXCHANGE,
    TILE_PASSES,
    TIE_IN_THE_DUEL,
    EMPTY_HAND,
    RESHUFFLE,
    PLATE_COVERED,
    TIE_ON_POINTS,
)
"""Every label `situations` can return, in ruling order:

- ``SAB-6 tie at the rear``: after a step with three or more mice racing, two or more share the
  rearmost space, so nobody drops out.
- ``SAB-7 exchange``: the first mouse out discards at least one card to draw as many (keeping
  every card is no exchange).
- ``SAB-8 start player tile passes``: the start player drops out and the tile moves on.
- ``SAB-9 tie in the duel``: the last two mice end a step on one space; the step is repeated.
- ``SAB-10 empty hand draws 9``: a racing player with no cards left draws 9 (once per player).
- ``SAB-11 discard pile reshuffled``: the discard pile becomes the new draw pile.
- ``SAB-14 plate covers another``: a player takes a plate of a kind they already have (once per
  plate).
- ``SAB-16 tie on points``: the game ends with the highest score shared (the best top plate then
  decides, or the win is shared).
"""


def situations(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """The special situations that `seat` (CHANCE == -1 included) brought about by playing
    `action` in `before`, giving `after`.

    A label appears once for each time its situation occurs in the move: a step that leaves two
    players with empty hands gives ``SAB-10 empty hand draws 9`` twice. Linear in the size of
    the states; never raises on a legal move.

    Args:
        before: the state the move was made in.
        seat: the seat that moved, or CHANCE (-1).
        action: the move (for CHANCE: the outcome).
        after: the state after the move (``apply_action(before, seat, action)``).

    Returns:
        Labels from `SITUATIONS`, in ruling order within a step (possibly none).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> situations(s, -1, sab.DrawCard(7), sab.apply_action(s, -1, sab.DrawCard(7)))
        ()
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> agents = [RandomAgent()] * 3
        >>> s = play_game(sab, sab.Config(players=3), agents, seed=0, max_moves=32).state
        >>> s = sab.apply_action(sab.apply_action(s, 0, sab.Play(3)), 1, sab.Play(3))
        >>> situations(s, 2, sab.Play(8), sab.apply_action(s, 2, sab.Play(8)))  # 3, 3, 8
        ('SAB-6 tie at the rear',)
        >>> situations(s, 2, sab.Play(2), sab.apply_action(s, 2, sab.Play(2)))  # 3, 3, 2
        ()
    """
    found: list[str] = []
    if type(action) is Exchange and action.discard:
        found.append(EXCHANGE)  # SAB-7
    elif type(action) is Play and _completes_step(before, seat):
        found += _step(before, seat, action.card, after)
    drawn = 1 if type(action) is DrawCard else 0
    if sum(after.draw_pile) > sum(before.draw_pile) - drawn:
        found.append(RESHUFFLE)  # SAB-11: the draw pile only grows by a reshuffle
    for old, new in zip(before.plates_won, after.plates_won, strict=True):
        kinds = {plate.kind for plate in old}
        for plate in new[len(old) :]:
            if plate.kind in kinds:
                found.append(PLATE_COVERED)  # SAB-14
            kinds.add(plate.kind)
    if after.game_over and not before.game_over:
        final = scores(after)
        if final.count(max(final)) > 1:
            found.append(TIE_ON_POINTS)  # SAB-16
    return tuple(found)


def _completes_step(state: State, seat: int) -> bool:
    """True when `seat`'s commitment is the last one of the step (SAB-5)."""
    return all(state.commitments[s] is not None for s in state.racing if s != seat)


def _step(before: State, seat: int, card: int, after: State) -> list[str]:
    """The situations of a step's reveal: ties, the tile, empty hands (SAB-6 to SAB-10)."""
    found: list[str] = []
    racing = before.racing
    moved = {}
    for s in racing:
        played = card if s == seat else before.commitments[s]
        position = before.positions[s] + (played or 0)  # SAB-4
        moved[s] = max(-MAX_POSITION, min(MAX_POSITION, position))  # SAB-25
    rear = min(moved.values())
    last = [s for s in racing if moved[s] == rear]
    out = None
    if len(racing) >= 3:
        if len(last) > 1:
            found.append(TIE_AT_THE_REAR)  # SAB-6: nobody drops out
        else:
            out = last[0]  # SAB-6: the lone rearmost mouse drops out
    elif len(last) > 1:
        found.append(TIE_IN_THE_DUEL)  # SAB-9: the step is repeated
    elif before.config.players == 3 and before.part == 1:
        out = last[0]  # SAB-17: the rear mouse takes the lower plate
    if out is not None and out == before.start_player:
        found.append(TILE_PASSES)  # SAB-8
    if after.round == before.round and not after.game_over:
        owed = set(after.pending_draws)
        for s in after.racing:
            if s in owed and not any(after.hands[s]):
                found.append(EMPTY_HAND)  # SAB-10: drawn before the next step
    return found


PLATES_WON = "plates won"
PLATES_COVERED = "plates covered"
_KIND_LABELS = tuple(f"{kind.value} plates" for kind in KIND_ORDER)
_TOP_LABELS = tuple(f"top plates worth {value}" for value in PLATE_VALUES)


def holdings(state: State) -> tuple[dict[str, int], ...]:
    """What each seat holds: its plates, per seat a count for every label, always the same
    labels in this order:

    - ``plates won``: every plate the seat received;
    - ``plates covered``: of these, those under a later plate of their kind, which no longer
      score (SAB-14);
    - ``cheese plates``, ``salami plates``, ``sausage plates``, ``pizza plates``,
      ``chicken plates``, ``salad plates``: the plates won of each kind, best kind first, named
      as the notation names the kinds in both editions (SAB-19: the French "pomme de terre" is
      ``salami``), so that the editions compare label by label;
    - ``top plates worth 5`` to ``top plates worth -1`` (5, 4, 3, 2, 1, -1): the plates on top
      of the seat's stacks, the ones that score (SAB-14, SAB-16), by value.

    Public facts only (plates are won in the open); linear in the plates won; any state.

    Args:
        state: the state of the game (meant for the final one).

    Returns:
        One dict per seat, label to count.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.games.schlacht_am_buffet.components import Kind
        >>> from tablefeast.kernel.values import replace
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> won = (sab.Plate(2, Kind.PIZZA), sab.Plate(-1, Kind.SALAD), sab.Plate(4, Kind.PIZZA))
        >>> held = holdings(replace(s, plates_won=(won, (), ())))
        >>> [label for label, n in held[0].items() if n][2:]
        ['pizza plates', 'salad plates', 'top plates worth 4', 'top plates worth -1']
        >>> held[0]["plates won"], held[0]["plates covered"], held[0]["pizza plates"]
        (3, 1, 2)
        >>> len(held[1]), sum(held[1].values())
        (14, 0)
    """
    out = []
    for won in state.plates_won:
        tops = top_plates(won)
        held = dict.fromkeys((PLATES_WON, PLATES_COVERED, *_KIND_LABELS, *_TOP_LABELS), 0)
        held[PLATES_WON] = len(won)
        held[PLATES_COVERED] = len(won) - len(tops)  # SAB-14
        for plate in won:
            held[_KIND_LABELS[KIND_ORDER.index(plate.kind)]] += 1
        for plate in tops:
            held[_TOP_LABELS[PLATE_VALUES.index(plate.value)]] += 1
        out.append(held)
    return tuple(out)
