# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Mausgeflippt's native core: the state as C arrays and the hot path of the contract.

The pure engine (`tablefeast.games.mausgeflippt`) is the reference. This core answers `actors`,
`legal_actions`, `chance_distribution`, `apply_action`, `is_terminal`, `scores` and `winners` for
a `State` of its own, and plays whole games in `random_playout`; every transition is native: the
race and its commitments (MG-2), who was fastest (MG-3), what each claim earns (MG-4 to MG-10), the
wrong flipper's face-down choice (MG-17), the draws, turns and awards, reshuffles and lapses
(MG-8, MG-11) and the end (MG-12, MG-13, MG-19). It returns the pure engine's own action values.
Every move it does not take on its fast path (an illegal one, or one given as another type) goes
to the pure engine on the converted state, so that bad input raises exactly the reference's
error; `fallbacks()` counts them. Every rule below cites its ruling as the pure engine's code does.
It also steps a batch of games (issue 46, `_batch.pxi` and `_mausgeflippt_batch.pxi`): each env's
observation tensor and legal ids written into NumPy rows, its opponents playing at random or the
heuristic, as the Python loop plays them.

A card set is chosen by the config (MG-0, up to the bounds of MG-20), so a state's arrays are
sized by it: one block of ints per state, laid out by a `Layout` shared by the states of a config.
"""

cimport cython

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy, memmove, memset

from tablefeast.games.mausgeflippt import rules as _pure
from tablefeast.games.mausgeflippt.catalog import TITLE
from tablefeast.games.mausgeflippt.actions import (
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Pass,
    Play,
    RevealCheese,
    RevealMouse,
)
from tablefeast.games.mausgeflippt.checks import check_state
from tablefeast.games.mausgeflippt.components import MAX_CHEESES as _MAX_CHEESES
from tablefeast.games.mausgeflippt.components import MAX_CLOTHING as _MAX_CLOTHING
from tablefeast.games.mausgeflippt.config import CHEESE_PENALTY as _CHEESE_PENALTY
from tablefeast.games.mausgeflippt.config import CLOTHING_PENALTY as _CLOTHING_PENALTY
from tablefeast.games.mausgeflippt.config import HAND_SIZE as _HAND_SIZE
from tablefeast.games.mausgeflippt.config import MOUSE_POINTS as _MOUSE_POINTS
from tablefeast.games.mausgeflippt.config import MAX_FACE_DOWN as _MAX_FACE_DOWN
from tablefeast.games.mausgeflippt.config import YOUNG_HAND_SIZE as _YOUNG_HAND_SIZE
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.race import fastest_distribution
from tablefeast.games.mausgeflippt.state import State as PureState
from tablefeast.kernel.chance import CHANCE as _CHANCE
from tablefeast.kernel.deck import Pile
from tablefeast.kernel.errors import ConfigError, InvalidSeatError, RecordError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.seats import check_actor_seat

cdef enum:
    MAX_SEATS = 6
    MAX_PENDING = 48  # the hands' sizes together (HAND_SIZE a seat at most, MG-1): from_engine bounds it
    MASKS = 64  # the sets of seats
    NONE = -1
    NO_CODE = -100  # a commitment slot with no code (PASS is -1, FLIP -2)
    PASS = -1
    FLIP = -2
    # The chance nodes, in the order they come up (as `rules`).
    MOUSE_AWARD = 0
    CHEESE_AWARD = 1
    DRAW = 2
    TURN_CHEESE = 3
    TURN_MOUSE = 4
    FASTEST = 5
    NO_PHASE = -1

include "_random.pxi"


cdef int MAX_FACE_DOWN = _MAX_FACE_DOWN  # MG-6: read from the config, told once
cdef int MOUSE_POINTS = _MOUSE_POINTS  # MG-14, as MAX_FACE_DOWN
cdef int CLOTHING_PENALTY = _CLOTHING_PENALTY
cdef int CHEESE_PENALTY = _CHEESE_PENALTY
if MAX_SEATS * max(_HAND_SIZE, _YOUNG_HAND_SIZE) > MAX_PENDING:
    # the hand sizes are read here once; the arrays' sizes are fixed when the core is built
    raise ImportError("the hand sizes no longer fit the core's arrays (MAX_PENDING)")
cdef int MAX_CLOTHING = _MAX_CLOTHING  # MG-20: the most of any count of clothing cards
cdef int MAX_CHEESES = _MAX_CHEESES  # MG-20: of cheese cards
cdef object PASS_ACTION = _pure.PASS_ACTION
cdef object FLIP_ACTION = _pure.FLIP_ACTION
cdef tuple CHANCE_ONLY = (_CHANCE,)
cdef tuple PENDING = tuple(
    tuple([s for s in range(MAX_SEATS) if mask >> s & 1]) for mask in range(MASKS)
)
cdef tuple SOLO = tuple((s,) for s in range(MAX_SEATS))
cdef object TWO_64 = int("18446744073709551616")  # 2**64, as a Python int


cdef class Layout:
    """What a config fixes: the card set's sizes and tables, where each field of a state lies in
    its block of ints, and the speed model's distribution for every set of claimants (MG-3)."""

    cdef object config
    cdef int n, items, mice, cheeses, size
    cdef int hand_size[MAX_SEATS]
    cdef int young  # MG-15: the seats whose hands lie face up, as a set (what a view shows)
    cdef int o_hands, o_pile, o_discard, o_face_up, o_face_down, o_placing
    cdef int o_unseen, o_bottom, o_caught, o_cheese_pile, o_cheeses
    cdef unsigned char* wears  # [mouse * items + item]: the mouse wears the item (MG-4)
    cdef int* mouse_cheese
    cdef tuple plays, face_downs, draws, reveal_mice, reveal_cheeses
    cdef dict play_index, face_down_index, draw_index, mouse_index, cheese_index
    # Per set of claimants: the speed model's outcomes (sets of seats) and weights, in the pure
    # distribution's order; `big` where the total does not fit 64 bits (drawn through Python).
    cdef list fastest
    cdef int out_count[MASKS]
    cdef int out_mask[MASKS][MASKS]
    cdef uint64_t out_weight[MASKS][MASKS]
    cdef uint64_t out_total[MASKS]
    cdef bint big[MASKS]
    cdef uint64_t possible[MASKS]  # bit f: the set f can be fastest among the claimants

    def __dealloc__(self):
        PyMem_Free(self.wears)
        PyMem_Free(self.mouse_cheese)


cdef Layout _new_layout(object config):
    cdef Layout L = Layout.__new__(Layout)
    cdef int s, m, i, k, claim, outcome
    tables = config.card_set.tables
    L.config = config
    L.n = config.players
    L.items = len(tables.items)
    L.mice = len(tables.mouse_ids)
    L.cheeses = len(tables.cheese_names)
    for s in range(L.n):
        L.hand_size[s] = config.hand_size(s)  # MG-1, MG-15
    L.young = 0
    for s in config.young_seats:  # MG-15
        L.young |= 1 << s
    n, items = L.n, L.items
    L.o_hands = 0
    L.o_pile = n * items
    L.o_discard = L.o_pile + items
    L.o_face_up = L.o_discard + items
    L.o_face_down = L.o_face_up + n * items
    L.o_placing = L.o_face_down + n * items
    L.o_unseen = L.o_placing + n * items
    L.o_bottom = L.o_unseen + L.mice
    L.o_caught = L.o_bottom + L.mice
    L.o_cheese_pile = L.o_caught + n * L.mice
    L.o_cheeses = L.o_cheese_pile + L.cheeses
    L.size = L.o_cheeses + n * L.cheeses
    L.wears = <unsigned char*>PyMem_Malloc(max(1, L.mice * items))
    L.mouse_cheese = <int*>PyMem_Malloc(max(1, L.mice) * sizeof(int))
    if L.wears == NULL or L.mouse_cheese == NULL:
        raise MemoryError()
    for m in range(L.mice):
        wears = tables.wears[m]
        for i in range(items):
            L.wears[m * items + i] = wears >> i & 1
        L.mouse_cheese[m] = tables.mouse_cheese[m]
    L.plays = tables.plays
    L.face_downs = tables.face_downs
    L.draws = tables.draws
    L.reveal_mice = tables.reveal_mice
    L.reveal_cheeses = tables.reveal_cheeses
    L.play_index = dict(tables.play_index)
    L.face_down_index = dict(tables.face_down_index)
    L.draw_index = dict(tables.draw_index)
    L.mouse_index = dict(tables.mouse_index)
    L.cheese_index = dict(tables.cheese_index)
    L.fastest = [None] * MASKS
    for claim in range(MASKS):
        L.out_count[claim] = 0
        L.possible[claim] = 0
        L.big[claim] = False
        racers = PENDING[claim]
        if len(racers) < 2 or claim >> n:
            continue
        distribution = fastest_distribution(config, racers)  # MG-3, MG-16
        L.fastest[claim] = native_distribution(tuple(distribution))  # sampled compiled
        support, weights, total = distribution
        L.big[claim] = total >= TWO_64
        L.out_total[claim] = 0 if L.big[claim] else total
        L.out_count[claim] = len(support)
        for k in range(len(support)):
            outcome = 0
            for s in support[k].seats:
                outcome |= 1 << s
            L.out_mask[claim][k] = outcome
            L.out_weight[claim][k] = 0 if L.big[claim] else weights[k]
            if weights[k]:
                L.possible[claim] |= (<uint64_t>1) << outcome
    return L


cdef dict _LAYOUTS = {}
"""Layouts by config (bounded: cleared when full); a config is hashed only when a state is made
from a config or a pure state, never on the hot path."""


cdef Layout _last_layout = None  # the layout last asked for, found by its config's identity


cdef Layout _layout(object config):
    global _last_layout
    if _last_layout is not None and _last_layout.config is config:
        return _last_layout  # a batch's episodes start from one config object (issue 46)
    cdef Layout L = _LAYOUTS.get(config)
    if L is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        L = _LAYOUTS[config] = _new_layout(config)
    _last_layout = L
    return L


cdef struct Table:
    # The state's fields of a fixed size; those sized by the card set lie in `State.data`.
    int placers[MAX_SEATS]
    int placers_len
    int placing_mouse
    int bottom_len  # the mice put under the stack, in `data` from o_bottom (MG-8, MG-9)
    int open_mouse
    int caught_len[MAX_SEATS]
    int open_cheese
    int turner
    int commitments[MAX_SEATS]
    int landed[MAX_SEATS]
    int mouse_awards[MAX_SEATS]
    int mouse_awards_len
    int cheese_awards[MAX_SEATS]
    int cheese_awards_len
    int pending[MAX_PENDING]
    int pending_len
    bint cheese_to_turn
    int idle
    bint racing
    bint game_over
    # Sums kept up to date, so that no rule adds up an array to ask "is it empty?".
    int pile_total, discard_total, unseen_total, cheese_total
    int held[MAX_SEATS]
    int face_down_count[MAX_SEATS]


include "_state.pxi"


@cython.final  # no subclass: an entry point takes exactly this class
@cython.no_gc  # no cycle can pass through a state: it holds its config, never itself
cdef class State(_NativeState):
    """A Mausgeflippt state held as C arrays (see `tablefeast.games.mausgeflippt.state.State`)."""

    cdef readonly object config
    cdef Layout L
    cdef Table v
    cdef int* data

    def __dealloc__(self):
        PyMem_Free(self.data)

    @property
    def commitments(self):
        """Per seat, this race's commitment code, or None (read by the driver's `Observer` at
        every move, so kept off the slow path of `__getattr__`)."""
        cdef int i
        return tuple([None if self.v.commitments[i] == NO_CODE else self.v.commitments[i]
                      for i in range(self.L.n)])


include "_checks.pxi"


cdef inline int _players(State s):
    return s.L.n


cdef State _blank(Layout L):
    cdef State t = State.__new__(State)
    t.config = L.config
    t.L = L
    t.data = <int*>PyMem_Malloc(max(1, L.size) * sizeof(int))
    if t.data == NULL:
        raise MemoryError()
    return t


cdef inline State _copy(State s):
    cdef State t = _blank(s.L)
    t.v = s.v
    memcpy(t.data, s.data, s.L.size * sizeof(int))
    return t


# Where each array of a state lies in its block.
cdef inline int* _hand(State t, int seat):
    return t.data + t.L.o_hands + seat * t.L.items


cdef inline int* _face_up(State t, int seat):
    return t.data + t.L.o_face_up + seat * t.L.items


cdef inline int* _face_down(State t, int seat):
    return t.data + t.L.o_face_down + seat * t.L.items


cdef inline int* _placing(State t, int seat):
    return t.data + t.L.o_placing + seat * t.L.items


cdef inline int* _caught(State t, int seat):
    return t.data + t.L.o_caught + seat * t.L.mice


cdef inline int* _cheeses(State t, int seat):
    return t.data + t.L.o_cheeses + seat * t.L.cheeses


def initial_state(config):
    """The table before the deal (MG-1), as `tablefeast.games.mausgeflippt.initial_state`."""
    cdef Layout L = _layout(_config(config))
    cdef State t = _blank(L)
    cdef int s, k
    tables = config.card_set.tables
    memset(t.data, 0, L.size * sizeof(int))
    memset(&t.v, 0, sizeof(Table))
    for k in range(L.items):
        t.data[L.o_pile + k] = tables.clothing_counts[k]
        t.v.pile_total += tables.clothing_counts[k]
    for k in range(L.mice):
        t.data[L.o_unseen + k] = 1
    t.v.unseen_total = L.mice
    for k in range(L.cheeses):
        t.data[L.o_cheese_pile + k] = tables.cheese_counts[k]
        t.v.cheese_total += tables.cheese_counts[k]
    t.v.placing_mouse = NONE
    t.v.open_mouse = NONE
    t.v.open_cheese = NONE
    t.v.turner = config.first_turner
    for s in range(L.n):
        t.v.commitments[s] = NO_CODE
        t.v.landed[s] = NO_CODE
        for k in range(L.hand_size[s]):  # MG-1, MG-15: the deal, in seat order
            t.v.pending[t.v.pending_len] = s
            t.v.pending_len += 1
    t.v.cheese_to_turn = True
    return t


# ---------------------------------------------------------------- conversion


cdef tuple _counts(int* row, int size):
    cdef int k
    return tuple([row[k] for k in range(size)])


cdef object _code(int code):
    return None if code == NO_CODE else code


def to_pure(state):
    """The pure engine's state equal to `state`."""
    cdef State s = _state(state)
    cdef Layout L = s.L
    cdef int i, k, n = L.n, items = L.items
    return PureState(
        config=s.config,
        hands=tuple([_counts(_hand(s, i), items) for i in range(n)]),
        clothing_pile=_counts(s.data + L.o_pile, items),
        discard=_counts(s.data + L.o_discard, items),
        face_up=tuple([_counts(_face_up(s, i), items) for i in range(n)]),
        face_down=tuple([_counts(_face_down(s, i), items) for i in range(n)]),
        placing=tuple([_counts(_placing(s, i), items) for i in range(n)]),
        placers=tuple([s.v.placers[k] for k in range(s.v.placers_len)]),
        placing_mouse=None if s.v.placing_mouse == NONE else s.v.placing_mouse,
        mice=Pile(_counts(s.data + L.o_unseen, L.mice), _counts(s.data + L.o_bottom, s.v.bottom_len)),
        open_mouse=None if s.v.open_mouse == NONE else s.v.open_mouse,
        caught=tuple([_counts(_caught(s, i), s.v.caught_len[i]) for i in range(n)]),
        cheese_pile=_counts(s.data + L.o_cheese_pile, L.cheeses),
        open_cheese=None if s.v.open_cheese == NONE else s.v.open_cheese,
        cheeses=tuple([_counts(_cheeses(s, i), L.cheeses) for i in range(n)]),
        turner=s.v.turner,
        commitments=tuple([_code(s.v.commitments[i]) for i in range(n)]),
        landed=tuple([_code(s.v.landed[i]) for i in range(n)]),
        mouse_awards=tuple([s.v.mouse_awards[k] for k in range(s.v.mouse_awards_len)]),
        cheese_awards=tuple([s.v.cheese_awards[k] for k in range(s.v.cheese_awards_len)]),
        pending_draws=tuple([s.v.pending[k] for k in range(s.v.pending_len)]),
        cheese_to_turn=bool(s.v.cheese_to_turn),
        idle=s.v.idle,
        racing=bool(s.v.racing),
        game_over=bool(s.v.game_over),
    )


include "_conversion.pxi"


cdef enum:
    MOST_IDLE = 1 << 20  # MG-13: idle races end the game long before


cdef int _fill(int* row, object values, int size, int most, str field, Py_ssize_t i,
               int* total) except -1:
    """`values`, a tuple of `size` counts from 0 to `most`, into `row` (their sum added to
    `total`, unless NULL)."""
    cdef int k
    cdef tuple counts = _tuple(values, size, size, field, i)
    for k in range(size):
        row[k] = _int(counts[k], 0, most, field, i, k)
        if total != NULL:
            total[0] += row[k]
    return 0


cdef int _fill_indices(int* row, object values, int most_len, int high, str field,
                       Py_ssize_t i) except -1:
    """`values`, a tuple of at most `most_len` ints from 0 to `high` (seats, mice), into `row`;
    returns how many."""
    cdef int k, size
    cdef tuple entries = _tuple(values, 0, most_len, field, i)
    size = len(entries)
    for k in range(size):
        row[k] = _int(entries[k], 0, high, field, i, k)
    return size


cdef State _from_checked(object state):
    # Every field read as `from_engine` says (issue 45, item 7): a type, a length or a value the
    # arrays cannot take is refused, and so is a state from which play would index outside them.
    cdef Layout L = _layout(state.config)
    cdef State t = _blank(L)
    cdef int i, k, n = L.n, items = L.items, mice = 0, placing, code
    cdef tuple hands, face_up, face_down, placings, caught, cheeses, commitments, landed
    memset(&t.v, 0, sizeof(Table))
    hands = _tuple(state.hands, n, n, "hands", -1)
    face_up = _tuple(state.face_up, n, n, "face_up", -1)
    face_down = _tuple(state.face_down, n, n, "face_down", -1)
    placings = _tuple(state.placing, n, n, "placing", -1)
    caught = _tuple(state.caught, n, n, "caught", -1)
    cheeses = _tuple(state.cheeses, n, n, "cheeses", -1)
    commitments = _tuple(state.commitments, n, n, "commitments", -1)
    landed = _tuple(state.landed, n, n, "landed", -1)
    for i in range(n):
        _fill(_hand(t, i), hands[i], items, MAX_CLOTHING, "hands", i, &t.v.held[i])
        _fill(_face_up(t, i), face_up[i], items, MAX_CLOTHING, "face_up", i, NULL)
        _fill(_face_down(t, i), face_down[i], items, MAX_CLOTHING, "face_down", i,
              &t.v.face_down_count[i])
        _fill(_placing(t, i), placings[i], items, MAX_CLOTHING, "placing", i, NULL)
        t.v.caught_len[i] = _fill_indices(_caught(t, i), caught[i], L.mice, L.mice - 1,
                                          "caught", i)
        mice += t.v.caught_len[i]
        _fill(_cheeses(t, i), cheeses[i], L.cheeses, MAX_CHEESES, "cheeses", i, NULL)
        code = _int_or_none(commitments[i], FLIP, items - 1, NO_CODE, "commitments", i)
        if code >= 0 and _hand(t, i)[code] <= 0:  # MG-2: a card played is one in hand
            raise _unsound(f"seat {i} committed an item its hand does not hold (MG-2)")
        t.v.commitments[i] = code
        t.v.landed[i] = _int_or_none(landed[i], FLIP, items - 1, NO_CODE, "landed", i)
    _fill(t.data + L.o_pile, state.clothing_pile, items, MAX_CLOTHING, "clothing_pile", -1,
          &t.v.pile_total)
    _fill(t.data + L.o_discard, state.discard, items, MAX_CLOTHING, "discard", -1,
          &t.v.discard_total)
    pile = state.mice
    if type(pile) is not Pile:
        raise _unsound(f"mice is not a Pile: {shown(pile)}")
    _fill(t.data + L.o_unseen, pile.unseen, L.mice, 1, "mice.unseen", -1, &t.v.unseen_total)
    t.v.bottom_len = _fill_indices(t.data + L.o_bottom, pile.bottom, L.mice, L.mice - 1,
                                   "mice.bottom", -1)
    _fill(t.data + L.o_cheese_pile, state.cheese_pile, L.cheeses, MAX_CHEESES, "cheese_pile", -1,
          &t.v.cheese_total)
    t.v.placers_len = _fill_indices(t.v.placers, state.placers, MAX_SEATS, n - 1, "placers", -1)
    t.v.placing_mouse = _int_or_none(state.placing_mouse, 0, L.mice - 1, NONE, "placing_mouse", -1)
    t.v.open_mouse = _int_or_none(state.open_mouse, 0, L.mice - 1, NONE, "open_mouse", -1)
    t.v.open_cheese = _int_or_none(state.open_cheese, 0, L.cheeses - 1, NONE, "open_cheese", -1)
    t.v.turner = _int(state.turner, 0, n - 1, "turner", -1, -1)
    t.v.mouse_awards_len = _fill_indices(t.v.mouse_awards, state.mouse_awards, MAX_SEATS, n - 1,
                                         "mouse_awards", -1)
    t.v.cheese_awards_len = _fill_indices(t.v.cheese_awards, state.cheese_awards, MAX_SEATS,
                                          n - 1, "cheese_awards", -1)
    t.v.pending_len = _fill_indices(t.v.pending, state.pending_draws, MAX_PENDING, n - 1,
                                    "pending_draws", -1)
    t.v.cheese_to_turn = _bool(state.cheese_to_turn, "cheese_to_turn", -1)
    t.v.idle = _int(state.idle, 0, MOST_IDLE, "idle", -1, -1)
    t.v.racing = _bool(state.racing, "racing", -1)
    t.v.game_over = _bool(state.game_over, "game_over", -1)
    # MG-4, MG-8, MG-9: a mouse is unseen, under the stack, caught or open, and moves only
    # between these places: so no stack or catch can outgrow its row of one per mouse.
    mice += t.v.unseen_total + t.v.bottom_len + (t.v.open_mouse != NONE)
    if mice > L.mice:
        raise _unsound(f"{mice} mice unseen, under the stack, caught or open (at most {L.mice})")
    if not t.v.game_over:
        _playable(t)
    return t


cdef int _playable(State t) except -1:
    """Refuse a state from which play would index outside an array or draw from nothing: a race
    has its open mouse (MG-2) and no wrong flipper waiting (MG-17), and its commitments, once
    all made, two claimants at least (MG-3); no commitment outside a race; each wrong flipper
    once, with cards to lay (MG-17); and the chance node the state is at has something to draw
    (MG-1, MG-8: the rules lapse an award or a draw that has not)."""
    cdef int i, j, k, seen = 0, total, phase
    cdef int* cards
    if t.v.racing:
        if t.v.open_mouse == NONE or t.v.placers_len:
            raise _unsound("a race with no open mouse, or a wrong flipper waiting (MG-2)")
        if not _uncommitted(t):
            total = 0
            for i in range(t.L.n):
                total += t.v.commitments[i] != PASS
            if total < 2:
                raise _unsound("a race every seat committed to, yet not resolved (MG-3)")
    else:
        for i in range(t.L.n):
            if t.v.commitments[i] != NO_CODE:
                raise _unsound(f"seat {i} committed outside a race (MG-2)")
    for k in range(t.v.placers_len):
        i = t.v.placers[k]
        cards = _placing(t, i)
        total = 0
        for j in range(t.L.items):
            total += cards[j]
        if seen >> i & 1 or not total:
            raise _unsound(f"wrong flipper {i} listed twice, or with no cards to lay (MG-17)")
        seen |= 1 << i
    phase = _phase(t)
    if phase == DRAW:
        total = t.v.pile_total
    elif phase == TURN_MOUSE or phase == MOUSE_AWARD:
        total = t.v.unseen_total
    elif phase == TURN_CHEESE or phase == CHEESE_AWARD:
        total = t.v.cheese_total
    else:
        total = 1
    if total <= 0:
        raise _unsound("a card, mouse or cheese to draw, and none left to draw (MG-8, MG-11)")
    return 0


# ---------------------------------------------------------------- who acts


cdef inline int _uncommitted(State s):
    cdef int i, mask = 0
    for i in range(s.L.n):
        if s.v.commitments[i] == NO_CODE:
            mask |= 1 << i
    return mask


cdef inline int _claimants(State s):
    """The seats that did not pass, as a set (MG-3)."""
    cdef int i, mask = 0
    for i in range(s.L.n):
        if s.v.commitments[i] != NO_CODE and s.v.commitments[i] != PASS:
            mask |= 1 << i
    return mask


cdef int _phase(State s):
    """Which chance node the state is at, or NO_PHASE (as `rules._phase`)."""
    if s.v.racing:
        return FASTEST if _uncommitted(s) == 0 else NO_PHASE
    if s.v.game_over or s.v.placers_len:
        return NO_PHASE
    if s.v.mouse_awards_len:
        return MOUSE_AWARD
    if s.v.cheese_awards_len:
        return CHEESE_AWARD
    if s.v.pending_len:
        return DRAW
    if s.v.cheese_to_turn:
        return TURN_CHEESE
    return TURN_MOUSE


def actors(state):
    """The racers still to commit, else CHANCE (who was fastest, or the chance work pending), or
    the wrong flipper choosing its face-down card (MG-2, MG-3, MG-17)."""
    cdef State s = _state(state)
    cdef int waiting
    if s.v.racing:
        waiting = _uncommitted(s)
        return PENDING[waiting] if waiting else CHANCE_ONLY  # MG-2, MG-3
    if s.v.game_over:
        return ()
    if s.v.placers_len:
        return SOLO[s.v.placers[0]]  # MG-17: a wrong flipper chooses first
    return CHANCE_ONLY


def is_terminal(state):
    """True once the game has ended (MG-12, MG-13)."""
    cdef State s = _state(state)
    return bool(s.v.game_over)


cdef inline bint _may_commit(State s, int player):
    return s.v.racing and 0 <= player < s.L.n and s.v.commitments[player] == NO_CODE


# ---------------------------------------------------------------- chance


def chance_distribution(state):
    """The exact distribution of the current chance node, as the pure engine's; elsewhere the
    pure engine raises its error."""
    cdef State s = _state(state)
    cdef Layout L = s.L
    cdef int phase = _phase(s)
    if phase == DRAW:
        return native_distribution(
            (L.draws, _counts(s.data + L.o_pile, L.items), s.v.pile_total)
        )
    if phase == TURN_MOUSE or phase == MOUSE_AWARD:
        return native_distribution(
            (L.reveal_mice, _counts(s.data + L.o_unseen, L.mice), s.v.unseen_total)
        )
    if phase == TURN_CHEESE or phase == CHEESE_AWARD:
        return native_distribution(
            (L.reveal_cheeses, _counts(s.data + L.o_cheese_pile, L.cheeses), s.v.cheese_total)
        )
    if phase == FASTEST:
        return L.fastest[_claimants(s)]  # MG-3, MG-16: the speed model
    return _pure.chance_distribution(to_pure(s))


# ---------------------------------------------------------------- legal actions


cdef tuple _choices(State s, int seat):
    """Pass, a Play of each item in hand, and Flip unless MAX_FACE_DOWN cards lie face down (MG-2,
    MG-6), in the pure engine's order."""
    cdef int k
    cdef int* hand = _hand(s, seat)
    plays = s.L.plays
    choices = [PASS_ACTION]
    for k in range(s.L.items):
        if hand[k]:
            choices.append(plays[k])
    if s.v.face_down_count[seat] < MAX_FACE_DOWN:  # MG-6
        choices.append(FLIP_ACTION)
    return tuple(choices)


def legal_actions(state, player):
    """The legal actions of `player` now: Pass, Plays and Flip in a race (MG-2, MG-6), the
    items a wrong flipper may lay face down (MG-17), or for CHANCE the outcomes."""
    cdef State s = _state(state)
    cdef int p, k
    cdef int* placing
    if type(player) is int and -1 <= player < MAX_SEATS:  # compared before a C conversion
        p = player
        if _may_commit(s, p):
            return _choices(s, p)
        if s.v.placers_len and s.v.placers[0] == p and not s.v.game_over:  # MG-17
            placing = _placing(s, p)
            return tuple([s.L.face_downs[k] for k in range(s.L.items) if placing[k]])
        if p == NONE and _phase(s) != NO_PHASE:
            return chance_distribution(s).outcomes
    check_actor_seat(player, s.L.n)
    return ()


# ---------------------------------------------------------------- transitions


cdef inline void _pop_front(int* queue, int* length):
    cdef int k
    length[0] -= 1
    for k in range(length[0]):
        queue[k] = queue[k + 1]


cdef inline int _mice_left(State t):
    return t.v.unseen_total + t.v.bottom_len


cdef inline void _put_under(State t, int mouse):
    """The mouse goes face down under the stack, where everyone saw it go (MG-4, MG-9)."""
    t.data[t.L.o_bottom + t.v.bottom_len] = mouse
    t.v.bottom_len += 1


cdef inline int _draw_known(State t):
    """The top of the stack when it is a mouse put under it, known to all (MG-8)."""
    cdef int* bottom = t.data + t.L.o_bottom
    cdef int mouse = bottom[0]
    _pop_front(bottom, &t.v.bottom_len)
    return mouse


cdef inline void _catch(State t, int seat, int mouse):
    _caught(t, seat)[t.v.caught_len[seat]] = mouse
    t.v.caught_len[seat] += 1


cdef void _lay(State t, int seat, int* cards, int down):
    """A wrong flip's cards laid in front of `seat`: one card of the item `down` face down,
    every other card face up (MG-5, MG-17)."""
    cdef int k
    cdef int* up = _face_up(t, seat)
    for k in range(t.L.items):
        up[k] += cards[k]
    up[down] -= 1
    _face_down(t, seat)[down] += 1
    t.v.face_down_count[seat] += 1


cdef inline bint _over(State t):
    """MG-12: the last mouse is caught, or the last cheese taken."""
    return (t.v.open_mouse == NONE and _mice_left(t) == 0) or (
        t.v.open_cheese == NONE and t.v.cheese_total == 0
    )


cdef void _lapse(State t):
    """MG-8: the awards that can no longer be given lapse."""
    if t.v.mouse_awards_len and _mice_left(t) == 0:
        t.v.mouse_awards_len = 0
    if t.v.cheese_awards_len and t.v.cheese_total == 0:
        t.v.cheese_awards_len = 0


cdef bint _reshuffle(State t):
    """MG-11: with a card owed and the clothing pile empty, the discard pile becomes the new
    draw pile; whether it did."""
    cdef int k
    if t.v.pending_len and t.v.pile_total == 0 and t.v.discard_total:
        for k in range(t.L.items):
            t.data[t.L.o_pile + k] = t.data[t.L.o_discard + k]
            t.data[t.L.o_discard + k] = 0
        t.v.pile_total = t.v.discard_total
        t.v.discard_total = 0
        return True
    return False


cdef void _end(State t):
    """The end (MG-12, MG-13); MG-19: a wrong flipper's choice still owed is not asked: the
    first of its items in card-set order lies face down, as any would."""
    cdef int j, seat, first
    cdef int* cards
    for j in range(t.v.placers_len):
        seat = t.v.placers[j]
        cards = _placing(t, seat)
        first = 0
        while not cards[first]:
            first += 1
        _lay(t, seat, cards, first)
        memset(cards, 0, t.L.items * sizeof(int))
    t.v.placers_len = 0
    t.v.placing_mouse = NONE
    t.v.game_over = True
    t.v.pending_len = 0  # MG-19: draws change no score; the game is simply over
    t.v.cheese_to_turn = False


cdef void _settle(State t):
    """The work that needs no decision and no chance (as `race.settle`): mice owed from a known
    stack top, awards that cannot be given, the end (MG-12), a reshuffle (MG-11), and turning a
    mouse whose identity everyone knows."""
    cdef int seat
    while True:
        if t.v.placers_len:  # MG-17: a wrong flipper chooses its face-down card first,
            if _over(t):  # unless the game is over (MG-12): then it is not asked (MG-19)
                _lapse(t)
                if not t.v.mouse_awards_len and not t.v.cheese_awards_len:
                    _end(t)
                    return
            _reshuffle(t)
            return
        if t.v.mouse_awards_len:
            if t.v.unseen_total:
                return  # chance: which mouse is on top
            seat = t.v.mouse_awards[0]
            _pop_front(t.v.mouse_awards, &t.v.mouse_awards_len)
            if t.v.bottom_len:  # MG-8: the top of the stack is a mouse put under it
                _catch(t, seat, _draw_known(t))
            continue  # MG-8: when the stack is empty, no more mice are given
        if t.v.cheese_awards_len:
            if t.v.cheese_total:
                return  # chance: which cheese comes next
            t.v.cheese_awards_len = 0  # MG-8: only while there is one
            continue
        if t.v.game_over:
            return
        if _over(t):
            _end(t)  # MG-12
            return
        if t.v.pending_len:
            if t.v.pile_total or _reshuffle(t):
                return
            t.v.pending_len = 0  # MG-11: nothing left to draw; each owed draw lapses
            continue
        if not t.v.cheese_to_turn and t.v.open_mouse == NONE and t.v.unseen_total == 0:
            t.v.open_mouse = _draw_known(t)  # the next mouse was put under: known to all
            t.v.racing = True  # MG-2
        return


cdef void _resolve(State t, int fastest):
    """Resolve a race whose fastest claimants are the set `fastest` (empty: everybody passed,
    MG-9); claimants not in it were too slow: nothing happens to them (MG-3)."""
    cdef Layout L = t.L
    cdef int n = L.n, items = L.items
    cdef int i, k, seat, code, count_right = 0, count_draws = 0, first_right = NONE
    cdef int matching, last_match, held
    cdef int order[MAX_SEATS]
    cdef int order_len = 0
    cdef int right[MAX_SEATS]
    cdef int codes[MAX_SEATS]
    cdef int mouse = t.v.open_mouse
    cdef unsigned char* wears = L.wears + mouse * items
    cdef bint protected = L.mouse_cheese[mouse] == t.v.open_cheese  # MG-7
    cdef int* hand
    cdef int* cards
    for i in range(n):
        codes[i] = t.v.commitments[i]
        t.v.landed[i] = codes[i] if fastest >> i & 1 else NO_CODE  # what all saw land (MG-3)
        t.v.commitments[i] = NO_CODE
    t.v.racing = False
    t.v.open_mouse = NONE
    if not fastest:  # MG-9: nobody claims; the mouse goes under, the same turner turns again
        _put_under(t, mouse)
        t.v.idle += 1
        if t.v.idle >= _mice_left(t):  # MG-13
            _end(t)
        else:
            _settle(t)
        return
    for i in range(n):  # MG-8: clockwise from the turner
        seat = (t.v.turner + i) % n
        if fastest >> seat & 1:
            order[order_len] = seat
            order_len += 1
    t.v.pending_len = 0  # MG-18: drawn in MG-8 order, after every claim
    for i in range(order_len):
        seat = order[i]
        code = codes[seat]
        hand = _hand(t, seat)
        if code >= 0:  # a Play
            hand[code] -= 1
            t.v.held[seat] -= 1
            if wears[code]:  # MG-4 (and MG-7): the mouse wears it; to the discard pile
                t.data[L.o_discard + code] += 1
                t.v.discard_total += 1
                right[count_right] = seat
                count_right += 1
            else:  # MG-4: the card lies face up in front of the player
                _face_up(t, seat)[code] += 1
            t.v.pending[t.v.pending_len] = seat  # MG-4: draw one card
            t.v.pending_len += 1
            continue
        matching = 0  # a Flip (fastest seats are claimants: never a Pass)
        for k in range(items):
            if hand[k] and wears[k]:
                matching += 1
                last_match = k
        if not matching:  # MG-5: the hand is taken back
            right[count_right] = seat
            count_right += 1
            continue
        # MG-5: every matching card goes in front of the player, one face down, the rest face
        # up; then the hand is refilled. MG-17: cards of one item need no choice; of two or
        # more items, the player chooses which lies face down, meanwhile they wait in `placing`.
        cards = _placing(t, seat)
        for k in range(items):
            if hand[k] and wears[k]:
                cards[k] = hand[k]
                t.v.held[seat] -= hand[k]
                hand[k] = 0
        if matching == 1:
            _lay(t, seat, cards, last_match)
            memset(cards, 0, items * sizeof(int))
        else:
            t.v.placers[t.v.placers_len] = seat
            t.v.placers_len += 1
        for k in range(L.hand_size[seat] - t.v.held[seat]):
            t.v.pending[t.v.pending_len] = seat
            t.v.pending_len += 1
    if t.v.placers_len:
        t.v.placing_mouse = mouse  # MG-17: the choices come first
    t.v.turner = order[0]  # MG-10
    if protected:
        # MG-7: every claim fails; the first claimant takes the face-up cheese and each later
        # one the next face-up cheese (MG-8); then the next cheese is turned.
        _put_under(t, mouse)
        _cheeses(t, order[0])[t.v.open_cheese] += 1
        t.v.open_cheese = NONE
        t.v.cheese_awards_len = order_len - 1
        for i in range(1, order_len):
            t.v.cheese_awards[i - 1] = order[i]
        t.v.cheese_to_turn = True
        t.v.idle = 0
        _settle(t)
        return
    t.v.idle = 0  # MG-13: a claim is something happening
    if not count_right:  # MG-4, MG-5, MG-18: no fastest claim was right; the mouse goes under
        _put_under(t, mouse)
        _settle(t)
        return
    _catch(t, right[0], mouse)  # MG-8: the open mouse first
    t.v.mouse_awards_len = count_right - 1  # MG-8: then mice from the top of the stack
    for i in range(1, count_right):
        t.v.mouse_awards[i - 1] = right[i]
    _settle(t)


cdef void _commit(State t, int seat, int code):
    """MG-2: `seat` commits face down; the last commitment reveals them all, and with fewer
    than two claimants no speed needs deciding (MG-3, MG-9)."""
    cdef int claim, i, count = 0
    t.v.commitments[seat] = code
    if _uncommitted(t):
        return
    claim = _claimants(t)
    for i in range(t.L.n):
        count += claim >> i & 1
    if count < 2:
        _resolve(t, claim)


cdef void _choose_face_down(State t, int seat, int index):
    """MG-17: a card of item `index` lies face down, the flip's other cards face up."""
    cdef int* cards = _placing(t, seat)
    _lay(t, seat, cards, index)
    memset(cards, 0, t.L.items * sizeof(int))
    _pop_front(t.v.placers, &t.v.placers_len)
    if not t.v.placers_len:
        t.v.placing_mouse = NONE
    _settle(t)


cdef void _draw(State t, int index):
    """Chance: a clothing card to the first seat owed one (MG-1, MG-4, MG-5)."""
    cdef int seat = t.v.pending[0]
    _hand(t, seat)[index] += 1
    t.v.held[seat] += 1
    t.data[t.L.o_pile + index] -= 1
    t.v.pile_total -= 1
    _pop_front(t.v.pending, &t.v.pending_len)
    if not (t.v.pending_len and t.v.pile_total):
        _settle(t)


cdef void _turn_mouse(State t, int index):
    """MG-2: the turner turns the mouse; the race begins."""
    t.data[t.L.o_unseen + index] -= 1
    t.v.unseen_total -= 1
    t.v.open_mouse = index
    t.v.racing = True


cdef void _award_mouse(State t, int index):
    """MG-8: a mouse from the top of the stack to the next right claimant."""
    t.data[t.L.o_unseen + index] -= 1
    t.v.unseen_total -= 1
    _catch(t, t.v.mouse_awards[0], index)
    _pop_front(t.v.mouse_awards, &t.v.mouse_awards_len)
    _settle(t)


cdef void _award_cheese(State t, int index):
    """MG-8: the next cheese to the next claimant of a protected mouse."""
    t.data[t.L.o_cheese_pile + index] -= 1
    t.v.cheese_total -= 1
    _cheeses(t, t.v.cheese_awards[0])[index] += 1
    _pop_front(t.v.cheese_awards, &t.v.cheese_awards_len)
    _settle(t)


cdef void _turn_cheese(State t, int index):
    """MG-1, MG-7: the next cheese is turned face up."""
    t.data[t.L.o_cheese_pile + index] -= 1
    t.v.cheese_total -= 1
    t.v.open_cheese = index
    t.v.cheese_to_turn = False
    _settle(t)


cdef int _fastest_set(State s, object seats):
    """The set of seats a Fastest outcome names when it is one the speed model allows now
    (MG-3), else -1."""
    cdef int seat, outcome = 0, last = -1
    if type(seats) is not tuple:
        return -1
    for value in seats:
        if type(value) is not int or not last < value < s.L.n:
            return -1  # ascending distinct seats only, as the action's own check
        seat = value
        outcome |= 1 << seat
        last = seat
    if not s.L.possible[_claimants(s)] >> outcome & 1:
        return -1
    return outcome


def apply_action(state, player, action):
    """The state after `player` takes `action` (`state` is never changed); a move off the fast
    path goes to the pure engine, which raises its own error for an illegal one."""
    cdef State s = _state(state)
    cdef int p, index, phase, outcome
    cdef State t
    cdef Layout L = s.L
    cdef type cls = type(action)
    if type(player) is not int or not -1 <= player < L.n:
        return _fallback(s, player, action)
    p = player
    if p >= 0 and _may_commit(s, p):  # the race (MG-2)
        if cls is Pass:
            t = _copy(s)
            _commit(t, p, PASS)
            return t
        if cls is Play:
            index = L.play_index.get(action, NONE)
            if index == NONE or not _hand(s, p)[index]:
                return _fallback(s, player, action)
            t = _copy(s)
            _commit(t, p, index)
            return t
        if cls is Flip and s.v.face_down_count[p] < MAX_FACE_DOWN:  # MG-6
            t = _copy(s)
            _commit(t, p, FLIP)
            return t
        return _fallback(s, player, action)
    if cls is FaceDown and p >= 0:  # MG-17
        if not s.v.placers_len or s.v.placers[0] != p or s.v.game_over:
            return _fallback(s, player, action)
        index = L.face_down_index.get(action, NONE)
        if index == NONE or not _placing(s, p)[index]:
            return _fallback(s, player, action)
        t = _copy(s)
        _choose_face_down(t, p, index)
        return t
    if p != NONE:
        return _fallback(s, player, action)
    phase = _phase(s)
    if phase == DRAW and cls is DrawClothing:  # MG-1
        index = L.draw_index.get(action, NONE)
        if index == NONE or not s.data[L.o_pile + index]:
            return _fallback(s, player, action)
        t = _copy(s)
        _draw(t, index)
        return t
    if (phase == TURN_MOUSE or phase == MOUSE_AWARD) and cls is RevealMouse:  # MG-2, MG-8
        index = L.mouse_index.get(action.mouse, NONE)
        if index == NONE or not s.data[L.o_unseen + index]:
            return _fallback(s, player, action)
        t = _copy(s)
        if phase == TURN_MOUSE:
            _turn_mouse(t, index)
        else:
            _award_mouse(t, index)
        return t
    if (phase == TURN_CHEESE or phase == CHEESE_AWARD) and cls is RevealCheese:  # MG-1, MG-8
        index = L.cheese_index.get(action.cheese, NONE)
        if index == NONE or not s.data[L.o_cheese_pile + index]:
            return _fallback(s, player, action)
        t = _copy(s)
        if phase == TURN_CHEESE:
            _turn_cheese(t, index)
        else:
            _award_cheese(t, index)
        return t
    if phase == FASTEST and cls is Fastest:  # MG-3
        outcome = _fastest_set(s, action.seats)
        if outcome < 0:
            return _fallback(s, player, action)
        t = _copy(s)
        _resolve(t, outcome)
        return t
    return _fallback(s, player, action)


# ---------------------------------------------------------------- playouts


cdef int _sample_fastest(Twister* twister, Layout L, int claim):
    """A draw of the speed model's outcome among the claimants `claim` (MG-3): the set of the
    fastest seats."""
    cdef int k
    cdef uint64_t r = _randbelow64(twister, L.out_total[claim])
    for k in range(L.out_count[claim]):
        if r < L.out_weight[claim][k]:
            return L.out_mask[claim][k]
        r -= L.out_weight[claim][k]
    return L.out_mask[claim][L.out_count[claim] - 1]


cdef int _heuristic(State t, int actor, int* options, int count, Twister* twister):
    """The heuristic's move (`tablefeast.games.mausgeflippt.strategy.ranked_moves`, through
    `tablefeast.agents.heuristics.heuristic_move`), from what the seat's view shows: in a race,
    never a claim on a protected mouse (MG-7); a worn item in hand, the first in card-set order
    (MG-4); else Flip where allowed (MG-6); else Pass. The face-down choice (MG-17) is hidden
    either way, so it mixes the first three items with the weights 0.6, 0.24, 0.16, drawn by
    one ``rng.random()``."""
    cdef int k, mouse = t.v.open_mouse
    cdef int* hand
    cdef unsigned char* wears
    if not t.v.racing:  # MG-17
        return options[_mixed(twister, count)]
    if mouse == NONE or t.L.mouse_cheese[mouse] == t.v.open_cheese:
        return PASS
    hand = _hand(t, actor)
    wears = t.L.wears + mouse * t.L.items
    for k in range(t.L.items):
        if hand[k] and wears[k]:
            return k
    if t.v.face_down_count[actor] < MAX_FACE_DOWN:
        return FLIP
    return PASS


cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
               long long* moves, int policy, object chance_rng, list kept) except? -1:
    """The playout loop (see `_playouts.pxi`): uniformly random moves or the heuristic's, and
    chance with its exact probabilities, as the Python loops draw them."""
    cdef Layout L = t.L
    cdef int actor, k, count, pick, phase, claim, outcome
    cdef int* options = <int*>PyMem_Malloc((L.items + 2) * sizeof(int))
    cdef int* row
    if options == NULL:
        raise MemoryError()
    try:
        while not t.v.game_over:
            if budget >= 0 and moves[0] >= budget:
                return False
            phase = _phase(t)
            if phase != NO_PHASE:
                moves[0] += 1
            if phase == FASTEST:
                claim = _claimants(t)
                if L.out_count[claim] == 0:
                    _stuck()
                if L.big[claim]:  # a total past 64 bits: drawn by the distribution itself
                    _close(chance_rng, draw[0], kept[0])  # its state, current in the object
                    fastest = L.fastest[claim].sample(chance_rng)
                    if kept[0] is not None:
                        kept[0] = _take_state(draw[0], chance_rng)
                    outcome = 0
                    for k in fastest.seats:
                        outcome |= 1 << k
                else:
                    outcome = _sample_fastest(draw[0], L, claim)
                _resolve(t, outcome)
                continue
            if phase == DRAW:
                if t.v.pile_total <= 0:
                    _stuck()
                _draw(t, _sample(draw[0], t.data + L.o_pile, L.items, t.v.pile_total))
                continue
            if phase == TURN_MOUSE or phase == MOUSE_AWARD:
                if t.v.unseen_total <= 0:
                    _stuck()
                k = _sample(draw[0], t.data + L.o_unseen, L.mice, t.v.unseen_total)
                if phase == TURN_MOUSE:
                    _turn_mouse(t, k)
                else:
                    _award_mouse(t, k)
                continue
            if phase == TURN_CHEESE or phase == CHEESE_AWARD:
                if t.v.cheese_total <= 0:
                    _stuck()
                k = _sample(draw[0], t.data + L.o_cheese_pile, L.cheeses, t.v.cheese_total)
                if phase == TURN_CHEESE:
                    _turn_cheese(t, k)
                else:
                    _award_cheese(t, k)
                continue
            if t.v.racing:
                actor = 0
                while t.v.commitments[actor] != NO_CODE:
                    actor += 1
            else:
                actor = t.v.placers[0]
            if (actor == seat or seat == ANY_SEAT) and left >= 0:
                if left == 0:
                    return False
                left -= 1
            moves[0] += 1
            count = 0
            if t.v.racing:  # MG-2, MG-6: Pass, the items in hand, Flip
                options[count] = PASS
                count += 1
                row = _hand(t, actor)
                for k in range(L.items):
                    if row[k]:
                        options[count] = k
                        count += 1
                if t.v.face_down_count[actor] < MAX_FACE_DOWN:
                    options[count] = FLIP
                    count += 1
            else:  # MG-17: an item to lay face down
                row = _placing(t, actor)
                for k in range(L.items):
                    if row[k]:
                        options[count] = k
                        count += 1
            if count == 0:
                _stuck()
            if count == 1:
                pick = options[0]
            elif _plays_heuristic(policy, actor):
                pick = _heuristic(t, actor, options, count, draw[actor + 1])
            else:
                pick = options[_randbelow(draw[actor + 1], count)]
            if t.v.racing:
                _commit(t, actor, pick)
            else:
                _choose_face_down(t, actor, pick)
        return True
    finally:
        PyMem_Free(options)


include "_playouts.pxi"
include "_core_batch.pxi"
include "_batch.pxi"


# ---------------------------------------------------------------- the search (`_search.pxi`)

from tablefeast.games.mausgeflippt.view import determinize as _search_pure_determinize

cdef enum:
    SEARCH_MAX_OPTIONS = 64  # Pass, Flip and the items of a hand of HAND_SIZE cards (MG-1)
    # codes: in a race Pass 0, Flip 1, a Play 2 + its item (MG-2); a face-down card
    # SEARCH_FACE_DOWN + its item (MG-17)
    SEARCH_FACE_DOWN = 1 << 20

SEARCH_DETERMINIZES = True  # `_search_determinize` is the twin of `view.determinize`


cdef int _search_options(State t, int seat, int* codes) except -1:
    """`legal_actions(t, seat)` as codes, in its order: Pass, the items in hand and Flip
    unless MAX_FACE_DOWN cards lie face down (MG-2, MG-6), or the items to lay face down (MG-17)."""
    cdef int k, count = 0
    cdef int* row
    if _may_commit(t, seat):
        codes[count] = 0
        count += 1
        row = _hand(t, seat)
        for k in range(t.L.items):
            if row[k]:
                if count + 2 > SEARCH_MAX_OPTIONS:
                    _stuck()
                codes[count] = 2 + k
                count += 1
        if t.v.face_down_count[seat] < MAX_FACE_DOWN:
            codes[count] = 1
            count += 1
        return count
    if t.v.placers_len and t.v.placers[0] == seat and not t.v.game_over:
        row = _placing(t, seat)
        for k in range(t.L.items):
            if row[k]:
                if count + 1 > SEARCH_MAX_OPTIONS:
                    _stuck()
                codes[count] = SEARCH_FACE_DOWN + k
                count += 1
    return count


cdef int _search_apply(State t, int seat, int code) except -1:
    """The move `code` of `_search_options`, in place: a commitment (MG-2) or a face-down card
    (MG-17)."""
    if code >= SEARCH_FACE_DOWN:
        _choose_face_down(t, seat, code - SEARCH_FACE_DOWN)
    elif code == 0:
        _commit(t, seat, PASS)
    elif code == 1:
        _commit(t, seat, FLIP)
    else:
        _commit(t, seat, code - 2)
    return 0


cdef int _deal(int* pool, int* size, int* dealt, int n, int avoid, int want) noexcept:
    """`view._deal`: the first `n` cards of `pool[:size]` whose item is in no bit of `avoid`
    and (unless `want` is 0) in a bit of `want`, into `dealt`; the rest stays in `pool` in
    order, and `size` shrinks. Returns how many were dealt."""
    cdef int i, card, count = 0, kept = 0
    for i in range(size[0]):
        card = pool[i]
        if count < n and not (avoid >> card & 1) and (want == 0 or want >> card & 1):
            dealt[count] = card
            count += 1
        else:
            pool[kept] = card
            kept += 1
    size[0] = kept
    return count


cdef int _search_determinize(State t, int seat, Twister* twister) except -1:
    """`view.determinize(t, seat, rng)`: the hidden clothing cards (the pile, the hands and
    cards about to be laid of the seats whose hands lie face down to `seat`, every other seat's
    face-down cards) pooled in ascending order, shuffled as ``rng.shuffle`` shuffles, and dealt
    back: a wrong flipper's cards to lay first (of two or more items the mouse wears, MG-17),
    then the hands (a wrong flipper's holding none of them, MG-5), then the face-down cards;
    the rest is the pile. Commitments are then drawn again as `view.determinize` draws them
    (MG-3)."""
    cdef Layout L = t.L
    cdef int n = L.n, items = L.items
    cdef int i, j, k, c, size = 0, total = 0, count, worn = 0, first, other
    cdef int hidden = 0  # the seats whose hands `seat` does not see (MG-15), as a set
    cdef int placer_set = 0
    cdef int* pool
    cdef int* dealt
    cdef int* row
    cdef int codes[SEARCH_MAX_OPTIONS]
    cdef int chosen[MAX_SEATS]
    cdef bint everyone = True
    for i in range(n):
        if i != seat and not (L.young >> i & 1):
            hidden |= 1 << i
        everyone = everyone and t.v.commitments[i] != NO_CODE
    for j in range(t.v.placers_len):
        if hidden >> t.v.placers[j] & 1:
            placer_set |= 1 << t.v.placers[j]
    if t.v.placing_mouse != NONE:
        for k in range(items):
            worn |= L.wears[t.v.placing_mouse * items + k] << k
    for k in range(items):
        total += t.data[L.o_pile + k]
        for i in range(n):
            if hidden >> i & 1:
                total += _hand(t, i)[k] + _placing(t, i)[k]
            if i != seat:
                total += _face_down(t, i)[k]
    pool = <int*>PyMem_Malloc(2 * max(1, total) * sizeof(int))
    if pool == NULL:
        raise MemoryError()
    dealt = pool + max(1, total)
    try:
        for k in range(items):  # ascending, as the pure engine sorts its pool
            c = t.data[L.o_pile + k]
            for i in range(n):
                if hidden >> i & 1:
                    c += _hand(t, i)[k] + _placing(t, i)[k]
                if i != seat:
                    c += _face_down(t, i)[k]
            for j in range(c):
                pool[size] = k
                size += 1
        _shuffle(twister, pool, size)
        for j in range(t.v.placers_len):  # MG-17: of two or more items the mouse wears
            i = t.v.placers[j]
            if not placer_set >> i & 1:
                continue
            row = _placing(t, i)
            c = 0
            for k in range(items):
                c += row[k]
            count = _deal(pool, &size, dealt, c, 0, worn)
            if count == 0:
                _stuck()
            first = dealt[0]
            other = 1
            for k in range(1, count):
                other += dealt[k] != first
            if other < 2:  # all one item: the last swapped for the next of another
                for k in range(size):
                    if worn >> pool[k] & 1 and pool[k] != first:
                        dealt[count - 1], pool[k] = pool[k], dealt[count - 1]
                        break
                else:
                    _stuck()
            memset(row, 0, items * sizeof(int))
            for k in range(count):
                row[dealt[k]] += 1
        for i in range(n):  # MG-5: a wrong flipper's hand holds none of the items laid
            if not hidden >> i & 1:
                continue
            row = _hand(t, i)
            count = _deal(pool, &size, dealt, t.v.held[i], worn if placer_set >> i & 1 else 0, 0)
            memset(row, 0, items * sizeof(int))
            for k in range(count):
                row[dealt[k]] += 1
            t.v.held[i] = count
        for i in range(n):
            if i == seat:
                continue
            row = _face_down(t, i)
            c = min(t.v.face_down_count[i], size)  # `pool[:n]`
            t.v.face_down_count[i] = c
            memset(row, 0, items * sizeof(int))
            for k in range(c):
                row[pool[k]] += 1
            size -= c
            memmove(pool, pool + c, size * sizeof(int))
        row = t.data + L.o_pile
        memset(row, 0, items * sizeof(int))
        for k in range(size):
            row[pool[k]] += 1
        t.v.pile_total = size
    finally:
        PyMem_Free(pool)
    if everyone:  # MG-3: which card another seat played is not seen
        for i in range(n):
            if i == seat or t.v.commitments[i] < 0:
                continue
            row = _hand(t, i)
            if t.v.held[i] == 0:
                _stuck()
            j = _randbelow(twister, t.v.held[i])
            for k in range(items):
                if j < row[k]:
                    t.v.commitments[i] = k
                    break
                j -= row[k]
        return 0
    for i in range(n):  # commitments not yet revealed: chosen again among the legal ones
        chosen[i] = t.v.commitments[i]
        t.v.commitments[i] = NO_CODE
    for i in range(n):
        if chosen[i] == NO_CODE or i == seat:
            continue
        count = _search_options(t, i, codes)
        if count == 0:
            _stuck()
        c = codes[_randbelow(twister, count)]
        chosen[i] = PASS if c == 0 else FLIP if c == 1 else c - 2
    for i in range(n):
        t.v.commitments[i] = chosen[i]
    return 0


include "_search.pxi"


def heuristic_playout(state, seat, horizon, rng):
    """As `random_playout`, every seat playing the heuristic (the playout policy Mausgeflippt
    declares, ``CAPABILITIES.playout``): the moves `tablefeast.agents.heuristics.heuristic_move`
    makes from each seat's view, with the same draws from `rng` (its arguments checked as
    `random_playout` checks them)."""
    return _playout(state, seat, horizon, rng, HEURISTIC_POLICY)


# ---------------------------------------------------------------- scoring


cdef int _penalty(State s, int seat):
    """CLOTHING_PENALTY per clothing card in front (face up, face down, or about to be laid),
    CHEESE_PENALTY per cheese (MG-14)."""
    cdef int k, laid = 0, taken = 0
    cdef int* up = _face_up(s, seat)
    cdef int* down = _face_down(s, seat)
    cdef int* placing = _placing(s, seat)
    cdef int* cheeses = _cheeses(s, seat)
    for k in range(s.L.items):
        laid += up[k] + down[k] + placing[k]
    for k in range(s.L.cheeses):
        taken += cheeses[k]
    return CLOTHING_PENALTY * laid + CHEESE_PENALTY * taken


def scores(state):
    """Running scores: MOUSE_POINTS per mouse, less the penalty points (MG-14)."""
    cdef State s = _state(state)
    cdef int seat
    return tuple([MOUSE_POINTS * s.v.caught_len[seat] - _penalty(s, seat) for seat in range(s.L.n)])


def winners(state):
    """Once over, the highest score, then the fewest penalty points, then a shared win
    (MG-14)."""
    cdef State s = _state(state)
    cdef int seat, penalty
    if not s.v.game_over:
        return frozenset()
    keys = []
    for seat in range(s.L.n):
        penalty = _penalty(s, seat)
        keys.append((MOUSE_POINTS * s.v.caught_len[seat] - penalty, -penalty))
    best = max(keys)
    return frozenset([seat for seat in range(s.L.n) if keys[seat] == best])
