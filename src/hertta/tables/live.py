"""Tables in play in this process: one decision at a time per table, storage in a thread,
computer players in the worker pool, and every change told to the table's watchers.

The event loop only moves messages: a decision is checked and saved by
:class:`~hertta.tables.service.TableService` in the store thread (the store may wait for
another process's write), or on the loop when the store can take it without any wait
(:meth:`StoreThread.save`); computer players think in :mod:`hertta.tables.bots`' pool, and no
database transaction is open while anyone thinks. A table's decisions are applied one at a
time under its lock, whoever makes them; watchers are told after the decision is saved.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol, TypeVar

import anyio.to_thread

from hertta.errors import HerttaError
from hertta.tables.bots import BotRunner
from hertta.tables.model import Seat, StaleTableError, TableRow, TableStatus
from hertta.tables.openings import Openings
from hertta.tables.service import LoadedTable, TableService
from hertta.tables.storage import CoordinationStorage, StoreBusy, StoreUnavailableError

log = logging.getLogger(__name__)

T = TypeVar("T")
ToThread = Callable[[Callable[[], T]], Awaitable[T]]
AtOnce = Callable[[], AbstractContextManager[None]]
"""Enters only when the store need not wait, else raises StoreBusy (see Database.at_once)."""
LEASE_S: Final = 5.0
"""How long a table's lease lasts unless renewed: the most a table waits for another process to
take over its computer players when the one that ran them died."""
COMPUTER: Final = "computer"
"""The ``origin`` of decisions made by computer players and by the table itself."""


@dataclass(frozen=True, slots=True)
class Change:
    """What happened at a table: ``decision`` by ``seat`` took it from ``before`` to ``after``.
    ``decision`` is None when this copy was replaced by a newer one read from the store.
    ``origin`` is whoever asked (a connection, :data:`COMPUTER`), so it is not told twice."""

    before: LoadedTable[Any]
    after: LoadedTable[Any]
    decision: object | None
    seat: int | None
    origin: object | None


class Watcher(Protocol):
    def table_changed(self, change: Change) -> None:
        """Called on the event loop after every change; must only queue messages."""
        ...


async def _to_thread(function: Callable[[], T]) -> T:
    return await anyio.to_thread.run_sync(function)


class StoreThread:
    """One thread that runs every table's storage work, in the order it was asked for.

    The store is one SQLite connection behind a lock. Handing each save to any of anyio's 40
    threads made them queue on that lock and then on the GIL, woken in no order: under 200
    Heart to Heart games a tap's p99 was many times its p50. One thread taking the saves
    first come, first served keeps the wait to the work ahead of it.
    """

    def __init__(self, at_once: AtOnce | None = None) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hertta-store")
        self._at_once = at_once

    async def __call__(self, function: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, function)

    async def save(self, function: Callable[[], T]) -> T:
        """A short save (one decision: the rules' step and a few rows), run right here on the
        event loop when the store can take it without waiting (``at_once``), else in the
        thread. The hop to the thread and back was most of a tap's time in the server: at 200
        Heart to Heart games its p99 6.5 ms against 1.7 ms on the loop (bench/web_bench.py,
        timed inside the server). A store busy with a read in a thread, or another process
        holding the file's write lock, sends the save to the thread: the loop never waits."""
        if self._at_once is not None:
            try:
                with self._at_once():
                    return function()
            except StoreBusy:
                pass
        return await self(function)

    def close(self) -> None:
        self._executor.shutdown(wait=True)


@dataclass(frozen=True, slots=True)
class Leases:
    """Several processes serve the tables: a table's computer players (and its turn clock) run
    only in the process that holds its lease in the store (``owner`` names this process)."""

    storage: CoordinationStorage
    owner: str
    seconds: float = LEASE_S
    clock: Callable[[], float] = time.monotonic


STORE_RETRY_S = 1.0
"""How long computer players wait before they try again while the database is away."""


@dataclass(frozen=True, slots=True)
class Pace:
    """The clock and the wait behind computer players' answer floors
    (:attr:`~hertta.tables.game.BotRequest.floor_s`); tests inject both."""

    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep


class LiveTable:
    """One table in play. Use :class:`LiveTables` to get one."""

    def __init__(
        self,
        table: LoadedTable[Any],
        service: TableService,
        runner: BotRunner,
        to_thread: ToThread[Any],
        save: ToThread[Any],
        on_idle: Callable[[LiveTable], None],
        leases: Leases | None = None,
        pace: Pace | None = None,
    ) -> None:
        self.table = table
        self.pace = pace if pace is not None else Pace()
        self._store_away = False
        """Whether the computer players' last try met the database away (said once)."""
        self.service = service
        self.game = service.game(table.row.kind)
        self.runner = runner
        self._to_thread = to_thread
        self._save = save
        """Where one decision is applied and saved (see :meth:`StoreThread.save`)."""
        self._on_idle = on_idle
        self.leases = leases
        self.held_until = 0.0
        """Until when (``leases.clock``) this process holds the lease."""
        self.lease_news = False
        """The lease was taken here and the room has not been told (``Room.lease_taken``):
        set on every path that takes it, the computer players' loop included."""
        self.watchers: list[Watcher] = []
        self.lock = asyncio.Lock()
        self._bots: asyncio.Task[None] | None = None
        self.stand_ins: dict[int, str] = {}
        """Person seats a computer player plays for now (seat -> level): one who left, or one
        away longer than the grace period at a table people share."""

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def holds(self) -> bool:
        """Whether this process runs the table's computer players and clock now."""
        leases = self.leases
        return leases is None or self.held_until > leases.clock()

    async def hold(self) -> bool:
        """Take or renew the lease when it is close to running out (always True alone). A
        lease newly taken wakes the computer players, whoever asked for it: the lease keeper,
        a room that resumes the table, or their own loop."""
        leases = self.leases
        if leases is None:
            return True
        now = leases.clock()
        if self.held_until - leases.seconds / 2 > now:
            return True
        had = self.holds
        took: bool = await self._to_thread(
            lambda: leases.storage.take_lease(self.id, leases.owner, leases.seconds)
        )
        self.held_until = now + leases.seconds if took else 0.0
        if took and not had:
            self.lease_news = True
            # Their loop may have ended a moment ago, refused by the old holder's lease: had
            # nobody woken it here, a table whose lease was taken outside the keeper would
            # wait for a decision that never came.
            self.wake_computer_players()
        return took

    @property
    def busy(self) -> bool:
        """Whether computer players are thinking or about to decide here."""
        return self._bots is not None and not self._bots.done()

    def watch(self, watcher: Watcher) -> None:
        if watcher not in self.watchers:
            self.watchers.append(watcher)

    def unwatch(self, watcher: Watcher) -> None:
        if watcher in self.watchers:
            self.watchers.remove(watcher)
        self._check_idle()

    def _check_idle(self) -> None:
        if not self.watchers and not self.busy:
            self._on_idle(self)

    def _notify(self, change: Change) -> None:
        for watcher in list(self.watchers):
            try:
                watcher.table_changed(change)
            except Exception:  # one broken watcher must not stop the others or the table
                log.exception("a watcher of table %s failed", self.id)

    async def decide(
        self,
        seat: int | None,
        decision: object,
        *,
        origin: object | None = None,
        elapsed_ms: int | None = None,
        still_current: Callable[[LoadedTable[Any]], None] | None = None,
    ) -> Change:
        """Apply and save one decision; refusals raise (HerttaError) and change nothing. A
        stale copy reloads itself, tells its watchers, and raises StaleTableError.
        ``still_current`` looks at the table once it is this decision's alone and raises
        StaleTableError, nothing saved, when the decision no longer fits it (a computer
        player's seat given back to its person meanwhile, a person's card chosen for a turn
        the clock has played)."""
        async with self.lock:
            before = self.table
            if still_current is not None:
                still_current(before)
            try:
                after = await self._save(
                    lambda: self.service.decide(before, seat, decision, elapsed_ms=elapsed_ms)
                )
            except StaleTableError:
                # Another process saved first. The decision was made against what the person
                # saw: it is not applied to a position they have not seen; they are answered
                # with the table as it is now and decide again.
                await self._reload(origin)
                raise
            self.table = after
            change = Change(before, after, decision, seat, origin)
        self._notify(change)
        self.wake_computer_players()
        return change

    async def save_clock(self, elapsed_ms: int) -> None:
        async with self.lock:
            before = self.table
            try:
                self.table = await self._to_thread(
                    lambda: self.service.save_clock(before, elapsed_ms)
                )
            except StaleTableError:
                await self._reload(None)

    async def sync(self) -> None:
        """Read the table again if the store has a newer version (another process moved it)."""
        async with self.lock:
            storage = self.service.storage
            version, status = await self._to_thread(lambda: storage.table_version(self.id))
            if version != self.table.version or status != self.table.row.status:
                await self._reload(None)
        self.wake_computer_players()

    async def _reload(self, origin: object | None) -> None:
        """Catch up with the store (the lock held): each decision another process saved is
        told as its own change, as if made here, so every watcher gets its events (a card
        played, a trick taken); a table that cannot be followed so is read whole."""
        before = self.table
        followed = await self._to_thread(lambda: self.service.follow(before))
        if followed is None:
            self.table = await self._to_thread(lambda: self.service.load(self.id))
            self._notify(Change(before, self.table, None, None, origin))
            return
        for step in followed:
            # ``origin``: a connection whose own decision came too late is not told these; it
            # is answered ``stale`` and then sent the table as it is now (docs/web-protocol.md).
            self.table = step.after
            self._notify(Change(before, step.after, step.decision, step.seat, origin))
            before = step.after

    # -- computer players ------------------------------------------------------------------

    def wake_computer_players(self) -> None:
        """Start the computer players' loop unless it runs already (it looks again after each
        decision, so it always sees the newest state)."""
        if not self.busy:
            self._bots = asyncio.create_task(self._computer_players())
            self._bots.add_done_callback(lambda _task: self._check_idle())

    async def stop(self) -> None:
        if self._bots is not None and not self._bots.done():
            self._bots.cancel()
            await asyncio.gather(self._bots, return_exceptions=True)

    async def _computer_players(self) -> None:
        try:
            while True:
                try:
                    if not await self._one_computer_step():
                        break
                except StoreUnavailableError as error:
                    # The database is away (a PostgreSQL restart): nothing of the decision was
                    # kept. The players try again until it is back, rather than stop until
                    # something wakes the table (nothing did, short of a lost lease). Said once
                    # per outage, naming no card: a computer player's hand is nobody's business.
                    if not self._store_away:
                        log.warning("table %s: computer players wait for the database: %s",
                                    self.id, error)
                    self._store_away = True
                    await self.pace.sleep(STORE_RETRY_S)
                    continue
                if self._store_away:
                    log.warning("table %s: computer players play on", self.id)
                    self._store_away = False
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer players of table %s stopped", self.id)

    async def _one_computer_step(self) -> bool:
        """Let the table or its computer players decide once; False when nobody of them owes
        a decision now."""
        table = self.table
        if table.row.status is not TableStatus.ACTIVE:
            return False
        own = self.game.table_decision(table.state)
        if own is not None:
            if not await self.hold():
                return False
            await self._decide_quietly(None, own, table.version)
            return True
        requests = self.game.bot_requests(self._row_for_computers(table.row), table.state)
        if not requests or not await self.hold():
            return False  # nothing to do, or another process runs this table's players
        # Passing is simultaneous: every computer player thinks at once.
        asked = self.pace.clock()
        answers = await asyncio.gather(*(self.runner.run(r.task) for r in requests))
        held = max(r.floor_s for r in requests) - (self.pace.clock() - asked)
        if held > 0:
            await self.pace.sleep(held)  # the answer's timing must not tell of the hand
        for request, answer in zip(requests, answers, strict=True):
            if not self._computer_plays(request.seat):
                # The person came back while the stand-in thought: the seat is theirs again
                # from this decision on (the stand-in's card came after their snapshot showed
                # their turn, and their own card was refused).
                continue
            decision = self.game.parse_decision(str(answer))
            if not await self._decide_quietly(request.seat, decision, request.version):
                break
        return True

    def _computer_plays(self, seat: int) -> bool:
        """Whether a computer player decides for ``seat`` now: its own, or a stand-in's."""
        return self.table.row.seats[seat].player is None or seat in self.stand_ins

    def _still_computers(self, seat: int) -> None:
        if not self._computer_plays(seat):
            raise StaleTableError(f"table {self.id!r}: seat {seat} is no longer played here")

    def _row_for_computers(self, row: TableRow) -> TableRow:
        """The row as the computer players see it: stand-in seats count as theirs."""
        if not self.stand_ins:
            return row
        seats = tuple(
            Seat(level=self.stand_ins[index], name=seat.name) if index in self.stand_ins else seat
            for index, seat in enumerate(row.seats)
        )
        return replace(row, seats=seats)

    async def _decide_quietly(self, seat: int | None, decision: object, version: int) -> bool:
        """A computer decision; False when the table moved on meanwhile (look again)."""
        if self.table.row.status is not TableStatus.ACTIVE:
            return False
        try:
            await self.decide(seat, decision, origin=COMPUTER, still_current=(
                None if seat is None else lambda _: self._still_computers(seat)
            ))
        except StaleTableError:
            return False
        except StoreUnavailableError:
            raise  # the database is away: the loop waits for it (_computer_players)
        except HerttaError as error:
            if self.table.version != version:
                return False  # computed for an older state; the loop looks again
            raise RuntimeError(f"a computer decision {decision!r} was refused: {error}") from None
        return True


class LiveTables:
    """The tables this process has in play, by id."""

    def __init__(
        self,
        service: TableService,
        runner: BotRunner,
        to_thread: ToThread[Any] = _to_thread,
        leases: Leases | None = None,
        save: ToThread[Any] | None = None,
        pace: Pace | None = None,
    ) -> None:
        self.service = service
        self.pace = pace
        self.runner = runner
        self._to_thread = to_thread
        self._save = save if save is not None else to_thread
        self.leases = leases
        self._tables: dict[str, LiveTable] = {}
        self._openings: Openings[LiveTable] = Openings()

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> LiveTable | None:
        return self._tables.get(table_id)

    def all(self) -> list[LiveTable]:
        return list(self._tables.values())

    def moved(self, table_id: str) -> Awaitable[None] | None:
        """Another process moved ``table_id``: the work that brings this process's copy up to
        date, if it has one (a table being read now is read again once it is in play)."""
        live = self._tables.get(table_id)
        if live is not None:
            return live.sync()
        self._openings.moved(table_id)
        return None

    async def open(self, table_id: str, watcher: Watcher) -> LiveTable:
        """The table in play, read from the store the first time (one read however many ask
        at once), watched by ``watcher``; its computer players start if they owe a decision."""
        live = self._tables.get(table_id)
        if live is None:

            async def read() -> LiveTable:
                loaded = await self._to_thread(lambda: self.service.load(table_id))
                return self.adopt(loaded, watcher)

            live = await self._openings.open(table_id, read, LiveTable.sync)
        live.watch(watcher)
        return live

    def adopt(self, table: LoadedTable[Any], watcher: Watcher) -> LiveTable:
        """Put a table just created or read into play (or take the one already in play),
        watched by ``watcher``. The watcher comes first: a table nobody watches is dropped as
        soon as its computer players rest, and a notice for a dropped table is not heard."""
        live = self._tables.get(table.id)
        new = live is None
        if live is None:
            live = LiveTable(table, self.service, self.runner, self._to_thread, self._save,
                             self._drop, self.leases, self.pace)
            self._tables[table.id] = live
        live.watch(watcher)
        if new:
            live.wake_computer_players()
        return live

    def _drop(self, live: LiveTable) -> None:
        if self._tables.get(live.id) is live and not live.watchers and not live.busy:
            del self._tables[live.id]

    async def close(self) -> None:
        for live in list(self._tables.values()):
            await live.stop()
        self._tables.clear()
