# Seeding a `Twister` from a string exactly as ``random.Random(text)`` seeds itself (issue 46,
# item 4), so that a core can start many games' generators without making a `random.Random` per
# generator (about 6 us each, most of it CPython's `init_by_array`, which the core runs too, but
# without the object, the big int and the hash's Python call). Included by `_playouts.pxi`, after
# `_random.pxi`.
#
# CPython 3.11-3.13 (`Lib/random.py`, `Random.seed`, version 2; `Modules/_randommodule.c`,
# `random_seed` and `init_by_array`):
#
#     a = text.encode()                                   # UTF-8, strict
#     n = int.from_bytes(a + sha512(a).digest())          # big-endian
#     key = n's 32-bit words, the least significant first (one word 0 for n == 0)
#     init_genrand(19650218); mix key into the words; mt[0] = 0x80000000; index = 624
#
# `init_genrand(19650218)` does not depend on the text: its words are computed once, at import,
# and copied. SHA-512 is computed here (FIPS 180-4): hashlib's Python call alone costs about as
# much as the hash of a short string; its constants are derived at import from the primes, as the
# standard defines them, and a test holds the whole seeding to `random.Random` for arbitrary text.

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.stdint cimport uint8_t
from libc.string cimport memcpy


cdef uint32_t _GENRAND_19650218[MT_N]  # init_genrand(19650218)'s words, the same for every key
cdef uint64_t _SHA512_K[80]
cdef uint64_t _SHA512_H0[8]


cdef _seeding_constants():
    """The constant words above, computed as CPython and FIPS 180-4 define them."""
    cdef int i
    cdef uint32_t previous = 19650218U
    _GENRAND_19650218[0] = previous
    for i in range(1, MT_N):
        previous = 1812433253U * (previous ^ (previous >> 30)) + <uint32_t>i
        _GENRAND_19650218[i] = previous
    primes, candidate = [], 2
    while len(primes) < 80:
        if all(candidate % p for p in primes):
            primes.append(candidate)
        candidate += 1
    for i in range(80):  # the first 64 bits of the fractional parts of the primes' cube roots
        _SHA512_K[i] = _integer_cube_root(primes[i] << 192) & 0xFFFFFFFFFFFFFFFF
    for i in range(8):  # of the first eight primes' square roots
        _SHA512_H0[i] = _math_module.isqrt(primes[i] << 128) & 0xFFFFFFFFFFFFFFFF


def _integer_cube_root(n):
    """The largest int r with r**3 <= n (n > 0), by Newton's method on ints."""
    r = 1 << ((n.bit_length() + 2) // 3)  # above the root
    while True:
        s = (2 * r + n // (r * r)) // 3
        if s >= r:
            break
        r = s
    while r * r * r > n:
        r -= 1
    while (r + 1) * (r + 1) * (r + 1) <= n:
        r += 1
    return r


import math as _math_module

_seeding_constants()


cdef inline uint64_t _rotr(uint64_t x, int n) noexcept nogil:
    return (x >> n) | (x << (64 - n))


cdef void _sha512_block(uint64_t* h, const uint8_t* block) noexcept nogil:
    """One 128-byte block into the running hash `h` (FIPS 180-4, 6.4.2)."""
    cdef uint64_t w[80]
    cdef uint64_t a, b, c, d, e, f, g, k, t1, t2
    cdef int i, j
    for i in range(16):
        w[i] = 0
        for j in range(8):
            w[i] = (w[i] << 8) | block[8 * i + j]
    for i in range(16, 80):
        t1 = _rotr(w[i - 2], 19) ^ _rotr(w[i - 2], 61) ^ (w[i - 2] >> 6)
        t2 = _rotr(w[i - 15], 1) ^ _rotr(w[i - 15], 8) ^ (w[i - 15] >> 7)
        w[i] = t1 + w[i - 7] + t2 + w[i - 16]
    a, b, c, d, e, f, g, k = h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
    for i in range(80):
        t1 = k + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) + ((e & f) ^ (~e & g))
        t1 += _SHA512_K[i] + w[i]
        t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
        k = g
        g = f
        f = e
        e = d + t1
        d = c
        c = b
        b = a
        a = t1 + t2
    h[0] += a
    h[1] += b
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += k


cdef void _sha512(const uint8_t* data, Py_ssize_t size, uint8_t* digest) noexcept nogil:
    """The 64-byte SHA-512 digest of `size` bytes at `data`."""
    cdef uint64_t h[8]
    cdef uint8_t tail[256]
    cdef Py_ssize_t done = 0, rest, padded, i
    cdef uint64_t bits = <uint64_t>size * 8
    for i in range(8):
        h[i] = _SHA512_H0[i]
    while size - done >= 128:
        _sha512_block(h, data + done)
        done += 128
    rest = size - done
    memcpy(tail, data + done, rest)
    tail[rest] = 0x80  # then zeros, then the length in bits, big-endian, in 16 bytes
    padded = 128 if rest < 112 else 256
    for i in range(rest + 1, padded - 8):
        tail[i] = 0
    for i in range(8):
        tail[padded - 1 - i] = <uint8_t>(bits >> (8 * i))
    _sha512_block(h, tail)
    if padded == 256:
        _sha512_block(h, tail + 128)
    for i in range(64):
        digest[i] = <uint8_t>(h[i // 8] >> (56 - 8 * (i % 8)))


cdef void _init_by_array(Twister* t, const uint32_t* key, Py_ssize_t length) noexcept nogil:
    """CPython's `init_by_array` (the reference MT19937's), from init_genrand(19650218)'s words."""
    cdef uint32_t* mt = t.mt
    cdef Py_ssize_t i = 1, j = 0, k
    memcpy(mt, _GENRAND_19650218, sizeof(_GENRAND_19650218))
    k = MT_N if MT_N > length else length
    while k:
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + <uint32_t>j
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k:
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - <uint32_t>i
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        k -= 1
    mt[0] = 0x80000000U  # the reference's: a non-zero state whatever the key
    t.index = MT_N


cdef enum:
    LANES = 4  # generators seeded side by side (`_init_lanes`)


cdef inline uint32_t _mix1(uint32_t p) noexcept nogil:
    return (p ^ (p >> 30)) * 1664525U


cdef inline uint32_t _mix2(uint32_t p) noexcept nogil:
    return (p ^ (p >> 30)) * 1566083941U


cdef void _init_lanes(Twister** t, const uint32_t* addends) noexcept nogil:
    """`_init_by_array` for four generators at once, each with a key of at most MT_N words
    given as its addends (``key[k % length] + k % length`` for k below MT_N, MT_N words per
    generator). Each word depends on the one before, a chain of multiplications that one
    generator alone waits on: four chains side by side run in about the time of one and a
    half. The first loop writes every word from init_genrand's, so nothing is copied first."""
    cdef uint32_t* a = t[0].mt
    cdef uint32_t* b = t[1].mt
    cdef uint32_t* c = t[2].mt
    cdef uint32_t* d = t[3].mt
    cdef const uint32_t* aa = addends
    cdef const uint32_t* ab = addends + MT_N
    cdef const uint32_t* ac = addends + 2 * MT_N
    cdef const uint32_t* ad = addends + 3 * MT_N
    cdef uint32_t pa, pb, pc, pd, g
    cdef Py_ssize_t i
    pa = pb = pc = pd = _GENRAND_19650218[0]
    for i in range(1, MT_N):  # the first loop, i = 1 .. MT_N - 1
        g = _GENRAND_19650218[i]
        pa = (g ^ _mix1(pa)) + aa[i - 1]
        a[i] = pa
        pb = (g ^ _mix1(pb)) + ab[i - 1]
        b[i] = pb
        pc = (g ^ _mix1(pc)) + ac[i - 1]
        c[i] = pc
        pd = (g ^ _mix1(pd)) + ad[i - 1]
        d[i] = pd
    # its last step: mt[0] = mt[MT_N - 1] (the p's), then i = 1 again
    pa = (a[1] ^ _mix1(pa)) + aa[MT_N - 1]
    a[1] = pa
    pb = (b[1] ^ _mix1(pb)) + ab[MT_N - 1]
    b[1] = pb
    pc = (c[1] ^ _mix1(pc)) + ac[MT_N - 1]
    c[1] = pc
    pd = (d[1] ^ _mix1(pd)) + ad[MT_N - 1]
    d[1] = pd
    for i in range(2, MT_N):  # the second loop, i = 2 .. MT_N - 1
        pa = (a[i] ^ _mix2(pa)) - <uint32_t>i
        a[i] = pa
        pb = (b[i] ^ _mix2(pb)) - <uint32_t>i
        b[i] = pb
        pc = (c[i] ^ _mix2(pc)) - <uint32_t>i
        c[i] = pc
        pd = (d[i] ^ _mix2(pd)) - <uint32_t>i
        d[i] = pd
    # its last step, at i = 1 after mt[0] = mt[MT_N - 1]; then mt[0] as the reference sets it
    a[1] = (a[1] ^ _mix2(pa)) - 1U
    b[1] = (b[1] ^ _mix2(pb)) - 1U
    c[1] = (c[1] ^ _mix2(pc)) - 1U
    d[1] = (d[1] ^ _mix2(pd)) - 1U
    a[0] = b[0] = c[0] = d[0] = 0x80000000U
    t[0].index = t[1].index = t[2].index = t[3].index = MT_N


cdef class _Seeder:
    """Seeds twisters from strings as ``random.Random(text)`` does, four at a time: `seed`
    queues one (its text's bytes put in the scratch by `text`), `flush` seeds what is queued.
    Scratch space: the text and its digest (the bytes of the seed's int), the int's 32-bit
    words, grown as longer seeds come, and each queued generator's addends."""

    cdef uint8_t* data
    cdef uint32_t* key
    cdef Py_ssize_t capacity  # bytes of `data`: the longest text so far plus the digest
    cdef uint32_t addends[LANES * MT_N]
    cdef Twister* queued[LANES]
    cdef int waiting  # how many of `queued` wait for `flush`
    cdef Twister unused  # the lanes that stand for no generator in a `flush` of fewer than four

    def __cinit__(self):
        self.data = NULL
        self.key = NULL
        self.capacity = 0
        self.waiting = 0

    def __dealloc__(self):
        PyMem_Free(self.data)
        PyMem_Free(self.key)

    cdef int _room(self, Py_ssize_t size) except -1:
        """Room for a text of `size` bytes, its digest, and the words of both."""
        cdef Py_ssize_t need = size + 64 + 8
        if need <= self.capacity:
            return 0
        need = max(need, 2 * self.capacity, 256)
        data = <uint8_t*>PyMem_Realloc(self.data, need)
        if data == NULL:
            raise MemoryError()
        self.data = data
        key = <uint32_t*>PyMem_Realloc(self.key, (need // 4 + 1) * sizeof(uint32_t))
        if key == NULL:
            raise MemoryError()
        self.key = key
        self.capacity = need
        return 0

    cdef Py_ssize_t text(self, object seed, Py_ssize_t at) except -1:
        """Put `seed`'s UTF-8 bytes (a str: UnicodeEncodeError, a ValueError, for one that
        `str.encode` refuses, such as a lone surrogate) at byte `at` of the scratch text; return
        where they end."""
        cdef Py_ssize_t size
        cdef const char* utf8 = PyUnicode_AsUTF8AndSize(seed, &size)
        self._room(at + size)
        memcpy(self.data + at, utf8, size)
        return at + size

    cdef void seed(self, Twister* t, Py_ssize_t size) noexcept nogil:
        """Seed `t` as ``random.Random(text)`` does, the text's `size` UTF-8 bytes being at the
        start of the scratch (room made by `text`): now, for a key longer than MT_N words (a
        text of over 2 kB), else queued for `flush`. The scratch text may change at once."""
        cdef uint8_t* data = self.data
        cdef uint32_t* key = self.key
        cdef uint32_t* lane
        cdef Py_ssize_t start = 0, end, length, i, b, done
        _sha512(data, size, data + size)
        end = size + 64
        while start < end and data[start] == 0:  # leading zero bytes are not in the int
            start += 1
        length = (end - start + 3) // 4
        if length == 0:  # n == 0: CPython seeds with the one word 0
            key[0] = 0
            length = 1
        for i in range(length):  # word i: the big-endian bytes ending 4 i bytes from the end
            key[i] = 0
            for b in range(4):
                if end - 4 * i - 4 + b >= start:
                    key[i] |= (<uint32_t>data[end - 4 * i - 4 + b]) << (24 - 8 * b)
        if length > MT_N:
            _init_by_array(t, key, length)
            return
        lane = self.addends + self.waiting * MT_N
        for i in range(length):
            lane[i] = key[i] + <uint32_t>i
        done = length
        while done < MT_N:  # the key over and over
            b = min(length, MT_N - done)
            memcpy(lane + done, lane, b * sizeof(uint32_t))
            done += b
        self.queued[self.waiting] = t
        self.waiting += 1
        if self.waiting == LANES:
            self.flush()

    cdef void flush(self) noexcept nogil:
        """Seed every generator `seed` queued."""
        cdef int k
        if self.waiting == 0:
            return
        for k in range(self.waiting, LANES):
            self.queued[k] = &self.unused  # its lane's addends: whatever they hold
        _init_lanes(self.queued, self.addends)
        self.waiting = 0


def seeded_random(seed):
    """``random.Random(seed)`` for a str `seed`, its generator state computed by the core as
    `play_games` seeds its games (the same state: a test compares them for arbitrary text).

    Raises:
        ValueError: `seed` is not a str, or is one `str.encode` refuses (UnicodeEncodeError).
    """
    cdef _Seeder seeder = _Seeder()
    cdef Twister t
    cdef int i
    if type(seed) is not str:
        raise ValueError(f"seed must be a str, got {shown(seed)}")
    size = seeder.text(seed, 0)
    seeder.seed(&t, size)
    seeder.flush()
    rng = _random_module.Random(0)
    if _IN_PLACE:
        memcpy(_inside(rng), &t, sizeof(Twister))
    else:
        _give_state(&t, rng, (3, None))
    return rng
