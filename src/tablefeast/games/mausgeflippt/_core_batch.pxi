# Mausgeflippt's side of the batch (`_batch.pxi`, issue 46; included after `_playouts.pxi`): who
# decides, the observation tensor and the legal-action mask written into the batch's rows, and a
# move taken by its id. Every value below is the one `observation_tensor_of` and the game's ids
# (`notation.action_to_id`) give; a test compares them on thousands of states and every seat.

from tablefeast.games.mausgeflippt.notation import num_distinct_actions as _pure_action_count
from tablefeast.games.mausgeflippt.observation import observation_size as _pure_observation_size

cdef enum:
    PENDING_SIZE = 1  # nothing is factored in Mausgeflippt
    CHANCE_DECIDES = -1  # CHANCE, as `actors` names it
    # ids: Pass 0, Flip 1, a Play of each item 2.., a FaceDown of each item 2 + K.. (then the
    # chance outcomes, which a learner never gets)
    PASS_ID = 0
    FLIP_ID = 1
    PLAY_FIRST_ID = 2
    # a commitment's one-hot: none, pass, flip, a card not seen, then the K items
    COMMIT_NONE = 0
    COMMIT_PLAYED = 3
    COMMIT_ITEMS = 4

HAS_HEURISTIC = True


cdef int _decider(State t) noexcept:
    """The seat `play_game` asks now (the first of `actors`): the first racer still to commit
    (MG-2), CHANCE once all have (MG-3), the wrong flipper choosing its face-down card (MG-17),
    CHANCE for the chance work pending, or GAME_OVER."""
    cdef int i
    if t.v.racing:
        for i in range(t.L.n):
            if t.v.commitments[i] == NO_CODE:
                return i
        return CHANCE_DECIDES  # MG-3: who was fastest?
    if t.v.game_over:
        return GAME_OVER
    if t.v.placers_len:
        return t.v.placers[0]  # MG-17: a wrong flipper chooses first
    return CHANCE_DECIDES


# The sizes of the last config asked about, found by identity (a batch's states share one config
# object, and hashing a config costs more than a step): every call of the batch asks for them.
cdef object _sized_config = None
cdef int _sized_observation = 0, _sized_ids = 0


cdef int _size(object config) except -1:
    global _sized_config, _sized_observation, _sized_ids
    if config is not _sized_config:
        _sized_observation = _pure_observation_size(config)
        _sized_ids = _pure_action_count(config)
        _sized_config = config
    return 0


cdef int _observation_size(object config) except -1:
    _size(config)
    return _sized_observation


cdef int _adapter_ids(object config) except -1:
    _size(config)
    return _sized_ids


cdef bint _pending_fits(State t, signed char* pending) noexcept:
    """Whether `pending` can be the adapters' pending row of `t`: nothing is factored here, so
    only the empty row."""
    return pending[0] == 0


cdef inline float* _hot(float* out, int size, int index) noexcept:
    """A one-hot part of `size` slots (zeros already), 1.0 at `index`; the slots after it."""
    out[index] = 1.0
    return out + size


cdef inline float* _floats(float* out, int* values, int size) noexcept:
    """`size` counts as floats; the slots after them."""
    cdef int i
    for i in range(size):
        out[i] = values[i]
    return out + size


cdef inline float* _zeros(float* out, int size) noexcept:
    """A part of `size` slots left at zero (the row is cleared first); the slots after it."""
    return out + size


cdef inline int _commitment_slot(int code) noexcept:
    """A commitment code's slot (`observation._commitment`): none, pass, flip, a card not seen,
    then the items."""
    if code == NO_CODE:
        return COMMIT_NONE
    return COMMIT_ITEMS + code if code >= 0 else -code


cdef int _observe(State t, int seat, signed char* pending, float* out) except -1:
    """`observation_tensor_of(state, seat)` (see its module for the layout), written in place:
    the hands and the cards about to be laid that the seat sees (its own, and young players',
    MG-15, MG-17), its own face-down cards, its own commitment, the others' only once all have
    committed and then without the card played (MG-3), and the public rest."""
    cdef Layout L = t.L
    cdef int n = L.n, items = L.items, mice = L.mice, cheeses = L.cheeses
    cdef int s, k, total, code
    cdef int seen = L.young | 1 << seat  # MG-15: young hands lie face up
    cdef int* cards
    cdef bint everyone
    memset(out, 0, _observation_size(t.config) * sizeof(float))  # every part below writes on zeros
    out = _hot(out, n + 1, seat)
    for s in range(n):  # the hands, zeros where hidden
        out[0] = 1.0 if seen >> s & 1 else 0.0
        if seen >> s & 1:
            out = _floats(out + 1, _hand(t, s), items)
        else:
            out = _zeros(out + 1, items)
    for s in range(n):
        out[s] = t.v.held[s]
    out += n
    out[0] = t.v.pile_total
    out = _floats(out + 1, t.data + L.o_discard, items)
    for s in range(n):
        out = _floats(out, _face_up(t, s), items)
    out = _floats(out, _face_down(t, seat), items)  # the viewer's own face-down cards (MG-6)
    for s in range(n):
        out[s] = t.v.face_down_count[s]
    out += n
    for s in range(n):  # MG-17: the cards a wrong flipper is about to lay, as its hand
        out[0] = 1.0 if seen >> s & 1 else 0.0
        if seen >> s & 1:
            out = _floats(out + 1, _placing(t, s), items)
        else:
            out = _zeros(out + 1, items)
    for s in range(n):
        cards = _placing(t, s)
        total = 0
        for k in range(items):
            total += cards[k]
        out[s] = total
    out += n
    out = _zeros(out, n)
    for k in range(t.v.placers_len):
        out[t.v.placers[k] - n] = 1.0
    out = _hot(out, mice + 1, mice if t.v.placing_mouse == NONE else t.v.placing_mouse)
    out = _floats(out, t.data + L.o_unseen, mice)
    out = _zeros(out, mice)  # MG-8, MG-9: each mouse under the stack, by its place from the top
    for k in range(t.v.bottom_len):
        out[t.data[L.o_bottom + k] - mice] = k + 1
    out = _hot(out, mice + 1, mice if t.v.open_mouse == NONE else t.v.open_mouse)
    for s in range(n):
        out = _zeros(out, mice)
        cards = _caught(t, s)
        for k in range(t.v.caught_len[s]):
            out[cards[k] - mice] = 1.0
    out = _floats(out, t.data + L.o_cheese_pile, cheeses)
    out = _hot(out, cheeses + 1, cheeses if t.v.open_cheese == NONE else t.v.open_cheese)
    for s in range(n):
        out = _floats(out, _cheeses(t, s), cheeses)
    out = _hot(out, n, t.v.turner)
    out = _hot(out, items + 4, _commitment_slot(t.v.commitments[seat]))
    everyone = True
    for s in range(n):
        everyone = everyone and t.v.commitments[s] != NO_CODE
    for s in range(n):  # MG-3: revealed once all have committed, another's card not seen
        code = t.v.commitments[s] if everyone else NO_CODE
        out = _hot(out, items + 4,
                   COMMIT_PLAYED if code >= 0 and s != seat else _commitment_slot(code))
    for s in range(n):  # what landed on the mouse in the last race (MG-3: public)
        out = _hot(out, items + 4, _commitment_slot(t.v.landed[s]))
    for s in range(n):
        out[s] = 1.0 if t.v.commitments[s] != NO_CODE else 0.0
    out += n
    out = _zeros(out, 3 * n)  # the mice, cheeses and cards owed, per seat (MG-8, MG-1)
    for k in range(t.v.mouse_awards_len):
        out[t.v.mouse_awards[k] - 3 * n] += 1.0
    for k in range(t.v.cheese_awards_len):
        out[t.v.cheese_awards[k] - 2 * n] += 1.0
    for k in range(t.v.pending_len):
        out[t.v.pending[k] - n] += 1.0
    out[0] = 1.0 if t.v.cheese_to_turn else 0.0
    out[1] = t.v.idle
    out[2] = 1.0 if t.v.game_over else 0.0
    out += 3  # who acts: the seats (MG-2, MG-17), then chance (slot n)
    if t.v.racing:
        if _uncommitted(t):
            for s in range(n):
                if t.v.commitments[s] == NO_CODE:
                    out[s] = 1.0
        else:
            out[n] = 1.0  # MG-3
    elif not t.v.game_over:
        out[t.v.placers[0] if t.v.placers_len else n] = 1.0
    out += n + 1
    for s in range(n):  # the running scores (MG-14)
        out[s] = MOUSE_POINTS * t.v.caught_len[s] - _penalty(t, s)
    return 0


cdef int _mask(State t, int seat, signed char* pending, signed char* out) except -1:
    """1 at each of `seat`'s legal ids: Pass, a Play of each item in hand and Flip unless MAX_FACE_DOWN
    cards lie face down (MG-2, MG-6), or the items a wrong flipper may lay face down (MG-17)."""
    cdef int k, items = t.L.items
    cdef int* cards
    memset(out, 0, _adapter_ids(t.config))
    if _may_commit(t, seat):
        out[PASS_ID] = 1
        cards = _hand(t, seat)
        for k in range(items):
            if cards[k]:
                out[PLAY_FIRST_ID + k] = 1
        if t.v.face_down_count[seat] < MAX_FACE_DOWN:  # MG-6
            out[FLIP_ID] = 1
    elif t.v.placers_len and t.v.placers[0] == seat and not t.v.game_over:  # MG-17
        cards = _placing(t, seat)
        for k in range(items):
            if cards[k]:
                out[PLAY_FIRST_ID + items + k] = 1
    return 0


cdef int _act(State t, int seat, int action, signed char* pending) except -1:
    """`seat` takes the id `action` (its mask allows it), in place: a commitment (MG-2) or a
    face-down choice (MG-17); always a move of the game."""
    cdef int items = t.L.items
    if action == PASS_ID:
        _commit(t, seat, PASS)
    elif action == FLIP_ID:
        _commit(t, seat, FLIP)
    elif action < PLAY_FIRST_ID + items:
        _commit(t, seat, action - PLAY_FIRST_ID)
    else:
        _choose_face_down(t, seat, action - PLAY_FIRST_ID - items)
    return 1
