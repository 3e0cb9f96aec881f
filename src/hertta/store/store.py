"""The data-access layer: every read and write of the web platform goes through :class:`Store`.

Games are stored by kind (``"h2h"`` for Heart to Heart; Hearts adds its own) so the tables serve
every game. A game in progress is its code, its move list in the game's own notation and its
timer; ``data`` holds small game-specific extras as JSON. A *result* row is written when a game
gets its first move (``open``) and closed as ``won`` or ``lost``.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from hertta.store.database import Database

Outcome = Literal["open", "won", "lost"]
JsonValue = Any
"""Whatever ``json.dumps`` accepts; settings and extras are small JSON values."""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game in progress: enough to rebuild it exactly (code + moves) plus its timer."""

    code: str
    moves: str
    elapsed_ms: int = 0
    data: dict[str, JsonValue] = field(default_factory=dict)


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


class Store:
    """Players, their settings, their games in progress and their results, in one SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.database = Database(path)

    def close(self) -> None:
        self.database.close()

    def transaction(self) -> AbstractContextManager[object]:
        """Group several calls into one atomic transaction (they join it)."""
        return self.database.transaction()

    # -- meta ------------------------------------------------------------------------------

    def secret_key(self) -> str:
        """The key that signs player cookies: made once, then read back forever."""
        with self.database.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'secret_key'").fetchone()
            if row is not None:
                return str(row["value"])
            key = secrets.token_urlsafe(32)
            db.execute("INSERT INTO meta (key, value) VALUES ('secret_key', ?)", (key,))
            return key

    # -- players ---------------------------------------------------------------------------

    def create_player(self) -> str:
        player_id = secrets.token_urlsafe(16)
        self.ensure_player(player_id)
        return player_id

    def ensure_player(self, player_id: str) -> None:
        """Make sure the player exists (a valid cookie may outlive a deleted database)."""
        with self.database.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO players (id, created_at) VALUES (?, ?)",
                (player_id, time.time()),
            )

    def player_exists(self, player_id: str) -> bool:
        with self.database.transaction() as db:
            row = db.execute("SELECT 1 FROM players WHERE id = ?", (player_id,)).fetchone()
            return row is not None

    # -- settings --------------------------------------------------------------------------

    def load_settings(self, player_id: str) -> dict[str, JsonValue]:
        with self.database.transaction() as db:
            rows = db.execute(
                "SELECT key, value FROM settings WHERE player_id = ?", (player_id,)
            ).fetchall()
        return {str(row["key"]): json.loads(row["value"]) for row in rows}

    def save_settings(self, player_id: str, values: dict[str, JsonValue]) -> None:
        with self.database.transaction() as db:
            db.executemany(
                "INSERT INTO settings (player_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (player_id, key) DO UPDATE SET value = excluded.value",
                [(player_id, key, json.dumps(value)) for key, value in values.items()],
            )

    # -- games in progress -----------------------------------------------------------------

    def load_game(self, player_id: str, kind: str) -> SavedGame | None:
        with self.database.transaction() as db:
            row = db.execute(
                "SELECT code, moves, elapsed_ms, data FROM saved_games "
                "WHERE player_id = ? AND kind = ?",
                (player_id, kind),
            ).fetchone()
        if row is None:
            return None
        return SavedGame(
            str(row["code"]), str(row["moves"]), int(row["elapsed_ms"]), _json_object(row["data"])
        )

    def save_game(self, player_id: str, kind: str, game: SavedGame) -> None:
        with self.database.transaction() as db:
            db.execute(
                "INSERT INTO saved_games (player_id, kind, code, moves, elapsed_ms, data, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (player_id, kind) DO UPDATE SET code = excluded.code, "
                "moves = excluded.moves, elapsed_ms = excluded.elapsed_ms, "
                "data = excluded.data, updated_at = excluded.updated_at",
                (player_id, kind, game.code, game.moves, game.elapsed_ms, json.dumps(game.data),
                 time.time()),
            )

    def delete_game(self, player_id: str, kind: str) -> None:
        with self.database.transaction() as db:
            db.execute(
                "DELETE FROM saved_games WHERE player_id = ? AND kind = ?", (player_id, kind)
            )

    # -- results ---------------------------------------------------------------------------

    def open_result(self, player_id: str, kind: str, code: str) -> int:
        """Record that a game got its first move; returns the result's id."""
        with self.database.transaction() as db:
            cursor = db.execute(
                "INSERT INTO results (player_id, kind, code, outcome, started_at) "
                "VALUES (?, ?, ?, 'open', ?)",
                (player_id, kind, code, time.time()),
            )
            return int(cursor.lastrowid or 0)

    def close_result(
        self,
        result_id: int,
        outcome: Outcome,
        *,
        score: int,
        moves: int,
        elapsed_ms: int,
        data: dict[str, JsonValue] | None = None,
    ) -> None:
        """Mark an open result won or lost (a closed result is never reopened)."""
        if outcome == "open":
            raise ValueError("close_result needs 'won' or 'lost'")
        with self.database.transaction() as db:
            db.execute(
                "UPDATE results SET outcome = ?, score = ?, moves = ?, elapsed_ms = ?, "
                "data = ?, finished_at = ? WHERE id = ? AND outcome = 'open'",
                (outcome, score, moves, elapsed_ms, json.dumps(data or {}), time.time(),
                 result_id),
            )

    def results(self, player_id: str, kind: str) -> list[GameResult]:
        """The player's results of one kind, oldest first."""
        with self.database.transaction() as db:
            rows = db.execute(
                "SELECT * FROM results WHERE player_id = ? AND kind = ? ORDER BY id",
                (player_id, kind),
            ).fetchall()
        return [_result(row) for row in rows]


def _result(row: sqlite3.Row) -> GameResult:
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
        data=_json_object(row["data"]),
    )


def _json_object(text: str) -> dict[str, JsonValue]:
    value = json.loads(text)
    return value if isinstance(value, dict) else {}
