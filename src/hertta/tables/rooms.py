"""A table people play together, in play in this process: its seating, the start of the match,
who is connected, the computer players standing in, the turn clock and the next round.

A :class:`Room` wraps one :class:`~hertta.tables.online.OnlineTable` and, once the match has
started, its :class:`~hertta.tables.live.LiveTable` (whose decisions it passes on to its
watchers: every connection at the table, each with its own seat or as a spectator).

- **Seating.** People sit and stand, the host seats computer players and opens seats again,
  each change a compare-and-swap on the online table's version; when every seat is taken the
  match starts (in the same transaction the game table is created, dealt from the server's key).
- **Presence.** A person whose every connection dropped keeps the seat for a grace period;
  after it a Normal computer player plays the seat until the person comes back, who gets it
  back at the next decision. A person who leaves the match is played for until its end
  (:mod:`hertta.tables.room_presence`, also across server processes).
- **Turn clock.** With a clock, every decision a person owes has a deadline; when it passes, a
  Normal player decides for them (everyone is told: ``timed_out``).
- **Next round.** After a round's result the next round starts once every person at the table
  said ``next`` (computer seats are always ready), or when the clock runs out
  (:mod:`hertta.tables.room_ready`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread

from hertta.hearts.decisions import (
    Decision,
    NextRound,
    decision_needed,
)
from hertta.hearts.match import MatchState
from hertta.tables.hearts import check_made_at
from hertta.tables.hearts_view import hearts_view
from hertta.tables.live import Change, LiveTable
from hertta.tables.model import SeatError, StaleTableError
from hertta.tables.online import (
    OnlineStatus,
    OnlineTable,
    leave_match,
    public_json,
    rename,
    stand,
)
from hertta.tables.openings import Openings
from hertta.tables.play_again import follow_up_json
from hertta.tables.reactions import ReactionLimiter, check_reaction
from hertta.tables.room_clock import RoomClock
from hertta.tables.room_ending import RoomEnding
from hertta.tables.room_news import RoomNews
from hertta.tables.room_presence import RoomPresence, left_presence
from hertta.tables.room_ready import RoomReady
from hertta.tables.room_seating import RoomSeating
from hertta.tables.room_types import (
    GRACE_S,
    SEATING_ATTEMPTS,
    STAND_IN_LEVEL,
    MatchOver,
    RoomChange,
    RoomServices,
    RoomWatcher,
    TimedOut,
)
from hertta.tables.storage import OnlineStorage
from hertta.tables.timers import TimerHandle
from hertta.tables.turn_clock import TimedDecision

log = logging.getLogger(__name__)

__all__ = [
    "GRACE_S", "STAND_IN_LEVEL", "MatchOver", "Room", "RoomChange", "RoomServices",
    "RoomWatcher", "Rooms", "TimedOut",
]

Events = list[dict[str, Any]]


@dataclass(eq=False)
class Room(RoomSeating, RoomPresence, RoomClock, RoomEnding, RoomNews, RoomReady):
    online: OnlineTable
    services: RoomServices
    live: LiveTable | None = None
    watchers: list[RoomWatcher] = field(default_factory=list)
    presence: dict[int, int] = field(default_factory=dict)
    ready: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _clock: TimedDecision | None = None
    _grace: dict[int, TimerHandle] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _reactions: ReactionLimiter = field(default_factory=ReactionLimiter)
    _remote: frozenset[int] = frozenset()
    """Seats connected in other processes (as last read from the store)."""
    _presence_read: bool = False
    """Whether presence was read from the store yet (the first read is not news)."""
    _store_writes: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Presence and stand-in writes, one at a time in the order asked."""
    _presence_reads: asyncio.Lock = field(default_factory=asyncio.Lock)
    _told_over: bool = False
    """Whether ``table_over`` went out from this process (once, after the ratings)."""
    _asking: dict[int, object] = field(default_factory=dict)
    """Seats whose ``next`` this process is answering now, and the connection that asked: it
    is answered on its own, and the store's notice of the same mark, which may come back to
    this process first, must not tell it again nor start the round before that answer."""

    @property
    def id(self) -> str:
        return self.online.id

    @property
    def match(self) -> MatchState | None:
        if self.live is None:
            return None
        state: MatchState = self.live.table.state
        return state

    # -- watchers and presence -------------------------------------------------------------

    def attach(self, watcher: RoomWatcher, seat: int | None) -> None:
        self.watchers.append(watcher)
        if seat is not None:
            self.connected(seat)

    def detach(self, watcher: RoomWatcher, seat: int | None) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)
        if seat is not None:
            self.disconnected(seat)

    def _play(self, live: LiveTable) -> None:
        """Play at ``live`` (which this room already watches: ``adopt``/``open`` saw to it)."""
        self.live = live
        for index, seat in enumerate(self.online.seats):
            if seat.left:
                live.stand_ins[index] = STAND_IN_LEVEL
        live.wake_computer_players()  # stand-ins included

    async def resume(self) -> None:
        """Read the game of a started table (after a restart of the server, or in another
        process); away people get their grace period from now."""
        if self.online.status in (OnlineStatus.PLAYING, OnlineStatus.OVER) and self.live is None:
            live = await self.services.live.open(self.id, self)
            self._play(live)
            if not self.services.alone:
                await self.refresh_ready(live.table.version)  # said in another process before
                if await live.hold():
                    await self.lease_taken()
                else:
                    await self.share_presence()
            else:
                for index, seat in enumerate(self.online.seats):
                    if seat.kind == "person" and not self.presence.get(index):
                        self.presence[index] = 1
                        self.disconnected(index)
                self._after_change(resumed=True)
            self._finish_if_over()  # its last decision saved before a stop, the mark not

    async def refresh(self) -> None:
        """Read the seating again (another process changed it) and follow a match started
        there."""
        async with self.lock:
            online = await anyio.to_thread.run_sync(self.services.online.read_online, self.id)
            if online.version <= self.online.version:
                return
            before, self.online = self.online, online
        events: Events = [{"type": "seating"}, *self.ended_elsewhere(before, online)]
        live = self.live
        if live is not None:
            left = [i for i, seat in enumerate(online.seats)
                    if seat.left and i not in live.stand_ins]
            for index in left:
                live.stand_ins[index] = STAND_IN_LEVEL
                events.append(left_presence(index))
                events.append({"type": "autopilot", "seat": index, "on": True})
                self._publish_stand_in(index)
            if left:
                self._after_change()
                live.wake_computer_players()
        else:
            events.extend(await self._follow_start())  # the match started there
        # Told once everything is read: the view pushed must already show the game.
        self._notify(events)

    async def catch_up(self) -> None:
        """Read the seating and the game again if another process may have moved them (a
        page says hello: it sees the table as the store has it now)."""
        if self.services.alone:
            return
        await self.refresh()
        if self.live is not None:
            await self.live.sync()

    async def stand(self, player: str) -> None:
        """A person gives their seat up before the match (SeatError once it has started: a
        stand that crosses the last seat being taken must not quit the match)."""
        await self.change_seating(lambda table: stand(table, player))

    async def leave(self, player: str) -> None:
        """A person leaves the match before its end (or gives the seat up before it)."""
        if self.online.status is OnlineStatus.WAITING:
            await self.change_seating(lambda table: stand(table, player))
            return
        await self.change_seating(lambda table: leave_match(table, player))
        seat = self.online.seat_of(player)
        if self.live is not None and seat is not None:
            # Their connections no longer count as the seat's: told once, here (later drops of
            # those connections are not news: _presence_news).
            self._notify([left_presence(seat)])
            self._autopilot(seat, on=True)
            await self._maybe_next_round()  # the last person to leave a round's result

    # -- decisions ---------------------------------------------------------------------------

    async def decide(
        self,
        seat: int,
        decision: Decision,
        origin: object | None = None,
        made_at: int | None = None,
    ) -> Change | None:
        """A person's decision (None for "next", which only says they are ready). ``made_at``:
        the table's count of decisions in the state the person decided on, when the page says
        it; a decision meant for a position that has moved on raises StaleTableError."""
        live = self.live
        if live is None:
            raise SeatError("the match has not started")
        if seat in live.stand_ins and self.online.seats[seat].left:
            raise SeatError("you left this match")
        if isinstance(decision, NextRound):
            check_made_at(live.table, decision, made_at)
            await self._ready(seat, origin)
            return None
        return await live.decide(seat, decision, origin=origin, still_current=(
            lambda table: check_made_at(table, decision, made_at)
        ))

    def _people(self) -> list[int]:
        return [i for i, seat in enumerate(self.online.seats) if seat.kind == "person"]

    # -- the game's changes ----------------------------------------------------------------

    def table_changed(self, change: Change) -> None:
        """A decision at the game table (as the live table's watcher)."""
        events: Events = []
        if isinstance(change.origin, TimedOut):
            events.append({"type": "timed_out", "seat": change.origin.seat,
                           "kind": change.origin.kind})
            self.announce(events[-1])
        if change.after.version != change.before.version:
            # Ready marks belong to one game version: any move on (a next round decided here,
            # or one read from the store that another process decided) ends them.
            self.ready.clear()
        # The clock first: the view each watcher is sent shows the decision owed now (it
        # showed the one just made: the seat that had played, or none on one's own turn).
        self._after_change()
        self._notify(events, game=change)
        self._finish_if_over()
        match = self.match
        if match is not None and decision_needed(match).kind == "next" and (
            self.live is not None and self.live.holds
        ):
            # A round just over with no person left to say "next" (all away or gone, their
            # seats played by stand-ins) must not wait for a word that will never come.
            self._spawn(self._maybe_next_round())

    def react(self, seat: int, player: str, code: object, origin: object | None = None) -> None:
        """A quick reaction from ``seat`` to everyone at the table (within the rate limit)."""
        reaction = check_reaction(code)
        self._reactions.take(player, self.services.timers.now())
        event = {"type": "reaction", "seat": seat, "reaction": reaction}
        self._notify([event], origin=origin)
        self.announce(event)

    # -- messages ----------------------------------------------------------------------------

    def _notify(
        self, events: Events, *, game: Change | None = None, origin: object | None = None
    ) -> None:
        change = RoomChange(self, events, game, origin if game is None else game.origin)
        for watcher in list(self.watchers):
            try:
                watcher.room_changed(change)
            except Exception:
                log.exception("a watcher of table %s failed", self.id)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._spawned_done)

    def _spawned_done(self, task: asyncio.Task[None]) -> None:
        """Work nobody awaits: its failure is logged here, or it would pass unseen."""
        self._tasks.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            log.error("table %s: %s failed", self.id, task.get_coro(), exc_info=error)

    def view(
        self, seat: int | None, player: str | None, move_errors: bool = False
    ) -> dict[str, Any]:
        """The whole state for one connection: the table (public, plus the invite for the
        host) and the game as ``seat`` (None: a spectator) may see it."""
        online = self.online
        table = public_json(online, self.connected_seats)
        table["you"] = seat
        table["host"] = player is not None and player == online.host
        if table["host"]:
            table["invite"] = online.invite
        table["clock_state"] = self.clock_json()
        table["ready"] = sorted(self.ready)
        table["autopilot"] = self._autopilot_seats()
        table["decisions"] = self.live.table.version if self.live is not None else 0
        table["next_table"] = follow_up_json(online, player)
        # The seat a person left the match from (``you`` is null for them): a page opened
        # again after leaving still knows it was theirs.
        held = None if player is None else online.seat_of(player)
        table["left_seat"] = held if held is not None and online.seats[held].left else None
        # An open seat kept for this person (at a table opened to play again).
        kept = [i for i, seat in enumerate(online.seats) if seat.kept and seat.player == player]
        table["kept_seat"] = kept[0] if player is not None and kept else None
        game = None
        live = self.live
        if live is not None:
            row = live.table.row
            game = hearts_view(live.table.state, row.setup, row.seats, seat, move_errors)
        return {"table": table, "game": game}

    def _autopilot_seats(self) -> list[int]:
        """The seats a computer player plays for now; once the match is over, nobody plays
        and the list keeps only the seats whose person left (away people who came back after
        the end were listed on, whatever process they came back to)."""
        live, match = self.live, self.match
        if live is None:
            return []
        if match is not None and match.over:
            return [i for i, seat in enumerate(self.online.seats) if seat.left]
        return sorted(live.stand_ins)

    async def close(self) -> None:
        for handle in self._grace.values():
            handle.cancel()
        if self._clock is not None:
            self._clock.handle.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


class Rooms:
    """The rooms this process has in play, by table id."""

    def __init__(self, services: RoomServices) -> None:
        self.services = services
        self._rooms: dict[str, Room] = {}
        self._openings: Openings[Room] = Openings()

    def __len__(self) -> int:
        return len(self._rooms)

    def get(self, table_id: str) -> Room | None:
        return self._rooms.get(table_id)

    def all(self) -> list[Room]:
        return list(self._rooms.values())

    def moved(self, table_id: str) -> Awaitable[None] | None:
        """Another process changed the seating of ``table_id``: the work that reads it again
        here (a room being opened now reads it again once open)."""
        room = self._rooms.get(table_id)
        if room is not None:
            return room.refresh()
        self._openings.moved(table_id)
        return None

    def add(self, online: OnlineTable) -> Room:
        room = self._rooms.get(online.id)
        if room is None:
            room = self._rooms[online.id] = Room(online, self.services)
        return room

    async def open(self, table_id: str) -> Room:
        room = self._rooms.get(table_id)
        if room is not None:
            return room

        async def read() -> Room:
            online = await anyio.to_thread.run_sync(self.services.online.read_online, table_id)
            room = self.add(online)
            await room.resume()
            await room.start_presence()
            return room

        return await self._openings.open(table_id, read, Room.refresh)

    async def connected_tables(self) -> frozenset[str]:
        """The tables at which a seated person has a connection now: in this process, or
        (several processes) in any whose heartbeat is fresh."""
        here = {room.id for room in self._rooms.values() if any(room.presence.values())}
        coordination = self.services.coordination
        if coordination is None:
            return frozenset(here)
        elsewhere = await anyio.to_thread.run_sync(
            coordination.connected_tables, self.services.fresh_s, self.services.owner
        )
        return frozenset(here) | elsewhere

    async def rename(self, player: str) -> None:
        """The person's display name, as the store has it now, reaches their seats at tables
        still waiting for their match; the room this process has of such a table reads its
        seating again (everyone there is told; other processes hear the store's notice). A
        match already begun keeps the names it began with, as do its record and replay."""
        storage = self.services.online
        for online in await anyio.to_thread.run_sync(storage.waiting_seats_of, player):
            if await anyio.to_thread.run_sync(rename_stored, storage, online.id, player):
                room = self._rooms.get(online.id)
                if room is not None:
                    await room.refresh()

    async def close(self) -> None:
        for room in list(self._rooms.values()):
            await room.close()
        self._rooms.clear()


def rename_stored(storage: OnlineStorage, table_id: str, player: str) -> bool:
    """Write the person's current name to their seat at ``table_id`` if the table still waits
    (whether it changed anything). The seating is read before the name, and read again when
    another change came first, so of two quick renames the later name is the one that stays."""
    for _attempt in range(SEATING_ATTEMPTS):
        online = storage.read_online(table_id)
        name = storage.names([player]).get(player)
        renamed = online if name is None else rename(online, player, name)
        if renamed is online:
            return False  # begun meanwhile, left, or named so already
        try:
            storage.update_online(renamed, online.version)
            return True
        except StaleTableError:
            continue
    return False  # the seating kept changing: the name waits for the person's next sit
