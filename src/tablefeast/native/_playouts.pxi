# The native playouts' entry points, the same in every core (included at the end of each). A
# core defines the loop itself:
#
#     cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
#                    long long* moves, int policy, object chance_rng, list kept) except? -1
#
# which plays `t` on in place: chance draws from ``draw[0]`` and seat s from ``draw[s + 1]``; it
# stops when the game ends (returning True), when `seat` is about to act the ``left + 1``-th
# time (``left`` -1: never; `seat` ANY_SEAT: any player), or after `budget` moves (-1: no limit),
# counting them in `moves`. A seat plays the heuristic where ``_plays_heuristic(policy, seat)``,
# else uniformly random moves.
# `chance_rng` is the generator behind ``draw[0]`` and ``kept[0]`` what `_give_state` needs to
# hand its state back, for a core that must draw through Python now and then. A core also
# defines ``cdef int _players(State s)``, its number of seats. Every argument is checked here
# (`_checks.pxi`) before the first draw; the loop itself checks nothing.

include "_seeding.pxi"

cdef enum:
    RANDOM_POLICY = 0  # uniformly random moves, every seat
    HEURISTIC_POLICY = 1  # the game's heuristic, every seat
    # A table of both (`play_games`): this flag, and bit POLICY_SEAT_SHIFT + s set for each seat
    # s that plays the heuristic. Kept apart from the two above, which callers pass as 0 and 1
    # (`tablefeast.interop.vector_native`, the batch's `policy`).
    SEAT_POLICIES = 2
    POLICY_SEAT_SHIFT = 8
    GAMES_SEEDED_TOGETHER = 4  # `play_games`: their generators fill `_Seeder`'s lanes


cdef inline bint _plays_heuristic(int policy, int seat) noexcept nogil:
    """Whether `seat` plays the heuristic under `policy` (else uniformly random moves)."""
    if policy & SEAT_POLICIES:
        return (policy >> (POLICY_SEAT_SHIFT + seat)) & 1
    return policy == HEURISTIC_POLICY


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
    cdef long long budget = -1
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
    return _game(_copy(s), rngs, budget, RANDOM_POLICY)


cdef tuple _game(State t, list rngs, long long budget, int policy):
    """Play `t` on in place, chance drawing from ``rngs[0]`` and seat s from ``rngs[s + 1]``
    (checked: `random.Random` objects of their own, one per seat); ``(t, moves)``."""
    cdef Twister spares[MAX_SEATS + 1]
    cdef Twister* draw[MAX_SEATS + 1]
    cdef long long moves = 0
    cdef int k, n = len(rngs)
    kept = []
    try:
        for k in range(n):
            draw[k] = _open(rngs[k], &spares[k], kept)
        for k in range(n, MAX_SEATS + 1):
            draw[k] = draw[0]  # no such seat: never drawn for
        _run(t, draw, -1, -1, budget, &moves, policy, rngs[0], kept)
    finally:
        for k in range(len(kept)):
            _close(rngs[k], draw[k], kept[k])
    return t, moves


cdef int _seat_policies(object names, int players, Py_ssize_t game) except -1:
    """The policy (`_plays_heuristic`) of a table of named agents: "random" or "heuristic" in
    each seat (`tablefeast.agents.make_agent`'s names of `RandomAgent` and `HeuristicAgent`)."""
    cdef int k, policy = SEAT_POLICIES
    if (type(names) is not tuple and type(names) is not list) or len(names) != players:
        raise ValueError(f"seats[{game}] must name one agent per seat ({players}), got "
                         f"{shown(names)}")
    for k in range(players):
        name = names[k]
        if type(name) is not str or name not in ("random", "heuristic"):
            raise ValueError(f'seats[{game}][{k}] must be "random" or "heuristic", got '
                             f"{shown(name)}")
        if name == "heuristic":
            policy |= 1 << (POLICY_SEAT_SHIFT + k)
    return policy


def play_games(state, seeds, suffixes, seats):
    """Play one game from `state` for each seed in `seeds`, as `tablefeast.play_game` plays it
    from that seed with `RandomAgent` ("random") or the game's `HeuristicAgent` ("heuristic") in
    each seat: chance drawn from ``random.Random(seeds[g])``, seat s from
    ``random.Random(seeds[g] + suffixes[s])`` (`tablefeast.kernel.play.agent_rng`'s generator
    when ``suffixes[s]`` is ``f"/seat/{s}"``), a seat with one legal move drawing nothing.

    The generators are seeded here from the strings, exactly as `random.Random` seeds itself
    (`seeded_random`), in ``players + 1`` generators made once per call: no Python object is
    made per game but its final state. Every argument is checked before the first game.

    Args:
        state: this core's state every game starts from (unchanged).
        seeds: a list of str, one per game.
        suffixes: a list or tuple of str, one per seat.
        seats: a list of one tuple per game, naming the agent in each seat: "random" or
            "heuristic".

    Returns:
        A list of ``(final state, moves)``, one per game, in the order of `seeds`.

    Raises:
        RecordError: `state` is not a state of this core.
        ValueError: `seeds` is not a list of str, `suffixes` not one str per seat, `seats` not a
            list of one table per seed, a seat names another agent, or a string is one
            `str.encode` refuses (UnicodeEncodeError, such as a lone surrogate).
    """
    cdef Twister* draw[MAX_SEATS + 1]
    cdef Twister* twisters
    cdef Twister* block
    cdef long long moves
    cdef Py_ssize_t g, games, size, first, last
    cdef Py_ssize_t utf8_size
    cdef int k, n
    cdef int* policies
    cdef State t
    cdef State s = _state(state)
    cdef _Seeder seeder = _Seeder()
    n = _players(s)
    if type(seeds) is not list:
        raise ValueError(f"seeds must be a list of str, got {shown(seeds)}")
    games = len(seeds)
    if (type(suffixes) is not list and type(suffixes) is not tuple) or len(suffixes) != n:
        raise ValueError(f"suffixes must be a list of one str per seat ({n}), got "
                         f"{shown(suffixes)}")
    if type(seats) is not list or len(seats) != games:
        raise ValueError(f"seats must be a list of one table per seed ({games}), got "
                         f"{shown(seats)}")
    for g, text in enumerate(list(seeds) + list(suffixes)):
        if type(text) is not str:
            raise ValueError(f"seeds and suffixes must be str, got {shown(text)}")
        PyUnicode_AsUTF8AndSize(text, &utf8_size)  # what `str.encode` refuses, refused here
    policies = <int*>PyMem_Malloc(max(games, 1) * sizeof(int))
    twisters = <Twister*>PyMem_Malloc(GAMES_SEEDED_TOGETHER * (n + 1) * sizeof(Twister))
    if policies == NULL or twisters == NULL:
        PyMem_Free(policies)
        PyMem_Free(twisters)
        raise MemoryError()
    try:
        for g in range(games):
            policies[g] = _seat_policies(seats[g], n, g)
        # Chance's generator, made once, seeded for each game: a core may draw chance through
        # the object itself (Mausgeflippt's largest "fastest" totals). The seats draw from
        # `twisters` directly, where a block of games' generators are seeded together.
        generators = [_random_module.Random(0) for k in range(n + 1)]
        nothing_kept = [None] * (n + 1)
        played = []
        for first in range(0, games, GAMES_SEEDED_TOGETHER):
            last = min(first + GAMES_SEEDED_TOGETHER, games)
            for g in range(first, last):
                block = twisters + (g - first) * (n + 1)
                size = seeder.text(seeds[g], 0)
                seeder.seed(block, size)
                for k in range(n):
                    seeder.seed(block + k + 1, seeder.text(suffixes[k], size))
            seeder.flush()
            for g in range(first, last):
                block = twisters + (g - first) * (n + 1)
                t = _copy(s)
                if not _IN_PLACE:  # this Python lays a `random.Random` out otherwise
                    for k in range(n + 1):
                        _give_state(block + k, generators[k], (3, None))
                    played.append(_game(t, generators, -1, policies[g]))
                    continue
                draw[0] = _inside(generators[0])
                memcpy(draw[0], block, sizeof(Twister))
                for k in range(1, MAX_SEATS + 1):
                    draw[k] = block + k if k <= n else draw[0]  # beyond the seats: never drawn
                moves = 0
                _run(t, draw, -1, -1, -1, &moves, policies[g], generators[0], nothing_kept)
                played.append((t, moves))
        return played
    finally:
        PyMem_Free(policies)
        PyMem_Free(twisters)
