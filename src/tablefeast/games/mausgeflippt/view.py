"""What one seat may know, and determinization.

Hidden: other seats' hands (except young players', which lie face up, MG-15), the faces of other
seats' face-down penalty cards and of the cards a wrong flipper is about to lay (MG-17), the order
of the clothing pile, commitments until everyone has committed, and then which card another seat
tried to play: that a seat played, passed or called is public (a call is spoken aloud), but a
played card is seen only when it lands on the mouse, so a slow claimant's never is. The mouse and
cheese piles are multisets whose contents everyone can deduce (every other card is in sight), so
the view shows them; their order is hidden by being a multiset.

Examples:
    >>> import random
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.record import position
    >>> from tablefeast.games.mausgeflippt.records import DEAL
    >>> s = position(mg, mg.Config(players=3), DEAL + "; "
    ...     "0: play jacket/red; 1: pass; 2: pass; clothing cap/red; mouse M14; 0: pass; 1: pass; "
    ...     "2: flip; down scarf/brown")
    >>> mg.view(mg.determinize(s, 0, random.Random(1)), 0) == mg.view(s, 0)
    True
"""

from __future__ import annotations

import random

import attrs

from tablefeast.games.mausgeflippt.actions import Action, Flip, Pass, Play
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.rules import actors, legal_actions, scores
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED, State
from tablefeast.kernel import reveal
from tablefeast.kernel.deck import Counts, counts_from_cards, counts_to_cards
from tablefeast.kernel.seats import check_viewer
from tablefeast.kernel.values import replace

__all__ = ["View", "determinize", "view"]


@attrs.frozen
class View:
    """One seat's (or a spectator's) knowledge of a game.

    Attributes:
        seat: whose view (None: a spectator).
        config: the setup.
        hands: per seat, its hand if this seat may see it (its own, or a young player's), else None.
        hand_sizes: per seat, how many cards it holds.
        clothing_pile_size: cards left in the clothing draw pile.
        discard: the clothing discard pile.
        face_up: per seat, its face-up penalty cards.
        face_down: per seat, its face-down penalty cards if this seat may see them (its own),
            else None.
        face_down_counts: per seat, how many face-down penalty cards it has.
        placing: per seat, the cards of a wrong flip it is about to lay (MG-17), if this seat
            may see them (its own, or a young player's), else None.
        placing_counts: per seat, how many such cards.
        placers: as in `State`.
        placing_mouse: as in `State`.
        mice_unseen: the mice not turned since the shuffle (a multiset: their order is hidden).
        mice_bottom: the mice put under the stack, in the order they come back.
        open_mouse: as in `State`.
        caught: as in `State`.
        cheese_pile: the cheeses still face down (a multiset).
        open_cheese: as in `State`.
        cheeses: as in `State`.
        turner: as in `State`.
        my_commitment: this seat's commitment code in this race, if any.
        committed: per seat, whether it has committed (not what).
        revealed: every seat's commitment once all have committed (chance then says who was
            fastest), else None; another seat's Play is `PLAYED` (which card is not seen).
        landed: as in `State` (public).
        mouse_awards: as in `State`.
        cheese_awards: as in `State`.
        pending_draws: as in `State`.
        cheese_to_turn: as in `State`.
        idle: as in `State`.
        game_over: as in `State`.
        actors: who acts now.
        scores: running scores.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> v = view(s, 0)
        >>> v.hands[1], v.hand_sizes, v.open_mouse, v.clothing_pile_size, v.actors
        (None, (7, 7, 7), 19, 37, (0, 1, 2))
    """

    seat: int | None
    config: Config
    hands: tuple[Counts | None, ...]
    hand_sizes: tuple[int, ...]
    clothing_pile_size: int
    discard: Counts
    face_up: tuple[Counts, ...]
    face_down: tuple[Counts | None, ...]
    face_down_counts: tuple[int, ...]
    placing: tuple[Counts | None, ...]
    placing_counts: tuple[int, ...]
    placers: tuple[int, ...]
    placing_mouse: int | None
    mice_unseen: Counts
    mice_bottom: tuple[int, ...]
    open_mouse: int | None
    caught: tuple[tuple[int, ...], ...]
    cheese_pile: Counts
    open_cheese: int | None
    cheeses: tuple[Counts, ...]
    turner: int
    my_commitment: int | None
    committed: tuple[bool, ...]
    revealed: tuple[int | None, ...] | None
    landed: tuple[int | None, ...]
    mouse_awards: tuple[int, ...]
    cheese_awards: tuple[int, ...]
    pending_draws: tuple[int, ...]
    cheese_to_turn: bool
    idle: int
    game_over: bool
    actors: tuple[int, ...]
    scores: tuple[int, ...]


def _sees_hand(config: Config, viewer: int | None, seat: int) -> bool:
    return seat == viewer or seat in config.young_seats  # MG-15: young hands lie face up


def _own(per_seat: tuple[Counts, ...], viewer: int | None) -> tuple[Counts | None, ...]:
    # The viewer's own entry, None for every other seat (every one for a spectator).
    hidden: tuple[None, ...] = (None,) * len(per_seat)
    if viewer is None:
        return hidden
    return (*hidden[:viewer], per_seat[viewer], *hidden[viewer + 1 :])


def _revealed(commitments: tuple[int | None, ...], viewer: int | None) -> tuple[int | None, ...]:
    # Who played, passed or called is public; which card another seat played is not.
    return tuple(
        PLAYED if code is not None and code >= 0 and seat != viewer else code
        for seat, code in enumerate(commitments)
    )


def view(state: State, player: int | None) -> View:
    """Exactly what `player` may know (`None`: a spectator).

    Args:
        state: the state of the game.
        player: the viewing seat, or None for a spectator.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> s = mg.initial_state(mg.Config(players=3, young_seats=[2]))
        >>> s = mg.apply_action(s, -1, mg.DrawClothing("tie", "blue"))
        >>> view(s, 1).hands[0], view(s, 1).hands[2] is not None, view(s, None).hand_sizes
        (None, True, (1, 0, 0))
    """
    config = state.config
    check_viewer(player, config.players)
    everyone_committed = None not in state.commitments
    if config.young_seats:
        seats = range(config.players)
        hands = tuple(state.hands[s] if _sees_hand(config, player, s) else None for s in seats)
        placing = tuple(state.placing[s] if _sees_hand(config, player, s) else None for s in seats)
    else:  # only the seat's own hand
        hands = _own(state.hands, player)
        placing = _own(state.placing, player)
    return View(
        seat=player,
        config=config,
        hands=hands,
        hand_sizes=tuple(map(sum, state.hands)),
        clothing_pile_size=sum(state.clothing_pile),
        discard=state.discard,
        face_up=state.face_up,
        face_down=_own(state.face_down, player),
        face_down_counts=tuple(map(sum, state.face_down)),
        placing=placing,
        placing_counts=tuple(map(sum, state.placing)),
        placers=state.placers,
        placing_mouse=state.placing_mouse,
        mice_unseen=state.mice.unseen,
        mice_bottom=state.mice.bottom,
        open_mouse=state.open_mouse,
        caught=state.caught,
        cheese_pile=state.cheese_pile,
        open_cheese=state.open_cheese,
        cheeses=state.cheeses,
        turner=state.turner,
        my_commitment=None if player is None else state.commitments[player],
        committed=reveal.committed_flags(state.commitments),
        revealed=_revealed(state.commitments, player) if everyone_committed else None,
        landed=state.landed,
        mouse_awards=state.mouse_awards,
        cheese_awards=state.cheese_awards,
        pending_draws=state.pending_draws,
        cheese_to_turn=state.cheese_to_turn,
        idle=state.idle,
        game_over=state.game_over,
        actors=actors(state),
        scores=scores(state),
    )


def determinize(state: State, player: int | None, rng: random.Random) -> State:
    """A state `player` cannot tell from `state`: the cards it cannot see are dealt again.

    The hidden cards (other seats' hands, face-down cards and cards about to be laid after a wrong
    flip, and the clothing pile) are shuffled together and dealt back in the same numbers,
    keeping what is public about them: the cards a wrong flipper is about to lay are of two or
    more items the mouse wears, and none of its hand is (MG-5, MG-17). Commitments not yet
    revealed are chosen again among the legal ones; once all have committed, another seat's
    Play is a card drawn from its hand again (which card is not seen, MG-3).

    Args:
        state: the state of the game.
        player: the seat whose knowledge the new state must keep, or None for a spectator's.
        rng: the generator the hidden parts are resampled with.

    Raises:
        InvalidSeatError: `player` is neither None nor a seat.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> import random
        >>> d = determinize(s, 0, random.Random(1))
        >>> d.hands[0] == s.hands[0], d.hands[1] == s.hands[1], view(d, 0) == view(s, 0)
        (True, False, True)
    """
    config = state.config
    check_viewer(player, config.players)
    size = len(state.clothing_pile)
    everyone_committed = None not in state.commitments
    seats = range(config.players)
    hidden = [s for s in seats if not _sees_hand(config, player, s)]
    others = [s for s in seats if s != player]
    placers = [s for s in state.placers if s in hidden]  # MG-17: cards laid face down soon
    pool = list(counts_to_cards(state.clothing_pile))
    for seat in hidden:
        pool.extend(counts_to_cards(state.hands[seat]))
        pool.extend(counts_to_cards(state.placing[seat]))
    for seat in others:
        pool.extend(counts_to_cards(state.face_down[seat]))
    pool.sort()  # the pool's order must not depend on where the hidden cards really are
    rng.shuffle(pool)
    hands = list(state.hands)
    placing = list(state.placing)
    face_down = list(state.face_down)
    worn = 0 if state.placing_mouse is None else config.card_set.tables.wears[state.placing_mouse]
    for seat in placers:  # of two or more items the mouse wears
        dealt, pool = _deal_placing(pool, sum(state.placing[seat]), worn)
        placing[seat] = counts_from_cards(dealt, size)
    for seat in hidden:  # a wrong flipper's hand holds none of them (MG-5)
        avoid = worn if seat in placers else 0
        dealt, pool = _deal(pool, sum(state.hands[seat]), avoid, inside=False)
        hands[seat] = counts_from_cards(dealt, size)
    for seat in others:
        n = sum(state.face_down[seat])
        dealt, pool = pool[:n], pool[n:]
        face_down[seat] = counts_from_cards(dealt, size)
    commitments = list(state.commitments)
    if everyone_committed:  # another seat's Play: which card is not seen
        for seat in others:
            code = commitments[seat]
            if code is not None and code >= 0:
                cards = counts_to_cards(hands[seat])
                commitments[seat] = cards[rng.randrange(len(cards))]
    sampled = replace(
        state,
        hands=tuple(hands),
        placing=tuple(placing),
        face_down=tuple(face_down),
        clothing_pile=counts_from_cards(pool, size),
        commitments=tuple(commitments) if everyone_committed else (None,) * config.players,
    )
    if everyone_committed:
        return sampled
    chosen = list(sampled.commitments)
    for seat, code in enumerate(state.commitments):
        if code is None:
            continue
        if seat == player:
            chosen[seat] = code
            continue
        choices = legal_actions(sampled, seat)  # all seats are uncommitted in `sampled`
        chosen[seat] = _code(sampled, choices[rng.randrange(len(choices))])
    return replace(sampled, commitments=tuple(chosen))


def _deal(pool: list[int], n: int, items: int, inside: bool) -> tuple[list[int], list[int]]:
    """The first `n` cards of `pool` of an item in the bit mask `items` (`inside`) or of none
    (not `inside`), and the rest of the pool in order."""
    dealt: list[int] = []
    rest: list[int] = []
    for card in pool:
        if len(dealt) < n and bool(items >> card & 1) is inside:
            dealt.append(card)
        else:
            rest.append(card)
    return dealt, rest


def _deal_placing(pool: list[int], n: int, worn: int) -> tuple[list[int], list[int]]:
    """`n` cards of items the mouse wears (`worn`), of two or more items (MG-17): the first of
    the pool, with the last swapped for the next card of another item when they are all one."""
    dealt, rest = _deal(pool, n, worn, inside=True)
    if len(set(dealt)) < 2:
        other = next(i for i, card in enumerate(rest) if worn >> card & 1 and card != dealt[0])
        dealt[-1], rest[other] = rest[other], dealt[-1]
    return dealt, rest


def _code(state: State, action: Action) -> int:
    if isinstance(action, Pass):
        return PASS
    if isinstance(action, Flip):
        return FLIP
    assert isinstance(action, Play), "a racer chooses a pass, a flip or a play"
    return state.config.card_set.tables.play_index[action]
