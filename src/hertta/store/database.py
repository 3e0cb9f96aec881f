"""The SQLite connection: WAL mode, one lock, and numbered schema migrations.

One connection is shared by every thread behind a re-entrant lock. SQLite serialises writers
anyway, and the web server's work per request is tiny, so a single connection is both the
simplest and the fastest choice. WAL with ``synchronous=NORMAL`` keeps every committed
transaction through a crash of the process (only a power cut could lose the last few).

Checkpoints stay SQLite's own (every 1000 WAL pages, inside the commit that crosses the
mark). A background checkpointer thread was measured to be much worse here: its fsync every
second stalled the WAL appends of the web server (ext4), p99 of a tap rose from ~20 to ~240 ms.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MIGRATIONS: tuple[str, ...] = (
    # 1: players, their settings, the meta table (secret key), games in progress, results.
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE players (
        id TEXT PRIMARY KEY,
        created_at REAL NOT NULL
    );
    CREATE TABLE settings (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (player_id, key)
    );
    CREATE TABLE saved_games (
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        code TEXT NOT NULL,
        moves TEXT NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        data TEXT NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (player_id, kind)
    );
    CREATE TABLE results (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        code TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('open', 'won', 'lost')),
        score INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        elapsed_ms INTEGER NOT NULL DEFAULT 0,
        data TEXT NOT NULL DEFAULT '{}',
        started_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE INDEX results_by_player ON results (player_id, kind, id);
    """,
)
"""Schema migrations; the database's ``user_version`` is how many have been applied."""

SCHEMA_VERSION = len(MIGRATIONS)


class Database:
    """A thread-safe SQLite connection. Use :meth:`transaction` for every read and write."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction is explicit.
        self._connection = sqlite3.connect(
            self.path, check_same_thread=False, isolation_level=None, timeout=30.0
        )
        self._connection.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._depth = 0
        with self._lock:
            self._connection.execute("PRAGMA journal_mode=WAL")
            self._connection.execute("PRAGMA synchronous=NORMAL")
            self._connection.execute("PRAGMA foreign_keys=ON")
            self._migrate()

    def _migrate(self) -> None:
        version = int(self._connection.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"database {self.path!r} has schema version {version}; this Hertta knows "
                f"only up to {SCHEMA_VERSION}"
            )
        for number in range(version, SCHEMA_VERSION):
            with self.transaction() as connection:
                # executescript would commit on its own; run the statements one by one instead.
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {number + 1}")

    @property
    def schema_version(self) -> int:
        with self.transaction() as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock and run inside one transaction (nested calls join the outer one)."""
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self._connection
                finally:
                    self._depth -= 1
                return
            self._connection.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self._connection
            except BaseException:
                self._connection.execute("ROLLBACK")
                raise
            else:
                self._connection.execute("COMMIT")
            finally:
                self._depth = 0

    def close(self) -> None:
        with self._lock:
            with contextlib.suppress(sqlite3.Error):
                self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._connection.close()
