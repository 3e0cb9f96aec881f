"""The PostgreSQL database (psycopg 3): the same schema, queries and behaviour as the SQLite one.

Chosen with ``HERTTA_DATABASE_URL=postgresql://...``. One connection per process, shared by the
threads behind a re-entrant lock (the store's work runs in one thread anyway,
:class:`~hertta.tables.live.StoreThread`). Several processes share the database: writes that
must not interleave are compare-and-swaps on a version (``UPDATE ... WHERE version = ?``,
safe under READ COMMITTED because the second writer re-reads the row after the first commits).

The schema's version lives in ``hertta_schema``; migrating takes a transaction-scoped advisory
lock first, so processes that start at once on an empty database migrate it exactly once.
Table changes are announced on :data:`~hertta.store.sql.CHANGES_CHANNEL` with ``pg_notify``
inside the saving transaction: PostgreSQL delivers them on commit, and only then.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Final

import psycopg
from psycopg.rows import RowMaker

from hertta.store.database import StoreOpenError, StoreUnavailableError
from hertta.store.migrations import MIGRATIONS
from hertta.store.sql import (
    CHANGES_CHANNEL,
    Cursor,
    Dialect,
    NestedTransactions,
    postgres_placeholders,
    redact_url,
)

SCHEMA_VERSION: Final = len(MIGRATIONS)

log = logging.getLogger(__name__)

UNAVAILABLE: Final = "the database is not answering: try again in a moment"
"""What a client is told (HTTP 503, ``unavailable``): the cause, with the database's address,
goes to this process's log only."""
MIGRATION_LOCK: Final = 0x4845525454  # "HERTT": any number the other users of the cluster avoid
CONNECT_TIMEOUT_S: Final = 10


class Row:
    """A result row that answers by column name and by position, like ``sqlite3.Row``."""

    __slots__ = ("_index", "_values")

    def __init__(self, index: dict[str, int], values: Sequence[Any]) -> None:
        self._index = index
        self._values = values

    def __getitem__(self, key: int | str) -> Any:
        if isinstance(key, str):
            return self._values[self._index[key]]
        return self._values[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def keys(self) -> list[str]:
        return list(self._index)


def _row_factory(cursor: psycopg.Cursor[Any]) -> RowMaker[Row]:
    index = {column.name: i for i, column in enumerate(cursor.description or ())}
    return lambda values: Row(index, values)


class _Cursor:
    def __init__(self, cursor: psycopg.Cursor[Row]) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    def fetchone(self) -> Row | None:
        return self._cursor.fetchone() if self._cursor.description else None

    def fetchall(self) -> list[Row]:
        return self._cursor.fetchall() if self._cursor.description else []


class PostgresConnection:
    """A psycopg connection that takes the queries as written for both engines."""

    dialect: Final[Dialect] = "postgresql"

    def __init__(self, connection: psycopg.Connection[Row]) -> None:
        self.raw = connection

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor:
        return _Cursor(self.raw.execute(postgres_placeholders(sql), tuple(parameters)))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor:
        cursor = self.raw.cursor()
        cursor.executemany(postgres_placeholders(sql), [tuple(p) for p in parameters])
        return _Cursor(cursor)


class PostgresDatabase:
    """A thread-safe PostgreSQL connection. Use :meth:`transaction` for every read and write."""

    dialect: Dialect = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = redact_url(url)
        self._closed = False
        raw = self._connect()
        self._connection = PostgresConnection(raw)
        self._nesting = NestedTransactions(self._connection)
        self._lock = self._nesting.lock
        try:
            self._migrate()
        except psycopg.Error as error:
            raw.close()
            raise StoreOpenError(
                f"cannot use the database {self.name!r}: {_cause(error)}"
            ) from None

    def _connect(self) -> psycopg.Connection[Row]:
        try:
            return psycopg.connect(
                self.url, autocommit=True, row_factory=_row_factory,
                connect_timeout=CONNECT_TIMEOUT_S,
            )
        except psycopg.Error as error:
            raise StoreOpenError(
                f"cannot open the database {self.name!r}: {_cause(error)}"
            ) from None

    def _migrate(self) -> None:
        with self.transaction() as db:
            self.hold_lock(db, MIGRATION_LOCK)
            db.execute("CREATE TABLE IF NOT EXISTS hertta_schema (version BIGINT NOT NULL)")
            row = db.execute("SELECT version FROM hertta_schema").fetchone()
            version = 0 if row is None else int(row[0])
            if version > SCHEMA_VERSION:
                raise StoreOpenError(
                    f"the database {self.name!r} has schema version {version}; this Hertta "
                    f"knows only up to {SCHEMA_VERSION}"
                )
            for number in range(version, SCHEMA_VERSION):
                MIGRATIONS[number](db, self.dialect)
            if row is None:
                db.execute("INSERT INTO hertta_schema (version) VALUES (?)", (SCHEMA_VERSION,))
            elif version != SCHEMA_VERSION:
                db.execute("UPDATE hertta_schema SET version = ?", (SCHEMA_VERSION,))

    @property
    def schema_version(self) -> int:
        with self.reading() as db:
            return int(db.execute("SELECT version FROM hertta_schema").fetchone()[0])

    def transaction(self) -> AbstractContextManager[PostgresConnection]:
        """One write transaction (nested calls join the outer one), READ COMMITTED: a
        compare-and-swap on a version sees the newest committed row."""
        return self._begin(None)

    def reading(self) -> AbstractContextManager[PostgresConnection]:
        """A read-only transaction on one snapshot (REPEATABLE READ), like SQLite's: a table's
        row and its decisions are read as of one moment, never a row of one version with the
        decisions of the next. Inside a write transaction it joins it."""
        return self._begin("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    def _begin(self, setting: str | None) -> AbstractContextManager[PostgresConnection]:
        return self._nesting.enter(lambda: self._outer(setting))

    @contextmanager
    def _outer(self, setting: str | None) -> Iterator[None]:
        raw = self._connection.raw
        if (raw.broken or raw.closed) and not self._closed:
            # The connection was lost (the server restarted, a network cut, an administrator
            # ended it): the transaction that met the loss failed; this one connects again.
            # Nothing is retried: a write whose commit went unanswered is not made twice.
            try:
                self._connection.raw = self._connect()
            except StoreOpenError as error:  # still away: unavailable, as a lost connection
                log.warning("%s", error)
                raise StoreUnavailableError(UNAVAILABLE) from None
        raw = self._connection.raw
        try:
            with raw.transaction():
                if setting is not None:
                    raw.execute(setting)
                yield
        except psycopg.OperationalError as error:
            if not raw.broken:
                raise  # the connection is fine: a failure of the statement itself
            log.warning(
                "the connection to the database %r was lost: %s", self.name, _cause(error)
            )
            raise StoreUnavailableError(UNAVAILABLE) from None

    def hold_lock(self, db: Any, key: int) -> None:
        """A transaction-scoped advisory lock (released at commit or rollback)."""
        db.execute("SELECT pg_advisory_xact_lock(?)", (key,))

    def notify_change(self, db: Any, kind: str, key: str, version: int) -> None:
        db.execute("SELECT pg_notify(?, ?)", (CHANGES_CHANNEL, f"{kind} {key} {version}"))

    def read_only_check(self) -> None:
        with self.reading() as db:
            db.execute("SELECT version FROM hertta_schema").fetchone()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._connection.raw.close()


def _cause(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
