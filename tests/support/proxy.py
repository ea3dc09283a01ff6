"""A round-robin TCP proxy on 127.0.0.1 for the tests of several server processes: each new
connection goes to the next backend that accepts it (a backend that refuses is skipped), as a
reverse proxy in front of several processes does; bytes pass through untouched (HTTP and
WebSockets alike). Threads of its own; `stop` ends them."""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading


class RoundRobinProxy:
    """Listens on a free loopback port and forwards each connection to a backend in turn.

    Args:
        ports: the backends' ports on 127.0.0.1.
    """

    def __init__(self, ports: list[int]) -> None:
        self.ports = list(ports)
        self._turn = itertools.count()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.served: dict[int, int] = {}  # connections forwarded to each backend
        self.websockets: list[int] = []  # the backend of each WebSocket, in order
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        """The proxy's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._forward, args=(client,), daemon=True).start()

    def _backend(self) -> socket.socket | None:
        for _ in range(len(self.ports)):
            port = self.ports[next(self._turn) % len(self.ports)]
            with contextlib.suppress(OSError):
                backend = socket.create_connection(("127.0.0.1", port), timeout=2)
                backend.settimeout(None)
                with self._lock:
                    self.served[port] = self.served.get(port, 0) + 1
                return backend
        return None

    def _forward(self, client: socket.socket) -> None:
        try:
            first = client.recv(65536)  # the request line tells a WebSocket from a page
        except OSError:
            first = b""
        backend = self._backend() if first else None
        if backend is None:
            client.close()
            return
        if first.startswith(b"GET /ws/"):
            with self._lock:
                self.websockets.append(backend.getpeername()[1])
        try:
            backend.sendall(first)
        except OSError:
            client.close()
            backend.close()
            return
        with self._lock:
            self._open.update((client, backend))
        pipes = [
            threading.Thread(target=_pipe, args=(client, backend), daemon=True),
            threading.Thread(target=_pipe, args=(backend, client), daemon=True),
        ]
        for pipe in pipes:
            pipe.start()
        for pipe in pipes:
            pipe.join()
        with self._lock:
            self._open.difference_update((client, backend))

    def stop(self) -> None:
        """Stop listening and close every connection."""
        self._stopped = True
        self._listener.close()
        with self._lock:
            for sock in list(self._open):
                with contextlib.suppress(OSError):
                    sock.close()


def _pipe(source: socket.socket, target: socket.socket) -> None:
    """Copy bytes until either side closes; then close both (the other pipe then ends)."""
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        pass
    finally:
        for sock in (source, target):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                sock.close()
