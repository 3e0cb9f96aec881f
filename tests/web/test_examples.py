"""The examples page: the won game of HH1-N-AAAAAAM, its move list and its step data."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from hertta.solitaire.game import Status, apply_move, new_game, parse_move, parse_moves, replay
from hertta.solitaire.layout import POSITION_COUNT
from hertta.web.examples import EXAMPLE_CODES


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

CODE = "HH1-N-AAAAAAM"
OPENING = ["F"] * 9 + ["25+W"]


def page_config(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="examples-config">(.*?)</script>', page)
    assert match, "the page carries its data"
    config: dict[str, Any] = json.loads(match.group(1))
    return config


def step(client: TestClient, n: int, code: str = CODE) -> dict[str, Any]:
    reply = client.get(f"/api/h2h/examples/{code}/{n}")
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_the_page_renders_in_both_languages(client: TestClient) -> None:
    page = client.get("/h2h/examples")
    assert page.status_code == 200
    text = html.unescape(page.text)
    assert "Esimerkki: voitettu peli" in text and CODE in text
    for control in ("ex-first", "ex-back", "ex-play", "ex-forward", "ex-last"):
        assert f'id="{control}"' in text
    assert text.count('class="card slot"') == POSITION_COUNT
    assert "/static/js/h2h/examples.js" in text
    client.post("/api/settings", json={"lang": "en"})
    text = html.unescape(client.get("/h2h/examples").text)
    assert '<html lang="en">' in text and "Example: a won game" in text


def test_the_help_page_links_to_it(client: TestClient) -> None:
    assert 'href="/h2h/examples"' in client.get("/help").text


def test_the_move_list_opens_as_the_rules_say_and_wins(client: TestClient) -> None:
    config = page_config(client.get("/h2h/examples").text)
    assert config["code"] == CODE and EXAMPLE_CODES[0] == CODE
    assert config["moves"][:10] == OPENING
    assert config["total"] == len(config["moves"])
    game = replay(CODE, parse_moves(config["moves"]))
    assert game.status is Status.WON
    assert game.position.score == 250 and game.position.moves == config["total"]
    assert config["start"] == step(client, 0)


def test_move_ten_pairs_the_waste_four_with_the_point(client: TestClient) -> None:
    before, after = step(client, 9), step(client, 10)
    assert before["position"]["heart"][24] == "4H"
    assert before["position"]["waste"]["top"] == "4H"
    assert after["move"] == "25+W"
    assert after["caption"] == {"kind": "pair", "first": "4H", "second": "4H", "waste": True}
    assert after["position"]["heart"][24] is None and after["score"] == 10
    assert after["position"]["free"] == [23, 24]
    for n in range(1, 10):
        data = step(client, n)
        assert data["move"] == "F" and data["caption"]["kind"] == "flip" and data["score"] == 0


def test_every_step_matches_the_rules_and_shows_no_stock_cards(client: TestClient) -> None:
    """Each step's public position is what the public rules API gives after that many moves."""
    config = page_config(client.get("/h2h/examples").text)
    position = new_game(CODE).start
    for n in range(config["total"] + 1):
        if n:
            position = apply_move(position, parse_move(config["moves"][n - 1]))
        data = step(client, n)
        shown = data["position"]
        assert set(shown) == {"heart", "free", "stock", "waste"}
        assert shown["heart"] == [None if c is None else c.notation for c in position.heart]
        assert shown["free"] == position.free_positions()
        assert shown["stock"] == len(position.stock)  # a count, never the cards
        assert shown["waste"] == {
            "count": len(position.waste),
            "top": position.waste[-1].notation if position.waste else None,
        }
        assert (data["step"], data["moves"], data["score"]) == (n, position.moves, position.score)
    assert data["status"] == "won" and data["score"] == 250


def test_only_example_deals_and_steps_in_range_are_served(client: TestClient) -> None:
    assert step(client, 0, code=CODE.lower())["code"] == CODE
    other = client.get("/api/h2h/examples/HH1-N-AAAAAAB/0")
    assert other.status_code == 400 and other.json()["error"] == "bad_code"
    junk = client.get("/api/h2h/examples/not-a-code/0")
    assert junk.status_code == 400 and junk.json()["error"] == "bad_code"
    total = step(client, 0)["total"]
    for bad in (total + 1, -1):
        reply = client.get(f"/api/h2h/examples/{CODE}/{bad}")
        assert reply.status_code == 400 and reply.json()["error"] == "bad_notation"
    not_a_number = client.get(f"/api/h2h/examples/{CODE}/two")
    assert not_a_number.status_code == 400 and not_a_number.json()["error"] == "bad_request"
    assert "'two'" in not_a_number.json()["detail"]  # the words quote it, as everywhere

