"""Bot work on a bounded pool of threads, shared fairly by the clients, then by their tables.

Every table's bots wait in their table's own line, and every table belongs to an owner (the
client address that created it). The pool runs at most one job of a table at a time; the owners
with work waiting take turns (round robin), and within an owner its tables take turns. So a
client that made twenty tables of six searching bots gets one turn in each round, as the person
at a single table does; an owner may keep at most `limit` jobs waiting (more are refused with
`BotPoolFullError`, and the server plays those bots' fallback at once); and since every bot the
server builds stops within its ``think`` limit (`tablefeast.server.seats`), a job's time is
bounded too.

Where a bot thinks depends on its weight (`tablefeast.server.seats.weight`), and `BotRunner`
sends it there: random bots on the event loop (cheaper than sending them anywhere), the
heuristics on a pool of their own (``quick_workers``: they never wait behind a search), and the
searches on the searching pool (``bot_workers``), each in a worker process
(`tablefeast.server.workers`).

**What a person is promised.** A bot moves within its table's ``think`` limit of its turn
(after its reaction delay, in a race), whatever the load, give or take `OVERRUN`: a search is
given the time left until then as its time guard and stops there with the best move it found
(its move then depends on the machine: it is counted as cut short); a search that cannot start
in time (the pool busy with other owners' work), whose owner has too many moves waiting, or whose
process fails or overruns, is replaced by its fallback, the game's heuristic, at once. The bots
of one table think one at a time, so where several commit at once they share that time.

Examples:
    >>> import asyncio
    >>> async def main():
    ...     pool = BotPool(workers=1)
    ...     answer = await pool.run("table", lambda: 6 * 7)
    ...     pool.close()
    ...     return answer
    >>> asyncio.run(main())
    42
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from typing import Any

import attrs

from tablefeast.server.seats import weight
from tablefeast.server.settings import ServerSettings
from tablefeast.server.workers import BotError, BotRequest, Workers, decide

__all__ = ["MIN_SEARCH", "OVERRUN", "BotPool", "BotPoolFullError", "BotRunner"]

log = logging.getLogger("tablefeast.server")

MIN_SEARCH = 0.05
"""Seconds: a search with less time than this left before its move is due plays its fallback."""
OVERRUN = 1.0
"""Seconds past its time guard after which a search's process is ended (a built-in search
stops at its guard within an iteration; an operator's own agent might not)."""

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]


def _resolve(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if not future.cancelled():
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class BotPoolFullError(Exception):
    """The owner already has as many jobs waiting as it may."""


class BotPool:
    """Jobs by owner and table, on `workers` threads, at most one of a table at a time, owners
    in turn and each owner's tables in turn.

    The threads take the next job themselves as soon as one ends (its answer goes back to the
    event loop), so a busy event loop never holds a thread idle.

    Args:
        workers: the threads.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._lock = threading.Lock()
        self._ready = threading.Condition(self._lock)
        self._running: set[str] = set()
        self._waiting: OrderedDict[str, OrderedDict[str, deque[_Job]]] = OrderedDict()
        self._queued: Counter[str] = Counter()
        self._threads: list[threading.Thread] = []
        self._closed = False

    @property
    def waiting(self) -> int:
        """Jobs waiting for a thread."""
        with self._lock:
            return sum(self._queued.values())

    async def run(
        self,
        table_id: str,
        job: Callable[[], Any],
        owner: str | None = None,
        limit: int | None = None,
    ) -> Any:
        """Run `job` on a thread when its owner's and its table's turn comes; its answer (or
        its exception).

        Cancelling the call drops the job if it has not started (a started job runs to its
        own end: the server's bots stop within their time limit).

        Args:
            table_id: the table the job is for.
            job: a call without arguments.
            owner: whose table it is (the creating client's address); the table itself if None.
            limit: the most jobs the owner may have waiting, this one included (None: any).

        Raises:
            BotPoolFullError: the owner has `limit` jobs waiting already (nothing was queued).
        """
        owner = table_id if owner is None else owner
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is closed")
            if limit is not None and self._queued[owner] >= limit:
                raise BotPoolFullError(f"{owner} has {limit} bot moves waiting")
            tables = self._waiting.setdefault(owner, OrderedDict())
            tables.setdefault(table_id, deque()).append((job, future, loop))
            self._queued[owner] += 1
            if len(self._threads) < self.workers:
                thread = threading.Thread(target=self._work, name="tablefeast-bot", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._ready.notify()
        return await future

    def _next(self) -> tuple[str, _Job] | None:
        # Under the lock: the first owner in line with a table that has work and none running;
        # that table's next job. The owner, and the table within it, go to the back of the line.
        for owner, tables in self._waiting.items():
            for table_id, jobs in tables.items():
                if table_id in self._running:
                    continue
                job = jobs.popleft()
                if jobs:
                    tables.move_to_end(table_id)
                else:
                    del tables[table_id]
                if tables:
                    self._waiting.move_to_end(owner)
                else:
                    del self._waiting[owner]
                self._queued[owner] -= 1
                if self._queued[owner] <= 0:
                    del self._queued[owner]
                self._running.add(table_id)
                return table_id, job
        return None

    def _work(self) -> None:
        while True:
            with self._lock:
                found = self._next()
                while found is None and not self._closed:
                    self._ready.wait()
                    found = self._next()
                if found is None:
                    return
            table_id, (job, future, loop) = found
            if future.cancelled():
                ok, value = False, None
            else:
                try:
                    ok, value = True, job()
                except Exception as e:
                    ok, value = False, e
            with self._lock:
                self._running.discard(table_id)
                self._ready.notify()
            if not future.cancelled():
                with contextlib.suppress(RuntimeError):  # the loop is closed: the server stops
                    loop.call_soon_threadsafe(_resolve, future, ok, value)

    def close(self) -> None:
        """Stop taking work; jobs that have not started are dropped."""
        with self._lock:
            self._closed = True
            jobs = [
                job for tables in self._waiting.values() for line in tables.values() for job in line
            ]
            self._waiting.clear()
            self._queued.clear()
            self._ready.notify_all()
        for _, future, loop in jobs:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(future.cancel)


class BotRunner:
    """Where and when each bot thinks (module docs), and how often the promise of time acted.

    Args:
        settings: the server's settings (pools, processes, the cap on waiting moves).

    Attributes:
        counts: ``searched``, ``cut_short`` (a search stopped by its time guard), ``late`` (no
            worker in time: the fallback played), ``overloaded`` (the owner had too many moves
            waiting: the fallback played) and ``failed`` (the process failed or overran).
    """

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.searches = BotPool(settings.bot_workers)
        self.quick = BotPool(settings.quick_workers)
        self.workers = Workers(settings.bot_processes)
        self.counts: Counter[str] = Counter()
        self._counting = threading.Lock()

    def _count(self, what: str) -> None:
        with self._counting:  # from the pools' threads
            self.counts[what] += 1

    async def move(self, request: BotRequest, table_id: str, owner: str, due: float) -> str:
        """The bot's move in notation, by `due` (`time.monotonic`), give or take `OVERRUN`.

        Args:
            request: the position and the bot (its ``think`` is replaced by the time left).
            table_id: the table.
            owner: the address that created the table (whose share of the pools it uses).
            due: when the move is promised.

        Raises:
            BotError: a quick bot failed (the caller plays any legal move).
        """
        heft = weight(request.kind, request.game, self.settings)
        if heft == "light":  # cheaper than sending it anywhere
            return decide(request)
        if heft == "quick":
            here = self.workers.decide
            quick = await self.quick.run(
                table_id, lambda: here(request, request.think + OVERRUN, here=True).move, owner
            )
            return str(quick)
        try:
            move = await self.searches.run(
                table_id,
                lambda: self._search(request, due),
                owner,
                limit=self.settings.max_bot_jobs_per_address,
            )
        except BotPoolFullError:
            self._count("overloaded")
            move = await self.quick.run(table_id, lambda: self._fallback(request), owner)
        return str(move)

    def _search(self, request: BotRequest, due: float) -> str:
        # On a thread of the searching pool.
        left = due - time.monotonic()
        if left < MIN_SEARCH:
            self._count("late")
            return self._fallback(request)
        try:
            answer = self.workers.decide(attrs.evolve(request, think=left), left + OVERRUN)
        except BotError as e:
            log.warning("a %s bot failed, its fallback plays: %s", request.kind, e)
            self._count("failed")
            return self._fallback(request)
        self._count("searched")
        if answer.cut_short:
            self._count("cut_short")
        return answer.move

    @staticmethod
    def _fallback(request: BotRequest) -> str:
        return decide(attrs.evolve(request, kind="heuristic"))

    def close(self) -> None:
        """Stop taking work and end the worker processes."""
        self.searches.close()
        self.quick.close()
        self.workers.close()
