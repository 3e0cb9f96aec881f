"""Every page works under the Content-Security-Policy the server is to send
(``script-src 'self'``): no inline script code, no inline event handlers, only JSON data blocks
and scripts loaded from the server itself."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CSP = "script-src 'self'"
PAGES = ("/", "/h2h", "/hearts", "/h2h/examples", "/settings", "/stats", "/help")
RECORD_VIOLATIONS = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));"""


def with_csp(route: Route) -> None:
    """Serve the page as the server is to: with the policy header."""
    if route.request.resource_type != "document":
        route.continue_()
        return
    response = route.fetch()
    route.fulfill(response=response,
                  headers={**response.headers, "content-security-policy": CSP})


def test_the_markup_has_no_inline_script(page: Page, server: ServerProcess) -> None:
    for path in PAGES:
        html = page.request.get(f"{server.url}{path}").text()
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
        assert scripts, path
        for attributes, body in scripts:
            if 'type="application/json"' in attributes:
                continue  # a data block: never run
            assert 'src="/static/' in attributes and not body.strip(), (path, attributes)
        handlers = re.findall(r"<[^>]*\son[a-z]+\s*=", html)
        assert handlers == [], (path, handlers)
        assert "javascript:" not in html, path


def test_every_page_runs_under_the_policy(page: Page, server: ServerProcess) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    page.route("**/*", with_csp)
    for path in PAGES:
        page.goto(f"{server.url}{path}")
        if path in ("/h2h", "/hearts"):
            expect(page.locator("#game")).to_have_attribute("data-connected", "1")
            expect(page.locator("#game")).not_to_have_attribute("data-version", "")
        if path == "/hearts":
            expect(page.locator("#dialog-new")).to_be_visible()  # drawn by the module
        if path == "/h2h":
            page.locator("#stock").click()
            expect(page.locator("#info-moves")).to_have_text("1")
        if path == "/h2h/examples":
            page.locator("#ex-forward").click()
            expect(page.locator("#examples")).to_have_attribute("data-step", "1")
        assert page.evaluate("window.__violations") == [], path
    # The policy is really in force: an inline handler is refused and reported.
    page.evaluate("""document.body.insertAdjacentHTML("beforeend",
        '<img id="csp-probe" src="/no-such-image" onerror="window.__ran = true">')""")
    page.wait_for_function("window.__violations.length > 0")
    assert page.evaluate("window.__ran") is None
