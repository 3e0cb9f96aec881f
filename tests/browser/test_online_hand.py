"""A shared table's hand on a phone: 13 cards lie in one row inside the screen, and a hand too
big for one row (Cancellation's 20) splits into rows of equal length, none of them wider than
the screen. The new-table form moves the player count to one the chosen variant allows."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.table_page import open_lobby
from tests.web.server_process import ServerProcess

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "has_touch": True, "is_mobile": True}
CARD_BOXES = ("els => els.map(e => { const r = e.getBoundingClientRect();"
              " return [r.left, r.top, r.right]; })")


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


def hand_rows(page: Page, cards: int) -> list[int]:
    """How many cards lie in each row of the hand, top row first; every card on the screen."""
    expect(page.locator("#hand .hand-card")).to_have_count(cards)
    boxes: list[list[float]] = page.locator("#hand .hand-card").evaluate_all(CARD_BOXES)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert all(left >= 0 and right <= width for left, _, right in boxes), boxes
    rows = Counter(round(top) for _, top, _ in boxes)
    return [rows[top] for top in sorted(rows)]


def start_with_computers(page: Page, players: int) -> None:
    """Name the host and give every other seat a computer player: the match starts at once."""
    page.locator("#create-name").fill("Aino")
    for seat in range(1, players):
        page.locator(f"#create-seat-{seat}").select_option("normal")
    page.locator("#create-submit").click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "passing")
    expect(page.locator("#hand")).to_have_attribute("aria-multiselectable", "true")  # choose 3


def test_thirteen_cards_lie_in_one_row_on_a_phone(server: ServerProcess, phone: Page) -> None:
    open_lobby(phone, server.url)
    start_with_computers(phone, 4)
    assert hand_rows(phone, 13) == [13]



def start_cancellation(page: Page, base_url: str) -> None:
    open_lobby(page, base_url)
    page.locator("#create-players").select_option("3")
    page.locator("#create-preset").select_option("cancellation")
    # Cancellation is for 5 or 6: the count moves to 5 rather than the server refusing 3.
    expect(page.locator("#create-players")).to_have_value("5")
    start_with_computers(page, 5)


def test_a_cancellation_hand_splits_into_equal_rows(server: ServerProcess, phone: Page) -> None:
    start_cancellation(phone, server.url)
    assert hand_rows(phone, 20) == [10, 10]


def test_both_copies_of_a_card_show_and_both_can_be_passed(
    server: ServerProcess, phone: Page
) -> None:
    # Two decks: 20 cards of 104 hold two copies of some card about 5 times in 6; a few new
    # tables find such a hand (eight misses in a row: about 1 in 2,000,000).
    for _ in range(8):
        start_cancellation(phone, server.url)
        expect(phone.locator("#hand .hand-card")).to_have_count(20)
        cards: list[str] = phone.locator("#hand .hand-card").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        twice = [card for card, count in Counter(cards).items() if count == 2]
        if twice:
            break
    assert twice, "no hand with two copies of a card in eight deals"
    card = twice[0]
    other = next(c for c in cards if c != card)
    for element in (f"#hand-{card}", f"#hand-{card}-2", f"#hand-{other}"):
        phone.locator(element).click()
        expect(phone.locator(element)).to_have_attribute("aria-selected", "true")
    phone.locator("#btn-pass").click()
    # The server took the pass (the computer players had passed already): the round is on.
    expect(phone.locator("#game")).to_have_attribute("data-phase", "playing")
    expect(phone.locator("#hand .hand-card")).to_have_count(20)


OVERLAPS = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const seats = boxes("#ring .oseat");
  const hits = [];
  for (const c of boxes("#trick .trick-card")) for (const s of seats) {
    const meet = c.left < s.right && c.right > s.left && c.top < s.bottom && c.bottom > s.top;
    if (meet) hits.push([c.x, c.y]);
  }
  return [document.querySelectorAll("#trick .trick-card").length, hits];
}"""
MY_TURN = ("() => document.querySelector('#hand .hand-card:not(.illegal):not([disabled])')"
           " && document.querySelector('#game').dataset.phase === 'playing'")


@pytest.mark.parametrize("players", [3, 4])
def test_trick_cards_lie_clear_of_the_seats_on_a_phone(
    server: ServerProcess, phone: Page, players: int
) -> None:
    open_lobby(phone, server.url)
    phone.locator("#create-players").select_option(str(players))
    start_with_computers(phone, players)
    for card in phone.locator("#hand .hand-card").all()[:3]:
        card.click()
    phone.locator("#btn-pass").click()
    hand = phone.locator("#hand .hand-card")
    phone.wait_for_function(MY_TURN)  # the passed cards have come
    seen = 0
    # This seat's turns, until the others' cards have lain on the table at them twice over
    # (a turn that leads a trick finds none: how many it leads is the deal's), the whole hand
    # at most. Each turn waits for its card to leave the hand: the cards stay enabled until the
    # server's answer comes, and a check made before it saw the same trick again.
    for cards_left in range(hand.count(), 0, -1):
        phone.wait_for_function(MY_TURN)
        count, hits = phone.evaluate(OVERLAPS)
        assert hits == [], hits
        seen += count
        if seen >= 2 * (players - 1):
            break
        expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
        phone.locator("#hand .hand-card:not(.illegal):not([disabled])").first.click()
        expect(hand).to_have_count(cards_left - 1)
    assert seen >= 2 * (players - 1)  # cards were there to check


@pytest.mark.parametrize("players", [3, 4, 6])
def test_names_of_twenty_letters_stay_inside_a_phone(
    server: ServerProcess, phone: Page, players: int
) -> None:
    """The longest names a table takes (20 characters, wide letters) neither widen the page
    nor spill out of their seats or off the screen."""
    open_lobby(phone, server.url)
    seats: list[object] = ["host"] + [{"level": "easy", "name": letter * 20}
                                      for letter in "MWQBD"[: players - 1]]
    reply = phone.request.post(
        f"{server.url}/api/tables", headers={"Origin": server.url},
        data={"name": "W" * 20, "rules": {"preset": "standard", "players": players},
              "seats": seats})
    assert reply.ok, reply.text()
    phone.goto(reply.json()["invite_url"])
    expect(phone.locator("#game")).to_have_attribute("data-phase", "passing")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    boxes = phone.locator("#ring .oseat").evaluate_all(
        "els => els.map(e => [...e.querySelectorAll('*'), e].map(x => {"
        " const r = x.getBoundingClientRect(); return [r.left, r.right]; }))")
    assert len(boxes) == players
    for seat in boxes:
        left, right = seat[-1]  # the seat's own box, then everything in it inside that box
        assert left >= 0 and right <= 390, seat[-1]
        assert all(left - 0.5 <= a and b <= right + 0.5 for a, b in seat[:-1]), seat
    prompt = phone.locator("#prompt").bounding_box()
    assert prompt is not None and prompt["x"] >= 0 and prompt["x"] + prompt["width"] <= 390


def test_the_new_table_form_names_a_bad_score_limit(server: ServerProcess, phone: Page) -> None:
    open_lobby(phone, server.url)
    posts: list[str] = []
    phone.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    phone.locator("#create-name").fill("Aino")
    for given in ("0", "5000", "", "-5", "12.5"):
        phone.locator("#create-limit").fill(given)
        phone.locator("#create-submit").click()
        expect(phone.locator("#create-error")).to_have_text(
            "Pisterajan on oltava kokonaisluku 1–1000.")
        expect(phone.locator("#create-limit")).to_have_attribute("aria-invalid", "true")
        expect(phone.locator("#create-limit")).to_be_focused()
    assert posts == []  # said by the page: nothing was sent


def test_a_double_click_on_pass_sends_one_pass(server: ServerProcess, phone: Page) -> None:
    sent: list[dict[str, object]] = []
    phone.on("websocket", lambda ws: ws.on(
        "framesent", lambda payload: sent.append(json.loads(payload))))
    open_lobby(phone, server.url)
    start_with_computers(phone, 4)
    for card in phone.locator("#hand .hand-card").all()[:3]:
        card.click()
    phone.locator("#btn-pass").dblclick()
    expect(phone.locator("#game")).not_to_have_attribute("data-phase", "passing")
    expect(phone.locator("#game")).to_have_attribute("data-pending", "0")
    assert [frame["op"] for frame in sent].count("pass") == 1, sent
    expect(phone.locator("#message")).not_to_have_class(re.compile(r"\berror\b"))
    # The pass names the table's count of decisions it was made on (docs/tables.md), so one
    # meant for a position gone by is refused instead of landing later.
    (passed,) = [frame for frame in sent if frame["op"] == "pass"]
    made_at = passed.get("decisions")
    assert isinstance(made_at, int) and 0 <= made_at <= 3, passed


def test_a_card_next_to_a_lifted_one_keeps_its_strip_to_tap(
    server: ServerProcess, phone: Page
) -> None:
    open_lobby(phone, server.url)
    start_with_computers(phone, 4)
    cards = phone.locator("#hand .hand-card")
    for index in (0, 2, 4):
        cards.nth(index).click()
    expect(phone.locator("#hand .hand-card.chosen")).to_have_count(3)
    # What a finger finds at mid-height across each card's own strip (up to the next card).
    for index in (1, 3, 5):
        box, after = cards.nth(index).bounding_box(), cards.nth(index + 1).bounding_box()
        assert box is not None and after is not None
        y = box["y"] + box["height"] / 2
        hits = [phone.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('.hand-card')?.id",
            [x, y]) for x in range(int(box["x"]) + 2, int(after["x"]), 2)]
        mine = cards.nth(index).get_attribute("id")
        assert len(hits) * 2 >= 20 and all(hit == mine for hit in hits), (index, hits)


def test_a_phone_on_its_side_shows_the_hand_without_scrolling(
    server: ServerProcess, browser: Browser
) -> None:
    """At 844 x 390 the whole hand and the pass button lie on the first screen (the hand was
    entirely below the fold), and every seat of the table too."""
    context = browser.new_context(viewport={"width": 844, "height": 390}, device_scale_factor=2,
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    open_lobby(page, server.url)
    start_with_computers(page, 4)
    for selector in ("#hand .hand-card", "#ring .oseat", "#btn-pass"):
        for box in page.locator(selector).evaluate_all(CARD_BOXES):
            assert box[1] >= 0 and box[2] <= 844, (selector, box)
        bottoms = page.locator(selector).evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().bottom)")
        assert bottoms and max(bottoms) <= 390, (selector, bottoms)
    context.close()
