"""The Hearts page's layout on a phone held either way and on desktop windows: the new-match
dialog fits, a full trick never lies over a seat, seats stay off the info bar, nothing scrolls,
no words are cut off, the hand is one fanned row that fits 13 (and 17) cards at 320 px, and
cards and words grow with a large window (issue 13's defects 6-8 and the layout it asks for)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.hearts_page import hand_ids, hit, idle, legal, new_match, open_hearts, status
from tests.web.hearts_helpers import MOON_CODE
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

PHONE = {"has_touch": True, "is_mobile": True, "locale": "fi-FI", "device_scale_factor": 2}
SIZES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "phone-320": (320, 640, PHONE),
    "phone-390": (390, 844, PHONE),
    "phone-landscape": (844, 390, PHONE),
    "desktop-1366": (1366, 768, {}),
    "desktop-1920": (1920, 1080, {}),
}

# Every box that matters, as [left, top, right, bottom], read in one go.
BOXES = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const all = (selector) => [...document.querySelectorAll(selector)].map((el) => [el.id, box(el)]);
  const root = document.documentElement;
  return { seats: all("#seats .seat"), trick: all("#trick .trick-card"),
    table: box(document.getElementById("table")), info: box(document.querySelector(".infobar")),
    page: [root.scrollWidth, root.scrollHeight, innerWidth, innerHeight] };
}"""


@pytest.fixture
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height, options = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], errors


def overlap(a: list[float], b: list[float]) -> float:
    """The area two boxes share."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, width) * max(0.0, height)


def inside(inner: list[float], outer: list[float], slack: float = 0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def assert_no_scrolling(page: Page) -> None:
    width, height, inner_width, inner_height = page.evaluate(BOXES)["page"]
    assert width <= inner_width and height <= inner_height, (width, height, inner_width,
                                                              inner_height)


def to_full_trick(page: Page) -> dict[str, Any]:
    """Pass, play a card, and read the table while the full trick is shown with its taker."""
    if status(page) == "passing":
        for element_id, _ in hand_ids(page)[:3]:
            hit(page, f"#{element_id}", touch=False)
        page.locator("#btn-pass").click()
        idle(page)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    expect(page.locator("#trick-taker")).to_be_visible()
    boxes: dict[str, Any] = page.evaluate(BOXES)
    return boxes


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_full_trick_lies_between_the_seats(
    sized: Page, server: ServerProcess, players: int
) -> None:
    page = sized
    open_hearts(page, server.url, trick_pause=True)
    new_match(page, players=players)
    boxes = to_full_trick(page)
    assert len(boxes["trick"]) == players, boxes
    assert len(boxes["seats"]) == players - 1
    for seat_id, seat in boxes["seats"]:
        # Each seat on the table, clear of the info bar, and no trick card over it.
        assert inside(seat, boxes["table"]), (seat_id, seat, boxes["table"])
        assert overlap(seat, boxes["info"]) == 0, (seat_id, seat, boxes["info"])
        for card_id, card in boxes["trick"]:
            assert overlap(seat, card) == 0, (seat_id, seat, card_id, card)
    for card_id, card in boxes["trick"]:
        assert inside(card, boxes["table"]), (card_id, card, boxes["table"])
    # With five or six players two seats share a side; who played what still shows at a
    # glance: no trick card lies over another's corner (its rank and suit, the top quarter of
    # its width and height). Three and four keep the classic cross, whose cards may touch.
    for card_id, card in boxes["trick"] if players >= 5 else []:
        corner = [card[0], card[1], card[0] + (card[2] - card[0]) / 4,
                  card[1] + (card[3] - card[1]) / 4]
        for other_id, other in boxes["trick"]:
            if other_id != card_id:
                assert overlap(corner, other) == 0, (card_id, other_id, boxes["trick"])
    assert_no_scrolling(page)


@pytest.mark.parametrize("sized", ["phone-390", "phone-320"], indirect=True)
def test_the_new_match_dialog_fits_a_phone(sized: Page, server: ServerProcess) -> None:
    page = sized
    open_hearts(page, server.url)
    dialog = page.locator("#dialog-new")
    expect(dialog).to_be_visible()
    page.locator("#new-players").select_option("6")  # every opponent's row shows
    frame = dialog.bounding_box()
    assert frame is not None
    viewport = page.viewport_size
    assert viewport is not None
    assert frame["y"] >= 0 and frame["y"] + frame["height"] <= viewport["height"]
    fields = dialog.locator("select:visible, input:visible")
    assert fields.count() >= 10
    for i in range(fields.count()):
        box = fields.nth(i).bounding_box()
        assert box is not None
        assert box["x"] >= frame["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], (
            i, box, frame)
    # The buttons are in view without scrolling, and they work.
    for button in ("#new-cancel", "#new-start"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["y"] + box["height"] <= viewport["height"], (button, box)
        assert box["y"] >= frame["y"]
    page.locator("#new-start").click()
    expect(dialog).to_be_hidden()


def cut_words(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose words do not fit them (cut or spilling)."""
    found: list[str] = page.locator(selector).evaluate_all("""(els) => els.filter((el) => {
        if (!el.offsetParent) return false;
        const outer = el.closest(".tool, .info") ?? el.parentElement;
        const r = el.getBoundingClientRect(); const o = outer.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || r.left < o.left - 1 || r.right > o.right + 1;
      }).map((el) => `${el.id || el.className}: ${el.textContent}`)""")
    return found


@pytest.mark.parametrize("sized", ["phone-320", "phone-390", "phone-landscape", "desktop-1366"],
                         indirect=True)
def test_no_words_are_cut_off(sized: Page, server: ServerProcess) -> None:
    page = sized
    open_hearts(page, server.url)
    new_match(page, code=MOON_CODE, preset="cancellation", players=5)  # the code wins
    expect(page.locator("#info-code")).to_have_text(MOON_CODE)
    assert cut_words(page, ".infobar .info-value, .infobar .info-label") == []
    assert cut_words(page, ".toolbar .tool > span") == []
    new_match(page, players=6, preset="cancellation")
    expect(page.locator("#info-variant")).to_have_text("Cancellation Hearts")
    assert cut_words(page, ".infobar .info-value, .infobar .info-label") == []
    assert_no_scrolling(page)


def box_of(page: Page, selector: str) -> list[float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return [box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]]


@pytest.mark.parametrize("sized", ["phone-320", "phone-390"], indirect=True)
def test_the_prompt_keeps_clear_of_the_button_on_a_phone(
    sized: Page, server: ServerProcess
) -> None:
    # "Valitse 3 korttia annettavaksi vasemmalle (Aino)": at 320 px its long word ran under
    # the pass button.
    page = sized
    open_hearts(page, server.url)
    new_match(page, players=4)
    expect(page.locator("#btn-pass")).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("annettavaksi")
    assert cut_words(page, "#prompt") == []
    assert overlap(box_of(page, "#prompt"), box_of(page, "#btn-pass")) == 0
    assert overlap(box_of(page, "#prompt"), box_of(page, "#seat-0")) == 0


@pytest.mark.parametrize("sized", ["desktop-1366"], indirect=True)
def test_the_shortcut_keys_stay_clear_of_their_words(sized: Page, server: ServerProcess) -> None:
    # "Nuolinäppäimet" (arrow keys) is wider than the key column once was.
    page = sized
    open_hearts(page, server.url)
    new_match(page, players=4)
    page.keyboard.press("?")
    expect(page.locator("#dialog-shortcuts")).to_be_visible()
    rows: list[list[float]] = page.locator("#dialog-shortcuts .shortcuts > div").evaluate_all(
        """(rows) => rows.map((row) => [row.querySelector("kbd").getBoundingClientRect().right,
                                       row.querySelector("dd").getBoundingClientRect().left])""")
    assert rows and all(key_right <= words_left for key_right, words_left in rows), rows


@pytest.mark.parametrize("players", [4, 3])
def test_the_phone_hand_is_one_fanned_row(browser: Browser, server: ServerProcess,
                                          players: int) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640}, **PHONE)
    page = context.new_page()
    open_hearts(page, server.url)
    new_match(page, players=players)
    cards: list[list[float]] = page.locator("#hand .hcard").evaluate_all(
        "(cs) => cs.map((c) => { const r = c.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })")
    assert len(cards) == {4: 13, 3: 17}[players]
    tops = [card[1] for card in cards]
    assert max(tops) - min(tops) <= 14  # one row along a shallow arc
    assert cards[0][0] >= 0 and cards[-1][2] <= 320
    shown = [b[0] - a[0] for a, b in itertools.pairwise(cards)]
    # Every card shows a strip a finger can hit, the full card's height tall.
    assert min(shown) >= {4: 19, 3: 15}[players], shown
    assert all(card[3] - card[1] >= 60 for card in cards)
    # The strip of each card is that card (nothing of another lies over its corner).
    for i, card in enumerate(cards[:-1]):
        x, y = card[0] + min(6, shown[i] / 2), card[1] + 20
        hit_id = page.evaluate(f"document.elementFromPoint({x}, {y}).closest('.hcard').id")
        assert hit_id == hand_ids(page)[i][0]
    context.close()


def test_cards_and_words_grow_with_the_window(browser: Browser, server: ServerProcess) -> None:
    measured = {}
    for width, height in ((1366, 768), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        open_hearts(page, server.url, trick_pause=True)
        new_match(page)
        to_full_trick(page)
        measured[width] = page.evaluate("""() => ({
          label: parseFloat(getComputedStyle(document.querySelector('.info-label')).fontSize),
          seat: parseFloat(getComputedStyle(document.querySelector('.seat-name')).fontSize),
          trick: document.querySelector('.trick-card').getBoundingClientRect().width,
          hand: document.querySelector('.hcard').getBoundingClientRect().width })""")
        context.close()
    small, large = measured[1366], measured[1920]
    assert large["label"] >= 13 and large["seat"] >= 16, large
    for key in ("label", "seat", "trick", "hand"):
        assert large[key] > small[key] * 1.1, (key, small, large)
    assert large["hand"] >= 100
