"""Ratings at the web: the hook that rates a rated table when its match ends, and what the
leaderboard and a person's page show (``docs/ratings.md``).

Nothing here is sent with a player id in it: people are named by their public handle
(:mod:`hertta.web.handles`) and their display name.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

import anyio.to_thread

from hertta.errors import HerttaError
from hertta.hearts.match import MatchState
from hertta.store import Store
from hertta.store.ratings import RatingPoint
from hertta.tables.online import OnlineTable, rules_json
from hertta.tables.ratings import DEFAULT_RATING, Rating, finishing_places, rate_match
from hertta.tables.rooms import MatchOver
from hertta.web.daily import FINLAND
from hertta.web.rating_chart import RatingChart, rating_chart
from hertta.web.services import AppServices

log = logging.getLogger(__name__)

MIN_RATED_MATCHES: Final = 10
"""Matches a person needs to be on the leaderboard."""
LEADERBOARD_SIZE: Final = 100
MATCHES_SHOWN: Final = 20


def rating_hook(store: Store) -> MatchOver:
    """What the app calls when a shared table's match ends: rate it if it is rated (in a
    worker thread, never on the event loop)."""

    async def rate_rated_table(online: OnlineTable, match: MatchState) -> None:
        if not online.rated:
            return
        try:
            await anyio.to_thread.run_sync(rate_match, store, online, match)
        except Exception:  # the match is over for everyone anyway; keep the server going
            log.exception("table %s: its ratings could not be updated", online.id)

    return rate_rated_table


def shown_rating(rating: Rating) -> float:
    """The conservative rating as pages show it (two decimals)."""
    return round(rating.conservative, 2)


def finnish_date(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, FINLAND).date().isoformat()


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    handle: str
    name: str
    rating: float
    matches: int

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "handle": self.handle, "name": self.name,
                "rating": self.rating, "matches": self.matches}


def leaderboard_rows(services: AppServices) -> list[LeaderboardRow]:
    """The best people with at least :data:`MIN_RATED_MATCHES` rated matches."""
    ranked = services.store.leaderboard(MIN_RATED_MATCHES, LEADERBOARD_SIZE)
    return [
        LeaderboardRow(index, services.handles.handle_of(row.player), row.name,
                       shown_rating(row.rating), row.rating.matches)
        for index, row in enumerate(ranked, start=1)
    ]


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One finished shared table on a person's page (``seat``: theirs)."""

    table_id: str
    day: str
    rules: dict[str, Any]
    rated: bool
    seat: int
    place: int
    totals: tuple[int, ...]
    names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"table_id": self.table_id, "date": self.day, "rules": self.rules,
                "rated": self.rated, "seat": self.seat, "place": self.place,
                "totals": list(self.totals), "names": list(self.names),
                "replay": f"/replay/{self.table_id}"}


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    handle: str
    name: str
    rating: Rating | None
    history: tuple[RatingPoint, ...]
    matches: tuple[MatchLine, ...]
    chart: RatingChart | None
    own: bool

    def to_json(self) -> dict[str, Any]:
        rating = self.rating
        return {
            "handle": self.handle,
            "name": self.name,
            "rating": None if rating is None else shown_rating(rating),
            "mu": None if rating is None else rating.mu,
            "sigma": None if rating is None else rating.sigma,
            "rated_matches": 0 if rating is None else rating.matches,
            "history": [
                {"table_id": point.table_id, "date": finnish_date(point.rated_at),
                 "place": point.place, "rating": shown_rating(point.rating)}
                for point in self.history
            ],
            "matches": [line.to_json() for line in self.matches],
        }


def _match_line(services: AppServices, player: str, table_id: str, finished_at: float,
                own: bool) -> MatchLine | None:
    store = services.store
    try:
        online = store.read_online(table_id)
        table = services.tables.load(table_id)
    except HerttaError:  # the table is gone or does not replay: leave it out
        log.warning("table %s cannot be read for a player's page", table_id)
        return None
    seat = online.seat_of(player)
    match: MatchState = table.state
    if seat is None or not isinstance(match, MatchState) or not match.over:
        return None
    if not (online.rated or online.public or own):
        return None  # a private unrated table shows on its own people's pages only
    places = finishing_places(match.totals, [s.left for s in online.seats])
    return MatchLine(table_id, finnish_date(finished_at), rules_json(online), online.rated,
                     seat, places[seat], match.totals, tuple(s.name for s in table.row.seats))


def player_profile(services: AppServices, handle: str, viewer: str) -> PlayerProfile | None:
    """What the page of ``handle`` shows (None: nobody has a page under that handle)."""
    player = services.handles.player_of(handle, viewer)
    if player is None:
        return None
    store = services.store
    own = player == viewer
    rating = store.ratings([player]).get(player)
    history = tuple(store.rating_history(player))
    lines = []
    for played in store.played_tables(player, MATCHES_SHOWN, shown_to_others=not own):
        line = _match_line(services, player, played.table_id, played.finished_at, own)
        if line is not None:
            lines.append(line)
    name = store.names([player]).get(player) or next(
        (line.names[line.seat] for line in lines if line.names[line.seat]), ""
    )
    values = [DEFAULT_RATING.conservative, *(p.rating.conservative for p in history)]
    return PlayerProfile(handle, name, rating, history, tuple(lines), rating_chart(values), own)
