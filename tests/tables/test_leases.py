"""Several processes: a table's computer players run only where its lease is held. Taking the
lease wakes them on every path, not only in the lease keeper: a room that resumes a table in
another process takes the lease itself, and a loop the old holder's lease refused a moment
before must not leave the table waiting; nor may the stand-ins a process finds when it takes a
table over."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hertta.hearts.config import preset
from hertta.hearts.decisions import decision_needed
from hertta.store import Store
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.hearts import dealt_code, setup_for, solo_seats
from hertta.tables.leases import LeaseKeeper
from hertta.tables.live import Change, Leases, LiveTable, LiveTables
from hertta.tables.online import online_table_from_request
from hertta.tables.rooms import Rooms
from hertta.tables.service import TableService
from tests.tables.helpers import service_at
from tests.tables.room_helpers import leased_services
from tests.tables.test_rooms import LEVELS, Seen, seat_everyone, table_request, until

TABLE_ID = "leased-table"
OPPONENTS = [("Aino", "easy"), ("Eero", "easy"), ("Liisa", "easy")]


class Changes:
    def __init__(self) -> None:
        self.seen: list[Change] = []
        self.changed = asyncio.Event()

    def table_changed(self, change: Change) -> None:
        self.seen.append(change)
        self.changed.set()


async def rested(live: LiveTable) -> None:
    """Until the computer players' loop has ended (it ends by itself when refused)."""
    while live.busy:
        await asyncio.sleep(0.01)


async def computers_passed(live: LiveTable, changes: Changes) -> None:
    while decision_needed(live.table.state).seats != (0,):
        changes.changed.clear()
        await changes.changed.wait()


async def refused_then_free(
    store: Store, service: TableService, tables: LiveTables
) -> tuple[LiveTable, Changes]:
    """A new table whose computer players owe their passes, adopted while another process
    holds its lease (it died, and its lease has not run out yet): their loop is refused and
    rests. Then that lease runs out; nothing here has taken it."""
    assert store.take_lease(TABLE_ID, "dead-process", 60)
    code = dealt_code("key", TABLE_ID, preset("standard"), 4)
    table = service.create("hearts", setup_for(code, public=False),
                           solo_seats("alice", OPPONENTS), table_id=TABLE_ID)
    changes = Changes()
    live = tables.adopt(table, changes)  # wakes the computer players: they must pass
    await asyncio.wait_for(rested(live), 30)
    assert not live.holds and changes.seen == []  # refused by the other lease
    store.drop_lease(TABLE_ID, "dead-process")  # it runs out
    return live, changes


async def scenario(tmp_path: Path) -> None:
    store, service = service_at(tmp_path / "hertta.db")
    runner = ThreadBotRunner()
    tables = LiveTables(service, runner, leases=Leases(store, "this-process"))
    try:
        live, changes = await refused_then_free(store, service, tables)
        assert await live.hold()  # as a room that resumes the table takes it
        await asyncio.wait_for(computers_passed(live, changes), 30)
        assert {change.seat for change in changes.seen} == {1, 2, 3}
    finally:
        await tables.close()
        runner.close()
        store.close()


def test_taking_the_lease_outside_the_keeper_wakes_the_computer_players(
    tmp_path: Path,
) -> None:
    asyncio.run(scenario(tmp_path))


def test_a_process_taking_a_table_over_plays_on_for_the_stand_ins_it_finds(
    tmp_path: Path,
) -> None:
    """Process A stood a computer player in for an away seat and died; process B opens the
    table, takes it over and finds the stand-in in the store: it must play that seat (the
    stand-in arrived after B's computer players had looked, and nobody woke them again)."""
    async def scenario() -> None:
        store, service = service_at(tmp_path / "hertta.db")
        runner = ThreadBotRunner()
        first = Rooms(leased_services(store, service, runner, "A"))
        online = online_table_from_request(table_request(), table_id=TABLE_ID, invite="x",
                                           host="host", host_name="Hosts", levels=LEVELS)
        store.insert_online(online)
        room = first.add(online)
        await seat_everyone(room)
        assert room.live is not None and room.live.holds
        store.set_stand_in(TABLE_ID, 1, "normal")  # A stood in for the away seat 1 ...
        await room.live.stop()
        await first.close()
        store.forget_process("A")  # ... and died
        second = Rooms(leased_services(store, service, runner, "B"))
        taken = await second.open(TABLE_ID)
        seen = Seen(taken, None)
        assert taken.live is not None and taken.live.holds and 1 in taken.live.stand_ins
        await until(lambda: taken.match is not None
                    and taken.match.round.passes[1] is not None, seen)
        await second.close()
        runner.close()
        store.close()

    asyncio.run(scenario())


def test_the_keeper_wakes_computer_players_that_a_lost_wake_up_left_resting(
    tmp_path: Path,
) -> None:
    """This process holds the lease and the computer players owe their passes, but their loop
    is not running (a wake-up lost between processes: nothing the keeper can see). The next
    tick starts them: a table is held up for a tick, not for ever."""

    async def scenario() -> None:
        store, service = service_at(tmp_path / "hertta.db")
        runner = ThreadBotRunner()
        rooms = Rooms(leased_services(store, service, runner, "this-process"))
        tables = rooms.services.live
        keeper = LeaseKeeper(tables, rooms, store, "this-process")
        try:
            live, changes = await refused_then_free(store, service, tables)
            # The lease is taken here while nothing wakes the players: as if their wake-up
            # had been lost (taking it through ``hold`` would wake them).
            assert store.take_lease(TABLE_ID, "this-process", 60)
            leases = live.leases
            assert leases is not None
            live.held_until = leases.clock() + 60
            assert live.holds and not live.busy and changes.seen == []
            await keeper.tick()
            await asyncio.wait_for(computers_passed(live, changes), 30)
            assert {change.seat for change in changes.seen} == {1, 2, 3}
        finally:
            await rooms.close()
            await tables.close()
            runner.close()
            store.close()

    asyncio.run(scenario())
