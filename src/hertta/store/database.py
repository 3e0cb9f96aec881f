"""The SQLite connection: WAL mode, one lock, private files and numbered schema migrations.

One connection is shared by every thread behind a re-entrant lock. SQLite serialises writers
anyway, and the web server's work per request is tiny, so a single connection is both the
simplest and the fastest choice. WAL with ``synchronous=NORMAL`` keeps every committed
transaction through a crash of the process (only a power cut could lose the last few). Several
processes may share one file: every write transaction starts with ``BEGIN IMMEDIATE`` and waits
(up to :data:`BUSY_TIMEOUT_S`) for the others.

The schema is migrated inside one such transaction, reading ``user_version`` after taking the
write lock, so processes that start at once on a fresh file migrate it exactly once.

The database, its WAL and shared-memory files are made readable by their owner only (0600) and a
data folder that does not exist yet is created 0700: the file holds the cookie key.

Checkpoints run in a thread of their own (:mod:`hertta.store.checkpoints`), after every so many
commits, not inside the commit that crosses SQLite's mark, which may be on the event loop.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from hertta.errors import HerttaError
from hertta.store.checkpoints import BACKSTOP_PAGES, COMMITS_PER_CHECKPOINT, Checkpointer
from hertta.store.migrations import MIGRATIONS
from hertta.store.sql import Connection, Dialect, NestedTransactions, SqlDatabase
from hertta.tables.storage import StoreBusy
from hertta.tables.storage import StoreUnavailableError as StoreUnavailableError  # its home

SCHEMA_VERSION = len(MIGRATIONS)
BUSY_TIMEOUT_S = 30.0
FILE_MODE = 0o600
FOLDER_MODE = 0o700
SIDE_FILES = ("-wal", "-shm")
BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


class StoreOpenError(HerttaError):
    """The database cannot be used: the message names the path and the cause."""


class Database:
    """A thread-safe SQLite connection. Use :meth:`transaction` for every read and write."""

    dialect: Dialect = "sqlite"

    def __init__(
        self, path: str | Path, commits_per_checkpoint: int = COMMITS_PER_CHECKPOINT
    ) -> None:
        self.path = str(path)
        self.name = self.path
        self._identity: tuple[int, int] | None = None
        """The file at ``path`` once open (device, inode): commits check it is still there."""
        try:
            if self.path != ":memory:":
                _prepare_file(Path(self.path))
            # isolation_level=None: we issue BEGIN/COMMIT ourselves so a transaction is explicit.
            self._connection = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_TIMEOUT_S
            )
        except (OSError, sqlite3.Error) as error:
            raise StoreOpenError(
                f"cannot open the database {self.path!r}: {_cause(error)}"
            ) from None
        self._connection.row_factory = sqlite3.Row
        self._nesting = NestedTransactions(self._connection)
        self._lock = self._nesting.lock
        self._checkpointer = (
            Checkpointer(self.path, commits_per_checkpoint) if self.path != ":memory:" else None
        )
        try:
            with self._lock:
                _retry_while_locked(lambda: self._connection.execute("PRAGMA journal_mode=WAL"))
                self._connection.execute("PRAGMA synchronous=NORMAL")
                self._connection.execute("PRAGMA foreign_keys=ON")
                if self._checkpointer is not None:
                    self._connection.execute(f"PRAGMA wal_autocheckpoint = {BACKSTOP_PAGES}")
                self._migrate()
        except sqlite3.Error as error:
            self._connection.close()
            raise StoreOpenError(
                f"cannot use the database {self.path!r}: {_cause(error)}"
            ) from None
        if self.path != ":memory:":
            try:
                _make_private(Path(self.path))
                self._identity = _identity_or_none(self.path)
            except OSError as error:
                self._connection.close()
                raise StoreOpenError(
                    f"cannot make the database {self.path!r} private: {_cause(error)}"
                ) from None

    def _migrate(self) -> None:
        with self.transaction() as connection:
            version = int(connection.execute("PRAGMA user_version").fetchone()[0])
            tables = {
                str(row[0]) for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                )
            }
            if (version == 0 and tables) or (version > 0 and "meta" not in tables):
                # Another program's database: Hertta's tables must not be added to it, nor its
                # missing ones be found mid-request.
                raise StoreOpenError(
                    f"the database {self.path!r} is not Hertta's: it holds other tables "
                    f"({', '.join(sorted(tables)[:5]) or 'none of Hertta'}) and no Hertta schema"
                )
            if version > SCHEMA_VERSION:
                raise StoreOpenError(
                    f"the database {self.path!r} has schema version {version}; this Hertta "
                    f"knows only up to {SCHEMA_VERSION}"
                )
            for number in range(version, SCHEMA_VERSION):
                MIGRATIONS[number](connection, self.dialect)
            # Written even when it is already so: a write at start is what finds a file the
            # server may only read (SQLite opens it read-only without a word; the server then
            # started and failed every move).
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @property
    def schema_version(self) -> int:
        with self.reading() as connection:
            return int(connection.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Hold the lock and run inside one write transaction (nested calls join the outer
        one). ``BEGIN IMMEDIATE`` takes SQLite's write lock at once, so two processes never
        both read a version and then both write."""
        with self._begin("BEGIN IMMEDIATE") as connection:
            yield connection

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A read-only transaction (one consistent snapshot; it takes no write lock, so reads
        work on a database that cannot be written). Inside a write transaction it joins it."""
        with self._begin("BEGIN") as connection:
            yield connection

    def _begin(self, statement: str) -> AbstractContextManager[sqlite3.Connection]:
        return self._nesting.enter(lambda: self._outer(statement))

    @contextmanager
    def _outer(self, statement: str) -> Iterator[None]:
        self._connection.execute(statement)
        try:
            yield
        except BaseException:
            self._connection.execute("ROLLBACK")
            raise
        else:
            if statement == "BEGIN IMMEDIATE":
                self._check_file()
            self._connection.execute("COMMIT")
            if statement == "BEGIN IMMEDIATE" and self._checkpointer is not None:
                self._checkpointer.committed()

    def _check_file(self) -> None:
        """Refuse to commit into a database file no longer at its path (its folder removed,
        the file deleted or replaced while the server runs): SQLite would go on writing into
        the unlinked file, every move acknowledged and all of them gone at the next start."""
        try:
            self._file_still_there()
        except StoreUnavailableError:
            self._connection.execute("ROLLBACK")
            raise

    def _file_still_there(self) -> None:
        """StoreUnavailableError unless the file opened is still the one at ``path``."""
        if self._identity is not None and _identity_or_none(self.path) != self._identity:
            raise StoreUnavailableError(
                f"the database file {self.path!r} was removed or replaced while the server "
                "ran: nothing more is saved until the server is started again"
            )

    @contextmanager
    def at_once(self) -> Iterator[None]:
        """Run the block only if it need not wait, else raise :class:`StoreBusy` (nothing of it
        kept): the connection must be free this moment and SQLite's write lock must be free
        (no busy wait). For a short save on the event loop, which must never wait on a thread
        or on another process."""
        if not self._lock.acquire(blocking=False):
            raise StoreBusy
        try:
            self._connection.execute("PRAGMA busy_timeout = 0")
            try:
                yield
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode & 0xFF in BUSY_CODES:  # SQLITE_BUSY_SNAPSHOT too
                    raise StoreBusy from None
                raise
            finally:
                self._connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        finally:
            self._lock.release()

    @property
    def checkpoints(self) -> int:
        """WAL checkpoints the background thread has run (:mod:`hertta.store.checkpoints`)."""
        return 0 if self._checkpointer is None else self._checkpointer.checkpoints

    def notify_change(self, db: Connection, kind: str, key: str, version: int) -> None:
        """Nothing to do: processes on one SQLite file see changes when they read again."""

    def hold_lock(self, db: Connection, key: int) -> None:
        """Nothing to do: a write transaction's ``BEGIN IMMEDIATE`` holds the file's one
        writer lock already."""

    def read_only_check(self) -> None:
        """A read that touches the schema (for health checks): it writes nothing."""
        with self._lock:
            self._connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            self._file_still_there()

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
        with self._lock:
            with contextlib.suppress(sqlite3.Error):
                self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._connection.close()


def select_in(database: SqlDatabase, query: str, keys: Iterable[str]) -> list[Any]:
    """The rows of ``query`` (which ends in ``IN``) for the distinct ``keys``: none at all
    without a query when there are no keys."""
    wanted = sorted(set(keys))
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    with database.reading() as db:
        return list(db.execute(f"{query} ({marks})", wanted).fetchall())


def _cause(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error) or type(error).__name__


def _prepare_file(path: Path) -> None:
    """Create missing folders (0700) and the file itself (0600) before SQLite opens it, so the
    file is never readable by others, even for a moment."""
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=FOLDER_MODE)
    if path.is_dir():
        raise IsADirectoryError(21, "Is a directory")
    if not path.parent.is_dir():
        raise NotADirectoryError(20, f"{path.parent} is not a directory")
    if not path.exists():
        descriptor = os.open(path, os.O_CREAT | os.O_WRONLY, FILE_MODE)
        os.close(descriptor)


def _identity_or_none(path: str) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode), or None when none is."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _make_private(path: Path) -> None:
    for candidate in (path, *(Path(str(path) + suffix) for suffix in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            if stat.S_IMODE(candidate.stat().st_mode) != FILE_MODE:
                os.chmod(candidate, FILE_MODE)


def _retry_while_locked(statement: Callable[[], object], attempts: int = 200) -> None:
    """Switching to WAL needs the file to itself for a moment; processes that start together
    wait for each other (the busy timeout does not cover this pragma everywhere)."""
    for attempt in range(attempts):
        try:
            statement()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            time.sleep(0.01)
