"""The server dies (SIGKILL) under an open page and comes back: the page reconnects by itself
and shows the game exactly as it was saved."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.game_page import element, enter_code, info, open_game, play_moves
from tests.web.helpers import PINNED_WINNABLE, winning_moves
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser


def test_the_page_reconnects_to_a_restarted_server(page: Page, tmp_path: Path) -> None:
    db = str(tmp_path / "hertta.db")
    server = ServerProcess(db).start()
    try:
        open_game(page, server.url)
        enter_code(page, PINNED_WINNABLE)
        play_moves(page, winning_moves(PINNED_WINNABLE)[:11])
        labels = [element(page, p).get_attribute("aria-label") for p in range(1, 26)]
        server.kill()
        expect(page.locator("#game")).to_have_attribute("data-connected", "0")
        expect(page.locator("#connection")).to_have_text(
            "Yhteys katkesi, yhdistetään uudelleen…"
        )
    finally:
        server.stop()
    again = ServerProcess(db, port=server.port).start()
    try:
        expect(page.locator("#game")).to_have_attribute("data-connected", "1", timeout=15_000)
        expect(page.locator("#info-moves")).to_have_text("11")
        assert info(page, "score") == "10"
        assert [element(page, p).get_attribute("aria-label") for p in range(1, 26)] == labels
        play_moves(page, winning_moves(PINNED_WINNABLE)[11:12])
        expect(page.locator("#info-moves")).to_have_text("12")
    finally:
        again.stop()
