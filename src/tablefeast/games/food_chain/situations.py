"""Special situations of Food Chain, for a designer's report: prey from the centre, predators
that eat twice or are eaten with their catch, hungry predators, Fleas leaving the round and
shared wins, as short labels that start with their ruling id; and the animals each seat holds
in its scoring pile (`holdings`).

`situations` reads a move's effects (as `apply_traced` returns them); it is meant for
simulation statistics, after the fact. Food Chain hides nothing once a pass is revealed
(FC-11), and no label reads a commitment, so every effect it counts is public.

Examples:
    >>> import random
    >>> import tablefeast.games.food_chain as fc
    >>> from collections import Counter
    >>> state, rng, found = fc.initial_state(fc.Config(players=4)), random.Random(2), Counter()
    >>> while not fc.is_terminal(state):
    ...     seat = fc.actors(state)[0]
    ...     action = rng.choice(fc.legal_actions(state, seat))
    ...     state, effects = fc.apply_traced(state, seat, action)
    ...     found.update(situations(effects))
    >>> set(found) <= set(SITUATIONS), found["FC-8 Flea leaves the round"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.food_chain import effects as fx
from tablefeast.games.food_chain.components import ANIMALS, Animal
from tablefeast.games.food_chain.state import State
from tablefeast.kernel.effects import Effect

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


def situations(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The special situations among `effects` (those of one move, or of several).

    A take gives its own labels (FC-4, FC-7); the end of a pass gives the labels of securing
    (FC-8), once per animal, in seat order; the end of the game a shared win (FC-10). Linear in
    the effects.

    Args:
        effects: the effects, as `apply_traced` gives them.

    Returns:
        Labels from `SITUATIONS`, in the order things happened (possibly none).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.kernel.ruleset import apply_joint
        >>> bird, worm, cat = (fc.Play(a) for a in (fc.Animal.BIRD, fc.Animal.WORM, fc.Animal.CAT))
        >>> s = apply_joint(fc, fc.initial_state(fc.Config(players=3)), {0: bird, 1: worm, 2: cat})
        >>> t, effects = fc.apply_traced(s, 0, fc.Take(1))  # the Bird takes the Worm
        >>> situations(effects)
        ()
        >>> situations(fc.apply_traced(t, 2, fc.Take(0))[1])  # the Cat, the Bird and its Worm
        ('FC-7 predator taken with its catch',)
    """
    found: list[str] = []
    for effect in effects:
        match effect:
            case fx.PreyTaken() | fx.CentrePreyTaken():
                found += _take(effect)
            case fx.GoesToCentre(animal=animal) if animal is not Animal.WORM:
                found.append(HUNGRY_PREDATOR)  # FC-8: a Worm is no predator
            case fx.FleaLeaves():
                found.append(FLEA_LEAVES)  # FC-8
            case fx.GameOver(winners=winners) if len(winners) > 1:
                found.append(SHARED_WIN)  # FC-10
    return tuple(found)


def _take(effect: fx.PreyTaken | fx.CentrePreyTaken) -> list[str]:
    """The labels of one take, in ruling order."""
    found = [] if isinstance(effect, fx.PreyTaken) else [FROM_THE_CENTRE]  # FC-4
    if effect.again:
        found.append(SECOND_PREY)  # FC-4: the turns went round
    if effect.predator is Animal.FLEA:
        found.append(FLEA_TAKES_DOG)  # FC-4
    if isinstance(effect, fx.PreyTaken) and effect.under:
        found.append(TAKEN_WITH_CATCH)  # FC-5, FC-7: a prey from the centre carries nothing
    return found


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
