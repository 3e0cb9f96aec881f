"""A decision is saved on the event loop only when SQLite can take it without waiting; when
the connection is busy in a thread or another connection holds the file's write lock, the save
goes to the store thread and nothing of the first try is kept."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hertta.store.database import BUSY_TIMEOUT_S, Database
from hertta.tables.live import StoreThread
from hertta.tables.storage import StoreBusy


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    db = Database(tmp_path / "hertta.db")
    with db.transaction() as c:
        c.execute("CREATE TABLE notes (text TEXT NOT NULL)")
    yield db
    db.close()


def notes(db: Database) -> list[str]:
    with db.reading() as c:
        return [row["text"] for row in c.execute("SELECT text FROM notes ORDER BY rowid")]


def write(db: Database, text: str) -> str:
    with db.transaction() as c:
        c.execute("INSERT INTO notes (text) VALUES (?)", (text,))
    return threading.current_thread().name


def busy_timeout_ms(db: Database) -> int:
    with db.reading() as c:
        return int(c.execute("PRAGMA busy_timeout").fetchone()[0])


def test_a_free_store_saves_at_once_in_the_calling_thread(database: Database) -> None:
    with database.at_once():
        where = write(database, "first")
    assert where == threading.current_thread().name
    assert notes(database) == ["first"]
    assert busy_timeout_ms(database) == int(BUSY_TIMEOUT_S * 1000)


def test_a_connection_busy_in_another_thread_is_not_waited_for(database: Database) -> None:
    holding, done = threading.Event(), threading.Event()

    def hold() -> None:
        with database.transaction():
            holding.set()
            done.wait(timeout=30)

    helper = threading.Thread(target=hold)
    helper.start()
    try:
        assert holding.wait(timeout=30)
        with pytest.raises(StoreBusy), database.at_once():
            write(database, "never")
    finally:
        done.set()
        helper.join(timeout=30)
    assert notes(database) == []


def test_another_writer_holding_the_file_is_not_waited_for(
    database: Database, tmp_path: Path
) -> None:
    other = sqlite3.connect(tmp_path / "hertta.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy), database.at_once():
            write(database, "never")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert notes(database) == []
    assert busy_timeout_ms(database) == int(BUSY_TIMEOUT_S * 1000)
    with database.at_once():  # and the next save, once the file is free, is made at once
        write(database, "later")
    assert notes(database) == ["later"]


def test_a_save_the_file_cannot_take_now_is_made_in_the_store_thread(
    database: Database, tmp_path: Path
) -> None:
    other = sqlite3.connect(tmp_path / "hertta.db", isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    in_thread = threading.Event()

    def save() -> str:
        if threading.current_thread() is not threading.main_thread():
            in_thread.set()  # the other writer may finish now: the store thread waits for it
        return write(database, "saved")

    def release_when_handed_over() -> None:
        in_thread.wait(timeout=30)
        other.execute("COMMIT")

    releaser = threading.Thread(target=release_when_handed_over)
    releaser.start()
    store = StoreThread(database.at_once)

    async def main() -> str:
        return await store.save(save)

    try:
        where = asyncio.run(main())
    finally:
        releaser.join(timeout=30)
        other.close()
        store.close()
    assert where.startswith("hertta-store")
    assert notes(database) == ["saved"]


def test_a_free_store_saves_on_the_event_loop(database: Database) -> None:
    store = StoreThread(database.at_once)

    async def main() -> str:
        return await store.save(lambda: write(database, "here"))

    try:
        where = asyncio.run(main())
    finally:
        store.close()
    assert where == threading.main_thread().name
    assert notes(database) == ["here"]
