"""A real PostgreSQL server for tests: its own cluster in a temporary folder, on 127.0.0.1.

`start_postgres` runs Debian's ``initdb`` and ``postgres`` (as the ``postgres`` user when the
tests run as root, since ``initdb`` refuses root), waits until it answers, and returns it;
`PostgresServer.stop` ends it by its process id. Where no server can be started (no binaries,
no driver), `start_postgres` says why, for the tests to skip with that reason.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import attrs


@attrs.define
class PostgresServer:
    """A running test server.

    Attributes:
        process: the ``postgres`` process (this test run's own).
        folder: its cluster and socket folder.
        port: its port on 127.0.0.1.
    """

    process: subprocess.Popen[bytes]
    folder: Path
    port: int

    @property
    def url(self) -> str:
        """The URL of its ``postgres`` database, as the superuser."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database(self, name: str) -> str:
        """A fresh database of that name (dropped first if it exists); its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """End the server (fast shutdown, by its process id) and remove its folder."""
        if self.process.poll() is None:
            self.process.send_signal(2)  # SIGINT: PostgreSQL's fast shutdown
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        shutil.rmtree(self.folder, ignore_errors=True)


def _binaries() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_postgres() -> PostgresServer | str:
    """A new server, or why none can be started here."""
    try:
        import psycopg
    except ImportError:
        return 'the postgres extra is not installed (pip install ".[postgres]")'
    binaries = _binaries()
    if binaries is None:
        return "no PostgreSQL server binaries (apt-get install postgresql)"
    user: str | None = None
    if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to the postgres user
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root with no postgres user to run the server"
        user = "postgres"
    folder = Path(tempfile.mkdtemp(prefix="tablefeast-pg-"))
    data = folder / "data"
    if user is not None:
        shutil.chown(folder, user, user)
    done = subprocess.run(
        [str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-N"],
        capture_output=True,
        user=user,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return f"initdb failed: {done.stderr.decode(errors='replace')[-300:]}"
    port = _free_port()
    process = subprocess.Popen(
        [
            str(binaries / "postgres"),
            "-D",
            str(data),
            "-p",
            str(port),
            "-k",
            str(folder),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=off",  # a test cluster: durability across a power cut is not tested here
            "-c",
            "max_connections=200",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        user=user,
    )
    server = PostgresServer(process, folder, port)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            server.stop()
            return f"postgres exited at start with status {process.returncode}"
        try:
            with psycopg.connect(server.url, connect_timeout=2):
                return server
        except psycopg.OperationalError:
            time.sleep(0.1)
    server.stop()
    return "postgres did not answer within 30 s"
