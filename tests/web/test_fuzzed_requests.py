"""Random requests to the JSON API and the pages: whatever the body or the path holds, the
answer is a 2xx, 3xx or 4xx (never 5xx), no traceback is logged, and a refused request changes
nothing the player can see.

test_hardening.py pins the answers to chosen bad bodies; this draws them: a real key with a
value of the wrong kind is the likeliest slip of another program."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.web.fuzz_helpers import json_scalars, weighted
from tests.web.online_helpers import cookie_header, create_table, people_client
from tests.web.test_online import FOUR

WORDS = [
    "hearts", "standard", "omnibus", "jack_of_diamonds", "black_lady", "cancellation", "add",
    "subtract", "choose", "host", "open", "easy", "normal", "hard", "expert", "fi", "en", "",
    "Aino", "HH1-1-AAAAAAM", "2026-12-04", "on", "off", "0", "250", "/h2h",
]
scalars = json_scalars(WORDS, (-2, 1001), 30)
RULE_KEYS = ["preset", "players", "score_limit", "moon_rule", "heart_points", "queen_points",
             "bonus_card", "queen_breaks_hearts", "cancellation"]
TABLE_KEYS = ["name", "game", "rules", "seats", "public", "spectators", "clock", "rated"]
SETTING_KEYS = ["lang", "move_errors", "layout_assist", "winnable_only", "animation_ms",
                "trick_pause"]


def json_values(keys: list[str]) -> st.SearchStrategy[Any]:
    """Values for a body with these keys: scalars, lists of them, objects with the keys."""
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=7)
        | st.dictionaries(weighted((4, st.sampled_from(keys)), (1, st.text(max_size=5))), inner,
                          max_size=5),
        max_leaves=14,
    )


def body(keys: list[str]) -> st.SearchStrategy[Any]:
    """Mostly an object of ``keys``, sometimes any JSON value."""
    values = json_values(keys + RULE_KEYS)
    name = weighted((5, st.sampled_from(keys)), (1, st.text(max_size=6)))
    return weighted((6, st.dictionaries(name, values, max_size=6)), (1, values))


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    with people_client(db_path, {"host": "Host"}) as client:
        yield client


def assert_answered(reply: Any, what: str, caplog: pytest.LogCaptureFixture) -> None:
    assert reply.status_code < 500, (what, reply.status_code, reply.text[:300])
    assert not [r for r in caplog.records if r.exc_info], f"a traceback was logged for {what}"


SETTINGS = dict(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,
)


@settings(**SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_random_table_requests_are_created_or_refused(
    client: TestClient, data: st.DataObject, caplog: pytest.LogCaptureFixture
) -> None:
    host = cookie_header(client, "host")
    request = data.draw(body(TABLE_KEYS), label="body")
    before = client.get("/api/profile", headers=host).json()
    reply = client.post("/api/tables", content=json.dumps(request), headers=host)
    assert_answered(reply, json.dumps(request), caplog)
    if reply.status_code == 201:
        table = reply.json()
        assert client.get(f"/api/tables/{table['id']}", headers=host).status_code == 200
    else:
        assert reply.status_code in (400, 403, 409), reply.text
        # A refused table leaves the host's name as it was.
        assert client.get("/api/profile", headers=host).json() == before, request


@settings(**SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_random_profile_and_settings_bodies_are_saved_or_refused(
    client: TestClient, data: st.DataObject, caplog: pytest.LogCaptureFixture
) -> None:
    host = cookie_header(client, "host")
    profile = data.draw(body(["name"]), label="profile")
    name_before = client.get("/api/profile", headers=host).json()
    reply = client.post("/api/profile", content=json.dumps(profile), headers=host)
    assert_answered(reply, json.dumps(profile), caplog)
    if reply.status_code >= 400:
        assert client.get("/api/profile", headers=host).json() == name_before, profile
    before = client.get("/api/settings", headers=host).json()
    chosen = data.draw(body(SETTING_KEYS), label="settings")
    reply = client.post("/api/settings", content=json.dumps(chosen), headers=host)
    assert_answered(reply, json.dumps(chosen), caplog)
    if reply.status_code >= 400:
        assert client.get("/api/settings", headers=host).json() == before, chosen


@settings(**SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_random_settings_forms_are_saved_or_refused(
    client: TestClient, data: st.DataObject, caplog: pytest.LogCaptureFixture
) -> None:
    host = cookie_header(client, "host")
    key = weighted((5, st.sampled_from([*SETTING_KEYS, "display_name", "back"])),
                   (1, st.text(max_size=6)))
    value = weighted((3, st.sampled_from(WORDS)), (1, st.integers(-5, 10**6).map(str)),
                     (1, st.text(max_size=40)))
    form = data.draw(st.lists(st.tuples(key, value), max_size=8), label="form")
    before = (client.get("/api/settings", headers=host).json(),
              client.get("/api/profile", headers=host).json())
    headers = {**host, "content-type": "application/x-www-form-urlencoded"}
    reply = client.post("/settings", content=urlencode(form), headers=headers,
                        follow_redirects=False)
    assert_answered(reply, repr(form), caplog)
    if reply.status_code >= 400:
        after = (client.get("/api/settings", headers=host).json(),
                 client.get("/api/profile", headers=host).json())
        assert after == before, form
    else:
        assert reply.status_code == 303, reply.text


segments = weighted(
    (3, st.sampled_from(WORDS)),
    (1, st.integers(-5, 10**12).map(str)),
    (2, st.text(max_size=20)),
)


@settings(**SETTINGS)  # type: ignore[arg-type]
@given(data=st.data())
def test_random_paths_and_queries_are_answered(
    client: TestClient, data: st.DataObject, caplog: pytest.LogCaptureFixture
) -> None:
    host = cookie_header(client, "host")
    table = create_table(client, "host", **FOUR)["id"]
    segment = data.draw(segments.map(lambda s: quote(s, safe="")), label="segment")
    value = data.draw(segments.map(lambda s: quote(s, safe="")), label="query value")
    template = data.draw(st.sampled_from([
        "/api/h2h/examples/{s}/{q}", "/api/players/{s}", "/players/{s}", "/api/tables/{s}",
        "/api/tables/{t}?invite={q}", "/api/tables/{s}/record", "/t/{s}", "/t/{t}?invite={q}",
        "/replay/{s}", "/i18n/{s}.json", "/api/daily?day={q}", "/daily?day={q}",
        "/settings?back={q}&saved={s}", "/h2h?code={q}", "/hearts?code={q}", "/{s}",
    ]), label="path")
    path = template.format(s=segment, q=value, t=table)
    reply = client.get(path, headers=host, follow_redirects=False)
    assert_answered(reply, path, caplog)
