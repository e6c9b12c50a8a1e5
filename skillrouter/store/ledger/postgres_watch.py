"""What a process keeps in memory of a PostgreSQL ledger for routing, and how it stays in step.

A route reads each candidate's status and statistics, their misfit counts and the generation.
Against SQLite those are reads of a local file; against a server each is a round trip, and
on a busy machine a wait for the server's process to be scheduled. So a process holds them in
a :class:`View`, one per process and database, shared by every ledger of that URL in it:

- every write transaction of the ledger ends with ``NOTIFY skillrouter_ledger`` naming the
  skills whose statistics or misfits it changed (``*``: anything else, which may be anything),
  delivered to listeners when, and only if, it commits;
- a thread of the view ``LISTEN``s on its own connection and marks those names changed; a write
  of this process marks them itself as it commits, so it never waits for its own echo;
- a read takes the marks and reads again just those rows (``*``: everything) before answering:
  no changes, no query. While the listener is not connected (it reconnects with backoff)
  every read reads everything, as it would without a view.

Another process's write is seen once its notification arrives (on loopback, well under a
millisecond after its commit), as an SQLite reader sees a commit once it is made.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

__all__ = ["CHANNEL", "EVERYTHING", "View", "mark", "view_of"]

CHANNEL = "skillrouter_ledger"
EVERYTHING = "*"
Rows = Callable[[str, Sequence[Any]], list[Any]]


@dataclass
class _State:
    rows: dict[str, tuple[Any, Any, Any, Any]] = field(default_factory=dict)  # status, trust, uses, sum
    misfits: dict[str, int] = field(default_factory=dict)
    generation: int = 0


class View:
    """Status, statistics, misfit counts and generation of one ledger, kept in step by
    notifications (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.users = 0
        self._lock = threading.Lock()  # the marks
        self._reading = threading.Lock()  # one reader reads the database at a time
        self._all, self._live = True, False
        self._names: set[str] = set()
        self._state: _State | None = None
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="skillrouter-ledger-view", daemon=True)
        self._thread.start()
        self._ready.wait(10)  # listening (or failed once: reads then read everything until it is)

    # ------------------------------------------------------------ the marks

    def mark(self, payload: str) -> None:
        with self._lock:
            if not payload or payload == EVERYTHING:
                self._all = True
            else:
                self._names.update(payload.split("\n"))

    def _take(self) -> tuple[bool, set[str]]:
        with self._lock:
            if not self._live:
                return True, set()
            everything, names = self._all, self._names
            self._all, self._names = False, set()
            return everything, names

    def _listen(self) -> None:
        pause = 0.05
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    with self._lock:  # whatever changed while nobody listened: read everything
                        self._all, self._live = True, True
                    self._ready.set()
                    pause = 0.05
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=1.0):
                            self.mark(note.payload)
            except psycopg.Error:
                pass  # the server went away: read everything until listening again
            with self._lock:
                self._live, self._all = False, True
            self._ready.set()
            self._stop.wait(pause)
            pause = min(pause * 2, 2.0)

    def stop(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------ reading

    def read(self, rows: Rows) -> _State:
        """The state, with what changed since the last read read again through ``rows`` (the
        calling ledger's query function, on its own connection)."""
        with self._reading:
            everything, names = self._take()
            state = self._state
            args: tuple[str, ...] = ()
            if state is None or everything:
                state = _State()
                where = ""
            elif names:
                marks = ",".join("?" * len(names))
                where, args = f"WHERE s.name IN ({marks})", tuple(sorted(names))
                for name in names:
                    state.rows.pop(name, None)
                    state.misfits.pop(name, None)
            else:
                return state
            try:
                found = rows(
                    "SELECT s.name, s.status, s.trust_level, t.use_count, t.score_sum FROM skills s "
                    f"LEFT JOIN stats t ON t.name = s.name {where}",
                    args,
                )
                counts = rows(f"SELECT s.name, COUNT(*) FROM misfits s {where} GROUP BY s.name", args)
                generation = rows("SELECT value FROM meta WHERE key = 'generation'", ())
            except BaseException:
                self.mark(EVERYTHING)  # read again next time
                raise
            state.rows.update({n: (status, trust, uses, total) for n, status, trust, uses, total in found})
            state.misfits.update({n: int(c) for n, c in counts})
            state.generation = int(generation[0][0]) if generation else 0
            self._state = state
            return state


_VIEWS: dict[tuple[int, str], View] = {}
_VIEWS_LOCK = threading.Lock()


def view_of(url: str, *, release: View | None = None) -> View | None:
    """The view of ``url`` in this process (made on first use); with ``release``, one user
    fewer of that view (stopped with its last) and None."""
    key = (os.getpid(), url)
    with _VIEWS_LOCK:
        if release is not None:
            release.users -= 1
            if release.users <= 0 and _VIEWS.get(key) is release:
                del _VIEWS[key]
                release.stop()
            return None
        view = _VIEWS.get(key)
        if view is None:
            view = _VIEWS[key] = View(url)
        view.users += 1
        return view


def mark(url: str, payload: str) -> None:
    """A write of this process committed: mark its names in the process's view of ``url``, if
    there is one, without waiting for the notification to come back."""
    with _VIEWS_LOCK:
        view = _VIEWS.get((os.getpid(), url))
    if view is not None:
        view.mark(payload)
