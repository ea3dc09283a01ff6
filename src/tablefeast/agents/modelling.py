"""Bots that read the table: a model of the other seats, and search over simultaneous moves.

**The opponent model** (`OpponentModel`) is a prior over the policies the library knows how to
predict: the game's mixed heuristic (`tablefeast.agents.heuristics`, whose move probabilities
are exact: 0.6, 0.24 and 0.16 over its first three moves at a commitment) and uniformly random
play. Each seat's weights are updated by Bayes' rule from the moves the table has shown
(`OpponentModel.posterior`), so that a table of heuristic players is soon read as one, and a
table of players the model does not know (a search, a person) drifts towards the random part,
which covers every move.

**The search** (`ModelAgent`) is simultaneous-move Monte Carlo search at the decision (after
Lanctot, Lisý and Bošanský's work on simultaneous-move MCTS in Goofspiel), kept to the root.
Every iteration:

1. draws a full state consistent with the seat's view (`Turn.sample_state`, information-set
   sampling of the hidden cards) and, where the game can take a commitment back exactly
   (``CAPABILITIES.withdraw``), takes back the other seats' hidden commitments of this step,
   so that they are redrawn below rather than left as the sampler's uniform guess;
2. draws each other seat of the step a policy from its posterior, and its move from that policy
   or, with probability `wary`, from the seat's own regret-matching strategy at the root: the
   table is modelled as a mix of what it showed and of players who answer this search;
3. tries **every** legal move of the seat in that same world (common random numbers), and plays
   each out with the drawn policies (the seat itself continues with the heuristic) for `horizon`
   of its own decisions or to the end; the reward is the one ISMCTS uses (`win_share`, or the
   `standing` where the playout stops);
4. updates regret matching: the seat's regrets exactly (it saw every move's value), the other
   seats' by outcome sampling (importance-weighted by the probability of their drawn move).

At a simultaneous commitment the seat plays from its **average strategy** (moves below
`floor` of it dropped): mixed where no single move pays against the modelled table, and a pure
best reply where the table is predictable. A sequential decision takes the move with the best
mean. A seat reads only its view: the sampler draws from the view alone.

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> fc = tablefeast.load("food_chain")
    >>> agents = [ModelAgent(iterations=4), RandomAgent(), RandomAgent()]
    >>> fc.is_terminal(play_game(fc, fc.Config(players=3), agents, seed=1).state)
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any, Generic

import attrs

from tablefeast.agents.game_types import A, C, S, SeatedState, V
from tablefeast.agents.guard import TimedChoice
from tablefeast.agents.heuristics import MIX, ranked_moves, weighted_choice
from tablefeast.agents.ismcts import playout_policy, standing, win_share
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.play import Turn, decision
from tablefeast.kernel.ruleset import Ruleset

__all__ = [
    "KNOWN_SAMPLES",
    "MODEL_POLICIES",
    "ModelAgent",
    "OpponentModel",
    "challenger",
    "move_probabilities",
]

MODEL_POLICIES = ("heuristic", "random")
"""The policies an `OpponentModel` can predict exactly, move by move."""

KNOWN_SAMPLES = 4
"""How many times a `ModelAgent` with a ``known`` agent asks it for each other seat's move in
one view (a search agent's choice costs a search): later worlds with the same view draw among
those choices."""

SMOOTHING = 0.05
"""The share of every predicted policy spread evenly over all legal moves, so that one move
the policy would never make lowers its weight rather than ruling it out (a person may misclick,
and the heuristic's mixed choice is itself a model of a person)."""


def move_probabilities(
    game: Ruleset[S, A, C, V], policy: str, view: V, legal: Sequence[A]
) -> dict[A, float]:
    """The probability of each legal move under `policy` at a seat with `view` (smoothed by
    `SMOOTHING`, so every legal move has some).

    Args:
        game: the game module.
        policy: one of `MODEL_POLICIES`.
        view: the acting seat's view.
        legal: its legal moves.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> p = move_probabilities(fc, "heuristic", fc.view(s, 0), fc.legal_actions(s, 0))
        >>> {fc.action_to_str(a): round(q, 3) for a, q in p.items()}
        {'play worm': 0.58, 'play bird': 0.238, 'play cat': 0.162, 'play dog': 0.01, \
'play flea': 0.01}
    """
    n = len(legal)
    even = 1.0 / n
    if policy == "random" or n == 1:
        return dict.fromkeys(legal, even)
    ranking, simultaneous = ranked_moves(game, view, tuple(legal))
    shares = dict.fromkeys(legal, SMOOTHING * even)
    if not ranking:
        return dict.fromkeys(legal, even)
    if simultaneous:
        firsts = ranking[: len(MIX)]
        weights = MIX[: len(firsts)]
        total = sum(weights)
        for move, weight in zip(firsts, weights, strict=True):
            shares[move] += (1 - SMOOTHING) * weight / total
    else:
        shares[ranking[0]] += 1 - SMOOTHING
    return shares


@attrs.frozen
class OpponentModel:
    """A prior over `MODEL_POLICIES`, the same for every other seat, and its posteriors.

    Attributes:
        prior: (policy, weight) pairs; the weights need not add up to one.

    Examples:
        >>> OpponentModel().prior
        (('heuristic', 0.5), ('random', 0.5))
    """

    prior: tuple[tuple[str, float], ...] = attrs.field(
        default=(("heuristic", 0.5), ("random", 0.5)), converter=tuple
    )

    @prior.validator
    def _check_prior(
        self,
        _: attrs.Attribute[tuple[tuple[str, float], ...]],
        value: tuple[tuple[str, float], ...],
    ) -> None:
        names = [pair[0] for pair in value if isinstance(pair, tuple) and len(pair) == 2]
        if (
            not value
            or len(names) != len(value)
            or len(set(names)) != len(names)
            or any(name not in MODEL_POLICIES for name in names)
            or any(type(w) not in (int, float) or not w > 0 for _, w in value)
        ):
            raise ValueError(
                f"OpponentModel.prior must pair distinct policies of {MODEL_POLICIES} with "
                f"positive weights, got {value!r}"
            )

    def posterior(
        self, game: Ruleset[S, A, C, V], observed: Sequence[tuple[V, Sequence[A], A]]
    ) -> dict[str, float]:
        """The weights of the policies after the seat was seen to make these moves, by Bayes'
        rule (normalised to add up to one).

        Args:
            game: the game module.
            observed: (the seat's view, its legal moves, the move it made), oldest first.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> seen = (fc.view(s, 1), fc.legal_actions(s, 1), fc.Play(fc.Animal.WORM))
            >>> {k: round(v, 2) for k, v in OpponentModel().posterior(fc, [seen] * 3).items()}
            {'heuristic': 0.96, 'random': 0.04}
        """
        weights = dict(self.prior)
        total = sum(weights.values())
        weights = {name: w / total for name, w in weights.items()}
        for view, legal, move in observed:
            for name in weights:
                weights[name] *= move_probabilities(game, name, view, legal).get(move, 0.0)
            total = sum(weights.values())
            if total <= 1e-300:  # a move no policy makes: the observation says nothing
                weights = dict(self.prior)
                total = sum(weights.values())
            weights = {name: w / total for name, w in weights.items()}
        return weights


class _Regrets(Generic[A]):
    """Regret matching over one seat's moves (`A`) at the root (availability: only legal
    moves)."""

    __slots__ = ("regret", "total")

    def __init__(self) -> None:
        self.regret: dict[A, float] = {}
        self.total: dict[A, float] = {}

    def strategy(self, legal: Sequence[A]) -> dict[A, float]:
        positive = {a: max(self.regret.get(a, 0.0), 0.0) for a in legal}
        norm = sum(positive.values())
        if norm <= 0:
            return dict.fromkeys(legal, 1.0 / len(legal))
        return {a: r / norm for a, r in positive.items()}

    def update(self, values: Mapping[A, float], sigma: Mapping[A, float]) -> None:
        mean = sum(sigma[a] * v for a, v in values.items())
        for a, v in values.items():
            self.regret[a] = self.regret.get(a, 0.0) + v - mean
            self.total[a] = self.total.get(a, 0.0) + sigma[a]


@attrs.frozen
class ModelAgent:
    """Chooses by simultaneous-move search against a model of the table (see the module docs).

    Attributes:
        iterations: the most sampled worlds per decision (each tries every legal move).
        seconds: a time guard per decision, or None (the default: no time limit). Only
            `iterations` alone is reproducible: a search the guard cut short depends on the
            machine's speed (`choose_timed` says whether it was).
        model: the prior over the other seats' policies.
        wary: the probability that another seat's move at the root is drawn from its own
            regret-matching strategy rather than from the model (0: trust the model fully).
        unknown: how wary of a seat read as random play: its `wary` grows to this as the
            posterior's weight moves to ``random`` (the part of the model that also stands for
            players it does not know, such as a search, which may answer this one).
        horizon: how many of its own decisions after this one the seat plays out before the
            playout stops and scores its standing; None plays to the end.
        floor: at a commitment, moves below this share of the average strategy are dropped
            before the draw.
        known: an agent the other seats are *known* to be (the ladder's challenger of a
            level, which knows the level's policy): at the root each other seat's move is what
            this agent chooses from that seat's view of the sampled world (`KNOWN_SAMPLES`
            choices per seat and view, drawn again at random), in place of the model; the
            playouts keep the model.

    Examples:
        >>> ModelAgent()
        ModelAgent(iterations=60, seconds=None, model=OpponentModel(prior=(('heuristic', 0.5), \
('random', 0.5))), wary=0.4, unknown=0.6, horizon=None, floor=0.1, known=None)
    """

    iterations: int = attrs.field(default=60)
    seconds: float | None = attrs.field(default=None)
    model: OpponentModel = attrs.field(factory=OpponentModel)
    wary: float = attrs.field(default=0.4)
    unknown: float = attrs.field(default=0.6)
    horizon: int | None = attrs.field(default=None)
    floor: float = attrs.field(default=0.1)
    known: Any = attrs.field(default=None)

    @iterations.validator
    def _check_iterations(self, _: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 1 <= value <= 1_000_000:
            raise ValueError(
                f"ModelAgent.iterations must be an int from 1 to 1,000,000, got {value!r}"
            )

    @seconds.validator
    def _check_seconds(self, _: attrs.Attribute[float | None], value: float | None) -> None:
        if value is not None and (type(value) not in (int, float) or not value > 0):
            raise ValueError(f"ModelAgent.seconds must be None or positive, got {value!r}")

    @model.validator
    def _check_model(self, _: attrs.Attribute[OpponentModel], value: OpponentModel) -> None:
        if not isinstance(value, OpponentModel):
            raise ValueError(f"ModelAgent.model must be an OpponentModel, got {value!r}")

    @wary.validator
    @unknown.validator
    @floor.validator
    def _check_share(self, attribute: attrs.Attribute[float], value: float) -> None:
        if type(value) not in (int, float) or not 0 <= value < 1:
            raise ValueError(f"ModelAgent.{attribute.name} must be from 0 to 1, got {value!r}")

    @known.validator
    def _check_known(self, _: attrs.Attribute[object], value: object) -> None:
        if value is not None and not (hasattr(value, "act") or hasattr(value, "choose")):
            raise ValueError(f"ModelAgent.known must be None or an agent, got {value!r}")

    @horizon.validator
    def _check_horizon(self, _: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and (type(value) is not int or not 0 <= value <= 10_000):
            raise ValueError(
                f"ModelAgent.horizon must be None or an int from 0 to 10,000, got {value!r}"
            )

    def choose(self, turn: Turn, rng: random.Random) -> Any:
        """The seat's move after the search (drawn from its average strategy at a
        commitment).

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the search's generator.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> ModelAgent(iterations=8).choose(turn, random.Random(0)) in turn.legal
            True
        """
        return self.choose_timed(turn, rng).action

    def choose_timed(self, turn: Turn, rng: random.Random) -> TimedChoice:
        """`choose`'s move (the same, from the same generator), and whether the time guard
        (`seconds`) stopped the search before its `iterations`.

        Args:
            turn: the seat's view, legal moves and sampler of consistent states.
            rng: the search's generator.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> turn = Turn(fc, 0, fc.view(s, 0), fc.legal_actions(s, 0),
            ...             lambda rng: fc.determinize(s, 0, rng))
            >>> move, cut_short = ModelAgent(iterations=8).choose_timed(turn, random.Random(0))
            >>> move == ModelAgent(iterations=8).choose(turn, random.Random(0)), cut_short
            (True, False)
        """
        game, seat, legal = turn.game, turn.seat, turn.legal
        if len(legal) == 1:
            return TimedChoice(legal[0], False)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        weights = self._weights(turn)
        mine: _Regrets[object] = _Regrets()  # the turn's moves, of a game not known here
        theirs: dict[int, _Regrets[object]] = {}
        sums = dict.fromkeys(legal, 0.0)
        simultaneous = False
        known: dict[tuple[int, Any], list[Any]] = {}
        done = 0
        while done < self.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            done += 1
            world = self._world(game, seat, turn.sample_state(rng))
            others = [j for j in game.actors(world) if j != seat]
            simultaneous = simultaneous or bool(others)
            policies = {j: weighted_choice(weights[j], rng) for j in range(world.config.players)}
            replies: dict[int, tuple[Any, float, dict[Any, float]]] = {}
            if self.known is not None:
                for j in others:
                    move = self._known_move(game, world, j, known, rng)
                    world = game.apply_action(world, j, move)
                others = []
            for j in others:
                their_legal = game.legal_actions(world, j)
                model = move_probabilities(game, policies[j], game.view(world, j), their_legal)
                answer = theirs.setdefault(j, _Regrets()).strategy(their_legal)
                wary = self.wary + (self.unknown - self.wary) * weights[j].get("random", 0.0)
                mixed = {a: (1 - wary) * model[a] + wary * answer[a] for a in their_legal}
                move = weighted_choice(mixed, rng)
                replies[j] = (move, mixed[move], answer)
                world = game.apply_action(world, j, move)
            seed = rng.getrandbits(64)
            sigma = mine.strategy(legal)
            values: dict[Any, float] = {}
            rewards: dict[Any, tuple[float, ...]] = {}
            for move in legal:
                rewards[move] = self._playout(
                    game, game.apply_action(world, seat, move), seat, policies, seed
                )
                values[move] = rewards[move][seat]
                sums[move] += values[move]
            mine.update(values, sigma)
            played = weighted_choice(sigma, rng)
            for j, (move, q, answer) in replies.items():
                u = rewards[played][j]
                estimate = {a: (u / q if a == move else 0.0) for a in answer}
                theirs[j].update(estimate, answer)
        cut_short = done < self.iterations
        if simultaneous:
            average = {a: mine.total.get(a, 0.0) for a in legal}
            norm = sum(average.values())
            if norm > 0:
                kept = {a: p for a, p in average.items() if p >= self.floor * norm}
                return TimedChoice(weighted_choice(kept, rng), cut_short)
        return TimedChoice(max(legal, key=lambda a: sums[a]), cut_short)

    def _weights(self, turn: Turn) -> dict[int, dict[str, float]]:
        """Each seat's weights over the model's policies: its posterior after the moves the
        table has shown of it (`Turn.observed`; none in a game whose views are hidden, where
        every seat keeps the prior)."""
        seen: dict[int, list[tuple[Any, Sequence[Any], Any]]] = {}
        for seat, view, legal, move in turn.observed:
            seen.setdefault(seat, []).append((view, legal, move))
        game = turn.game
        return {
            j: self.model.posterior(game, seen.get(j, ())) for j in range(turn.view.config.players)
        }

    def _known_move(
        self,
        game: Ruleset[S, A, C, V],
        world: S,
        seat: int,
        known: dict[tuple[int, V], list[A]],
        rng: random.Random,
    ) -> A:
        """Seat `seat`'s move in `world` as the ``known`` agent chooses it from its view
        (remembered per view, at most `KNOWN_SAMPLES` choices, then drawn among them)."""
        seen = known.setdefault((seat, game.view(world, seat)), [])
        if len(seen) < KNOWN_SAMPLES:
            seen.append(decision(game, world, seat, self.known)(rng))
            return seen[-1]
        return seen[rng.randrange(len(seen))]

    def _world(self, game: Ruleset[S, A, C, V], seat: int, state: S) -> S:
        """The sampled state with the other seats' hidden commitments of this step taken back
        (where the game can do so exactly), so that the model redraws them."""
        withdraw = game.CAPABILITIES.withdraw
        commitments = getattr(state, "commitments", None)
        if withdraw is None or commitments is None or commitments[seat] is not None:
            return state
        for j, commitment in enumerate(commitments):
            if j != seat and commitment is not None:
                state = withdraw(state, j)
        return state

    def _playout(
        self,
        game: Ruleset[SeatedState, A, C, V],
        state: SeatedState,
        seat: int,
        policies: Mapping[int, str],
        seed: int,
    ) -> tuple[float, ...]:
        """Every seat's reward after playing on with the drawn policies (the seat itself
        with the heuristic)."""
        rng = random.Random(seed)
        actors, legal_actions, apply_action = game.actors, game.legal_actions, game.apply_action
        plays = {j: playout_policy(game, name) for j, name in policies.items()}
        plays[seat] = playout_policy(game, "heuristic")
        left = self.horizon
        while True:
            acting = actors(state)
            if not acting:
                players = range(state.config.players)
                return tuple(win_share(game, state, j) for j in players)
            actor = acting[0]
            if actor == CHANCE:
                state = apply_action(state, actor, game.chance_distribution(state).sample(rng))
                continue
            legal = legal_actions(state, actor)
            if actor == seat and left is not None and len(legal) > 1:
                if left == 0:
                    return tuple(standing(game, state, j) for j in range(state.config.players))
                left -= 1
            move = legal[0] if len(legal) == 1 else plays[actor](game, state, actor, legal, rng)
            state = apply_action(state, actor, move)


def challenger(known: str, iterations: int = 20) -> ModelAgent:
    """A modelling challenger of the agent called `known` (a `tablefeast.agents.make_agent`
    name, such as ``hard``): a `ModelAgent` that knows the others play it, as the strength
    ladder measures how exploitable each level is. It reads the agent's choices, so it costs
    `KNOWN_SAMPLES` of the agent's decisions per other seat and view, on top of its own search.

    Args:
        known: the agent the other seats are.
        iterations: the challenger's sampled worlds per decision.

    Examples:
        >>> challenger("heuristic", 8).known
        HeuristicAgent(mixed=True)
    """
    from tablefeast.agents import make_agent  # the names live above this module

    return ModelAgent(iterations=iterations, known=make_agent(known))
