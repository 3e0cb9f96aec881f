"""The Hearts client's own rules: cards, trick cards and seats keep their elements across renders
(FLIP animations need them); the
message queue copes with the server's protocol (computer players' decisions as later pushed
updates, a `stale` error and its snapshot, a slow hint, a hidden match code), shown against the
real app with its computer players held by the test (``gated_server.py``)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.gated_server import GatedServer
from tests.browser.hearts_page import (
    WORDS,
    ServerMessages,
    answered,
    card_words,
    choose_pass,
    hand,
    hand_ids,
    hit,
    idle,
    legal,
    let_computers_decide,
    new_match,
    open_hearts,
    pass_cards,
    play_round,
    shows,
    status,
)
from tests.browser.page_clock import stop_page_clock
from tests.web.hearts_helpers import person_must_act, rank
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CODE = "HM1-S4-AAAAAAM"
MARK = "(els) => els.forEach((el) => { el.__kept = el.id; })"
KEPT = "(els) => els.map((el) => [el.id, el.__kept ?? null])"
# Every element.animate call, by the element's id (an init script, run before the page's own).
# A card's flight (FLIP) has one keyframe, the old place; a trick's collection has two.
RECORD_ANIMATIONS = """window.__animated = [];
const nativeAnimate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const count = Array.isArray(keyframes) ? keyframes.length : 0;
  window.__animated.push([this.id || this.className, count, performance.now()]);
  return nativeAnimate.call(this, keyframes, options);
};"""
# When each message of the page's socket arrived (performance.now()), in order.
RECORD_ARRIVALS = """window.__arrivals = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => window.__arrivals.push(performance.now()));
  }
};"""
# What the page said about the game after each message: status, whose decision, the round
# dialog's title if it is open, whether its Next round button shows.
RECORD_STATUS = """window.__seen = [];
addEventListener("DOMContentLoaded", () => {
  const game = document.getElementById("game");
  const dialog = document.getElementById("dialog-round");
  const look = () => window.__seen.push([game.dataset.status, game.dataset.awaiting,
    dialog.open ? document.getElementById("round-title").textContent : null,
    !document.getElementById("round-next").hidden]);
  const observer = new MutationObserver(look);
  observer.observe(game, { attributes: true, attributeFilter: ["data-status", "data-awaiting"] });
  observer.observe(dialog,
    { attributes: true, subtree: true, childList: true, characterData: true });
});"""


def flights(page: Page) -> list[str]:
    """The elements that flew in from elsewhere (FLIP), in order."""
    return [str(name) for name, keyframes, _ in page.evaluate("window.__animated")
            if keyframes == 1]


def flight_times(page: Page, prefix: str) -> list[float]:
    """When each flight of an element whose id starts with ``prefix`` began."""
    return [float(at) for name, keyframes, at in page.evaluate("window.__animated")
            if keyframes == 1 and str(name).startswith(prefix)]


def play_words(state: dict[str, Any], event: dict[str, Any]) -> str:
    name = WORDS["hearts.you"] if event["seat"] == 0 else state["seats"][event["seat"]]["name"]
    return f"{name}: {card_words(event['card'])}"


# -- stable elements -----------------------------------------------------------------------


def test_hand_cards_and_seats_keep_their_elements(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    page.locator("#hand .hcard, #seats .seat").evaluate_all(MARK)
    before = [element_id for element_id, _ in hand_ids(page)]
    chosen = before[:3]
    pass_cards(page, chosen)
    kept = dict(page.locator("#hand .hcard").evaluate_all(KEPT))
    stayed = [element_id for element_id in before if element_id not in chosen]
    # The cards that stayed are the very same nodes; the three received ones are new.
    assert all(kept.get(element_id) == element_id for element_id in stayed), kept
    came = [element_id for element_id, mark in kept.items() if mark is None]
    assert len(came) == 3 and not set(came) & set(stayed)
    seats = page.locator("#seats .seat").evaluate_all(KEPT)
    assert seats and all(element_id == mark for element_id, mark in seats)

    page.locator("#hand .hcard").evaluate_all(MARK)
    card = legal(page)[0]
    hit(page, f"#hand-{card}", touch=False)
    idle(page)
    assert card not in hand(page)
    kept = dict(page.locator("#hand .hcard").evaluate_all(KEPT))
    assert all(element_id == mark for element_id, mark in kept.items()), kept
    assert all(element_id == mark for element_id, mark in page.locator(
        "#seats .seat").evaluate_all(KEPT))


def test_a_played_card_flies_from_its_place_in_the_hand(page: Page, server: ServerProcess) -> None:
    page.add_init_script(RECORD_ANIMATIONS)
    open_hearts(page, server.url, animation_ms=120)
    new_match(page, code=CODE)
    pass_cards(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    page.locator("#trick .trick-card, #hand .hcard").evaluate_all(MARK)
    page.evaluate("window.__animated.length = 0")
    card = legal(page)[0]
    box = page.locator(f"#hand-{card}").bounding_box()
    assert box is not None
    # Where #trick-0 is at its first frame: the card's own place in the hand.
    page.evaluate("""() => { window.__firstBox = null;
      const look = () => { const el = document.getElementById("trick-0");
        if (el) { const r = el.getBoundingClientRect(); window.__firstBox = [r.left, r.top]; }
        else requestAnimationFrame(look); };
      requestAnimationFrame(look); }""")
    hit(page, f"#hand-{card}", touch=False)
    idle(page)
    first = page.evaluate("window.__firstBox")
    assert first is not None
    assert abs(first[0] - box["x"]) < 40 and abs(first[1] - box["y"]) < 40, (first, box)
    flown = flights(page)
    assert flown[0] == "trick-0", flown  # the card first, then the hand closing up
    assert any(name.startswith("hand-") for name in flown), flown
    assert all(element_id == mark for element_id, mark in page.locator(
        "#hand .hcard").evaluate_all(KEPT))


def test_reduced_motion_shows_hearts_without_animations(
    browser: Browser, server: ServerProcess
) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.add_init_script(RECORD_ANIMATIONS)
    open_hearts(page, server.url, animation_ms=250)
    assert page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--anim-ms')"
    ).strip() == "0ms"
    new_match(page, code=CODE)
    pass_cards(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    idle(page)
    assert page.evaluate("window.__animated") == []
    context.close()


# -- the server's protocol, with the computer players held by the test -------------------------

DECISIONS = ("play", "passed", "moon")
STALE = "The game changed elsewhere, perhaps in another tab. Showing it as it is now."


def decisions_in(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in message.get("events", []) if e["type"] in DECISIONS]


def test_computer_players_decisions_as_later_pushed_updates(
    page: Page, gated: GatedServer
) -> None:
    messages = ServerMessages(page)
    open_hearts(page, gated.url)
    new_match(page)  # a server-dealt match: its code stays hidden until the match is over
    expect(page.locator("#info-code")).to_have_text("–")
    assert "null" not in page.locator("#game").inner_text()
    released = 0
    for _ in range(200):
        # One computer decision at a time (the passes together): the page shows each.
        released += let_computers_decide(page, gated.runner, messages)
        status = page.locator("#game").get_attribute("data-status")
        if status == "passing":
            lowest = sorted(hand_ids(page), key=lambda pair: rank(pair[1]))[:3]
            choose_pass(page, [element_id for element_id, _ in lowest])
        elif status == "playing":
            hit(page, f"#hand-{legal(page)[0]}", touch=False)
            answered(page)
        else:
            break
    assert page.locator("#game").get_attribute("data-status") in ("round_over", "match_over")
    # Every computer player's pass and card came on its own, as a pushed update; the replies
    # to the person's decisions carried only the person's.
    pushed = [m for m in messages.pushed() if decisions_in(m)]
    assert len(pushed) == released >= 30
    assert all(len(decisions_in(m)) == 1 and decisions_in(m)[0]["seat"] != 0 for m in pushed)
    replies = [m for m in messages.messages if m.get("re") is not None and decisions_in(m)]
    assert replies and all(e["seat"] == 0 for m in replies for e in decisions_in(m))
    expect(page.locator("#dialog-round")).to_be_visible()
    last = messages.last_state()
    totals = [int(t) for t in page.locator("#round-table tbody td:last-child").all_inner_texts()]
    assert totals == last["summary"]["totals"]
    assert last["code"] is None
    expect(page.locator("#round-code-line")).to_be_hidden()


def burst(page: Page, gated: GatedServer, messages: ServerMessages) -> list[dict[str, Any]]:
    """The person plays a card and the next three computer decisions go through as soon as
    they are asked for: their updates come right behind the reply. Returns the reply and the
    updates that came, once the page is done with them."""
    before = len(messages.messages)
    gated.runner.release(3)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)

    def over() -> bool:
        later = messages.messages[before:]
        decided = sum(len(decisions_in(m)) for m in later if m["re"] is None)
        return bool(later) and (decided == 3 or person_must_act(messages.last_state()))

    messages.wait_for(over)
    shows(page, messages.last_state())
    after = messages.messages[before:]
    assert len(after) >= 2 and after[0]["re"] is not None  # the reply, then pushed updates
    return after


def test_a_burst_of_updates_is_shown_one_message_at_a_time(
    page: Page, gated: GatedServer
) -> None:
    messages = ServerMessages(page)
    page.add_init_script(RECORD_ANIMATIONS)
    page.add_init_script(RECORD_ARRIVALS)
    open_hearts(page, gated.url, animation_ms=120)
    hold_ms = 3 * 120  # how long a played card stays in view before the next comes
    new_match(page, code=CODE)
    choose_pass(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    let_computers_decide(page, gated.runner, messages)
    page.evaluate("window.__animated.length = 0")
    first = len(messages.messages)
    after = burst(page, gated, messages)
    came = page.evaluate("window.__arrivals")[first:]
    assert len(came) == len(after)
    plays = [(i, f"trick-{e['seat']}") for i, m in enumerate(after) for e in m["events"]
             if e["type"] == "play"]
    # Every card of every message flew in, one after another, in the order of the messages.
    assert [name for name in flights(page) if name.startswith("trick-")] == [
        name for _, name in plays]
    flown = flight_times(page, "trick-")
    # Each card stayed in view before the next one came, though the next message was there
    # already: messages that come in a burst wait their turn.
    assert all(b - a >= hold_ms - 5 for a, b in itertools.pairwise(flown)), flown
    assert all(flown[j] >= came[i] for j, (i, _) in enumerate(plays))
    assert any(came[i] < flown[j - 1] + hold_ms for j, (i, _) in enumerate(plays) if j), (
        came, flown)


def test_every_word_of_a_burst_is_read_out(page: Page, gated: GatedServer) -> None:
    """Updates that come within one frame are read out together, none replacing another's
    words before a screen reader could see them (the page's clock is held, so the frame comes
    only when the test says)."""
    page.clock.install()
    messages = ServerMessages(page)
    open_hearts(page, gated.url, lang="en")
    new_match(page, code=CODE)
    choose_pass(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    let_computers_decide(page, gated.runner, messages)
    stop_page_clock(page)  # no frame until run_for
    after = burst(page, gated, messages)
    page.clock.run_for(100)
    said = [play_words(m["state"], e) for m in after for e in m["events"] if e["type"] == "play"]
    assert len(said) >= 2 and said[0].startswith(f"{WORDS['hearts.you']}: ")
    for words in said:
        expect(page.locator("#announce")).to_contain_text(words)


def test_a_stale_game_is_said_and_its_snapshot_drawn(
    page: Page, gated_pair: list[GatedServer]
) -> None:
    here, elsewhere = gated_pair
    messages = ServerMessages(page)
    open_hearts(page, here.url, lang="en")
    new_match(page, code=CODE)
    let_computers_decide(page, here.runner, messages)  # their passes
    cards = hand(page)
    # Another tab of the same person, served by the other server on the same database (the
    # cookie is the same: its key is kept in the database), passes three other cards, and
    # that server's computer players play on until the person's turn.
    other = page.context.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    other_messages = ServerMessages(other)
    open_hearts(other, elsewhere.url, lang="en")
    assert hand(other) == cards
    choose_pass(other, [f"hand-{card}" for card in cards[-3:]])
    let_computers_decide(other, elsewhere.runner, other_messages)
    now = other_messages.last_state()
    # This page still offers the pass: its next decision meets a newer game than its server's
    # copy, which is said, and the server's snapshot shows the game as it is now.
    before = len(messages.messages)
    choose_pass(page, [f"hand-{card}" for card in cards[:3]])
    expect(page.locator("#message")).to_have_text(STALE)
    idle(page)
    error, snapshot = messages.messages[before:]
    assert error["type"] == "error" and error["code"] == "stale" and error["re"] is not None
    assert snapshot["type"] == "snapshot" and snapshot["re"] is None
    shows(page, snapshot["state"])
    assert snapshot["state"]["observation"] == now["observation"]
    assert hand(page) == hand(other)
    assert not set(cards[-3:]) & set(hand(page))
    # The game goes on from there on this page.
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    answered(page)
    let_computers_decide(page, here.runner, messages)
    other.close()
    assert errors == []


def test_a_slow_hint_blocks_input_until_it_comes(page: Page, gated: GatedServer) -> None:
    messages = ServerMessages(page)
    open_hearts(page, gated.url, lang="en")
    new_match(page, code=CODE)
    let_computers_decide(page, gated.runner, messages)  # their passes
    page.locator("#btn-hint").click()
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#game")).to_have_attribute("data-pending", "1")
    gated.runner.wait_held(1)  # the hint is being thought out
    first = hand_ids(page)[0][0]
    hit(page, f"#{first}", touch=False)  # waits: nothing is chosen while the hint is out
    expect(page.locator("#hand .hcard.chosen")).to_have_count(0)
    gated.runner.release(1)
    idle(page)
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#message")).to_contain_text("Hint: pass")
    expect(page.locator("#hand .hcard.hinted")).to_have_count(3)


def test_a_hint_pressed_while_the_cards_still_fly_comes_once_they_land(
    page: Page, server: ServerProcess
) -> None:
    """The Hint button is live as soon as the decision is the person's, while the deal is
    still being drawn: a press then is kept and sent when the table rests, not lost."""
    open_hearts(page, server.url, lang="en", animation_ms=500)
    page.locator("#new-code").fill(CODE)
    page.locator("#new-start").click()
    expect(page.locator("#game")).to_have_attribute("data-busy", "1")  # the deal is moving
    expect(page.locator("#btn-hint")).to_be_enabled()
    page.locator("#btn-hint").click()
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#message")).to_contain_text("Hint: pass", timeout=30_000)
    expect(page.locator("#hand .hcard.hinted")).to_have_count(3)
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "false")


def test_the_last_trick_names_every_card_and_marks_the_one_that_took_it(
    page: Page, server: ServerProcess
) -> None:
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    pass_cards(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    expect(page.locator("#game")).to_have_attribute("data-status", "playing")
    expect(page.locator("#hand .hcard.legal").first).to_be_visible()  # the person's turn comes
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    # The button comes alive with the first trick taken (the others may be on the next).
    expect(page.locator("#btn-last")).to_be_enabled()
    idle(page)
    page.keyboard.press("l")
    expect(page.locator("#dialog-last")).to_be_visible()
    cards = page.locator("#last-trick .last-card")
    expect(cards).to_have_count(4)
    winner = page.locator("#last-trick .last-card.winning")
    expect(winner).to_have_count(1)
    name = winner.locator("figcaption").inner_text()
    took = page.locator("#last-winner").inner_text()
    assert (took.startswith("Otit") if name == "Sinä" else took.startswith(name)), (name, took)


def test_no_hint_while_the_computer_players_decide(page: Page, gated: GatedServer) -> None:
    """A hint is for a decision of the person's own: while the others decide there is none, so
    none is asked for (the server would only refuse it)."""
    messages = ServerMessages(page)
    open_hearts(page, gated.url, lang="en")
    new_match(page, code=CODE)
    expect(page.locator("#btn-hint")).to_be_enabled()  # the pass waits for the person
    choose_pass(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    expect(page.locator("#game")).to_have_attribute("data-awaiting", "others")
    expect(page.locator("#btn-hint")).to_be_disabled()
    gated.runner.wait_held(3)  # the computer players think about their passes
    page.locator("#prompt").click()
    page.keyboard.press("h")
    assert page.locator("#game").get_attribute("data-pending") == "0"  # nothing was sent
    assert gated.runner.held() == 3  # the computer players' passes, and no hint
    let_computers_decide(page, gated.runner, messages)
    expect(page.locator("#btn-hint")).to_be_enabled()
    expect(page.locator("#message")).not_to_have_class(re.compile("error"))


def test_the_scores_stay_open_and_follow_the_computer_players(
    page: Page, gated: GatedServer
) -> None:
    messages = ServerMessages(page)
    open_hearts(page, gated.url)
    new_match(page, code=CODE)
    choose_pass(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    let_computers_decide(page, gated.runner, messages)
    dialog = page.locator("#dialog-round")
    points = page.locator("#round-table tbody td:nth-child(2)")
    changed_while_open = 0
    for _ in range(8):  # tricks
        hit(page, f"#hand-{legal(page)[0]}", touch=False)
        answered(page)
        if person_must_act(messages.last_state()):
            continue  # the person took the trick and leads again
        gated.runner.wait_held(1)  # the computer players are still to play
        page.locator("#btn-scores").click()
        expect(dialog).to_be_visible()
        opened_with = points.all_inner_texts()
        assert let_computers_decide(page, gated.runner, messages) >= 1
        expect(page.locator("#game")).to_have_attribute(
            "data-version", str(messages.last_state()["version"]))
        expect(dialog).to_be_visible()  # the person closes it, not an update
        taken = messages.last_state()["observation"]["points_taken"]
        expect(points).to_have_text([str(p) for p in taken])  # and it shows the points now
        changed_while_open += opened_with != points.all_inner_texts()
        page.locator("#round-close").click()
        expect(dialog).to_be_hidden()
    assert changed_while_open, "a trick with points was taken while the scores were open"


def test_the_last_rounds_end_is_the_matchs_end(page: Page, server: ServerProcess) -> None:
    """When a round's points end the match, the table ends it by itself right behind the
    round's result: the page never asks the person for a next round in between."""
    page.add_init_script(RECORD_STATUS)
    open_hearts(page, server.url, lang="en")
    new_match(page, limit="1")
    assert play_round(page) in ("match_over", "moon_choice")
    if status(page) == "moon_choice":
        page.locator("#moon-add").click()
    assert status(page) == "match_over"
    expect(page.locator("#round-title")).to_have_text(WORDS["hearts.match_over"])
    seen = page.evaluate("window.__seen")
    assert any(status == "round_over" for status, _, _, _ in seen), seen
    assert all(awaiting != "you" for status, awaiting, _, _ in seen if status == "round_over")
    assert all(title in (None, WORDS["hearts.match_over"]) for _, _, title, _ in seen), seen
    assert not any(next_shown for _, _, title, next_shown in seen if title), seen
