"""Mausgeflippt (Chislaine van den Bulk; Zoch, 2009), a speed game, as an exact model.

A mouse is turned; every player at once passes, puts a clothing item the mouse wears on it, or
flips the whole hand with the call when holding none of its items. Who was fastest is a chance
event (MG-3): a simulation samples it, an app with real reaction times applies what it observed.
The module is a complete `tablefeast.kernel.ruleset.Ruleset`.

Examples:
    >>> import tablefeast.games.mausgeflippt as mg
    >>> from tablefeast.kernel.play import play_game, RandomAgent
    >>> result = play_game(mg, mg.Config(players=4), [RandomAgent()] * 4, seed=1)
    >>> mg.is_terminal(result.state), mg.Config(players=4, language="nl").call
    (True, 'Muisgeflipt!')
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt.actions import (
    ACTION_TYPES,
    Action,
    DrawClothing,
    FaceDown,
    Fastest,
    Flip,
    Pass,
    Play,
    RevealCheese,
    RevealMouse,
)
from tablefeast.games.mausgeflippt.capabilities import CAPABILITIES
from tablefeast.games.mausgeflippt.catalog import TITLE, catalog
from tablefeast.games.mausgeflippt.checks import check_state, check_view
from tablefeast.games.mausgeflippt.components import (
    DEFAULT_CARDS,
    CardSet,
    CheeseCards,
    ClothingCards,
    Item,
    MouseCard,
    load_cards,
)
from tablefeast.games.mausgeflippt.config import CALLS, Config
from tablefeast.games.mausgeflippt.notation import (
    action_from_id,
    action_from_str,
    action_to_id,
    action_to_str,
    num_distinct_actions,
)
from tablefeast.games.mausgeflippt.observation import (
    observation_size,
    observation_tensor,
    observation_tensor_of,
)
from tablefeast.games.mausgeflippt.race import fastest_distribution, observed_fastest
from tablefeast.games.mausgeflippt.rules import (
    actors,
    apply_action,
    apply_traced,
    chance_distribution,
    chance_outcomes,
    is_terminal,
    legal_actions,
    penalty_points,
    scores,
    why_not,
    winners,
)
from tablefeast.games.mausgeflippt.situations import SITUATIONS, holdings, situations
from tablefeast.games.mausgeflippt.state import FLIP, PASS, PLAYED, State, initial_state
from tablefeast.games.mausgeflippt.text import public_events, render
from tablefeast.games.mausgeflippt.view import View, determinize, view

NAME = "mausgeflippt"
"""The game's name, as `tablefeast.load` knows it."""

__all__ = [
    "ACTION_TYPES",
    "CALLS",
    "CAPABILITIES",
    "DEFAULT_CARDS",
    "FLIP",
    "NAME",
    "PASS",
    "PLAYED",
    "SITUATIONS",
    "TITLE",
    "Action",
    "CardSet",
    "CheeseCards",
    "ClothingCards",
    "Config",
    "DrawClothing",
    "FaceDown",
    "Fastest",
    "Flip",
    "Item",
    "MouseCard",
    "Pass",
    "Play",
    "RevealCheese",
    "RevealMouse",
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
    "fastest_distribution",
    "holdings",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "load_cards",
    "num_distinct_actions",
    "observation_size",
    "observation_tensor",
    "observation_tensor_of",
    "observed_fastest",
    "penalty_points",
    "public_events",
    "render",
    "scores",
    "situations",
    "view",
    "why_not",
    "winners",
]

# Serialization: tagged action union, card sets through their validating reader, and refuse
# tampered states and views on load.
from tablefeast.kernel import ruleset as _ruleset  # noqa: E402
from tablefeast.kernel import serialize as _serialize  # noqa: E402

_serialize.register_actions(Action)
_serialize.converter.register_structure_hook(CardSet, lambda data, _: CardSet.from_data(data))
_serialize.register_validator(State, check_state)
_serialize.register_validator(View, check_view)
# Every public function of a state refuses what is not one (issue 45, item 7).
_ruleset.refuse_other_states(globals(), State, TITLE)
