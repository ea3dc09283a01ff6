"""Special situations of Schlacht am Buffet, for a designer's report: which rare rules, ties and
card exchanges one move brought about, as short labels that start with their ruling id; and
the plates each seat holds (`holdings`).

`situations` reads a move's effects (as `apply_traced` returns them); it is meant for
simulation statistics, after the fact, not for the table during a game. Every effect it counts
is public at the table anyway.

Examples:
    >>> import random
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from collections import Counter
    >>> state, rng, found = sab.initial_state(sab.Config(players=4)), random.Random(3), Counter()
    >>> while not sab.is_terminal(state):
    ...     seat = sab.actors(state)[0]
    ...     if seat == -1:
    ...         action = sab.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(sab.legal_actions(state, seat))
    ...     state, effects = sab.apply_traced(state, seat, action)
    ...     found.update(situations(effects))
    >>> set(found) <= set(SITUATIONS), found["SAB-14 plate covers another"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.schlacht_am_buffet import effects as fx
from tablefeast.games.schlacht_am_buffet.components import KIND_ORDER, PLATE_VALUES
from tablefeast.games.schlacht_am_buffet.rules import top_plates
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.kernel.effects import Effect

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


def situations(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The special situations among `effects` (those of one move, or of several).

    A label appears once for each time its situation occurs: a step that leaves two players
    with empty hands gives ``SAB-10 empty hand draws 9`` twice. Linear in the effects.

    Args:
        effects: the effects, as `apply_traced` gives them.

    Returns:
        Labels from `SITUATIONS`, in ruling order (possibly none).

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> situations(sab.apply_traced(s, -1, sab.DrawCard(7))[1])
        ()
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL + "; 0: play 3; 1: play 3")
        >>> situations(sab.apply_traced(s, 2, sab.Play(8))[1])  # 3, 3, 8
        ('SAB-6 tie at the rear',)
        >>> situations(sab.apply_traced(s, 2, sab.Play(2))[1])  # 3, 3, 2
        ()
    """
    found = [label for effect in effects if (label := _label(effect)) is not None]
    return tuple(sorted(found, key=SITUATIONS.index))


def _label(effect: Effect) -> str | None:
    match effect:
        case fx.RearTie():
            return TIE_AT_THE_REAR  # SAB-6: nobody drops out
        case fx.Exchanged(discard=discard) if discard:
            return EXCHANGE  # SAB-7: keeping every card is no exchange
        case fx.TilePassed():
            return TILE_PASSES  # SAB-8
        case fx.DuelTie():
            return TIE_IN_THE_DUEL  # SAB-9: the step is repeated
        case fx.HandEmpty():
            return EMPTY_HAND  # SAB-10
        case fx.Reshuffled():
            return RESHUFFLE  # SAB-11
        case fx.PlateCovered():
            return PLATE_COVERED  # SAB-14
        case fx.GameOver(scores=scores) if scores.count(max(scores)) > 1:
            return TIE_ON_POINTS  # SAB-16
    return None


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
