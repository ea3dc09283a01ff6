"""The adapters' encoding on a native core (issue 46): ids, masks, moves and tensors from the core.

`encoding_for` gives this encoding for a game loaded with its native core
(``tablefeast.load(name, engine="native")``, or ``"auto"`` where the core is built). It is the
same encoding as the pure engine's (`tablefeast.interop.encoding`: the same ids, the same
factored exchange, the same tensors), but its hot path never leaves the core:

- a seat's legal ids come from the core's mask (`mask_into`), not from action objects;
- a legal id is applied by the core (`adapter_act`, on a copy), a card of a factored exchange
  included; chance plays on in the core (`adapter_chance`), drawing what
  ``chance_distribution(state).sample(rng)`` draws;
- a seat's observation tensor is written by the core, with its mask (`adapter_observe`, into
  NumPy arrays) or alone as Python floats (`adapter_tensor`).

Everything else (an illegal id and the reason it is refused, notation, views, the spectator's
tensor, determinization) goes through the pure engine, as `tablefeast.native` does: the errors
and words are the pure engine's. NumPy is needed (the core writes NumPy arrays); every adapter
that uses this encoding already has it.

Examples:
    >>> import tablefeast
    >>> from tablefeast import native
    >>> from tablefeast.interop.encoding import encoding_for
    >>> fc = tablefeast.load("food_chain", engine="auto")
    >>> encoding = encoding_for(fc, fc.Config(players=3))
    >>> encoding.on_core == native.available("food_chain")
    True
    >>> start = fc.initial_state(fc.Config(players=3))
    >>> not encoding.on_core or encoding.legal_ids(start, 0, ()) == [0, 1, 2, 3, 4]
    True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from tablefeast.interop.encoding import Encoding, MultisetEncoding, Pending

if TYPE_CHECKING:
    from tablefeast.native import NativeRuleset

__all__ = ["CoreEncoding", "CoreMultisetEncoding", "OnCore", "core_encoding", "on_core"]


class OnCore(Encoding):
    """The hot path on the core, for both kinds of encoding (mixed in before them): what an
    adapter calls where `on_core` gives it one."""

    on_core = True

    def _begin(self, ruleset: NativeRuleset) -> None:
        core = ruleset.core
        self._mask_into = core.mask_into
        self._observe = core.adapter_observe
        self._legal = core.adapter_legal
        self._tensor = core.adapter_tensor
        self._act = core.adapter_act
        self._chance = core.adapter_chance
        self._pending_width: int = core.PENDING_WIDTH
        size_of, _ = ruleset.pure.CAPABILITIES.observations()
        self.observation_size: int = size_of(self.config) + self.extra
        self._nothing = np.zeros(self._pending_width, np.int8)  # read by the core, never written
        self._scratch = np.zeros(self.size, np.int8)  # a mask read at once, then overwritten
        self._values: tuple[int, ...] = getattr(self, "values", ())
        self._column = {value: k for k, value in enumerate(self._values)}
        self.exact = _always  # the core writes float32 values: nothing left to round

    # -- pending discards: the adapters keep a tuple (highest first), the core a row of counts
    def pending_row(self, pending: Pending) -> np.ndarray:
        """The core's row of counts by value for the adapters' pending discard."""
        if not pending:
            return self._nothing
        row = np.zeros(self._pending_width, np.int8)
        for value in pending:
            row[self._column[value]] += 1
        return row

    def _pending_of(self, row: np.ndarray) -> Pending:
        values = self._values
        return tuple(values[k] for k in range(len(values) - 1, -1, -1) for _ in range(int(row[k])))

    # -- the hot path
    def legal_ids(self, inner: object, seat: int, pending: Pending) -> list[int]:
        """`seat`'s legal ids, ascending (none for a seat that does not act now)."""
        ids: list[int] = self._legal(inner, seat, self.pending_row(pending))
        return ids

    def allows(self, inner: object, seat: int, pending: Pending, action_id: int) -> bool:
        """Whether `seat` may take the id `action_id` now."""
        if type(action_id) is not int or not 0 <= action_id < self.size:
            return False
        scratch = self._scratch
        self._mask_into(inner, seat, self.pending_row(pending), scratch)
        return bool(scratch[action_id])

    def act(
        self, inner: object, seat: int, pending: Pending, action_id: int
    ) -> tuple[object, Pending]:
        """The state and pending discard after `seat` takes the legal id `action_id`.

        Raises:
            IllegalActionError: the id is not legal for the seat now (nothing changes).
        """
        if not self.factored:  # the core leaves an empty pending row as it is
            return self._act(inner, seat, action_id, self._nothing)[0], ()
        row = self.pending_row(pending).copy()
        after, _ = self._act(inner, seat, action_id, row)
        return after, self._pending_of(row)

    def chance(self, inner: object, rng: random.Random) -> object:
        """The state after chance plays on to the next decision (drawn from `rng`)."""
        return self._chance(inner, rng)

    def observe(
        self, inner: object, pending: Pending, seat: int, mask: np.ndarray
    ) -> tuple[np.ndarray, int]:
        """`seat`'s observation tensor (a new float32 array) and its mask, written into `mask`
        (int8, `size` bytes, or one more, the no-op's, left as it is), in one call of the core;
        and how many ids are legal."""
        out = np.empty(self.observation_size, np.float32)
        count: int = self._observe(inner, seat, self.pending_row(pending), out, mask)
        return out, count

    def seat_tensor(self, inner: object, pending: Pending, seat: int) -> tuple[float, ...]:
        """`seat`'s observation tensor as a tuple of floats, from the core (no array)."""
        values: tuple[float, ...] = self._tensor(inner, seat, self.pending_row(pending))
        return values

    def tensor_parts(
        self, inner: object, pending: Pending, viewer: int | None
    ) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """A seat's tensor from the core, whole (its pending tail in it); the spectator's from
        the encoding this is mixed into (the core writes seats' only)."""
        if viewer is None:
            return super().tensor_parts(inner, pending, viewer)
        return self.seat_tensor(inner, pending, viewer), ()


class CoreEncoding(OnCore, Encoding):
    """`Encoding` with its hot path on the game's native core (module docs)."""

    def __init__(self, ruleset: NativeRuleset, config: object) -> None:
        Encoding.__init__(self, ruleset, config)
        self._begin(ruleset)


class CoreMultisetEncoding(OnCore, MultisetEncoding):
    """`MultisetEncoding` with its hot path on the game's native core (module docs)."""

    def __init__(self, ruleset: NativeRuleset, config: object) -> None:
        MultisetEncoding.__init__(self, ruleset, config)
        self._begin(ruleset)

    def legal(self, inner: object, seat: int, pending: Pending) -> tuple[list[int], list[object]]:
        ids = self.legal_ids(inner, seat, pending)
        return ids, [self.from_id(None, seat, i) for i in ids]  # discards and done: no state


def _always(state: object) -> bool:
    return True


def core_encoding(ruleset: NativeRuleset, config: object, factored: bool) -> Encoding:
    """The encoding of a game loaded with its native core, its hot path on the core.

    Args:
        ruleset: the game's native ruleset (`tablefeast.native.NativeRuleset`).
        config: its Config.
        factored: factor a decision of several cards at once (as `encoding_for`).
    """
    if ruleset.pure.CAPABILITIES.multiset_choice is None:
        return CoreEncoding(ruleset, config)
    if factored:
        return CoreMultisetEncoding(ruleset, config)
    # The game's own ids of a decision of several cards (168,018 in Schlacht am Buffet): the
    # core writes the factored ids alone, so these go through the rules' own functions.
    return Encoding(ruleset, config)


def on_core(encoding: Encoding) -> OnCore | None:
    """`encoding` where its hot path is on a native core, else None: an adapter's one test.

    Args:
        encoding: an adapter's encoding (`tablefeast.interop.encoding.encoding_for`).
    """
    return encoding if isinstance(encoding, OnCore) else None
