"""Play again: once a shared table's match is over, any person who had a seat there opens the
next table with the same rules, clock and computer players (``again``); everyone at the old
table is shown it (``next_table``), and a second ask is given the same one. On both engines."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from hertta.store import Store
from hertta.tables.bots import ThreadBotRunner
from hertta.tables.model import SeatError, UnknownTableError
from hertta.tables.online import OnlineSeat, OnlineStatus, seat_computer
from hertta.tables.play_again import follow_up
from hertta.web.app import create_app
from hertta.web.settings import Settings
from tests.tables.fake_timers import FakeTimers
from tests.web import online_helpers as helpers
from tests.web.test_online import play_to_the_end

TWO_PEOPLE = {"rules": {"preset": "omnibus", "players": 4, "score_limit": 30},
              "seats": ["host", {"level": "easy", "name": "Kone"}, "open", {"level": "normal"}],
              "clock": 15, "spectators": True}


@pytest.fixture
def db_path(db_target: str) -> str:
    return db_target


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner(), timers=FakeTimers(),
                     grace_s=60)
    with TestClient(app) as client:
        for person in ("aino", "watcher"):
            helpers.name_player(client, person, person.title())
        yield client


def mark_over(store: Store, table_id: str) -> None:
    """The table's match over, as the room marks it once its last round is scored."""
    with store.database.transaction() as db:
        db.execute("UPDATE online_tables SET status = 'over' WHERE id = ?", (table_id,))


def test_the_people_of_a_finished_table_play_again_with_the_same_setup(
    client: TestClient,
) -> None:
    table = helpers.create_table(client, "host", **TWO_PEOPLE)
    invite = helpers.invite_of(table)
    with helpers.at_table(client, table["id"], ["host", "aino", "watcher"], invite) as sockets:
        sockets["aino"].send("sit", seat=2)
        for socket in sockets.values():
            helpers.drain(socket)
        reply = sockets["aino"].send("again")  # not before the match is over
        assert reply == {**reply, "type": "error", "code": "not_your_seat"}, reply
        assert helpers.latest(sockets["aino"])["table"]["next_table"] is None
        people = {person: sockets[person] for person in ("host", "aino")}
        play_to_the_end(people)
        # The table is marked over just after its last decision, as its page waits for
        # before it offers to play again.
        helpers.wait_for_table_over(sockets["aino"])
        reply = sockets["watcher"].send("again")  # a spectator had no seat
        assert reply == {**reply, "type": "error", "code": "not_your_seat"}, reply

        reply = sockets["aino"].send("again")
        assert reply["type"] == "update", reply
        follow = reply["state"]["table"]["next_table"]
        assert set(follow) == {"id", "invite"} and follow["id"] != table["id"]
        # Everyone at the table is shown it: the people with its invite, a spectator of a
        # private table nothing (the new table is as private as the old one).
        helpers.drain(sockets["host"])
        assert helpers.latest(sockets["host"])["table"]["next_table"] == follow
        helpers.drain(sockets["watcher"])
        assert helpers.latest(sockets["watcher"])["table"]["next_table"] is None
        # A second ask, by anyone who had a seat, is given the same table.
        again = sockets["host"].send("again")
        assert again["state"]["table"]["next_table"] == follow

    # The new table: the same rules, clock, visibility and computer players in their seats;
    # the person who asked hosts it from their own seat; the other person's seat is open.
    host = helpers.cookie_header(client, "host")
    seen = client.get(f"/api/tables/{follow['id']}?invite={follow['invite']}",
                      headers=host).json()
    old = client.get(f"/api/tables/{table['id']}", headers=host).json()
    assert seen["status"] == "waiting" and seen["host_name"] == "Aino"
    for key in ("rules", "clock", "public", "spectators", "rated", "game"):
        assert seen[key] == old[key], key
    assert [seat["kind"] for seat in seen["seats"]] == ["open", "computer", "person", "computer"]
    assert seen["seats"][1] == old["seats"][1] == {"kind": "computer", "level": "easy",
                                                   "name": "Kone"}
    assert seen["seats"][2]["name"] == "Aino" and seen["seats"][2]["host"] is True
    # The other person's seat is kept for them (shown by name, never by player id): a stranger
    # with the link may not take it, at a public table not even unnamed.
    assert seen["seats"][0] == {"kind": "open", "kept_for": "Host"} and seen["free_seats"] == 0
    with helpers.at_table(client, follow["id"], ["watcher", "host"], follow["invite"]) as sockets:
        assert helpers.latest(sockets["watcher"])["table"]["kept_seat"] is None
        for args in ({"seat": 0}, {}):
            reply = sockets["watcher"].send("sit", **args)
            assert reply == {**reply, "type": "error", "code": "not_your_seat"}, reply
        # The old host takes their seat there, and the match begins.
        assert helpers.latest(sockets["host"])["table"]["kept_seat"] == 0
        reply = sockets["host"].send("sit")
        assert reply["type"] == "update", reply
        helpers.drain(sockets["host"])
        state = helpers.latest(sockets["host"])
        assert state["table"]["status"] == "playing" and state["table"]["you"] == 0


def lobby_ids(client: TestClient) -> set[str]:
    reply = client.get("/api/lobby", headers=helpers.cookie_header(client, "watcher"))
    return {table["id"] for table in reply.json()["tables"]}


def test_the_host_may_open_a_kept_seat_to_anyone(client: TestClient) -> None:
    table = helpers.create_table(client, "host", **{**TWO_PEOPLE, "public": True})
    store = helpers.services_of(client).store
    online = store.read_online(table["id"])
    mark_over(store, online.id)
    over = replace(online, status=OnlineStatus.OVER, seats=(
        online.seats[0], online.seats[1], OnlineSeat("person", player="aino", name="Aino"),
        online.seats[3]))
    kept_for_two = replace(over, seats=(*over.seats[:3], OnlineSeat("person", player="eero",
                                                                     name="Eero")))
    computer = seat_computer(follow_up(kept_for_two, "host", "x", "y"), "host", 3, "hard", "",
                             ("easy", "hard"))
    assert computer.seats[3].kind == "computer"  # the host may seat one in a kept seat too
    follow = follow_up(over, "host", "kept-table", "kept-invite")
    store.insert_follow_up(online.id, follow)
    helpers.services_of(client).rooms.add(follow)
    assert "kept-table" not in lobby_ids(client)  # its one open seat is kept: none is free
    with helpers.at_table(client, "kept-table", ["host", "watcher"], "kept-invite") as sockets:
        assert sockets["watcher"].send("sit", seat=2)["type"] == "error"
        assert sockets["watcher"].send("remove", seat=2)["type"] == "error"  # the host's to do
        assert sockets["host"].send("remove", seat=2)["type"] == "update"
        assert "kept-table" in lobby_ids(client)
        reply = sockets["watcher"].send("sit", seat=2)
        assert reply["type"] == "update" and reply["state"]["table"]["you"] == 2, reply


def test_one_next_table_however_many_ask(client: TestClient) -> None:
    """The store opens the next table once: of two asks (two processes at once, say) the
    second is given the first one's table, and its own is never stored."""
    table = helpers.create_table(client, "host", **TWO_PEOPLE)
    store = helpers.services_of(client).store
    online = store.read_online(table["id"])
    with pytest.raises(SeatError):  # its match has not even begun
        store.insert_follow_up(online.id, replace(online, id="new-one", invite="i-1"))
    over = replace(online, status=OnlineStatus.OVER)
    first = follow_up(over, "host", "first-id", "first-invite")
    second = follow_up(over, "host", "second-id", "second-invite")
    mark_over(store, online.id)
    assert store.insert_follow_up(online.id, first) == "first-id"
    assert store.insert_follow_up(online.id, second) == "first-id"
    with pytest.raises(UnknownTableError):
        store.read_online("second-id")
    stored = store.read_online(online.id)
    assert stored.follow_up is not None and stored.follow_up.invite == "first-invite"
    assert stored.version == online.version + 1
    with pytest.raises(UnknownTableError):
        store.insert_follow_up("no-such-table", second)


def test_follow_up_needs_a_finished_match_and_a_seat_there(client: TestClient) -> None:
    table = helpers.create_table(client, "host", **TWO_PEOPLE)
    online = helpers.services_of(client).store.read_online(table["id"])
    with pytest.raises(SeatError, match="not over"):
        follow_up(online, "host", "x", "y")
    over = replace(online, status=OnlineStatus.OVER)
    with pytest.raises(SeatError, match="no seat"):
        follow_up(over, "aino", "x", "y")
    made = follow_up(over, "host", "x", "y")
    assert (made.id, made.invite, made.host, made.status, made.version) == (
        "x", "y", "host", OnlineStatus.WAITING, 0)
    assert made.seats[0] == over.seats[0] and made.seats[2].kind == "open"


def test_a_person_who_left_still_has_their_seat_to_play_again_from(client: TestClient) -> None:
    """A page opened again after leaving the match knows the seat was this person's
    (``left_seat``; ``you`` is null for them), so it offers them play again from it."""
    table = helpers.create_table(client, "host", **TWO_PEOPLE)
    invite = helpers.invite_of(table)
    with helpers.at_table(client, table["id"], ["host", "aino"], invite) as sockets:
        sockets["aino"].send("sit", seat=2)
        assert sockets["aino"].send("leave")["type"] == "update"
        helpers.drain(sockets["aino"])
        assert helpers.latest(sockets["aino"])["table"]["left_seat"] == 2
        assert helpers.latest(sockets["host"])["table"]["left_seat"] is None
        play_to_the_end({"host": sockets["host"]})
        helpers.wait_for_table_over(sockets["host"])
    with helpers.at_table(client, table["id"], ["aino"], invite) as sockets:
        state = helpers.latest(sockets["aino"])
        assert (state["table"]["you"], state["table"]["left_seat"]) == (None, 2)
        follow = sockets["aino"].send("again")["state"]["table"]["next_table"]
        assert set(follow) == {"id", "invite"}
    with helpers.at_table(client, follow["id"], ["aino"], follow["invite"]) as sockets:
        state = helpers.latest(sockets["aino"])
        assert state["table"]["you"] == 2 and state["table"]["left_seat"] is None
