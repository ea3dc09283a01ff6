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
import functools
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

__all__ = ["BotPool"]

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]"]


class BotPool:
    """Jobs by table, on `workers` threads, at most one of a table at a time, tables in turn.

    Args:
        workers: the threads.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor = ThreadPoolExecutor(workers, thread_name_prefix="tablefeast-bot")
        self._running: set[str] = set()
        self._waiting: OrderedDict[str, deque[_Job]] = OrderedDict()

    @property
    def waiting(self) -> int:
        """Jobs waiting for a thread."""
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
        self._waiting.setdefault(table_id, deque()).append((job, future))
        self._dispatch(loop)
        return await future

    def _dispatch(self, loop: asyncio.AbstractEventLoop) -> None:
        while len(self._running) < self.workers:
            table_id = next((t for t in self._waiting if t not in self._running), None)
            if table_id is None:
                return
            jobs = self._waiting.pop(table_id)
            job, future = jobs.popleft()
            if jobs:
                self._waiting[table_id] = jobs  # the back of the line: the others go first
            if future.cancelled():
                continue
            self._running.add(table_id)
            work = self._executor.submit(job)
            work.add_done_callback(functools.partial(self._back, loop, table_id, future))

    def _back(
        self, loop: asyncio.AbstractEventLoop, table_id: str, future: Any, work: Future[Any]
    ) -> None:
        # On the worker thread: hand the answer to the event loop (unless it has stopped).
        with contextlib.suppress(RuntimeError):  # the loop is closed: the server is stopping
            loop.call_soon_threadsafe(self._done, table_id, future, work)

    def _done(self, table_id: str, future: asyncio.Future[Any], work: Future[Any]) -> None:
        self._running.discard(table_id)
        if table_id in self._waiting:  # it just had its turn: tables that came since go first
            self._waiting.move_to_end(table_id)
        if not future.cancelled():
            error = work.exception()
            if error is None:
                future.set_result(work.result())
            else:
                future.set_exception(error)
        self._dispatch(asyncio.get_running_loop())

    def close(self) -> None:
        """Stop taking work; jobs that have not started are dropped."""
        for jobs in self._waiting.values():
            for _, future in jobs:
                future.cancel()
        self._waiting.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)
