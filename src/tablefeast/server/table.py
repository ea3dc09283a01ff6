"""One game table on the server: the true state, its record, its seats, its public event log.

A `Table` is plain, synchronous game bookkeeping, with no networking: the ASGI app (`app.py`)
calls it under the table's lock and tells the connections what changed. A move is checked by the
engine, then written to the store together with the chance moves that follow it, and only then
does the table's state change; so what a player is told is always already durable.

Chance is drawn here, from a secret per-table seed kept in the store: draw number ``n`` uses
``random.Random(f"{seed}:{n}")``, so nobody without the seed can predict a draw, and a table
rebuilt from its record after a restart draws on exactly as it would have. In Mausgeflippt with a
person at the table, who was fastest is not drawn but observed: the order in which the claims
reached the server (``observed_fastest``, ruling MG-21).

Examples:
    >>> from tablefeast.server.store import SQLiteStore
    >>> store = SQLiteStore(":memory:")
    >>> table, tokens = Table.create(store, "food_chain", 3, {}, ("human", "random", "random"))
    >>> table.seat_of(tokens[0]), table.seat_of("a guess")
    (0, None)
    >>> table.play(0, "play cat", now=0.0)[-1]
    'seat 0 plays a card face down'
    >>> table.moves
    [(0, 'play cat')]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import time
from collections.abc import Mapping
from typing import Any

import tablefeast
from tablefeast.agents import make_agent
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.options import config_from_options
from tablefeast.kernel.record import Record, iter_replay
from tablefeast.kernel.ruleset import Ruleset, check_turn
from tablefeast.kernel.serialize import structure
from tablefeast.server.events import describe
from tablefeast.server.store import Store, TableRow

__all__ = ["HUMAN", "TABLE_OPTIONS", "Table", "hash_token"]

HUMAN = "human"
"""The seat kind of a person; every other seat kind is an agent spec for `make_agent`."""
TABLE_OPTIONS: Mapping[str, tuple[float, float, float | None]] = {
    "timeout": (1.0, 86_400.0, None),
    "think": (0.05, 60.0, 5.0),
    "reaction": (0.0, 10.0, None),
    "tie_window": (0.0, 2.0, 0.1),
}
"""The table's own settings in seconds, each (lowest, highest, default): a human seat's idle
``timeout`` before its ``takeover`` bot plays for it (None: never), a bot's ``think`` limit, a
bot's ``reaction`` delay in a race (None: 1 s in Mausgeflippt with people, else 0), and the
``tie_window`` of MG-21."""
MAX_SEATS = 8


def hash_token(token: str) -> str:
    """The stored form of a join token (a token is never stored in clear).

    Args:
        token: the secret join token.

    Examples:
        >>> len(hash_token("abc"))
        64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _table_options(options: Mapping[str, Any]) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in options.items():
        if key == "takeover":
            make_agent(value)  # raises ConfigError for an unknown agent
            checked[key] = value
            continue
        if key not in TABLE_OPTIONS:
            known = ", ".join([*TABLE_OPTIONS, "takeover"])
            raise ConfigError(f"unknown table setting {key!r}; settings: {known}")
        low, high, _ = TABLE_OPTIONS[key]
        if value is None:
            continue
        if type(value) not in (int, float) or not low <= value <= high:
            raise ConfigError(f"table setting {key} must be seconds from {low} to {high}")
        checked[key] = float(value)
    return checked


class Table:
    """A table: game, config, seats, the true state, its moves and its public events.

    Create one with `create` or rebuild one from the store with `restore`.

    Attributes:
        row: the stored description (id, game, config, seats, seed, settings).
        game: the game module.
        config: the game's Config.
        state: the true state (it never leaves the server while the game runs).
        moves: every move so far, ``(seat, text)``, as in the record.
        events: the public event log, in words.
        arrivals: per seat, when its latest move reached the server (`time.monotonic`).
        version: counts the changes, so that a bot's late answer can tell it is stale.
    """

    def __init__(self, row: TableRow, store: Store, token_hashes: dict[int, str]) -> None:
        self.row = row
        self.store = store
        self.game: Ruleset = tablefeast.load(row.game)
        self.config: Any = structure(row.config, self.game.Config)
        self.state: Any = self.game.initial_state(self.config)
        self.moves: list[tuple[int, str]] = []
        self.events: list[str] = []
        self.arrivals: dict[int, float] = {}
        self.version = 0
        self._token_hashes = token_hashes
        self._choices: dict[int, tuple[Any, ...]] = {}
        self._played: dict[int, int] = {}
        self._choices_since: dict[int, int] = {}

    @classmethod
    def create(  # noqa: PLR0917 - the table's description, field by field
        cls,
        store: Store,
        game_name: str,
        players: int,
        options: Mapping[str, Any],
        seats: tuple[str, ...],
        settings: Mapping[str, Any] | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored, with its chance resolved up to the first decision.

        Args:
            store: where the table is kept.
            game_name: the game's name.
            players: the number of players.
            options: the game's Config options (values already read from text).
            seats: per seat, ``"human"`` or an agent spec.
            settings: the table's own settings (`TABLE_OPTIONS`, ``takeover``).

        Returns:
            The table and one secret join token per human seat.

        Raises:
            ConfigError: a bad game, config, seat list or setting (the message says which).
        """
        game = tablefeast.load(game_name)
        if type(players) is not int:
            raise ConfigError("players must be an int")
        config = config_from_options(game, players, options)
        if not isinstance(seats, list | tuple) or len(seats) != players:
            raise ConfigError(f"seats must list one kind per player ({players})")
        for kind in seats:
            if kind != HUMAN:
                make_agent(kind)  # raises ConfigError naming the bad agent
        checked = _table_options(settings or {})
        tokens = {s: secrets.token_urlsafe(24) for s, kind in enumerate(seats) if kind == HUMAN}
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.NAME,
            config=json.loads(tablefeast.dumps(config)),
            seats=tuple(seats),
            seed=secrets.token_hex(32),
            created=time.time(),
            options=checked,
        )
        store.create_table(row, {s: hash_token(t) for s, t in tokens.items()})
        table = cls(row, store, {s: hash_token(t) for s, t in tokens.items()})
        table._commit(table._chance_moves(table.state, [], now=0.0))
        table._note_choices()
        return table, tokens

    @classmethod
    def restore(cls, store: Store, row: TableRow) -> Table:
        """A stored table rebuilt by replaying its record (every move checked again).

        Args:
            store: where the table is kept.
            row: the table as stored.

        Raises:
            RecordError: a stored move does not replay (the database was tampered with).
        """
        table = cls(row, store, store.token_hashes(row.id))
        moves = store.moves(row.id)
        record = Record(row.game, row.config, tuple(moves))
        before = table.state
        for _, seat, action, after in iter_replay(table.game, record):
            table.events.extend(describe(table.game, before, seat, action, after))
            before = after
        table.state, table.moves = before, list(moves)
        for seat, _ in moves:
            table._played[seat] = table._played.get(seat, 0) + 1
        table._note_choices()
        # Chance that was owed when the server stopped (nothing is owed after a stored move,
        # but a table stored before its first draws were written resumes here).
        table._commit(table._chance_moves(table.state, [], now=0.0))
        return table

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats that people play."""
        return tuple(s for s, kind in enumerate(self.row.seats) if kind == HUMAN)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.game.is_terminal(self.state)

    def setting(self, key: str) -> Any:
        """A table setting, or its default (`TABLE_OPTIONS`).

        Args:
            key: the setting's name.
        """
        if key == "takeover":
            return self.row.options.get("takeover", "heuristic")
        default = TABLE_OPTIONS[key][2]
        if key == "reaction" and default is None:
            default = 1.0 if self.game.NAME == "mausgeflippt" and self.humans else 0.0
        return self.row.options.get(key, default)

    def seat_of(self, token: object) -> int | None:
        """The seat a join token authorizes, or None; compares every seat in constant time.

        Args:
            token: the token the client presented.
        """
        if not isinstance(token, str) or len(token) > 200:
            return None
        digest = hash_token(token)
        found = None
        for seat, stored in self._token_hashes.items():
            if hmac.compare_digest(digest, stored):
                found = seat
        return found

    def play(self, seat: int, text: str, now: float) -> list[str]:
        """Apply `seat`'s move written in notation, and the chance moves that follow it.

        The moves are stored before the state changes. Returns the new public events.

        Args:
            seat: the moving seat.
            text: its move, in the game's notation.
            now: when the move reached the server (`time.monotonic`), for MG-21.

        Raises:
            TablefeastError: the move is refused (the message says why; nothing changed).
        """
        check_turn(self.game.actors(self.state), seat)  # NotYourTurnError, GameOverError
        action = self.game.action_from_str(self.state, seat, text)
        after = self.game.apply_action(self.state, seat, action)
        steps = [(seat, action, self.state, after)]
        arrivals = {**self.arrivals, seat: now}
        return self._commit(self._chance_moves(after, steps, now=now, arrivals=arrivals))

    def _chance_moves(
        self,
        state: Any,
        steps: list[tuple[int, Any, Any, Any]],
        now: float,
        arrivals: dict[int, float] | None = None,
    ) -> tuple[list[tuple[int, Any, Any, Any]], dict[int, float]]:
        # Resolve chance until a player must decide (or the game ends).
        arrivals = dict(self.arrivals if arrivals is None else arrivals)
        number = len(self.moves) + len(steps)
        observe = getattr(self.game, "observed_fastest", None)
        while self.game.actors(state) == (CHANCE,):
            action = None
            if observe is not None and self.humans:
                action = observe(state, arrivals, self.setting("tie_window"))  # MG-21
            if action is None:
                rng = random.Random(f"{self.row.seed}:{number}")
                action = self.game.chance_distribution(state).sample(rng)
            after = self.game.apply_action(state, CHANCE, action)
            steps.append((CHANCE, action, state, after))
            state, number = after, number + 1
        return steps, arrivals

    def _commit(self, work: tuple[list[tuple[int, Any, Any, Any]], dict[int, float]]) -> list[str]:
        steps, arrivals = work
        if not steps:
            return []
        texts = [(seat, self.game.action_to_str(action)) for seat, action, _, _ in steps]
        final = steps[-1][3]
        self.store.append_moves(
            self.row.id, len(self.moves), texts, finished=self.game.is_terminal(final)
        )
        new_events = [e for s, a, b, f in steps for e in describe(self.game, b, s, a, f)]
        self.state, self.arrivals = final, arrivals
        self.moves.extend(texts)
        for seat, _ in texts:
            self._played[seat] = self._played.get(seat, 0) + 1
        self.events.extend(new_events)
        self.version += 1
        self._note_choices()
        return new_events

    def _note_choices(self) -> None:
        # When each seat's legal moves last changed: another seat's hidden commitment at a
        # simultaneous step changes nothing for it, so its answer to the earlier update stands.
        acting = self.game.actors(self.state)
        for seat in range(self.config.players):
            legal = self.game.legal_actions(self.state, seat) if seat in acting else ()
            if self._choices.get(seat) != legal:
                self._choices[seat] = legal
                self._choices_since[seat] = len(self.moves)

    def is_stale(self, seat: int, turn: int) -> bool:
        """Whether a move sent in answer to the update of `turn` comes too late: the seat's
        legal moves have changed since then.

        Args:
            seat: the moving seat.
            turn: the ``turn`` of the update the move answers.
        """
        return turn < self._choices_since.get(seat, 0)

    def played(self, seat: int) -> int:
        """How many moves `seat` has made (public: every seat sees who moved).

        Args:
            seat: the seat.
        """
        return self._played.get(seat, 0)

    def record(self) -> Record:
        """The game's record so far (publish it only once the game is over)."""
        return Record(self.row.game, self.row.config, tuple(self.moves))
