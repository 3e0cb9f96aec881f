"""Page objects of the shared tables (``/tables``, ``/t/{id}``): what a person does there, as
clicks on what the page shows, and the waits that tell when the server has answered."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.browser.game_page import set_preferences, wait_idle

SEAT_CHOICES = ("host", "open", "easy", "normal", "hard")


def game(page: Page) -> dict[str, str]:
    """The table page's own data attributes (status, phase, you, version, decisions,
    connected, pending), read at once."""
    data = page.locator("#game").evaluate("el => ({...el.dataset})")
    assert isinstance(data, dict)
    return {str(key): str(value) for key, value in data.items()}


# Tests that play whole matches do without the pause after each trick (pacing.js): it would
# hold every trick for a second; the test of the pause turns it back on.
QUICK = {"animation_ms": 0, "trick_pause": False}


def open_lobby(page: Page, base_url: str, lang: str = "fi", **preferences: object) -> None:
    page.goto(f"{base_url}/tables")
    set_preferences(page, base_url, lang=lang, **{**QUICK, **preferences})
    page.goto(f"{base_url}/tables")


def create_table(
    page: Page, name: str, seats: list[str], *, limit: int = 50, clock: int = 0,
    spectators: bool = False,
) -> str:
    """Fill in the lobby's new-table form and create the table; returns its invite link (none,
    "", when no seat is left open: the match then starts at once)."""
    page.locator("#create-name").fill(name)
    page.locator("#create-players").select_option(str(len(seats)))
    page.locator("#create-limit").fill(str(limit))
    page.locator("#create-clock").select_option(str(clock))
    for seat, choice in enumerate(seats):
        assert choice in SEAT_CHOICES, choice
        page.locator(f"#create-seat-{seat}").select_option(choice)
    if spectators:
        page.locator("#create-spectators").check()
    page.locator("#create-submit").click()
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    if "open" not in seats:
        expect(page.locator("#game")).not_to_have_attribute("data-status", "waiting")
        return ""
    expect(page.locator("#invite-box")).to_be_visible()
    return page.locator("#invite-url").input_value()


def join_by_invite(page: Page, base_url: str, invite: str, name: str, lang: str) -> None:
    """Open the invite link, choose a display name and take the first open seat."""
    page.goto(f"{base_url}/tables")
    set_preferences(page, base_url, lang=lang, **QUICK)
    page.goto(invite)
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    page.locator("#name-input").fill(name)
    page.locator("#name-save").click()
    expect(page.locator("#message")).to_contain_text(name)
    page.locator('#seat-list button[data-op="sit"]').first.click()
    wait_idle(page)
    expect(page.locator("#game")).not_to_have_attribute("data-you", "")


def act(page: Page) -> bool:
    """Make this page's decision if one waits for it (the first cards it may pass or play,
    the ready button after a round); False when the page has nothing to do now."""
    shown = game(page)
    if shown["connected"] != "1" or shown["pending"] != "0":
        return False
    phase = shown["phase"]
    if phase == "passing" and page.locator("#btn-pass").is_visible():
        chosen = page.locator("#hand .hand-card.chosen").count()
        for _ in range(3 - chosen):
            page.locator("#hand .hand-card:not([disabled]):not(.chosen)").first.click()
        page.locator("#btn-pass").click()
        wait_idle(page)
        return True
    if phase == "playing" and page.locator("#ring .oseat.me.turn").count():
        legal = page.locator("#hand .hand-card:not([disabled]):not(.illegal)")
        if legal.count() == 0:
            return False
        # Right after its own card the hand lets taps go for a moment (a double tap's second).
        expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
        legal.first.click()
        wait_idle(page)
        return True
    if phase == "moon_choice" and page.locator("#moon-box").is_visible():
        page.locator("#moon-add").click()
        wait_idle(page)
        return True
    if phase == "round_over" and page.locator("#btn-ready").is_visible():
        page.locator("#btn-ready").click()
        wait_idle(page)
        return True
    return False


def play_until_over(
    pages: list[Page], watch: Page, *, on_decision: Callable[[Page], None] | None = None
) -> None:
    """Let every page make its decisions until the match is over. When no page has anything
    to do, wait for ``watch`` to be told of a change (the computer players', the table's)."""
    while True:
        now = game(watch)  # the phase and the version read together: the end may come any time
        if now["phase"] == "match_over":
            break
        before = now["version"]
        acted = False
        for page in pages:
            if act(page):
                acted = True
                if on_decision is not None:
                    on_decision(page)
        if not acted:
            expect(watch.locator("#game")).not_to_have_attribute("data-version", before,
                                                                  timeout=30_000)
