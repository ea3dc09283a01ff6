"""What the adapters must give, defined from the engine alone (not from
`tablefeast.interop.encoding`, which the tests check against it).

Every game but Schlacht am Buffet keeps the game's ids and tensors. In Schlacht am Buffet the
adapters factor an exchange (SAB-7): 11 plays (the game's ids 0-10), 11 discards (11-21, one per
card value -1..9), done (22), then the game's chance ids with the 167,960 exchange ids taken out
(23-69); the tensor ends with the pending discard, 11 counts, the exchanging seat's own and zeros
for everyone else; the observation string of the exchanging seat ends with ``to discard: ...``.
"""

from __future__ import annotations

from math import comb
from typing import Any

SAB = "schlacht_am_buffet"
EXCHANGES = comb(9 + 11, 11)  # every discard of at most 9 cards of 11 values
FIRST = 11  # the game's first exchange id, after the 11 plays
DISCARD = 11  # the adapters' first discard id
DONE = 22
SAB_SIZE = 70


def size(game: Any, config: Any) -> int:
    """The adapters' number of ids (their no-op, where they have one, is this)."""
    return SAB_SIZE if game.NAME == SAB else int(game.num_distinct_actions(config))


def to_id(game: Any, action: Any, config: Any) -> int:
    """The adapters' id of one of the game's actions (not an exchange)."""
    i = int(game.action_to_id(action, config))
    if game.NAME != SAB or i < FIRST:
        return i
    assert i >= FIRST + EXCHANGES, "an exchange has no adapter id"
    return i - EXCHANGES + 12


def exchanging(game: Any, inner: Any, seat: int | None) -> bool:
    """Whether `seat` is choosing a factored exchange now."""
    return game.NAME == SAB and seat is not None and inner.exchanger == seat


def left(inner: Any, seat: int, pending: tuple[int, ...]) -> list[int]:
    """The exchanging seat's cards not yet chosen, as counts of -1..9."""
    counts = list(inner.hands[seat])
    for value in pending:
        counts[value + 1] -= 1
    return counts


def legal_ids(game: Any, inner: Any, seat: int, pending: tuple[int, ...] = ()) -> list[int]:
    """The acting seat's legal adapter ids, ascending."""
    if exchanging(game, inner, seat):
        held = left(inner, seat, pending)
        return [DISCARD + k for k, count in enumerate(held) if count > 0] + [DONE]
    config = inner.config
    return sorted(to_id(game, a, config) for a in game.legal_actions(inner, seat))


def tensor(game: Any, inner: Any, seat: int | None, pending: tuple[int, ...] = ()) -> list[float]:
    """The definition of the seat's tensor: its view's, and in Schlacht am Buffet the pending
    discard's 11 counts (the exchanging seat's own), as float32 (what the adapters store)."""
    import numpy as np

    values = list(game.observation_tensor(game.view(inner, seat)))
    if game.NAME == SAB:
        part = [0.0] * 11
        if exchanging(game, inner, seat):
            for value in pending:
                part[value + 1] += 1.0
        values += part
    as_float32: list[float] = np.asarray(values, np.float32).tolist()
    return as_float32


def string(game: Any, inner: Any, seat: int | None, pending: tuple[int, ...] = ()) -> str:
    """The definition of the seat's observation string."""
    text = str(game.render(game.view(inner, seat)))
    if pending and exchanging(game, inner, seat):
        text += "\nto discard: " + " ".join(map(str, pending))
    return text


def pending_of(state: Any) -> tuple[int, ...]:
    """The pending discard held by either OpenSpiel form's state (or a PettingZoo environment)."""
    for holder in ("_step", "_shared"):
        step = getattr(state, holder, None)
        if step is not None:
            return tuple(step.pending)
    return tuple(state._pending)
