"""Changes made by other server processes, heard through PostgreSQL ``LISTEN``/``NOTIFY``.

Every save that others must know of sends a small notice in its own transaction
(:mod:`hertta.store.sql`: kind, key, version); PostgreSQL delivers it to every listening
process once the transaction commits. This process listens on one connection of its own and,
for a table it has in play, reads the newer state from the store and tells its sockets; a
notice for anything it does not hold is dropped. Its own notices come back too: the version
tells them apart (the table is already there). After a lost connection every table in play
is read again, since notices sent meanwhile are gone. With SQLite there is nothing to listen
to (:class:`NoChanges`): one process serves, and a second one on the same file reloads when a
save of it is refused as stale.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

from hertta.store.sql import (
    CHANGES_CHANNEL,
    CURRENT,
    DECIDED,
    NEWS,
    PRESENCE,
    RATED,
    READY,
    SEATING,
    UPDATED,
    is_postgres_url,
)

if TYPE_CHECKING:
    from hertta.web.services import AppServices

log = logging.getLogger(__name__)

RETRY_S: Final = (0.2, 0.5, 1.0, 2.0, 5.0)


@dataclass(frozen=True, slots=True)
class Notice:
    kind: str
    key: str
    version: int


def parse_notice(payload: str) -> Notice | None:
    """``"<kind> <key> <version>"`` (the key may hold spaces); None if it is not one."""
    kind, _, rest = payload.partition(" ")
    key, _, version = rest.rpartition(" ")
    if not kind or not key or not version.isdigit():
        return None
    return Notice(kind, key, int(version))


class ChangeFeed(Protocol):
    state: str
    """``"listening"``, ``"connecting"`` or ``"none"`` (``/healthz`` shows it)."""

    async def run(self) -> None: ...


class NoChanges:
    """SQLite: no other process to hear from."""

    state = "none"

    async def run(self) -> None:
        return None


Handler = Callable[[Notice], None]


class PostgresChanges:
    """Listens on :data:`~hertta.store.sql.CHANGES_CHANNEL` until cancelled, reconnecting."""

    def __init__(self, url: str, on_notice: Handler, on_reconnect: Callable[[], None]) -> None:
        self.url = url
        self.on_notice = on_notice
        self.on_reconnect = on_reconnect
        self.state = "connecting"
        self.heard = 0

    async def run(self) -> None:
        import psycopg

        failures = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANGES_CHANNEL}")
                    if failures:
                        self.on_reconnect()  # what was sent while we were away is lost
                    self.state = "listening"
                    failures = 0
                    async for notify in connection.notifies():
                        notice = parse_notice(notify.payload)
                        if notice is not None:
                            self.heard += 1
                            self.on_notice(notice)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a lost connection: say so, wait, listen again
                self.state = "connecting"
                wait = RETRY_S[min(failures, len(RETRY_S) - 1)]
                failures += 1
                log.warning("change notices lost (%s); listening again in %.1f s",
                            str(error).splitlines()[0] if str(error) else type(error).__name__,
                            wait)
                await asyncio.sleep(wait)


class Followers(Protocol):
    """What a notice may concern in this process (implemented by the app's services)."""

    def table_moved(self, table_id: str, version: int, decided: bool) -> Awaitable[None] | None:
        ...

    def current_moved(self, player: str, kind: str) -> Awaitable[None] | None: ...

    def seating_moved(self, table_id: str, version: int) -> Awaitable[None] | None: ...

    def ready_moved(self, table_id: str, version: int) -> Awaitable[None] | None: ...

    def presence_moved(self, table_id: str) -> Awaitable[None] | None: ...

    def table_rated(self, table_id: str) -> Awaitable[None] | None: ...

    def table_news(self, table_id: str, owner: str, news: str) -> None: ...


def dispatcher(followers: Followers, spawn: Callable[[Awaitable[None]], None]) -> Handler:
    """A handler that hands each notice to what it concerns (work that reads the store runs
    as a task: the listener only moves messages)."""

    def handle(notice: Notice) -> None:
        work: Awaitable[None] | None = None
        if notice.kind in (DECIDED, UPDATED):
            work = followers.table_moved(notice.key, notice.version, notice.kind == DECIDED)
        elif notice.kind == CURRENT:
            player, _, kind = notice.key.partition(" ")
            work = followers.current_moved(player, kind)
        elif notice.kind == SEATING:
            work = followers.seating_moved(notice.key, notice.version)
        elif notice.kind == READY:
            work = followers.ready_moved(notice.key, notice.version)
        elif notice.kind == PRESENCE:
            work = followers.presence_moved(notice.key)
        elif notice.kind == RATED:
            work = followers.table_rated(notice.key)
        elif notice.kind == NEWS:
            table_id, _, rest = notice.key.partition(" ")
            owner, _, news = rest.partition(" ")
            followers.table_news(table_id, owner, news)
        if work is not None:
            spawn(work)

    return handle


class AppFollowers:
    """The app's tables, people's sessions and shared tables in this process, as
    :class:`Followers`."""

    def __init__(self, services: AppServices) -> None:
        self.services = services

    def table_moved(self, table_id: str, version: int, decided: bool) -> Awaitable[None] | None:
        live = self.services.live.get(table_id)
        if live is not None and decided and version <= live.table.version:
            return None  # this process made that decision, or has read it already
        return self.services.live.moved(table_id)

    def current_moved(self, player: str, kind: str) -> Awaitable[None] | None:
        sessions = self.services.sessions
        return None if sessions is None else sessions.moved(player, kind)

    def seating_moved(self, table_id: str, version: int) -> Awaitable[None] | None:
        room = self.services.rooms.get(table_id)
        if room is not None and version <= room.online.version:
            return None
        return self.services.rooms.moved(table_id)

    def ready_moved(self, table_id: str, version: int) -> Awaitable[None] | None:
        room = self.services.rooms.get(table_id)
        return None if room is None else room.refresh_ready(version)

    def presence_moved(self, table_id: str) -> Awaitable[None] | None:
        room = self.services.rooms.get(table_id)
        return None if room is None else room.share_presence()

    def table_rated(self, table_id: str) -> Awaitable[None] | None:
        room = self.services.rooms.get(table_id)
        return None if room is None else room.rated()

    def table_news(self, table_id: str, owner: str, news: str) -> None:
        room = self.services.rooms.get(table_id)
        if room is not None:
            room.heard(owner, news)

    def everything(self) -> list[Awaitable[None]]:
        """Read again every table in play here (after notices may have been lost)."""
        work: list[Awaitable[None]] = [live.sync() for live in self.services.live.all()]
        work += [room.refresh() for room in self.services.rooms.all()]
        return work


def change_feed(services: AppServices, target: str) -> ChangeFeed:
    """What this app listens to: PostgreSQL's notices, or nothing on SQLite."""
    if not is_postgres_url(target):
        return NoChanges()
    followers = AppFollowers(services)
    tasks: set[asyncio.Task[None]] = set()

    def spawn(work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        tasks.add(task)
        task.add_done_callback(_finished(tasks))

    def everything() -> None:
        for work in followers.everything():
            spawn(work)

    return PostgresChanges(target, dispatcher(followers, spawn), everything)


def _finished(tasks: set[asyncio.Task[None]]) -> Callable[[asyncio.Task[None]], None]:
    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("following another process's change failed: %s", task.exception())

    return done
