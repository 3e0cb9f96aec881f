"""Settings pages, both settings in play, both languages, reload, keyboard-only play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hertta.solitaire.game import Move
from tests.browser.game_page import (
    element,
    enter_code,
    hit,
    info,
    open_game,
    play_moves,
    screenshot,
    selection,
    set_preferences,
    wait_idle,
    wait_ready,
)
from tests.web.helpers import PINNED_WINNABLE, winning_moves
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser


def save_settings(page: Page) -> None:
    page.locator("#settings-save").click()
    page.wait_for_load_state()


def test_move_errors_turned_on_in_the_settings_page(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_game(page, server.url)
    page.locator("#btn-settings").click()
    expect(page.locator("h1")).to_have_text("Asetukset")
    switch = page.locator("#setting-move_errors")
    expect(switch).not_to_be_checked()
    expect(page.locator("#setting-layout_assist")).to_be_checked()
    page.get_by_text("Siirtovirheet", exact=True).click()
    expect(switch).to_be_checked()
    screenshot(page, artifacts, "settings")
    save_settings(page)  # returns to the game
    wait_ready(page)
    enter_code(page, PINNED_WINNABLE)
    hit(page, 25)
    hit(page, "waste")
    expect(page.locator("#message")).to_have_text("Korttien on oltava samanarvoisia")
    screenshot(page, artifacts, "desktop-move-error")
    hit(page, "waste")
    expect(page.locator("#message")).to_have_text("")


def test_layout_assist_turned_off(page: Page, server: ServerProcess) -> None:
    page.goto(f"{server.url}/settings")
    page.get_by_text("Asetteluapu", exact=True).click()
    expect(page.locator("#setting-layout_assist")).not_to_be_checked()
    save_settings(page)
    expect(page.locator("[role=status]").first).to_contain_text("tallennettu")
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    play_moves(page, [Move.flip()] * 9)
    hit(page, 25)
    expect(page.locator(".circled")).to_have_count(0)
    expect(page.locator(".darkened")).to_have_count(0)


ANIMATION_MS = "getComputedStyle(document.documentElement).getPropertyValue('--anim-ms').trim()"


@pytest.mark.parametrize("path", ["/h2h", "/hearts"])
def test_the_animation_speed_chosen_in_another_tab_reaches_an_open_game(
    page: Page, server: ServerProcess, path: str
) -> None:
    set_preferences(page, server.url, animation_ms=0, trick_pause=True)
    page.goto(f"{server.url}{path}")
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    assert page.evaluate(ANIMATION_MS) == "0ms"
    expect(page.locator("html")).to_have_attribute("data-motion", "off")
    settings = page.context.new_page()
    settings.goto(f"{server.url}/settings")
    settings.locator("#setting-animation-500").check()
    save_settings(settings)
    expect(settings.locator("[role=status]").first).to_contain_text("tallennettu")
    # The open game follows without a reload.
    expect(page.locator("html")).to_have_attribute("data-motion", "on")
    assert page.evaluate(ANIMATION_MS) == "500ms"
    settings.close()


def test_finnish_by_default_then_english(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_game(page, server.url)
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#btn-new")).to_contain_text("Uusi peli")
    enter_code(page, PINNED_WINNABLE)
    expect(element(page, 25)).to_have_attribute("aria-label", "hertta 4, paikka 25")
    page.locator(".lang-button").click()
    page.wait_for_load_state()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#btn-new")).to_contain_text("New game")
    expect(page.locator("#btn-undo")).to_contain_text("Undo")
    expect(element(page, 25)).to_have_attribute("aria-label", "4 of hearts, position 25")
    expect(element(page, 1)).to_have_attribute("aria-label", "10 of hearts, position 1 (covered)")
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock, 26 cards")
    hit(page, "stock")
    expect(page.locator("#announce")).to_contain_text("Turned onto the waste")
    screenshot(page, artifacts, "desktop-english")
    page.goto(f"{server.url}/help")
    expect(page.locator("#h2h h2")).to_contain_text("Heart to Heart")
    page.locator(".lang-button").click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("h1")).to_have_text("Ohjeet")


def test_reload_in_the_middle_resumes_the_game(page: Page, server: ServerProcess) -> None:
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    moves = winning_moves(PINNED_WINNABLE)[:14]
    play_moves(page, moves)
    before = {name: info(page, name) for name in ("moves", "score", "code")}
    labels = [element(page, p).get_attribute("aria-label") for p in range(1, 26)]
    waste = page.locator("#waste").get_attribute("aria-label")
    expect(page.locator("#info-time")).not_to_have_text("0:00")  # a second at least
    page.reload()
    wait_ready(page)
    assert {name: info(page, name) for name in ("moves", "score", "code")} == before
    assert [element(page, p).get_attribute("aria-label") for p in range(1, 26)] == labels
    assert page.locator("#waste").get_attribute("aria-label") == waste
    assert info(page, "time") != "0:00"
    expect(page.locator("#btn-undo")).to_be_enabled()


def test_keyboard_only(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_game(page, server.url)
    keyboard = page.keyboard
    keyboard.press("c")  # the code dialog, its field focused
    expect(page.locator("#code-input")).to_be_focused()
    keyboard.type(PINNED_WINNABLE.lower())
    keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator("#dialog-code")).to_be_hidden()
    expect(page.locator("#info-code")).to_have_text(PINNED_WINNABLE)
    for _ in range(9):  # space turns the stock
        keyboard.press(" ")
        wait_idle(page)
    expect(page.locator("#info-moves")).to_have_text("9")
    # Tab reaches the heart: its one tab stop is the free card.
    for _ in range(30):
        keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "card-25":
            break
    assert page.evaluate("document.activeElement.id") == "card-25"
    keyboard.press("Enter")
    wait_idle(page)
    assert selection(page) == "25"
    # Arrow keys move between cards.
    keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") in ("card-23", "card-24")
    keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == "card-25"
    # Tab goes on from the heart to the stock, then the waste.
    keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "stock"
    keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "waste"
    keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator("#info-score")).to_have_text("10")
    keyboard.press("u")
    wait_idle(page)
    expect(page.locator("#info-score")).to_have_text("0")
    keyboard.press("?")
    expect(page.locator("#dialog-shortcuts")).to_be_visible()
    screenshot(page, artifacts, "desktop-shortcuts")
    keyboard.press("Escape")
    expect(page.locator("#dialog-shortcuts")).to_be_hidden()
    keyboard.press("n")  # a started game asks first
    expect(page.locator("#dialog-confirm")).to_be_visible()
    keyboard.press("Tab")
    expect(page.locator("#confirm-yes")).to_be_focused()
    keyboard.press("Enter")
    wait_idle(page)
    expect(page.locator("#info-code")).not_to_have_text(PINNED_WINNABLE)
    expect(page.locator("#announce")).to_contain_text(re.compile("Uusi peli"))


def test_a_key_right_after_a_dialog_closes_is_not_lost(page: Page, server: ServerProcess) -> None:
    """A dialog's "close" event comes a moment after it has closed, and a key pressed in that
    moment (input goes before such events in the browser's queue) counts: here the dialog is
    closed and the key pressed in one go, before the event can come."""
    open_game(page, server.url)
    code = info(page, "code")
    page.keyboard.press("?")
    shortcuts = page.locator("#dialog-shortcuts")
    expect(shortcuts).to_be_visible()
    page.evaluate("""() => {
      document.getElementById("dialog-shortcuts").close();
      document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true }));
    }""")
    expect(shortcuts).to_be_visible()  # the key opened it again
    wait_idle(page)
    # The late "close" event of the first closing does not make the page forget it is open:
    # a key for the game still waits for it (a game without a move would start anew at once).
    page.keyboard.press("n")
    wait_idle(page)
    expect(page.locator("#info-code")).to_have_text(code)
    page.keyboard.press("Escape")
    expect(shortcuts).to_be_hidden()
    wait_idle(page)
    page.keyboard.press("n")  # now it counts
    wait_idle(page)
    expect(page.locator("#info-code")).not_to_have_text(code)
