"""What several server processes share about a table in play, beyond its rows: ready marks for
the next round, the lease of the process that runs its computer players and turn clock, and
who is connected where, and which person seats a computer player plays for now.

A lease is a row that names its owner and runs out (``expires_at``, wall-clock seconds); taking
it is one upsert that succeeds only for its owner or once it has run out, so exactly one process
holds a table's lease at a time. Presence rows count a process's connections per seat; they
count only while that process's heartbeat (``server_processes.seen_at``) is fresh, so the
connections of a killed process vanish with it.
"""

from __future__ import annotations

import time

from hertta.store.sql import NEWS, PRESENCE, READY, SqlDatabase


class CoordinationQueries:
    database: SqlDatabase

    def announce(self, table_id: str, owner: str, news: str) -> None:
        """Tell the other processes of an event at a shared table that no row carries."""
        with self.database.transaction() as db:
            self.database.notify_change(db, NEWS, f"{table_id} {owner} {news}", 0)

    # -- ready for the next round ------------------------------------------------------------

    def mark_ready(self, table_id: str, version: int, seat: int) -> frozenset[int]:
        """``seat`` is ready to go on from game version ``version``; every seat ready there."""
        with self.database.transaction() as db:
            db.execute(
                "INSERT INTO table_ready (table_id, version, seat) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id, version, seat) DO NOTHING",
                (table_id, version, seat),
            )
            self.database.notify_change(db, READY, table_id, version)
        return self.ready_seats(table_id, version)

    def ready_seats(self, table_id: str, version: int) -> frozenset[int]:
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT seat FROM table_ready WHERE table_id = ? AND version = ?",
                (table_id, version),
            ).fetchall()
        return frozenset(int(row["seat"]) for row in rows)

    # -- leases ------------------------------------------------------------------------------

    def take_lease(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the lease of ``table_id`` for ``seconds``; False if another process
        holds it and it has not run out."""
        now = time.time()
        with self.database.transaction() as db:
            row = db.execute(
                "INSERT INTO table_leases (table_id, owner, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
                "expires_at = excluded.expires_at "
                "WHERE table_leases.owner = excluded.owner OR table_leases.expires_at < ? "
                "RETURNING owner",
                (table_id, owner, now + seconds, now),
            ).fetchone()
        return row is not None

    def drop_lease(self, table_id: str, owner: str) -> None:
        with self.database.transaction() as db:
            db.execute("DELETE FROM table_leases WHERE table_id = ? AND owner = ?",
                       (table_id, owner))

    # -- processes and presence --------------------------------------------------------------

    def heartbeat(self, owner: str) -> None:
        with self.database.transaction() as db:
            db.execute(
                "INSERT INTO server_processes (owner, seen_at) VALUES (?, ?) "
                "ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at",
                (owner, time.time()),
            )

    def forget_process(self, owner: str) -> None:
        with self.database.transaction() as db:
            db.execute("DELETE FROM seat_presence WHERE owner = ?", (owner,))
            db.execute("DELETE FROM server_processes WHERE owner = ?", (owner,))
            db.execute("DELETE FROM table_leases WHERE owner = ?", (owner,))

    def set_presence(self, table_id: str, seat: int, owner: str, connections: int) -> None:
        """This process's connections to ``seat`` (0 removes the row)."""
        with self.database.transaction() as db:
            if connections:
                db.execute(
                    "INSERT INTO seat_presence (table_id, seat, owner, connections) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat, owner) "
                    "DO UPDATE SET connections = excluded.connections",
                    (table_id, seat, owner, connections),
                )
            else:
                db.execute(
                    "DELETE FROM seat_presence WHERE table_id = ? AND seat = ? AND owner = ?",
                    (table_id, seat, owner),
                )
            self.database.notify_change(db, PRESENCE, table_id, 0)

    def live_processes(self, fresh_s: float) -> frozenset[str]:
        """The processes whose heartbeat is fresh (their connections count)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT owner FROM server_processes WHERE seen_at >= ?",
                (time.time() - fresh_s,),
            ).fetchall()
        return frozenset(str(row["owner"]) for row in rows)

    def connected_seats(self, table_id: str, fresh_s: float, other_than: str) -> frozenset[int]:
        """The seats with a connection in a process other than ``other_than`` whose
        heartbeat is fresh (a process knows its own connections better than the store)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT DISTINCT p.seat FROM seat_presence p JOIN server_processes s "
                "ON s.owner = p.owner WHERE p.table_id = ? AND p.connections > 0 "
                "AND s.seen_at >= ? AND p.owner <> ?",
                (table_id, time.time() - fresh_s, other_than),
            ).fetchall()
        return frozenset(int(row["seat"]) for row in rows)

    def connected_tables(self, fresh_s: float, other_than: str) -> frozenset[str]:
        """The tables with a seat connected in a process other than ``other_than`` whose
        heartbeat is fresh (for the lobby; a process knows its own connections better)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT DISTINCT p.table_id FROM seat_presence p JOIN server_processes s "
                "ON s.owner = p.owner WHERE p.connections > 0 AND s.seen_at >= ? "
                "AND p.owner <> ?",
                (time.time() - fresh_s, other_than),
            ).fetchall()
        return frozenset(str(row["table_id"]) for row in rows)

    # -- stand-ins ---------------------------------------------------------------------------

    def set_stand_in(self, table_id: str, seat: int, level: str | None) -> None:
        """A computer player of ``level`` plays for ``seat`` now (None: the person again);
        the other processes hear of it as of a change of presence."""
        with self.database.transaction() as db:
            if level is None:
                db.execute("DELETE FROM table_stand_ins WHERE table_id = ? AND seat = ?",
                           (table_id, seat))
            else:
                db.execute(
                    "INSERT INTO table_stand_ins (table_id, seat, level) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id, seat) DO UPDATE SET level = excluded.level",
                    (table_id, seat, level),
                )
            self.database.notify_change(db, PRESENCE, table_id, 0)

    def stand_ins(self, table_id: str) -> dict[int, str]:
        """The seats of ``table_id`` a computer player plays for (seat -> level)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT seat, level FROM table_stand_ins WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
        return {int(row["seat"]): str(row["level"]) for row in rows}
