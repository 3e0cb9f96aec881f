"""A searching computer player's answer is held back to its level's floor, so how long it took
(instant with one group of legal cards, a full search otherwise) tells a watcher nothing of its
hand; Easy and Normal are not held. The clock and the wait are injected: no real time passes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from hertta.ai.registry import ANSWER_FLOORS_S, answer_floor
from hertta.hearts.config import preset
from hertta.hearts.decisions import decision_needed
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.hearts import dealt_code, setup_for, solo_seats
from hertta.tables.live import Change, LiveTables, Pace
from tests.tables.helpers import service_at


class PassesIn:
    """Wakes when every computer player has passed (the person at seat 0 has not)."""

    def __init__(self) -> None:
        self.done = asyncio.Event()

    def table_changed(self, change: Change) -> None:
        passes = change.after.state.round.passes
        if all(chosen is not None for chosen in passes[1:]):
            self.done.set()


async def first_passes(
    db: Path, opponents: list[tuple[str, str]], clock: Callable[[], float]
) -> list[float]:
    """The waits asked for while the computer players chose their first passes."""
    store, service = service_at(db)
    runner = ThreadBotRunner()
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    live = LiveTables(service, runner, pace=Pace(clock=clock, sleep=sleep))
    code = dealt_code("key", "floor-table", preset("standard"), 4)
    table = service.create("hearts", setup_for(code, public=False),
                           solo_seats("alice", opponents), table_id="floor-table")
    watcher = PassesIn()
    seat = live.adopt(table, watcher)
    try:
        await asyncio.wait_for(watcher.done.wait(), 120)
        assert decision_needed(seat.table.state).seats == (0,)  # only the person owes one
    finally:
        await live.close()
        runner.close()
        store.close()
    return waits


def test_the_floors_are_for_the_searching_levels_only() -> None:
    assert set(ANSWER_FLOORS_S) == {"hard", "expert"}
    assert answer_floor("normal") == answer_floor("easy") == 0.0
    assert 0 < answer_floor("hard") < answer_floor("expert")


def test_a_quick_search_is_held_to_its_floor(tmp_path: Path) -> None:
    # The injected clock never moves: every answer came "at once", so the table waits out the
    # whole floor of the slowest level asked (passing is simultaneous: one wait for all).
    opponents = [("Aino", "easy"), ("Eero", "normal"), ("Liisa", "hard")]
    waits = asyncio.run(first_passes(tmp_path / "t.db", opponents, lambda: 50.0))
    assert waits == [pytest.approx(answer_floor("hard"))]


def test_a_search_longer_than_its_floor_is_not_held(tmp_path: Path) -> None:
    ticks = iter(range(0, 1_000_000, 5))  # every reading of the clock is 5 s on
    opponents = [("Aino", "easy"), ("Eero", "normal"), ("Liisa", "hard")]
    waits = asyncio.run(first_passes(tmp_path / "t.db", opponents, lambda: float(next(ticks))))
    assert waits == []


def test_easy_and_normal_are_not_held(tmp_path: Path) -> None:
    opponents = [("Aino", "easy"), ("Eero", "normal"), ("Liisa", "normal")]
    waits = asyncio.run(first_passes(tmp_path / "t.db", opponents, lambda: 50.0))
    assert waits == []


def test_a_search_shorter_than_its_floor_waits_out_the_rest(tmp_path: Path) -> None:
    readings = iter(range(1_000_000))  # the search took 0.1 s by this clock
    opponents = [("Aino", "easy"), ("Eero", "normal"), ("Liisa", "hard")]
    waits = asyncio.run(first_passes(tmp_path / "t.db", opponents,
                                     lambda: next(readings) / 10))
    assert waits == [pytest.approx(answer_floor("hard") - 0.1)]
