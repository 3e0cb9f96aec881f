"""Random frames on the game and table sockets: whatever arrives, the server answers with a
protocol code (never ``internal_error``), logs no traceback and goes on answering.

The fixed lists of bad frames in test_hardening.py and test_hearts_protocol.py pin each code;
this walks a socket through random ops with random arguments (a real op with a wrong value is
the likeliest slip of another client), so a path nobody listed is tried too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.conftest import Socket
from tests.web.fuzz_helpers import json_scalars, weighted
from tests.web.online_helpers import cookie_header, create_table, invite_of, people_client
from tests.web.test_online import FOUR

PROTOCOL_CODES = {
    "frame_too_large", "bad_json", "bad_frame", "unknown_op", "bad_argument", "bad_code",
    "illegal_move", "bad_notation", "bad_setting", "bad_record", "bad_input", "stale",
    "not_your_seat",
}
"""docs/web-protocol.md's error codes, less ``unavailable`` (no database goes away here) and
``internal_error`` (a bug)."""

OPS = {
    "/ws/h2h": ["hello", "view", "ping", "tap", "undo", "new", "restart", "code", "daily"],
    "/ws/hearts": [
        "hello", "view", "ping", "new", "replay", "pass", "play", "moon", "next", "hint",
    ],
    "/ws/tables": [
        "hello", "view", "ping", "sit", "stand", "computer", "remove", "leave", "pass", "play",
        "moon", "next", "react", "mute",
    ],
}
ARGUMENTS = [
    "seq", "target", "code", "hidden", "dialog", "players", "preset", "score_limit",
    "moon_rule", "opponents", "cards", "card", "option", "seat", "level", "name", "reaction",
    "muted",
]
CARDS = [f"{rank}{suit}" for suit in "CDSH" for rank in "23456789TJQKA"]
WORDS = [
    "stock", "waste", "standard", "omnibus", "cancellation", "black_lady", "add", "subtract",
    "choose", "easy", "normal", "hard", "HH1-1-AAAAAAM", "HM1-S4-AAAAAAM", "", "10H", "Q♠",
    "hello", "well_played", "emoji_moon",
]
scalars = json_scalars(CARDS + WORDS, (-1, 7), 12)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["name", "level", "x"]) | st.text(max_size=5), inner,
                      max_size=3),
    max_leaves=8,
)


def frames(ops: list[str]) -> st.SearchStrategy[str]:
    """Mostly real ops with real argument names (whose values may be anything), sometimes an
    unknown op or one that is not a string."""
    op = weighted((8, st.sampled_from(ops)), (1, st.text(max_size=8)), (1, values))
    name = weighted((4, st.sampled_from(ARGUMENTS)), (1, st.text(max_size=6)))
    arguments = st.dictionaries(name, values, max_size=4)
    return st.builds(lambda o, a: json.dumps({**a, "op": o}), op, arguments)


class Walk:
    """One socket kept open across the examples: each frame lands on whatever state the earlier
    ones left (a match started, a card selected), as another client's would."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.marker = 10**9

    def send(self, frame: str) -> list[dict[str, Any]]:
        """Send ``frame``, then a ping; every message up to the pong's answer."""
        self.socket.ws.send_text(frame)
        self.marker += 1
        self.socket.ws.send_text(json.dumps({"op": "ping", "seq": self.marker}))
        seen = []
        while True:
            message = self.socket.receive()
            seen.append(message)
            if message.get("re") == self.marker:
                assert message["type"] == "pong", message
                return seen


WALKS = ["/ws/h2h", "/ws/hearts", "/ws/tables", "/ws/tables playing"]
"""The sockets walked; the table twice: the host's own table with three seats open (so "sit",
"computer" and the rest have something to act on), and the same with three computer players
seated, so the match is on."""


@pytest.fixture(params=WALKS)
def walk(request: pytest.FixtureRequest, db_path: str) -> Iterator[tuple[str, Walk]]:
    path, _, playing = str(request.param).partition(" ")
    with people_client(db_path, {"host": "Host"}) as client:
        headers = cookie_header(client, "host")
        url = path
        if path == "/ws/tables":
            table = create_table(client, "host", **FOUR)
            url = f"{path}/{table['id']}?invite={invite_of(table)}"
        with client.websocket_connect(url, headers=headers) as ws:
            socket = Socket(ws)
            socket.hello()
            if playing:
                for seat in (1, 2, 3):
                    reply = socket.send("computer", seat=seat, level="easy")
                    assert reply["type"] == "update", reply
            yield path, Walk(socket)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)
@given(data=st.data())
def test_random_frames_get_protocol_answers_and_the_socket_goes_on(
    walk: tuple[str, Walk], data: st.DataObject, caplog: pytest.LogCaptureFixture
) -> None:
    path, socket = walk
    frame = data.draw(frames(OPS[path]), label="frame")
    # Heart to Heart has nobody else moving, so a refused frame must leave its state as it was
    # (the Hearts and table walks have computer players whose moves may land in between).
    before = solitaire_state(socket) if path == "/ws/h2h" else None
    refused = False
    for message in socket.send(frame):
        if message["type"] == "error":
            assert message["code"] in PROTOCOL_CODES, (frame, message)
            refused = True
        else:
            assert message["type"] in {"snapshot", "update", "pong"}, (frame, message)
    assert not [r for r in caplog.records if r.exc_info], f"a traceback was logged for {frame}"
    if before is not None and refused:
        assert solitaire_state(socket) == before, frame


def solitaire_state(socket: Walk) -> dict[str, Any]:
    """The game as a snapshot shows it, less the clock (it runs on its own)."""
    state: dict[str, Any] = socket.socket.hello()
    return {key: value for key, value in state.items() if key != "timer"}
