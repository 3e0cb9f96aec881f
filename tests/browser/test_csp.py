"""Every page works under the Content-Security-Policy the server sends (``script-src 'self'``,
no eval): no inline script code, no inline event handlers, only JSON data blocks and scripts
loaded from the server itself."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

PAGES = ("/", "/h2h", "/hearts", "/h2h/examples", "/settings", "/stats", "/help")
# Every violation the page reports, also counted on <html data-violations> for expect().
RECORD_VIOLATIONS = """window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
  document.documentElement.dataset.violations = String(window.__violations.length);
});"""


def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy header as {directive: sources}."""
    parts = (part.split() for part in policy.split(";"))
    return {words[0]: words[1:] for words in parts if words}


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


def test_every_page_runs_under_the_servers_policy(page: Page, server: ServerProcess) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    for path in PAGES:
        response = page.goto(f"{server.url}{path}")
        assert response is not None and response.ok, path
        # The server's own header, on every page: scripts from the server only, no eval.
        policy = directives(response.headers["content-security-policy"])
        assert policy["script-src"] == ["'self'"], (path, policy)
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
    expect(page.locator("html")).to_have_attribute("data-violations", "1")
    assert page.evaluate("window.__ran") is None
