"""Heart to Heart over the WebSocket: taps go through the tap layer; moves and undos are the
table's decisions (saved before any tab is told); the selection and its message live here,
shared by the person's tabs.

Ops: ``tap`` {target: 1..25 | "stock" | "waste"}, ``undo``, ``new``, ``restart``, ``code``
{code} and ``daily`` (today's daily deal, ``docs/daily.md``). ``new``, ``restart``, ``code``
and ``daily`` start a new table (the one left counts as lost once it has had a move); ``daily``
keeps a daily table of today that is not won yet. A won daily table's result is recorded from
the server's own game (:func:`hertta.web.daily.record_daily_win`). The clock runs while a tab
is visible with no dialog, from the first move until the game ends, and is kept with the table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from typing import Any, ClassVar

from hertta.errors import IllegalMoveError
from hertta.rng import SplitMix64
from hertta.solitaire.daily import daily_code
from hertta.solitaire.game import Game, Status, new_game, new_game_code
from hertta.solitaire.game import undo as undo_move
from hertta.solitaire.solver import winnable_game_code
from hertta.solitaire.taps import (
    Selection,
    TapSettings,
    TapState,
    Target,
    clear_selection,
    parse_target,
    tap,
)
from hertta.tables.clock import GameTimer
from hertta.tables.h2h import KIND, Undo, setup_for, solo_seats
from hertta.tables.h2h_view import HeartView, h2h_view, heart_view
from hertta.tables.live import Change
from hertta.tables.model import TableStatus
from hertta.tables.service import LoadedTable
from hertta.web.daily import daily_day, daily_setup, is_daily_of, record_daily_win
from hertta.web.preferences import Value
from hertta.web.protocol import Intent, OpSpec, text
from hertta.web.seats import SeatSession
from hertta.web.services import AppServices
from hertta.web.transport import Connection

MAX_CODE = 64
OPS: dict[str, OpSpec] = {
    "tap": OpSpec(required={"target": parse_target}),
    "undo": OpSpec(),
    "new": OpSpec(),
    "restart": OpSpec(),
    "code": OpSpec(required={"code": text(MAX_CODE)}),
    "daily": OpSpec(),
}
Events = list[dict[str, Any]]


def tap_settings(preferences: Mapping[str, Value]) -> TapSettings:
    return TapSettings(
        move_errors=preferences.get("move_errors") is True,
        layout_assist=preferences.get("layout_assist", True) is True,
    )


def status_events(game: Game) -> Events:
    if game.status is Status.WON:
        return [{"type": "won"}]
    if game.status is Status.DEAD_END:
        return [{"type": "dead_end"}]
    return []


def new_code(seed: int, winnable_only: bool) -> str:
    """A random deal code; only proven-winnable ones with the setting on (an entered code is
    still dealt as it is). Kept out of the view on purpose: the game screen never tells
    whether the current deal can be won."""
    rng = SplitMix64(seed)
    return winnable_game_code(rng) if winnable_only else new_game_code(rng)


@dataclass(frozen=True, slots=True)
class _Pending:
    """What the tabs are shown once a decision of ours is saved."""

    selection: Selection | None
    message: str | None
    events: Events


class HeartToHeartSession(SeatSession):
    kind: ClassVar[str] = KIND
    ops: ClassVar[Mapping[str, OpSpec]] = OPS

    def __init__(
        self, services: AppServices, player: str, preferences: Mapping[str, Value]
    ) -> None:
        self.settings = TapSettings()
        self.winnable_only = False
        self.taps: TapState | None = None
        self.timer = GameTimer(services.clock)
        self._pending: _Pending | None = None
        self._told: Events = []
        self._view: tuple[TapState | None, dict[str, Any]] = (None, {})
        self._heart: tuple[object, HeartView] = (None, ([], []))
        self._saving: set[asyncio.Task[None]] = set()
        super().__init__(services, player, preferences)

    # -- SeatSession ---------------------------------------------------------------------------

    async def start(self) -> None:
        tables = self.services.tables
        table = await self.services.store_thread(partial(tables.current, self.player, KIND))
        if table is None or table.row.status is TableStatus.LEFT:
            await self._deal(None, None, first=True, replacing=None if table is None else table.id)
        else:
            self.show_table(table)

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        self.settings = tap_settings(preferences)
        self.winnable_only = preferences.get("winnable_only") is True
        if self.taps is not None:
            self.taps = replace(self.taps, settings=self.settings)

    def view(self) -> dict[str, Any]:
        taps = self._taps()
        # Tap states are immutable, so the view of one is computed once (answers, other tabs
        # and hellos share it); only the version and the running clock are fresh each time.
        if self._view[0] is not taps:
            heart = taps.game.position.heart
            if self._heart[0] is not heart:  # flips and recycles keep the heart as it was
                self._heart = (heart, heart_view(taps.game.position))
            self._view = (taps, h2h_view(taps, taps.game.status, self._heart[1]))
        clock = {"elapsed_ms": self.timer.elapsed_ms, "running": self.timer.running}
        daily = daily_day(self.table)
        return {**self._view[1], "version": self.version, "timer": clock, "daily": daily}

    def events_for(self, change: Change) -> Events:
        game: Game = change.after.state
        pending = self._pending
        if change.decision is None or pending is None:
            # A newer copy of the table came from the store: show it, nothing selected.
            self.taps = TapState(game, self.settings)
            self._restart_clock(change.after)
            self._told = []
            return []
        self.taps = TapState(game, self.settings, pending.selection, pending.message)
        self._sync_clock()
        self._told = [*pending.events, *status_events(game)]
        return self._told

    def view_changed(self, connection: Connection) -> None:
        # Opening any dialog clears the selection and its message (RULES.md, Taps), in every
        # tab: the asker sees it in its answer, the others in an update.
        taps = self.taps
        shown = taps is not None and (taps.selection, taps.message) != (None, None)
        if connection.dialog and taps is not None and shown:
            self.taps = clear_selection(taps)
            self.version += 1
            self.broadcast([], skip=connection)
        super().view_changed(connection)

    def activity_changed(self) -> None:
        was_running = self.timer.running
        self._sync_clock()
        if was_running and not self.timer.running and self.live is not None:
            # Keep the paused time across a restart of the server.
            task = asyncio.get_running_loop().create_task(
                self.live.save_clock(self.timer.elapsed_ms)
            )
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)

    async def closing(self) -> None:
        self.timer.run(False)
        if self.live is not None:
            await self.live.save_clock(self.timer.elapsed_ms)

    # -- ops -----------------------------------------------------------------------------------

    async def handle(self, connection: Connection, intent: Intent) -> None:
        if intent.op == "tap":
            events = await self._tap(connection, parse_target(intent.args["target"]))
        elif intent.op == "undo":
            events = await self._undo(connection)
        elif intent.op == "new":
            events = await self._start_over(connection, None, "new")
        elif intent.op == "restart":
            today = self.services.today()
            daily = today if is_daily_of(self.table, today) else None
            events = await self._start_over(connection, self._taps().game.code, "restart", daily)
        elif intent.op == "daily":
            events = await self._play_daily(connection)
        else:
            game = new_game(str(intent.args["code"]))  # a bad code is refused (DealCodeError)
            today = self.services.today()
            daily = today if game.code == daily_code(today) else None
            # Kept as the code is written (" hh1-n-aaaaaam " is HH1-N-AAAAAAM), as results,
            # statistics and the daily ranking compare it.
            events = await self._start_over(connection, game.code, "code", daily)
        connection.push(self.update(events, intent.seq))

    async def _tap(self, connection: Connection, target: Target) -> Events:
        result = tap(self._taps(), target)
        event: dict[str, Any] = {"type": "tap", "target": target, "effect": result.effect.value}
        if result.move is None:  # a selection or a message: nothing to save
            self.taps = result.state
            self.version += 1
            self.broadcast([event], skip=connection)
            return [event]
        event["move"] = result.move.notation
        after = _Pending(result.state.selection, result.state.message, [event])
        events = await self._decide(connection, result.move, after)
        await self._record_if_daily_win()
        return events

    async def _play_daily(self, connection: Connection) -> Events:
        """Today's daily deal: the table of it that is being played, or a new one."""
        today = self.services.today()
        table = self.table
        if table is not None and is_daily_of(table, today) and table.state.status is not Status.WON:
            return []  # already on it
        return await self._start_over(connection, daily_code(today), "daily", today)

    async def _record_if_daily_win(self) -> None:
        table = self.table
        if table is None or daily_day(table) is None or table.state.status is not Status.WON:
            return
        services = self.services
        await services.store_thread(
            partial(record_daily_win, services.store, services.tables, table.id, services.today())
        )

    async def _undo(self, connection: Connection) -> Events:
        game = self._taps().game
        undo_move(game)  # the rules' own refusal (nothing to undo, or won) before a table trip
        last = game.last_move
        event = {"type": "undo", "move": None if last is None else last.notation}
        return await self._decide(connection, Undo(), _Pending(None, None, [event]))

    async def _decide(self, connection: Connection, decision: object, pending: _Pending) -> Events:
        live = self.live
        assert live is not None
        self._pending = pending
        try:
            await live.decide(0, decision, origin=connection, elapsed_ms=self.timer.elapsed_ms)
        finally:
            self._pending = None
        return self._told

    async def _start_over(
        self, connection: Connection, code: str | None, how: str, daily: date | None = None
    ) -> Events:
        table = await self._deal(code, self.table, daily)
        events = [{"type": how}, *status_events(table.state)]
        self.broadcast(events, skip=connection)
        return events

    # -- helpers -------------------------------------------------------------------------------

    async def _deal(
        self,
        code: str | None,
        leaving: LoadedTable[Any] | None,
        daily: date | None = None,
        *,
        first: bool = False,
        replacing: str | None = None,
    ) -> LoadedTable[Any]:
        """A new table of ``code`` (None: a new random deal), leaving the current one; with
        ``daily``, the table is that day's daily deal. With ``first`` the person had no table to
        play (``replacing``: the one they had, left): if another process deals them one
        meanwhile, that one is shown instead. The solver behind "winnable deals only" runs here
        too, off the event loop."""
        seed = self.services.rng.next_u64()
        winnable_only = self.winnable_only
        elapsed = self.timer.elapsed_ms
        player = self.player
        tables = self.services.tables

        def deal() -> LoadedTable[Any]:
            dealt = code if code is not None else new_code(seed, winnable_only)
            setup = daily_setup(daily) if daily is not None else setup_for(dealt)
            if first:
                seats = solo_seats(player)
                return tables.start_first(player, KIND, setup, seats, replacing=replacing)
            return tables.start_alone(
                player, KIND, setup, solo_seats(player), leaving=leaving, elapsed_ms=elapsed,
            )

        return await self.move_to(deal)

    def show_table(self, table: LoadedTable[Any]) -> None:
        self.watch(table)
        self.taps = TapState(table.state, self.settings)
        self._restart_clock(table)

    def _restart_clock(self, table: LoadedTable[Any]) -> None:
        self.timer = GameTimer(self.services.clock, table.row.elapsed_ms)
        self._sync_clock()

    def _taps(self) -> TapState:
        if self.taps is None:
            raise IllegalMoveError("no game is on the table yet")
        return self.taps

    def _sync_clock(self) -> None:
        # The clock starts with the game's first move and keeps going even if every move is
        # undone again (the game was begun: it counts as played, so its time counts too).
        taps, table = self.taps, self.table
        if taps is None or table is None:
            return
        begun = bool(table.row.results)
        self.timer.run(self.active and begun and taps.game.status is Status.PLAYING)
