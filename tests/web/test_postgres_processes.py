"""Several real ``hertta serve`` processes over one PostgreSQL database (the throwaway cluster of
``tests/postgres_cluster.py``): they start together on an empty database, a person's tabs on
two processes stay in step through ``LISTEN``/``NOTIFY``, a killed process loses no
acknowledged move, and ``--workers N`` runs N processes on one port."""

from __future__ import annotations

import json
import subprocess
import threading
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.web.server_process import ServerProcess, free_port, hertta_command
from tests.web.test_processes import Client, no_traceback

STARTS = 3
PEOPLE = 40
"""People whose two tabs open at once: each a fresh chance for the processes to race."""


@pytest.fixture
def database(new_postgres_database: Callable[[], str]) -> str:
    return new_postgres_database()


@pytest.fixture
def two_servers(database: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    servers = [ServerProcess(database).launch() for _ in range(2)]
    try:
        for server in servers:
            server.wait_ready()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()


def health(server: ServerProcess) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}/healthz", timeout=10) as reply:
        answer: dict[str, Any] = json.loads(reply.read())
    return answer


def pushed_until(client: Client, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first state pushed to ``client`` that is ``wanted`` (a recv timeout fails it)."""
    for _ in range(20):
        message = client.next_message()
        if "state" in message and wanted(message["state"]):
            state: dict[str, Any] = message["state"]
            return state
    raise AssertionError("the wanted state never came")


def test_three_processes_start_at_once_on_an_empty_database(database: str) -> None:
    servers = [ServerProcess(database).launch() for _ in range(STARTS)]
    try:
        for server in servers:
            server.wait_ready()
        for server in servers:
            assert health(server)["changes"] == "listening"
        cookie = servers[0].player_cookie()
        codes = set()
        for server in servers:  # one cookie key for all: the person is the same everywhere
            client = Client(server, cookie)
            codes.add(client.ask("hello")["state"]["code"])
            client.close()
        assert len(codes) == 1
        no_traceback(*servers)
    finally:
        for server in servers:
            server.stop()


def test_a_persons_two_tabs_on_two_processes_stay_in_step(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = two_servers
    cookie = first.player_cookie()
    here, there = Client(first, cookie), Client(second, cookie)
    try:
        start = here.ask("hello")["state"]
        assert there.ask("hello")["state"]["code"] == start["code"]
        moved = here.ask("tap", target="stock")["state"]
        assert moved["stock"] == start["stock"] - 1
        seen = pushed_until(there, lambda s: s["stock"] == moved["stock"])
        assert seen["waste"] == moved["waste"] and seen["heart"] == moved["heart"]
        back = there.ask("tap", target="stock")["state"]
        pushed_until(here, lambda s: s["waste"] == back["waste"])
        new = there.ask("new")["state"]  # a new game in one tab: the other follows it
        assert new["moves"] == 0
        pushed_until(here, lambda s: s["code"] == new["code"] and s["moves"] == 0)
    finally:
        here.close()
        there.close()
    no_traceback(first, second)


def test_tabs_opened_at_the_same_instant_on_two_processes_show_one_game(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    # Before the person has any game, each process deals one when its tab opens; the first
    # deal to be saved becomes the game and the other process shows it instead of its own
    # (before 2026-12-05 each tab kept its own deal: seen once under load).
    servers = list(two_servers)
    cookies = [servers[0].player_cookie() for _ in range(PEOPLE)]
    barrier = threading.Barrier(2)

    def open_tabs(server: ServerProcess) -> list[str]:
        codes = []
        for cookie in cookies:
            barrier.wait(timeout=30)
            client = Client(server, cookie)
            try:
                codes.append(str(client.ask("hello")["state"]["code"]))
            finally:
                client.close()
        return codes

    with ThreadPoolExecutor(2) as pool:
        here, there = pool.map(open_tabs, servers)
    assert here == there
    no_traceback(*servers)


def test_a_killed_process_loses_no_acknowledged_move(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = two_servers
    cookie = first.player_cookie()
    client = Client(first, cookie)
    client.ask("hello")
    acknowledged = None
    for _ in range(12):
        acknowledged = client.ask("tap", target="stock")["state"]
    assert acknowledged is not None
    first.kill()
    again = Client(second, cookie)
    try:
        resumed = again.ask("hello")["state"]
        assert resumed["code"] == acknowledged["code"]
        assert resumed["moves"] == acknowledged["moves"]
        assert resumed["stock"] == acknowledged["stock"]
        assert resumed["waste"] == acknowledged["waste"]
        further = again.ask("tap", target="stock")["state"]
        assert further["moves"] == acknowledged["moves"] + 1
    finally:
        again.close()
    no_traceback(second)


def test_workers_run_several_processes_on_one_port(database: str) -> None:
    server = ServerProcess(database, args=["--workers", "2"]).launch()
    try:
        server.wait_ready()
        assert server.process is not None
        # uvicorn's supervisor, its two server processes (and their computer players' pools)
        children = subprocess.run(
            ["pgrep", "-f", "-P", str(server.process.pid), "multiprocessing"],
            capture_output=True, text=True, check=False,
        ).stdout.split()
        assert len(children) >= 2, children
        cookie = server.player_cookie()
        client = Client(server, cookie)
        client.ask("hello")
        assert client.ask("tap", target="stock")["state"]["moves"] == 1
        client.close()
    finally:
        server.stop()
    no_traceback(server)


def test_workers_on_sqlite_are_refused_in_one_line(tmp_path: Any) -> None:
    done = subprocess.run(
        [*hertta_command(), "serve", "--port", str(free_port()), "--workers", "2",
         "--db", str(tmp_path / "hertta.db")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "PostgreSQL" in lines[0], done.stderr
