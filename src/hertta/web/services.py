"""What the web app keeps for its lifetime, in one typed object (``app.state.hertta``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from fastapi.templating import Jinja2Templates

from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.tables.bots import BotRunner
from hertta.tables.clock import Clock
from hertta.tables.live import LiveTables, StoreThread
from hertta.tables.model import TableStatus
from hertta.tables.online import OnlineStatus, OnlineTable
from hertta.tables.rooms import Rooms
from hertta.tables.service import LoadedTable, TableService
from hertta.web.changes import ChangeFeed, NoChanges
from hertta.web.players import PlayerCookies
from hertta.web.settings import Settings
from hertta.web.transport import Sockets

if TYPE_CHECKING:
    from hertta.web.examples import Examples
    from hertta.web.games import GameInfo
    from hertta.web.handles import PlayerHandles
    from hertta.web.seats import SoloSessions


@dataclass(eq=False)
class AppServices:
    settings: Settings
    store: Store
    cookies: PlayerCookies
    templates: Jinja2Templates
    tables: TableService
    live: LiveTables
    runner: BotRunner
    clock: Clock
    deal_secret: str
    """The key from which Hearts deals come (never sent anywhere)."""
    rng: SplitMix64
    """Heart to Heart's "New game" codes (public codes: they may come from entropy)."""
    examples: Examples
    rooms: Rooms
    """Tables people share, in play in this process."""
    handles: PlayerHandles
    """Public handles of people's pages (never their player ids)."""
    today: Callable[[], date]
    """The calendar date of the daily deal (Finland's, unless a test fixes the day)."""
    store_thread: StoreThread
    """Where sessions' storage work runs, first come first served (the tables' saves too)."""
    games: Sequence[GameInfo] = ()
    sessions: SoloSessions | None = field(default=None)
    changes: ChangeFeed = field(default_factory=NoChanges)
    """Notices of other processes' changes (PostgreSQL only)."""
    sockets: Sockets = field(default_factory=Sockets)
    """Every open WebSocket of this process (``/healthz`` counts them)."""

    def finished_table(self, online: OnlineTable) -> LoadedTable[Any] | None:
        """The game table of a shared table whose match is over (None before the end; reads
        the store). The game table ends in the transaction of the last decision and the
        online row is marked over a moment later, so the game's own status counts: a replay
        link or a record works as soon as the last trick is shown."""
        if online.status is OnlineStatus.WAITING:
            return None  # no game table yet
        table = self.tables.load(online.id)
        return table if table.row.status is TableStatus.OVER else None
