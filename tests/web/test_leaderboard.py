"""The leaderboard and people's pages: who is listed (ten rated matches or more), in what
order, names escaped, handles that never reveal a player id, both languages."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from hertta.tables.bots import ThreadBotRunner
from hertta.tables.ratings import DEFAULT_RATING, Rating, RatingChange
from hertta.web.app import create_app
from hertta.web.handles import HANDLE_RE, handle_for
from hertta.web.settings import Settings
from tests.web.online_helpers import cookie_header, services_of


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

# name, conservative rating wanted (mu - 3 sigma with sigma 2), rated matches
PEOPLE = [
    ("Aino", 12.0, 10),
    ("<b>Eve</b> & co", 20.0, 25),
    ("Veli", 30.0, 9),  # the best rating, one match short of the leaderboard
    ("Liisa", 5.0, 11),
]


@pytest.fixture
def ranked(db_path: str) -> Iterator[tuple[TestClient, dict[str, str]]]:
    app = create_app(Settings(db_path=db_path), runner=ThreadBotRunner())
    with TestClient(app) as client:
        store = services_of(client).store
        ids = {}
        for number, (name, conservative, matches) in enumerate(PEOPLE):
            player = secrets.token_urlsafe(16)
            ids[name] = player
            store.set_name(player, name)
            # A short history, then the rating wanted with its count of matches.
            for step in range(3):
                mu = 25 + (conservative + 6 - 25) * (step + 1) / 3
                after = Rating(mu, 2.0, matches - 2 + step)
                store.save_ratings(f"table-{number}-{step}",
                                   [RatingChange(player, 1 + step % 2, DEFAULT_RATING, after)])
        yield client, ids


def test_only_people_with_ten_rated_matches_are_listed_best_first(
    ranked: tuple[TestClient, dict[str, str]],
) -> None:
    client, _ids = ranked
    board = client.get("/api/leaderboard").json()
    assert board["min_matches"] == 10
    listed = [(row["rank"], row["name"], row["rating"], row["matches"]) for row in board["players"]]
    assert listed == [(1, "<b>Eve</b> & co", 20.0, 25), (2, "Aino", 12.0, 10),
                      (3, "Liisa", 5.0, 11)]
    assert board["you"] is None  # a person with no rated match


def test_the_asking_person_learns_their_own_line_under_the_threshold_too(
    ranked: tuple[TestClient, dict[str, str]],
) -> None:
    client, ids = ranked
    board = client.get("/api/leaderboard", headers=cookie_header(client, ids["Veli"])).json()
    veli = services_of(client).handles.handle_of(ids["Veli"])
    assert board["you"] == {"handle": veli, "rating": 30.0, "matches": 9}
    assert veli not in [row["handle"] for row in board["players"]]
    mine = client.get(f"/api/players/{veli}").json()
    assert mine["name"] == "Veli" and mine["rated_matches"] == 9


def test_the_statistics_link_to_ones_own_page(ranked: tuple[TestClient, dict[str, str]]) -> None:
    client, ids = ranked
    for name in ("Veli", "Aino"):  # under the leaderboard's threshold too
        page = client.get("/stats", headers=cookie_header(client, ids[name])).text
        handle = services_of(client).handles.handle_of(ids[name])
        assert re.findall(r'id="own-page" href="([^"]+)"', page) == [f"/players/{handle}"]
        own = client.get(f"/players/{handle}", headers=cookie_header(client, ids[name])).text
        assert f"<bdi>{name}</bdi>" in own


def test_names_are_escaped_and_ids_never_shown(ranked: tuple[TestClient, dict[str, str]]) -> None:
    client, ids = ranked
    viewer = ids["Aino"]
    headers = cookie_header(client, viewer)
    board = client.get("/leaderboard", headers=headers)
    assert board.status_code == 200
    assert "&lt;b&gt;Eve&lt;/b&gt; &amp; co" in board.text and "<b>Eve</b>" not in board.text
    # Each name is isolated from the text around it (a right-to-left name reorders nothing).
    assert "<bdi>&lt;b&gt;Eve&lt;/b&gt; &amp; co</bdi>" in board.text
    assert "<bdi>Aino</bdi>" in board.text
    handles = re.findall(r'href="/players/([^"]+)"', board.text)
    assert len(set(handles)) == 3 and all(HANDLE_RE.fullmatch(h) for h in handles)
    pages = [board.text, client.get("/api/leaderboard").text]
    for handle in handles:
        for path in (f"/players/{handle}", f"/api/players/{handle}"):
            reply = client.get(path, headers=headers)
            assert reply.status_code == 200, path
            pages.append(reply.text)
    # The viewer's own page, linked from the leaderboard, and a person below the threshold.
    veli = services_of(client).handles.handle_of(ids["Veli"])
    pages.append(client.get(f"/players/{veli}", headers=headers).text)
    assert "<bdi>Veli</bdi>" in pages[-1]
    for text in pages:
        for player in ids.values():
            assert player not in text


def test_handles_are_stable_keyed_and_distinct(
    ranked: tuple[TestClient, dict[str, str]], db_path: str
) -> None:
    client, ids = ranked
    handles = services_of(client).handles
    mine = {name: handles.handle_of(player) for name, player in ids.items()}
    assert len(set(mine.values())) == len(ids)
    for player, handle in zip(ids.values(), mine.values(), strict=True):
        assert handle_for("another server's key", player) != handle
        assert handles.player_of(handle) == player
    # Another app on the same store gives everyone the same handle.
    again = create_app(Settings(db_path=db_path), runner=ThreadBotRunner())
    with TestClient(again) as other:
        assert {n: services_of(other).handles.handle_of(p) for n, p in ids.items()} == mine


def test_a_player_page_has_a_chart_of_the_rating(
    ranked: tuple[TestClient, dict[str, str]],
) -> None:
    client, ids = ranked
    handle = services_of(client).handles.handle_of(ids["Aino"])
    shown = client.get(f"/api/players/{handle}").json()
    assert [round(point["rating"], 2) for point in shown["history"]][-1] == 12.0
    assert shown["rated_matches"] == 10 and shown["matches"] == []
    page = client.get(f"/players/{handle}").text
    chart = re.search(r'<polyline class="line" points="([^"]+)"', page)
    assert chart is not None and len(chart.group(1).split()) == 4  # the start and 3 matches


def test_unknown_handles_are_not_found(client: TestClient) -> None:
    for handle in ("aaaaaaaaaaaaaaaa", "not-a-handle", "x" * 200):
        assert client.get(f"/players/{handle}").status_code == 404
        reply = client.get(f"/api/players/{handle}")
        assert reply.status_code == 404 and reply.json()["error"] == "no_player"


@pytest.mark.parametrize(("lang", "words"), [("fi", ("Tulostaulu", "Luokitus", "Päivän jako")),
                                             ("en", ("Leaderboard", "Rating", "Daily deal"))])
def test_pages_render_in_both_languages(
    ranked: tuple[TestClient, dict[str, str]], lang: str, words: tuple[str, str, str]
) -> None:
    client, ids = ranked
    headers = cookie_header(client, ids["Liisa"])
    assert client.post("/api/settings", json={"lang": lang}, headers=headers).status_code == 200
    board, chart_word, daily = words
    handle = services_of(client).handles.handle_of(ids["Aino"])
    for path, word in (("/leaderboard", board), (f"/players/{handle}", chart_word),
                       ("/daily", daily), ("/players/aaaaaaaaaaaaaaaa", board)):
        page = client.get(path, headers={**headers, "accept": "text/html"})  # a browser
        assert f'<html lang="{lang}">' in page.text, path
        assert word in page.text, path


def test_an_unknown_persons_page_answers_a_client_in_its_own_terms(
    ranked: tuple[TestClient, dict[str, str]],
) -> None:
    """docs/web-protocol.md: a client that does not ask for HTML gets the JSON error (it got
    the page's HTML with its 404)."""
    client, _ids = ranked
    for accept in ("application/json", "*/*"):
        reply = client.get("/players/nobodyhere", headers={"accept": accept})
        assert reply.status_code == 404
        assert reply.json() == {"error": "no_player", "detail": "no player 'nobodyhere'"}
    page = client.get("/players/nobodyhere", headers={"accept": "text/html"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
