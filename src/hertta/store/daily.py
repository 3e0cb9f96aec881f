"""The daily deal's results in SQLite (``daily_results``), mixed into
:class:`~hertta.store.store.Store`.

A row is one won table of a day's deal: the moves and the time the server measured. A person
may win the day's deal more than once; the ranking takes each person's best (fewest moves,
then the shortest time, then the earliest).
"""

from __future__ import annotations

from dataclasses import dataclass

from hertta.store.tables import TableQueries


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A person's best win of a day's deal (``name`` empty without a display name)."""

    player: str
    name: str
    table_id: str
    moves: int
    elapsed_ms: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class WonSpan:
    """When a won result began (the first move) and ended (the winning move), on the
    server's clock."""

    started_at: float
    finished_at: float


class DailyQueries(TableQueries):
    def record_daily_result(
        self,
        day: str,
        player: str,
        table_id: str,
        *,
        moves: int,
        elapsed_ms: int,
        finished_at: float,
    ) -> bool:
        """Keep a won table of ``day``'s deal (once per table); whether it was new."""
        with self.database.transaction() as db:
            self.ensure_player(player)
            cursor = db.execute(
                "INSERT INTO daily_results (day, player_id, table_id, moves, elapsed_ms, "
                "finished_at) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (day, player_id, table_id) DO NOTHING",
                (day, player, table_id, moves, elapsed_ms, finished_at),
            )
            return cursor.rowcount == 1

    def daily_ranking(self, day: str, limit: int = 100) -> list[DailyResult]:
        """Each person's best win of the day, best first."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT d.player_id, d.table_id, d.moves, d.elapsed_ms, d.finished_at, "
                "coalesce(p.name, '') AS name FROM ("
                "  SELECT *, row_number() OVER (PARTITION BY player_id "
                "    ORDER BY moves, elapsed_ms, finished_at) AS nth "
                "  FROM daily_results WHERE day = ?) d "
                "LEFT JOIN profiles p ON p.player_id = d.player_id "
                "WHERE d.nth = 1 ORDER BY d.moves, d.elapsed_ms, d.finished_at LIMIT ?",
                (day, limit),
            ).fetchall()
        return [
            DailyResult(str(row["player_id"]), str(row["name"]), str(row["table_id"]),
                        int(row["moves"]), int(row["elapsed_ms"]), float(row["finished_at"]))
            for row in rows
        ]

    def won_span(self, result_id: int) -> WonSpan | None:
        """When a won result began and ended (None unless it is a closed win)."""
        with self.database.reading() as db:
            row = db.execute(
                "SELECT started_at, finished_at FROM results "
                "WHERE id = ? AND outcome = 'won' AND finished_at IS NOT NULL",
                (result_id,),
            ).fetchone()
        if row is None:
            return None
        return WonSpan(float(row["started_at"]), float(row["finished_at"]))
