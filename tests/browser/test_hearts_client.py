"""The Hearts client's own rules: cards, trick cards and seats keep their elements across renders
(FLIP animations need them); every limit the page shows comes from the server's config; the
message queue copes with the coming server's protocol (computer players' decisions as later
pushed updates, a `stale` error and its snapshot, a slow hint, a hidden match code)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from hertta.web.hearts_session import hearts_limits
from tests.browser.hearts_page import (
    hand,
    hand_ids,
    hit,
    idle,
    legal,
    new_match,
    open_hearts,
    pass_cards,
)
from tests.browser.hearts_split_server import SplitHeartsServer
from tests.web.hearts_helpers import rank
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
  window.__animated.push([this.id || this.className, count]);
  return nativeAnimate.call(this, keyframes, options);
};"""


def flights(page: Page) -> list[str]:
    """The elements that flew in from elsewhere (FLIP), in order."""
    return [str(name) for name, keyframes in page.evaluate("window.__animated")
            if keyframes == 1]


def config_limits(page: Page) -> dict[str, Any]:
    limits: dict[str, Any] = page.evaluate(
        "JSON.parse(document.getElementById('game-config').textContent).limits")
    return limits


def option_values(page: Page, selector: str) -> list[str]:
    return [str(v) for v in page.locator(f"{selector} option").evaluate_all(
        "(options) => options.map((o) => o.value)")]


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


# -- limits from the server ----------------------------------------------------------------


def test_the_new_match_dialog_offers_the_servers_limits(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    limits = config_limits(page)
    assert limits == hearts_limits()
    assert option_values(page, "#new-players") == [str(n) for n in limits["players"]]
    expect(page.locator("#new-players")).to_have_value(str(limits["default_players"]))
    assert option_values(page, "#new-limit") == [str(n) for n in limits["score_limits"]] + [
        "other"]
    expect(page.locator("#new-limit")).to_have_value(str(limits["default_score_limit"]))
    other = page.locator("#new-limit-other")
    expect(other).to_have_attribute("min", str(limits["score_limit_min"]))
    expect(other).to_have_attribute("max", str(limits["score_limit_max"]))
    assert option_values(page, "#new-moon") == limits["moon_rules"]
    assert option_values(page, "#new-preset") == list(limits["presets"])
    expect(page.locator("#new-code")).to_have_attribute("maxlength", str(limits["code_max"]))
    for seat in range(1, max(limits["players"])):
        name = page.locator(f"#opp-name-{seat}")
        expect(name).to_have_attribute("maxlength", str(limits["name_max"]))
        expect(name).to_have_value(limits["default_names"][seat - 1])
        assert option_values(page, f"#opp-level-{seat}") == limits["levels"]
        expect(page.locator(f"#opp-level-{seat}")).to_have_value(limits["default_level"])
    for players in limits["players"]:
        page.locator("#new-players").select_option(str(players))
        disabled = page.locator("#new-preset option").evaluate_all(
            "(options) => options.filter((o) => o.disabled).map((o) => o.value)")
        assert set(disabled) == {p for p, counts in limits["presets"].items()
                                 if players not in counts}, players
        expect(page.locator(".opponent:not([hidden])")).to_have_count(players - 1)


def test_the_page_follows_the_limits_it_is_given(page: Page, server: ServerProcess) -> None:
    """The same page with other limits in its config: the script follows them (no number of
    its own for the pass, the names or which presets a table size allows)."""

    def other_limits(route: Route) -> None:
        response = route.fetch()
        html = response.text()
        found = re.search(r'(<script type="application/json" id="game-config">)(.*?)(</script>)',
                          html, re.S)
        assert found
        config = json.loads(found.group(2))
        config["limits"] |= {"pass_size": 4, "name_max": 5,
                             "presets": {**config["limits"]["presets"], "cancellation": [4, 5, 6]}}
        body = html[:found.start(2)] + json.dumps(config) + html[found.end(2):]
        route.fulfill(response=response, body=body)

    page.route(re.compile(r".*/hearts$"), other_limits)
    open_hearts(page, server.url)
    assert config_limits(page)["pass_size"] == 4
    page.locator("#new-players").select_option("4")
    expect(page.locator("#new-preset option[value='cancellation']")).to_be_enabled()
    page.locator("#new-players").select_option("3")
    expect(page.locator("#new-preset option[value='cancellation']")).to_be_disabled()
    page.locator("#opp-name-1").fill("Aleksanteri")
    new_match(page, players=4, code=CODE)
    expect(page.locator("#seat-1 .seat-name")).to_have_text("Aleks")
    expect(page.locator("#prompt")).to_contain_text("Valitse 4 korttia")
    ids = [element_id for element_id, _ in hand_ids(page)]
    for element_id in ids[:3]:
        hit(page, f"#{element_id}", touch=False)
    expect(page.locator("#btn-pass")).to_be_disabled()
    hit(page, f"#{ids[3]}", touch=False)
    expect(page.locator("#btn-pass")).to_be_enabled()
    hit(page, f"#{ids[4]}", touch=False)  # a fifth is one too many
    expect(page.locator("#hand .hcard.chosen")).to_have_count(4)
    expect(page.locator("#announce")).to_contain_text("(4/4)")


# -- the coming server's protocol ----------------------------------------------------------


def expected_awaiting(state: dict[str, Any]) -> str:
    obs = state["observation"]
    if state["status"] == "passing":
        return "you" if obs["pass_to"] is not None and not obs["passed"] else "others"
    if state["status"] == "playing":
        return "you" if obs["turn"] == 0 else "others"
    return "you"


def shows(page: Page, state: dict[str, Any]) -> None:
    """The page has drawn ``state``: its version, the trick, the seats' cards, whose turn."""
    game = page.locator("#game")
    expect(game).to_have_attribute("data-version", str(state["version"]))
    expect(game).to_have_attribute("data-busy", "0")
    expect(game).to_have_attribute("data-awaiting", expected_awaiting(state))
    obs = state["observation"]
    trick = page.locator("#trick .trick-card").evaluate_all("(c) => c.map((e) => e.dataset.card)")
    assert trick == obs["trick"]["cards"]
    for seat in range(1, state["players"]):
        expect(page.locator(f"#seat-{seat} .seat-count")).to_have_attribute(
            "data-count", str(obs["hand_sizes"][seat]))
    if expected_awaiting(state) == "others":
        expect(page.locator("#hand .hcard.legal")).to_have_count(0)


def test_computer_players_decisions_as_later_pushed_updates(
    page: Page, server: ServerProcess
) -> None:
    split = SplitHeartsServer()
    page.route_web_socket(re.compile(r".*/ws/hearts$"), split.attach)
    open_hearts(page, server.url)
    new_match(page)  # a server-dealt match: its code stays hidden until the match is over
    expect(page.locator("#info-code")).to_have_text("–")
    assert "null" not in page.locator("#game").inner_text()
    releases = 0
    for _ in range(200):
        while split.held:
            releases += split.release(1)
            shows(page, split.last_sent)
        status = page.locator("#game").get_attribute("data-status")
        if status == "passing":
            lowest = sorted(hand_ids(page), key=lambda pair: rank(pair[1]))[:3]
            for element_id, _ in lowest:
                hit(page, f"#{element_id}", touch=False)
            page.locator("#btn-pass").click()
        elif status == "playing":
            hit(page, f"#hand-{legal(page)[0]}", touch=False)
        else:
            break
        expect(page.locator("#game")).to_have_attribute("data-pending", "0")
    assert releases >= 30  # every computer player's pass and card came on its own
    assert page.locator("#game").get_attribute("data-status") in ("round_over", "match_over")
    expect(page.locator("#dialog-round")).to_be_visible()
    totals = [int(t) for t in page.locator("#round-table tbody td:last-child").all_inner_texts()]
    assert totals == split.last_sent["summary"]["totals"]
    if split.last_sent["code"] is None:
        expect(page.locator("#round-code-line")).to_be_hidden()


def test_a_burst_of_updates_is_shown_one_message_at_a_time(
    page: Page, server: ServerProcess
) -> None:
    split = SplitHeartsServer(burst=True)
    page.route_web_socket(re.compile(r".*/ws/hearts$"), split.attach)
    page.add_init_script(RECORD_ANIMATIONS)
    open_hearts(page, server.url, animation_ms=120)
    new_match(page, code=CODE)
    pass_cards(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    page.evaluate("window.__animated.length = 0")
    before = len(split.messages)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    idle(page)
    shows(page, split.last_sent)
    after = split.messages[before:]
    assert len(after) >= 2  # the reply, and pushed updates right behind it
    plays = [f"trick-{e['seat']}" for m in after for e in m.get("events", [])
             if e["type"] == "play"]
    # Every card of every message flew in, one after another, in the order of the messages.
    assert [name for name in flights(page) if name.startswith("trick-")] == plays


def test_a_stale_game_is_said_and_its_snapshot_drawn(page: Page, server: ServerProcess) -> None:
    split = SplitHeartsServer(burst=True)
    page.route_web_socket(re.compile(r".*/ws/hearts$"), split.attach)
    open_hearts(page, server.url, lang="en")
    new_match(page, code=CODE)
    version = int(page.locator("#game").get_attribute("data-version") or "0")
    cards = hand(page)
    # Another tab passes three other cards: this page gets `stale`, then the snapshot.
    split.changed_elsewhere("pass", {"cards": cards[-3:]})
    expect(page.locator("#message")).to_have_text(
        "The game changed elsewhere, perhaps in another tab. Showing it as it is now.")
    idle(page)
    assert split.last_sent["version"] < version  # a snapshot wins over the version check
    shows(page, split.last_sent)
    assert sorted(hand(page)) == sorted(split.last_sent["observation"]["hand"])
    assert not set(cards[-3:]) & set(hand(page))


def test_a_slow_hint_blocks_input_until_it_comes(page: Page, server: ServerProcess) -> None:
    split = SplitHeartsServer(burst=True, hold_hints=True)
    page.route_web_socket(re.compile(r".*/ws/hearts$"), split.attach)
    open_hearts(page, server.url, lang="en")
    new_match(page, code=CODE)
    page.locator("#btn-hint").click()
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#game")).to_have_attribute("data-pending", "1")
    first = hand_ids(page)[0][0]
    hit(page, f"#{first}", touch=False)  # waits: nothing is chosen while the hint is out
    expect(page.locator("#hand .hcard.chosen")).to_have_count(0)
    assert split.release() == 1
    idle(page)
    expect(page.locator("#btn-hint")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#message")).to_contain_text("Hint: pass")
    expect(page.locator("#hand .hcard.hinted")).to_have_count(3)


def test_the_scores_stay_open_while_the_computer_players_play(
    page: Page, server: ServerProcess
) -> None:
    split = SplitHeartsServer()
    page.route_web_socket(re.compile(r".*/ws/hearts$"), split.attach)
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    split.release()
    for element_id, _ in hand_ids(page)[:3]:
        hit(page, f"#{element_id}", touch=False)
    page.locator("#btn-pass").click()
    expect(page.locator("#game")).to_have_attribute("data-pending", "0")
    split.release()
    idle(page)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    expect(page.locator("#game")).to_have_attribute("data-pending", "0")
    assert split.held, "the computer players are still to play"
    page.locator("#btn-scores").click()
    expect(page.locator("#dialog-round")).to_be_visible()
    split.release()
    expect(page.locator("#game")).to_have_attribute("data-version", str(split.last_sent["version"]))
    expect(page.locator("#dialog-round")).to_be_visible()  # the person closes it, not an update
    page.locator("#round-close").click()
    expect(page.locator("#dialog-round")).to_be_hidden()
