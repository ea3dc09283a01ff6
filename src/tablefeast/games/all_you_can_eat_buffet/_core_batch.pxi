# All You Can Eat Buffet's side of the batch (`_batch.pxi`, issue 46; included after
# `_playouts.pxi`): who decides, the observation tensor and the legal-action mask written into
# the batch's rows, and a move taken by its id. Every value below is the one
# `observation_tensor_of` and the game's ids (`notation.action_to_id` with the config) give; a
# test compares them on thousands of states and every seat.

from tablefeast.games.all_you_can_eat_buffet import notation as _notation
from tablefeast.games.all_you_can_eat_buffet.observation import (
    LINE_SLOTS as _LINE_SLOTS,
    observation_size as _pure_observation_size,
)

cdef enum:
    PENDING_SIZE = 1  # nothing is factored in All You Can Eat Buffet
    # ids (`notation`): plays 0-27 (none, 6 singles, 21 pairs), takes 28-40 (7 positions, 6
    # adjacent pairs), swaps 41-61, steals 62 + seat * M + Meal, then the Tomato decisions
    SINGLE_ID = 1
    PAIR_ID = 7
    PLAY_IDS = 28
    TAKE_ONE_ID = 28
    TAKE_TWO_ID = 35
    SWAP_ID = 41
    STEAL_ID = 62

HAS_HEURISTIC = True

# The ids of the plays (by Mood codes) and the swaps (by 0-based positions), read from the
# game's own encoding once, and each id's play or swap back.
cdef int PAIR_IDS[KINDS][KINDS]
cdef int PLAY_COUNT[PLAY_IDS]
cdef int PLAY_A[PLAY_IDS]
cdef int PLAY_B[PLAY_IDS]
cdef int SWAP_IDS[MAX_LINE][MAX_LINE]
cdef int SWAP_FIRST[STEAL_ID - SWAP_ID]  # by id - SWAP_ID
cdef int SWAP_SECOND[STEAL_ID - SWAP_ID]

PLAY_COUNT[0] = 0
for _i in range(KINDS):
    _id = _notation.action_to_id(_pure.SINGLES[_i])
    assert _id == SINGLE_ID + _i
    PLAY_COUNT[_id], PLAY_A[_id], PLAY_B[_id] = 1, _i, 0
    for _j in range(_i, KINDS):
        _id = _notation.action_to_id(_pure.PAIRS[_i, _j])
        assert PAIR_ID <= _id < PLAY_IDS
        PAIR_IDS[_i][_j] = _id
        PLAY_COUNT[_id], PLAY_A[_id], PLAY_B[_id] = 2, _i, _j
for _i in range(MAX_LINE):
    assert _notation.action_to_id(Take((_i + 1,))) == TAKE_ONE_ID + _i
    if _i + 1 < MAX_LINE:
        assert _notation.action_to_id(Take((_i + 1, _i + 2))) == TAKE_TWO_ID + _i
    for _j in range(_i + 1, MAX_LINE):
        _id = _notation.action_to_id(Swap(_i + 1, _j + 1))
        assert SWAP_ID <= _id < STEAL_ID
        SWAP_IDS[_i][_j] = _id
        SWAP_FIRST[_id - SWAP_ID], SWAP_SECOND[_id - SWAP_ID] = _i, _j
assert _LINE_SLOTS == MAX_LINE and len(STAGES) == OVER + 1
for _shipped in (Config(players=3), Config(players=6)):  # the Tomatoes after the steals
    assert _notation.action_to_id(Tomato(1, 0), _shipped) == STEAL_ID + MAX_SEATS * len(
        _shipped.card_lists.tables.names
    )
    assert _id_count(_lists_of(_shipped.card_lists)) == _notation.num_distinct_actions(_shipped)


cdef inline int _id_count(Lists L) noexcept:
    """`notation.num_distinct_actions`: the plays, takes, swaps and steals, T(T + 3) / 2 Tomato
    decisions for T Tomato cards, and the chance outcomes (36 + M + 36 + M)."""
    return STEAL_ID + MAX_SEATS * L.m + L.tomato_cards * (L.tomato_cards + 3) // 2 + 72 + 2 * L.m


cdef inline int _tomato_base(State t) noexcept:
    """The first Tomato decision's id: after the steals, 6 seats x M Meals (`notation`)."""
    return STEAL_ID + MAX_SEATS * t.lists.m


cdef int _decider(State t) noexcept:
    """The seat `play_game` asks now, the first of `actors`: the first seat still to commit
    (AYC-5), the seat carrying out its Mood (AYC-7), the first seat still to decide its
    Tomatoes (AYC-10); CHANCE in the deal, the reveals and the secret cards."""
    cdef Table* d = &t.d
    if d.stage == OVER:
        return GAME_OVER
    if d.stage == DEAL or d.stage == REVEAL or d.stage == SECRETS:
        return NONE  # CHANCE
    return _actor(t)


# The sizes of the last config asked about, found by identity (a batch's states share one config
# object, and hashing a config, its custom card lists with it, costs more than a step): every
# call of the batch asks for them, and every ended episode's final row.
cdef object _sized_config = None
cdef int _sized_observation = 0, _sized_ids = 0


cdef int _size(object config) except -1:
    global _sized_config, _sized_observation, _sized_ids
    if config is not _sized_config:
        _sized_observation = _pure_observation_size(config)
        _sized_ids = _notation.num_distinct_actions(config)
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
    """A one-hot part of `size` slots, 1.0 at `index`; the slots after it."""
    cdef int i
    for i in range(size):
        out[i] = 0.0
    out[index] = 1.0
    return out + size


cdef inline float* _counts(float* out, unsigned char* values, int size) noexcept:
    cdef int i
    for i in range(size):
        out[i] = values[i]
    return out + size


cdef inline float* _ints_of(float* out, int* values, int size) noexcept:
    cdef int i
    for i in range(size):
        out[i] = values[i]
    return out + size


cdef int _observe(State t, int seat, signed char* pending, float* out) except -1:
    """`observation_tensor_of(state, seat)` (see its module for the layout), written in place:
    the seat's own Mood hand, deck, commitment and Tomato decision; how many cards each seat
    committed (never which, AYC-5); who has decided its Tomatoes (never how: the running scores
    leave the others' decisions out until the end, AYC-10); and the public rest."""
    cdef Table* d = &t.d
    cdef int n = d.n, m = t.lists.m, i, k, total, acting
    cdef int totals[MAX_SEATS]
    cdef int saved[MAX_SEATS]
    out = _hot(out, n + 1, seat)
    out = _hot(out, OVER + 1, d.stage)
    out[0] = d.round_number
    out = _hot(out + 1, n, d.first)
    out = _counts(out, d.hands[seat], KINDS)
    out = _counts(out, d.decks[seat], KINDS)
    for i in range(n):  # hand sizes, then deck sizes
        total = 0
        for k in range(KINDS):
            total += d.hands[i][k]
        out[i] = total
        total = 0
        for k in range(KINDS):
            total += d.decks[i][k]
        out[n + i] = total
    out += 2 * n
    for i in range(n):
        out = _counts(out, d.used[i], KINDS)
    for k in range(KINDS + 1):  # the seat's own commitment: its Moods' counts, and whether made
        out[k] = 0.0
    if d.committed[seat] != NONE:
        for k in range(d.committed[seat]):
            out[d.commitment[seat][k]] += 1.0
        out[KINDS] = 1.0
    out += KINDS + 1
    for i in range(n):  # how many cards each seat committed: none, 0, 1 or 2 (AYC-5)
        out = _hot(out, 4, 0 if d.committed[i] == NONE else d.committed[i] + 1)
    for i in range(n):
        out = _hot(out, KINDS + 1, KINDS if d.revealed[i] == NONE else d.revealed[i])
    out = _counts(out, d.meal_deck, m)
    for k in range(MAX_LINE):  # the line's slots: the Meal (or empty), Spice tokens, secret card
        if k < d.line_len:
            out = _hot(out, m + 1, d.line_meal[k])
            out[0] = d.line_spices[k]
            out[1] = 1.0 if d.line_secret[k] else 0.0
        else:
            out = _hot(out, m + 1, m)
            out[0] = 0.0
            out[1] = 0.0
        out += 2
    for i in range(n):
        out = _counts(out, d.collections[i], m)
    out = _ints_of(out, d.secrets, n)
    out = _counts(out, d.discard, m)
    out = _ints_of(out, d.drinks, n)
    out = _ints_of(out, d.spices, n)
    out[0] = d.drink_supply
    out[1] = d.spice_supply
    out = _hot(out + 2, n + 1, n if d.cake == NONE else d.cake)
    for i in range(n):  # Mood cards owed (AYC-2)
        out[i] = 0.0
    for k in range(d.draws_len):
        out[d.mood_draws[k]] += 1.0
    out += n
    out[0] = d.to_deal
    out += 1
    for i in range(n):  # seats awaiting a reveal (AYC-5)
        out[i] = 0.0
    for k in range(d.reveals_len):
        out[d.reveals[k]] = 1.0
    out += n
    out = _hot(out, n + 1, d.queue[0] if d.queue_len else n)  # AYC-7: carrying out its Mood
    for i in range(n):
        out[i] = 0.0
    for k in range(1, d.queue_len):
        out[d.queue[k]] = 1.0
    out += n
    for i in range(n):  # secret cards owed, in the secrets stage only (AYC-4, AYC-14)
        out[i] = <float>d.secrets[i] if d.stage == SECRETS else 0.0
    out += n
    out[0] = <float>d.tomatoes[seat] if d.tomatoes[seat] != NONE else 0.0  # AYC-10: its own
    out[1] = 0.0 if d.tomatoes[seat] == NONE else 1.0
    out += 2
    for i in range(n):
        out[i] = 0.0 if d.tomatoes[i] == NONE else 1.0
    out += n
    for i in range(n + 1):  # who acts: the seats, then chance
        out[i] = 0.0
    if d.stage == DEAL or d.stage == REVEAL or d.stage == SECRETS:
        out[n] = 1.0
    elif d.stage == PLAY:
        for i in range(n):
            if d.committed[i] == NONE:
                out[i] = 1.0
    elif d.stage == RESOLVE:
        if d.queue_len:
            out[d.queue[0]] = 1.0
    elif d.stage == TOMATOES:
        for i in range(n):
            if d.tomatoes[i] == NONE and _tomatoes_held(t, i):
                out[i] = 1.0
    out += n + 1
    # The running scores (AYC-11): before the end, the other seats' Tomato decisions left out
    # (`view._hidden_tomato_scores`, AYC-10).
    if d.stage == OVER:
        _totals(t, totals)
    else:
        for i in range(n):
            saved[i] = d.tomatoes[i]
            if i != seat:
                d.tomatoes[i] = NONE
        _totals(t, totals)
        for i in range(n):
            d.tomatoes[i] = saved[i]
    _ints_of(out, totals, n)
    return 0


cdef int _mask(State t, int seat, signed char* pending, signed char* out) except -1:
    """1 at each of `seat`'s legal ids: the plays of its hand (AYC-5), the choices of its Mood
    (AYC-8, AYC-19), its Tomato decisions (AYC-10)."""
    cdef Table* d = &t.d
    cdef int size = _id_count(t.lists), k, i, key, count, mood, victim, held, base
    for k in range(size):
        out[k] = 0
    if d.stage == PLAY and d.committed[seat] == NONE:
        count = _needed(d, seat)
        if count == 0:
            out[0] = 1
        elif count == 1:
            for k in range(KINDS):
                if d.hands[seat][k]:
                    out[SINGLE_ID + k] = 1
        else:
            key = _hand_key(d, seat)
            for i in range(PAIR_COUNT[key]):
                out[PAIR_IDS[PAIR_A[key][i]][PAIR_B[key][i]]] = 1
    elif d.stage == RESOLVE and d.queue_len and d.queue[0] == seat:
        mood = d.revealed[seat]
        size = d.line_len
        if mood == BOOR:
            for k in range(size):
                out[TAKE_ONE_ID + k] = 1
        elif mood == VERY_HUNGRY:  # AYC-8: with one Meal, no choice
            for k in range(size - 1):
                out[TAKE_TWO_ID + k] = 1
        elif mood == TRICKSTER:
            for k in range(size):
                for i in range(k + 1, size):
                    out[SWAP_IDS[k][i]] = 1
        elif mood == JEALOUS:
            for victim in range(d.n):
                if victim != seat:
                    for k in range(t.lists.m):
                        if d.collections[victim][k]:
                            out[STEAL_ID + victim * t.lists.m + k] = 1
    elif d.stage == TOMATOES and d.tomatoes[seat] == NONE:
        held = _tomatoes_held(t, seat)
        if held:  # Tomato(held - v, v): (held - 1)(held + 2) / 2 + v (`notation._tomato_id`)
            base = _tomato_base(t) + (held - 1) * (held + 2) // 2
            for k in range(held + 1):
                out[base + k] = 1
    return 0


cdef int _act(State t, int seat, int action, signed char* pending) except -1:
    """`seat` takes the id `action` (its mask allows it), in place: a play (AYC-5), its Mood's
    choice (AYC-8, AYC-19), or its Tomato decision (AYC-10); always a move of the game."""
    cdef Table* d = &t.d
    cdef int held, m = t.lists.m
    t.pure = None  # changed in place: a converted state would be stale
    if action < PLAY_IDS:
        _commit(t, seat, PLAY_COUNT[action], PLAY_A[action], PLAY_B[action])
        return 1
    if action >= _tomato_base(t):
        held = _tomatoes_held(t, seat)
        _decide(t, seat, action - _tomato_base(t) - (held - 1) * (held + 2) // 2)
        return 1
    if action < TAKE_TWO_ID:  # Boor: one Meal
        _collect_from(t, seat, action - TAKE_ONE_ID, 1)
    elif action < SWAP_ID:  # Very Hungry: two adjacent Meals
        _collect_from(t, seat, action - TAKE_TWO_ID, 2)
    elif action < STEAL_ID:  # Trickster (AYC-19): two Meals swapped, then the first
        _swap_and_collect(t, seat, SWAP_FIRST[action - SWAP_ID], SWAP_SECOND[action - SWAP_ID])
    else:  # Jealous: a Meal another seat has collected (AYC-16, AYC-21)
        _steal(t, seat, (action - STEAL_ID) // m, (action - STEAL_ID) % m)
    _pop_queue(d)
    _settle_queue(t)
    return 1
