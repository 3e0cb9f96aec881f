"""The round review at a shared table: each trick says what its winner took, a kitty and
carried cards included (as the trick's event and the replay do), and the page's own seat is
spoken to in the second person ("Otit tikin", not "Sinä otti tikin"); the match's end names
its winners and losers."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, expect

from tests.browser.table_page import open_lobby, play_until_over
from tests.web.server_process import ServerProcess


class TableFrames:
    """The states the table page's socket received, in order."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        page.on("websocket", self._opened)

    def _opened(self, socket: WebSocket) -> None:
        if "/ws/tables/" in socket.url:
            socket.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if "state" in message:
            self.states.append(message["state"])


def expected_line(trick: dict[str, Any], points: int, you: int, names: list[str]) -> str:
    winner = trick["winner"]
    if winner is None:
        return "Tikki jäi pöytään: kaikki kortit kumoutuivat"
    if winner == you:
        return "Otit tikin, 1 piste" if points == 1 else f"Otit tikin, {points} pistettä"
    one = "1 piste" if points == 1 else f"{points} pistettä"
    return f"{names[winner]} otti tikin, {one}"


def test_the_review_counts_what_each_trick_took_and_says_you(
    server: ServerProcess, browser: Browser
) -> None:
    context = browser.new_context()
    page = context.new_page()
    frames = TableFrames(page)
    open_lobby(page, server.url)
    # Cancellation with five: a kitty of four cards goes with the first trick, and cancelled
    # tricks carry their cards on; one round to a limit of 1 ends the match.
    page.locator("#create-name").fill("Aino")
    page.locator("#create-players").select_option("5")
    page.locator("#create-preset").select_option("cancellation")
    page.locator("#create-limit").fill("1")
    for seat in range(1, 5):
        page.locator(f"#create-seat-{seat}").select_option("easy")
    page.locator("#create-submit").click()
    expect(page.locator("#game")).not_to_have_attribute("data-status", "waiting")
    play_until_over([page], page)

    final = frames.states[-1]
    game, you = final["game"], final["table"]["you"]
    names = ["Sinä" if i == you else seat["name"] for i, seat in enumerate(final["table"]["seats"])]
    tricks, taken = game["observation"]["tricks"], game["taken_points"]
    assert any(t["took_kitty"] for t in tricks)
    line = page.locator("#review-trick .review-winner")
    for index, trick in enumerate(tricks):
        expect(page.locator("#trick-step")).to_have_text(f"Tikki {index + 1}/{len(tricks)}")
        expect(line).to_have_text(expected_line(trick, taken[index], you, names))
        if index + 1 < len(tricks):
            page.locator("#trick-next").click()
    assert "Sinä otti" not in page.locator("#review").inner_text()
    # The match's end names its winners and its losers, as the solo game's does, and tells
    # the person their own result first ("Voitit ottelun!", "Hävisit ottelun").
    summary = game["summary"]
    said = page.locator("#match-result").inner_text()
    winners, losers = summary["winners"], summary["losers"]
    parts = said.split(" · ")
    if losers == [you]:  # a sole loser's own line first
        assert parts[0] == "Hävisit ottelun", said
        parts.reverse()
    else:
        assert parts[1].startswith("Häviäjä") and all(names[s] in said for s in losers), said
    if you in winners:
        assert parts[0].startswith("Voitit ottelun!" if len(winners) == 1 else "Jaoit voiton"), said
    else:
        assert parts[0].startswith("Voittaja") and all(names[s] in said for s in winners), said
    context.close()
