# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True
"""All You Can Eat Buffet's native core: the state as C arrays and the hot path of the contract.

The pure engine (`tablefeast.games.all_you_can_eat_buffet`) is the reference. This core answers
`actors`, `legal_actions`, `chance_distribution`, `apply_action`, `is_terminal`, `scores` and
`winners` for a `State` of its own and returns the pure engine's own action values (its prebuilt
plays, takes, swaps, steals, Tomato decisions and chance outcomes).

Native, for every config (3 to 6 players, any first player, any card lists within AYC-23's
bounds): the deal of Mood cards and Meals with the Surprise breads' secret cards (AYC-2 to
AYC-4), the commitments and the random reveals (AYC-5, AYC-17), clinking glasses (AYC-6,
AYC-18), the resolution order (AYC-7, AYC-22) and the six Moods' effects with everything
collecting and stealing brings (AYC-8, AYC-13, AYC-16, AYC-19, AYC-21), the end of a round
(AYC-9), the secret cards and the Tomatoes at the end (AYC-4, AYC-10, AYC-14), the running and
final scores and winners (AYC-11, AYC-12, AYC-20, computed from the pure scoring's own plan of
the lists), and whole random playouts and games (`random_playout`, `random_game`: no Python per
move, the generators drawn exactly as the Python loops draw them).

Not native: a move off the fast path (an illegal one, one given as another type or by an odd
seat) goes to the pure engine on the converted state, so that bad input raises exactly the
reference's error (`fallbacks()` counts them); views, determinization, notation and traced moves
go through the pure state too (`tablefeast.native.NativeRuleset`). The Mood effects are the six
of `moods.MOOD_EFFECTS` as shipped (only their `when` is read from the table, at import, AYC-22):
a table changed in code needs the pure engine. Every rule cites its ruling as the pure code does.
"""

cimport cython
from cpython.object cimport PyObject, PyTypeObject, newfunc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from tablefeast.games.all_you_can_eat_buffet import moods as _moods
from tablefeast.games.all_you_can_eat_buffet import rules as _pure
from tablefeast.games.all_you_can_eat_buffet import scoring as _scoring
from tablefeast.games.all_you_can_eat_buffet import strategy as _strategy
from tablefeast.games.all_you_can_eat_buffet.actions import (
    DrawMeal,
    DrawMood,
    Play,
    RevealMood,
    Secret,
    Steal,
    Swap,
    Take,
    Tomato,
)
from tablefeast.games.all_you_can_eat_buffet.catalog import TITLE
from tablefeast.games.all_you_can_eat_buffet.checks import check_state
from tablefeast.games.all_you_can_eat_buffet.components import (
    MAX_COUNT,
    MAX_MEAL_ENTRIES,
    MAX_MOOD_CARDS,
    MOOD_INDEX,
    MOODS,
    Mood,
)
from tablefeast.games.all_you_can_eat_buffet.config import (
    DRINKS,
    FIRST_HAND,
    MAX_PLAYERS,
    SPICES,
    Config,
)
from tablefeast.games.all_you_can_eat_buffet.state import STAGES, State as PureState
from tablefeast.kernel.chance import CHANCE as _CHANCE
from tablefeast.kernel.errors import ConfigError, InvalidSeatError, RecordError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.seats import check_actor_seat

cdef enum:
    MAX_SEATS = 6
    KINDS = 6  # the Moods, in `MOODS` order
    MAX_MEALS = 100  # AYC-23: entries of a Meal list
    MAX_LINE = 7  # AYC-3
    MAX_DRAWS = 18  # AYC-2: three Mood cards each in round 1
    MAX_PAIRS = 21  # AYC-5: two cards of one Mood (6) or of two (15)
    NONE = -1
    # the stages, in `state.STAGES` order
    DEAL = 0
    PLAY = 1
    REVEAL = 2
    RESOLVE = 3
    SECRETS = 4
    TOMATOES = 5
    OVER = 6
    # the Moods, in `MOODS` order
    HUNGRY = 0
    VERY_HUNGRY = 1
    BOOR = 2
    SLOW = 3
    TRICKSTER = 4
    JEALOUS = 5
    # when a Mood resolves (AYC-7)
    FIRST = 0
    TURN = 1
    LAST = 2
    # `_state.pxi`'s, which this core does not include (its State has no base class)
    ANY_SEAT = -2  # a playout's or a batch's seat that stands for every player's
    GAME_OVER = -3  # who decides in a game that is over (`_batch.pxi`)

include "_random.pxi"

# The C arrays below hold per-entry counts in bytes: AYC-23 bounds each Meal entry and each
# colour's Mood cards at 100, the lists at 100 entries.
assert MAX_COUNT <= 255 and MAX_MOOD_CARDS <= 255 and MAX_MEAL_ENTRIES <= MAX_MEALS
assert STAGES == ("deal", "play", "reveal", "resolve", "secrets", "tomatoes", "over")
assert [m.value for m in MOODS] == ["hungry", "very-hungry", "boor", "slow", "trickster", "jealous"]
assert FIRST_HAND * MAX_SEATS <= MAX_DRAWS
assert MAX_PLAYERS <= MAX_SEATS and Config(players=MAX_PLAYERS).line_size <= MAX_LINE  # AYC-3

cdef tuple CHANCE_ONLY = (_CHANCE,)
cdef tuple PENDING = tuple(
    tuple([s for s in range(MAX_SEATS) if mask >> s & 1]) for mask in range(1 << MAX_SEATS)
)
cdef tuple SOLO = tuple((s,) for s in range(MAX_SEATS))
cdef tuple NO_ACTIONS = ()
cdef dict STAGE_OF = {name: i for i, name in enumerate(STAGES)}
cdef dict MOOD_OF = dict(MOOD_INDEX)  # a plain dict: `Mood` hashes by identity
cdef tuple DRAW_MOOD = _pure.DRAW_MOOD
cdef tuple REVEAL_MOOD = _pure.REVEAL_MOOD
cdef tuple TAKE_ONE_OF = _moods._TAKE_ONE_OF
cdef tuple TAKE_TWO_OF = _moods._TAKE_TWO_OF
cdef tuple SWAPS_OF = _moods._SWAPS_OF
cdef object _tomato_choices = _pure._tomato_choices
cdef int FRUIT_SETS[7]
cdef int CAKE_TILE = _scoring.CAKE_TILE
cdef int VEGETABLE_BONUS = _scoring.VEGETABLE_BONUS
cdef int SPICE_LIMIT = _scoring.SPICE_LIMIT
cdef int MILK_SPICE_LIMIT = _scoring.MILK_SPICE_LIMIT
cdef int _i, _j
for _i in range(7):
    FRUIT_SETS[_i] = _scoring.FRUIT_SETS[_i]

# The heuristic's order of the Moods (`strategy.MOOD_ORDER`): each Mood's rank, 0 the first.
cdef int MOOD_RANK[KINDS]
for _i in range(KINDS):
    MOOD_RANK[_i] = _strategy.MOOD_ORDER.index(MOODS[_i].value)

# AYC-7, AYC-22: when each Mood resolves, read from the one table of effects.
cdef int WHEN[KINDS]
for _i in range(KINDS):
    WHEN[_i] = ("first", "turn", "last").index(_moods.MOOD_EFFECTS[MOODS[_i]].when)

# AYC-5: the plays a hand allows, as the pure engine lists them (`rules._options`), by the
# pattern of the hand: for one card, the mask of the Moods held; for two, each Mood's count
# capped at 2 as a base-3 number. The codes of each pair are kept for playouts.
cdef tuple NO_PLAY = (_pure.NONE,)
cdef tuple PLAYS_ONE = tuple(
    tuple([_pure.SINGLES[k] for k in range(KINDS) if mask >> k & 1]) for mask in range(1 << KINDS)
)
cdef int PAIR_COUNT[729]
cdef unsigned char PAIR_A[729][MAX_PAIRS]
cdef unsigned char PAIR_B[729][MAX_PAIRS]


def _pairs_of(key):
    """The pairs (a, b) of Moods a hand of pattern `key` commits, in `rules._options` order."""
    capped = [key // 3**k % 3 for k in range(KINDS)]
    held = [k for k in range(KINDS) if capped[k]]
    return [(a, b) for a in held for b in held if b > a or (b == a and capped[a] >= 2)]


cdef list _two = []
for _i in range(729):
    _pairs = _pairs_of(_i)
    PAIR_COUNT[_i] = len(_pairs)
    for _j in range(len(_pairs)):
        PAIR_A[_i][_j] = _pairs[_j][0]
        PAIR_B[_i][_j] = _pairs[_j][1]
    _two.append(tuple([_pure.PAIRS[pair] for pair in _pairs]))
cdef tuple PLAYS_TWO = tuple(_two)

# A `NativeDistribution` (`_random.pxi`: a `Distribution` sampled in C) is a tuple subclass,
# which `native_distribution` builds with ``tuple.__new__`` through a `functools.partial`. This
# core calls tuple's own constructor slot directly: the same value, at a third of the cost (a
# chance node is half of all decisions).
cdef newfunc _tuple_new = (<PyTypeObject*><PyObject*>tuple).tp_new
# Mood draws and reveals weigh six Moods: their distributions are few and are kept, by seat and
# counts packed into an int (each count is at most 100, AYC-23: seven bits).
cdef dict _SMALL = {}



# ---------------------------------------------------------------- the card lists


cdef struct Group:
    # Meal indices of one scoring group and a number each (printed points, or a raise)
    int n
    int index[MAX_MEALS]
    int points[MAX_MEALS]


cdef class Lists:
    """What the rules and scoring read of one set of card lists, as C arrays (built once per
    lists, from the pure engine's own tables and scoring plan)."""

    cdef int m
    cdef unsigned char counts[MAX_MEALS]
    cdef bint drink[MAX_MEALS]
    cdef bint jealous_icon[MAX_MEALS]
    cdef bint bread[MAX_MEALS]
    cdef bint cake[MAX_MEALS]
    cdef bint coffee[MAX_MEALS]
    cdef int fruit_kinds
    cdef int tomato_cards  # `tables.tomatoes`: the Tomato cards (they number the Tomato ids)
    cdef Group fruit  # points: the Fruit kind (AYC-20)
    cdef Group tomato, fish, vegetables, lemon, milk, parsley, ketchup, garlic
    cdef Group garlic_scored, cakes, meat, sausage, fish_scored, vegetables_scored, other
    cdef dict index  # a plain dict: its lookups compiled, not a method call
    cdef tuple draw_meals, secret_meals, steals


cdef void _group(Group* g, tuple indices, tuple points):
    cdef int k
    g.n = len(indices)
    for k in range(g.n):
        g.index[k] = indices[k]
        g.points[k] = 0 if points is None else points[k]


cdef dict _LISTS = {}


cdef Lists _lists_of(object cards):
    """The `Lists` of `cards`, built once (few lists in a process; bounded all the same)."""
    cdef Lists L = _LISTS.get(cards)
    cdef int i
    if L is not None:
        return L
    L = Lists.__new__(Lists)
    t = cards.tables
    L.m = len(t.names)
    for i in range(L.m):
        L.counts[i] = t.counts[i]
        L.drink[i] = t.drink[i]
        L.jealous_icon[i] = t.jealous_icon[i]
        L.bread[i] = i in t.bread
        L.cake[i] = i in t.cake
        L.coffee[i] = i in t.coffee
    L.index = dict(t.index)
    L.tomato_cards = t.tomatoes
    L.draw_meals = t.draw_meals
    L.secret_meals = t.secret_meals
    L.steals = t.steals
    plan = _scoring._plan_of(cards)  # the pure scoring's own reading of the lists
    kinds = [(meal,) for meal in plan.fruit_single] + list(plan.fruit_groups)
    L.fruit_kinds = len(kinds)
    fruit = [(meal, kind) for kind, group in enumerate(kinds) for meal in group]
    _group(&L.fruit, tuple([meal for meal, _ in fruit]), tuple([kind for _, kind in fruit]))
    _group(&L.tomato, plan.tomato, None)
    _group(&L.fish, plan.fish, None)
    _group(&L.vegetables, plan.vegetables, None)
    _group(&L.lemon, plan.lemon, None)
    _group(&L.milk, plan.milk, None)
    _group(&L.parsley, plan.parsley, None)
    _group(&L.ketchup, plan.ketchup, None)
    _group(&L.garlic, plan.garlic, None)
    _group(&L.garlic_scored, plan.garlic_scored, plan.garlic_points)
    _group(&L.cakes, plan.cake, plan.cake_points)
    _group(&L.meat, plan.meat, plan.meat_points)
    _group(&L.sausage, plan.sausage, plan.sausage_raise)
    _group(&L.fish_scored, plan.fish_scored, plan.fish_points)
    _group(&L.vegetables_scored, plan.vegetables_scored, plan.vegetable_points)
    _group(&L.other, plan.other, plan.other_points)
    if len(_LISTS) >= 64:
        _LISTS.clear()
    _LISTS[cards] = L
    return L


# ---------------------------------------------------------------- the state


cdef struct Table:
    # the setup the player count decides (copied with the rest: a few ints)
    int n, rounds, line_size, play_two, play_none
    int stage, round_number, first
    unsigned char decks[MAX_SEATS][KINDS]
    unsigned char hands[MAX_SEATS][KINDS]
    unsigned char used[MAX_SEATS][KINDS]
    signed char committed[MAX_SEATS]  # how many cards each seat committed, NONE: not yet
    signed char commitment[MAX_SEATS][2]
    signed char revealed[MAX_SEATS]  # NONE: none
    unsigned char meal_deck[MAX_MEALS]
    int unseen  # sum(meal_deck)
    unsigned char line_meal[MAX_LINE]
    unsigned char line_spices[MAX_LINE]
    unsigned char line_secret[MAX_LINE]
    int line_len
    unsigned char collections[MAX_SEATS][MAX_MEALS]
    int held[MAX_SEATS]  # cards in each collection
    int secrets[MAX_SEATS]
    int lost
    unsigned char discard[MAX_MEALS]
    int drinks[MAX_SEATS]
    int spices[MAX_SEATS]
    int drink_supply, spice_supply
    int cake  # NONE: nobody
    signed char mood_draws[MAX_DRAWS]
    int draws_len
    int to_deal
    signed char reveals[MAX_SEATS]
    int reveals_len
    signed char queue[MAX_SEATS]
    int queue_len
    int tomatoes[MAX_SEATS]  # NONE: undecided
    # The pure state's `secret_reveals` is not kept: in stage secrets it is always the seats
    # owed in turn order from the First player (AYC-4, AYC-14), one per secret card, which
    # `check_state` requires; it is derived from `secrets` (`_secret_seat`, `to_pure`).


@cython.freelist(16)  # a state is made per move: reuse their memory, not malloc's (over 1 kB)
@cython.final  # no subclass: an entry point takes exactly this class
@cython.no_gc  # its references (config, lists, pure state) never lead back to it
cdef class State:
    """An All You Can Eat Buffet state held as C arrays (see
    `tablefeast.games.all_you_can_eat_buffet.state.State`)."""

    cdef readonly object config
    cdef Lists lists
    cdef Table d
    cdef object pure  # the pure state equal to this one, once converted (states never change)

    @property
    def commitments(self):
        """Per seat, the Moods committed face down this round, or None (read by the driver's
        `Observer` at every move, so kept off the slow path of `__getattr__`)."""
        return _commitments(self)

    # The dunders every other core's State inherits from `_NativeState` (_state.pxi), written
    # here again: a freelist is only for a class with no base, and it saves this core about 500
    # instructions a decision (8,019 -> 7,512).
    def __reduce__(self):
        return from_pure, (to_pure(self),)

    def __eq__(self, other):
        if isinstance(other, State):
            return to_pure(self) == to_pure(other)
        return NotImplemented

    def __hash__(self):
        return hash(to_pure(self))

    def __repr__(self):
        if self.config is None:  # an empty State, not made by the game
            return f"<an empty native {TITLE} State>"
        return f"native {to_pure(self)!r}"

    def __getattr__(self, name):
        # The pure state's fields, read from the converted state (a slow path, for code that
        # inspects a state: the hot path never comes here).
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(to_pure(self), name)


include "_checks.pxi"


cdef inline int _players(State s):
    return s.d.n


cdef inline State _copy(State s):
    cdef State t = State.__new__(State)
    t.config = s.config
    t.lists = s.lists
    t.d = s.d
    return t


cdef State _blank(object config):
    cdef State t = State.__new__(State)
    t.config = config
    t.lists = _lists_of(config.card_lists)
    t.d.n = config.players
    t.d.rounds = config.rounds
    t.d.line_size = config.line_size
    t.d.play_two = config.play_two
    t.d.play_none = config.play_none
    return t


def initial_state(config):
    """The table before the first draw (AYC-1), as
    `tablefeast.games.all_you_can_eat_buffet.initial_state`."""
    cdef State t = _blank(_config(config))
    cdef Table* d = &t.d
    cdef Lists L = t.lists
    cdef int s, k
    deck = config.mood_deck
    d.stage = DEAL
    d.round_number = 1
    d.first = config.first_player
    for s in range(d.n):
        for k in range(KINDS):
            d.decks[s][k] = deck[k]
            d.hands[s][k] = 0
            d.used[s][k] = 0
        d.committed[s] = NONE
        d.revealed[s] = NONE
        for k in range(L.m):
            d.collections[s][k] = 0
        d.held[s] = 0
        d.secrets[s] = 0
        d.drinks[s] = 0
        d.spices[s] = 0
        d.tomatoes[s] = NONE
    d.unseen = 0
    for k in range(L.m):
        d.meal_deck[k] = L.counts[k]
        d.unseen += L.counts[k]
        d.discard[k] = 0
    d.line_len = 0
    d.lost = 0
    d.drink_supply = DRINKS
    d.spice_supply = SPICES
    d.cake = NONE
    d.draws_len = 0
    for s in range(d.n):  # AYC-2: three each, in seat order
        for k in range(FIRST_HAND):
            d.mood_draws[d.draws_len] = s
            d.draws_len += 1
    d.to_deal = d.line_size  # AYC-3
    d.reveals_len = 0
    d.queue_len = 0
    return t


# ---------------------------------------------------------------- conversion


cdef tuple _row(unsigned char* counts, int size):
    cdef int k
    return tuple([counts[k] for k in range(size)])


cdef tuple _commitments(State s):
    cdef int i, k
    cdef Table* d = &s.d
    return tuple([
        None if d.committed[i] == NONE
        else tuple([d.commitment[i][k] for k in range(d.committed[i])])
        for i in range(d.n)
    ])


cdef inline int _secret_seat(Table* d):
    """The seat whose secret card is turned next (AYC-4, AYC-14), or NONE."""
    cdef int i, seat
    for i in range(d.n):
        seat = (d.first + i) % d.n
        if d.secrets[seat]:
            return seat
    return NONE


def to_pure(state):
    """The pure engine's state equal to `state`."""
    cdef State s = _state(state)
    cdef int i, k
    cdef Table* d = &s.d
    cdef int n = d.n, m = s.lists.m
    if s.pure is not None:
        return s.pure
    owed = ()
    if d.stage == SECRETS:
        owed = tuple([
            (d.first + i) % n for i in range(n) for k in range(d.secrets[(d.first + i) % n])
        ])
    s.pure = PureState(
        config=s.config,
        stage=STAGES[d.stage],
        round=d.round_number,
        first=d.first,
        decks=tuple([_row(d.decks[i], KINDS) for i in range(n)]),
        hands=tuple([_row(d.hands[i], KINDS) for i in range(n)]),
        used=tuple([_row(d.used[i], KINDS) for i in range(n)]),
        commitments=_commitments(s),
        revealed=tuple([None if d.revealed[i] == NONE else d.revealed[i] for i in range(n)]),
        meal_deck=_row(d.meal_deck, m),
        line=tuple([
            (d.line_meal[k], d.line_spices[k], bool(d.line_secret[k])) for k in range(d.line_len)
        ]),
        collections=tuple([_row(d.collections[i], m) for i in range(n)]),
        secrets=tuple([d.secrets[i] for i in range(n)]),
        lost=d.lost,
        discard=_row(d.discard, m),
        drinks=tuple([d.drinks[i] for i in range(n)]),
        spices=tuple([d.spices[i] for i in range(n)]),
        drink_supply=d.drink_supply,
        spice_supply=d.spice_supply,
        cake=None if d.cake == NONE else d.cake,
        mood_draws=tuple([d.mood_draws[k] for k in range(d.draws_len)]),
        to_deal=d.to_deal,
        reveals=tuple([d.reveals[k] for k in range(d.reveals_len)]),
        queue=tuple([d.queue[k] for k in range(d.queue_len)]),
        secret_reveals=owed,
        tomatoes=tuple([None if d.tomatoes[i] == NONE else d.tomatoes[i] for i in range(n)]),
    )
    return s.pure


include "_conversion.pxi"


cdef enum:
    MOST_TOKENS = 1 << 20  # tokens, secret cards, Tomatoes: no C int overflows as they add up


cdef int _row_of(unsigned char* row, object values, int size, int most, str field,
                 Py_ssize_t i) except -1:
    """`values`, a tuple of `size` counts from 0 to `most`, into `row`."""
    cdef int k
    cdef tuple counts = _tuple(values, size, size, field, i)
    for k in range(size):
        row[k] = _int(counts[k], 0, most, field, i, k)
    return 0


cdef int _seats_of(signed char* row, object values, int most_len, int n, str field) except -1:
    """`values`, a tuple of at most `most_len` seats, into `row`; returns how many."""
    cdef int k, size
    cdef tuple seats = _tuple(values, 0, most_len, field, -1)
    size = len(seats)
    for k in range(size):
        row[k] = _int(seats[k], 0, n - 1, field, k, -1)
    return size


cdef State _from_checked(object state):
    # Every field read as `from_engine` says (issue 45, item 7): a type, a length or a value the
    # arrays cannot take is refused, and so is a state from which play would index outside them.
    cdef State t = _blank(state.config)
    cdef Table* d = &t.d
    cdef int i, k, m = t.lists.m, n = d.n, size
    cdef int meals[MAX_MEALS]
    cdef tuple decks, hands, used, commitments, revealed, collections, secrets, drinks, spices
    cdef tuple tomatoes, entry, line
    stage = state.stage
    d.stage = STAGE_OF.get(stage, NONE) if type(stage) is str else NONE
    if d.stage == NONE:
        raise _unsound(f"stage is {shown(stage)}, not one of {', '.join(STAGES)}")
    d.round_number = _int(state.round, 1, d.rounds, "round", -1, -1)
    d.first = _int(state.first, 0, n - 1, "first", -1, -1)
    decks = _tuple(state.decks, n, n, "decks", -1)
    hands = _tuple(state.hands, n, n, "hands", -1)
    used = _tuple(state.used, n, n, "used", -1)
    commitments = _tuple(state.commitments, n, n, "commitments", -1)
    revealed = _tuple(state.revealed, n, n, "revealed", -1)
    collections = _tuple(state.collections, n, n, "collections", -1)
    secrets = _tuple(state.secrets, n, n, "secrets", -1)
    drinks = _tuple(state.drinks, n, n, "drinks", -1)
    spices = _tuple(state.spices, n, n, "spices", -1)
    tomatoes = _tuple(state.tomatoes, n, n, "tomatoes", -1)
    _row_of(d.meal_deck, state.meal_deck, m, MAX_COUNT, "meal_deck", -1)
    _row_of(d.discard, state.discard, m, MAX_COUNT, "discard", -1)
    d.unseen = 0
    for k in range(m):
        d.unseen += d.meal_deck[k]
        meals[k] = d.meal_deck[k] + d.discard[k]
    for i in range(n):
        _row_of(d.decks[i], decks[i], KINDS, MAX_MOOD_CARDS, "decks", i)
        _row_of(d.hands[i], hands[i], KINDS, MAX_MOOD_CARDS, "hands", i)
        _row_of(d.used[i], used[i], KINDS, MAX_MOOD_CARDS, "used", i)
        for k in range(KINDS):  # AYC-2, AYC-5: a Mood card is in one place, at most 100 a Mood
            if d.decks[i][k] + d.hands[i][k] + d.used[i][k] > MAX_MOOD_CARDS:
                raise _unsound(f"seat {i} has over {MAX_MOOD_CARDS} Mood cards of Mood {k}")
        committed = commitments[i]
        if committed is None:
            d.committed[i] = NONE
        else:
            entry = _tuple(committed, 0, 2, "commitments", i)
            d.committed[i] = len(entry)
            for k in range(len(entry)):
                d.commitment[i][k] = _int(entry[k], 0, KINDS - 1, "commitments", i, k)
        d.revealed[i] = _int_or_none(revealed[i], 0, KINDS - 1, NONE, "revealed", i)
        _row_of(d.collections[i], collections[i], m, MAX_COUNT, "collections", i)
        d.held[i] = 0
        for k in range(m):
            d.held[i] += d.collections[i][k]
            meals[k] += d.collections[i][k]
        d.secrets[i] = _int(secrets[i], 0, MOST_TOKENS, "secrets", i, -1)
        d.drinks[i] = _int(drinks[i], 0, MOST_TOKENS, "drinks", i, -1)
        d.spices[i] = _int(spices[i], 0, MOST_TOKENS, "spices", i, -1)
        d.tomatoes[i] = _int_or_none(tomatoes[i], 0, MOST_TOKENS, NONE, "tomatoes", i)
    line = _tuple(state.line, 0, MAX_LINE, "line", -1)
    d.line_len = len(line)
    for k in range(d.line_len):
        entry = _tuple(line[k], 3, 3, "line", k)
        d.line_meal[k] = _int(entry[0], 0, m - 1, "line", k, 0)
        d.line_spices[k] = _int(entry[1], 0, MAX_COUNT, "line", k, 1)
        d.line_secret[k] = _bool(entry[2], "line", k)
        meals[d.line_meal[k]] += 1
    for k in range(m):  # AYC-3, AYC-8, AYC-9: a Meal moves between these places, one byte each
        if meals[k] > MAX_COUNT:
            raise _unsound(f"over {MAX_COUNT} of Meal {k} in the deck, line, collections or discard")
    d.lost = _int(state.lost, 0, MOST_TOKENS, "lost", -1, -1)
    d.drink_supply = _int(state.drink_supply, 0, MOST_TOKENS, "drink_supply", -1, -1)
    d.spice_supply = _int(state.spice_supply, 0, MOST_TOKENS, "spice_supply", -1, -1)
    d.cake = _int_or_none(state.cake, 0, n - 1, NONE, "cake", -1)
    d.draws_len = _seats_of(d.mood_draws, state.mood_draws, MAX_DRAWS, n, "mood_draws")
    d.to_deal = _int(state.to_deal, 0, MAX_LINE - d.line_len, "to_deal", -1, -1)
    d.reveals_len = _seats_of(d.reveals, state.reveals, MAX_SEATS, n, "reveals")
    d.queue_len = _seats_of(d.queue, state.queue, MAX_SEATS, n, "queue")
    _playable(t)
    return t  # `pure` is left unset: `to_pure` converts back from the arrays, so tests check them


cdef int _playable(State t) except -1:
    """Refuse a state from which a move or a chance event would index outside an array: a
    deal with a Meal to deal (AYC-3: the line holds seven), a reveal with a seat to reveal and
    every other seat's Mood revealed (AYC-5), the secret cards with one owed (AYC-4). A playout
    stops where no seat can act (`_stuck`), as at a seat with no move."""
    cdef Table* d = &t.d
    cdef int i, k, mask = 0
    if d.stage == DEAL:
        if not d.draws_len and not d.to_deal:
            raise _unsound("a deal with nothing to deal (AYC-3)")
    elif d.stage == REVEAL:
        for k in range(d.reveals_len):
            mask |= 1 << d.reveals[k]
        for i in range(d.n):
            if not mask >> i & 1 and d.revealed[i] == NONE:
                raise _unsound(f"seat {i} neither revealed nor to be revealed (AYC-5)")
        if not mask:
            raise _unsound("a reveal with nobody to reveal (AYC-5)")
    elif d.stage == SECRETS:
        if _secret_seat(d) == NONE:
            raise _unsound("no secret card owed to turn (AYC-4)")
    return 0


# ---------------------------------------------------------------- who acts


cdef inline int _tomatoes_held(State s, int seat):
    """How many Tomatoes `seat` has collected (`state.tomatoes_held`)."""
    cdef Group* g = &s.lists.tomato
    cdef int k, total = 0
    for k in range(g.n):
        total += s.d.collections[seat][g.index[k]]
    return total


cdef int _undecided(State s):
    """The mask of the seats still to decide their Tomatoes (AYC-10)."""
    cdef int i, mask = 0
    for i in range(s.d.n):
        if s.d.tomatoes[i] == NONE and _tomatoes_held(s, i):
            mask |= 1 << i
    return mask


cdef inline int _uncommitted(Table* d):
    cdef int i, mask = 0
    for i in range(d.n):
        if d.committed[i] == NONE:
            mask |= 1 << i
    return mask


def actors(state):
    """CHANCE in the deal, the reveals and the secret cards; the seats still to commit (AYC-5);
    the seat carrying out its Mood (AYC-7); the seats still to decide Tomatoes (AYC-10)."""
    cdef State s = _state(state)
    cdef int stage = s.d.stage
    if stage == DEAL or stage == REVEAL or stage == SECRETS:
        return CHANCE_ONLY
    if stage == PLAY:
        return PENDING[_uncommitted(&s.d)]  # AYC-5
    if stage == RESOLVE:
        return SOLO[s.d.queue[0]] if s.d.queue_len else NO_ACTIONS  # AYC-7
    if stage == TOMATOES:
        return PENDING[_undecided(s)]  # AYC-10
    return NO_ACTIONS


def is_terminal(state):
    """True once the game has ended (AYC-10, after the last round)."""
    cdef State s = _state(state)
    return s.d.stage == OVER


# ---------------------------------------------------------------- chance


cdef inline int _drawable(Table* d):
    """Meals that can still be drawn for the line (`State.drawable`, AYC-4)."""
    cdef int i, total = d.unseen - d.lost
    for i in range(d.n):
        total -= d.secrets[i]
    for i in range(d.line_len):
        total -= d.line_secret[i]
    return total


cdef inline void _pool(Table* d, int seat, int* pool):
    """The Moods the left neighbour picks from: the two committed cards, or the hand when
    none was committed (AYC-5)."""
    cdef int k
    if d.committed[seat] > 0:
        for k in range(KINDS):
            pool[k] = 0
        for k in range(d.committed[seat]):
            pool[d.commitment[seat][k]] += 1
    else:
        for k in range(KINDS):
            pool[k] = d.hands[seat][k]


cdef int _weights(State s, int* weights):
    """The current chance node's weights over its support (`_support`, as the pure engine's
    distribution); returns how many, or 0 when this is no chance node."""
    cdef Table* d = &s.d
    cdef int k, seat
    if d.stage == DEAL:
        if d.draws_len:  # AYC-2: every card of the seat's deck equally likely
            seat = d.mood_draws[0]
            for k in range(KINDS):
                weights[k] = d.decks[seat][k]
            return KINDS
        for k in range(s.lists.m):  # AYC-3, AYC-4: every unseen Meal equally likely
            weights[k] = d.meal_deck[k]
        return s.lists.m
    if d.stage == REVEAL:  # AYC-5, AYC-17: uniform over the cards, even when certain
        _pool(d, d.reveals[0], weights)
        return KINDS
    if d.stage == SECRETS:  # AYC-4: a uniformly random unseen card
        for k in range(s.lists.m):
            weights[k] = d.meal_deck[k]
        return s.lists.m
    return 0


cdef tuple _support(State s):
    """The outcomes `_weights` weighs (the pure engine's prebuilt ones)."""
    if s.d.stage == DEAL:
        return DRAW_MOOD[s.d.mood_draws[0]] if s.d.draws_len else s.lists.draw_meals
    if s.d.stage == REVEAL:
        return REVEAL_MOOD[s.d.reveals[0]]
    return s.lists.secret_meals


cdef tuple _ints(int* values, int size):
    cdef tuple row = PyTuple_New(size)
    cdef int k
    for k in range(size):
        item = values[k]
        Py_INCREF(item)
        PyTuple_SET_ITEM(row, k, item)
    return row


def chance_distribution(state):
    """The exact distribution of the current chance node, as the pure engine's; elsewhere the
    pure engine raises its error."""
    cdef State s = _state(state)
    cdef int weights[MAX_MEALS]
    cdef int k, total = 0
    cdef int size = _weights(s, weights)
    cdef long long key = 0
    if not size:
        return _pure.chance_distribution(to_pure(s))
    if s.d.stage == REVEAL or (s.d.stage == DEAL and s.d.draws_len):  # six Moods weighed
        key = (s.d.mood_draws[0] if s.d.stage == DEAL else 8 + s.d.reveals[0]) + 1
        for k in range(KINDS):
            key = key << 7 | weights[k]
        known = _SMALL.get(key)
        if known is not None:
            return known
    for k in range(size):
        total += weights[k]
    args = ((_support(s), _ints(weights, size), total),)  # as `tuple(iterable)` takes them
    made = _tuple_new(NativeDistribution, <PyObject*>args, NULL)
    if key:
        if len(_SMALL) >= 4096:
            _SMALL.clear()
        _SMALL[key] = made
    return made


cdef tuple _outcomes(State s):
    cdef int weights[MAX_MEALS]
    cdef int k
    cdef int size = _weights(s, weights)
    cdef tuple support = _support(s)
    return tuple([support[k] for k in range(size) if weights[k]])


# ---------------------------------------------------------------- legal actions


cdef inline int _needed(Table* d, int seat):
    """How many Mood cards `seat` commits, by its Drink tokens (AYC-5)."""
    cdef int drinks = d.drinks[seat]
    if drinks >= d.play_none:
        return 0
    if drinks >= d.play_two:
        return 2
    return 1


cdef inline int _hand_mask(Table* d, int seat):
    cdef int k, mask = 0
    for k in range(KINDS):
        if d.hands[seat][k]:
            mask |= 1 << k
    return mask


cdef inline int _hand_key(Table* d, int seat):
    """The hand as each Mood's count capped at 2, a base-3 number (the `PLAYS_TWO` index)."""
    cdef int k, key = 0, base = 1, held
    for k in range(KINDS):
        held = d.hands[seat][k]
        key += (2 if held >= 2 else held) * base
        base *= 3
    return key


cdef tuple _plays(Table* d, int seat):
    """AYC-5: the plays of the seat's hand, as `rules._options` lists them."""
    cdef int needed = _needed(d, seat)
    if needed == 0:
        return NO_PLAY
    if needed == 1:
        return PLAYS_ONE[_hand_mask(d, seat)]
    return PLAYS_TWO[_hand_key(d, seat)]


cdef tuple _steals(State s, int seat):
    """Jealous: every collected Meal of another seat, seat by seat, in list order."""
    cdef int victim, k
    cdef list choices = []
    for victim in range(s.d.n):
        if victim != seat and s.d.held[victim]:
            row = s.lists.steals[victim]
            for k in range(s.lists.m):
                if s.d.collections[victim][k]:
                    choices.append(row[k])
    return tuple(choices)


cdef tuple _choices(State s, int seat):
    """The choices of the Mood `seat` carries out now (`moods.MOOD_EFFECTS`), () for none."""
    cdef int mood = s.d.revealed[seat], size = s.d.line_len
    if mood == BOOR:
        return TAKE_ONE_OF[size]
    if mood == VERY_HUNGRY:
        return TAKE_TWO_OF[size] if size >= 2 else NO_ACTIONS  # AYC-8: one Meal, no choice
    if mood == TRICKSTER:
        return SWAPS_OF[size]
    if mood == JEALOUS:
        return _steals(s, seat)
    return NO_ACTIONS  # Hungry and Slow choose nothing


def legal_actions(state, player):
    """The legal actions of `player` now: the plays of its hand (AYC-5), the choices of its
    Mood (AYC-8, AYC-19), its Tomato decisions (AYC-10), or for CHANCE the outcomes."""
    cdef State s = _state(state)
    cdef int p, held, stage = s.d.stage
    if type(player) is int and -1 <= player < MAX_SEATS:  # compared before a C conversion
        p = player
        if p < s.d.n:
            if stage == PLAY and p >= 0 and s.d.committed[p] == NONE:
                return _plays(&s.d, p)
            if p == NONE:
                if stage == DEAL or stage == REVEAL or stage == SECRETS:
                    return _outcomes(s)
            elif stage == RESOLVE and s.d.queue_len and s.d.queue[0] == p:
                return _choices(s, p)
            elif stage == TOMATOES and s.d.tomatoes[p] == NONE:
                held = _tomatoes_held(s, p)
                if held:
                    return _tomato_choices(held)
    check_actor_seat(player, s.d.n)
    return NO_ACTIONS


# ---------------------------------------------------------------- transitions


cdef inline void _gain_drink(Table* d, int seat):
    """AYC-6, AYC-8: a Drink token from the supply, while the supply lasts."""
    if d.drink_supply:
        d.drinks[seat] += 1
        d.drink_supply -= 1


cdef inline void _card_effects(Table* d, Lists L, int seat, int meal):
    """AYC-8: a Cake takes the Birthday Cake tile; a Coffee discards 2 Drink tokens (as many
    as the player has), back to the supply (AYC-15)."""
    cdef int lose
    if L.cake[meal]:
        d.cake = seat
    if L.coffee[meal]:
        lose = d.drinks[seat] if d.drinks[seat] < 2 else 2
        d.drinks[seat] -= lose
        d.drink_supply += lose


cdef void _collect(State t, int seat, int* positions, int count):
    """AYC-8: `seat` collects the Meals at the 0-based `positions` (ascending), first to last
    (AYC-19): their Spice tokens, a Drink token for a Drink icon, the Birthday Cake tile for a
    Cake, the loss of 2 Drink tokens for a Coffee, and a Surprise bread's secret card."""
    cdef Table* d = &t.d
    cdef Lists L = t.lists
    cdef int k, p, meal, spices = 0, secrets = 0, kept = 0
    for k in range(count):
        p = positions[k]
        meal = d.line_meal[p]
        d.collections[seat][meal] += 1
        d.held[seat] += 1
        spices += d.line_spices[p]
        secrets += d.line_secret[p]
        if L.drink[meal]:
            _gain_drink(d, seat)
        if L.cake[meal] or L.coffee[meal]:
            _card_effects(d, L, seat, meal)
    k = 0
    for p in range(d.line_len):
        if k < count and positions[k] == p:
            k += 1
            continue
        d.line_meal[kept] = d.line_meal[p]
        d.line_spices[kept] = d.line_spices[p]
        d.line_secret[kept] = d.line_secret[p]
        kept += 1
    d.line_len = kept
    d.spices[seat] += spices
    d.secrets[seat] += secrets


cdef inline void _collect_from(State t, int seat, int first, int count):
    cdef int positions[MAX_LINE]
    cdef int k
    for k in range(count):
        positions[k] = first + k
    _collect(t, seat, positions, count)


cdef void _steal(State t, int thief, int victim, int meal):
    """Jealous steals one `meal` from `victim`: a Drink token for the Jealous icon only
    (AYC-16), the Birthday Cake tile for a Cake, the loss of 2 Drink tokens for a Coffee
    (AYC-8), and a Surprise bread's secret card with the bread (AYC-21)."""
    cdef Table* d = &t.d
    cdef Lists L = t.lists
    d.collections[victim][meal] -= 1
    d.held[victim] -= 1
    d.collections[thief][meal] += 1
    d.held[thief] += 1
    if L.bread[meal] and d.secrets[victim] > 0:  # AYC-21
        d.secrets[victim] -= 1
        d.secrets[thief] += 1
    if L.jealous_icon[meal]:  # AYC-16
        _gain_drink(d, thief)
    _card_effects(d, L, thief, meal)


cdef void _swap_and_collect(State t, int seat, int a, int b):
    """Trickster: swap the Meals at 0-based `a` and `b` (their Spice tokens and secret cards
    move with them), then collect the first."""
    cdef Table* d = &t.d
    d.line_meal[a], d.line_meal[b] = d.line_meal[b], d.line_meal[a]
    d.line_spices[a], d.line_spices[b] = d.line_spices[b], d.line_spices[a]
    d.line_secret[a], d.line_secret[b] = d.line_secret[b], d.line_secret[a]
    _collect_from(t, seat, 0, 1)


cdef void _settle_deal(Table* d):
    """Stop at the next draw; once the line is complete (or the Meal deck has run out,
    AYC-13), a Spice token on the 2nd and 3rd Meal while the supply lasts (AYC-3), then play."""
    cdef int position
    if d.draws_len:
        return
    if d.to_deal and _drawable(d):
        return
    for position in (1, 2):
        if position < d.line_len and d.spice_supply:  # AYC-3: while the supply lasts
            d.line_spices[position] += 1
            d.spice_supply -= 1
    d.to_deal = 0
    d.stage = PLAY


cdef void _draw_mood(Table* d, int mood):
    """Chance: the first seat owed a Mood card draws `mood` from its deck (AYC-2)."""
    cdef int k, seat = d.mood_draws[0]
    d.decks[seat][mood] -= 1
    d.hands[seat][mood] += 1
    d.draws_len -= 1
    for k in range(d.draws_len):
        d.mood_draws[k] = d.mood_draws[k + 1]
    if not d.draws_len:
        _settle_deal(d)


cdef void _draw_meal(State t, int meal):
    """Chance: `meal` is drawn for the line (AYC-3); a Surprise bread gets a secret card while
    there is one to give, the bread itself leaving one card fewer to draw (AYC-4)."""
    cdef Table* d = &t.d
    cdef bint secret = t.lists.bread[meal] and _drawable(d) > 1
    d.meal_deck[meal] -= 1
    d.unseen -= 1
    d.to_deal -= 1
    d.line_meal[d.line_len] = meal
    d.line_spices[d.line_len] = 0
    d.line_secret[d.line_len] = secret
    d.line_len += 1
    _settle_deal(d)


cdef void _settle_end(State t):
    """After the secret cards, the Tomato decisions; with no Tomatoes, the game is over
    (AYC-4, AYC-10)."""
    if _secret_seat(&t.d) != NONE:
        return
    t.d.stage = TOMATOES if _undecided(t) else OVER


cdef void _end_round(State t):
    """AYC-9: the line is discarded, its Spice tokens back to the supply (AYC-15), a secret
    card under a bread lost unseen; then the next round, or the secret cards (AYC-4)."""
    cdef Table* d = &t.d
    cdef int k
    for k in range(d.line_len):
        d.discard[d.line_meal[k]] += 1
        d.spice_supply += d.line_spices[k]
        d.lost += d.line_secret[k]
    d.line_len = 0
    for k in range(d.n):
        d.revealed[k] = NONE
    if d.round_number == d.rounds:
        # AYC-4, AYC-14: the secret cards in turn order from the last round's First player.
        d.stage = SECRETS
        _settle_end(t)
        return
    d.round_number += 1
    d.first = (d.first + 1) % d.n  # AYC-9
    for k in range(d.n):  # AYC-2, AYC-9: one Mood card each
        d.mood_draws[k] = k
    d.draws_len = d.n
    d.to_deal = d.line_size  # AYC-3
    d.stage = DEAL


cdef void _pop_queue(Table* d):
    cdef int k
    d.queue_len -= 1
    for k in range(d.queue_len):
        d.queue[k] = d.queue[k + 1]


cdef void _settle_queue(State t):
    """Carry out the Moods that need no choice, until a seat must choose (AYC-19) or the round
    ends; a Mood with nothing to collect or steal does nothing (AYC-13)."""
    cdef Table* d = &t.d
    cdef int seat, mood, size, victim
    cdef bint choose
    while d.queue_len:
        seat = d.queue[0]
        mood = d.revealed[seat]
        size = d.line_len
        if mood == HUNGRY:  # collect the first Meal
            if size:
                _collect_from(t, seat, 0, 1)
        elif mood == SLOW:  # collect every Meal left
            if size:
                _collect_from(t, seat, 0, size)
        elif mood == VERY_HUNGRY:
            if size >= 2:
                return
            if size == 1:  # AYC-8: only one Meal, collect it
                _collect_from(t, seat, 0, 1)
        elif mood == BOOR:
            if size:
                return
        elif mood == TRICKSTER:
            if size >= 2:  # AYC-19: with one Meal, not enough for its effect
                return
        else:  # Jealous: a collected Meal of another seat
            choose = False
            for victim in range(d.n):
                if victim != seat and d.held[victim]:
                    choose = True
            if choose:
                return
        _pop_queue(d)
    _end_round(t)


cdef void _after_reveal(State t):
    """Every Mood is revealed: use the cards (AYC-5), clink glasses (AYC-6, AYC-18), and line
    up the resolution (AYC-7, AYC-22)."""
    cdef Table* d = &t.d
    cdef int seat, mood, i, firsts = 0, middle = 0, lasts = 0
    cdef int count[KINDS]
    cdef int first_seats[MAX_SEATS]
    cdef int middle_seats[MAX_SEATS]
    cdef int last_seats[MAX_SEATS]
    for mood in range(KINDS):
        count[mood] = 0
    for seat in range(d.n):
        mood = d.revealed[seat]
        d.hands[seat][mood] -= 1  # AYC-5: the other one stays in hand
        d.used[seat][mood] += 1
        count[mood] += 1
    for i in range(d.n):
        seat = (d.first + i) % d.n
        mood = d.revealed[seat]
        if d.drink_supply and count[mood] >= 2:
            # AYC-6, AYC-18: clink glasses in turn order while the supply lasts
            d.drinks[seat] += 1
            d.drink_supply -= 1
        # AYC-7, AYC-22: Boor first, the rest in turn order, Slow last; two or more of a Mood
        # that resolves first or last all skip.
        if WHEN[mood] == TURN:
            middle_seats[middle] = seat
            middle += 1
        elif count[mood] < 2:
            if WHEN[mood] == FIRST:
                first_seats[firsts] = seat
                firsts += 1
            else:
                last_seats[lasts] = seat
                lasts += 1
    d.queue_len = 0
    for i in range(firsts):
        d.queue[d.queue_len] = first_seats[i]
        d.queue_len += 1
    for i in range(middle):
        d.queue[d.queue_len] = middle_seats[i]
        d.queue_len += 1
    for i in range(lasts):
        d.queue[d.queue_len] = last_seats[i]
        d.queue_len += 1
    for seat in range(d.n):
        d.committed[seat] = NONE
    d.reveals_len = 0
    d.stage = RESOLVE
    _settle_queue(t)


cdef void _after_commitments(State t):
    """Everyone has committed: single cards are revealed; for two cards or none the left
    neighbour's random pick is a chance event, even when only one Mood can come out
    (AYC-17)."""
    cdef Table* d = &t.d
    cdef int seat
    d.reveals_len = 0
    for seat in range(d.n):
        if d.committed[seat] == 1:
            d.revealed[seat] = d.commitment[seat][0]
        else:
            d.reveals[d.reveals_len] = seat
            d.reveals_len += 1
    d.stage = REVEAL
    if not d.reveals_len:
        _after_reveal(t)


cdef void _commit(State t, int seat, int count, int a, int b):
    """AYC-5: `seat` commits `count` Mood cards face down (still in hand until revealed); the
    last commitment reveals them."""
    cdef Table* d = &t.d
    cdef int i
    d.committed[seat] = count
    d.commitment[seat][0] = a
    d.commitment[seat][1] = b
    for i in range(d.n):
        if d.committed[i] == NONE:
            return
    _after_commitments(t)


cdef void _reveal(State t, int mood):
    """Chance: the left neighbour of the first seat owed a reveal picks `mood` (AYC-5)."""
    cdef Table* d = &t.d
    cdef int k
    d.revealed[d.reveals[0]] = mood
    d.reveals_len -= 1
    for k in range(d.reveals_len):
        d.reveals[k] = d.reveals[k + 1]
    if not d.reveals_len:
        _after_reveal(t)


cdef void _secret(State t, int meal):
    """AYC-4, AYC-14: the secret card joins the collection and takes effect now: a Drink icon,
    then a Cake or a Coffee."""
    cdef Table* d = &t.d
    cdef int seat = _secret_seat(d)
    d.collections[seat][meal] += 1
    d.held[seat] += 1
    d.secrets[seat] -= 1
    if t.lists.drink[meal]:
        _gain_drink(d, seat)
    _card_effects(d, t.lists, seat, meal)
    d.meal_deck[meal] -= 1
    d.unseen -= 1
    _settle_end(t)


cdef void _decide(State t, int seat, int vegetables):
    """AYC-10: `seat` counts `vegetables` of its Tomatoes as Vegetables, face down; the last
    decision ends the game."""
    t.d.tomatoes[seat] = vegetables
    if not _undecided(t):
        t.d.stage = OVER


cdef inline int _meal_of(State s, object name):
    """The index of the Meal called `name` in the lists, or NONE."""
    index = s.lists.index.get(name) if type(name) is str else None
    return NONE if index is None else index


cdef bint _position(object value, int low, int high):
    return type(value) is int and low <= value <= high


cdef int _play_codes(object moods, int* a, int* b):
    """How many Moods a `Play` commits and their codes (in Mood order, as a `Play` is written),
    or NONE for anything else. Read one by one: a `Play`'s own hash runs Python code (attrs)."""
    if type(moods) is not tuple or len(moods) > 2:
        return NONE
    for mood in moods:
        if type(mood) is not Mood:
            return NONE
    if len(moods) >= 1:
        a[0] = MOOD_OF[moods[0]]
    if len(moods) == 2:
        b[0] = MOOD_OF[moods[1]]
        if a[0] > b[0]:
            return NONE
    return len(moods)


cdef object _carry_out(State s, int p, object action):
    """The Mood `p` carries out with `action` (AYC-8), or None when `action` is not one of its
    choices now (then the pure engine answers)."""
    cdef Table* d = &s.d
    cdef int mood = d.revealed[p], size = d.line_len, victim, meal
    cdef State t
    cdef type cls = type(action)
    if cls is Take and (mood == BOOR or mood == VERY_HUNGRY):
        positions = action.positions
        if type(positions) is not tuple:
            return None
        if mood == BOOR:  # one Meal of the player's choice
            if len(positions) != 1 or not _position(positions[0], 1, size):
                return None
            t = _copy(s)
            _collect_from(t, p, positions[0] - 1, 1)
        else:  # two adjacent Meals of the player's choice
            if (
                len(positions) != 2
                or not _position(positions[0], 1, size - 1)
                or not _position(positions[1], 2, size)
                or positions[1] != positions[0] + 1
            ):
                return None
            t = _copy(s)
            _collect_from(t, p, positions[0] - 1, 2)
    elif cls is Swap and mood == TRICKSTER:  # AYC-19: two Meals swapped, then the first
        first, second = action.first, action.second
        if not _position(first, 1, size) or not _position(second, first + 1, size):
            return None
        t = _copy(s)
        _swap_and_collect(t, p, first - 1, second - 1)
    elif cls is Steal and mood == JEALOUS:  # from another seat, a Meal it has collected
        who = action.seat
        meal = _meal_of(s, action.meal)
        if not _position(who, 0, d.n - 1) or who == p or meal == NONE:
            return None
        victim = who
        if not d.collections[victim][meal]:
            return None
        t = _copy(s)
        _steal(t, p, victim, meal)
    else:
        return None
    _pop_queue(&t.d)
    _settle_queue(t)
    return t


def apply_action(state, player, action):
    """The state after `player` takes `action` (`state` is never changed); a move off the fast
    path goes to the pure engine, which raises its own error for an illegal one."""
    cdef State s = _state(state)
    cdef Table* d = &s.d
    cdef int p, mood, meal, a = 0, b = 0, count, held
    cdef int pool[KINDS]
    cdef State t
    cdef type cls = type(action)
    if type(player) is not int or not -1 <= player < d.n:
        return _fallback(s, player, action)
    p = player
    if p == NONE:
        if d.stage == DEAL:
            if d.draws_len:
                if cls is DrawMood and action.seat == d.mood_draws[0]:  # AYC-2
                    mood = MOOD_OF.get(action.mood, NONE)
                    if mood != NONE and d.decks[d.mood_draws[0]][mood]:
                        t = _copy(s)
                        _draw_mood(&t.d, mood)
                        return t
            elif cls is DrawMeal:  # AYC-3
                meal = _meal_of(s, action.meal)
                if meal != NONE and d.meal_deck[meal]:
                    t = _copy(s)
                    _draw_meal(t, meal)
                    return t
        elif d.stage == REVEAL:
            if cls is RevealMood and action.seat == d.reveals[0]:  # AYC-5, AYC-17
                mood = MOOD_OF.get(action.mood, NONE)
                _pool(d, d.reveals[0], pool)
                if mood != NONE and pool[mood]:
                    t = _copy(s)
                    _reveal(t, mood)
                    return t
        elif d.stage == SECRETS and cls is Secret:  # AYC-4
            meal = _meal_of(s, action.meal)
            if meal != NONE and d.meal_deck[meal]:
                t = _copy(s)
                _secret(t, meal)
                return t
        return _fallback(s, player, action)
    if d.stage == PLAY:
        if cls is Play and d.committed[p] == NONE:  # AYC-5: as many cards as the Drinks say
            count = _play_codes(action.moods, &a, &b)
            if count == _needed(d, p) and (
                count == 0
                or (count == 1 and d.hands[p][a])
                or (count == 2 and d.hands[p][a] and d.hands[p][b] >= 1 + (a == b))
            ):
                t = _copy(s)
                _commit(t, p, count, a, b)
                return t
    elif d.stage == RESOLVE:
        if d.queue_len and d.queue[0] == p:  # AYC-7, AYC-8
            done = _carry_out(s, p, action)
            if done is not None:
                return done
    elif d.stage == TOMATOES:
        if cls is Tomato and d.tomatoes[p] == NONE:  # AYC-10: each Tomato decided
            held = _tomatoes_held(s, p)
            fruits, vegetables = action.fruits, action.vegetables
            if (
                held
                and type(fruits) is int
                and type(vegetables) is int
                and fruits >= 0
                and vegetables >= 0
                and fruits + vegetables == held
            ):
                t = _copy(s)
                _decide(t, p, vegetables)
                return t
    return _fallback(s, player, action)


# ---------------------------------------------------------------- playouts


cdef int _actor(State t):
    """The first of `actors(t)`: CHANCE as NONE, or the seat (NONE once over, too)."""
    cdef Table* d = &t.d
    cdef int i
    if d.stage == PLAY:
        for i in range(d.n):
            if d.committed[i] == NONE:
                return i
    elif d.stage == RESOLVE:
        return d.queue[0] if d.queue_len else NONE
    elif d.stage == TOMATOES:
        for i in range(d.n):
            if d.tomatoes[i] == NONE and _tomatoes_held(t, i):
                return i
    return NONE


cdef int _play_cards(Table* d, int actor, int needed, int* a, int* b) noexcept:
    """AYC-5: the actor's plays of `needed` (1 or 2) cards, in the order `legal_actions` lists
    them: the kinds its hand holds, or the pairs it can make (`a`, `b`: the cards, `b` 0 for
    one); how many."""
    cdef int k, count = 0, key
    if needed == 1:
        for k in range(KINDS):
            if d.hands[actor][k]:
                a[count] = k
                b[count] = 0
                count += 1
        return count
    key = _hand_key(d, actor)
    for k in range(PAIR_COUNT[key]):
        a[k] = PAIR_A[key][k]
        b[k] = PAIR_B[key][k]
    return PAIR_COUNT[key]


cdef int _play_option(State t, int actor, Twister* twister) except -1:
    """AYC-5: one of the actor's plays, drawn as the Python loop draws it."""
    cdef Table* d = &t.d
    cdef int needed = _needed(d, actor), count, pick
    cdef int a[MAX_PAIRS]
    cdef int b[MAX_PAIRS]
    if needed == 0:
        _commit(t, actor, 0, 0, 0)
        return 0
    count = _play_cards(d, actor, needed, a, b)
    if count == 0:
        _stuck()
    pick = 0 if count == 1 else _randbelow(twister, count)
    _commit(t, actor, needed, a[pick], b[pick])
    return 0


cdef int _mood_option(State t, int actor, Twister* twister) except -1:
    """AYC-8, AYC-19: one of the choices of the actor's Mood, drawn as the Python loop draws
    it (`_choices` lists them in this order)."""
    cdef Table* d = &t.d
    cdef int mood = d.revealed[actor], size = d.line_len, count, pick, a, victim, k
    if size < (1 if mood == BOOR else 2 if mood == VERY_HUNGRY or mood == TRICKSTER else 0):
        _stuck()  # the rules settle a Mood with too few Meals for its choice (AYC-13, AYC-19)
    if mood == BOOR:
        pick = 0 if size == 1 else _randbelow(twister, size)
        _collect_from(t, actor, pick, 1)
    elif mood == VERY_HUNGRY:
        pick = 0 if size == 2 else _randbelow(twister, size - 1)
        _collect_from(t, actor, pick, 2)
    elif mood == TRICKSTER:  # the swaps (a, b), a < b, in order: size - 1 - a of each a
        count = size * (size - 1) // 2
        pick = 0 if count == 1 else _randbelow(twister, count)
        a = 0
        while pick >= size - 1 - a:
            pick -= size - 1 - a
            a += 1
        _swap_and_collect(t, actor, a, a + 1 + pick)
    else:  # Jealous: the collected Meals of the other seats, seat by seat
        count = 0
        for victim in range(d.n):
            if victim != actor:
                for k in range(t.lists.m):
                    count += d.collections[victim][k] > 0
        if count == 0:
            _stuck()
        pick = 0 if count == 1 else _randbelow(twister, count)
        victim = 0 if actor else 1
        k = 0
        while True:
            if d.collections[victim][k]:
                if pick == 0:
                    break
                pick -= 1
            k += 1
            if k == t.lists.m:
                k = 0
                victim += 1
                if victim == actor:
                    victim += 1
        _steal(t, actor, victim, k)
    _pop_queue(d)
    _settle_queue(t)
    return 0


cdef int _heuristic_play(State t, int actor, Twister* twister) except -1:
    """AYC-5: the heuristic's play (`strategy.ranked_moves`, through `heuristic_move`): the
    plays ranked by their Moods' ranks in `MOOD_ORDER` (a pair by its better rank, then its
    other), and, a commitment being simultaneous, one of the first three drawn (`_mixed`); a
    seat with one play draws nothing."""
    cdef Table* d = &t.d
    cdef int needed = _needed(d, actor), i, j, count, lo, hi, pick
    cdef int a[MAX_PAIRS]
    cdef int b[MAX_PAIRS]
    cdef int rank[MAX_PAIRS]
    cdef int order[MAX_PAIRS]
    if needed == 0:
        _commit(t, actor, 0, 0, 0)
        return 0
    count = _play_cards(d, actor, needed, a, b)
    for i in range(count):
        if needed == 1:
            rank[i] = MOOD_RANK[a[i]]
        else:
            lo, hi = MOOD_RANK[a[i]], MOOD_RANK[b[i]]
            if lo > hi:
                lo, hi = hi, lo
            rank[i] = lo * KINDS + hi  # the sorted ranks, compared as a list compares them
    if count == 0:
        _stuck()
    for i in range(count):  # a stable insertion sort by rank (no two plays rank alike)
        j = i
        while j > 0 and rank[order[j - 1]] > rank[i]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    pick = order[0] if count == 1 else order[_mixed(twister, count)]
    _commit(t, actor, needed, a[pick], b[pick])
    return 0


cdef int _own_total(State t, int seat) noexcept:
    """`strategy._gain`'s score of `seat`: `score_table` on the collections as they stand now,
    the Drink and Spice tokens and the Birthday Cake tile as they are, every Tomato undecided
    (AYC-11, AYC-20)."""
    cdef Table* d = &t.d
    cdef int saved[MAX_SEATS]
    cdef int totals[MAX_SEATS]
    cdef int i
    for i in range(d.n):
        saved[i] = d.tomatoes[i]
        d.tomatoes[i] = NONE
    _totals(t, totals)
    for i in range(d.n):
        d.tomatoes[i] = saved[i]
    return totals[seat]


cdef inline int _gain_of(State t, int seat, int meal, int other) noexcept:
    """`strategy._gain`: the seat's score with `meal` (and `other`, unless NONE) added to its
    collection, nothing else changed (the collection is restored)."""
    cdef unsigned char* mine = t.d.collections[seat]
    cdef int total
    mine[meal] += 1
    if other != NONE:
        mine[other] += 1
    total = _own_total(t, seat)
    mine[meal] -= 1
    if other != NONE:
        mine[other] -= 1
    return total


cdef int _heuristic_mood(State t, int actor) except -1:
    """AYC-8, AYC-19: the heuristic's choice for the actor's Mood (`strategy.ranked_moves`):
    the one that raises its own score the most as `_gain` reckons it (a Take by the Meals
    taken, a Swap by the Meal of its second position, a Steal by the Meal moving from the
    other collection to its own), the first of the best in `_choices` order; no draw."""
    cdef Table* d = &t.d
    cdef int mood = d.revealed[actor], size = d.line_len, best = NONE, value, p, q, victim, k
    cdef int pick = NONE, pick_b = NONE
    cdef int second[MAX_LINE]
    cdef unsigned char* theirs
    if size < (1 if mood == BOOR else 2 if mood == VERY_HUNGRY or mood == TRICKSTER else 0):
        _stuck()  # the rules settle a Mood with too few Meals for its choice (AYC-13, AYC-19)
    if mood == BOOR:  # Take((p,)), p = 1..size
        for p in range(size):
            value = _gain_of(t, actor, d.line_meal[p], NONE)
            if pick == NONE or value > best:
                best, pick = value, p
        _collect_from(t, actor, pick, 1)
    elif mood == VERY_HUNGRY:  # Take((p, p + 1)), p = 1..size - 1
        for p in range(size - 1):
            value = _gain_of(t, actor, d.line_meal[p], d.line_meal[p + 1])
            if pick == NONE or value > best:
                best, pick = value, p
        _collect_from(t, actor, pick, 2)
    elif mood == TRICKSTER:  # Swap(a, b), a < b, in order; reckoned by the Meal at b
        for q in range(1, size):
            second[q] = _gain_of(t, actor, d.line_meal[q], NONE)
        for p in range(size):
            for q in range(p + 1, size):
                if pick == NONE or second[q] > best:
                    best, pick, pick_b = second[q], p, q
        _swap_and_collect(t, actor, pick, pick_b)
    else:  # Jealous: the collected Meals of the other seats, seat by seat, in list order
        for victim in range(d.n):
            if victim == actor:
                continue
            theirs = d.collections[victim]
            for k in range(t.lists.m):
                if theirs[k]:
                    theirs[k] -= 1
                    value = _gain_of(t, actor, k, NONE)
                    theirs[k] += 1
                    if pick == NONE or value > best:
                        best, pick, pick_b = value, victim, k
        if pick == NONE:
            _stuck()
        _steal(t, actor, pick, pick_b)
    _pop_queue(d)
    _settle_queue(t)
    return 0


cdef bint _run(State t, Twister** draw, int seat, int left, long long budget,
               long long* moves, int policy, object chance_rng, list kept) except? -1:
    """The playout loop (see `_playouts.pxi`): uniformly random moves (RANDOM_POLICY) or the
    heuristic's (HEURISTIC_POLICY), and chance with its exact probabilities, as the Python loops
    draw them (a seat with one choice draws nothing)."""
    cdef Table* d = &t.d
    cdef int actor, size, total, pick, k
    cdef bint chance
    cdef int weights[MAX_MEALS]
    t.pure = None  # played on in place (the batch's states): a converted state would be stale
    while d.stage != OVER:
        if budget >= 0 and moves[0] >= budget:
            return False
        chance = d.stage == DEAL or d.stage == REVEAL or d.stage == SECRETS
        actor = NONE if chance else _actor(t)
        if actor == NONE and not chance:
            _stuck()  # no seat can act, yet the game is not over (a hand-made state)
        if (actor == seat or (seat == ANY_SEAT and not chance)) and left >= 0:
            if left == 0:
                return False
            left -= 1
        moves[0] += 1
        if chance:
            size = _weights(t, weights)
            total = 0
            for k in range(size):
                total += weights[k]
            if total <= 0:
                _stuck()
            pick = _sample(draw[0], weights, size, total)
            if d.stage == DEAL:
                if d.draws_len:
                    _draw_mood(d, pick)
                else:
                    _draw_meal(t, pick)
            elif d.stage == REVEAL:
                _reveal(t, pick)
            else:
                _secret(t, pick)
        elif _plays_heuristic(policy, actor):
            if d.stage == PLAY:
                _heuristic_play(t, actor, draw[actor + 1])
            elif d.stage == RESOLVE:
                _heuristic_mood(t, actor)
            else:  # AYC-10: the first of the Tomato decisions, every Tomato a Fruit (no draw)
                _decide(t, actor, 0)
        elif d.stage == PLAY:
            _play_option(t, actor, draw[actor + 1])
        elif d.stage == RESOLVE:
            _mood_option(t, actor, draw[actor + 1])
        else:  # AYC-10: Tomato(held - v, v) for v = 0..held, two choices or more
            _decide(t, actor, _randbelow(draw[actor + 1], _tomatoes_held(t, actor) + 1))
    return True


include "_playouts.pxi"


def heuristic_playout(state, seat, horizon, rng):
    """As `random_playout`, every seat playing the heuristic: the moves
    `tablefeast.agents.heuristics.heuristic_move` makes from each seat's view, with the same
    draws from `rng` (its arguments checked as `random_playout` checks them). All You Can Eat
    Buffet's searches play out at random (``CAPABILITIES.playout``); this serves a search asked
    for heuristic playouts, which then plays on the native twin exactly as on the pure engine."""
    return _playout(state, seat, horizon, rng, HEURISTIC_POLICY)


# ---------------------------------------------------------------- scoring


cdef inline int _sum(Group* g, unsigned char* c):
    cdef int k, total = 0
    for k in range(g.n):
        total += c[g.index[k]]
    return total


cdef inline int _points(Group* g, unsigned char* c):
    cdef int k, total = 0
    for k in range(g.n):
        total += c[g.index[k]] * g.points[k]
    return total


cdef int _fruit_points(int* kinds, int size):
    """`scoring.fruit_points` (AYC-11, AYC-20): one card of each of the (up to) six most
    plentiful kinds, again and again."""
    cdef int i, j, v, count = 0, best = 0, take
    for i in range(size):  # the non-empty kinds, most plentiful first (insertion sort)
        v = kinds[i]
        if v <= 0:
            continue
        j = count
        while j > 0 and kinds[j - 1] < v:
            kinds[j] = kinds[j - 1]
            j -= 1
        kinds[j] = v
        count += 1
    while count:
        take = 6 if count > 6 else count
        best += FRUIT_SETS[take]
        for i in range(take):
            kinds[i] -= 1
        # the decremented head may now be below the tail: sort again, dropping empty kinds
        size = count
        count = 0
        for i in range(size):
            v = kinds[i]
            if v <= 0:
                continue
            j = count
            while j > 0 and kinds[j - 1] < v:
                kinds[j] = kinds[j - 1]
                j -= 1
            kinds[j] = v
            count += 1
    return best


cdef void _totals(State s, int* totals):
    """Each seat's score as if the game ended now (`scoring.score_table`, AYC-11, AYC-20):
    undecided Tomatoes count as neither."""
    cdef Table* d = &s.d
    cdef Lists L = s.lists
    cdef int n = d.n, seat, k, most_fish = 0, most_veg = 0, total, drinks, spices, decided
    cdef int tomatoes[MAX_SEATS]
    cdef int fish[MAX_SEATS]
    cdef int vegetables[MAX_SEATS]
    cdef int kinds[MAX_MEALS + 1]
    cdef unsigned char* c
    for seat in range(n):
        c = d.collections[seat]
        decided = d.tomatoes[seat]
        tomatoes[seat] = _sum(&L.tomato, c)
        fish[seat] = _sum(&L.fish, c)
        vegetables[seat] = _sum(&L.vegetables, c) + (decided if decided != NONE else 0)
        if seat == 0 or fish[seat] > most_fish:
            most_fish = fish[seat]
        if seat == 0 or vegetables[seat] > most_veg:
            most_veg = vegetables[seat]
    for seat in range(n):
        c = d.collections[seat]
        decided = d.tomatoes[seat]
        drinks = d.drinks[seat] * (2 if _sum(&L.lemon, c) > 0 else 1)
        spices = d.spices[seat]
        if _sum(&L.milk, c) > 0:  # the ruling of AYC-11: a cap of 8, never a bust
            spices = spices if spices < MILK_SPICE_LIMIT else MILK_SPICE_LIMIT
        elif spices > SPICE_LIMIT:
            spices = 0
        total = drinks + spices
        if _sum(&L.parsley, c) > 0:
            total += _sum(&L.garlic, c) * 2
        else:
            total += _points(&L.garlic_scored, c)
        total += _points(&L.cakes, c)
        if d.cake == seat:
            total += CAKE_TILE
        total += _points(&L.meat, c)
        if _sum(&L.ketchup, c) > 0:  # AYC-20: every lowest Meat scores 5
            total += _points(&L.sausage, c)
        if fish[seat] != most_fish:
            total += _points(&L.fish_scored, c)
        total += _points(&L.vegetables_scored, c)
        if vegetables[seat] == most_veg and most_veg > 0:  # AYC-20: needs a Vegetable
            total += VEGETABLE_BONUS
        for k in range(L.fruit_kinds):
            kinds[k] = 0
        for k in range(L.fruit.n):
            kinds[L.fruit.points[k]] += c[L.fruit.index[k]]
        # AYC-20: Tomatoes counted as Fruits are a kind of their own
        kinds[L.fruit_kinds] = tomatoes[seat] - decided if decided != NONE else 0
        total += _fruit_points(kinds, L.fruit_kinds + 1)
        total += _points(&L.other, c)
        totals[seat] = total


def scores(state):
    """Running scores (AYC-11): as if the game ended now, undecided Tomatoes uncounted."""
    cdef State s = _state(state)
    cdef int totals[MAX_SEATS]
    cdef int seat
    _totals(s, totals)
    return tuple([totals[seat] for seat in range(s.d.n)])


def winners(state):
    """Once over: the most points, then the most Drink tokens, then a shared win (AYC-12)."""
    cdef State s = _state(state)
    cdef int totals[MAX_SEATS]
    cdef int seat, best = NONE
    if s.d.stage != OVER:
        return frozenset()
    _totals(s, totals)
    for seat in range(s.d.n):
        if (
            best == NONE
            or totals[seat] > totals[best]
            or (totals[seat] == totals[best] and s.d.drinks[seat] > s.d.drinks[best])
        ):
            best = seat
    return frozenset([
        seat
        for seat in range(s.d.n)
        if totals[seat] == totals[best] and s.d.drinks[seat] == s.d.drinks[best]
    ])


include "_core_batch.pxi"
include "_batch.pxi"


# ---------------------------------------------------------------- the search (`_search.pxi`)

from tablefeast.games.all_you_can_eat_buffet.view import determinize as _search_pure_determinize

cdef enum:
    SEARCH_MAX_OPTIONS = (MAX_SEATS - 1) * MAX_MEALS + 1  # Jealous: every Meal of the others
    # codes, one per move of a seat: the plays (AYC-5: none 0, one card 1 + a, two 8 + 6a + b),
    # a Mood's choices (AYC-8, AYC-19: by line positions, a Steal by victim and Meal), and the
    # Tomato decisions (AYC-10: by Tomatoes held and vegetables)
    SEARCH_PAIR = 8
    SEARCH_TAKE_ONE = 64
    SEARCH_TAKE_TWO = SEARCH_TAKE_ONE + MAX_LINE
    SEARCH_SWAP = SEARCH_TAKE_TWO + MAX_LINE
    SEARCH_STEAL = SEARCH_SWAP + MAX_LINE * MAX_LINE
    SEARCH_TOMATO = SEARCH_STEAL + MAX_SEATS * MAX_MEALS
    SEARCH_TOMATO_ROW = MAX_MEALS + 1

SEARCH_DETERMINIZES = True  # `_search_determinize` is the twin of `view.determinize`


cdef int _search_options(State t, int seat, int* codes) except -1:
    """`legal_actions(t, seat)` as codes, in its order (`_plays`, `_choices`,
    `_tomato_choices`)."""
    cdef Table* d = &t.d
    cdef int needed, count = 0, k, p, q, size = d.line_len, mood, victim, held
    cdef int a[MAX_PAIRS]
    cdef int b[MAX_PAIRS]
    if d.stage == PLAY and d.committed[seat] == NONE:  # AYC-5
        needed = _needed(d, seat)
        if needed == 0:
            codes[0] = 0
            return 1
        count = _play_cards(d, seat, needed, a, b)
        for k in range(count):
            codes[k] = 1 + a[k] if needed == 1 else SEARCH_PAIR + a[k] * KINDS + b[k]
        return count
    if d.stage == RESOLVE and d.queue_len and d.queue[0] == seat:  # AYC-8, AYC-19
        mood = d.revealed[seat]
        if mood == BOOR:
            for p in range(size):
                codes[count] = SEARCH_TAKE_ONE + p
                count += 1
        elif mood == VERY_HUNGRY and size >= 2:
            for p in range(size - 1):
                codes[count] = SEARCH_TAKE_TWO + p
                count += 1
        elif mood == TRICKSTER:
            for p in range(size):
                for q in range(p + 1, size):
                    codes[count] = SEARCH_SWAP + p * MAX_LINE + q
                    count += 1
        elif mood == JEALOUS:
            for victim in range(d.n):
                if victim != seat and d.held[victim]:
                    for k in range(t.lists.m):
                        if d.collections[victim][k]:
                            codes[count] = SEARCH_STEAL + victim * MAX_MEALS + k
                            count += 1
        return count
    if d.stage == TOMATOES and d.tomatoes[seat] == NONE:  # AYC-10
        held = _tomatoes_held(t, seat)
        if held:
            for k in range(held + 1):
                codes[k] = SEARCH_TOMATO + held * SEARCH_TOMATO_ROW + k
            return held + 1
    return 0


cdef int _search_apply(State t, int seat, int code) except -1:
    """The move `code` of `_search_options`, in place."""
    cdef Table* d = &t.d
    t.pure = None
    if code < SEARCH_PAIR:  # AYC-5
        if code == 0:
            _commit(t, seat, 0, 0, 0)
        else:
            _commit(t, seat, 1, code - 1, 0)
        return 0
    if code < SEARCH_TAKE_ONE:
        code -= SEARCH_PAIR
        _commit(t, seat, 2, code // KINDS, code % KINDS)
        return 0
    if code >= SEARCH_TOMATO:  # AYC-10
        _decide(t, seat, (code - SEARCH_TOMATO) % SEARCH_TOMATO_ROW)
        return 0
    if code < SEARCH_TAKE_TWO:  # AYC-8, AYC-19: the Mood's choice
        _collect_from(t, seat, code - SEARCH_TAKE_ONE, 1)
    elif code < SEARCH_SWAP:
        _collect_from(t, seat, code - SEARCH_TAKE_TWO, 2)
    elif code < SEARCH_STEAL:
        code -= SEARCH_SWAP
        _swap_and_collect(t, seat, code // MAX_LINE, code % MAX_LINE)
    else:
        code -= SEARCH_STEAL
        _steal(t, seat, code // MAX_MEALS, code % MAX_MEALS)
    _pop_queue(d)
    _settle_queue(t)
    return 0


cdef int _search_determinize(State t, int seat, Twister* twister) except -1:
    """`view.determinize(t, seat, rng)`: each other seat's hand dealt again from its hand and
    deck together (ascending, less a revealed card, which stays in the hand), shuffled as
    ``rng.shuffle`` shuffles; its hidden commitment drawn again among its hand's plays (those
    with the revealed card, where one is); then the others' Tomato decisions drawn again."""
    cdef Table* d = &t.d
    cdef int pool[MAX_DRAWS + KINDS * 8]
    cdef int i, j, k, c, size, held, shown, pinned, count, pick
    cdef int options[MAX_PAIRS]
    cdef int a[MAX_PAIRS]
    cdef int b[MAX_PAIRS]
    t.pure = None
    for i in range(d.n):
        if i == seat:
            continue
        shown = d.revealed[i] if d.stage == REVEAL else NONE
        pinned = shown != NONE
        size = 0
        held = 0
        for k in range(KINDS):
            c = d.hands[i][k] + d.decks[i][k] - (k == shown)
            held += d.hands[i][k]
            if size + c > MAX_DRAWS + KINDS * 8:
                _stuck()
            for j in range(c):
                pool[size] = k
                size += 1
        _shuffle(twister, pool, size)
        for k in range(KINDS):
            d.hands[i][k] = 0
            d.decks[i][k] = 0
        if pinned:
            d.hands[i][shown] += 1
        for j in range(size):
            if j < held - pinned:
                d.hands[i][pool[j]] += 1
            else:
                d.decks[i][pool[j]] += 1
        # `_recommit`: a hidden commitment drawn again among the new hand's plays (AYC-5)
        if d.committed[i] == NONE or d.committed[i] == 0 or (pinned and d.committed[i] == 1):
            continue
        if _needed(d, i) == 0:  # never in play: a seat that commits cards needs some
            continue
        count = _play_cards(d, i, _needed(d, i), a, b)
        c = 0
        for j in range(count):
            if not pinned or a[j] == shown or (_needed(d, i) == 2 and b[j] == shown):
                options[c] = j
                c += 1
        if c == 0:
            continue
        pick = options[_randbelow(twister, c)]
        d.committed[i] = _needed(d, i)
        d.commitment[i][0] = a[pick]
        d.commitment[i][1] = b[pick]
    if d.stage == TOMATOES:  # AYC-10
        for i in range(d.n):
            if d.tomatoes[i] != NONE and i != seat:
                d.tomatoes[i] = _randbelow(twister, _tomatoes_held(t, i) + 1)
    return 0


include "_search.pxi"
