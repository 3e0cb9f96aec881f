"""What every page has: the games named in the navigation at every size with the examples one
tap away, the first visit's language from the browser, a light look when the system asks for
one, the Hearts rules in the help, and what makes Hertta installable (the manifest, its icons
and the service worker that keeps the static files)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.hearts_page import new_match, open_hearts
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Contexts a test opens (closed however the test ends)."""
    made: list[BrowserContext] = []
    yield made
    for context in made:
        context.close()


def new_page(browser: Browser, contexts: list[BrowserContext], **options: Any) -> Page:
    context = browser.new_context(**options)
    contexts.append(context)
    return context.new_page()


# -- the navigation --------------------------------------------------------------------------


def test_every_page_has_one_main_heading(page: Page, server: ServerProcess) -> None:
    """A screen reader's list of headings starts with the page's name, the games' too (their
    heading is out of sight: the game itself shows what it is)."""
    for path, name in (("/h2h", "Heart to Heart"), ("/hearts", "Hearts"), ("/stats", "Tilastot"),
                       ("/settings", "Asetukset"), ("/tables", None), ("/daily", None),
                       ("/leaderboard", None), ("/help", None), ("/", None)):
        page.goto(f"{server.url}{path}")
        heading = page.get_by_role("heading", level=1)
        expect(heading).to_have_count(1)
        if name is not None:
            expect(heading).to_have_text(name)
    # The language button says what it does in the page's language, the other's name in its own.
    button = page.locator(".lang-button")
    expect(button).to_have_accessible_name("Kieli: English")
    expect(button).not_to_have_attribute("lang", "en")
    expect(button.locator('[lang="en"]')).to_have_text("ENEnglish")  # "EN" shown, the name read


@pytest.mark.parametrize("width", [320, 390, 800, 1366])
def test_the_games_are_named_in_the_navigation(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess, width: int
) -> None:
    page = new_page(browser, contexts, viewport={"width": width, "height": 700},
                    **(PHONE if width < 500 else {}))
    page.goto(f"{server.url}/")
    for selector, name in (("#nav-h2h", "Heart to Heart"), ("#nav-hearts", "Hearts")):
        label = page.locator(f"{selector} span")
        expect(label).to_have_text(name)
        expect(label).to_be_visible()
        box = label.bounding_box()
        assert box is not None and box["width"] > 20 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Every other page is one tap away, by its name, at every size.
    wide = page.locator(".nav-wide")
    links = wide.locator(".nav-link") if wide.is_visible() else page.locator(".nav-menu .nav-link")
    if not wide.is_visible():
        page.locator("#nav-more > summary").click()
    expect(links.filter(has_text="Tilastot")).to_be_visible()
    for i in range(links.count()):
        box = links.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= width
    if not wide.is_visible():
        page.mouse.click(5, 690)  # elsewhere: the menu closes
        expect(page.locator(".nav-menu")).to_be_hidden()


def test_the_examples_are_one_tap_from_the_game(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess
) -> None:
    page = new_page(browser, contexts, viewport={"width": 390, "height": 844}, **PHONE)
    page.goto(f"{server.url}/h2h")
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    page.locator("#nav-more > summary").tap()
    page.locator(".nav-menu a[href='/h2h/examples']").tap()
    expect(page).to_have_url(f"{server.url}/h2h/examples")


# -- language and look -----------------------------------------------------------------------


@pytest.mark.parametrize("asks", ["en-US,en;q=0.9", "fi-FI", "de-DE,de;q=0.9"])
def test_the_first_visit_speaks_finnish_whatever_the_browser_asks(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess, asks: str
) -> None:
    context = browser.new_context(extra_http_headers={"Accept-Language": asks})
    contexts.append(context)
    page = context.new_page()
    page.goto(f"{server.url}/hearts")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    expect(page.locator("#new-title")).to_have_text("Uusi ottelu")


def test_a_chosen_language_stays_chosen(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess
) -> None:
    page = new_page(browser, contexts)
    page.goto(f"{server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    page.locator(".lang-button").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(f"{server.url}/hearts")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#new-title")).to_have_text("New match")
    page.goto(f"{server.url}/stats")
    page.locator(".lang-button").click()
    expect(page.locator("html")).to_have_attribute("lang", "fi")
    page.goto(f"{server.url}/hearts")
    expect(page.locator("#new-title")).to_have_text("Uusi ottelu")


LOOK = """() => {
  const luminance = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const root = getComputedStyle(document.documentElement);
  const info = document.querySelector(".info-value");
  return { page: luminance(root.backgroundColor), text: luminance(getComputedStyle(info).color),
           scheme: root.colorScheme };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_look_follows_the_system(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess, scheme: str
) -> None:
    page = new_page(browser, contexts, color_scheme=scheme)
    page.goto(f"{server.url}/h2h")
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    look = page.evaluate(LOOK)
    if scheme == "light":
        assert look["page"] > 0.5 and look["text"] < 0.1, look
    else:
        assert look["page"] < 0.05 and look["text"] > 0.6, look
    # Readable either way: the words against the page, by the WCAG contrast ratio.
    light, dark = max(look["page"], look["text"]), min(look["page"], look["text"])
    assert (light + 0.05) / (dark + 0.05) >= 7, look


# -- the Hearts rules and the variants' names ---------------------------------------------------

VARIANTS = ("Omnibus Hearts", "Jack of Diamonds", "Black Lady", "Cancellation Hearts")


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_help_has_the_hearts_rules(page: Page, server: ServerProcess, lang: str) -> None:
    page.request.post(f"{server.url}/api/settings", data={"lang": lang})
    page.goto(f"{server.url}/")
    page.locator("a[href='/help#hearts']").click()
    rules = page.locator("#hearts")
    expect(rules).to_be_visible()
    words = {"fi": ("Kuun ampuminen", "Maata on tunnustettava", "patakuningatar"),
             "en": ("moon", "follow suit", "queen of spades")}[lang]
    for text in (*words, *VARIANTS):
        expect(rules).to_contain_text(text)
    assert len(rules.inner_text()) > 2500
    # Playing with friends at a shared table has its own part, linked from the contents.
    page.locator("a[href='#tables']").click()
    friends = {"fi": ("kutsulinkin", "Vuorokello", "Pelaa uudelleen"),
               "en": ("invite link", "turn clock", "Play again")}[lang]
    for text in friends:
        expect(page.locator("#tables")).to_contain_text(text)


def test_the_variants_keep_the_seeds_names(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    options = page.locator("#new-preset option").all_inner_texts()
    for name in VARIANTS:
        assert any(option.startswith(name) for option in options), (name, options)
    new_match(page, preset="black_lady")
    expect(page.locator("#info-variant")).to_have_text("Black Lady")


# -- installable ---------------------------------------------------------------------------------


def test_hertta_is_installable(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess
) -> None:
    page = new_page(browser, contexts, service_workers="allow")
    page.goto(f"{server.url}/")
    href = page.locator("link[rel='manifest']").get_attribute("href")
    assert href == "/manifest.webmanifest"
    reply = page.request.get(f"{server.url}{href}")
    assert reply.ok and reply.headers["content-type"].startswith("application/manifest+json")
    manifest = reply.json()
    assert manifest["name"] == "Hertta" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone" and manifest["lang"] == "fi"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        got = page.request.get(f"{server.url}{icon['src']}")
        assert got.ok and got.headers["content-type"] == icon["type"], icon
    # The worker takes charge of the site and keeps every static file.
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == f"{server.url}/"
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    kept = page.evaluate("""async () => { const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('hertta-static-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname); }""")
    assert "/static/js/hearts/main.js" in kept and "/static/css/app.css" in kept
    # A page under the worker still comes from the server, with the server's policy, and the
    # game plays.
    served_by_worker: list[bool] = []
    page.on("response", lambda r: served_by_worker.append(r.from_service_worker)
            if r.url.endswith("/static/css/game.css") else None)
    response = page.goto(f"{server.url}/h2h")
    assert response is not None and response.ok
    assert "script-src 'self'" in response.headers["content-security-policy"]
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    page.locator("#stock").click()
    expect(page.locator("#info-moves")).to_have_text("1")
    assert served_by_worker and all(served_by_worker)


def test_without_the_server_a_page_never_kept_says_so_and_a_kept_one_opens(
    browser: Browser, contexts: list[BrowserContext], server: ServerProcess
) -> None:
    page = new_page(browser, contexts, service_workers="allow")
    page.goto(f"{server.url}/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the worker, which keeps the page it serves
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto(f"{server.url}/help")  # never opened: no copy kept
    expect(page.locator("#offline-title")).to_have_text("Ei yhteyttä")
    expect(page.locator("section[lang='en'] h2")).to_have_text("No connection")
    page.goto(f"{server.url}/")  # the last copy kept
    expect(page.locator("#offline-title")).to_have_count(0)
    expect(page.locator(".site-header .brand")).to_be_visible()
    page.goto(f"{server.url}/help")
    expect(page.locator("#offline-title")).to_be_visible()
    page.context.set_offline(False)
    page.locator("#offline-retry").click()  # "try again" asks for the same address
    expect(page.locator("#offline-title")).to_have_count(0)
    expect(page.locator("h1")).to_be_visible()
    assert page.url == f"{server.url}/help"


def test_the_reactions_emoji_come_in_colour_from_the_sites_own_font(
    page: Page, server: ServerProcess
) -> None:
    """This machine, like many, has no emoji font: the reactions were empty boxes. The site's
    cut of Noto Color Emoji is served (under the site's own font policy) and loads for each of
    the reactions' emoji and the sound button's, and for nothing else."""
    page.goto(f"{server.url}/")
    emoji = ["\U0001F44B", "\U0001F340", "\U0001F44F", "\U0001F64F", "\U0001F605",
             "\U0001F648", "\U0001F62E", "\u2764\ufe0f", "\U0001F602", "\U0001F622",
             "\U0001F914", "\U0001F319", "\U0001F507", "\U0001F508"]
    loaded = page.evaluate(
        """async (all) => { const found = [];
             for (const text of all) {
               const faces = await document.fonts.load('16px "Hertta Emoji"', text);
               found.push(faces.map((f) => f.status).join()); }
             return found; }""", emoji)
    assert loaded == ["loaded"] * len(emoji), loaded
    unused = page.evaluate("""async () => (await document.fonts.load('16px "Hertta Emoji"',
                                 'Hei')).length""")
    assert unused == 0  # letters keep the page's own font
