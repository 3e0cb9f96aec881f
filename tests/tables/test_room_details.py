"""A room's small promises: a rename changes a waiting table only, of two quick renames the
later stays, and a change that changes nothing is not written; work a room starts and nobody
awaits is logged when it fails."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from hertta.hearts.decisions import NextRound, decision_needed
from hertta.tables.online import OnlineStatus, rename, sit
from hertta.tables.rooms import RoomChange, rename_stored
from tests.tables.fake_timers import FakeTimers
from tests.tables.test_rooms import Seen, make_room, play_until, seat_everyone, until


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


def test_of_two_quick_renames_the_later_name_stays(tmp_path: Path) -> None:
    """The second rename (its name saved, then written to the seat) comes between the first
    one's reading of the seating and its write: the first must not put its older name back.
    (It did when each rename carried its own name: a person renaming twice quickly kept the
    first name at a waiting table.)"""
    async def scenario() -> None:
        room = make_room(tmp_path, FakeTimers(), [])
        await room.change_seating(lambda table: sit(table, "aino", "Aino", 1))
        store = room.services.online
        store.set_name("aino", "First")
        second: list[bool] = []

        def read_then_rename_again(table_id: str) -> object:
            online = store.read_online(table_id)
            if not second:
                store.set_name("aino", "Second")
                second.append(rename_stored(store, table_id, "aino"))
            return online

        first = rename_stored(Proxy(store, read_online=read_then_rename_again), room.id, "aino")
        assert second == [True] and not first  # the first found its work done
        assert store.read_online(room.id).seats[1].name == "Second"
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


class Asker(Seen):
    """The connection that says ``next``: it skips news whose origin is itself, as a tab's
    session does (its answer carries the event)."""

    def room_changed(self, change: RoomChange) -> None:
        if change.origin is not self:
            super().room_changed(change)


def test_the_stores_news_of_ones_own_next_tells_nobody_twice_nor_starts_early(
    tmp_path: Path,
) -> None:
    # With PostgreSQL a process hears the store's notice of its own ready mark, and may hear it
    # before it has answered the asker: that news must not tell the asker again, nor start the
    # next round before the answer (an outside check saw the asker told twice in 11 of 40).
    async def scenario() -> None:
        room = make_room(tmp_path, FakeTimers(), [],
                         rules={"preset": "standard", "players": 4, "score_limit": 100})
        spectator = Seen(room, None)
        await seat_everyone(room)
        await play_until(room, spectator, lambda m: decision_needed(m).kind == "next")
        for seat in (0, 1, 2):
            await room.decide(seat, NextRound())
        asker = Asker(room, 3)
        loop = asyncio.get_running_loop()
        store = room.services.online
        version = room.live.table.version if room.live else -1

        def mark_then_news(table_id: str, at: int, seat: int) -> frozenset[int]:
            marked = store.mark_ready(table_id, at, seat)
            # The notice comes back to this process before mark_ready's answer does.
            asyncio.run_coroutine_threadsafe(room.refresh_ready(version), loop).result(30)
            return marked

        room.services = replace(room.services, online=Proxy(store, mark_ready=mark_then_news))
        await room.decide(3, NextRound(), origin=asker)
        assert room.match is not None and room.match.round_index == 0  # not before the answer
        assert {"type": "ready", "seat": 3} not in asker.events
        assert [e for e in spectator.events if e["type"] == "ready"][-1] == {
            "type": "ready", "seat": 3}
        await until(lambda: room.match is not None and room.match.round_index == 1, spectator)
        await room.close()

    asyncio.run(scenario())


class Proxy:
    """``target`` with some of its methods replaced."""

    def __init__(self, target: object, **methods: object) -> None:
        self._target = target
        self.__dict__.update(methods)

    def __getattr__(self, name: str) -> object:
        return getattr(self._target, name)
