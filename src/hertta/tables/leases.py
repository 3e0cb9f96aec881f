"""Keeping this process's leases and heartbeat while several processes serve the tables.

Every :data:`TICK_S` the keeper says the process is alive (its presence rows count while it
does), renews the lease of every table whose computer players it runs, and tries to take the
lease of every table in play here that has computer players, stand-ins or a room: a table whose
process died is taken over by one of the others once the lease runs out
(:data:`~hertta.tables.live.LEASE_S`). The holder wakes its tables' computer players on every
tick (they look, and rest again when they owe nothing). The holder of a shared table also reads
who is connected anywhere (the connections of a dead process stop counting with its heartbeat); the
other processes read it again when a process's heartbeat went stale.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

import anyio.to_thread

from hertta.tables.live import LiveTable, LiveTables
from hertta.tables.model import TableStatus
from hertta.tables.rooms import Rooms
from hertta.tables.storage import CoordinationStorage

log = logging.getLogger(__name__)

TICK_S: Final = 1.0


class LeaseKeeper:
    def __init__(
        self, live: LiveTables, rooms: Rooms, storage: CoordinationStorage, owner: str
    ) -> None:
        self.live = live
        self.rooms = rooms
        self.storage = storage
        self.owner = owner
        self._alive: frozenset[str] = frozenset()
        """The processes whose heartbeat was fresh at the last tick."""

    async def run(self) -> None:
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the store is away for a moment: try again next tick
                log.warning("keeping the leases failed: %s", error)
            await asyncio.sleep(TICK_S)

    def wants_lease(self, live: LiveTable) -> bool:
        row = live.table.row
        if row.status is not TableStatus.ACTIVE:
            return False
        computers = any(seat.level is not None for seat in row.seats)
        return computers or bool(live.stand_ins) or self.rooms.get(live.id) is not None

    async def tick(self) -> None:
        await anyio.to_thread.run_sync(self.storage.heartbeat, self.owner)
        for live in self.live.all():
            if not self.wants_lease(live):
                continue
            if not await live.hold():
                continue
            if live.lease_news:  # taken here or by the computer players' loop since last tick
                # Told before the room's reads, so a lease lost and taken again meanwhile is
                # news for the next tick (no room: nothing to time, nobody to tell).
                live.lease_news = False
                room = self.rooms.get(live.id)
                if room is not None:
                    await room.lease_taken()
            # Waking them on every tick, not only when the lease is taken, costs a look at the
            # state when they owe nothing (they are not started twice); it means a wake-up
            # lost between processes holds a table for one tick, not for ever. One was: under
            # load, two processes serving a table stopped with a computer player to move
            # (tests/web/test_postgres_tables.py, the killed process), its cause not found.
            live.wake_computer_players()
        alive = await anyio.to_thread.run_sync(self.storage.live_processes,
                                               self.rooms.services.fresh_s)
        gone, self._alive = bool(self._alive - alive), alive
        for room in self.rooms.all():
            if (room.live is not None and room.live.holds) or (gone and room.connected_elsewhere):
                # The holder decides who is away; the others look again when a process went
                # quiet while someone here was connected through another: a process that
                # dies sends no notice, its heartbeat only goes stale.
                await room.share_presence()

    async def close(self) -> None:
        """Leave at once: the others may take the tables now, not when the leases run out."""
        await anyio.to_thread.run_sync(self.storage.forget_process, self.owner)
