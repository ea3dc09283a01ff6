"""Schlacht am Buffet (Martin Wallace, Kosmos 2011) and its French edition, Sus au buffet.

Mice race along a track; every step each racing mouse commits a card at the same time; the lone
rearmost mouse drops out with the worst plate left, and the last two duel for the best one. The
module is a complete `tablefeast.kernel.ruleset.Ruleset`.

Examples:
    >>> import random
    >>> import tablefeast.games.schlacht_am_buffet as sab
    >>> from tablefeast.kernel.play import play_game, RandomAgent
    >>> result = play_game(sab, sab.Config(players=4), [RandomAgent()] * 4, seed=1)
    >>> sab.is_terminal(result.state), sum(result.state.supply)
    (True, 0)
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet.actions import (
    ACTION_TYPES,
    Action,
    DrawCard,
    Exchange,
    Play,
    RevealPlate,
)
from tablefeast.games.schlacht_am_buffet.capabilities import CAPABILITIES
from tablefeast.games.schlacht_am_buffet.catalog import TITLE, catalog
from tablefeast.games.schlacht_am_buffet.checks import check_state, check_view
from tablefeast.games.schlacht_am_buffet.components import PLATES, Kind, Plate
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.notation import (
    action_from_id,
    action_from_str,
    action_to_id,
    action_to_str,
    num_distinct_actions,
)
from tablefeast.games.schlacht_am_buffet.observation import (
    observation_size,
    observation_tensor,
    observation_tensor_of,
)
from tablefeast.games.schlacht_am_buffet.rules import (
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
from tablefeast.games.schlacht_am_buffet.situations import SITUATIONS, holdings, situations
from tablefeast.games.schlacht_am_buffet.state import State, initial_state
from tablefeast.games.schlacht_am_buffet.text import public_events, render
from tablefeast.games.schlacht_am_buffet.view import View, determinize, view

NAME = "schlacht_am_buffet"
"""The game's name, as `tablefeast.load` knows it."""

__all__ = [
    "ACTION_TYPES",
    "CAPABILITIES",
    "NAME",
    "PLATES",
    "SITUATIONS",
    "TITLE",
    "Action",
    "Config",
    "DrawCard",
    "Exchange",
    "Kind",
    "Plate",
    "Play",
    "RevealPlate",
    "State",
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

# Serialization: tagged action union, and refuse tampered states and views on load.
from tablefeast.kernel import ruleset as _ruleset  # noqa: E402
from tablefeast.kernel import serialize as _serialize  # noqa: E402

_serialize.register_actions(Action)
_serialize.register_validator(State, check_state)
_serialize.register_validator(View, check_view)
# Every public function of a state refuses what is not one (issue 45, item 7).
_ruleset.refuse_other_states(globals(), State, TITLE)
