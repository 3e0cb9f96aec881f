"""Play whole Hearts matches (seat 0 decided by an Easy player on its own view) and scan every
message sent to seat 0: none may name a card of another seat's hand before it is played."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.cards import Card, parse_card
from hertta.hearts import MatchState
from hertta.rng import SplitMix64
from hertta.web.app_state import AppState
from hertta.web.hearts_session import HeartsSession
from tests.web.conftest import Socket
from tests.web.hearts_helpers import EASY_TABLE, easy_decision

CARD = re.compile(r"^[2-9TJQKA][CDSH]$")
MATCHES = [
    ("HM1-S4-AAAAAHQ-SL50", 1),
    ("HM1-C5-AAAAKQZ-SL40", 2),
    ("HM1-C6-AAABCDE-SL40", 3),
    ("HM1-O3-AAAAZZZ-SL40", 4),
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


def check(message: dict[str, Any], match: MatchState, previous: MatchState | None) -> None:
    cards = {parse_card(s) for s in strings_in(message) if CARD.match(s)}
    allowed = known_to_seat_zero(match)
    if previous is not None and previous.round_index != match.round_index:
        allowed |= known_to_seat_zero(previous)  # events may still show the old round's end
    # Each card string may appear many times (hand, legal plays, events...): compare presence
    # per card against what seat 0 knows, and check the hidden cards are never named.
    hidden = hidden_from_seat_zero(match) - allowed
    leaked = [card.notation for card in cards if card in hidden]
    assert not leaked, f"seat 0 was sent hidden cards {leaked}: {message}"
    unknown = [card.notation for card in cards if card not in allowed]
    assert not unknown, f"seat 0 was sent cards it never saw {unknown}: {message}"


@pytest.mark.parametrize(("code", "seed"), MATCHES)
def test_no_message_names_a_hidden_card(client: TestClient, code: str, seed: int) -> None:
    app_state = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(app_state, AppState)
    rng = SplitMix64(seed)
    with client.websocket_connect("/ws/hearts") as ws:
        socket = Socket(ws)
        socket.hello()
        player = next(iter(app_state.hub._entries))[0]  # the one open session's player
        session = app_state.hub.session(player, "hearts")
        assert isinstance(session, HeartsSession)
        previous = None
        reply = socket.send("new", code=code, opponents=EASY_TABLE)
        rounds = 0
        for _ in range(3000):
            match = session.match
            assert match is not None
            check(reply, match, previous)
            previous = match
            status = reply["state"]["status"]
            if status == "match_over":
                break
            if status == "round_over":
                rounds += 1
                reply = socket.send("next")
                continue
            op, args = easy_decision(session, rng)
            reply = socket.send(op, **args)
            assert reply["type"] == "update" and reply["events"][0]["type"] != "refused", reply
        assert reply["state"]["status"] == "match_over"
        assert rounds >= 1
