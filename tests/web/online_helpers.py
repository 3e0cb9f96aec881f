"""Several people at one shared table, in process: each a cookie and a socket of their own."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from starlette.testclient import TestClient

from hertta.ai.table_state import owed
from hertta.tables.bots import ThreadBotRunner
from hertta.web.app import create_app
from hertta.web.services import AppServices
from hertta.web.settings import Settings
from tests.tables.fake_timers import FakeTimers
from tests.web.conftest import Socket

RANKS = "23456789TJQKA"


@contextmanager
def people_client(
    db_path: str, people: dict[str, str], timers: FakeTimers | None = None
) -> Iterator[TestClient]:
    """The app in process (computer players in threads, timers the test moves: ``timers``,
    or its own), with ``people`` (player -> display name) already named."""
    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner(),
                     timers=timers if timers is not None else FakeTimers(), grace_s=60)
    with TestClient(app) as client:
        for person, name in people.items():
            name_player(client, person, name)
        yield client


def tick(client: TestClient, timers: FakeTimers, seconds: float) -> None:
    """Move the fake time on, on the app's own event loop (its callbacks start tasks there)."""
    async def advance() -> None:
        timers.advance(seconds)

    client.portal.call(advance)  # type: ignore[union-attr]


def services_of(client: TestClient) -> AppServices:
    services = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(services, AppServices)
    return services


def cookie_header(client: TestClient, player: str) -> dict[str, str]:
    return {"cookie": f"hertta_player={services_of(client).cookies.sign(player)}"}


def name_player(client: TestClient, player: str, name: str) -> None:
    reply = client.post("/api/profile", json={"name": name}, headers=cookie_header(client, player))
    assert reply.status_code == 200, reply.text


def create_table(client: TestClient, host: str, **request: Any) -> dict[str, Any]:
    request.setdefault("name", host.title())
    reply = client.post("/api/tables", json=request, headers=cookie_header(client, host))
    assert reply.status_code == 201, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def invite_of(answer: dict[str, Any]) -> str:
    return str(answer["invite_url"]).split("invite=", 1)[1]


@contextmanager
def at_table(
    client: TestClient, table_id: str, players: list[str], invite: str | None = None
) -> Iterator[dict[str, Socket]]:
    """A socket at the table for each player (hello sent)."""
    query = f"?invite={invite}" if invite else ""
    with ExitStack() as stack:
        sockets = {}
        for player in players:
            ws = stack.enter_context(client.websocket_connect(
                f"/ws/tables/{table_id}{query}", headers=cookie_header(client, player)
            ))
            sockets[player] = Socket(ws)
            sockets[player].hello()
        yield sockets


def simple_decision(state: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """A plain policy from the seat's own view: pass the highest three, play the lowest legal
    card, add for a moon, ready for the next round."""
    kind = owed(state)
    if kind is None:
        return None
    obs = state["game"]["observation"]
    if kind == "pass":
        return "pass", {"cards": sorted(obs["hand"], key=lambda c: RANKS.index(c[0]))[-3:]}
    if kind == "play":
        return "play", {"card": obs["legal_plays"][0]}
    if kind == "moon":
        return "moon", {"option": "add"}
    return "next", {}


def latest(socket: Socket) -> dict[str, Any]:
    """The newest state this socket was sent (reading what has arrived is up to the caller)."""
    for message in reversed(socket.messages):
        if "state" in message:
            state: dict[str, Any] = message["state"]
            return state
    raise AssertionError("no state yet")


def drain(socket: Socket) -> None:
    """Read every message already pushed to this socket (ending with a ping's answer)."""
    socket.send("ping")
    socket.backlog.clear()


def wait_for_table_over(socket: Socket, limit: int = 500) -> None:
    """Read until the table says the match is recorded (its ratings written)."""
    for _ in range(limit):
        if any(event == {"type": "table_over"}
               for message in socket.messages for event in message.get("events", [])):
            return
        socket.receive()
    raise AssertionError("no table_over")
