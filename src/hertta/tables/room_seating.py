"""Who sits where at a shared table before its match, and the start of the match: a mixin of
:class:`~hertta.tables.rooms.Room`. Each change is a compare-and-swap on the online table's
version, made again on the seating as it is when another process changed it first; when every
seat is taken the match starts (the game table is created in the same transaction, dealt from
the server's key).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from hertta.tables.hearts import dealt_code, setup_for
from hertta.tables.hearts_view import round_event
from hertta.tables.model import StaleTableError
from hertta.tables.online import OnlineStatus, OnlineTable
from hertta.tables.room_types import SEATING_ATTEMPTS

if TYPE_CHECKING:
    from hertta.tables.live import Change, LiveTable
    from hertta.tables.room_types import RoomServices


class RoomSeating:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable
        live: LiveTable | None
        lock: asyncio.Lock

        @property
        def id(self) -> str: ...

        def _notify(
            self, events: list[dict[str, Any]], *, origin: object | None = None
        ) -> None: ...

        def _play(self, live: LiveTable) -> None: ...

        def _after_change(self, resumed: bool = False) -> None: ...

        async def resume(self) -> None: ...

        def table_changed(self, change: Change) -> None: ...

    async def change_seating(
        self, change: Callable[[OnlineTable], OnlineTable], origin: object | None = None
    ) -> None:
        """Apply a seating change (``change`` raises to refuse it); start the match when every
        seat is then taken. A seating change is a request, not a move made against what the
        person saw: when another process changed the seating first, it is made again on the
        seating as it is now (and refused if it no longer fits, e.g. the seat was taken)."""
        try:
            changed = await self._change_seating(change)
        finally:
            if self.online.status is not OnlineStatus.WAITING and self.live is None:
                # Read again after a stale write, the match had started in another process
                # (its last seat taken there at the same moment): this process follows it, as
                # refresh() would (which now finds nothing newer), or its people never saw it.
                self._notify(await self._follow_start())
        if changed:
            self._notify([{"type": "seating"}], origin=origin)

    async def _change_seating(self, change: Callable[[OnlineTable], OnlineTable]) -> bool:
        """Write the change; True when a seating was written here (the match start tells of
        itself, and no change is no news)."""
        storage = self.services.online
        async with self.lock:
            for _attempt in range(SEATING_ATTEMPTS):
                before = self.online
                after = change(before)  # SeatError / ConfigError before anything is written
                if after is before and not (after.full and after.status is OnlineStatus.WAITING):
                    return False  # nothing to change (a full table waiting is started below)
                try:
                    if after.full and after.status is OnlineStatus.WAITING:
                        await self._start(after)
                        return False
                    self.online = await anyio.to_thread.run_sync(
                        storage.update_online, after, before.version
                    )
                    return True
                except StaleTableError:
                    self.online = await anyio.to_thread.run_sync(storage.read_online, self.id)
                    self._notify([{"type": "seating"}])
            raise StaleTableError(f"the seating of table {self.id!r} kept changing")

    async def _start(self, seated: OnlineTable) -> None:
        """Every seat is taken: deal the match from the server's key and start it (the
        online table and the game table change in one transaction)."""
        services = self.services
        code = dealt_code(services.deal_secret, seated.id, seated.rules, seated.players)
        playing = replace(seated, status=OnlineStatus.PLAYING)
        storage = services.online

        def start() -> tuple[OnlineTable, Any]:
            with storage.transaction():
                stored = storage.update_online(playing, seated.version)
                table = services.tables.create(
                    "hearts", setup_for(code, public=False), playing.game_seats(),
                    table_id=seated.id,
                )
            return stored, table

        self.online, table = await anyio.to_thread.run_sync(start)
        live = services.live.adopt(table, self)
        self._play(live)
        await live.hold()  # the process that starts the match runs it (several processes)
        live.lease_news = False  # nothing to take over: the clock is timed afresh here
        self._after_change()
        # The first round is told as every later one is (its pass direction and dealer).
        self._notify([{"type": "seating"}, {"type": "started"}, round_event(live.table.state)])

    async def _follow_start(self) -> list[dict[str, Any]]:
        """Read the game of a match another process started; the news of its start (none if
        it could not be read)."""
        await self.resume()
        if self.live is None:
            return []
        return [{"type": "started"}, round_event(self.live.table.state)]
