"""The data-access layer: schema and migrations, WAL, private files, players written only when
they save something, settings, tables with their append-only logs and version checks, results,
statistics, threads."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import stat
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from hertta.store import (
    SCHEMA_VERSION,
    GameResult,
    HeartsStats,
    Store,
    StoreOpenError,
    StoreUnavailableError,
    solitaire_stats,
)
from hertta.store.migrations import MIGRATIONS
from hertta.store.sql import postgres_placeholders
from hertta.tables.model import (
    Checkpoint,
    Seat,
    StaleTableError,
    StoredDecision,
    TableRow,
    TableStatus,
    UnknownTableError,
)
from hertta.tables.storage import SeatResult
from hertta.web.i18n import decimal


@pytest.fixture
def store(db_target: str) -> Store:
    """A store on each engine: the tests that take it run on SQLite and on PostgreSQL."""
    return Store(db_target)


def test_a_new_database_is_created_in_wal_mode_at_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "dir" / "hertta.db"
    store = Store(path)
    assert path.exists()
    assert store.database.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
    store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_files_are_private_and_new_folders_too(tmp_path: Path) -> None:
    path = tmp_path / "data" / "hertta" / "hertta.db"
    store = Store(path)
    store.save_settings("someone", {"lang": "en"})  # a write: the WAL exists now
    for candidate in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        assert stat.S_IMODE(candidate.stat().st_mode) == 0o600, candidate
    for folder in (path.parent, path.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    store.close()


def test_an_old_world_readable_file_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / "hertta.db"
    Store(path).close()
    os.chmod(path, 0o644)
    Store(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hertta.db"
    Store(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreOpenError, match="schema version"):
        Store(path)


@pytest.mark.parametrize("how", ["folder removed", "file replaced"])
def test_a_database_file_gone_from_its_path_takes_no_more_saves(tmp_path: Path, how: str) -> None:
    # SQLite goes on writing into an unlinked file: every save "succeeded" and was gone at the
    # next start. Now a save is refused (nothing kept) and the health check says so.
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "hertta.db"
    store = Store(path)
    store.save_settings("p1", {"lang": "en"})
    if how == "folder removed":
        for leftover in folder.iterdir():
            leftover.unlink()
        folder.rmdir()
    else:
        os.replace(tmp_path / Store(tmp_path / "other.db").database.path, path)
    with pytest.raises(StoreUnavailableError, match="removed or replaced"):
        store.save_settings("p1", {"lang": "fi"})
    with pytest.raises(StoreUnavailableError, match="removed or replaced"):
        store.check()
    assert store.load_settings("p1") == {"lang": "en"}  # the old file reads on; nothing new
    store.close()


@pytest.mark.parametrize("problem", ["directory", "parent is a file", "corrupt"])
def test_unusable_databases_are_refused_with_the_path_and_the_cause(
    tmp_path: Path, problem: str
) -> None:
    if problem == "directory":
        path = tmp_path / "a-folder"
        path.mkdir()
    elif problem == "parent is a file":
        (tmp_path / "file").write_text("x")
        path = tmp_path / "file" / "hertta.db"
    else:
        path = tmp_path / "hertta.db"
        path.write_bytes(b"this is not a database, just some text " * 200)
    with pytest.raises(StoreOpenError) as caught:
        Store(path)
    assert str(path) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_secrets_are_made_once(tmp_path: Path) -> None:
    path = tmp_path / "hertta.db"
    first = Store(path)
    key = first.secret_key()
    deal = first.secret("deal_key")
    assert len(key) >= 32 and first.secret_key() == key and deal != key
    first.close()
    again = Store(path)
    assert again.secret_key() == key and again.secret("deal_key") == deal
    assert Store(tmp_path / "other.db").secret_key() != key


def test_a_player_is_written_only_when_they_save_something(store: Store) -> None:
    assert store.player_count() == 0
    assert store.load_settings("alice") == {}
    assert not store.player_exists("alice")
    store.save_settings("alice", {})
    assert store.player_count() == 0
    store.save_settings("alice", {"lang": "en", "move_errors": True, "animation_ms": 120})
    store.save_settings("alice", {"lang": "fi"})
    assert store.player_exists("alice") and store.player_count() == 1
    assert store.load_settings("alice") == {"lang": "fi", "move_errors": True, "animation_ms": 120}
    assert store.load_settings("bob") == {}


def row(table_id: str = "t1", player: str = "alice") -> TableRow:
    seats = (Seat(player=player), Seat(level="hard", name="Eero"))
    return TableRow(table_id, "hearts", {"code": "HM1-S4-AAAAAAM"}, seats)


def test_a_table_and_its_log(store: Store) -> None:
    store.insert_table(row())
    assert store.player_exists("alice")
    stored = store.read_table("t1")
    assert stored.row == row() and stored.checkpoint is None and stored.decisions == ()
    for seq, text in enumerate(["P0:2C.3C.4C", "P1:AS.KS.QS"], start=1):
        store.append_decision(
            "t1", seq - 1, StoredDecision(seq, seq - 1, text), status=TableStatus.ACTIVE,
            elapsed_ms=10 * seq, results={0: 7}, checkpoint=None,
        )
    stored = store.read_table("t1")
    assert stored.row.version == 2 and stored.row.elapsed_ms == 20 and stored.row.results == {0: 7}
    assert [d.text for d in stored.decisions] == ["P0:2C.3C.4C", "P1:AS.KS.QS"]
    assert stored.decisions[1] == StoredDecision(2, 1, "P1:AS.KS.QS")
    store.append_decision(
        "t1", 2, StoredDecision(3, None, "N"), status=TableStatus.OVER, elapsed_ms=20,
        results={0: 7}, checkpoint=Checkpoint(3, "whole state"),
    )
    stored = store.read_table("t1")
    assert stored.checkpoint == Checkpoint(3, "whole state") and stored.decisions == ()
    assert stored.row.status is TableStatus.OVER
    assert len(store.read_decisions("t1")) == 3 and len(store.read_decisions("t1", after=1)) == 2


def test_stand_ins_are_kept_per_table_and_seat(store: Store) -> None:
    store.insert_table(row())
    assert store.stand_ins("t1") == {}
    store.set_stand_in("t1", 2, "normal")
    store.set_stand_in("t1", 0, "normal")
    store.set_stand_in("t1", 2, "hard")  # a second write replaces the first
    assert store.stand_ins("t1") == {0: "normal", 2: "hard"}
    store.set_stand_in("t1", 0, None)
    store.set_stand_in("t1", 1, None)  # nobody stood in there: nothing to remove
    assert store.stand_ins("t1") == {2: "hard"} and store.stand_ins("t2") == {}


def test_a_stale_copy_can_never_write(store: Store) -> None:
    store.insert_table(row())
    decision = StoredDecision(1, 0, "0:2C")
    store.append_decision("t1", 0, decision, status=TableStatus.ACTIVE, elapsed_ms=0,
                          results={}, checkpoint=None)
    with pytest.raises(StaleTableError):  # a second copy that still thinks it is at version 0
        store.append_decision("t1", 0, StoredDecision(1, 0, "0:3C"),
                              status=TableStatus.ACTIVE, elapsed_ms=0, results={}, checkpoint=None)
    with pytest.raises(StaleTableError):
        store.update_table("t1", 0, status=TableStatus.LEFT, elapsed_ms=5, results={})
    with pytest.raises(StaleTableError):  # a number that does not follow its version
        store.append_decision("t1", 1, StoredDecision(5, 0, "0:3C"),
                              status=TableStatus.ACTIVE, elapsed_ms=0, results={}, checkpoint=None)
    assert [d.text for d in store.read_decisions("t1")] == ["0:2C"]
    with pytest.raises(UnknownTableError):
        store.read_table("nope")
    with pytest.raises(UnknownTableError):
        store.update_table("nope", 0, status=TableStatus.LEFT, elapsed_ms=0, results={})


def test_current_tables(store: Store) -> None:
    assert store.current_table("alice", "hearts") is None
    store.insert_table(row("t1"))
    store.insert_table(row("t2"))
    store.set_current_table("alice", "hearts", "t1")
    store.set_current_table("alice", "hearts", "t2")
    assert store.current_table("alice", "hearts") == "t2"
    assert store.current_table("alice", "h2h") is None


def test_results_open_and_close_once(store: Store) -> None:
    first = store.open_result("alice", "h2h", "HH1-N-AAAAAAM")
    second = store.open_result("alice", "h2h", "HH1-N-AAAAAAB")
    store.close_result(first, SeatResult("won", 250, 80, 5000))
    store.close_result(first, SeatResult("lost", 0, 1, 1))  # already closed: ignored
    results = store.results("alice", "h2h")
    assert [(r.id, r.outcome) for r in results] == [(first, "won"), (second, "open")]
    assert results[0].score == 250 and results[0].moves == 80 and results[0].elapsed_ms == 5000
    assert results[0].finished_at is not None and results[1].finished_at is None
    assert store.results("alice", "hearts") == []


def test_a_transaction_rolls_back_as_a_whole(store: Store) -> None:
    with pytest.raises(RuntimeError), store.transaction():
        store.insert_table(row())
        store.open_result("alice", "hearts", "HM1-S4-AAAAAAM")
        raise RuntimeError("disk on fire")
    with pytest.raises(UnknownTableError):
        store.read_table("t1")
    assert store.results("alice", "hearts") == [] and store.player_count() == 0


def test_many_threads_write_safely(store: Store) -> None:
    players = [f"p{i}" for i in range(8)]
    errors: list[BaseException] = []

    def work(player: str) -> None:
        try:
            store.insert_table(row(player, player))
            for i in range(50):
                store.append_decision(player, i, StoredDecision(i + 1, 0, "F"),
                                      status=TableStatus.ACTIVE, elapsed_ms=i, results={},
                                      checkpoint=None)
                store.open_result(player, "h2h", "HH1-N-AAAAAAM")
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for player in players:
        stored = store.read_table(player)
        assert stored.row.version == 50 and stored.row.elapsed_ms == 49
        assert len(store.results(player, "h2h")) == 50


def test_games_in_progress_move_over_from_schema_1(tmp_path: Path) -> None:
    """A database of the previous version: its saved games become tables with their logs."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.execute("BEGIN")
        MIGRATIONS[0](raw, "sqlite")
        raw.execute("PRAGMA user_version = 1")
        raw.execute("INSERT INTO players VALUES ('alice', 0)")
        raw.execute(
            "INSERT INTO saved_games VALUES ('alice', 'h2h', 'HH1-N-AAAAAAM', 'F F 25+W', 4200, "
            "?, 0)", (json.dumps({"result_id": 3}),),
        )
        seats = [{"name": "", "level": "person"}, {"name": "Eero", "level": "hard"},
                 {"name": "Aino", "level": "easy"}, {"name": "Ville", "level": "normal"}]
        raw.execute(
            "INSERT INTO saved_games VALUES ('alice', 'hearts', 'HM1-S4-AAAAAAM', 'P0:2C.6C.7C N',"
            " 0, ?, 0)", (json.dumps({"seats": seats}),),
        )
        raw.execute("COMMIT")
    store = Store(path)
    h2h = store.read_table(store.current_table("alice", "h2h") or "")
    assert h2h.row.setup == {"code": "HH1-N-AAAAAAM"} and h2h.row.version == 3
    assert h2h.row.elapsed_ms == 4200 and h2h.row.results == {0: 3}
    assert [(d.seat, d.text) for d in h2h.decisions] == [(0, "F"), (0, "F"), (0, "25+W")]
    hearts = store.read_table(store.current_table("alice", "hearts") or "")
    assert [s.level for s in hearts.row.seats] == [None, "hard", "easy", "normal"]
    assert hearts.row.seats[1].name == "Eero" and hearts.row.setup["code_public"] is True
    assert [(d.seat, d.text) for d in hearts.decisions] == [(0, "P0:2C.6C.7C"), (None, "N")]
    with sqlite3.connect(path) as raw:
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "saved_games" not in names


def result(outcome: str, elapsed_ms: int = 0, moves: int = 0) -> GameResult:
    return GameResult(0, "h2h", "HH1-N-AAAAAAM", outcome, 0, moves, elapsed_ms, 0.0, None, {})  # type: ignore[arg-type]


def test_statistics_from_results() -> None:
    empty = solitaire_stats([])
    assert (empty.played, empty.won, empty.win_percent) == (0, 0, 0)
    assert empty.best_time_ms is None and empty.fewest_moves is None
    rows = [
        result("won", 9000, 120), result("won", 7000, 140), result("lost"),
        result("won", 8000, 100), result("won", 60000, 300), result("won", 10000, 150),
        result("open"),
    ]
    stats = solitaire_stats(rows)
    assert stats.played == 7 and stats.won == 5
    assert stats.win_percent == 71
    assert stats.best_streak == 3 and stats.current_streak == 3  # the open game breaks nothing
    assert stats.best_time_ms == 7000 and stats.fewest_moves == 100
    assert solitaire_stats([*rows, result("lost")]).current_streak == 0
    # A half rounds up: 5 of 8 is 62.5 %, shown 63 (it was 62, rounded to even).
    eight = [*rows, result("lost")]
    assert solitaire_stats(eight).win_percent == 63
    assert HeartsStats(played=8, won=5, rounds=4, points=37, moons=0).win_percent == 63


@pytest.mark.parametrize(("value", "places", "fi", "en"), [
    (9.25, 1, "9,3", "9.3"), (-1.125, 2, "−1,13", "-1.13"), (-0.001, 2, "0,00", "0.00"),
    (12.0, 0, "12", "12"), (3.14159, 2, "3,14", "3.14"),
])
def test_numbers_round_a_half_away_from_zero_as_the_browser_does(
    value: float, places: int, fi: str, en: str
) -> None:
    assert (decimal("fi", value, places), decimal("en", value, places)) == (fi, en)


def test_postgres_processes_starting_at_once_migrate_an_empty_database_once(
    new_postgres_database: Callable[[], str],
) -> None:
    url = new_postgres_database()
    with ThreadPoolExecutor(max_workers=4) as pool:
        stores = list(pool.map(lambda _: Store(url), range(4)))
    keys = {store.secret_key() for store in stores}
    versions = {store.database.schema_version for store in stores}
    assert keys and len(keys) == 1 and versions == {SCHEMA_VERSION}
    with stores[0].database.reading() as db:
        assert db.execute("SELECT count(*) FROM hertta_schema").fetchone()[0] == 1
    for store in stores:
        store.close()


def test_an_unreachable_postgres_is_refused_in_one_line_without_the_password() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StoreOpenError) as refused:
        Store(f"postgresql://hertta:hunter2@127.0.0.1:{port}/hertta")
    message = str(refused.value)
    assert "hunter2" not in message and f"hertta:***@127.0.0.1:{port}" in message
    assert "\n" not in message


def test_placeholders_become_psycopg_ones_outside_quoted_text() -> None:
    assert postgres_placeholders("SELECT '?', ? WHERE a LIKE '%x' AND b = ?") == (
        "SELECT '?', %s WHERE a LIKE '%%x' AND b = %s"
    )
    assert postgres_placeholders("SELECT 5 % ?") == "SELECT 5 %% %s"


def test_the_postgresql_store_connects_again_after_losing_its_connection(
    new_postgres_database: Callable[[], str],
) -> None:
    """The server ends the store's connection (a restart, a network cut, an administrator):
    the transaction that meets the loss fails, the next one connects again; nothing written
    before is lost and nothing is written twice."""
    import psycopg

    url = new_postgres_database()
    store = Store(url)
    try:
        store.set_name("p1", "Aino")
        with psycopg.connect(url, autocommit=True) as admin:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchall()
        assert ended and all(row[0] for row in ended)
        with pytest.raises(StoreUnavailableError, match="not answering") as lost:
            store.names(["p1"])
        assert "127.0.0.1" not in str(lost.value)  # where the database is stays in the log
        # While the database refuses new connections, reconnecting fails as unavailable too
        # (it was a StoreOpenError, which clients got as bad input).
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            for _ in range(2):  # the first meets the loss, the second cannot connect
                with pytest.raises(StoreUnavailableError, match="not answering"):
                    store.names(["p1"])
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert store.names(["p1"]) == {"p1": "Aino"}
        store.set_name("p2", "Eero")
        assert store.names(["p1", "p2"]) == {"p1": "Aino", "p2": "Eero"}
    finally:
        store.close()
