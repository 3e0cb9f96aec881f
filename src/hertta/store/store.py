"""The data-access layer: every read and write of the web platform goes through :class:`Store`.

Players are anonymous ids; a player row is written only once the player saves something (a
setting, a game), so visits that save nothing write nothing. Games are tables
(:mod:`hertta.store.tables`). A *result* row is written when a person's game gets its first
decision (``open``) and closed as ``won`` or ``lost``; the statistics are computed from them.
"""

from __future__ import annotations

import json
import secrets
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from hertta.store.coordination import CoordinationQueries
from hertta.store.daily import DailyQueries
from hertta.store.online import OnlineQueries
from hertta.store.ratings import RatingQueries
from hertta.store.sql import Row, SqlDatabase, open_database
from hertta.tables.storage import SeatResult

Outcome = Literal["open", "won", "lost"]
JsonValue = Any
"""Whatever ``json.dumps`` accepts; settings and extras are small JSON values."""


@dataclass(frozen=True, slots=True)
class GameResult:
    id: int
    kind: str
    code: str
    outcome: Outcome
    score: int
    moves: int
    elapsed_ms: int
    started_at: float
    finished_at: float | None
    data: dict[str, JsonValue]


class Store(OnlineQueries, RatingQueries, DailyQueries, CoordinationQueries):
    """Players, their settings, their tables and their results, in one database: an SQLite
    file (a path) or PostgreSQL (a ``postgresql://`` URL)."""

    def __init__(self, target: str | Path) -> None:
        self.database: SqlDatabase = open_database(target)

    def close(self) -> None:
        self.database.close()

    def transaction(self) -> AbstractContextManager[object]:
        """Group several calls into one atomic transaction (they join it)."""
        return self.database.transaction()

    def check(self) -> None:
        """Raise if the database cannot be read (health checks; writes nothing)."""
        self.database.read_only_check()

    # -- meta ------------------------------------------------------------------------------

    def secret(self, name: str) -> str:
        """A server secret (``cookie_key``, ``deal_key``): made once, then read back forever."""
        with self.database.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()
            if row is not None:
                return str(row["value"])
            # Processes that start at once on a new database may race here: the first key
            # written wins and every process reads that one.
            db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                (name, secrets.token_urlsafe(32)),
            )
            return str(db.execute("SELECT value FROM meta WHERE key = ?", (name,)).fetchone()[0])

    def secret_key(self) -> str:
        """The key that signs player cookies."""
        return self.secret("secret_key")

    # -- players ---------------------------------------------------------------------------

    def player_exists(self, player_id: str) -> bool:
        with self.database.reading() as db:
            row = db.execute("SELECT 1 FROM players WHERE id = ?", (player_id,)).fetchone()
            return row is not None

    def player_count(self) -> int:
        with self.database.reading() as db:
            return int(db.execute("SELECT count(*) FROM players").fetchone()[0])

    # -- settings --------------------------------------------------------------------------

    def load_settings(self, player_id: str) -> dict[str, JsonValue]:
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT key, value FROM settings WHERE player_id = ?", (player_id,)
            ).fetchall()
        return {str(row["key"]): json.loads(row["value"]) for row in rows}

    def save_settings(self, player_id: str, values: dict[str, JsonValue]) -> None:
        if not values:
            return
        with self.database.transaction() as db:
            self.ensure_player(player_id)
            db.executemany(
                "INSERT INTO settings (player_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                [(player_id, key, json.dumps(value)) for key, value in values.items()],
            )

    # -- results ---------------------------------------------------------------------------

    def open_result(self, player: str, kind: str, code: str) -> int:
        """Record that a person's game got its first decision; returns the result's id."""
        with self.database.transaction() as db:
            self.ensure_player(player)
            row = db.execute(
                "INSERT INTO results (player_id, kind, code, outcome, started_at) "
                "VALUES (?, ?, ?, 'open', ?) RETURNING id",
                (player, kind, code, time.time()),
            ).fetchone()
            return int(row[0])

    def close_result(self, result_id: int, result: SeatResult) -> None:
        """Mark an open result won or lost (a closed result is never reopened)."""
        with self.database.transaction() as db:
            db.execute(
                "UPDATE results SET outcome = ?, score = ?, moves = ?, elapsed_ms = ?, "
                "data = ?, finished_at = ? WHERE id = ? AND outcome = 'open'",
                (result.outcome, result.score, result.moves, result.elapsed_ms,
                 json.dumps(dict(result.data or {})), time.time(), result_id),
            )

    def results(self, player_id: str, kind: str) -> list[GameResult]:
        """The player's results of one kind, oldest first."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT * FROM results WHERE player_id = ? AND kind = ? ORDER BY id",
                (player_id, kind),
            ).fetchall()
        return [_result(row) for row in rows]


def _result(row: Row) -> GameResult:
    data = json.loads(row["data"])
    return GameResult(
        id=int(row["id"]),
        kind=str(row["kind"]),
        code=str(row["code"]),
        outcome=row["outcome"],
        score=int(row["score"]),
        moves=int(row["moves"]),
        elapsed_ms=int(row["elapsed_ms"]),
        started_at=float(row["started_at"]),
        finished_at=None if row["finished_at"] is None else float(row["finished_at"]),
        data=data if isinstance(data, dict) else {},
    )
