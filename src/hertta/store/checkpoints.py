"""WAL checkpoints of an SQLite file, in a thread of their own.

SQLite's own checkpoint runs inside the commit that crosses its mark (1000 WAL pages): that
commit copies the WAL into the database file and syncs it, 12-25 ms here. A Heart to Heart tap
is saved on the event loop (``Database.at_once``), so that one commit stalled every socket of the
process: it was most of the tail of a tap (bench/web_bench.py, timed inside the server).

Here a write commit only counts itself; every :data:`COMMITS_PER_CHECKPOINT` commits this
thread runs a ``PASSIVE`` checkpoint on its own connection. A passive checkpoint takes no lock a
writer needs, so the event loop's commits go on meanwhile (the sqlite3 module lets go of the GIL
while SQLite works). Commits made during it leave the WAL not quite copied; the thread goes over
it again (those few pages), so the next writer can start the WAL from its beginning. SQLite's
own mark stays as a backstop at :data:`BACKSTOP_PAGES`, for a thread that could not keep up.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

COMMITS_PER_CHECKPOINT = 200
"""A tap's commit writes a few pages, so about SQLite's own 1000 pages."""
BACKSTOP_PAGES = 10_000
PASSES = 3
"""Checkpoints in a row while commits keep coming in during one."""

log = logging.getLogger(__name__)


class Checkpointer:
    """Checkpoints ``path`` in the background after every so many commits (see the module
    docstring). :meth:`committed` is called after each write commit; the thread starts at the
    first checkpoint, so a short-lived database never starts one."""

    def __init__(self, path: str, every: int = COMMITS_PER_CHECKPOINT) -> None:
        self._path = path
        self._every = every
        self._commits = 0
        self._wanted = threading.Event()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.checkpoints = 0
        """Checkpoints run so far (for tests)."""

    def committed(self) -> None:
        self._commits += 1
        if self._commits < self._every:
            return
        self._commits = 0
        with self._start_lock:
            if self._stopping:
                return
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name=f"hertta-checkpoint {self._path}", daemon=True
                )
                self._thread.start()
        self._wanted.set()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            while True:
                self._wanted.wait()
                self._wanted.clear()
                if self._stopping:
                    return
                try:
                    if connection is None:
                        connection = sqlite3.connect(self._path, isolation_level=None)
                    for _ in range(PASSES):
                        # fetchall: a statement left unfinished would hold a read lock on
                        # the WAL, and the WAL could not start again.
                        ((_, wal_pages, copied),) = connection.execute(
                            "PRAGMA wal_checkpoint(PASSIVE)"
                        ).fetchall()
                        if copied == wal_pages:
                            break
                    self.checkpoints += 1
                except sqlite3.Error as error:  # SQLite's own mark still checkpoints
                    log.warning("a checkpoint of %s failed: %s", self._path, error)
        finally:
            if connection is not None:
                connection.close()

    def close(self) -> None:
        """Stop the thread (after the checkpoint under way, if any)."""
        with self._start_lock:
            self._stopping = True
            thread = self._thread
        self._wanted.set()
        if thread is not None:
            thread.join()
