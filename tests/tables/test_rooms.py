"""Rooms, at the table layer: people take seats and the match starts; decisions, the next
round once everyone is ready, the turn clock, the grace period, leaving, the end of the match.
Computer players think in threads; time moves only when the test moves the fake timers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hertta.errors import ConfigError
from hertta.hearts.decisions import (
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    decision_needed,
)
from hertta.hearts.match import MatchState
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.live import LiveTables
from hertta.tables.model import SeatError
from hertta.tables.online import (
    OnlineStatus,
    OnlineTable,
    online_table_from_request,
    remove,
    seat_computer,
    sit,
)
from hertta.tables.rooms import Room, RoomChange, Rooms, RoomServices
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


def test_seats_fill_and_the_match_starts(tmp_path: Path) -> None:
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over)
        watcher = Seen(room, 0)
        with pytest.raises(SeatError):
            await room.change_seating(lambda t: sit(t, "host", "Hosts"))  # sits already
        await room.change_seating(lambda t: sit(t, "p1", "Name1", 1))
        with pytest.raises(SeatError):
            await room.change_seating(lambda t: sit(t, "p2", "Name2", 1))  # taken
        with pytest.raises(SeatError):
            await room.change_seating(lambda t: remove(t, "p1", 1))  # not the host
        await room.change_seating(lambda t: seat_computer(t, "host", 2, "easy", "", LEVELS))
        await room.change_seating(lambda t: remove(t, "host", 2))
        assert room.online.open_seats == (2, 3) and room.live is None
        await room.change_seating(lambda t: sit(t, "p2", "Name2"))
        await room.change_seating(lambda t: seat_computer(t, "host", 3, "hard", "Kone", LEVELS))
        assert room.online.status is OnlineStatus.PLAYING and room.live is not None
        assert "started" in watcher.kinds()
        stored = room.services.online.read_online(room.id)
        assert stored.status is OnlineStatus.PLAYING
        assert [s.name for s in room.live.table.row.seats] == ["Hosts", "Name1", "Name2", "Kone"]
        await room.close()

    run(test)


def test_a_rated_table_seats_people_only() -> None:
    with pytest.raises(ConfigError, match="people only"):
        online_table_from_request(
            table_request(rated=True, rules={"preset": "standard", "players": 4},
                          seats=["host", {"level": "easy"}, "open", "open"]),
            table_id="x", invite="y", host="h", host_name="H", levels=LEVELS)
    rated = online_table_from_request(
        table_request(rated=True, rules={"preset": "standard", "players": 4}),
        table_id="x", invite="y", host="h", host_name="H", levels=LEVELS)
    with pytest.raises(ConfigError, match="people only"):  # bad_setting, as the request above
        seat_computer(rated, "h", 1, "easy", "", LEVELS)
    with pytest.raises(ConfigError, match="100"):
        online_table_from_request(table_request(rated=True), table_id="x", invite="y",
                                  host="h", host_name="H", levels=LEVELS)


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


def test_the_next_round_waits_for_everyone(tmp_path: Path) -> None:
    async def test() -> None:
        timers, over = FakeTimers(), []
        # To 100: the first round must not end the match (to 20 it may, as the deal falls).
        room = make_room(tmp_path, timers, over,
                         rules={"preset": "standard", "players": 4, "score_limit": 100})
        seen = Seen(room, None)  # a spectator
        await seat_everyone(room)
        await play_until(room, seen, lambda m: decision_needed(m).kind == "next")
        first = room.match
        assert first is not None and first.round_index == 0
        for seat in (0, 1, 2):
            await room.decide(seat, NextRound())
        assert room.match is not None and room.match.round_index == 0  # seat 3 is not ready
        assert [e["seat"] for e in seen.events if e["type"] == "ready"] == [0, 1, 2]
        await room.decide(3, NextRound())
        await until(lambda: room.match is not None and room.match.round_index == 1, seen)
        assert not room.ready
        await room.close()

    run(test)


class ClockSeen(Seen):
    """A connection that notes, at every change it is told of, the decision people owe and
    the clock its view would show."""

    def __init__(self, room: Room, seat: int | None) -> None:
        self.room = room
        self.clocks: list[tuple[tuple[str | None, tuple[int, ...]], Any]] = []
        super().__init__(room, seat)

    def room_changed(self, change: RoomChange) -> None:
        self.clocks.append((self.room.owed_by_people(), self.room.clock_json()))
        super().room_changed(change)


def test_every_view_shows_the_clock_of_the_decision_owed_now(tmp_path: Path) -> None:
    # The view was built before the clock moved on: it showed the seat that had just played,
    # the pass's clock during the first trick, and nothing on a person's own turn.
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=30)
        seen = ClockSeen(room, None)
        await seat_everyone(room)
        await play_until(room, seen, lambda m: len(m.round.tricks) >= 3)
        timed = [(owed, clock) for owed, clock in seen.clocks if owed[0] is not None]
        assert len(timed) > 12
        for (kind, seats), clock in timed:
            assert clock is not None and (clock["kind"], clock["seats"]) == (kind, list(seats))
        await room.close()

    run(test)


def test_the_turn_clock_decides_for_a_slow_person(tmp_path: Path) -> None:
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=15)
        seen = Seen(room, 0)
        await seat_everyone(room)
        match = room.match
        assert match is not None and decision_needed(match).kind == "pass"
        clock = room.clock_json()
        assert clock is not None and clock["seats"] == [0, 1, 2, 3]
        assert clock["remaining_ms"] == 15000
        timers.advance(10)
        assert room.clock_json()["remaining_ms"] == 5000  # type: ignore[index]
        timers.advance(6)  # nobody passed in time: a Normal player passes for each of them
        await until(lambda: room.match is not None and room.match.round.phase.value == "playing",
                    seen)
        timed_out = sorted(e["seat"] for e in seen.events if e["type"] == "timed_out")
        assert timed_out == [0, 1, 2, 3]
        assert sum(e["type"] == "passed" for e in seen.events) == 4
        await room.close()

    run(test)


def test_a_ready_mark_leaves_the_others_deadline_where_it_was(tmp_path: Path) -> None:
    # The holder of the table started the clock afresh at every ready mark, while the other
    # processes count from the table's last saved change (a mark is not one): their countdown
    # reached 0 nine seconds before the clock ran out (an outside check on three processes).
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=15,
                         rules={"preset": "standard", "players": 4, "score_limit": 100})
        seen = Seen(room, None)
        await seat_everyone(room)
        await play_until(room, seen, lambda m: decision_needed(m).kind == "next")
        assert room.clock_json() == {"seats": [0, 1, 2, 3], "kind": "next",
                                     "remaining_ms": 15000}
        timers.advance(9)
        for seat in (0, 1, 2):
            await room.decide(seat, NextRound())
        assert room.clock_json() == {"seats": [3], "kind": "next", "remaining_ms": 6000}
        timers.advance(6.5)  # 15 s after the round's end, not after the last mark
        await until(lambda: room.match is not None and room.match.round_index == 1, seen)
        assert {"type": "timed_out", "seat": 3, "kind": "next"} in seen.events
        await room.close()

    run(test)


def test_an_away_person_is_played_for_after_the_grace_period(tmp_path: Path) -> None:
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over)
        seen = Seen(room, None)
        away = Seen(room, 2)
        await seat_everyone(room)
        room.detach(away, 2)  # seat 2's only connection dropped
        timers.advance(59)
        assert room.live is not None and 2 not in room.live.stand_ins
        timers.advance(2)
        assert 2 in room.live.stand_ins
        assert {"type": "autopilot", "seat": 2, "on": True} in seen.events
        # The others play; seat 2's decisions are made for it.
        await play_until(room, seen, lambda m: m.round.phase.value == "playing"
                         and len(m.round.plays) >= 8)
        assert room.match is not None and room.match.round.passes[2] is not None
        back = Seen(room, 2)
        assert 2 not in room.live.stand_ins
        assert {"type": "autopilot", "seat": 2, "on": False} in seen.events
        room.detach(back, 2)
        await room.close()

    run(test)


def test_a_person_away_at_a_rounds_result_is_ready_once_played_for(tmp_path: Path) -> None:
    """The last person still owing ``next`` goes away while the round's result shows: once the
    grace period is over the stand-in is ready for them, and the next round starts (no clock
    at this table: nothing else would ever start it)."""
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over,
                         rules={"preset": "standard", "players": 4, "score_limit": 100})
        seen = Seen(room, None)
        await seat_everyone(room)
        away = Seen(room, 3)
        await play_until(room, seen, lambda m: decision_needed(m).kind == "next")
        for seat in (0, 1, 2):
            await room.decide(seat, NextRound())
        room.detach(away, 3)  # seat 3 closes the tab on the round's result
        timers.advance(61)
        assert room.live is not None and 3 in room.live.stand_ins
        await until(lambda: room.match is not None and room.match.round_index == 1, seen)
        await room.close()

    run(test)


def test_the_only_person_away_at_a_rounds_result_is_played_for_to_the_end(
    tmp_path: Path,
) -> None:
    """One person and three computer players; the person closes the tab on a round's result
    and never comes back: the match plays on to its end."""
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over,
                         rules={"preset": "standard", "players": 4, "score_limit": 30})
        seen = Seen(room, None)
        host = Seen(room, 0)
        for seat in (1, 2, 3):
            await room.change_seating(
                lambda t, i=seat: seat_computer(t, "host", i, "easy", "", LEVELS))
        await play_until(room, seen, lambda m: decision_needed(m).kind == "next")
        room.detach(host, 0)
        timers.advance(61)
        assert room.live is not None and 0 in room.live.stand_ins
        await until(lambda: room.online.status is OnlineStatus.OVER and bool(over), seen, 20)
        await room.close()

    run(test)


def test_a_person_who_leaves_is_played_for_to_the_end(tmp_path: Path) -> None:
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over)
        seen = Seen(room, None)
        await seat_everyone(room)
        away = Seen(room, 2)
        await room.leave("p3")
        assert room.online.seats[3].left and room.live is not None and 3 in room.live.stand_ins
        with pytest.raises(SeatError):
            await room.decide(3, NextRound())
        room.detach(away, 2)  # seat 2 is away past the grace period: played for too
        timers.advance(61)
        assert room.view(None, None)["table"]["autopilot"] == [2, 3]
        await play_until(room, seen, lambda m: m.over)
        await until(lambda: room.online.status is OnlineStatus.OVER and bool(over), seen)
        # Once over, nobody plays for anyone: only the seat whose person left stays listed.
        assert room.view(None, None)["table"]["autopilot"] == [3]
        [(online, match)] = over
        assert online.status is OnlineStatus.OVER and match.over
        assert room.services.online.read_online(room.id).status is OnlineStatus.OVER
        await room.close()

    run(test)


def test_a_turn_clock_goes_on_from_the_store_after_a_restart(tmp_path: Path) -> None:
    """A process that reads a started table (a restart, or the one that ran it died) times
    the owed decision from when it became owed, not afresh."""

    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=15)
        await seat_everyone(room)
        await room.close()
        store = room.services.online
        with store.transaction() as db:  # the passing began 10 s ago
            db.execute("UPDATE game_tables SET updated_at = updated_at - 10")  # type: ignore[attr-defined]
        services = replace(room.services, live=LiveTables(room.services.tables,
                                                          room.services.runner))
        again = await Rooms(services).open(room.id)
        clock = again.clock_json()
        assert clock is not None and clock["seats"] == [0, 1, 2, 3]
        assert 4000 <= clock["remaining_ms"] <= 5100
        await again.close()

    run(test)


async def a_match_played_to_its_end(tmp_path: Path, over: list[Any]) -> Room:
    """A room whose match the four people played to its end, marked over and rated."""
    room = make_room(tmp_path, FakeTimers(), over)
    seen = Seen(room, None)
    await seat_everyone(room)
    await play_until(room, seen, lambda m: m.over)
    await until(lambda: room.online.status is OnlineStatus.OVER and bool(over), seen)
    return room


def test_a_match_whose_end_was_saved_but_not_marked_ends_when_read_again(
    tmp_path: Path,
) -> None:
    """The match's last decision and the table's mark "over" are two saves: a server that
    stopped between them left a table "playing" for good, never rated, its people waiting for
    ``table_over``. Read again (a restart), it ends, once."""

    async def test() -> None:
        over: list[Any] = []
        room = await a_match_played_to_its_end(tmp_path, over)
        await room.close()
        store = room.services.online
        with store.transaction() as db:  # as the crash left it: the game over, the table not
            db.execute("UPDATE online_tables SET status = 'playing', version = version - 1")  # type: ignore[attr-defined]
        over.clear()
        services = replace(room.services, live=LiveTables(room.services.tables,
                                                          room.services.runner))
        again = await Rooms(services).open(room.id)
        back = Seen(again, None)
        await until(lambda: again.online.status is OnlineStatus.OVER and bool(over), back)
        [(online, match)] = over
        assert online.status is OnlineStatus.OVER and match.over
        assert store.read_online(room.id).status is OnlineStatus.OVER
        assert again.view(None, None)["table"]["status"] == "over"
        await again.close()

    run(test)


def test_a_seating_changed_as_the_match_ends_still_ends_it(tmp_path: Path) -> None:
    """A person leaving as the last card falls changes the seating between the match's end and
    the table's mark "over": the mark, a compare-and-swap, met a newer seating, took it for
    another process's end and gave up; the table stayed "playing", unrated, for good."""

    async def test() -> None:
        over: list[Any] = []
        room = await a_match_played_to_its_end(tmp_path, over)
        match = room.match
        assert match is not None
        # As the race leaves it: this room marks the end on the seating it knew, while the
        # store has the leave's newer seating, still playing.
        knew = room.online.version - 1
        store = room.services.online
        with store.transaction() as db:
            db.execute("UPDATE online_tables SET status = 'playing'")  # type: ignore[attr-defined]
        room.online = replace(room.online, status=OnlineStatus.PLAYING, version=knew)
        over.clear()
        await room._finish(match)
        assert store.read_online(room.id).status is OnlineStatus.OVER
        assert room.online.status is OnlineStatus.OVER and len(over) == 1  # rated once
        await room.close()

    run(test)


def rooms_of_two_processes(tmp_path: Path) -> tuple[Room, Room]:
    """Two rooms of one table over one store, as two server processes have them (each with
    its own tables in play); neither hears of the other's changes unless told."""
    here = make_room(tmp_path, FakeTimers(), [])
    services = replace(here.services, live=LiveTables(here.services.tables,
                                                      here.services.runner))
    return here, Rooms(services).add(services.online.read_online(here.id))


def test_a_seating_changed_elsewhere_first_is_asked_again_on_the_new_seating(
    tmp_path: Path,
) -> None:
    """Two rooms of one table (as two server processes have): a person sits in one while the
    other still shows the older seating; sitting there is made again on the seating as it is
    now, and refused only if it no longer fits."""

    async def test() -> None:
        here, there = rooms_of_two_processes(tmp_path)
        services = there.services
        await here.change_seating(lambda t: sit(t, "p1", "Name1", 1))
        assert there.online.seats[1].kind == "open"  # it has not heard of it
        await there.change_seating(lambda t: sit(t, "p2", "Name2"))  # the first open seat
        assert [s.player for s in there.online.seats[1:3]] == ["p1", "p2"]
        assert here.online.seats[2].kind == "open"  # nor this one of p2
        with pytest.raises(SeatError, match="seat 2 is taken"):
            await here.change_seating(lambda t: sit(t, "p3", "Name3", 2))
        stored = services.online.read_online(here.id)
        assert [s.player for s in stored.seats[:3]] == ["host", "p1", "p2"]
        assert stored.seats[3].kind == "open" and here.online == stored
        await here.close()
        await there.close()

    run(test)


def test_a_match_started_elsewhere_is_shown_with_its_game(tmp_path: Path) -> None:
    """The room of another process hears that the match started (the seating notice): what
    it tells its connections already shows the game, and says it started."""

    async def test() -> None:
        here, there = rooms_of_two_processes(tmp_path)
        shown: list[tuple[list[str], bool]] = []

        class Connection:
            def room_changed(self, change: RoomChange) -> None:
                types = [e["type"] for e in change.events_for(1)]
                shown.append((types, there.view(1, "p1")["game"] is not None))

        there.attach(Connection(), 1)
        await seat_everyone(here)
        assert here.live is not None and there.live is None
        await there.refresh()  # what the seating notice of the start does there
        assert shown[-1] == (["seating", "started", "round"], True)
        await here.close()
        await there.close()

    run(test)


def test_a_last_seat_taken_in_both_processes_at_once_starts_the_match_in_both(
    tmp_path: Path,
) -> None:
    """The last seat is taken here while another process, which has not heard yet, seats
    someone there: its write is stale, it reads the table again (started, the seat taken) and
    refuses its guest. It used to stop there: its room never read the game (a later notice
    found nothing newer), so its people saw a match with no game, for good."""

    async def test() -> None:
        here, there = rooms_of_two_processes(tmp_path)
        shown: list[list[str]] = []

        class Connection:
            def room_changed(self, change: RoomChange) -> None:
                shown.append([e["type"] for e in change.events_for(None)])

        there.attach(Connection(), None)
        await seat_everyone(here)  # the last seat taken here
        assert there.online.status is OnlineStatus.WAITING  # not heard of there yet
        with pytest.raises(SeatError):
            await there.change_seating(lambda table: sit(table, "late", "Late", 3))
        assert there.live is not None and there.match is not None
        assert there.view(None, None)["game"] is not None
        assert ["started", "round"] in shown
        await here.close()
        await there.close()

    run(test)


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


def test_a_stand_ins_answer_is_dropped_when_the_person_is_back(tmp_path: Path) -> None:
    """The person comes back while their stand-in thinks: the seat is theirs again from this
    decision on. The stand-in's pass was applied after their snapshot had shown it theirs to
    make, and their own pass was refused."""

    async def test() -> None:
        timers = FakeTimers()
        store, service = service_at(tmp_path / "hertta.db")
        runner = GatedRunner()
        services = RoomServices(service, store, LiveTables(service, runner), runner, timers,
                                "deal-key", grace_s=60)
        online = online_table_from_request(table_request(), table_id="room-1",
                                           invite="secret-invite", host="host",
                                           host_name="Hosts", levels=LEVELS)
        store.insert_online(online)
        room = Rooms(services).add(online)
        away = Seen(room, 2)
        await seat_everyone(room)
        room.detach(away, 2)
        timers.advance(61)  # the grace period is over: a stand-in passes for seat 2
        await asyncio.wait_for(runner.asked.wait(), 30)
        back = Seen(room, 2)  # back while it thinks
        runner.gate.set()
        assert room.live is not None and room.live._bots is not None
        await asyncio.wait_for(asyncio.shield(room.live._bots), 30)  # the stand-in's turn done
        assert {"type": "autopilot", "seat": 2, "on": False} in back.events
        match = room.match
        assert match is not None and match.round.passes[2] is None
        assert 2 in room.owed_by_people()[1]
        await room.decide(2, PassDecision(2, match.round.hand(2)[:3]))  # their own, taken
        assert room.match is not None and room.match.round.passes[2] is not None
        await room.close()

    run(test)
