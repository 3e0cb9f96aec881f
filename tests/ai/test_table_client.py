"""Invite links as ``hertta.ai.table_client`` reads them: the socket URL and the origin it
sends (the server compares the origin with the ``Host`` header the socket sends)."""

from __future__ import annotations

import pytest

from hertta.ai.table_client import TableClientError, parse_invite


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
