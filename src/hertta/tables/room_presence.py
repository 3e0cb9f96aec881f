"""Who is connected to a shared table, and the computer players standing in for the away.

A person whose every connection dropped keeps the seat for a grace period; after it a Normal
computer player plays the seat (``autopilot`` on) until the person comes back to any process
(off), who gets it back at the next decision. A person who leaves is played for to the end.

With several server processes (PostgreSQL) each counts its own connections per seat and writes
the count to the store; the process that holds the table's lease (:mod:`hertta.tables.leases`)
reads who is connected anywhere, alone decides who is away, and writes the stand-ins to the
store. Every process reads both when the store says presence changed and tells its own
connections what changed (``presence``, ``autopilot``), so a connection is told the same
whichever process it is on; a process that takes the table over goes on with the stand-ins it
finds there. Mixed into :class:`~hertta.tables.rooms.Room`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from hertta.errors import HerttaError
from hertta.tables.online import OnlineStatus
from hertta.tables.room_types import STAND_IN_LEVEL

if TYPE_CHECKING:
    from hertta.tables.live import Change, LiveTable
    from hertta.tables.online import OnlineTable
    from hertta.tables.rooms import RoomServices
    from hertta.tables.storage import CoordinationStorage
    from hertta.tables.timers import TimerHandle

log = logging.getLogger(__name__)
Events = list[dict[str, Any]]


def left_presence(seat: int) -> dict[str, Any]:
    """The news of a person leaving the match: their connections no longer count as the
    seat's (said once; the ``autopilot`` news that follows says who plays it now)."""
    return {"type": "presence", "seat": seat, "connected": False}


class RoomPresence:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable
        live: LiveTable | None
        presence: dict[int, int]
        _grace: dict[int, TimerHandle]
        _remote: frozenset[int]
        _presence_read: bool
        _store_writes: asyncio.Lock
        _presence_reads: asyncio.Lock

        @property
        def id(self) -> str: ...

        def _notify(
            self, events: Events, *, game: Change | None = None, origin: object | None = None,
        ) -> None: ...

        def _after_change(self, resumed: bool = False) -> None: ...

        async def _maybe_next_round(self) -> None: ...

        async def refresh(self) -> None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

    @property
    def connected_seats(self) -> dict[int, bool]:
        """Whether each seat with a connection counted here or elsewhere has one now."""
        seats = {seat: count > 0 for seat, count in self.presence.items()}
        return {**seats, **dict.fromkeys(self._remote, True)}

    @property
    def connected_elsewhere(self) -> bool:
        """Whether a person here is connected through another process (as last read)."""
        return bool(self._remote)

    def _is_connected(self, seat: int) -> bool:
        return bool(self.presence.get(seat)) or seat in self._remote

    @property
    def _decides_presence(self) -> bool:
        """Whether this process decides who is away: it is alone, or it holds the table."""
        live = self.live
        return self.services.alone or (live is not None and live.holds)

    # -- this process's connections ----------------------------------------------------------

    def connected(self, seat: int) -> None:
        was = self._is_connected(seat)
        self.presence[seat] = self.presence.get(seat, 0) + 1
        self._publish_presence(seat)
        self._cancel_grace(seat)
        live = self.live
        left = self.online.seats[seat].left
        if live is not None and seat in live.stand_ins and not left and self._decides_presence:
            # Back: the seat is the person's again from its next decision on. (Elsewhere the
            # process that holds the table gives it back when it reads the new presence.)
            self._autopilot(seat, on=False)
        if not was:
            self._notify(self._presence_news([seat]))

    def disconnected(self, seat: int) -> None:
        self.presence[seat] = max(0, self.presence.get(seat, 0) - 1)
        self._publish_presence(seat)
        if self.presence[seat] or seat in self._remote:
            return  # still connected, here or in another process
        self._notify(self._presence_news([seat]))
        if not self._decides_presence or self.online.seats[seat].left:
            # Several processes: the one that holds the table decides who is away, knowing
            # who is connected elsewhere (share_presence). A person who left is played for
            # already, to the end.
            return
        if self.online.status is OnlineStatus.PLAYING:
            self._start_grace(seat)

    def _start_grace(self, seat: int) -> None:
        """The away person keeps the seat for the grace period (once: a running one goes on)."""
        if seat not in self._grace:
            self._grace[seat] = self.services.timers.call_later(
                self.services.grace_s, partial(self._grace_over, seat)
            )

    def _cancel_grace(self, seat: int) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()

    def _presence_news(self, seats: list[int]) -> Events:
        """The ``presence`` events of ``seats`` as they are now; none for a seat whose person
        left (the ``autopilot`` news said so: "dropped" after "left" was noise), whose change
        still goes out as a fresh view (an update with no event)."""
        connected = self.connected_seats
        return [{"type": "presence", "seat": seat, "connected": connected.get(seat, False)}
                for seat in seats if not self.online.seats[seat].left]

    def _grace_over(self, seat: int) -> None:
        self._grace.pop(seat, None)
        live = self.live
        playing = self.online.status is OnlineStatus.PLAYING
        if live is None or self._is_connected(seat) or not playing or seat in live.stand_ins:
            return
        self._autopilot(seat, on=True)

    def _autopilot(self, seat: int, *, on: bool) -> None:
        """A computer player takes ``seat`` over (and is woken), or gives it back: here at once,
        then in the store for the other processes."""
        live = self.live
        assert live is not None
        if on:
            live.stand_ins[seat] = STAND_IN_LEVEL
        else:
            live.stand_ins.pop(seat, None)
        self._after_change()  # first: the view told below shows the clock as it is now
        self._notify([{"type": "autopilot", "seat": seat, "on": on}])
        self._publish_stand_in(seat)
        if on:
            live.wake_computer_players()
            # A stand-in is always ready: a round's result that waited only for this person
            # (gone while it showed, and with no clock to end the wait) goes on now.
            self._spawn(self._maybe_next_round())

    # -- the store ---------------------------------------------------------------------------

    def _publish_presence(self, seat: int) -> None:
        coordination, owner = self.services.coordination, self.services.owner
        if coordination is None:
            return
        self._spawn(self._write(lambda: partial(
            coordination.set_presence, self.id, seat, owner, self.presence.get(seat, 0)
        )))

    def _publish_stand_in(self, seat: int) -> None:
        coordination = self.services.coordination
        if coordination is None:
            return
        self._spawn(self._write(lambda: partial(
            coordination.set_stand_in, self.id, seat,
            None if self.live is None else self.live.stand_ins.get(seat),
        )))

    async def _write(self, latest: Callable[[], Callable[[], None]]) -> None:
        """One write to the store at a time, in the order asked, each with the value as it is
        when its turn comes (``latest`` runs on the event loop, the write in a thread): the
        last write has the newest count or stand-in, whatever order the threads would take."""
        try:
            async with self._store_writes:
                await anyio.to_thread.run_sync(latest())
        except HerttaError as error:  # the database is away: told again with the next change
            log.warning("table %s: presence not shared: %s", self.id, error)

    async def share_presence(self, *, adopt: bool = False) -> None:
        """Read who is connected in any process and who is stood in for, and tell this
        process's connections what changed. The process that holds the table gives an away
        person's seat a grace period, then a stand-in, and gives it back when they return;
        the others show its stand-ins (``adopt``: the holder's own, newly taken over)."""
        coordination = self.services.coordination
        if coordination is None:
            return
        async with self._presence_reads:  # one at a time: an older read never lands last
            connected, stored = await anyio.to_thread.run_sync(partial(
                _read_presence, coordination, self.id, self.services.fresh_s,
                self.services.owner,
            ))
            live = self.live
            if live is not None and not live.holds and set(live.stand_ins) - set(stored):
                # A stand-in given back by the holder: its last card was saved before the store
                # said so. Read the game first, so that this process never shows the seat given
                # back on a game still waiting for that card.
                await live.sync()
            if live is not None and not live.holds and set(stored) - set(live.stand_ins):
                # A new stand-in may be for a person who left: the seating says so, and its
                # notice may come after this one. Read it first, so that "left" is told
                # before "a computer plays the seat" here as on the holder's process.
                await self.refresh()
            self._apply_presence(connected, stored, adopt)

    async def start_presence(self) -> None:
        """Read presence once as the room opens (several processes), so that the first notice
        after it is news: the first read only sets where the room starts from, and a room that
        first read it late left its people shown away until some other update."""
        if not self._presence_read:
            await self.share_presence()

    def _apply_presence(
        self, connected: frozenset[int], stored: dict[int, str], adopt: bool
    ) -> None:
        before = self.connected_seats
        self._remote = connected
        after = self.connected_seats
        moved = [seat for seat in sorted(set(before) | set(after))
                 if before.get(seat, False) != after.get(seat, False)]
        events = self._presence_news(moved)
        live = self.live
        stood_in = []
        if live is not None and (adopt or not live.holds):
            stood_in = self._show_stand_ins(live, stored)
            if stood_in and live.holds:
                live.wake_computer_players()  # taken over: the stand-ins play on from here
        first, self._presence_read = not self._presence_read, True
        if (moved or stood_in) and not first:  # the first read is where it starts, not news
            self._notify(events + stood_in)
        if live is not None and live.holds and self.online.status is OnlineStatus.PLAYING:
            for index, seat in enumerate(self.online.seats):
                if seat.kind != "person" or seat.left:
                    continue
                if self._is_connected(index):
                    self._back(index, live)
                elif index not in live.stand_ins:
                    self._start_grace(index)

    def _show_stand_ins(self, live: LiveTable, stored: dict[int, str]) -> Events:
        """Take the stand-ins the store has (and every seat whose person left)."""
        wanted = dict(stored)
        for index, seat in enumerate(self.online.seats):
            if seat.left:
                wanted.setdefault(index, STAND_IN_LEVEL)
        changed = sorted(set(wanted) ^ set(live.stand_ins))
        live.stand_ins.clear()
        live.stand_ins.update(wanted)
        if changed:
            self._after_change()
        return [{"type": "autopilot", "seat": seat, "on": seat in wanted} for seat in changed]

    def _back(self, seat: int, live: LiveTable) -> None:
        self._cancel_grace(seat)
        if seat in live.stand_ins:
            self._autopilot(seat, on=False)

    async def lease_taken(self) -> None:
        """This process now runs the table (its players, clock, stand-ins)."""
        if self.live is not None:
            self.live.lease_news = False
        await self.share_presence(adopt=True)
        self._after_change(resumed=True)  # the clock goes on from where the last holder was
        await self._maybe_next_round()


def _read_presence(
    coordination: CoordinationStorage, table_id: str, fresh_s: float, owner: str
) -> tuple[frozenset[int], dict[int, str]]:
    return (coordination.connected_seats(table_id, fresh_s, owner),
            coordination.stand_ins(table_id))
