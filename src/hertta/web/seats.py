"""A person's seat at a table, as the web serves it: every open tab (connection) of the person
shares one :class:`SeatSession`, which watches the table and tells each tab what changed.

The answer to a tab's own op goes to that tab (``re`` = its ``seq``); every other tab, and every
change made by computer players or another seat, arrives as an ``update`` with ``re: null``.
``state.version`` grows with every change the page is shown, so a page ignores an older state;
a ``snapshot`` (after a reconnect, or after the table was read again) always wins.

:class:`SoloSessions` holds the sessions of people playing alone (one table per game kind).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any, ClassVar

from hertta.tables.live import Change, LiveTable
from hertta.tables.openings import Openings
from hertta.tables.service import LoadedTable
from hertta.web.preferences import Value, player_preferences
from hertta.web.protocol import Intent, Message, OpSpec
from hertta.web.services import AppServices
from hertta.web.transport import Connection

log = logging.getLogger(__name__)


class SeatSession:
    """Base of the game sessions: connections, the watched table, views and updates."""

    kind: ClassVar[str]
    ops: ClassVar[Mapping[str, OpSpec]]

    def __init__(
        self, services: AppServices, player: str, preferences: Mapping[str, Value]
    ) -> None:
        self.services = services
        self.player = player
        self.connections: list[Connection] = []
        self.live: LiveTable | None = None
        self.version = 0
        # Held while the person's table changes here (a new game) and while following a
        # change of it from elsewhere: this process's own notice of a new current table can
        # arrive before the store call that made it returns, and must not be taken for news.
        self._moving = asyncio.Lock()
        self.apply_preferences(preferences)

    # -- what a game provides ----------------------------------------------------------------

    async def start(self) -> None:
        """Find (or make) the person's table; called once before the first connection."""

    def view(self) -> dict[str, Any]:
        """The state for this seat, ``version`` included."""
        raise NotImplementedError

    def events_for(self, change: Change) -> list[dict[str, Any]]:
        """What this seat is told about a change at its table."""
        raise NotImplementedError

    async def handle(self, connection: Connection, intent: Intent) -> None:
        """Carry out a game op and push the answer to ``connection``."""
        raise NotImplementedError

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        """The person's settings (set at the start and whenever they change)."""

    def activity_changed(self) -> None:
        """A tab became visible or hidden, opened or closed a dialog, came or went."""

    async def closing(self) -> None:
        """The last tab closed: keep what is worth keeping (a paused clock)."""

    def show_table(self, table: LoadedTable[Any]) -> None:
        """Play at ``table`` from now on (a game may also reset what only it keeps)."""
        self.watch(table)

    # -- the table ---------------------------------------------------------------------------

    @property
    def table(self) -> LoadedTable[Any] | None:
        return None if self.live is None else self.live.table

    def watch(self, table: LoadedTable[Any]) -> LiveTable:
        """Play at ``table`` from now on (leaving the one watched before)."""
        if self.live is not None:
            self.live.unwatch(self)
        self.live = self.services.live.adopt(table, self)
        return self.live

    async def move_to(self, start: Callable[[], LoadedTable[Any]]) -> LoadedTable[Any]:
        """Start the person's next table (``start`` runs in the store's thread) and play at it."""
        async with self._moving:
            table = await self.services.store_thread(start)
            self.show_table(table)
            self.version += 1
            return table

    def table_changed(self, change: Change) -> None:
        self.version += 1
        events = self.events_for(change)
        self.broadcast(events, skip=change.origin)

    # -- messages ----------------------------------------------------------------------------

    def update(self, events: list[dict[str, Any]], re: int | None) -> Message:
        return {"type": "update", "re": re, "events": events, "state": self.view()}

    def broadcast(self, events: list[dict[str, Any]], *, skip: object | None = None) -> None:
        """An update to every tab but ``skip`` (which gets its own answer)."""
        message = self.update(events, None)
        for connection in list(self.connections):
            if connection is not skip:
                connection.push(message)

    def answer(self, asker: Connection, events: list[dict[str, Any]], re: int | None) -> None:
        """The asker's answer, and the same events to the person's other tabs."""
        asker.push(self.update(events, re))
        self.broadcast(events, skip=asker)

    # -- the transport's channel -------------------------------------------------------------

    def attach(self, connection: Connection) -> None:
        self.connections.append(connection)
        self.activity_changed()

    async def detach(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        self.activity_changed()
        if not self.connections:
            sessions = self.services.sessions
            if sessions is not None:
                sessions.forget(self)
            await self.closing()
            if self.live is not None:
                self.live.unwatch(self)

    def view_changed(self, connection: Connection) -> None:
        self.activity_changed()

    def view_update(self, re: int | None) -> Message:
        return self.update([], re)

    async def hello(self, connection: Connection) -> Message:
        if self.live is not None:
            await self.live.sync()  # another process may have moved the table meanwhile
        return await self.snapshot()

    async def snapshot(self) -> Message:
        await self.follow_current()
        return {"type": "snapshot", "events": [], "state": self.view()}

    async def follow_current(self) -> bool:
        """Move to the person's current table if it is another one (they started a new game
        in another tab served by another process); True if it moved."""
        async with self._moving:
            tables = self.services.tables
            current = await self.services.store_thread(
                partial(tables.storage.current_table, self.player, self.kind)
            )
            if current is None or (self.live is not None and current == self.live.id):
                return False
            table = await self.services.store_thread(partial(tables.load, current))
            self.show_table(table)
            self.version += 1
            return True

    async def follow_and_tell(self) -> None:
        """Another process gave the person a new current table: follow it, tell the tabs."""
        if await self.follow_current():
            self.broadcast([])

    @property
    def active(self) -> bool:
        return any(connection.active for connection in self.connections)


SessionFactory = Callable[[AppServices, str, Mapping[str, Value]], SeatSession]


class SoloSessions:
    """The seat sessions of people playing alone, by (player, game kind)."""

    def __init__(self, services: AppServices, factories: Mapping[str, SessionFactory]) -> None:
        self.services = services
        self.factories = factories
        self._sessions: dict[tuple[str, str], SeatSession] = {}
        self._starting: Openings[SeatSession] = Openings()

    def __len__(self) -> int:
        return len(self._sessions)

    def session(self, player: str, kind: str) -> SeatSession | None:
        return self._sessions.get((player, kind))

    async def join(self, player: str, kind: str) -> SeatSession:
        """The person's session of ``kind`` (started the first time: one start however many
        tabs connect at once)."""
        key = (player, kind)
        found = self._sessions.get(key)
        if found is not None:
            return found

        async def start() -> SeatSession:
            store = self.services.store
            preferences = await self.services.store_thread(
                partial(player_preferences, store, player)
            )
            session = self.factories[kind](self.services, player, preferences)
            await session.start()
            self._sessions[key] = session
            return session

        return await self._starting.open(f"{kind} {player}", start, SeatSession.follow_and_tell)

    def moved(self, player: str, kind: str) -> Awaitable[None] | None:
        """Another process gave the person a new current table of ``kind``: the work that
        follows it here (a session starting now follows it once started)."""
        session = self._sessions.get((player, kind))
        if session is not None:
            return session.follow_and_tell()
        self._starting.moved(f"{kind} {player}")
        return None

    def forget(self, session: SeatSession) -> None:
        key = (session.player, session.kind)
        if self._sessions.get(key) is session:
            del self._sessions[key]

    def preferences_changed(self, player: str, preferences: Mapping[str, Value]) -> None:
        """New settings reach the person's open sessions and every tab shows them."""
        for (owner, _kind), session in list(self._sessions.items()):
            if owner == player:
                session.apply_preferences(preferences)
                session.version += 1
                session.broadcast([{"type": "settings"}])
