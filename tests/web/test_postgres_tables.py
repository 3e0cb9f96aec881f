"""Shared Hearts tables served by several real ``hertta serve`` processes over one PostgreSQL
database: four people on three processes play a match to its end, and the process that runs
the computer players is killed mid-match: the people reconnect to another process, every
acknowledged decision is there and the computer players go on there."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import Socket
from tests.web.online_helpers import latest, simple_decision
from tests.web.server_process import ServerProcess
from tests.web.test_processes import no_traceback

RULES = {"preset": "standard", "players": 4, "score_limit": 30}
TIMEOUT_S = 30


class RealSocket:
    """A WebSocket to a real server, with the calls the in-process test ``Socket`` makes."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.timeout = TIMEOUT_S

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def send_bytes(self, data: bytes) -> None:
        self.connection.send(data)

    def receive_text(self) -> str:
        message = self.connection.recv(timeout=self.timeout)
        return message if isinstance(message, str) else message.decode()

    def close(self) -> None:
        self.connection.close()


@contextmanager
def three_servers(database: str, grace_s: int | None = None) -> Iterator[list[ServerProcess]]:
    """Three ``hertta serve`` processes on ``database`` (with this grace period for the away),
    stopped at the end."""
    env = None if grace_s is None else {"HERTTA_AWAY_GRACE_S": str(grace_s)}
    started = [ServerProcess(database, env=env).launch() for _ in range(3)]
    try:
        for server in started:
            server.wait_ready()
        yield started
    finally:
        for server in started:
            server.stop()


@pytest.fixture
def servers(new_postgres_database: Callable[[], str]) -> Iterator[list[ServerProcess]]:
    with three_servers(new_postgres_database()) as started:
        yield started


def person(server: ServerProcess, name: str) -> str:
    """A new person with a display name; their cookie."""
    cookie = server.player_cookie()
    reply = httpx.post(f"{server.url}/api/profile", json={"name": name},
                       headers={"cookie": cookie}, timeout=TIMEOUT_S)
    assert reply.status_code == 200, reply.text
    return cookie


def new_table(server: ServerProcess, cookie: str, seats: list[Any],
              rated: bool = False, spectators: bool = False) -> tuple[str, str]:
    rules = {**RULES, "score_limit": 100} if rated else RULES
    reply = httpx.post(f"{server.url}/api/tables", headers={"cookie": cookie}, timeout=TIMEOUT_S,
                       json={"name": "Host", "rules": rules, "seats": seats, "clock": 0,
                             "rated": rated, "spectators": spectators})
    assert reply.status_code == 201, reply.text
    answer = reply.json()
    return str(answer["id"]), str(answer["invite_url"]).split("invite=", 1)[1]


def sit_at(server: ServerProcess, cookie: str, table_id: str, invite: str) -> Socket:
    # Entered by hand: the test (or a killed server) ends it, not a ``with`` block.
    raw = connect(f"{server.ws_url}/ws/tables/{table_id}?invite={invite}",
                  additional_headers={"Cookie": cookie}, open_timeout=TIMEOUT_S).__enter__()
    socket = Socket(RealSocket(raw))
    socket.hello()
    return socket


def decisions(socket: Socket) -> int:
    return int(latest(socket)["table"]["decisions"])


def catch_up(sockets: list[Socket], version: int) -> None:
    """Read each socket until it has been told of the match and of game version ``version``:
    every process that holds a socket of the table hears of every change (nobody says hello
    again to catch up)."""
    for socket in sockets:
        while latest(socket)["game"] is None or decisions(socket) < version:
            news(socket)


def news(socket: Socket) -> None:
    """The socket's next message (TimeoutError after TIMEOUT_S without one)."""
    socket.receive()


def play(sockets: list[Socket], until: Callable[[], bool], limit: int = 3000) -> None:
    """Everyone decides by the plain policy, one decision at a time, each after every socket
    has caught up with the newest version any of them has seen. A decision that meets a table
    another process moved meanwhile is answered ``stale`` with the table as it is now, and is
    made again from there, as a person would."""
    for _ in range(limit):
        catch_up(sockets, max(decisions(s) for s in sockets))
        if until():
            return
        for socket in sockets:
            choice = simple_decision(latest(socket))
            if choice is not None:
                reply = socket.send(choice[0], **choice[1])
                if reply.get("code") == "stale":
                    break  # another process saved first: the reply has the table as it is now
                assert reply["type"] == "update", reply
                assert not any(e["type"] == "refused" for e in reply["events"]), reply
                break
        else:  # the computer players or the table decide next: wait where it shows first
            news(min(sockets, key=decisions))
    raise AssertionError("the wanted point was not reached")


def told(servers: list[ServerProcess], sockets: list[Socket],
         error: BaseException) -> AssertionError:
    """A failure with what the servers said (their stderr) and where each socket was."""
    said = "\n".join(f"--- server {i}:\n{s.stderr_text()[-3000:]}" for i, s in enumerate(servers))
    where = []
    for socket in sockets:
        state = latest(socket)
        game = state["game"] or {}
        obs = game.get("observation", {})
        where.append(f"seat {state['table']['you']}: v{state['table']['decisions']} "
                     f"{game.get('status')} turn {obs.get('turn')} passed {obs.get('passed')} "
                     f"ready {state['table']['ready']} autopilot {state['table']['autopilot']}")
    return AssertionError(f"{error!r}\n" + "\n".join(where) + f"\n{said}")


def match_over(sockets: list[Socket]) -> Callable[[], bool]:
    return lambda: all(latest(s)["game"]["status"] == "match_over" for s in sockets)


@pytest.mark.parametrize("rated", [False, True], ids=["to 30", "rated, to 100"])
def test_four_people_on_three_processes_play_a_whole_match(
    servers: list[ServerProcess], rated: bool
) -> None:
    cookies = [person(servers[i % 3], name) for i, name in enumerate(["Host", "Aino", "Eero",
                                                                      "Liisa"])]
    table_id, invite = new_table(servers[0], cookies[0], ["host", "open", "open", "open"],
                                 rated=rated)
    sockets = [sit_at(servers[i % 3], cookies[i], table_id, invite) for i in range(4)]
    for socket in sockets[1:]:
        assert socket.send("sit")["type"] == "update"
    for socket in sockets:  # a reaction from each: heard on every process
        assert socket.send("react", reaction="hello")["type"] == "update"
    try:
        play(sockets, match_over(sockets))
    except (AssertionError, TimeoutError) as error:
        raise told(servers, sockets, error) from error
    totals = {str(latest(s)["game"]["summary"]["totals"]) for s in sockets}
    assert len(totals) == 1
    record = httpx.get(f"{servers[2].url}/api/tables/{table_id}/record",
                       headers={"cookie": cookies[2]}, timeout=TIMEOUT_S)
    assert record.status_code == 200
    logged = record.json()["decisions"]
    assert len(logged) == decisions(sockets[0])
    # Every socket, whichever process it is on, was told of every card with its event (a
    # decision made on another process used to arrive as a new state without events), and of
    # the match's end.
    cards = sum(1 for decision in logged if decision[0].isdigit())  # "<seat>:<card>"
    told_every_card = 0
    for socket in sockets:
        events = [e for m in socket.messages for e in m.get("events", ())]
        plays = sum(1 for e in events if e["type"] == "play")
        if not any(m.get("code") == "stale" for m in socket.messages):
            assert plays == cards
            told_every_card += 1
        else:  # a decision that came too late is answered stale and then a snapshot
            assert plays <= cards
        assert any(e["type"] == "match_over" for e in events)
    assert told_every_card
    # ... and each is told the table is over, once (a rated one once its ratings are written).
    for socket in sockets:
        while not any(e["type"] == "table_over" for m in socket.messages
                      for e in m.get("events", ())):
            news(socket)
        told_over = [e for m in socket.messages for e in m.get("events", ())
                     if e["type"] == "table_over"]
        assert len(told_over) == 1
        heard = {e["seat"] for m in socket.messages for e in m.get("events", ())
                 if e["type"] == "reaction"}
        assert heard == {0, 1, 2, 3}
    # Play again, asked on one process: every process shows the same next table, and an ask
    # on another is given that one.
    follow = sockets[1].send("again")["state"]["table"]["next_table"]
    assert follow is not None and follow["id"] != table_id
    for socket in sockets:
        while latest(socket)["table"]["next_table"] is None:
            news(socket)
        assert latest(socket)["table"]["next_table"] == follow
    assert sockets[2].send("again")["state"]["table"]["next_table"] == follow
    shown = httpx.get(f"{servers[2].url}/api/tables/{follow['id']}?invite={follow['invite']}",
                      headers={"cookie": cookies[2]}, timeout=TIMEOUT_S).json()
    assert shown["status"] == "waiting" and shown["host_name"] == "Aino"
    no_traceback(*servers)


def two_people_on_a_clock(servers: list[ServerProcess], rules: dict[str, Any]) -> list[Socket]:
    """The host on the first process and Aino on the second at a table with two Easy players
    and a 15-second clock; the match has started."""
    host, guest = person(servers[0], "Host"), person(servers[1], "Aino")
    reply = httpx.post(f"{servers[0].url}/api/tables", headers={"cookie": host},
                       timeout=TIMEOUT_S,
                       json={"name": "Host", "rules": rules, "clock": 15,
                             "seats": ["host", "open", {"level": "easy"}, {"level": "easy"}]})
    assert reply.status_code == 201, reply.text
    table_id, invite = reply.json()["id"], reply.json()["invite_url"].split("invite=", 1)[1]
    sockets = [sit_at(servers[0], host, table_id, invite),
               sit_at(servers[1], guest, table_id, invite)]
    assert sockets[1].send("sit")["type"] == "update"
    return sockets


def test_a_clocks_decision_is_told_on_every_process(servers: list[ServerProcess]) -> None:
    """Two people on two processes let the 15-second clock run out while passing: both are
    told of both decisions the clock made, whichever process keeps it."""
    sockets = two_people_on_a_clock(servers, RULES)
    for socket in sockets:
        while latest(socket)["game"] is None:
            news(socket)
        # Whichever process keeps the clock, both show it (it was null on the other one; and,
        # once under load, on a process that had just taken the lease and not yet timed the
        # decision: tests/tables/test_room_processes.py).
        clock = latest(socket)["table"]["clock_state"]
        assert clock is not None and clock["kind"] == "pass" and clock["seats"] == [0, 1], clock
        assert 0 < clock["remaining_ms"] <= 15000
    for socket in sockets:
        socket.ws.timeout = 40  # the clock's 15 s, and then some
        while {e["seat"] for m in socket.messages for e in m.get("events", ())
               if e["type"] == "timed_out"} != {0, 1}:
            news(socket)
    no_traceback(*servers)


def host_and_guest(
    first: ServerProcess, runner: ServerProcess, spectators: bool = False
) -> tuple[Socket, Socket, str, str, str]:
    """The host on ``first`` and Aino on ``runner`` at a table with two Easy players: Aino's
    seat completes it, so her process starts the match and runs its players. The two sockets,
    the table's id and invite, and Aino's cookie."""
    host, guest = person(first, "Host"), person(runner, "Aino")
    table_id, invite = new_table(first, host, ["host", "open", {"level": "easy"},
                                               {"level": "easy"}], spectators=spectators)
    at_first = sit_at(first, host, table_id, invite)
    at_runner = sit_at(runner, guest, table_id, invite)
    assert at_runner.send("sit")["type"] == "update"
    return at_first, at_runner, table_id, invite, guest


def test_killing_the_process_that_runs_the_computer_players(
    servers: list[ServerProcess],
) -> None:
    first, runner, spare = servers
    at_first, at_runner, table_id, invite, guest = host_and_guest(first, runner)
    sockets = [at_first, at_runner]
    try:
        play(sockets, lambda: decisions(at_first) >= 30)
    except (AssertionError, TimeoutError) as error:
        raise told(servers, sockets, error) from error
    acknowledged = decisions(at_runner)
    runner.kill()
    again = sit_at(spare, guest, table_id, invite)
    assert decisions(again) >= acknowledged  # every acknowledged decision is there
    sockets = [at_first, again]
    try:
        play(sockets, match_over(sockets))  # the computer players went on in another process
    except (AssertionError, TimeoutError) as error:
        fresh = sit_at(spare, guest, table_id, invite)
        raise told(servers, [*sockets, fresh], error) from error
    assert latest(again)["game"]["summary"]["match_over"]
    no_traceback(first, spare)


def events_of(socket: Socket) -> list[dict[str, Any]]:
    return [e for m in socket.messages for e in m.get("events", ())]


def test_an_away_persons_stand_in_is_shown_on_every_process(
    new_postgres_database: Callable[[], str],
) -> None:
    """Aino's only connection drops from the process that runs the table; after the grace
    period (one second here) a computer player stands in. The host on another process is told
    she dropped and that a computer plays for her, a spectator on a third process that opened
    the table only then sees it too, and when she comes back on that third process both are
    told she is back and plays again. (Only the process that runs the table used to know.)"""
    sockets: list[Socket] = []
    with three_servers(new_postgres_database(), grace_s=1) as servers:
        try:
            first, runner, spare = servers
            at_first, at_runner, table_id, invite, guest = host_and_guest(
                first, runner, spectators=True)
            sockets = [at_first, at_runner]
            while latest(at_first)["game"] is None:
                news(at_first)
            # The host must have seen her there before she can be told gone: under load, her
            # connection was once read on the host's process only after it had dropped, and
            # the host was rightly told nothing of her presence, only of the stand-in.
            while latest(at_first)["table"]["seats"][1]["connected"] is not True:
                news(at_first)
            at_runner.ws.close()
            stand_in = {"type": "autopilot", "seat": 1, "on": True}
            while stand_in not in events_of(at_first):
                news(at_first)
            assert {"type": "presence", "seat": 1, "connected": False} in events_of(at_first)
            assert latest(at_first)["table"]["autopilot"] == [1]
            assert latest(at_first)["table"]["seats"][1]["connected"] is False
            watcher = sit_at(spare, person(spare, "Eero"), table_id, invite)
            sockets = [at_first, watcher]
            assert latest(watcher)["table"]["you"] is None
            assert latest(watcher)["table"]["autopilot"] == [1]
            back = sit_at(spare, guest, table_id, invite)
            sockets = [at_first, watcher, back]
            for socket in (at_first, watcher, back):
                while latest(socket)["table"]["autopilot"] != []:
                    news(socket)
            for socket in (at_first, watcher):
                assert {"type": "autopilot", "seat": 1, "on": False} in events_of(socket)
            assert {"type": "presence", "seat": 1, "connected": True} in events_of(at_first)
            assert latest(at_first)["table"]["seats"][1]["connected"] is True
            assert not any(e["type"] == "seating" for e in events_of(at_first)[-3:])
        except (AssertionError, TimeoutError) as error:
            raise told(servers, sockets, error) from error
    no_traceback(*servers)


def lobby_lists(server: ServerProcess, table_id: str, wanted: bool) -> None:
    """Ask ``server``'s lobby until it lists ``table_id`` (or not, as ``wanted``)."""
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        tables = httpx.get(f"{server.url}/api/lobby", timeout=TIMEOUT_S).json()["tables"]
        if (table_id in [t["id"] for t in tables]) == wanted:
            return
        assert time.monotonic() < deadline, f"{server.url} lobby: {tables}"
        time.sleep(0.05)


def test_a_quiet_table_is_in_every_lobby_while_its_host_is_connected_anywhere(
    servers: list[ServerProcess],
) -> None:
    """A public table unchanged for over ten minutes is listed only while someone seated is
    connected: the lobbies of the other processes know it from the store's presence."""
    first, second, _ = servers
    host = person(first, "Host")
    reply = httpx.post(f"{first.url}/api/tables", headers={"cookie": host}, timeout=TIMEOUT_S,
                       json={"name": "Host", "rules": RULES, "seats": ["host", "open", "open",
                             "open"], "clock": 0, "public": True})
    assert reply.status_code == 201, reply.text
    table_id, invite = reply.json()["id"], reply.json()["invite_url"].split("invite=", 1)[1]
    with psycopg.connect(first.db_path, autocommit=True) as db:
        db.execute("UPDATE online_tables SET updated_at = updated_at - 601 WHERE id = %s",
                   (table_id,))
    lobby_lists(second, table_id, False)
    at_first = sit_at(first, host, table_id, invite)
    lobby_lists(second, table_id, True)
    lobby_lists(first, table_id, True)
    at_first.ws.close()
    lobby_lists(second, table_id, False)
    lobby_lists(first, table_id, False)
    no_traceback(*servers)


def test_the_people_of_a_killed_process_are_away_on_every_process_at_once(
    new_postgres_database: Callable[[], str],
) -> None:
    """Eero is connected only through a process that is killed: no notice says so, its
    heartbeat only goes stale. Every other process tells its connections he dropped within
    seconds, long before the grace period ends (the processes that did not hold the table
    used to say so only with the stand-in, the grace period later)."""
    sockets: list[Socket] = []
    with three_servers(new_postgres_database(), grace_s=120) as servers:
        try:
            first, runner, doomed = servers
            host = person(first, "Host")
            table_id, invite = new_table(first, host, ["host", "open", "open", {"level": "easy"}])
            at_first = sit_at(first, host, table_id, invite)
            at_doomed = sit_at(doomed, person(doomed, "Eero"), table_id, invite)
            at_runner = sit_at(runner, person(runner, "Aino"), table_id, invite)
            sockets = [at_first, at_runner]
            assert at_doomed.send("sit", seat=2)["type"] == "update"
            assert at_runner.send("sit", seat=1)["type"] == "update"  # the last seat: it starts
            for socket in sockets:
                while (latest(socket)["game"] is None
                       or not latest(socket)["table"]["seats"][2]["connected"]):
                    news(socket)
            doomed.kill()
            dropped = {"type": "presence", "seat": 2, "connected": False}
            for socket in sockets:
                socket.ws.timeout = 20  # the heartbeat goes stale in 3 s; the grace is 120 s
                while dropped not in events_of(socket):
                    news(socket)
                assert latest(socket)["table"]["seats"][2]["connected"] is False
                assert not any(e["type"] == "autopilot" for e in events_of(socket))
        except (AssertionError, TimeoutError) as error:
            raise told(servers, sockets, error) from error
    no_traceback(first, runner)


def test_the_clock_running_out_on_next_is_told_before_the_next_round_everywhere(
    servers: list[ServerProcess],
) -> None:
    """At a round's result nobody says `next`: on every process the clock's `timed_out` comes
    before the next round (the process that did not keep the clock showed them either way)."""
    sockets = two_people_on_a_clock(servers, {**RULES, "score_limit": 100})
    try:
        play(sockets, lambda: all(latest(s)["game"] is not None
                                  and latest(s)["game"]["status"] == "round_over"
                                  for s in sockets))
        for socket in sockets:
            socket.ws.timeout = 40  # the clock's 15 s, and then some
            while not any(e["type"] == "round" and e["index"] == 1 for e in events_of(socket)):
                news(socket)
            kinds = [(e["type"], e.get("kind"), e.get("index")) for e in events_of(socket)
                     if e["type"] in ("timed_out", "round")]
            timed = [i for i, k in enumerate(kinds) if k[:2] == ("timed_out", "next")]
            started = kinds.index(("round", None, 1))
            assert len(timed) == 2 and max(timed) < started, kinds
    except (AssertionError, TimeoutError) as error:
        raise told(servers, sockets, error) from error
    no_traceback(*servers)


def test_a_leave_is_told_alike_on_every_process(servers: list[ServerProcess]) -> None:
    """Aino leaves the match on the process that runs the table: the host on another process
    is told once that her seat has no connection, then that a computer plays it, as the
    connections on her own process are (docs/tables.md, ``leave``)."""
    first, runner, _ = servers
    at_first, at_runner, _, _, _ = host_and_guest(first, runner)
    sockets = [at_first, at_runner]
    try:
        while latest(at_first)["game"] is None:
            news(at_first)
        assert at_runner.send("leave")["type"] == "update"
        stand_in = {"type": "autopilot", "seat": 1, "on": True}
        while stand_in not in events_of(at_first):
            news(at_first)
        left = {"type": "presence", "seat": 1, "connected": False}
        for socket in (at_first, at_runner):
            told_there = [e for e in events_of(socket) if e["type"] in ("presence", "autopilot")
                          and e["seat"] == 1]
            assert told_there[-2:] == [left, stand_in], told_there
            assert told_there.count(left) == 1, told_there
            seat = latest(socket)["table"]["seats"][1]
            assert seat["left"] and seat["connected"] is False, seat
    except (AssertionError, TimeoutError) as error:
        raise told(servers, sockets, error) from error
    no_traceback(*servers)
