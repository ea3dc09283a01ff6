"""What one seat may know, and determinization (resampling what it cannot see).

Hidden: other seats' hands, other seats' committed cards, and the draw pile (its contents follow
only as "whatever is not in my hand, the discard pile or on the table"). Public: positions, the
buffet, every plate won, the discard pile, hand sizes, who has committed, and the plate supply's
contents (every plate not yet revealed; only their order is unknown, and a multiset has none).

Examples:
    >>> import random
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> s = sab.initial_state(sab.Config(players=3))
    >>> view(determinize(s, 0, random.Random(1)), 0) == view(s, 0)
    True
"""

from __future__ import annotations

import random
from itertools import chain, repeat

import attrs

from tablefeast.games.schlacht_am_buffet.components import (
    CARD_VALUES,
    NUM_CARD_TYPES,
    Plate,
    card_index,
)
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.rules import actors, scores
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.kernel import reveal
from tablefeast.kernel.deck import Counts, counts_from_cards, counts_to_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.values import replace

__all__ = ["View", "determinize", "view"]


@attrs.frozen
class View:
    """One seat's (or a spectator's) knowledge of the game.

    Attributes:
        seat: whose view this is (None: a spectator).
        config: the setup.
        hand: this seat's cards as values, ascending (None for a spectator).
        my_commitment: the card this seat committed this step, if any.
        hand_sizes: every seat's number of cards.
        committed: per seat, whether it has committed this step (not what).
        draw_pile_size: cards in the draw pile.
        discard: counts of the public discard pile (index ``value + 1``).
        supply: plates still face down, as in `State` (their contents are deducible from what
            has been revealed; their order is unknown).
        buffet: as in `State`.
        plates_won: as in `State`.
        positions: as in `State`.
        racing: as in `State`.
        start_player: as in `State`.
        round: as in `State`.
        part: as in `State`.
        exchanger: as in `State`.
        pending_draws: as in `State`.
        to_reveal: as in `State`.
        game_over: as in `State`.
        actors: who acts now.
        scores: running scores.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.apply_action(sab.initial_state(sab.Config(players=3)), -1, sab.DrawCard(7))
        >>> v = view(s, 0)
        >>> v.hand, v.hand_sizes, v.draw_pile_size, v.actors
        ((7,), (1, 0, 0), 109, (-1,))
    """

    seat: int | None
    config: Config
    hand: tuple[int, ...] | None
    my_commitment: int | None
    hand_sizes: tuple[int, ...]
    committed: tuple[bool, ...]
    draw_pile_size: int
    discard: Counts
    supply: Counts
    buffet: tuple[Plate, ...]
    plates_won: tuple[tuple[Plate, ...], ...]
    positions: tuple[int, ...]
    racing: tuple[int, ...]
    start_player: int
    round: int
    part: int
    exchanger: int | None
    pending_draws: tuple[int, ...]
    to_reveal: int
    game_over: bool
    actors: tuple[int, ...]
    scores: tuple[int, ...]


def view(state: State, player: int | None) -> View:
    """Exactly what `player` may know (`None`: a spectator, who sees no hand).

    Args:
        state: the state of the game.
        player: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat of this game.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.apply_action(sab.initial_state(sab.Config(players=3)), -1, sab.DrawCard(7))
        >>> view(s, 0).hand, view(s, 1).hand, view(s, None).hand
        ((7,), (), None)
    """
    check_viewer(player, state.config.players)
    return View(
        seat=player,
        config=state.config,
        hand=_hand_values(state.hands[player]) if player is not None else None,
        my_commitment=state.commitments[player] if player is not None else None,
        hand_sizes=tuple(map(sum, state.hands)),
        committed=reveal.committed_flags(state.commitments),
        draw_pile_size=sum(state.draw_pile),
        discard=state.discard,
        supply=state.supply,
        buffet=state.buffet,
        plates_won=state.plates_won,
        positions=state.positions,
        racing=state.racing,
        start_player=state.start_player,
        round=state.round,
        part=state.part,
        exchanger=state.exchanger,
        pending_draws=state.pending_draws,
        to_reveal=state.to_reveal,
        game_over=state.game_over,
        actors=actors(state),
        scores=_scores(state),
    )


def _hand_values(counts: Counts) -> tuple[int, ...]:
    # `components.hand_values`, with the loop in C: a hand is validated to have one count per
    # card value.
    return tuple(chain.from_iterable(map(repeat, CARD_VALUES, counts)))


# Scores by the plates won, the only thing they depend on (SAB-14): the tuple is carried
# unchanged from state to state until a plate is won, so most views find it here. Keyed by the
# tuple's identity (the entry holds the tuple, so its id is not reused while the entry lives);
# the plates won are public, and so are the scores.
_SCORES: dict[int, tuple[tuple[tuple[Plate, ...], ...], tuple[int, ...]]] = {}
_SCORES_SIZE = 1024


def _scores(state: State) -> tuple[int, ...]:
    won = state.plates_won
    hit = _SCORES.get(id(won))
    if hit is not None and hit[0] is won:
        return hit[1]
    if len(_SCORES) >= _SCORES_SIZE:
        _SCORES.clear()
    result = scores(state)
    _SCORES[id(won)] = (won, result)
    return result


def determinize(state: State, player: int | None, rng: random.Random) -> State:
    """A state `player` cannot tell from `state`: the cards it cannot see are redealt at random.

    The unknown cards (draw pile, other hands, other committed cards) are pooled, shuffled with
    `rng`, and dealt back in the same sizes: every arrangement consistent with the view is
    equally likely. The view is the seat's knowledge *now*; what a seat with perfect recall
    could also infer from the past (for example that a freshly reshuffled draw pile holds
    exactly the former discard pile) is not used, so search agents should treat these
    samples as consistent with the present view, not with the whole history.

    Args:
        state: the state of the game.
        player: the seat whose knowledge the new state must keep, or None for a spectator's.
        rng: the generator the hidden parts are resampled with.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat of this game.

    Examples:
        >>> import random
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.schlacht_am_buffet.records import DEAL
        >>> s = position(sab, sab.Config(players=3), DEAL)
        >>> d = determinize(s, 0, random.Random(1))
        >>> d.hands[0] == s.hands[0], d.hands[1] == s.hands[1], view(d, 0) == view(s, 0)
        (True, False, True)
    """
    check_viewer(player, state.config.players)
    others = [s for s in range(state.config.players) if s != player]
    pool = list(counts_to_cards(state.draw_pile))  # counts indices (value + 1) throughout
    for s in others:
        pool.extend(counts_to_cards(state.hands[s]))
        committed = state.commitments[s]
        if committed is not None:
            pool.append(card_index(committed))
    pool.sort()
    rng.shuffle(pool)
    hands = list(state.hands)
    commitments = list(state.commitments)
    for s in others:
        size = sum(state.hands[s])
        hands[s] = counts_from_cards(pool[:size], NUM_CARD_TYPES)
        del pool[:size]
        if commitments[s] is not None:
            commitments[s] = pool.pop() - 1  # back from counts index to card value
    return replace(
        state,
        hands=tuple(hands),
        commitments=tuple(commitments),
        draw_pile=counts_from_cards(pool, NUM_CARD_TYPES),
    )
