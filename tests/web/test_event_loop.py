"""The event loop only moves messages: while computer players think (held mid-thought by a
gate the test controls), other sockets, pages and games are answered; once the gate opens,
the computer players' decisions arrive. Ordering is asserted, not wall-clock time."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
from starlette.testclient import TestClient

from hertta.tables.bots import ThreadBotRunner
from hertta.tables.game import BotTask
from hertta.web.app import create_app
from hertta.web.services import AppServices
from hertta.web.settings import Settings
from tests.web.conftest import Socket


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

T = TypeVar("T")
TABLES = 3
COMPUTER_SEATS = 5


class GatedRunner(ThreadBotRunner):
    """Computer players that stop before thinking until the test opens the gate."""

    def __init__(self) -> None:
        super().__init__(workers=TABLES * COMPUTER_SEATS)
        self.gate = threading.Event()
        self.waiting = 0
        self._count = threading.Condition()

    def _held(self, work: Callable[[], T]) -> T:
        with self._count:
            self.waiting += 1
            self._count.notify_all()
        if not self.gate.wait(timeout=60):
            raise TimeoutError("the test never opened the gate")
        return work()

    async def run(self, task: BotTask) -> object:
        return await self._submit(self._held, task.run)

    def wait_for(self, count: int) -> None:
        with self._count:
            assert self._count.wait_for(lambda: self.waiting >= count, timeout=30), self.waiting


@pytest.fixture
def gated(db_path: str) -> Iterator[tuple[TestClient, GatedRunner]]:
    runner = GatedRunner()
    app = create_app(Settings(db_path=db_path), runner=runner)
    try:
        with TestClient(app) as client:
            yield client, runner
    finally:
        runner.gate.set()


def cookie_for(client: TestClient, player: str) -> dict[str, str]:
    services = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(services, AppServices)
    return {"cookie": f"hertta_player={services.cookies.sign(player)}"}


def test_others_are_answered_while_computer_players_think(
    gated: tuple[TestClient, GatedRunner],
) -> None:
    client, runner = gated
    opponents = [{"name": f"Bot{i}", "level": "hard"} for i in range(1, 6)]
    with client.websocket_connect("/ws/hearts", headers=cookie_for(client, "p1")) as w1, \
            client.websocket_connect("/ws/hearts", headers=cookie_for(client, "p2")) as w2, \
            client.websocket_connect("/ws/hearts", headers=cookie_for(client, "p3")) as w3, \
            client.websocket_connect("/ws/h2h", headers=cookie_for(client, "bystander")) as w4:
        tables = [Socket(w) for w in (w1, w2, w3)]
        bystander = Socket(w4)
        bystander.hello()
        for socket in tables:
            socket.hello()
            reply = socket.send("new", players=6, opponents=opponents)
            assert reply["state"]["observation"]["passes_chosen"] == [False] * 6
        runner.wait_for(TABLES * COMPUTER_SEATS)  # every computer player is mid-thought
        # The bystander's socket, a new visitor's page and a Heart to Heart move all answer.
        assert bystander.send("ping")["type"] == "pong"
        assert client.get("/").status_code == 200
        assert bystander.send("tap", target="stock")["state"]["moves"] == 1
        for socket in tables:
            assert socket.send("ping")["type"] == "pong"
            assert not socket.backlog, "no computer decision can have come yet"
        runner.gate.set()
        for socket in tables:
            passed = 0
            while passed < COMPUTER_SEATS:
                message = socket.receive()
                assert message["re"] is None
                passed += sum(e["type"] == "passed" for e in message["events"])
            assert all(socket.messages[-1]["state"]["observation"]["passes_chosen"][1:])
