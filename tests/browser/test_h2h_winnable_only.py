"""The "Vain voitettavat jaot" switch on the settings page: it exists, is off at first, stays on
after saving and reloading, and New game then deals a deal the solver proves winnable."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hertta.solitaire.game import new_game
from hertta.solitaire.solver import is_winnable
from tests.browser.game_page import info, open_game, screenshot, wait_idle
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser


def test_the_switch_persists_and_new_games_are_winnable(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    page.goto(f"{server.url}/settings")
    switch = page.locator("#setting-winnable_only")
    expect(switch).not_to_be_checked()
    page.get_by_text("Vain voitettavat jaot", exact=True).click()
    expect(switch).to_be_checked()
    page.locator("#settings-save").click()
    page.wait_for_load_state()
    expect(page.locator("[role=status]").first).to_contain_text("tallennettu")
    page.reload()
    expect(page.locator("#setting-winnable_only")).to_be_checked()
    assert page.request.get(f"{server.url}/api/settings").json()["winnable_only"] is True
    screenshot(page, artifacts, "settings-winnable-only")

    open_game(page, server.url)
    codes = []
    for _ in range(5):
        before = page.locator("#game").get_attribute("data-version")
        page.locator("#btn-new").click()  # no move played yet: no confirmation asked
        expect(page.locator("#game")).not_to_have_attribute("data-version", before or "")
        wait_idle(page)
        codes.append(info(page, "code"))
    assert len(set(codes)) == 5, codes
    for code in codes:
        assert is_winnable(new_game(code).start), code
    # The table never says so.
    assert "voitettav" not in page.locator("#game").inner_text().lower()

    # Off again, saved and still off after a reload.
    page.goto(f"{server.url}/settings")
    page.get_by_text("Vain voitettavat jaot", exact=True).click()
    page.locator("#settings-save").click()
    page.wait_for_load_state()
    page.reload()
    expect(page.locator("#setting-winnable_only")).not_to_be_checked()
