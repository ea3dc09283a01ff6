"""What Mausgeflippt offers beyond the core contract, declared once (`CAPABILITIES`).

Examples:
    >>> CAPABILITIES.title, CAPABILITIES.players
    ('Mausgeflippt', range(2, 7))
"""

from __future__ import annotations

from tablefeast.games.mausgeflippt import strategy
from tablefeast.games.mausgeflippt.actions import Action
from tablefeast.games.mausgeflippt.catalog import TITLE, catalog
from tablefeast.games.mausgeflippt.config import Config
from tablefeast.games.mausgeflippt.effects import OUTCOMES
from tablefeast.games.mausgeflippt.events import public_events
from tablefeast.games.mausgeflippt.help import MOVE_HELP, SUMMARY
from tablefeast.games.mausgeflippt.observation import observation_size, observation_tensor
from tablefeast.games.mausgeflippt.race import observed_fastest
from tablefeast.games.mausgeflippt.rules import apply_traced
from tablefeast.games.mausgeflippt.sheet import score_sheet
from tablefeast.games.mausgeflippt.situations import SITUATIONS, holdings, situations
from tablefeast.games.mausgeflippt.state import State
from tablefeast.games.mausgeflippt.text import render
from tablefeast.games.mausgeflippt.view import View
from tablefeast.kernel.capabilities import Capabilities, TableOption

__all__ = ["CAPABILITIES"]

CAPABILITIES: Capabilities[State, Action, Config, View] = Capabilities(
    rulings="rulings.md",  # this package's rulings, for `tablefeast rules`
    weights="weights.json",  # the learned policy (`tablefeast.agents.learned`)
    core="_core",  # the native core (`tablefeast.native`), built from _core.pyx beside it
    renderer="renderer.js",  # the browser renderer, served by `tablefeast.server.assets`
    stylesheet="style.css",  # its CSS
    view_schema="view.schema.json",  # the views' JSON Schema, kept and checked
    title=TITLE,
    players=range(2, 7),
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
    observed_chance=observed_fastest,
    reaction=1.0,
    table_options=(
        TableOption(
            "language",
            "Call",
            (("de", "Mausgeflippt!"), ("nl", "Muisgeflipt!"), ("en", "Mouse Attack!")),
        ),
        TableOption(
            "tie_probability", "Unclear races", (("0", "never"), ("1/10", "sometimes (1 in 10)"))
        ),
    ),
    custom_cards="card set",
    score_sheet=score_sheet,
    outcomes=OUTCOMES,
    summary=SUMMARY,
    whole_number_tensors=True,
)
"""Mausgeflippt's capabilities (`tablefeast.kernel.capabilities.Capabilities`)."""
