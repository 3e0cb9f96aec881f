"""The examples page in Chromium: step through the rules text's opening, jump and play to the
win, keyboard control, and the phone layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hertta.solitaire.game import Status, parse_moves, replay
from tests.browser.game_page import screenshot, set_preferences
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CODE = "HH1-N-AAAAAAM"
OPENING = ["F"] * 9 + ["25+W"]
EMPTY = re.compile(r"\bempty\b")
FREE = re.compile(r"\bfree\b")


def open_examples(page: Page, base_url: str) -> int:
    """Open the page; return the number of moves in its line."""
    page.goto(f"{base_url}/h2h/examples")
    root = page.locator("#examples")
    expect(root).to_have_attribute("data-step", "0")
    total = int(root.get_attribute("data-total") or "0")
    assert total > 10
    return total


def wait_step(page: Page, step: int, total: int) -> None:
    root = page.locator("#examples")
    expect(root).to_have_attribute("data-step", str(step))
    expect(root).to_have_attribute("data-pending", "0")
    expect(page.locator("#ex-step")).to_have_text(f"{step} / {total}")


def moves_shown(page: Page) -> list[str]:
    """The move list the page replays (from the data it was given)."""
    config = page.evaluate("JSON.parse(document.getElementById('examples-config').textContent)")
    return list(config["moves"])


def test_the_first_ten_moves_then_the_end(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    total = open_examples(page, server.url)
    expect(page.locator("h1")).to_have_text("Esimerkki: voitettu peli")
    expect(page.locator("#ex-code")).to_have_text(CODE)
    expect(page.locator("#ex-back")).to_be_disabled()
    moves = moves_shown(page)
    assert moves[:10] == OPENING and len(moves) == total
    stock = page.locator("#stock")
    for n in range(1, 10):
        page.locator("#ex-forward").click()
        wait_step(page, n, total)
        expect(page.locator("#ex-caption")).to_contain_text(f"Siirto {n}: käännetään")
        expect(stock).to_have_attribute("data-count", str(26 - n))
        expect(page.locator("#ex-score")).to_have_text("0")
    point = page.locator("#card-25")
    expect(point).to_have_attribute("aria-label", "hertta 4, paikka 25")
    waste_label = "Poistopakka: hertta 4, 10 korttia"
    expect(page.locator("#waste")).to_have_attribute("aria-label", waste_label)

    page.locator("#ex-forward").click()
    wait_step(page, 10, total)
    expect(point).to_have_class(EMPTY)
    expect(page.locator("#ex-score")).to_have_text("10")
    caption = page.locator("#ex-caption")
    expect(caption).to_have_attribute("data-move", "25+W")
    expect(caption).to_contain_text("Siirto 10:")
    expect(caption).to_contain_text("(poistopakka)")
    expect(caption.locator(".card-ref[data-card='4H']")).to_have_count(2)
    expect(page.locator("#card-24")).to_have_class(FREE)
    screenshot(page, artifacts, "desktop-examples-move-10")

    # Back takes move 10 back: the point returns; forward plays it again.
    page.locator("#ex-back").click()
    wait_step(page, 9, total)
    expect(point).to_have_attribute("aria-label", "hertta 4, paikka 25")
    expect(page.locator("#ex-score")).to_have_text("0")
    page.locator("#ex-forward").click()
    wait_step(page, 10, total)
    expect(point).to_have_class(EMPTY)

    page.locator("#ex-last").click()
    wait_step(page, total, total)
    expect(page.locator("#examples")).to_have_attribute("data-status", "won")
    expect(page.locator("#ex-score")).to_have_text("250")
    expect(page.locator("#ex-won")).to_be_visible()
    expect(page.locator("#ex-won")).to_contain_text(f"{total} siirrolla")
    expect(page.locator(".heart .slot.empty")).to_have_count(25)
    expect(page.locator("#ex-forward")).to_be_disabled()
    expect(page.locator("#ex-last")).to_be_disabled()
    screenshot(page, artifacts, "desktop-examples-won")
    # The line the page showed is a real win under the rules.
    assert replay(CODE, parse_moves(moves)).status is Status.WON


def test_play_pause_and_keys(page: Page, server: ServerProcess) -> None:
    page.clock.install()  # the page's timers: time runs, and the test can move it on
    set_preferences(page, server.url, animation_ms=120)
    total = open_examples(page, server.url)
    play = page.locator("#ex-play")
    root = page.locator("#examples")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_contain_text("Tauko")
    expect(root).to_have_attribute("data-step", "2")
    play.click()  # pause
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(root).to_have_attribute("data-pending", "0")
    paused_at = root.get_attribute("data-step")
    assert paused_at in ("2", "3")
    page.clock.run_for(2000)  # past two play intervals: a paused replay stays put
    expect(root).to_have_attribute("data-pending", "0")  # (a step would have been asked for)
    assert root.get_attribute("data-step") == paused_at

    page.locator("h1").click()  # keys go to the page, not to a focused button
    page.keyboard.press("Home")
    wait_step(page, 0, total)
    page.keyboard.press("ArrowRight")
    wait_step(page, 1, total)
    page.keyboard.press("End")
    wait_step(page, total, total)
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    wait_step(page, total - 3, total)
    expect(root).to_have_attribute("data-status", "playing")
    # Space plays the last three moves; the replay stops by itself at the win.
    page.keyboard.press(" ")
    expect(root).to_have_attribute("data-status", "won")
    expect(root).to_have_attribute("data-playing", "0")
    expect(play).to_have_attribute("aria-pressed", "false")
    wait_step(page, total, total)


def test_the_phone_layout(phone: Page, server: ServerProcess, artifacts: Path) -> None:
    total = open_examples(phone, server.url)
    for n in range(1, 11):
        phone.locator("#ex-forward").tap()
        wait_step(phone, n, total)
    expect(phone.locator("#card-25")).to_have_class(EMPTY)
    size = phone.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
        " innerWidth, innerHeight]"
    )
    assert size[0] <= size[2] and size[1] <= size[3], size
    for control in ("#ex-first", "#ex-back", "#ex-play", "#ex-forward", "#ex-last"):
        box = phone.locator(control).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, (control, box)
        assert box["y"] + box["height"] <= size[3], (control, box)
    screenshot(phone, artifacts, "phone-examples-move-10")



def test_a_button_that_reaches_an_end_hands_the_focus_on(page: Page, server: ServerProcess) -> None:
    total = open_examples(page, server.url)
    last = page.locator("#ex-last")
    last.focus()
    page.keyboard.press("Enter")
    wait_step(page, total, total)
    expect(last).to_be_disabled()
    expect(page.locator("#ex-back")).to_be_focused()  # not dropped on the page's body
    page.locator("#ex-first").focus()
    page.keyboard.press("Enter")
    wait_step(page, 0, total)
    expect(page.locator("#ex-forward")).to_be_focused()
