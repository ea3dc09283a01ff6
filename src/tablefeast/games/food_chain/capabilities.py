"""What Food Chain offers beyond the core contract, declared once (`CAPABILITIES`).

Examples:
    >>> CAPABILITIES.title, CAPABILITIES.players
    ('Food Chain', range(3, 7))
"""

from __future__ import annotations

from tablefeast.games.food_chain import strategy
from tablefeast.games.food_chain.actions import Action
from tablefeast.games.food_chain.catalog import TITLE, catalog
from tablefeast.games.food_chain.config import Config
from tablefeast.games.food_chain.effects import OUTCOMES
from tablefeast.games.food_chain.events import public_events
from tablefeast.games.food_chain.help import MOVE_HELP, SUMMARY
from tablefeast.games.food_chain.observation import observation_size, observation_tensor
from tablefeast.games.food_chain.rules import apply_traced, opening
from tablefeast.games.food_chain.sheet import score_sheet
from tablefeast.games.food_chain.situations import SITUATIONS, holdings, situations
from tablefeast.games.food_chain.state import State
from tablefeast.games.food_chain.text import render
from tablefeast.games.food_chain.view import View
from tablefeast.kernel.capabilities import Capabilities

__all__ = ["CAPABILITIES"]

CAPABILITIES: Capabilities[State, Action, Config, View] = Capabilities(
    rulings="rulings.md",  # this package's rulings, for `tablefeast rules`
    weights="weights.json",  # the learned policy (`tablefeast.agents.learned`)
    core="_core",  # the native core (`tablefeast.native`), built from _core.pyx beside it
    renderer="renderer.js",  # the browser renderer, served by `tablefeast.server.assets`
    stylesheet="style.css",  # its CSS
    view_schema="view.schema.json",  # the views' JSON Schema, kept and checked
    title=TITLE,
    players=range(3, 7),
    apply_traced=apply_traced,
    public_events=public_events,
    situations=situations,
    situation_labels=SITUATIONS,
    holdings=holdings,
    render=render,
    catalog=catalog,
    observation_tensor=observation_tensor,
    observation_size=observation_size,
    move_help=MOVE_HELP,
    strategy=strategy.ranked_moves,
    playout=strategy.PLAYOUT,
    levels=strategy.LEVELS,
    withdraw=strategy.withdraw,
    opening=opening,  # FC-1, FC-2: round 1 begins before anyone acts
    public_views=True,  # FC-11
    score_sheet=score_sheet,
    outcomes=OUTCOMES,
    summary=SUMMARY,
    whole_number_tensors=True,
)
"""Food Chain's capabilities (`tablefeast.kernel.capabilities.Capabilities`)."""
