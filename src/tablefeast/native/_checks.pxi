# What every core's entry points check before they read a C array (included right after the
# core's `State`). A core's functions take any object from Python: a state that is not one of
# this core's, sound, would be read as one (None included: a typed Cython argument lets None
# through), so each entry point takes `state` as an object and turns it into its `State` with
# `_state`, which costs two comparisons on the hot path. A core imports `PureState`, `Config`,
# `TITLE`, `ConfigError`, `InvalidSeatError`, `RecordError` and `shown`, and includes
# `_random.pxi` first.


cdef inline State _state(object state):
    """`state` as this core's `State`, or a RecordError: None, another class (the pure
    engine's state, another game's), or an empty `State` made without `initial_state` or a
    conversion (every real one holds its config)."""
    if type(state) is State and (<State>state).config is not None:
        return <State>state
    raise _not_a_state(state)


cdef object _not_a_state(object state):
    if type(state) is PureState:
        return RecordError(
            f"a pure {TITLE} state where the native core's is needed (from_pure converts it)"
        )
    if type(state) is State:
        return RecordError(f"an empty native {TITLE} state, not made by the game")
    return RecordError(f"not a native {TITLE} state: {shown(state)}")


cdef inline object _config(object config):
    """`config` if it is this game's `Config` (validated when it was made), else ConfigError."""
    if type(config) is not Config:
        raise ConfigError(f"not a {TITLE} Config: {shown(config)}")
    return config


cdef int _seat(object seat, int players) except -1:
    """A player's seat, for the playouts (CHANCE is not one), else InvalidSeatError."""
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidSeatError(f"{shown(seat)} is not a seat: seats are 0 to {players - 1}")
    return seat


cdef int _horizon(object horizon) except -2:
    """A playout's horizon as a C int, -1 for None (no horizon), else ValueError."""
    if horizon is None:
        return -1
    if type(horizon) is not int or not 0 <= horizon <= 10_000:
        raise ValueError(f"horizon must be None or from 0 to 10,000, got {shown(horizon)}")
    return horizon


cdef object _generator(object rng, str what):
    """`rng` if it is a `random.Random` (of any subclass), else ValueError."""
    if not isinstance(rng, _random_module.Random):
        raise ValueError(f"{what} must be a random.Random, got {shown(rng)}")
    return rng
