"""Information-set Monte Carlo tree search, for any of the games, without cheating.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) over the searching seat's own
decisions. Each iteration draws a full state consistent with the seat's view
(`Turn.sample_state`, built on `determinize`: it depends on nothing the seat cannot see), then
plays it out:

- the seat's own decisions walk down the tree by UCB1 with availability counts (a legal action
  is a candidate only in the determinizations where it is legal), and one new node is added per
  iteration;
- every other decision, and the seat's own after its tree, follows the **playout policy**: the
  game's mixed heuristic (`tablefeast.agents.heuristics.heuristic_move`, from each seat's own view
  of the sampled state) or uniformly random moves, whichever searched best in that game (it
  declares which: ``CAPABILITIES.playout``); chance is sampled with its exact probabilities;
- the playout stops `horizon` of the seat's own decisions after its tree and scores the seat's
  **standing** there: the share of opponents it leads on running scores (ties half). At the end
  of the game the reward is half the win share (1 / number of winners, or 0) and half that
  share. A short horizon is both cheaper and stronger at these budgets than playing every game to
  its end: a random continuation over dozens of moves drowns the difference one move makes.

Simultaneous commitments need nothing special: the engine takes them one seat at a time and each
is hidden from the others, so an opponent's earlier commitment is resampled with the rest.

Where it runs: with ``engine="auto"`` the whole search runs inside the game's native core
where this install built it (``ismcts_search``: the determinization, the tree, the playouts and
the rewards in C, drawing from the generator exactly what the Python loop below draws, in the
same order, so the same seed makes the same choice); the Python loop remains for
``engine="pure"``, a ``mixed`` playout, a turn whose sampler is not the driver's, and games
without a core.

The budget is a number of iterations: from a seed the same choice on any machine, quiet or
loaded. A time limit (`seconds`) is an optional guard a caller sets where it must promise a time;
`ISMCTSAgent.choose_timed` says whether it cut a search short (`tablefeast.agents.guard`).

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> fc = tablefeast.load("food_chain")
    >>> agents = [ISMCTSAgent(iterations=5), RandomAgent(), RandomAgent()]
    >>> fc.is_terminal(play_game(fc, fc.Config(players=3), agents, seed=1).state)
    True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Generic, Protocol

import attrs

from tablefeast import native
from tablefeast.agents.game_types import A, C, S, V
from tablefeast.agents.guard import TimedChoice
from tablefeast.agents.heuristics import heuristic_move
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import Turn, sampler_anchor
from tablefeast.kernel.ruleset import Ruleset
from tablefeast.kernel.values import FrozenDict

__all__ = ["PLAYOUTS", "ISMCTSAgent", "playout_policy", "standing", "win_share"]


class Policy(Protocol):
    """A playout policy: ``policy(game, state, seat, legal, rng)`` returns one of `legal`."""

    def __call__(
        self,
        game: Ruleset[S, A, C, V],
        state: S,
        seat: int,
        legal: tuple[A, ...],
        rng: random.Random,
        /,
    ) -> A:
        """One of `legal`, the move of `seat` at `state`."""
        ...


def standing(game: Ruleset[S, A, C, V], state: S, seat: int) -> float:
    """The share of opponents the seat leads on running scores (ties count half).

    Args:
        game: the game module.
        state: any state.
        seat: the seat.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> standing(fc, fc.initial_state(fc.Config(players=3)), 0)  # all level
        0.5
    """
    scores = game.scores(state)
    mine = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    return sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / len(others)


def win_share(game: Ruleset[S, A, C, V], state: S, seat: int) -> float:
    """The reward of a finished game: half the seat's win share (1 / number of winners, or 0),
    half its `standing` (the win share alone is too sparse a signal for a small budget).

    Args:
        game: the game module.
        state: a terminal state.
        seat: the seat.

    Examples:
        >>> import tablefeast
        >>> from tablefeast import RandomAgent, play_game
        >>> fc = tablefeast.load("food_chain")
        >>> end = play_game(fc, fc.Config(players=3), [RandomAgent()] * 3, seed=1).state
        >>> fc.winners(end), [win_share(fc, end, seat) for seat in range(3)]
        (frozenset({0}), [1.0, 0.25, 0.0])
    """
    winners = game.winners(state)
    win = 1.0 / len(winners) if seat in winners else 0.0
    return 0.5 * win + 0.5 * standing(game, state, seat)


class _Node(Generic[A]):
    """Statistics of the seat's decisions (actions `A`) after one sequence of its own actions."""

    __slots__ = ("available", "children", "value", "visits")

    def __init__(self) -> None:
        self.children: dict[A, _Node[A]] = {}
        self.visits: dict[A, int] = {}
        self.value: dict[A, float] = {}
        self.available: dict[A, int] = {}


PLAYOUTS = ("auto", "heuristic", "mixed", "random")
"""The playout policies `ISMCTSAgent` knows: how the seats play outside the searching seat's
tree (see `ISMCTSAgent.playout` and `playout_policy`)."""


@attrs.frozen
class ISMCTSAgent:
    """Chooses by ISMCTS (see the module docs).

    Attributes:
        iterations: the most determinized playouts per decision.
        seconds: a time guard per decision, or None (the default: no time limit). The search
            stops at whichever comes first, its iterations or the guard; a search the guard cut
            short depends on the machine's speed, so only `iterations` alone is reproducible
            (`choose_timed` says whether it was cut short).
        exploration: the UCB1 exploration constant.
        playout: how every seat plays outside the searching seat's tree (the other seats all
            along, the seat itself after its tree): one of `PLAYOUTS`, see `playout_policy`;
            ``"auto"`` takes what searched best in the game.
        horizon: how many of its own decisions after its tree the seat plays out before the
            playout stops and scores its `standing`; None plays every game to its end.
        engine: ``"auto"`` searches on the game's native core where this install built it
            (`tablefeast.native.twin`), whichever engine the game was given as: the whole
            search in the core (``ismcts_search``) for a turn from the driver and a
            ``random`` or ``heuristic`` playout, else the Python loop with its playouts in the
            core; ``"pure"`` never does. All make the same choices from the same generator
            (tests check it); only the speed differs.

    Examples:
        >>> ISMCTSAgent(iterations=50)
        ISMCTSAgent(iterations=50, seconds=None, exploration=0.7, playout='auto', horizon=3, \
engine='auto')
    """

    iterations: int = attrs.field(default=200)
    seconds: float | None = attrs.field(default=None)
    exploration: float = attrs.field(default=0.7)
    playout: str = attrs.field(default="auto")
    horizon: int | None = attrs.field(default=3)
    engine: str = attrs.field(default="auto")

    @iterations.validator
    def _check_iterations(self, _: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value < 1:
            raise ValueError(f"ISMCTSAgent.iterations must be an int of at least 1, got {value!r}")

    @seconds.validator
    def _check_seconds(self, _: attrs.Attribute[float | None], value: float | None) -> None:
        if value is not None and (type(value) not in (int, float) or not value > 0):
            raise ValueError(f"ISMCTSAgent.seconds must be None or positive, got {value!r}")

    @exploration.validator
    def _check_exploration(self, _: attrs.Attribute[float], value: float) -> None:
        if type(value) not in (int, float) or not value >= 0:
            raise ValueError(f"ISMCTSAgent.exploration must be at least 0, got {value!r}")

    @horizon.validator
    def _check_horizon(self, _: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and (type(value) is not int or not 0 <= value <= 10_000):
            raise ValueError(
                f"ISMCTSAgent.horizon must be None or an int from 0 to 10,000, got {value!r}"
            )

    @engine.validator
    def _check_engine(self, _: attrs.Attribute[str], value: str) -> None:
        if value not in ("auto", "pure"):
            raise ValueError(f"ISMCTSAgent.engine must be 'auto' or 'pure', got {value!r}")

    @playout.validator
    def _check_playout(self, _: attrs.Attribute[str], value: str) -> None:
        if value not in PLAYOUTS:
            raise ValueError(f"ISMCTSAgent.playout must be one of {PLAYOUTS}, got {value!r}")

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The most visited of the seat's legal actions after the search.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> ISMCTSAgent(iterations=20).choose(turn, random.Random(0))
            Play(animal=<Animal.WORM: 'worm'>)
        """
        return self.choose_timed(turn, rng).action

    def choose_timed(self, turn: Turn, rng: random.Random) -> TimedChoice:
        """`choose`'s move (the same, from the same generator), and whether the time guard
        (`seconds`) stopped the search before its `iterations`.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> ISMCTSAgent(iterations=20).choose_timed(turn, random.Random(0))  # no guard
            TimedChoice(action=Play(animal=<Animal.WORM: 'worm'>), cut_short=False)
        """
        visits, values, done = self.root_statistics(turn, rng)
        best = max(turn.legal, key=lambda a: (visits.get(a, 0), values.get(a, 0.0)))
        return TimedChoice(best, done < self.iterations)

    def root_statistics(
        self, turn: Turn, rng: random.Random
    ) -> tuple[dict[object, int], dict[object, float], int]:
        """The search's statistics at its root: per legal move, how many iterations tried it
        first and the sum of their rewards (moves never tried are absent), and how many
        iterations ran. `choose` takes the most visited; `tablefeast.agents.GuidedAgent`
        weighs them with a learned prior.

        Args:
            turn: the seat's view, legal actions and sampler of consistent states.
            rng: the generator of the search (determinizations and playouts).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> visits, values, done = ISMCTSAgent(iterations=20).root_statistics(
            ...     turn, random.Random(0))
            >>> sum(visits.values()), done
            (20, 20)
        """
        fast = native.twin(turn.game) if self.engine == "auto" else None
        if fast is not None:
            found = self._in_core(fast, turn, rng)
            if found is not None:
                return found
        root, done = self._python_root(turn, rng, fast)
        return root.visits, root.value, done

    def _in_core(
        self, fast: native.NativeRuleset, turn: Turn, rng: random.Random
    ) -> tuple[dict[object, int], dict[object, float], int] | None:
        """The search run whole in the game's core (`ismcts_search`): the same draws from
        `rng`, the same statistics as `_python_root`. None where the core cannot run it: a
        core without the search, a ``mixed`` playout (drawn per move in Python), or a turn
        whose sampler is not the driver's (the core determinizes the sampler's anchor)."""
        search = fast.ismcts_search
        name = self.playout if self.playout != "auto" else fast.CAPABILITIES.playout
        sampled = sampler_anchor(turn)
        if search is None or name not in ("random", "heuristic") or sampled is None:
            return None
        game, anchor = sampled
        if game is not fast and game is not fast.pure:  # a sampler of another game
            return None
        if type(anchor) is not fast.State:  # the pure engine's: converted once per search
            anchor = fast.from_engine(anchor)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        visits, values, done = search(
            anchor, turn.seat, self.iterations, self.exploration, self.horizon, name, rng, deadline
        )
        return visits, values, done

    def _in_python(
        self, turn: Turn, rng: random.Random, fast: native.NativeRuleset | None = None
    ) -> TimedChoice:
        """The search in Python: on `fast` (the game's native twin, its playouts in the core)
        where given, else on the game as given. The reference the core's search is tested
        against, and the engine ``"pure"`` runs."""
        root, done = self._python_root(turn, rng, fast)
        visits = root.visits
        best = max(turn.legal, key=lambda a: (visits.get(a, 0), root.value.get(a, 0.0)))
        return TimedChoice(best, done < self.iterations)

    def _python_root(
        self, turn: Turn, rng: random.Random, fast: native.NativeRuleset | None = None
    ) -> tuple[_Node[object], int]:
        """`_in_python`'s search: its root, and how many iterations it ran (the turn's actions,
        of a game not known here, only compared)."""
        root: _Node[object] = _Node()
        game, sample = turn.game, turn.sample_state
        if fast is not None and fast is not game:  # the pure module: search on its twin
            convert = fast.from_engine
            game, sample = fast, lambda rng: convert(turn.sample_state(rng))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        policy = playout_policy(game, self.playout)
        done = 0
        while done < self.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(game, sample(rng), turn.seat, root, rng, policy)
            done += 1
        return root, done

    def _select(self, node: _Node[A], legal: tuple[A, ...], rng: random.Random) -> A:
        for action in legal:
            node.available[action] = node.available.get(action, 0) + 1
        untried = [a for a in legal if a not in node.visits]
        if untried:
            return untried[rng.randrange(len(untried))]
        c = self.exploration

        def ucb(action: A) -> float:
            n = node.visits[action]
            return node.value[action] / n + c * math.sqrt(math.log(node.available[action]) / n)

        return max(legal, key=ucb)

    def _iterate(  # noqa: PLR0917 - the inner loop of the search, kept flat for speed
        self,
        game: Ruleset[S, A, C, V],
        state: S,
        seat: int,
        root: _Node[A],
        rng: random.Random,
        policy: Policy,
    ) -> None:
        node: _Node[A] | None = root
        path: list[tuple[_Node[A], A]] = []
        actors, legal_actions, apply_action = game.actors, game.legal_actions, game.apply_action
        left = self.horizon
        finished = True
        # A native core plays a playout to its end without coming back to Python, with the
        # same draws from `rng` as the loop below (tablefeast.native).
        fast = None
        if policy is _random:
            fast = getattr(game, "random_playout", None)
        elif policy is _heuristic:
            fast = getattr(game, "heuristic_playout", None)
        while True:
            if node is None and fast is not None:
                state, finished = fast(state, seat, left, rng)
                break
            acting = actors(state)
            if not acting:
                break
            actor = acting[0]
            if actor == seat and node is None and left is not None:
                if left == 0:
                    finished = False
                    break
                left -= 1
            if actor == CHANCE:
                action = game.chance_distribution(state).sample(rng)
            else:
                legal = legal_actions(state, actor)
                if len(legal) == 1:
                    action = legal[0]
                elif actor == seat and node is not None:
                    action = self._select(node, legal, rng)
                    path.append((node, action))
                    expanding = action not in node.visits
                    node = node.children.setdefault(action, _Node())
                    if expanding:
                        node = None  # one new node per iteration; then the playout
                else:
                    action = policy(game, state, actor, legal, rng)
            state = apply_action(state, actor, action)
        reward = win_share(game, state, seat) if finished else standing(game, state, seat)
        for visited, action in path:
            visited.visits[action] = visited.visits.get(action, 0) + 1
            visited.value[action] = visited.value.get(action, 0.0) + reward


def _random(
    game: Ruleset[S, A, C, V], state: S, seat: int, legal: tuple[A, ...], rng: random.Random
) -> A:
    return legal[rng.randrange(len(legal))]


def _heuristic(
    game: Ruleset[S, A, C, V], state: S, seat: int, legal: tuple[A, ...], rng: random.Random
) -> A:
    return heuristic_move(game, game.view(state, seat), legal, rng)


def _mixed(
    game: Ruleset[S, A, C, V], state: S, seat: int, legal: tuple[A, ...], rng: random.Random
) -> A:
    if rng.random() < 0.5:
        return legal[rng.randrange(len(legal))]
    return heuristic_move(game, game.view(state, seat), legal, rng)


_POLICIES: FrozenDict[str, Policy] = FrozenDict(
    {"heuristic": _heuristic, "mixed": _mixed, "random": _random}
)


def playout_policy(game: Ruleset[S, A, C, V], name: str) -> Policy:
    """The playout policy called `name` (one of `PLAYOUTS`; ``"auto"``: the one the game
    declares, ``CAPABILITIES.playout``).

    Args:
        game: the game module.
        name: ``"auto"``, ``"heuristic"`` (the mixed heuristic from the seat's view of the
            sampled state), ``"mixed"`` (half heuristic, half random moves) or ``"random"``.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> playout_policy(mg, "auto") is playout_policy(mg, "heuristic")
        True
    """
    if name == "auto":
        name = game.CAPABILITIES.playout
    return _POLICIES[name]
