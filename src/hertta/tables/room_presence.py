"""Presence at a shared table when several server processes serve it (PostgreSQL).

Each process counts its own connections per seat and writes the count to the store; the process
that holds the table's lease (:mod:`hertta.tables.leases`) reads who is connected anywhere and
alone decides who is away: the grace period, then a stand-in, and the seat back when the person
returns to any process. Mixed into :class:`~hertta.tables.rooms.Room`.
"""

from __future__ import annotations

from collections.abc import Awaitable
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from hertta.tables.online import OnlineStatus

if TYPE_CHECKING:
    from hertta.tables.live import Change, LiveTable
    from hertta.tables.online import OnlineTable
    from hertta.tables.rooms import RoomServices
    from hertta.tables.timers import TimerHandle


class SharedPresence:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable
        live: LiveTable | None
        presence: dict[int, int]
        _grace: dict[int, TimerHandle]
        _remote: frozenset[int]

        @property
        def id(self) -> str: ...

        def _grace_over(self, seat: int) -> None: ...

        def _notify(
            self, events: list[dict[str, Any]], *, game: Change | None = None,
            origin: object | None = None,
        ) -> None: ...

        def _after_change(self, resumed: bool = False) -> None: ...

        async def _maybe_next_round(self) -> None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

    def _publish_presence(self, seat: int) -> None:
        coordination, owner = self.services.coordination, self.services.owner
        if coordination is None:
            return
        # The count is read when the write runs, so the last write has the latest count.
        self._spawn(anyio.to_thread.run_sync(
            lambda: coordination.set_presence(self.id, seat, owner, self.presence.get(seat, 0))
        ))

    async def share_presence(self) -> None:
        """Read who is connected in any process; the process that holds the table gives an
        away person's seat a grace period, then a stand-in, and back when they return."""
        coordination = self.services.coordination
        if coordination is None:
            return
        connected = await anyio.to_thread.run_sync(
            coordination.connected_seats, self.id, self.services.fresh_s, self.services.owner
        )
        changed = connected != self._remote
        self._remote = connected
        live = self.live
        if live is not None and live.holds and self.online.status is OnlineStatus.PLAYING:
            for index, seat in enumerate(self.online.seats):
                if seat.kind != "person" or seat.left:
                    continue
                if index in connected or self.presence.get(index):
                    self._back(index, live)
                elif index not in self._grace and index not in live.stand_ins:
                    self._grace[index] = self.services.timers.call_later(
                        self.services.grace_s, partial(self._grace_over, index)
                    )
        if changed:
            self._notify([{"type": "seating"}])

    def _back(self, seat: int, live: LiveTable) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in live.stand_ins:
            del live.stand_ins[seat]
            self._after_change()
            self._notify([{"type": "autopilot", "seat": seat, "on": False}])

    async def lease_taken(self) -> None:
        """This process now runs the table (its players, clock, stand-ins)."""
        await self.share_presence()
        self._after_change(resumed=True)  # the clock goes on from where the last holder was
        await self._maybe_next_round()
