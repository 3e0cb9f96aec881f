"""A decision names the table's decision count it was made on (``decisions``, docs/tables.md),
so one meant for a position gone by is refused ``stale`` instead of landing on a later turn: the
clock plays a slow person's card, the computer players play on, the turn comes round again, and
the card the person chose back then arrives. In process, on both engines."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.ai.table_state import owed
from tests.tables.fake_timers import FakeTimers
from tests.web.conftest import Socket
from tests.web.online_helpers import (
    at_table,
    create_table,
    drain,
    latest,
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
    with people_client(db_path, {}, timers) as client:
        yield client


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
        tick(shared, timers, 16)
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
