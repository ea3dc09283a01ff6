# Python's own Mersenne Twister, step for step (CPython's Modules/_randommodule.c), so that a
# native playout draws exactly the numbers a `random.Random` would: it takes the generator's
# state, draws, and hands the state back (`_take_state`, `_give_state`).

from libc.stdint cimport uint32_t

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
