"""Food Chain (Kevin G. Nunn; Mayfair 2017, Amigo "All You Can Eat" 2018).

Every pass, each player commits one of their nine animals at the same time; then Birds snatch
Worms, Cats snatch Birds, Dogs snatch Cats and Fleas snatch Dogs, one take at a time. There is no
chance at all. The module is a complete `tablefeast.kernel.ruleset.Ruleset`.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> from tablefeast.kernel.play import play_game, RandomAgent
    >>> result = play_game(fc, fc.Config(players=4), [RandomAgent()] * 4, seed=1)
    >>> fc.is_terminal(result.state), result.state.round
    (True, 4)
"""

from __future__ import annotations

from tablefeast.games.food_chain.actions import ACTION_TYPES, Action, Play, Take, TakeFromCentre
from tablefeast.games.food_chain.capabilities import CAPABILITIES
from tablefeast.games.food_chain.catalog import TITLE, catalog
from tablefeast.games.food_chain.checks import check_state, check_view
from tablefeast.games.food_chain.components import ANIMALS, DEFAULT_STARS, Animal
from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.notation import (
    action_from_id,
    action_from_str,
    action_to_id,
    action_to_str,
    num_distinct_actions,
)
from tablefeast.games.food_chain.observation import (
    observation_size,
    observation_tensor,
    observation_tensor_of,
)
from tablefeast.games.food_chain.rules import (
    actors,
    apply_action,
    apply_traced,
    chance_distribution,
    chance_outcomes,
    is_terminal,
    legal_actions,
    scores,
    why_not,
    winners,
)
from tablefeast.games.food_chain.situations import SITUATIONS, holdings, situations
from tablefeast.games.food_chain.state import State, initial_state
from tablefeast.games.food_chain.text import public_events, render
from tablefeast.games.food_chain.view import View, determinize, view
from tablefeast.kernel import ruleset as _ruleset
from tablefeast.kernel import serialize as _serialize

NAME = "food_chain"
"""The game's name, as `tablefeast.load` knows it."""

__all__ = [
    "ACTION_TYPES",
    "ANIMALS",
    "CAPABILITIES",
    "DEFAULT_STARS",
    "NAME",
    "SITUATIONS",
    "TITLE",
    "Action",
    "Animal",
    "Config",
    "Play",
    "State",
    "Take",
    "TakeFromCentre",
    "View",
    "action_from_id",
    "action_from_str",
    "action_to_id",
    "action_to_str",
    "actors",
    "apply_action",
    "apply_traced",
    "catalog",
    "chance_distribution",
    "chance_outcomes",
    "check_state",
    "check_view",
    "determinize",
    "holdings",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "num_distinct_actions",
    "observation_size",
    "observation_tensor",
    "observation_tensor_of",
    "public_events",
    "render",
    "scores",
    "situations",
    "view",
    "why_not",
    "winners",
]

_serialize.register_actions(Action)
_serialize.register_validator(State, check_state)
_serialize.register_validator(View, check_view)
# Every public function of a state refuses what is not one (issue 45, item 7).
_ruleset.refuse_other_states(globals(), State, TITLE)
