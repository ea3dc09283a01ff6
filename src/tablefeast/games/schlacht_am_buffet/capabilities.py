"""What Schlacht am Buffet offers beyond the core contract, declared once (`CAPABILITIES`).

Examples:
    >>> CAPABILITIES.title, CAPABILITIES.players, CAPABILITIES.situation_labels[0]
    ('Schlacht am Buffet', range(3, 7), 'SAB-6 tie at the rear')
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet import strategy
from tablefeast.games.schlacht_am_buffet.actions import Action
from tablefeast.games.schlacht_am_buffet.catalog import TITLE, catalog
from tablefeast.games.schlacht_am_buffet.config import Config
from tablefeast.games.schlacht_am_buffet.effects import OUTCOMES
from tablefeast.games.schlacht_am_buffet.events import public_events
from tablefeast.games.schlacht_am_buffet.help import MOVE_HELP, SUMMARY
from tablefeast.games.schlacht_am_buffet.observation import observation_size, observation_tensor
from tablefeast.games.schlacht_am_buffet.rules import apply_traced
from tablefeast.games.schlacht_am_buffet.sheet import score_sheet
from tablefeast.games.schlacht_am_buffet.situations import SITUATIONS, holdings, situations
from tablefeast.games.schlacht_am_buffet.state import State
from tablefeast.games.schlacht_am_buffet.text import render
from tablefeast.games.schlacht_am_buffet.view import View
from tablefeast.kernel.capabilities import Capabilities, TableOption

__all__ = ["CAPABILITIES"]

CAPABILITIES: Capabilities[State, Action, Config, View] = Capabilities(
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
    table_options=(
        TableOption("edition", "Edition", (("en", "Schlacht am Buffet"), ("fr", "Sus au buffet"))),
    ),
    score_sheet=score_sheet,
    outcomes=OUTCOMES,
    summary=SUMMARY,
)
"""Schlacht am Buffet's capabilities (`tablefeast.kernel.capabilities.Capabilities`)."""
