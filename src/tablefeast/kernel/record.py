"""Game records: a config and the moves in notation, as JSON; replay checks every move.

Format: ``{"game": NAME, "config": {...}, "moves": [[seat, "text"], ...]}`` with seat -1 for
chance. ``"config"`` is exactly ``json.loads(tablefeast.dumps(config))``.

Examples:
    >>> rec = Record.from_json('{"game": "schlacht_am_buffet", "config": {"players": 3}, '
    ...                        '"moves": [[-1, "card 5"]]}')
    >>> rec.moves
    ((-1, 'card 5'),)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

import attrs

from tablefeast.kernel.effects import Effect, trace
from tablefeast.kernel.errors import RecordError, TablefeastError
from tablefeast.kernel.limits import MAX_INT, parse_json, shown
from tablefeast.kernel.ruleset import Ruleset
from tablefeast.kernel.serialize import converter, structure

__all__ = ["Record", "iter_replay", "iter_traced", "position", "record_of", "replay"]

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C")
V = TypeVar("V")

_SEAT = re.compile(r"-?[0-9]{1,3}")
"""A seat in a record written in notation: a number (CHANCE is -1)."""


@attrs.frozen(eq=True, hash=False)
class Record:
    """A game as data: which game, its config mapping, and every move in notation.

    Examples:
        >>> rec = Record("schlacht_am_buffet", {"players": 3}, ((-1, "card 5"),))
        >>> print(rec.to_json(), end="")
        {"game": "schlacht_am_buffet", "config": {"players": 3}, "moves": [
          [-1, "card 5"]
        ]}
        >>> Record.from_json(rec.to_json()) == rec
        True
    """

    game: str
    config: dict[str, Any]
    moves: tuple[tuple[int, str], ...]

    def to_json(self) -> str:
        """The record as JSON text, one move per line.

        Examples:
            >>> Record("food_chain", {"players": 3}, ()).to_json()
            '{"game": "food_chain", "config": {"players": 3}, "moves": []}\\n'
        """
        head = json.dumps({"game": self.game, "config": self.config})[:-1]
        moves = ",\n  ".join(json.dumps([seat, text]) for seat, text in self.moves)
        return f'{head}, "moves": [\n  {moves}\n]}}\n' if moves else f'{head}, "moves": []}}\n'

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse a record file's text.

        Args:
            text: the record file's contents.

        Raises:
            RecordError: not JSON, or not of the record format (the message says what is wrong).

        Examples:
            >>> Record.from_json('{"game": "food_chain", "config": {"players": 3}, '
            ...                  '"moves": [[0, "play cat"]]}')
            Record(game='food_chain', config={'players': 3}, moves=((0, 'play cat'),))
            >>> Record.from_json('{"game": "food_chain"}')
            Traceback (most recent call last):
            ...
            tablefeast.kernel.errors.RecordError: the record lacks config, moves
        """
        data = parse_json(text, "the record")
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object with game, config and moves")
        missing = {"game", "config", "moves"} - set(data)
        if missing:
            raise RecordError(f"the record lacks {', '.join(sorted(missing))}")
        extra = set(data) - {"game", "config", "moves"}
        if extra:
            raise RecordError(f"the record has unknown keys {', '.join(sorted(extra))}")
        if not isinstance(data["game"], str):
            raise RecordError("the record's game must be a name")
        if not isinstance(data["config"], dict):
            raise RecordError("the record's config must be a JSON object")
        if not isinstance(data["moves"], list):
            raise RecordError("the record's moves must be a list")
        moves = []
        for i, move in enumerate(data["moves"], start=1):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or type(move[0]) is not int
                or not -1 <= move[0] <= MAX_INT
                or not isinstance(move[1], str)
            ):
                raise RecordError(f'move {i} must be [seat, "text"], got {json.dumps(move)}')
            moves.append((move[0], move[1]))
        return cls(data["game"], data["config"], tuple(moves))


def record_of(game: Ruleset[S, A, C, V], config: C, moves: Sequence[tuple[int, A]]) -> Record:
    """The record of `moves` (seat, action) played from `config`'s initial state.

    Args:
        game: the game module.
        config: the game's configuration.
        moves: ``(seat, action)`` pairs, in order; seat -1 (CHANCE) for chance outcomes.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> record_of(sab, sab.Config(players=3), [(-1, sab.DrawCard(5))]).moves
        ((-1, 'card 5'),)
    """
    return Record(
        game.NAME,
        converter.unstructure(config),
        tuple((seat, game.action_to_str(action)) for seat, action in moves),
    )


def _config(game: Ruleset[S, A, C, V], record: Record) -> C:
    if record.game != game.NAME:
        raise RecordError(f"the record is of {record.game!r}, not {game.NAME!r}")
    try:
        return structure(record.config, game.Config)
    except RecordError as e:
        raise RecordError(f"the record's config is refused: {e}") from None


def iter_replay(game: Ruleset[S, A, C, V], record: Record) -> Iterator[tuple[int, int, A, S]]:
    """Yield ``(move number, seat, action, state after)`` for every move, checking each.

    Args:
        game: the game module the record is of.
        record: the record to replay.

    Raises:
        RecordError: a move is malformed or illegal; the message quotes it and says why.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> rec = Record("schlacht_am_buffet", {"players": 3}, ((-1, "card 5"), (-1, "card 9")))
        >>> [(number, seat, action) for number, seat, action, _ in iter_replay(sab, rec)]
        [(1, -1, DrawCard(card=5)), (2, -1, DrawCard(card=9))]
    """
    state = game.initial_state(_config(game, record))
    for number, (seat, text) in enumerate(record.moves, start=1):
        try:
            action = game.action_from_str(state, seat, text)
            state = game.apply_action(state, seat, action)
        except TablefeastError as e:
            raise RecordError(f"move {number} [{seat}, {shown(text)}] is refused: {e}") from e
        yield number, seat, action, state


def iter_traced(
    game: Ruleset[S, A, C, V], record: Record
) -> Iterator[tuple[int, int, A, S, tuple[Effect, ...]]]:
    """`iter_replay` with each move's effects: ``(move number, seat, action, state after,
    effects)``, every move applied once, traced (`tablefeast.kernel.effects.trace`).

    Args:
        game: the game module the record is of.
        record: the record to replay.

    Raises:
        RecordError: a move is malformed or illegal; the message quotes it and says why.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> rec = Record("schlacht_am_buffet", {"players": 3}, ((-1, "card 5"),))
        >>> [effects for *_, effects in iter_traced(sab, rec)]
        [(RoundBegins(round=1, start_player=0), Dealt(cards=9), CardDrawn(seat=0, card=5))]
    """
    state = game.initial_state(_config(game, record))
    for number, (seat, text) in enumerate(record.moves, start=1):
        try:
            action = game.action_from_str(state, seat, text)
            state, effects = trace(game, state, seat, action)
        except TablefeastError as e:
            raise RecordError(f"move {number} [{seat}, {shown(text)}] is refused: {e}") from e
        yield number, seat, action, state, effects


def replay(game: Ruleset[S, A, C, V], record: Record) -> S:
    """The state after every move of `record` (each checked).

    Args:
        game: the game module the record is of.
        record: the record to replay.

    Raises:
        RecordError: the config or a move is bad.

    Examples:
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> replay(sab, Record("schlacht_am_buffet", {"players": 3}, ((-1, "card 5"),))).hands[0]
        (0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0)
        >>> replay(sab, Record("schlacht_am_buffet", {"players": 3}, ((0, "play 5"),)))
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: move 1 [0, 'play 5'] is refused: seat 0 may not ...
    """
    state = game.initial_state(_config(game, record))
    for _, _, _, after in iter_replay(game, record):
        state = after
    return state


def position(game: Ruleset[S, A, C, V], config: C, moves: str) -> S:
    """The state after `moves`, written in the game's notation: a position for an example or a
    test that reads as the record of how it came about.

    Moves are separated by ``;`` (or new lines). A move is ``SEAT: MOVE``, or just ``MOVE`` when
    one seat alone acts (chance at a chance node, the only seat to move): at a simultaneous
    step every commitment names its seat.

    Args:
        game: the game module.
        config: the game's configuration.
        moves: the moves, in notation.

    Raises:
        RecordError: a move is malformed, illegal, or lacks the seat it needs (which move, why).

    Examples:
        >>> import tablefeast.games.food_chain as fc
        >>> position(fc, fc.Config(players=3), "0: play cat; 1: play worm").commitments
        (2, 0, None)
        >>> import tablefeast.games.schlacht_am_buffet as sab
        >>> position(sab, sab.Config(players=3), "card 5; card 9").hands[0][6:]
        (1, 0, 0, 0, 1)
        >>> position(fc, fc.Config(players=3), "play cat")
        Traceback (most recent call last):
        ...
        tablefeast.kernel.errors.RecordError: move 1 'play cat' needs its seat: seats 0, 1, 2 act
    """
    state = game.initial_state(config)
    parts = [part.strip() for line in moves.splitlines() for part in line.split(";")]
    for number, text in enumerate((part for part in parts if part), start=1):
        seat_text, colon, move = text.rpartition(":")
        acting = game.actors(state)
        if colon:
            seat_text = seat_text.strip()
            if not _SEAT.fullmatch(seat_text):
                raise RecordError(f"move {number} {shown(text)}: the seat is not a number")
            seat = int(seat_text)
        elif len(acting) == 1:
            seat = acting[0]
        else:
            who = ", ".join(map(str, acting)) or "nobody"
            raise RecordError(f"move {number} {shown(text)} needs its seat: seats {who} act")
        try:
            state = game.apply_action(state, seat, game.action_from_str(state, seat, move.strip()))
        except TablefeastError as e:
            raise RecordError(f"move {number} {shown(text)} is refused: {e}") from e
    return state
