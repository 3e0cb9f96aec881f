"""Kill the real server with SIGKILL in the middle of a game, start it again on the same
database: the game resumes with every move the client saw acknowledged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from hertta.solitaire.game import replay
from tests.web.helpers import PINNED_WINNABLE, tap_targets_for, winning_moves
from tests.web.server_process import ServerProcess


class Client:
    def __init__(self, server: ServerProcess, cookie: str) -> None:
        # Closed explicitly by the test (or by the server's death), hence no context manager.
        self.ws: ClientConnection = connect(
            f"{server.ws_url}/ws/h2h", additional_headers={"Cookie": cookie}, open_timeout=10
        ).__enter__()
        self.seq = 0

    def send(self, op: str, **args: Any) -> int:
        self.seq += 1
        self.ws.send(json.dumps({"op": op, "seq": self.seq, **args}))
        return self.seq

    def reply_to(self, seq: int | None) -> dict[str, Any]:
        while True:
            message = json.loads(self.ws.recv(timeout=10))
            if message.get("re") == seq:
                return message  # type: ignore[no-any-return]

    def close(self) -> None:
        self.ws.close()

    def ask(self, op: str, **args: Any) -> dict[str, Any]:
        return self.reply_to(self.send(op, **args))


def test_sigkill_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = str(tmp_path / "hertta.db")
    moves = winning_moves(PINNED_WINNABLE)
    server = ServerProcess(db).start()
    try:
        cookie = server.player_cookie()
        client = Client(server, cookie)
        client.ask("hello")
        assert client.ask("code", code=PINNED_WINNABLE)["state"]["moves"] == 0
        acknowledged = 0
        last_state: dict[str, Any] = {}
        earlier_state: dict[str, Any] = {}
        for move in moves[:40]:
            earlier_state = last_state
            for target in tap_targets_for(move):
                last_state = client.ask("tap", target=target)["state"]
            acknowledged += 1
            assert last_state["moves"] == acknowledged
        # A frame over the protocol's size over a real socket: an error, the connection lives.
        client.send("tap", target=1, pad="x" * 10_000)
        large = client.reply_to(None)  # too large to be read, so its seq cannot be echoed
        assert large["type"] == "error" and large["code"] == "frame_too_large"
        # Taps sent but not (yet) acknowledged when the process dies.
        for move in moves[40:50]:
            for target in tap_targets_for(move):
                client.send("tap", target=target)
        server.kill()
    finally:
        server.stop()

    restarted = ServerProcess(db).start()
    try:
        client = Client(restarted, cookie)  # the same signed cookie still names the player
        state = client.ask("hello")["state"]
        client.close()
    finally:
        restarted.stop()
    played = state["moves"]
    assert acknowledged <= played <= 50
    expected = replay(PINNED_WINNABLE, moves[:played]).position
    assert state["code"] == PINNED_WINNABLE
    assert state["heart"] == [None if c is None else c.notation for c in expected.heart]
    assert state["stock"] == len(expected.stock)
    assert state["score"] == expected.score
    # The last acknowledged move was saved after the previous reply was made, with the clock
    # running in between: the resumed time is at least what that reply showed.
    assert state["timer"]["elapsed_ms"] >= earlier_state["timer"]["elapsed_ms"] > 0
