"""The "Winnable deals only" setting: New game then deals only codes the solver proves winnable;
an entered code is still dealt as it is, and the game never says whether its deal can be won."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import format_deal_code
from hertta.solitaire.game import Position, new_game, new_game_code
from hertta.solitaire.solver import is_deal_winnable, is_winnable, winnable_game_code
from hertta.web.h2h_session import new_code
from hertta.web.preferences import PREFERENCES
from tests.web.conftest import Socket


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

NEW_GAMES = 30


def dealt_position(state: dict[str, Any]) -> Position:
    """The position a New game dealt, rebuilt from its code and checked against what the player
    was shown, so the solver judges the very deal on the table."""
    position = new_game(state["code"]).start
    assert state["heart"] == [None if c is None else c.notation for c in position.heart]
    assert state["waste"] == {"count": 1, "top": position.waste[-1].notation}
    assert state["stock"] == len(position.stock) and state["moves"] == 0
    return position


def new_games(socket: Socket, count: int) -> list[dict[str, Any]]:
    states = []
    for _ in range(count):
        reply = socket.send("new")
        assert reply["type"] == "update", reply
        states.append(reply["state"])
    return states


def first_unwinnable_code() -> str:
    number = 0
    while is_deal_winnable(number):
        number += 1
    return format_deal_code(number)


def test_the_setting_is_off_by_default(client: TestClient) -> None:
    assert PREFERENCES["winnable_only"].default is False
    assert client.get("/api/settings").json()["winnable_only"] is False
    page = client.get("/settings").text
    assert 'id="setting-winnable_only"' in page and "Vain voitettavat jaot" in page
    client.post("/api/settings", json={"lang": "en"})
    assert "Winnable deals only" in client.get("/settings").text


def test_the_settings_form_stores_it(client: TestClient) -> None:
    reply = client.post("/settings", content="winnable_only=off&winnable_only=on",
                        headers={"content-type": "application/x-www-form-urlencoded"},
                        follow_redirects=False)
    assert reply.status_code == 303
    assert client.get("/api/settings").json()["winnable_only"] is True
    assert 'id="setting-winnable_only"' in client.get("/settings").text
    client.post("/settings", data={"winnable_only": "off"})
    assert client.get("/api/settings").json()["winnable_only"] is False


def test_with_the_setting_on_every_new_game_is_winnable(client: TestClient) -> None:
    client.post("/api/settings", json={"winnable_only": True})
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        states = new_games(socket, NEW_GAMES)
    codes = [state["code"] for state in states]
    assert len(set(codes)) == NEW_GAMES  # really new deals, not one code again and again
    for state in states:
        assert is_winnable(dealt_position(state)), state["code"]


def test_with_the_setting_off_new_games_are_plain_random_deals(client: TestClient) -> None:
    # About 71% of deals cannot be won: thirty winnable ones in a row would mean the filter is on
    # (chance 0.29 ** 30, below 1e-16).
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        states = new_games(socket, NEW_GAMES)
    assert not all(is_winnable(dealt_position(state)) for state in states)


def test_turning_it_on_reaches_an_open_game(client: TestClient) -> None:
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        client.post("/api/settings", json={"winnable_only": True})
        pushed = socket.receive()  # the hub shows every open tab the new settings
        assert pushed["type"] == "update" and pushed["events"] == [{"type": "settings"}]
        for state in new_games(socket, 10):
            assert is_winnable(dealt_position(state)), state["code"]


def test_an_entered_code_is_dealt_as_it_is(client: TestClient) -> None:
    client.post("/api/settings", json={"winnable_only": True})
    code = first_unwinnable_code()
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        state = socket.send("code", code=code)["state"]
        assert state["code"] == code
        assert not is_winnable(dealt_position(state))
        # Restart keeps that deal too.
        assert socket.send("restart")["state"]["code"] == code


def test_the_game_never_tells_whether_the_deal_is_winnable(client: TestClient) -> None:
    client.post("/api/settings", json={"winnable_only": True})
    with client.websocket_connect("/ws/h2h") as ws:
        socket = Socket(ws)
        socket.hello()
        new_games(socket, 3)
        socket.send("code", code=first_unwinnable_code())
        socket.send("tap", target="stock")
    for message in socket.messages:
        assert "winnable" not in json.dumps(message).lower(), message
    assert set(socket.messages[-1]["state"]["settings"]) == {"move_errors", "layout_assist"}


def test_new_codes_come_from_the_solver_only_with_the_setting_on() -> None:
    for seed in range(5):
        assert new_code(seed, False) == new_game_code(SplitMix64(seed))
        winnable = new_code(seed, True)
        assert winnable == winnable_game_code(SplitMix64(seed))
        assert is_winnable(new_game(winnable).position)
