"""Many games at once: who wins, by agent and by seat, with confidence intervals.

`simulate` plays `games` games of one game and config with the named agents. Game ``i`` is
seeded from the seed and ``i`` alone, and the agents rotate round the table (game ``i`` puts agent
``(s + i) % n`` in seat ``s``), so every agent plays every seat equally often and the results
depend on nothing but the arguments: not on the executor, nor on the number of workers.

Games run through any `concurrent.futures.Executor`: none (in this process), a process pool (the
default with ``workers > 1``), or a cluster's executor (Dask's ``client.get_executor()``, which a
test runs; any other that runs plain functions of plain data works the same way).

On the native engine, a table whose every seat is ``"random"`` or ``"heuristic"`` (by those exact
names: `RandomAgent` and `HeuristicAgent`, which every core plays itself), records not kept, is
played in chunks (`play_chunk`, up to `CHUNK_GAMES` games a call): the config and the core's
initial state are made once per chunk, and the core seeds every game's generators from their
strings itself, exactly as `random.Random` seeds them (`play_games`), so that the driver adds
little to the games (issue 46; ``benchmarks/simulate.py``). The games, their order, seeds and
results are those of the per-game path (`play_one`), which every other table takes.

Examples:
    >>> result = simulate("food_chain", players=3, agents=["heuristic", "random", "random"],
    ...                   games=6, seed=1)
    >>> [row.agent for row in result.by_agent()], len(result.games)
    (['heuristic', 'random'], 6)
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

import attrs

import tablefeast
from tablefeast import native
from tablefeast.agents import make_agent
from tablefeast.kernel.effects import Effect
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import JSON, shown
from tablefeast.kernel.play import agent_rng, play_game, seat_suffix

__all__ = [
    "CHUNK_GAMES",
    "CORE_AGENTS",
    "AgentSpec",
    "GameOutcome",
    "Row",
    "SimulationResult",
    "chunk_size",
    "play_chunk",
    "play_one",
    "rotation",
    "run_calls",
    "seat_agents",
    "simulate",
    "wilson",
]

T = TypeVar("T")


@attrs.frozen
class GameOutcome:
    """One finished game of a simulation.

    Attributes:
        index: the game's number in the simulation.
        seats: the agent name in each seat.
        scores: final scores, by seat.
        winners: the winning seats.
        moves: how many moves the game took.
        seed: the game's own seed (``f"{simulation seed}/{index}"``): `play_game` with the same
            agents and this seed plays the game again.
        record: the game's moves in notation, ``[seat, text]``, when the simulation keeps them
            (``keep_records=True``; `tablefeast.Record` replays them), else None.

    Examples:
        >>> GameOutcome(0, ("a", "b"), (3, 3), (0, 1), 40).win_share(1)
        0.5
    """

    index: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    seed: str = ""
    record: tuple[tuple[int, str], ...] | None = None

    def win_share(self, seat: int) -> float:
        """1 / (number of winners) for a winner, else 0.

        Args:
            seat: the seat whose share this is.

        Examples:
            >>> outcome = GameOutcome(0, ("heuristic", "random", "random"), (9, 4, 9), (0, 2), 31)
            >>> [outcome.win_share(seat) for seat in range(3)]
            [0.5, 0.0, 0.5]
        """
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


AgentSpec = str | Callable[[], Any]
"""An agent for a simulation: a name for `make_agent`, or a factory called with no arguments
(a class, say; for a process pool it must be importable, that is, defined in a module)."""


def _label(spec: AgentSpec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "__name__", repr(spec))


def _build(spec: AgentSpec) -> Any:
    return make_agent(spec) if isinstance(spec, str) else spec()


def play_one(  # noqa: PLR0917 - plain arguments, so that it pickles to any worker
    name: str,
    config_data: Mapping[str, JSON],
    seats: Sequence[AgentSpec],
    seed: str,
    index: int,
    keep_record: bool = False,
    engine: str = "pure",
    on_step: Callable[[Any, int, Any, Any, tuple[Effect, ...]], None] | None = None,
) -> GameOutcome:
    """Play game `index` of a simulation (a plain function of plain data: it runs anywhere).

    Args:
        name: the game.
        config_data: the `Config` as JSON data.
        seats: the agent of each seat (a name for `make_agent`, or a factory).
        seed: the simulation's seed; the game is seeded ``f"{seed}/{index}"``.
        index: the game's number in the simulation.
        keep_record: keep the game's moves in notation, so that it can be replayed.
        engine: ``"pure"`` or ``"native"`` (`tablefeast.load`): the same game either way.
        on_step: called as ``on_step(state_before, seat, action, state_after, effects)`` for
            every move, as `play_game` calls it (for code that watches the game in the worker,
            such as `tablefeast.analysis`).

    Examples:
        >>> outcome = play_one("food_chain", {"players": 3}, ["random"] * 3, "s", 0, True)
        >>> outcome.index, len(outcome.scores), outcome.seed, len(outcome.record) == outcome.moves
        (0, 3, 's/0', True)"""
    game = tablefeast.load(name) if engine == "pure" else tablefeast.load(name, engine=engine)
    config = game.Config(**config_data)
    game_seed = f"{seed}/{index}"
    labels = tuple(_label(spec) for spec in seats)
    if engine != "pure" and not keep_record and on_step is None and set(labels) == {"random"}:
        # A table of random agents, nobody watching: the core plays the whole game, drawing
        # from the generators `play_game` would make, so the game is the driver's own.
        chance = random.Random(game_seed)
        rngs = [agent_rng(game_seed, seat) for seat in range(config.players)]
        core = native.load(name)  # the same ruleset `tablefeast.load(name, engine=...)` gave
        state, moves = core.random_game(core.initial_state(config), chance, rngs)
        return GameOutcome(
            index=index,
            seats=labels,
            scores=tuple(game.scores(state)),
            winners=tuple(sorted(game.winners(state))),
            moves=moves,
            seed=game_seed,
            record=None,
        )
    agents = [_build(spec) for spec in seats]
    result = play_game(game, config, agents, seed=game_seed, on_step=on_step)
    return GameOutcome(
        index=index,
        seats=labels,
        scores=tuple(game.scores(result.state)),
        winners=tuple(sorted(game.winners(result.state))),
        moves=len(result.moves),
        seed=game_seed,
        record=result.record.moves if keep_record else None,
    )


CORE_AGENTS = frozenset({"random", "heuristic"})
"""The agents a native core plays itself, by their `make_agent` names: `RandomAgent` and
`HeuristicAgent` (the core's heuristic makes the same choices from the same generator)."""

CHUNK_GAMES = 128
"""The most games one call of `play_chunk` plays: enough that the chunk's own costs (the config,
the core's initial state, a pool's round trip) are a small share of its games, few enough that
progress is reported often."""


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk of a simulation on `workers` processes: `CHUNK_GAMES`, or fewer, so that
    each worker gets at least four chunks where there are games enough (an even spread when
    chunks take unequal times). Only the speed depends on it: the games are the same.

    Args:
        games: how many games.
        workers: processes that play them (1 in this process).

    Examples:
        >>> chunk_size(10_000, 2), chunk_size(100, 2), chunk_size(3, 8)
        (128, 13, 1)
    """
    return max(1, min(CHUNK_GAMES, math.ceil(games / (4 * workers))))


def _plays_in_core(names: Sequence[AgentSpec], engine: str, keep_records: bool) -> bool:
    """Whether `play_chunk` plays the simulation: the native engine, records not kept, and every
    agent one the core plays itself (named, not a factory: a class could be anything)."""
    return (
        engine == "native"
        and not keep_records
        and all(isinstance(spec, str) and spec in CORE_AGENTS for spec in names)
    )


def play_chunk(
    name: str,
    config_data: Mapping[str, JSON],
    seats: Sequence[Sequence[str]],
    seed: str,
    first: int,
) -> list[GameOutcome]:
    """Games ``first``, ``first + 1``, ... of a simulation, one per table in `seats`, each seat
    ``"random"`` or ``"heuristic"``, played whole in the game's native core (a plain function of
    plain data: it runs anywhere the core is built). Each is the game `play_one` plays (the same
    outcome, records not kept): the config and initial state are made once for them all, and the
    core seeds each game's generators from ``f"{seed}/{index}"`` and `seat_suffix` as
    `play_game` seeds them, without a `random.Random` per game.

    Args:
        name: the game.
        config_data: the `Config` as JSON data.
        seats: the agent names of each game's seats, from game `first` on.
        seed: the simulation's seed.
        first: the number of the first game.

    Raises:
        ConfigError: the game has no native core here, or a seat names another agent (a
            ValueError too).

    Examples:
        >>> from tablefeast import native
        >>> table = ("heuristic", "random", "random")
        >>> if native.available("food_chain"):
        ...     outcomes = play_chunk("food_chain", {"players": 3}, [table] * 2, "s", 4)
        ... else:  # the games it would play
        ...     outcomes = [play_one("food_chain", {"players": 3}, table, "s", i) for i in (4, 5)]
        >>> [(o.index, o.seed) for o in outcomes]
        [(4, 's/4'), (5, 's/5')]
        >>> outcomes[0] == play_one("food_chain", {"players": 3}, table, "s", 4)
        True
    """
    ruleset = native.load(name)  # what `tablefeast.load(name, engine="native")` gives
    config = ruleset.Config(**config_data)
    tables = [tuple(table) for table in seats]
    for table in tables:
        for spec in table:
            if spec not in CORE_AGENTS:
                raise ConfigError(f"the core plays only {sorted(CORE_AGENTS)}, got {shown(spec)}")
    seeds = [f"{seed}/{first + i}" for i in range(len(tables))]
    suffixes = [seat_suffix(seat) for seat in range(config.players)]
    played = ruleset.play_games(ruleset.initial_state(config), seeds, suffixes, tables)
    scores, winners = ruleset.scores, ruleset.winners
    return [
        GameOutcome(
            index=first + i,
            seats=tables[i],
            scores=scores(state),
            winners=tuple(sorted(winners(state))),
            moves=moves,
            seed=seeds[i],
        )
        for i, (state, moves) in enumerate(played)
    ]


@attrs.frozen
class Row:
    """Results of one agent (or one seat): games, win share with a 95% interval, mean score.

    Examples:
        >>> row = simulate("food_chain", 3, ["heuristic", "random", "random"], 3).by_agent()[0]
        >>> row.agent, row.games, row.low <= row.win_share <= row.high
        ('heuristic', 3, True)"""

    agent: str
    games: int
    wins: float
    win_share: float
    low: float
    high: float
    mean_score: float


Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share seen in `n` trials (95% unless `z` says otherwise).

    A trial may count as a fraction of a success (a shared win is 1 / winners of a win).

    Args:
        share: successes / n, from 0 to 1.
        n: the number of trials (at least 1).
        z: the normal quantile of the interval's confidence.

    Examples:
        >>> [round(x, 3) for x in wilson(0.5, 4)]
        [0.15, 0.85]
        >>> wilson(1.0, 8)[1]
        1.0
    """
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _row(label: str, shares: list[float], scores: list[int]) -> Row:
    n = len(shares)
    mean = sum(shares) / n
    # Wilson score interval (95%) for the win share; ties count as fractions of a win.
    low, high = wilson(mean, n)
    return Row(label, n, sum(shares), mean, low, high, sum(scores) / n)


@attrs.frozen
class SimulationResult:
    """Every game of a simulation, and summaries of them.

    Examples:
        >>> result = simulate("mausgeflippt", 2, ["heuristic", "random"], 4, seed=1)
        >>> [round(row.win_share, 2) for row in result.by_seat()]
        [0.5, 0.5]"""

    game: str
    config: dict[str, Any]
    agents: tuple[str, ...]
    seed: str
    games: tuple[GameOutcome, ...]

    def by_agent(self) -> list[Row]:
        """One row per distinct agent name, in the order first given.

        Examples:
            >>> result = simulate("mausgeflippt", 2, ["heuristic", "random"], 4, seed=1)
            >>> [(row.agent, row.games, row.wins) for row in result.by_agent()]
            [('heuristic', 4, 4.0), ('random', 4, 0.0)]
        """
        rows = []
        for agent in dict.fromkeys(self.agents):
            shares, scores = [], []
            for outcome in self.games:
                for seat, name in enumerate(outcome.seats):
                    if name == agent:
                        shares.append(outcome.win_share(seat))
                        scores.append(outcome.scores[seat])
            rows.append(_row(agent, shares, scores))
        return rows

    def by_seat(self) -> list[Row]:
        """One row per seat (whatever agent sat there).

        Examples:
            >>> result = simulate("mausgeflippt", 2, ["heuristic", "random"], 4, seed=1)
            >>> [(row.agent, row.wins, row.mean_score) for row in result.by_seat()]
            [('seat 0', 2.0, -9.5), ('seat 1', 2.0, -10.25)]
        """
        players = len(self.agents)
        return [
            _row(
                f"seat {seat}",
                [o.win_share(seat) for o in self.games],
                [o.scores[seat] for o in self.games],
            )
            for seat in range(players)
        ]

    def table(self) -> str:
        """The summaries as a text table.

        Examples:
            >>> print(simulate("mausgeflippt", 2, ["heuristic", "random"], 4, seed=1).table())
            mausgeflippt, 4 games, seed 1
            <BLANKLINE>
            by agent
                              games  win share     95% interval  mean score
            heuristic             4      1.000      0.510-1.000       12.00
            random                4      0.000      0.000-0.490      -31.75
            <BLANKLINE>
            by seat
                              games  win share     95% interval  mean score
            seat 0                4      0.500      0.150-0.850       -9.50
            seat 1                4      0.500      0.150-0.850      -10.25
        """
        lines = [f"{self.game}, {len(self.games)} games, seed {self.seed}"]
        header = f"{'':16} {'games':>6} {'win share':>10} {'95% interval':>16} {'mean score':>11}"
        for title, rows in (("by agent", self.by_agent()), ("by seat", self.by_seat())):
            lines += ["", title, header]
            for r in rows:
                interval = f"{r.low:.3f}-{r.high:.3f}"
                lines.append(
                    f"{r.agent:16} {r.games:6} {r.win_share:10.3f} {interval:>16} "
                    f"{r.mean_score:11.2f}"
                )
        return "\n".join(lines)

    def to_json(self) -> str:
        """Everything as JSON: the arguments, every game, and the summaries.

        Examples:
            >>> result = simulate("mausgeflippt", 2, ["heuristic", "random"], 4, seed=1)
            >>> data = json.loads(result.to_json())
            >>> sorted(data), data["games"][0]["winners"]
            (['agents', 'by_agent', 'by_seat', 'config', 'game', 'games', 'seed'], [0])
        """
        data = {
            "game": self.game,
            "config": self.config,
            "agents": list(self.agents),
            "seed": self.seed,
            "games": [attrs.asdict(g) for g in self.games],
            "by_agent": [attrs.asdict(r) for r in self.by_agent()],
            "by_seat": [attrs.asdict(r) for r in self.by_seat()],
        }
        return json.dumps(data, indent=1)


def simulate(
    name: str,
    players: int,
    agents: Sequence[AgentSpec],
    games: int,
    *,
    seed: int | str = 0,
    options: Mapping[str, object] | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    keep_records: bool = False,
    engine: str = "auto",
) -> SimulationResult:
    """Play `games` games of `name` with the agents named in `agents` (one per seat, or one for
    all), rotating them round the table.

    Args:
        name: the game.
        players: seats at the table.
        agents: agents (names for `make_agent`, or factories): one per seat, or one for all.
        games: how many games.
        seed: the simulation's seed; game ``i`` is seeded ``f"{seed}/{i}"``.
        options: further `Config` options.
        executor: where to run the games (any `concurrent.futures.Executor`, such as a Dask
            client's `get_executor()`); by default a process pool of `workers` processes.
        workers: processes for the default pool: None for one per CPU; 1 runs the games in
            this process, without a pool.
        progress: called with the number of games done, as they finish.
        keep_records: keep every game's moves in notation (`GameOutcome.record`), so that any
            game can be replayed (memory grows with games x moves).
        engine: ``"auto"``, the game's native core where this install built one
            (`tablefeast.native`) and the pure engine elsewhere; ``"pure"``; or ``"native"``.
            Every engine plays the same games from the same seed; on the native engine a
            table of ``"random"`` and ``"heuristic"`` agents whose records are not kept is
            played in chunks inside the core (`play_chunk`).

    Raises:
        ConfigError: a bad game, config, agent, count or engine (a ValueError too).

    Examples:
        >>> result = simulate("mausgeflippt", 3, ["heuristic", "random", "random"], 6, workers=1)
        >>> len(result.games), result.games[1].seats
        (6, ('random', 'random', 'heuristic'))
    """
    game = tablefeast.load(name)
    if engine == "auto":
        engine = "native" if native.available(name) else "pure"
    if engine != "pure":
        tablefeast.load(name, engine=engine)  # refuses an unknown or unbuilt engine here
    config = game.Config(players=players, **(options or {}))
    names = seat_agents(agents, players)
    if games < 1:
        raise ConfigError(f"games must be at least 1, got {games}")
    config_data = json.loads(tablefeast.dumps(config))
    seats = rotation(names, games)
    spread = _pool_size(workers)  # checked before anything runs
    if _plays_in_core(names, engine, keep_records):
        size = chunk_size(games, spread)
        chunks = [
            (name, config_data, seats[first : first + size], str(seed), first)
            for first in range(0, games, size)
        ]
        played = run_calls(
            play_chunk,
            chunks,
            executor=executor,
            workers=workers,
            progress=progress,
            sizes=[len(chunk[2]) for chunk in chunks],
        )
        outcomes = [outcome for chunk in played for outcome in chunk]
    else:
        calls = [
            (name, config_data, seats[i], str(seed), i, keep_records, engine) for i in range(games)
        ]
        outcomes = run_calls(play_one, calls, executor=executor, workers=workers, progress=progress)
    labels = tuple(_label(spec) for spec in names)
    return SimulationResult(name, config_data, labels, str(seed), tuple(outcomes))


def seat_agents(agents: Sequence[AgentSpec], players: int) -> list[AgentSpec]:
    """One agent per seat: `agents` as given, or its single agent in every seat; names checked.

    Args:
        agents: one agent per seat, or one for all (names for `make_agent`, or factories); a
            single name alone (a str) is one for all.
        players: seats at the table.

    Raises:
        ConfigError: not 1 or `players` agents, or a name `make_agent` does not know.

    Examples:
        >>> seat_agents(["random"], 3)
        ['random', 'random', 'random']
        >>> seat_agents("heuristic", 2)  # one name, not its letters
        ['heuristic', 'heuristic']
    """
    if isinstance(agents, str):
        agents = [agents]
    names = list(agents) * players if len(agents) == 1 else list(agents)
    if len(names) != players:
        raise ConfigError(f"{players} players need 1 or {players} agents, got {len(agents)}")
    for spec in names:
        if isinstance(spec, str):
            make_agent(spec)  # fail early on a bad name
    return names


def rotation(names: Sequence[AgentSpec], games: int) -> list[tuple[AgentSpec, ...]]:
    """The agent in each seat of each game: game ``i`` puts agent ``(s + i) % n`` in seat ``s``.

    Args:
        names: one agent per seat, as `seat_agents` gives them.
        games: how many games.

    Examples:
        >>> rotation(["a", "b", "c"], 4)
        [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b'), ('a', 'b', 'c')]
    """
    players = len(names)
    tables = [tuple(names[(s + i) % players] for s in range(players)) for i in range(players)]
    return [tables[i % players] for i in range(games)]  # one tuple per table, shared


_IGNORE_SIGINT = (signal.SIGINT, signal.SIG_IGN)


def run_calls(
    function: Callable[..., T],
    calls: Sequence[tuple[object, ...]],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    sizes: Sequence[int] | None = None,
) -> list[T]:
    """``function(*call)`` for every call, in order, on an executor, as `simulate` runs games.

    Args:
        function: a plain function of plain data (for a process pool: defined in a module).
        calls: the arguments of each call.
        executor: where to run them (any `concurrent.futures.Executor`); by default a process
            pool of `workers` processes, which this function starts and shuts down.
        workers: processes for the default pool: None for one per CPU; 1 runs the calls in
            this process, without a pool.
        progress: called with the number of calls done, as they finish (with `sizes`, the sum
            of the sizes of the calls done).
        sizes: what each call counts for in `progress` (the games of a chunk, say); 1 each
            when None.

    Raises:
        ConfigError: `workers` is not a positive int, or `sizes` not one int per call. A
            failed call's error is raised as soon as it is seen.

    Examples:
        >>> run_calls(pow, [(2, 3), (3, 2)], workers=1)
        [8, 9]
        >>> done = []
        >>> run_calls(pow, [(2, 3), (3, 2)], workers=1, progress=done.append, sizes=[5, 1])
        [8, 9]
        >>> done
        [5, 6]
    """
    workers = _pool_size(workers)
    if sizes is None:
        sizes = [1] * len(calls)
    elif len(sizes) != len(calls) or any(type(size) is not int for size in sizes):
        raise ConfigError(f"sizes must be one int per call ({len(calls)}), got {shown(sizes)}")
    own_pool = executor is None and workers > 1
    # Workers ignore Ctrl-C: the main process stops the run and cancels what is queued.
    pool = (
        ProcessPoolExecutor(workers, initializer=signal.signal, initargs=_IGNORE_SIGINT)
        if own_pool
        else executor
    )
    results: list[T] = []
    try:
        done = 0
        if pool is None:
            for call, size in zip(calls, sizes, strict=True):
                results.append(function(*call))
                done += size
                if progress is not None:
                    progress(done)
        else:
            futures = [pool.submit(function, *call) for call in calls]
            size_of = dict(zip(futures, sizes, strict=True))
            for future in as_completed(futures):
                future.result()  # raise a failed call's error at once
                done += size_of[future]
                if progress is not None:
                    progress(done)
            results = [future.result() for future in futures]  # in call order
    finally:
        if own_pool and pool is not None:
            pool.shutdown(cancel_futures=True)  # nothing is queued unless interrupted
    return results


def _pool_size(workers: int | None) -> int:
    """`workers` checked (a positive int), None meaning one per CPU."""
    if workers is None:
        return os.cpu_count() or 1
    if type(workers) is not int or workers < 1:
        raise ConfigError(f"workers must be a positive int, got {shown(workers)}")
    return workers
