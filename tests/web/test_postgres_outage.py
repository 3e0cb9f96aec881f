"""A real ``hertta serve`` whose PostgreSQL database stops taking connections: requests are
answered 503 ``unavailable`` (never 400, never the database's address), a table socket opened
meanwhile is closed with 1013 (the page tries again) and no traceback is logged; once the
database is back, everything works again."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.online_helpers import latest
from tests.web.server_process import ServerProcess
from tests.web.test_postgres_tables import TIMEOUT_S, new_table, person, sit_at
from tests.web.test_processes import no_traceback


@pytest.fixture
def database(new_postgres_database: Callable[[], str]) -> str:
    return new_postgres_database()


@pytest.fixture
def server(database: str) -> Iterator[ServerProcess]:
    started = ServerProcess(database).launch()
    try:
        started.wait_ready()
        yield started
    finally:
        started.stop()


def allow_connections(database: str, allowed: bool) -> None:
    """Open or close the database to new connections; closing also ends the open ones."""
    base, name = database.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(allowed).lower()}')
        if not allowed:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = %s", (name,))


def test_a_database_that_goes_away_and_comes_back(server: ServerProcess, database: str) -> None:
    host = person(server, "Host")
    table_id, invite = new_table(server, host, ["host", "open", "open", "open"])
    allow_connections(database, False)
    try:
        for _ in range(2):  # the first meets the lost connection, the second cannot connect
            for path in ("/api/lobby", "/api/leaderboard", "/tables"):
                reply = httpx.get(f"{server.url}{path}", headers={"cookie": host},
                                  timeout=TIMEOUT_S)
                assert reply.status_code == 503, (path, reply.text)
                assert reply.json()["error"] == "unavailable"
                assert "127.0.0.1" not in reply.text and "postgresql" not in reply.text
        with connect(f"{server.ws_url}/ws/tables/{table_id}?invite={invite}",
                     additional_headers={"Cookie": host}, open_timeout=TIMEOUT_S) as socket:
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=TIMEOUT_S)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    finally:
        allow_connections(database, True)
    again = sit_at(server, host, table_id, invite)
    assert latest(again)["table"]["id"] == table_id
    assert httpx.get(f"{server.url}/api/lobby", timeout=TIMEOUT_S).status_code == 200
    no_traceback(server)


def test_computer_players_wait_for_a_database_that_went_away(
    new_postgres_database: Callable[[], str],
) -> None:
    """Four computer players at a table (the host away past a one-second grace period, played
    for) go on through a database outage: while it lasts they wait, with a warning that names
    no card (the loop stopped with a traceback naming the card refused), and they play on once
    it is back."""
    database = new_postgres_database()
    server = ServerProcess(database, env={"HERTTA_AWAY_GRACE_S": "1"}).launch()
    try:
        server.wait_ready()
        host = person(server, "Host")
        # Hard, for its answer floor (0.4 s a card): the 30-point match lasts tens of seconds.
        # Easy answers at once: on a loaded machine the match was over before the test looked
        # again after the outage (seen: no decision came, the table was over), or, most
        # likely, before the outage began (no warning came: the players had nothing to do).
        table_id, invite = new_table(server, host, ["host", *[{"level": "hard"}] * 3],
                                     spectators=True)
        watcher = sit_at(server, person(server, "Watcher"), table_id, invite)

        def decisions_reach(count: int) -> int:
            while int(latest(watcher)["table"]["decisions"]) < count:
                watcher.receive()
            return int(latest(watcher)["table"]["decisions"])

        decisions_reach(8)  # the stand-in and the computer players are playing
        allow_connections(database, False)
        try:
            deadline = time.monotonic() + TIMEOUT_S
            while "computer players wait for the database" not in server.stderr_text():
                assert time.monotonic() < deadline, server.stderr_text()
                time.sleep(0.05)
        finally:
            allow_connections(database, True)
        watcher.ws.close()
        watcher = sit_at(server, person(server, "Again"), table_id, invite)
        before = int(latest(watcher)["table"]["decisions"])
        decisions_reach(before + 8)  # on again, nothing lost
        watcher.ws.close()
        said = [line for line in server.stderr_text().splitlines() if "computer players" in line]
        assert said and not any(re.search(r"\b[2-9TJQKA][CDSH]\b", line) for line in said), said
        no_traceback(server)
    finally:
        server.stop()
