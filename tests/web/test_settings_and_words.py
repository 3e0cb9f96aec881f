"""Server settings from the environment, player preferences, and the two word catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from hertta.errors import ConfigError
from hertta.web.errors import ERROR_CODES, PROTOCOL_CODES
from hertta.web.i18n import (
    CATALOGUE_DIR,
    LANGUAGES,
    catalogue,
    decimal,
    embeddable_json,
    translate,
)
from hertta.web.preferences import PREFERENCES, parse_form
from hertta.web.settings import Settings, default_db_path


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

WEB = Path(CATALOGUE_DIR).parent
SEED_STRINGS = (
    "Ei enää mahdollisia siirtoja",
    "Korttien on oltava samanarvoisia",
    "Siirtovirheet",
    "Asetteluapu",
)


def test_default_database_follows_xdg() -> None:
    assert default_db_path({"XDG_DATA_HOME": "/x/data", "HOME": "/home/a"}) == Path(
        "/x/data/hertta/hertta.db"
    )
    assert default_db_path({"HOME": "/home/a"}) == Path("/home/a/.local/share/hertta/hertta.db")


def test_settings_from_the_environment() -> None:
    env = {"HOME": "/h", "HERTTA_DB": "/tmp/x.db", "HERTTA_SECRET": "s3cret",
           "HERTTA_BENCH_ECHO": "yes"}
    settings = Settings.from_env(env)
    assert settings == Settings("/tmp/x.db", "s3cret", True, False)
    assert Settings.from_env(env, db_path="/other.db").db_path == "/other.db"
    plain = Settings.from_env({"HOME": "/h"})
    assert plain.secret_key is None and plain.bench_echo is False
    with pytest.raises(ConfigError, match="HERTTA_BENCH_ECHO='maybe'"):
        Settings.from_env({"HOME": "/h", "HERTTA_BENCH_ECHO": "maybe"})


def test_a_secret_from_the_environment_signs_the_cookie(db_path: str) -> None:
    from hertta.web.app import create_app
    from hertta.web.players import PlayerCookies

    app = create_app(Settings(db_path=db_path, secret_key="from-env"))
    with TestClient(app) as client:
        client.get("/")
        assert PlayerCookies("from-env").read(client.cookies["hertta_player"]) is not None
        assert PlayerCookies("other").read(client.cookies["hertta_player"]) is None


def test_preferences_parse_and_refuse() -> None:
    assert parse_form({"move_errors": "on", "animation_ms": "120", "lang": "EN ", "x": "1"}) == {
        "move_errors": True, "animation_ms": 120, "lang": "en",
    }
    with pytest.raises(ConfigError, match="'fast'"):
        parse_form({"animation_ms": "fast"})
    assert PREFERENCES["move_errors"].default is False
    assert PREFERENCES["layout_assist"].default is True
    assert PREFERENCES["lang"].default == "fi"


def test_settings_form_round_trip(client: TestClient) -> None:
    reply = client.post("/settings", data={"move_errors": "on", "layout_assist": "off",
                                           "animation_ms": "500", "lang": "en"},
                        follow_redirects=False)
    assert reply.status_code == 303
    assert client.get("/api/settings").json() == {
        "lang": "en", "move_errors": True, "layout_assist": False, "animation_ms": 500,
        "winnable_only": False, "trick_pause": True, "sounds": True,
    }
    page = client.get("/settings").text
    assert 'lang="en"' in page and "Move errors" in page
    # hidden "off" then checkbox "on": the last wins
    client.post("/settings", content="layout_assist=off&layout_assist=on",
                headers={"content-type": "application/x-www-form-urlencoded"})
    assert client.get("/api/settings").json()["layout_assist"] is True
    bad = client.post("/settings", data={"lang": "sv"}, follow_redirects=False)
    assert bad.status_code == 400 and bad.json()["error"] == "bad_setting"
    back = client.post("/settings", data={"lang": "fi", "back": "//evil.example"},
                       follow_redirects=False)
    assert back.headers["location"] == "/settings?saved=1"


def test_the_json_settings_refuse_a_key_that_names_no_setting(client: TestClient) -> None:
    # A program's misspelt key was silently dropped with 200, its other settings saved.
    before = client.get("/api/settings").json()
    reply = client.post("/api/settings", json={"lang": "en", "move_error": True})
    assert reply.status_code == 400 and reply.json()["error"] == "bad_setting"
    assert "'move_error'" in reply.json()["detail"] and "move_errors" in reply.json()["detail"]
    assert client.get("/api/settings").json() == before  # nothing saved, not even the good key


def test_pages_render_in_both_languages(client: TestClient) -> None:
    for lang, word in (("fi", "Asetteluapu"), ("en", "Layout assist")):
        client.post("/api/settings", json={"lang": lang})
        for path in ("/", "/h2h", "/settings", "/stats", "/help"):
            page = client.get(path)
            assert page.status_code == 200, path
            assert f'<html lang="{lang}">' in page.text
        assert word in client.get("/settings").text
    assert client.get("/i18n/sv.json").status_code == 404  # no such address


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    fi, en = catalogue("fi"), catalogue("en")
    assert set(fi) == set(en)
    for key in fi:
        assert fi[key].strip() and en[key].strip(), key
        assert set(re.findall(r"{\w+}", fi[key])) == set(re.findall(r"{\w+}", en[key])), key
    assert LANGUAGES == ("fi", "en")


def test_the_seed_strings_appear_verbatim_in_finnish() -> None:
    values = set(catalogue("fi").values())
    for text in SEED_STRINGS:
        assert text in values


def test_every_code_the_server_sends_has_words() -> None:
    fi = catalogue("fi")
    codes = [code for _, code in ERROR_CODES] + list(PROTOCOL_CODES) + ["bad_input"]
    for code in codes:
        assert f"error.{code}" in fi, code
    assert "message.cards_must_match" in fi


def test_every_key_used_by_templates_and_scripts_exists() -> None:
    used: set[str] = set()
    for path in (WEB / "templates").glob("*.html"):
        used |= set(re.findall(r"""\bt\(['"]([a-z0-9_.]+)['"]\s*[,)]""", path.read_text()))
    for path in (WEB / "static" / "js").rglob("*.js"):
        used |= set(re.findall(r"""\bt\(["']([a-z0-9_.]+)["']\s*[,)]""", path.read_text()))
    assert len(used) > 40
    missing = used - set(catalogue("fi"))
    assert not missing, missing


def test_translate_fills_placeholders() -> None:
    assert translate("fi", "card.label", card="hertta 10", position=1) == "hertta 10, paikka 1"
    assert translate("en", "card.label", card="10 of hearts", position=1) == (
        "10 of hearts, position 1")
    assert json.loads((CATALOGUE_DIR / "fi.json").read_text())["settings.move_errors"] == (
        "Siirtovirheet"
    )


@pytest.mark.parametrize(
    ("lang", "value", "places", "text"),
    [
        ("fi", 23.456, 2, "23,46"),
        ("fi", -3.5, 2, "\u22123,50"),
        ("fi", -0.001, 2, "0,00"),
        ("fi", 7.26, 1, "7,3"),
        ("en", 23.456, 2, "23.46"),
        ("en", -3.5, 2, "-3.50"),
        ("en", -0.001, 2, "0.00"),
    ],
)
def test_decimals_are_written_as_the_language_writes_them(
    lang: str, value: float, places: int, text: str
) -> None:
    assert decimal(lang, value, places) == text


@pytest.mark.parametrize("asks", [None, "en-US,en;q=0.9", "en", "de-DE,de;q=0.9", "fi-FI"])
def test_a_first_visit_speaks_finnish_whatever_the_browser_asks(
    client: TestClient, asks: str | None
) -> None:
    headers = {} if asks is None else {"accept-language": asks}
    page = client.get("/hearts", headers=headers).text
    assert '<html lang="fi">' in page
    assert "Uusi ottelu" in page


def test_a_chosen_language_stays_chosen(client: TestClient) -> None:
    english = {"accept-language": "en-US,en;q=0.9"}
    client.post("/api/settings", json={"lang": "en"})
    assert '<html lang="en">' in client.get("/", headers=english).text
    assert '<html lang="en">' in client.get("/", headers={"accept-language": "fi"}).text
    client.post("/api/settings", json={"lang": "fi"})
    assert '<html lang="fi">' in client.get("/", headers=english).text


def test_the_language_button_comes_back_to_the_same_page_with_its_query(
    client: TestClient,
) -> None:
    # An invite link's token (or /daily's day) is in the query: dropped, the guest was locked
    # out of the table after pressing EN.
    page = client.get("/daily?day=2025-01-03").text
    assert 'name="back" value="/daily?day=2025-01-03"' in page
    origin = {"origin": str(client.base_url)}
    answer = client.post("/settings", data={"lang": "en", "back": "/daily?day=2025-01-03"},
                         headers=origin, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == "/daily?day=2025-01-03"
    assert '<html lang="en">' in client.get("/daily?day=2025-01-03").text


@pytest.mark.parametrize("name", ["<!--<script>", "</script><b>", "a & b", "<\u2028>"])
def test_embedded_json_holds_no_markup_and_reads_back(name: str) -> None:
    # A display name like "<!--<script>" put the HTML parser in a state that swallowed the
    # replay page's script (only "</" was escaped).
    text = embeddable_json({"seats": [name]})
    assert not set("<>&") & set(text)
    assert json.loads(text) == {"seats": [name]}


def test_counted_words_have_their_many_form() -> None:
    for lang in LANGUAGES:
        words = catalogue(lang)
        for key in words:
            if key.endswith(".one"):
                assert key.removesuffix(".one") in words, key
