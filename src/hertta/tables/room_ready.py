"""The next round at a shared table: after a round's result it starts once every person at
the table said ``next`` (computer seats and stand-ins are always ready), or when the clock runs
out. The marks are kept in the store, since people at one table may be connected to different
processes; a process hears of marks made elsewhere (and of its own, with PostgreSQL's notices)
through :meth:`RoomReady.refresh_ready`. Mixed into :class:`~hertta.tables.rooms.Room`.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from hertta.errors import HerttaError
from hertta.hearts.decisions import NextRound, decision_needed
from hertta.hearts.match import is_last_round
from hertta.hearts.moves import HeartsMoveError
from hertta.tables.model import SeatError, StaleTableError

if TYPE_CHECKING:
    from hertta.hearts.match import MatchState
    from hertta.tables.live import Change, LiveTable
    from hertta.tables.room_types import RoomServices


class RoomReady:
    if TYPE_CHECKING:
        services: RoomServices
        live: LiveTable | None
        ready: set[int]
        _asking: dict[int, object]

        @property
        def id(self) -> str: ...

        @property
        def match(self) -> MatchState | None: ...

        def _people(self) -> list[int]: ...

        def _after_change(self, resumed: bool = False) -> None: ...

        def _notify(
            self, events: list[dict[str, Any]], *, game: Change | None = None,
            origin: object | None = None,
        ) -> None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

    async def _ready(self, seat: int, origin: object | None) -> None:
        match = self.match
        if match is None or is_last_round(match):
            raise SeatError("the round is not over")  # the last one ends the match by itself
        if decision_needed(match).kind != "next":
            # While the round is on, as a pass or a card out of its phase is refused.
            raise HeartsMoveError(f"seat {seat}: 'next' is for a round's result",
                                  "wrong_phase", seat)
        live = self.live
        assert live is not None
        version, storage = live.table.version, self.services.online
        # Kept in the store: people at one table may be connected to different processes.
        self._asking[seat] = origin
        try:
            ready = await anyio.to_thread.run_sync(storage.mark_ready, self.id, version, seat)
            await self._now_ready(version, ready, asked=True)
        finally:
            self._asking.pop(seat, None)

    async def refresh_ready(self, version: int) -> None:
        """Someone (maybe in another process) said ``next`` at game version ``version``."""
        live = self.live
        if live is None or live.table.version != version:
            return
        ready = await anyio.to_thread.run_sync(
            self.services.online.ready_seats, self.id, version
        )
        await self._now_ready(version, ready)

    async def _now_ready(self, version: int, ready: frozenset[int], asked: bool = False) -> None:
        """Tell the seats newly ready, each but to the connection answering for it now
        (:attr:`_asking`). ``asked``: a person's own ``next`` here, answered once this
        returns, so the next round starts after that answer (spawned); while such an answer
        is pending, news of the same marks from the store leaves the start to it."""
        if self.live is None or self.live.table.version != version:
            return  # the round went on meanwhile
        for seat in sorted(ready - self.ready):
            self.ready.add(seat)
            self._after_change()  # a ready seat no longer owes "next"
            self._notify([{"type": "ready", "seat": seat}], origin=self._asking.get(seat))
        if asked:
            self._spawn(self._maybe_next_round())
        elif not self._asking:
            await self._maybe_next_round()

    async def _maybe_next_round(self) -> None:
        live, match = self.live, self.match
        if live is None or match is None or decision_needed(match).kind != "next":
            return
        waiting = [s for s in self._people() if s not in self.ready and s not in live.stand_ins]
        if not waiting and not is_last_round(match):
            version = live.table.version
            try:
                await live.decide(None, NextRound())
            except StaleTableError:
                return
            except HerttaError:
                if live.table.version != version:
                    return  # the next round began meanwhile (the last "next" came twice)
                raise
