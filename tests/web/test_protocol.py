"""The Heart to Heart WebSocket protocol, in process: every intent and every tap rule."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hertta.solitaire.game import Move
from hertta.web.players import COOKIE_NAME
from tests.web.conftest import Socket, deal, play_moves, tap
from tests.web.helpers import PINNED_WINNABLE, winning_moves


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

STATE_KEYS = {
    "game", "version", "code", "heart", "free", "stock", "waste", "moves", "score", "status",
    "can_undo", "started", "selection", "message", "assist", "timer", "settings", "daily",
}


def test_hello_gives_a_snapshot_of_the_players_view(socket: Socket) -> None:
    reply = socket.send("hello")
    assert reply["type"] == "snapshot"
    assert reply["re"] == socket.seq
    state = reply["state"]
    assert set(state) == STATE_KEYS
    assert state["game"] == "h2h"
    assert len(state["heart"]) == 25
    assert state["free"] == [25]
    assert state["stock"] == 26
    assert set(state["waste"]) == {"count", "top"}
    assert state["waste"]["count"] == 1
    assert state["moves"] == 0 and state["score"] == 0 and not state["can_undo"]


def test_server_messages_are_numbered_in_order(socket: Socket) -> None:
    for _ in range(3):
        socket.send("ping")
    numbers = [m["seq"] for m in socket.messages]
    assert numbers == sorted(numbers)
    assert len(set(numbers)) == len(numbers)
    assert socket.messages[-1] == {"type": "pong", "re": socket.seq, "seq": numbers[-1]}


def test_code_deals_the_pinned_deal(socket: Socket) -> None:
    state = deal(socket, " hh1-n-aaaaaam ")
    assert state["code"] == PINNED_WINNABLE
    assert state["heart"][0] == "TH" and state["heart"][24] == "4H"
    assert state["waste"] == {"count": 1, "top": "AH"}


def test_an_entered_code_is_stored_as_the_code_not_as_typed(
    client: TestClient, socket: Socket
) -> None:
    deal(socket, " hh1-n-aaaaaam ")
    services = client.app.state.hertta
    player = services.cookies.read(client.cookies.get(COOKIE_NAME))
    table = services.tables.current(player, "h2h")
    assert table is not None and table.row.setup == {"code": PINNED_WINNABLE}


def test_select_then_deselect(socket: Socket) -> None:
    deal(socket)
    reply = tap(socket, 25)
    assert reply["events"][0]["effect"] == "selected"
    assert reply["state"]["selection"] == 25
    reply = tap(socket, 25)
    assert reply["events"][0]["effect"] == "deselected"
    assert reply["state"]["selection"] is None


def test_a_covered_card_does_nothing(socket: Socket) -> None:
    deal(socket)
    tap(socket, 25)
    reply = tap(socket, 1)
    assert reply["events"][0]["effect"] == "nothing"
    assert reply["state"]["selection"] == 25
    assert reply["state"]["message"] is None


def test_a_different_rank_takes_the_selection_without_a_message_by_default(
    socket: Socket,
) -> None:
    deal(socket)
    tap(socket, 25)
    reply = tap(socket, "waste")
    assert reply["events"][0]["effect"] == "reselected"
    assert reply["state"]["selection"] == "waste"
    assert reply["state"]["message"] is None


def test_move_errors_setting_explains_a_mismatch(client: TestClient) -> None:
    client.post("/api/settings", json={"move_errors": True})
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        assert socket.hello()["settings"]["move_errors"] is True
        deal(socket)
        tap(socket, 25)
        reply = tap(socket, "waste")
        assert reply["state"]["message"] == "cards_must_match"
        # The message is transient: the next tap clears it.
        assert tap(socket, "waste")["state"]["message"] is None


def test_opening_a_dialog_clears_the_selection_and_the_message_in_every_tab(
    client: TestClient,
) -> None:
    client.post("/api/settings", json={"move_errors": True})
    with client.websocket_connect("/ws/h2h") as first, client.websocket_connect("/ws/h2h") as other:
        socket, watcher = Socket(first), Socket(other)
        socket.hello()
        watcher.hello()
        deal(socket)
        tap(socket, 25)
        state = tap(socket, "waste")["state"]
        assert (state["selection"], state["message"]) == ("waste", "cards_must_match")
        assert watcher.hello()["selection"] == "waste"
        reply = socket.send("view", dialog=True)
        assert (reply["state"]["selection"], reply["state"]["message"]) == (None, None)
        watcher.backlog.clear()
        assert watcher.hello()["selection"] is None
        pushed = [m for m in watcher.backlog if m["type"] == "update"]
        assert pushed and pushed[-1]["state"]["selection"] is None  # told without asking
        # Closing it brings nothing back; a dialog opened with nothing selected changes nothing.
        reply = socket.send("view", dialog=False)
        assert (reply["state"]["selection"], reply["state"]["message"]) == (None, None)
        tap(socket, 25)
        assert socket.send("view", hidden=True)["state"]["selection"] == 25  # hiding is no dialog


def test_stock_flip_keeps_a_heart_selection_and_drops_a_waste_selection(socket: Socket) -> None:
    deal(socket)
    tap(socket, 25)
    reply = tap(socket, "stock")
    assert reply["events"][0] == {"type": "tap", "target": "stock", "effect": "flip", "move": "F"}
    assert reply["state"]["selection"] == 25
    assert reply["state"]["stock"] == 25 and reply["state"]["waste"]["count"] == 2
    tap(socket, "waste")
    assert tap(socket, "stock")["state"]["selection"] is None


def test_pair_with_the_waste_and_a_heart_pair_and_an_empty_slot(socket: Socket) -> None:
    deal(socket)
    moves = winning_moves(PINNED_WINNABLE)
    first_pair = next(i for i, m in enumerate(moves) if "+" in m.notation)
    state = play_moves(socket, moves[: first_pair + 1])
    assert moves[first_pair].notation == "25+W"
    assert state["heart"][24] is None and state["score"] == 10
    assert state["moves"] == first_pair + 1
    assert tap(socket, 25)["events"][0]["effect"] == "nothing"  # the empty slot
    heart_pair = next(i for i, m in enumerate(moves) if "+" in m.notation and "W" not in m.notation)
    before = play_moves(socket, moves[first_pair + 1 : heart_pair])
    state = play_moves(socket, [moves[heart_pair]])
    assert state["score"] == before["score"] + 20


def test_recycle_turns_the_waste_over(socket: Socket) -> None:
    deal(socket)
    moves = winning_moves(PINNED_WINNABLE)
    recycle = next(i for i, m in enumerate(moves) if m.notation == "R")
    before = play_moves(socket, moves[:recycle])
    assert before["stock"] == 0
    reply = tap(socket, "stock")
    assert reply["events"][0]["effect"] == "recycle"
    assert reply["state"]["stock"] == before["waste"]["count"]
    assert reply["state"]["waste"] == {"count": 0, "top": None}
    assert tap(socket, "waste")["events"][0]["effect"] == "nothing"  # an empty waste


def test_assist_circles_and_darkens(socket: Socket) -> None:
    deal(socket)
    state = play_moves(socket, [Move.flip()] * 9)
    assert state["waste"]["top"] == "4H"
    assert state["assist"]["circled"] == [25, "waste"]
    reply = tap(socket, 25)
    darkened = reply["state"]["assist"]["darkened"]
    assert 25 not in darkened and "waste" not in darkened
    assert set(range(1, 25)) <= set(darkened)


def test_layout_assist_off_shows_nothing(client: TestClient) -> None:
    client.post("/api/settings", json={"layout_assist": False})
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        deal(socket)
        state = play_moves(socket, [Move.flip()] * 9)
        assert state["assist"] == {"circled": [], "darkened": []}


def test_undo_takes_back_a_move_and_is_refused_with_nothing_to_undo(socket: Socket) -> None:
    deal(socket)
    reply = socket.send("undo")
    assert reply["type"] == "error" and reply["code"] == "illegal_move"
    assert reply["re"] == socket.seq
    tap(socket, 25)
    state = tap(socket, "stock")["state"]
    assert state["can_undo"] and state["moves"] == 1
    reply = socket.send("undo")
    assert reply["events"] == [{"type": "undo", "move": "F"}]
    assert reply["state"]["moves"] == 0 and reply["state"]["stock"] == 26
    assert reply["state"]["selection"] is None  # undo clears the selection


def test_new_game_deals_another_code(socket: Socket) -> None:
    first = deal(socket)
    reply = socket.send("new")
    assert reply["events"][0] == {"type": "new"}
    assert reply["state"]["code"] != first["code"]
    assert reply["state"]["status"] == "playing"  # never dead at the deal


def test_a_new_game_is_told_once(socket: Socket) -> None:
    # On PostgreSQL the process hears its own notice of the person's new current table, and
    # it can come before the store call that made it returns: never a second, stray update.
    for _ in range(40):
        reply = socket.send("new")
        assert reply["events"][0] == {"type": "new"}
        assert socket.send("ping")["type"] == "pong"
        assert not socket.backlog, socket.backlog[0]


def test_restart_replays_the_code_from_the_start(socket: Socket) -> None:
    start = deal(socket)
    play_moves(socket, [Move.flip()] * 3)
    reply = socket.send("restart")
    assert reply["events"][0] == {"type": "restart"}
    state = reply["state"]
    assert state["code"] == start["code"] and state["moves"] == 0
    assert state["heart"] == start["heart"] and state["waste"] == start["waste"]


def test_a_bad_code_is_refused_and_changes_nothing(socket: Socket) -> None:
    before = deal(socket)
    play_moves(socket, [Move.flip()])
    state_before = socket.hello()
    for bad in ["HH1-N-AAAAAA", "HH2-N-AAAAAAM", "", "hh1-x-aaaaaam", "HH1-N-AAAAAA1"]:
        reply = socket.send("code", code=bad)
        assert reply == {"type": "error", "re": socket.seq, "code": "bad_code",
                         "seq": reply["seq"], "detail": reply["detail"]}
        assert repr(bad) in reply["detail"] and "HH1-N-XXXXXXX" in reply["detail"]
    after = socket.hello()
    assert after["code"] == before["code"]
    assert {k: v for k, v in after.items() if k != "timer"} == {
        k: v for k, v in state_before.items() if k != "timer"
    }


@pytest.mark.parametrize(("frame", "code", "quoted"), [
    ("not json", "bad_json", "'not json'"),
    ('{"op": "ping", "x": Infinity}', "bad_json", "Infinity"),  # JavaScript's, not JSON's
    ('{"op": "ping", "seq": NaN}', "bad_json", "NaN"),
    ("[1, 2]", "bad_frame", "[1, 2]"),
    ('{"op": ["tap"]}', "bad_frame", "['tap']"),
    ('{"op": "fly"}', "unknown_op", "'fly'"),
    ('{"op": "tap", "target": "moon"}', "bad_argument", "'moon'"),
    ('{"op": "tap"}', "bad_argument", "'target'"),
    ('{"op": "ping", "seq": -4}', "bad_argument", "-4"),
    ('{"op": "tap", "target": ' + "[" * 40 + "]" * 40 + "}", "bad_argument", "40 levels"),
])
def test_an_error_says_in_words_what_was_wrong(
    socket: Socket, frame: str, code: str, quoted: str
) -> None:
    """Every error's words quote the bad input (the codes alone left a client's author to
    guess which value was refused)."""
    reply = socket.send_raw(frame)
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert quoted in reply["detail"], reply


def test_a_socket_without_a_player_cookie_is_closed(client: TestClient) -> None:
    client.cookies.clear()
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws/h2h") as ws:
        ws.receive_text()
    assert closed.value.code == 4401


def test_two_tabs_see_the_same_game(client: TestClient) -> None:
    with client.websocket_connect("/ws/h2h") as one, client.websocket_connect("/ws/h2h") as two:
        a, b = Socket(one), Socket(two)
        a.hello()
        b.hello()
        reply = a.send("tap", target="stock")
        pushed = b.receive()
        assert pushed["type"] == "update" and pushed["re"] is None
        assert pushed["state"]["version"] == reply["state"]["version"]
        assert pushed["state"]["moves"] == 1


def test_settings_change_reaches_an_open_game(client: TestClient) -> None:
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        assert socket.hello()["settings"]["layout_assist"] is True
        client.post("/api/settings", json={"layout_assist": False})
        pushed = socket.receive()
        assert pushed["events"] == [{"type": "settings"}]
        assert pushed["state"]["settings"]["layout_assist"] is False


def test_echo_endpoint_only_when_enabled(client: TestClient) -> None:
    with client.websocket_connect("/ws/echo") as ws:
        ws.send_text("abc")
        assert ws.receive_text() == "abc"
