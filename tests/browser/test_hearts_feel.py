"""Hearts as it feels to play: the Scores dialog and the hint mid-round, a completed trick
shown under reduced motion, whose turn the page says, and received cards that may not be
played (issue 13's defects 1-4 and 10)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.gated_server import GatedServer
from tests.browser.hearts_page import (
    ServerMessages,
    answered,
    choose_pass,
    hand_ids,
    hit,
    idle,
    legal,
    let_computers_decide,
    new_match,
    next_round,
    open_hearts,
    pass_cards,
    play_round,
)
from tests.browser.page_clock import stop_page_clock
from tests.web.hearts_helpers import MOON_CODE, person_must_act
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CODE = "HM1-S4-AAAAAAM"


def to_first_play(page: Page) -> None:
    pass_cards(page, [element_id for element_id, _ in hand_ids(page)[:3]])


@pytest.mark.parametrize("animation_ms", [0, 250])
def test_scores_open_mid_round_and_stay_open(page: Page, server: ServerProcess,
                                             animation_ms: int) -> None:
    open_hearts(page, server.url, animation_ms=animation_ms)
    new_match(page, code=CODE)
    to_first_play(page)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    idle(page)
    page.locator("#btn-scores").click()
    dialog = page.locator("#dialog-round")
    expect(dialog).to_be_visible()
    # The page's own "view" frame (a dialog is open) is answered: the dialog must outlive it.
    idle(page)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    expect(dialog).to_be_visible()
    page.locator("#round-close").click()
    expect(dialog).to_be_hidden()
    page.locator("#prompt").click()
    page.keyboard.press("s")
    expect(dialog).to_be_visible()
    idle(page)
    expect(dialog).to_be_visible()


@pytest.mark.parametrize("animation_ms", [0, 250])
def test_the_hint_highlights_its_card(page: Page, server: ServerProcess, animation_ms: int) -> None:
    open_hearts(page, server.url, lang="en", animation_ms=animation_ms)
    new_match(page, code=CODE)
    to_first_play(page)
    page.locator("#btn-hint").click()
    idle(page)
    expect(page.locator("#message")).to_contain_text("Hint: play")
    hinted = page.locator("#hand .hcard.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_be_visible()


# Each time the trick in the middle changes: how many cards it holds, and the words that say
# who took it (empty while nobody has), with the moment (performance.now()).
RECORD_TRICK = """window.__tricks = [];
addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("trick");
  const look = () => {
    const taker = document.getElementById("trick-taker");
    window.__tricks.push([box.querySelectorAll(".trick-card").length,
      taker && !taker.hidden ? taker.textContent : "", performance.now()]);
  };
  new MutationObserver(look).observe(box, { childList: true, subtree: true, characterData: true,
    attributes: true, attributeFilter: ["hidden"] });
});"""


@pytest.mark.parametrize("how", ["reduced_motion", "animations_off"])
def test_a_completed_trick_is_shown_without_motion(
    browser: Browser, server: ServerProcess, how: str
) -> None:
    """Reduced motion removes the movement, not the pause: every card of a trick and who took
    it stay in view a moment before the next trick starts."""
    options = {"reduced_motion": "reduce"} if how == "reduced_motion" else {}
    context = browser.new_context(**options)
    page = context.new_page()
    page.add_init_script(RECORD_TRICK)
    # The animation setting is left as it is under reduced motion (the system turns it off).
    open_hearts(page, server.url, animation_ms=250 if how == "reduced_motion" else 0,
                trick_pause=True)
    new_match(page, code=CODE)
    to_first_play(page)
    for _ in range(3):  # three tricks, whoever leads them
        expect(page.locator("#hand .hcard.legal").first).to_be_attached()  # the person's turn
        hit(page, f"#hand-{legal(page)[0]}", touch=False)
        idle(page)
    seen = page.evaluate("window.__tricks")
    # Every card of the trick, and beside them who took it ...
    full = [(i, at) for i, (count, words, at) in enumerate(seen) if count == 4 and words]
    assert full, seen
    # ... in view for a moment before the trick was cleared.
    shown = []
    for i, at in full:
        cleared = next((t for count, _, t in seen[i:] if count < 4), None)
        if cleared is not None:
            shown.append(cleared - at)
    assert shown and min(shown) >= 600, shown
    context.close()


def test_the_hand_rests_while_the_computer_players_play(page: Page, gated: GatedServer) -> None:
    messages = ServerMessages(page)
    open_hearts(page, gated.url)
    new_match(page, code=CODE)
    choose_pass(page, [element_id for element_id, _ in hand_ids(page)[:3]])
    let_computers_decide(page, gated.runner, messages)
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Sinun vuorosi")
    hand = page.locator("#hand")
    expect(hand).to_have_attribute("data-turn", "you")
    brightness = "(el) => getComputedStyle(el.querySelector('.card-art')).filter"
    card = page.locator(f"#hand-{legal(page)[0]}")
    assert "brightness" not in card.evaluate(brightness)
    hit(page, f"#hand-{legal(page)[0]}", touch=False)
    answered(page)
    # With this code seat 0 plays second in the first trick: the computer players go on now.
    assert not person_must_act(messages.last_state()), "the pinned deal changed"
    gated.runner.wait_held(1)  # a computer player thinks
    expect(page.locator("#game")).to_have_attribute("data-awaiting", "others")
    expect(prompt).not_to_contain_text("Sinun vuorosi")
    expect(hand).to_have_attribute("data-turn", "others")
    for element_id, _ in hand_ids(page):
        assert "brightness" in page.locator(f"#{element_id}").evaluate(brightness), element_id
    let_computers_decide(page, gated.runner, messages)
    expect(hand).to_have_attribute("data-turn", "you")
    expect(prompt).to_contain_text("Sinun vuorosi")


def test_a_received_card_that_may_not_be_played_is_dimmed(
    page: Page, server: ServerProcess
) -> None:
    page.clock.install()  # the received cards stay marked while the page's clock stands
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    to_first_play(page)
    received = page.locator("#hand .hcard.received")
    expect(received).to_have_count(3)
    dimmed = page.locator("#hand .hcard.received.illegal")
    assert dimmed.count() >= 1
    for i in range(dimmed.count()):
        style = dimmed.nth(i).evaluate(
            "(el) => getComputedStyle(el.querySelector('.card-art')).filter")
        assert "brightness" in style, style


# -- the words (Finnish first) ------------------------------------------------------------------


def test_finnish_says_you_in_the_verb(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    new_match(page, code=MOON_CODE)
    assert play_round(page, greedy=True) == "moon_choice"
    expect(page.locator("#prompt")).to_have_text("Ampuit kuun! Valitse pisteytys.")
    expect(page.locator("#moon-add")).to_have_text("+26 kaikille muille")
    expect(page.locator("#moon-subtract")).to_have_text("−26 omista pisteistäni")
    page.locator("#moon-add").click()
    idle(page)
    expect(page.locator("#round-moon")).to_have_text("Ampuit kuun!")


MOON_WORDS = """async ([options, shooter]) => {
  const { fillMoon } = await import("/static/js/hearts/forms.js");
  const { prompt } = await import("/static/js/hearts/render.js");
  fillMoon(options);
  const seats = ["Sinä", "Aino", "Eero"].map((name) => ({ name }));
  const snapshot = { status: "moon_choice", seats, observation: { moon_shooter: shooter } };
  return [document.getElementById("moon-add").textContent,
          document.getElementById("moon-subtract").textContent, prompt(snapshot, {}, {})];
}"""


def test_the_moon_choice_says_the_moons_worth_and_who_shot_it(
    page: Page, server: ServerProcess
) -> None:
    """Jack of Diamonds: Aino took the J♦ (-10) in the round seat 0 shot. The buttons said
    "+16" (her points under "add"); a computer shooter's moon said "Ampuit kuun!"."""
    open_hearts(page, server.url)
    jack = {"add": [0, 16, 26], "subtract": [-26, -10, 0]}
    words = page.evaluate(MOON_WORDS, [jack, 0])
    assert words == ["+26 kaikille muille", "−26 omista pisteistäni",
                     "Ampuit kuun! Valitse pisteytys."]
    omnibus = {"add": [-10, 26, 26], "subtract": [-36, 0, 0]}  # the shooter took the 10♦
    assert page.evaluate(MOON_WORDS, [omnibus, 0])[:2] == words[:2]
    assert page.evaluate(MOON_WORDS, [jack, 2])[2] == "Eero ampui kuun ja valitsee pisteytyksen…"


TRICK_WORDS = """async (name) => {
  const { t } = await import("/static/js/common/i18n.js");
  return t("hearts.announce.trick", { name, points: 3 });
}"""


def test_a_right_to_left_name_is_set_apart_in_running_text(
    page: Page, server: ServerProcess
) -> None:
    """A Hebrew or Arabic name would pull the number after it to its side ("3 ... שרה");
    isolates keep it to itself. Other names go in as they are."""
    open_hearts(page, server.url)
    assert page.evaluate(TRICK_WORDS, "שרה") == "\u2068שרה\u2069 otti tikin, 3 pistettä"
    assert page.evaluate(TRICK_WORDS, "ليلى") == "\u2068ليلى\u2069 otti tikin, 3 pistettä"
    for name in ("Aino", "Ääkkönen", "Ωmega", "张伟", "🦊"):
        assert page.evaluate(TRICK_WORDS, name) == f"{name} otti tikin, 3 pistettä"


# The round's result for a made-up match end, drawn by the page's own code.
RESULT_OF = """async (summary) => {
  const { fillSummary } = await import("/static/js/hearts/forms.js");
  const seats = ["Sinä", "Aino", "Eero", "Liisa"].map((name) => ({ name }));
  fillSummary({ players: 4, seats, status: "match_over", round_index: 4, code: null, rounds: [],
    summary: { points: [0, 0, 0, 0], moon_shooter: null, match_over: true, ...summary } });
  return document.getElementById("round-result").textContent;
}"""


def test_the_scores_say_the_matchs_rules(page: Page, server: ServerProcess) -> None:
    """The limit, the moon rule and a variant's options showed nowhere during a match (the
    info bar's "+" named them in a title a phone cannot open)."""
    open_hearts(page, server.url)
    new_match(page, players=4, preset="omnibus", limit="75", moon="choose")
    page.locator("#btn-scores").click()
    expect(page.locator("#round-rules")).to_have_text(
        "Omnibus Hearts (ruutu 10 on −10) · pisteraja 75 · kuun ampuminen: ampuja valitsee")


def test_several_winners_are_voittajat(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    result = page.evaluate(RESULT_OF, {"totals": [120, 40, 40, 60], "winners": [1, 2],
                                       "losers": [0]})
    assert result == "Voittajat: Aino, Eero · Hävisit ottelun"
    result = page.evaluate(RESULT_OF, {"totals": [30, 40, 101, 101], "winners": [0],
                                       "losers": [2, 3]})
    assert result == "Voitit ottelun! · Häviäjät: Eero, Liisa"
    result = page.evaluate(RESULT_OF, {"totals": [30, 30, 101, 50], "winners": [0, 1],
                                       "losers": [2]})
    assert result == "Jaoit voiton. Voittajat: Sinä, Aino · Häviäjä: Eero"


def test_finnish_card_names_and_counts(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    words = page.evaluate("""async () => {
      const { cardName } = await import("/static/js/hearts/render.js");
      const { tn } = await import("/static/js/common/i18n.js");
      return [cardName("AS"), cardName("QS"), cardName("TD"), cardName("2C"),
              tn("hearts.cards_left", 1), tn("hearts.cards_left", 3),
              tn("hearts.announce.you_took", 1, { points: 1 })];
    }""")
    assert words == ["pataässä", "patakuningatar", "ruutu 10", "risti 2", "1 kortti",
                     "3 korttia", "Otit tikin, 1 piste"]


def test_the_score_sheet_has_every_round(page: Page, server: ServerProcess) -> None:
    messages = ServerMessages(page)
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    result = play_round(page)
    if result == "moon_choice":
        page.locator("#moon-add").click()
        idle(page)
    first = messages.last_state()["summary"]
    sheet = page.locator("#score-history")
    expect(sheet.locator("tbody tr")).to_have_count(1)  # the round just over
    expect(sheet.locator("tbody tr").first.locator("td")).to_have_text(
        [str(p) for p in first["points"]])
    next_round(page)
    # Mid-round, at any moment: every round so far, the one in progress, the running totals.
    page.locator("#btn-scores").click()
    expect(page.locator("#dialog-round")).to_be_visible()
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("th")).to_have_text("1")
    expect(rows.nth(0).locator("td")).to_have_text([str(p) for p in first["points"]])
    expect(rows.nth(1).locator("th")).to_have_text("2 (kesken)")
    expect(sheet.locator("tfoot td")).to_have_text([str(t) for t in first["totals"]])
    names = sheet.locator("thead th").all_inner_texts()
    assert names[1:] == ["Sinä", *[seat["name"] for seat in messages.last_state()["seats"][1:]]]
    # The totals are on the table too, by every seat.
    for seat in range(1, 4):
        expect(page.locator(f"#score-{seat}")).to_have_text(str(first["totals"][seat]))
    expect(page.locator("#score-0")).to_have_text(str(first["totals"][0]))


PRESS_WHILE_MOVING = """(card) => {
  const moving = document.getElementById("game").dataset.busy === "1";
  const el = document.querySelector(`#hand .hcard[data-card="${card}"]`);
  if (moving && el) el.click();
  return moving && Boolean(el);
}"""


def test_a_card_pressed_while_the_table_moves_is_played_once_it_rests(
    page: Page, server: ServerProcess
) -> None:
    """As in a card app: the person may press their card while the last cards still land or
    the trick is being collected, when the turn coming is theirs; the press is kept and the
    card played once the table rests, not lost (a second press was needed)."""
    messages = ServerMessages(page)
    # No motion, the pause after each trick kept: the table is "moving" while a trick shows.
    open_hearts(page, server.url, animation_ms=0, trick_pause=True)
    new_match(page, code=CODE)
    to_first_play(page)
    for _ in range(200):
        state = messages.last_state()
        assert state["status"] == "playing", "the round ended before the table moved to a turn"
        obs = state["observation"]
        seen = len(messages.messages)
        if obs["turn"] == 0:
            card = obs["legal_plays"][0]
            # Not a double tap: the hand listens again after the person's own last card.
            expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
            if page.evaluate(PRESS_WHILE_MOVING, card):  # the table still moves to this turn
                expect(page.locator(f'#hand .hcard[data-card="{card}"]')).to_have_count(0)
                played = [m for m in messages.messages if m.get("type") == "update"
                          and any(e == {**e, "type": "play", "seat": 0} for e in m["events"])]
                assert [e["card"] for m in played for e in m["events"]
                        if e["type"] == "play" and e["seat"] == 0][-1] == card
                return
            hit(page, f"#hand-{card}", touch=False)  # the table rests: an ordinary play
        messages.wait_for(lambda seen=seen: len(messages.messages) > seen)
    pytest.fail("the table never moved to the person's turn")


def test_a_double_tap_plays_one_card(page: Page, server: ServerProcess) -> None:
    """A double tap's second press lands on the card that moved under the finger: it is let go
    while the hand settles, even when the turn has come straight back (an outside audit,
    2026-12-06: it was played, or, when the turn was not back, refused in red)."""
    plays: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: plays.extend(
        [frame["card"] for frame in [json.loads(payload)] if frame.get("op") == "play"])))
    page.clock.install()
    open_hearts(page, server.url)
    new_match(page, code=CODE)
    to_first_play(page)
    idle(page)
    stop_page_clock(page)  # the hand's settling time runs out only when the test says so
    first = legal(page)[0]
    hit(page, f"#hand-{first}", touch=False)
    expect(page.locator(f"#hand-{first}")).to_have_count(0)
    # Whoever took the trick, the person's turn comes round again (the others decide at once).
    idle(page)
    expect(page.locator("#hand")).to_have_attribute("data-settled", "0")
    page.locator(f"#hand-{legal(page)[0]}").click()
    page.clock.run_for(1000)
    expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
    second = legal(page)[-1]
    hit(page, f"#hand-{second}", touch=False)
    expect(page.locator(f"#hand-{second}")).to_have_count(0)
    assert plays == [first, second]
    expect(page.locator("#message")).not_to_have_class("message shown error")
