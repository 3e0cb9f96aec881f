"""Driving the Heart to Heart page the way a person does (clicks, taps, keys)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Locator, Page, Position, expect

from hertta.solitaire.game import Move
from tests.web.helpers import Target, tap_targets_for

# Resolves once no finite animation runs (endless decorations do not count). Awaited inside
# page.evaluate: the pages' Content-Security-Policy allows no string evaluation, which
# Playwright's wait_for_function needs for every check after its first.
FINITE_ANIMATIONS_DONE = """async () => {
  const running = () => document.getAnimations().filter(
    (a) => a.playState === "running" && a.effect.getComputedTiming().endTime !== Infinity);
  for (let now = running(); now.length; now = running()) {
    await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
  }
}"""


# An init script (run before the page's own): every WebSocket the page opens is kept in
# window.__sockets, so a test can drop the game's connection the way a network would.
KEEP_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.__sockets.push(this);
    }
  };
})()"""


def animations_done(page: Page) -> None:
    """Wait until every card has landed."""
    page.evaluate(FINITE_ANIMATIONS_DONE)


def keep_sockets(page: Page) -> None:
    """Call before the page loads (see ``drop_socket``)."""
    page.add_init_script(KEEP_SOCKETS)


def drop_socket(page: Page) -> None:
    """Close the page's game socket; the page reconnects by itself."""
    page.evaluate("window.__sockets.at(-1).close()")


def player_cookie(page: Page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == "hertta_player")


def set_player_cookie(page: Page, base_url: str, value: str) -> None:
    page.context.add_cookies([{"name": "hertta_player", "value": value, "url": base_url}])


def open_game(page: Page, base_url: str) -> Page:
    page.goto(f"{base_url}/h2h")
    wait_ready(page)
    return page


def wait_ready(page: Page) -> None:
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    expect(page.locator("#game")).not_to_have_attribute("data-version", "")
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Every intent sent has had its answer (the page counts them in data-pending)."""
    expect(page.locator("#game")).to_have_attribute("data-pending", "0")


def element(page: Page, target: Target) -> Locator:
    return page.locator(f"#card-{target}" if isinstance(target, int) else f"#{target}")


def hit(page: Page, target: Target, *, touch: bool = False) -> None:
    """Click (or tap) a target. Heart cards are hit in their top part, which is never covered
    by the row below, exactly where a person would put a finger on an overlapped card."""
    # Cards that are still flying (a deal, a flip) are hit where they land, as a person would.
    animations_done(page)
    locator = element(page, target)
    # Covered cards and empty places are aria-disabled, which Playwright would refuse to click;
    # a person can still put a finger on them, so skip its actionability wait for those.
    force = locator.get_attribute("aria-disabled") == "true"
    position: Position | None = None
    if isinstance(target, int):
        box = locator.bounding_box()
        assert box is not None
        position = {"x": box["width"] / 2, "y": box["height"] * 0.22}
    if touch:
        locator.tap(position=position, force=force)
    else:
        locator.click(position=position, force=force)
    wait_idle(page)


def play_moves(page: Page, moves: list[Move], *, touch: bool = False) -> None:
    for move in moves:
        for target in tap_targets_for(move):
            hit(page, target, touch=touch)


def enter_code(page: Page, code: str) -> None:
    page.locator("#btn-code").click()
    # A game in progress is confirmed first (it counts as lost); a fresh one opens the dialog.
    asked = page.locator("#dialog-confirm[open]")
    expect(page.locator("#dialog-code[open]").or_(asked)).to_be_visible()
    if asked.count():
        page.locator("#confirm-yes").click()
    page.locator("#code-input").fill(code)
    page.locator("#code-ok").click()
    wait_idle(page)


def info(page: Page, name: str) -> str:
    return page.locator(f"#info-{name}").inner_text()


def selection(page: Page) -> str | None:
    return page.locator("#game").get_attribute("data-selection")


def set_preferences(page: Page, base_url: str, **values: object) -> None:
    """Change settings through the JSON twin of the settings form (same cookie as the page)."""
    reply = page.request.post(f"{base_url}/api/settings", data=values)
    assert reply.ok, reply.text()


def screenshot(page: Page, folder: Path, name: str) -> None:
    """Save a picture once every card has landed (endless decorations do not count)."""
    animations_done(page)
    page.screenshot(path=str(folder / f"{name}.png"))
