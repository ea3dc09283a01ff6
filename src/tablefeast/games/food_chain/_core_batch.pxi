# Food Chain's side of the batch (`_batch.pxi`, issue 46; included after `_playouts.pxi`): who
# decides, the observation tensor and the legal-action mask written into the batch's rows, and a
# move taken by its id. Every value below is the one `observation_tensor_of` and the game's ids
# give; a test compares them on thousands of states and every seat.

from tablefeast.games.food_chain.observation import observation_size as _pure_observation_size

cdef enum:
    PENDING_SIZE = 1  # nothing is factored in Food Chain
    TAKE_FIRST_ID = 5  # ids: plays 0-4 (by kind), takes 5-10 (by seat), the centre 11
    CENTRE_ID = 11
    ACTION_IDS = 12

HAS_HEURISTIC = True  # `_heuristic` in `_core.pyx`: the opponents play it in the core


cdef int _decider(State t) noexcept:
    """The seat `play_game` asks now: the taker, or the first seat still to commit (FC-3,
    FC-4)."""
    cdef int i
    if t.game_over:
        return GAME_OVER
    if t.taker != NONE:
        return t.taker
    for i in range(t.n):
        if t.commitments[i] == NONE:
            return i
    return GAME_OVER  # every seat committed: resolved at once, never seen here


cdef int _observation_size(object config) except -1:
    return _pure_observation_size(config)


cdef int _adapter_ids(object config) except -1:
    return ACTION_IDS


cdef bint _pending_fits(State t, signed char* pending) noexcept:
    """Whether `pending` can be the adapters' pending row of `t`: nothing is factored here, so
    only the empty row."""
    return pending[0] == 0


cdef inline float* _hot(float* out, int size, int index) noexcept:
    """A one-hot part of `size` slots, 1.0 at `index`; the slots after it."""
    cdef int i
    for i in range(size):
        out[i] = 0.0
    out[index] = 1.0
    return out + size


cdef int _observe(State t, int seat, signed char* pending, float* out) except -1:
    """`observation_tensor_of(state, seat)` (see its module for the layout), written in place:
    the seat's own commitment, who has committed (never what, FC-11), and the public rest."""
    cdef int n = t.n, i, k, actor
    cdef int counts[KINDS]
    out = _hot(out, n + 1, seat)
    out = _hot(out, KINDS + 1, KINDS if t.commitments[seat] == NONE else t.commitments[seat])
    for i in range(n):
        out[i] = 1.0 if t.commitments[i] != NONE else 0.0
    out += n
    out[0] = t.round_number
    out[1] = t.pass_number
    out = _hot(out + 2, n, t.alpha)
    for i in range(n):
        for k in range(KINDS):
            out[k] = t.hands[i][k]
        out += KINDS
    for i in range(n):
        out = _hot(out, KINDS + 1, KINDS if t.played[i] == NONE else t.played[i])
    for i in range(n):
        for k in range(KINDS):
            counts[k] = 0
        for k in range(t.stack_len[i]):
            counts[t.stacks[i][k]] += 1
        for k in range(KINDS):
            out[k] = counts[k]
        out += KINDS
    for i in range(n):
        out[i] = 1.0 if t.taken[i] else 0.0
    out += n
    out = _hot(out, KINDS + 1, KINDS if t.snatching == NONE else t.snatching)
    out = _hot(out, n + 1, n if t.taker == NONE else t.taker)
    for k in range(KINDS):
        out[k] = t.centre[k]
    out += KINDS
    for i in range(n):
        for k in range(KINDS):
            out[k] = t.piles[i][k]
        out += KINDS
    out[0] = t.fleas_out
    out += 1
    for i in range(n):
        out[i] = t.totals[i]
    out += n
    out[0] = 1.0 if t.game_over else 0.0
    out += 1
    for i in range(n + 1):  # who acts: the seats, then chance (never, in Food Chain)
        out[i] = 0.0
    if not t.game_over:
        if t.taker != NONE:
            out[t.taker] = 1.0
        else:
            for i in range(n):
                if t.commitments[i] == NONE:
                    out[i] = 1.0
    out += n + 1
    for i in range(n):  # the running scores (FC-9)
        out[i] = _running_score(t, i)
    return 0


cdef int _mask(State t, int seat, signed char* pending, signed char* out) except -1:
    """1 at each of `seat`'s legal ids: the kinds its hand holds (FC-3), or the prey seats
    and the centre (FC-4)."""
    cdef int k, i, prey
    for k in range(ACTION_IDS):
        out[k] = 0
    if _may_commit(t, seat):
        for k in range(KINDS):
            if t.hands[seat][k] > 0:
                out[k] = 1
    elif t.taker == seat and not t.game_over:
        prey = t.snatching - 1  # FC-4: each predator snatches the kind below it
        for i in range(t.n):
            if t.played[i] == prey and not t.taken[i]:
                out[TAKE_FIRST_ID + i] = 1
        if t.centre[prey] > 0:
            out[CENTRE_ID] = 1
    return 0


cdef int _act(State t, int seat, int action, signed char* pending) except -1:
    """`seat` takes the id `action` (its mask allows it), in place: a commitment (FC-3) or a
    take (FC-4); always a move of the game."""
    if action < TAKE_FIRST_ID:
        _commit(t, seat, action)
    elif action < CENTRE_ID:
        _take(t, seat, action - TAKE_FIRST_ID)
    else:
        _take(t, seat, NONE)
    return 1
