"""The round review: after a round, the person opens it and sees the round laid open (the hands
as dealt and after the pass, every trick one at a time) and Hard's assessment of each of their
own decisions, with the mistakes marked and the points they cost summed (issue 13's "a round
review that teaches"). The round is pinned: a match code, the computer players' seeded play,
and the person's own poor play (the three lowest cards passed, the highest card played)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.hearts_page import ServerMessages, new_match, open_hearts, play_round, status
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CODE = "HM1-S4-AAAAAAC"
"""Passing the three lowest cards keeps the queen and the ace of spades in this hand; playing
the highest card then takes them back (a mistake Hard marks, see tests/ai/test_review.py)."""


def test_the_round_review_marks_the_mistakes(page: Page, server: ServerProcess) -> None:
    messages = ServerMessages(page)
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    result = play_round(page, greedy=True)
    if result == "moon_choice":
        page.locator("#moon-add").click()
    assert status(page) == "round_over"
    # The result opens on its way on, for a keyboard player too.
    expect(page.locator("#round-next")).to_be_focused()
    page.locator("#round-review").click()
    dialog = page.locator("#dialog-review")
    expect(dialog).to_be_visible()
    expect(page.locator("#review-title")).to_have_text("Kierros 1: arvio")
    # Laid open at once: the hands as dealt, with what each seat passed.
    expect(page.locator("#reveal-hands tbody tr")).to_have_count(4)
    expect(page.locator("#trick-step")).to_have_text("Tikki 1/13")
    page.locator("#trick-next").click()
    expect(page.locator("#trick-step")).to_have_text("Tikki 2/13")
    expect(page.locator("#review-trick .review-play")).to_have_count(4)
    # Hard's assessment comes from the worker pool: every decision of the person's own.
    decisions = page.locator("#review-decisions li")
    expect(decisions).to_have_count(14, timeout=120_000)  # the pass and 13 cards
    expect(decisions.first).to_have_attribute("data-kind", "pass")
    review = next(e for m in messages.messages for e in m.get("events", [])
                  if e["type"] == "review")
    mistakes = [d for d in review["decisions"] if d["mistake"]]
    assert mistakes and review["lost"] >= 2
    assert all(d["cost"] >= 2 for d in mistakes)
    assert all(d["error"] <= 0.5 for d in review["decisions"]), review["decisions"]
    expect(page.locator("#review-decisions li.mistake")).to_have_count(len(mistakes))
    expect(page.locator("#review-summary")).to_have_text(
        re.compile(r"^Virhe(eseen|isiin) meni arviolta \d+,\d pistettä"))
    first = page.locator("#review-decisions li.mistake").first
    expect(first).to_contain_text("Vaikea:")
    expect(first).to_contain_text(re.compile(r"−\d+,\d p"))
    # The hands after the pass: every seat's 13 cards.
    rows = page.locator("#review-after tbody tr")
    expect(rows).to_have_count(4)
    for i in range(4):
        expect(rows.nth(i).locator(".mcard")).to_have_count(13)
    # Asked again, the same review comes at once (each round is looked over once).
    page.locator("#review-close").click()
    expect(dialog).to_be_hidden()
    # Back to the round's result it was opened from, with the way on (the next round).
    expect(page.locator("#dialog-round")).to_be_visible()
    expect(page.locator("#round-title")).to_have_text("Kierros päättyi")
    expect(page.locator("#round-next")).to_be_visible()
    page.locator("#round-review").click()
    expect(decisions).to_have_count(14)  # the review is kept, not asked for again
    page.keyboard.press("Escape")  # Esc closes it the same way
    expect(dialog).to_be_hidden()
    expect(page.locator("#dialog-round")).to_be_visible()
    expect(page.locator("#round-next")).to_be_focused()
    # Enter deals the next round, and the keyboard's place is then in the new hand, not lost.
    page.keyboard.press("Enter")
    expect(page.locator("#game")).to_have_attribute("data-status", "passing")
    expect(page.locator("#hand .hcard").first).to_be_focused()


def test_the_review_fits_a_phone(browser: Browser, server: ServerProcess) -> None:
    # The hands as dealt with the pass beside them did not fit 390 px: the pass was cut off at
    # the dialog's edge, reachable only by a sideways scroll nothing showed.
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    if play_round(page, greedy=True) == "moon_choice":
        page.locator("#moon-add").click()
    page.locator("#round-review").click()
    expect(page.locator("#reveal-hands tbody tr")).to_have_count(4)
    for table in ("#reveal-hands", "#review-after"):
        sideways = page.locator(table).evaluate(
            "(el) => { const box = el.closest('.table-scroll');"
            " return box.scrollWidth - box.clientWidth; }")
        assert sideways <= 1, (table, sideways)
    context.close()


def test_no_review_mid_round(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    expect(page.locator("#game")).to_have_attribute("data-status", "passing")
    page.locator("#btn-scores").click()
    expect(page.locator("#round-review")).to_be_hidden()
    expect(page.locator("#round-title")).to_have_text("Pisteet")  # not "round over" mid-round
