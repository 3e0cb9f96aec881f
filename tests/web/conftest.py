"""Fixtures for the in-process web tests: an app on a temporary database, a fake clock."""

from __future__ import annotations

import json
import warnings
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hertta.solitaire.game import Move
from hertta.tables.bots import ThreadBotRunner
from hertta.web.app import create_app
from hertta.web.settings import Settings
from tests.web.helpers import PINNED_WINNABLE, tap_targets_for

with warnings.catch_warnings():
    # Starlette suggests another HTTP client package; the one we have works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


class FakeClock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "hertta.db")


@pytest.fixture
def client(db_path: str, clock: FakeClock) -> Iterator[TestClient]:
    # Computer players think in threads here (the real server's worker processes are used by
    # the tests that start ``hertta serve``): the protocol is the same, start-up is quicker.
    runner = ThreadBotRunner()
    app = create_app(Settings(db_path=db_path, bench_echo=True), clock=clock, runner=runner)
    with TestClient(app) as test_client:
        test_client.get("/")  # the player cookie
        yield test_client


class Socket:
    """A thin wrapper: send an intent, get its reply, keep every message for later checks.

    Messages pushed while waiting for a reply (computer players' moves, other tabs' changes)
    are kept in order in ``backlog``; :meth:`receive` hands them out first."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seq = 0
        self.messages: list[dict[str, Any]] = []
        self.backlog: deque[dict[str, Any]] = deque()

    def _read(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.receive_text())
        self.messages.append(message)
        return message

    def receive(self) -> dict[str, Any]:
        return self.backlog.popleft() if self.backlog else self._read()

    def send(self, op: str, **args: Any) -> dict[str, Any]:
        self.seq += 1
        self.ws.send_text(json.dumps({"op": op, "seq": self.seq, **args}))
        while True:
            message = self._read()
            if message.get("re") == self.seq:
                return message
            self.backlog.append(message)

    def send_raw(self, frame: str | bytes) -> dict[str, Any]:
        if isinstance(frame, bytes):
            self.ws.send_bytes(frame)
        else:
            self.ws.send_text(frame)
        return self.receive()

    def hello(self) -> dict[str, Any]:
        state: dict[str, Any] = self.send("hello")["state"]
        return state


def play_moves(socket: Socket, moves: list[Move]) -> dict[str, Any]:
    """Play moves by tapping like a person; return the last state."""
    state: dict[str, Any] = {}
    for move in moves:
        for target in tap_targets_for(move):
            reply = socket.send("tap", target=target)
            assert reply["type"] == "update", reply
            state = reply["state"]
    return state


def deal(socket: Socket, code: str = PINNED_WINNABLE) -> dict[str, Any]:
    reply = socket.send("code", code=code)
    assert reply["type"] == "update", reply
    return reply["state"]  # type: ignore[no-any-return]


def tap(socket: Socket, target: int | str) -> dict[str, Any]:
    reply = socket.send("tap", target=target)
    assert reply["type"] == "update", reply
    return reply


@pytest.fixture
def socket(client: TestClient) -> Iterator[Socket]:
    with client.websocket_connect("/ws/h2h") as ws:
        wrapped = Socket(ws)
        wrapped.hello()
        yield wrapped
