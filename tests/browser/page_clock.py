"""Stopping a page's clock for a test that moves the page's time on itself."""

from __future__ import annotations

from playwright.sync_api import Page


def stop_page_clock(page: Page) -> None:
    """From here the page's timers fire only when the test moves its time on (``run_for``).

    ``page.clock.install()`` alone lets the page's clock run by itself (Playwright's documented
    behaviour: only ``pause_at`` stops it), so on a loaded machine a hold or a settling time
    could run out between two steps of a test that counted on it standing still. The clock
    jumps a second ahead as it stops, firing what was due by then."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
