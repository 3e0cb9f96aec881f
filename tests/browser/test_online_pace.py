"""How a shared table feels on a phone, from an outside audit (2026-12-06): a completed trick
stays in view with who took it (computer players' cards came milliseconds apart, and the last
card of a trick was never seen); a double tap plays one card; the cards just received are
marked; a message and a round's result are on the screen, not below it; the host's choice of a
computer player's level outlives another person sitting down; one card is "1 kortti"."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.page_clock import stop_page_clock
from tests.browser.table_page import act, create_table, game, join_by_invite, open_lobby
from tests.web.server_process import ServerProcess

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "has_touch": True, "is_mobile": True, "locale": "fi-FI"}
MY_TURN = ("() => document.querySelector('#hand .hand-card:not(.illegal):not([disabled])')"
           " && document.querySelector('#game').dataset.phase === 'playing'")
PLAYABLE = "#hand .hand-card:not(.illegal):not([disabled])"
# Each card put on the table's trick, with the page's time (its clock, which the test holds).
RECORD_TRICK_CARDS = """window.__cards = [];
addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("trick");
  if (!box) return;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        const card = node.classList?.contains("trick-card");
        if (card) window.__cards.push([node.id, performance.now()]);
      }
    }
  }).observe(box, { childList: true });
});"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


def start_with_computers(page: Page, players: int = 4, clock: int = 0) -> None:
    page.locator("#create-name").fill("Aino")
    page.locator("#create-players").select_option(str(players))
    page.locator("#create-clock").select_option(str(clock))  # 0 (none): the test takes its time
    for seat in range(1, players):
        page.locator(f"#create-seat-{seat}").select_option("normal")
    page.locator("#create-submit").click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "passing")


CARDS = "els => els.map(e => e.dataset.card)"


def pass_three(page: Page) -> list[str]:
    """Pass the first three cards; the cards received, once the exchange came."""
    cards = page.locator("#hand .hand-card")
    before = set(cards.evaluate_all(CARDS))
    for card in cards.all()[:3]:
        card.click()
    chosen = set(page.locator("#hand .hand-card.chosen").evaluate_all(CARDS))
    page.locator("#btn-pass").click()
    expect(page.locator("#game")).to_have_attribute("data-phase", "playing")
    after = set(cards.evaluate_all(CARDS))
    assert len(after) == len(before) and len(chosen) == 3 and chosen <= before
    return sorted(after - (before - chosen))


def test_a_completed_trick_stays_in_view_with_who_took_it(
    server: ServerProcess, phone: Page
) -> None:
    phone.clock.install()  # a hold lasts until the test moves the page's time on
    open_lobby(phone, server.url, animation_ms=0, trick_pause=True)
    start_with_computers(phone)
    pass_three(phone)
    game = phone.locator("#game")
    hand = phone.locator("#hand .hand-card")
    # The computer players' cards come milliseconds apart: a whole trick, and its taker, on
    # the table at once happens only because the page holds it there. Tricks are played until
    # the person takes one, to press a card over the held trick as well. The person plays
    # the last playable card (the highest of its suit), so that a trick is theirs in all but
    # the rarest deals (playing the first, a deal now and then gave them none).
    for cards_left in range(13, 0, -1):
        expect(phone.locator(PLAYABLE).last).to_be_visible()
        phone.locator(PLAYABLE).last.tap()
        expect(hand).to_have_count(cards_left - 1)
        expect(game).to_have_attribute("data-holding", "1")
        expect(phone.locator("#trick .trick-card")).to_have_count(4)
        expect(phone.locator("#ring .oseat.took")).to_have_count(1)
        expect(phone.locator("#prompt")).to_contain_text("tikin")
        phone.clock.run_for(500)  # past the hand's settling after the person's own card
        if phone.locator("#ring .oseat.took").get_attribute("data-seat") == "0" and cards_left > 1:
            # A card pressed over the held trick is kept, and led once the table moves on.
            wanted = phone.locator(PLAYABLE).first.get_attribute("data-card")
            phone.locator(PLAYABLE).first.tap()
            expect(hand).to_have_count(cards_left - 1)  # not yet
            phone.clock.run_for(1000)  # the rest of the pause after a trick (1.2 s)
            expect(game).to_have_attribute("data-holding", "0")
            expect(phone.locator("#ring .oseat.took")).to_have_count(0)
            expect(hand).to_have_count(cards_left - 2)
            expect(phone.locator(f'#hand .hand-card[data-card="{wanted}"]')).to_have_count(0)
            return
        phone.clock.run_for(1000)
        expect(game).to_have_attribute("data-holding", "0")
    pytest.fail("the person took no trick")


def test_the_other_seats_cards_come_one_at_a_time(server: ServerProcess, phone: Page) -> None:
    """With animations on, each card of another seat stays a moment before the next comes (the
    three computer players' cards landed at once). Measured on the page's own clock: it also
    runs by itself between the test's steps, and on a busy machine those can take seconds."""
    phone.add_init_script(RECORD_TRICK_CARDS)
    phone.clock.install()  # the page's timers: time runs, and the test moves it on too
    open_lobby(phone, server.url, animation_ms=250, trick_pause=True)
    start_with_computers(phone)
    pass_three(phone)
    for _ in range(40):
        if phone.locator("#game").get_attribute("data-holding") == "1":
            break
        if phone.locator(PLAYABLE).count() and phone.locator("#hand").get_attribute(
                "data-settled") == "1":
            phone.locator(PLAYABLE).first.tap()
            expect(phone.locator("#hand .hand-card")).to_have_count(12)
        phone.clock.run_for(750)  # one card's moment (3 x 250 ms)
    expect(phone.locator("#trick .trick-card")).to_have_count(4)  # the completed trick, held
    came: list[tuple[str, float]] = [tuple(card) for card in phone.evaluate("window.__cards")]
    assert [card for card, _ in came[:4]].count("trick-0") == 1, came  # Aino's own card
    # Two computer players' cards in a row, the person's own aside (it comes when tapped).
    gaps = [later - earlier for (one, earlier), (other, later) in pairwise(came[:4])
            if "trick-0" not in (one, other)]
    assert gaps, came  # 4 players: at least two computer cards come one after the other
    # One card a moment (750 ms), none two at once; the moment is counted from the update, its
    # card put on at the next frame, so a gap may be a few milliseconds short of it.
    assert min(gaps) >= 700, came


@pytest.mark.parametrize(("animation_ms", "players"), [(250, 4), (500, 6)])
def test_a_turns_seconds_count_from_when_the_turn_appears(
    server: ServerProcess, phone: Page, animation_ms: int, players: int
) -> None:
    """The turn clock's seconds count from when the page shows the person's turn, not from
    when the state came while the trick before and the other seats' cards were still being
    shown: a 15 s turn appeared with 11 s left (with slow animations and six players, 8.6 s:
    the page now shortens those holds to fit the clock's allowance)."""
    phone.clock.install()  # the page's holds end only when the test moves its time on
    open_lobby(phone, server.url, animation_ms=animation_ms, trick_pause=True)
    start_with_computers(phone, players=players, clock=15)
    pass_three(phone)
    mine = phone.locator("#prompt-clock")
    hand = phone.locator("#hand .hand-card")
    shown: list[int] = []  # the milliseconds the page shows as each turn appears
    for _ in range(600):
        if (mine.is_visible() and phone.locator(PLAYABLE).count()
                and phone.locator("#hand").get_attribute("data-settled") == "1"):
            shown.append(int(phone.locator("#info-clock").get_attribute("data-ms") or 0))
            if len(shown) == 4:
                break
            left = hand.count()
            phone.locator(PLAYABLE).first.tap()
            expect(hand).to_have_count(left - 1)
        phone.clock.run_for(100)
    # Every turn after the first came behind a held trick (1.125 s at least): counted from when
    # the state came, it would show at most 13,875 ms. The page's time also runs by itself
    # while the test reads it (14,498 once in a full run on a loaded machine), so the bound is
    # the hold's, not the 0.1 s of one step of the test.
    assert len(shown) == 4 and min(shown[1:]) > 15_000 - 1_125, shown
    # At 0 the prompt says the time is up (the stand-in decides within the allowance), not a
    # "0 s" that seems to hang.
    phone.clock.run_for(15_100)
    expect(mine).to_have_text("Aika loppui")


@pytest.mark.parametrize("sounds", [True, False], ids=["sounds on", "sounds off"])
def test_a_turn_is_told_in_the_title_and_with_a_chime(
    server: ServerProcess, phone: Page, sounds: bool
) -> None:
    """A person waiting at a table often looks at another tab: when a decision becomes theirs
    the title says so and, with sounds on (a setting), a chime plays; the state the page
    opens on only sets the title."""
    open_lobby(phone, server.url, sounds=sounds)
    start_with_computers(phone)
    game = phone.locator("#game")
    expect(phone).to_have_title(re.compile(r"^● Sinun vuorosi – "))  # the pass is owed
    assert game.get_attribute("data-chimes") is None
    pass_three(phone)
    hand = phone.locator("#hand .hand-card")
    for cards_left in (13, 12, 11):
        expect(phone.locator(PLAYABLE).first).to_be_visible()
        expect(phone).to_have_title(re.compile(r"^● Sinun vuorosi – "))
        expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
        phone.locator(PLAYABLE).first.tap()
        expect(hand).to_have_count(cards_left - 1)
    # Each card of the person's ended a turn, and the next one that came was chimed in.
    expect(phone.locator(PLAYABLE).first).to_be_visible()
    if sounds:
        expect(game).to_have_attribute("data-chimes", re.compile(r"^[2-9]$"))
    else:
        assert game.get_attribute("data-chimes") is None


def test_the_last_trick_is_a_tap_away(server: ServerProcess, phone: Page) -> None:
    """During play the trick taken last opens under the table, with who played each card and
    who took it, as on the Hearts page (at a quick table a trick goes by in a blink)."""
    open_lobby(phone, server.url)
    start_with_computers(phone)
    button = phone.locator("#btn-last-trick")
    expect(button).to_be_hidden()  # no trick yet
    pass_three(phone)
    expect(phone.locator(PLAYABLE).first).to_be_visible()
    expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
    phone.locator(PLAYABLE).first.tap()
    expect(phone.locator("#hand .hand-card")).to_have_count(12)
    box = phone.locator("#last-trick")
    expect(box).to_be_hidden()
    button.tap()  # the first trick is complete: the computer players answer at once
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(box.locator(".review-play")).to_have_count(4)
    expect(box.locator(".review-play .review-who")).to_contain_text(["Sinä"])
    expect(box.locator(".review-winner")).to_contain_text("tikin")
    button.tap()
    expect(box).to_be_hidden()


def test_a_double_tap_plays_one_card(server: ServerProcess, phone: Page) -> None:
    plays: list[str] = []
    phone.on("websocket", lambda ws: ws.on("framesent", lambda payload: plays.extend(
        [frame["card"] for frame in [json.loads(payload)] if frame.get("op") == "play"])))
    phone.clock.install()
    open_lobby(phone, server.url)
    start_with_computers(phone)
    pass_three(phone)
    hand = phone.locator("#hand .hand-card")
    expect(phone.locator(PLAYABLE).first).to_be_visible()
    first = phone.locator(PLAYABLE).first.get_attribute("data-card")
    # On a loaded machine the computer players' answers took longer than the hand's settling
    # time, which ran out before the turn came round while the page's clock ran by itself.
    stop_page_clock(phone)
    phone.locator(PLAYABLE).first.tap()
    expect(hand).to_have_count(12)
    # The turn comes round again while the hand has only just moved (its settling time does
    # not run out here): a tap then is a double tap's second, and plays nothing.
    expect(phone.locator(PLAYABLE).first).to_be_visible()
    expect(phone.locator("#hand")).to_have_attribute("data-settled", "0")
    phone.locator(PLAYABLE).first.tap()
    phone.clock.run_for(1000)
    expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
    second = phone.locator(PLAYABLE).last.get_attribute("data-card")
    phone.locator(PLAYABLE).last.tap()
    expect(hand).to_have_count(11)
    assert plays == [first, second]


def test_received_cards_are_marked_until_the_first_card(
    server: ServerProcess, phone: Page
) -> None:
    open_lobby(phone, server.url)
    start_with_computers(phone)
    received = pass_three(phone)
    assert len(received) == 3
    marked = phone.locator("#hand .hand-card.received")
    expect(marked).to_have_count(3)
    assert sorted(marked.evaluate_all("els => els.map(e => e.dataset.card)")) == received
    expect(marked.first).to_have_attribute("aria-label", re.compile(", saatu$"))
    expect(phone.locator("#message")).to_contain_text("Sait:")
    one = phone.evaluate(
        'import("/static/js/common/i18n.js").then((m) => m.tn("online.cards_n", 1))')
    assert one == "1 kortti"
    phone.wait_for_function(MY_TURN)
    phone.locator(PLAYABLE).first.tap()
    expect(marked).to_have_count(0)


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_message_and_a_rounds_result_are_on_the_screen(
    server: ServerProcess, phone: Page
) -> None:
    open_lobby(phone, server.url, move_errors=True)
    start_with_computers(phone)
    pass_three(phone)
    told = False
    hand = phone.locator("#hand .hand-card")
    for cards_left in range(13, 0, -1):
        phone.wait_for_function(MY_TURN)
        expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
        dimmed = phone.locator("#hand .hand-card.illegal:not([disabled])")
        if not told and dimmed.count():
            # A card that may not be played (move errors on: it is sent and refused): the
            # reason is shown where the person can read it (it lay below the screen).
            dimmed.first.tap()
            expect(phone.locator("#message")).to_have_class("message shown error")
            assert in_view(phone, "#message")
            told = True
        phone.locator(PLAYABLE).first.tap()
        expect(hand).to_have_count(cards_left - 1)  # the answer came: the card left the hand
    assert told, "no turn had a card that may not be played"
    # The round's result, with the Ready button, is brought into view.
    expect(phone.locator("#btn-ready")).to_be_visible()
    phone.wait_for_function("() => { const r = document.getElementById('btn-ready')"
                            ".getBoundingClientRect();"
                            " return r.top >= 0 && r.bottom <= innerHeight; }")


def test_the_hosts_level_choice_outlives_a_guest_sitting_down(
    server: ServerProcess, browser: Browser
) -> None:
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        open_lobby(host, server.url)
        invite = create_table(host, "Aino", ["host", "open", "open", "open"])
        host.locator("#level-3").select_option("expert")
        host.locator("#level-3").focus()
        join_by_invite(guest, server.url, invite, "Eero", "fi")
        expect(host.locator("#wait-seat-1")).to_contain_text("Eero")
        expect(host.locator("#level-3")).to_have_value("expert")
        expect(host.locator("#level-3")).to_be_focused()
        host.locator('#seat-list button[data-op="computer"][data-seat="3"]').click()
        expect(host.locator("#wait-seat-3")).to_contain_text("Mestari")
    finally:
        host_context.close()
        guest_context.close()


def test_a_dimmed_card_is_not_sent_and_takes_nothing_from_the_next_tap(
    server: ServerProcess, phone: Page
) -> None:
    """Move errors off (the default): a card that may not be played is not sent at all, as on
    the Hearts page, and the right card tapped straight after it is played (it was swallowed
    by the moment after a card is played)."""
    plays: list[str] = []
    phone.on("websocket", lambda ws: ws.on("framesent", lambda payload: plays.extend(
        [frame["card"] for frame in [json.loads(payload)] if frame.get("op") == "play"])))
    open_lobby(phone, server.url)
    start_with_computers(phone)
    pass_three(phone)
    hand = phone.locator("#hand .hand-card")
    for cards_left in range(13, 0, -1):
        phone.wait_for_function(MY_TURN)
        dimmed = phone.locator("#hand .hand-card.illegal:not([disabled])")
        if dimmed.count():
            dimmed.first.tap()
            right = phone.locator(PLAYABLE).first.get_attribute("data-card")
            phone.locator(PLAYABLE).first.tap()
            expect(hand).to_have_count(cards_left - 1)
            assert plays[-1] == right and len(plays) == 14 - cards_left, plays
            expect(phone.locator("#message")).not_to_have_class("message shown error")
            return
        expect(phone.locator("#hand")).to_have_attribute("data-settled", "1")
        phone.locator(PLAYABLE).first.tap()
        expect(hand).to_have_count(cards_left - 1)
    pytest.fail("no turn had a card that may not be played")


@contextmanager
def host_and_guest(server: ServerProcess, browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Aino hosts, Eero joins by the invite; two computer players fill the table."""
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        open_lobby(host, server.url)
        invite = create_table(host, "Aino", ["host", "open", "easy", "easy"])
        join_by_invite(guest, server.url, invite, "Eero", "fi")
        yield host, guest
    finally:
        host_context.close()
        guest_context.close()


def test_the_start_of_a_match_is_no_return(server: ServerProcess, browser: Browser) -> None:
    """Nobody had dropped: "X on taas yhteydessä" at the start was wrong news."""
    with host_and_guest(server, browser) as people:
        for page in people:
            expect(page.locator("#game")).to_have_attribute("data-phase", "passing")
            expect(page.locator("#announce")).to_contain_text("ottelu alkaa")
            expect(page.locator("#announce")).not_to_contain_text("taas yhteydessä")
            expect(page.locator("#announce")).not_to_contain_text("..")


def test_the_hand_is_played_with_the_keyboard_and_keeps_the_focus(
    server: ServerProcess, browser: Browser
) -> None:
    """Arrows move between the cards that may be pressed; Enter plays one; the focus stays in
    the hand (it fell to the page's start after every card, and after Ready)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fi-FI")
    try:
        page = context.new_page()
        open_lobby(page, server.url)
        start_with_computers(page)
        cards = page.locator("#hand .hand-card")
        for card in cards.all()[:3]:
            card.click()
        page.locator("#btn-pass").click()
        expect(page.locator("#game")).to_have_attribute("data-phase", "playing")
        for cards_left in range(13, 0, -1):
            page.wait_for_function(MY_TURN)
            expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
            page.locator("#hand").focus()
            page.keyboard.press("Home")
            pressable = page.locator("#hand .hand-card:not([disabled])")
            if pressable.count() > 1:
                page.keyboard.press("ArrowRight")
                expect(pressable.nth(1)).to_be_focused()
                page.keyboard.press("ArrowLeft")
            expect(page.locator("#hand .hand-card:not([disabled])").first).to_be_focused()
            page.locator(PLAYABLE).first.focus()
            page.keyboard.press("Enter")
            expect(cards).to_have_count(cards_left - 1)
            assert page.evaluate("document.getElementById('hand').contains(document.activeElement)")
        expect(page.locator("#btn-ready")).to_be_visible()
        page.locator("#btn-ready").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#btn-ready")).to_be_hidden()
        assert page.evaluate("document.activeElement.id") == "hand"
    finally:
        context.close()


def test_another_persons_ready_is_read_out(server: ServerProcess, browser: Browser) -> None:
    """It showed only as the "Valmiina: ..." line; a screen reader heard nothing of it."""
    with host_and_guest(server, browser) as (host, guest):
        for _ in range(300):
            # The host's phase and version read together, before anyone looks: the version read
            # after could already be the state that gave the host their turn (come while the
            # guest acted), and a phase read on another page could lag behind it (the round
            # ended on the host's page, not yet on the guest's: nothing would change again).
            now = game(host)
            if now["phase"] == "round_over":
                break
            before = now["version"]
            acted = False
            for page in (host, guest):
                if game(page)["phase"] in ("passing", "playing", "moon_choice"):
                    acted = act(page) or acted
            if not acted:
                expect(host.locator("#game")).not_to_have_attribute(
                    "data-version", before, timeout=30_000)
        expect(guest.locator("#btn-ready")).to_be_visible()
        guest.locator("#btn-ready").click()
        expect(host.locator("#announce")).to_contain_text("Eero on valmis seuraavaan kierrokseen")
