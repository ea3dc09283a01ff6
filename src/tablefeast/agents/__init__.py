"""Agents: random, the heuristic of each game, a greedy lookahead, information-set MCTS, search
against a model of the table, a learned policy, search guided by it, three levels for people to
play against, and simulation at scale.

An agent sees only its seat's view and legal actions. Two kinds exist:

- simple agents implement ``act(game, view, legal, rng)`` (`tablefeast.kernel.play.Agent`);
- search agents implement ``choose(turn, rng)`` (`SearchAgent`): the `Turn` adds a sampler of
  full states consistent with the view (`Turn.sample_state`, built on `determinize`), which
  depends on nothing the seat cannot see. No agent ever gets the true state.

`make_agent("ismcts:200")` builds an agent from its name (and an optional budget: ``ismcts:N``,
``model:N`` and ``guided:N`` take iterations), as the command line and the server do;
``easy``, ``medium`` and ``hard`` name the `LEVELS`.

A search's budget is its iterations, so an agent's choices from a seed are the same on any
machine. A time limit is an explicit, optional guard (``seconds=``), and `TimedChoice` and
`timed_decision` tell when it cut a search short (`tablefeast.agents.guard`).

Examples:
    >>> make_agent("random"), make_agent("greedy")
    (RandomAgent(), GreedyAgent(samples=8))
    >>> make_agent("hard")
    LevelAgent(level='hard', seconds=None)
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from tablefeast.agents.greedy import GreedyAgent
from tablefeast.agents.guard import TimedChoice, timed_choice, timed_decision
from tablefeast.agents.guided import GuidedAgent
from tablefeast.agents.heuristics import HeuristicAgent
from tablefeast.agents.ismcts import ISMCTSAgent
from tablefeast.agents.learned import LearnedAgent
from tablefeast.agents.levels import LEVEL_NAMES, LevelAgent
from tablefeast.agents.modelling import ModelAgent, OpponentModel
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.options import option_value
from tablefeast.kernel.play import RandomAgent, Turn
from tablefeast.kernel.values import FrozenDict

__all__ = [
    "AGENT_NAMES",
    "LEVELS",
    "GreedyAgent",
    "GuidedAgent",
    "HeuristicAgent",
    "ISMCTSAgent",
    "LearnedAgent",
    "LevelAgent",
    "ModelAgent",
    "OpponentModel",
    "RandomAgent",
    "SearchAgent",
    "TimedChoice",
    "Turn",
    "make_agent",
    "timed_choice",
    "timed_decision",
]

MAX_ITERATIONS = 1_000_000
"""The largest search budget `make_agent` accepts (a million playouts: minutes per move)."""
SEARCHES: FrozenDict[str, type[ISMCTSAgent] | type[ModelAgent] | type[GuidedAgent]] = FrozenDict(
    ismcts=ISMCTSAgent, model=ModelAgent, guided=GuidedAgent
)
"""The search agents `make_agent` names, each with an optional ``:ITERATIONS`` budget."""
LEVELS: FrozenDict[str, LevelAgent] = FrozenDict(
    {level: LevelAgent(level) for level in LEVEL_NAMES}
)
"""The bots for people, by level: in each game, the agents the strength ladder places there (each
game declares them, ``CAPABILITIES.levels``): the mixed heuristic, then search at 50 and at 400
iterations; in Food Chain the heuristic, search at 400 iterations, then the modelling search at
20; in Mausgeflippt search at 50 iterations, greedy lookahead, then the heuristic. No time limit:
each plays its whole budget, so a seed gives the same game on any machine (a caller that must
promise a time passes ``LevelAgent(level, seconds=...)``)."""
AGENT_NAMES = ("random", "heuristic", "greedy", "learned", *SEARCHES, *LEVELS)
"""The names `make_agent` knows (``ismcts``, ``model`` and ``guided`` take an optional
``:ITERATIONS``)."""


class SearchAgent(Protocol):
    """An agent that may sample full states consistent with its view.

    Examples:
        >>> hasattr(ISMCTSAgent(), "choose"), hasattr(RandomAgent(), "choose")
        (True, False)"""

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """Return one of ``turn.legal``.

        Args:
            turn: the acting seat, its view, its legal actions and a sampler of consistent states.
            rng: the agent's own generator (its only source of randomness).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> agent: SearchAgent = ISMCTSAgent(iterations=10)
            >>> agent.choose(turn, random.Random(1))
            Play(animal=<Animal.CAT: 'cat'>)
        """


def make_agent(spec: str) -> Any:
    """The agent called `spec`: ``random``, ``heuristic``, ``greedy``, ``learned``, ``ismcts``,
    ``ismcts:ITERATIONS``, ``model``, ``model:ITERATIONS``, ``guided``, ``guided:ITERATIONS``
    (`GuidedAgent`), a level (``easy``, ``medium``,
    ``hard``: see `LEVELS`), or an agent class of another package,
    ``package.module:Class[:arg,arg]``.

    Args:
        spec: the agent's name, with an optional ``:ITERATIONS`` budget for ``ismcts``,
            ``model`` and ``guided``.

    Raises:
        ConfigError: no agent has that name, or the budget is not a whole number from 1 to
            1,000,000 (a ValueError too).

    Examples:
        >>> make_agent("ismcts:25").iterations, make_agent("model:30").iterations
        (25, 30)
    """
    if not isinstance(spec, str):
        raise ConfigError(f"an agent is named by text such as 'ismcts:200', got {shown(spec)}")
    name, _, budget = spec.partition(":")
    if name not in AGENT_NAMES and budget:  # package.module:Class[:args]
        return _outside_agent(spec)
    if name == "random" and not budget:
        return RandomAgent()
    if name == "heuristic" and not budget:
        return HeuristicAgent()
    if name == "greedy" and not budget:
        return GreedyAgent()
    if name == "learned" and not budget:
        return LearnedAgent()
    if name in LEVELS and not budget:
        return LEVELS[name]
    if name in SEARCHES:
        search = SEARCHES[name]
        if not budget:
            return search()
        if (
            budget.isascii()
            and budget.isdecimal()
            and len(budget) <= 7
            and 0 < int(budget) <= MAX_ITERATIONS
        ):
            return search(iterations=int(budget))
        raise ConfigError(
            f"{name} takes a number of iterations from 1 to {MAX_ITERATIONS:,}, "
            f"got {shown(budget)} (such as {name}:200)"
        )
    raise ConfigError(
        f"unknown agent {shown(spec)}: expected one of {', '.join(AGENT_NAMES)} "
        "(ismcts, model and guided may take :ITERATIONS, such as ismcts:200), or "
        "package.module:Class[:args]"
    )


def _outside_agent(spec: str) -> Any:
    """An agent class from another package: ``package.module:Class`` or
    ``package.module:Class:arg,arg`` (each argument read as JSON when it is JSON)."""
    module_name, _, rest = spec.partition(":")
    class_name, _, arguments = rest.partition(":")
    try:
        module = importlib.import_module(module_name)
        cls = getattr(module, class_name)
    except (ImportError, AttributeError, ValueError) as e:
        raise ConfigError(
            f"agent {shown(spec)}: cannot load {module_name}:{class_name}: {e}"
        ) from None
    args = [option_value("agent argument", a) for a in arguments.split(",")] if arguments else []
    try:
        agent = cls(*args)
    except Exception as e:  # the class is the user's code: any failure is a bad agent spec
        raise ConfigError(f"agent {shown(spec)}: {type(e).__name__}: {e}") from None
    if not (hasattr(agent, "act") or hasattr(agent, "choose")):
        raise ConfigError(f"agent {shown(spec)} has neither act(...) nor choose(...)")
    return agent
