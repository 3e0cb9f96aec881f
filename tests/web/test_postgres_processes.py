"""Several real ``hertta serve`` processes over one PostgreSQL database (the throwaway cluster of
``tests/postgres_cluster.py``): they start together on an empty database, a person's tabs on
two processes stay in step through ``LISTEN``/``NOTIFY`` (also when both deal at once), a killed
process loses no acknowledged move, and ``--workers N`` runs N processes on one port."""

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
NEW_GAMES_AT_ONCE = 10
"""People who press "new game" in both tabs at once."""


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


def heart_to_heart_deal(state: dict[str, Any]) -> str:
    return str(state["code"])


def hearts_hand(state: dict[str, Any]) -> str:
    """The person's hand identifies a Hearts table (its deal code is kept from the client)."""
    observation = state.get("observation")
    return json.dumps(observation["hand"]) if isinstance(observation, dict) else "none"


def new_game_in_both_tabs_at_once(
    servers: list[ServerProcess], path: str, shown_by: Callable[[dict[str, Any]], str],
    **args: Any,
) -> list[dict[str, Any]]:
    """One person's tabs on the two processes press "new game" at the same instant; both tabs
    end up showing the person's current game (a condition waited for). The two replies."""
    cookie = servers[0].player_cookie()
    tabs = [Client(server, cookie, path) for server in servers]
    barrier = threading.Barrier(2)
    try:
        before = {shown_by(tab.ask("hello")["state"]) for tab in tabs}
        assert len(before) == 1

        def press(tab: Client) -> tuple[dict[str, Any], str]:
            """The reply, and which game the tab showed last by then (pushes included)."""
            barrier.wait(timeout=30)
            reply = tab.ask("new", **args)
            states = [m["state"] for m in [*tab.pushed, reply] if "state" in m]
            return reply, shown_by(states[-1]) if states else ""

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(press, tabs))
        fresh = Client(servers[0], cookie, path)
        current = shown_by(fresh.ask("hello")["state"])
        fresh.close()
        assert current not in before
        for tab, (_, shown) in zip(tabs, answers, strict=True):
            if shown != current:
                pushed_until(tab, lambda state: shown_by(state) == current)
    finally:
        for tab in tabs:
            tab.close()
    return [reply for reply, _ in answers]


def test_new_game_pressed_at_once_in_two_tabs_on_two_processes_ends_on_one_game(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    # Both tabs leave the same game at once: one new game is saved and the other press is
    # refused as stale (its copy of the game it leaves is out of date), or comes after it.
    servers = list(two_servers)
    refused = 0
    for _ in range(NEW_GAMES_AT_ONCE):
        replies = new_game_in_both_tabs_at_once(servers, "/ws/h2h", heart_to_heart_deal)
        assert all("state" in r or r.get("code") == "stale" for r in replies), replies
        assert any("state" in r for r in replies), replies
        refused += sum(r.get("code") == "stale" for r in replies)
    assert refused > 0, "no press was refused: the two never raced"
    no_traceback(*servers)


def test_a_first_hearts_table_asked_for_in_two_tabs_at_once_is_shown_in_both(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    # With no Hearts table yet, both presses deal one (neither leaves anything, so neither is
    # stale); the one saved last is the person's table and both tabs show it.
    servers = list(two_servers)
    for _ in range(NEW_GAMES_AT_ONCE // 2):
        replies = new_game_in_both_tabs_at_once(servers, "/ws/hearts", hearts_hand, players=4)
        assert all("state" in r for r in replies), replies
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
