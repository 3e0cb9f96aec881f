"""The daily deal at the web (``docs/daily.md``): today's code from the injected day, playing it
from the Heart to Heart socket, the result kept from the server's own game, the day's ranking
(fewest moves, then time; each person's best; only wins), and what a client cannot forge."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, tzinfo

import pytest
from starlette.testclient import TestClient

import hertta.web.daily
from hertta.solitaire.daily import daily_code
from hertta.solitaire.game import Move
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.h2h import solo_seats
from hertta.web.app import create_app
from hertta.web.daily import finland_today, record_daily_win
from hertta.web.settings import Settings
from tests.web.conftest import FakeClock, Socket, play_moves
from tests.web.helpers import PINNED_WINNABLE, winning_moves
from tests.web.online_helpers import cookie_header, name_player, services_of


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

DAY = date(2025, 1, 3)
"""A day whose deal is winnable (``tests/solitaire/test_daily.py`` pins its code)."""
CODE = "HH1-N-GDFENEK"
AINO = "player-id-of-aino-q7Zx"


class Today:
    """The app's calendar, moved by the test."""

    def __init__(self, day: date) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


@pytest.fixture
def today() -> Today:
    return Today(DAY)


@pytest.fixture
def daily_client(db_path: str, clock: FakeClock, today: Today) -> Iterator[TestClient]:
    app = create_app(Settings(db_path=db_path), clock=clock, runner=ThreadBotRunner(),
                     today=today)
    with TestClient(app) as client:
        yield client


def h2h_socket(client: TestClient, player: str) -> Iterator[Socket]:
    with client.websocket_connect("/ws/h2h", headers=cookie_header(client, player)) as ws:
        socket = Socket(ws)
        socket.hello()
        yield socket


@pytest.fixture
def aino(daily_client: TestClient) -> Iterator[Socket]:
    name_player(daily_client, AINO, "Aino")
    yield from h2h_socket(daily_client, AINO)


def start_daily(socket: Socket) -> dict[str, object]:
    reply = socket.send("daily")
    assert reply["type"] == "update", reply
    state: dict[str, object] = reply["state"]
    assert state["code"] == CODE and state["daily"] == DAY.isoformat()
    return state


def test_the_page_shows_the_injected_days_code(daily_client: TestClient, today: Today) -> None:
    assert daily_code(DAY) == CODE
    page = daily_client.get("/daily")
    assert page.status_code == 200 and CODE in page.text and 'href="/h2h?daily=1"' in page.text
    today.day = date(2025, 6, 15)
    assert daily_client.get("/api/daily").json()["code"] == daily_code(today.day)
    earlier = daily_client.get("/api/daily?day=2025-01-03").json()
    assert earlier == {"day": "2025-01-03", "code": CODE, "today": False, "results": []}
    assert daily_client.get("/api/daily?day=2025-06-16").status_code == 400
    assert daily_client.get("/api/daily?day=2025-02-30").status_code == 400
    # A day that is over says nobody won it, not that nobody has won it yet.
    assert "Kukaan ei voittanut" in daily_client.get("/daily?day=2025-01-03").text
    assert "Kukaan ei ole vielä voittanut" in daily_client.get("/daily").text


def test_the_page_steps_day_by_day_and_writes_dates_as_the_language_does(
    daily_client: TestClient, today: Today
) -> None:
    today.day = date(2025, 3, 1)
    page = daily_client.get("/daily").text
    assert 'id="daily-earlier" href="/daily?day=2025-02-28"' in page
    assert 'id="daily-later"' not in page  # no day after today
    assert "Päivä 1.3.2025" in page and "2025-03-01" not in page
    earlier = daily_client.get("/daily?day=2025-02-28").text
    assert 'href="/daily?day=2025-02-27"' in earlier
    assert 'id="daily-later" href="/daily"' in earlier  # the next day is today
    assert 'id="daily-today" href="/daily"' in earlier
    assert daily_code(date(2025, 2, 28)) in earlier and "Päivä 28.2.2025" in earlier
    first_day = daily_client.get("/daily?day=0001-01-01")  # there is no day before it
    assert first_day.status_code == 200 and 'id="daily-earlier"' not in first_day.text
    two_back = daily_client.get("/daily?day=2025-02-27").text
    assert 'id="daily-later" href="/daily?day=2025-02-28"' in two_back
    settings = daily_client.post("/api/settings", json={"lang": "en"})
    assert settings.status_code == 200, settings.text
    english = daily_client.get("/daily?day=2025-02-28")
    assert "Day 28 February 2025" in english.text and "Next day" in english.text


def test_a_won_daily_deal_is_ranked_from_the_servers_game(
    daily_client: TestClient, aino: Socket
) -> None:
    start_daily(aino)
    again = aino.send("daily")  # already on today's deal: nothing changes
    assert again["events"] == [] and again["state"]["code"] == CODE
    moves = winning_moves(CODE)
    # A detour taken back (undo) is not counted: the game's own count is what is kept.
    aino.send("tap", target="stock", moves=1, elapsed_ms=1)
    aino.send("undo")
    final = play_moves(aino, moves)
    assert final["status"] == "won"
    store = services_of(daily_client).store
    [best] = store.daily_ranking(DAY.isoformat())
    assert best.player == AINO and best.moves == final["moves"] == len(moves)
    # The time is the server's: from the table's first move to the winning move.
    table = services_of(daily_client).tables.load(best.table_id)
    span = store.won_span(table.row.results[0])
    assert span is not None
    assert best.elapsed_ms == round((span.finished_at - span.started_at) * 1000)
    shown = daily_client.get("/api/daily", headers=cookie_header(daily_client, AINO)).json()
    assert shown["results"] == [{"rank": 1, "name": "Aino", "moves": len(moves),
                                 "elapsed_ms": best.elapsed_ms, "mine": True}]
    page = daily_client.get("/daily").text
    assert AINO not in page and "Aino" in page  # the name, never the id


def test_restarting_the_daily_deal_keeps_it_daily(aino: Socket) -> None:
    start_daily(aino)
    aino.send("tap", target="stock")
    restarted = aino.send("restart")["state"]
    assert restarted["code"] == CODE and restarted["daily"] == DAY.isoformat()
    entered = aino.send("code", code=CODE.lower())["state"]
    assert entered["daily"] == DAY.isoformat()
    other = aino.send("code", code=PINNED_WINNABLE)["state"]
    assert other["daily"] is None


def test_only_wins_of_today_count(daily_client: TestClient, aino: Socket, today: Today) -> None:
    store = services_of(daily_client).store
    start_daily(aino)
    moves = winning_moves(CODE)
    play_moves(aino, moves[:-1])  # one move short: not a win
    assert store.daily_ranking(DAY.isoformat()) == []
    today.day = date(2025, 1, 4)  # midnight in Finland: yesterday's deal no longer counts
    assert play_moves(aino, moves[-1:])["status"] == "won"
    assert store.daily_ranking("2025-01-03") == store.daily_ranking("2025-01-04") == []
    # The same deal won outside the daily deal (another code) is not a daily result either.
    aino.send("code", code=PINNED_WINNABLE)
    assert play_moves(aino, winning_moves(PINNED_WINNABLE))["status"] == "won"
    assert store.daily_ranking("2025-01-04") == []


def test_a_forged_table_is_not_recorded(daily_client: TestClient) -> None:
    services = services_of(daily_client)
    tables, store = services.tables, services.store
    # A table that says it is today's deal but deals another code, won.
    forged = tables.start_alone("mallory", "h2h", {"code": PINNED_WINNABLE, "daily": "2025-01-03"},
                                solo_seats("mallory"))
    for move in winning_moves(PINNED_WINNABLE):
        forged = tables.decide(forged, 0, move)
    assert not record_daily_win(store, tables, forged.id, DAY)
    # Today's deal, not won.
    started = tables.start_alone("mallory", "h2h", {"code": CODE, "daily": "2025-01-03"},
                                 solo_seats("mallory"))
    started = tables.decide(started, 0, Move.flip())
    assert not record_daily_win(store, tables, started.id, DAY)
    assert store.daily_ranking(DAY.isoformat()) == []


def test_the_ranking_is_fewest_moves_then_time_each_persons_best(
    daily_client: TestClient,
) -> None:
    store = services_of(daily_client).store
    day = DAY.isoformat()
    for player, name in (("p1", "Aino"), ("p2", "Eero"), ("p3", "<i>Liisa</i>"), ("p4", "Onni")):
        store.set_name(player, name)
    results = [("p1", 30, 90_000), ("p2", 28, 200_000), ("p3", 30, 60_000), ("p1", 29, 500_000),
               ("p2", 35, 10_000), ("p4", 30, 60_000)]
    for number, (player, moves, elapsed_ms) in enumerate(results):
        store.record_daily_result(day, player, f"t{number}", moves=moves, elapsed_ms=elapsed_ms,
                                  finished_at=1000.0 + number)
    store.record_daily_result("2025-01-02", "p4", "old", moves=1, elapsed_ms=1, finished_at=1.0)
    assert not store.record_daily_result(day, "p1", "t0", moves=1, elapsed_ms=1, finished_at=0)
    ranking = store.daily_ranking(day)
    assert [(r.player, r.moves, r.elapsed_ms) for r in ranking] == [
        ("p2", 28, 200_000), ("p1", 29, 500_000), ("p3", 30, 60_000), ("p4", 30, 60_000),
    ]
    shown = daily_client.get("/api/daily", headers=cookie_header(daily_client, "p3")).json()
    assert [(r["rank"], r["name"], r["mine"]) for r in shown["results"]] == [
        (1, "Eero", False), (2, "Aino", False), (3, "<i>Liisa</i>", True), (3, "Onni", False),
    ]
    page = daily_client.get("/daily").text
    assert "&lt;i&gt;Liisa&lt;/i&gt;" in page and "<i>Liisa</i>" not in page
    assert "8:20,0" in page  # Aino's 500 s, with tenths (the ranking goes by milliseconds)
    store.record_daily_result(day, "p4", "t9", moves=30, elapsed_ms=59_950, finished_at=2000.0)
    page = daily_client.get("/daily").text
    assert ">0:59,9<" in page and ">1:00,0<" in page  # Onni ahead of Liisa by 50 ms: told apart


def test_there_is_no_way_to_post_a_result(daily_client: TestClient, aino: Socket) -> None:
    assert daily_client.post("/api/daily", json={"moves": 1}).status_code == 405
    reply = aino.send("won", moves=1)
    assert reply["type"] == "error" and reply["code"] == "unknown_op"
    assert services_of(daily_client).store.daily_ranking(DAY.isoformat()) == []


def test_the_day_is_finlands(monkeypatch: pytest.MonkeyPatch) -> None:
    class HalfPastMidnightInHelsinki(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> datetime:
            return datetime(2025, 1, 2, 22, 30, tzinfo=UTC).astimezone(tz)

    monkeypatch.setattr(hertta.web.daily, "datetime", HalfPastMidnightInHelsinki)
    assert finland_today() == date(2025, 1, 3)
