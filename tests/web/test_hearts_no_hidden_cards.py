"""Play whole Hearts matches (seat 0 decided by an Easy player on its own view) and scan every
message sent to seat 0, replies and pushed updates alike: none may name a card of another
seat's hand before it is played, and while a match the server dealt is running none may hold
its code (which would reproduce every hand) or anything else it is derived from.

Each message is checked against the true state of the table when it was sent: the table's log,
read from the store after the match, is replayed decision by decision alongside the messages.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.cards import Card, parse_card
from hertta.hearts import MatchState
from hertta.hearts.decisions import apply_decision, parse_decision
from hertta.hearts.match import new_match
from hertta.rng import SplitMix64
from hertta.web.services import AppServices
from tests.web.conftest import Socket
from tests.web.hearts_helpers import EASY_TABLE, decide, easy_decision


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

CARD = re.compile(r"^[2-9TJQKA][CDSH]$")
ENTERED = [
    ({"code": "HM1-S4-AAAAAHQ-SL50"}, 1),
    ({"code": "HM1-C5-AAAAKQZ-SL40"}, 2),
    ({"code": "HM1-C6-AAABCDE-SL40"}, 3),
    ({"code": "HM1-O3-AAAAZZZ-SL40"}, 4),
]
DEALT = [
    ({"players": 4, "preset": "standard", "score_limit": 40}, 5),
    ({"players": 6, "preset": "cancellation", "score_limit": 60}, 6),
    ({"players": 5, "preset": "black_lady", "score_limit": 50, "moon_rule": "choose"}, 7),
]


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def hidden_from_seat_zero(match: MatchState) -> Counter[Card]:
    """Cards seat 0 may not know now: other hands (less what seat 0 passed them, which it
    knows) and a kitty it has not seen."""
    state = match.round
    hidden: Counter[Card] = Counter()
    for seat in range(1, state.players):
        hidden.update(state.hand(seat))
    if state.passes[0] and state.phase.value != "passing":
        hidden.subtract(state.passes[0])
    if state.phase.value != "round_over" and state.kitty_taker != 0:
        hidden.update(state.kitty)
    return +hidden


def known_to_seat_zero(match: MatchState) -> Counter[Card]:
    """Every copy of a card seat 0 has seen: its hand, its pass, the plays, a seen kitty."""
    state = match.round
    known: Counter[Card] = Counter(state.hand(0))
    known.update(state.plays)
    known.update(state.passes[0] or ())
    if state.phase.value == "round_over" or state.kitty_taker == 0:
        known.update(state.kitty)
    return known


def check_cards(message: dict[str, Any], match: MatchState, previous: MatchState | None) -> None:
    cards = {parse_card(s) for s in strings_in(message) if CARD.match(s)}
    allowed = known_to_seat_zero(match)
    if previous is not None and previous.round_index != match.round_index:
        allowed |= known_to_seat_zero(previous)  # events may still show the old round's end
    hidden = hidden_from_seat_zero(match) - allowed
    leaked = [card.notation for card in cards if card in hidden]
    assert not leaked, f"seat 0 was sent hidden cards {leaked}: {message}"
    unknown = [card.notation for card in cards if card not in allowed]
    assert not unknown, f"seat 0 was sent cards it never saw {unknown}: {message}"


def is_decision(message: dict[str, Any]) -> bool:
    """An update caused by one decision at the table (not a hint, a refusal or a new table)."""
    events = message.get("events") or []
    kinds = {event["type"] for event in events}
    return message["type"] == "update" and bool(events) and not kinds & {
        "hint", "refused", "new", "settings"
    }


def play_a_match(client: TestClient, args: dict[str, Any], seed: int) -> tuple[Socket, str]:
    services = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(services, AppServices)
    rng = SplitMix64(seed)
    player = services.cookies.read(client.cookies.get("hertta_player"))
    assert player is not None
    with client.websocket_connect("/ws/hearts") as ws:
        socket = Socket(ws)
        socket.hello()
        reply = decide(socket, "new", opponents=EASY_TABLE, **args)
        for _ in range(3000):
            status = reply["state"]["status"]
            if status == "match_over":
                break
            if status == "round_over":
                reply = decide(socket, "next")
                continue
            session = services.sessions.session(player, "hearts")  # type: ignore[union-attr]
            assert session is not None and session.table is not None
            op, op_args = easy_decision(session.table.state, rng)
            reply = decide(socket, op, **op_args)
            assert reply["events"][0]["type"] != "refused", reply
        assert reply["state"]["status"] == "match_over"
    table = services.tables.current(player, "hearts")
    assert table is not None
    return socket, table.id


@pytest.mark.parametrize(("args", "seed"), ENTERED + DEALT)
def test_no_message_names_a_hidden_card(
    client: TestClient, args: dict[str, Any], seed: int
) -> None:
    socket, table_id = play_a_match(client, args, seed)
    services: AppServices = client.app.state.hertta  # type: ignore[attr-defined]
    table = services.tables.load(table_id)
    states = [new_match(table.row.setup["code"])]
    for stored in services.store.read_decisions(table_id):
        states.append(apply_decision(states[-1], parse_decision(stored.text)))
    assert states[-1].over
    version = 0
    rounds = 0
    for message in socket.messages:
        if message["type"] not in ("update", "snapshot"):
            continue
        if message["type"] == "update" and any(e["type"] == "new" for e in message["events"]):
            version = 0
        elif is_decision(message):
            version += 1
        rounds += any(e["type"] == "round" for e in message.get("events", []))
        check_cards(message, states[version], states[version - 1] if version else None)
    assert version == len(states) - 1, "every decision reached seat 0 as one update"
    assert rounds >= 2


@pytest.mark.parametrize(("args", "seed"), DEALT)
def test_a_dealt_match_keeps_its_code_secret_until_the_end(
    client: TestClient, args: dict[str, Any], seed: int
) -> None:
    socket, table_id = play_a_match(client, args, seed)
    services: AppServices = client.app.state.hertta  # type: ignore[attr-defined]
    code = services.tables.load(table_id).row.setup["code"]
    number = code.split("-")[2]
    secrets = (code, number, table_id, services.deal_secret)
    over = False
    for message in socket.messages:
        text = json.dumps(message)
        over = over or message.get("state", {}).get("status") == "match_over"
        if over:
            continue
        assert "HM1-" not in text and "HM2-" not in text, message
        for secret in secrets:
            assert secret not in text, (secret, message)
    last = socket.messages[-1]["state"]
    assert last["status"] == "match_over" and last["code"] == code
