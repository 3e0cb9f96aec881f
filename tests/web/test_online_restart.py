"""A shared table survives the server: four people play part of a match against a real
``hertta serve``, the process is killed, a new one starts on the same database, everyone
reconnects and the match goes on to its end with every decision made before the kill."""

from __future__ import annotations

import json
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.web.online_helpers import simple_decision
from tests.web.server_process import ServerProcess


def http(server: ServerProcess, path: str, body: Any = None, cookie: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.url}{path}", data=data,
                                     headers={"Cookie": cookie,
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def new_person(server: ServerProcess, name: str) -> str:
    with urllib.request.urlopen(f"{server.url}/", timeout=30) as reply:
        cookie = SimpleCookie()
        cookie.load(reply.headers.get("set-cookie", ""))
    header = f"hertta_player={cookie['hertta_player'].value}"
    http(server, "/api/profile", {"name": name}, header)
    return header


class Seat:
    def __init__(self, server: ServerProcess, cookie: str, path: str) -> None:
        self.ws: ClientConnection = connect(
            f"{server.ws_url}{path}", additional_headers={"Cookie": cookie}, open_timeout=30
        ).__enter__()
        self.seq = 0
        self.state: dict[str, Any] = {}

    def ask(self, op: str, **args: Any) -> dict[str, Any]:
        self.seq += 1
        self.ws.send(json.dumps({"op": op, "seq": self.seq, **args}))
        while True:
            message = json.loads(self.ws.recv(timeout=60))
            if "state" in message:
                self.state = message["state"]
            if message.get("re") == self.seq:
                return message  # type: ignore[no-any-return]

    def catch_up(self) -> None:
        self.ask("ping")


def play(seats: list[Seat], until: int | None = None, limit: int = 5000) -> None:
    """Everyone decides when they owe a decision, until ``until`` decisions have been made
    (None: the end of the match)."""
    for _ in range(limit):
        moved = False
        for seat in seats:
            seat.catch_up()
            state = seat.state
            if until is not None and state["table"]["decisions"] >= until:
                return
            choice = simple_decision(state)
            if choice is not None:
                assert seat.ask(choice[0], **choice[1])["type"] == "update"
                moved = True
        if all(s.state["game"] and s.state["game"]["status"] == "match_over" for s in seats):
            return
        if not moved:
            seats[0].ws.recv(timeout=60)  # the table's own decision is coming
    raise AssertionError("the match did not end")


def test_a_shared_table_resumes_after_the_server_is_killed(tmp_path: Path) -> None:
    db = str(tmp_path / "hertta.db")
    server = ServerProcess(db).start()
    names = ["Aino", "Eero", "Liisa", "Ville"]
    try:
        cookies = [new_person(server, name) for name in names]
        table = http(server, "/api/tables", {
            "rules": {"preset": "standard", "players": 4, "score_limit": 30},
            "seats": ["host", "open", "open", "open"], "clock": 0,
        }, cookies[0])
        path = f"/ws/tables/{table['id']}?invite={table['invite_url'].split('invite=')[1]}"
        seats = [Seat(server, cookie, path) for cookie in cookies]
        for seat in seats[1:]:
            assert seat.ask("sit")["type"] == "update"
        play(seats, until=30)
        seats[0].catch_up()
        before = seats[0].state["table"]["decisions"]
        hand = seats[0].state["game"]["observation"]["hand"]
        assert before >= 30
        server.kill()
    finally:
        server.stop()
    again = ServerProcess(db, port=server.port).start()
    try:
        seats = [Seat(again, cookie, path) for cookie in cookies]
        for index, seat in enumerate(seats):
            state = seat.ask("hello")["state"]
            assert state["table"]["you"] == index
            assert state["table"]["decisions"] == before
        assert seats[0].state["game"]["observation"]["hand"] == hand
        play(seats)
        totals = {json.dumps(s.state["game"]["summary"]["totals"]) for s in seats}
        assert len(totals) == 1
        record = http(again, f"/api/tables/{table['id']}/record", cookie=cookies[1])
        assert len(record["decisions"]) == seats[0].state["table"]["decisions"]
    finally:
        again.stop()
    assert "Traceback" not in again.stderr_text()
