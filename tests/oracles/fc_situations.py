"""Special situations of Food Chain, for a designer's report: prey from the centre, predators
that eat twice or are eaten with their catch, hungry predators, Fleas leaving the round and
shared wins, as short labels that start with their ruling id; and the animals each seat holds
in its scoring pile (`holdings`).

`situations` reads the two full states of a move (and the move itself); it is meant for
simulation statistics, after the fact. Food Chain hides nothing once a pass is revealed
(FC-11), so every fact it uses is public.

Examples:
    >>> import random
    >>> import tablefeast.games.food_chain as fc
    >>> from collections import Counter
    >>> state, rng, seen = fc.initial_state(fc.Config(players=4)), random.Random(2), Counter()
    >>> while not fc.is_terminal(state):
    ...     seat = fc.actors(state)[0]
    ...     action = rng.choice(fc.legal_actions(state, seat))
    ...     after = fc.apply_action(state, seat, action)
    ...     seen.update(situations(state, seat, action, after))
    ...     state = after
    >>> set(seen) <= set(SITUATIONS), seen["FC-8 Flea leaves the round"] > 0
    (True, True)
"""

from __future__ import annotations

from tablefeast.games.food_chain.actions import Action, Play, Take, TakeFromCentre
from tablefeast.games.food_chain.components import ANIMALS, INDEX, PREY, Animal
from tablefeast.games.food_chain.rules import winners
from tablefeast.games.food_chain.state import State

__all__ = ["SITUATIONS", "holdings", "situations"]

FROM_THE_CENTRE = "FC-4 prey from the centre"
SECOND_PREY = "FC-4 predator takes a second prey"
FLEA_TAKES_DOG = "FC-4 Flea takes a Dog"
TAKEN_WITH_CATCH = "FC-7 predator taken with its catch"
HUNGRY_PREDATOR = "FC-8 hungry predator goes to the centre"
FLEA_LEAVES = "FC-8 Flea leaves the round"
SHARED_WIN = "FC-10 shared win"

SITUATIONS: tuple[str, ...] = (
    FROM_THE_CENTRE,
    SECOND_PREY,
    FLEA_TAKES_DOG,
    TAKEN_WITH_CATCH,
    HUNGRY_PREDATOR,
    FLEA_LEAVES,
    SHARED_WIN,
)
"""Every label `situations` can return, in ruling order:

- ``FC-4 prey from the centre``: a predator takes its prey from the centre of the table.
- ``FC-4 predator takes a second prey``: the turns went round and a predator takes again in
  the same pass.
- ``FC-4 Flea takes a Dog``: a Flea snatches (a Dog played this pass or one from the centre).
- ``FC-7 predator taken with its catch``: the prey taken had itself taken something, which goes
  with it to its taker.
- ``FC-8 hungry predator goes to the centre``: a Bird, Cat or Dog that took nothing and was not
  taken goes to the centre (once per animal).
- ``FC-8 Flea leaves the round``: a Flea that took nothing and was not taken leaves the round
  (once per Flea).
- ``FC-10 shared win``: the game ends with the highest total shared.
"""

_FLEA = INDEX[Animal.FLEA]
_PREDATORS = frozenset(INDEX[a] for a in PREY)


def situations(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """The special situations that `seat` brought about by playing `action` in `before`, giving
    `after`.

    A take gives its own labels (FC-4, FC-7); the move that ends a pass (the last commitment
    when nothing can be snatched, else the last take) also gives the labels of securing
    (FC-8), once per animal. Linear in the size of the states; never raises on a legal move.

    Args:
        before: the state the move was made in.
        seat: the seat that moved.
        action: the move.
        after: the state after the move (``apply_action(before, seat, action)``).

    Returns:
        Labels from `SITUATIONS`, in the order things happened (possibly none).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> t = fc.apply_action(s, 0, fc.Take(1))  # the Bird takes the Worm
        >>> situations(s, 0, fc.Take(1), t)
        ()
        >>> situations(t, 2, fc.Take(0), fc.apply_action(t, 2, fc.Take(0)))  # the Cat, the Bird
        ('FC-7 predator taken with its catch',)
    """
    found: list[str] = []
    n = before.config.players
    played = before.played
    taken = list(before.taken)
    stacks = [bool(stack) for stack in before.stacks]  # whether each played animal took
    if type(action) is Play:
        played = tuple(
            INDEX[action.animal] if s == seat else before.commitments[s] for s in range(n)
        )
        taken = [False] * n
        stacks = [False] * n
    elif type(action) in (Take, TakeFromCentre):
        if type(action) is TakeFromCentre:
            found.append(FROM_THE_CENTRE)  # FC-4
        if stacks[seat]:
            found.append(SECOND_PREY)  # FC-4: the turns went round
        if before.snatching == _FLEA:
            found.append(FLEA_TAKES_DOG)  # FC-4
        if type(action) is Take:
            if stacks[action.seat]:
                found.append(TAKEN_WITH_CATCH)  # FC-5, FC-7
            taken[action.seat] = True
            stacks[action.seat] = False
        stacks[seat] = True
    if (after.round, after.pass_number, after.game_over) != (
        before.round,
        before.pass_number,
        before.game_over,
    ):
        # FC-8: the pass ended with this move; secure what was played.
        for s, kind in enumerate(played):
            if kind is None or taken[s] or stacks[s]:
                continue  # taken (scores nothing) or fed (to the scoring pile)
            if kind == _FLEA:
                found.append(FLEA_LEAVES)
            elif kind in _PREDATORS:
                found.append(HUNGRY_PREDATOR)
    if after.game_over and not before.game_over and len(winners(after)) > 1:
        found.append(SHARED_WIN)  # FC-10
    return tuple(found)


_PILE_LABELS = tuple(f"{animal.value}s (last round)" for animal in ANIMALS)
ALL_ANIMALS = "animals (last round)"


def holdings(state: State) -> tuple[dict[str, int], ...]:
    """What each seat holds: the animals in its scoring pile, per seat a count for every label,
    always these six in this order: ``worms (last round)``, ``birds (last round)``,
    ``cats (last round)``, ``dogs (last round)``, ``fleas (last round)`` and
    ``animals (last round)`` (all of them).

    The state keeps only the current round's scoring piles (earlier rounds live on as stars in
    the totals, FC-9), so these are the piles of the round being played; at the end of the game,
    of the last round (FC-8: every secured animal with its stack, the predator itself included).
    Public (FC-11); linear in the number of players; any state.

    Args:
        state: the state of the game (meant for the final one).

    Returns:
        One dict per seat, label to count.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> s = fc.apply_action(fc.apply_action(s, 0, fc.Take(1)), 2, fc.Take(0))
        >>> held = holdings(s)[2]  # the Cat secured with the Bird and the Bird's Worm
        >>> list(held)[:2], list(held.values())
        (['worms (last round)', 'birds (last round)'], [1, 1, 1, 0, 0, 3])
        >>> sum(holdings(s)[0].values())
        0
    """
    out = []
    for pile in state.piles:
        held = dict(zip(_PILE_LABELS, pile, strict=True))
        held[ALL_ANIMALS] = sum(pile)
        out.append(held)
    return tuple(out)
