"""Details of shared tables an outside audit found (2026-12-05), in process on both engines: a
new display name reaches a waiting seat; a person back from a stand-in is shown connected;
``next`` is answered once, before the next round; a second ``leave`` is refused; the clock
running out on ``next`` is told; the page of an unknown or hidden table is not found. And
(2026-12-06) a decision naming the table's count of decisions it was made on: one for a
position gone by (the clock played the turn, the computer players played on, the turn came
round again) is refused ``stale`` instead of landing on the later turn."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.ai.table_state import owed
from tests.tables.fake_timers import FakeTimers
from tests.web.conftest import Socket
from tests.web.online_helpers import (
    at_table,
    cookie_header,
    create_table,
    drain,
    invite_of,
    latest,
    name_player,
    people_client,
    simple_decision,
    tick,
)


@pytest.fixture
def db_path(db_target: str) -> str:
    return db_target


@pytest.fixture
def timers() -> FakeTimers:
    return FakeTimers()


@pytest.fixture
def shared(db_path: str, timers: FakeTimers) -> Iterator[TestClient]:
    with people_client(db_path, {"aino": "Aino"}, timers) as client:
        yield client


TWO_PEOPLE = {"rules": {"preset": "standard", "players": 4, "score_limit": 100},
              "seats": ["host", "open", {"level": "easy"}, {"level": "easy"}], "clock": 0}


def events_of(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event for message in messages for event in message.get("events", [])]


WAIT_SECONDS = 120.0
"""How long a test waits for the computer seats: bounded by time, not by pings, since a busy
machine answers many pings before a computer seat's turn is thought out."""


def await_event(socket: Socket, wanted: dict[str, Any], since: int = 0) -> None:
    """Ask (a ping) until ``wanted`` has come: a bounded wait that fails, where reading the
    socket alone would wait forever for a message that never comes."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        drain(socket)
        if wanted in events_of(socket.messages[since:]):
            return
    raise AssertionError(f"{wanted} never came")


def play_until_round_over(sockets: dict[str, Socket]) -> None:
    """Both people play (lowest legal card) until the first round's result is shown."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        for socket in sockets.values():
            drain(socket)
            choice = simple_decision(latest(socket))
            if choice is not None and choice[0] != "next":
                assert socket.send(choice[0], **choice[1])["type"] == "update"
        if all(latest(s)["game"]["status"] == "round_over" for s in sockets.values()):
            return
    raise AssertionError("the round did not end")


def sat_down(client: TestClient, request: dict[str, Any]) -> tuple[str, str]:
    table = create_table(client, "host", **request)
    invite = invite_of(table)
    with at_table(client, table["id"], ["aino"], invite) as sockets:
        assert sockets["aino"].send("sit", seat=1)["type"] == "update"
    return table["id"], invite


def seat_names(client: TestClient, table_id: str, invite: str) -> list[str | None]:
    reply = client.get(f"/api/tables/{table_id}?invite={invite}")
    assert reply.status_code == 200, reply.text
    return [seat.get("name") for seat in reply.json()["seats"]]


def test_a_new_name_reaches_a_waiting_seat_and_not_a_match_begun(shared: TestClient) -> None:
    waiting = {**TWO_PEOPLE, "seats": ["host", "open", "open", {"level": "easy"}]}
    table_id, invite = sat_down(shared, waiting)
    with at_table(shared, table_id, ["host"], invite) as sockets:
        drain(sockets["host"])
        seen = len(sockets["host"].messages)
        name_player(shared, "aino", "Aino Kallio")  # the room is open here: it is told
        await_event(sockets["host"], {"type": "seating"}, since=seen)
        drain(sockets["host"])
        assert latest(sockets["host"])["table"]["seats"][1]["name"] == "Aino Kallio"
    # Through the settings form, with nobody watching the table.
    form = {"display_name": "  Aino   K. ", "lang": "fi"}
    reply = shared.post("/settings", data=form, headers=cookie_header(shared, "aino"),
                        follow_redirects=False)
    assert reply.status_code == 303
    assert seat_names(shared, table_id, invite)[1] == "Aino K."
    # A match already begun keeps the names it began with.
    playing, invite = sat_down(shared, TWO_PEOPLE)
    assert seat_names(shared, playing, invite)[1] == "Aino K."
    name_player(shared, "aino", "Someone Else")
    assert seat_names(shared, playing, invite)[1] == "Aino K."


def test_next_is_answered_once_and_before_the_next_round(shared: TestClient) -> None:
    table = create_table(shared, "host", **TWO_PEOPLE)
    with at_table(shared, table["id"], ["host", "aino"], invite_of(table)) as sockets:
        sockets["aino"].send("sit", seat=1)
        play_until_round_over(sockets)
        host, aino = sockets["host"], sockets["aino"]
        seen = len(host.messages)
        first = host.send("next")
        assert first["events"] == [{"type": "ready", "seat": 0}]
        await_event(aino, {"type": "ready", "seat": 0})
        drain(host)
        pushed = [m for m in host.messages[seen:] if m.get("re") is None]
        assert {"type": "ready", "seat": 0} not in events_of(pushed), "told twice"
        seen = len(aino.messages)
        last = aino.send("next")
        assert last["events"] == [{"type": "ready", "seat": 1}]
        assert last["state"]["game"]["status"] == "round_over"
        before_reply = aino.messages[seen:aino.messages.index(last)]
        assert not any(e["type"] == "round" for e in events_of(before_reply))
        await_event(aino, {"type": "round", "index": 1, "direction": "right", "dealer": 1})


def test_the_first_round_is_told_and_next_out_of_its_phase_is_refused(
    shared: TestClient,
) -> None:
    """The match's start said only "seating" and "started" (every later round comes with a
    ``round`` event); a ``next`` while passing was ``not_your_seat``, where a pass or a card
    out of its phase is refused ``wrong_phase``."""
    table = create_table(shared, "host", **TWO_PEOPLE)
    with at_table(shared, table["id"], ["host", "aino"], invite_of(table)) as sockets:
        host = sockets["host"]
        drain(host)
        seen = len(host.messages)
        sockets["aino"].send("sit", seat=1)
        drain(host)
        told = [e for m in host.messages[seen:] for e in m.get("events", ())]
        started = told.index({"type": "started"})
        assert told[started + 1] == {"type": "round", "index": 0, "direction": "left",
                                     "dealer": told[started + 1]["dealer"]}, told
        assert latest(host)["game"]["status"] == "passing"
        reply = host.send("next")
        assert reply["type"] == "update", reply
        assert reply["events"] == [{"type": "refused", "reason": "wrong_phase"}]
        assert latest(host)["table"]["ready"] == []


def test_a_second_leave_is_refused(shared: TestClient, timers: FakeTimers) -> None:
    table = create_table(shared, "host", **TWO_PEOPLE)
    with at_table(shared, table["id"], ["host", "aino"], invite_of(table)) as sockets:
        sockets["aino"].send("sit", seat=1)
        aino = sockets["aino"]
        host = sockets["host"]
        drain(host)
        before_leave = len(host.messages)
        assert aino.send("leave")["type"] == "update"
        again = aino.send("leave")
        assert again == {**again, "type": "error", "code": "not_your_seat"}
        # Watching on, she no longer counts as the seat's connection nor reacts for it (the
        # seat showed her connected, and her reactions came from the stand-in's seat).
        reacted = aino.send("react", reaction="hello")
        assert reacted == {**reacted, "type": "error", "code": "not_your_seat"}
        drain(host)
        seat = latest(host)["table"]["seats"][1]
        assert seat["left"] and seat["connected"] is False
        told = events_of(host.messages[before_leave:])
        assert {"type": "reaction", "seat": 1, "reaction": "hello"} not in told
        # The seat was told not connected once, as she left (docs/tables.md); not again as
        # her connections went on or dropped, nor, a grace period later, that a computer player
        # took over once more.
        presence = [e for e in told if e["type"] == "presence" and e["seat"] == 1]
        assert presence == [{"type": "presence", "seat": 1, "connected": False}], presence
        assert told.index(presence[0]) < told.index({"type": "autopilot", "seat": 1, "on": True})
        tick(shared, timers, 61)
        drain(host)
        autopilot = [e for e in events_of(host.messages[before_leave:])
                     if e["type"] == "autopilot"]
        assert autopilot == [{"type": "autopilot", "seat": 1, "on": True}], autopilot


def test_the_clock_running_out_on_next_is_told(shared: TestClient, timers: FakeTimers) -> None:
    table = create_table(shared, "host", **{**TWO_PEOPLE, "clock": 15})
    with at_table(shared, table["id"], ["host", "aino"], invite_of(table)) as sockets:
        sockets["aino"].send("sit", seat=1)
        play_until_round_over(sockets)
        host = sockets["host"]
        assert latest(host)["table"]["clock_state"]["kind"] == "next"
        tick(shared, timers, 17)  # 15 s, and the 1.125 s the round's last trick is shown
        await_event(host, {"type": "timed_out", "seat": 0, "kind": "next"})
        await_event(host, {"type": "timed_out", "seat": 1, "kind": "next"})
        await_event(host, {"type": "round", "index": 1, "direction": "right", "dealer": 1})


def test_the_page_of_an_unknown_or_hidden_table_is_not_found(shared: TestClient) -> None:
    private = create_table(shared, "host", **TWO_PEOPLE, public=False)
    page = f"/t/{private['id']}"
    stranger = cookie_header(shared, "stranger")
    assert shared.get("/t/no-such-table", headers=stranger).status_code == 404
    assert shared.get(page, headers=stranger).status_code == 404
    assert shared.get(f"{page}?invite=wrong", headers=stranger).status_code == 404
    invited = shared.get(f"{page}?invite={invite_of(private)}", headers=stranger)
    assert invited.status_code == 200
    assert shared.get(page, headers=cookie_header(shared, "host")).status_code == 200


@pytest.mark.parametrize(
    "change",
    [{"clock": 30.0}, {"rules": {"players": 4.0}}, {"public": "yes"}, {"rated": 1},
     {"rules": {"preset": "standard", "score_limit": "100"}}, {"spectators": None}],
)
def test_a_value_of_the_wrong_json_type_is_a_bad_request(
    shared: TestClient, change: dict[str, Any]
) -> None:
    reply = shared.post("/api/tables", json={**TWO_PEOPLE, **change},
                        headers=cookie_header(shared, "aino"))
    assert reply.status_code == 400
    assert reply.json()["error"] == "bad_request", reply.json()
    shown = json.dumps(change)
    assert any(repr(v) in reply.json()["detail"] for v in _leaves(change)), shown


@pytest.mark.parametrize(("seat", "quoted"), [({"level": "easy", "name": 5}, "5"),
                                              ({"level": 3}, "3"),
                                              ({"level": "easy", "name": ["Aino"]}, "['Aino']")])
def test_a_computer_seat_of_the_wrong_json_type_is_a_bad_request(
    shared: TestClient, seat: dict[str, Any], quoted: str
) -> None:
    body = {**TWO_PEOPLE, "seats": ["host", "open", seat, "open"]}
    reply = shared.post("/api/tables", json=body, headers=cookie_header(shared, "aino"))
    assert reply.status_code == 400 and reply.json()["error"] == "bad_request", reply.json()
    assert "seat 2: " in reply.json()["detail"] and quoted in reply.json()["detail"]


@pytest.mark.parametrize("name", [5, None, True, ["Aino"]])
def test_a_profile_name_of_the_wrong_json_type_is_a_bad_request(
    shared: TestClient, name: object
) -> None:
    reply = shared.post("/api/profile", json={"name": name}, headers=cookie_header(shared, "a"))
    assert reply.status_code == 400 and reply.json()["error"] == "bad_request", reply.json()
    assert repr(name) in reply.json()["detail"]


def test_computer_players_named_by_default_take_no_persons_name(shared: TestClient) -> None:
    """The defaults go by seat (Aino, Eero, Liisa...): a host called Aino had a computer Aino
    beside her, and a blank name is a default one as an empty one is."""
    reply = shared.post("/api/tables", headers=cookie_header(shared, "host"), json={
        "name": "Aino", "rules": {"preset": "standard", "players": 4},
        "seats": [{"level": "easy"}, {"level": "easy", "name": "  "},
                  {"level": "easy", "name": "Liisa"}, "host"]})
    assert reply.status_code == 201, reply.json()
    names = [seat["name"] for seat in reply.json()["table"]["seats"]]
    assert names[2:] == ["Liisa", "Aino"] and len(set(names)) == 4, names


def _leaves(value: dict[str, Any]) -> list[object]:
    found: list[object] = []
    for item in value.values():
        found.extend(_leaves(item) if isinstance(item, dict) else [item])
    return found


@pytest.mark.parametrize(
    ("body", "quoted"),
    [({**TWO_PEOPLE, "seats": ["host", "open", {"level": "god"}, "open"]}, "'god'"),
     ({**TWO_PEOPLE, "seats": ["host", "open", ["weird"], "open"]}, "['weird']")],
)
def test_a_refused_seat_is_quoted(shared: TestClient, body: dict[str, Any], quoted: str) -> None:
    reply = shared.post("/api/tables", json=body, headers=cookie_header(shared, "aino"))
    assert reply.status_code == 400 and quoted in reply.json()["detail"]


def test_bodies_that_are_not_json_are_quoted(shared: TestClient) -> None:
    headers = {**cookie_header(shared, "aino"), "content-type": "application/json"}
    reply = shared.post("/api/tables", content=b'{"rules": {', headers=headers)
    assert reply.status_code == 400 and '{"rules": {' in reply.json()["detail"]
    reply = shared.post("/api/profile", json={"name": "x", "y": 1}, headers=headers)
    assert reply.status_code == 400 and "'y': 1" in reply.json()["detail"]
    reply = shared.post("/api/settings", content=b"{not json", headers=headers)
    assert reply.status_code == 400 and "{not json" in reply.json()["detail"]


@pytest.mark.parametrize("where", ["seat", "level", "settings"])
def test_a_body_nested_too_deep_is_a_bad_request_not_a_crash(
    shared: TestClient, where: str
) -> None:
    # About 970 levels: json.loads reads it, and quoting it in a message (repr) overran the
    # recursion limit: 500 Internal Server Error.
    deep = "[" * 970 + "]" * 970
    headers = {**cookie_header(shared, "aino"), "content-type": "application/json"}
    bodies = {
        "seat": '{"seats": ["host", "open", ' + deep + ', "open"]}',
        "level": '{"seats": ["host", "open", {"level": ' + deep + '}, "open"]}',
        "settings": '{"lang": ' + deep + "}",
    }
    path = "/api/settings" if where == "settings" else "/api/tables"
    reply = shared.post(path, content=bodies[where].encode(), headers=headers)
    assert reply.status_code == 400 and reply.json()["error"] == "bad_request", reply.text
    assert "levels deep" in reply.json()["detail"]


@pytest.mark.parametrize(
    "name", ["Aino\u202e", "A\u200bino", "\ufeffAino", "Ai\u2066no", "\u200d", "\u200c \u200d",
             "Aino\u3164", "\u3164", "Ai\uffa0no", "\u2800", "\u115fAino",
             "Aino\U000e0041", "\U000e0067Aino\U000e007f",  # tag characters outside a flag
             "Aino \U0001f3f4\U000e0067\U000e0062",  # a flag's tags never cancelled
             # Joiners and selectors that join or select nothing look like "Aino":
             "Ai\u200dno", "Ai\u200cno", "Aino\u200d\u2764", "\u200dAino", "Ai\ufe0fno",
             "A\u034fino"]
)
def test_a_name_with_an_invisible_format_character_is_refused(
    shared: TestClient, name: str
) -> None:
    reply = shared.post("/api/profile", json={"name": name}, headers=cookie_header(shared, "aino"))
    assert reply.status_code == 400 and reply.json()["error"] == "bad_setting"
    assert shared.get("/api/profile", headers=cookie_header(shared, "aino")).json() == {
        "name": "Aino"
    }


@pytest.mark.parametrize(
    "name",
    ["Aino \U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family: joiners
     "\U0001f3f3\ufe0f\u200d\U0001f308 Aino",  # the rainbow flag: a selector and a joiner
     "1\ufe0f\u20e3 Aino", "\u2764\ufe0f Aino",  # a keycap, a red heart
     "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a non-joiner
     "\u0915\u094d\u200d\u0937",  # Devanagari: a joiner
     "Aino \U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"],  # Wales: tags
)
def test_a_name_may_hold_the_format_characters_of_emoji(shared: TestClient, name: str) -> None:
    reply = shared.post("/api/profile", json={"name": name}, headers=cookie_header(shared, "aino"))
    assert reply.status_code == 200 and reply.json() == {"name": name}


# -- a decision names the count of decisions it was made on (docs/tables.md) --------------------


ONE_PERSON = {"rules": {"preset": "standard", "players": 4, "score_limit": 100},
              "seats": ["host", {"level": "normal"}, {"level": "normal"}, {"level": "normal"}],
              "clock": 15}


def wait_until_owed(socket: Socket, kind: str, limit: int = 500) -> dict[str, Any]:
    """Read until this seat owes a decision of ``kind``; its state then."""
    for _ in range(limit):
        drain(socket)
        state = latest(socket)
        if state["game"] and owed(state) == kind:
            return state
        socket.receive()
    raise AssertionError(f"never owed a {kind}")


def test_a_card_chosen_before_the_clock_played_the_turn_does_not_land_on_the_next(
    shared: TestClient, timers: FakeTimers
) -> None:
    table = create_table(shared, "host", **ONE_PERSON)
    with at_table(shared, table["id"], ["host"]) as sockets:
        host = sockets["host"]
        host.send("sit", seat=0)
        # A pass names the count it was made on; the computer players' passes after it are
        # other seats' and do not make it stale.
        state = wait_until_owed(host, "pass")
        kind, args = simple_decision(state) or ("", {})
        for _ in range(500):
            if latest(host)["game"]["observation"]["passes_chosen"].count(True) == 3:
                break
            host.receive()
        # As the page showed the round before any computer player had passed.
        made_at = latest(host)["table"]["decisions"] - 3
        reply = host.send(kind, **args, decisions=made_at)
        assert reply["type"] == "update" and reply["events"][0]["type"] == "passed", reply

        # The person's turn: they choose a card, and the clock plays for them first.
        state = wait_until_owed(host, "play")
        chosen_at = state["table"]["decisions"]
        tick(shared, timers, 19)  # 15 s, and the 3.375 s the cards before a turn are shown
        # The computer players play on until the turn comes round again; the clock is kept
        # from playing that one too (the test moves the time only once).
        timed_out = {"type": "timed_out", "seat": 0, "kind": "play"}
        for _ in range(500):
            if any(timed_out in m.get("events", []) for m in host.messages):
                break
            host.receive()
        else:
            raise AssertionError("the clock never played for the person")
        state = wait_until_owed(host, "play")
        now = state["table"]["decisions"]
        assert now > chosen_at
        card = state["game"]["observation"]["legal_plays"][-1]
        reply = host.send("play", card=card, decisions=chosen_at)
        assert reply["type"] == "error" and reply["code"] == "stale", reply
        drain(host)
        state = latest(host)
        assert state["table"]["decisions"] == now
        assert card in state["game"]["observation"]["hand"], "the stale card was not played"
        # The same card chosen on the position as it is now is played.
        reply = host.send("play", card=card, decisions=now)
        assert reply["type"] == "update", reply
        assert {"type": "play", "seat": 0, "card": card} in [
            {k: e.get(k) for k in ("type", "seat", "card")} for e in reply["events"]
        ], reply


def test_a_count_the_table_has_not_reached_or_not_a_count_is_refused(shared: TestClient) -> None:
    table = create_table(shared, "host", **{**ONE_PERSON, "clock": 0})
    with at_table(shared, table["id"], ["host"]) as sockets:
        host = sockets["host"]
        host.send("sit", seat=0)
        state = wait_until_owed(host, "pass")
        kind, args = simple_decision(state) or ("", {})
        ahead = state["table"]["decisions"] + 10
        reply = host.send(kind, **args, decisions=ahead)
        assert reply["type"] == "error" and reply["code"] == "stale", reply
        for bad in ("3", -1, 1.5, True, None):
            reply = host.send(kind, **args, decisions=bad)
            assert reply["type"] == "error" and reply["code"] == "bad_argument", (bad, reply)
        drain(host)
        assert latest(host)["game"]["observation"]["passes_chosen"][0] is False
        # Without a count, as before: the pass is taken.
        reply = host.send(kind, **args)
        assert reply["events"][0]["type"] == "passed", reply
