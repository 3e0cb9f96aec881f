"""Real ``hertta serve`` processes: several started at once on one fresh database file, a
player moving between two processes, and what an attacker or a broken client can do to one
process (huge bodies and frames, floods, a reader that stops reading, closed tabs) without a
traceback and without hurting anyone else."""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
import struct
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.server_process import ServerProcess

ROUNDS = 10  # 10 x 4 = the 40 simultaneous starts of the issue
AT_ONCE = 4


def ws(server: ServerProcess, path: str, cookie: str) -> ClientConnection:
    # Entered by hand: the test closes it (or the server does), not a ``with`` block.
    return connect(f"{server.ws_url}{path}", additional_headers={"Cookie": cookie},
                   open_timeout=20, max_size=None).__enter__()


class Client:
    """One socket: send ops, collect replies (and every other message) in order."""

    def __init__(self, server: ServerProcess, cookie: str, path: str = "/ws/h2h") -> None:
        self.ws = ws(server, path, cookie)
        self.seq = 0
        self.pushed: list[dict[str, Any]] = []
        """The messages that came before the last reply (pushes of other tabs' changes)."""

    def ask(self, op: str, **args: Any) -> dict[str, Any]:
        self.seq += 1
        self.ws.send(json.dumps({"op": op, "seq": self.seq, **args}))
        self.pushed = []
        while True:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if message.get("re") == self.seq:
                return message
            self.pushed.append(message)

    def next_message(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
        return message

    def close(self) -> None:
        self.ws.close()


def no_traceback(*servers: ServerProcess) -> None:
    for server in servers:
        text = server.stderr_text()
        assert "Traceback" not in text and "ERROR" not in text, text
        # A worker pool shut down without waiting left semaphores for the resource tracker.
        assert "resource_tracker" not in text, text


def test_processes_started_at_once_on_a_fresh_file_all_serve(tmp_path: Path) -> None:
    for attempt in range(ROUNDS):
        db = str(tmp_path / f"fresh-{attempt}.db")
        servers = [ServerProcess(db).launch() for _ in range(AT_ONCE)]
        try:
            for server in servers:
                server.wait_ready()
            cookies = {server.player_cookie() for server in servers}
            assert len(cookies) == AT_ONCE
            for server in servers:
                client = Client(server, server.player_cookie())
                assert client.ask("tap", target="stock")["state"]["moves"] == 1
                client.close()
        finally:
            for server in servers:
                server.stop()
        no_traceback(*servers)


def test_a_player_moving_between_two_processes_loses_no_acknowledged_move(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "shared.db")
    first = ServerProcess(db).start()
    second = ServerProcess(db).start()
    try:
        cookie = first.player_cookie()
        a, b = Client(first, cookie), Client(second, cookie)  # the same person, two tabs
        code = a.ask("code", code="HH1-N-AAAAAAM")["state"]["code"]
        acknowledged = 0
        stale = 0
        for turn in range(30):
            client = a if turn % 2 else b
            reply = client.ask("tap", target="stock")
            if reply["type"] == "error":
                assert reply["code"] == "stale"
                stale += 1
                snapshot = client.next_message()  # the current state follows at once
                assert snapshot["type"] == "snapshot"
                assert snapshot["state"]["moves"] == acknowledged
                reply = client.ask("tap", target="stock")
            assert reply["type"] == "update", reply
            acknowledged += 1
            assert reply["state"]["moves"] == acknowledged
        assert stale > 0, "the two processes really did share the table"
        for client in (a, b):
            client.close()
        for server in (first, second):
            again = Client(server, cookie)
            state = again.ask("hello")["state"]
            assert state["code"] == code and state["moves"] == acknowledged
            again.close()
    finally:
        first.stop()
        second.stop()
    no_traceback(first, second)


@pytest.fixture
def server(tmp_path: Path) -> Any:
    process = ServerProcess(str(tmp_path / "hertta.db")).start()
    yield process
    process.stop()


def test_closed_tabs_log_no_traceback(server: ServerProcess) -> None:
    cookie = server.player_cookie()
    for path in ("/ws/h2h", "/ws/hearts"):
        polite = Client(server, cookie, path)
        polite.ask("hello")
        polite.close()
        rude = Client(server, cookie, path)
        rude.ask("hello")
        rude.ws.socket.close()  # the tab is gone: no close frame at all
    hearts = Client(server, cookie, "/ws/hearts")
    hearts.ask("new", players=4, opponents=[{"name": "H", "level": "hard"}] * 3)
    hearts.ws.socket.close()  # gone while the computer players are passing
    survivor = Client(server, cookie)
    assert survivor.ask("ping")["type"] == "pong"
    survivor.close()
    server.stop()
    no_traceback(server)


def test_a_frame_over_the_limit_is_refused_before_it_is_read(server: ServerProcess) -> None:
    cookie = server.player_cookie()
    client = Client(server, cookie)
    client.ask("hello")
    client.ws.send(json.dumps({"op": "tap", "target": 1, "pad": "x" * 1_000_000}))
    with pytest.raises(ConnectionClosed) as closed:
        client.ws.recv(timeout=30)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    other = Client(server, cookie)
    assert other.ask("ping")["type"] == "pong"
    other.close()
    server.stop()
    no_traceback(server)


def resident_mib(server: ServerProcess) -> float:
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def test_a_huge_body_is_refused_without_being_read(server: ServerProcess) -> None:
    before = resident_mib(server)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest("POST", "/api/settings")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(200 * 1024 * 1024))
    connection.endheaders()
    sent = 0
    try:
        for _ in range(200):  # try to send 200 MiB; the server answers long before
            connection.send(b"x" * (1024 * 1024))
            sent += 1
    except OSError:
        pass  # the server closed the connection after answering
    reply = connection.getresponse()
    assert reply.status == 413
    connection.close()
    assert resident_mib(server) - before < 50
    # And a body streamed without a length is cut off too.
    raw = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    raw.sendall(b"POST /api/settings HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
    try:
        for _ in range(64):
            raw.sendall(b"400\r\n" + b"x" * 1024 + b"\r\n")
    except OSError:
        pass
    assert b" 413 " in raw.recv(4096)
    raw.close()


def test_one_flooding_socket_does_not_starve_another(server: ServerProcess) -> None:
    cookie = server.player_cookie()
    flood, other = Client(server, cookie), Client(server, cookie)
    flood.ask("hello")
    other.ask("hello")
    count = 10_000
    arrivals: list[float] = []

    def read_flood() -> None:
        for _ in range(count):
            message = json.loads(flood.ws.recv(timeout=60))
            if message["type"] == "pong":
                arrivals.append(time.monotonic())

    reader = threading.Thread(target=read_flood)
    reader.start()
    for seq in range(count):
        flood.ws.send(json.dumps({"op": "ping", "seq": seq + 1000}))
    other.ask("ping")
    answered = time.monotonic()
    reader.join(timeout=120)
    assert len(arrivals) == count
    # The order of two events, not a duration: the other socket's answer came before the
    # flooding socket's last one.
    assert answered < arrivals[-1]
    for client in (flood, other):
        client.close()


class RawSocket:
    """A WebSocket client written by hand on a TCP socket with a tiny receive window, so that
    not reading really stops the server's messages (a library client would read them all into
    its own memory)."""

    def __init__(self, server: ServerProcess, cookie: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET /ws/h2h HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
             f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
             f"Sec-WebSocket-Version: 13\r\nCookie: {cookie}\r\n\r\n").encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(1)
        assert answer.startswith(b"HTTP/1.1 101"), answer

    def send_text(self, text: str) -> None:
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def read_until_closed(self) -> bytes:
        """Everything the server still sends, until it ends the connection."""
        received = bytearray()
        try:
            while chunk := self.sock.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
        return bytes(received)


def open_sockets(server: ServerProcess) -> int:
    with urllib.request.urlopen(f"{server.url}/healthz", timeout=10) as reply:
        return int(json.loads(reply.read())["sockets"])


def test_a_reader_that_stops_reading_is_dropped_and_others_go_on(server: ServerProcess) -> None:
    cookie = server.player_cookie()
    other = Client(server, cookie)
    sleeper = RawSocket(server, cookie)
    # Each answer is the whole state (~0.5 KB): far more than TCP buffers hold. ``view`` is
    # answered from memory (``hello`` reads the store), so the server gives up the sleeper in
    # seconds, long before its keep-alive ping would time out (which would end it as 1011).
    count = 20_000
    for seq in range(count):  # none of them is read now
        sleeper.send_text(json.dumps({"op": "view", "seq": seq + 100}))
    # Meanwhile the other socket is served as usual...
    assert other.ask("ping")["type"] == "pong"
    assert other.ask("tap", target="stock")["state"]["moves"] == 1
    # ...and the server gives the sleeper up once its answers pile up (the condition waited
    # for is the server's own count of open sockets).
    deadline = time.monotonic() + 120
    while open_sockets(server) > 1:
        assert time.monotonic() < deadline, "the sleeper was never dropped"
        assert other.ask("ping")["type"] == "pong"
    tail = sleeper.read_until_closed()
    assert 0 < tail.count(b'"type":"update"') < count, "it stopped answering"
    assert tail.endswith(bytes([0x88, 0x02]) + struct.pack("!H", 1013)), tail[-80:]
    assert other.ask("tap", target="stock")["state"]["moves"] == 2
    other.close()
    server.stop()
    no_traceback(server)


def test_a_killed_server_leaves_no_worker_behind(server: ServerProcess) -> None:
    """Computer players think in worker processes; killed outright, the server takes them
    along (each worker watches its parent)."""
    cookie = server.player_cookie()
    hearts = Client(server, cookie, "/ws/hearts")
    hearts.ask("new", players=4, opponents=[{"name": "H", "level": "hard"}] * 3)
    for _ in range(3):  # the three computer players' passes: the workers are up
        hearts.next_message()
    assert server.process is not None
    children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    workers = children.read_text().split()
    assert workers, "the computer players run in worker processes"
    server.kill()
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its server"
        time.sleep(0.1)  # poll: the condition is every worker being gone


def test_head_is_answered_as_get_without_a_body_and_other_methods_in_the_error_form(
    server: ServerProcess,
) -> None:
    """Through uvicorn itself: HEAD gets GET's status and headers and no body (it was 405);
    a method a path does not take is 405 in the form of every error answer."""
    for path in ("/", "/h2h", "/healthz", "/static/css/app.css"):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        connection.request("GET", path)
        got = connection.getresponse()
        body = got.read()
        connection.request("HEAD", path)
        head = connection.getresponse()
        assert head.status == got.status == 200, (path, head.status)
        assert head.read() == b"" and body
        assert head.getheader("content-type") == got.getheader("content-type")
        assert head.getheader("content-security-policy")
        connection.close()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("PUT", "/api/tables", body=b"{}",
                       headers={"Content-Type": "application/json"})
    refused = connection.getresponse()
    assert refused.status == 405 and "POST" in (refused.getheader("allow") or "")
    assert json.loads(refused.read()) == {"error": "method_not_allowed",
                                          "detail": "Method Not Allowed"}
    connection.close()
