"""The server's own settings: every bound on what a client can make it hold, and whom it trusts.

A request from the network is hostile until checked. Everything it can make the server hold has
a bound here, with a clear refusal past it (a status code with ``Retry-After``, or a WebSocket
close code): tables, connections, queued messages, bot work, memory. The defaults suit one
process on a small machine; ``tablefeast serve --config FILE`` (TOML) or the keyword arguments of
`create_app` change them.

The trusted parts (an outside agent class for the server's own bots, the creation key) come only
from the operator: from this file, the command line or Python, never from a request.

Examples:
    >>> settings = ServerSettings(max_open_tables=50)
    >>> settings.max_open_tables, settings.message_rate
    (50, 20.0)
    >>> ServerSettings(max_open_tables=0)
    Traceback (most recent call last):
    ...
    tablefeast.kernel.errors.ConfigError: ServerSettings.max_open_tables must be from 1 to ...
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from tablefeast.kernel.errors import ConfigError
from tablefeast.kernel.limits import shown
from tablefeast.kernel.values import FrozenDict

__all__ = ["ServerSettings"]

_HUGE = 10**9


def _bounded(low: float, high: float, kind: type = int) -> Any:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        number = type(value) in (int, float) if kind is float else type(value) is int
        if not number or not low <= value <= high:
            name = f"ServerSettings.{attribute.name}"
            raise ConfigError(f"{name} must be from {low} to {high:,}, got {shown(value)}")

    return check


def _names(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ConfigError(f"a list of names is expected, got {shown(value)}")
    if len(value) > 100 or not all(isinstance(v, str) and 0 < len(v) <= 253 for v in value):
        raise ConfigError(f"names are at most 100 strings of 1 to 253 characters: {shown(value)}")
    return tuple(v.lower() for v in value)


def _agents(value: Any) -> FrozenDict[str, str]:
    if not isinstance(value, Mapping):
        raise ConfigError(f"agents map a name to package.module:Class, got {shown(value)}")
    for name, spec in value.items():
        if not (isinstance(name, str) and name.isidentifier() and len(name) <= 40):
            raise ConfigError(f"an agent's name is a word of at most 40 letters: {shown(name)}")
        if not (isinstance(spec, str) and ":" in spec and len(spec) <= 500):
            raise ConfigError(f"agent {name}: expected package.module:Class, got {shown(spec)}")
    return FrozenDict(dict(value))


@attrs.frozen(kw_only=True)
class ServerSettings:
    """Every limit of one server process, and what it trusts.

    Attributes:
        allowed_hosts: host names the server answers to besides ``localhost`` and IP addresses
            (a request for another name is refused: DNS rebinding); ``["*"]`` answers to any
            (behind a proxy that checks the name itself).
        allowed_origins: other origins (``https://games.example.com``) whose pages may create
            tables and open WebSockets; the server's own origin always may; ``["*"]``: any.
        create_key: when set, ``POST /api/tables`` must send ``Authorization: Bearer KEY``.
        agents: the operator's own bots by name (``{"mybot": "package.module:Class"}``), which
            a request may then name as a seat; the only way an outside class is ever loaded.
        max_open_tables: live tables at once: joined (by a person, or bots alone) and not
            abandoned (`tablefeast.server.capacity`); a new table past it is refused with 503
            and a ``Retry-After`` of when the soonest of them is abandoned.
        max_open_tables_per_address: open tables (live, or made and not yet joined) one
            client address may have created (each process counts its own); one more is refused
            with 429 and a true ``Retry-After``. Filling the server takes `max_open_tables`
            divided by this many addresses, each joining its tables.
        abandon_after: seconds without a move or a person joining after which an unfinished
            table is abandoned: it no longer counts as open and leaves the listing (it can
            still be played on).
        unjoined_after: seconds after its creation at which a table that no person has joined
            (connected to one of its seats) stops counting for its creator's address; it never
            counts for the server's cap, so tables made and left cannot fill the server. A
            table with no human seat is joined when it is created.
        create_rate: tables one client address may create per second, on average.
        create_burst: tables it may create at once.
        create_rate_total: tables all clients together may create per second, on average (a
            crowd of addresses cannot make the server build tables faster than this).
        create_burst_total: tables all clients together may create at once.
        request_rate: HTTP requests (WebSocket handshakes included) per second per address.
        request_burst: requests one address may make at once.
        max_body_bytes: the largest request body read; a larger one is refused with 413.
        list_limit: the most tables one page of ``GET /api/tables`` lists.
        list_hide_after: seconds after its last move from which a finished table is left out
            of ``GET /api/tables`` (an abandoned one is left out too); ``?all=1`` lists them.
        max_loaded_tables: tables kept in memory with nobody connected and no bot at work;
            the least recently used beyond this leave memory (they are replayed when asked for).
        max_http_connections: HTTP connections at once (a WebSocket counts under
            `max_connections` once open); past it a new connection is answered 503 and closed.
        max_http_connections_per_address: HTTP connections at once from one client address
            (a browser opens up to six); past it, 429 and closed. Not applied to the trusted
            proxy's own address (``--proxy``): the proxy bounds its clients itself.
        header_timeout: seconds a request's line and headers may take from its first byte (or
            a new connection may stay silent); a slower one is answered 408 and closed.
        max_header_bytes: the largest request line and headers read (431 past it).
        min_body_rate: bytes a second a request body must arrive at, on average, after a grace
            of `header_timeout` seconds; a slower one is answered 408 and closed.
        max_bodies_bytes: bytes of request bodies being read at once, by their declared
            lengths; a body that would pass it is refused at once with 503 (so that stalled
            bodies cannot hold more memory than this).
        max_connections: WebSockets at once, seats and spectators; one more is closed with
            code 1013. Spectators have a share of their own (`max_spectators`), so that they
            can never crowd the seats out.
        max_connections_per_address: WebSockets at once from one client address.
        max_connections_per_seat: WebSockets open on one seat at once (a person's tabs); one
            more closes the seat's oldest, so that a person coming back always gets in.
        max_spectators: spectators' WebSockets at once, on all tables together.
        max_spectators_per_address: spectators' WebSockets at once from one client address.
        max_spectators_per_table: spectators of one table at once.
        message_rate: messages a connection may send per second, on average (bursts of twice
            that); past it the connection is read no faster (the flooder waits, not the table).
        byte_rate: bytes a connection may send per second, on average (bursts of four times
            that); past it too the connection is read no faster. A frame over
            `tablefeast.server.protocol.MAX_MESSAGE_BYTES` closes the connection (code 1009)
            before it is read.
        flood_limit: messages in ten seconds that had to wait for the rates, after which the
            connection is closed (code 1008); at most ten seconds' worth of `message_rate` can
            wait, so a connection sending steadily past its rate is closed within seconds.
        outbox_limit: messages waiting to be sent to one connection; a client that reads
            slower than that is closed (code 1008).
        bot_workers: searching bots thinking at once (each in a process of its own, or on a
            thread), shared fairly by the client addresses that created the tables, then by
            their tables.
        quick_workers: threads on which the quick bots (the heuristics) think, apart from the
            searches, so that they never wait behind one.
        max_bot_jobs_per_address: searching bots' moves waiting at once for the tables one
            client address created; past it a bot plays its fallback (the game's heuristic)
            at once.
        bot_processes: bots think in worker processes (True: a search never slows the event
            loop, and one that overruns its time is stopped by ending its process) or on
            threads of the server's own process (False).
        max_think: the most seconds a table's ``think`` setting may give a bot per move. A
            bot moves within its table's ``think`` of its turn whatever the load: a search
            stops at it with the best move found, and a bot that could not start in time
            plays its fallback (the game's heuristic).
        max_iterations: the largest ``ismcts:N`` a seat may ask for.
        max_addresses: client addresses whose rates and connections are tracked (the least
            recently seen are forgotten past it).
        db_timeout: seconds a storage call waits for a lock another process holds before the
            call fails (a move is then refused as ``unavailable``, and nothing changes).
        lease_seconds: how long a process's lease of a table (the right to run its bots and
            seat timeouts) lasts unless renewed; the process renews its leases every third of
            it, and a table whose holder stopped (killed, or cut off from the database) is
            taken over by another process within about this long.
        max_adopted: orphaned tables (their lease ran out) a process takes over at a time.
    """

    allowed_hosts: tuple[str, ...] = attrs.field(default=(), converter=_names)
    allowed_origins: tuple[str, ...] = attrs.field(default=(), converter=_names)
    create_key: str | None = attrs.field(default=None)
    agents: FrozenDict[str, str] = attrs.field(factory=lambda: FrozenDict({}), converter=_agents)
    max_open_tables: int = attrs.field(default=1000, validator=_bounded(1, _HUGE))
    max_open_tables_per_address: int = attrs.field(default=10, validator=_bounded(1, _HUGE))
    abandon_after: float = attrs.field(default=3600.0, validator=_bounded(1, 10**7, float))
    unjoined_after: float = attrs.field(default=300.0, validator=_bounded(1, 10**7, float))
    create_rate: float = attrs.field(default=0.2, validator=_bounded(0.001, 10**6, float))
    create_burst: int = attrs.field(default=10, validator=_bounded(1, _HUGE))
    create_rate_total: float = attrs.field(default=10.0, validator=_bounded(0.001, 10**6, float))
    create_burst_total: int = attrs.field(default=20, validator=_bounded(1, _HUGE))
    request_rate: float = attrs.field(default=20.0, validator=_bounded(0.01, 10**6, float))
    request_burst: int = attrs.field(default=100, validator=_bounded(1, _HUGE))
    max_body_bytes: int = attrs.field(default=256 * 1024, validator=_bounded(1024, 8 * 2**20))
    list_limit: int = attrs.field(default=100, validator=_bounded(1, 1000))
    list_hide_after: float = attrs.field(default=1800.0, validator=_bounded(0, 10**7, float))
    max_loaded_tables: int = attrs.field(default=200, validator=_bounded(0, _HUGE))
    max_http_connections: int = attrs.field(default=512, validator=_bounded(1, _HUGE))
    max_http_connections_per_address: int = attrs.field(default=8, validator=_bounded(1, _HUGE))
    header_timeout: float = attrs.field(default=10.0, validator=_bounded(0.1, 600, float))
    max_header_bytes: int = attrs.field(default=16 * 1024, validator=_bounded(1024, 2**20))
    min_body_rate: float = attrs.field(default=4096.0, validator=_bounded(1, 10**9, float))
    max_bodies_bytes: int = attrs.field(default=16 * 2**20, validator=_bounded(1024, 2**34))
    max_connections: int = attrs.field(default=2000, validator=_bounded(1, _HUGE))
    max_connections_per_address: int = attrs.field(default=32, validator=_bounded(1, _HUGE))
    max_connections_per_seat: int = attrs.field(default=4, validator=_bounded(1, 1000))
    max_spectators: int = attrs.field(default=500, validator=_bounded(0, _HUGE))
    max_spectators_per_address: int = attrs.field(default=8, validator=_bounded(0, _HUGE))
    max_spectators_per_table: int = attrs.field(default=100, validator=_bounded(0, _HUGE))
    message_rate: float = attrs.field(default=20.0, validator=_bounded(0.01, 10**6, float))
    byte_rate: float = attrs.field(default=8192.0, validator=_bounded(64, 10**9, float))
    flood_limit: int = attrs.field(default=100, validator=_bounded(1, _HUGE))
    outbox_limit: int = attrs.field(default=64, validator=_bounded(2, 10**6))
    bot_workers: int = attrs.field(default=2, validator=_bounded(1, 256))
    quick_workers: int = attrs.field(default=2, validator=_bounded(1, 256))
    max_bot_jobs_per_address: int = attrs.field(default=12, validator=_bounded(1, _HUGE))
    bot_processes: bool = attrs.field(default=True)
    max_think: float = attrs.field(default=5.0, validator=_bounded(0.05, 600, float))
    max_iterations: int = attrs.field(default=5000, validator=_bounded(1, 1_000_000))
    max_addresses: int = attrs.field(default=10_000, validator=_bounded(1, _HUGE))
    db_timeout: float = attrs.field(default=5.0, validator=_bounded(0.0, 600, float))
    lease_seconds: float = attrs.field(default=6.0, validator=_bounded(0.3, 3600, float))
    max_adopted: int = attrs.field(default=50, validator=_bounded(0, 10_000))

    @bot_processes.validator
    def _check_processes(self, _: Any, value: Any) -> None:
        if type(value) is not bool:
            raise ConfigError(
                f"ServerSettings.bot_processes must be true or false, got {shown(value)}"
            )

    @create_key.validator
    def _check_key(self, _: Any, value: Any) -> None:
        if value is not None and not (isinstance(value, str) and 8 <= len(value) <= 200):
            raise ConfigError("ServerSettings.create_key must be 8 to 200 characters")

    @classmethod
    def from_toml(cls, path: str | Path, **overrides: Any) -> ServerSettings:
        """Settings read from a TOML file: its keys are the attribute names, ``[agents]`` a
        table of name = "package.module:Class".

        Args:
            path: the file.
            overrides: settings that win over the file's (the command line's).

        Raises:
            ConfigError: the file cannot be read, is not TOML, or has an unknown or bad key.
        """
        try:
            with open(path, "rb") as file:
                data = tomllib.load(file)
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            raise ConfigError(f"the server settings {path}: {e}") from None
        return cls.from_mapping({**data, **overrides})

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ServerSettings:
        """Settings from a mapping of attribute names, with unknown keys named.

        Args:
            data: the settings.

        Raises:
            ConfigError: an unknown or bad key.

        Examples:
            >>> ServerSettings.from_mapping({"bot_workers": 4}).bot_workers
            4
            >>> ServerSettings.from_mapping({"workers": 4})
            Traceback (most recent call last):
            ...
            tablefeast.kernel.errors.ConfigError: unknown server setting 'workers'; ...
        """
        known = {field.name for field in attrs.fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigError(
                    f"unknown server setting {shown(key)}; settings: {', '.join(sorted(known))}"
                )
        try:
            return cls(**data)
        except TypeError as e:  # a wrong type the converters do not name
            raise ConfigError(f"bad server settings: {e}") from None
