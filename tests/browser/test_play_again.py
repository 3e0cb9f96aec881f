"""Play again at a shared table: once the match is over a person asks, lands at the next
table in their own seat, the other person is shown it and follows into theirs, and the new
match begins with the same computer players."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.table_page import create_table, join_by_invite, open_lobby, play_until_over
from tests.web.server_process import ServerProcess


def test_two_people_play_again(server: ServerProcess, browser: Browser) -> None:
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        open_lobby(host, server.url)
        invite = create_table(host, "Aino", ["host", "open", "easy", "easy"], limit=30)
        old = host.url.split("/t/")[1].split("?")[0]
        join_by_invite(guest, server.url, invite, "Eero", "fi")
        expect(host.locator("#btn-again")).to_be_hidden()
        play_until_over([host, guest], host)
        expect(guest.locator("#game")).to_have_attribute("data-phase", "match_over")
        expect(host.locator("#again-note")).to_be_hidden()

        guest.locator("#btn-again").click()
        expect(guest).not_to_have_url(re.compile(re.escape(old)))
        expect(guest.locator("#game")).to_have_attribute("data-status", "waiting")
        expect(guest.locator("#game")).to_have_attribute("data-you", "1")  # their own seat
        new = guest.url.split("/t/")[1].split("?")[0]
        assert "seat=" not in guest.url  # taken once, not on a reload
        # The host's seat is kept for them; the new table's host may open it to anyone.
        expect(guest.locator("#wait-seat-0")).to_contain_text("Varattu pelaajalle Aino")
        expect(guest.locator('#wait-seat-0 button[data-op="remove"]')).to_have_text(
            "Avaa kaikille")
        expect(guest.locator('#wait-seat-0 button[data-op="sit"]')).to_have_count(0)

        # The host is told of it and follows, into their own seat; the match begins.
        expect(host.locator("#again-note")).to_be_visible()
        expect(host.locator("#btn-again")).to_have_text("Pelaa uudelleen")
        host.locator("#btn-again").click()
        expect(host).to_have_url(re.compile(f"/t/{re.escape(new)}"))
        for page in (host, guest):
            expect(page.locator("#game")).to_have_attribute("data-status", "playing")
        expect(host.locator("#game")).to_have_attribute("data-you", "0")
        expect(host.locator("#ring .oseat")).to_have_count(4)
        expect(host.locator("#ring .oseat.me")).to_have_attribute("data-seat", "0")
    finally:
        host_context.close()
        guest_context.close()


def test_a_newcomer_is_told_the_seats_are_kept_and_a_seat_given_away_is_told(
    server: ServerProcess, browser: Browser
) -> None:
    contexts = [browser.new_context() for _ in range(3)]
    try:
        host, guest, newcomer = (context.new_page() for context in contexts)
        open_lobby(host, server.url)
        invite = create_table(host, "Aino", ["host", "open", "easy", "easy"], limit=30,
                              spectators=True)
        join_by_invite(guest, server.url, invite, "Eero", "fi")
        play_until_over([host, guest], host)
        guest.locator("#btn-again").click()
        expect(guest.locator("#game")).to_have_attribute("data-you", "1")
        expect(guest.locator("#invite-url")).to_have_value(re.compile("invite="))
        new_invite = guest.locator("#invite-url").input_value()
        # A newcomer with the link: Aino's seat is kept, and the page says why nobody may sit.
        open_lobby(newcomer, server.url)
        newcomer.goto(new_invite)
        expect(newcomer.locator("#waiting-note")).to_have_text(
            "Vapaat paikat on varattu edellisen ottelun pelaajille.")
        expect(newcomer.locator('#seat-list button[data-op="sit"]')).to_have_count(0)
        # The new table's host opens the seat to anyone; the newcomer takes it.
        guest.locator('#wait-seat-0 button[data-op="remove"]').click()
        newcomer.locator("#name-input").fill("Uusi")
        newcomer.locator("#name-save").click()
        newcomer.locator('#seat-list button[data-op="sit"]').first.click()
        expect(newcomer.locator("#game")).to_have_attribute("data-you", "0")
        # Aino follows her link back too late, and is told so (she watches: the table allows
        # spectators; where it does not, the page says that it has begun without them).
        host.locator("#btn-again").click()
        expect(host.locator("#message")).to_contain_text("Paikkasi on annettu toiselle pelaajalle.")
        expect(host.locator("#game")).to_have_attribute("data-you", "")
    finally:
        for context in contexts:
            context.close()
