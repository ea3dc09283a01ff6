# Information-set MCTS inside the core (issue 47, item 3), the same in every core (included after
# `_batch.pxi`): the loop of `tablefeast.agents.ismcts.ISMCTSAgent` (determinization, the tree of
# the searching seat's own decisions, UCB1 with availability counts, one new node per iteration,
# the playout and the reward) with no Python per iteration, drawing from the generator exactly
# what the Python loop draws, in the same order, so that it makes the same choice from the same
# seed. A core defines, besides `_run` and `_decider`:
#
#     cdef int _search_options(State t, int seat, int* codes) except -1
#         `seat`'s legal moves now as codes, in the order `legal_actions` lists them; how many
#         (at most SEARCH_MAX_OPTIONS). A code names one move among every move the seat could
#         have at any of its decisions (the tree tells moves apart by their codes, as the Python
#         loop tells them apart by their values);
#     cdef int _search_apply(State t, int seat, int code) except -1
#         `seat` makes the move `code` (one `_search_options` listed), in place;
#     cdef int _search_determinize(State t, int seat, Twister* twister) except -1
#         the game's `determinize(t, seat, rng)` in place, drawing what it draws: 0, or 1 where
#         the core has no twin of it (SEARCH_DETERMINIZES False): then the pure engine's is
#         called on the converted state, from the same generator;
#     SEARCH_MAX_OPTIONS (an enum): the most moves of one decision;
#     _search_pure_determinize: the pure engine's `determinize` (for SEARCH_DETERMINIZES False).
#
# The floating-point work (the UCB1 values, the sums of rewards, the rewards themselves) is done
# in double precision in the order the Python loop does it, and the build turns off contracted
# multiply-adds (`hatch_build.py`), so every comparison comes out the same.

from libc.math cimport log, sqrt
from libc.stdlib cimport free, malloc, realloc

import time as _time_module

from tablefeast.kernel.errors import GameOverError


cdef enum:
    NO_NODE = -1
    RANDOM_PLAYOUT = 0
    HEURISTIC_PLAYOUT = 1


cdef struct Edge:
    # One move of the seat at one node: the Python loop's dict entries of the move, together.
    int node
    int code
    int child  # the node after it (NO_NODE until the walk first chooses it)
    long long visits  # `_Node.visits` (0: not in that dict)
    long long available  # `_Node.available`
    double value  # `_Node.value`


cdef struct Tree:
    int nodes  # how many nodes (numbered from 0, the root)
    Edge* edges
    int edge_count
    int edge_room
    int* slots  # open addressing from (node, code) to its edge (NO_NODE: an empty slot)
    unsigned int slot_mask  # the number of slots less one (a power of two)


cdef int _tree_init(Tree* tree) except -1:
    cdef unsigned int i
    tree.nodes = 1  # the root
    tree.edge_count = 0
    tree.edge_room = 256
    tree.slot_mask = 511
    tree.edges = <Edge*>malloc(tree.edge_room * sizeof(Edge))
    tree.slots = <int*>malloc((tree.slot_mask + 1) * sizeof(int))
    if tree.edges == NULL or tree.slots == NULL:
        raise MemoryError()
    for i in range(tree.slot_mask + 1):
        tree.slots[i] = NO_NODE
    return 0


cdef void _tree_free(Tree* tree) noexcept:
    free(tree.edges)
    free(tree.slots)
    tree.edges = NULL
    tree.slots = NULL


cdef inline unsigned int _slot_of(unsigned int node, unsigned int code,
                                  unsigned int mask) noexcept nogil:
    cdef unsigned int h = node * 2654435761U ^ (code + 0x9e3779b9U) * 2246822519U
    return (h ^ (h >> 15)) & mask


cdef int _grow_slots(Tree* tree) except -1:
    """Twice the slots, every edge put back (kept at most half full)."""
    cdef unsigned int i, mask = tree.slot_mask * 2 + 1
    cdef int e
    cdef int* slots = <int*>malloc((mask + 1) * sizeof(int))
    if slots == NULL:
        raise MemoryError()
    for i in range(mask + 1):
        slots[i] = NO_NODE
    for e in range(tree.edge_count):
        i = _slot_of(tree.edges[e].node, tree.edges[e].code, mask)
        while slots[i] != NO_NODE:
            i = (i + 1) & mask
        slots[i] = e
    free(tree.slots)
    tree.slots = slots
    tree.slot_mask = mask
    return 0


cdef int _edge(Tree* tree, int node, int code) except -1:
    """The edge of `code` at `node`, made (with no statistics) if there is none yet."""
    cdef unsigned int i = _slot_of(node, code, tree.slot_mask)
    cdef int e = tree.slots[i]
    cdef Edge* grown
    while e != NO_NODE:
        if tree.edges[e].node == node and tree.edges[e].code == code:
            return e
        i = (i + 1) & tree.slot_mask
        e = tree.slots[i]
    if tree.edge_count == tree.edge_room:
        grown = <Edge*>realloc(tree.edges, 2 * tree.edge_room * sizeof(Edge))
        if grown == NULL:
            raise MemoryError()
        tree.edges = grown
        tree.edge_room *= 2
    e = tree.edge_count
    tree.edge_count += 1
    tree.edges[e].node = node
    tree.edges[e].code = code
    tree.edges[e].child = NO_NODE
    tree.edges[e].visits = 0
    tree.edges[e].available = 0
    tree.edges[e].value = 0.0
    tree.slots[i] = e
    if 2 * <unsigned int>tree.edge_count > tree.slot_mask:
        _grow_slots(tree)
    return e


cdef double _reward(State t, int seat, bint finished) except? -1.0:
    """`tablefeast.agents.ismcts.win_share` of a finished game, else `standing`, reckoned in the
    same order (every term a multiple of one half: exact)."""
    cdef tuple totals = scores(t)
    cdef Py_ssize_t i, n = len(totals)
    cdef double share = 0.0, win = 0.0
    mine = totals[seat]
    for i in range(n):
        if i != seat:
            share += 1.0 if mine > totals[i] else 0.5 if mine == totals[i] else 0.0
    share = share / (n - 1)
    if not finished:
        return share
    best = winners(t)
    if seat in best:
        win = 1.0 / len(best)
    return 0.5 * win + 0.5 * share


cdef int _select(Tree* tree, int node, int* codes, int* edges, int count, double c,
                 Twister* twister) except -1:
    """`ISMCTSAgent._select`: every legal move's availability counted, an untried move drawn
    uniformly (in the legal order), else the first move of the highest UCB1; its index."""
    cdef int i, untried = 0, pick, best = -1
    cdef double value, top = 0.0
    cdef Edge* edge
    for i in range(count):
        edges[i] = _edge(tree, node, codes[i])
        tree.edges[edges[i]].available += 1
        if tree.edges[edges[i]].visits == 0:
            untried += 1
    if untried:
        pick = _randbelow(twister, untried)
        for i in range(count):
            if tree.edges[edges[i]].visits == 0:
                if pick == 0:
                    return i
                pick -= 1
    for i in range(count):
        edge = &tree.edges[edges[i]]
        value = edge.value / <double>edge.visits + c * sqrt(
            log(<double>edge.available) / <double>edge.visits
        )
        if best < 0 or value > top:
            best, top = i, value
    return best


cdef int _iterate(Tree* tree, State t, int seat, double c, int left, int policy,
                  Twister** draw, object rng, list kept, dict root_moves,
                  int* path, int* codes, int* edges) except -1:
    """One iteration of `ISMCTSAgent._iterate` on the sampled state `t` (played on in place)."""
    cdef int node = 0, depth = 0, actor, count, pick, e, k
    cdef long long moves = 0
    cdef bint finished = True, expanding
    cdef double reward
    while True:
        if node == NO_NODE:
            finished = _run(t, draw, seat, left, -1, &moves, policy, rng, kept)
            break
        actor = _decider(t)
        if actor == GAME_OVER:
            break
        if actor != seat:  # chance, or another seat: the playout's own move, one step
            _run(t, draw, -1, -1, moves + 1, &moves, policy, rng, kept)
            continue
        count = _search_options(t, seat, codes)
        if count == 1:
            _search_apply(t, seat, codes[0])
            continue
        if count == 0:
            _stuck()
        pick = _select(tree, node, codes, edges, count, c, draw[seat + 1])
        e = edges[pick]
        if node == 0 and codes[pick] not in root_moves:
            root_moves[codes[pick]] = legal_actions(t, seat)[pick]
        path[depth] = e
        depth += 1
        expanding = tree.edges[e].visits == 0
        if tree.edges[e].child == NO_NODE:  # `children.setdefault(action, _Node())`
            tree.edges[e].child = tree.nodes
            tree.nodes += 1
        # One new node per iteration, then the playout; else on down the tree.
        node = NO_NODE if expanding else tree.edges[e].child
        _search_apply(t, seat, codes[pick])
    reward = _reward(t, seat, finished)
    for k in range(depth):
        tree.edges[path[k]].visits += 1
        tree.edges[path[k]].value += reward
    return 0


def ismcts_search(anchor, seat, iterations, exploration, horizon, playout, rng, deadline=None):
    """`tablefeast.agents.ismcts.ISMCTSAgent`'s search, run in the core: each iteration
    determinizes `anchor` for `seat` (the game's `determinize`), walks the tree of the seat's own
    decisions by UCB1 with availability counts, adds one node, plays out with `playout`
    ("random" or "heuristic", the core's playouts) until `horizon` of the seat's own decisions
    after its tree, and backs up `win_share` or `standing`. Every draw from `rng` is the one the
    Python loop makes, in the same order, so the statistics (and the choice made from them)
    are the same as the Python search's from the same generator, and `rng` ends in the same
    state.

    Args:
        anchor: this core's state, the seat's to decide in (a state drawn from its view).
        seat: the searching seat.
        iterations: how many iterations (an int of at least 1).
        exploration: the UCB1 constant (an int or float, at least 0).
        horizon: None, or an int from 0 to 10,000.
        playout: "random" or "heuristic".
        rng: a `random.Random`.
        deadline: None, or a `time.perf_counter()` value: no iteration starts at or after it.

    Returns:
        ``(visits, values, done)``: the root's visit counts and sums of rewards, dicts keyed by
        the seat's moves (the values `legal_actions` gives; only the moves tried), and how many
        iterations were run.

    Raises:
        RecordError: `anchor` is not a state of this core.
        InvalidSeatError: `seat` is not a player's seat of the game.
        GameOverError: the game is over.
        ValueError: any other argument out of its range or of the wrong type.
    """
    cdef Twister spare
    cdef Twister* draw[MAX_SEATS + 1]
    cdef Tree tree
    cdef State s = _state(anchor)
    cdef int who = _seat(seat, _players(s))
    cdef int left = _horizon(horizon)
    cdef int policy, k, e
    cdef long long done = 0, budget
    cdef double c, stop = 0.0
    cdef int* path = NULL
    cdef int codes[SEARCH_MAX_OPTIONS]
    cdef int edges[SEARCH_MAX_OPTIONS]
    cdef State t
    if type(iterations) is not int or not 1 <= iterations <= 1_000_000_000:
        raise ValueError(f"iterations must be an int from 1 to 1,000,000,000, got {shown(iterations)}")
    budget = iterations
    if type(exploration) not in (int, float) or not exploration >= 0 or exploration > 1e300:
        raise ValueError(f"exploration must be a number of at least 0, got {shown(exploration)}")
    c = exploration
    if playout == "random":
        policy = RANDOM_PLAYOUT
    elif playout == "heuristic":
        policy = HEURISTIC_PLAYOUT
    else:
        raise ValueError(f'playout must be "random" or "heuristic", got {shown(playout)}')
    if deadline is not None:
        if type(deadline) is not float and type(deadline) is not int:
            raise ValueError(f"deadline must be None or a perf_counter time, got {shown(deadline)}")
        stop = deadline
    _generator(rng, "rng")
    if _decider(s) == GAME_OVER:
        raise GameOverError("the game is over: there is nothing to search")
    visits = {}
    values = {}
    root_moves = {}
    kept = []
    _tree_init(&tree)
    try:
        draw[0] = _open(rng, &spare, kept)
        for k in range(1, MAX_SEATS + 1):
            draw[k] = draw[0]
        try:
            while done < budget:
                # `time.perf_counter` looked up each time, as the Python loop looks it up
                if deadline is not None and _time_module.perf_counter() >= stop:
                    break
                t = _copy(s)
                if _search_determinize(t, who, draw[0]):
                    _close(rng, draw[0], kept.pop())  # the pure engine draws from `rng` itself
                    t = from_engine(_search_pure_determinize(to_pure(s), who, rng))
                    draw[0] = _open(rng, &spare, kept)
                    for k in range(1, MAX_SEATS + 1):
                        draw[k] = draw[0]
                # A walk goes down through nodes that exist when it starts, each once.
                path = <int*>realloc(path, (tree.nodes + 1) * sizeof(int))
                if path == NULL:
                    raise MemoryError()
                _iterate(&tree, t, who, c, left, policy, draw, rng, kept, root_moves, path,
                         codes, edges)
                done += 1
        finally:
            if kept:
                _close(rng, draw[0], kept[0])
        for e in range(tree.edge_count):
            if tree.edges[e].node == 0 and tree.edges[e].visits:
                move = root_moves[tree.edges[e].code]
                visits[move] = tree.edges[e].visits
                values[move] = tree.edges[e].value
    finally:
        free(path)
        _tree_free(&tree)
    return visits, values, done


def search_determinize(state, seat, rng):
    """The state `ismcts_search` samples for `seat` from `state` with `rng`: the game's
    `determinize`, in the core where it has a twin of it (the same draws, the same state, which
    the tests check), else the pure engine's on the converted state.

    Raises:
        RecordError: `state` is not a state of this core.
        InvalidSeatError: `seat` is not a player's seat of the game.
        ValueError: `rng` is not a `random.Random`.
    """
    cdef Twister spare
    cdef Twister* draw
    cdef State s = _state(state)
    cdef int who = _seat(seat, _players(s))
    cdef State t = _copy(s)
    cdef int inside
    _generator(rng, "rng")
    kept = []
    draw = _open(rng, &spare, kept)
    try:
        inside = _search_determinize(t, who, draw) == 0
    finally:
        _close(rng, draw, kept[0])
    if inside:
        return t
    return from_engine(_search_pure_determinize(to_pure(s), who, rng))
