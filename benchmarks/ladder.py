"""A strength ladder: every agent against every other, Bradley-Terry ratings with 95% intervals.

    python benchmarks/ladder.py                                  # every game, the default agents
    python benchmarks/ladder.py --game food_chain --games 20 --target-games 50
    python benchmarks/ladder.py --agents random,heuristic,ismcts:50 --skip-targets
    python benchmarks/ladder.py --markdown ladder.md             # the tables, ready to paste

For each game (4 players), each pair of agents A and B plays ``--games`` games with two seats each
(seats ABAB and BABA in turn, `simulate`'s rotation). A's result in a game is the summed win share
of its two seats (a game without a winner counts half to each). A Bradley-Terry model fitted to
all pairs by maximum likelihood, with a weak Gaussian prior so that a pair won every time still
gives finite ratings (see `fit_ratings`), rates the agents on the Elo scale with ``random`` at 0;
95% intervals come from refitting on games resampled within each pair (`bootstrap_intervals`).

Then the issue's targets, about ``hard`` (or the last search given): it plays one seat against
three heuristic agents and against three ``ismcts:400`` (``--target-games`` each), it meets
OpenSpiel's ISMCTSBot head to head, the levels rate in order (random < easy < medium < hard), and
it takes at most a second a move. The OpenSpiel bot (``--peer``, not rated) meets only ``hard``,
head to head over ``--games`` games, unless it is one of the ``--agents``. Each level of
``--challenge`` meets a **modelling challenger** (`tablefeast.agents.modelling.challenger`: a
search that knows the other three seats play that level) in one seat against three of it
(``--challenge-games``); the level counts as robust when
the challenger wins at most 0.40 (the fair share is 0.25). The checks print as MEETS, MISSES or
n/a. Each agent's milliseconds per decision (decisions with more than one legal move) are timed
in this process in ``--timing-games`` games against three random agents.

Agents are `make_agent` specs, comma-separated (an argument of an outside agent, such as the
``200`` of ``package.module:Class:200,0.5``, stays with its agent when it reads as JSON); each is
shown by a short label, or by the one given as ``label=spec``. Results go to stdout, to ``--out``
(JSON, everything) and to ``--markdown`` (the tables). Not a timed test: the default run takes
hours on two cores.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.agents.simulate import SimulationResult, simulate
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.play import play_game

DEFAULT_AGENTS = ("random", "easy", "medium", "hard", "learned", "guided")
"""The ladder's agents: the levels each game declares (`tablefeast.agents.LEVELS`), the learned
policy and the search it guides (``guided``: 2000 iterations)."""

DEFAULT_PEER = "tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:40"
"""The outside bot ``hard`` meets head to head: OpenSpiel's ISMCTSBot, which costs about ten times
as much per iteration here, so that 40 iterations take about as long per move as ``ismcts:400``
(the published run sets it per game from measured times: see benchmarks/README.md)."""

KNOWN_LABELS = {"OpenSpielISMCTSAgent": "openspiel-ismcts"}
"""Short labels of outside agent classes (others: the class name in kebab case, less "Agent")."""

PRIOR_SD_ELO = 1000.0
"""Standard deviation of the Gaussian prior on each rating, in Elo (see `fit_ratings`)."""

ELO = 400 / math.log(10)
"""Elo points per unit of the Bradley-Terry log-strength."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# --- agents and labels ---------------------------------------------------------------------


def label_for(spec: str) -> str:
    """A short readable label for a `make_agent` spec.

    Args:
        spec: the spec, such as ``ismcts:200`` or ``package.module:Class:args``.

    Returns:
        The spec itself for our own agents, else the class's short name and its arguments.

    Examples:
        >>> label_for("ismcts:50"), label_for("random")
        ('ismcts:50', 'random')
        >>> label_for("tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:200")
        'openspiel-ismcts:200'
        >>> label_for("my.bots:CautiousEaterAgent")
        'cautious-eater'
    """
    module, _, rest = spec.partition(":")
    if "." not in module or not rest:
        return spec
    class_name, _, arguments = rest.partition(":")
    short = KNOWN_LABELS.get(class_name)
    if short is None:
        base = class_name.removesuffix("Agent") or class_name
        short = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", base).lower()
    return f"{short}:{arguments}" if arguments else short


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def parse_agents(values: Sequence[str]) -> list[tuple[str, str]]:
    """The agents of ``--agents`` as (label, spec) pairs, in order.

    Each value is a comma-separated list of specs, each optionally ``label=spec``. A piece that
    reads as JSON (a number, say) right after an outside agent with arguments is one more of its
    arguments, not an agent.

    Args:
        values: the command line's values.

    Raises:
        ValueError: no agent, or a label or spec given twice.

    Examples:
        >>> parse_agents(["random,ismcts:50"])
        [('random', 'random'), ('ismcts:50', 'ismcts:50')]
        >>> parse_agents(["bot=my.mod:Bot:1,0.5,heuristic"])
        [('bot', 'my.mod:Bot:1,0.5'), ('heuristic', 'heuristic')]
    """
    specs: list[str] = []
    for value in values:
        for piece in value.split(","):
            piece = piece.strip()  # noqa: PLW2901 - the cleaned piece
            if not piece:
                continue
            previous = (specs[-1].partition("=")[2] or specs[-1]) if specs else ""
            if previous.count(":") >= 2 and "." in previous.split(":")[0] and _is_json(piece):
                specs[-1] += "," + piece
            else:
                specs.append(piece)
    agents = []
    for text in specs:
        label, sep, spec = text.partition("=")
        if not sep or ":" in label:
            label, spec = label_for(text), text
        agents.append((label.strip(), spec.strip()))
    if not agents:
        raise ValueError("no agents given")
    for i, kind in enumerate(("label", "spec")):
        seen = [agent[i] for agent in agents]
        twice = sorted({x for x in seen if seen.count(x) > 1})
        if twice:
            raise ValueError(f"each agent once: {kind} {', '.join(twice)} given twice")
    return agents


def is_ismcts(spec: str) -> bool:
    """Whether `spec` is our own ISMCTS agent.

    Examples:
        >>> is_ismcts("ismcts:200"), is_ismcts("ismcts"), is_ismcts("my.mod:ISMCTS")
        (True, True, False)"""
    return spec == "ismcts" or spec.startswith("ismcts:")


def is_openspiel(spec: str) -> bool:
    """Whether `spec` is an agent from the OpenSpiel interop.

    Examples:
        >>> is_openspiel("tablefeast.interop.openspiel_turns:OpenSpielISMCTSAgent:200")
        True"""
    return "openspiel" in spec.lower()


def budget_of(agent: Any, game: str | None = None) -> str:
    """An agent's search budget, from its ``iterations`` and ``seconds``, else ``-``; a level
    is named by the agent it plays in `game`.

    Examples:
        >>> budget_of(make_agent("ismcts:50")), budget_of(make_agent("random"))
        ('50 iterations', '-')
        >>> budget_of(make_agent("hard"), "food_chain")
        'model:20, 20 iterations'
        >>> budget_of(make_agent("easy"), "food_chain")
        'heuristic'
    """
    if game is not None and hasattr(agent, "agent_for"):  # a level: the agent it plays here
        level = tablefeast.load(game).CAPABILITIES.levels[agent.level]
        inner = budget_of(agent.agent_for(game))
        return level if inner == "-" else f"{level}, {inner}"
    iterations = getattr(agent, "iterations", None)
    seconds = getattr(agent, "seconds", None)
    if iterations is not None:
        return f"{iterations} iterations" + ("" if seconds is None else f", {seconds:g} s at most")
    return "-" if seconds is None else f"{seconds:g} s"


# --- time per decision ---------------------------------------------------------------------


class _TimedAct:
    """A simple agent whose decisions are timed into `times`."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def act(self, game: Any, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.inner.act(game, view, legal, rng)
        self.times.append(time.perf_counter() - start)
        return action


class _TimedChoose:
    """A search agent whose decisions are timed into `times`."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def choose(self, turn: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.inner.choose(turn, rng)
        self.times.append(time.perf_counter() - start)
        return action


def timed(agent: Any, times: list[float]) -> Any:
    """`agent`, each of whose decisions appends its duration in seconds to `times`.

    The play loop asks an agent only when its seat has more than one legal action, so only
    those decisions are timed.

    Args:
        agent: a simple agent (``act``) or a search agent (``choose``).
        times: where the durations go.

    Examples:
        >>> times = []
        >>> timed(make_agent("random"), times).act(None, None, (1, 2), random.Random(0))
        2
        >>> len(times)
        1
    """
    return _TimedChoose(agent, times) if hasattr(agent, "choose") else _TimedAct(agent, times)


def ms_per_move(name: str, spec: str, games: int, seed: str) -> tuple[float, int]:
    """Mean milliseconds per decision of `spec` in `games` games against three random agents,
    in this process (its seat moves round the table).

    Args:
        name: the game.
        spec: the agent's `make_agent` spec.
        games: how many games.
        seed: game ``i`` is seeded ``f"{seed}/{i}"``.

    Returns:
        The mean (nan when it never had a choice) and the number of decisions timed.

    Examples:
        >>> ms, decisions = ms_per_move("food_chain", "heuristic", 1, "doc")
        >>> ms > 0, decisions > 0
        (True, True)
    """
    game = tablefeast.load(name)
    config = game.Config(players=4)
    times: list[float] = []
    for i in range(games):
        agents = [make_agent("random") for _ in range(4)]
        agents[i % 4] = timed(make_agent(spec), times)
        play_game(game, config, agents, seed=f"{seed}/{i}")
    return (1000 * sum(times) / len(times) if times else math.nan), len(times)


# --- round robin results -------------------------------------------------------------------


def pair_scores(result: SimulationResult, a_spec: str) -> list[float]:
    """A's result in each game of a pair's simulation: its seats' summed win share (0.5 in a
    game without a winner).

    Args:
        result: a simulation whose seats are A's and B's.
        a_spec: A's spec (the seats' label in the simulation).

    Examples:
        >>> result = simulate("food_chain", 4, ["heuristic", "random"] * 2, 2, workers=1)
        >>> [round(s + t, 6) for s, t in zip(pair_scores(result, "heuristic"),
        ...                                   pair_scores(result, "random"))]
        [1.0, 1.0]
    """
    scores = []
    for outcome in result.games:
        if not outcome.winners:
            scores.append(0.5)
            continue
        share = sum(outcome.win_share(s) for s, who in enumerate(outcome.seats) if who == a_spec)
        scores.append(share)
    return scores


Pairs = Mapping[tuple[str, str], Sequence[float]]
"""Round robin results: ``pairs[(a, b)]`` is a's result (0 to 1) in each game of a against b."""


# --- Bradley-Terry fit ---------------------------------------------------------------------


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def _solve_spd(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix x = vector`` for a symmetric positive definite matrix (Cholesky)."""
    n = len(vector)
    lower = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            total = matrix[i][j] - sum(lower[i][k] * lower[j][k] for k in range(j))
            lower[i][j] = math.sqrt(total) if i == j else total / lower[j][j]
    y = [0.0] * n
    for i in range(n):
        y[i] = (vector[i] - sum(lower[i][k] * y[k] for k in range(i))) / lower[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lower[k][i] * x[k] for k in range(i + 1, n))) / lower[i][i]
    return x


def fit_ratings(
    labels: Sequence[str],
    pairs: Pairs,
    *,
    anchor: str | None = None,
    prior_sd: float = PRIOR_SD_ELO,
) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale, by maximum a posteriori (Newton's method).

    The model: agent ``i`` scores against agent ``j`` with probability
    ``1 / (1 + 10 ** ((R_j - R_i) / 400))``; a game's fractional result ``s`` counts as ``s``
    wins and ``1 - s`` losses. The log-likelihood is concave, but its maximum is infinite when an
    agent wins (or loses) every game it plays, so each rating also gets an independent Gaussian
    prior ``N(0, prior_sd**2)``: the log-posterior is then strictly concave, Newton's method with
    step halving converges to its one maximum, and the ratings stay finite. With the default
    1000 Elo the prior weighs less than one game per agent (its precision is 1/33 in log-strength
    units; one even game's is 1/4), so it shifts ratings from ordinary results by a few Elo;
    only the gap of a pair won every time is set by it (a 40-0 pair comes out about 1050 Elo
    apart: read such a gap as "far stronger", not as a measurement).

    Args:
        labels: the agents.
        pairs: each pair's results, ``pairs[(a, b)]`` being a's result in each of their games.
        anchor: the agent rated 0 (default: ``random`` when present, else the first agent).
        prior_sd: the prior's standard deviation in Elo.

    Returns:
        Each agent's rating, in Elo points.

    Raises:
        ValueError: an unknown agent, an agent against itself, or a result outside 0 to 1.

    Examples:
        >>> ratings = fit_ratings(["a", "b"], {("a", "b"): [1, 1, 1, 0]})
        >>> round(ratings["a"] - ratings["b"]), round(400 * math.log10(3))  # fit, unshrunk
        (187, 191)
    """
    index = {label: i for i, label in enumerate(labels)}
    if len(index) != len(labels) or not labels:
        raise ValueError(f"agents must be distinct and at least one: {list(labels)}")
    anchor = anchor if anchor is not None else ("random" if "random" in index else labels[0])
    if anchor not in index:
        raise ValueError(f"anchor {anchor!r} is not one of the agents")
    tally = []  # (i, j, i's wins, games)
    for (a, b), scores in pairs.items():
        if a not in index or b not in index or a == b:
            raise ValueError(f"pair {a!r} against {b!r}: unknown agent or one against itself")
        if any(not 0 <= s <= 1 for s in scores):
            raise ValueError(f"pair {a!r} against {b!r}: results must lie from 0 to 1")
        if scores:
            tally.append((index[a], index[b], float(sum(scores)), len(scores)))
    precision = (ELO / prior_sd) ** 2  # the prior's, in log-strength units
    k = len(labels)

    def objective(r: list[float]) -> float:
        total = -0.5 * precision * sum(x * x for x in r)
        for i, j, wins, games in tally:
            total += wins * _log_sigmoid(r[i] - r[j]) + (games - wins) * _log_sigmoid(r[j] - r[i])
        return total

    r = [0.0] * k
    value = objective(r)
    for _ in range(200):
        gradient = [-precision * x for x in r]
        curvature = [[precision if i == j else 0.0 for j in range(k)] for i in range(k)]
        for i, j, wins, games in tally:
            p = _sigmoid(r[i] - r[j])
            gradient[i] += wins - games * p
            gradient[j] -= wins - games * p
            w = games * p * (1 - p)
            curvature[i][i] += w
            curvature[j][j] += w
            curvature[i][j] -= w
            curvature[j][i] -= w
        step = _solve_spd(curvature, gradient)
        scale = 1.0
        while True:
            trial = [x + scale * d for x, d in zip(r, step, strict=True)]
            trial_value = objective(trial)
            if trial_value >= value or scale < 1e-9:
                break
            scale /= 2
        r, value = trial, trial_value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    else:  # pragma: no cover - a strictly concave smooth objective converges in a few steps
        raise RuntimeError("the Bradley-Terry fit did not converge")
    zero = r[index[anchor]]
    return {label: ELO * (r[i] - zero) for label, i in index.items()}


def percentile(values: Sequence[float], q: float) -> float:
    """The `q` quantile (0 to 1) of `values`, interpolating linearly between order statistics.

    Examples:
        >>> percentile([3, 1, 2, 4], 0.5), percentile([1, 2, 3], 0.0), percentile([1, 2], 0.975)
        (2.5, 1.0, 1.975)"""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (position - low) * (ordered[high] - ordered[low]))


def bootstrap_intervals(
    labels: Sequence[str],
    pairs: Pairs,
    *,
    rounds: int,
    rng: random.Random,
    anchor: str | None = None,
    prior_sd: float = PRIOR_SD_ELO,
    level: float = 0.95,
) -> dict[str, tuple[float, float]]:
    """Percentile bootstrap intervals of the ratings: each round draws, within each pair, as many
    games as it played (with replacement), refits, and each agent's interval is the middle
    `level` of its ratings over the rounds.

    Args:
        labels: the agents.
        pairs: each pair's results, as for `fit_ratings`.
        rounds: how many refits.
        rng: the generator of the resampling (its only randomness).
        anchor: the agent rated 0, as for `fit_ratings`.
        prior_sd: the prior, as for `fit_ratings`.
        level: the interval's coverage.

    Returns:
        Each agent's (low, high) in Elo.

    Raises:
        ValueError: fewer than one round, or as `fit_ratings`.

    Examples:
        >>> pairs = {("a", "b"): [1, 0, 1, 1, 0.5, 1]}
        >>> low, high = bootstrap_intervals(["a", "b"], pairs, rounds=50, rng=random.Random(1))["b"]
        >>> low < fit_ratings(["a", "b"], pairs)["b"] < high
        True
    """
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    samples: dict[str, list[float]] = {label: [] for label in labels}
    for _ in range(rounds):
        resampled = {
            key: [scores[rng.randrange(len(scores))] for _ in scores]
            for key, scores in pairs.items()
        }
        fitted = fit_ratings(labels, resampled, anchor=anchor, prior_sd=prior_sd)
        for label, rating in fitted.items():
            samples[label].append(rating)
    tail = (1 - level) / 2
    return {
        label: (percentile(values, tail), percentile(values, 1 - tail))
        for label, values in samples.items()
    }


def wilson(share: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a mean share over `games` games (fractional results
    counted as fractions of a win: conservative, as they vary less than wins and losses).

    Examples:
        >>> [round(x, 3) for x in wilson(0.5, 40)]
        [0.352, 0.648]"""
    if games < 1:
        return (0.0, 1.0)
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(share * (1 - share) / games + z2 / (4 * games * games))
    half /= 1 + z2 / games
    return (max(0.0, centre - half), min(1.0, centre + half))


# --- targets -------------------------------------------------------------------------------


def _verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("MEETS" if ok else "MISSES")


def is_search(spec: str) -> bool:
    """Whether `spec` is one of our own searches (ISMCTS, or search against a model).

    Examples:
        >>> is_search("ismcts:200"), is_search("model"), is_search("my.mod:ISMCTS")
        (True, True, False)"""
    return is_ismcts(spec) or spec == "model" or spec.startswith("model:")


def subject_of(agents: Sequence[tuple[str, str]]) -> str | None:
    """The agent the targets are about: the ``hard`` level where the ladder has it, else its
    last search.

    Examples:
        >>> subject_of([("random", "random"), ("ismcts:9", "ismcts:9"), ("hard", "hard")])
        'hard'
        >>> subject_of([("random", "random"), ("ismcts:9", "ismcts:9")])
        'ismcts:9'
    """
    levels = [label for label, spec in agents if spec == "hard"]
    searchers = [label for label, spec in agents if is_search(spec)]
    return (levels or searchers or [None])[-1]


ROBUST = 0.40
"""The most a modelling challenger may win against three of a level for it to count as robust
(the fair share of four seats is 0.25)."""

CHALLENGED = ("easy", "medium", "hard")
"""The levels a modelling challenger plays by default (`tablefeast.agents.modelling.challenger`)."""


def challenge_levels(values: Sequence[str] | None) -> list[str]:
    """The levels ``--challenge`` names: all of `CHALLENGED` when it is absent or given alone,
    none for ``none``, else the levels listed.

    Examples:
        >>> challenge_levels(None), challenge_levels([]), challenge_levels(["none"])
        (['easy', 'medium', 'hard'], ['easy', 'medium', 'hard'], [])
        >>> challenge_levels(["hard", "easy"])
        ['hard', 'easy']"""
    if not values:
        return list(CHALLENGED)
    if list(values) == ["none"]:
        return []
    return list(values)


def evaluate_targets(
    agents: Sequence[tuple[str, str]],
    ratings: Mapping[str, float],
    pairs: Pairs,
    runs: Mapping[str, Mapping[str, Any]],
    ms: Mapping[str, float] | None = None,
) -> list[dict[str, Any]]:
    """The issue's targets, each with its measure and MEETS, MISSES or n/a (not measured).

    Args:
        agents: the ladder's (label, spec) pairs.
        ratings: each label's rating.
        pairs: the round robin's results, as for `fit_ratings`.
        runs: the target runs by key (``subject_vs_heuristic``, ``subject_vs_ismcts``,
            ``subject_vs_peer``, which also names its ``peer``, and ``challenger_vs_LEVEL``),
            each with ``win_share``, ``low`` and ``high``.
        ms: milliseconds per decision, by label.

    Returns:
        One dict per target: ``target`` (its text), ``measured``, ``low``, ``high``,
        ``threshold`` and ``verdict``.

    Examples:
        >>> agents = [("random", "random"), ("easy", "easy"), ("medium", "medium"),
        ...           ("hard", "hard")]
        >>> ratings = {"random": 0, "easy": 120, "medium": 200, "hard": 300}
        >>> runs = {"subject_vs_heuristic": {"win_share": 0.7, "low": 0.6, "high": 0.8},
        ...         "challenger_vs_hard": {"win_share": 0.3, "low": 0.2, "high": 0.4}}
        >>> [(t["target"], t["verdict"]) for t in evaluate_targets(agents, ratings, {}, runs)]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('hard vs 3 heuristic >= 0.50', 'MEETS'), ('hard vs 3 ismcts:400 >= 0.40', 'n/a'),
         ('hard vs OpenSpiel (none given) head to head: 95% low end > 0.50', 'n/a'),
         ('ladder order random < easy < medium < hard', 'MEETS'),
         ('hard at most 1,000 ms per move', 'n/a'),
         ('challenger vs 3 hard <= 0.40', 'MEETS')]
    """
    subject = subject_of(agents) or "a search (none given)"
    peer_run = runs.get("subject_vs_peer")
    peer = next((label for label, spec in agents if is_openspiel(spec)), None)
    peer = peer_run["peer"] if peer_run is not None else peer
    targets = []

    def add(text: str, measure: Mapping[str, Any] | None, threshold: float | None) -> None:
        """One target: `measure` (None: not measured) has ``win_share``, ``low``, ``high``."""
        if measure is None:
            verdict = "n/a"
        elif "ok" in measure:
            verdict = "MEETS" if measure["ok"] else "MISSES"
        elif "low end" in text:
            verdict = "MEETS" if measure["low"] > 0.5 else "MISSES"
        elif "<=" in text:
            verdict = "MEETS" if measure["win_share"] <= (threshold or 0) else "MISSES"
        else:
            verdict = "MEETS" if measure["win_share"] >= (threshold or 0) else "MISSES"
        measure = measure or {}
        targets.append(
            {
                "target": text,
                "measured": measure.get("win_share"),
                "low": measure.get("low"),
                "high": measure.get("high"),
                "threshold": threshold,
                "verdict": verdict,
            }
        )

    add(f"{subject} vs 3 heuristic >= 0.50", runs.get("subject_vs_heuristic"), 0.5)
    add(f"{subject} vs 3 ismcts:400 >= 0.40", runs.get("subject_vs_ismcts"), 0.4)
    head_to_head = peer_run
    if peer and subject in ratings and peer_run is None:
        scores = list(pairs.get((subject, peer), ()))
        scores = scores or [1 - s for s in pairs.get((peer, subject), ())]
        if scores:
            share = sum(scores) / len(scores)
            low, high = wilson(share, len(scores))
            head_to_head = {"win_share": share, "low": low, "high": high}
    text = f"{subject} vs {peer or 'OpenSpiel (none given)'} head to head: 95% low end > 0.50"
    add(text, head_to_head, 0.5)
    by_spec = {spec: label for label, spec in agents}
    if all(level in by_spec for level in CHALLENGED):
        chain = [by_spec.get("random"), *(by_spec[level] for level in CHALLENGED)]
        kinds: tuple[str, ...] = ("random", *CHALLENGED)
    else:
        searchers = [label for label, spec in agents if is_search(spec)]
        chain = [by_spec.get("random"), by_spec.get("heuristic"), *searchers[:1]]
        chain += searchers[1:][-1:]
        kinds = ("random", "heuristic", *(str(label) for label in chain[2:]))
    order = None
    if len(chain) > 2 and all(label in ratings for label in chain):
        values = [ratings[str(label)] for label in chain]
        order = {"ok": all(a < b for a, b in itertools.pairwise(values))}
    shown = [label or f"({kind} not given)" for label, kind in zip(chain, kinds, strict=True)]
    add("ladder order " + " < ".join(shown), order, None)
    speed = None if ms is None or subject not in ms else {"ok": ms[subject] <= 1000}
    add(f"{subject} at most 1,000 ms per move", speed, None)
    for key in sorted(k for k in runs if k.startswith("challenger_vs_")):
        level = key.removeprefix("challenger_vs_")
        add(f"challenger vs 3 {level} <= {ROBUST:.2f}", runs[key], ROBUST)
    return targets


# --- tables --------------------------------------------------------------------------------


def _ms(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}" if value >= 1 else f"{value:.2g}"


def markdown_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """The ladder of one game as a markdown table, strongest first.

    Args:
        rows: one per agent, with ``label``, ``budget``, ``ms_per_move``, ``rating``, ``low``,
            ``high`` (None without a bootstrap) and ``games``.

    Examples:
        >>> print(markdown_table([
        ...     {"label": "random", "budget": "-", "ms_per_move": 0.0021, "rating": 0.0,
        ...      "low": 0.0, "high": 0.0, "games": 80},
        ...     {"label": "ismcts:50", "budget": "50 iterations", "ms_per_move": 41.23,
        ...      "rating": 212.4, "low": 150.2, "high": 281.9, "games": 80}]))
        | agent | budget | ms / move | rating (Elo) | 95% interval | games |
        |---|---|---:|---:|---:|---:|
        | ismcts:50 | 50 iterations | 41.2 | 212 | 150 to 282 | 80 |
        | random | - | 0.0021 | 0 | 0 to 0 | 80 |
    """
    lines = [
        "| agent | budget | ms / move | rating (Elo) | 95% interval | games |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in sorted(rows, key=lambda r: -r["rating"]):
        interval = "-" if row["low"] is None else f"{row['low']:.0f} to {row['high']:.0f}"
        lines.append(
            f"| {row['label']} | {row['budget']} | {_ms(row['ms_per_move'])} | "
            f"{row['rating']:.0f} | {interval} | {row['games']} |"
        )
    return "\n".join(lines)


def targets_table(targets: Sequence[Mapping[str, Any]]) -> str:
    """The targets as a markdown table.

    Examples:
        >>> print(targets_table([{"target": "x >= 0.50", "measured": 0.61, "low": 0.52,
        ...                       "high": 0.70, "threshold": 0.5, "verdict": "MEETS"}]))
        | target | threshold | measured | 95% interval | verdict |
        |---|---:|---:|---:|---|
        | x >= 0.50 | 0.500 | 0.610 | 0.520-0.700 | MEETS |
    """
    lines = [
        "| target | threshold | measured | 95% interval | verdict |",
        "|---|---:|---:|---:|---|",
    ]
    for t in targets:
        threshold, measured = (
            "-" if t[key] is None else f"{t[key]:.3f}" for key in ("threshold", "measured")
        )
        interval = "-" if t["low"] is None else f"{t['low']:.3f}-{t['high']:.3f}"
        lines.append(f"| {t['target']} | {threshold} | {measured} | {interval} | {t['verdict']} |")
    return "\n".join(lines)


# --- the run -------------------------------------------------------------------------------


def _say(text: str) -> None:
    print(text, flush=True)


def _progress(prefix: str, games: int) -> Callable[[int], None]:
    marks = {max(1, round(games * q / 4)) for q in (1, 2, 3)} - {games}

    def report(done: int) -> None:
        if done in marks:
            _say(f"  {prefix}: {done}/{games} games")

    return report


def _row_data(result: SimulationResult) -> dict[str, Any]:
    row = result.by_agent()[0]
    return {
        "agent": row.agent,
        "opponents": result.agents[1],
        "games": row.games,
        "win_share": row.win_share,
        "low": row.low,
        "high": row.high,
    }


def head_to_head(
    name: str,
    subject: str,
    subject_spec: str,
    args: argparse.Namespace,
    timed: Mapping[str, tuple[float, int]],
) -> dict[str, Any]:
    """``hard`` (the `subject`) against the ``--peer`` bot, seats ABAB and BABA, ``--games``
    games on the seed the round robin would give that pair; both are timed as the ladder's
    agents are (the subject's time is taken from `timed` when the ladder has it).

    Returns:
        The run's ``peer`` label, ``spec``, ``games``, ``win_share`` with its Wilson ``low`` and
        ``high``, per-game ``scores`` and both sides' ``ms_per_move``.
    """
    peer = label_for(args.peer)
    ms: dict[str, float | None] = {}
    for label, spec in ((subject, subject_spec), (peer, args.peer)):
        if args.timing_games > 0:
            seed = f"ladder/{args.seed}/{name}/timing/{label}"
            value, _ = timed.get(label) or ms_per_move(name, spec, args.timing_games, seed)
            ms[label] = None if math.isnan(value) else value
    began = time.perf_counter()
    result = simulate(
        name,
        4,
        [subject_spec, args.peer, subject_spec, args.peer],
        args.games,
        seed=f"ladder/{args.seed}/{name}/{subject}~{peer}",
        workers=args.workers,
        progress=_progress(f"{name}: {subject} vs {peer}", args.games),
    )
    scores = pair_scores(result, subject_spec)
    share = sum(scores) / len(scores)
    low, high = wilson(share, len(scores))
    _say(
        f"{name}: {subject} vs {peer}: {subject} scores {share:.3f} ({low:.3f}-{high:.3f}) "
        f"over {len(scores)} games, {time.perf_counter() - began:.0f} s"
    )
    return {
        "peer": peer,
        "spec": args.peer,
        "games": len(scores),
        "win_share": share,
        "low": low,
        "high": high,
        "scores": scores,
        "ms_per_move": ms,
    }


def run_game(
    name: str, agents: Sequence[tuple[str, str]], args: argparse.Namespace
) -> dict[str, Any]:
    """The whole ladder of one game: timing, round robin, fit, target runs.

    Args:
        name: the game.
        agents: the (label, spec) pairs.
        args: the command line's options.

    Returns:
        Everything measured, as JSON-ready data.
    """
    start = time.perf_counter()
    labels = [label for label, _ in agents]
    timing: dict[str, tuple[float, int]] = {}
    for label, spec in agents:
        if args.timing_games > 0:
            seed = f"ladder/{args.seed}/{name}/timing/{label}"
            timing[label] = ms_per_move(name, spec, args.timing_games, seed)
            _say(
                f"{name}: {label}: {_ms(timing[label][0])} ms per decision "
                f"({timing[label][1]} decisions)"
            )
    pairs: dict[tuple[str, str], list[float]] = {}
    for i, (a, a_spec) in enumerate(agents):
        for b, b_spec in agents[i + 1 :]:
            began = time.perf_counter()
            result = simulate(
                name,
                4,
                [a_spec, b_spec, a_spec, b_spec],
                args.games,
                seed=f"ladder/{args.seed}/{name}/{a}~{b}",
                workers=args.workers,
                progress=_progress(f"{name}: {a} vs {b}", args.games),
            )
            pairs[(a, b)] = pair_scores(result, a_spec)
            share = sum(pairs[(a, b)]) / args.games
            _say(
                f"{name}: {a} vs {b}: {a} scores {share:.3f} over {args.games} games, "
                f"{time.perf_counter() - began:.0f} s"
            )
    anchor = next((label for label, spec in agents if spec == "random"), labels[0])
    ratings = fit_ratings(labels, pairs, anchor=anchor, prior_sd=args.prior_sd)
    intervals: dict[str, tuple[float, float]] = {}
    if args.bootstrap > 0:
        rng = random.Random(f"ladder-bootstrap/{args.seed}/{name}")
        intervals = bootstrap_intervals(
            labels, pairs, rounds=args.bootstrap, rng=rng, anchor=anchor, prior_sd=args.prior_sd
        )
    runs: dict[str, dict[str, Any]] = {}
    subject = subject_of(agents)
    subject_spec = dict(agents).get(subject or "")
    plans: list[tuple[str, str, str]] = []
    if not args.skip_targets and subject_spec is not None:
        plans += [
            ("subject_vs_heuristic", subject_spec, "heuristic"),
            ("subject_vs_ismcts", subject_spec, "ismcts:400"),
        ]
    if (
        args.peer is not None
        and subject_spec is not None
        and args.peer not in dict(agents).values()
    ):
        runs["subject_vs_peer"] = head_to_head(name, str(subject), subject_spec, args, timing)
    for level in args.challenge:
        spec = f"tablefeast.agents.modelling:challenger:{level},{args.challenger_iterations}"
        plans.append((f"challenger_vs_{level}", spec, level))
    for key, spec, opponent in plans:
        began = time.perf_counter()
        games = args.challenge_games if key.startswith("challenger") else args.target_games
        result = simulate(
            name,
            4,
            [spec, opponent, opponent, opponent],
            games,
            seed=f"ladder/{args.seed}/{name}/target/{key}",
            workers=args.workers,
            progress=_progress(f"{name}: {key}", games),
        )
        runs[key] = _row_data(result)
        run = runs[key]
        _say(
            f"{name}: {key}: {run['win_share']:.3f} ({run['low']:.3f}-{run['high']:.3f}) "
            f"over {run['games']} games, {time.perf_counter() - began:.0f} s"
        )
    ms = {label: value for label, (value, _) in timing.items() if not math.isnan(value)}
    targets = evaluate_targets(agents, ratings, pairs, runs, ms)
    rows = []
    for label, spec in agents:
        ms, decisions = timing.get(label, (math.nan, 0))
        low, high = intervals.get(label, (None, None))
        rows.append(
            {
                "label": label,
                "spec": spec,
                "budget": budget_of(make_agent(spec), name),
                "ms_per_move": None if math.isnan(ms) else ms,
                "decisions_timed": decisions,
                "rating": ratings[label],
                "low": low,
                "high": high,
                "games": sum(len(s) for (a, b), s in pairs.items() if label in (a, b)),
            }
        )
    return {
        "game": name,
        "players": 4,
        "agents": rows,
        "ratings": ratings,
        "intervals": {label: list(bounds) for label, bounds in intervals.items()},
        "pairs": [
            {"a": a, "b": b, "games": len(s), "a_share": sum(s) / len(s), "scores": s}
            for (a, b), s in pairs.items()
        ],
        "target_runs": runs,
        "targets": targets,
        "seconds": time.perf_counter() - start,
    }


def game_markdown(data: Mapping[str, Any], args: argparse.Namespace) -> str:
    """One game's section: its heading, ladder and targets.

    Args:
        data: what `run_game` returned.
        args: the command line's options.
    """
    heading = (
        f"### {data['game']} (4 players, {args.games} games per pair, "
        f"{args.bootstrap} bootstrap fits, seed {args.seed})"
    )
    parts = [heading, markdown_table(data["agents"]), targets_table(data["targets"])]
    peer = data["target_runs"].get("subject_vs_peer")
    if peer is not None:
        times = ", ".join(f"{label} {_ms(ms)}" for label, ms in peer["ms_per_move"].items())
        parts.append(f"Head to head over {peer['games']} games; ms per move: {times or '-'}.")
    return "\n\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder.

    Args:
        argv: the arguments (default: the command line's).

    Returns:
        The exit status.
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=list(tablefeast.names()))
    parser.add_argument(
        "--agents",
        nargs="+",
        default=list(DEFAULT_AGENTS),
        help="make_agent specs, comma-separated, each optionally label=spec",
    )
    parser.add_argument("--games", type=int, default=40, help="games per pair")
    parser.add_argument("--target-games", type=int, default=100, help="games per target run")
    parser.add_argument("--timing-games", type=int, default=2, help="games per agent timed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bootstrap", type=int, default=200, help="bootstrap refits (0: none)")
    parser.add_argument("--prior-sd", type=float, default=PRIOR_SD_ELO, help="prior sd, Elo")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--skip-targets", action="store_true", help="no target runs")
    parser.add_argument(
        "--peer",
        default=DEFAULT_PEER,
        type=lambda text: None if text == "none" else text,
        help="the outside bot hard meets head to head (none: no such run)",
    )
    parser.add_argument(
        "--challenge",
        nargs="*",
        default=None,
        help="the levels a modelling challenger plays (absent or alone: easy medium hard; "
        "none: no challenge)",
    )
    parser.add_argument("--challenge-games", type=int, default=40, help="games per challenge")
    parser.add_argument("--challenger-iterations", type=int, default=20)
    parser.add_argument("--out", default="ladder_results.json")
    parser.add_argument("--markdown", default=None, help="also write the tables here")
    args = parser.parse_args(argv)
    args.challenge = challenge_levels(args.challenge)
    try:
        agents = parse_agents(args.agents)
        unknown = sorted(set(args.game) - set(tablefeast.names()))
        if unknown:
            raise ValueError(f"unknown game {', '.join(unknown)}: expected {tablefeast.names()}")
        for _, spec in agents:
            make_agent(spec)
        if args.peer is not None:
            make_agent(args.peer)
        for level in args.challenge:
            make_agent(level)
        for option in ("games", "target_games", "workers", "challenge_games"):
            if getattr(args, option) < 1:
                raise ValueError(f"--{option.replace('_', '-')} must be at least 1")
        if args.prior_sd <= 0:
            raise ValueError("--prior-sd must be positive")
    except (ConfigError, ValueError) as e:
        print(f"ladder: {e} (choose others with --agents or --peer)", file=sys.stderr)
        return 2
    settings = {**vars(args), "agents": [list(agent) for agent in agents]}
    output: dict[str, Any] = {"settings": settings, "games": {}}
    sections = []
    try:
        for name in args.game:
            data = run_game(name, agents, args)
            output["games"][name] = data
            sections.append(game_markdown(data, args))
            _say("\n" + sections[-1] + "\n")
            with open(args.out, "w", encoding="utf-8") as file:
                json.dump(output, file, indent=1)
            if args.markdown:
                with open(args.markdown, "w", encoding="utf-8") as file:
                    file.write("\n\n".join(sections) + "\n")
    except KeyboardInterrupt:
        print("ladder: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
