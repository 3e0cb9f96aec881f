"""What the queries need of a database, whichever engine is under it.

Every query of :mod:`hertta.store` is written once, in the SQL that SQLite and PostgreSQL share,
with ``?`` placeholders; a row answers by column name and by position. :func:`open_database`
picks the engine from the target: a ``postgresql://`` URL (``HERTTA_DATABASE_URL``) or a path
of an SQLite file. The few spots where the two differ (DDL types, a JSON array's elements, the
schema version's home, notifications) ask the database's :attr:`SqlDatabase.dialect`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Generic, Literal, Protocol, TypeVar

Dialect = Literal["sqlite", "postgresql"]
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
CHANGES_CHANNEL = "hertta_changes"
"""The notification channel of table changes (PostgreSQL ``LISTEN``/``NOTIFY``). A notice is
``"<kind> <key> <version>"``, small on purpose: the receiver reads the rest from the store."""
DECIDED = "decided"
"""A decision was saved at game table ``key``; ``version`` is the table's new version."""
UPDATED = "updated"
"""Game table ``key`` changed without a decision (status, clock) at ``version``."""
CURRENT = "current"
"""Player and game kind ``key`` (``"<player> <kind>"``) have a new current table."""
READY = "ready"
"""A person at shared table ``key`` is ready to go on from game version ``version``."""
PRESENCE = "presence"
"""Someone connected to or left shared table ``key`` in some process (``version`` is 0)."""
SEATING = "seating"
"""The seating of shared table ``key`` changed (its online row is at ``version``)."""
NEWS = "news"
"""An event at shared table ``"<table> <process> <event>"`` that no saved row carries (a
reaction, a decision of the turn clock: :mod:`hertta.tables.room_news`); ``version`` is 0."""
RATED = "rated"
"""Shared table ``key``'s match was rated (``version`` is 0): its ratings are written, so every
process may now tell its people the table is over."""


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """The part of a DB-API connection the queries use (``sqlite3.Connection`` is one)."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...


class SqlDatabase(Protocol):
    """One database: transactions to read and write in, the dialect, and change notices."""

    dialect: Dialect
    name: str
    """The file's path or the URL without its password (for messages)."""

    def transaction(self) -> AbstractContextManager[Connection]: ...

    def reading(self) -> AbstractContextManager[Connection]: ...

    def notify_change(self, db: Connection, kind: str, key: str, version: int) -> None:
        """Tell every process that ``kind`` ``key`` is now at ``version`` (on commit)."""
        ...

    def hold_lock(self, db: Connection, key: int) -> None:
        """Inside a write transaction: no other process's transaction holding ``key`` runs
        until this one ends (a read-modify-write that READ COMMITTED alone would let two
        processes make at once)."""
        ...

    def read_only_check(self) -> None: ...

    def close(self) -> None: ...

    @property
    def schema_version(self) -> int: ...


C = TypeVar("C")


class NestedTransactions(Generic[C]):
    """One connection shared by threads behind a re-entrant lock, with transactions that nest:
    the outermost call opens one (``outer``), calls inside it join it."""

    def __init__(self, connection: C) -> None:
        self.connection = connection
        self.lock = threading.RLock()
        self._depth = 0

    @contextmanager
    def enter(self, outer: Callable[[], AbstractContextManager[object]]) -> Iterator[C]:
        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self.connection
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            try:
                with outer():
                    yield self.connection
            finally:
                self._depth = 0


def is_postgres_url(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def open_database(target: str | Path) -> SqlDatabase:
    """The database at ``target``: a PostgreSQL URL or an SQLite file path."""
    if is_postgres_url(target):
        from hertta.store.postgres import PostgresDatabase

        return PostgresDatabase(str(target))
    from hertta.store.database import Database

    return Database(target)


def redact_url(url: str) -> str:
    """``url`` without a password (``postgresql://user:secret@host`` -> ``user:***@host``)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


_TOKENS = re.compile(r"'(?:[^']|'')*'|\?|%")


def postgres_placeholders(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s``, leaving a ``?`` in quoted text as it is; every
    literal ``%`` doubled (psycopg reads ``%`` as a placeholder even inside quotes)."""

    def swap(token: re.Match[str]) -> str:
        text = token.group(0)
        if text == "?":
            return "%s"
        return text.replace("%", "%%")

    return _TOKENS.sub(swap, sql)


_DDL_TYPES = (
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"),
     "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
)


def ddl_for(dialect: Dialect, script: str) -> str:
    """A schema script written for SQLite, in ``dialect`` (PostgreSQL's INTEGER is 32 bits and
    its REAL 4 bytes: the columns become BIGINT and DOUBLE PRECISION)."""
    if dialect == "sqlite":
        return script
    for pattern, replacement in _DDL_TYPES:
        script = pattern.sub(replacement, script)
    return script


def json_array_elements(dialect: Dialect, column: str) -> str:
    """A FROM item whose rows are the elements of the JSON array in ``column``, each as
    ``value`` (JSON text)."""
    if dialect == "sqlite":
        return f"json_each({column})"
    return f"json_array_elements({column}::json) AS elements(value)"


def json_field(dialect: Dialect, value: str, field: str) -> str:
    """The text of ``field`` of the JSON object ``value``."""
    if dialect == "sqlite":
        return f"json_extract({value}, '$.{field}')"
    return f"({value} ->> '{field}')"


def statements(script: str) -> Iterator[str]:
    """The statements of a script (no semicolons inside them)."""
    for statement in script.split(";"):
        if statement.strip():
            yield statement


Row = Any
"""A result row: ``row["column"]`` and ``row[0]`` (``sqlite3.Row`` or the PostgreSQL one)."""
