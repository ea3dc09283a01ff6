"""Special situations of Mausgeflippt, for a designer's report: wrong and right claims, protected
mice, unclear races, the Flip ban and the game's unusual ends, as short labels that start with
their ruling id; and what each seat holds (`holdings`).

`situations` reads the two full states of a move (and the move itself); it is meant for
simulation statistics, after the fact, not for the table during a game. It reads a hidden hand
once: whether a Flip was right, which the table learns anyway from what happens to the flipper.

Examples:
    >>> import random
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from collections import Counter
    >>> state, rng, seen = mg.initial_state(mg.Config(players=4)), random.Random(1), Counter()
    >>> while not mg.is_terminal(state):
    ...     seat = mg.actors(state)[0]
    ...     if seat == -1:
    ...         action = mg.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(mg.legal_actions(state, seat))
    ...     after = mg.apply_action(state, seat, action)
    ...     seen.update(situations(state, seat, action, after))
    ...     state = after
    >>> set(seen) <= set(SITUATIONS), seen["MG-4 wrong play"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablefeast.games.mausgeflippt.actions import (
    Action,
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Play,
)
from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN
from tablefeast.games.mausgeflippt.race import claimants
from tablefeast.games.mausgeflippt.rules import scores
from tablefeast.games.mausgeflippt.state import FLIP, PASS, State
from tablefeast.kernel.chance import CHANCE

__all__ = ["SITUATIONS", "holdings", "situations"]

WRONG_PLAY = "MG-4 wrong play"
RIGHT_FLIP = "MG-5 right flip"
WRONG_FLIP = "MG-5 wrong flip"
FLIP_BARRED = "MG-6 flip barred"
PROTECTED = "MG-7 claim on a protected mouse"
UNCLEAR = "MG-8 unclear race"
NOBODY_CLAIMS = "MG-9 nobody claims"
RESHUFFLE = "MG-11 discard pile reshuffled"
NO_PROGRESS = "MG-13 game ends without progress"
TIE_ON_POINTS = "MG-14 tie on points"
FACE_DOWN_CHOSEN = "MG-17 face-down card chosen"

SITUATIONS: tuple[str, ...] = (
    WRONG_PLAY,
    RIGHT_FLIP,
    WRONG_FLIP,
    FLIP_BARRED,
    PROTECTED,
    UNCLEAR,
    NOBODY_CLAIMS,
    RESHUFFLE,
    NO_PROGRESS,
    TIE_ON_POINTS,
    FACE_DOWN_CHOSEN,
)
"""Every label `situations` can return, in ruling order. Claims count only when they were among
the fastest (MG-3: a claim too slow does nothing), once per claim:

- ``MG-4 wrong play``: a played item the mouse does not wear (the card lies in front, -1);
  on a protected mouse too, where it also gets the cheese.
- ``MG-5 right flip``: a Flip holding none of the mouse's items (the hand is taken back).
- ``MG-5 wrong flip``: a Flip holding one of the mouse's items (the mistake the rules punish).
- ``MG-6 flip barred``: a player's third face-down card: from now on they may not Flip.
- ``MG-7 claim on a protected mouse``: a claim on a mouse protected by the face-up cheese
  (the claimant takes a cheese, -2, while there is one).
- ``MG-8 unclear race``: several claimants were fastest together (needs a positive
  ``tie_probability``, or an app's observed tie).
- ``MG-9 nobody claims``: every player passes.
- ``MG-11 discard pile reshuffled``: the discard pile becomes the new clothing pile.
- ``MG-13 game ends without progress``: every mouse left was turned once in a row of races in
  which everybody passed, and the game ends.
- ``MG-14 tie on points``: the game ends with the highest score shared (the fewest penalty
  points then decide, or the win is shared).
- ``MG-17 face-down card chosen``: after a wrong flip with cards of two or more items the mouse
  wears, the player chose which lies face down.
"""


def situations(before: State, seat: int, action: Action, after: State) -> tuple[str, ...]:
    """The special situations that `seat` (CHANCE == -1 included) brought about by playing
    `action` in `before`, giving `after`.

    A race is resolved by the last commitment when fewer than two players claim, and otherwise
    by chance's `Fastest` outcome; the claims' labels come with that move. A label appears once
    for each time its situation occurs in the move (an unclear race with two wrong plays gives
    ``MG-4 wrong play`` twice). Linear in the size of the states; never raises on a legal move.

    Args:
        before: the state the move was made in.
        seat: the seat that moved, or CHANCE (-1).
        action: the move (for CHANCE: the outcome).
        after: the state after the move (``apply_action(before, seat, action)``).

    Returns:
        Labels from `SITUATIONS`, in the order things happened (possibly none).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> s = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=0, max_moves=23).state
        >>> [str(item) for item in s.config.card_set.mice[s.open_mouse].wears]  # M20 is open
        ['cap/red', 'jacket/red', 'shirt/yellow']
        >>> s = mg.apply_action(mg.apply_action(s, 0, mg.Pass()), 1, mg.Pass())
        >>> situations(s, 2, mg.Flip(), mg.apply_action(s, 2, mg.Flip()))  # holding jacket/red
        ('MG-5 wrong flip',)
        >>> right = mg.Play("jacket", "red")
        >>> situations(s, 2, right, mg.apply_action(s, 2, right))  # M20 is caught
        ()
    """
    found: list[str] = []
    race = _race(before, seat, action)
    if race is not None:
        found += _claims(before, *race)
    if type(action) is FaceDown:
        found.append(FACE_DOWN_CHOSEN)  # MG-17
    for old, new in zip(before.face_down, after.face_down, strict=True):
        if sum(old) < MAX_FACE_DOWN <= sum(new):
            found.append(FLIP_BARRED)  # MG-6
    drawn = 1 if type(action) is DrawClothing else 0
    if sum(after.clothing_pile) > sum(before.clothing_pile) - drawn:
        found.append(RESHUFFLE)  # MG-11: the pile only grows by a reshuffle
    if after.game_over and not before.game_over:
        mouse_left = after.open_mouse is not None or after.mice.size > 0
        cheese_left = after.open_cheese is not None or any(after.cheese_pile)
        if mouse_left and cheese_left:
            found.append(NO_PROGRESS)  # MG-13, not MG-12
        final = scores(after)
        if final.count(max(final)) > 1:
            found.append(TIE_ON_POINTS)  # MG-14
    return tuple(found)


def _race(
    before: State, seat: int, action: Action
) -> tuple[Sequence[int | None], tuple[int, ...]] | None:
    """The commitments and the fastest claimants of the race this move resolves, if it does."""
    if seat == CHANCE:
        if type(action) is Fastest:
            return before.commitments, action.seats  # MG-3
        return None
    codes = list(before.commitments)
    if type(action) is Play:
        codes[seat] = before.config.card_set.tables.play_index[action]
    else:
        codes[seat] = FLIP if type(action) is Flip else PASS
    if None in codes:
        return None  # MG-2: others still to commit
    racers = claimants(tuple(codes))
    return (codes, racers) if len(racers) < 2 else None  # two or more: chance decides (MG-3)


def _claims(before: State, codes: Sequence[int | None], fastest: tuple[int, ...]) -> list[str]:
    """The labels of each fastest claim on the open mouse (MG-4 to MG-9)."""
    if not fastest:
        return [NOBODY_CLAIMS]  # MG-9
    tables = before.config.card_set.tables
    mouse = before.open_mouse
    if mouse is None:  # never at a race's resolution; the guard keeps this total
        return []
    wears = tables.wears[mouse]
    protected = tables.mouse_cheese[mouse] == before.open_cheese  # MG-7
    found = [UNCLEAR] if len(fastest) > 1 else []  # MG-8
    for s in fastest:
        code = codes[s]
        if code is not None and code >= 0:  # a Play
            if not wears >> code & 1:
                found.append(WRONG_PLAY)  # MG-4
        elif code == FLIP:
            hand = before.hands[s]
            wrong = any(n and wears >> i & 1 for i, n in enumerate(hand))
            found.append(WRONG_FLIP if wrong else RIGHT_FLIP)  # MG-5
        if protected:
            found.append(PROTECTED)  # MG-7
    return found


MICE_CAUGHT = "mice caught"
CHEESES_TAKEN = "cheeses taken"
PENALTY_CARDS = "penalty cards"
FACE_DOWN = "face-down penalty cards"


def holdings(state: State) -> tuple[dict[str, int], ...]:
    """What each seat holds: per seat a count for every label, always these four in this order:

    - ``mice caught``: the mice it caught (+1 each, MG-4, MG-5);
    - ``cheeses taken``: the cheeses it took on protected mice (-2 each, MG-7);
    - ``penalty cards``: the clothing cards in front of it, face up and face down (-1 each);
    - ``face-down penalty cards``: of these, the face-down ones, one per wrong Flip (MG-5);
      three bar the Flip (MG-6).

    Only counts, which are public (a face-down card's face is not read); linear in the number
    of players and clothing items; any state.

    Args:
        state: the state of the game (meant for the final one).

    Returns:
        One dict per seat, label to count.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.play import RandomAgent, play_game
        >>> end = play_game(mg, mg.Config(players=3), [RandomAgent()] * 3, seed=2).state
        >>> held = holdings(end)
        >>> list(held[0])
        ['mice caught', 'cheeses taken', 'penalty cards', 'face-down penalty cards']
        >>> sum(h["mice caught"] for h in held) <= len(end.config.card_set.tables.mouse_ids)
        True
        >>> all(h["mice caught"] - h["penalty cards"] - 2 * h["cheeses taken"] == score
        ...     for h, score in zip(held, mg.scores(end)))
        True
    """
    return tuple(
        {
            MICE_CAUGHT: len(state.caught[seat]),
            CHEESES_TAKEN: sum(state.cheeses[seat]),
            PENALTY_CARDS: sum(state.face_up[seat])
            + sum(state.face_down[seat])
            + sum(state.placing[seat]),
            FACE_DOWN: sum(state.face_down[seat]),
        }
        for seat in range(state.config.players)
    )
