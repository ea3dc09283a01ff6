"""Special situations of Mausgeflippt, for a designer's report: wrong and right claims, protected
mice, unclear races, the Flip ban and the game's unusual ends, as short labels that start with
their ruling id; and what each seat holds (`holdings`).

`situations` reads a move's effects (as `apply_traced` returns them); it is meant for
simulation statistics, after the fact, not for the table during a game. Every effect it counts
is public at the table anyway: whether a Flip was right, for one, the table learns from what
happens to the flipper.

Examples:
    >>> import random
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from collections import Counter
    >>> state, rng, found = mg.initial_state(mg.Config(players=4)), random.Random(1), Counter()
    >>> while not mg.is_terminal(state):
    ...     seat = mg.actors(state)[0]
    ...     if seat == -1:
    ...         action = mg.chance_distribution(state).sample(rng)
    ...     else:
    ...         action = rng.choice(mg.legal_actions(state, seat))
    ...     state, effects = mg.apply_traced(state, seat, action)
    ...     found.update(situations(effects))
    >>> set(found) <= set(SITUATIONS), found["MG-4 wrong play"] > 0
    (True, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from tablefeast.games.mausgeflippt import effects as fx
from tablefeast.games.mausgeflippt.state import State
from tablefeast.kernel.effects import Effect

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


def situations(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The special situations among `effects` (those of one move, or of several).

    A race is resolved by the last commitment when fewer than two players claim, and otherwise
    by chance's `Fastest` outcome; the claims' labels come with that move. A label appears once
    for each time its situation occurs (an unclear race with two wrong plays gives
    ``MG-4 wrong play`` twice). Linear in the effects.

    Args:
        effects: the effects, as `apply_traced` gives them.

    Returns:
        Labels from `SITUATIONS` (possibly none): a race's first (MG-8, MG-9), then each claim's
        by seat, a claim on a protected mouse after the claim (MG-4 to MG-7); then a face-down
        choice (MG-17), flips barred by seat (MG-6), a reshuffle (MG-11) and the end (MG-13,
        MG-14).

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> from tablefeast.kernel.record import position
        >>> from tablefeast.games.mausgeflippt.records import DEAL
        >>> s = position(mg, mg.Config(players=3), DEAL)
        >>> [str(item) for item in s.config.card_set.mice[s.open_mouse].wears]  # M20 is open
        ['cap/red', 'jacket/red', 'shirt/yellow']
        >>> s = mg.apply_action(mg.apply_action(s, 0, mg.Pass()), 1, mg.Pass())
        >>> situations(mg.apply_traced(s, 2, mg.Flip())[1])  # holding jacket/red
        ('MG-5 wrong flip',)
        >>> situations(mg.apply_traced(s, 2, mg.Play("jacket", "red"))[1])  # M20 is caught
        ()
    """
    found = [labelled for effect in effects for labelled in _labels(effect)]
    found.sort(key=lambda labelled: labelled[:2])  # stable: a claim before its cheese (MG-7)
    return tuple(label for _, _, label in found)


# The order of a move's labels: a race's, its claims' by seat, then what followed from them.
_CLAIMS, _CHOSEN, _BARRED, _RESHUFFLED, _END = range(5)
_Labelled = tuple[int, int, str]  # where the label goes among the move's (two ints), the label


def _labels(effect: Effect) -> tuple[_Labelled, ...]:
    """The labels of one effect, each with its place among a move's labels (`situations`)."""
    match effect:
        case fx.FastestClaimants(seats=seats) if len(seats) > 1:
            return ((_CLAIMS, -1, UNCLEAR),)  # MG-8
        case fx.NobodyClaimed():
            return ((_CLAIMS, -1, NOBODY_CLAIMS),)  # MG-9
        case fx.PlayLanded(seat=seat, worn=False):
            return ((_CLAIMS, seat, WRONG_PLAY),)  # MG-4
        case fx.FlipLanded(seat=seat, matching=matching):
            return ((_CLAIMS, seat, WRONG_FLIP if matching else RIGHT_FLIP),)  # MG-5
        case fx.CheeseTaken(seat=seat) | fx.CheeseOwed(seat=seat):
            return ((_CLAIMS, seat, PROTECTED),)  # MG-7: each claim on it gets a cheese, or owes
        case fx.FaceDownChosen():
            return ((_CHOSEN, 0, FACE_DOWN_CHOSEN),)  # MG-17
        case fx.FlipBarred(seat=seat):
            return ((_BARRED, seat, FLIP_BARRED),)  # MG-6
        case fx.Reshuffled():
            return ((_RESHUFFLED, 0, RESHUFFLE),)  # MG-11
        case fx.GameOver(reason=reason, scores=scores):
            found = [(_END, 0, NO_PROGRESS)] if reason == "no progress" else []  # MG-13
            if scores.count(max(scores)) > 1:
                found.append((_END, 1, TIE_ON_POINTS))  # MG-14
            return tuple(found)
    return ()


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
