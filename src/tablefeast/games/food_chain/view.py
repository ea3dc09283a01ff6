"""What one seat may know, and determinization.

Only committed-but-unrevealed animals are hidden (FC-11): everyone starts a round with the same
nine cards and every played card is revealed, so hands, stacks, piles and the centre are public.

Examples:
    >>> import random
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.apply_action(fc.initial_state(fc.Config(players=3)), 2, fc.Play(fc.Animal.CAT))
    >>> fc.view(fc.determinize(s, 0, random.Random(1)), 0) == fc.view(s, 0)
    True
"""

from __future__ import annotations

import random

import attrs

from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.rules import actors, scores
from tablefeast.games.food_chain.state import State
from tablefeast.kernel import reveal
from tablefeast.kernel.deck import Counts, counts_to_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.values import replace

__all__ = ["View", "determinize", "view"]


@attrs.frozen
class View:
    """One seat's (or a spectator's) knowledge: the state without others' commitments.

    Attributes:
        seat: whose view (None: a spectator).
        config: the setup.
        my_commitment: the kind this seat committed this pass, if any.
        committed: per seat, whether it has committed (not what).
        round: as in `State`.
        alpha: as in `State`.
        pass_number: as in `State`.
        hands: as in `State` (public, FC-11).
        played: as in `State`.
        stacks: as in `State`.
        taken: as in `State`.
        snatching: as in `State`.
        taker: as in `State`.
        centre: as in `State`.
        piles: as in `State`.
        fleas_out: as in `State`.
        totals: as in `State`.
        rounds: as in `State`.
        game_over: as in `State`.
        actors: who acts now.
        scores: running scores.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.apply_action(fc.initial_state(fc.Config(players=3)), 1, fc.Play(fc.Animal.DOG))
        >>> v = view(s, 0)
        >>> v.committed, v.my_commitment, v.actors
        ((False, True, False), None, (0, 2))
    """

    seat: int | None
    config: Config
    my_commitment: int | None
    committed: tuple[bool, ...]
    round: int
    alpha: int
    pass_number: int
    hands: tuple[Counts, ...]
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
    actors: tuple[int, ...]
    scores: tuple[int, ...]


def view(state: State, player: int | None) -> View:
    """Exactly what `player` may know (`None`: a spectator).

    Args:
        state: the state of the game.
        player: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.apply_action(fc.initial_state(fc.Config(players=3)), 1, fc.Play(fc.Animal.DOG))
        >>> view(s, 1).my_commitment, view(s, 0).my_commitment, view(s, None).seat
        (3, None, None)
    """
    check_viewer(player, state.config.players)
    return View(
        seat=player,
        config=state.config,
        my_commitment=None if player is None else state.commitments[player],
        committed=reveal.committed_flags(state.commitments),
        round=state.round,
        alpha=state.alpha,
        pass_number=state.pass_number,
        hands=state.hands,
        played=state.played,
        stacks=state.stacks,
        taken=state.taken,
        snatching=state.snatching,
        taker=state.taker,
        centre=state.centre,
        piles=state.piles,
        fleas_out=state.fleas_out,
        totals=state.totals,
        rounds=state.rounds,
        game_over=state.game_over,
        actors=actors(state),
        scores=_scores(state),
    )


# Scores by what they depend on (FC-9): the stars per animal, the finished rounds' totals and
# this round's scoring piles, all public. Most decisions change none of them.
_SCORES: dict[tuple[object, ...], tuple[int, ...]] = {}
_SCORES_SIZE = 4096


def _scores(state: State) -> tuple[int, ...]:
    key = (state.config.stars, state.totals, state.piles)
    result = _SCORES.get(key)
    if result is None:
        if len(_SCORES) >= _SCORES_SIZE:
            _SCORES.clear()
        result = _SCORES[key] = scores(state)
    return result


def determinize(state: State, player: int | None, rng: random.Random) -> State:
    """A state `player` cannot tell from `state`: every other seat's committed animal is drawn
    again, uniformly from the cards in its (public) hand.

    Args:
        state: the state of the game.
        player: the seat whose knowledge the new state must keep, or None for a spectator's.
        rng: the generator the hidden parts are resampled with.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.apply_action(fc.initial_state(fc.Config(players=3)), 1, fc.Play(fc.Animal.DOG))
        >>> s.commitments, determinize(s, 0, random.Random(0)).commitments
        ((None, 3, None), (None, 2, None))
    """
    check_viewer(player, state.config.players)
    commitments = list(state.commitments)
    for seat, kind in enumerate(commitments):
        if kind is not None and seat != player:
            commitments[seat] = rng.choice(counts_to_cards(state.hands[seat]))
    return replace(state, commitments=tuple(commitments))
