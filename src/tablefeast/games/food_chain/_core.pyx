# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""Food Chain's native core: the state as C arrays and the hot path of the contract.

The pure engine (`tablefeast.games.food_chain`) is the reference. This core answers `actors`,
`legal_actions`, `apply_action`, `is_terminal`, `scores` and `winners` for a `State` of its own
and returns the pure engine's own action values. Every move it does not take on its fast path
(an illegal one, or one given as another type) goes to the pure engine on the converted state,
so that bad input raises exactly the reference's error; `fallbacks()` counts them. Every rule
below cites its ruling as the pure engine's code does.
"""

cimport cython

from tablefeast.games.food_chain import rules as _pure
from tablefeast.games.food_chain.catalog import TITLE
from tablefeast.games.food_chain.actions import Play, Take, TakeFromCentre
from tablefeast.games.food_chain.components import ANIMALS, HAND as _HAND, INDEX, PASSES as _PASSES
from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.state import State as PureState
from tablefeast.games.food_chain.checks import check_state
from tablefeast.kernel.errors import ConfigError, InvalidSeatError, RecordError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.seats import check_actor_seat

cdef enum:
    MAX_SEATS = 6
    KINDS = 5
    MAX_STACK = 64  # more than the 54 cards of a six-player game
    FLEA = 4
    NONE = -1

include "_random.pxi"

cdef tuple PLAYS = _pure.PLAYS
cdef tuple TAKES = _pure.TAKES
cdef object TAKE_CENTRE = _pure.TAKE_CENTRE
cdef tuple HAND = _HAND  # FC-2: the components' hand, read once
cdef int PASSES = _PASSES  # FC-2, FC-9: a round's passes, one a card of the hand
if len(ANIMALS) != KINDS or len(HAND) != KINDS or PASSES * MAX_SEATS > MAX_STACK:
    raise ImportError("the components no longer fit the core's arrays (KINDS, MAX_STACK)")
cdef tuple PLAYS_BY_MASK = tuple(
    tuple([PLAYS[k] for k in range(KINDS) if mask >> k & 1]) for mask in range(1 << KINDS)
)  # FC-3: the plays of each pattern of kinds a hand holds
cdef tuple PENDING = tuple(
    tuple([s for s in range(MAX_SEATS) if mask >> s & 1]) for mask in range(1 << MAX_SEATS)
)
cdef tuple SOLO = tuple((s,) for s in range(MAX_SEATS))
cdef dict KIND_OF = {a: INDEX[a] for a in ANIMALS}


include "_state.pxi"


@cython.final  # no subclass: an entry point takes exactly this class
@cython.no_gc  # no cycle can pass through a state: it holds its config, never itself
cdef class State(_NativeState):
    """A Food Chain state held as C arrays (see `tablefeast.games.food_chain.state.State`)."""

    cdef readonly object config
    cdef int n
    cdef int stars[KINDS]
    cdef int round_number, alpha, pass_number
    cdef signed char hands[MAX_SEATS][KINDS]
    cdef signed char commitments[MAX_SEATS]
    cdef signed char played[MAX_SEATS]
    cdef unsigned char stacks[MAX_SEATS][MAX_STACK]
    cdef int stack_len[MAX_SEATS]
    cdef bint taken[MAX_SEATS]
    cdef int snatching, taker
    cdef int centre[KINDS]
    cdef int piles[MAX_SEATS][KINDS]
    cdef int fleas_out  # FC-8: only Fleas leave the round
    cdef int totals[MAX_SEATS]
    cdef tuple rounds
    cdef bint game_over

    @property
    def commitments(self):
        """Per seat, the kind committed face down this pass, or None (read by the driver's
        `Observer` at every move, so kept off the slow path of `__getattr__`)."""
        cdef int i
        return tuple([None if self.commitments[i] == NONE else self.commitments[i] for i in range(self.n)])


include "_checks.pxi"


cdef inline int _players(State s):
    return s.n


cdef inline State _copy(State s):
    cdef State t = State.__new__(State)
    t.config = s.config
    t.n = s.n
    t.stars = s.stars
    t.round_number = s.round_number
    t.alpha = s.alpha
    t.pass_number = s.pass_number
    t.hands = s.hands
    t.commitments = s.commitments
    t.played = s.played
    t.stacks = s.stacks
    t.stack_len = s.stack_len
    t.taken = s.taken
    t.snatching = s.snatching
    t.taker = s.taker
    t.centre = s.centre
    t.piles = s.piles
    t.fleas_out = s.fleas_out
    t.totals = s.totals
    t.rounds = s.rounds
    t.game_over = s.game_over
    return t


cdef void _new_round(State t, int round_number, int alpha):
    """FC-2: full hands, an empty centre, pass 1 (totals and rounds are set by the caller)."""
    cdef int s, k
    t.round_number = round_number
    t.alpha = alpha
    t.pass_number = 1
    for s in range(t.n):
        for k in range(KINDS):
            t.hands[s][k] = HAND[k]
            t.piles[s][k] = 0
        t.commitments[s] = NONE
        t.played[s] = NONE
        t.stack_len[s] = 0
        t.taken[s] = False
    for k in range(KINDS):
        t.centre[k] = 0
    t.fleas_out = 0
    t.snatching = NONE
    t.taker = NONE
    t.game_over = False


def initial_state(config):
    """Round 1, pass 1 (FC-2), as `tablefeast.games.food_chain.initial_state`."""
    cdef State t = State.__new__(State)
    cdef int s, k
    t.config = _config(config)
    t.n = config.players
    for k in range(KINDS):
        t.stars[k] = config.stars[k]
    for s in range(t.n):
        t.totals[s] = 0
    t.rounds = ()
    _new_round(t, 1, config.first_alpha)
    return t


# ---------------------------------------------------------------- conversion


def to_pure(state):
    """The pure engine's state equal to `state`."""
    cdef State s = _state(state)
    cdef int i, k
    n = s.n
    none = lambda v: None if v == NONE else v
    return PureState(
        config=s.config,
        round=s.round_number,
        alpha=s.alpha,
        pass_number=s.pass_number,
        hands=tuple([tuple([s.hands[i][k] for k in range(KINDS)]) for i in range(n)]),
        commitments=tuple([none(s.commitments[i]) for i in range(n)]),
        played=tuple([none(s.played[i]) for i in range(n)]),
        stacks=tuple([tuple([s.stacks[i][k] for k in range(s.stack_len[i])]) for i in range(n)]),
        taken=tuple([bool(s.taken[i]) for i in range(n)]),
        snatching=none(s.snatching),
        taker=none(s.taker),
        centre=tuple([s.centre[k] for k in range(KINDS)]),
        piles=tuple([tuple([s.piles[i][k] for k in range(KINDS)]) for i in range(n)]),
        fleas_out=s.fleas_out,
        totals=tuple([s.totals[i] for i in range(n)]),
        rounds=s.rounds,
        game_over=bool(s.game_over),
    )


include "_conversion.pxi"


cdef int HAND_C[KINDS]  # `HAND` as C ints
cdef int _k
for _k in range(KINDS):
    HAND_C[_k] = HAND[_k]
cdef enum:
    MOST_POINTS = 1 << 28  # |totals| at most: no C int overflows as rounds add up to 1,000 stars


cdef State _from_checked(object state):
    # Every field read as `from_engine` says (issue 45, item 7): a type, a length or a value the
    # arrays cannot take is refused, and so is a state from which play would index outside them.
    cdef State t = State.__new__(State)
    cdef int i, k, n, size, cards = 0, held, most
    cdef tuple hands, commitments, played, stacks, taken, piles, totals, row
    config = state.config
    t.config = config
    t.n = n = config.players
    for k in range(KINDS):
        t.stars[k] = config.stars[k]
    row = _tuple(state.centre, KINDS, KINDS, "centre", -1)
    for k in range(KINDS):
        t.centre[k] = _int(row[k], 0, n * HAND_C[k], "centre", k, -1)
        cards += t.centre[k]
    t.fleas_out = _int(state.fleas_out, 0, n * HAND_C[FLEA], "fleas_out", -1, -1)
    t.round_number = _int(state.round, 1, n, "round", -1, -1)
    t.alpha = _int(state.alpha, 0, n - 1, "alpha", -1, -1)
    t.pass_number = _int(state.pass_number, 1, PASSES, "pass_number", -1, -1)
    hands = _tuple(state.hands, n, n, "hands", -1)
    commitments = _tuple(state.commitments, n, n, "commitments", -1)
    played = _tuple(state.played, n, n, "played", -1)
    stacks = _tuple(state.stacks, n, n, "stacks", -1)
    taken = _tuple(state.taken, n, n, "taken", -1)
    piles = _tuple(state.piles, n, n, "piles", -1)
    totals = _tuple(state.totals, n, n, "totals", -1)
    t.game_over = _bool(state.game_over, "game_over", -1)
    t.snatching = _int_or_none(state.snatching, 1, KINDS - 1, NONE, "snatching", -1)
    t.taker = _int_or_none(state.taker, 0, n - 1, NONE, "taker", -1)
    most = PASSES + 1 - t.pass_number if t.taker == NONE else PASSES - t.pass_number  # to play
    for i in range(n):
        row = _tuple(hands[i], KINDS, KINDS, "hands", i)
        held = 0
        for k in range(KINDS):
            t.hands[i][k] = _int(row[k], 0, HAND_C[k], "hands", i, k)
            held += t.hands[i][k]
        if held < most and not t.game_over:  # a playout would find no card to play
            raise _unsound(f"hand {i} holds {held} cards, {most} passes to play (FC-2)")
        row = _tuple(piles[i], KINDS, KINDS, "piles", i)
        for k in range(KINDS):
            t.piles[i][k] = _int(row[k], 0, n * HAND_C[k], "piles", i, k)
        t.commitments[i] = _int_or_none(commitments[i], 0, KINDS - 1, NONE, "commitments", i)
        if t.commitments[i] != NONE and t.hands[i][t.commitments[i]] <= 0:
            raise _unsound(f"seat {i} committed a kind its hand does not hold (FC-3)")
        t.played[i] = _int_or_none(played[i], 0, KINDS - 1, NONE, "played", i)
        row = _tuple(stacks[i], 0, MAX_STACK, "stacks", i)
        size = len(row)
        t.stack_len[i] = size
        for k in range(size):
            t.stacks[i][k] = _int(row[k], 0, KINDS - 1, "stacks", i, k)
        cards += size
        t.taken[i] = _bool(taken[i], "taken", i)
        t.totals[i] = _int(totals[i], -MOST_POINTS, MOST_POINTS, "totals", i, -1)
    t.rounds = _tuple(state.rounds, 0, n, "rounds", -1)
    if not t.game_over:
        _playable(t, cards)
    return t


cdef int _playable(State t, int cards) except -1:
    """Refuse a state from which play would index outside an array: a stack grows by a take
    (FC-4, FC-5) at most by every card on a stack or in the centre now and every card still to
    be played this round, which must fit in MAX_STACK (a real state holds at most 10 a seat);
    a taker takes a kind it played, with prey left (else none follows it, or a playout finds no
    prey); and a pass still to commit has a seat still to commit (FC-3)."""
    cdef int i, committed = 0
    cards += t.n * (PASSES + 1 - t.pass_number)
    if cards > MAX_STACK:
        raise _unsound(
            f"{cards} cards on stacks, in the centre or still to play (at most {MAX_STACK})"
        )
    for i in range(t.n):
        committed += t.commitments[i] != NONE
    if t.taker != NONE:
        if t.snatching == NONE or t.played[t.taker] != t.snatching:
            raise _unsound(f"taker {t.taker} did not play the kind snatching (FC-4)")
        if committed or not _prey_left(t, t.snatching - 1):
            raise _unsound(f"taker {t.taker} has no prey to take, or a seat committed (FC-4)")
    elif committed == t.n:
        raise _unsound("every seat committed, yet the pass was not revealed (FC-3)")
    return 0


# ---------------------------------------------------------------- the contract


def actors(state):
    """The one seat to take a prey, or every seat still to commit, or () when over (FC-3,
    FC-4, FC-6)."""
    cdef State s = _state(state)
    cdef int i, mask = 0
    if s.game_over:
        return ()
    if s.taker != NONE:
        return SOLO[s.taker]
    for i in range(s.n):
        if s.commitments[i] == NONE:
            mask |= 1 << i
    return PENDING[mask]


def is_terminal(state):
    """True once every player has been Alpha (FC-10)."""
    cdef State s = _state(state)
    return bool(s.game_over)


cdef inline bint _may_commit(State s, int player):
    return s.taker == NONE and not s.game_over and 0 <= player < s.n and s.commitments[player] == NONE


cdef inline bint _prey_left(State s, int prey):
    cdef int i
    if s.centre[prey] > 0:
        return True
    for i in range(s.n):
        if s.played[i] == prey and not s.taken[i]:
            return True
    return False


def legal_actions(state, player):
    """The legal actions of `player` now: plays of the kinds in hand (FC-3), or the takes of
    the prey seats in seat order and then the centre (FC-4)."""
    cdef State s = _state(state)
    cdef int p, k, mask = 0, prey, i
    if type(player) is int and -1 <= player < MAX_SEATS:  # compared before a C conversion
        p = player
        if _may_commit(s, p):
            for k in range(KINDS):
                if s.hands[p][k] > 0:
                    mask |= 1 << k
            return PLAYS_BY_MASK[mask]
        if s.taker == p and p != NONE and not s.game_over:  # (NONE: nobody takes)
            prey = s.snatching - 1  # FC-4: each predator snatches the kind below it
            options = [TAKES[i] for i in range(s.n) if s.played[i] == prey and not s.taken[i]]
            if s.centre[prey] > 0:
                options.append(TAKE_CENTRE)
            return tuple(options)
    check_actor_seat(player, s.n)
    return ()


cdef int _first_taker(State s, int kind):
    """The first seat clockwise from the Alpha that played `kind` (FC-4)."""
    cdef int i, seat
    for i in range(s.n):
        seat = (s.alpha + i) % s.n
        if s.played[seat] == kind:
            return seat
    return NONE


cdef int _next_taker(State s, int kind, int after):
    """The next seat clockwise after `after` that played `kind` (FC-4)."""
    cdef int i, seat
    for i in range(1, s.n + 1):
        seat = (after + i) % s.n
        if s.played[seat] == kind:
            return seat
    return NONE


cdef void _next_snatch(State t, int after_kind):
    """The first predator kind after `after_kind` with takers and prey left takes the turn
    (FC-4: birds, then cats, then dogs, then fleas); with none left the pass ends."""
    cdef int kind, i
    cdef bint present
    for kind in range(after_kind + 1 if after_kind != NONE else 1, KINDS):
        present = False
        for i in range(t.n):
            if t.played[i] == kind:
                present = True
                break
        if present and _prey_left(t, kind - 1):
            t.snatching = kind
            t.taker = _first_taker(t, kind)
            return
    t.snatching = NONE
    t.taker = NONE
    _secure(t)


cdef void _secure(State t):
    """FC-8: each played animal goes to its scoring pile, the centre, the box, or nowhere."""
    cdef int seat, kind, j
    for seat in range(t.n):
        kind = t.played[seat]
        if kind == NONE or t.taken[seat]:
            continue  # a snatched animal scores nothing for its owner
        if t.stack_len[seat]:
            t.piles[seat][kind] += 1
            for j in range(t.stack_len[seat]):
                t.piles[seat][t.stacks[seat][j]] += 1
        elif kind == FLEA:
            t.fleas_out += 1  # a Flea that took nothing leaves the round
        else:
            t.centre[kind] += 1
    for seat in range(t.n):
        t.played[seat] = NONE
        t.stack_len[seat] = 0
        t.taken[seat] = False
    if t.pass_number < PASSES:
        t.pass_number += 1  # FC-2
        return
    _end_round(t)


cdef inline int _running_score(State t, int seat) noexcept:
    """FC-9: the seat's totals of finished rounds plus the stars in this round's scoring pile."""
    cdef int k, total = t.totals[seat]
    for k in range(KINDS):
        total += t.stars[k] * t.piles[seat][k]
    return total


cdef void _end_round(State t):
    """FC-9: score the piles; FC-1, FC-10: the game ends once everyone has been Alpha, else
    the next Alpha is the old one's left neighbour."""
    cdef int seat, total
    cdef list stars = []
    if t.round_number == t.n:
        t.game_over = True  # the last piles stay, counted by `scores`
        return
    for seat in range(t.n):
        total = _running_score(t, seat)
        stars.append(total - t.totals[seat])
        t.totals[seat] = total
    t.rounds = t.rounds + (tuple(stars),)
    _new_round(t, t.round_number + 1, (t.alpha + 1) % t.n)


cdef void _commit(State t, int p, int kind):
    """FC-3: `p` commits `kind` face down; the last commitment reveals them all at once (they
    leave the hands) and the snatching begins (in place)."""
    cdef int i
    t.commitments[p] = kind
    for i in range(t.n):
        if t.commitments[i] == NONE:
            return
    for i in range(t.n):
        t.hands[i][t.commitments[i]] -= 1
        t.played[i] = t.commitments[i]
        t.commitments[i] = NONE
        t.stack_len[i] = 0
        t.taken[i] = False
    _next_snatch(t, NONE)


cdef void _take(State t, int p, int victim):
    """FC-4: `p` takes the prey of seat `victim` (NONE: from the centre), in place."""
    cdef int i, prey = t.snatching - 1
    if victim == NONE:
        t.centre[prey] -= 1  # centre prey have nothing under them (FC-5)
        t.stacks[p][t.stack_len[p]] = prey
        t.stack_len[p] += 1
    else:
        # FC-5, FC-7: the prey goes under the taker's animal with everything under it.
        t.stacks[p][t.stack_len[p]] = prey
        t.stack_len[p] += 1
        for i in range(t.stack_len[victim]):
            t.stacks[p][t.stack_len[p]] = t.stacks[victim][i]
            t.stack_len[p] += 1
        t.stack_len[victim] = 0
        t.taken[victim] = True
    if _prey_left(t, prey):
        t.taker = _next_taker(t, t.snatching, p)  # FC-4: clockwise among the takers
        return
    _next_snatch(t, t.snatching)


def apply_action(state, player, action):
    """The state after `player` takes `action` (`state` is never changed); a move off the fast
    path goes to the pure engine, which raises its own error for an illegal one."""
    cdef State s = _state(state)
    cdef int p, kind, prey, victim
    cdef State t
    cdef type cls = type(action)
    if type(player) is not int or not 0 <= player < s.n:
        return _fallback(s, player, action)
    p = player
    if cls is Play and _may_commit(s, p):  # a commitment (FC-3)
        kind = KIND_OF.get(action.animal, NONE)
        if kind == NONE or s.hands[p][kind] <= 0:
            return _fallback(s, player, action)
        t = _copy(s)
        _commit(t, p, kind)
        return t
    if (cls is Take or cls is TakeFromCentre) and s.taker == p and not s.game_over:  # FC-4
        prey = s.snatching - 1
        if cls is TakeFromCentre:
            if s.centre[prey] <= 0:
                return _fallback(s, player, action)
            victim = NONE
        else:
            victim_obj = action.seat
            if type(victim_obj) is not int or not 0 <= victim_obj < s.n:
                return _fallback(s, player, action)
            victim = victim_obj
            if s.played[victim] != prey or s.taken[victim]:
                return _fallback(s, player, action)
        t = _copy(s)
        _take(t, p, victim)
        return t
    return _fallback(s, player, action)


cdef int _heuristic(State t, int actor, int* options, int count, Twister* twister) noexcept:
    """The heuristic's move (`tablefeast.games.food_chain.strategy.ranked_moves`, through
    `tablefeast.agents.heuristics.heuristic_move`) among `count` (at least two) `options`, from
    what the seat's view shows (hands, the centre and the stacks are public, FC-11; no
    commitment is read). Snatching (FC-4): the prey seat with the biggest stack, the first in
    seat order among equals, the centre last (nothing drawn). Committing (FC-3), simultaneous:
    first the predators with prey in the centre, the most prey less 0.3 per opponent holding
    their own predator first (equals in kind order), then waiting with the weakest; one
    ``rng.random()`` mixes the first three with the weights 0.6, 0.24, 0.16."""
    cdef int i, j, k, kind, danger, best, catches = 0, waits = 0
    cdef int ranking[KINDS]
    cdef int waiting[KINDS]
    cdef double values[KINDS]
    cdef double value, point
    if t.taker != NONE:  # FC-4: options are prey seats in seat order, then the centre (NONE)
        best = 0
        for i in range(1, count):
            # sorted by -len(stack), the centre 0: the first of the smallest key
            if (0 if options[i] == NONE else -t.stack_len[options[i]]) < (
                0 if options[best] == NONE else -t.stack_len[options[best]]
            ):
                best = i
        return options[best]
    for i in range(count):  # FC-3: options are the kinds in hand, in kind order
        kind = options[i]
        if kind == 0 or not t.centre[kind - 1]:
            waiting[waits] = kind  # a Worm takes nothing; a predator waits for prey (FC-4)
            waits += 1
            continue
        danger = 0
        if kind + 1 < KINDS:
            for j in range(t.n):
                if j != actor and t.hands[j][kind + 1]:
                    danger += 1  # an opponent holding this kind's predator (FC-4)
        value = t.centre[kind - 1] - 0.3 * danger
        if value <= 0:
            waiting[waits] = kind
            waits += 1
            continue
        j = catches  # a stable sort by -value: after every catch worth as much or more
        while j > 0 and values[j - 1] < value:
            values[j] = values[j - 1]
            ranking[j] = ranking[j - 1]
            j -= 1
        values[j] = value
        ranking[j] = kind
        catches += 1
    for i in range(waits):  # already in kind order: the weakest first
        ranking[catches + i] = waiting[i]
    return ranking[_mixed(twister, count)]


cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
               long long* moves, int policy, object chance_rng, list kept) except? -1:
    """The playout loop (see `_playouts.pxi`): uniformly random moves or the heuristic's, as
    the Python loops draw them."""
    cdef int actor, i, k, count, pick, prey
    cdef int options[MAX_SEATS + 1]
    while not t.game_over:
        if budget >= 0 and moves[0] >= budget:
            return False
        if t.taker != NONE:
            actor = t.taker
        else:
            actor = 0
            while t.commitments[actor] != NONE:
                actor += 1
        if (actor == seat or seat == ANY_SEAT) and left >= 0:
            if left == 0:
                return False
            left -= 1
        count = 0
        if t.taker == NONE:  # FC-3: a kind the hand holds
            for k in range(KINDS):
                if t.hands[actor][k] > 0:
                    options[count] = k
                    count += 1
        else:  # FC-4: a prey seat, in seat order, then the centre
            prey = t.snatching - 1
            for i in range(t.n):
                if t.played[i] == prey and not t.taken[i]:
                    options[count] = i
                    count += 1
            if t.centre[prey] > 0:
                options[count] = NONE
                count += 1
        if count == 0:
            _stuck()
        if count == 1:
            pick = options[0]  # one legal move: nothing drawn
        elif _plays_heuristic(policy, actor):
            pick = _heuristic(t, actor, options, count, draw[actor + 1])
        else:
            pick = options[_randbelow(draw[actor + 1], count)]
        if t.taker == NONE:
            _commit(t, actor, pick)
        else:
            _take(t, actor, pick)
        moves[0] += 1
    return True


include "_playouts.pxi"


def heuristic_playout(state, seat, horizon, rng):
    """As `random_playout`, every seat playing the heuristic: the moves
    `tablefeast.agents.heuristics.heuristic_move` makes from each seat's view, with the same
    draws from `rng` (its arguments checked as `random_playout` checks them). Food Chain's
    searches play out at random (``CAPABILITIES.playout``); this serves a search asked for
    heuristic playouts, which then plays on the native twin exactly as on the pure engine."""
    return _playout(state, seat, horizon, rng, HEURISTIC_POLICY)


include "_core_batch.pxi"
include "_batch.pxi"


# ---------------------------------------------------------------- the search (`_search.pxi`)

from tablefeast.games.food_chain.view import determinize as _search_pure_determinize

cdef enum:
    SEARCH_MAX_OPTIONS = MAX_SEATS + 1  # a take: the prey seats and the centre (FC-4)
    SEARCH_TAKE = KINDS  # codes: plays 0-4 by kind, takes 5-10 by seat, the centre 11
    SEARCH_CENTRE = KINDS + MAX_SEATS

SEARCH_DETERMINIZES = True  # `_search_determinize` is the twin of `view.determinize`


cdef int _search_options(State t, int seat, int* codes) except -1:
    """`legal_actions(t, seat)` as codes, in its order: the kinds in hand (FC-3), or the prey
    seats in seat order and then the centre (FC-4)."""
    cdef int k, i, prey, count = 0
    if t.taker == NONE:
        if t.commitments[seat] != NONE:
            return 0
        for k in range(KINDS):
            if t.hands[seat][k] > 0:
                codes[count] = k
                count += 1
        return count
    if t.taker != seat:
        return 0
    prey = t.snatching - 1
    for i in range(t.n):
        if t.played[i] == prey and not t.taken[i]:
            codes[count] = SEARCH_TAKE + i
            count += 1
    if t.centre[prey] > 0:
        codes[count] = SEARCH_CENTRE
        count += 1
    return count


cdef int _search_apply(State t, int seat, int code) except -1:
    """The move `code` of `_search_options`, in place: a commitment (FC-3) or a take (FC-4)."""
    if code < SEARCH_TAKE:
        _commit(t, seat, code)
    elif code == SEARCH_CENTRE:
        _take(t, seat, NONE)
    else:
        _take(t, seat, code - SEARCH_TAKE)
    return 0


cdef int _search_determinize(State t, int seat, Twister* twister) except -1:
    """`view.determinize(t, seat, rng)`: each other seat's committed kind drawn again by
    ``rng.choice`` of the cards its (public, FC-11) hand holds, in kind order, seat by seat."""
    cdef int i, k, held, pick
    for i in range(t.n):
        if t.commitments[i] == NONE or i == seat:
            continue
        held = 0
        for k in range(KINDS):
            held += t.hands[i][k]
        pick = _randbelow(twister, held)
        k = 0
        while pick >= t.hands[i][k]:
            pick -= t.hands[i][k]
            k += 1
        t.commitments[i] = k
    return 0


include "_search.pxi"


def scores(state):
    """Totals of finished rounds plus the stars in this round's scoring piles (FC-9)."""
    cdef State s = _state(state)
    return tuple([_running_score(s, seat) for seat in range(s.n)])


def winners(state):
    """Once over, every seat with the highest total (FC-10)."""
    cdef State s = _state(state)
    if not s.game_over:
        return frozenset()
    final = scores(s)
    best = max(final)
    return frozenset([seat for seat, v in enumerate(final) if v == best])
