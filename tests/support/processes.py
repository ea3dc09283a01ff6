"""Real ``tablefeast serve`` processes on one database, for the tests of several processes."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve_processes(url: str, count: int, folder: Path) -> Iterator[list[Any]]:
    """`count` ``tablefeast serve`` processes on one database, each on a port of its own, with a
    short lease (1.5 s) and no rate limits; yields ``(port, process)`` pairs and ends them (only
    them) at the end."""
    config = folder / "server.toml"
    config.write_text(
        "lease_seconds = 1.5\nbot_processes = false\nmessage_rate = 10000.0\n"
        "create_rate = 10000.0\ncreate_burst = 10000\n"
        "create_rate_total = 10000.0\ncreate_burst_total = 10000\n"
    )
    servers: list[tuple[int, subprocess.Popen[str]]] = []
    try:
        for _ in range(count):
            port = free_port()
            command = [sys.executable, "-m", "tablefeast.cli", "serve", "--port", str(port)]
            command += ["--db", url, "--config", str(config)]
            servers.append(
                (
                    port,
                    subprocess.Popen(
                        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
                    ),
                )
            )
        for port, server in servers:
            deadline = time.monotonic() + 30
            while True:
                assert server.poll() is None, server.communicate()
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                        break
                except OSError:
                    assert time.monotonic() < deadline, "a server did not start within 30 s"
                    time.sleep(0.1)
        yield servers
    finally:
        for _, server in servers:  # end only the processes this test started
            if server.poll() is None:
                server.kill()
            server.communicate(timeout=30)
