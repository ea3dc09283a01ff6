# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Schlacht am Buffet's native core: the state as C arrays and the hot path of the contract.

The pure engine (`tablefeast.games.schlacht_am_buffet`) is the reference. This core answers
`actors`, `legal_actions`, `chance_distribution`, `apply_action`, `is_terminal`, `scores` and
`winners` for a `State` of its own and returns the pure engine's own action values (the exchanges
a hand allows are the pure engine's own tuple too). Every move it does not take on its fast path
(an illegal one, or one given as another type) goes to the pure engine on the converted state, so
that bad input raises exactly the reference's error; `fallbacks()` counts them. Every rule below
cites its ruling as the pure engine's code does.
"""

cimport cython

from tablefeast.games.schlacht_am_buffet import rules as _pure
from tablefeast.games.schlacht_am_buffet.catalog import TITLE
from tablefeast.games.schlacht_am_buffet.actions import DrawCard, Exchange, Play, RevealPlate
from tablefeast.games.schlacht_am_buffet.checks import check_state
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.components import (
    CARD_VALUES as _CARD_VALUES,
    HAND_SIZE as _HAND_SIZE,
    KIND_ORDER,
    MAX_POSITION as _MAX_POSITION,
    PLATES,
    Plate,
)
from tablefeast.games.schlacht_am_buffet.state import State as PureState
from tablefeast.kernel.chance import CHANCE as _CHANCE
from tablefeast.kernel.errors import ConfigError, InvalidSeatError, RecordError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.seats import check_actor_seat

cdef enum:
    MAX_SEATS = 6
    CARDS = 11  # the values -1..9, value v at index v + 1
    NUM_PLATES = 36
    MAX_PENDING = 64  # at most 9 held and owed per seat (from_engine checks it)
    NONE = -1
    NO_CARD = -100  # a commitment slot with no card (-1 is a card)
    HAND_MAX = 9  # SAB-1, SAB-12: a hand never holds more

include "_random.pxi"

from libc.string cimport memcpy

cdef int HAND_SIZE = _HAND_SIZE
cdef long long MAX_POSITION = _MAX_POSITION
if len(_CARD_VALUES) != CARDS or len(PLATES) != NUM_PLATES or not 0 < HAND_SIZE <= HAND_MAX:
    # the components are read here once; the arrays' sizes are fixed when the core is built
    raise ImportError("the components no longer fit the core's arrays (CARDS, NUM_PLATES, HAND_MAX)")
cdef tuple PLAYS = _pure.PLAYS
cdef tuple DRAWS = _pure.DRAWS
cdef tuple REVEALS = _pure.REVEALS
cdef tuple CHANCE_ONLY = (_CHANCE,)
cdef tuple PLAYS_BY_MASK = tuple(
    tuple([PLAYS[k] for k in range(CARDS) if mask >> k & 1]) for mask in range(1 << CARDS)
)  # SAB-5: the plays of each pattern of values a hand holds
cdef tuple PENDING = tuple(
    tuple([s for s in range(MAX_SEATS) if mask >> s & 1]) for mask in range(1 << MAX_SEATS)
)
cdef tuple SOLO = tuple((s,) for s in range(MAX_SEATS))
cdef dict RANK_OF = {p: p.rank for p in PLATES}
cdef int PLATE_VALUE[NUM_PLATES]
cdef int PLATE_KIND[NUM_PLATES]
cdef int _r
for _r in range(NUM_PLATES):
    PLATE_VALUE[_r] = PLATES[_r].value
    PLATE_KIND[_r] = KIND_ORDER.index(PLATES[_r].kind)

# SAB-7: the exchanges of a hand are every sub-multiset of it, up to 512 actions. Each possible
# discard (a multiset of at most nine of the eleven values: 167,960 of them) is built once, when
# first asked for, and kept: a hand's exchanges are then references to them, in the pure
# engine's order, instead of hundreds of new objects per exchange decision.
cdef enum:
    DISCARDS = 167960  # C(20, 11): vectors of 11 counts summing to at most 9
cdef extern from "Python.h":
    void PyObject_GC_UnTrack(void* op)

cdef list _INTERNED = [None] * DISCARDS
cdef long long _RANK_PART[CARDS][HAND_MAX + 1][HAND_MAX + 1]
cdef object _NEW = object.__new__
cdef object _SET_DISCARD = Exchange.__dict__["discard"].__set__


cdef long long _completions(int dims, int most):
    """How many vectors of `dims` counts sum to at most `most`: C(dims + most, dims)."""
    cdef long long r = 1
    cdef int i
    for i in range(1, dims + 1):
        r = r * (most + i) // i
    return r


cdef void _build_ranks():
    """`_RANK_PART[i][left][c]`: how many discards come before one taking `c` of index `i`, among
    those agreeing on the indices above `i` and leaving `left` cards for `i` and below (the
    count of index 10, the value 9, is the most significant, as the pure engine orders them)."""
    cdef int i, left, c, j
    cdef long long total
    for i in range(CARDS):
        for left in range(HAND_MAX + 1):
            total = 0
            for c in range(HAND_MAX + 1):
                _RANK_PART[i][left][c] = total
                if c <= left:
                    total += _completions(i, left - c)


_build_ranks()


cdef object _exchange(int* taken):
    """The one Exchange of the discard that takes `taken[i]` cards of index `i`."""
    cdef long long rank = 0
    cdef int i, j, left = HAND_MAX
    for i in range(CARDS - 1, -1, -1):
        rank += _RANK_PART[i][left][taken[i]]
        left -= taken[i]
    action = _INTERNED[rank]
    if action is None:
        values = []
        for i in range(CARDS - 1, -1, -1):  # the discard is kept highest first (canonical)
            for j in range(taken[i]):
                values.append(i - 1)
        action = _NEW(Exchange)
        _SET_DISCARD(action, tuple(values))
        PyObject_GC_UnTrack(<void*>action)  # kept for good, and in no cycle: no GC traversal
        _INTERNED[rank] = action
    return action


cdef tuple _exchanges(State s, int seat):
    """Every sub-multiset of the hand as an Exchange (SAB-7), in the pure engine's order: the
    count of the highest value most significant, each count ascending."""
    cdef int taken[CARDS]
    cdef int i, k, count = 1
    cdef signed char* hand = s.hands[seat]
    for i in range(CARDS):
        taken[i] = 0
        count *= hand[i] + 1
    out = []
    for k in range(count):
        out.append(_exchange(taken))
        for i in range(CARDS):  # the next discard: an odometer, index 0 turning fastest
            if taken[i] < hand[i]:
                taken[i] += 1
                break
            taken[i] = 0
    return tuple(out)


include "_state.pxi"


@cython.final  # no subclass: an entry point takes exactly this class
@cython.no_gc  # no cycle can pass through a state: it holds its config, never itself
cdef class State(_NativeState):
    """A Schlacht am Buffet state held as C arrays (see
    `tablefeast.games.schlacht_am_buffet.state.State`)."""

    cdef readonly object config
    cdef int n, per_round
    cdef bint english
    cdef signed char hands[MAX_SEATS][CARDS]
    cdef int draw_pile[CARDS]
    cdef int discard[CARDS]
    cdef signed char supply[NUM_PLATES]
    cdef signed char buffet[NUM_PLATES]  # plate ranks, best (lowest rank) first
    cdef int buffet_len
    cdef signed char won[MAX_SEATS][NUM_PLATES]  # plate ranks, oldest first
    cdef int won_len[MAX_SEATS]
    cdef long long positions[MAX_SEATS]
    cdef int racing  # a mask of seats
    cdef int commitments[MAX_SEATS]
    cdef int start_player, round_number, part
    cdef bint exchange_open
    cdef int exchanger
    cdef signed char pending[MAX_PENDING]
    cdef int pending_len
    cdef int to_reveal
    cdef bint game_over

    @property
    def commitments(self):
        """Per seat, the card committed face down this step, or None (read by the driver's
        `Observer` at every move, so kept off the slow path of `__getattr__`)."""
        cdef int i
        return tuple([None if self.commitments[i] == NO_CARD else self.commitments[i]
                      for i in range(self.n)])


include "_checks.pxi"


cdef inline int _players(State s):
    return s.n


cdef inline State _copy(State s):
    cdef State t = State.__new__(State)
    t.config = s.config
    t.n = s.n
    t.per_round = s.per_round
    t.english = s.english
    memcpy(t.hands, s.hands, sizeof(s.hands))
    memcpy(t.draw_pile, s.draw_pile, sizeof(s.draw_pile))
    memcpy(t.discard, s.discard, sizeof(s.discard))
    memcpy(t.supply, s.supply, sizeof(s.supply))
    memcpy(t.buffet, s.buffet, sizeof(s.buffet))
    t.buffet_len = s.buffet_len
    memcpy(t.won, s.won, sizeof(s.won))
    memcpy(t.won_len, s.won_len, sizeof(s.won_len))
    memcpy(t.positions, s.positions, sizeof(s.positions))
    t.racing = s.racing
    memcpy(t.commitments, s.commitments, sizeof(s.commitments))
    t.start_player = s.start_player
    t.round_number = s.round_number
    t.part = s.part
    t.exchange_open = s.exchange_open
    t.exchanger = s.exchanger
    memcpy(t.pending, s.pending, sizeof(s.pending))
    t.pending_len = s.pending_len
    t.to_reveal = s.to_reveal
    t.game_over = s.game_over
    return t


cdef State _blank(object config):
    cdef State t = State.__new__(State)
    t.config = config
    t.n = config.players
    t.per_round = config.plates_per_round
    t.english = config.edition == "en"
    return t


def initial_state(config):
    """The table before the deal (SAB-1), as `tablefeast.games.schlacht_am_buffet.initial_state`."""
    cdef State t = _blank(_config(config))
    cdef int s, k, i
    for k in range(CARDS):
        t.draw_pile[k] = 10
        t.discard[k] = 0
    for k in range(NUM_PLATES):
        t.supply[k] = 1
    t.buffet_len = 0
    for s in range(t.n):
        for k in range(CARDS):
            t.hands[s][k] = 0
        t.won_len[s] = 0
        t.positions[s] = 0
        t.commitments[s] = NO_CARD
    t.racing = (1 << t.n) - 1
    t.start_player = config.start_player
    t.round_number = 1
    t.part = 1
    t.exchange_open = True
    t.exchanger = NONE
    t.pending_len = 0
    for s in range(t.n):  # SAB-1, SAB-23: nine each, in seat order
        for i in range(HAND_SIZE):
            t.pending[t.pending_len] = s
            t.pending_len += 1
    t.to_reveal = t.per_round  # SAB-2
    t.game_over = False
    return t


# ---------------------------------------------------------------- conversion


def to_pure(state):
    """The pure engine's state equal to `state`."""
    cdef State s = _state(state)
    cdef int i, k
    n = s.n
    return PureState(
        config=s.config,
        hands=tuple([tuple([s.hands[i][k] for k in range(CARDS)]) for i in range(n)]),
        draw_pile=tuple([s.draw_pile[k] for k in range(CARDS)]),
        discard=tuple([s.discard[k] for k in range(CARDS)]),
        supply=tuple([s.supply[k] for k in range(NUM_PLATES)]),
        buffet=tuple([PLATES[s.buffet[k]] for k in range(s.buffet_len)]),
        plates_won=tuple(
            [tuple([PLATES[s.won[i][k]] for k in range(s.won_len[i])]) for i in range(n)]
        ),
        positions=tuple([s.positions[i] for i in range(n)]),
        racing=tuple([i for i in range(n) if s.racing >> i & 1]),
        commitments=tuple(
            [None if s.commitments[i] == NO_CARD else s.commitments[i] for i in range(n)]
        ),
        start_player=s.start_player,
        round=s.round_number,
        part=s.part,
        exchange_open=bool(s.exchange_open),
        exchanger=None if s.exchanger == NONE else s.exchanger,
        pending_draws=tuple([s.pending[k] for k in range(s.pending_len)]),
        to_reveal=s.to_reveal,
        game_over=bool(s.game_over),
    )


include "_conversion.pxi"


cdef int _plate(object plate, unsigned long long* seen, str field, Py_ssize_t i,
                Py_ssize_t k) except -1:
    """The rank of `plate`, a Plate no other place holds (each of the 36 is in one place)."""
    cdef int rank
    if type(plate) is not Plate:
        raise _unsound(f"{_name(field, i, k)} is not a Plate: {shown(plate)}")
    rank = RANK_OF.get(plate, NONE)
    if rank == NONE or seen[0] >> rank & 1:
        raise _unsound(f"{_name(field, i, k)} is {shown(plate)}, a plate held twice (SAB-2)")
    seen[0] |= 1ULL << rank
    return rank


cdef State _from_checked(object state):
    # Every field read as `from_engine` says (issue 45, item 7): a type, a length or a value the
    # arrays cannot take is refused, and so is a state from which play would index outside them.
    cdef State t = _blank(state.config)
    cdef int i, k, n = t.n, held, size, supply = 0
    cdef int owed[MAX_SEATS]
    cdef unsigned long long seen = 0
    cdef tuple row, hands, won, positions, commitments, plates
    row = _tuple(state.draw_pile, CARDS, CARDS, "draw_pile", -1)
    for k in range(CARDS):
        t.draw_pile[k] = _int(row[k], 0, 10, "draw_pile", k, -1)  # SAB-1: ten of each value
    row = _tuple(state.discard, CARDS, CARDS, "discard", -1)
    for k in range(CARDS):
        t.discard[k] = _int(row[k], 0, 10, "discard", k, -1)
    row = _tuple(state.supply, NUM_PLATES, NUM_PLATES, "supply", -1)
    for k in range(NUM_PLATES):
        t.supply[k] = _int(row[k], 0, 1, "supply", k, -1)
        if t.supply[k]:
            seen |= 1ULL << k
            supply += 1
    plates = _tuple(state.buffet, 0, NUM_PLATES, "buffet", -1)
    t.buffet_len = len(plates)
    for k in range(t.buffet_len):
        t.buffet[k] = _plate(plates[k], &seen, "buffet", k, -1)
    t.racing = 0
    for seat in _tuple(state.racing, 0, n, "racing", -1):
        t.racing |= 1 << _int(seat, 0, n - 1, "racing", -1, -1)
    hands = _tuple(state.hands, n, n, "hands", -1)
    won = _tuple(state.plates_won, n, n, "plates_won", -1)
    positions = _tuple(state.positions, n, n, "positions", -1)
    commitments = _tuple(state.commitments, n, n, "commitments", -1)
    for i in range(n):
        row = _tuple(hands[i], CARDS, CARDS, "hands", i)
        for k in range(CARDS):
            t.hands[i][k] = _int(row[k], 0, HAND_MAX, "hands", i, k)
        plates = _tuple(won[i], 0, NUM_PLATES, "plates_won", i)
        t.won_len[i] = len(plates)
        for k in range(t.won_len[i]):
            t.won[i][k] = _plate(plates[k], &seen, "plates_won", i, k)
        t.positions[i] = _int(positions[i], -MAX_POSITION, MAX_POSITION, "positions", i, -1)
        t.commitments[i] = _int_or_none(commitments[i], -1, 9, NO_CARD, "commitments", i)
        owed[i] = 0
    t.start_player = _int(state.start_player, 0, n - 1, "start_player", -1, -1)
    t.round_number = _int(state.round, 1, 1000, "round", -1, -1)
    t.part = _int(state.part, 1, 2, "part", -1, -1)
    t.exchange_open = _bool(state.exchange_open, "exchange_open", -1)
    t.exchanger = _int_or_none(state.exchanger, 0, n - 1, NONE, "exchanger", -1)
    row = _tuple(state.pending_draws, 0, MAX_PENDING, "pending_draws", -1)
    t.pending_len = len(row)
    for k in range(t.pending_len):
        t.pending[k] = _int(row[k], 0, n - 1, "pending_draws", k, -1)
        owed[t.pending[k]] += 1
    for i in range(n):  # SAB-1, SAB-12: what a hand holds and is owed, at most nine
        held = owed[i]
        for k in range(CARDS):
            held += t.hands[i][k]
        if held > HAND_MAX:
            raise _unsound(f"seat {i} holds and is owed {held} cards (at most {HAND_MAX})")
    t.to_reveal = _int(state.to_reveal, 0, supply, "to_reveal", -1, -1)
    t.game_over = _bool(state.game_over, "game_over", -1)
    if not t.game_over:
        _playable(t)
    return t


cdef int _playable(State t) except -1:
    """Refuse a state from which play would index outside an array: two racers at least (a
    step compares two mice, SAB-6, SAB-9), and plates enough for them (SAB-3, SAB-17: a mouse
    out, or the winner of a duel, takes one; in part 1 with three players both duellists do and
    three more race for two in part 2); a step to commit has a racer still to commit (SAB-5);
    and a card owed has a card to draw (SAB-11)."""
    cdef int i, k, racers = 0, need, uncommitted = 0, cards = 0
    for i in range(t.n):
        if t.racing >> i & 1:
            racers += 1
            uncommitted += t.commitments[i] == NO_CARD
    if racers < 2:
        raise _unsound(f"{racers} mice racing (SAB-6: at least two until the game ends)")
    need = racers + 2 if t.n == 3 and t.part == 1 else racers - 1
    if t.buffet_len + t.to_reveal < need:
        raise _unsound(
            f"{t.buffet_len + t.to_reveal} plates on or for the buffet, {racers} mice racing"
        )
    for k in range(CARDS):
        cards += t.draw_pile[k]
    if t.exchanger == NONE:
        if t.pending_len:
            if not cards:
                raise _unsound("a card owed, and none to draw (SAB-11)")
        elif not t.to_reveal and not uncommitted:
            raise _unsound("every racer committed, yet the step was not revealed (SAB-5)")
    return 0


# ---------------------------------------------------------------- the contract


cdef inline int _pending_mask(State s):
    cdef int i, mask = 0
    for i in range(s.n):
        if s.racing >> i & 1 and s.commitments[i] == NO_CARD:
            mask |= 1 << i
    return mask


def actors(state):
    """The exchanger, else CHANCE (a draw or reveal), else the racers still to commit
    (SAB-5, SAB-7)."""
    cdef State s = _state(state)
    if s.game_over:
        return ()
    if s.exchanger != NONE:
        return SOLO[s.exchanger]  # SAB-7: decided at once, before anything else
    if s.pending_len or s.to_reveal:
        return CHANCE_ONLY
    return PENDING[_pending_mask(s)]  # SAB-5


def is_terminal(state):
    """True once the game has ended (SAB-15)."""
    cdef State s = _state(state)
    return bool(s.game_over)


cdef inline bint _may_commit(State s, int player):
    return (
        0 <= player < s.n
        and s.exchanger == NONE
        and not s.pending_len
        and not s.to_reveal
        and not s.game_over
        and s.racing >> player & 1
        and s.commitments[player] == NO_CARD
    )


cdef inline bint _is_chance_node(State s):
    return s.exchanger == NONE and not s.game_over and (s.pending_len or s.to_reveal)


def chance_distribution(state):
    """The exact distribution of the current chance node (a card draw or a plate reveal), as
    the pure engine's; elsewhere the pure engine raises its error."""
    cdef State s = _state(state)
    cdef int k, total = 0
    if _is_chance_node(s):
        if s.pending_len:
            for k in range(CARDS):
                total += s.draw_pile[k]
            return native_distribution(
                (DRAWS, tuple([s.draw_pile[k] for k in range(CARDS)]), total)
            )
        for k in range(NUM_PLATES):  # SAB-2: every face-down plate equally likely
            total += s.supply[k]
        return native_distribution((REVEALS, tuple([s.supply[k] for k in range(NUM_PLATES)]), total))
    return _pure.chance_distribution(to_pure(s))


def legal_actions(state, player):
    """The legal actions of `player` now: plays of the values in hand (SAB-5), the exchanges
    of the exchanger's hand (SAB-7), or for CHANCE the outcomes."""
    cdef State s = _state(state)
    cdef int p, k, mask = 0
    if type(player) is int and -1 <= player < MAX_SEATS:  # compared before a C conversion
        p = player
        if _may_commit(s, p):
            for k in range(CARDS):
                if s.hands[p][k] > 0:
                    mask |= 1 << k
            return PLAYS_BY_MASK[mask]
        if p == NONE and _is_chance_node(s):
            return chance_distribution(s).outcomes
        if p == s.exchanger and p != NONE and not s.game_over:
            return _exchanges(s, p)
    check_actor_seat(player, s.n)
    return ()


cdef int _next_among(int seat, int mask, int n):
    """The first seat of `mask` strictly after `seat`, clockwise (`kernel.seats.next_among`)."""
    cdef int i, other
    for i in range(1, n + 1):
        other = (seat + i) % n
        if mask >> other & 1:
            return other
    return NONE


cdef void _settle(State t):
    """SAB-11: before a draw from an empty pile, shuffle the discard pile in; with nothing to
    shuffle, the owed draws lapse."""
    cdef int k
    cdef bint any_pile = False, any_discard = False
    if t.exchanger != NONE or not t.pending_len:
        return
    for k in range(CARDS):
        if t.draw_pile[k]:
            any_pile = True
        if t.discard[k]:
            any_discard = True
    if any_pile:
        return
    if any_discard:
        for k in range(CARDS):
            t.draw_pile[k] += t.discard[k]
            t.discard[k] = 0
        return
    t.pending_len = 0


cdef void _draw(State t, int i):
    """Chance: the card at index `i` goes to the first owed seat (SAB-1, SAB-23)."""
    cdef int k, seat = t.pending[0]
    cdef bint empty = True
    t.hands[seat][i] += 1
    t.draw_pile[i] -= 1
    t.pending_len -= 1
    for k in range(t.pending_len):
        t.pending[k] = t.pending[k + 1]
    for k in range(CARDS):
        if t.draw_pile[k]:
            empty = False
            break
    if t.pending_len and empty:
        _settle(t)


cdef void _reveal(State t, int rank):
    """SAB-2, SAB-3: the plate joins the buffet in its order."""
    cdef int k = t.buffet_len
    while k > 0 and t.buffet[k - 1] > rank:
        t.buffet[k] = t.buffet[k - 1]
        k -= 1
    t.buffet[k] = rank
    t.buffet_len += 1
    t.supply[rank] = 0
    t.to_reveal -= 1


cdef void _append_pending(State t, int seat, int count):
    cdef int k
    for k in range(count):
        t.pending[t.pending_len] = seat
        t.pending_len += 1


cdef void _next_step(State t):
    """Before a step: a racing player with no cards draws 9 first (SAB-10)."""
    cdef int seat, k
    cdef bint empty
    for seat in range(t.n):
        if not t.racing >> seat & 1:
            continue
        empty = True
        for k in range(CARDS):
            if t.hands[seat][k]:
                empty = False
                break
        if empty:
            _append_pending(t, seat, HAND_SIZE)
    _settle(t)


cdef void _win_plate(State t, int seat, int rank):
    t.won[seat][t.won_len[seat]] = rank
    t.won_len[seat] += 1


cdef void _drop_out(State t, int seat):
    """The lone rearmost mouse leaves the race with the lowest plate (SAB-3, SAB-6)."""
    t.racing &= ~(1 << seat)
    if t.start_player == seat:  # SAB-8
        t.start_player = _next_among(seat, t.racing, t.n)
    t.buffet_len -= 1  # SAB-3: the lowest plate is the last in buffet order
    _win_plate(t, seat, t.buffet[t.buffet_len])
    # SAB-7, SAB-24: the first mouse out decides an exchange (closed in 3-player part 2).
    t.exchanger = seat if t.exchange_open else NONE
    t.exchange_open = False


cdef void _start_part_two(State t):
    """SAB-18: the two best plates, with the cards left in hand and no exchange."""
    cdef int seat
    if t.english:  # SAB-18: "en" puts the mice back on start; "fr" leaves them (SAB-22)
        for seat in range(t.n):
            t.positions[seat] = 0
    t.part = 2
    t.racing = (1 << t.n) - 1
    t.exchange_open = False
    _next_step(t)


cdef void _end_round(State t, int duel_winner):
    cdef int seat, k, held, supply = 0
    t.start_player = (duel_winner + 1) % t.n  # SAB-13
    for k in range(NUM_PLATES):
        supply += t.supply[k]
    if supply < t.per_round:  # SAB-15
        t.game_over = True  # SAB-21: no last refill
        return
    for seat in range(t.n):  # SAB-12, in seat order (SAB-23)
        held = 0
        for k in range(CARDS):
            held += t.hands[seat][k]
        if held < HAND_SIZE:
            _append_pending(t, seat, HAND_SIZE - held)
        t.positions[seat] = 0
    t.round_number += 1
    t.part = 1
    t.racing = (1 << t.n) - 1
    t.exchange_open = True
    t.to_reveal = t.per_round  # SAB-2
    _settle(t)


cdef void _resolve_step(State t):
    """Reveal every committed card, move the mice, then apply SAB-6 / SAB-9 / SAB-17."""
    cdef int seat, card, count = 0, lone = NONE, ties = 0, a = NONE, b = NONE, front, back
    cdef long long rear = 0
    for seat in range(t.n):
        if not t.racing >> seat & 1:
            continue
        card = t.commitments[seat]
        t.positions[seat] += card  # SAB-4: plain integers, -1 from 0 is -1
        t.discard[card + 1] += 1  # SAB-5: played cards go to the discard pile
        # SAB-25: a mouse stops at the end of the (very long) counted track.
        if t.positions[seat] > MAX_POSITION:
            t.positions[seat] = MAX_POSITION
        elif t.positions[seat] < -MAX_POSITION:
            t.positions[seat] = -MAX_POSITION
        if count == 0:
            a = seat
        elif count == 1:
            b = seat
        count += 1
    for seat in range(t.n):
        t.commitments[seat] = NO_CARD
    if count >= 3:
        for seat in range(t.n):
            if t.racing >> seat & 1:
                if lone == NONE or t.positions[seat] < rear:
                    rear = t.positions[seat]
                    lone = seat
                    ties = 1
                elif t.positions[seat] == rear:
                    ties += 1
        if ties == 1:  # SAB-6: a lone rearmost mouse drops out; a tie drops nobody
            _drop_out(t, lone)
        _next_step(t)
        return
    if t.positions[a] == t.positions[b]:  # SAB-9: a tie repeats the step
        _next_step(t)
        return
    if t.positions[a] > t.positions[b]:
        front, back = a, b
    else:
        front, back = b, a
    if t.n == 3 and t.part == 1:
        # SAB-17: everybody gets a plate in part 1; the rear mouse takes the lower one.
        _win_plate(t, back, t.buffet[t.buffet_len - 1])
        _win_plate(t, front, t.buffet[t.buffet_len - 2])
        t.buffet_len -= 2
        if t.start_player == back:  # SAB-8
            t.start_player = _next_among(back, t.racing, t.n)
        _start_part_two(t)
        return
    # SAB-9: the front mouse takes the best plate left, the other gets nothing.
    t.buffet_len -= 1
    _win_plate(t, front, t.buffet[t.buffet_len])
    _end_round(t, front)


cdef void _commit(State t, int seat, int card):
    """SAB-5: `seat` commits `card` face down; the last commitment reveals the step."""
    cdef int i
    t.hands[seat][card + 1] -= 1
    t.commitments[seat] = card
    for i in range(t.n):
        if t.racing >> i & 1 and t.commitments[i] == NO_CARD:
            return
    _resolve_step(t)


cdef void _apply_exchange(State t, int seat, int* wanted, int count):
    """SAB-7: discard the cards face up, then draw as many, before any SAB-10 draw (SAB-23)."""
    cdef int k
    for k in range(CARDS):
        t.hands[seat][k] -= wanted[k]
        t.discard[k] += wanted[k]
    for k in range(t.pending_len - 1, -1, -1):
        t.pending[k + count] = t.pending[k]
    for k in range(count):
        t.pending[k] = seat
    t.pending_len += count
    t.exchanger = NONE
    _settle(t)


cdef int _wanted(State s, int seat, object discard, int* wanted):
    """The counts an exchange's discard takes from `seat`'s hand, or -1 when the hand does
    not hold them (or the discard is not one of plain card values)."""
    cdef int k, card, count = 0
    for k in range(CARDS):
        wanted[k] = 0
    if type(discard) is not tuple or len(discard) > HAND_SIZE:
        return -1
    for value in discard:
        if type(value) is not int or not -1 <= value <= 9:
            return -1
        card = value
        wanted[card + 1] += 1
        count += 1
    for k in range(CARDS):
        if wanted[k] > s.hands[seat][k]:
            return -1
    return count


def apply_action(state, player, action):
    """The state after `player` takes `action` (`state` is never changed); a move off the fast
    path goes to the pure engine, which raises its own error for an illegal one."""
    cdef State s = _state(state)
    cdef int p, card, rank, count
    cdef int wanted[CARDS]
    cdef State t
    cdef type cls = type(action)
    if type(player) is not int or not -1 <= player < s.n:
        return _fallback(s, player, action)
    p = player
    if cls is Play and _may_commit(s, p):  # SAB-5
        value = action.card
        if type(value) is not int or not -1 <= value <= 9 or s.hands[p][value + 1] <= 0:
            return _fallback(s, player, action)
        t = _copy(s)
        _commit(t, p, value)
        return t
    if p == NONE and _is_chance_node(s):
        if cls is DrawCard and s.pending_len:  # SAB-1, SAB-23
            value = action.card
            if type(value) is not int or not -1 <= value <= 9 or s.draw_pile[value + 1] <= 0:
                return _fallback(s, player, action)
            t = _copy(s)
            _draw(t, value + 1)
            return t
        if cls is RevealPlate and not s.pending_len:  # SAB-2
            plate = action.plate
            rank = RANK_OF[plate] if type(plate) is Plate else NONE
            if rank == NONE or not s.supply[rank]:
                return _fallback(s, player, action)
            t = _copy(s)
            _reveal(t, rank)
            return t
        return _fallback(s, player, action)
    if cls is Exchange and p == s.exchanger and p != NONE and not s.game_over:  # SAB-7
        count = _wanted(s, p, action.discard, wanted)
        if count < 0:
            return _fallback(s, player, action)
        t = _copy(s)
        _apply_exchange(t, p, wanted, count)
        return t
    return _fallback(s, player, action)


cdef int _heuristic(int* options, int count, Twister* twister):
    """The heuristic's play (`tablefeast.games.schlacht_am_buffet.strategy.ranked_moves`,
    through `tablefeast.agents.heuristics.heuristic_move`), from the seat's hand alone: the
    values it holds from the highest (SAB-5). A commitment is simultaneous, so it mixes the
    first three with the weights 0.6, 0.24, 0.16, drawn by one ``rng.random()`` (`options`:
    the card indices held, ascending, at least two)."""
    return options[count - 1 - _mixed(twister, count)]


cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
               long long* moves, int policy, object chance_rng, list kept) except? -1:
    """The playout loop (see `_playouts.pxi`): uniformly random moves or the heuristic's, and
    chance with its exact probabilities, as the Python loops draw them."""
    cdef int actor, k, count, pick, total
    cdef int options[CARDS]
    cdef int weights[NUM_PLATES]
    cdef int wanted[CARDS]
    while not t.game_over:
        if budget >= 0 and moves[0] >= budget:
            return False
        if t.exchanger == NONE and (t.pending_len or t.to_reveal):  # chance
            total = 0
            if t.pending_len:
                for k in range(CARDS):
                    weights[k] = t.draw_pile[k]
                    total += weights[k]
                if total <= 0:
                    _stuck()
                _draw(t, _sample(draw[0], weights, CARDS, total))
            else:
                for k in range(NUM_PLATES):
                    weights[k] = t.supply[k]
                    total += weights[k]
                if total <= 0:
                    _stuck()
                _reveal(t, _sample(draw[0], weights, NUM_PLATES, total))
            moves[0] += 1
            continue
        if t.exchanger != NONE:
            actor = t.exchanger
        else:
            actor = 0
            while not (t.racing >> actor & 1 and t.commitments[actor] == NO_CARD):
                actor += 1
        if (actor == seat or seat == ANY_SEAT) and left >= 0:
            if left == 0:
                return False
            left -= 1
        moves[0] += 1
        if t.exchanger != NONE:  # SAB-7
            count = 0
            if _plays_heuristic(policy, actor):  # every card below 3, drawing nothing
                for k in range(CARDS):
                    wanted[k] = t.hands[actor][k] if k < 4 else 0  # the values -1..2
                    count += wanted[k]
                _apply_exchange(t, actor, wanted, count)
                continue
            count = 1  # one of the pure engine's exchanges, in its order
            for k in range(CARDS):
                count *= t.hands[actor][k] + 1
            pick = 0 if count == 1 else _randbelow(draw[actor + 1], count)
            count = 0
            for k in range(CARDS):  # the exchange at `pick`: its digits, index 0 the lowest
                wanted[k] = pick % (t.hands[actor][k] + 1)
                pick //= t.hands[actor][k] + 1
                count += wanted[k]
            _apply_exchange(t, actor, wanted, count)
            continue
        count = 0  # SAB-5: a value the hand holds
        for k in range(CARDS):
            if t.hands[actor][k] > 0:
                options[count] = k
                count += 1
        if count == 0:
            _stuck()
        if count == 1:
            pick = options[0]
        elif _plays_heuristic(policy, actor):
            pick = _heuristic(options, count, draw[actor + 1])
        else:
            pick = options[_randbelow(draw[actor + 1], count)]
        _commit(t, actor, pick - 1)
    return True


include "_playouts.pxi"
include "_core_batch.pxi"
include "_batch.pxi"


# ---------------------------------------------------------------- the search (`_search.pxi`)

from tablefeast.games.schlacht_am_buffet.view import determinize as _search_pure_determinize

cdef enum:
    SEARCH_MAX_OPTIONS = 1 << HAND_MAX  # SAB-7: the exchanges of nine different values
    SEARCH_EXCHANGE = 16  # codes: plays by card index 0-10, an exchange 16 + its discard's rank
    SEARCH_POOL = 1024  # more than every card of the game

SEARCH_DETERMINIZES = True  # `_search_determinize` is the twin of `view.determinize`


cdef inline long long _discard_rank(int* taken) noexcept:
    """The rank `_exchange` files the discard taking `taken[i]` cards of index i under."""
    cdef long long rank = 0
    cdef int i, left = HAND_MAX
    for i in range(CARDS - 1, -1, -1):
        rank += _RANK_PART[i][left][taken[i]]
        left -= taken[i]
    return rank


cdef int _search_options(State t, int seat, int* codes) except -1:
    """`legal_actions(t, seat)` as codes, in its order: the values in hand (SAB-5), or every
    exchange of the exchanger's hand (SAB-7, `_exchanges`' odometer), each by its discard."""
    cdef int taken[CARDS]
    cdef int i, k, count = 1
    if _may_commit(t, seat):
        count = 0
        for k in range(CARDS):
            if t.hands[seat][k] > 0:
                codes[count] = k
                count += 1
        return count
    if seat != t.exchanger or seat == NONE or t.game_over:
        return 0
    for i in range(CARDS):
        taken[i] = 0
        count *= t.hands[seat][i] + 1
    for k in range(count):
        codes[k] = <int>(SEARCH_EXCHANGE + _discard_rank(taken))
        for i in range(CARDS):
            if taken[i] < t.hands[seat][i]:
                taken[i] += 1
                break
            taken[i] = 0
    return count


cdef int _search_apply(State t, int seat, int code) except -1:
    """The move `code` of `_search_options`, in place: a commitment (SAB-5), or the exchange
    whose discard has that rank, found among the hand's (SAB-7)."""
    cdef int taken[CARDS]
    cdef int i, k, count = 1, held = 0
    if code < SEARCH_EXCHANGE:
        _commit(t, seat, code - 1)
        return 0
    for i in range(CARDS):
        taken[i] = 0
        count *= t.hands[seat][i] + 1
    for k in range(count):
        if SEARCH_EXCHANGE + _discard_rank(taken) == code:
            for i in range(CARDS):
                held += taken[i]
            _apply_exchange(t, seat, taken, held)
            return 0
        for i in range(CARDS):
            if taken[i] < t.hands[seat][i]:
                taken[i] += 1
                break
            taken[i] = 0
    return _stuck()


cdef int _search_determinize(State t, int seat, Twister* twister) except -1:
    """`view.determinize(t, seat, rng)`: the draw pile, the other seats' hands and their
    face-down commitments pooled in ascending order, shuffled as ``rng.shuffle`` shuffles,
    then dealt back seat by seat: a hand from the front, a commitment from the back; the rest
    is the draw pile."""
    cdef int pool[SEARCH_POOL]
    cdef int size = 0, front = 0, back, i, j, k, c, held
    for k in range(CARDS):
        c = t.draw_pile[k]
        for i in range(t.n):
            if i != seat:
                c += t.hands[i][k]
                if t.commitments[i] != NO_CARD and t.commitments[i] + 1 == k:
                    c += 1
        if size + c > SEARCH_POOL:
            _stuck()
        for j in range(c):
            pool[size] = k
            size += 1
    _shuffle(twister, pool, size)
    back = size
    for i in range(t.n):
        if i == seat:
            continue
        held = 0
        for k in range(CARDS):
            held += t.hands[i][k]
            t.hands[i][k] = 0
        for j in range(held):
            t.hands[i][pool[front]] += 1
            front += 1
        if t.commitments[i] != NO_CARD:
            back -= 1
            t.commitments[i] = pool[back] - 1
    for k in range(CARDS):
        t.draw_pile[k] = 0
    for j in range(front, back):
        t.draw_pile[pool[j]] += 1
    return 0


include "_search.pxi"


def heuristic_playout(state, seat, horizon, rng):
    """As `random_playout`, every seat playing the heuristic: the moves
    `tablefeast.agents.heuristics.heuristic_move` makes from each seat's view, with the same
    draws from `rng` (its arguments checked as `random_playout` checks them). The playout policy
    Schlacht am Buffet declares is random (`strategy.PLAYOUT`); this one is for a search asked
    for heuristic playouts."""
    return _playout(state, seat, horizon, rng, HEURISTIC_POLICY)


cdef int _top_ranks(State s, int seat, int* tops):
    """The rank of the top plate of each kind the seat holds (SAB-14), -1 for none; returns
    the best (lowest) top rank, or NUM_PLATES with no plate."""
    cdef int k, rank, best = NUM_PLATES
    for k in range(6):
        tops[k] = NONE
    for k in range(s.won_len[seat]):
        rank = s.won[seat][k]
        tops[PLATE_KIND[rank]] = rank
    for k in range(6):
        if tops[k] != NONE and tops[k] < best:
            best = tops[k]
    return best


cdef int _score(State s, int seat):
    cdef int k, total = 0
    cdef int tops[6]
    _top_ranks(s, seat, tops)
    for k in range(6):
        if tops[k] != NONE:
            total += PLATE_VALUE[tops[k]]
    return total


def scores(state):
    """Each seat's score: the sum of its top plates (SAB-14, SAB-16), at any time."""
    cdef State s = _state(state)
    cdef int seat
    return tuple([_score(s, seat) for seat in range(s.n)])


def winners(state):
    """Once over, the highest score, then the best top plate (SAB-16)."""
    cdef State s = _state(state)
    cdef int seat
    cdef int tops[6]
    if not s.game_over:
        return frozenset()
    keys = [(_score(s, seat), -_top_ranks(s, seat, tops)) for seat in range(s.n)]
    best = max(keys)
    return frozenset([seat for seat in range(s.n) if keys[seat] == best])
