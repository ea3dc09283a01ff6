# The native playouts' entry points, the same in every core (included at the end of each). A
# core defines the loop itself:
#
#     cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
#                    long long* moves, int policy, object chance_rng, list kept) except? -1
#
# which plays `t` on in place: chance draws from ``draw[0]`` and seat s from ``draw[s + 1]``; it
# stops when the game ends (returning True), when `seat` is about to act the ``left + 1``-th
# time (``left`` -1: never; `seat` ANY_SEAT: any player), or after `budget` moves (-1: no limit),
# counting them in `moves`.
# `chance_rng` is the generator behind ``draw[0]`` and ``kept[0]`` what `_give_state` needs to
# hand its state back, for a core that must draw through Python now and then. A core also
# defines ``cdef int _players(State s)``, its number of seats. Every argument is checked here
# (`_checks.pxi`) before the first draw; the loop itself checks nothing.

cdef enum:
    RANDOM_POLICY = 0  # uniformly random moves
    HEURISTIC_POLICY = 1  # the game's heuristic (a core that has one)


cdef tuple _playout(object state, object seat, object horizon, object rng, int policy):
    """A playout's arguments checked (before anything is drawn), then the playout."""
    cdef Twister spare
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k
    cdef State s = _state(state)
    cdef int who = _seat(seat, _players(s))
    cdef int left = _horizon(horizon)
    _generator(rng, "rng")
    cdef State t = _copy(s)
    kept = []
    draw[0] = _open(rng, &spare, kept)
    for k in range(1, MAX_SEATS + 1):
        draw[k] = draw[0]
    try:
        ended = _run(t, draw, who, left, -1, &moves, policy, rng, kept)
    finally:
        _close(rng, draw[0], kept[0])
    return t, ended


def random_playout(state, seat, horizon, rng):
    """Play `state` on with uniformly random moves, and chance with its exact probabilities,
    drawn from `rng` exactly as the Python loop of `tablefeast.agents.ismcts` draws them (a
    seat with one legal move draws nothing), until the game ends or `seat` is about to act for
    the ``horizon + 1``-th time (None: to the end).

    Returns:
        The state reached, and whether the game ended there.

    Raises:
        RecordError: `state` is not a state of this core.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `horizon` is not None nor an int from 0 to 10,000, or `rng` is not a
            `random.Random`.
    """
    return _playout(state, seat, horizon, rng, RANDOM_POLICY)


cdef long long MOST_MOVES = 4611686018427387904  # 2**62 moves, beyond any game: no limit


def random_game(state, chance_rng, seat_rngs, max_moves=None):
    """Play `state` on as `tablefeast.play_game` plays it with a `RandomAgent` in every seat:
    chance drawn from `chance_rng` with its exact probabilities, each seat's move from its own
    generator in `seat_rngs` (``legal[rng.randrange(len(legal))]``; a seat with one legal move
    draws nothing), until the game ends or `max_moves` moves were made (None: no limit).

    Returns:
        The state reached, and how many moves were made.

    Raises:
        RecordError: `state` is not a state of this core.
        ValueError: a generator is not a `random.Random`, `seat_rngs` is not a list or tuple
            of one per seat, two share a generator, or `max_moves` is not None nor an int of
            at least 0.
    """
    cdef Twister spares[MAX_SEATS + 1]
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0, budget = -1
    cdef int k, n
    cdef State s = _state(state)
    if type(seat_rngs) is not list and type(seat_rngs) is not tuple:
        raise ValueError(f"seat_rngs must be a list of generators, got {shown(seat_rngs)}")
    n = len(seat_rngs)
    if n > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} seats' generators, got {n}")
    if n != _players(s):
        raise ValueError(f"one generator per seat: {_players(s)} seats, got {n} generators")
    rngs = [_generator(chance_rng, "chance_rng")]
    for k in range(n):
        rngs.append(_generator(seat_rngs[k], f"seat_rngs[{k}]"))
    if len({id(rng) for rng in rngs}) != n + 1:
        raise ValueError("chance and every seat need generators of their own")
    if max_moves is not None:
        if type(max_moves) is not int or max_moves < 0:
            raise ValueError(f"max_moves must be None or at least 0, got {shown(max_moves)}")
        budget = min(max_moves, MOST_MOVES)
    cdef State t = _copy(s)
    kept = []
    try:
        for k in range(n + 1):
            draw[k] = _open(rngs[k], &spares[k], kept)
        for k in range(n + 1, MAX_SEATS + 1):
            draw[k] = draw[0]  # no such seat: never drawn for
        _run(t, draw, -1, -1, budget, &moves, RANDOM_POLICY, chance_rng, kept)
    finally:
        for k in range(len(kept)):
            _close(rngs[k], draw[k], kept[k])
    return t, moves
