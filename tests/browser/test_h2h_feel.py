"""Heart to Heart as it feels to play: taps right after a flip or a recycle are not lost, free
and covered cards look different and a covered card answers a tap, a deal dead from the start
offers no undo, a bad code is quoted, the code fits the info bar at 320 px, and a win is
celebrated (only where motion is welcome) with its time, moves, score, best time and streak
(issue 13's defects 8, 9, 12, 13 and the Heart to Heart items of its list)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.game_page import (
    enter_code,
    hit,
    info,
    open_game,
    play_moves,
    selection,
    set_preferences,
    wait_idle,
)
from tests.browser.hearts_page import open_hearts
from tests.web.helpers import PINNED_WINNABLE, winning_moves
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

DEAD_AT_THE_DEAL = "HH1-N-AAAAAAC"
"""The first deal code whose deal is dead as dealt (found by trying codes in order with the
public game API: ``new_game(code).status is Status.DEAD_END``)."""

# Every animation of the page held where it is a few milliseconds in, as a person's finger
# finds the page right after a flip or a recycle (the flight then takes 500 ms).
HOLD_FLIGHT = """(ms) => {
  const running = document.getAnimations().filter((a) => a.playState === "running");
  for (const animation of running) {
    animation.pause();
    animation.currentTime = ms;
  }
  return running.length;
}"""


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_tap_right_after_a_flip_lands_on_the_waste(page: Page, server: ServerProcess) -> None:
    set_preferences(page, server.url, animation_ms=500)  # a slow flight
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, "stock")  # waits for the deal to land first
    waste = centre(page, "#waste")
    page.locator("#stock").click()
    expect(page.locator("#info-moves")).to_have_text("2")
    # 60 ms into the flip the new waste card is still sliding in from the stock ...
    assert page.evaluate(HOLD_FLIGHT, 60) > 0
    page.mouse.click(*waste)  # ... and the tap lands on the waste all the same
    wait_idle(page)
    assert selection(page) == "waste"


def test_a_tap_on_the_stock_right_after_a_flip_turns_the_stock_again(
    page: Page, server: ServerProcess
) -> None:
    set_preferences(page, server.url, animation_ms=500)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, "stock")
    stock = centre(page, "#stock")
    page.mouse.click(*stock)
    expect(page.locator("#info-moves")).to_have_text("2")
    # 60 ms in, the new waste card's drawing still lies over the stock ...
    assert page.evaluate(HOLD_FLIGHT, 60) > 0
    over = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button').id",
                         list(stock))
    assert over == "stock"
    page.mouse.click(*stock)  # ... and a second tap on the stock turns it again
    expect(page.locator("#info-moves")).to_have_text("3")
    assert selection(page) == ""


def test_a_tap_right_after_a_recycle_lands_on_the_stock(page: Page, server: ServerProcess) -> None:
    set_preferences(page, server.url, animation_ms=0)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    for _ in range(26):
        hit(page, "stock")
    expect(page.locator("#stock")).to_have_attribute("data-count", "0")
    set_preferences(page, server.url, animation_ms=500)
    open_game(page, server.url)
    stock = centre(page, "#stock")
    moves = int(info(page, "moves"))
    page.mouse.click(*stock)  # the recycle
    expect(page.locator("#info-moves")).to_have_text(str(moves + 1))
    assert page.evaluate(HOLD_FLIGHT, 100) > 0  # the stock still slides back from the waste
    page.mouse.click(*stock)  # and at once a flip
    expect(page.locator("#info-moves")).to_have_text(str(moves + 2))


def art_filter(page: Page, position: int) -> str:
    return str(page.locator(f"#card-{position} .card-art").evaluate(
        "(el) => getComputedStyle(el).filter"))


def test_free_and_covered_cards_look_different(page: Page, server: ServerProcess) -> None:
    set_preferences(page, server.url, animation_ms=0, layout_assist=False)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    expect(page.locator("#card-25")).to_have_class("card slot free")
    expect(page.locator("#card-1")).to_have_class("card slot covered")
    free, covered = art_filter(page, 25), art_filter(page, 1)
    assert free != covered
    assert "brightness" in covered and "brightness" not in free, (free, covered)


@pytest.mark.parametrize("motion", ["full", "reduced", "setting_off"])
def test_a_tap_on_a_covered_card_is_felt(browser: Browser, server: ServerProcess,
                                         motion: str) -> None:
    context = browser.new_context(reduced_motion="reduce" if motion == "reduced" else None)
    page = context.new_page()
    if motion == "setting_off":  # the animation setting "Pois": nothing moves either
        open_game(page, server.url)
        set_preferences(page, server.url, animation_ms=0)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, 1)  # covered: nothing happens in the game ...
    assert selection(page) == ""
    expect(page.locator("#message")).not_to_have_class("message shown")
    card = page.locator("#card-1")
    expect(card).to_have_class("card slot covered nudge")  # ... but the card answers
    moving = card.evaluate("(el) => el.querySelector('.card-art').getAnimations().length")
    assert (moving > 0) == (motion == "full")
    expect(card).to_have_class("card slot covered")  # and the cue goes by itself
    context.close()


def test_a_deal_dead_at_the_start_offers_no_undo(page: Page, server: ServerProcess) -> None:
    open_game(page, server.url)
    enter_code(page, DEAD_AT_THE_DEAL)
    dialog = page.locator("#dialog-dead-end")
    expect(dialog).to_be_visible()
    expect(dialog).not_to_contain_text("perua")
    expect(page.locator("#dead-end-undo")).to_be_hidden()
    expect(page.locator("#dead-end-new")).to_be_visible()


def test_a_bad_code_is_quoted(page: Page, server: ServerProcess) -> None:
    open_game(page, server.url)
    page.locator("#btn-code").click()
    page.locator("#code-input").fill("  hh1-n-oops  ")
    page.locator("#code-ok").click()
    expect(page.locator("#code-error")).to_contain_text("”hh1-n-oops”")
    expect(page.locator("#code-error")).to_contain_text("HH1-N-XXXXXXX")


def test_a_bad_match_code_is_quoted(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    expect(page.locator("#dialog-new")).to_be_visible()
    page.locator("#new-code").fill("HM1-Q")
    page.locator("#new-start").click()
    expect(page.locator("#new-error")).to_contain_text("”HM1-Q”")
    expect(page.locator("#new-error")).to_contain_text("HM1-S4-AAAAAAM")


@pytest.fixture
def narrow_phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True,
                                  is_mobile=True, locale="fi-FI")
    yield context.new_page()
    context.close()


def test_the_code_fits_the_info_bar_at_320(narrow_phone: Page, server: ServerProcess) -> None:
    page = narrow_phone
    open_game(page, server.url)
    enter_code(page, "HH1-N-WWWWWWW")  # wide letters
    code = page.locator("#info-code")
    expect(code).to_have_text("HH1-N-WWWWWWW")
    assert code.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the code is cut off"
    for label in page.locator(".infobar .info-label").all():
        assert label.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), label.inner_text()
    tools = page.locator(".toolbar .tool:visible")
    for i in range(tools.count()):
        spilling = tools.nth(i).evaluate("""(tool) => [...tool.querySelectorAll('span')]
          .filter((s) => s.offsetParent).some((s) => {
            const r = s.getBoundingClientRect();
            const t = tool.getBoundingClientRect();
            return r.left < t.left - 1 || r.right > t.right + 1
              || s.scrollWidth > s.clientWidth + 1;
          })""")
        assert not spilling, tools.nth(i).inner_text()


CELEBRATING = """() => [...document.querySelectorAll('#dialog-won .celebration svg')]
  .filter((heart) => heart.getClientRects().length && heart.getAnimations().length).length"""


def win_the_pinned_deal(page: Page, base_url: str, motion_ms: int) -> None:
    """Every move but the last with animations off, the winning one at ``motion_ms``."""
    set_preferences(page, base_url, animation_ms=0)
    open_game(page, base_url)
    enter_code(page, PINNED_WINNABLE)
    moves = winning_moves(PINNED_WINNABLE)
    play_moves(page, moves[:-1])
    set_preferences(page, base_url, animation_ms=motion_ms)
    open_game(page, base_url)  # the game resumes from the server
    play_moves(page, moves[-1:])
    expect(page.locator("#dialog-won")).to_be_visible()


def test_a_win_is_celebrated_with_its_numbers(page: Page, server: ServerProcess) -> None:
    win_the_pinned_deal(page, server.url, 250)
    moves = len(winning_moves(PINNED_WINNABLE))
    expect(page.locator("#won-moves")).to_have_text(str(moves))
    expect(page.locator("#won-score")).to_have_text("250")
    time = page.locator("#won-time").inner_text()
    # The best time and the streak count this win: they come from the statistics.
    expect(page.locator("#won-streak")).to_have_text("1")
    expect(page.locator("#won-best")).not_to_have_text("…")
    best = page.locator("#won-best").inner_text()
    if best == time:
        expect(page.locator("#won-record")).to_be_visible()
    code = page.locator("#won-code")
    expect(code).to_have_text(PINNED_WINNABLE)
    assert code.evaluate("(el) => el.getClientRects().length === 1 &&"
                         " el.getBoundingClientRect().height < 2 * parseFloat("
                         "getComputedStyle(el).fontSize)"), "the code is on one line"
    assert page.evaluate(CELEBRATING) > 5


def test_no_celebration_moves_under_reduced_motion(browser: Browser,
                                                   server: ServerProcess) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    win_the_pinned_deal(page, server.url, 250)
    expect(page.locator("#won-streak")).not_to_have_text("…")
    assert page.evaluate(CELEBRATING) == 0
    heart = page.locator("#dialog-won .won-heart")
    assert heart.evaluate("(el) => el.getAnimations().length") == 0
    context.close()


def test_undoing_to_the_start_by_keyboard_keeps_the_focus_on_the_cards(
    page: Page, server: ServerProcess
) -> None:
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    page.locator("#stock").click()
    wait_idle(page)
    undo = page.locator("#btn-undo")
    expect(undo).to_be_enabled()
    undo.focus()
    page.keyboard.press("Enter")
    expect(undo).to_be_disabled()  # nothing left to undo: the button cannot keep the focus ...
    focused = page.evaluate("() => [document.activeElement.tagName, document.activeElement.id]")
    assert focused[0] != "BODY" and focused[1].startswith("card-"), focused  # ... the cards take it
    page.keyboard.press("Space")  # and the keyboard goes on from there: Space turns the stock
    expect(page.locator("#info-moves")).to_have_text("1")
