"""The processes bots think in: a search never competes with the server's event loop for
Python's interpreter lock, and a search that overruns its time is stopped by ending its process.

Each thread of the bot pool (`tablefeast.server.bots`) owns at most one worker process, started
when first needed (forked from a `multiprocessing` fork server where the system has one, so a new
worker costs milliseconds). A job is a `BotRequest`; the worker answers with the move in
notation, which the server checks like any other move. A worker that has not answered within its
time is killed, and a new one takes its place.

With ``ServerSettings.bot_processes`` off, the bots think on the pool's threads instead (fine for
tests and for a server whose bots are light).

Examples:
    >>> import tablefeast
    >>> fc = tablefeast.load("food_chain")
    >>> state = fc.initial_state(fc.Config(players=3))
    >>> request = BotRequest("food_chain", state, 0, "heuristic", 1.0, "seed", (), 5000)
    >>> decide(request).startswith("play ")
    True
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import random
import threading
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

import attrs

import tablefeast
from tablefeast.agents.guard import timed_decision
from tablefeast.kernel.errors import TablefeastError
from tablefeast.kernel.play import Observation
from tablefeast.server.seats import bot
from tablefeast.server.settings import ServerSettings

__all__ = ["Answer", "BotError", "BotRequest", "BotTimeoutError", "Workers", "answer", "decide"]

_NICENESS = 10
"""How much lower a worker's CPU priority is than the server's (Unix ``nice``)."""


class BotError(TablefeastError):
    """A bot failed to choose a move (its agent raised, or its worker died)."""


class BotTimeoutError(BotError):
    """A bot did not answer within its time; its worker was ended."""


@attrs.frozen
class BotRequest:
    """What a bot needs to choose a move: everything as plain values, to cross to a process.

    Attributes:
        game: the game's name.
        state: the true state (the agent sees only the seat's view and a sampler anchored on a
            state drawn from it, as `tablefeast.kernel.play.decision` builds them).
        seat: the acting seat.
        kind: the bot's seat kind (checked by `tablefeast.server.seats.check_kind`).
        think: its time limit, seconds.
        seed: the seed of its generator.
        agents: the operator's own agents, ``(name, "package.module:Class")`` pairs.
        max_iterations: the server's cap on ``ismcts:N``.
        observed: what the table has shown the seat of the others' play
            (`tablefeast.kernel.play.Observer.shown`).
    """

    game: str
    state: Any
    seat: int
    kind: str
    think: float
    seed: str
    agents: tuple[tuple[str, str], ...]
    max_iterations: int
    observed: tuple[Observation, ...] = ()


class Answer(NamedTuple):
    """A bot's move in notation, and whether its ``think`` limit cut its search short (the
    move then depends on how busy the machine was; `tablefeast.agents.guard`)."""

    move: str
    cut_short: bool


@functools.lru_cache(maxsize=16)
def _settings(agents: tuple[tuple[str, str], ...], max_iterations: int) -> ServerSettings:
    """The settings a bot is built with (`tablefeast.server.seats.bot`): the same few for every
    request, so checked once each rather than once a move."""
    return ServerSettings(agents=dict(agents), max_iterations=max_iterations)


def answer(request: BotRequest) -> Answer:
    """The bot's move, and whether its time limit cut its search short.

    Args:
        request: the position and the bot.
    """
    game = tablefeast.load(request.game)
    agent = bot(request.kind, _settings(request.agents, request.max_iterations), request.think)
    choose = timed_decision(game, request.state, request.seat, agent, request.observed)
    action, cut_short = choose(random.Random(request.seed))
    return Answer(game.action_to_str(action), cut_short)


def decide(request: BotRequest) -> str:
    """The bot's move, in notation.

    Args:
        request: the position and the bot.
    """
    return answer(request).move


def _serve(connection: Connection) -> None:
    """A worker process: answer requests until told to stop (None) or the pipe closes."""
    with contextlib.suppress(OSError, AttributeError):  # where the system has priorities
        os.nice(_NICENESS)  # bots yield the CPU to the server's event loop
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            reply: tuple[str, Any] = ("move", answer(request))
        except Exception as e:  # the agent's failure, reported: the server chooses instead
            reply = ("error", f"{type(e).__name__}: {e}"[:500])
        try:
            connection.send(reply)
        except OSError:  # the server has gone
            return


class _Worker:
    def __init__(self, context: Any) -> None:
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True)
        self.process.start()
        theirs.close()

    def end(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(timeout=5)
        with contextlib.suppress(OSError):
            self.pipe.close()


class Workers:
    """One worker process per calling thread, started when first needed.

    Args:
        processes: think in processes (True) or on the calling thread (False).
    """

    def __init__(self, processes: bool = True) -> None:
        self.processes = processes
        self._local = threading.local()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._closed = False
        self._context: Any = None

    def _context_for(self) -> Any:
        if self._context is None:
            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            self._context = multiprocessing.get_context(method)
            if method == "forkserver":
                self._context.set_forkserver_preload(["tablefeast.server.workers"])
        return self._context

    def decide(self, request: BotRequest, timeout: float, *, here: bool = False) -> Answer:
        """The bot's move, and whether its time limit cut it short (call it from a pool
        thread: it blocks).

        Args:
            request: the position and the bot.
            timeout: seconds to wait for the answer before ending the worker.
            here: think on the calling thread (a quick bot: a process would cost more).

        Raises:
            BotTimeoutError: no answer in time (the worker was ended).
            BotError: the agent failed, or the worker died.
        """
        if here or not self.processes:
            try:
                return answer(request)
            except Exception as e:
                raise BotError(f"{type(e).__name__}: {e}"[:500]) from None
        worker = self._worker()
        try:
            worker.pipe.send(request)
            if not worker.pipe.poll(timeout):
                self._retire(worker)
                raise BotTimeoutError(f"no move within {timeout:.1f} s: the bot was stopped")
            kind, value = worker.pipe.recv()
        except (EOFError, OSError) as e:
            self._retire(worker)
            raise BotError(f"the bot's process ended: {e}") from None
        if kind != "move" or not isinstance(value, Answer):
            raise BotError(str(value))
        return value

    def _worker(self) -> _Worker:
        worker: _Worker | None = getattr(self._local, "worker", None)
        if worker is None or not worker.process.is_alive():
            with self._lock:
                if self._closed:
                    raise BotError("the server is stopping")
                worker = _Worker(self._context_for())
                self._all.append(worker)
            self._local.worker = worker
        return worker

    def _retire(self, worker: _Worker) -> None:
        worker.end()
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        self._local.worker = None

    def close(self) -> None:
        """End every worker."""
        with self._lock:
            self._closed = True
            workers, self._all = self._all, []
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.pipe.send(None)
            worker.end()
