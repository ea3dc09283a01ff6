"""`compare`: the same seeds under two or more variants, every figure side by side, and the
differences that are statistically clear.

Every variant plays games ``0`` to ``games - 1`` with the same seeds (``f"{seed}/{i}"``) and the
same agents in the same rotation; only the options differ (an edition, a card list, the number of
players, a Mood table). Each variant after the first is compared with the first (the *base*), stat
by stat (`Stat`, matched by figure and label):

- a share (a win share, the share of games with a situation): the difference of the two shares
  with Newcombe's hybrid score interval (his method 10), built on each share's 99% Wilson
  interval;
- a mean (decisions, score, margin, legal moves), or a ratio (the share of a move's plays made by
  winners, `Stat.ratio`): the difference with the normal approximation,
  ``d +- 2.576 * sqrt(sd1**2 / n1 + sd2**2 / n2)``.

Where the two figures have different references (the fair share ``1 / players``, when the variants
differ in players), each value is measured against its own reference first: the difference is
``(other - fair other) - (base - fair base)``.

A difference is **clear** when its 99% interval excludes 0. Both intervals treat the variants as
independent samples; with the same seeds they are usually positively correlated, which makes the
intervals wider than they need be: a difference marked clear is real at least at that level.

Examples:
    >>> comparison = compare("food_chain", [{}, {"players": 4}], players=3, games=3, workers=1)
    >>> comparison.labels, [f.name for f in comparison.figure("branching") if f]
    (('players=3', 'players=4'), ['branching', 'branching'])
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor

import attrs

from tablefeast.agents.simulate import AgentSpec, wilson
from tablefeast.analysis.figures import Difference, Figure, Stat, _Json, to_json
from tablefeast.analysis.run import Analysis, check_setup, run_setup
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import JSON, shown

__all__ = ["MAX_VARIANTS", "Z99", "Comparison", "compare", "difference", "variant_labels"]

Z99 = 2.5758293035489004
"""The normal quantile of a two-sided 99% interval."""
MAX_VARIANTS = 16
"""The most variants one comparison plays."""


def difference(base: Stat, other: Stat, z: float = Z99) -> tuple[float, float, float]:
    """``other - base`` with its interval (99% by default): Newcombe's hybrid score interval for
    shares, the normal approximation for means and ratios.

    Args:
        base: the stat in the base variant.
        other: the same stat in another variant (of the same kind).
        z: the normal quantile of the interval's confidence.

    Raises:
        ValueError: the stats are of different kinds.

    Examples:
        >>> always, never = Stat.share("seat 0", 6.0, 6), Stat.share("seat 0", 0.0, 6)
        >>> d, low, high = difference(always, never)
        >>> d, round(low, 3), round(high, 3)
        (-1.0, -1.0, -0.257)
        >>> difference(always, always)[1:] < (0, 0) < difference(always, always)[2:]
        True
    """
    if base.kind != other.kind:
        raise ValueError(f"cannot compare a {base.kind} with a {other.kind}")
    d = other.value - base.value
    if base.kind == "share":
        low1, high1 = wilson(base.value, base.n, z)
        low2, high2 = wilson(other.value, other.n, z)
        low = d - math.sqrt((other.value - low2) ** 2 + (high1 - base.value) ** 2)
        high = d + math.sqrt((high2 - other.value) ** 2 + (base.value - low1) ** 2)
        return d, max(-1.0, low), min(1.0, high)
    half = z * math.sqrt(base.sd**2 / base.n + other.sd**2 / other.n)
    return d, d - half, d + half


def _differences(base: Analysis, other: Analysis, labels: tuple[str, str]) -> list[Difference]:
    found = []
    for figure in base.figures:
        theirs = other.figure(figure.name)
        if theirs is None:
            continue
        # Against different references (the fair share of 3 and of 4 players), compare each
        # value's excess over its own reference.
        shift = 0.0
        if figure.reference is not None and theirs.reference is not None:
            shift = float(theirs.reference) - float(figure.reference)
        for stat in figure.stats:
            match = theirs.stat(stat.label)
            if match is None or match.kind != stat.kind:
                continue
            d, low, high = (value - shift for value in difference(stat, match))
            clear = low > 0 or high < 0
            found.append(
                Difference(
                    figure.name, stat.label, stat.kind, *labels, d, low, high, clear, shift != 0
                )
            )
    return found


def _value_text(value: JSON) -> str:
    text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
    return text if len(text) <= 24 else text[:21] + "..."


def variant_labels(configs: Sequence[Mapping[str, JSON]]) -> tuple[str, ...]:
    """A short label for each variant: the options in which the variants differ.

    Args:
        configs: each variant's `Config` as JSON data.

    Examples:
        >>> variant_labels([{"players": 4, "edition": "en"}, {"players": 4, "edition": "fr"}])
        ('edition=en', 'edition=fr')
        >>> variant_labels([{"players": 4}, {"players": 4}])
        ('variant 1', 'variant 2')
    """
    keys = list(dict.fromkeys(k for config in configs for k in config))
    differing = [
        k for k in keys if len({json.dumps(c.get(k), sort_keys=True) for c in configs}) > 1
    ]
    labels = []
    for i, config in enumerate(configs, start=1):
        text = ", ".join(f"{k}={_value_text(config.get(k))}" for k in differing)
        labels.append(text or f"variant {i}")
    if len(set(labels)) < len(labels):  # long values cut alike: number them
        labels = [f"{i}: {label}" for i, label in enumerate(labels, start=1)]
    return tuple(labels)


@attrs.frozen
class Comparison(_Json):
    """Variants of one game played with the same seeds, and their clear differences.

    Attributes:
        labels: each variant's label (the options in which they differ).
        variants: each variant's `Analysis`, the base first.
        differences: every stat of every later variant against the base (`Difference`),
            variant by variant, in figure order.

    Examples:
        >>> comparison = compare("food_chain", [{}, {}], players=3, games=2, workers=1)
        >>> comparison.labels, any(d.clear for d in comparison.differences)
        (('variant 1', 'variant 2'), False)
    """

    labels: tuple[str, ...]
    variants: tuple[Analysis, ...]
    differences: tuple[Difference, ...]

    @property
    def figures(self) -> tuple[tuple[Figure | None, ...], ...]:
        """Every figure, side by side: for each figure name (in the order first met), the
        figure of each variant, or None where a variant has none.

        Examples:
            >>> comparison = compare("food_chain", [{}, {}], players=3, games=2, workers=1)
            >>> [len(row) for row in comparison.figures][:3]
            [2, 2, 2]
        """
        names = dict.fromkeys(f.name for v in self.variants for f in v.figures)
        return tuple(tuple(v.figure(name) for v in self.variants) for name in names)

    def figure(self, name: str) -> tuple[Figure | None, ...]:
        """The figure called `name` in each variant (None where a variant has none).

        Args:
            name: the figure's name.

        Examples:
            >>> comparison = compare("mausgeflippt", [{}, {}], players=3, games=1, workers=1)
            >>> comparison.figure("length_rounds")
            (None, None)
        """
        return tuple(v.figure(name) for v in self.variants)

    def clear(self) -> tuple[Difference, ...]:
        """The differences that are clear (their 99% interval excludes 0).

        Examples:
            >>> compare("food_chain", [{}, {}], players=3, games=2, workers=1).clear()
            ()
        """
        return tuple(d for d in self.differences if d.clear)

    def to_json(self) -> str:
        """Everything as compact JSON: each variant's analysis, the labels and the differences;
        `from_json` reads it back, equal (at most 8 MiB: some 2,500 games in all).

        Examples:
            >>> comparison = compare("food_chain", [{}, {}], players=3, games=1, workers=1)
            >>> sorted(json.loads(comparison.to_json()))
            ['differences', 'labels', 'variants']
        """
        return to_json(self, indent=None)

    def to_html(self) -> str:
        """The report: every figure of every variant side by side, clear differences marked;
        one self-contained HTML page.

        Examples:
            >>> comparison = compare("food_chain", [{}, {"players": 4}], players=3, games=2,
            ...                      workers=1)
            >>> "players=4" in comparison.to_html()
            True
        """
        from tablefeast.analysis.report import report_html

        return report_html(self.variants, self.labels, self.differences)


def compare(
    name: str,
    variants: Sequence[Mapping[str, object]],
    *,
    players: int = 4,
    agents: Sequence[AgentSpec] | str = ("random",),
    games: int = 200,
    seed: int | str = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> Comparison:
    """Play the same seeds under each variant and compare every figure with the first variant.

    Args:
        name: the game.
        variants: two or more mappings of `Config` options, ``players`` among them where a
            variant changes the number of players (otherwise `players`).
        players: the players of a variant that does not say.
        agents: one agent per seat or one for all, as for `analyze` (the same in every variant).
        games: games per variant.
        seed: the run's seed: game ``i`` of every variant is seeded ``f"{seed}/{i}"``.
        workers: processes for the default pool: None for one per CPU; 1 plays in this process.
        executor: where to run the games (any `concurrent.futures.Executor`).
        progress: called with the number of games done, all variants together.

    Raises:
        ConfigError: fewer than two variants, or a bad game, option, agent or count (nothing is
            played then).

    Examples:
        >>> comparison = compare("schlacht_am_buffet", [{}, {"edition": "fr"}], games=2,
        ...                      workers=1)
        >>> comparison.labels, len(comparison.variants[1].games)
        (('edition=en', 'edition=fr'), 2)
    """
    if isinstance(variants, Mapping | str) or not isinstance(variants, Sequence):
        raise ConfigError(f"variants must be a list of option mappings, got {shown(variants)}")
    if not 2 <= len(variants) <= MAX_VARIANTS:
        raise ConfigError(f"compare needs 2 to {MAX_VARIANTS} variants, got {len(variants)}")
    setup = check_setup(name, variants, agents, games, seed, workers, players)
    analyses = run_setup(setup, games, executor=executor, workers=workers, progress=progress)
    labels = variant_labels(setup.configs)
    differences = [
        d
        for k in range(1, len(analyses))
        for d in _differences(analyses[0], analyses[k], (labels[0], labels[k]))
    ]
    return Comparison(labels, tuple(analyses), tuple(differences))
