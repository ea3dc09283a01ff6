"""All You Can Eat Buffet (mice at a buffet), the richest of the four games.

Each round a line of Meals is laid out; everyone plays a Mood card face down at once (two, or
none, with enough Drink tokens: then the left neighbour reveals one at random), and the Moods take
Meals from the line in order: Boor first, Slow last. After the last round, Surprise breads reveal
their secret cards, Tomatoes are decided, and fourteen scoring rules apply. The Mood texts and the
Meal list are not printed in the rulebook: the reconstruction lives in data (``cards.json``) and
in one table of effects (`moods.MOOD_EFFECTS`). The module is a complete
`tablefeast.kernel.ruleset.Ruleset`.

Examples:
    >>> import tablefeast.games.all_you_can_eat_buffet as ayc
    >>> from tablefeast.kernel.play import play_game, RandomAgent
    >>> result = play_game(ayc, ayc.Config(players=4), [RandomAgent()] * 4, seed=1)
    >>> ayc.is_terminal(result.state), result.state.round
    (True, 10)
"""

from __future__ import annotations

from tablefeast.games.all_you_can_eat_buffet.actions import (
    ACTION_TYPES,
    Action,
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
from tablefeast.games.all_you_can_eat_buffet.capabilities import CAPABILITIES
from tablefeast.games.all_you_can_eat_buffet.catalog import TITLE, catalog
from tablefeast.games.all_you_can_eat_buffet.checks import check_state, check_view
from tablefeast.games.all_you_can_eat_buffet.components import (
    DEFAULT_CARDS,
    MEAL_SETS,
    CardLists,
    Meal,
    Mood,
    MoodCards,
    load_cards,
)
from tablefeast.games.all_you_can_eat_buffet.config import Config
from tablefeast.games.all_you_can_eat_buffet.moods import MOOD_EFFECTS, MoodEffect
from tablefeast.games.all_you_can_eat_buffet.notation import (
    action_from_id,
    action_from_str,
    action_to_id,
    action_to_str,
    num_distinct_actions,
)
from tablefeast.games.all_you_can_eat_buffet.observation import (
    observation_size,
    observation_tensor,
    observation_tensor_of,
)
from tablefeast.games.all_you_can_eat_buffet.rules import (
    actors,
    apply_action,
    apply_traced,
    chance_distribution,
    chance_outcomes,
    is_terminal,
    legal_actions,
    why_not,
)
from tablefeast.games.all_you_can_eat_buffet.scoring import (
    Score,
    fruit_points,
    score_table,
    scores,
    winners,
)
from tablefeast.games.all_you_can_eat_buffet.situations import SITUATIONS, holdings, situations
from tablefeast.games.all_you_can_eat_buffet.state import State, initial_state
from tablefeast.games.all_you_can_eat_buffet.text import public_events, render
from tablefeast.games.all_you_can_eat_buffet.view import View, determinize, view

NAME = "all_you_can_eat_buffet"
"""The game's name, as `tablefeast.load` knows it."""

__all__ = [
    "ACTION_TYPES",
    "CAPABILITIES",
    "DEFAULT_CARDS",
    "MEAL_SETS",
    "MOOD_EFFECTS",
    "NAME",
    "SITUATIONS",
    "TITLE",
    "Action",
    "CardLists",
    "Config",
    "DrawMeal",
    "DrawMood",
    "Meal",
    "Mood",
    "MoodCards",
    "MoodEffect",
    "Play",
    "RevealMood",
    "Score",
    "Secret",
    "State",
    "Steal",
    "Swap",
    "Take",
    "Tomato",
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
    "fruit_points",
    "holdings",
    "initial_state",
    "is_terminal",
    "legal_actions",
    "load_cards",
    "num_distinct_actions",
    "observation_size",
    "observation_tensor",
    "observation_tensor_of",
    "public_events",
    "render",
    "score_table",
    "scores",
    "situations",
    "view",
    "why_not",
    "winners",
]

# Serialization: tagged action union, card lists through their validating reader, and refuse
# tampered states and views on load.
from tablefeast.kernel import ruleset as _ruleset  # noqa: E402
from tablefeast.kernel import serialize as _serialize  # noqa: E402

_serialize.register_actions(Action)
_serialize.converter.register_structure_hook(CardLists, lambda data, _: CardLists.from_data(data))
_serialize.register_validator(State, check_state)
_serialize.register_validator(View, check_view)
# Every public function of a state refuses what is not one (issue 45, item 7).
_ruleset.refuse_other_states(globals(), State, TITLE)
