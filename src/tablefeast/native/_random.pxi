# Python's own Mersenne Twister, step for step (CPython's Modules/_randommodule.c), so that a
# native playout draws exactly the numbers a `random.Random` would. A `random.Random` is drawn
# from in place: its generator state is the struct below, which follows the object's header in
# memory (checked once at import against `getstate`); any other generator's state is taken,
# drawn from, and handed back (`_take_state`, `_give_state`). And the chance distributions the
# cores hand out, whose sampling is compiled (`NativeDistribution`).

import random as _random_module
from functools import partial

from cpython.object cimport PyObject
from libc.stdint cimport uint32_t, uint64_t

from tablefeast.kernel.chance import Distribution

cdef enum:
    MT_N = 624
    MT_M = 397

cdef struct Twister:
    # The layout of CPython's RandomObject after its PyObject_HEAD (Modules/_randommodule.c).
    int index
    uint32_t mt[MT_N]


cdef inline uint32_t _genrand(Twister *t) noexcept nogil:
    cdef uint32_t y
    cdef int kk
    cdef uint32_t *mt = t.mt
    if t.index >= MT_N:
        for kk in range(MT_N - MT_M):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU)
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1U else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU)
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (0x9908b0dfU if y & 1U else 0U)
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU)
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1U else 0U)
        t.index = 0
    y = mt[t.index]
    t.index += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef inline int _randbelow(Twister *t, int n) noexcept nogil:
    """`random.Random.randrange(n)` for 0 < n < 2**31: getrandbits(n.bit_length()) until below n."""
    cdef int k = 0
    cdef uint32_t r
    while (n >> k) != 0:
        k += 1
    r = _genrand(t) >> (32 - k)
    while r >= <uint32_t>n:
        r = _genrand(t) >> (32 - k)
    return <int>r


cdef inline uint64_t _randbelow64(Twister* t, uint64_t n) noexcept nogil:
    """``getrandbits(n.bit_length())`` until below n, for 0 < n < 2**64, word for word as CPython
    draws them (the low word first)."""
    cdef int k = 0
    cdef uint64_t r
    while k < 64 and (n >> k) != 0:
        k += 1
    while True:
        if k <= 32:
            r = _genrand(t) >> (32 - k)
        else:
            r = _genrand(t)
            r |= (<uint64_t>(_genrand(t) >> (64 - k))) << 32
        if r < n:
            return r


cdef inline double _random_double(Twister* t) noexcept nogil:
    """`random.Random.random()`: 53 random bits from two draws, as CPython makes them."""
    cdef uint32_t a = _genrand(t) >> 5
    cdef uint32_t b = _genrand(t) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


MIX_WEIGHTS = (0.6, 0.24, 0.16)
"""`tablefeast.agents.heuristics.MIX`: a heuristic's simultaneous commitment draws one of its
first three ranked moves with these weights (a test holds the two equal)."""
cdef double _MIX[3]
cdef double _MIX_TOTAL[4]  # the first c weights summed as Python's `sum` sums them
for _mix_k in range(4):
    _MIX_TOTAL[_mix_k] = sum(MIX_WEIGHTS[:_mix_k])
    if _mix_k < 3:
        _MIX[_mix_k] = MIX_WEIGHTS[_mix_k]


cdef inline int _mixed(Twister* twister, int count) noexcept nogil:
    """Which of the first three of `count` (at least two) ranked moves the heuristic plays in a
    simultaneous commitment: drawn with the weights `MIX_WEIGHTS` by one ``rng.random()``, as
    `tablefeast.agents.heuristics.weighted_choice` draws it; an index below three."""
    cdef int k
    cdef double point
    count = 3 if count > 3 else count
    point = _random_double(twister) * _MIX_TOTAL[count]
    for k in range(count):
        point -= _MIX[k]
        if point < 0:
            return k
    return count - 1  # rounding left a sliver at the end


cdef inline int _sample(Twister* twister, int* weights, int size, int total) noexcept nogil:
    """`Distribution.sample` of counts whose sum is `total` (positive): r uniform below the
    total, then the first running weight above r (zero weights are never chosen)."""
    cdef int k, r = _randbelow(twister, total)
    for k in range(size):
        r -= weights[k]
        if r < 0:
            return k
    return size - 1


cdef inline void _shuffle(Twister* twister, int* items, int size) noexcept nogil:
    """`random.Random.shuffle` of `items[:size]` in place: the same draws, the same order."""
    cdef int i, j
    for i in range(size - 1, 0, -1):
        j = _randbelow(twister, i + 1)
        items[i], items[j] = items[j], items[i]


cdef object _take_state(Twister *t, object rng):
    """Load `rng`'s state into `t`; return what `_give_state` needs to hand it back."""
    version, words, gauss = rng.getstate()
    cdef int i
    for i in range(MT_N):
        t.mt[i] = words[i]
    t.index = words[MT_N]
    return (version, gauss)


cdef void _give_state(Twister *t, object rng, object kept):
    """Put `t`'s state back into `rng`, as if it had drawn the numbers itself."""
    version, gauss = kept
    cdef int i
    rng.setstate((version, tuple([t.mt[i] for i in range(MT_N)] + [t.index]), gauss))


class NativeDistribution(Distribution):
    """A `tablefeast.kernel.chance.Distribution` (the same value: equal to the pure engine's)
    whose `sample` is compiled: the same bits drawn from the generator, the same outcome."""

    __slots__ = ()

    def sample(self, rng):
        """As `Distribution.sample`: r uniform below the total (``getrandbits`` until below
        it), then the first candidate whose running weight exceeds r."""
        cdef Py_ssize_t k
        cdef long long small
        support, weights, total = self
        if total <= 0:
            raise ValueError("cannot sample a distribution whose weights sum to zero")
        bits = total.bit_length()
        r = rng.getrandbits(bits)
        while r >= total:
            r = rng.getrandbits(bits)
        if bits < 63:  # the usual case: the running sum in a machine word
            small = r
            for k in range(len(weights)):
                small -= <long long>weights[k]
                if small < 0:
                    return support[k]
        for k in range(len(weights)):
            r -= weights[k]
            if r < 0:
                return support[k]
        raise ValueError("the weights do not sum to the total")  # never for a sound value


cdef object native_distribution = partial(tuple.__new__, NativeDistribution)
"""``native_distribution((support, weights, total))``: a `NativeDistribution`, built as
`tablefeast.kernel.chance.trusted_distribution` builds a `Distribution` (no checks)."""


cdef inline Twister* _inside(object rng):
    """The generator state of a `random.Random`, where it lies in the object."""
    return <Twister*>(<char*><PyObject*>rng + sizeof(PyObject))


cdef bint _layout_checked():
    """Whether a `random.Random`'s state lies where `_inside` looks, word for word, and draws
    as the object does: else every generator goes through `getstate` and `setstate`."""
    cdef int i
    probe, twin = _random_module.Random(20261206), _random_module.Random(20261206)
    probe.random()  # somewhere in the middle of its words
    twin.random()
    version, words, gauss = probe.getstate()
    cdef Twister* t = _inside(probe)
    if t.index != words[MT_N]:
        return False
    for i in range(MT_N):
        if t.mt[i] != words[i]:
            return False
    for i in range(MT_N + 5):  # across a regeneration of the words
        if _genrand(t) != twin.getrandbits(32):
            return False
    return probe.getstate() == twin.getstate()


cdef bint _IN_PLACE = _layout_checked()


cdef Twister* _open(object rng, Twister* spare, list kept):
    """The state to draw from for `rng`: its own, in place, for a `random.Random` itself;
    else a copy in `spare` (appending to `kept` what `_close` needs to hand it back)."""
    if _IN_PLACE and type(rng) is _random_module.Random:
        kept.append(None)
        return _inside(rng)
    kept.append(_take_state(spare, rng))
    return spare


cdef void _close(object rng, Twister* t, object kept):
    """After drawing: hand a copied state back to `rng` (nothing to do when drawn in place)."""
    if kept is not None:
        _give_state(t, rng, kept)
