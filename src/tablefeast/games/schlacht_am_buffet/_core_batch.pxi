# Schlacht am Buffet's side of the batch (`_batch.pxi`, issue 46; included after `_playouts.pxi`):
# who decides, the observation tensor and the legal-action mask written into the batch's rows,
# and a move taken by its adapter id. The exchange (SAB-7) is factored as the adapters factor it
# (`tablefeast.interop.encoding`): one `discard v` per card, then done; an env's pending row holds
# the cards chosen so far, as counts by value. Every value below is the one
# `observation_tensor_of` and the adapters' ids give; a test compares them on many states and
# every seat.

from libc.string cimport memset

from tablefeast.games.schlacht_am_buffet.observation import observation_size as _pure_observation_size

cdef enum:
    PENDING_SIZE = CARDS  # the pending discard: how many cards of each value -1..9 are chosen
    DISCARD_FIRST_ID = CARDS  # ids: plays 0-10 (by value), discards 11-21 (by value), done 22
    DONE_ID = 2 * CARDS
    ACTION_IDS = 2 * CARDS + 1 + CARDS + NUM_PLATES  # and chance: 11 cards, 36 plates (70)

HAS_HEURISTIC = True


cdef int _decider(State t) noexcept:
    """The seat `play_game` asks now (the first of `actors`): the exchanger (SAB-7), CHANCE at
    a draw or a reveal, else the first racer still to commit (SAB-5)."""
    cdef int i
    if t.game_over:
        return GAME_OVER
    if t.exchanger != NONE:
        return t.exchanger
    if t.pending_len or t.to_reveal:
        return NONE  # CHANCE
    for i in range(t.n):
        if t.racing >> i & 1 and t.commitments[i] == NO_CARD:
            return i
    return GAME_OVER  # every racer committed: revealed at once, never seen here


cdef int _observation_size(object config) except -1:
    return _pure_observation_size(config) + CARDS  # the game's tensor, the pending discard


cdef int _adapter_ids(object config) except -1:
    return ACTION_IDS


cdef bint _pending_fits(State t, signed char* pending) noexcept:
    """Whether `pending` can be the adapters' pending discard of `t`: nothing outside an
    exchange, and never more cards of a value than the exchanger holds (SAB-7)."""
    cdef int k, seat = t.exchanger
    for k in range(CARDS):
        if pending[k] < 0 or (
            pending[k] > 0 and (seat == NONE or t.game_over or pending[k] > t.hands[seat][k])
        ):
            return False
    return True


cdef inline float* _hot(float* out, int size, int index) noexcept:
    """A one-hot part of `size` slots, 1.0 at `index`; the slots after it."""
    cdef int i
    for i in range(size):
        out[i] = 0.0
    out[index] = 1.0
    return out + size


cdef inline float* _flags(float* out, signed char* ranks, int count) noexcept:
    """36 flags by plate rank (zeroed already), 1.0 at each of `ranks`; the slots after them."""
    cdef int k
    for k in range(count):
        out[ranks[k]] = 1.0
    return out + NUM_PLATES


cdef inline int _running_score(State t, int seat) noexcept:
    """`_score`, inline: the sum of the seat's top plates, the last won of each kind (SAB-14)."""
    cdef int k, total = 0
    cdef int tops[6]
    for k in range(6):
        tops[k] = NONE
    for k in range(t.won_len[seat]):
        tops[PLATE_KIND[t.won[seat][k]]] = t.won[seat][k]
    for k in range(6):
        if tops[k] != NONE:
            total += PLATE_VALUE[tops[k]]
    return total


cdef int _observe(State t, int seat, signed char* pending, float* out) except -1:
    """`observation_tensor_of(state, seat)` (see its module for the layout), written in place:
    the seat's own hand and commitment, who has committed (never what, SAB-5), the public rest;
    then the pending discard, the exchanger's own (zeros for every other seat, SAB-7)."""
    cdef int n = t.n, i, k, total
    for i in range(n + 1):
        out[i] = 0.0
    if seat >= 0:
        out[seat] = 1.0
    else:
        out[n] = 1.0  # the spectator (never asked by the batch)
    out += n + 1
    for k in range(CARDS):
        out[k] = t.hands[seat][k] if seat >= 0 else 0.0
    out += CARDS
    if seat >= 0 and t.commitments[seat] != NO_CARD:
        out = _hot(out, CARDS + 1, t.commitments[seat] + 1)
    else:
        out = _hot(out, CARDS + 1, CARDS)
    for i in range(n):
        total = 0
        for k in range(CARDS):
            total += t.hands[i][k]
        out[i] = total
    out += n
    for i in range(n):
        out[i] = 1.0 if t.commitments[i] != NO_CARD else 0.0
    out += n
    total = 0
    for k in range(CARDS):
        total += t.draw_pile[k]
    out[0] = total
    out += 1
    for k in range(CARDS):
        out[k] = t.discard[k]
    out += CARDS
    # The plates by rank: face down (SAB-2: a supply flag is 0 or 1), on the buffet, and each
    # seat's won: zeroed at once, then their ones.
    memset(out, 0, (n + 2) * NUM_PLATES * sizeof(float))  # all bits zero: 0.0
    for k in range(NUM_PLATES):
        if t.supply[k]:
            out[k] = 1.0
    out += NUM_PLATES
    out = _flags(out, t.buffet, t.buffet_len)
    for i in range(n):
        out = _flags(out, t.won[i], t.won_len[i])
    for i in range(n):
        out[i] = <float><double>t.positions[i]  # rounded as a Python float packed to float32
    out += n
    for i in range(n):
        out[i] = 1.0 if t.racing >> i & 1 else 0.0
    out += n
    out = _hot(out, n, t.start_player)
    out[0] = t.round_number
    out[1] = t.part
    out = _hot(out + 2, n + 1, n if t.exchanger == NONE else t.exchanger)
    out[0] = t.pending_len
    out[1] = t.to_reveal
    out[2] = 1.0 if t.game_over else 0.0
    out += 3
    for i in range(n + 1):  # who acts: the seats, then chance
        out[i] = 0.0
    if not t.game_over:
        if t.exchanger != NONE:
            out[t.exchanger] = 1.0  # SAB-7: decided at once, before anything else
        elif t.pending_len or t.to_reveal:
            out[n] = 1.0
        else:
            for i in range(n):
                if t.racing >> i & 1 and t.commitments[i] == NO_CARD:
                    out[i] = 1.0
    out += n + 1
    for i in range(n):  # the running scores (SAB-14)
        out[i] = _running_score(t, i)
    out += n
    for k in range(CARDS):  # the pending discard: the chooser's own (SAB-7)
        out[k] = pending[k] if seat >= 0 and seat == t.exchanger else 0.0
    return 0


cdef int _mask(State t, int seat, signed char* pending, signed char* out) except -1:
    """1 at each of `seat`'s legal ids: the values its hand holds (SAB-5); or, exchanging, a
    card of each value its hand holds and has not chosen yet, and done (SAB-7)."""
    cdef int k
    for k in range(ACTION_IDS):
        out[k] = 0
    if seat >= 0 and seat == t.exchanger and not t.game_over:
        for k in range(CARDS):
            if t.hands[seat][k] > pending[k]:
                out[DISCARD_FIRST_ID + k] = 1
        out[DONE_ID] = 1
    elif _may_commit(t, seat):
        for k in range(CARDS):
            if t.hands[seat][k] > 0:
                out[k] = 1
    return 0


cdef int _act(State t, int seat, int action, signed char* pending) except -1:
    """`seat` takes the id `action` (its mask allows it), in place: a commitment (SAB-5), a card
    chosen for the exchange (0: no move of the game yet), or done, the exchange of the cards
    chosen (SAB-7), which empties `pending`."""
    cdef int k, count = 0
    cdef int wanted[CARDS]
    if action < DISCARD_FIRST_ID:
        _commit(t, seat, action - 1)
        return 1
    if action < DONE_ID:
        pending[action - DISCARD_FIRST_ID] += 1
        return 0
    for k in range(CARDS):
        wanted[k] = pending[k]
        count += wanted[k]
        pending[k] = 0
    _apply_exchange(t, seat, wanted, count)
    return 1
