"""Ratings, their history and the shared tables people played, in SQLite.

:class:`RatingQueries` is mixed into :class:`~hertta.store.store.Store` and implements
:class:`hertta.tables.ratings.RatingStorage`. A rated match writes its people's new ratings and
one ``rating_history`` row each in one transaction; a table with history rows is rated.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from hertta.store.database import select_in
from hertta.store.sql import RATED, Row, json_array_elements, json_field
from hertta.store.tables import TableQueries
from hertta.tables.ratings import Rating, RatingChange


@dataclass(frozen=True, slots=True)
class RankedPlayer:
    """A row of the leaderboard (``name`` is empty for a person without a display name)."""

    player: str
    name: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A person's rating right after one rated match, and their place in it."""

    table_id: str
    place: int
    mu: float
    sigma: float
    rated_at: float

    @property
    def rating(self) -> Rating:
        return Rating(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """A finished shared table a person sat at: its id, when it ended, whether it was rated
    or public."""

    table_id: str
    finished_at: float
    rated: bool
    public: bool


RATINGS_LOCK: Final = 0x4845525452  # "HERTR": apart from the migration's lock


def _rating(row: Row) -> Rating:
    return Rating(float(row["mu"]), float(row["sigma"]), int(row["matches"]))


class RatingQueries(TableQueries):
    """Ratings and the shared tables people played (on top of the player rows)."""

    def lock_ratings(self) -> None:
        """Held to the end of the rating transaction: two processes would otherwise read the
        same rating and both write their update of it."""
        with self.database.transaction() as db:
            self.database.hold_lock(db, RATINGS_LOCK)

    def table_rated(self, table_id: str) -> bool:
        with self.database.reading() as db:
            row = db.execute(
                "SELECT 1 FROM rating_history WHERE table_id = ? LIMIT 1", (table_id,)
            ).fetchone()
        return row is not None

    def ratings(self, players: Iterable[str]) -> dict[str, Rating]:
        rows = select_in(
            self.database,
            "SELECT player_id, mu, sigma, matches FROM ratings WHERE player_id IN",
            players,
        )
        return {str(row["player_id"]): _rating(row) for row in rows}

    def save_ratings(self, table_id: str, changes: Sequence[RatingChange]) -> None:
        now = time.time()
        with self.database.transaction() as db:
            for change in changes:
                self.ensure_player(change.player)
                after = change.after
                db.execute(
                    "INSERT INTO ratings (player_id, mu, sigma, matches, updated_at) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (player_id) DO UPDATE SET "
                    "mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches, "
                    "updated_at = excluded.updated_at",
                    (change.player, after.mu, after.sigma, after.matches, now),
                )
                db.execute(
                    "INSERT INTO rating_history (player_id, table_id, place, mu, sigma, "
                    "rated_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (change.player, table_id, change.place, after.mu, after.sigma, now),
                )
            self.database.notify_change(db, RATED, table_id, 0)

    def rated_players(self) -> list[str]:
        """Everyone with a rating (the people who have a page)."""
        with self.database.reading() as db:
            rows = db.execute("SELECT player_id FROM ratings ORDER BY player_id").fetchall()
        return [str(row["player_id"]) for row in rows]

    def rated_player_count(self) -> int:
        with self.database.reading() as db:
            return int(db.execute("SELECT count(*) FROM ratings").fetchone()[0])

    def leaderboard(self, min_matches: int, limit: int = 100) -> list[RankedPlayer]:
        """People with at least ``min_matches`` rated matches, best conservative rating
        first (then more matches, then the earlier to get there)."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT r.player_id, r.mu, r.sigma, r.matches, coalesce(p.name, '') AS name "
                "FROM ratings r LEFT JOIN profiles p ON p.player_id = r.player_id "
                "WHERE r.matches >= ? "
                "ORDER BY r.mu - 3 * r.sigma DESC, r.matches DESC, r.updated_at LIMIT ?",
                (min_matches, limit),
            ).fetchall()
        return [RankedPlayer(str(row["player_id"]), str(row["name"]), _rating(row))
                for row in rows]

    def rating_history(self, player: str) -> list[RatingPoint]:
        """The person's rating after each rated match, oldest first."""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT table_id, place, mu, sigma, rated_at FROM rating_history "
                "WHERE player_id = ? ORDER BY id",
                (player,),
            ).fetchall()
        return [
            RatingPoint(str(row["table_id"]), int(row["place"]), float(row["mu"]),
                        float(row["sigma"]), float(row["rated_at"]))
            for row in rows
        ]

    def played_tables(
        self, player: str, limit: int = 20, *, shown_to_others: bool = False
    ) -> list[PlayedTable]:
        """Finished shared tables at which the person held a seat, newest first;
        ``shown_to_others``: only those anyone may see listed (rated or public), chosen before
        the limit, so another viewer sees as many as there are."""
        dialect = self.database.dialect
        seats = json_array_elements(dialect, "o.seats")
        player_of = json_field(dialect, "value", "player")
        shown = " AND (o.rated = 1 OR o.public = 1)" if shown_to_others else ""
        with self.database.reading() as db:
            rows = db.execute(
                "SELECT o.id, o.updated_at, o.rated, o.public FROM online_tables o "
                f"WHERE o.status = 'over'{shown} AND EXISTS (SELECT 1 FROM {seats} "
                f"WHERE {player_of} = ?) "
                "ORDER BY o.updated_at DESC LIMIT ?",
                (player, limit),
            ).fetchall()
        return [
            PlayedTable(str(row["id"]), float(row["updated_at"]), bool(row["rated"]),
                        bool(row["public"]))
            for row in rows
        ]
