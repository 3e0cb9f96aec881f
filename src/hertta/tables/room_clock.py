"""The turn clock of a shared table, in play: with a clock, every decision people owe has a
deadline, kept by the process that holds the table; when it passes, a Normal computer player
decides for them, or for ``next`` the seats count as ready; everyone is told (``timed_out``).
What is owed and how it is shown is worked out in :mod:`hertta.tables.turn_clock`; this mixin
of :class:`~hertta.tables.rooms.Room` sets and cancels the timer.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from hertta.tables.hearts import HeartsBotTask, bot_rng_seed, seat_observation
from hertta.tables.model import SeatError, StaleTableError
from hertta.tables.room_types import STAND_IN_LEVEL, TimedOut
from hertta.tables.turn_clock import (
    TimedDecision,
    clock_json,
    owed_by_people,
    showing_allowance_s,
    timed_json,
)

if TYPE_CHECKING:
    from hertta.hearts.match import MatchState
    from hertta.tables.live import Change, LiveTable
    from hertta.tables.online import OnlineTable
    from hertta.tables.room_types import RoomServices

log = logging.getLogger(__name__)


class RoomClock:
    if TYPE_CHECKING:
        services: RoomServices
        online: OnlineTable
        live: LiveTable | None
        ready: set[int]
        _clock: TimedDecision | None

        @property
        def id(self) -> str: ...

        @property
        def match(self) -> MatchState | None: ...

        def _people(self) -> list[int]: ...

        async def _maybe_next_round(self) -> None: ...

        def _spawn(self, work: Awaitable[None]) -> None: ...

        def _notify(
            self, events: list[dict[str, Any]], *, game: Change | None = None,
            origin: object | None = None,
        ) -> None: ...

        async def announce_now(self, events: list[dict[str, Any]]) -> None: ...

    def owed_by_people(self) -> tuple[str | None, tuple[int, ...]]:
        """The kind of decision people owe now and their seats (stand-ins excluded)."""
        live, match = self.live, self.match
        if live is None or match is None:
            return None, ()
        return owed_by_people(match, self._people(), live.stand_ins, self.ready)

    def _after_change(self, resumed: bool = False) -> None:
        """Time the decision people owe now (with a clock), and only that one. ``resumed``: the
        table comes from the store (a restart, or another process that ran it died), so the
        clock goes on from when that decision became owed instead of starting afresh."""
        seconds = self.online.clock_s
        live = self.live
        kind, seats = self.owed_by_people()
        version = -1 if live is None else live.table.version
        current = self._clock
        if current is not None and (current.version, current.kind, current.seats) == (
            version, kind, seats
        ):
            return
        timers = self.services.timers
        since = 0.0 if live is None else live.table.row.owed_since
        left = float(seconds)
        if current is not None:
            current.handle.cancel()
            self._clock = None
            if current.kind == kind and (current.version == version
                                         or (since and current.since == since)):
                # The same decision, owed now by other seats (a ready mark, a stand-in who came
                # or went, another seat's pass): its deadline stays where it was, from when the
                # decision became owed, as every other process shows it; restarted, the
                # others' countdown ran out seconds before this one did.
                left = current.deadline - timers.now()
        if not seconds or kind is None or not seats or (live is not None and not live.holds):
            return  # no clock; or another process holds the table and runs it
        if resumed and live is not None and live.table.row.owed_from:
            left = seconds - max(0.0, time.time() - live.table.row.owed_from)
        allowance = showing_allowance_s(kind, self.online.players)
        handle = timers.call_later(
            max(0.0, left + allowance), lambda: self._spawn(self._time_out(version))
        )
        self._clock = TimedDecision(
            version, kind, seats, timers.now() + left, allowance, handle, since
        )

    def clock_json(self) -> dict[str, Any] | None:
        live = self.live
        if self._clock is None and live is not None and self.online.clock_s:
            # Another process keeps the clock, or this one has just taken the table's lease and
            # not timed the decision yet (the computer players' loop takes it as soon as they
            # have a card to give): the deadline runs from when the decision became owed, as a
            # process taking the table over resumes it (``resumed`` above). When this process
            # times nothing because people owe nothing, the store says so too.
            kind, seats = self.owed_by_people()
            if kind is None or not seats or not live.table.row.owed_from:
                return None
            since = max(0.0, time.time() - live.table.row.owed_from)
            allowance = showing_allowance_s(kind, self.online.players)
            return timed_json(seats, kind, self.online.clock_s - since, allowance)
        return clock_json(self._clock, self.services.timers.now())

    async def _time_out(self, version: int) -> None:
        clock, live, match = self._clock, self.live, self.match
        if clock is None or live is None or match is None or live.table.version != version:
            return
        if not live.holds:
            return  # another process took the table over; its clock decides
        self._clock = None
        if clock.kind == "next":
            # The seats count as ready, and the people are told so, as for a pass or a play.
            events = [{"type": "timed_out", "seat": seat, "kind": "next"} for seat in clock.seats]
            self._notify(events)
            # Told elsewhere before the round begins, so no process shows the new round first.
            await self.announce_now(events)
            self.ready.update(clock.seats)
            await self._maybe_next_round()
            return
        tasks = [
            HeartsBotTask(STAND_IN_LEVEL, clock.kind, seat_observation(match, seat),
                          bot_rng_seed(match, version, seat))
            for seat in clock.seats
        ]
        answers = await asyncio.gather(*(self.services.runner.run(task) for task in tasks))
        game = live.game
        for seat, answer in zip(clock.seats, answers, strict=True):
            try:
                decision = game.parse_decision(str(answer))
                await live.decide(seat, decision, origin=TimedOut(seat, clock.kind))
            except (StaleTableError, SeatError):
                return
            except Exception:  # the person decided meanwhile: nothing to do
                log.info("table %s: seat %s decided before its clock ran out", self.id, seat)
