"""A person's own page, reached from the statistics after a match at a shared table: on a phone
each match is a block of its own, nothing scrolls sideways, and the replay is one tap away."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.table_page import create_table, open_lobby, play_until_over
from tests.web.server_process import ServerProcess

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "has_touch": True, "is_mobile": True, "locale": "fi-FI"}
WIDTHS = """() => [...document.querySelectorAll('.table-scroll')].map(box =>
    [box.scrollWidth, box.clientWidth]).concat([[document.documentElement.scrollWidth,
    document.documentElement.clientWidth]])"""
BEFORE = "cells => cells.map(cell => getComputedStyle(cell, '::before').content)"


def test_a_finished_match_shows_on_ones_own_page_without_sideways_scrolling(
    server: ServerProcess, browser: Browser
) -> None:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    open_lobby(page, server.url)
    assert create_table(page, "Aino", ["host", "easy", "easy", "easy"], limit=1) == ""
    table_id = page.url.split("/t/", 1)[1].split("?", 1)[0]
    play_until_over([page], page)

    page.goto(f"{server.url}/stats")
    page.locator("#own-page").click()
    expect(page.locator("#player-name")).to_have_text("Aino")
    row = page.locator("#player-matches tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("td.rules")).to_contain_text("4 pelaajaa, 1 pisteeseen")
    # The column headers are out of sight (still read out); the place and totals say what they are.
    assert page.locator("#player-matches thead").bounding_box()["height"] <= 1  # type: ignore[index]
    labels = row.locator("td").evaluate_all(BEFORE)
    assert labels == ["none", "none", '"Sija "', '"Pisteet "', "none"], labels
    for scrolled, shown in page.evaluate(WIDTHS):
        assert scrolled <= shown, (scrolled, shown)
    # Each part of the row lies inside the phone's width, and the link is a whole tap target.
    for cell in row.locator("td").all():
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    link = row.locator("td.watch a")
    link_box = link.bounding_box()
    assert link_box is not None and link_box["height"] >= 44, link_box
    link.click()
    expect(page).to_have_url(f"{server.url}/replay/{table_id}")
    # The replay says who dealt the round and where its passes went.
    facts = re.compile(r"^Jakaja: \S.* · Vaihto: Vasemmalle$")
    expect(page.locator("#round-facts")).to_have_text(facts)
    context.close()
