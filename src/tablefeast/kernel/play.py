"""Playing a game to the end with agents, reproducibly from a seed.

Chance is sampled with ``random.Random(seed)``; each seat's agent gets its own generator derived
from the seed, so a game depends on nothing but the seed and the agents. A seat with exactly one
legal action plays it at once without asking its agent.

Examples:
    >>> import tablefeast
    >>> sab = tablefeast.load("schlacht_am_buffet")
    >>> a = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=5)
    >>> b = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=5)
    >>> a.moves == b.moves and sab.is_terminal(a.state)
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import attrs

from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect, trace
from tablefeast.kernel.record import Record, record_of
from tablefeast.kernel.ruleset import A, AnyRuleset, C, Ruleset, S, V

__all__ = [
    "Agent",
    "GameResult",
    "Observation",
    "Observer",
    "RandomAgent",
    "Turn",
    "agent_rng",
    "decision",
    "play_game",
    "seat_suffix",
]


class _Seated(Protocol):
    """What `play_game` reads of a Config: how many seats the table has."""

    @property
    def players(self) -> int:
        """The number of seats."""


SeatedConfig = TypeVar("SeatedConfig", bound=_Seated)
"""A game's Config (`play_game` reads its ``players``)."""


class Agent(Protocol):
    """Chooses an action from what one seat may know: its view and its legal actions.

    Agents that search implement `tablefeast.agents.SearchAgent` instead (``choose(turn,
    rng)``), and get a `Turn`: the same, plus a sampler of full states consistent with the view.

    An agent that never reads its view says so with a class attribute ``reads_view = False``
    (`RandomAgent` does): the driver then does not build the view, the costliest part of a
    decision after the move itself, and passes None in its place.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> class FirstLegal:
        ...     def act(self, game, view, legal, rng):
        ...         return legal[0]
        >>> sab.winners(play_game(sab, sab.Config(players=3), [FirstLegal()] * 3, seed=2).state)
        frozenset({1})
    """

    def act(self, game: AnyRuleset, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """Return one of `legal`.

        Args:
            game: the game module.
            view: the seat's view of the game (None for an agent whose ``reads_view`` is
                False).
            legal: the seat's legal actions, in the game's order.
            rng: the agent's own generator (seeded per game and seat).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=3))
            >>> RandomAgent().act(fc, fc.view(s, 0), fc.legal_actions(s, 0), random.Random(0))
            Play(animal=<Animal.DOG: 'dog'>)
        """


class _Sampler:
    """Draws full states consistent with one seat's view (by `determinize`).

    It never holds the true state. It keeps an *anchor*, a state already drawn from the seat's
    view, and determinizes that: determinization reads only what the seat sees, so the anchor
    gives exactly the samples the true state would for the same rng (the conformance suite
    checks this for every game). An agent that digs into its `Turn` finds nothing it could not
    have drawn itself. (Code running in the same process can still read its callers' frames,
    every live object and the games' memo tables: in-process agents are trusted code, and
    untrusted ones belong in another process, sent views only: see examples/game_server.py.)
    """

    __slots__ = ("_anchor", "_game", "_seat")

    def __init__(self, game: AnyRuleset, state: object, seat: int) -> None:
        self._game = game
        self._seat = seat
        self._anchor: object = game.determinize(state, seat, random.Random(0))

    def __call__(self, rng: random.Random) -> object:
        return self._game.determinize(self._anchor, self._seat, rng)


Observation = tuple[int, Any, tuple[Any, ...], Any]
"""A move the table showed: ``(seat, its view just before, its legal moves, the move)``."""


class Observer:
    """The moves a table has shown every seat: what an agent may learn of the others' play.

    In a game whose views are public (``CAPABILITIES.public_views``: Food Chain, FC-11) a
    seat's view before it moved and the move itself are shown to all, the move once it is
    revealed: a hidden commitment is held back until its step resolves. Elsewhere the table
    shows nothing (a view there holds a hand), and `shown` is empty. Views are worked out only
    when first asked for, so a game whose agents never ask pays only for holding the states.

    Args:
        game: the game module.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> watch = Observer(fc)
        >>> for seat, animal in enumerate([fc.Animal.WORM, fc.Animal.DOG]):
        ...     after = fc.apply_action(s, seat, fc.Play(animal))
        ...     watch.note(s, seat, fc.Play(animal), after)
        ...     s = after
        >>> watch.shown(2)  # both commitments still hidden
        ()
        >>> after = fc.apply_action(s, 2, fc.Play(fc.Animal.CAT))
        >>> watch.note(s, 2, fc.Play(fc.Animal.CAT), after)
        >>> [(seat, fc.action_to_str(move)) for seat, _, _, move in watch.shown(2)]
        [(0, 'play worm'), (1, 'play dog')]
    """

    __slots__ = ("_game", "_held", "_notes", "_shown")

    def __init__(self, game: AnyRuleset) -> None:
        self._game = game
        self._notes: list[tuple[object, int, object]] = []  # (state before, seat, move), shown
        self._held: list[tuple[object, int, object]] = []  # hidden commitments of the open step
        self._shown: list[Observation] = []  # `_notes` worked out, as far as asked for

    def note(self, state: object, seat: int, action: object, after: object) -> None:
        """Take note of one move (every move of the game, in order, chance included).

        Args:
            state: the state before the move.
            seat: the moving seat (chance moves are passed over).
            action: the move.
            after: the state after it.
        """
        if seat == CHANCE or not self._game.CAPABILITIES.public_views:
            return
        commitments = getattr(after, "commitments", None)
        if commitments is not None and commitments[seat] is not None:
            self._held.append((state, seat, action))  # hidden until its step is revealed
            return
        if self._held and (commitments is None or all(c is None for c in commitments)):
            self._notes.extend(self._held)  # the step resolved: its commitments are public
            self._held.clear()
        self._notes.append((state, seat, action))

    def shown(self, seat: int) -> tuple[Observation, ...]:
        """What the table has shown `seat` of the other seats' play, oldest first (forced
        moves, with one legal choice, say nothing and are left out).

        Args:
            seat: the seat that asks.
        """
        game = self._game
        for state, mover, action in self._notes[len(self._shown) :]:
            self._shown.append(
                (mover, game.view(state, mover), game.legal_actions(state, mover), action)
            )
        return tuple(o for o in self._shown if o[0] != seat and len(o[2]) > 1)


@attrs.frozen
class Turn:
    """What a search agent gets when its seat must act.

    Attributes:
        game: the game module.
        seat: the acting seat.
        view: the seat's view (all it may know).
        legal: its legal actions, in the game's order.
        observed: what the table has shown of the other seats' play (`Observer.shown`).

    Examples:
        >>> import random
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> s = sab.initial_state(sab.Config(players=3))
        >>> turn = Turn(sab, 0, sab.view(s, 0), (), lambda rng: sab.determinize(s, 0, rng))
        >>> sab.view(turn.sample_state(random.Random(1)), 0) == turn.view
        True
    """

    game: AnyRuleset
    seat: int
    view: Any
    legal: tuple[Any, ...]
    _sample: Callable[[random.Random], Any] = attrs.field(repr=False, eq=False)
    observed: tuple[Observation, ...] = attrs.field(default=(), repr=False)

    def sample_state(self, rng: random.Random) -> Any:
        """A full state consistent with the view, drawn with `rng`: what the seat cannot see is
        resampled (`determinize`). It depends only on the view and `rng`.

        Args:
            rng: the generator the hidden parts are drawn with.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.apply_action(fc.initial_state(fc.Config(3)), 0, fc.Play(fc.Animal.DOG))
            >>> turn = Turn(fc, 1, fc.view(s, 1), (), lambda rng: fc.determinize(s, 1, rng))
            >>> turn.sample_state(random.Random(0)).commitments  # seat 0's hidden Dog, resampled
            (2, None, None)
        """
        return self._sample(rng)


def sampler_anchor(turn: Turn) -> tuple[AnyRuleset, object] | None:
    """The game and the anchor state (a state already drawn from the seat's view) that the
    turn's sampler determinizes for its seat, where the sampler is the driver's own (`decision`
    makes it); else None. A search that determinizes in a compiled core (the native cores'
    `ismcts_search`) starts from the anchor: it draws exactly the states `Turn.sample_state`
    would. Not part of the public API.

    Args:
        turn: a search agent's turn.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> sampler_anchor(Turn(fc, 0, fc.view(s, 0), (), _Sampler(fc, s, 0)))[1] == s
        True
        >>> sampler_anchor(Turn(fc, 0, fc.view(s, 0), (), lambda rng: s)) is None
        True
    """
    sample = turn._sample
    if type(sample) is not _Sampler or sample._seat != turn.seat:
        return None
    return sample._game, sample._anchor


@attrs.frozen
class RandomAgent:
    """Plays a uniformly random legal action (it never reads its view, so none is built for it).

    Examples:
        >>> import random
        >>> RandomAgent().act(None, None, ("a", "b", "c"), random.Random(1))
        'a'
    """

    reads_view: ClassVar[bool] = False
    """The driver passes None for the view (`Agent`)."""

    def act(self, game: object, view: object, legal: tuple[A, ...], rng: random.Random) -> A:
        """A uniformly random element of `legal`.

        Args:
            game: the game module.
            view: the seat's view of the game.
            legal: the seat's legal actions, in the game's order.
            rng: the agent's own generator (seeded per game and seat).

        Examples:
            >>> [RandomAgent().act(None, None, (1, 2, 3), random.Random(seed)) for seed in range(5)]
            [2, 1, 1, 1, 1]
        """
        return legal[rng.randrange(len(legal))]


@attrs.frozen
class GameResult:
    """A finished (or stopped) game: its final state and every move, in order.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> result = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, seed=0, max_moves=2)
        >>> result.moves, result.record.moves
        (((-1, DrawCard(card=9)), (-1, DrawCard(card=3))), ((-1, 'card 9'), (-1, 'card 3')))
    """

    game: AnyRuleset
    config: Any
    state: Any
    moves: tuple[tuple[int, Any], ...]

    @property
    def record(self) -> Record:
        """The game as a record (config and moves in notation).

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> agents = [RandomAgent()] * 3
            >>> result = play_game(fc, fc.Config(players=3), agents, seed=1, max_moves=2)
            >>> result.record.moves
            ((0, 'play flea'), (1, 'play dog'))
        """
        return record_of(self.game, self.config, self.moves)


def agent_rng(seed: int | str, seat: int) -> random.Random:
    """The generator seat `seat`'s agent uses in the game seeded `seed`.

    Args:
        seed: the game's seed.
        seat: the agent's seat.

    Examples:
        >>> agent_rng(5, 0).random() == agent_rng(5, 0).random() != agent_rng(5, 1).random()
        True
    """
    return random.Random(f"{seed}{seat_suffix(seat)}")


def seat_suffix(seat: int) -> str:
    """What `agent_rng` appends to the game's seed to seed seat `seat`'s generator (a native
    core seeds the generators of many games from the game seeds and these, `play_games`).

    Args:
        seat: the agent's seat.

    Examples:
        >>> seat_suffix(2)
        '/seat/2'
    """
    return f"/seat/{seat}"


def decision(
    game: Ruleset[S, A, C, V],
    state: S,
    seat: int,
    agent: Any,
    observed: tuple[Observation, ...] = (),
) -> Callable[[random.Random], A]:
    """What `agent` will decide for `seat` now, as a call that needs only the agent's generator.

    Everything the agent may use is taken from `state` here (its view, its legal actions, a
    sampler anchored on a state drawn from its view); the call holds no reference to the true
    state, so it may run later or on another thread (the server's bots do). A seat with one
    legal action gets it without asking the agent; an agent whose ``reads_view`` is False gets
    None for its view, which is then never built.

    Args:
        game: the game module.
        state: the true state, where `seat` must act.
        seat: the acting seat.
        agent: a simple agent (``act``) or a search agent (``choose``).
        observed: what the table has shown the seat of the others' play (`Observer.shown`),
            handed to a search agent in its `Turn`.

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=3))
        >>> decide = decision(fc, s, 0, RandomAgent())
        >>> decide(random.Random(1)) in fc.legal_actions(s, 0)
        True
    """
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        only = legal[0]
        return lambda rng: only
    if hasattr(agent, "choose"):  # a search agent
        turn = Turn(
            game, seat, game.view(state, seat), legal, _Sampler(game, state, seat), observed
        )
        return lambda rng: agent.choose(turn, rng)
    view = game.view(state, seat) if getattr(agent, "reads_view", True) else None
    return lambda rng: agent.act(game, view, legal, rng)


def play_game(
    game: Ruleset[S, A, SeatedConfig, V],
    config: SeatedConfig,
    agents: Sequence[Agent],
    seed: int | str = 0,
    *,
    on_move: Callable[[S, int, A], None] | None = None,
    on_step: Callable[[S, int, A, S, tuple[Effect, ...]], None] | None = None,
    max_moves: int | None = None,
) -> GameResult:
    """Play from the initial state until the game ends (or `max_moves` moves were made).

    Args:
        game: the game module.
        config: its Config.
        agents: one agent per seat.
        seed: seeds chance and, derived from it, each agent's generator.
        on_move: called as ``on_move(state_before, seat, action)`` for every move.
        on_step: called as ``on_step(state_before, seat, action, state_after, effects)`` after
            every move, with what the move did (`tablefeast.kernel.effects.trace`: each move is
            applied once, traced).
        max_moves: stop early after this many moves.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> seen = []
        >>> def note(state, seat, action):
        ...     seen.append(sab.action_to_str(action))
        >>> result = play_game(sab, sab.Config(players=3), [RandomAgent()] * 3, 0, max_moves=3,
        ...                    on_move=note)
        >>> seen, len(result.moves)
        (['card 9', 'card 3', 'card 8'], 3)
    """
    if len(agents) != config.players:
        raise ValueError(f"{config.players} players need as many agents, got {len(agents)}")
    chance_rng = random.Random(seed)
    rngs = [agent_rng(seed, seat) for seat in range(config.players)]
    state = game.initial_state(config)
    moves: list[tuple[int, A]] = []
    watch = Observer(game)
    while max_moves is None or len(moves) < max_moves:
        acting = game.actors(state)
        if not acting:
            break
        seat = acting[0]
        if seat == CHANCE:
            action = game.chance_distribution(state).sample(chance_rng)
        else:
            agent = agents[seat]
            shown = watch.shown(seat) if hasattr(agent, "choose") else ()
            action = decision(game, state, seat, agent, shown)(rngs[seat])
        if on_move is not None:
            on_move(state, seat, action)
        if on_step is None:
            after = game.apply_action(state, seat, action)
        else:
            after, effects = trace(game, state, seat, action)
            on_step(state, seat, action, after, effects)
        watch.note(state, seat, action, after)
        state = after
        moves.append((seat, action))
    return GameResult(game, config, state, tuple(moves))
