"""Hearts in Chromium: whole matches, every preset and table size, passing, the moon dialog,
reload mid-trick, move errors, keyboard play, a phone by touch, Finnish and English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.hearts_page import (
    card_words,
    hand,
    idle,
    legal,
    new_match,
    next_round,
    open_hearts,
    pass_cards,
    play_round,
    status,
)
from tests.web.hearts_helpers import MOON_CODE
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser


def test_whole_match_to_50(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_hearts(page, server.url)
    expect(page.locator("#dialog-new")).to_be_visible()  # first visit: the new-game screen
    page.screenshot(path=str(artifacts / "hearts-new-game.png"))
    new_match(page, limit="50")
    page.screenshot(path=str(artifacts / "hearts-passing.png"))
    for round_number in range(40):
        result = play_round(page, folder=artifacts if round_number == 0 else None,
                            name="hearts-desktop")
        if result == "moon_choice":
            page.locator("#moon-add").click()
            result = status(page)
        if result == "match_over":
            break
        assert result == "round_over"
        if round_number == 0:
            page.screenshot(path=str(artifacts / "hearts-round-over.png"))
        next_round(page)
    assert status(page) == "match_over"
    expect(page.locator("#round-result")).to_be_visible()
    totals = [int(t) for t in page.locator("#round-table tbody td:last-child").all_inner_texts()]
    assert max(totals) >= 50
    expect(page.locator("#round-table tr.winner")).not_to_have_count(0)
    page.screenshot(path=str(artifacts / "hearts-match-over.png"))
    code = page.locator("#round-code").inner_text()
    page.locator("#round-replay").click()
    idle(page)
    assert page.locator("#info-code").inner_text() == code
    assert status(page) == "passing"


@pytest.mark.parametrize(("players", "preset"), [
    (4, "standard"), (4, "omnibus"), (4, "jack_of_diamonds"), (4, "black_lady"),
    (5, "cancellation"), (6, "cancellation"), (3, "standard"), (5, "standard"), (6, "standard"),
])
def test_one_round_of_each_table(page: Page, server: ServerProcess, artifacts: Path,
                                 players: int, preset: str) -> None:
    open_hearts(page, server.url)
    new_match(page, players=players, preset=preset)
    expect(page.locator("#seats .seat")).to_have_count(players - 1)
    sizes = {3: 17, 4: 13, 5: 10, 6: 8} if preset != "cancellation" else {5: 20, 6: 17}
    assert len(hand(page)) == sizes[players]
    result = play_round(page, folder=artifacts, name=f"hearts-{preset}-{players}")
    if result == "moon_choice":
        page.locator("#moon-add").click()
        result = status(page)
    assert result in ("round_over", "match_over")
    points = [int(t) for t in page.locator("#round-table tbody td:nth-child(2)").all_inner_texts()]
    assert len(points) == players


def test_pass_direction_cycles_over_four_rounds(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, code="HM1-S4-AAAAAAM")
    seen = []
    for _ in range(4):
        seen.append(page.locator("#game").get_attribute("data-direction"))
        if seen[-1] == "none":
            expect(page.locator("#prompt")).to_contain_text("Tällä kierroksella ei vaihdeta")
        assert play_round(page) in ("round_over", "moon_choice")
        if status(page) == "moon_choice":
            page.locator("#moon-add").click()
            idle(page)
        next_round(page)
    assert seen == ["left", "right", "across", "none"]


def test_received_cards_are_highlighted(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, code="HM1-S4-AAAAAAM")
    pass_cards(page, [f"hand-{card}" for card in hand(page)[:3]])
    expect(page.locator("#hand .hcard.received")).to_have_count(3)


def test_moon_choice_dialog(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_hearts(page, server.url)
    new_match(page, code=MOON_CODE)
    assert play_round(page, greedy=True) == "moon_choice"
    expect(page.locator("#dialog-moon")).to_be_visible()
    expect(page.locator("#moon-add")).to_contain_text("+26")
    expect(page.locator("#moon-subtract")).to_contain_text("26")
    page.screenshot(path=str(artifacts / "hearts-moon.png"))
    page.locator("#moon-subtract").click()
    assert status(page) == "round_over"
    expect(page.locator("#round-moon")).to_be_visible()
    first = page.locator("#round-table tbody tr").first
    expect(first.locator("td").first).to_have_text("-26")


def test_reload_mid_trick(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, players=5, code="HM1-S5-AAAABCD")
    pass_cards(page, [f"hand-{card}" for card in hand(page)[:3]])
    for _ in range(20):
        if page.locator("#trick .trick-card").count():
            break
        expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
        page.locator(f"#hand-{legal(page)[0]}").click()
        idle(page)
    trick = page.locator("#trick .trick-card").evaluate_all("(c) => c.map((e) => e.dataset.card)")
    assert trick, "a trick is under way"
    cards = hand(page)
    page.reload()
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    idle(page)
    expect(page.locator("#game")).to_have_attribute("data-status", "playing")
    assert hand(page) == cards
    assert page.locator("#trick .trick-card").evaluate_all(
        "(c) => c.map((e) => e.dataset.card)") == trick


def test_move_errors_explain_a_dimmed_card(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url, move_errors=True, lang="en")
    new_match(page, code="HM1-S4-AAAAAAM")
    pass_cards(page, [f"hand-{card}" for card in hand(page)[:3]])
    dimmed = page.locator("#hand .hcard.illegal")
    expect(dimmed.first).to_be_visible()
    dimmed.first.click(force=True)
    idle(page)
    expect(page.locator("#message")).to_have_class("message shown error")
    reasons = {"The round opens with the lowest club.", "You must follow suit.",
               "No point cards on the first trick.", "Hearts are not broken: lead another suit."}
    assert page.locator("#message").inner_text() in reasons


# Every non-empty text the live region reads out, in order, kept on <html data-announced>
# (one per line) so that expect() can wait for it.
RECORD_ANNOUNCEMENTS = """addEventListener("DOMContentLoaded", () => {
  const line = document.getElementById("announce");
  const root = document.documentElement;
  root.dataset.announced = "";
  new MutationObserver(() => {
    if (line.textContent) root.dataset.announced += `${line.textContent}\n`;
  }).observe(line, { childList: true, characterData: true, subtree: true });
});"""


def test_keyboard_play_and_announcements(page: Page, server: ServerProcess) -> None:
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    open_hearts(page, server.url, lang="en")
    new_match(page, code="HM1-S4-AAAAAAM")
    box = page.locator("#hand")
    expect(box).to_have_attribute("aria-orientation", "horizontal")  # the arrows go sideways
    expect(box).to_have_attribute("aria-multiselectable", "true")  # the pass chooses three
    page.locator("#hand .hcard").first.focus()
    for _ in range(3):
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    page.keyboard.press("p")
    idle(page)
    assert status(page) == "playing"
    expect(box).to_have_attribute("aria-multiselectable", "false")  # a play is one card
    target = legal(page)[0]
    page.locator(f"#hand-{target}").focus()
    page.keyboard.press("Enter")
    idle(page)
    assert target not in hand(page)
    # The person's card was read out (the computer players' cards may come after it).
    expect(page.locator("html")).to_have_attribute(
        "data-announced", re.compile(f"(^|\\. |\n)You: {re.escape(card_words(target))}"))
    expect(page.locator("#announce")).to_have_attribute("aria-live", "polite")


def test_phone_round_by_touch(phone: Page, server: ServerProcess, artifacts: Path) -> None:
    open_hearts(phone, server.url)
    phone.screenshot(path=str(artifacts / "hearts-phone-new-game.png"))
    new_match(phone, players=4)
    size = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert size[0] <= size[1]
    for card in phone.locator("#hand .hcard").all():
        box = card.bounding_box()
        assert box is not None and box["width"] >= 44 and box["x"] >= 0
        assert box["x"] + box["width"] <= 390
    phone.screenshot(path=str(artifacts / "hearts-phone-passing.png"))
    result = play_round(phone, touch=True, folder=artifacts, name="hearts-phone")
    if result == "moon_choice":
        phone.locator("#moon-add").tap()
        result = status(phone)
    assert result in ("round_over", "match_over")
    expect(phone.locator("#round-title")).to_have_text("Kierros päättyi")
    phone.screenshot(path=str(artifacts / "hearts-phone-round-over.png"))


def test_english_words(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_hearts(page, server.url, lang="en")
    expect(page.locator("#new-title")).to_have_text("New match")
    new_match(page, players=4, moon="choose")
    expect(page.locator("#prompt")).to_contain_text("Choose 3 cards to pass")
    page.screenshot(path=str(artifacts / "hearts-english.png"))
