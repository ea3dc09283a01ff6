"""The game state: the whole truth, as one frozen value (only commitments are hidden, FC-11).

A pass has two phases. While ``snatching`` is None every seat commits an animal (its card stays
in its public hand until the reveal, so the hand does not give the choice away). After the
reveal, ``snatching`` names the predator kind at work and ``taker`` the one seat to take a prey.

Examples:
    >>> s = initial_state(Config(players=3))
    >>> s.hands[0], s.alpha, s.pass_number
    ((3, 2, 2, 1, 1), 0, 1)
"""

from __future__ import annotations

import attrs

from tablefeast.games.food_chain.components import HAND
from tablefeast.games.food_chain.config import Config
from tablefeast.kernel.deck import Counts
from tablefeast.kernel.values import combine

__all__ = ["State", "initial_state"]

NONE: Counts = (0, 0, 0, 0, 0)


@attrs.frozen(slots=False)  # dict-backed: `kernel.values.replace` copies it cheaply
class State:
    """Everything about a game in progress. Animal kinds index counts as in `ANIMALS`.

    Attributes:
        config: the game's setup.
        round: 1-based round number (as many rounds as players, FC-1).
        alpha: the Alpha Animal's seat this round.
        pass_number: 1 to 9 within the round (FC-2).
        hands: per seat, counts of the animals in hand (a committed one included until reveal).
        commitments: per seat, the kind committed face down this pass, or None.
        played: per seat, the kind revealed this pass (None while seats commit).
        stacks: per seat, the kinds lying under its played animal (everything it took).
        taken: per seat, whether its played animal was snatched this pass.
        snatching: the predator kind now taking (an index), or None.
        taker: the seat whose turn it is to take, or None.
        centre: counts of the animals in the centre of the table (FC-8).
        piles: per seat, counts of this round's scoring pile (FC-8).
        fleas_out: how many Fleas have left the round (FC-8): a Flea that took nothing leaves
            it, and no other animal ever does.
        totals: per seat, stars from finished rounds (FC-9).
        rounds: per finished round, the stars each seat scored in it (FC-9): they add up to
            `totals`, and tell a result round by round.
        game_over: every player has been Alpha once (FC-10).

    Examples:
        >>> s = initial_state(Config(players=3, first_alpha=1))
        >>> s.round, s.alpha, s.centre, s.totals, s.taker
        (1, 1, (0, 0, 0, 0, 0), (0, 0, 0), None)
    """

    config: Config
    round: int
    alpha: int
    pass_number: int
    hands: tuple[Counts, ...]
    commitments: tuple[int | None, ...]
    played: tuple[int | None, ...]
    stacks: tuple[tuple[int, ...], ...]
    taken: tuple[bool, ...]
    snatching: int | None
    taker: int | None
    centre: Counts
    piles: tuple[Counts, ...]
    fleas_out: int
    totals: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]
    game_over: bool

    def __attrs_post_init__(self) -> None:
        combine(self)  # fast attribute reads (see `kernel.values.combine`)


def initial_state(config: Config) -> State:
    """Round 1, pass 1: everyone holds their nine cards (FC-2).

    Args:
        config: the game's configuration (player count and options).

    Examples:
        >>> s = initial_state(Config(players=4))
        >>> s.hands[3], s.pass_number, s.game_over
        ((3, 2, 2, 1, 1), 1, False)
    """
    n = config.players
    return new_round(config, round_number=1, alpha=config.first_alpha, totals=(0,) * n, rounds=())


def new_round(
    config: Config,
    round_number: int,
    alpha: int,
    totals: tuple[int, ...],
    rounds: tuple[tuple[int, ...], ...],
) -> State:
    """A round's start: full hands, an empty centre (FC-2); `rounds` are the stars of the
    rounds before it."""
    n = config.players
    return State(
        config=config,
        round=round_number,
        alpha=alpha,
        pass_number=1,
        hands=(HAND,) * n,
        commitments=(None,) * n,
        played=(None,) * n,
        stacks=((),) * n,
        taken=(False,) * n,
        snatching=None,
        taker=None,
        centre=NONE,
        piles=(NONE,) * n,
        fleas_out=0,
        totals=totals,
        rounds=rounds,
        game_over=False,
    )
