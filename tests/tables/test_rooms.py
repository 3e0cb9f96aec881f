"""Rooms, at the table layer: people take seats and the match starts; decisions, the next
round once everyone is ready, the turn clock, the grace period, leaving, the end of the match.
Computer players think in threads; time moves only when the test moves the fake timers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hertta.errors import ConfigError
from hertta.hearts.decisions import (
    NextRound,
    decision_needed,
)
from hertta.tables.live import LiveTables
from hertta.tables.model import SeatError
from hertta.tables.online import (
    OnlineStatus,
    online_table_from_request,
    remove,
    seat_computer,
    sit,
)
from hertta.tables.rooms import Room, RoomChange, Rooms
from tests.tables.fake_timers import FakeTimers
from tests.tables.room_helpers import (
    LEVELS,
    Seen,
    make_room,
    persons_decision,
    play_until,
    run,
    seat_everyone,
    table_request,
    until,
)


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


def test_a_pass_keeps_its_deadline_while_the_seats_pass_one_by_one(tmp_path: Path) -> None:
    # Each pass restarted the clock of the seats still to pass, here and in every other
    # process (which counted from the table's last saved change): a slow passer's 15 s grew
    # with every other seat's pass.
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=15)
        seen = Seen(room, None)
        await seat_everyone(room)
        live = room.live
        assert live is not None
        began = live.table.row.owed_since
        assert began > 0
        timers.advance(6)
        for seat in (0, 1):
            match = room.match
            assert match is not None
            decision = persons_decision(match, seat)
            assert decision is not None
            await room.decide(seat, decision)  # type: ignore[arg-type]
            timers.advance(2)
        assert room.clock_json() == {"seats": [2, 3], "kind": "pass", "remaining_ms": 5000,
                                     "allowance_ms": 0}
        assert live.table.row.owed_since == began
        stored = room.services.tables.load(room.id).row
        assert stored.owed_since == began and stored.updated_at > began
        timers.advance(5.1)
        await until(lambda: room.match is not None and room.match.round.phase.value == "playing",
                    seen)
        timed_out = sorted(e["seat"] for e in seen.events if e["type"] == "timed_out")
        assert timed_out == [2, 3]
        # The first play is a decision of its own: owed from now, timed afresh.
        assert live.table.row.owed_since > began
        clock = room.clock_json()
        assert clock is not None and clock["kind"] == "play" and clock["remaining_ms"] == 15000
        await room.close()

    run(test)


def test_a_turn_is_timed_from_when_the_pages_have_shown_the_cards_before_it(
    tmp_path: Path,
) -> None:
    # The pages hold the trick before and the other seats' cards a moment each before they
    # show a turn; the clock ran meanwhile, and a 15 s turn appeared with about 11 s left.
    # Now the deadline the seats count to is the clock's, and the stand-in plays only after
    # that allowance too.
    async def test() -> None:
        timers, over = FakeTimers(), []
        room = make_room(tmp_path, timers, over, clock=15)
        seen = Seen(room, None)
        await seat_everyone(room)
        await play_until(room, seen, lambda m: decision_needed(m).kind == "play"
                         and len(m.round.tricks) == 2)
        clock = room.clock_json()
        assert clock is not None and clock["kind"] == "play"
        assert (clock["remaining_ms"], clock["allowance_ms"]) == (15000, 3375)
        timers.advance(15.2)
        await until(lambda: room.clock_json() is not None, seen)
        assert not any(e["type"] == "timed_out" for e in seen.events)
        assert room.clock_json()["remaining_ms"] == 0  # type: ignore[index]
        timers.advance(3.3)
        assert not any(e["type"] == "timed_out" for e in seen.events)
        timers.advance(0.2)
        await until(lambda: any(e["type"] == "timed_out" for e in seen.events), seen)
        assert [e["kind"] for e in seen.events if e["type"] == "timed_out"] == ["play"]
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
                                     "remaining_ms": 15000, "allowance_ms": 1125}
        timers.advance(9)
        for seat in (0, 1, 2):
            await room.decide(seat, NextRound())
        assert room.clock_json() == {"seats": [3], "kind": "next", "remaining_ms": 6000,
                                     "allowance_ms": 1125}
        # 15 s after the round's end (and the 1.125 s its last trick is shown), not after the
        # last mark.
        timers.advance(7.5)
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
            db.execute(  # type: ignore[attr-defined]
                "UPDATE game_tables SET updated_at = updated_at - 10, owed_since = owed_since - 10"
            )
        services = replace(room.services, live=LiveTables(room.services.tables,
                                                          room.services.runner))
        again = await Rooms(services).open(room.id)
        clock = again.clock_json()
        assert clock is not None and clock["seats"] == [0, 1, 2, 3]
        assert 4000 <= clock["remaining_ms"] <= 5100
        await again.close()

    run(test)
