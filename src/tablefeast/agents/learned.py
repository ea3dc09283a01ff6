"""The learned baseline: a small policy network trained by self-play, played in pure Python.

`LearnedAgent` reads its seat's view as the game's observation tensor
(``CAPABILITIES.observation_tensor``) and scores the legal moves with a two-layer network
(ReLU), then draws its move from the softmax over the legal ones: mixed where the network is
unsure, as a simultaneous commitment wants. Moves are scored by **bucket**: a move's bucket is
its integer id (`action_to_id`) modulo the network's number of outputs, so that a game with very
many distinct moves (Schlacht am Buffet's exchanges) still fits a small network; where several
legal moves share a bucket the agent draws one of them evenly.

The weights come from `tablefeast.agents.training` (PPO on the batched native core, the extra
``learn``), one run per game from a seed; the package ships one set per game (a file of the
game's package, ``weights.json``, that its `Capabilities.weights` declares; all four games),
each for one table size (4 players), and inference needs nothing but the standard library.
Weights trained on the batch are **factored** (`Weights.factored`): they score the adapters'
ids (`tablefeast.interop.encoding`), and a decision of several cards at once (Schlacht am
Buffet's exchange, SAB-7) is drawn card by card, each card's value and *done* an output, the
cards chosen so far appended to the tensor, as the batch plays it; the game's
`MultisetChoice.chosen` tells the agent which legal moves are that decision and what hand they
show.

A weights file holds its arrays (float32 or float16, `FORMATS`) in base64, the network's shape,
and the training run's seed, settings and learning curve (`Weights.curve`).

Examples:
    >>> import tablefeast
    >>> from tablefeast import RandomAgent, play_game
    >>> fc = tablefeast.load("food_chain")
    >>> agents = [LearnedAgent(), RandomAgent(), RandomAgent(), RandomAgent()]
    >>> fc.is_terminal(play_game(fc, fc.Config(players=4), agents, seed=1).state)
    True
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import random
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Generic, TypeVar, cast

import attrs

from tablefeast.agents.game_types import A, C, S, SeatedView
from tablefeast.agents.heuristics import weighted_choice
from tablefeast.kernel.capabilities import MultisetChoice, game_file
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.ruleset import Ruleset

__all__ = ["FORMATS", "MAX_WEIGHTS_BYTES", "LearnedAgent", "Weights", "shipped_weights"]

K = TypeVar("K")
"""What the softmax weighs: a bucket of moves, or a card's value (by position) or done."""

MAX_WEIGHTS_BYTES = 8_000_000
"""The largest weights file `Weights.from_json` reads."""


FORMATS = {"float32": "f", "float16": "e"}
"""A weights file's number formats (its ``dtype``; float32 where it names none): little-endian
IEEE floats of 4 or 2 bytes, in base64. The shipped files hold float16: half the size, and the
moves' probabilities within a fraction of a percent of float32's."""


def _floats(text: object, count: int, what: str, dtype: str = "float32") -> tuple[float, ...]:
    """`count` floats of `dtype` from base64 `text`, each finite."""
    if not isinstance(text, str):
        raise ConfigError(f"weights: {what} must be base64 text")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ConfigError(f"weights: {what} is not base64") from None
    size = struct.calcsize(FORMATS[dtype])
    if len(raw) != size * count:
        raise ConfigError(f"weights: {what} holds {len(raw) // size} floats, expected {count}")
    values = struct.unpack(f"<{count}{FORMATS[dtype]}", raw)
    if not all(math.isfinite(v) for v in values):
        raise ConfigError(f"weights: {what} holds a value that is not finite")
    return values


def encode_floats(values: Sequence[float], dtype: str = "float32") -> str:
    """Floats as a weights file holds them: little-endian `dtype` values in base64.

    Args:
        values: the numbers.
        dtype: one of `FORMATS`.

    Raises:
        ConfigError: a value does not fit `dtype` (reading refuses a value that is not
            finite).

    Examples:
        >>> encode_floats([1.0, -0.5])
        'AACAPwAAAL8='
        >>> encode_floats([1.0, -0.5], "float16")
        'ADwAuA=='
    """
    try:
        raw = struct.pack(f"<{len(values)}{FORMATS[dtype]}", *values)
    except (OverflowError, struct.error):
        raise ConfigError(f"weights: a value does not fit {dtype}") from None
    return base64.b64encode(raw).decode("ascii")


def encode_layers(layers: Sequence[Any], dtype: str = "float32") -> list[dict[str, str]]:
    """PyTorch linear layers (``torch.nn.Linear``: a weight, one row per output unit, and a
    bias) as a weights file's ``layers``, on whatever device they are.

    Args:
        layers: the network's layers, first to last.
        dtype: the numbers' format, one of `FORMATS` (the file's ``dtype`` must say it).
    """
    return [
        {
            "weight": encode_floats(layer.weight.detach().cpu().flatten().tolist(), dtype),
            "bias": encode_floats(layer.bias.detach().cpu().tolist(), dtype),
        }
        for layer in layers
    ]


def _size(value: object, what: str, most: int) -> int:
    if type(value) is not int or not 1 <= value <= most:
        raise ConfigError(f"weights: {what} must be a whole number from 1 to {most:,}")
    return value


@attrs.frozen
class Weights:
    """A policy network: input, two hidden ReLU layers, one output per move bucket.

    Attributes:
        game: the game's name.
        players: the table size it was trained for (it plays only there).
        inputs: the observation tensor's length.
        hidden: the width of each hidden layer.
        buckets: the outputs (a move's bucket is its id modulo this).
        columns: per layer, the weights by input (``columns[k][i]`` is input ``i``'s weights
            into every unit of layer ``k``), so that inputs at zero cost nothing.
        biases: per layer, its units' biases.
        curve: the training run's learning curve: ``(decisions, seconds, share)`` rows (the
            training command's share is the learner's against its heuristic batch, or the
            frozen agent of a best response).
        settings: how the weights were trained (seed, episodes, learning rate, ...).
        factored: the network reads and scores the adapters' encoding
            (`tablefeast.interop.encoding.encoding_for`), as the batched trainer
            (`tablefeast.agents.training`) plays it: a decision of several cards at once
            (Schlacht am Buffet's exchange) is chosen card by card, each card and *done* an
            output, the cards chosen so far appended to the observation tensor. False (the
            default, and a file that says nothing): the game's own ids, the tensor alone.
    """

    game: str
    players: int
    inputs: int
    hidden: int
    buckets: int
    columns: tuple[tuple[tuple[float, ...], ...], ...] = attrs.field(repr=False)
    biases: tuple[tuple[float, ...], ...] = attrs.field(repr=False)
    curve: tuple[tuple[int, float, float], ...] = attrs.field(default=(), repr=False)
    settings: Mapping[str, Any] = attrs.field(factory=dict, repr=False, eq=False)
    factored: bool = False

    @classmethod
    def from_json(cls, text: str | bytes) -> Weights:
        """Weights from a weights file's text, checked (shape, sizes, finite values).

        Args:
            text: the file's JSON.

        Raises:
            ConfigError: the text is too long, not JSON, or not a well-formed weights file.

        Examples:
            >>> Weights.from_json('{"game": "food_chain"}')
            Traceback (most recent call last):
            ...
            tablefeast.kernel.errors.ConfigError: weights: players must be a whole number ...
        """
        if len(text) > MAX_WEIGHTS_BYTES:
            raise ConfigError(f"weights: a file of at most {MAX_WEIGHTS_BYTES:,} bytes")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ConfigError("weights: not JSON") from None
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise ConfigError("weights: a JSON object naming its game")
        players = _size(data.get("players"), "players", 64)
        inputs = _size(data.get("inputs"), "inputs", 100_000)
        hidden = _size(data.get("hidden"), "hidden", 4096)
        buckets = _size(data.get("buckets"), "buckets", 65_536)
        dtype = data.get("dtype", "float32")
        if dtype not in FORMATS:
            raise ConfigError(f"weights: dtype must be one of {', '.join(FORMATS)}")
        shapes = [(inputs, hidden), (hidden, hidden), (hidden, buckets)]
        layers = data.get("layers")
        if not isinstance(layers, list) or len(layers) != len(shapes):
            raise ConfigError(f"weights: layers must be a list of {len(shapes)}")
        columns, biases = [], []
        for k, ((fan_in, fan_out), layer) in enumerate(zip(shapes, layers, strict=True)):
            if not isinstance(layer, dict):
                raise ConfigError(f"weights: layer {k} must be an object")
            flat = _floats(layer.get("weight"), fan_in * fan_out, f"layer {k}'s weight", dtype)
            # Stored as PyTorch keeps them, one row per output unit: read by input here.
            columns.append(tuple(flat[i::fan_in] for i in range(fan_in)))
            biases.append(_floats(layer.get("bias"), fan_out, f"layer {k}'s bias", dtype))
        curve = data.get("curve", [])
        if not isinstance(curve, list) or not all(
            isinstance(row, list)
            and len(row) == 3
            and all(type(x) in (int, float) and math.isfinite(x) for x in row)
            for row in curve
        ):
            raise ConfigError("weights: curve must be a list of [episodes, seconds, share]")
        settings = data.get("settings", {})
        if not isinstance(settings, dict):
            raise ConfigError("weights: settings must be an object")
        factored = data.get("factored", False)
        if type(factored) is not bool:
            raise ConfigError("weights: factored must be true or false")
        return cls(
            data["game"],
            players,
            inputs,
            hidden,
            buckets,
            tuple(columns),
            tuple(biases),
            tuple((int(e), float(s), float(w)) for e, s, w in curve),
            settings,
            factored,
        )

    def scores(self, tensor: Sequence[float]) -> list[float]:
        """The network's score of every bucket for an observation tensor.

        Args:
            tensor: the observation, `inputs` floats.

        Examples:
            >>> w = shipped_weights("food_chain")
            >>> len(w.scores([0.0] * w.inputs)) == w.buckets
            True
        """
        if len(tensor) != self.inputs:
            raise ConfigError(f"weights: an observation of {self.inputs} floats, got {len(tensor)}")
        values = list(tensor)
        last = len(self.columns) - 1
        for k, (columns, bias) in enumerate(zip(self.columns, self.biases, strict=True)):
            units = list(bias)
            for x, column in zip(values, columns, strict=True):
                if x:  # observation tensors are mostly zeros, and so are ReLU outputs
                    units = [u + x * w for u, w in zip(units, column, strict=True)]
            values = units if k == last else [u if u > 0 else 0.0 for u in units]
        return values


@cache
def shipped_weights(game: str) -> Weights:
    """The weights the game ships (`Capabilities.weights`, a file of its package), read once,
    then kept: they never change.

    Args:
        game: the game's name.

    Raises:
        ConfigError: no such game, or it ships no weights (it declares none), or its file is
            not a weights file of that game.

    Examples:
        >>> shipped_weights("food_chain").buckets
        12
    """
    import tablefeast  # the registry of games lives above this module

    if not isinstance(game, str) or game not in tablefeast.names():
        raise ConfigError(f"no shipped weights for {game!r:.80}: no such game")
    ruleset = tablefeast.load(game)
    file = ruleset.CAPABILITIES.weights
    if file is None:
        raise ConfigError(f"no shipped weights for {game!r}: its Capabilities declare none")
    weights = Weights.from_json(game_file(ruleset, file))
    if weights.game != game:
        raise ConfigError(f"{game}'s {file} holds the weights of {weights.game!r}")
    return weights


@attrs.frozen
class LearnedAgent:
    """Plays the learned policy (see the module docs).

    Attributes:
        weights: the network, or None for the weights the package ships for the game at hand.
        temperature: divides the scores before the softmax (below 1 plays the best-scored
            moves more often; the network was trained at 1).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> s = fc.initial_state(fc.Config(players=4))
        >>> LearnedAgent().act(fc, fc.view(s, 0), fc.legal_actions(s, 0), random.Random(0))
        Play(animal=...)
    """

    weights: Weights | None = attrs.field(default=None, repr=False)
    temperature: float = attrs.field(default=1.0)

    @temperature.validator
    def _check_temperature(self, _: attrs.Attribute[float], value: float) -> None:
        if type(value) not in (int, float) or not 0.01 <= value <= 100:
            raise ValueError(f"LearnedAgent.temperature must be from 0.01 to 100, got {value!r}")

    def act(
        self,
        game: Ruleset[S, A, C, SeatedView],
        view: SeatedView,
        legal: tuple[A, ...],
        rng: random.Random,
    ) -> A:
        """A legal move drawn from the network's softmax over the legal moves' buckets (with
        factored weights, a decision of several cards drawn card by card, then done).

        Args:
            game: the game module (its observation tensor and action ids).
            view: the seat's view.
            legal: its legal moves.
            rng: draws the move.
        """
        if len(legal) == 1:
            return legal[0]
        policy = _Policy.of(self, game, view)
        exchange = policy.exchange(legal)
        if exchange is not None:
            return exchange.draw(rng)
        by_bucket, odds = policy.odds(legal)
        chosen = weighted_choice(odds, rng)
        moves = by_bucket[chosen]
        return moves[0] if len(moves) == 1 else moves[rng.randrange(len(moves))]

    def probabilities(
        self, game: Ruleset[S, A, C, SeatedView], view: SeatedView, legal: tuple[A, ...]
    ) -> dict[A, float]:
        """How likely `act` is to play each legal move: its bucket's share of the softmax,
        split evenly among the legal moves in that bucket (with factored weights, a choice of
        several cards: the chance that its cards are drawn, in any order, then done).

        Args:
            game: the game module (its observation tensor and action ids).
            view: the seat's view.
            legal: its legal moves.

        Raises:
            ConfigError: the weights are another game's or another table size's.

        Examples:
            >>> import tablefeast.games.food_chain as fc
            >>> s = fc.initial_state(fc.Config(players=4))
            >>> odds = LearnedAgent().probabilities(fc, fc.view(s, 0), fc.legal_actions(s, 0))
            >>> round(sum(odds.values()), 9), len(odds) == len(fc.legal_actions(s, 0))
            (1.0, True)
        """
        policy = _Policy.of(self, game, view)
        exchange = policy.exchange(legal)
        if exchange is not None:
            return exchange.probabilities()
        by_bucket, odds = policy.odds(legal)
        total = math.fsum(odds.values())
        return {
            move: odds[bucket] / total / len(moves)
            for bucket, moves in by_bucket.items()
            for move in moves
        }


def _softmax_weights(
    scores: Sequence[float], outputs: Mapping[K, int], buckets: int, temperature: float
) -> dict[K, float]:
    """The softmax's unnormalized weight of each key of `outputs`, which maps it to an output
    id (taken modulo `buckets`) of the network's `scores`, at `temperature`."""
    top = max(scores[i % buckets] for i in outputs.values())
    return {k: math.exp((scores[i % buckets] - top) / temperature) for k, i in outputs.items()}


@attrs.frozen
class _Policy(Generic[S, A, C]):
    """The weights at one seat's decision: its tensor, its moves' ids, and with factored
    weights the game's decision of several cards."""

    weights: Weights
    temperature: float
    base: tuple[float, ...]
    """The seat's observation tensor (with factored weights, nothing chosen yet)."""
    to_id: Callable[[A, C], int]
    config: C
    choice: MultisetChoice[S, A] | None
    first: int | None
    """With `choice`: the adapters' id of the first card value's discard (then the others,
    then done)."""

    @classmethod
    def of(
        cls, agent: LearnedAgent, game: Ruleset[S, A, C, SeatedView], view: SeatedView
    ) -> _Policy[S, A, C]:
        """The policy of `agent` at `view`, its weights checked to play there.

        Raises:
            ConfigError: the weights are another game's or another table size's, or factored
                for a game whose decision of several cards does not say which cards its
                actions choose.
        """
        weights = agent.weights if agent.weights is not None else shipped_weights(game.NAME)
        observe = game.CAPABILITIES.observation_tensor
        if observe is None or weights.game != game.NAME:
            raise ConfigError(f"{weights.game} weights cannot play {game.NAME}")
        if view.config.players != weights.players:
            raise ConfigError(
                f"the {weights.game} weights play {weights.players} players,"
                f" not {view.config.players}"
            )
        config = cast(C, view.config)  # a view's config is its game's Config
        tensor = tuple(observe(view))
        choice = game.CAPABILITIES.multiset_choice if weights.factored else None
        if not weights.factored:
            return cls(weights, agent.temperature, tensor, game.action_to_id, config, None, None)
        from tablefeast.interop.encoding import Discard, encoding_for  # the trainer's ids

        encoding = encoding_for(game, config)
        first = None
        if choice is not None:
            if choice.chosen is None:
                raise ConfigError(
                    f"factored weights cannot play {game.NAME}: its MultisetChoice does not say "
                    "which cards an action chooses (chosen)"
                )
            first = encoding.to_id(Discard(choice.values[0]), config)
        tensor += (0.0,) * encoding.extra  # nothing chosen yet
        return cls(weights, agent.temperature, tensor, encoding.to_id, config, choice, first)

    def odds(self, legal: Sequence[A]) -> tuple[dict[int, list[A]], dict[int, float]]:
        """The legal moves by bucket, and each bucket's unnormalized softmax weight."""
        weights, config = self.weights, self.config
        scores = weights.scores(self.base)
        by_bucket: dict[int, list[A]] = {}
        for move in legal:
            bucket = self.to_id(move, config) % weights.buckets
            by_bucket.setdefault(bucket, []).append(move)
        buckets = {b: b for b in by_bucket}
        return by_bucket, _softmax_weights(scores, buckets, weights.buckets, self.temperature)

    def exchange(self, legal: Sequence[A]) -> _CardByCard[S, A, C] | None:
        """With factored weights at a decision of several cards: that decision, to be drawn
        card by card; else None."""
        choice, first = self.choice, self.first
        if choice is None or choice.chosen is None or first is None:
            return None
        cards: dict[tuple[int, ...], A] = {}
        for move in legal:
            chosen = choice.chosen(move)
            if chosen is None:
                return None  # not that decision
            cards[chosen] = move
        return _CardByCard(self, choice, first, cards)

    def tensor(self, pending: Sequence[int]) -> tuple[float, ...]:
        """The network's input with the cards `pending` (counts by position) chosen so far: the
        seat's tensor, then those counts (as the adapters append them)."""
        return self.base[: -len(pending)] + tuple(float(count) for count in pending)


def _held(values: tuple[int, ...], cards: Iterable[tuple[int, ...]]) -> tuple[int, ...]:
    """The hand by value (counts in the order of `values`), as the legal choices of its cards
    `cards` show it (any part of it is legal)."""
    position = {value: k for k, value in enumerate(values)}
    held = [0] * len(position)
    for chosen in cards:
        counts = [0] * len(position)
        for value in chosen:
            counts[position[value]] += 1
        held = [max(a, b) for a, b in zip(held, counts, strict=True)]
    return tuple(held)


@attrs.frozen
class _CardByCard(Generic[S, A, C]):
    """A decision of several cards at once, drawn card by card as the trainer played it: each
    step the next card's value or done, by the network's softmax over their outputs."""

    policy: _Policy[S, A, C]
    choice: MultisetChoice[S, A]
    first: int
    """The adapters' id of the first card value's discard (then the others, then done)."""
    cards: dict[tuple[int, ...], A]
    """Each legal move by the card values it chooses (highest first)."""
    held: tuple[int, ...] = attrs.field(init=False)
    """The hand by value, in the order of the choice's values."""

    @held.default
    def _hand(self) -> tuple[int, ...]:
        return _held(self.choice.values, self.cards)

    def step_odds(self, pending: Sequence[int]) -> dict[int, float]:
        """The softmax's weights of the next card's value (by position) and of done (-1), with
        the cards `pending` (counts by position) chosen so far."""
        policy, held, first = self.policy, self.held, self.first
        size = len(held)
        scores = policy.weights.scores(policy.tensor(pending))
        options = (
            [k for k in range(size) if held[k] > pending[k]]
            if sum(pending) < self.choice.most
            else []
        )
        ids = {k: first + k for k in options}
        ids[-1] = first + size  # done
        return _softmax_weights(scores, ids, policy.weights.buckets, policy.temperature)

    def move(self, pending: Sequence[int]) -> A:
        """The legal move choosing the cards `pending` (counts by position)."""
        values = self.choice.values
        chosen = tuple(sorted((v for v, n in zip(values, pending, strict=True) for _ in range(n))))
        chosen = chosen[::-1]  # highest first
        if chosen not in self.cards:
            raise ConfigError(
                f"{chosen} is not a legal choice: the game's MultisetChoice says any part of the "
                "hand is legal"
            )
        return self.cards[chosen]

    def draw(self, rng: random.Random) -> A:
        """The decision drawn card by card (as the trainer played it)."""
        pending = [0] * len(self.held)
        while True:
            step = weighted_choice(self.step_odds(pending), rng)
            if step < 0:
                return self.move(pending)
            pending[step] += 1

    def probabilities(self) -> dict[A, float]:
        """Each choice's chance under `draw`: over every order of its cards, summed by the
        parts of the hand chosen so far (one network pass per part)."""
        reach = {tuple([0] * len(self.held)): 1.0}
        result: dict[A, float] = {}
        while reach:  # the parts of `c` cards, then of c + 1
            following: dict[tuple[int, ...], float] = {}
            for part, chance in reach.items():
                odds = self.step_odds(part)
                total = math.fsum(odds.values())
                for step, weight in odds.items():
                    share = chance * weight / total
                    if step < 0:
                        move = self.move(part)
                        result[move] = result.get(move, 0.0) + share
                    else:
                        after = list(part)
                        after[step] += 1
                        key = tuple(after)
                        following[key] = following.get(key, 0.0) + share
            reach = following
        return result
