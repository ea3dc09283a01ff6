"""The effects of Food Chain: what one step did at the table, told once, by the rules.

`apply_traced` (in `rules`) returns them with the next state, in the order things happened. Only
`AnimalPlayed` hides anything: the animal lies face down, so only its owner sees which until the
pass's `Revealed` (FC-3, FC-11); every other effect is public. The words (`events.public_events`)
and the designer's labels (`situations.situations`) are read from these; nothing compares two
states to find out what happened.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> _, effects = fc.apply_traced(s, 0, fc.Play(fc.Animal.CAT))
    >>> effects
    (RoundBegins(round=1, alpha=0), HandsTaken(), AnimalPlayed(seat=0, animal=<Animal.CAT: 'cat'>))
    >>> effects[-1].seen_by(1)
    AnimalPlayed(seat=0, animal=None)
"""

from __future__ import annotations

import attrs

from tablefeast.games.food_chain.components import Animal
from tablefeast.kernel.effects import Effect

__all__ = [
    "OUTCOMES",
    "AnimalPlayed",
    "CentrePreyTaken",
    "FleaLeaves",
    "GameOver",
    "GoesToCentre",
    "HandsTaken",
    "PassBegins",
    "PreyTaken",
    "Revealed",
    "RoundBegins",
    "RoundScored",
    "Secured",
    "SnatchBegins",
]


@attrs.frozen
class RoundBegins(Effect):
    """A round begins, pass 1 of 9 (FC-1, FC-2): told at the game's first commitment, and when
    a round's scoring starts the next one.

    Attributes:
        round: the round's number (1-based; as many rounds as players, FC-1).
        alpha: the seat of the Alpha Animal this round (FC-1).
    """

    round: int
    alpha: int


@attrs.frozen
class HandsTaken(Effect):
    """Every player takes their own nine animals into hand, and the centre is empty (FC-2): the
    same cards for everybody, so nothing about it is hidden or random."""


@attrs.frozen
class AnimalPlayed(Effect):
    """`seat` commits an animal face down (FC-3): only that seat sees which until the reveal
    (FC-11).

    Attributes:
        seat: the seat that committed.
        animal: the animal, or None where it is hidden.

    Examples:
        >>> played = AnimalPlayed(2, Animal.DOG)
        >>> played.seen_by(2) == played, played.seen_by(0), played.seen_by(None)
        (True, AnimalPlayed(seat=2, animal=None), AnimalPlayed(seat=2, animal=None))
    """

    seat: int
    animal: Animal | None

    def seen_by(self, viewer: int | None) -> Effect | None:
        return self if viewer == self.seat else AnimalPlayed(self.seat, None)


@attrs.frozen
class Revealed(Effect):
    """Every committed animal of the pass is turned face up at once (FC-3).

    Attributes:
        plays: ``(seat, animal)`` for every seat, in seat order.
    """

    plays: tuple[tuple[int, Animal], ...]


@attrs.frozen
class SnatchBegins(Effect):
    """A predator kind starts snatching (FC-4: Birds, then Cats, Dogs, Fleas; a kind with
    nobody to play it or no prey left is skipped); its players take turns clockwise, each one
    prey at a time (FC-6: every take is the taker's choice, even a forced one).

    Attributes:
        predator: the kind that snatches now.
        taker: the first of its players clockwise from the Alpha, who takes first (FC-4).
    """

    predator: Animal
    taker: int


@attrs.frozen
class PreyTaken(Effect):
    """`seat`'s predator takes the prey `victim` played this pass, with everything under it,
    which all goes under the predator (FC-4, FC-5, FC-7).

    Attributes:
        seat: the taker.
        predator: the taker's animal.
        victim: the seat whose animal is taken (it scores nothing for it, FC-8).
        prey: the animal taken.
        under: what the prey had taken itself, in the order it lay (FC-7); () for none.
        again: the predator had already taken a prey this pass (FC-4: the turns went round).
    """

    seat: int
    predator: Animal
    victim: int
    prey: Animal
    under: tuple[Animal, ...]
    again: bool


@attrs.frozen
class CentrePreyTaken(Effect):
    """`seat`'s predator takes a prey from the centre of the table, which has nothing under it
    (FC-4, FC-5).

    Attributes:
        seat: the taker.
        predator: the taker's animal.
        prey: the animal taken from the centre.
        again: the predator had already taken a prey this pass (FC-4: the turns went round).
    """

    seat: int
    predator: Animal
    prey: Animal
    again: bool


@attrs.frozen
class Secured(Effect):
    """An animal that was not taken and took prey goes with its stack to its owner's scoring
    pile (FC-8).

    Attributes:
        seat: the owner.
        animal: the animal played.
        stack: everything under it, in the order it lay.
        stars: what the animal and its stack are worth (FC-9, with the game's stars).
    """

    seat: int
    animal: Animal
    stack: tuple[Animal, ...]
    stars: int


@attrs.frozen
class GoesToCentre(Effect):
    """An animal that was not taken and took nothing goes to the centre of the table (FC-8): a
    Worm, or a hungry Bird, Cat or Dog.

    Attributes:
        seat: its owner.
        animal: the animal.
    """

    seat: int
    animal: Animal


@attrs.frozen
class FleaLeaves(Effect):
    """A Flea that was not taken and took nothing leaves the round instead of going to the
    centre (FC-8).

    Attributes:
        seat: its owner.
    """

    seat: int


@attrs.frozen
class PassBegins(Effect):
    """The next pass of the round begins (FC-2, FC-3): everybody commits again.

    Attributes:
        pass_number: the pass, 2 to 9 (a round's first pass is told by `RoundBegins`).
    """

    pass_number: int


@attrs.frozen
class RoundScored(Effect):
    """The ninth pass is over: every player scores the stars of their scoring pile (FC-9).

    Attributes:
        round: the round that ended.
        stars: per seat, the stars scored this round.
        totals: per seat, the scores with this round's stars added.
        last: the game's last round (FC-1, FC-10): its totals are the final scores, which
            `GameOver` tells.
    """

    round: int
    stars: tuple[int, ...]
    totals: tuple[int, ...]
    last: bool


@attrs.frozen
class GameOver(Effect):
    """Every player has been Alpha once: the game is over (FC-1, FC-10).

    Attributes:
        scores: per seat, the final scores.
        winners: every seat with the highest score, ascending (FC-10: all of them win).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]


OUTCOMES: tuple[type[Effect], ...] = (
    Revealed,
    SnatchBegins,
    PreyTaken,
    CentrePreyTaken,
    Secured,
    GoesToCentre,
    FleaLeaves,
    RoundScored,
)
"""The effects that tell how a step came out (FC-3 to FC-9: the reveal, the snatches of the pass,
what was secured, went to the centre or left, and the round's stars): the board keeps their words
until the next step's result (`tablefeast.kernel.effects.LastResult`)."""
