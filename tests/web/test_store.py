"""The data-access layer: schema, WAL, players, settings, games, results, statistics, threads."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from hertta.store import SCHEMA_VERSION, GameResult, SavedGame, Store, solitaire_stats


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "sub" / "hertta.db")


def test_a_new_database_is_created_in_wal_mode_at_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "dir" / "hertta.db"
    store = Store(path)
    assert path.exists()
    assert store.database.schema_version == SCHEMA_VERSION
    store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "hertta.db"
    Store(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(RuntimeError, match="schema version"):
        Store(path)


def test_the_secret_key_is_made_once(tmp_path: Path) -> None:
    path = tmp_path / "hertta.db"
    first = Store(path)
    key = first.secret_key()
    assert len(key) >= 32 and first.secret_key() == key
    first.close()
    assert Store(path).secret_key() == key
    assert Store(tmp_path / "other.db").secret_key() != key


def test_players_and_settings(store: Store) -> None:
    alice = store.create_player()
    bob = store.create_player()
    assert alice != bob and store.player_exists(alice)
    assert not store.player_exists("nobody")
    store.ensure_player("nobody")
    assert store.player_exists("nobody")
    assert store.load_settings(alice) == {}
    store.save_settings(alice, {"lang": "en", "move_errors": True, "animation_ms": 120})
    store.save_settings(alice, {"lang": "fi"})
    assert store.load_settings(alice) == {"lang": "fi", "move_errors": True, "animation_ms": 120}
    assert store.load_settings(bob) == {}


def test_saved_games_by_kind(store: Store) -> None:
    player = store.create_player()
    assert store.load_game(player, "h2h") is None
    game = SavedGame("HH1-N-AAAAAAM", "F F 25+W", 1234, {"result_id": 7})
    store.save_game(player, "h2h", game)
    store.save_game(player, "hearts", SavedGame("X", "", 0))
    assert store.load_game(player, "h2h") == game
    store.save_game(player, "h2h", SavedGame("HH1-N-AAAAAAM", "F", 10))
    assert store.load_game(player, "h2h") == SavedGame("HH1-N-AAAAAAM", "F", 10, {})
    store.delete_game(player, "h2h")
    assert store.load_game(player, "h2h") is None
    assert store.load_game(player, "hearts") is not None


def test_results_open_and_close_once(store: Store) -> None:
    player = store.create_player()
    first = store.open_result(player, "h2h", "HH1-N-AAAAAAM")
    second = store.open_result(player, "h2h", "HH1-N-AAAAAAB")
    store.close_result(first, "won", score=250, moves=80, elapsed_ms=5000)
    store.close_result(first, "lost", score=0, moves=1, elapsed_ms=1)  # already closed: ignored
    results = store.results(player, "h2h")
    assert [(r.id, r.outcome) for r in results] == [(first, "won"), (second, "open")]
    assert results[0].score == 250 and results[0].moves == 80 and results[0].elapsed_ms == 5000
    assert results[0].finished_at is not None and results[1].finished_at is None
    assert store.results(player, "hearts") == []
    with pytest.raises(ValueError):
        store.close_result(second, "open", score=0, moves=0, elapsed_ms=0)


def test_a_transaction_rolls_back_as_a_whole(store: Store) -> None:
    player = store.create_player()
    with pytest.raises(RuntimeError), store.transaction():
        store.save_game(player, "h2h", SavedGame("HH1-N-AAAAAAM", "F", 1))
        store.open_result(player, "h2h", "HH1-N-AAAAAAM")
        raise RuntimeError("disk on fire")
    assert store.load_game(player, "h2h") is None
    assert store.results(player, "h2h") == []


def test_many_threads_write_safely(store: Store) -> None:
    players = [store.create_player() for _ in range(8)]
    errors: list[BaseException] = []

    def work(player: str) -> None:
        try:
            for i in range(50):
                store.save_game(player, "h2h", SavedGame("HH1-N-AAAAAAM", "F " * i, i))
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
        saved = store.load_game(player, "h2h")
        assert saved is not None and saved.elapsed_ms == 49
        assert len(store.results(player, "h2h")) == 50


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
