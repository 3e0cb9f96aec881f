"""Rooms whose match ends while something else happens (a stop, a leave), rooms of one table
in two processes, and a stand-in whose person comes back while it thinks."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hertta.hearts.decisions import (
    PassDecision,
)
from hertta.store import Store
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.leases import LeaseKeeper
from hertta.tables.live import LiveTables
from hertta.tables.model import SeatError
from hertta.tables.online import (
    OnlineStatus,
    online_table_from_request,
    sit,
)
from hertta.tables.rooms import RoomChange, Rooms, RoomServices
from tests.tables.fake_timers import FakeTimers
from tests.tables.helpers import service_at
from tests.tables.room_helpers import (
    LEVELS,
    GatedRunner,
    Seen,
    a_match_played_to_its_end,
    leased_services,
    rooms_of_two_processes,
    run,
    seat_everyone,
    table_request,
    until,
)


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


@pytest.mark.parametrize("presence_first", [True, False])
def test_a_leave_heard_in_another_process_is_told_in_the_right_order(
    tmp_path: Path, presence_first: bool
) -> None:
    """p1 leaves on the process that runs the table, which writes the seating, then the
    stand-in. Another process hears of both by two notices whose reads may end in either order;
    when the stand-in's came first it told "a computer plays seat 1" and never that p1 had
    left. Either way round, its connections are told "left" once, then the stand-in."""
    async def stand_in_stored(store: Store, table_id: str) -> None:
        while 1 not in store.stand_ins(table_id):
            await asyncio.sleep(0.01)  # the holder's write is a task of its own

    async def test() -> None:
        store, service = service_at(tmp_path / "hertta.db")
        runner = ThreadBotRunner()
        online = online_table_from_request(table_request(), table_id="two-places", invite="x",
                                           host="host", host_name="Hosts", levels=LEVELS)
        store.insert_online(online)
        holder = Rooms(leased_services(store, service, runner, "A")).add(online)
        await seat_everyone(holder)
        assert holder.live is not None and holder.live.holds
        other = await Rooms(leased_services(store, service, runner, "B")).open("two-places")
        assert other.live is not None and not other.live.holds
        seen = Seen(other, 0)
        await holder.leave("p1")
        await asyncio.wait_for(stand_in_stored(store, "two-places"), 30)
        if presence_first:  # the presence notice's read ends first, then the seating's
            await other.share_presence()
            await other.refresh()
        else:
            await other.refresh()
            await other.share_presence()
        told = [(e["type"], e.get("connected", e.get("on"))) for e in seen.events
                if e["type"] in ("presence", "autopilot") and e.get("seat") == 1]
        assert told == [("presence", False), ("autopilot", True)], told
        assert other.live.stand_ins.get(1) is not None
        await holder.close()
        await other.close()
        runner.close()
        store.close()

    run(test)


def test_a_lease_taken_by_the_computer_players_loop_shows_and_times_the_clock(
    tmp_path: Path,
) -> None:
    """Several processes with a turn clock. A process takes a table's lease before it times the
    decision owed: the computer players' loop takes it as soon as they have a card to give, the
    lease keeper and a resuming room before they time it (``lease_taken``). Meanwhile its
    people were shown no clock at all (seen once under load), while another process showed it
    running; the clock shown there is the one the store tells. And a lease the loop took was
    never told to the room, which then timed nothing until the next decision."""

    async def test() -> None:
        store, service = service_at(tmp_path / "hertta.db")
        runner = ThreadBotRunner()
        timers = FakeTimers()
        online = online_table_from_request(table_request(clock=15), table_id="room-1",
                                           invite="secret-invite", host="host",
                                           host_name="Hosts", levels=LEVELS)
        store.insert_online(online)
        here = Rooms(leased_services(store, service, runner, "here", timers)).add(online)
        rooms_there = Rooms(leased_services(store, service, runner, "there", timers))
        there = rooms_there.add(online)
        seen = Seen(there, None)
        await seat_everyone(here)  # started here: this process holds the lease
        await there.refresh()  # the seating notice of the start
        assert there.live is not None and not there.live.holds
        shown = there.clock_json()  # worked out from the store
        assert shown is not None and (shown["kind"], shown["seats"]) == ("pass", [0, 1, 2, 3])
        store.drop_lease(there.id, "here")  # its process is gone
        assert await there.live.hold()  # as the computer players' loop takes it
        taken = there.clock_json()
        assert taken is not None and (taken["kind"], taken["seats"]) == ("pass", [0, 1, 2, 3])
        assert 0 < taken["remaining_ms"] <= 15000
        await here.close()  # no more timers of its own
        # The keeper's next tick sees the lease held: it still tells the room, which times
        # the decision (it used to, only for a lease it took itself).
        keeper = LeaseKeeper(rooms_there.services.live, rooms_there, store, "there")
        await keeper.tick()
        timers.advance(16)  # nobody passed in time: a Normal player passes for each of them
        await until(lambda: there.match is not None
                    and there.match.round.phase.value == "playing", seen)
        timed_out = sorted(e["seat"] for e in seen.events if e["type"] == "timed_out")
        assert timed_out == [0, 1, 2, 3]
        await there.close()

    run(test)
