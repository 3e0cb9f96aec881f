"""People at one shared table in real browsers, through the invite link: four contexts (two
phones in Finnish, two desktops in English) play a whole match to 50 against each other, one
page reloaded and one connection dropped along the way; and a table of two people and two
computer players, watched by a spectator who never sees a hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.game_page import drop_socket, keep_sockets, wait_idle
from tests.browser.table_page import (
    create_table,
    game,
    join_by_invite,
    open_lobby,
    play_until_over,
)
from tests.web.server_process import ServerProcess

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "has_touch": True, "is_mobile": True, "locale": "fi-FI"}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "en-GB"}
CARDS_OF = "els => els.map(e => e.dataset.card)"


def numbers(page: Page, selector: str) -> list[int]:
    return [int(text) for text in page.locator(selector).all_inner_texts()]


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made = [browser.new_context(**PHONE), browser.new_context(**PHONE),
            browser.new_context(**DESKTOP), browser.new_context(**DESKTOP)]
    yield made
    for context in made:
        context.close()


def watched_page(context: BrowserContext, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def record_of(server: ServerProcess, page: Page, table_id: str) -> dict[str, object]:
    reply = page.request.get(f"{server.url}/api/tables/{table_id}/record")
    assert reply.ok, reply.text()
    data = reply.json()
    assert isinstance(data, dict)
    return data


def test_four_people_play_a_match_to_50_through_the_invite_link(
    server: ServerProcess, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    pages = [watched_page(context, errors) for context in contexts]
    host, phone2, desk1, desk2 = pages
    keep_sockets(desk1)  # its connection is dropped mid-match

    open_lobby(host, server.url, lang="fi")
    expect(host.locator("#create-title")).to_have_text("Uusi pöytä")
    invite = create_table(host, "Aino", ["host", "open", "open", "open"], limit=50)
    table_id = invite.split("/t/")[1].split("?")[0]
    expect(host.locator("#waiting-title")).to_have_text("Odotetaan pelaajia")
    for page, name, lang in ((phone2, "Eero", "fi"), (desk1, "Alice", "en"), (desk2, "Bob", "en")):
        join_by_invite(page, server.url, invite, name, lang)
    expect(desk1.locator("#play")).to_be_visible()
    for page in pages:
        expect(page.locator("#game")).to_have_attribute("data-status", "playing")
    assert sorted(game(page)["you"] for page in pages) == ["0", "1", "2", "3"]
    expect(desk2.locator("#ring .oseat.me .oseat-name")).to_have_text("You")
    expect(phone2.locator("#ring .oseat.me .oseat-name")).to_have_text("Sinä")
    # The reactions' emoji come from an emoji font, the site's own last (a machine without
    # one showed empty boxes; the buttons' own font rule hid the emoji fonts once).
    family = desk2.locator("#reactions .reaction").first.evaluate(
        "el => getComputedStyle(el).fontFamily")
    assert family.startswith('"Apple Color Emoji"') and '"Hertta Emoji"' in family, family
    # The info bar names the variant, as the Hearts page's does.
    expect(phone2.locator("#info-variant")).to_have_text("Tavallinen")
    expect(desk2.locator("#info-variant")).to_have_text("Standard")
    # Each person holds their own 13 cards and nobody else's.
    hands = [set(page.locator("#hand .hand-card").evaluate_all(CARDS_OF)) for page in pages]
    assert all(len(hand) == 13 for hand in hands)
    assert len(set().union(*hands)) == 52

    done = {"reload": False, "drop": False}

    def disturb(page: Page) -> None:
        decisions = int(game(page)["decisions"] or 0)
        if not done["reload"] and decisions >= 20 and page is phone2:
            seat = game(phone2)["you"]
            phone2.reload()
            expect(phone2.locator("#game")).to_have_attribute("data-connected", "1")
            expect(phone2.locator("#game")).to_have_attribute("data-you", seat)
            done["reload"] = True
        if not done["drop"] and decisions >= 40 and page is desk1:
            drop_socket(desk1)
            expect(desk1.locator("#game")).to_have_attribute("data-connected", "1")
            wait_idle(desk1)
            done["drop"] = True

    play_until_over(pages, host, on_decision=disturb)
    assert done == {"reload": True, "drop": True}

    record = record_of(server, host, table_id)
    for page in pages:
        expect(page.locator("#game")).to_have_attribute("data-phase", "match_over")
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#match-code")).to_have_text(str(record["code"]))
    totals = numbers(host, "#review-scores tbody tr td:nth-child(3)")
    assert max(totals) >= 50
    # The seats around the table show the final totals too (they showed those before the
    # last round), and the last round's points as scored.
    points = numbers(host, "#review-scores tbody tr td:nth-child(2)")
    for page in pages:
        assert sorted(numbers(page, "#ring .oseat-total")) == sorted(totals)
    seat_points = [int(text.replace("+", "").replace("\u2212", "-") or 0)
                   for text in host.locator("#ring .oseat-taken").all_inner_texts()]
    assert sorted(seat_points) == sorted(points)
    # The replay link shows the same match, round by round.
    desk2.locator("#replay-link").click()
    expect(desk2.locator("#replay-code")).to_have_text(str(record["code"]))
    finals = numbers(desk2, "#final-scores tbody tr td:nth-child(2)")
    assert finals == totals
    expect(desk2.locator("#review-trick .review-play")).to_have_count(4)
    desk2.locator("#trick-next").click()
    expect(desk2.locator("#trick-step")).to_contain_text("Trick 2 of 13")
    # Its trick cards are card-sized (with no table around them they took the page's width).
    widths = desk2.locator("#review-trick .tcard").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    assert widths and all(40 <= width <= 80 for width in widths), widths
    assert errors == [], errors


def test_two_people_two_computers_and_a_spectator(
    server: ServerProcess, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    host, guest, watcher, _ = (watched_page(context, errors) for context in contexts)
    open_lobby(host, server.url, lang="en")
    invite = create_table(host, "Aino", ["host", "easy", "open", "open"], limit=50, clock=60,
                          spectators=True)
    # The host seats a second computer player from the table page itself.
    host.locator("#level-3").select_option("easy")
    host.locator('#wait-seat-3 button[data-op="computer"]').click()
    wait_idle(host)
    expect(host.locator("#wait-seat-3")).to_have_attribute("data-kind", "computer")
    join_by_invite(guest, server.url, invite, "Eero", "fi")
    expect(host.locator("#game")).to_have_attribute("data-status", "playing")

    watcher.goto(invite)
    expect(watcher.locator("#game")).to_have_attribute("data-connected", "1")
    expect(watcher.locator("#game")).to_have_attribute("data-you", "")
    expect(watcher.locator("#prompt")).not_to_be_empty()
    # The turn clock shows the seconds left while a person owes a decision, and next to each
    # person's own prompt while it is theirs (both pass at the start); a spectator owes none.
    expect(host.locator("#info-clock")).to_contain_text(" s")
    expect(host.locator("#prompt-clock")).to_be_visible()
    expect(host.locator("#prompt-clock")).to_have_text(re.compile(r"^\d+ s$"))
    expect(watcher.locator("#prompt-clock")).to_be_hidden()

    seen_hands: list[int] = []
    # The spectator is told so while every round is on, not only while the cards are passed
    # (not at a round's result, which lays the hands open).
    told_watching: set[tuple[str, bool]] = set()

    def look(page: Page) -> None:
        seen_hands.append(watcher.locator("#hand .hand-card").count())
        phase, visible = watcher.evaluate(  # read together, in one turn of the page
            "() => [document.querySelector('#game').dataset.phase,"
            " !document.querySelector('#watch-note').hidden]")
        told_watching.add((phase, visible))

    expect(host.locator("#watch-note")).to_be_hidden()
    play_until_over([host, guest], host, on_decision=look)
    assert seen_hands and set(seen_hands) == {0}
    assert {("passing", True), ("playing", True)} <= told_watching, told_watching
    assert all(visible == (phase in ("passing", "playing")) for phase, visible in told_watching
               if phase in ("passing", "playing", "round_over")), told_watching
    expect(host.locator("#watch-note")).to_be_hidden()
    expect(watcher.locator("#game")).to_have_attribute("data-phase", "match_over")
    expect(watcher.locator("#reveal-hands tbody tr")).to_have_count(4)
    # The match's score sheet: a row of points per round, summing to the result's totals; the
    # winners starred and each person told their own result first, as on the Hearts page.
    texts = "els => els.map(e => e.textContent)"
    totals = host.locator("#review-scores tbody tr td:nth-child(3)").evaluate_all(texts)
    assert host.locator("#review-history tfoot td").evaluate_all(texts) == totals
    rows = host.locator("#review-history tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].slice(1).map(c => Number(c.textContent)))")
    assert rows and [str(sum(column)) for column in zip(*rows, strict=True)] == totals, rows
    expect(host.locator("#review-scores tbody tr.winner")).not_to_have_count(0)
    mark = host.locator('#review-scores tbody tr[data-seat="0"]').get_attribute("class") or ""
    losers = host.locator("#review-scores tbody tr.loser").count()
    first = ("You (won|share)" if "winner" in mark
             else "You lost the match" if "loser" in mark and losers == 1 else "Winners?: ")
    expect(host.locator("#match-result")).to_contain_text(re.compile(f"^{first}"))
    assert errors == [], errors


def test_a_public_table_is_joined_from_the_lobby(
    server: ServerProcess, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    host, visitor = (watched_page(context, errors) for context in contexts[2:])
    open_lobby(host, server.url, lang="en")
    host.locator("#create-public").check()
    expect(host.locator("#create-bonus")).to_be_hidden()  # Omnibus's, not the standard game's
    host.locator("#create-queen-breaks").select_option("true")
    create_table(host, "Lobby <b>host</b>", ["host", "open", "hard"], limit=50)
    expect(host.locator("#rules-line")).to_contain_text("queen of spades breaks hearts")
    table_id = host.url.split("/t/")[1].split("?")[0]
    open_lobby(visitor, server.url, lang="fi")
    row = visitor.locator(f'#lobby tr[data-table="{table_id}"]')
    expect(row).to_contain_text("Lobby <b>host</b>")  # shown as text, never as markup
    expect(row).to_contain_text("patakuningatar rikkoo hertat")
    expect(row.locator("td").nth(2)).to_have_text("1")
    row.locator("a").click()
    expect(visitor.locator("#game")).to_have_attribute("data-connected", "1")
    expect(visitor.locator("#waiting-title")).to_have_text("Odotetaan pelaajia")
    expect(visitor.locator("#wait-seat-0")).to_contain_text("Lobby <b>host</b>")
    assert errors == [], errors
    # A third person looks in while a seat is free; the visitor takes it and the match begins.
    # The host allows no spectators: the third is turned away, and the seat list offered
    # before (its free seat, its "sit here") goes with it.
    looker = watched_page(contexts[1], errors)
    looker.goto(host.url.split("?")[0])
    expect(looker.locator("#game")).to_have_attribute("data-connected", "1")
    expect(looker.locator('#seat-list button[data-op="sit"]')).to_have_count(1)
    # "Sit here" with nothing typed asks for a name; a name typed but not saved is saved on the
    # way to the seat (pressing "sit" straight after typing used to ask for a name, a race).
    visitor.locator('#seat-list button[data-op="sit"]').first.click()
    expect(visitor.locator("#name-error")).to_have_text("Valitse ensin nimesi.")
    visitor.locator("#name-input").fill("Vieras")
    visitor.locator('#seat-list button[data-op="sit"]').first.click()
    expect(visitor.locator("#game")).to_have_attribute("data-you", "1")
    expect(looker.locator("#game")).to_have_attribute("data-refused", "no_spectators")
    expect(looker.locator("#waiting")).to_be_hidden()
    expect(looker.locator("#connection")).to_contain_text("eikä tähän pöytään oteta katsojia")
    expect(looker.locator('#refused-way a[href="/tables"]')).to_be_visible()  # a way onward
    expect(visitor.locator("#refused-way")).to_be_hidden()
    assert errors == [], errors


def test_a_person_who_leaves_is_told_of_their_seat_as_theirs(
    server: ServerProcess, contexts: list[BrowserContext]
) -> None:
    errors: list[str] = []
    host, guest = (watched_page(context, errors) for context in contexts[:2])
    open_lobby(host, server.url)
    invite = create_table(host, "Aino", ["host", "open", "easy", "easy"], limit=50)
    join_by_invite(guest, server.url, invite, "Eero", "fi")
    expect(guest.locator("#game")).to_have_attribute("data-phase", "passing")
    seat = int(game(guest)["you"])
    leave = guest.locator("#btn-leave")
    leave.click()
    expect(leave).to_contain_text("Napauta uudelleen")  # the second tap confirms
    leave.click()
    expect(guest.locator("#game")).to_have_attribute("data-you", "")
    # Told in the second person, as the seat's own news, not "Eero lähti: ..." ...
    expect(guest.locator("#announce")).to_contain_text(
        "Tietokonepelaaja pelaa paikkasi loppuun asti")
    # ... and shown where they look, with the way back to the tables (it was only read out).
    expect(guest.locator("#left-note")).to_be_visible()
    expect(guest.locator("#left-note")).to_contain_text("Lähdit ottelusta")
    expect(guest.locator('#left-note a[href="/tables"]')).to_be_visible()
    expect(host.locator("#left-note")).to_be_hidden()
    # ... and offered no button to mute the seat they left (a computer's now); the host is.
    expect(guest.locator(f"#seat-{seat} .mute")).to_have_count(0)
    expect(host.locator("#announce")).to_contain_text("Eero lähti")
    # The others see that the seat's person left for good (not only away), and have no
    # reactions of theirs to mute any more.
    expect(host.locator(f"#seat-{seat} .oseat-badges")).to_contain_text("lähti")
    expect(host.locator(f"#seat-{seat} .mute")).to_have_count(0)
    assert errors == [], errors


def test_the_seat_of_a_person_who_left_stays_on_the_table(
    server: ServerProcess, browser: Browser, contexts: list[BrowserContext]
) -> None:
    """A spectator sees the host's seat at the bottom of the table; once the host left, its box
    has a line or two of badges more ("lähti · tietokone pelaa") and grows upward into the
    table, not past its edge (on a 1280 x 800 desktop it reached 3 px below the oval), on a
    desktop of either size and on a phone; the top seat's box stays inside the table too."""
    errors: list[str] = []
    host, guest = (watched_page(context, errors) for context in contexts[2:])
    watching = browser.new_context(**DESKTOP)
    watcher = watched_page(watching, errors)
    open_lobby(host, server.url)
    invite = create_table(host, "Aino", ["host", "open", "easy", "easy"], limit=50,
                          spectators=True)
    join_by_invite(guest, server.url, invite, "Eero", "fi")
    watcher.goto(invite)
    expect(watcher.locator("#game")).to_have_attribute("data-you", "")
    leave = host.locator("#btn-leave")
    leave.click()
    leave.click()
    expect(watcher.locator("#seat-0 .oseat-badges")).to_contain_text("lähti · tietokone pelaa")
    for width, height in ((1280, 800), (1024, 700), (390, 844)):
        watcher.set_viewport_size({"width": width, "height": height})
        ring, bottom, top = watcher.evaluate(
            "() => ['#ring', '#seat-0', '#seat-2'].map(s => {"
            " const r = document.querySelector(s).getBoundingClientRect();"
            " return [r.top, r.bottom]; })")
        assert ring[0] <= top[0] and bottom[1] <= ring[1], (width, ring, top, bottom)
    watching.close()
    assert errors == [], errors
