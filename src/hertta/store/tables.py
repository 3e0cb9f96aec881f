"""Tables in SQLite: rows, append-only decision logs, checkpoints and current tables.

:class:`TableQueries` implements the table part of :class:`hertta.tables.storage.TableStorage`;
:class:`~hertta.store.store.Store` mixes it in. Every change of a table is a compare-and-swap on
its version inside ``BEGIN IMMEDIATE``: a copy that is behind gets StaleTableError and no write.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

from hertta.store.sql import CURRENT, DECIDED, UPDATED, Connection, Row, SqlDatabase
from hertta.tables.model import (
    Checkpoint,
    StaleTableError,
    StoredDecision,
    StoredTable,
    TableRow,
    TableStatus,
    UnknownTableError,
    seat_from_json,
)


def _results_text(results: Mapping[int, int]) -> str:
    return json.dumps({str(seat): result for seat, result in sorted(results.items())})


def _results(text: str) -> dict[int, int]:
    value = json.loads(text)
    if not isinstance(value, dict):
        return {}
    return {int(seat): int(result) for seat, result in value.items()}


def _json_object(text: str) -> dict[str, Any]:
    value = json.loads(text)
    return value if isinstance(value, dict) else {}


def _row(record: Row) -> TableRow:
    seats = json.loads(record["seats"])
    return TableRow(
        id=str(record["id"]),
        kind=str(record["kind"]),
        setup=_json_object(record["setup"]),
        seats=tuple(seat_from_json(seat) for seat in seats),
        version=int(record["version"]),
        status=TableStatus(record["status"]),
        elapsed_ms=int(record["elapsed_ms"]),
        results=_results(record["results"]),
        updated_at=float(record["updated_at"]),
        owed_since=float(record["owed_since"]),
    )


class TableQueries:
    database: SqlDatabase

    def ensure_player(self, player_id: str) -> None:
        """A player row exists once a player saves something (a game, a setting)."""
        with self.database.transaction() as db:
            db.execute(
                "INSERT INTO players (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
                (player_id, time.time()),
            )

    def insert_table(self, row: TableRow) -> None:
        now = time.time()
        with self.database.transaction() as db:
            for seat in row.seats:
                if seat.player is not None:
                    self.ensure_player(seat.player)
            db.execute(
                "INSERT INTO game_tables (id, kind, setup, seats, version, status, elapsed_ms, "
                "results, created_at, updated_at, owed_since) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.kind, json.dumps(row.setup),
                 json.dumps([seat.to_json() for seat in row.seats]), row.version,
                 row.status.value, row.elapsed_ms, _results_text(row.results), now, now, now),
            )

    def read_table(self, table_id: str) -> StoredTable:
        with self.database.reading() as db:
            record = db.execute("SELECT * FROM game_tables WHERE id = ?", (table_id,)).fetchone()
            if record is None:
                raise UnknownTableError(f"no table {table_id!r}")
            checkpoint = None
            after = 0
            if record["checkpoint"] is not None:
                after = int(record["checkpoint_version"])
                checkpoint = Checkpoint(after, str(record["checkpoint"]))
            decisions = self._decisions(db, table_id, after)
        return StoredTable(_row(record), checkpoint, tuple(decisions))

    def table_version(self, table_id: str) -> tuple[int, TableStatus]:
        with self.database.reading() as db:
            found = db.execute(
                "SELECT version, status FROM game_tables WHERE id = ?", (table_id,)
            ).fetchone()
        if found is None:
            raise UnknownTableError(f"no table {table_id!r}")
        return int(found["version"]), TableStatus(found["status"])

    def read_decisions(self, table_id: str, after: int = 0) -> list[StoredDecision]:
        with self.database.reading() as db:
            return self._decisions(db, table_id, after)

    @staticmethod
    def _decisions(db: Connection, table_id: str, after: int) -> list[StoredDecision]:
        rows = db.execute(
            "SELECT seq, seat, decision FROM table_decisions WHERE table_id = ? AND seq > ? "
            "ORDER BY seq",
            (table_id, after),
        ).fetchall()
        return [
            StoredDecision(int(r["seq"]), None if r["seat"] is None else int(r["seat"]),
                           str(r["decision"]))
            for r in rows
        ]

    def append_decision(
        self,
        table_id: str,
        expected_version: int,
        decision: StoredDecision,
        *,
        status: TableStatus,
        elapsed_ms: int,
        results: Mapping[int, int],
        checkpoint: Checkpoint | None,
        owed_since: float = 0.0,
    ) -> None:
        if decision.seq != expected_version + 1:
            raise StaleTableError(
                f"decision {decision.seq} cannot follow version {expected_version}"
            )
        with self.database.transaction() as db:
            self._swap(
                db,
                table_id,
                expected_version,
                "version = ?, status = ?, elapsed_ms = ?, results = ?, updated_at = ?, "
                "owed_since = ?",
                (decision.seq, status.value, elapsed_ms, _results_text(results), time.time(),
                 owed_since),
            )
            db.execute(
                "INSERT INTO table_decisions (table_id, seq, seat, decision) VALUES (?, ?, ?, ?)",
                (table_id, decision.seq, decision.seat, decision.text),
            )
            if checkpoint is not None:
                db.execute(
                    "UPDATE game_tables SET checkpoint_version = ?, checkpoint = ? WHERE id = ?",
                    (checkpoint.version, checkpoint.text, table_id),
                )
            self.database.notify_change(db, DECIDED, table_id, decision.seq)

    def update_table(
        self,
        table_id: str,
        expected_version: int,
        *,
        status: TableStatus,
        elapsed_ms: int,
        results: Mapping[int, int],
    ) -> None:
        with self.database.transaction() as db:
            self._swap(
                db,
                table_id,
                expected_version,
                "status = ?, elapsed_ms = ?, results = ?, updated_at = ?",
                (status.value, elapsed_ms, _results_text(results), time.time()),
            )
            self.database.notify_change(db, UPDATED, table_id, expected_version)

    @staticmethod
    def _swap(
        db: Connection,
        table_id: str,
        expected_version: int,
        assignments: str,
        values: tuple[object, ...],
    ) -> None:
        # Only an active table changes: one that was left or ended elsewhere stays as it is.
        cursor = db.execute(
            f"UPDATE game_tables SET {assignments} "
            "WHERE id = ? AND version = ? AND status = 'active'",
            (*values, table_id, expected_version),
        )
        if cursor.rowcount == 1:
            return
        found = db.execute(
            "SELECT version, status FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
        if found is None:
            raise UnknownTableError(f"no table {table_id!r}")
        raise StaleTableError(
            f"table {table_id!r} is at version {found['version']} ({found['status']}), "
            f"not {expected_version}"
        )

    def current_table(self, player: str, kind: str) -> str | None:
        with self.database.reading() as db:
            row = db.execute(
                "SELECT table_id FROM current_tables WHERE player_id = ? AND kind = ?",
                (player, kind),
            ).fetchone()
        return None if row is None else str(row["table_id"])

    def claim_current_table(
        self, player: str, kind: str, table_id: str, replacing: str | None
    ) -> bool:
        # A compare-and-swap, like the version checks: two processes that both found no table
        # (two tabs opened at once) make one table current, not one each. Under PostgreSQL's
        # READ COMMITTED the second INSERT waits on the key and the second UPDATE re-reads the
        # row after the first commits; SQLite's write lock serialises them anyway.
        with self.database.transaction() as db:
            self.ensure_player(player)
            if replacing is None:
                cursor = db.execute(
                    "INSERT INTO current_tables (player_id, kind, table_id) VALUES (?, ?, ?) "
                    "ON CONFLICT (player_id, kind) DO NOTHING",
                    (player, kind, table_id),
                )
            else:
                cursor = db.execute(
                    "UPDATE current_tables SET table_id = ? "
                    "WHERE player_id = ? AND kind = ? AND table_id = ?",
                    (table_id, player, kind, replacing),
                )
            if cursor.rowcount != 1:
                return False
            self.database.notify_change(db, CURRENT, f"{player} {kind}", 0)
        return True

    def set_current_table(self, player: str, kind: str, table_id: str) -> None:
        with self.database.transaction() as db:
            self.ensure_player(player)
            db.execute(
                "INSERT INTO current_tables (player_id, kind, table_id) VALUES (?, ?, ?) "
                "ON CONFLICT (player_id, kind) DO UPDATE SET table_id = excluded.table_id",
                (player, kind, table_id),
            )
            self.database.notify_change(db, CURRENT, f"{player} {kind}", 0)
