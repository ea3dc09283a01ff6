# The native playouts' entry points, the same in every core (included at the end of each). A
# core defines the loop itself:
#
#     cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
#                    long long* moves, int policy, object chance_rng, list kept) except? -1
#
# which plays `t` on in place: chance draws from ``draw[0]`` and seat s from ``draw[s + 1]``; it
# stops when the game ends (returning True), when `seat` is about to act the ``left + 1``-th
# time (``left`` -1: never), or after `budget` moves (-1: no limit), counting them in `moves`.
# `chance_rng` is the generator behind ``draw[0]`` and ``kept[0]`` what `_give_state` needs to
# hand its state back, for a core that must draw through Python now and then.

cdef enum:
    RANDOM_POLICY = 0  # uniformly random moves
    HEURISTIC_POLICY = 1  # the game's heuristic (a core that has one)


cdef tuple _playout(State s, int seat, object horizon, object rng, int policy):
    cdef Twister spare
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k
    cdef State t = _copy(s)
    kept = []
    draw[0] = _open(rng, &spare, kept)
    for k in range(1, MAX_SEATS + 1):
        draw[k] = draw[0]
    try:
        ended = _run(t, draw, seat, -1 if horizon is None else horizon, -1, &moves, policy, rng, kept)
    finally:
        _close(rng, draw[0], kept[0])
    return t, ended


def random_playout(State s, int seat, horizon, rng):
    """Play `s` on with uniformly random moves, and chance with its exact probabilities, drawn
    from `rng` exactly as the Python loop of `tablefeast.agents.ismcts` draws them (a seat with
    one legal move draws nothing), until the game ends or `seat` is about to act for the
    ``horizon + 1``-th time (None: to the end).

    Returns:
        The state reached, and whether the game ended there.
    """
    if horizon is not None and not 0 <= horizon <= 10_000:
        raise ValueError(f"horizon must be None or from 0 to 10,000, got {horizon!r}")
    return _playout(s, seat, horizon, rng, RANDOM_POLICY)


def random_game(State s, chance_rng, seat_rngs, max_moves=None):
    """Play `s` on as `tablefeast.play_game` plays it with a `RandomAgent` in every seat:
    chance drawn from `chance_rng` with its exact probabilities, each seat's move from its own
    generator in `seat_rngs` (``legal[rng.randrange(len(legal))]``; a seat with one legal move
    draws nothing), until the game ends or `max_moves` moves were made (None: no limit).

    Returns:
        The state reached, and how many moves were made.
    """
    cdef Twister spares[MAX_SEATS + 1]
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k, n = len(seat_rngs)
    if n > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats' generators, got {n}")
    if len({id(chance_rng), *[id(rng) for rng in seat_rngs]}) != n + 1:
        raise ValueError("chance and every seat need generators of their own")
    if max_moves is not None and max_moves < 0:
        raise ValueError(f"max_moves must be None or at least 0, got {max_moves!r}")
    cdef State t = _copy(s)
    rngs = [chance_rng, *seat_rngs]
    kept = []
    try:
        for k in range(n + 1):
            draw[k] = _open(rngs[k], &spares[k], kept)
        for k in range(n + 1, MAX_SEATS + 1):
            draw[k] = draw[0]  # no such seat: never drawn for
        _run(t, draw, -1, -1, -1 if max_moves is None else max_moves, &moves, RANDOM_POLICY,
             chance_rng, kept)
    finally:
        for k in range(len(kept)):
            _close(rngs[k], draw[k], kept[k])
    return t, moves
