"""One game table on the server: the true state, its record, its seats, its public event log.

A `Table` is plain, synchronous game bookkeeping, with no networking: the server (`hub.py`) calls
it under the table's lock and tells the connections what changed. A move is checked by the engine
and worked out with the chance moves that follow it (`prepare`, which changes nothing), written
to the store (`save`, which the server runs off its event loop), and only then applied (`apply`);
so what a player is told is always already durable, and a failed write leaves the table as it
was. `play` does all three.

Chance is drawn here, from a secret per-table seed kept in the store: draw number ``n`` uses
``random.Random(f"{seed}:{n}")``, so nobody without the seed can predict a draw, and a table
rebuilt from its record after a restart draws on exactly as it would have. A game may declare a
chance outcome that is observed rather than drawn when people play (``CAPABILITIES.
observed_chance``): in Mausgeflippt, who was fastest is the order in which the claims reached
the server (ruling MG-21).

Every move is applied once, traced (`tablefeast.kernel.effects.trace`): the public event log is
the words of its effects as a spectator sees them.

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

import attrs

import tablefeast
from tablefeast.kernel.chance import CHANCE
from tablefeast.kernel.effects import Effect, LastResult, tell, trace
from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.options import config_from_options
from tablefeast.kernel.play import Observer
from tablefeast.kernel.record import Record, iter_traced
from tablefeast.kernel.ruleset import AnyRuleset, check_turn
from tablefeast.kernel.serialize import structure
from tablefeast.server.seats import HUMAN, check_kind, check_names
from tablefeast.server.settings import ServerSettings
from tablefeast.server.store import Store, TableRow

__all__ = ["HUMAN", "MAX_SEATS", "TABLE_OPTIONS", "Pending", "Table", "hash_token"]
TABLE_OPTIONS: Mapping[str, tuple[float, float, float | None]] = {
    "timeout": (1.0, 86_400.0, None),
    "think": (0.05, 60.0, 2.0),
    "reaction": (0.0, 10.0, None),
    "tie_window": (0.0, 2.0, 0.1),
}
"""The table's own settings in seconds, each (lowest, highest, default): a human seat's idle
``timeout`` before its ``takeover`` bot plays for it (None: never), a bot's ``think`` limit, a
bot's ``reaction`` delay in a race (None: the game's ``CAPABILITIES.reaction`` with people, such
as 1 s in Mausgeflippt, else 0), and the ``tie_window`` of an observed chance outcome (MG-21).
A server's own `ServerSettings.max_think` may lower ``think``'s highest."""
MAX_SEATS = 8
"""The most seats any table has (no game has more)."""


def hash_token(token: str) -> str:
    """The stored form of a join token (a token is never stored in clear).

    Args:
        token: the secret join token.

    Examples:
        >>> len(hash_token("abc"))
        64
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def check_settings(options: Any, settings: ServerSettings) -> dict[str, Any]:
    """A table's own settings, checked (`TABLE_OPTIONS` and ``takeover``, a seat kind).

    Args:
        options: the settings as the request sent them.
        settings: the server's settings (the highest ``think``, the seat kinds offered).

    Raises:
        ConfigError: not a mapping, an unknown setting, a value out of its range, or bad names.
    """
    if not isinstance(options, Mapping):
        raise ConfigError("settings map each table setting to its value")
    checked: dict[str, Any] = {}
    for key, value in options.items():
        if key == "names":  # the seats' names (`tablefeast.server.seats.check_names`)
            if not isinstance(value, list) or len(value) > MAX_SEATS:
                raise ConfigError(f"names lists one name (or null) per seat, at most {MAX_SEATS}")
            checked[key] = list(check_names(value, len(value)))
            continue
        if key == "takeover":
            if check_kind(value, settings) == HUMAN:
                raise ConfigError("the takeover of an idle seat is a bot, not human")
            checked[key] = value
            continue
        if key not in TABLE_OPTIONS:
            known = ", ".join([*TABLE_OPTIONS, "takeover"])
            raise ConfigError(f"unknown table setting {shown(key)}; settings: {known}")
        low, high, _ = TABLE_OPTIONS[key]
        if key == "think":
            high = min(high, settings.max_think)
        if value is None:
            continue
        if type(value) not in (int, float) or not low <= value <= high:
            raise ConfigError(f"table setting {key} must be seconds from {low} to {high}")
        checked[key] = float(value)
    return checked


Step = tuple[int, Any, Any, tuple[Effect, ...]]
"""One move worked out: ``(seat, action, state after, effects)``."""


@attrs.frozen
class Pending:
    """A move worked out but not yet stored or applied (`Table.prepare`).

    Attributes:
        first: the number of its first move in the record.
        texts: the moves in notation, ``(seat, text)``: the player's, then chance's.
        steps: each move as ``(seat, action, after, effects)``: the state it gives and what it
            did (`tablefeast.kernel.effects`).
        arrivals: when each seat's latest move reached the server, after these moves.
        finished: whether the game is over after them.
        version: the table's version they were worked out from.
    """

    first: int
    texts: tuple[tuple[int, str], ...]
    steps: tuple[Step, ...]
    arrivals: dict[int, float]
    finished: bool
    version: int


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
        result: how the latest step came out, in public words (kept until the next step's).
        arrivals: per seat, when its latest move reached the server (`time.monotonic`).
        version: counts the changes, so that a bot's late answer can tell it is stale.
        observer: what the table has shown of each seat's play, for its bots.
    """

    def __init__(self, row: TableRow, store: Store, token_hashes: dict[int, str]) -> None:
        self.row = row
        self.store = store
        self.game: AnyRuleset = tablefeast.load(row.game)
        self.config: Any = structure(row.config, self.game.Config)
        self.state: Any = self.game.initial_state(self.config)
        self.moves: list[tuple[int, str]] = []
        self.events: list[str] = []
        self.result = LastResult()
        self.arrivals: dict[int, float] = {}
        self.version = 0
        self.observer = Observer(self.game)
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
        server: ServerSettings | None = None,
        config: Any = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored, with its chance resolved up to the first decision.

        Args:
            store: where the table is kept.
            game_name: the game's name.
            players: the number of players.
            options: the game's Config options (values already read from text).
            seats: per seat, ``"human"`` or a bot's kind (`tablefeast.server.seats`).
            settings: the table's own settings (`TABLE_OPTIONS`, ``takeover``).
            server: the server's settings (the seat kinds and budgets it offers).
            config: the game's Config, built already (another table's, for a new game with
                the same seats), instead of one built from `options`.

        Returns:
            The table and one secret join token per human seat.

        Raises:
            ConfigError: a bad game, config, seat list or setting (the message says which).
            StoreError: the table could not be stored.
        """
        server = ServerSettings() if server is None else server
        game = tablefeast.load(game_name)
        if type(players) is not int or not 1 <= players <= MAX_SEATS:
            raise ConfigError(f"players must be an int from 1 to {MAX_SEATS}, got {shown(players)}")
        if not isinstance(seats, list | tuple) or len(seats) != players:
            raise ConfigError(f"seats must list one kind per player ({players})")
        for kind in seats:
            check_kind(kind, server)  # a ConfigError naming the bad kind
        checked = check_settings(settings or {}, server)
        if len(checked.get("names", ())) not in (0, players):
            raise ConfigError(f"names lists one name (or null) per seat ({players})")
        if config is None:
            config = config_from_options(game, players, options)
        elif type(config) is not game.Config or config.players != players:
            raise ConfigError(f"config must be a {game.NAME} Config for {players} players")
        tokens = {s: secrets.token_urlsafe(24) for s, kind in enumerate(seats) if kind == HUMAN}
        now = time.time()
        row = TableRow(
            id=secrets.token_urlsafe(9),
            game=game.NAME,
            config=json.loads(tablefeast.dumps(config)),
            seats=tuple(seats),
            seed=secrets.token_hex(32),
            created=now,
            options=checked,
            updated=now,
            joined=None if HUMAN in seats else now,  # bots alone: a table nobody need join
        )
        table = cls(row, store, {s: hash_token(t) for s, t in tokens.items()})
        owed = table.prepare_chance()
        store.create_table(row, table._token_hashes)
        if owed is not None:
            table.save(owed)
            table.apply(owed)
        table._note_choices()  # the first decisions' moves: answers to them are not stale
        return table, tokens

    @classmethod
    def restore(cls, store: Store, row: TableRow) -> Table:
        """A stored table rebuilt by replaying its record (every move checked again).

        Args:
            store: where the table is kept.
            row: the table as stored.

        Raises:
            RecordError: a stored move does not replay (the database was tampered with).
            StoreError: the store cannot be read (or the chance owed cannot be written).
        """
        table = cls(row, store, store.token_hashes(row.id))
        moves = store.moves(row.id)
        record = Record(row.game, row.config, tuple(moves))
        for _, seat, action, after, effects in iter_traced(table.game, record):
            table._replayed(seat, action, after, effects)
        table.moves = list(moves)
        for seat, _ in moves:
            table._played[seat] = table._played.get(seat, 0) + 1
        table._note_choices()
        # Chance that was owed when the server stopped (nothing is owed after a stored move,
        # but a table stored before its first draws were written resumes here).
        owed = table.prepare_chance()
        if owed is not None:
            table.save(owed)
            table.apply(owed)
        return table

    def _replayed(
        self, seat: int, action: Any, after: Any, effects: tuple[Effect, ...]
    ) -> list[str]:
        """A stored move taken into the table's state, words and memory; its public words."""
        lines = tell(self.game, self.config, effects)
        self.events.extend(lines)
        self.result = self.result.after(self.game, self.config, effects)
        self.observer.note(self.state, seat, action, after)
        self.state = after
        return list(lines)

    def catch_up(self, moves: list[tuple[int, str]], now: float) -> list[str]:
        """Take in moves another server process stored (numbered from this table's count of
        moves on), each checked and traced as `restore` replays them; returns the new public
        events.

        Args:
            moves: the moves, ``(seat, text)``, as `Store.moves_since` gives them.
            now: when they reached this process (`time.monotonic`): the arrival of each seat's
                move, as far as this process can tell (MG-21).

        Raises:
            TablefeastError: a stored move does not replay (the database was tampered with).
        """
        new_events: list[str] = []
        for seat, text in moves:
            action = self.game.action_from_str(self.state, seat, text)
            after, effects = trace(self.game, self.state, seat, action)
            new_events += self._replayed(seat, action, after, effects)
            self.moves.append((seat, text))
            self._played[seat] = self._played.get(seat, 0) + 1
            if seat != CHANCE:
                self.arrivals[seat] = now
        if moves:
            self.version += 1
            self._note_choices()
        return new_events

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
            default = self.game.CAPABILITIES.reaction if self.humans else 0.0
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

        The moves are stored before the state changes (`prepare`, `save`, `apply`). Returns the
        new public events.

        Args:
            seat: the moving seat.
            text: its move, in the game's notation.
            now: when the move reached the server (`time.monotonic`), for MG-21.

        Raises:
            TablefeastError: the move is refused (the message says why; nothing changed).
            StoreError: the move could not be stored (nothing changed).
        """
        pending = self.prepare(seat, text, now)
        self.save(pending)
        return self.apply(pending)

    def prepare(self, seat: int, text: str, now: float) -> Pending:
        """Check `seat`'s move and work it out, with the chance moves after it; changes nothing.

        Args:
            seat: the moving seat.
            text: its move, in the game's notation.
            now: when the move reached the server (`time.monotonic`), for MG-21.

        Raises:
            TablefeastError: the move is refused (the message says why).
        """
        check_turn(self.game.actors(self.state), seat)  # NotYourTurnError, GameOverError
        action = self.game.action_from_str(self.state, seat, text)
        after, effects = trace(self.game, self.state, seat, action)
        return self._pending([(seat, action, after, effects)], after, {**self.arrivals, seat: now})

    def prepare_chance(self) -> Pending | None:
        """The chance moves owed now (at a table's start), worked out; None if none is owed."""
        if self.game.actors(self.state) != (CHANCE,):
            return None
        return self._pending([], self.state, dict(self.arrivals))

    def save(self, pending: Pending) -> None:
        """Write `pending`'s moves to the store, in one transaction (may block: the server
        runs it off its event loop).

        Args:
            pending: moves from `prepare` or `prepare_chance`.

        Raises:
            StoreError: the store refused the write (nothing was written).
        """
        self.store.append_moves(
            self.row.id, pending.first, list(pending.texts), finished=pending.finished
        )

    def apply(self, pending: Pending) -> list[str]:
        """Apply stored moves to the table; returns the new public events.

        Args:
            pending: moves that `save` wrote, worked out from this table's current version.
        """
        if pending.version != self.version:  # a bug of the caller, never of a client
            raise RuntimeError("moves worked out from another position of the table")
        # Worded move by move, exactly as `restore` words them.
        new_events = [line for *_, fx in pending.steps for line in tell(self.game, self.config, fx)]
        before = self.state
        for seat, action, after, fx in pending.steps:
            self.result = self.result.after(self.game, self.config, fx)
            self.observer.note(before, seat, action, after)
            before = after
        self.state, self.arrivals = pending.steps[-1][2], pending.arrivals
        self.moves.extend(pending.texts)
        for seat, _ in pending.texts:
            self._played[seat] = self._played.get(seat, 0) + 1
        self.events.extend(new_events)
        self.version += 1
        self._note_choices()
        return new_events

    def _pending(self, steps: list[Step], state: Any, arrivals: dict[int, float]) -> Pending:
        # Resolve chance until a player must decide (or the game ends).
        number = len(self.moves) + len(steps)
        observe = self.game.CAPABILITIES.observed_chance
        while self.game.actors(state) == (CHANCE,):
            action = None
            if observe is not None and self.humans:
                action = observe(state, arrivals, self.setting("tie_window"))  # MG-21
            if action is None:
                rng = random.Random(f"{self.row.seed}:{number}")
                action = self.game.chance_distribution(state).sample(rng)
            after, effects = trace(self.game, state, CHANCE, action)
            steps.append((CHANCE, action, after, effects))
            state, number = after, number + 1
        texts = tuple((seat, self.game.action_to_str(action)) for seat, action, *_ in steps)
        return Pending(
            first=len(self.moves),
            texts=texts,
            steps=tuple(steps),
            arrivals=arrivals,
            finished=self.game.is_terminal(state),
            version=self.version,
        )

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
