"""Driving the Hearts page the way a person does (taps, clicks, keys), and watching what its
socket receives from the server."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Position, WebSocket, expect

import hertta.web
from tests.browser.game_page import set_preferences
from tests.browser.gated_server import GatedRunner
from tests.web.hearts_helpers import person_must_act, rank

WORDS: dict[str, str] = json.loads(
    (Path(hertta.web.__file__).parent / "i18n" / "en.json").read_text(encoding="utf-8"))
"""The English page's words."""


def card_words(card: str) -> str:
    """A card as the English page says it ("10 of hearts", "queen of spades")."""
    rank_word = "10" if card[0] == "T" else WORDS.get(f"rank.{card[0]}", card[0])
    return WORDS["hearts.card"].replace("{rank}", rank_word).replace(
        "{suit}", WORDS[f"hearts.suit.{card[1]}"])


def open_hearts(page: Page, base_url: str, **preferences: object) -> Page:
    """The Hearts page, animations and the pause after each trick off unless ``animation_ms``
    and ``trick_pause`` say otherwise (a test that plays whole matches would wait a second
    at every trick)."""
    set_preferences(page, base_url, **{"animation_ms": 0, "trick_pause": False, **preferences})
    page.goto(f"{base_url}/hearts")
    expect(page.locator("#game")).to_have_attribute("data-connected", "1")
    expect(page.locator("#game")).not_to_have_attribute("data-version", "")
    return page


def answered(page: Page) -> None:
    """Every frame sent has had its answer and every message has been shown (the computer
    players may still be deciding: their decisions come as later pushed updates)."""
    game = page.locator("#game")
    expect(game).to_have_attribute("data-pending", "0")
    expect(game).to_have_attribute("data-busy", "0")


def idle(page: Page) -> None:
    """As ``answered``, and the computer players are not still to decide."""
    answered(page)
    expect(page.locator("#game")).not_to_have_attribute("data-awaiting", "others")


def status(page: Page) -> str:
    idle(page)
    return page.locator("#game").get_attribute("data-status") or ""


def new_match(page: Page, *, players: int = 4, preset: str = "standard", limit: str = "100",
              moon: str = "add", code: str = "", level: str = "easy") -> None:
    """Start a match from the dialog; ``limit`` is a listed score limit or any other number."""
    if not page.locator("#dialog-new").is_visible():
        page.locator("#btn-new").click()
    page.locator("#new-players").select_option(str(players))
    page.locator("#new-preset").select_option(preset)
    listed = option_values(page, "#new-limit")
    page.locator("#new-limit").select_option(limit if limit in listed else "other")
    if limit not in listed:
        page.locator("#new-limit-other").fill(limit)
    page.locator("#new-moon").select_option(moon)
    for seat in range(1, players):
        page.locator(f"#opp-level-{seat}").select_option(level)
    page.locator("#new-code").fill(code)
    page.locator("#new-start").click()
    expect(page.locator("#dialog-new")).not_to_be_visible()
    idle(page)


def option_values(page: Page, selector: str) -> list[str]:
    return [str(v) for v in page.locator(f"{selector} option").evaluate_all(
        "(options) => options.map((o) => o.value)")]


def hit(page: Page, selector: str, touch: bool) -> None:
    locator = page.locator(selector)
    if selector.startswith("#hand"):
        # Right after a card is played the hand lets taps go for a moment (a double tap's
        # second press would land on the card that moved under the finger).
        expect(page.locator("#hand")).to_have_attribute("data-settled", "1")
    # Hand cards keep their elements across renders, so a visible card can be measured.
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box is not None, f"{selector} has no box on screen"
    # The hand is one row, each card over the one before it: a card's own left edge (its
    # corner) is never covered, as narrow as the cards may lie on a phone.
    position: Position = {"x": min(8.0, box["width"] / 2), "y": 16.0}
    if touch:
        locator.tap(position=position)
    else:
        locator.click(position=position)


def choose_pass(page: Page, ids: list[str], touch: bool = False) -> None:
    """Choose three hand cards by element id (``hand-QS``, ``hand-QS-2``) and confirm, without
    waiting for the computer players."""
    for element_id in ids:
        hit(page, f"#{element_id}", touch)
    expect(page.locator("#btn-pass")).to_be_enabled()
    page.locator("#btn-pass").click()
    answered(page)


def pass_cards(page: Page, ids: list[str], touch: bool = False) -> None:
    """Choose three hand cards by element id and confirm; wait for the computer players."""
    choose_pass(page, ids, touch)
    idle(page)


def hand(page: Page) -> list[str]:
    return [c for c in page.locator("#hand .hcard").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")]


def hand_ids(page: Page) -> list[tuple[str, str]]:
    """(element id, card) of every hand card, in hand order."""
    pairs = page.locator("#hand .hcard").evaluate_all(
        "(cards) => cards.map((c) => [c.id, c.dataset.card])")
    return [(str(i), str(c)) for i, c in pairs]


def legal(page: Page) -> list[str]:
    return [c for c in page.locator("#hand .hcard.legal").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")]


def play_round(page: Page, *, greedy: bool = False, touch: bool = False,
               folder: Path | None = None, name: str = "") -> str:
    """Play until the round (or match) is over or a moon choice waits; returns the status."""
    shots = 0
    for _ in range(60):
        now = status(page)
        if now == "passing":
            lowest = sorted(hand_ids(page), key=lambda pair: rank(pair[1]))[:3]
            pass_cards(page, [element_id for element_id, _ in lowest], touch)
        elif now == "playing":
            options = legal(page)
            assert options, "my turn shows legal cards"
            card = max(options, key=rank) if greedy else options[0]
            hit(page, f"#hand-{card}", touch)
            idle(page)
            if folder is not None and shots == 0 and page.locator("#trick .trick-card").count() > 1:
                page.screenshot(path=str(folder / f"{name}-trick.png"))
                shots += 1
        else:
            return now
    raise AssertionError("the round did not end")


def next_round(page: Page) -> None:
    expect(page.locator("#dialog-round")).to_be_visible()
    page.locator("#round-next").click()
    idle(page)


# -- what the page's socket receives --------------------------------------------------------


class ServerMessages:
    """Every message the page's Hearts socket has received, in order, as the browser got it
    (read off the page's own WebSocket; nothing stands between the page and the server)."""

    def __init__(self, page: Page) -> None:
        self.messages: list[dict[str, Any]] = []
        self._socket: WebSocket | None = None
        page.on("websocket", self._opened)  # before the page loads

    def _opened(self, socket: WebSocket) -> None:
        if socket.url.endswith("/ws/hearts"):
            self._socket = socket
            socket.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        self.messages.append(json.loads(payload))

    def pushed(self) -> list[dict[str, Any]]:
        """The updates nobody on this page asked for (``re: null``)."""
        return [m for m in self.messages if m["type"] == "update" and m["re"] is None]

    def last_state(self) -> dict[str, Any]:
        state: dict[str, Any] = next(m["state"] for m in reversed(self.messages) if "state" in m)
        return state

    def wait_for(self, condition: Callable[[], bool]) -> None:
        """Wait until ``condition`` holds, looking again after each message that comes."""
        while not condition():
            assert self._socket is not None, "the page has no Hearts socket"
            self._socket.wait_for_event("framereceived", timeout=30_000)


def computer_decisions_owed(state: dict[str, Any]) -> int:
    """How many computer players are to decide now (while passing they all think at once)."""
    now = state["status"]
    obs = state.get("observation")
    if now == "passing":
        assert obs is not None
        return sum(1 for seat, chosen in enumerate(obs["passes_chosen"]) if seat and not chosen)
    if now == "playing":
        assert obs is not None
        return 0 if obs["turn"] == 0 else 1
    if now == "moon_choice":
        assert obs is not None
        return 0 if obs["moon_shooter"] == 0 else 1
    return 0  # the last round's result: the table ends the match by itself


def expected_awaiting(state: dict[str, Any]) -> str:
    """What ``#game[data-awaiting]`` must say once ``state`` is drawn."""
    now = state["status"]
    if now in ("none", "match_over"):
        return "you"
    if now == "round_over":
        return "you" if person_must_act(state) else "others"
    obs = state["observation"]
    if now == "passing":
        return "you" if obs["pass_to"] is not None and not obs["passed"] else "others"
    if now == "playing":
        return "you" if obs["turn"] == 0 else "others"
    return "you" if obs["moon_shooter"] == 0 else "others"


def shows(page: Page, state: dict[str, Any]) -> None:
    """The page has drawn ``state``: its version, the trick, the seats' cards, whose turn."""
    game = page.locator("#game")
    expect(game).to_have_attribute("data-version", str(state["version"]))
    expect(game).to_have_attribute("data-busy", "0")
    expect(game).to_have_attribute("data-awaiting", expected_awaiting(state))
    if state["status"] == "none":
        return
    obs = state["observation"]
    trick = page.locator("#trick .trick-card").evaluate_all("(c) => c.map((e) => e.dataset.card)")
    assert trick == obs["trick"]["cards"]
    for seat in range(1, state["players"]):
        expect(page.locator(f"#seat-{seat} .seat-count")).to_have_attribute(
            "data-count", str(obs["hand_sizes"][seat]))
    if expected_awaiting(state) == "others":
        expect(page.locator("#hand .hcard.legal")).to_have_count(0)


def let_computers_decide(page: Page, gate: GatedRunner, messages: ServerMessages) -> int:
    """Let the computer players decide, as many at a time as think at once (one card at a
    time; every pass of a round together), until the game waits for the person; after each
    step the page must show the state it was sent. Returns how many decisions were let
    through."""
    released = 0
    state = messages.last_state()
    while not person_must_act(state):
        owed = computer_decisions_owed(state)
        came = len(messages.pushed())
        if owed:
            gate.wait_held(owed)
            gate.release(owed)
            released += owed
        # Each computer decision is its own pushed update (the table's own end of the match
        # too, which nobody has to think about).
        wanted = came + max(owed, 1)
        messages.wait_for(lambda wanted=wanted: len(messages.pushed()) >= wanted)
        state = messages.last_state()
        shows(page, state)
    return released
