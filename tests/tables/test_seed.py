"""A Hearts session seed test: the same server deal key, the same table id and the same
decisions of the person give the same match, step by step (every decision and every view seat
0 is shown), with the computer players deciding through the real live-table machinery. Another
key deals another match."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from hertta.hearts.config import preset, with_options
from hertta.hearts.decisions import (
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    decision_needed,
)
from hertta.hearts.match import MatchState, is_last_round
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.hearts import HeartsTables, dealt_code, setup_for, solo_seats
from hertta.tables.hearts_view import hearts_view
from hertta.tables.live import Change, LiveTable, LiveTables, Pace
from tests.tables.helpers import service_at

OPPONENTS = [("Aino", "easy"), ("Eero", "normal"), ("Liisa", "hard")]
TABLE_ID = "the-same-table-id"


def persons_decision(match: MatchState) -> object | None:
    """What the person at seat 0 decides now (a fixed policy), or None when it is not them."""
    needed = decision_needed(match)
    state = match.round
    if needed.kind == "next":
        return None if is_last_round(match) else NextRound()
    if 0 not in needed.seats:
        return None
    if needed.kind == "pass":
        if not all(chosen is not None for chosen in state.passes[1:]):
            return None  # let the computer players choose first: the order is then fixed
        return PassDecision(0, state.hand(0)[-3:])
    if needed.kind == "play":
        return PlayDecision(0, state.legal_plays[0])
    return MoonDecision(0, "add")


async def no_wait(seconds: float) -> None:
    """The answer floor's wait, skipped (tests/tables/test_answer_floor.py tests it)."""


class Recorder:
    def __init__(self) -> None:
        self.steps: list[tuple[int | None, str, str]] = []
        self.changed = asyncio.Event()

    def table_changed(self, change: Change) -> None:
        table = change.after
        view = hearts_view(table.state, table.row.setup, table.row.seats, 0)
        text = HeartsTables().format_decision(change.decision)  # type: ignore[arg-type]
        self.steps.append((change.seat, text, json.dumps(view, sort_keys=True)))
        self.changed.set()


async def play_match(db: Path, secret: str) -> tuple[str, list[Any]]:
    store, service = service_at(db)
    runner = ThreadBotRunner()
    live = LiveTables(service, runner, pace=Pace(sleep=no_wait))  # Hard's floor: its own test
    rules = with_options(preset("standard"), score_limit=30)
    code = dealt_code(secret, TABLE_ID, rules, 4)
    table = service.create("hearts", setup_for(code, public=False),
                           solo_seats("alice", OPPONENTS), table_id=TABLE_ID)
    recorder = Recorder()
    seat: LiveTable = live.adopt(table, recorder)
    try:
        while not seat.table.state.over:
            decision = persons_decision(seat.table.state)
            if decision is None:
                recorder.changed.clear()
                if persons_decision(seat.table.state) is None and not seat.table.state.over:
                    await asyncio.wait_for(recorder.changed.wait(), 60)
                continue
            await seat.decide(0, decision)
    finally:
        await live.close()
        runner.close()
        store.close()
    return str(code), recorder.steps


def test_the_same_key_and_decisions_give_the_same_match(tmp_path: Path) -> None:
    first_code, first = asyncio.run(play_match(tmp_path / "a.db", "server-key-1"))
    second_code, second = asyncio.run(play_match(tmp_path / "b.db", "server-key-1"))
    assert first_code == second_code
    assert len(first) > 100
    for index, (one, two) in enumerate(zip(first, second, strict=True)):
        assert one == two, f"step {index} differs"
    bots = sum(1 for seat, _text, _view in first if seat not in (0, None))
    assert bots > len(first) / 2  # most steps were the computer players'


def test_another_key_deals_another_match() -> None:
    rules = preset("standard")
    codes = {str(dealt_code(f"key-{i}", TABLE_ID, rules, 4)) for i in range(20)}
    assert len(codes) == 20
    assert dealt_code("k", "a", rules, 4) != dealt_code("k", "b", rules, 4)
    assert dealt_code("k", "a", rules, 4) == dealt_code("k", "a", rules, 4)


def test_a_secret_deal_has_a_number_no_one_can_try_them_all_for() -> None:
    # Format 1's 26^7 numbers: a seat's first hand picks one out in minutes of trying (an
    # outside check did, and predicted every hand of the match). Format 2 has 26^14.
    code = dealt_code("k", "a", preset("standard"), 4)
    assert code.version == 2 and str(code).startswith("HM2-S4-")
    assert len(str(code).split("-")[2]) == 14
    numbers = {dealt_code("k", f"t{i}", preset("standard"), 4).number for i in range(200)}
    assert max(numbers) > 26**7 * 1_000_000  # spread over the whole range, not format 1's
