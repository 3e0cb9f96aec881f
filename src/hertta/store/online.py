"""Tables people play together, and display names, in SQLite.

:class:`OnlineQueries` is mixed into :class:`~hertta.store.store.Store`. A change of an online
table is a compare-and-swap on its version, like a game table's (a copy that is behind gets
StaleTableError and writes nothing).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable

from hertta.store.database import select_in
from hertta.store.sql import SEATING, Connection, Row
from hertta.store.tables import TableQueries
from hertta.tables.model import SeatError, StaleTableError, UnknownTableError
from hertta.tables.online import (
    FollowUp,
    OnlineStatus,
    OnlineTable,
    online_seat_from_json,
    rules_json,
)
from hertta.tables.storage import LobbyEntry
from hertta.tables.table_rules import rules_from_json


def _online(record: Row) -> OnlineTable:
    rules, players = rules_from_json(json.loads(record["rules"]))
    return OnlineTable(
        id=str(record["id"]),
        kind=str(record["kind"]),
        host=str(record["host"]),
        rules=rules,
        players=players,
        seats=tuple(online_seat_from_json(seat) for seat in json.loads(record["seats"])),
        public=bool(record["public"]),
        spectators=bool(record["spectators"]),
        clock_s=int(record["clock_s"]),
        rated=bool(record["rated"]),
        invite=str(record["invite"]),
        status=OnlineStatus(record["status"]),
        version=int(record["version"]),
        follow_up=None if record["next_table"] is None
        else FollowUp(str(record["next_table"]), str(record["next_invite"])),
    )


def _seats_text(table: OnlineTable) -> str:
    return json.dumps([seat.to_json() for seat in table.seats])


class OnlineQueries(TableQueries):
    """Online tables and names (on top of the game tables, whose player rows they share)."""

    # -- display names ---------------------------------------------------------------------

    def set_name(self, player: str, name: str) -> None:
        with self.database.transaction() as db:
            self.ensure_player(player)
            db.execute(
                "INSERT INTO profiles (player_id, name, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (player_id) DO UPDATE SET name = excluded.name, "
                "updated_at = excluded.updated_at",
                (player, name, time.time()),
            )

    def names(self, players: Iterable[str]) -> dict[str, str]:
        rows = select_in(
            self.database, "SELECT player_id, name FROM profiles WHERE player_id IN", players
        )
        return {str(row["player_id"]): str(row["name"]) for row in rows}

    # -- online tables ---------------------------------------------------------------------

    def insert_online(self, table: OnlineTable) -> None:
        with self.database.transaction() as db:
            self._insert_online(db, table)

    def _insert_online(self, db: Connection, table: OnlineTable) -> None:
        now = time.time()
        self.ensure_player(table.host)
        db.execute(
            "INSERT INTO online_tables (id, kind, host, rules, seats, public, spectators, "
            "clock_s, rated, invite, status, version, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (table.id, table.kind, table.host, json.dumps(rules_json(table)),
             _seats_text(table), int(table.public), int(table.spectators), table.clock_s,
             int(table.rated), table.invite, table.status.value, table.version, now, now),
        )

    def insert_follow_up(self, finished_id: str, table: OnlineTable) -> str:
        """Open ``table`` as the one to play again at after the finished table
        ``finished_id``, unless that has one already: the id of the table it has now. One
        transaction: of two people asking at once (on two processes) one opens it, and the
        other is given that one (its own is never stored)."""
        with self.database.transaction() as db:
            cursor = db.execute(
                "UPDATE online_tables SET next_table = ?, next_invite = ?, "
                "version = version + 1, updated_at = ? "
                "WHERE id = ? AND status = 'over' AND next_table IS NULL",
                (table.id, table.invite, time.time(), finished_id),
            )
            if cursor.rowcount == 1:
                self._insert_online(db, table)
                version = db.execute(
                    "SELECT version FROM online_tables WHERE id = ?", (finished_id,)
                ).fetchone()["version"]
                self.database.notify_change(db, SEATING, finished_id, int(version))
                return table.id
            record = db.execute(
                "SELECT status, next_table FROM online_tables WHERE id = ?", (finished_id,)
            ).fetchone()
        if record is None:
            raise UnknownTableError(f"no table {finished_id!r}")
        if record["next_table"] is None:
            raise SeatError(f"the match at table {finished_id!r} is not over")
        return str(record["next_table"])

    def read_online(self, table_id: str) -> OnlineTable:
        with self.database.reading() as db:
            record = db.execute(
                "SELECT * FROM online_tables WHERE id = ?", (table_id,)
            ).fetchone()
        if record is None:
            raise UnknownTableError(f"no table {table_id!r}")
        return _online(record)

    def update_online(self, table: OnlineTable, expected_version: int) -> OnlineTable:
        """Store ``table`` (its seats and status) if the stored one is still at
        ``expected_version``; the stored table, one version on."""
        with self.database.transaction() as db:
            for seat in table.seats:
                if seat.player is not None:
                    self.ensure_player(seat.player)
            cursor = db.execute(
                "UPDATE online_tables SET seats = ?, status = ?, version = ?, updated_at = ? "
                "WHERE id = ? AND version = ?",
                (_seats_text(table), table.status.value, expected_version + 1, time.time(),
                 table.id, expected_version),
            )
            if cursor.rowcount != 1:
                raise StaleTableError(f"table {table.id!r} changed since version "
                                      f"{expected_version}")
            self.database.notify_change(db, SEATING, table.id, expected_version + 1)
        return self.read_online(table.id)

    def waiting_seats_of(self, player: str) -> list[OnlineTable]:
        """The tables still waiting for their match at which ``player`` has a seat."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT * FROM online_tables WHERE status = 'waiting' AND seats LIKE ?",
                (f"%{player}%",),  # a coarse filter over the seats' text; seat_of decides
            ).fetchall()
        tables = [_online(row) for row in rows]
        return [table for table in tables if table.seat_of(player) is not None]

    def lobby(self, limit: int = 100) -> list[LobbyEntry]:
        """Public tables still taking seats, newest first, each with when it last changed."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT * FROM online_tables WHERE status = 'waiting' AND public = 1 "
                "ORDER BY created_at DESC LIMIT ?",
                (limit,),
            ).fetchall()
        return [LobbyEntry(_online(row), float(row["updated_at"])) for row in rows]
