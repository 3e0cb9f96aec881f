"""A rated table played to its end in process, through the HTTP API and the table socket, with
the app's own match-over hook: one person leaves during the match and finishes last; everyone's
rating moves by the rating library's update; their pages show the match."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.tables.ratings import DEFAULT_RATING, finishing_places, rate_places
from hertta.web.i18n import decimal
from tests.web.online_helpers import (
    at_table,
    cookie_header,
    create_table,
    invite_of,
    latest,
    people_client,
    services_of,
    wait_for_table_over,
)
from tests.web.test_online import play_to_the_end


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

PEOPLE = ["host", "aino", "eero", "liisa"]
LEAVER = "eero"
RATED = {"rules": {"preset": "standard", "players": 4}, "seats": ["host", "open", "open", "open"],
         "clock": 0, "rated": True, "public": True}


@pytest.fixture
def rated_client(db_path: str) -> Iterator[TestClient]:
    with people_client(db_path, {person: person.title() for person in PEOPLE[1:]}) as client:
        yield client


def play_rated_match(client: TestClient) -> tuple[str, list[int]]:
    """Four people sit, one leaves at once, the other three play to the end; the table's id
    and the final totals."""
    table = create_table(client, "host", **RATED)
    invite = invite_of(table)
    with at_table(client, table["id"], ["host", "aino", "liisa"], invite) as sockets:
        with at_table(client, table["id"], [LEAVER], invite) as leaving:
            sockets["aino"].send("sit")
            leaving[LEAVER].send("sit")
            sockets["liisa"].send("sit")
            reply = leaving[LEAVER].send("leave")
            assert reply["type"] == "update", reply
            assert reply["state"]["table"]["seats"][2]["left"] is True
        play_to_the_end(sockets)
        wait_for_table_over(sockets["host"])
        totals: list[int] = latest(sockets["host"])["game"]["summary"]["totals"]
    return str(table["id"]), totals


def test_a_rated_match_updates_everyones_rating(rated_client: TestClient) -> None:
    table_id, totals = play_rated_match(rated_client)
    services = services_of(rated_client)
    store = services.store
    places = list(finishing_places(totals, [person == LEAVER for person in PEOPLE]))
    assert places[2] == 4  # the leaver, whatever their total
    expected = rate_places([DEFAULT_RATING] * 4, places)
    stored = store.ratings(PEOPLE)
    assert [stored[person] for person in PEOPLE] == expected
    assert all(rating.matches == 1 for rating in expected)
    for person, place in zip(PEOPLE, places, strict=True):
        assert [(h.table_id, h.place) for h in store.rating_history(person)] == [(table_id, place)]

    # The leaver's page shows the rating, the match (last place) and its replay link.
    handle = services.handles.handle_of(LEAVER)
    page = rated_client.get(f"/api/players/{handle}", headers=cookie_header(rated_client, "aino"))
    assert page.status_code == 200, page.text
    shown: dict[str, Any] = page.json()
    assert shown["name"] == "Eero" and shown["rated_matches"] == 1
    assert shown["rating"] == round(expected[2].conservative, 2)
    assert [h["place"] for h in shown["history"]] == [4]
    [line] = shown["matches"]
    assert line["place"] == 4 and line["rated"] is True and line["totals"] == totals
    assert line["replay"] == f"/replay/{table_id}" and line["seat"] == 2
    html = rated_client.get(f"/players/{handle}", headers=cookie_header(rated_client, "aino"))
    assert html.status_code == 200 and f'href="/replay/{table_id}"' in html.text
    assert 'id="rating-chart"' in html.text
    # One match: the chart's words in the singular; the match's day as Finnish writes it.
    assert "1 luokiteltu ottelu" in html.text and "1 luokiteltua" not in html.text
    day = date.fromisoformat(line["date"])
    assert f'class="day">{day.day}.{day.month}.{day.year}</td>' in html.text
    # Finnish (the default) writes the rating with a decimal comma and the minus sign.
    assert f'id="player-rating">{decimal("fi", expected[2].conservative, 2)}<' in html.text
    assert "," in decimal("fi", expected[2].conservative, 2)
    # One rated match is below the leaderboard's threshold.
    assert rated_client.get("/api/leaderboard").json()["players"] == []

    # A private unrated table shows on its own people's pages only.
    with store.database.transaction() as db:
        db.execute("UPDATE online_tables SET rated = 0, public = 0 WHERE id = ?", (table_id,))
    seen_by_other = rated_client.get(f"/api/players/{handle}",
                                     headers=cookie_header(rated_client, "aino")).json()
    seen_by_self = rated_client.get(f"/api/players/{handle}",
                                    headers=cookie_header(rated_client, LEAVER)).json()
    assert seen_by_other["matches"] == [] and len(seen_by_self["matches"]) == 1
