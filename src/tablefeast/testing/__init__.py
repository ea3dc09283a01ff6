"""The conformance suite: every promise of the `Ruleset` contract, checked against any game.

The library's four games pass it in their own tests, and so must a game of another package (the
tutorial's Goofspiel does). It has two parts, and `check_game` runs both.

**Random games** (`tablefeast.testing.games`): like pgx's ``api_test`` and OpenSpiel's
``random_sim_test``, `check_game` plays seeded random games and checks, after every move,

- the contract at the state (`check_state`): actors ascending, distinct and ``()`` exactly when
  the game is over; legal actions distinct, deterministic and empty for a seat that does not
  act; chance outcomes exact `Fraction`\\ s that sum to 1, in the order of the legal outcomes;
  scores per seat; winners only at the end; a declared score sheet that adds up to the scores,
  with a tie-break exactly when the finished game's top score is tied;
- every legal action's round trips: notation, integer id, JSON, and the shared "why not" check
  (None for a legal action);
- that `apply_action` and `legal_actions` agree on a sample of actions met so far (an illegal
  one raises `IllegalActionError`, saying why), and that `apply_action` never changes its input;
- views and determinization: a determinized state has the same view, the same observation
  tensor and the same actors, and is itself a sound state; and `determinize` reads only the
  view: two states that really differ but that a seat cannot tell apart (the states after two
  moves of another actor that its view does not show: two cards chance may deal another seat,
  two bids another seat may make) give that seat the same state from the same seed, so a
  `determinize` that keeps what the view hides as it is (the other seats' true cards) fails;
  the state and a view survive JSON; a state keeps no history;
- at a simultaneous step, that the order of the commitments does not matter;
- the traced transition (`check_effects`): the same next state as `apply_action`; effects that
  say who may see them (seeing them twice sees no more) and hide what views hide; words that
  depend only on what a spectator sees; labels among the declared ones;
- the declared capabilities (`check_capabilities`): the player counts `Config` accepts (and
  refuses with `ConfigError`), the strategy's ranking of legal moves, move help for every
  first word of a seat's moves, renders, catalogs, holdings; the files it declares
  (`check_files`: rulings, weights, renderer, stylesheet, a view schema equal to the one its
  View class gives) and its native core where built;
- at the end, that the game's record replays to the same final state.

**Bad inputs** (`tablefeast.testing.inputs`, `tablefeast.testing.fuzz`): `fuzz_game` feeds the
game seeded random bad input of every kind a caller or a file can give (odd `Config` values;
tampered config, state, action and record JSON; move texts; action ids from huge to negative;
what is not an action or a seat), and checks that the game refuses each with the library's
error for it (`ConfigError`, `RecordError`, `InvalidActionError`, `InvalidSeatError`), in a
short message, changing nothing; or accepts it and then plays on correctly. Each kind has its
check of one input (`check_move_text`, `check_state_json`, ...), for a property-based test to
feed its own.

A failed check raises `ConformanceError` (an `AssertionError` too) saying which promise broke,
where. Only the game's own functions and the seeded generator are used: nothing else is needed.

Examples:
    >>> import tablefeast
    >>> report = check_game(tablefeast.load("food_chain"), games=1, seed=3)
    >>> report.games, report.states > 50, report.inputs > 100  # 3 players, then 6
    (2, True, True)
"""

from tablefeast.testing.contract import ConformanceError, check_state
from tablefeast.testing.fuzz import INTERESTING, fuzz_game, mutate
from tablefeast.testing.games import (
    Report,
    check_capabilities,
    check_effects,
    check_files,
    check_game,
    check_random_game,
)
from tablefeast.testing.inputs import (
    LONG_MESSAGE,
    NOT_ACTIONS,
    SHORT_MESSAGE,
    check_action_id,
    check_action_json,
    check_config_json,
    check_config_options,
    check_move_text,
    check_not_actions,
    check_not_seats,
    check_record_json,
    check_state_json,
    play_on,
)

__all__ = [
    "INTERESTING",
    "LONG_MESSAGE",
    "NOT_ACTIONS",
    "SHORT_MESSAGE",
    "ConformanceError",
    "Report",
    "check_action_id",
    "check_action_json",
    "check_capabilities",
    "check_config_json",
    "check_config_options",
    "check_effects",
    "check_files",
    "check_game",
    "check_move_text",
    "check_not_actions",
    "check_not_seats",
    "check_random_game",
    "check_record_json",
    "check_state",
    "check_state_json",
    "fuzz_game",
    "mutate",
    "play_on",
]
