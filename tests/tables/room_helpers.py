"""What the room tests share: a room over a fresh store, a watcher that records its events,
people who decide by a plain rule, two rooms of one table as two server processes have them."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from hertta.hearts.decisions import (
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    decision_needed,
)
from hertta.hearts.match import MatchState
from hertta.store import Store
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.live import Leases, LiveTables
from hertta.tables.online import (
    OnlineStatus,
    OnlineTable,
    online_table_from_request,
    sit,
)
from hertta.tables.rooms import Room, RoomChange, Rooms, RoomServices
from hertta.tables.service import TableService
from tests.tables.fake_timers import FakeTimers
from tests.tables.helpers import service_at

LEVELS = ("easy", "normal", "hard")
PEOPLE = ("host", "p1", "p2", "p3")


class Seen:
    """One connection's view of the room: every event it was told, in order."""

    def __init__(self, room: Room, seat: int | None) -> None:
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        room.attach(self, seat)

    def room_changed(self, change: RoomChange) -> None:
        self.events.extend(change.events_for(self.seat))
        self.changed.set()

    def kinds(self) -> list[str]:
        return [e["type"] for e in self.events]


async def until(condition: Callable[[], bool], seen: Seen, limit: float = 30) -> None:
    """Wait (on changes, not on time) until ``condition`` holds."""
    async def wait() -> None:
        while not condition():
            seen.changed.clear()
            if condition():
                return
            await seen.changed.wait()

    await asyncio.wait_for(wait(), limit)


def table_request(**extra: Any) -> dict[str, Any]:
    return {"rules": {"preset": "standard", "players": 4, "score_limit": 20},
            "seats": ["host", "open", "open", "open"], "clock": 0, **extra}


def make_room(tmp_path: Path, timers: FakeTimers, over: list[Any], **extra: Any) -> Room:
    store, service = service_at(tmp_path / "hertta.db")
    runner = ThreadBotRunner()

    async def match_over(online: OnlineTable, match: MatchState) -> None:
        over.append((online, match))

    services = RoomServices(service, store, LiveTables(service, runner), runner, timers,
                            "deal-key", grace_s=60, match_over=match_over)
    online = online_table_from_request(table_request(**extra), table_id="room-1",
                                       invite="secret-invite", host="host", host_name="Hosts",
                                       levels=LEVELS)
    store.insert_online(online)
    return Rooms(services).add(online)


def persons_decision(match: MatchState, seat: int) -> object | None:
    needed = decision_needed(match)
    state = match.round
    if needed.kind == "next":
        return NextRound()
    if seat not in needed.seats:
        return None
    if needed.kind == "pass":
        return PassDecision(seat, state.hand(seat)[-3:])
    if needed.kind == "play":
        return PlayDecision(seat, state.legal_plays[0])
    return MoonDecision(seat, "add")


async def seat_everyone(room: Room) -> None:
    for index, player in enumerate(PEOPLE[1:], start=1):
        await room.change_seating(
            lambda table, p=player, i=index: sit(table, p, f"Name{i}", i)
        )


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


async def play_until(room: Room, seen: Seen, stop: Callable[[MatchState], bool]) -> None:
    """The four people decide whenever they owe a decision, until ``stop``."""
    while True:
        match = room.match
        assert match is not None
        if stop(match):
            return
        _kind, owing = room.owed_by_people()
        if owing:
            decision = persons_decision(match, owing[0])
            assert decision is not None
            await room.decide(owing[0], decision)  # type: ignore[arg-type]
        else:
            seen.changed.clear()
            await asyncio.wait_for(seen.changed.wait(), 30)


async def a_match_played_to_its_end(tmp_path: Path, over: list[Any]) -> Room:
    """A room whose match the four people played to its end, marked over and rated."""
    room = make_room(tmp_path, FakeTimers(), over)
    seen = Seen(room, None)
    await seat_everyone(room)
    await play_until(room, seen, lambda m: m.over)
    await until(lambda: room.online.status is OnlineStatus.OVER and bool(over), seen)
    return room


def rooms_of_two_processes(tmp_path: Path) -> tuple[Room, Room]:
    """Two rooms of one table over one store, as two server processes have them (each with
    its own tables in play); neither hears of the other's changes unless told."""
    here = make_room(tmp_path, FakeTimers(), [])
    services = replace(here.services, live=LiveTables(here.services.tables,
                                                      here.services.runner))
    return here, Rooms(services).add(services.online.read_online(here.id))


def leased_services(
    store: Store, service: TableService, runner: ThreadBotRunner, owner: str,
    timers: FakeTimers | None = None,
) -> RoomServices:
    """The room services of the process ``owner`` when several share ``store``: leases and
    presence kept there."""
    live = LiveTables(service, runner, leases=Leases(store, owner))
    return RoomServices(service, store, live, runner, timers or FakeTimers(), "deal-key",
                        coordination=store, owner=owner, alone=False)


class GatedRunner(ThreadBotRunner):
    """Computer players whose answers wait for the test's gate, as a long search does."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = asyncio.Event()
        self.gate = asyncio.Event()

    async def run(self, task: Any) -> object:
        self.asked.set()
        answer = await super().run(task)
        await self.gate.wait()
        return answer
