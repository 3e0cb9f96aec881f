"""A phone-sized touch context (Finnish locale) using tap(), and the layout's fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.game_page import (
    enter_code,
    hit,
    open_game,
    play_moves,
    screenshot,
    set_preferences,
)
from tests.web.helpers import PINNED_WINNABLE, winning_moves
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

MIN_TARGET = 44


def assert_fits(page: Page) -> None:
    size = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
        " innerWidth, innerHeight]"
    )
    assert size[0] <= size[2] and size[1] <= size[3], size
    for selector in ("#card-25", "#stock", "#waste", ".toolbar .tool:visible", ".infobar"):
        for box in (page.locator(selector).nth(i).bounding_box()
                    for i in range(page.locator(selector).count())):
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= size[3], (selector, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[2], (selector, box)


def assert_touch_targets(page: Page) -> None:
    # The links shown (the other pages wait behind the menu on a phone).
    for selector in ("#card-25", "#stock", "#waste", ".toolbar .tool:visible",
                     ".nav-link:visible", ".lang-button"):
        for i in range(page.locator(selector).count()):
            box = page.locator(selector).nth(i).bounding_box()
            assert box is not None
            assert box["width"] >= MIN_TARGET and box["height"] >= MIN_TARGET, (selector, box)


def test_phone_play_by_touch(phone: Page, server: ServerProcess, artifacts: Path) -> None:
    open_game(phone, server.url)
    assert_fits(phone)
    assert_touch_targets(phone)
    screenshot(phone, artifacts, "phone-start")
    enter_code(phone, PINNED_WINNABLE)
    moves = winning_moves(PINNED_WINNABLE)
    play_moves(phone, moves[:14], touch=True)  # ... 25+W F F F 23+W
    expect(phone.locator("#info-score")).to_have_text("20")
    hit(phone, 24, touch=True)
    expect(phone.locator("#card-24")).to_have_class("card slot free selected")
    assert_fits(phone)
    screenshot(phone, artifacts, "phone-mid-game")
    hit(phone, 24, touch=True)


def test_desktop_sizes_fit_without_scrolling(browser: Browser, server: ServerProcess) -> None:
    for width, height in ((1280, 720), (1920, 1080), (800, 600), (360, 640)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        open_game(page, server.url)
        assert_fits(page)
        box = page.locator("#card-25").bounding_box()
        assert box is not None and box["width"] >= MIN_TARGET
        context.close()


@pytest.mark.parametrize("size", [(844, 390), (667, 375)], ids=["844x390", "667x375"])
def test_a_phone_on_its_side_gives_the_heart_the_whole_height(
    browser: Browser, server: ServerProcess, size: tuple[int, int]
) -> None:
    """The info bar and the buttons stand at the sides: every card is a touch target (above
    and below the heart they left cards 35 px wide on an 844 x 390 phone)."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, locale="fi-FI")
    page = context.new_page()
    open_game(page, server.url)
    assert_fits(page)
    assert_touch_targets(page)
    heart = page.locator("#heart").bounding_box()
    infobar, toolbar = (page.locator(s).bounding_box() for s in (".infobar", ".toolbar"))
    assert heart is not None and infobar is not None and toolbar is not None
    assert infobar["x"] + infobar["width"] <= heart["x"]  # beside the heart, not above it
    assert toolbar["x"] >= heart["x"] + heart["width"]
    assert heart["height"] >= 0.7 * height, heart
    context.close()


@pytest.mark.parametrize("size", [(844, 390), (667, 375)], ids=["844x390", "667x375"])
def test_a_win_on_a_phone_on_its_side_shows_every_figure_without_scrolling(
    browser: Browser, server: ServerProcess, artifacts: Path, size: tuple[int, int]
) -> None:
    """The best time, the streak and the code lay below the fold of the win's dialog, under
    its buttons (an outside audit at 844 x 390)."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True, locale="fi-FI")
    page = context.new_page()
    open_game(page, server.url)
    set_preferences(page, server.url, animation_ms=0)  # a long game: skip the animations
    page.reload()
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    play_moves(page, winning_moves(PINNED_WINNABLE))
    dialog = page.locator("#dialog-won")
    expect(dialog).to_be_visible()
    expect(page.locator("#won-streak")).not_to_have_text("…")  # the figures have come
    scroll = dialog.evaluate("d => [d.scrollHeight, d.clientHeight]")
    assert scroll[0] <= scroll[1], scroll
    for selector in ("#won-time", "#won-moves", "#won-score", "#won-best", "#won-streak",
                     "#won-code", "#won-replay", "#won-new"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, selector
    buttons = [page.locator(s).bounding_box() for s in ("#won-replay", "#won-new")]
    assert buttons[0] is not None and buttons[1] is not None
    assert buttons[0]["y"] == buttons[1]["y"]  # side by side
    screenshot(page, artifacts, f"phone-side-won-{width}x{height}")
    context.close()


def animation_length(browser: Browser, server: ServerProcess, **options: Any) -> str:
    """The game page's --anim-ms in a new browser context made with ``options``."""
    context = browser.new_context(**options)
    page = context.new_page()
    open_game(page, server.url)
    value = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--anim-ms')"
    )
    context.close()
    return str(value).strip()


def test_reduced_motion_turns_animations_off(browser: Browser, server: ServerProcess) -> None:
    assert animation_length(browser, server, reduced_motion="reduce") == "0ms"
    assert animation_length(browser, server) == "250ms"
