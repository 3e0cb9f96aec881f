"""The table service: every decision through the game's validated path, saved before anyone is
told; refusals and stale copies write nothing; results open and close; resuming reads a
checkpoint and only the decisions after it."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from hertta.errors import DealCodeError, IllegalMoveError
from hertta.hearts.decisions import NextRound, PassDecision, PlayDecision
from hertta.hearts.match import MatchState
from hertta.hearts.observation import observe
from hertta.hearts.round import HeartsMoveError
from hertta.rng import SplitMix64
from hertta.solitaire.game import Move, Status, replay
from hertta.tables.h2h import CHECKPOINT_EVERY, Undo, setup_for, solo_seats
from hertta.tables.hearts import HeartsBotTask, HeartsTables
from hertta.tables.hearts import setup_for as hearts_setup
from hertta.tables.hearts import solo_seats as hearts_seats
from hertta.tables.model import SeatError, StaleTableError, TableStatus
from hertta.tables.service import TableService
from tests.tables.helpers import service_at
from tests.web.helpers import PINNED_WINNABLE, winning_moves


@pytest.fixture
def service(db_target: str) -> TableService:
    """The service on each engine: every test that takes it runs on SQLite and PostgreSQL."""
    return service_at(db_target)[1]


def stock_tap(game: object) -> Move:
    return Move.flip() if game.position.stock else Move.recycle()  # type: ignore[attr-defined]


def test_a_game_played_through_the_service_is_stored_and_reads_back(
    service: TableService,
) -> None:
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    for move in winning_moves(PINNED_WINNABLE)[:30]:
        table = service.decide(table, 0, move)
    table = service.decide(table, 0, Undo())
    again = service.load(table.id)
    assert again.state == table.state and again.version == table.version == 31
    assert again.row == table.row


def test_a_new_table_is_stamped_as_the_store_stamps_it(service: TableService) -> None:
    # A process that does not keep a shared table's clock times it from the row's stamp; the
    # process that created the match kept 0 there and, had another taken the table's lease,
    # showed no clock at all.
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    stored = service.load(table.id).row.updated_at
    assert table.row.updated_at > 0 and abs(stored - table.row.updated_at) < 5


def test_a_refused_decision_writes_nothing(service: TableService) -> None:
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    with pytest.raises(IllegalMoveError):
        service.decide(table, 0, Move.pair(1, 2))  # covered cards
    with pytest.raises(IllegalMoveError):
        service.decide(table, 0, Undo())  # nothing to undo
    stored = service.load(table.id)
    assert stored.version == 0 and stored.row.results == {}
    assert service.storage.read_decisions(table.id) == []


def test_a_stale_copy_is_refused_and_the_newer_game_survives(service: TableService) -> None:
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    other_copy = service.load(table.id)  # e.g. another process
    table = service.decide(table, 0, Move.flip())
    with pytest.raises(StaleTableError):
        service.decide(other_copy, 0, Move.flip())
    with pytest.raises(StaleTableError):
        service.save_clock(other_copy, 99_000)
    stored = service.load(table.id)
    assert stored.version == 1 and stored.state == table.state


def test_seats_are_checked(db_target: str) -> None:
    _, service = service_at(db_target)
    seats = hearts_seats("alice", [("Eero", "easy"), ("Aino", "easy"), ("Ville", "easy")])
    table = service.create("hearts", hearts_setup("HM1-S4-AAAAAAM", public=True), seats)
    hand = table.state.round.hand(1)
    with pytest.raises(SeatError):
        service.decide(table, 0, PassDecision(1, hand[:3]))  # seat 0 passing for seat 1
    with pytest.raises(SeatError):
        service.decide(table, None, PassDecision(1, hand[:3]))
    with pytest.raises(SeatError):
        service.decide(table, 7, NextRound())
    with pytest.raises(HeartsMoveError):
        service.decide(table, 1, PlayDecision(1, hand[0]))  # still passing


def test_a_bad_setup_is_refused_before_anything_is_stored(service: TableService) -> None:
    with pytest.raises(DealCodeError):
        service.create("h2h", setup_for("HH9-X"), solo_seats("alice"))
    with pytest.raises(DealCodeError):
        service.start_alone("alice", "h2h", setup_for("nope"), solo_seats("alice"))
    assert service.storage.current_table("alice", "h2h") is None


def test_results_open_at_the_first_decision_and_close_at_the_end(service: TableService) -> None:
    store = service.storage
    table = service.start_alone("alice", "h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    assert store.current_table("alice", "h2h") == table.id
    assert store.results("alice", "h2h") == []  # type: ignore[attr-defined]
    moves = winning_moves(PINNED_WINNABLE)
    for move in moves:
        table = service.decide(table, 0, move, elapsed_ms=61_000)
    assert table.state.status is Status.WON and table.row.status is TableStatus.OVER
    [won] = store.results("alice", "h2h")  # type: ignore[attr-defined]
    assert (won.outcome, won.score, won.moves, won.elapsed_ms) == ("won", 250, len(moves), 61_000)
    with pytest.raises(SeatError):
        service.decide(table, 0, Move.flip())  # the game is over
    # A new game: the one left behind, begun and unfinished, counts as lost.
    second = service.start_alone("alice", "h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"),
                                 leaving=table)
    second = service.decide(second, 0, Move.flip())
    third = service.start_alone("alice", "h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"),
                                leaving=second)
    outcomes = [r.outcome for r in store.results("alice", "h2h")]  # type: ignore[attr-defined]
    assert outcomes == ["won", "lost"]
    assert service.load(second.id).row.status is TableStatus.LEFT
    assert store.current_table("alice", "h2h") == third.id


def test_resuming_a_long_game_reads_a_checkpoint(service: TableService) -> None:
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    count = 5 * CHECKPOINT_EVERY + 37
    for _ in range(count):
        table = service.decide(table, 0, stock_tap(table.state))
    table = service.decide(table, 0, Undo())
    resumed = service.load(table.id)
    assert resumed.version == count + 1
    assert resumed.replayed <= CHECKPOINT_EVERY  # not the whole log
    assert resumed.state == table.state
    assert resumed.state.played == count - 1


def test_a_damaged_checkpoint_falls_back_to_the_whole_log(db_target: str) -> None:
    store, service = service_at(db_target)
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    for _ in range(CHECKPOINT_EVERY + 5):
        table = service.decide(table, 0, stock_tap(table.state))
    with store.database.transaction() as db:
        db.execute("UPDATE game_tables SET checkpoint = 'garbage'")
    resumed = service.load(table.id)
    assert resumed.state == table.state and resumed.replayed == CHECKPOINT_EVERY + 5


def easy_decision_text(match: MatchState, seat: int, seed: int) -> str:
    """What an Easy player at ``seat`` decides now (the decision a computer seat would make)."""
    phase = match.round.phase.value
    kind = {"passing": "pass", "playing": "play", "moon_choice": "moon"}[phase]
    return HeartsBotTask("easy", kind, observe(match.round, seat), seed).run()


def test_hearts_checkpoints_at_round_starts(service: TableService) -> None:
    seats = hearts_seats("alice", [("Eero", "easy"), ("Aino", "easy"), ("Ville", "easy")])
    table = service.create("hearts", hearts_setup("HM1-S4-AAAAAAM-SL30", public=True), seats)
    game = HeartsTables()
    rng = SplitMix64(3)
    while table.state.round_index < 2 or table.state.round.phase.value != "playing":
        match = table.state
        assert not match.over
        if match.round.phase.value == "round_over":
            table = service.decide(table, 0, NextRound())
            continue
        seat = match.round.waiting_for[0]
        text = easy_decision_text(match, seat, rng.next_u64())
        table = service.decide(table, seat, game.parse_decision(text))
    resumed = service.load(table.id)
    assert resumed.state == table.state
    assert resumed.checkpoint_version > 0
    assert resumed.replayed < 60  # the decisions of the current round only
    assert resumed.replayed < table.version / 2


def test_a_finished_game_replays_to_its_record(service: TableService) -> None:
    moves = winning_moves(PINNED_WINNABLE)
    table = service.create("h2h", setup_for(PINNED_WINNABLE), solo_seats("alice"))
    for move in moves:
        table = service.decide(table, 0, move)
    texts = [d.text for d in service.storage.read_decisions(table.id)]
    assert texts == [m.notation for m in moves]
    assert replay(PINNED_WINNABLE, moves).position == table.state.position


def test_a_first_table_dealt_at_once_by_two_processes_is_one_table(db_target: str) -> None:
    # Two services on one database stand for two processes: both saw no table for alice
    # (her two tabs opened at once); the second to deal gets the first one's table.
    store, here = service_at(db_target)
    _, there = service_at(db_target)
    seats = solo_seats("alice")
    first = here.start_first("alice", "h2h", setup_for(PINNED_WINNABLE), seats, replacing=None)
    second = there.start_first("alice", "h2h", setup_for("HH1-N-AAAAAAM"), seats, replacing=None)
    assert second.id == first.id and second.state == first.state
    assert there.storage.current_table("alice", "h2h") == first.id
    with store.database.reading() as db:  # the second deal was undone, not left behind
        assert db.execute("SELECT COUNT(*) AS n FROM game_tables").fetchone()["n"] == 1
    # The same when both saw the table she had left: one new table replaces it.
    left = here.leave(first, 0)
    third = there.start_first("alice", "h2h", setup_for(PINNED_WINNABLE), seats,
                              replacing=left.id)
    fourth = here.start_first("alice", "h2h", setup_for("HH1-N-AAAAAAM"), seats,
                              replacing=left.id)
    assert fourth.id == third.id != left.id
    assert here.storage.current_table("alice", "h2h") == third.id


def test_a_first_table_is_still_dealt_when_the_winner_cannot_be_played(
    service: TableService,
) -> None:
    # The table that got there first was left at once: a new one is dealt all the same.
    seats = solo_seats("bob")
    old = service.start_alone("bob", "h2h", setup_for(PINNED_WINNABLE), seats)
    service.leave(old, 0)
    new = service.start_first("bob", "h2h", setup_for(PINNED_WINNABLE), seats, replacing=None)
    assert new.id != old.id and new.row.status is TableStatus.ACTIVE
    assert service.storage.current_table("bob", "h2h") == new.id


def test_a_first_table_replaces_a_current_one_that_cannot_be_read(db_target: str) -> None:
    store, service = service_at(db_target)
    seats = solo_seats("carol")
    broken = service.start_alone("carol", "h2h", setup_for(PINNED_WINNABLE), seats)
    with store.database.transaction() as db:
        db.execute("UPDATE game_tables SET version = 7")  # no log behind it: unreadable
    assert service.current("carol", "h2h") is None
    new = service.start_first("carol", "h2h", setup_for(PINNED_WINNABLE), seats, replacing=None)
    assert new.id != broken.id
    assert service.storage.current_table("carol", "h2h") == new.id


def test_first_tables_raced_in_threads_agree(db_target: str) -> None:
    # The real race: two stores (two connections) deal each person's first table at the same
    # instant; every pair must end on one table, the current one.
    services = [service_at(db_target)[1] for _ in range(2)]
    players = [f"p{n}" for n in range(12)]
    barrier = threading.Barrier(2)

    def deal_all(service: TableService) -> list[str]:
        ids = []
        for player in players:
            barrier.wait(timeout=30)
            table = service.start_first(player, "h2h", setup_for(PINNED_WINNABLE),
                                        solo_seats(player), replacing=None)
            ids.append(table.id)
        return ids

    with ThreadPoolExecutor(2) as pool:
        here, there = pool.map(deal_all, services)
    assert here == there
    assert [services[0].storage.current_table(p, "h2h") for p in players] == here
