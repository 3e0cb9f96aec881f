"""A browser that asks for a page that fails gets a page in its person's language with the
status kept; API paths and clients that do not ask for HTML keep the JSON answers."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

HTML = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize(
    ("path", "status", "title"),
    [
        ("/no-such-page", 404, "Sivua ei löydy"),
        ("/replay/no-such-table", 404, "Sivua ei löydy"),
        ("/daily?day=2099-01-01", 400, "Osoitetta ei voi näyttää"),
        ("/daily?day=2025-13-01", 400, "Osoitetta ei voi näyttää"),
    ],
)
def test_a_failing_page_is_a_page(client: TestClient, path: str, status: int, title: str) -> None:
    reply = client.get(path, headers=HTML)
    assert reply.status_code == status
    assert reply.headers["content-type"].startswith("text/html")
    assert f'<h1 id="error-title">{title}</h1>' in reply.text
    assert 'href="/"' in reply.text


def test_the_error_page_speaks_the_persons_language(client: TestClient) -> None:
    client.post("/api/settings", json={"lang": "en"})
    reply = client.get("/no-such-page", headers=HTML)
    assert reply.status_code == 404 and "Page not found" in reply.text


def test_apis_and_other_clients_keep_json(client: TestClient) -> None:
    assert client.get("/no-such-page").json() == {"detail": "Not Found"}
    reply = client.get("/api/tables/no-such-table", headers=HTML)
    assert reply.status_code == 404 and reply.json()["error"] == "no_table"
    reply = client.get("/daily?day=2099-01-01")
    assert reply.status_code == 400 and reply.json()["error"] == "bad_request"
