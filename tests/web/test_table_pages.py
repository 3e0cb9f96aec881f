"""The pages of shared tables: the lobby with its form, a table's page (what an invite link
opens) and a finished match's replay (404 before the end; then the code, the totals and every
round)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from hertta.tables.online import OnlineStatus
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
from tests.web.test_online import FOUR, PEOPLE, play_to_the_end, sit_everyone


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target


@pytest.fixture
def shared(db_path: str) -> Iterator[TestClient]:
    with people_client(db_path, {person: person.title() for person in PEOPLE[1:]}) as client:
        yield client


def page_config(html: str, block: str) -> dict[str, object]:
    found = re.search(rf'<script type="application/json" id="{block}">(.*?)</script>', html, re.S)
    assert found is not None
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


def test_the_lobby_page_offers_every_rule_and_seat_choice(shared: TestClient) -> None:
    html = shared.get("/tables").text
    for preset in ("standard", "omnibus", "jack_of_diamonds", "black_lady", "cancellation"):
        assert f'value="{preset}"' in html
    for seat in range(6):
        assert f'id="create-seat-{seat}"' in html
    limits = page_config(html, "game-config")["limits"]
    assert isinstance(limits, dict) and limits["clocks"] == [0, 15, 30, 60]


def test_a_table_page_connects_with_its_invite(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    invite = invite_of(table)
    html = shared.get(f"/t/{table['id']}", params={"invite": invite}).text
    config = page_config(html, "game-config")
    assert config["socket"] == f"/ws/tables/{table['id']}?invite={invite}"


def test_a_replay_is_shown_only_once_the_match_is_over(shared: TestClient) -> None:
    table = create_table(shared, "host", **FOUR)
    host = cookie_header(shared, "host")
    assert shared.get(f"/replay/{table['id']}", headers=host).status_code == 404
    assert shared.get("/replay/no-such-table", headers=host).status_code == 404
    with at_table(shared, table["id"], PEOPLE, invite_of(table)) as sockets:
        sit_everyone(sockets)
        play_to_the_end(sockets)
        final = latest(sockets["host"])["game"]
    reply = shared.get(f"/replay/{table['id']}")  # a shareable link: no seat, no invite
    assert reply.status_code == 200
    replay = page_config(reply.text, "replay-data")
    assert replay["code"] == final["code"]
    assert replay["totals"] == final["summary"]["totals"]
    rounds = replay["rounds"]
    assert isinstance(rounds, list) and len(rounds) == final["round_index"] + 1
    assert all(len(r["tricks"]) == 13 for r in rounds)


def test_a_replay_does_not_wait_for_the_online_row(shared: TestClient) -> None:
    """The game table ends with the last decision; the online row is marked over a moment
    later. In that moment (made here by turning the row back) the replay is already shown."""
    table = create_table(shared, "host", **FOUR)
    with at_table(shared, table["id"], PEOPLE, invite_of(table)) as sockets:
        sit_everyone(sockets)
        play_to_the_end(sockets)
        wait_for_table_over(sockets["host"])
    storage = services_of(shared).store
    over = storage.read_online(table["id"])
    assert over.status is OnlineStatus.OVER
    storage.update_online(replace(over, status=OnlineStatus.PLAYING), over.version)
    assert shared.get(f"/replay/{table['id']}").status_code == 200


def test_the_display_name_is_changed_in_the_settings(shared: TestClient) -> None:
    aino = cookie_header(shared, "aino")
    page = shared.get("/settings", headers=aino).text
    assert 'name="display_name"' in page and 'value="Aino"' in page
    reply = shared.post("/settings", content="display_name=%20Aino%20%20K%20",
                        headers={**aino, "Content-Type": "application/x-www-form-urlencoded"},
                        follow_redirects=False)
    assert reply.status_code == 303
    assert shared.get("/api/profile", headers=aino).json() == {"name": "Aino K"}
    too_long = shared.post("/settings", content="display_name=" + "x" * 21,
                           headers={**aino, "Content-Type": "application/x-www-form-urlencoded"},
                           follow_redirects=False)
    assert too_long.status_code == 400
    assert shared.get("/api/profile", headers=aino).json() == {"name": "Aino K"}
    kept = shared.post("/settings", content="display_name=&lang=en",
                       headers={**aino, "Content-Type": "application/x-www-form-urlencoded"},
                       follow_redirects=False)
    assert kept.status_code == 303
    assert shared.get("/api/profile", headers=aino).json() == {"name": "Aino K"}
