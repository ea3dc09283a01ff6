"""The type parameters the agents are generic in: a game's states, actions, configs and views.

An agent plays any game, so its helpers take a ``Ruleset[S, A, C, V]`` (`tablefeast.kernel.
ruleset.Ruleset`) with the game's own states and actions, not ``Any``: a move an agent returns
is one of the game's actions, a state it plays out is one of the game's states. The registry
(`tablefeast.load`) hands out an ``AnyRuleset``, whose parameters are then ``Any``; a test or a
caller holding one game module gets its own classes checked.

Where an agent reads how many seats a state's or a view's table has (``state.config.players``),
its state or view type is bounded by `Configured`, which every game's states and views are.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> s = fc.initial_state(fc.Config(players=3))
    >>> def seats(state: Configured) -> int:
    ...     return state.config.players
    >>> seats(s), seats(fc.view(s, 0))
    (3, 3)
"""

from __future__ import annotations

from typing import Protocol, TypeVar

__all__ = ["A", "C", "Configured", "S", "Seated", "SeatedState", "SeatedView", "V"]


class Seated(Protocol):
    """A game's configuration, as far as an agent reads it: its table size."""

    @property
    def players(self) -> int:
        """How many seats the table has."""
        ...


class Configured(Protocol):
    """A state or a view of a game, as far as an agent reads it: the configuration it is of."""

    @property
    def config(self) -> Seated:
        """The game's configuration."""
        ...


S = TypeVar("S")
"""The game's states."""
A = TypeVar("A")
"""The game's actions (and chance outcomes)."""
C = TypeVar("C")
"""The game's configurations."""
V = TypeVar("V")
"""The game's views."""
SeatedState = TypeVar("SeatedState", bound=Configured)
"""The game's states, where the agent reads their table size."""
SeatedView = TypeVar("SeatedView", bound=Configured)
"""The game's views, where the agent reads their table size."""
