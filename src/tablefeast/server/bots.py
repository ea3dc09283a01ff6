"""Bot work on a bounded pool of threads, shared fairly by the tables.

Every table's bots wait in their table's own line; the pool runs at most one job of a table at a
time, and the tables with work waiting take turns (round robin). So a table of six bots that
search as long as they may costs every other table at most one job's time per turn, however much
work it queues; and since every bot the server builds stops within its ``think`` limit
(`tablefeast.server.seats`), a job's time is bounded too.

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
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

__all__ = ["BotPool"]

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]


def _resolve(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if not future.cancelled():
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class BotPool:
    """Jobs by table, on `workers` threads, at most one of a table at a time, tables in turn.

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
        self._waiting: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._threads: list[threading.Thread] = []
        self._closed = False

    @property
    def waiting(self) -> int:
        """Jobs waiting for a thread."""
        with self._lock:
            return sum(len(jobs) for jobs in self._waiting.values())

    async def run(self, table_id: str, job: Callable[[], Any]) -> Any:
        """Run `job` on a thread when its table's turn comes; its answer (or its exception).

        Cancelling the call drops the job if it has not started (a started job runs to its
        own end: the server's bots stop within their time limit).

        Args:
            table_id: the table the job is for.
            job: a call without arguments.
        """
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is closed")
            self._waiting.setdefault(table_id, deque()).append((job, future, loop))
            if len(self._threads) < self.workers:
                thread = threading.Thread(target=self._work, name="tablefeast-bot", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._ready.notify()
        return await future

    def _next(self) -> tuple[str, _Job] | None:
        # Under the lock: the first table in line with work and none running; its next job.
        for table_id, jobs in self._waiting.items():
            if table_id not in self._running:
                job = jobs.popleft()
                del self._waiting[table_id]
                if jobs:
                    self._waiting[table_id] = jobs  # the back of the line: the others go first
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
                if table_id in self._waiting:  # it just had its turn: the others go first
                    self._waiting.move_to_end(table_id)
                self._ready.notify()
            if not future.cancelled():
                with contextlib.suppress(RuntimeError):  # the loop is closed: the server stops
                    loop.call_soon_threadsafe(_resolve, future, ok, value)

    def close(self) -> None:
        """Stop taking work; jobs that have not started are dropped."""
        with self._lock:
            self._closed = True
            jobs = [job for line in self._waiting.values() for job in line]
            self._waiting.clear()
            self._ready.notify_all()
        for _, future, loop in jobs:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(future.cancel)
