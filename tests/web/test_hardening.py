"""Hardening, in process, as a client meets it: WebSocket origins, redirect targets, the body
limit, security headers, bad bodies and frames, cookies, and player rows written only when a
player saves something."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hertta.web.middleware import MAX_BODY_BYTES
from hertta.web.services import AppServices
from hertta.web.transport import SOCKETS_PER_PLAYER
from tests.web.conftest import Socket

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "hertta" / "web" / "templates"


def services_of(client: TestClient) -> AppServices:
    services = client.app.state.hertta  # type: ignore[attr-defined]
    assert isinstance(services, AppServices)
    return services


# -- WebSocket origins -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://testserver:8001", "null", "https://testserver.evil"]
)
def test_another_origin_is_refused_before_anything_is_sent(
    client: TestClient, origin: str
) -> None:
    headers = {"origin": origin}
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
        "/ws/h2h", headers=headers
    ) as ws:
        ws.receive_text()
    assert refused.value.code == 4403


def test_the_apps_own_origin_and_listed_ones_are_accepted(db_path: str) -> None:
    from hertta.tables.bots import ThreadBotRunner
    from hertta.web.app import create_app
    from hertta.web.settings import Settings

    settings = Settings(db_path=db_path, allowed_origins=("https://cards.example",))
    app = create_app(settings, runner=ThreadBotRunner())
    with TestClient(app) as client:
        client.get("/")
        for origin in ("http://testserver", "https://testserver", "https://cards.example"):
            with client.websocket_connect("/ws/h2h", headers={"origin": origin}) as ws:
                assert Socket(ws).hello()["game"] == "h2h"


def test_a_socket_with_a_forged_or_stale_cookie_is_closed_without_data(
    client: TestClient,
) -> None:
    for cookie in ("forged", "abc.def", services_of(client).cookies.sign("x") + "tampered"):
        headers = {"cookie": f"hertta_player={cookie}"}
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            "/ws/h2h", headers=headers
        ) as ws:
            ws.receive_text()
        assert closed.value.code == 4401


def test_one_player_holds_a_bounded_number_of_sockets(client: TestClient) -> None:
    """One cookie opening socket after socket gets its fill and no more (4429); another player
    is not affected, and a closed one makes room again."""
    client.get("/")
    with ExitStack() as stack:
        opened = [stack.enter_context(client.websocket_connect("/ws/hearts"))
                  for _ in range(SOCKETS_PER_PLAYER)]
        for ws in opened[:3]:
            assert Socket(ws).hello()["status"] == "none"
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            "/ws/hearts"
        ) as ws:
            ws.receive_text()
        assert closed.value.code == 4429
        other = {"cookie": f"hertta_player={services_of(client).cookies.sign('other')}"}
        with client.websocket_connect("/ws/hearts", headers=other) as ws:
            assert Socket(ws).hello()["status"] == "none"
        opened[0].close()
        for _ in range(100):  # the server counts the close once it has read it
            try:
                with client.websocket_connect("/ws/hearts") as ws:
                    assert Socket(ws).hello()["status"] == "none"
                break
            except WebSocketDisconnect as refused:
                assert refused.code == 4429
        else:
            raise AssertionError("a closed socket never made room")


# -- redirects and links -------------------------------------------------------------------------

BAD_BACKS = [
    "//evil.example/", "/\\evil.example", "/\t/evil.example/", "/\r\n/evil.example",
    "/\n/evil", "http://evil.example/", "javascript:alert(1)", " /h2h", "/h2h\x00",
    "/%09/evil", "\\\\evil.example", "/h2h:evil",
    # Unicode's white space and C1 controls, as they are and percent-encoded.
    "/%20/evil.example", "/%C2%A0/evil", "/%E3%80%80/evil", "/%C2%85/evil", "/\u00a0/evil",
    "/\x85/evil",
]


@pytest.mark.parametrize("back", BAD_BACKS)
def test_back_links_are_local_paths_only(client: TestClient, back: str) -> None:
    page = client.get("/settings", params={"back": back})
    assert page.status_code == 200
    assert "evil" not in page.text
    posted = client.post("/settings", data={"lang": "fi", "back": back}, follow_redirects=False)
    assert posted.status_code == 303
    assert posted.headers["location"] == "/settings?saved=1"


def test_the_reported_open_redirect_is_closed(client: TestClient) -> None:
    page = client.get("/settings?back=/%09/evil.example/")
    assert "evil.example" not in page.text


def test_a_local_back_link_still_works(client: TestClient) -> None:
    posted = client.post("/settings", data={"lang": "en", "back": "/hearts"},
                         follow_redirects=False)
    assert posted.headers["location"] == "/hearts"
    assert 'href="/h2h"' in client.get("/settings?back=/h2h").text


# -- request bodies ------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    big = json.dumps({"lang": "x" * (MAX_BODY_BYTES + 1)})
    refused = client.post("/api/settings", content=big,
                          headers={"content-type": "application/json"})
    assert refused.status_code == 413
    # The form of every error answer, though the app never saw the request.
    assert refused.json() == {"error": "too_large",
                              "detail": f"the request body is over {MAX_BODY_BYTES} bytes"}
    assert client.post("/settings", data={"lang": "x" * MAX_BODY_BYTES}).status_code == 413

    def chunks() -> object:  # no Content-Length: the limit applies while reading
        for _ in range(64):
            yield b"x" * 1024

    reply = client.post("/api/settings", content=chunks())  # type: ignore[arg-type]
    assert reply.status_code == 413
    assert reply.json()["error"] == "too_large"
    assert client.get("/api/settings").status_code == 200  # the app is fine


@pytest.mark.parametrize(
    "body",
    [b"not json", b"[1, 2]", b'"text"', b"\xff\xfe", b"[" * 5000 + b"]" * 5000,
     b'{"a": ' * 1500 + b"1" + b"}" * 1500, b"", b"null"],
)
def test_any_bad_settings_body_is_400_never_500(client: TestClient, body: bytes) -> None:
    reply = client.post("/api/settings", content=body,
                        headers={"content-type": "application/json"})
    assert reply.status_code == 400, reply.text
    assert reply.json()["error"] in ("bad_request", "bad_setting")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"move_errors": "on"}, "bad_request"),  # the form's word, not JSON's true
        ({"move_errors": 1}, "bad_request"),
        ({"animation_ms": True}, "bad_request"),  # a bool is no number here
        ({"animation_ms": "500"}, "bad_request"),
        ({"lang": None}, "bad_request"),
        ({"animation_ms": 7}, "bad_setting"),
        ({"lang": "EN"}, "bad_setting"),
    ],
)
def test_json_settings_take_json_types_only(
    client: TestClient, body: dict[str, object], code: str
) -> None:
    before = client.get("/api/settings").json()
    reply = client.post("/api/settings", json={"layout_assist": False, **body})
    assert (reply.status_code, reply.json()["error"]) == (400, code)
    assert repr(next(iter(body.values()))) in reply.json()["detail"]
    assert client.get("/api/settings").json() == before  # all or nothing
    saved = client.post("/api/settings", json={"animation_ms": 500, "trick_pause": False})
    assert saved.status_code == 200 and saved.json()["animation_ms"] == 500


def test_bad_forms_and_parameters_are_400(client: TestClient) -> None:
    assert client.post("/settings", content=b"lang=\xff\xfe",
                       headers={"content-type": "application/x-www-form-urlencoded"}
                       ).status_code == 400
    assert client.post("/api/settings", json={"lang": "klingon"}).status_code == 400
    assert client.get("/api/h2h/examples/HH1-N-AAAAAAM/not-a-number").status_code == 400
    # Escapes of bytes that are not UTF-8 are refused too (they were stored as U+FFFD).
    form = {"content-type": "application/x-www-form-urlencoded"}
    refused = client.post("/settings", content=b"display_name=%ED%A0%80%FF", headers=form)
    assert refused.status_code == 400 and "%ED%A0%80%FF" in refused.json()["detail"]
    assert client.get("/api/profile").json() == {"name": None}


# -- frames --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (json.dumps({"op": ["ping"]}), "bad_frame"),
        (json.dumps({"op": {"x": 1}}), "bad_frame"),
        (json.dumps({"op": 5}), "bad_frame"),
        (json.dumps({"op": None}), "bad_frame"),
        ("[" * 2000 + "]" * 2000, "bad_json"),
        ('{"op": "tap", "target": ' + "[" * 1000 + "]" * 1000 + "}", "bad_json"),
        ('{"op": "tap", "target": ' + "[" * 100 + "]" * 100 + "}", "bad_argument"),
        (json.dumps({"op": "tap", "target": {"deep": [[[[1]]]]}}), "bad_argument"),
        (json.dumps({"op": "hello", "hidden": [True]}), "bad_argument"),
        (json.dumps({"op": "tap", "seq": [1], "target": 1}), "bad_argument"),
    ],
)
def test_malformed_frames_get_protocol_codes(
    socket: Socket, frame: str, code: str, caplog: pytest.LogCaptureFixture
) -> None:
    reply = socket.send_raw(frame)
    assert reply["type"] == "error" and reply["code"] == code, reply
    assert not [r for r in caplog.records if r.exc_info], "no traceback is logged"
    assert socket.send("ping")["type"] == "pong"


# -- headers and scripts -------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/h2h", "/hearts", "/settings", "/stats", "/help",
                                  "/h2h/examples", "/nowhere", "/static/css/app.css", "/healthz"])
def test_security_headers_on_every_response(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in directives["script-src"]
    assert directives["frame-ancestors"] == "'none'"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_templates_have_no_inline_script() -> None:
    tag = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
    handler = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
    for path in sorted(TEMPLATES.glob("*.html")):
        text = path.read_text(encoding="utf-8")
        for attributes in tag.findall(text):
            assert "src=" in attributes or 'type="application/json"' in attributes, path.name
        assert not handler.search(text), path.name
        assert "javascript:" not in text.lower(), path.name


# -- players -------------------------------------------------------------------------------------


def test_visits_that_save_nothing_write_nothing(db_path: str) -> None:
    from hertta.tables.bots import ThreadBotRunner
    from hertta.web.app import create_app
    from hertta.web.settings import Settings

    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner())
    with TestClient(app) as client:
        store = services_of(client).store
        connection = store.database._connection
        before = connection.total_changes
        for path in ("/healthz", "/nowhere", "/", "/help", "/stats", "/settings", "/h2h",
                     "/hearts", "/api/stats", "/api/settings"):
            client.cookies.clear()
            assert client.get(path).status_code in (200, 404)
        assert store.player_count() == 0
        assert connection.total_changes == before
        assert "set-cookie" not in client.get("/healthz").headers
        client.get("/")
        client.post("/api/settings", json={"lang": "en"})  # saving a setting makes the player
        assert store.player_count() == 1


def test_healthz_and_pages_work_on_a_read_only_database(db_path: str) -> None:
    from hertta.tables.bots import ThreadBotRunner
    from hertta.web.app import create_app
    from hertta.web.settings import Settings

    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner())
    with TestClient(app) as client:
        connection = services_of(client).store.database._connection
        connection.execute("PRAGMA query_only = ON")  # from here on, any write fails
        health = client.get("/healthz").json()
        assert health["status"] == "ok" and health["store"] == "ok"
        assert client.get("/").status_code == 200
        assert client.get("/stats").status_code == 200
        connection.execute("PRAGMA query_only = OFF")


def test_a_socket_cookie_needs_no_player_row(client: TestClient) -> None:
    """A signed id is enough to play (the row comes with the first saved game)."""
    store = services_of(client).store
    assert store.player_count() == 0
    with client.websocket_connect("/ws/hearts") as ws:
        assert Socket(ws).hello()["status"] == "none"
    assert store.player_count() == 0
    with client.websocket_connect("/ws/h2h") as ws:
        Socket(ws).hello()  # a deal is saved for the person: now they exist
    assert store.player_count() == 1


@pytest.mark.parametrize("origin", ["http://evil.example", "http://testserver:8001", "null"])
def test_a_write_from_another_sites_page_is_refused(client: TestClient, origin: str) -> None:
    # SameSite=Lax lets a form or a text/plain "simple" POST through from another port or
    # subdomain of the same site: the Origin is checked as the sockets check it.
    before = client.get("/api/settings").json()
    for path, kwargs in (
        ("/api/settings", {"content": b'{"move_errors": true}',
                           "headers": {"content-type": "text/plain", "origin": origin}}),
        ("/settings", {"data": {"lang": "en"}, "headers": {"origin": origin}}),
        ("/api/profile", {"json": {"name": "pwned"}, "headers": {"origin": origin}}),
    ):
        reply = client.post(path, follow_redirects=False, **kwargs)  # type: ignore[arg-type]
        assert reply.status_code == 403 and reply.json()["error"] == "bad_origin", path
    assert client.get("/api/settings").json() == before
    assert client.get("/api/profile").json() == {"name": None}


def test_writes_from_the_apps_own_pages_and_from_programs_go_through(client: TestClient) -> None:
    own = {"origin": str(client.base_url)}
    assert client.post("/api/profile", json={"name": "Aino"}, headers=own).status_code == 200
    assert client.post("/api/profile", json={"name": "Eero"}).status_code == 200  # no Origin
