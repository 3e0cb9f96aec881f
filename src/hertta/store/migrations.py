"""Schema migrations, in order; the database's ``user_version`` is how many have been applied.

Each migration is a function of the connection and runs inside the one transaction that
:class:`~hertta.store.database.Database` opens for migrating (so a crash mid-way leaves the
previous schema whole).
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable

from hertta.store.sql import Connection, Dialect, ddl_for, statements

Migration = Callable[[Connection, Dialect], None]
"""A migration: the connection (inside the migrating transaction) and its dialect."""


def _run(connection: Connection, dialect: Dialect, script: str) -> None:
    # executescript would commit on its own; run the statements one by one instead.
    for statement in statements(ddl_for(dialect, script)):
        connection.execute(statement)


def players_settings_games_results(connection: Connection, dialect: Dialect) -> None:
    """1: players, their settings, the meta table (secret key), games in progress, results."""
    _run(
        connection,
        dialect,
        """
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            created_at REAL NOT NULL
        );
        CREATE TABLE settings (
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (player_id, key)
        );
        CREATE TABLE saved_games (
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            code TEXT NOT NULL,
            moves TEXT NOT NULL,
            elapsed_ms INTEGER NOT NULL,
            data TEXT NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (player_id, kind)
        );
        CREATE TABLE results (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            code TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('open', 'won', 'lost')),
            score INTEGER NOT NULL DEFAULT 0,
            moves INTEGER NOT NULL DEFAULT 0,
            elapsed_ms INTEGER NOT NULL DEFAULT 0,
            data TEXT NOT NULL DEFAULT '{}',
            started_at REAL NOT NULL,
            finished_at REAL
        );
        CREATE INDEX results_by_player ON results (player_id, kind, id);
        """,
    )


def tables_and_decision_logs(connection: Connection, dialect: Dialect) -> None:
    """2: tables with seats, versions and checkpoints; their append-only decision logs; each
    person's current table per game. The games in progress move over (each becomes a table
    whose log is its move list) and ``saved_games`` goes."""
    _run(
        connection,
        dialect,
        """
        CREATE TABLE game_tables (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            setup TEXT NOT NULL,
            seats TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'over', 'left')),
            elapsed_ms INTEGER NOT NULL DEFAULT 0,
            results TEXT NOT NULL DEFAULT '{}',
            checkpoint_version INTEGER NOT NULL DEFAULT 0,
            checkpoint TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE table_decisions (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER,
            decision TEXT NOT NULL,
            PRIMARY KEY (table_id, seq)
        );
        CREATE TABLE current_tables (
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            PRIMARY KEY (player_id, kind)
        )
        """,
    )
    rows = connection.execute(
        "SELECT player_id, kind, code, moves, elapsed_ms, data, updated_at FROM saved_games"
    ).fetchall()
    for player, kind, code, moves, elapsed_ms, data, updated_at in rows:
        _move_saved_game(connection, player, kind, code, moves, elapsed_ms, data, updated_at)
    connection.execute("DROP TABLE saved_games")


_HEARTS_SEAT = re.compile(r"^[PM]?([0-9]):")


def _move_saved_game(
    connection: Connection,
    player: str,
    kind: str,
    code: str,
    moves: str,
    elapsed_ms: int,
    data_text: str,
    updated_at: float,
) -> None:
    data = json.loads(data_text) if data_text else {}
    data = data if isinstance(data, dict) else {}
    if kind == "h2h":
        setup: dict[str, object] = {"code": code}
        seats: list[dict[str, object]] = [{"player": player, "name": ""}]
    elif kind == "hearts":
        setup = {"code": code, "code_public": data.get("code_public", True) is True}
        saved_seats = data.get("seats", [])
        seats = [{"player": player, "name": ""}]
        for seat in saved_seats[1:] if isinstance(saved_seats, list) else []:
            if isinstance(seat, dict):
                seats.append({"level": str(seat.get("level")), "name": str(seat.get("name"))})
    else:
        return  # a kind this version never wrote
    decisions = moves.split()
    results = {"0": data["result_id"]} if isinstance(data.get("result_id"), int) else {}
    table_id = secrets.token_urlsafe(16)
    connection.execute(
        "INSERT INTO game_tables (id, kind, setup, seats, version, elapsed_ms, results, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (table_id, kind, json.dumps(setup), json.dumps(seats), len(decisions), elapsed_ms,
         json.dumps(results), updated_at, updated_at),
    )
    for seq, text in enumerate(decisions, start=1):
        found = _HEARTS_SEAT.match(text) if kind == "hearts" else None
        seat = int(found.group(1)) if found else (0 if kind == "h2h" else None)
        connection.execute(
            "INSERT INTO table_decisions (table_id, seq, seat, decision) VALUES (?, ?, ?, ?)",
            (table_id, seq, seat, text),
        )
    connection.execute(
        "INSERT INTO current_tables (player_id, kind, table_id) VALUES (?, ?, ?)",
        (player, kind, table_id),
    )


def online_tables_ratings_daily(connection: Connection, dialect: Dialect) -> None:
    """3: display names; tables people play together (their seating before the start, host,
    invite token, clock, visibility) whose game is the ``game_tables`` row of the same id;
    ratings and their history; the daily Heart to Heart deal's results."""
    _run(
        connection,
        dialect,
        """
        CREATE TABLE profiles (
            player_id TEXT PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE online_tables (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            host TEXT NOT NULL REFERENCES players(id),
            rules TEXT NOT NULL,
            seats TEXT NOT NULL,
            public INTEGER NOT NULL CHECK (public IN (0, 1)),
            spectators INTEGER NOT NULL CHECK (spectators IN (0, 1)),
            clock_s INTEGER NOT NULL,
            rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
            invite TEXT NOT NULL UNIQUE,
            status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'over', 'closed')),
            version INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX online_tables_lobby ON online_tables (status, public, created_at);
        CREATE TABLE ratings (
            player_id TEXT PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            matches INTEGER NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE rating_history (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            table_id TEXT NOT NULL,
            place INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            rated_at REAL NOT NULL
        );
        CREATE INDEX rating_history_by_player ON rating_history (player_id, id);
        CREATE TABLE daily_results (
            day TEXT NOT NULL,
            player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
            table_id TEXT NOT NULL,
            moves INTEGER NOT NULL,
            elapsed_ms INTEGER NOT NULL,
            finished_at REAL NOT NULL,
            PRIMARY KEY (day, player_id, table_id)
        );
        CREATE INDEX daily_by_rank ON daily_results (day, moves, elapsed_ms)
        """,
    )


def shared_table_coordination(connection: Connection, dialect: Dialect) -> None:
    """4: what several server processes share about a table in play: who is ready for the next
    round (marks of one game version), which process runs its computer players and turn clock
    (a lease that runs out), and who is connected to which process (kept alive by that
    process's heartbeat)."""
    _run(
        connection,
        dialect,
        """
        CREATE TABLE table_ready (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            PRIMARY KEY (table_id, version, seat)
        );
        CREATE TABLE table_leases (
            table_id TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            expires_at REAL NOT NULL
        );
        CREATE TABLE server_processes (
            owner TEXT PRIMARY KEY,
            seen_at REAL NOT NULL
        );
        CREATE TABLE seat_presence (
            table_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            owner TEXT NOT NULL,
            connections INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat, owner)
        )
        """,
    )


def shared_stand_ins(connection: Connection, dialect: Dialect) -> None:
    """5: which person seats of a shared table a computer player plays for now (an away or
    leaving person's), so that every process shows them and a process that takes the table
    over goes on with them."""
    _run(
        connection,
        dialect,
        """
        CREATE TABLE table_stand_ins (
            table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            level TEXT NOT NULL,
            PRIMARY KEY (table_id, seat)
        )
        """,
    )


def follow_up_tables(connection: Connection, dialect: Dialect) -> None:
    """6: the table a finished one's people were asked to play on at, and its invite
    (``next_table``, ``next_invite``: "play again" opens it once, with the same rules, clock
    and computer players)."""
    _run(connection, dialect, """
        ALTER TABLE online_tables ADD COLUMN next_table TEXT;
        ALTER TABLE online_tables ADD COLUMN next_invite TEXT
        """)


def decision_owed_since(connection: Connection, dialect: Dialect) -> None:
    """7: when the decision a table waits on became owed (``owed_since``, wall-clock seconds;
    0 for rows from before, read as their last change): a turn clock counts from it, and a
    pass, which every seat makes in turn, stays one decision until the last seat has passed."""
    _run(connection, dialect,
         "ALTER TABLE game_tables ADD COLUMN owed_since REAL NOT NULL DEFAULT 0")


MIGRATIONS: tuple[Migration, ...] = (
    players_settings_games_results,
    tables_and_decision_logs,
    online_tables_ratings_daily,
    shared_table_coordination,
    shared_stand_ins,
    follow_up_tables,
    decision_owed_since,
)
