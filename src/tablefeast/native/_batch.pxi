# The batched environment's steps (issue 46), the same in every core (included after
# `_playouts.pxi`): many games stepped in one call, each env's observation tensor and legal-action
# mask written straight into the caller's NumPy rows, no Python per env per step. A core defines,
# besides its playout loop `_run` (which stops at the first decision of any player when `seat` is
# ANY_SEAT):
#
#     cdef int _decider(State t) noexcept
#         the seat `tablefeast.play_game` asks now (the first of `actors`), CHANCE, or GAME_OVER;
#     cdef int _observe(State t, int seat, signed char* pending, float* out) except -1
#         `seat`'s observation tensor (`observation_tensor_of(state, seat)`, and the adapters'
#         tail: the pending discard of a factored exchange), observation_size floats;
#     cdef int _mask(State t, int seat, signed char* pending, signed char* out) except -1
#         1 at each of `seat`'s legal ids (the adapters' ids, `tablefeast.interop.encoding`), 0
#         elsewhere, action_count bytes;
#     cdef int _act(State t, int seat, int action, signed char* pending) except -1
#         `seat` takes the id `action`, which its mask allows, in place: 1 when that made a move
#         of the game, 0 when it only chose a card of a factored exchange (noted in `pending`);
#     cdef bint _pending_fits(State t, signed char* pending) noexcept
#         whether `pending` can be the pending row of `t` (the cards chosen so far of a factored
#         exchange, never more than the chooser holds; the empty row elsewhere);
#     PENDING_SIZE (an enum): the length of an env's pending row (1 where nothing is factored).
#
# The rows are checked here, every argument before anything changes; the core's functions trust
# them. A generator is a `random.Random` drawn from in place, as the playouts draw.

from cpython.float cimport PyFloat_FromDouble
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memcpy

from tablefeast.kernel.errors import IllegalActionError

cdef enum:
    CHANCE_DECIDES_HERE = -1  # `_decider`'s answer when chance acts (CHANCE)

PENDING_WIDTH = PENDING_SIZE
"""The width of an env's pending row (the cards chosen so far of a factored exchange)."""


cdef dict _DTYPES = {}  # NumPy's dtypes by name, made once (a batch call checks eight arrays)


cdef object _rows(object array, str dtype, int width, Py_ssize_t count, str name):
    """`array`, a C-contiguous NumPy array of `count` rows of `width` values of `dtype` (one row
    of `count` values for a width of 0). NumPy is imported here only: a core needs it for the
    batch alone."""
    want = _DTYPES.get(dtype)
    if want is None:
        import numpy
        want = _DTYPES[dtype] = numpy.dtype(dtype)
        _DTYPES["ndarray"] = numpy.ndarray
    if type(array) is not _DTYPES["ndarray"] or array.dtype != want:
        raise ValueError(f"{name} must be a C-contiguous NumPy array of {dtype}")
    flags = array.flags
    if not flags.c_contiguous or not flags.writeable:
        raise ValueError(f"{name} must be a C-contiguous, writable NumPy array of {dtype}")
    shape = array.shape
    if len(shape) != (1 if width == 0 else 2) or (count >= 0 and shape[0] != count) or (
        width and shape[1] != width
    ):
        wanted = ("any" if count < 0 else str(count)) + (f", {width}" if width else "")
        raise ValueError(f"{name} must have shape ({wanted})")
    return array


cdef type _RANDOM = _random_module.Random  # looked up once: the checks run per env per step
cdef list _NOTHING_KEPT = [None] * (MAX_SEATS + 1)  # `_run`'s `kept` for states drawn in place


cdef list _batch_generators(object rngs, Py_ssize_t count, list states):
    """Each env's generators: chance's, then one per seat, every one a `random.Random` of its
    own."""
    cdef Py_ssize_t i, a, b, n
    cdef list env
    if type(rngs) is not list or len(rngs) != count:
        raise ValueError(f"rngs must be a list of one list of generators per env ({count})")
    for i in range(count):
        if type((<list>rngs)[i]) is not list:
            raise ValueError(f"rngs[{i}] must list chance's generator and one per seat")
        env = <list>(<list>rngs)[i]
        n = len(env)
        if n != _players(<State>states[i]) + 1:
            raise ValueError(f"rngs[{i}] must list chance's generator and one per seat")
        for a in range(n):
            if type(env[a]) is not _RANDOM:
                raise ValueError(f"rngs[{i}] holds {shown(env[a])}, not a random.Random")
            for b in range(a):
                if env[a] is env[b]:
                    raise ValueError(f"rngs[{i}]: chance and every seat need generators of their own")
    return rngs


cdef list _batch_states(object states):
    """`states`, a list of this core's states of one config (the same object: one batch)."""
    if type(states) is not list:
        raise ValueError(f"states must be a list of states, got {shown(states)}")
    config = None
    for state in states:
        _state(state)  # RecordError for what is not one of this core's states
        if config is None:
            config = (<State>state).config
        elif (<State>state).config is not config:
            raise ValueError("every state of a batch must have the same config object")
    return states


cdef bint _play_on(State t, list env, int learner, int policy) except? -1:
    """Chance and the other seats play `t` on until `learner` (ANY_SEAT: any player) decides;
    True when the game ended instead. The generators are drawn from in place (checked to be
    `random.Random` objects of their own, `_batch_generators`), unless this Python lays them
    out otherwise."""
    cdef Twister spares[MAX_SEATS + 1]
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k, n = len(env)
    if _IN_PLACE:
        for k in range(n):
            draw[k] = _inside(env[k])
        for k in range(n, MAX_SEATS + 1):
            draw[k] = draw[0]  # no such seat: never drawn for
        return _run(t, draw, learner, 0, -1, &moves, policy, env[0], _NOTHING_KEPT)
    kept = []
    try:
        for k in range(n):
            draw[k] = _open(env[k], &spares[k], kept)
        for k in range(n, MAX_SEATS + 1):
            draw[k] = draw[0]
        return _run(t, draw, learner, 0, -1, &moves, policy, env[0], kept)
    finally:
        for k in range(len(kept)):
            _close(env[k], draw[k], kept[k])


cdef int _write_row(State t, Py_ssize_t i, long long[::1] seats, signed char[:, ::1] pending,
                    float[:, ::1] observations, signed char[:, ::1] masks) except -1:
    cdef int seat = _decider(t)
    seats[i] = seat
    _observe(t, seat, &pending[i, 0], &observations[i, 0])
    _mask(t, seat, &pending[i, 0], &masks[i, 0])
    return 0


def batch_begin(states, envs, learners, rngs, int policy, seats, pending, observations, masks,
                ended):
    """Play each of the envs `envs` (indices) on from its state to its learner's first decision
    and write its rows (`ended` marks one that ended first: a game with no decision).

    Args:
        states: every env's state (this core's, played on in place).
        envs: the indices of the envs to begin, an int64 array.
        learners: every env's learner seat, or ANY_SEAT (-2) for self-play (int64).
        rngs: every env's generators: chance's, then one per seat.
        policy: the other seats' play (RANDOM_POLICY, or HEURISTIC_POLICY in a core that has
            it).
        seats, pending, observations, masks, ended: every env's rows (int64; int8, PENDING_SIZE
            wide; float32; int8; bool), written for the envs begun.
    """
    cdef Py_ssize_t count, j, i
    states = _batch_states(states)
    count = len(states)
    _batch_generators(rngs, count, states)
    cdef long long[::1] chosen = _rows(envs, "int64", 0, -1, "envs")
    for j in range(chosen.shape[0]):
        if not 0 <= chosen[j] < count:
            raise ValueError(f"envs[{j}] is {chosen[j]}: no such env among {count}")
    cdef long long[::1] learner = _rows(learners, "int64", 0, count, "learners")
    cdef long long[::1] seat_rows = _rows(seats, "int64", 0, count, "seats")
    cdef signed char[:, ::1] pending_rows = _rows(pending, "int8", PENDING_SIZE, count, "pending")
    cdef float[:, ::1] observation_rows = _rows(
        observations, "float32", _observation_width(states), count, "observations"
    )
    cdef signed char[:, ::1] mask_rows = _rows(masks, "int8", _action_count(states), count, "masks")
    cdef unsigned char[::1] ended_rows = _rows(ended, "bool", 0, count, "ended").view("uint8")
    _check_learners(learner, states)
    for j in range(chosen.shape[0]):
        i = chosen[j]
        pending_rows[i, :] = 0
        t = <State>states[i]
        if _play_on(t, <list>(<list>rngs)[i], <int>learner[i], policy):
            ended_rows[i] = 1
            mask_rows[i, :] = 0
            continue
        ended_rows[i] = 0
        _write_row(t, i, seat_rows, pending_rows, observation_rows, mask_rows)


def batch_step(states, envs, actions, learners, rngs, int policy, seats, pending, observations,
               masks, ended):
    """The deciding seat (`seats`) of each env of `envs` (indices) takes its id in `actions`
    (aligned with `envs`), which its mask must allow; then chance and the other seats play on
    to the learner's next decision, and the env's rows are written. `ended` marks the envs
    whose game ended (their rows are left as they were, the mask zeroed: the caller scores
    and begins them again); the other arguments are as for `batch_begin`.

    Raises:
        ValueError: an argument of the wrong kind or shape (nothing changes).
        IllegalActionError: an id out of range or not allowed by its env's mask, or an env
            whose game is over (nothing changes, in any env).
    """
    cdef Py_ssize_t count, i, j
    cdef long long action
    cdef int width
    states = _batch_states(states)
    count = len(states)
    _batch_generators(rngs, count, states)
    width = _action_count(states)
    cdef long long[::1] chosen = _rows(envs, "int64", 0, -1, "envs")
    cdef long long[::1] action_rows = _rows(actions, "int64", 0, chosen.shape[0], "actions")
    cdef long long[::1] learner = _rows(learners, "int64", 0, count, "learners")
    cdef long long[::1] seat_rows = _rows(seats, "int64", 0, count, "seats")
    cdef signed char[:, ::1] pending_rows = _rows(pending, "int8", PENDING_SIZE, count, "pending")
    cdef float[:, ::1] observation_rows = _rows(
        observations, "float32", _observation_width(states), count, "observations"
    )
    cdef signed char[:, ::1] mask_rows = _rows(masks, "int8", width, count, "masks")
    cdef unsigned char[::1] ended_rows = _rows(ended, "bool", 0, count, "ended").view("uint8")
    _check_learners(learner, states)
    seen = set()
    for j in range(chosen.shape[0]):  # every env and id checked before any env moves
        i = chosen[j]
        if not 0 <= i < count or i in seen:
            raise ValueError(f"envs[{j}] is {i}: no such env among {count}, or twice")
        seen.add(i)
        action = action_rows[j]
        if not 0 <= action < width or mask_rows[i, action] != 1:
            raise IllegalActionError(
                f"env {i}: action id {action} is not legal for seat {seat_rows[i]} now"
            )
        if _decider(<State>states[i]) != seat_rows[i]:
            raise IllegalActionError(f"env {i}: seat {seat_rows[i]} does not decide now")
        if not _pending_fits(<State>states[i], &pending_rows[i, 0]):
            raise ValueError(f"pending[{i}] is no pending discard of env {i}'s state")
    for j in range(chosen.shape[0]):
        i = chosen[j]
        t = <State>states[i]
        ended_rows[i] = 0
        if _act(t, <int>seat_rows[i], <int>action_rows[j], &pending_rows[i, 0]):
            if _play_on(t, <list>(<list>rngs)[i], <int>learner[i], policy):
                ended_rows[i] = 1
                mask_rows[i, :] = 0
                continue
        _write_row(t, i, seat_rows, pending_rows, observation_rows, mask_rows)


def observe_into(state, seat, pending, out):
    """Write `seat`'s observation tensor of `state` into `out` (float32, observation-sized),
    with the pending discard `pending` (int8, PENDING_SIZE): what the batch writes.

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `pending` or `out` of the wrong kind or size.
    """
    cdef State t = _state(state)
    cdef int who = _seat(seat, _players(t))
    cdef signed char* held = _pending_of(t, pending)
    cdef float[::1] row = _rows(out, "float32", 0, _observation_width([t]), "out")
    _observe(t, who, held, &row[0])


def mask_into(state, seat, pending, out):
    """Write `seat`'s legal-action mask of `state` into `out` (int8, one byte per id), with the
    pending discard `pending`: what the batch writes for the seat that decides, and for any
    other seat that acts now (a seat committing beside it, as the OpenSpiel forms and the
    PettingZoo environments ask); all zeros for a seat that does not act.

    Returns:
        How many ids are legal (the ones written).

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `pending` or `out` of the wrong kind or size, or `pending` no pending
            discard of `state`.
    """
    cdef State t = _state(state)
    cdef int who = _seat(seat, _players(t))
    cdef signed char* held = _pending_of(t, pending)
    cdef signed char[::1] row = _rows(out, "int8", 0, _action_count([t]), "out")
    cdef Py_ssize_t k, count = 0
    if _decider(t) == GAME_OVER:
        row[:] = 0
        return 0
    _mask(t, who, held, &row[0])
    for k in range(row.shape[0]):
        count += row[k]
    return count


cdef signed char* _pending_of(State t, object pending) except NULL:
    """The C row of `pending` (int8, PENDING_SIZE), checked to be a pending discard of `t`."""
    cdef signed char[::1] held = _rows(pending, "int8", 0, PENDING_SIZE, "pending")
    if not _pending_fits(t, &held[0]):
        raise ValueError("pending is no pending discard of this state")
    return &held[0]


def adapter_act(state, seat, action, pending):
    """The state after `seat` takes the adapters' id `action` (`tablefeast.interop.encoding`),
    which its mask must allow: a new state (`state` is never changed), with `pending` (int8,
    PENDING_SIZE, the cards chosen so far of a factored exchange) updated in place: a discard
    adds its card and leaves the state as it was, done empties it.

    Returns:
        ``(state, moved)``: the state now, and whether that was a move of the game (False for
        a card chosen for a factored exchange: the same state object).

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        IllegalActionError: `action` is not an int id that `seat`'s mask allows now (nothing
            changes).
        ValueError: `pending` of the wrong kind or size, or no pending discard of `state`.
    """
    cdef State s = _state(state)
    cdef int who = _seat(seat, _players(s))
    cdef signed char* held = _pending_of(s, pending)
    cdef int width = _action_count([s])
    cdef bytearray allowed = bytearray(width)
    cdef signed char* mask = <signed char*><char*>allowed
    if type(action) is not int or not 0 <= action < width or _decider(s) == GAME_OVER:
        raise IllegalActionError(f"action id {shown(action)} is not legal for seat {who} now")
    _mask(s, who, held, mask)
    if mask[<int>action] != 1:
        raise IllegalActionError(f"action id {action} is not legal for seat {who} now")
    cdef signed char kept[PENDING_SIZE]
    memcpy(kept, held, PENDING_SIZE)
    cdef State t = _copy(s)
    if _act(t, who, <int>action, kept):
        memcpy(held, kept, PENDING_SIZE)
        return t, True
    memcpy(held, kept, PENDING_SIZE)
    return s, False


def adapter_legal(state, seat, pending):
    """`seat`'s legal ids (the adapters'), ascending, as a list: the ones `mask_into` marks
    (none for a seat that does not act now).

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `pending` of the wrong kind or size, or no pending discard of `state`.
    """
    cdef State t = _state(state)
    cdef int who = _seat(seat, _players(t))
    cdef signed char* held = _pending_of(t, pending)
    cdef int k, width = _action_count([t])
    cdef list ids = []
    if _decider(t) == GAME_OVER:
        return ids
    cdef bytearray allowed = bytearray(width)
    cdef signed char* mask = <signed char*><char*>allowed
    _mask(t, who, held, mask)
    for k in range(width):
        if mask[k]:
            ids.append(k)
    return ids


def adapter_tensor(state, seat, pending):
    """`seat`'s observation tensor, as `observe_into` writes it, as a tuple of floats (what
    OpenSpiel's Python games hand out: no array in between).

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `pending` of the wrong kind or size, or no pending discard of `state`.
    """
    cdef State t = _state(state)
    cdef int who = _seat(seat, _players(t))
    cdef signed char* held = _pending_of(t, pending)
    cdef int k, size = _observation_width([t])
    cdef bytearray room = bytearray(size * sizeof(float))
    cdef float* values = <float*><char*>room
    _observe(t, who, held, values)
    cdef tuple tensor = PyTuple_New(size)
    for k in range(size):
        item = PyFloat_FromDouble(values[k])
        Py_INCREF(item)  # the tuple's own reference (PyTuple_SET_ITEM steals one)
        PyTuple_SET_ITEM(tensor, k, item)
    return tensor


def adapter_observe(state, seat, pending, observation, mask):
    """`observe_into` and `mask_into` in one call: `seat`'s tensor into `observation`
    (float32) and its mask into `mask` (int8, one byte per id, or one more: the no-op's, left
    as it is). How many ids are legal.

    Raises:
        RecordError: `state` is not one of this core's states.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: an array of the wrong kind or size, or `pending` no pending discard of
            `state`.
    """
    cdef State t = _state(state)
    cdef int who = _seat(seat, _players(t))
    cdef signed char* held = _pending_of(t, pending)
    cdef int width = _action_count([t])
    cdef float[::1] row = _rows(observation, "float32", 0, _observation_width([t]), "observation")
    cdef signed char[::1] allowed = _rows(mask, "int8", 0, -1, "mask")
    cdef Py_ssize_t k, count = 0
    if not width <= allowed.shape[0] <= width + 1:
        raise ValueError(f"mask must have {width} or {width + 1} values")
    _observe(t, who, held, &row[0])
    if _decider(t) == GAME_OVER:
        allowed[:width] = 0
        return 0
    _mask(t, who, held, &allowed[0])
    for k in range(width):
        count += allowed[k]
    return count


def adapter_chance(state, rng):
    """The state after chance plays `state` on until a player decides or the game ends, each
    event drawn from `rng` as ``chance_distribution(state).sample(rng)`` draws it: how the
    PettingZoo environments resolve chance. `state` itself where no chance event is due.

    Raises:
        RecordError: `state` is not one of this core's states.
        ValueError: `rng` is not a `random.Random`.
    """
    cdef State s = _state(state)
    cdef Twister spare
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k
    _generator(rng, "rng")
    if _decider(s) != CHANCE_DECIDES_HERE:
        return s
    cdef State t = _copy(s)
    kept = []
    draw[0] = _open(rng, &spare, kept)
    for k in range(1, MAX_SEATS + 1):
        draw[k] = draw[0]  # no seat draws: play stops at the first decision
    try:
        _run(t, draw, ANY_SEAT, 0, -1, &moves, RANDOM_POLICY, rng, kept)
    finally:
        _close(rng, draw[0], kept[0])
    return t


cdef int _check_learners(long long[::1] learner, list states) except -1:
    cdef Py_ssize_t i
    for i in range(learner.shape[0]):
        if learner[i] != ANY_SEAT and not 0 <= learner[i] < _players(<State>states[i]):
            raise ValueError(f"learners[{i}] is {learner[i]}: neither a seat nor ANY_SEAT")
    return 0


cdef object _width_config = None  # the config whose width was worked out last, and the width
cdef int _width_known = 0


cdef int _observation_width(list states) except -1:
    """The observation rows' width: the game's tensor for the config, and the pending tail
    (remembered for the last config asked about: a config never changes, and hashing one per
    call costs more than many a step)."""
    global _width_config, _width_known
    if not states:
        return 0
    config = (<State>states[0]).config
    if config is not _width_config:
        _width_known = _observation_size(config)
        _width_config = config
    return _width_known


cdef int _action_count(list states) except -1:
    if not states:
        return 0
    return _adapter_ids((<State>states[0]).config)
