cdef enum:
    ANY_SEAT = -2  # a playout's or a batch's seat that stands for every player's
    GAME_OVER = -3  # who decides in a game that is over (`_batch.pxi`)

# What every core's `State` does the same way: its base class (included before the core's own
# `State`, which holds the C arrays). Equality, hashing, pickling and the pure state's fields all
# go through the pure state (`to_pure`): a slow path, for code that inspects a state; the hot
# path never comes here.

@cython.no_gc  # it holds nothing: a core's state adds its config, never a reference to itself
cdef class _NativeState:
    """The base of a core's `State`."""

    def __reduce__(self):
        return from_pure, (to_pure(self),)

    def __eq__(self, other):
        if isinstance(other, State):
            return to_pure(self) == to_pure(other)
        return NotImplemented

    def __hash__(self):
        return hash(to_pure(self))

    def __repr__(self):
        try:
            return f"native {to_pure(self)!r}"
        except RecordError:  # an empty State, not made by the game
            return f"<an empty native {TITLE} State>"

    def __getattr__(self, name):
        # The pure state's fields, read from the converted state.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(to_pure(self), name)
