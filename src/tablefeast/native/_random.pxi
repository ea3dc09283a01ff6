# Python's own Mersenne Twister, step for step (CPython's Modules/_randommodule.c), so that a
# native playout draws exactly the numbers a `random.Random` would: it takes the generator's
# state, draws, and hands the state back (`_take_state`, `_give_state`). And the chance
# distributions the cores hand out, whose sampling is compiled (`NativeDistribution`).

from functools import partial

from libc.stdint cimport uint32_t

from tablefeast.kernel.chance import Distribution

cdef enum:
    MT_N = 624
    MT_M = 397

cdef struct Twister:
    uint32_t mt[MT_N]
    int index


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
