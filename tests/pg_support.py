"""A real PostgreSQL server for the tests: ``initdb`` + ``pg_ctl`` into a temporary folder, on
loopback at a free port, stopped at the end (see the ``pg_server`` and ``pg_url`` fixtures in
conftest.py).

PostgreSQL refuses to run as root. Run as root (as CI does), the server runs as the
``postgres`` user (``runuser -u postgres --``) in a folder that user owns; run as anyone else,
as that user. Without ``/usr/local/bin/postgres`` (``$SKILLROUTER_PG_BIN`` names another
folder) the tests that need it are skipped, saying so.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

BIN = Path(os.environ.get("SKILLROUTER_PG_BIN") or "/usr/local/bin")
MISSING = f"PostgreSQL is not installed ({BIN / 'postgres'} is absent; set SKILLROUTER_PG_BIN)"


def available() -> bool:
    return all((BIN / tool).exists() for tool in ("postgres", "initdb", "pg_ctl"))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary folder; :meth:`start`, :meth:`restart`, :meth:`stop`."""

    def __init__(self, *, durable: bool = False) -> None:
        """``durable``: fsync on, as a server in use runs (the tests run without: faster, and a
        test's data need not outlive a power cut)."""
        self.durable = durable
        self.as_root = os.geteuid() == 0
        self.user = "postgres" if self.as_root else pwd.getpwuid(os.geteuid()).pw_name
        self.folder = Path(tempfile.mkdtemp(prefix="skillrouter-pg-"))
        if self.as_root:
            owner = pwd.getpwnam(self.user)
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.data, self.log = self.folder / "data", self.folder / "server.log"
        self.port = 0
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8")

    def _run(self, tool: str, *args: str) -> None:
        command = [str(BIN / tool), *args]
        if self.as_root:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=120, cwd=self.folder, check=False
        )
        if done.returncode:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()} {log}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        for attempt in range(3):  # a free port can be taken between finding it and the server binding it
            self.port = _free_port()
            try:
                self.resume()
                return
            except RuntimeError:
                if attempt == 2:
                    raise

    def restart(self) -> None:
        """Stop (fast: every connection is cut, open transactions roll back) and start again."""
        self.halt()
        self.resume()

    def halt(self) -> None:
        """Stop the server (fast), keeping its data; :meth:`resume` starts it on the same port."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        options = f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=200"
        options += "" if self.durable else " -F"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def new_database(self) -> str:
        """The URL of a new, empty database (one per test: a ledger is one database)."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)
