"""What one game yields for the analysis: a plain function of plain data, run in the workers.

`play_facts` plays game ``index`` of a run exactly as `tablefeast.agents.simulate.play_one` does
(same seed, same agents, so the same game) and watches every move through the `Ruleset` contract
alone:

- decisions (moves by seats) and chance events, and the rounds when the final state has an int
  ``round`` attribute;
- at every decision, how many legal moves the seat had, by the decision's *kind*: the class names
  of its legal actions in the game's order, joined by ``/`` (``Play``, ``Take/TakeFromCentre``,
  ``Pass/Play/Flip``);
- lead changes: how often the seat strictly ahead on running `scores` changes (a tie at the top
  leads nobody, and the lead passing through a tie back to the same seat is no change);
- the moves each seat made, by notation key (`move_keys`);
- how often each special situation occurred, read from the moves' effects where the game
  declares labels (``CAPABILITIES.situations``; ``situation_labels`` lists them all);
- what each seat holds at the end, where the game declares ``CAPABILITIES.holdings`` (per seat,
  a count by label: plates, mice, animals, Meals, tokens).

Every move is applied once, traced (`tablefeast.kernel.play.play_game`'s ``on_step``).

Examples:
    >>> facts = play_facts("food_chain", {"players": 3}, ["random"] * 3, "s", 0)
    >>> facts.outcome.seed, facts.decisions + facts.chance == facts.outcome.moves
    ('s/0', True)
    >>> [b.kind for b in facts.branching]
    ['Play', 'Take', 'Take/TakeFromCentre', 'TakeFromCentre']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Generic

import attrs

import tablefeast
from tablefeast.agents.game_types import A, C, S, V
from tablefeast.agents.simulate import AgentSpec, GameOutcome, play_one
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect, label
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["Branching", "GameFacts", "decision_kind", "move_keys", "play_facts"]


@attrs.frozen
class Branching:
    """The legal-move counts of one kind of decision in one game.

    Attributes:
        kind: the decision's kind (`decision_kind`).
        decisions: how many decisions of this kind.
        options: the legal moves summed over them.
        squares: the squares of the legal-move counts summed (for the spread).
        forced: decisions with a single legal move (played without asking the agent).
        most: the most legal moves at one of them.

    Examples:
        >>> Branching("Play", 2, 7, 25, 0, 4).mean
        3.5
    """

    kind: str
    decisions: int
    options: int
    squares: int
    forced: int
    most: int

    @property
    def mean(self) -> float:
        """Legal moves per decision.

        Examples:
            >>> Branching("Take", 4, 4, 4, 4, 1).mean
            1.0
        """
        return self.options / self.decisions


@attrs.frozen
class GameFacts:
    """Everything the analysis keeps of one game (plain data, as JSON round-trips it).

    Attributes:
        outcome: the game's outcome, as `simulate` gives it (seats, scores, winners, seed).
        decisions: moves made by seats.
        chance: chance events.
        rounds: the final state's ``round``, or None when the state has none.
        lead_changes: how often the strict leader on running scores changed.
        branching: legal-move counts by kind of decision, kinds in alphabetical order.
        moves: per seat, ``(key, moves)`` pairs: how many of its moves had each notation key
            (`move_keys`), keys in alphabetical order.
        situations: ``(label, times)`` for every special situation that occurred, in the order
            of the game's ``SITUATIONS`` (labels it does not list last, alphabetically).
        holdings: per seat, ``(label, count)`` for everything it held at the end of the game
            (the game's ``holdings`` of the final state), in the game's order; counts of 0 are
            left out. Empty when the game has no ``holdings``.

    Examples:
        >>> facts = play_facts("food_chain", {"players": 3}, ["random"] * 3, "s", 0)
        >>> sum(b.decisions for b in facts.branching) == facts.decisions
        True
        >>> held = dict(facts.holdings[1])  # seat 1's scoring pile after the last round
        >>> held["animals (last round)"], "dogs (last round)" in held  # no Dog: left out
        (7, False)
    """

    outcome: GameOutcome
    decisions: int
    chance: int
    rounds: int | None
    lead_changes: int
    branching: tuple[Branching, ...]
    moves: tuple[tuple[tuple[str, int], ...], ...]
    situations: tuple[tuple[str, int], ...] = ()
    holdings: tuple[tuple[tuple[str, int], ...], ...] = ()

    def win_share(self, seat: int) -> float:
        """1 / (number of winners) for a winner, else 0.

        Args:
            seat: the seat whose share this is.

        Examples:
            >>> facts = play_facts("food_chain", {"players": 3}, ["random"] * 3, "s", 0)
            >>> sum(facts.win_share(seat) for seat in range(3))
            1.0
        """
        return self.outcome.win_share(seat)


def decision_kind(legal: Sequence[object]) -> str:
    """A decision's kind: the class names of its legal actions, in order, each once, joined by /.

    Args:
        legal: the seat's legal actions.

    Examples:
        >>> import tablefeast.games.mausgeflippt as mg
        >>> decision_kind((mg.Pass(), mg.Play("tie", "blue"), mg.Play("hat", "red"), mg.Flip()))
        'Pass/Play/Flip'
    """
    return "/".join(dict.fromkeys(type(action).__name__ for action in legal))


def move_keys(text: str) -> tuple[str, ...]:
    """The keys under which a move counts, from its notation: the verb with each thing it names.

    A move of one or two words is its own key (``play dog``, ``play 9``, ``take centre``,
    ``flip``). A longer one gives the verb with each later word, once each (``play hungry slow``
    counts as ``play hungry`` and as ``play slow``); a word that starts with a capital letter
    begins a name that runs to the end of the move, as in the notation (``steal 2 Black Forest
    cake``: ``steal 2`` and ``steal Black Forest cake``).

    Args:
        text: the move in the game's notation.

    Examples:
        >>> move_keys("play very-hungry jealous"), move_keys("exchange 9 9 -1")
        (('play very-hungry', 'play jealous'), ('exchange 9', 'exchange -1'))
        >>> move_keys("steal 2 Black Forest cake"), move_keys("flip")
        (('steal 2', 'steal Black Forest cake'), ('flip',))
    """
    words = text.split()
    if len(words) <= 2:
        return (" ".join(words),)
    verb, rest = words[0], words[1:]
    keys = []
    for i, word in enumerate(rest):
        if word[:1].isupper():
            keys.append(f"{verb} {' '.join(rest[i:])}")
            break
        keys.append(f"{verb} {word}")
    return tuple(dict.fromkeys(keys))


def _leader(scores: Sequence[int]) -> int | None:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


class _Watcher(Generic[S, A, C, V]):
    """Collects the facts move by move (`play_game`'s ``on_step``: the states before and after
    each move, and its effects)."""

    def __init__(self, game: Ruleset[S, A, C, V], players: int) -> None:
        self.game = game
        self.decisions = 0
        self.chance = 0
        self.lead_changes = 0
        self.leader: int | None = None
        self.branching: dict[str, list[int]] = {}
        self.moves: list[Counter[str]] = [Counter() for _ in range(players)]
        self.seen: Counter[str] = Counter()
        self.final: S | None = None

    def __call__(
        self, state: S, seat: int, action: A, after: S, effects: tuple[Effect, ...]
    ) -> None:
        if self.final is None:
            self._lead(state)  # the initial state
        if seat == CHANCE:
            self.chance += 1
        else:
            self.decisions += 1
            legal = self.game.legal_actions(state, seat)
            n = len(legal)
            row = self.branching.setdefault(decision_kind(legal), [0, 0, 0, 0, 0])
            row[0] += 1
            row[1] += n
            row[2] += n * n
            row[3] += n == 1
            row[4] = max(row[4], n)
            self.moves[seat].update(move_keys(self.game.action_to_str(action)))
        self.seen.update(label(self.game, effects))
        self._lead(after)
        self.final = after

    def _lead(self, state: S) -> None:
        leader = _leader(self.game.scores(state))
        if leader is not None:
            if self.leader is not None and leader != self.leader:
                self.lead_changes += 1
            self.leader = leader

    def finish(self, outcome: GameOutcome, labels: Sequence[str]) -> GameFacts:
        final = self.final
        rounds = getattr(final, "round", None)
        held: tuple[tuple[tuple[str, int], ...], ...] = ()
        holdings = self.game.CAPABILITIES.holdings
        if final is not None and holdings is not None:
            held = tuple(
                tuple((name, count) for name, count in seat.items() if count)
                for seat in holdings(final)
            )
        order = {label: i for i, label in enumerate(labels)}
        return GameFacts(
            outcome=outcome,
            decisions=self.decisions,
            chance=self.chance,
            rounds=rounds if type(rounds) is int else None,
            lead_changes=self.lead_changes,
            branching=tuple(Branching(k, *row) for k, row in sorted(self.branching.items())),
            moves=tuple(tuple(sorted(counts.items())) for counts in self.moves),
            situations=tuple(
                sorted(self.seen.items(), key=lambda item: (order.get(item[0], len(order)), item))
            ),
            holdings=held,
        )


def play_facts(
    name: str,
    config_data: dict[str, Any],
    seats: Sequence[AgentSpec],
    seed: str,
    index: int,
) -> GameFacts:
    """Play game `index` of a run (as `play_one` does: the same game) and collect its facts.

    Args:
        name: the game.
        config_data: the `Config` as JSON data.
        seats: the agent of each seat (a name for `make_agent`, or a factory).
        seed: the run's seed; the game is seeded ``f"{seed}/{index}"``.
        index: the game's number in the run.

    Examples:
        >>> facts = play_facts("mausgeflippt", {"players": 3}, ["random"] * 3, "1", 2)
        >>> facts.rounds is None, facts.outcome.index, len(facts.moves)
        (True, 2, 3)
    """
    game = tablefeast.load(name)
    watcher = _Watcher(game, int(config_data["players"]))
    outcome = play_one(name, config_data, seats, seed, index, on_step=watcher)
    return watcher.finish(outcome, game.CAPABILITIES.situation_labels)
