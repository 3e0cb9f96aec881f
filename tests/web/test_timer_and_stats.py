"""Timer rules (start on the first move, pause when hidden or in a dialog, stop at the end,
resume after an undo), resuming after a restart, and the statistics."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.solitaire.game import Move, parse_moves
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.service import LoadedTable
from hertta.web.app import create_app
from hertta.web.games import NO_VALUE, shown_lines
from hertta.web.h2h_session import HeartToHeartSession
from hertta.web.services import AppServices
from hertta.web.settings import Settings
from tests.web.conftest import FakeClock, Socket, deal, play_moves
from tests.web.helpers import DEAD_END_CODE, DEAD_END_MOVES, PINNED_WINNABLE, winning_moves


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target


def elapsed(socket: Socket) -> int:
    return int(socket.hello()["timer"]["elapsed_ms"])


def test_the_timer_starts_with_the_first_move(socket: Socket, clock: FakeClock) -> None:
    deal(socket)
    clock.advance(30)
    state = socket.hello()
    assert state["timer"] == {"elapsed_ms": 0, "running": False}
    socket.send("tap", target="stock")
    clock.advance(5)
    assert socket.hello()["timer"] == {"elapsed_ms": 5000, "running": True}


def test_the_timer_pauses_while_hidden_or_in_a_dialog(socket: Socket, clock: FakeClock) -> None:
    deal(socket)
    socket.send("tap", target="stock")
    clock.advance(2)
    socket.send("view", hidden=True)
    clock.advance(100)
    assert elapsed(socket) == 2000
    socket.send("view", hidden=False)
    clock.advance(1)
    socket.send("view", dialog=True)
    clock.advance(100)
    assert elapsed(socket) == 3000
    reply = socket.send("view", dialog=False)
    assert reply["type"] == "update" and reply["state"]["timer"]["running"] is True


def test_the_timer_stops_at_a_dead_end_and_resumes_after_undo(
    socket: Socket, clock: FakeClock
) -> None:
    deal(socket, DEAD_END_CODE)
    socket.send("tap", target="stock")
    socket.send("undo")
    clock.advance(1)
    state = play_moves(socket, parse_moves(DEAD_END_MOVES))
    assert state["status"] == "dead_end"
    assert state["timer"]["running"] is False
    clock.advance(50)
    assert elapsed(socket) == 1000
    reply = socket.send("undo")
    assert reply["state"]["status"] == "playing"
    assert reply["state"]["timer"]["running"] is True
    clock.advance(2)
    assert elapsed(socket) == 3000


def test_dead_end_is_reported_and_undo_is_offered(socket: Socket) -> None:
    deal(socket, DEAD_END_CODE)
    reply = socket.send("tap", target=25)
    reply = socket.send("tap", target="waste")
    assert {"type": "dead_end"} in reply["events"]
    assert reply["state"]["can_undo"] is True
    assert socket.send("tap", target="stock")["events"][0]["effect"] == "nothing"


def test_a_win_stops_the_timer_and_is_final(socket: Socket, clock: FakeClock) -> None:
    deal(socket)
    moves = winning_moves(PINNED_WINNABLE)
    play_moves(socket, moves[:1])
    clock.advance(60)
    state = play_moves(socket, moves[1:])
    assert state["status"] == "won" and state["score"] == 250
    assert state["moves"] == len(moves)
    assert state["timer"] == {"elapsed_ms": 60_000, "running": False}
    assert state["can_undo"] is False
    assert socket.send("undo")["code"] == "illegal_move"


def test_the_game_and_its_timer_resume_after_a_server_restart(
    db_path: str, clock: FakeClock
) -> None:
    first = create_app(Settings(db_path=db_path), clock=clock, runner=ThreadBotRunner())
    with TestClient(first) as client:
        client.get("/")
        cookies = dict(client.cookies)
        with client.websocket_connect("/ws/h2h") as ws:
            socket = Socket(ws)
            socket.hello()
            deal(socket)
            moves = winning_moves(PINNED_WINNABLE)[:15]
            play_moves(socket, moves)
            clock.advance(42)
            before = socket.hello()
    second = create_app(Settings(db_path=db_path), clock=clock, runner=ThreadBotRunner())
    with TestClient(second, cookies=cookies) as client, client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        after = socket.hello()
    assert after["heart"] == before["heart"] and after["waste"] == before["waste"]
    assert after["moves"] == 15 and after["score"] == before["score"]
    assert after["timer"]["elapsed_ms"] == before["timer"]["elapsed_ms"] == 42_000


def services_of(client: TestClient) -> AppServices:
    services = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(services, AppServices)
    return services


def player_of(client: TestClient) -> str:
    player = services_of(client).cookies.read(client.cookies.get("hertta_player"))
    assert player is not None
    return player


def saved_table(client: TestClient) -> LoadedTable[Any]:
    """The person's Heart to Heart table as the store has it (read afresh)."""
    table = services_of(client).tables.current(player_of(client), "h2h")
    assert table is not None
    return table


def test_the_move_is_saved_before_the_reply(client: TestClient, socket: Socket) -> None:
    deal(socket)
    store = services_of(client).store
    for count in range(1, 6):
        socket.send("tap", target="stock")
        table = saved_table(client)
        assert table.row.setup == {"code": PINNED_WINNABLE}
        assert [d.text for d in store.read_decisions(table.id)] == ["F"] * count


def stats(client: TestClient) -> dict[str, str]:
    return client.get("/api/stats").json()["h2h"]  # type: ignore[no-any-return]


def test_statistics_count_from_the_first_move(client: TestClient, socket: Socket) -> None:
    deal(socket)
    assert stats(client)["stats.played"] == "0"
    socket.send("new")  # never moved: not played
    assert stats(client)["stats.played"] == "0"
    deal(socket)
    socket.send("tap", target="stock")
    assert stats(client)["stats.played"] == "1"
    socket.send("undo")  # still played
    socket.send("new")  # abandoned: a loss
    numbers = stats(client)
    assert numbers["stats.played"] == "1" and numbers["stats.won"] == "0"


def test_statistics_of_wins_and_streaks(
    client: TestClient, socket: Socket, clock: FakeClock
) -> None:
    moves = winning_moves(PINNED_WINNABLE)
    for seconds in (90, 30):
        deal(socket)
        play_moves(socket, moves[:1])
        clock.advance(seconds)
        play_moves(socket, moves[1:])
    numbers = stats(client)
    assert numbers["stats.played"] == "2" and numbers["stats.won"] == "2"
    assert numbers["stats.win_percent"] == "100 %"
    assert numbers["stats.current_streak"] == "2" and numbers["stats.best_streak"] == "2"
    assert numbers["stats.best_time"] == "0:30"
    assert numbers["stats.fewest_moves"] == str(len(moves))
    socket.send("restart")  # "Replay this deal" after a win: the win stays a win
    play_moves(socket, [Move.flip()])
    socket.send("new")  # abandoned: the streak ends
    numbers = stats(client)
    assert numbers["stats.played"] == "3" and numbers["stats.won"] == "2"
    assert numbers["stats.win_percent"] == "67 %"
    assert numbers["stats.current_streak"] == "0" and numbers["stats.best_streak"] == "2"
    page = client.get("/stats")
    assert page.status_code == 200 and "67 %" in page.text  # Finnish: a space before %
    client.post("/api/settings", json={"lang": "en"})
    assert "67%" in client.get("/stats").text and "67 %" not in client.get("/stats").text
    client.post("/api/settings", json={"lang": "fi"})


def test_the_stats_page_writes_figures_as_its_language_does() -> None:
    lines = [("hearts.stats.average", "13.8"), ("stats.win_percent", "40 %"),
             ("hearts.stats.average", NO_VALUE)]
    assert shown_lines("fi", lines) == [("hearts.stats.average", "13,8"),
                                        ("stats.win_percent", "40 %"),
                                        ("hearts.stats.average", NO_VALUE)]
    assert shown_lines("en", lines) == [("hearts.stats.average", "13.8"),
                                        ("stats.win_percent", "40%"),
                                        ("hearts.stats.average", NO_VALUE)]


def test_the_pinned_dead_end_is_what_the_helper_says() -> None:
    from hertta.solitaire.game import Status, new_game, play

    game = new_game(DEAD_END_CODE)
    assert game.status is Status.PLAYING
    for move in parse_moves(DEAD_END_MOVES):
        game = play(game, move)
    assert game.status is Status.DEAD_END


def test_the_saved_record_follows_every_change(client: TestClient, socket: Socket) -> None:
    services = services_of(client)
    player = player_of(client)

    def saved_matches_game() -> None:
        session = services.sessions.session(player, "h2h")  # type: ignore[union-attr]
        assert isinstance(session, HeartToHeartSession) and session.taps is not None
        saved = saved_table(client)
        assert saved.state == session.taps.game
        assert saved.version == len(services.store.read_decisions(saved.id))

    deal(socket)
    moves = winning_moves(PINNED_WINNABLE)
    play_moves(socket, moves[:12])
    saved_matches_game()
    socket.send("undo")
    socket.send("undo")
    saved_matches_game()
    play_moves(socket, moves[10:14])
    saved_matches_game()
    socket.send("restart")
    saved_matches_game()
    socket.send("new")
    play_moves(socket, [Move.flip()] * 2)
    saved_matches_game()
