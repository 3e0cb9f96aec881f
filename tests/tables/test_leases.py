"""Several processes: a table's computer players run only where its lease is held. Taking the
lease wakes them on every path, not only in the lease keeper: a room that resumes a table in
another process takes the lease itself, and a loop the old holder's lease refused a moment
before must not leave the table waiting."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hertta.hearts.config import preset
from hertta.hearts.decisions import decision_needed
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.hearts import dealt_code, setup_for, solo_seats
from hertta.tables.live import Change, Leases, LiveTable, LiveTables
from tests.tables.helpers import service_at

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


async def scenario(tmp_path: Path) -> None:
    store, service = service_at(tmp_path / "hertta.db")
    runner = ThreadBotRunner()
    tables = LiveTables(service, runner, leases=Leases(store, "this-process"))
    try:
        # Another process holds the lease (it died, and its lease has not run out yet).
        assert store.take_lease(TABLE_ID, "dead-process", 60)
        code = dealt_code("key", TABLE_ID, preset("standard"), 4)
        table = service.create("hearts", setup_for(code, public=False),
                               solo_seats("alice", OPPONENTS), table_id=TABLE_ID)
        changes = Changes()
        live = tables.adopt(table, changes)  # wakes the computer players: they must pass
        await asyncio.wait_for(rested(live), 30)
        assert not live.holds and changes.seen == []  # refused by the other lease
        store.drop_lease(TABLE_ID, "dead-process")  # it runs out
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
