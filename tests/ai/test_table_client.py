"""Invite links as ``hertta.ai.table_client`` reads them: the socket URL and the origin it
sends (the server compares the origin with the ``Host`` header the socket sends)."""

from __future__ import annotations

import pytest

from hertta.ai import make_player
from hertta.ai.table_client import TableClient, TableClientError, parse_invite
from hertta.hearts import MatchCode, new_match
from hertta.hearts.config import preset
from hertta.tables.hearts_view import hearts_view
from hertta.tables.model import Seat


@pytest.mark.parametrize(("url", "socket_url", "origin"), [
    ("http://127.0.0.1:8000/t/r3Ft?invite=Zq9-_x", "ws://127.0.0.1:8000/ws/tables/r3Ft?invite=Zq9-_x",
     "http://127.0.0.1:8000"),
    ("https://hertta.example/t/abc?invite=T", "wss://hertta.example/ws/tables/abc?invite=T",
     "https://hertta.example"),
    ("http://hertta.example:80/t/abc/?invite=T", "ws://hertta.example:80/ws/tables/abc?invite=T",
     "http://hertta.example"),
    ("  http://[::1]:9000/t/abc  ", "ws://[::1]:9000/ws/tables/abc", "http://[::1]:9000"),
])
def test_an_invite_gives_the_socket_and_the_origin(url: str, socket_url: str, origin: str) -> None:
    invite = parse_invite(url)
    assert invite.socket_url == socket_url
    assert invite.origin == origin


@pytest.mark.parametrize("url", [
    "", "not-a-url", "ws://h/t/abc", "http:///t/abc", "http://h/t/", "http://h/t/a/b",
    "http://h/tables/a", "http://h:99999/t/a", "http://h/t/a?invite=1&invite=2",
])
def test_anything_else_is_not_an_invite(url: str) -> None:
    with pytest.raises(TableClientError, match="not an invite URL"):
        parse_invite(url)


def test_a_decision_names_the_count_of_decisions_it_was_made_on() -> None:
    """So the server refuses it as stale if the turn clock played that turn meanwhile (a
    computer player may think for a second; docs/tables.md)."""
    match = new_match(MatchCode(preset("standard"), 4, 3))
    seats = [Seat(level="easy", name=f"Bot{s}") for s in range(4)]
    game = hearts_view(match, {"code": str(match.code), "code_public": False}, seats, 2)
    state = {"version": 1, "table": {"you": 2, "ready": [], "status": "playing",
                                     "decisions": 17}, "game": game}
    client = TableClient(parse_invite("http://127.0.0.1:8000/t/abc?invite=T"),
                         make_player("normal"), name="Bot")
    chosen = client._choose(state)
    assert chosen is not None
    position, op, args = chosen
    assert op == "pass" and args["decisions"] == 17 and len(args["cards"]) == 3
    assert position == (17, "pass")
