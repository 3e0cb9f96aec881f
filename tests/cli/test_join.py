"""``hertta hearts join``: computer players that take seats at a shared table over the public
protocol. Real processes throughout: a ``hertta serve``, tables made through the HTTP API,
four ``join`` processes that finish a match (and one whose server is killed and started again
mid-match), and the ways it can fail, each one line on stderr and exit code 2."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from hertta.ai import make_player, table_client
from hertta.hearts.decisions import parse_decision, replay_decisions
from hertta.hearts.match import MatchState
from tests.cli.test_errors import one_line_error, run
from tests.web.server_process import ServerProcess, free_port, hertta_command

FOUR_OPEN = {"rules": {"preset": "standard", "players": 4, "score_limit": 30},
             "seats": ["open", "open", "open", "open"], "clock": 0}
"""A host who only organises. A round gives out 26 points, so a limit of 30 takes at least two
rounds: every bot has to say ``next`` at least once."""
BOTS = [("easy", 1, None), ("normal", 2, None), ("hard", 3, None), ("normal", 4, "Norma")]
WAIT_S = 240.0


def api(server: ServerProcess, path: str, cookie: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.url + path, data=data, method="GET" if body is None else "POST",
        headers={"Cookie": cookie, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def create_table(server: ServerProcess, cookie: str, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = api(server, "/api/tables", cookie,
                                 {"name": "Host", **FOUR_OPEN, **request})
    return answer


def invite_of(table: dict[str, Any]) -> str:
    return str(table["invite_url"]).split("invite=", 1)[1]


def start_bot(url: str, level: str, seed: int, name: str | None = None,
              *extra: str) -> subprocess.Popen[str]:
    named = [] if name is None else ["--name", name]
    return subprocess.Popen(
        [*hertta_command(), "hearts", "join", url, "--json", "--level", level,
         "--seed", str(seed), *named, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def finished(bots: list[subprocess.Popen[str]]) -> list[dict[str, Any]]:
    """Each bot's printed result, once every one of them has exited 0 with one line."""
    outputs = [bot.communicate(timeout=WAIT_S) for bot in bots]
    for bot, (out, err) in zip(bots, outputs, strict=True):
        assert bot.returncode == 0 and err == "", (bot.returncode, out, err)
        assert len(out.splitlines()) == 1, out
    return [json.loads(out) for out, _ in outputs]


class Watcher:
    """A socket of the host's at the table: every state and event, read in order."""

    def __init__(self, server: ServerProcess, table: dict[str, Any], cookie: str) -> None:
        # No read-side queue limit: the test reads only after the bots are done, and a limit
        # would stop the socket being read, which the server punishes by closing it (1013).
        self.ws: ClientConnection = connect(
            f"{server.ws_url}/ws/tables/{table['id']}?invite={invite_of(table)}",
            additional_headers={"Cookie": cookie}, open_timeout=30, max_queue=None,
        ).__enter__()
        self.ws.send(json.dumps({"op": "hello", "seq": 1}))
        self.seq = 1
        self.state: dict[str, Any] = {}

    def until(self, wanted: dict[str, Any]) -> dict[str, Any]:
        """Read until an event equal to ``wanted`` (or the table over); the state then."""
        deadline = time.monotonic() + WAIT_S
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.0, deadline - time.monotonic())))
            self.state = message.get("state", self.state)
            if wanted in message.get("events", []):
                return self.state
            if message["type"] == "snapshot" and self.state["table"]["status"] == "over":
                return self.state  # it ended before this socket opened

    def send(self, op: str, **args: Any) -> None:
        self.seq += 1
        self.ws.send(json.dumps({"op": op, "seq": self.seq, **args}))

    def close(self) -> None:
        self.ws.close()


@contextmanager
def watching(server: ServerProcess, table: dict[str, Any], cookie: str) -> Iterator[Watcher]:
    watcher = Watcher(server, table, cookie)
    try:
        yield watcher
    finally:
        watcher.close()


def recorded_match(server: ServerProcess, table: dict[str, Any], cookie: str) -> MatchState:
    record = api(server, f"/api/tables/{table['id']}/record?invite={invite_of(table)}", cookie)
    assert sorted(record["seats"]) == sorted(name or f"Bot-{level}" for level, _, name in BOTS)
    return replay_decisions(record["code"], [parse_decision(t) for t in record["decisions"]])


def agree(results: list[dict[str, Any]], match: MatchState) -> None:
    assert match.over
    assert sorted(r["seat"] for r in results) == [0, 1, 2, 3]
    for result in results:
        assert set(result) == {"seat", "totals", "winners", "losers"}
        assert result["totals"] == list(match.totals)
        assert result["winners"] == list(match.winners)
        assert result["losers"] == list(match.losers)


def saved_decisions(db: str, table_id: str) -> int:
    with contextlib.closing(sqlite3.connect(db)) as connection:
        row = connection.execute(
            "SELECT COUNT(*) FROM table_decisions WHERE table_id = ?", (table_id,)
        ).fetchone()
    return int(row[0])


def no_traceback(*servers: ServerProcess) -> None:
    for server in servers:
        text = server.stderr_text()
        assert "Traceback" not in text and "ERROR" not in text, text


def test_four_bots_finish_a_match_and_their_totals_agree_with_the_record(
    tmp_path: Path,
) -> None:
    server = ServerProcess(str(tmp_path / "hertta.db")).start()
    try:
        host = server.player_cookie()
        # The host only organises and watches: a spectator, so the table must allow them (a
        # guest from before the start is closed out when it starts otherwise, docs/tables.md).
        table = create_table(server, host, spectators=True)
        with watching(server, table, host) as watcher:
            bots = [start_bot(table["invite_url"], *bot) for bot in BOTS]
            results = finished(bots)
            final = watcher.until({"type": "table_over"})
        match = recorded_match(server, table, host)
    finally:
        server.stop()
    agree(results, match)
    assert final["game"]["summary"]["totals"] == list(match.totals)
    assert len(match.results) >= 2  # the bots said "next" after the first round
    no_traceback(server)


def test_the_bots_reconnect_and_finish_when_the_server_restarts_mid_match(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "hertta.db")
    server = ServerProcess(db).start()
    restarted = ServerProcess(db, port=server.port)
    bots: list[subprocess.Popen[str]] = []
    try:
        host = server.player_cookie()
        table = create_table(server, host, spectators=True)
        with watching(server, table, host) as watcher:
            # Eight tries (about 32 s of backoff): time for a server to start on a busy machine.
            bots = [start_bot(table["invite_url"], level, seed, name, "--retries", "8")
                    for level, seed, name in BOTS]
            watcher.until({"type": "started"})
            middle = watcher.until({"type": "hearts_broken"})
        assert middle["game"]["status"] == "playing"
        server.kill()  # SIGKILL, mid-round: the bots' sockets are cut
        saved_before = saved_decisions(db, table["id"])
        restarted.start()
        results = finished(bots)
        with watching(restarted, table, host) as watcher:  # a spectator now
            watcher.until({"type": "table_over"})
        match = recorded_match(restarted, table, host)
        # The match went on at the restarted server, so the bots did reconnect to it.
        assert len(match.results) >= 2 and saved_decisions(db, table["id"]) > saved_before
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
        server.stop()
        restarted.stop()
    agree(results, match)
    no_traceback(restarted)


# -- what stops it -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    running = ServerProcess(str(tmp_path_factory.mktemp("join") / "hertta.db")).start()
    yield running
    running.stop()


def test_bad_links_and_levels_are_refused_before_anything_is_sent() -> None:
    one_line_error(run("hearts", "join", "not-a-url"), "not an invite URL", "not-a-url")
    one_line_error(run("hearts", "join", "http://127.0.0.1:8000/tables/x?invite=y"),
                   "not an invite URL")
    one_line_error(run("hearts", "join", "http://127.0.0.1:8000/t/x", "--level", "genius"),
                   "genius")
    secret = run("hearts", "join", "http://aino:s3cret@127.0.0.1:8000/t/x?invite=y")
    one_line_error(secret, "not an invite URL", "user name or password")
    assert "s3cret" not in secret.stderr
    for seed in ("-1", str(1 << 64)):  # as the engine: a seed it would not take either
        one_line_error(run("hearts", "join", "http://127.0.0.1:8000/t/x", "--seed", seed), seed)


def test_a_server_that_is_not_there(tmp_path: Path) -> None:
    port = free_port()
    one_line_error(run("hearts", "join", f"http://127.0.0.1:{port}/t/abc?invite=x"),
                   "cannot reach", str(port))


def test_an_unknown_table(server: ServerProcess) -> None:
    one_line_error(run("hearts", "join", f"{server.url}/t/nope?invite=x"), "no such table")
    table = create_table(server, server.player_cookie())
    wrong_invite = f"{server.url}/t/{table['id']}?invite=guess"
    one_line_error(run("hearts", "join", wrong_invite), "no such table")


@contextmanager
def seated_person(server: ServerProcess, table: dict[str, Any]) -> Iterator[None]:
    """A person takes the table's one open seat (so the match starts) and stays."""
    cookie = server.player_cookie()
    api(server, "/api/profile", cookie, {"name": "Aino"})
    with connect(f"{server.ws_url}/ws/tables/{table['id']}?invite={invite_of(table)}",
                 additional_headers={"Cookie": cookie}, open_timeout=30,
                 max_queue=None) as ws:
        ws.send(json.dumps({"op": "sit", "seq": 1}))
        while True:
            reply = json.loads(ws.recv(timeout=30))
            if reply.get("re") == 1:
                break
        assert reply["type"] == "update" and reply["state"]["table"]["status"] == "playing"
        yield


@pytest.mark.parametrize(("spectators", "words"), [
    (False, "takes no spectators"),
    (True, "began without a seat"),
])
def test_a_full_table(server: ServerProcess, spectators: bool, words: str) -> None:
    seats = ["open", {"level": "easy"}, {"level": "easy"}, {"level": "easy"}]
    table = create_table(server, server.player_cookie(), seats=seats, spectators=spectators)
    with seated_person(server, table):
        one_line_error(run("hearts", "join", table["invite_url"]), "full", words)


def test_a_table_whose_match_is_over(server: ServerProcess) -> None:
    """Its link does not say "full": the match is over (an outside audit, 2026-12-06)."""
    host = server.player_cookie()
    table = create_table(server, host, seats=[{"level": "easy"}] * 4, spectators=True,
                         rules={"preset": "standard", "players": 4, "score_limit": 1})
    with watching(server, table, host) as watcher:
        watcher.until({"type": "table_over"})
    one_line_error(run("hearts", "join", table["invite_url"]), "its match is over")


def test_a_table_that_never_fills_times_out(server: ServerProcess) -> None:
    host = server.player_cookie()
    table = create_table(server, host)
    result = run("hearts", "join", table["invite_url"], "--timeout", "3")
    one_line_error(result, "timed out after 3 s", "waiting for players (3 free)")
    # It stood up on its way out: the seat is free again, not held by a player who is gone.
    seats = api(server, f"/api/tables/{table['id']}?invite={invite_of(table)}", host)["seats"]
    assert [seat["kind"] for seat in seats] == ["open"] * 4, seats


@pytest.mark.parametrize(("timeout", "words"), [
    ("1e10", "up to 2592000 (30 days), got 10000000000"),  # was a traceback past about 9.2e9
    ("9.3e9", "got 9300000000"),
    ("nan", "got nan"),
    ("0", "got 0"),
    ("2592001", "got 2592001"),  # one over the 30 days: quoted as given, not rounded to equal
    ("2592000.1", "got 2592000.1"),
])
def test_a_timeout_out_of_range_is_one_line(
    server: ServerProcess, timeout: str, words: str
) -> None:
    table = create_table(server, server.player_cookie())
    one_line_error(run("hearts", "join", table["invite_url"], "--timeout", timeout),
                   "--timeout must be a positive number", words)


def test_a_bot_stopped_by_sigterm_gives_its_seat_up(server: ServerProcess) -> None:
    host = server.player_cookie()
    table = create_table(server, host)
    with watching(server, table, host) as watcher:
        bot = start_bot(table["invite_url"], "easy", 0)
        watcher.until({"type": "seating"})  # the bot sat down
        bot.terminate()  # as kill or a service manager stops it
        _, err = bot.communicate(timeout=WAIT_S)
    assert bot.returncode == 128 + signal.SIGTERM and err == "error: terminated\n", err
    seats = api(server, f"/api/tables/{table['id']}?invite={invite_of(table)}", host)["seats"]
    assert [s["kind"] for s in seats] == ["open"] * 4, seats  # not held by a bot that is gone


def test_a_bot_the_host_removes_goes(server: ServerProcess) -> None:
    host = server.player_cookie()
    table = create_table(server, host)
    with watching(server, table, host) as watcher:
        bot = start_bot(table["invite_url"], "easy", 0)
        state = watcher.until({"type": "seating"})  # the bot sat down
        seat = [s.get("name") for s in state["table"]["seats"]].index("Bot-easy")
        watcher.send("remove", seat=seat)
        _, err = bot.communicate(timeout=WAIT_S)
    result = subprocess.CompletedProcess(bot.args, bot.returncode, "", err)
    one_line_error(result, "the host removed us")
    seats = api(server, f"/api/tables/{table['id']}?invite={invite_of(table)}", host)["seats"]
    assert [s["kind"] for s in seats] == ["open"] * 4, seats  # it did not sit down again


def test_a_server_that_goes_away_for_good(tmp_path: Path) -> None:
    doomed = ServerProcess(str(tmp_path / "hertta.db")).start()
    try:
        host = doomed.player_cookie()
        table = create_table(doomed, host)
        with watching(doomed, table, host) as watcher:
            bot = start_bot(table["invite_url"], "easy", 0, None, "--retries", "2")
            watcher.until({"type": "seating"})  # the bot sat down
        doomed.kill()
        _, err = bot.communicate(timeout=WAIT_S)
    finally:
        doomed.stop()
    result = subprocess.CompletedProcess(bot.args, bot.returncode, "", err)
    one_line_error(result, "lost the connection", "could not reconnect in 2 tries")


def test_a_refused_decision_on_an_unmoved_table_ends_it(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client whose decisions the server refuses (here: a card while everyone passes) stops
    with the server's reason instead of sending the same decision for ever."""
    seats = ["open", {"level": "easy"}, {"level": "easy"}, {"level": "easy"}]
    table = create_table(server, server.player_cookie(), seats=seats)

    def wrong(state: Any, player: Any, seed: int) -> tuple[str, dict[str, Any]] | None:
        game = state["game"]
        return None if game is None else ("play", {"card": game["observation"]["hand"][0]})

    monkeypatch.setattr(table_client, "decide", wrong)
    client = table_client.TableClient(table_client.parse_invite(table["invite_url"]),
                                      make_player("easy"), name="Wrong", timeout_s=WAIT_S)
    with pytest.raises(table_client.TableClientError, match=r"refused play .*: wrong_phase"):
        client.play()
