"""Tables people share, through the HTTP API and the table socket, in process: creating,
reading and listing tables; four people through a whole match (simultaneous passing, turn
order, a refusal, the end); the turn clock and an away person on an injected clock; spectators.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hertta.tables.bots import ThreadBotRunner
from hertta.web.app import create_app
from hertta.web.settings import Settings
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
    services_of,
    simple_decision,
    tick,
    wait_for_table_over,
)


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

PEOPLE = ["host", "aino", "eero", "liisa"]
FOUR = {"rules": {"preset": "standard", "players": 4, "score_limit": 30},
        "seats": ["host", "open", "open", "open"], "clock": 0}


@pytest.fixture
def timers() -> FakeTimers:
    return FakeTimers()


@pytest.fixture
def shared(db_path: str, timers: FakeTimers) -> Iterator[TestClient]:
    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner(), timers=timers,
                     grace_s=60)
    with TestClient(app) as client:
        for person in PEOPLE[1:]:
            name_player(client, person, person.title())
        yield client


def await_event(socket: Socket, wanted: dict[str, Any], limit: int = 500) -> list[dict[str, Any]]:
    """Read this socket's messages until ``wanted`` is among the events (a bounded wait on a
    condition); every event read on the way."""
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        events.extend(socket.receive().get("events", []))
        if wanted in events:
            return events
    raise AssertionError(f"{wanted} never came: {events}")


# -- the HTTP API --------------------------------------------------------------------------------


def test_create_read_and_list_tables(shared: TestClient) -> None:
    public = create_table(shared, "host", public=True, spectators=True, **FOUR)
    assert public["table"]["status"] == "waiting" and public["table"]["free_seats"] == 3
    assert public["table"]["host_name"] == "Host"  # the answer's table is the public state
    assert public["invite_url"].startswith("http://testserver/t/" + public["id"] + "?invite=")
    assert len(invite_of(public)) >= 22  # at least 128 bits
    seen = shared.get(f"/api/tables/{public['id']}", headers=cookie_header(shared, "aino"))
    assert seen.status_code == 200 and seen.json()["host_name"] == "Host"
    assert invite_of(public) not in seen.text and '"player"' not in seen.text
    private = create_table(shared, "host", **FOUR)
    lobby = shared.get("/api/lobby").json()["tables"]
    assert [t["id"] for t in lobby] == [public["id"]]
    assert lobby[0]["host_name"] == "Host" and lobby[0]["free_seats"] == 3
    hidden = shared.get(f"/api/tables/{private['id']}", headers=cookie_header(shared, "aino"))
    assert hidden.status_code == 404
    by_link = shared.get(f"/api/tables/{private['id']}?invite={invite_of(private)}",
                         headers=cookie_header(shared, "aino"))
    assert by_link.status_code == 200
    wrong = shared.get(f"/api/tables/{private['id']}?invite=guess",
                       headers=cookie_header(shared, "aino"))
    assert wrong.status_code == 404


def test_the_lobby_drops_a_quiet_table_nobody_seated_is_connected_to(shared: TestClient) -> None:
    # A table whose host went away hours ago stayed in the lobby for good: a newcomer sat down
    # to wait alone. Listed while someone seated is connected, or for ten minutes after a change.
    table = create_table(shared, "host", public=True, **FOUR)

    def listed() -> bool:
        return table["id"] in [t["id"] for t in shared.get("/api/lobby").json()["tables"]]

    assert listed()  # new: listed though nobody has opened it yet
    store = services_of(shared).store
    with store.database.transaction() as db:
        db.execute("UPDATE online_tables SET updated_at = updated_at - 601 WHERE id = ?",
                   (table["id"],))
    assert not listed()
    with at_table(shared, table["id"], ["host"]):
        assert listed()  # its host is there
    assert not listed()
    with at_table(shared, table["id"], ["aino"]):
        assert not listed()  # a visitor without a seat is no one waiting there


def test_a_table_keeps_the_variants_options(shared: TestClient) -> None:
    rules = {"preset": "omnibus", "players": 4, "bonus_card": "JD", "queen_breaks_hearts": True}
    table = create_table(shared, "host", public=True, rules=rules)
    assert table["table"]["rules"] == {**rules, "score_limit": 100, "moon_rule": "add"}
    lobby = shared.get("/api/lobby").json()["tables"]
    assert lobby[0]["rules"]["bonus_card"] == "JD"


@pytest.mark.parametrize(
    ("request_body", "words"),
    [
        ({"rules": {"preset": "cancellation", "players": 4}}, "cancellation"),
        ({"rules": {"preset": "standard", "bonus_card": "JD"}}, "no bonus card"),
        ({"rules": {"preset": "black_lady", "ace_of_spades_points": 3}}, "ace_of_spades_points"),
        ({"rules": {"players": 4}, "seats": ["host", "open"]}, "seats"),
        ({"clock": 7}, "clock"),
        ({"rated": True, "seats": ["host", {"level": "hard"}, "open", "open"]}, "people only"),
        ({"seats": ["host", "host", "open", "open"]}, "one seat"),
        ({"seats": ["host", {"level": "genius"}, "open", "open"]}, "level"),
        ({"surprise": 1}, "unknown"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 21}, "name"),
        ({"name": "A\ud800b"}, "valid Unicode"),  # a lone surrogate broke the lobby (500)
        ({"seats": ["host", {"level": "easy", "name": "\udc00"}, "open", "open"]}, "Unicode"),
    ],
)
def test_bad_table_requests_are_400(
    shared: TestClient, request_body: dict[str, Any], words: str
) -> None:
    body = {"name": "Host", **request_body}
    headers = {**cookie_header(shared, "host"), "content-type": "application/json"}
    # json.dumps writes a lone surrogate as an escape, as any client may.
    reply = shared.post("/api/tables", content=json.dumps(body), headers=headers)
    assert reply.status_code == 400, reply.text
    assert words in reply.json()["detail"]


def test_a_person_without_a_name_cannot_host_or_sit(shared: TestClient) -> None:
    reply = shared.post("/api/tables", json=FOUR, headers=cookie_header(shared, "nameless"))
    assert reply.status_code == 400 and "name" in reply.json()["detail"]
    table = create_table(shared, "host", **FOUR)
    with at_table(shared, table["id"], ["nameless"], invite_of(table)) as sockets:
        reply = sockets["nameless"].send("sit")
        assert reply["type"] == "error" and reply["code"] == "bad_setting"


def test_names_are_kept_as_given_and_escaped_by_json(shared: TestClient) -> None:
    name_player(shared, "aino", "  <b>Aino</b>  & co ")
    profile = shared.get("/api/profile", headers=cookie_header(shared, "aino")).json()
    assert profile == {"name": "<b>Aino</b> & co"}


# -- four people at one table --------------------------------------------------------------------


def sit_everyone(sockets: dict[str, Socket]) -> None:
    for person in PEOPLE[1:]:
        reply = sockets[person].send("sit")
        assert reply["type"] == "update", reply


def test_four_people_play_a_whole_match(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    with at_table(shared, table["id"], PEOPLE, invite_of(table)) as sockets:
        sit_everyone(sockets)
        for socket in sockets.values():
            drain(socket)
        states = {p: latest(s) for p, s in sockets.items()}
        assert all(s["table"]["status"] == "playing" for s in states.values())
        assert [s["table"]["you"] for s in states.values()] == [0, 1, 2, 3]
        # Simultaneous passing: three have passed, nobody has received anything yet.
        for person in PEOPLE[:3]:
            kind, args = simple_decision(states[person]) or ("", {})
            assert kind == "pass"
            sockets[person].send("pass", **args)
        for person, socket in sockets.items():
            drain(socket)
            obs = latest(socket)["game"]["observation"]
            assert obs["received"] == [], person
            assert obs["passes_chosen"] == [True, True, True, False]
        kind, args = simple_decision(latest(sockets["liisa"])) or ("", {})
        sockets["liisa"].send(kind, **args)
        for socket in sockets.values():
            drain(socket)
            assert latest(socket)["game"]["observation"]["received"], "all have received"
        # A seat not on turn is refused with the rules' reason; nothing changes.
        state = latest(sockets["host"])
        turn = state["game"]["observation"]["turn"]
        wrong = PEOPLE[(turn + 1) % 4]
        hand = latest(sockets[wrong])["game"]["observation"]["hand"]
        reply = sockets[wrong].send("play", card=hand[0])
        assert reply["events"] == [{"type": "refused", "reason": "not_your_turn", "card": hand[0]}]
        play_to_the_end(sockets)
        final = {p: latest(s) for p, s in sockets.items()}
        summaries = [s["game"]["summary"] for s in final.values()]
        assert all(s["match_over"] for s in summaries)
        assert len({str(s["totals"]) for s in summaries}) == 1
        # The score sheet of docs/hearts-web.md, in every seat's state: the rounds add up to
        # the totals (it was missing at shared tables).
        for state in final.values():
            rounds = state["game"]["rounds"]
            assert rounds and rounds[-1] == state["game"]["summary"]["points"]
            assert [sum(column) for column in zip(*rounds, strict=True)] == summaries[0]["totals"]
        code = final["host"]["game"]["code"]
        assert code is not None and code.startswith("HM2-S4-")
    record = shared.get(f"/api/tables/{table['id']}/record", headers=cookie_header(shared, "aino"))
    assert record.status_code == 200 and record.json()["code"] == code
    assert record.json()["seats"] == ["Host", "Aino", "Eero", "Liisa"]


def test_stand_after_the_start_keeps_the_seat_and_reactions_have_their_own_code(
    shared: TestClient,
) -> None:
    table = create_table(shared, "host", **FOUR)
    with at_table(shared, table["id"], PEOPLE, invite_of(table)) as sockets:
        # The seated host's first frame is the snapshot, not the news of their own arrival.
        assert sockets["host"].messages[0]["type"] == "snapshot", sockets["host"].messages[0]
        sit_everyone(sockets)  # the last one seated starts the match
        aino = sockets["aino"]
        drain(aino)
        assert latest(aino)["table"]["status"] == "playing"
        reply = aino.send("stand")
        assert reply == {**reply, "type": "error", "code": "not_your_seat"}
        drain(aino)
        state = latest(aino)
        assert state["table"]["you"] == 1 and state["table"]["autopilot"] == []
        assert state["table"]["seats"][1]["left"] is False
        codes = [aino.send("react", reaction="hello")["type"] for _ in range(3)]
        assert codes == ["update"] * 3
        refused = aino.send("react", reaction="hello")
        assert refused == {**refused, "type": "error", "code": "too_fast"}
        assert latest(aino)["table"]["you"] == 1  # still seated, as the code says
        # A second tab: its first frame is the snapshot its hello asked for; the first tab is
        # the one told of it.
        with shared.websocket_connect(
            f"/ws/tables/{table['id']}", headers=cookie_header(shared, "aino")
        ) as ws:
            second = Socket(ws)
            second.hello()
            assert second.messages[0]["type"] == "snapshot", second.messages[0]


def play_to_the_end(sockets: dict[str, Socket], limit: int = 2000) -> None:
    for _ in range(limit):
        moved = False
        for socket in sockets.values():
            drain(socket)
            choice = simple_decision(latest(socket))
            if choice is not None:
                reply = socket.send(choice[0], **choice[1])
                assert reply["type"] == "update", reply
                assert not any(e["type"] == "refused" for e in reply["events"]), reply
                moved = True
        states = [latest(s) for s in sockets.values()]
        if all(s["game"] and s["game"]["status"] == "match_over" for s in states):
            return
        if not moved:
            # Nobody owes a decision: the table is about to make its own (the match's end).
            next(iter(sockets.values())).receive()
    raise AssertionError("the match did not end")


def test_a_record_is_refused_before_the_end(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    reply = shared.get(f"/api/tables/{table['id']}/record", headers=cookie_header(shared, "host"))
    assert reply.status_code == 409


# -- the clock and people who go away ------------------------------------------------------------


def test_the_turn_clock_plays_for_a_slow_person(shared: TestClient, timers: FakeTimers) -> None:
    table = create_table(shared, "host", **{**FOUR, "clock": 15})
    with at_table(shared, table["id"], PEOPLE, invite_of(table)) as sockets:
        sit_everyone(sockets)
        drain(sockets["host"])
        clock = latest(sockets["host"])["table"]["clock_state"]
        assert clock == {"seats": [0, 1, 2, 3], "kind": "pass", "remaining_ms": 15000,
                         "allowance_ms": 0}
        tick(shared, timers, 16)
        host = sockets["host"]
        seen: list[dict[str, Any]] = []
        for seat in range(4):
            seen += await_event(host, {"type": "timed_out", "seat": seat, "kind": "pass"})
        assert sum(e["type"] == "passed" for e in seen) == 4


def test_an_away_person_gets_the_seat_back(shared: TestClient, timers: FakeTimers) -> None:
    table = create_table(shared, "host", **FOUR)
    invite = invite_of(table)
    with at_table(shared, table["id"], PEOPLE[:3], invite) as sockets:
        with at_table(shared, table["id"], ["liisa"], invite) as late:
            late["liisa"].send("sit", seat=3)
            for person in PEOPLE[1:3]:
                sockets[person].send("sit")
        # Liisa's socket is gone; the others see it, and after the grace period she is played for.
        host = sockets["host"]
        await_event(host, {"type": "presence", "seat": 3, "connected": False})
        assert latest(host)["table"]["seats"][3]["connected"] is False
        tick(shared, timers, 61)
        await_event(host, {"type": "autopilot", "seat": 3, "on": True})
        with at_table(shared, table["id"], ["liisa"], invite) as back:
            assert latest(back["liisa"])["table"]["you"] == 3
            await_event(host, {"type": "autopilot", "seat": 3, "on": False})
            await_event(host, {"type": "presence", "seat": 3, "connected": True})
            drain(host)
            assert 3 not in latest(host)["table"]["autopilot"]


# -- spectators ----------------------------------------------------------------------------------


def test_a_spectator_sees_only_what_is_public(shared: TestClient) -> None:
    table = create_table(shared, "host", spectators=True, **FOUR)
    invite = invite_of(table)
    with at_table(shared, table["id"], PEOPLE, invite) as sockets:
        sit_everyone(sockets)
        name_player(shared, "watcher", "Watcher")
        with at_table(shared, table["id"], ["watcher"], invite) as watching:
            watcher = watching["watcher"]
            drain(watcher)
            state = latest(watcher)
            assert state["table"]["you"] is None and "observation" not in state["game"]
            assert state["game"]["table"]["hand_sizes"] == [13, 13, 13, 13]
            reply = watcher.send("sit")
            assert reply["type"] == "error" and reply["code"] == "not_your_seat"
            reply = watcher.send("play", card="2C")
            assert reply["type"] == "error" and reply["code"] == "not_your_seat"


def test_no_spectators_when_the_host_says_no(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    invite = invite_of(table)
    with at_table(shared, table["id"], PEOPLE, invite) as sockets:
        sit_everyone(sockets)
        with pytest.raises(WebSocketDisconnect) as refused, shared.websocket_connect(
            f"/ws/tables/{table['id']}?invite={invite}", headers=cookie_header(shared, "peeker")
        ) as ws:
            ws.receive_text()
        assert refused.value.code == 4409


def test_a_finished_match_may_be_looked_at_by_anyone_with_the_link(shared: TestClient) -> None:
    """No spectators during the match; once it is over its replay is anyone's with the link,
    and so is the table's last state (the result, the code and the replay link), not 4409."""
    rules = {"preset": "standard", "players": 4, "score_limit": 10}
    table = create_table(shared, "host", rules=rules, clock=0,
                         seats=["host", {"level": "easy"}, {"level": "easy"}, {"level": "easy"}])
    invite = invite_of(table)
    with at_table(shared, table["id"], ["host"], invite) as sockets:
        assert sockets["host"].send("leave")["type"] == "update"
        wait_for_table_over(sockets["host"], limit=5000)
    with at_table(shared, table["id"], ["latecomer"], invite) as late:
        state = latest(late["latecomer"])
        assert state["table"]["status"] == "over" and state["table"]["you"] is None
        assert state["game"]["status"] == "match_over" and state["game"]["code"]
        assert "observation" not in state["game"]


def test_a_guest_who_came_early_stops_watching_when_no_spectators_are_allowed(
    shared: TestClient,
) -> None:
    table = create_table(shared, "host", **FOUR)
    invite = invite_of(table)
    with at_table(shared, table["id"], [*PEOPLE, "peeker"], invite) as sockets:
        peeker = sockets.pop("peeker")
        assert latest(peeker)["table"]["you"] is None  # a guest while seats are free
        sit_everyone(sockets)  # the match starts
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(50):  # what was already on its way, then the close
                peeker.receive()
        assert closed.value.code == 4409
        hands = [m for m in peeker.messages if (m.get("state") or {}).get("game")]
        assert hands == [], "the guest saw the game begin"


def test_a_removed_person_neither_sees_nor_plays_the_next_ones_seat(shared: TestClient) -> None:
    # Spectators allowed, so the removed person may stay on as one (without, she is closed
    # out as any guest is: the test above).
    table = create_table(shared, "host", spectators=True, **FOUR)
    invite = invite_of(table)
    with at_table(shared, table["id"], ["host", "aino", "eero"], invite) as sockets:
        host, aino, eero = sockets["host"], sockets["aino"], sockets["eero"]
        aino.send("sit", seat=2)
        assert host.send("remove", seat=2)["type"] == "update"
        drain(aino)
        assert latest(aino)["table"]["you"] is None  # told at once, not after a reload
        eero.send("sit", seat=2)
        for seat in (1, 3):
            host.send("computer", seat=seat, level="easy")
        drain(aino)
        state = latest(aino)
        assert state["table"]["status"] == "playing" and state["table"]["you"] is None
        assert "observation" not in (state["game"] or {})  # no hand: a spectator's view
        refused = aino.send("pass", cards=["2C", "3C", "4C"])
        assert refused == {**refused, "type": "error", "code": "not_your_seat"}
        drain(eero)
        assert latest(eero)["game"]["observation"]["passed"] == []  # nobody passed for him


def test_a_table_whose_people_all_left_plays_on_to_its_end(shared: TestClient) -> None:
    rules = {"preset": "standard", "players": 4, "score_limit": 10}
    table = create_table(shared, "host", rules=rules, clock=0,
                         seats=["host", "open", {"level": "easy"}, {"level": "easy"}])
    invite = invite_of(table)
    with at_table(shared, table["id"], ["host", "aino"], invite) as sockets:
        sockets["aino"].send("sit")
        for person in ("host", "aino"):
            assert sockets[person].send("leave")["type"] == "update"
        # Nobody is left to say "next" after a round: the stand-ins are ready for them, so
        # the match goes on to its end (its pages still watch it) ...
        wait_for_table_over(sockets["host"], limit=5000)
        # ... as spectators: the stand-ins' hands are not theirs to see (they were sent the
        # seat's new hands every round before).
        for person in ("host", "aino"):
            seen = [m["state"] for m in sockets[person].messages
                    if "state" in m and m["state"]["game"] is not None]
            after = seen[[s["table"]["you"] for s in seen].index(None):]
            assert after and all(s["table"]["you"] is None for s in after)
            assert not any("observation" in s["game"] for s in after)
    reply = shared.get(f"/api/tables/{table['id']}/record", headers=cookie_header(shared, "aino"))
    assert reply.status_code == 200 and "N" in reply.json()["decisions"]  # a next round, unasked


def test_unknown_and_private_tables_are_not_found(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    here = f"/ws/tables/{table['id']}"
    for path in ("/ws/tables/nope", here, f"{here}?invite=x"):
        with pytest.raises(WebSocketDisconnect) as refused, shared.websocket_connect(
            path, headers=cookie_header(shared, "aino")
        ) as ws:
            ws.receive_text()
        assert refused.value.code == 4404
