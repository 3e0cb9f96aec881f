"""Bad frames get an error message; the connection and the saved game survive them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hertta.web.protocol import MAX_FRAME_CHARS
from tests.web.conftest import Socket


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

BAD_FRAMES: list[tuple[str | bytes, str]] = [
    ("not json at all", "bad_json"),
    ("{", "bad_json"),
    (b"\xff\xfe\x00garbage", "bad_json"),
    ("[1, 2, 3]", "bad_frame"),
    ('"tap"', "bad_frame"),
    ("null", "bad_frame"),
    ("{}", "bad_frame"),
    ('{"op": 5}', "bad_frame"),
    ('{"op": "fly"}', "unknown_op"),
    ('{"op": "__init__"}', "unknown_op"),
    ('{"op": "tap"}', "bad_argument"),
    ('{"op": "tap", "target": "x"}', "bad_argument"),
    ('{"op": "tap", "target": 0}', "bad_argument"),
    ('{"op": "tap", "target": 26}', "bad_argument"),
    ('{"op": "tap", "target": true}', "bad_argument"),
    ('{"op": "tap", "target": 2.5}', "bad_argument"),
    ('{"op": "tap", "target": [1]}', "bad_argument"),
    ('{"op": "tap", "target": null}', "bad_argument"),
    ('{"op": "code", "code": 12}', "bad_argument"),
    ('{"op": "code", "code": "' + "A" * 100 + '"}', "bad_argument"),
    ('{"op": "code"}', "bad_argument"),
    ('{"op": "view", "hidden": "yes"}', "bad_argument"),
    ('{"op": "undo", "seq": "one"}', "bad_argument"),
    ('{"op": "undo", "seq": -1}', "bad_argument"),
    ("[" * 3000 + "]" * 3000, "frame_too_large"),
    ("[" * 100 + "]" * 100, "bad_frame"),
    ('{"op": "tap", "target": 1, "pad": "' + "x" * MAX_FRAME_CHARS + '"}', "frame_too_large"),
    ("x" * 1_000_000, "frame_too_large"),
    (b"x" * 1_000_000, "frame_too_large"),
    # A lone surrogate is no text: it could be neither saved nor sent back.
    ('{"op": "code", "code": "HH1-N-AAAAAAM\\ud800"}', "bad_json"),
    ('{"op": "ping", "pad": {"\\udc00": 1}}', "bad_json"),
    # Binary frames are UTF-8, nothing else (json.loads alone would take UTF-16).
    ('{"op": "ping"}'.encode("utf-16"), "bad_json"),
    (b'{"op": "tap", "target": 1, "pad": "' + "\u00e4".encode() * 4100 + b'"}', "frame_too_large"),
]


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("timer",)}


@pytest.mark.parametrize(("frame", "code"), BAD_FRAMES, ids=lambda v: repr(v)[:30])
def test_bad_frame_gets_an_error_and_changes_nothing(
    socket: Socket, frame: str | bytes, code: str
) -> None:
    socket.send("tap", target="stock")
    before = socket.hello()
    reply = socket.send_raw(frame)
    assert reply["type"] == "error"
    assert reply["code"] == code
    assert "state" not in reply
    after = socket.hello()  # the connection is still open
    assert comparable(after) == comparable(before)
    assert socket.send("tap", target="stock")["state"]["moves"] == before["moves"] + 1


def test_error_echoes_a_valid_seq_and_names_the_field(socket: Socket) -> None:
    reply = socket.send_raw(json.dumps({"op": "tap", "seq": 77, "target": "nowhere"}))
    assert reply["re"] == 77
    assert reply["field"] == "target"


def test_many_bad_frames_in_a_row_do_not_wear_the_connection_down(socket: Socket) -> None:
    for i in range(200):
        assert socket.send_raw(f"garbage {i}")["type"] == "error"
    assert socket.send("ping")["type"] == "pong"


def test_a_failing_session_sends_internal_error_and_survives(
    socket: Socket, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hertta.web.h2h_session import HeartToHeartSession

    before = socket.hello()

    async def broken(self: HeartToHeartSession, connection: object, intent: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(HeartToHeartSession, "handle", broken)
    reply = socket.send("tap", target="stock")
    assert reply["type"] == "error" and reply["code"] == "internal_error"
    assert "a bug" not in json.dumps(reply)
    monkeypatch.undo()
    assert comparable(socket.hello()) == comparable(before)
