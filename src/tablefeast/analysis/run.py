"""`analyze`: play many games of one game and config, and compute every figure of them.

The games are those `tablefeast.agents.simulate.simulate` plays with the same arguments: game
``i`` is seeded ``f"{seed}/{i}"`` and the agents rotate round the table, on any
`concurrent.futures.Executor` (by default a process pool), so the result depends on the
arguments alone. Each game runs `play_facts` in a worker and sends back plain data.

Examples:
    >>> analysis = analyze("food_chain", players=3, games=6, seed=1, workers=1)
    >>> analysis.title, len(analysis.games), analysis.figure("win_share_by_seat").reference
    ('Food Chain', 6, 0.3333333333333333)
    >>> Analysis.from_json(analysis.to_json()) == analysis
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

import tablefeast
from tablefeast.agents.game_types import A, C, S, V
from tablefeast.agents.simulate import AgentSpec, rotation, run_calls, seat_agents
from tablefeast.analysis.facts import GameFacts, play_facts
from tablefeast.analysis.figures import Figure, _Json, build_figures, to_json
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import JSON, shown
from tablefeast.kernel.options import config_from_options
from tablefeast.kernel.ruleset import AnyRuleset, Ruleset

__all__ = ["MAX_GAMES", "Analysis", "analyze"]

MAX_GAMES = 1_000_000
"""The most games one analysis (or one variant of a comparison) plays."""


@attrs.frozen
class Analysis(_Json):
    """The games of one game and config, and their figures: plain data throughout.

    Attributes:
        game: the game's name.
        title: the game's title (the first words of its module's docstring).
        config: the `Config` as JSON data (``players`` included).
        agents: the agents in the order given (game 0 seats them so; later games rotate them).
        seed: the run's seed; game ``i`` is seeded ``f"{seed}/{i}"``.
        situations: the game's ``SITUATIONS`` labels, or None when it reports none.
        games: every game's facts, in order.
        figures: every figure (`build_figures`).
        holdings: the labels of the game's ``holdings`` under this config, in its order (as it
            gives them for the initial state), or None when the game has no ``holdings``.

    Examples:
        >>> analysis = analyze("food_chain", players=3, games=3, workers=1)
        >>> [figure.name for figure in analysis.figures][-3:]
        ['situations', 'moves', 'holdings']
    """

    game: str
    title: str
    config: dict[str, Any]
    agents: tuple[str, ...]
    seed: str
    situations: tuple[str, ...] | None
    games: tuple[GameFacts, ...]
    figures: tuple[Figure, ...]
    holdings: tuple[str, ...] | None = None

    @property
    def players(self) -> int:
        """Seats at the table.

        Examples:
            >>> analyze("food_chain", players=5, games=1, workers=1).players
            5
        """
        return int(self.config["players"])

    def figure(self, name: str) -> Figure | None:
        """The figure called `name`, or None when this analysis has none (rounds of a game
        whose state has no round, say).

        Args:
            name: the figure's name.

        Examples:
            >>> analyze("mausgeflippt", players=3, games=1, workers=1).figure("length_rounds")
        """
        return next((f for f in self.figures if f.name == name), None)

    def to_json(self) -> str:
        """Everything as compact JSON (about 3 KB a game): the arguments, every game's facts
        and every figure; `from_json` reads it back, equal. `from_json` reads at most 8 MiB
        (the library's bound on JSON input), some 2,500 games.

        Examples:
            >>> analysis = analyze("food_chain", players=3, games=2, workers=1)
            >>> sorted(json.loads(analysis.to_json()))[:4]
            ['agents', 'config', 'figures', 'game']
        """
        return to_json(self, indent=None)

    def to_html(self) -> str:
        """The report: one self-contained HTML page (inline SVG, no script, no external URL).

        Examples:
            >>> html = analyze("food_chain", players=3, games=2, workers=1).to_html()
            >>> html.startswith("<!DOCTYPE html>"), "http://" in html
            (True, False)
        """
        from tablefeast.analysis.report import report_html

        return report_html([self], [_default_label(self)], ())


def _default_label(analysis: Analysis) -> str:
    return f"{analysis.players} players"


def _title(game: Ruleset[S, A, C, V]) -> str:
    lines = (game.__doc__ or "").strip().splitlines()
    return lines[0].split(" (")[0].rstrip(".") if lines else game.NAME


@attrs.frozen
class Setup:
    """A checked run: the game, each variant's config as JSON data, the agents of each seat.

    Examples:
        >>> setup = check_setup("food_chain", [{"players": 3}], ["random"], 2, 0, None)
        >>> setup.configs[0]["players"], setup.agents
        (3, ('random', 'random', 'random'))
    """

    game: AnyRuleset
    configs: tuple[dict[str, Any], ...]
    agents: tuple[AgentSpec, ...]
    seats: tuple[tuple[tuple[AgentSpec, ...], ...], ...]
    seed: str


def _config_data(game: Ruleset[S, A, C, V], options: object, players: int) -> dict[str, Any]:
    if not isinstance(options, Mapping):
        raise ConfigError(
            f"options must be a mapping of option names to values, got {shown(options)}"
        )
    options = dict(options)
    players = options.pop("players", players)
    for key in options:
        if not isinstance(key, str):
            raise ConfigError(f"an option's name is text, got {shown(key)}")
    config = config_from_options(game, players, options)
    data: dict[str, Any] = json.loads(tablefeast.dumps(config))
    return data


def check_setup(  # noqa: PLR0917 - the arguments of analyze and compare, checked in one place
    name: str,
    variants: Sequence[object],
    agents: Sequence[AgentSpec] | str,
    games: int,
    seed: int | str,
    workers: int | None,
    players: int = 4,
) -> Setup:
    """Check everything before a game is played, so that a bad argument fails at once.

    Args:
        name: the game.
        variants: the options of each variant (``players`` among them, or `players`).
        agents: one agent per seat or one for all: names for `make_agent` or factories (a single
            name is one agent for all).
        games: games per variant.
        seed: the run's seed.
        workers: processes, as for `simulate`.
        players: the players of a variant whose options do not say.

    Raises:
        ConfigError: an unknown game, option or agent, a value the game refuses, the wrong
            number of agents for a variant's players, or a bad count of games or workers.

    Examples:
        >>> check_setup("food_chain", [{"players": 3}], ["wizard"], 2, 0, None)
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.ConfigError: unknown agent 'wizard': expected one of ...
    """
    game = tablefeast.load(name)
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ConfigError(
            f"games must be a whole number from 1 to {MAX_GAMES:,}, got {shown(games)}"
        )
    if type(seed) not in (int, str) or len(str(seed)) > 100:
        raise ConfigError(
            f"seed must be an int or text of at most 100 characters, got {shown(seed)}"
        )
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ConfigError(f"workers must be a positive int, got {shown(workers)}")
    if isinstance(agents, str):
        agents = (agents,)
    if not isinstance(agents, Sequence) or not agents:
        raise ConfigError(f"agents must be a non-empty list of agents, got {shown(agents)}")
    for spec in agents:
        if not (isinstance(spec, str) or callable(spec)):
            raise ConfigError(f"an agent is a name or a factory, got {shown(spec)}")
    configs = tuple(_config_data(game, options, players) for options in variants)
    seats = []
    names: list[AgentSpec] = []
    for config in configs:
        names = seat_agents(agents, config["players"])
        seats.append(tuple(rotation(names, games)))
    return Setup(game, configs, tuple(names), tuple(seats), str(seed))


def holding_labels(
    game: Ruleset[S, A, C, V], config_data: Mapping[str, JSON]
) -> tuple[str, ...] | None:
    """The labels of the game's ``holdings`` under a config, in the game's order (those it gives
    for the initial state, every seat's), or None when the game module has no ``holdings``.

    Args:
        game: the game module.
        config_data: the `Config` as JSON data.

    Examples:
        >>> holding_labels(tablefeast.load("mausgeflippt"), {"players": 3})
        ('mice caught', 'cheeses taken', 'penalty cards', 'face-down penalty cards')
    """
    holdings = game.CAPABILITIES.holdings
    if holdings is None:
        return None
    config: C = tablefeast.loads(json.dumps(config_data), game.Config)
    held = holdings(game.initial_state(config))
    return tuple(dict.fromkeys(label for seat in held for label in seat))


def run_setup(
    setup: Setup,
    games: int,
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Analysis]:
    """Play every variant's games (all on one executor, in one queue) and analyse each.

    Args:
        setup: the checked run (`check_setup`).
        games: games per variant.
        executor: where to run the games; by default a process pool of `workers` processes.
        workers: processes for the default pool (None: one per CPU; 1: this process alone).
        progress: called with the number of games done (all variants together).

    Examples:
        >>> setup = check_setup("food_chain", [{"players": 3}, {"players": 4}], "random", 2, 0, 1)
        >>> [a.players for a in run_setup(setup, 2, workers=1)]
        [3, 4]
    """
    name = setup.game.NAME
    calls = [
        (name, config, seats[i], setup.seed, i)
        for config, seats in zip(setup.configs, setup.seats, strict=True)
        for i in range(games)
    ]
    facts = run_calls(play_facts, calls, executor=executor, workers=workers, progress=progress)
    capabilities = setup.game.CAPABILITIES
    labels = capabilities.situation_labels
    situations = labels if capabilities.situations is not None else None
    analyses = []
    for v, config in enumerate(setup.configs):
        mine = tuple(facts[v * games : (v + 1) * games])
        held = holding_labels(setup.game, config)
        analyses.append(
            Analysis(
                game=name,
                title=_title(setup.game),
                config=config,
                agents=mine[0].outcome.seats,
                seed=setup.seed,
                situations=situations,
                games=mine,
                figures=build_figures(mine, config["players"], situations, held),
                holdings=held,
            )
        )
    return analyses


def analyze(
    name: str,
    players: int = 4,
    *,
    options: Mapping[str, object] | None = None,
    agents: Sequence[AgentSpec] | str = ("random",),
    games: int = 200,
    seed: int | str = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> Analysis:
    """Play `games` games of `name` and compute every figure of them.

    Args:
        name: the game.
        players: seats at the table.
        options: further `Config` options, by name (as ``-o KEY=VALUE`` gives them).
        agents: one agent per seat or one for all (names for `make_agent`, or factories); they
            rotate round the table as in `simulate`.
        games: how many games.
        seed: the run's seed; game ``i`` is seeded ``f"{seed}/{i}"``.
        workers: processes for the default pool: None for one per CPU; 1 plays in this process.
        executor: where to run the games (any `concurrent.futures.Executor`, such as a Dask
            client's ``get_executor()``); by default a process pool of `workers` processes.
        progress: called with the number of games done, as they finish.

    Raises:
        ConfigError: a bad game, option, agent or count (nothing is played then).

    Examples:
        >>> analysis = analyze("food_chain", players=3, games=3, seed=2, workers=1)
        >>> seats = analysis.figure("win_share_by_seat").stats
        >>> [s.label for s in seats], sum(s.value for s in seats)
        (['seat 0', 'seat 1', 'seat 2'], 1.0)
    """
    setup = check_setup(name, [options or {}], agents, games, seed, workers, players)
    return run_setup(setup, games, executor=executor, workers=workers, progress=progress)[0]
