"""Driving the Hearts page the way a person does (taps, clicks, keys)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Position, expect

from tests.browser.game_page import set_preferences
from tests.web.hearts_helpers import rank


def open_hearts(page: Page, base_url: str, **preferences: object) -> Page:
    """The Hearts page, animations off unless ``animation_ms`` says otherwise."""
    set_preferences(page, base_url, **{"animation_ms": 0, **preferences})
    page.goto(f"{base_url}/hearts")
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    expect(page.locator("#game")).not_to_have_attribute("data-version", "")
    return page


def idle(page: Page) -> None:
    """Every frame sent has had its answer, every message has been shown, and the computer
    players are not still to decide (their decisions may come as later pushed updates)."""
    game = page.locator("#game")
    expect(game).to_have_attribute("data-pending", "0")
    expect(game).to_have_attribute("data-busy", "0")
    expect(game).not_to_have_attribute("data-awaiting", "others")


def status(page: Page) -> str:
    idle(page)
    return page.locator("#game").get_attribute("data-status") or ""


def new_match(page: Page, *, players: int = 4, preset: str = "standard", limit: str = "100",
              moon: str = "add", code: str = "", level: str = "easy") -> None:
    if not page.locator("#dialog-new").is_visible():
        page.locator("#btn-new").click()
    page.locator("#new-players").select_option(str(players))
    page.locator("#new-preset").select_option(preset)
    page.locator("#new-limit").select_option(limit)
    page.locator("#new-moon").select_option(moon)
    for seat in range(1, players):
        page.locator(f"#opp-level-{seat}").select_option(level)
    page.locator("#new-code").fill(code)
    page.locator("#new-start").click()
    expect(page.locator("#dialog-new")).not_to_be_visible()
    idle(page)


def hit(page: Page, selector: str, touch: bool) -> None:
    locator = page.locator(selector)
    # Hand cards keep their elements across renders, so a visible card can be measured.
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None, f"{selector} has no box on screen"
    # The top part of a hand card is never covered by a card of the next row.
    position: Position = {"x": min(20.0, box["width"] / 2), "y": 14.0}
    if touch:
        locator.tap(position=position)
    else:
        locator.click(position=position)


def pass_cards(page: Page, ids: list[str], touch: bool = False) -> None:
    """Choose three hand cards by element id (``hand-QS``, ``hand-QS-2``) and confirm."""
    for element_id in ids:
        hit(page, f"#{element_id}", touch)
    expect(page.locator("#btn-pass")).to_be_enabled()
    page.locator("#btn-pass").click()
    idle(page)


def hand(page: Page) -> list[str]:
    return [c for c in page.locator("#hand .hcard").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")]


def hand_ids(page: Page) -> list[tuple[str, str]]:
    """(element id, card) of every hand card, in hand order."""
    pairs = page.locator("#hand .hcard").evaluate_all(
        "(cards) => cards.map((c) => [c.id, c.dataset.card])")
    return [(str(i), str(c)) for i, c in pairs]


def legal(page: Page) -> list[str]:
    return [c for c in page.locator("#hand .hcard.legal").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")]


def play_round(page: Page, *, greedy: bool = False, touch: bool = False,
               folder: Path | None = None, name: str = "") -> str:
    """Play until the round (or match) is over or a moon choice waits; returns the status."""
    shots = 0
    for _ in range(60):
        now = status(page)
        if now == "passing":
            lowest = sorted(hand_ids(page), key=lambda pair: rank(pair[1]))[:3]
            pass_cards(page, [element_id for element_id, _ in lowest], touch)
        elif now == "playing":
            options = legal(page)
            assert options, "my turn shows legal cards"
            card = max(options, key=rank) if greedy else options[0]
            hit(page, f"#hand-{card}", touch)
            idle(page)
            if folder is not None and shots == 0 and page.locator("#trick .trick-card").count() > 1:
                page.screenshot(path=str(folder / f"{name}-trick.png"))
                shots += 1
        else:
            return now
    raise AssertionError("the round did not end")


def next_round(page: Page) -> None:
    expect(page.locator("#dialog-round")).to_be_visible()
    page.locator("#round-next").click()
    idle(page)
