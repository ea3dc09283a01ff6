# The way into every core, the same in each (included at module level): a pure state is checked
# by the game's own `check_state` before it is trusted, as loading one from JSON is; a state the
# pure engine made itself needs no check; and a move off a core's fast path is the pure engine's
# to apply, or to refuse with its own error. A core defines `_from_checked(state)` and `to_pure`,
# and imports `PureState`, `Config`, `check_state`, `TITLE` and its pure rules as `_pure`.

def from_pure(state):
    """The native state equal to the pure engine's `state`, which must pass `check_state`.

    Raises:
        RecordError: `state` is not a sound state of the game (as loading one refuses it).
    """
    if type(state) is not PureState:
        raise RecordError(f"not a {TITLE} state: {shown(state)}")
    try:
        problems = check_state(state)
    except (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError) as e:
        raise RecordError(f"not a valid State: {str(e)[:200]}") from None
    if problems:
        raise RecordError("impossible (tampered?) State: " + "; ".join(problems))
    return _from_checked(state)


def from_engine(state):
    """`from_pure` without `check_state`, for a state the pure engine itself returned from a
    sound one (a search's sampled states: the check would cost more than the sampling). Its
    class and its config's are checked all the same; a pure state from anywhere else must go
    through `from_pure`.

    Raises:
        RecordError: `state` is not a pure state of the game with its `Config`.
    """
    if type(state) is not PureState or type(state.config) is not Config:
        raise RecordError(f"not a {TITLE} state: {shown(state)}")
    return _from_checked(state)


cdef long _fallbacks = 0


def fallbacks():
    """How many moves went to the pure engine since the process started (a test reads it)."""
    return _fallbacks


cdef object _fallback(State s, object player, object action):
    """A move off the fast path: the pure engine applies it (or raises its own error)."""
    global _fallbacks
    _fallbacks += 1
    return _from_checked(_pure.apply_action(to_pure(s), player, action))
