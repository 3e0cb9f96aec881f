"""A room's small promises: a rename changes a waiting table only, and a change that changes
nothing is not written; work a room starts and nobody awaits is logged when it fails."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from hertta.tables.online import OnlineStatus, rename, sit
from tests.tables.fake_timers import FakeTimers
from tests.tables.test_rooms import make_room


def test_a_rename_changes_a_waiting_seat_only_and_nothing_else_is_written(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        room = make_room(tmp_path, FakeTimers(), [])
        await room.change_seating(lambda table: sit(table, "aino", "Aino", 1))
        version = room.online.version
        await room.change_seating(lambda table: rename(table, "aino", "Aino"))  # the same name
        assert room.online.version == version
        await room.change_seating(lambda table: rename(table, "aino", "Aino K."))
        assert room.online.seats[1].name == "Aino K." and room.online.version == version + 1
        playing = replace(room.online, status=OnlineStatus.PLAYING)
        assert rename(playing, "aino", "Someone") is playing
        await room.close()

    asyncio.run(scenario())


def test_work_nobody_awaits_is_logged_when_it_fails(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        room = make_room(tmp_path, FakeTimers(), [])

        async def fails() -> None:
            raise RuntimeError("the database went away")

        room._spawn(fails())
        spawned = list(room._tasks)
        # The room's callback was added first, so it has run once the task is gathered.
        await asyncio.gather(*spawned, return_exceptions=True)
        await room.close()

    with caplog.at_level(logging.ERROR, logger="hertta.tables.rooms"):
        asyncio.run(scenario())
    assert any(r.exc_info and "the database went away" in str(r.exc_info[1])
               for r in caplog.records), caplog.records
