"""Hidden information at shared tables: whole matches of every preset and player count, with
a person in every seat and a spectator watching; every message any of them is sent is checked
against the true table state when it was sent (replayed from the stored log): no other hand,
no passed card before the exchange, no kitty before its time, no match code (nor anything it
comes from) before the end."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.cards import Card, parse_card
from hertta.hearts import MatchState, preset
from hertta.hearts.decisions import apply_decision, parse_decision
from hertta.hearts.match import new_match
from hertta.tables.bots import ThreadBotRunner
from hertta.web.app import create_app
from hertta.web.settings import Settings
from tests.web.conftest import Socket
from tests.web.online_helpers import (
    at_table,
    create_table,
    drain,
    invite_of,
    latest,
    name_player,
    services_of,
    simple_decision,
)


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

CARD = re.compile(r"^[2-9TJQKA][CDSH]$")
TABLES = [(name, n) for name in ("standard", "omnibus", "jack_of_diamonds", "black_lady",
                                 "cancellation") for n in preset(name).player_counts]


@pytest.fixture
def shared(db_path: str) -> Iterator[TestClient]:
    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner())
    with TestClient(app) as client:
        yield client


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def known_to(match: MatchState, seat: int | None) -> Counter[Card]:
    """Every copy of a card ``seat`` (None: a spectator) may know of now."""
    state = match.round
    over = state.phase.value == "round_over"
    known: Counter[Card] = Counter(state.plays)
    if seat is not None:
        known.update(state.hand(seat))
        known.update(state.passes[seat] or ())
    if over or (seat is not None and state.kitty_taker == seat):
        known.update(state.kitty)
    if over:  # the round is laid open
        for hand in state.dealt:
            known.update(hand)
    return known


def check(message: dict[str, Any], seat: int | None, match: MatchState,
          previous: MatchState | None) -> None:
    cards = {parse_card(s) for s in strings_in(message) if CARD.match(s)}
    allowed = known_to(match, seat)
    if previous is not None and previous.round_index != match.round_index:
        allowed |= known_to(previous, seat)  # the old round's end may still be in the events
    unknown = sorted(card.notation for card in cards if card not in allowed)
    assert not unknown, f"seat {seat} was sent cards it may not know {unknown}: {message}"


def play_whole_match(sockets: dict[str, Socket]) -> None:
    for _ in range(5000):
        moved = False
        for socket in sockets.values():
            drain(socket)
            choice = simple_decision(latest(socket))
            if choice is not None:
                assert socket.send(choice[0], **choice[1])["type"] == "update"
                moved = True
        states = [latest(s) for s in sockets.values()]
        if all(s["game"] and s["game"]["status"] == "match_over" for s in states):
            return
        if not moved:
            # Nobody owes a decision: the table is about to make its own (the match's end).
            next(iter(sockets.values())).receive()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_message_to_every_seat_and_a_spectator(
    shared: TestClient, name: str, players: int
) -> None:
    people = [f"p{i}" for i in range(players)]
    for person in [*people, "watcher"]:
        name_player(shared, person, person.upper())
    limit = {"cancellation": 52, "black_lady": 38}.get(name, 26)
    table = create_table(
        shared, people[0], spectators=True, clock=0,
        rules={"preset": name, "players": players, "score_limit": limit},
        seats=["host", *["open"] * (players - 1)],
    )
    invite = invite_of(table)
    with at_table(shared, table["id"], [*people, "watcher"], invite) as sockets:
        for person in people[1:]:
            assert sockets[person].send("sit")["type"] == "update"
        play_whole_match({p: sockets[p] for p in people})
        drain(sockets["watcher"])
    services = services_of(shared)
    stored = services.tables.load(table["id"])
    states = [new_match(stored.row.setup["code"])]
    for decision in services.store.read_decisions(table["id"]):
        states.append(apply_decision(states[-1], parse_decision(decision.text)))
    code = stored.row.setup["code"]
    secrets = (code, code.split("-")[2], services.deal_secret)
    for person, socket in sockets.items():
        seat = None if person == "watcher" else people.index(person)
        checked = 0
        for message in socket.messages:
            state = message.get("state")
            if not state or state["game"] is None:
                continue
            version = state["table"]["decisions"]
            match = states[version]
            check(message, seat, match, states[version - 1] if version else None)
            if not match.over:
                text = json.dumps(message)
                assert "HM1-" not in text and "HM2-" not in text, message
                assert not any(s in text for s in secrets), message
            checked += 1
        assert checked > 50, person
        assert latest(socket)["game"]["code"] == code
