# The way into every core, the same in each (included at module level): a pure state is checked
# by the game's own `check_state` before it is trusted, as loading one from JSON is; a state the
# pure engine made itself needs no check of the game's rules, only of what keeps the core inside
# its arrays (`_from_checked`, with the helpers below: issue 45, item 7); and a move off a core's
# fast path is the pure engine's to apply, or to refuse with its own error. A core defines
# `_from_checked(state)` and `to_pure`, and imports `PureState`, `Config`, `check_state`, `TITLE`,
# `shown` and its pure rules as `_pure`.

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
    class and its config's are checked all the same, and so is everything the core would
    otherwise read or write outside its C arrays, now or later in play (issue 45, item 7):
    every field's type (a tuple where a tuple goes, an int where an int goes), every length
    copied into a fixed array within its capacity and every per-seat tuple one entry per seat,
    every value later used as an index (a seat, a card, a kind, a position) in its range, every
    count within what its C type holds and non-negative where it is counted down, and the few
    sums that bound how far an array can grow in play (cards that can pile up on one stack, draws
    that can be owed, plates, mice or Meals in all their places). These are C comparisons, a
    few per entry. What cannot break memory, whether the state is one the rules can reach (card
    totals that add up, a sound phase of play), is trusted: a pure state from anywhere else must
    go through `from_pure`, whose `check_state` checks it all.

    Raises:
        RecordError: `state` is not a pure state of the game with its `Config`, or one the core
            cannot hold ("not a sound ... state: ...", naming the field).
    """
    if type(state) is not PureState or type(state.config) is not Config:
        raise RecordError(f"not a {TITLE} state: {shown(state)}")
    try:
        return _from_checked(state)
    except (TypeError, ValueError, OverflowError, AttributeError, IndexError, KeyError) as e:
        if isinstance(e, RecordError):
            raise
        raise _unsound(str(e)[:200]) from None


cdef object _unsound(str problem):
    """The error of a state the core cannot hold."""
    return RecordError(f"not a sound {TITLE} state: {problem}")


cdef str _name(str field, Py_ssize_t i, Py_ssize_t k):
    """`field`, with the indices given (-1: none)."""
    if i < 0:
        return field if k < 0 else f"{field}[{k}]"
    if k < 0:
        return f"{field}[{i}]"
    return f"{field}[{i}][{k}]"


cdef tuple _tuple(object value, Py_ssize_t low, Py_ssize_t high, str field, Py_ssize_t i):
    """`value` if it is a tuple of `low` to `high` entries, else RecordError (a tuple only: its
    entries are then read without a bounds check, and nothing can change them meanwhile)."""
    cdef Py_ssize_t size
    if type(value) is not tuple:
        raise _unsound(f"{_name(field, i, -1)} is not a tuple: {shown(value)}")
    size = len(<tuple>value)
    if size < low or size > high:
        if low == high:
            raise _unsound(f"{_name(field, i, -1)} holds {size} entries ({low} expected)")
        raise _unsound(f"{_name(field, i, -1)} holds {size} entries (at most {high})")
    return <tuple>value


cdef inline long long _int(object value, long long low, long long high, str field,
                           Py_ssize_t i, Py_ssize_t k) except? -1:
    """`value` if it is an int from `low` to `high`, else RecordError."""
    cdef long long v
    if type(value) is not int:
        raise _unsound(f"{_name(field, i, k)} is not an int: {shown(value)}")
    v = value  # inline for the small ints of a state; OverflowError past 64 bits (from_engine)
    if v < low or v > high:
        raise _unsound(f"{_name(field, i, k)} is {shown(value)}, not from {low} to {high}")
    return v


cdef long long _int_or_none(object value, long long low, long long high, long long none,
                            str field, Py_ssize_t i) except? -1:
    """`none` for None, else `value` if it is an int from `low` to `high`, else RecordError."""
    if value is None:
        return none
    return _int(value, low, high, field, i, -1)


cdef bint _bool(object value, str field, Py_ssize_t i) except -1:
    """`value` if it is a bool, else RecordError."""
    if value is True:
        return True
    if value is not False:
        raise _unsound(f"{_name(field, i, -1)} is not a bool: {shown(value)}")
    return False


cdef int _stuck() except -1:
    """A playout reached a seat with no move or a chance event with nothing to draw: only a
    state the rules cannot reach gets there (`from_engine` trusts card totals)."""
    raise _unsound("play reached a decision with no move (the state is not one the rules reach)")


cdef long _fallbacks = 0


def fallbacks():
    """How many moves went to the pure engine since the process started (a test reads it)."""
    return _fallbacks


cdef object _fallback(State s, object player, object action):
    """A move off the fast path: the pure engine applies it (or raises its own error)."""
    global _fallbacks
    _fallbacks += 1
    return _from_checked(_pure.apply_action(to_pure(s), player, action))
