"""What Schlacht am Buffet offers beyond the core contract, declared once (`CAPABILITIES`).

Examples:
    >>> CAPABILITIES.title, CAPABILITIES.players, CAPABILITIES.situation_labels[0]
    ('Schlacht am Buffet', range(3, 7), 'SAB-6 tie at the rear')
"""

from __future__ import annotations

from tablefeast.games.schlacht_am_buffet import strategy
from tablefeast.games.schlacht_am_buffet.actions import Action, Exchange
from tablefeast.games.schlacht_am_buffet.catalog import TITLE, catalog
from tablefeast.games.schlacht_am_buffet.components import CARD_VALUES, HAND_SIZE
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
from tablefeast.kernel.capabilities import Capabilities, MultisetChoice, TableOption

__all__ = ["CAPABILITIES"]


def _exchanger(state: State) -> int | None:
    return state.exchanger  # SAB-7: the first mouse out, while it decides


def _hand(state: State, seat: int) -> tuple[int, ...]:
    return state.hands[seat]  # counts by card value, -1 first (as CARD_VALUES)


def _discarded(action: Action) -> tuple[int, ...] | None:
    return action.discard if isinstance(action, Exchange) else None  # SAB-7, highest first


def _positions_in_float32(state: State) -> bool:
    # Every value of the tensor is a whole number; all but the mice's positions are small, and
    # a position may pass 2**24 (SAB-25 stops it at 40 million), where a float32 no longer
    # holds every whole number: only then must an adapter round the tensor.
    return all(-(2**24) < position < 2**24 for position in state.positions)


EXCHANGE: MultisetChoice[State, Action] = MultisetChoice(
    values=CARD_VALUES,
    most=HAND_SIZE,
    chooser=_exchanger,
    held=_hand,
    action=Exchange,
    verb="discard",
    ruling="SAB-7",
    chosen=_discarded,
)
"""SAB-7's exchange as a choice of cards: any part of the hand, discarded at once (its actions
take one block of the game's ids, the empty exchange first)."""

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
    table_options=(
        TableOption("edition", "Edition", (("en", "Schlacht am Buffet"), ("fr", "Sus au buffet"))),
    ),
    score_sheet=score_sheet,
    outcomes=OUTCOMES,
    summary=SUMMARY,
    multiset_choice=EXCHANGE,
    whole_number_tensors=_positions_in_float32,
)
"""Schlacht am Buffet's capabilities (`tablefeast.kernel.capabilities.Capabilities`)."""
