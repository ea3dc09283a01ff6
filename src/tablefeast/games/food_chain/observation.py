"""The observation tensor: a fixed-size numeric encoding of a `View` (for learning code and the
OpenSpiel and PettingZoo adapters). It reads only the view, so it hides what the view hides.

Layout, for n players (in order): the viewer (one-hot over n seats and the spectator), the
viewer's commitment (one-hot over the 5 kinds and "none"), who has committed (n), round, pass,
the Alpha (one-hot n), hands (n x 5 counts), the animal each seat played (n x one-hot over 5 kinds
and "none"), each seat's stack (n x 5 counts), who was taken (n), the kind snatching (one-hot 5 +
none), the taker (one-hot n + none), the centre (5 counts), piles (n x 5), the Fleas out of the
round (1: only Fleas leave it, FC-8), totals (n), game over, who acts (n seats + chance) and the
running scores (n).

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> config = fc.Config(players=3)
    >>> len(observation_tensor(fc.view(fc.initial_state(config), 0))) == observation_size(config)
    True

`observation_tensor_of(state, seat)` is the same tensor written straight from the state, with no
`View` in between (the adapters' path: one per step). It reads only what `view(state, seat)`
shows, in the same way; a test checks the two equal, float for float, on many states and every
seat.
"""

from __future__ import annotations

from functools import cache

from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.rules import actors
from tablefeast.games.food_chain.state import State, initial_state
from tablefeast.games.food_chain.view import View, _scores, view
from tablefeast.kernel.deck import Counts, counts_from_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.tensor import actor_flags, one_hot_rows, public_floats_flat

__all__ = ["observation_size", "observation_tensor", "observation_tensor_of"]

KINDS = 5
_KINDS_OR_NONE = one_hot_rows(KINDS + 1)


@cache
def observation_size(config: Config) -> int:
    """Length of the tensor for this config (the same for every view: a test checks it).

    Args:
        config: the game's configuration.
    """
    return len(observation_tensor(view(initial_state(config), None)))


def observation_tensor(seen: View) -> tuple[float, ...]:
    """The view as a flat tuple of floats (see the module docs for the layout).

    Args:
        seen: the view to encode.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> config = fc.Config(players=3)
        >>> t = observation_tensor(fc.view(fc.initial_state(config), 0))
        >>> len(t) == observation_size(config), t[:4]
        (True, (1.0, 0.0, 0.0, 0.0))
    """
    return _encode(
        seen.config.players,
        seen.seat,
        seen.my_commitment,
        seen.committed,
        seen.round,
        seen.pass_number,
        seen.alpha,
        seen.hands,
        seen.played,
        seen.stacks,
        seen.taken,
        seen.snatching,
        seen.taker,
        seen.centre,
        seen.piles,
        seen.fleas_out,
        seen.totals,
        seen.game_over,
        seen.actors,
        seen.scores,
    )


def observation_tensor_of(state: State, seat: int | None) -> tuple[float, ...]:
    """`observation_tensor(view(state, seat))`, written straight from the state: the same floats,
    without building the view (the adapters observe a state this way, once a step).

    It reads exactly what the view shows: the seat's own commitment, who has committed (never
    what, FC-11), and the public rest.

    Args:
        state: the state of the game.
        seat: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `seat` is neither None nor a seat of this game.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.apply_action(fc.initial_state(fc.Config(players=3)), 1, fc.Play(fc.Animal.DOG))
        >>> observation_tensor_of(s, 0) == observation_tensor(fc.view(s, 0))
        True
    """
    check_viewer(seat, state.config.players)
    commitments = state.commitments
    return _encode(
        state.config.players,
        seat,
        None if seat is None else commitments[seat],
        tuple([c is not None for c in commitments]),  # who, never what (FC-11)
        state.round,
        state.pass_number,
        state.alpha,
        state.hands,
        state.played,
        state.stacks,
        state.taken,
        state.snatching,
        state.taker,
        state.centre,
        state.piles,
        state.fleas_out,
        state.totals,
        state.game_over,
        actors(state),
        _scores(state),
    )


def _encode(  # noqa: PLR0917 - a view's fields, positional: both paths run it once a step
    n: int,
    seat: int | None,
    commitment: int | None,
    committed: tuple[bool, ...],
    round_number: int,
    pass_number: int,
    alpha: int,
    hands: tuple[Counts, ...],
    played: tuple[int | None, ...],
    stacks: tuple[tuple[int, ...], ...],
    taken: tuple[bool, ...],
    snatching: int | None,
    taker: int | None,
    centre: Counts,
    piles: tuple[Counts, ...],
    fleas_out: int,
    totals: tuple[int, ...],
    game_over: bool,
    acting: tuple[int, ...],
    scores: tuple[int, ...],
) -> tuple[float, ...]:
    """The tensor from what a view holds: one layout for both paths, so that they cannot drift
    apart."""
    # One list extended part by part, one-hot parts from shared rows: the same floats as
    # `Features` would give, several times faster (the adapters encode a view per step).
    seats, seats_or_none, kinds_or_none = one_hot_rows(n), one_hot_rows(n + 1), _KINDS_OR_NONE
    out: list[float] = []
    out += seats_or_none[n if seat is None else seat]
    out += kinds_or_none[KINDS if commitment is None else commitment]
    out += [1.0 if x else 0.0 for x in committed]
    out += (float(round_number), float(pass_number))
    out += seats[alpha]
    out += public_floats_flat(hands)
    for kind in played:
        out += kinds_or_none[KINDS if kind is None else kind]
    for stack in stacks:
        out += map(float, counts_from_cards(stack, KINDS))
    out += [1.0 if x else 0.0 for x in taken]
    out += kinds_or_none[KINDS if snatching is None else snatching]
    out += seats_or_none[n if taker is None else taker]
    out += map(float, centre)
    out += public_floats_flat(piles)
    out.append(float(fleas_out))
    out += map(float, totals)
    out.append(1.0 if game_over else 0.0)
    out += actor_flags(acting, n)
    out += map(float, scores)
    return tuple(out)
