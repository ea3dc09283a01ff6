"""The time guard: an optional limit on a search's time per decision, and word of when it acted.

A search agent's budget is its number of **iterations**: from the same seed it makes the same
choice on any machine, quiet or loaded. A time limit (``seconds`` of `ISMCTSAgent`,
`ModelAgent` and `LevelAgent`) is a safety net a caller sets explicitly where it must promise a
time (a server's ``think`` limit): the search stops at whichever comes first, its iterations or
the limit. A search the limit stopped early depends on the machine's speed, and may choose
otherwise than its full budget would; such a choice is **cut short**.

To learn whether the guard acted, ask for a `TimedChoice` instead of a bare move:

- ``agent.choose_timed(turn, rng) -> TimedChoice`` on the agents that have a guard
  (`ISMCTSAgent`, `ModelAgent`, `LevelAgent`);
- `timed_choice` ``(agent, turn, rng)`` for any agent (``cut_short`` is False for one without
  a guard);
- `timed_decision` ``(game, state, seat, agent, observed=())``, the twin of
  `tablefeast.kernel.play.decision` that a server's bot runner calls: it returns a call of the
  agent's generator giving a `TimedChoice`.

Examples:
    >>> import random
    >>> import tablefeast.games.food_chain as fc
    >>> from tablefeast.agents import ISMCTSAgent
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> decide = timed_decision(fc, s, 0, ISMCTSAgent(iterations=20))
    >>> decide(random.Random(0))
    TimedChoice(action=Play(animal=<Animal.WORM: 'worm'>), cut_short=False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from tablefeast.agents.game_types import A, C, S, V
from tablefeast.kernel.play import Observation, Turn, decision
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["TimedChoice", "timed_choice", "timed_decision"]


class TimedChoice(NamedTuple):
    """An agent's move, and whether its time guard cut the search short.

    Attributes:
        action: the move, one of the seat's legal actions.
        cut_short: True when the agent's time limit (``seconds``) stopped its search before it
            had run all its iterations: the move then depends on the machine's speed, and the
            same seed without the limit may choose otherwise. False when the search ran its
            whole budget, when the agent has no time limit, and for agents that do not search.

    Examples:
        >>> action, cut_short = TimedChoice("pass", False)
        >>> cut_short
        False
    """

    action: Any
    cut_short: bool


def timed_choice(agent: Any, turn: Turn, rng: random.Random) -> TimedChoice:
    """`agent`'s move for `turn`, and whether its time guard cut it short.

    An agent with ``choose_timed`` (a search with a time guard) is asked through it; any other
    search agent through ``choose``, a simple agent through ``act`` (never cut short).

    Args:
        agent: any agent (``act``, ``choose`` or ``choose_timed``).
        turn: the seat's view, legal moves and sampler of consistent states.
        rng: the agent's generator.

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.agents import HeuristicAgent
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
        ...             lambda rng: fc.determinize(s, 0, rng))
        >>> timed_choice(HeuristicAgent(mixed=False), turn, random.Random(0))
        TimedChoice(action=Play(animal=<Animal.WORM: 'worm'>), cut_short=False)
    """
    choose_timed = getattr(agent, "choose_timed", None)
    if choose_timed is not None:
        timed: TimedChoice = choose_timed(turn, rng)
        return timed
    if hasattr(agent, "choose"):
        return TimedChoice(agent.choose(turn, rng), False)
    return TimedChoice(agent.act(turn.game, turn.view, turn.legal, rng), False)


class _Timing:
    """A search agent that answers `decision` with the `TimedChoice` of the agent it wraps."""

    __slots__ = ("_agent",)

    def __init__(self, agent: object) -> None:
        self._agent = agent

    def choose(self, turn: Turn, rng: random.Random) -> TimedChoice:
        return timed_choice(self._agent, turn, rng)


def timed_decision(
    game: Ruleset[S, A, C, V],
    state: S,
    seat: int,
    agent: object,
    observed: tuple[Observation, ...] = (),
) -> Callable[[random.Random], TimedChoice]:
    """What `agent` will decide for `seat` now, and whether its time guard cut it short: as
    `tablefeast.kernel.play.decision` (the same move from the same generator, nothing of the true
    state kept), with the move in a `TimedChoice`.

    Args:
        game: the game module.
        state: the true state, where `seat` must act.
        seat: the acting seat.
        agent: any agent; a search with a time guard (``seconds``) reports whether it fired.
        observed: what the table has shown the seat of the others' play (`Observer.shown`).

    Returns:
        ``decide(rng) -> TimedChoice``. A seat with a single legal action gets it, not cut
        short, without asking the agent.

    Examples:
        >>> import random
        >>> import tablefeast.games.food_chain as fc
        >>> from tablefeast.agents import LevelAgent
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> move, cut_short = timed_decision(fc, s, 0, LevelAgent("easy"))(random.Random(0))
        >>> move in fc.legal_actions(s, 0), cut_short
        (True, False)
    """
    if not hasattr(agent, "choose"):  # a simple agent: the driver's own path (reads_view...)
        simple = decision(game, state, seat, agent, observed)
        return lambda rng: TimedChoice(simple(rng), False)
    decide = decision(game, state, seat, _Timing(agent), observed)

    def timed(rng: random.Random) -> TimedChoice:
        made = decide(rng)  # the wrapper's TimedChoice, or the only legal action, unasked
        return made if isinstance(made, TimedChoice) else TimedChoice(made, False)

    return timed
