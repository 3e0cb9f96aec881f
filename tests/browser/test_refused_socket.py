"""A socket the server refuses for good: an unknown or stale player cookie (close 4401) makes the
page say so in words and start afresh with a new identity, never in a fast loop; a refused
origin (close 4403) is said in words and not retried."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from hertta.web.transport import SOCKETS_PER_PLAYER
from tests.browser.game_page import (
    drop_socket,
    enter_code,
    hit,
    info,
    keep_sockets,
    open_game,
    player_cookie,
    set_player_cookie,
    wait_ready,
)
from tests.browser.host_proxy import HostProxy
from tests.web.helpers import PINNED_WINNABLE
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

BAD_COOKIE = "someone-else.not-signed-by-this-server"
REFUSED = "Palvelin ei tunnistanut pelaajatunnustasi. Aloitetaan alusta uudella tunnuksella…"
FRESH = "Aloitettiin alusta uudella pelaajatunnuksella, koska palvelin ei tunnistanut edellistä."
GAVE_UP = ("Palvelin ei tunnistanut pelaajatunnustasi, eikä sivun lataaminen uudelleen auttanut. "
           "Tarkista, että selain sallii evästeet, ja lataa sivu myöhemmin uudelleen.")


def test_a_refused_cookie_starts_afresh_with_a_new_identity(
    page: Page, server: ServerProcess
) -> None:
    keep_sockets(page)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, "stock")
    assert info(page, "moves") == "1"
    # The cookie goes stale under the open page (say, the server's key changed); the next
    # connection carries it and is refused with 4401.
    set_player_cookie(page, server.url, BAD_COOKIE)
    with page.expect_navigation():
        drop_socket(page)
        expect(page.locator("#connection")).to_have_text(REFUSED)
        expect(page.locator("#game")).to_have_attribute("data-refused", "identity")
    # The page loaded again: a new cookie, a new identity's game, and words saying why.
    wait_ready(page)
    expect(page.locator("#message")).to_have_text(FRESH)
    expect(page.locator("#connection")).to_have_text("")
    assert player_cookie(page) != BAD_COOKIE
    expect(page.locator("#info-moves")).to_have_text("0")
    assert info(page, "code") != PINNED_WINNABLE
    hit(page, "stock")
    expect(page.locator("#info-moves")).to_have_text("1")


def test_a_cookie_refused_again_and_again_stops_reloading(
    page: Page, server: ServerProcess
) -> None:
    page.clock.install()  # the page's timers run only when the test says so
    keep_sockets(page)
    # This tab has started afresh three times in the last moments already.
    page.add_init_script(
        "sessionStorage.setItem('hertta.freshStart',"
        " JSON.stringify({at: Date.now(), count: 3, noticed: true}))"
    )
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    open_game(page, server.url)
    set_player_cookie(page, server.url, BAD_COOKIE)
    drop_socket(page)
    page.clock.run_for(1000)  # the reconnect's backoff
    expect(page.locator("#connection")).to_have_text(GAVE_UP)
    expect(page.locator("#game")).to_have_attribute("data-refused", "identity_again")
    page.clock.run_for(10 * 60 * 1000)  # ten minutes of the page's timers: no reload, no retry
    assert len(loads) == 1
    expect(page.locator("#game")).to_have_attribute("data-connected", "0")
    expect(page.locator("#connection")).to_have_text(GAVE_UP)


@pytest.mark.parametrize("path", ["/h2h", "/hearts"])
def test_a_refused_origin_is_said_and_not_retried(
    page: Page, server: ServerProcess, path: str
) -> None:
    """The real server refuses a socket from a page of another origin: here its own page,
    reached through a proxy that passes the server's own Host."""
    page.clock.install()
    attempts: list[str] = []
    page.on("websocket", lambda socket: attempts.append(socket.url))
    with HostProxy(server.port) as proxy:
        page.goto(f"{proxy.url}{path}")
        expect(page.locator("#connection")).to_have_text(
            "Palvelin ei hyväksy yhteyttä tältä sivulta. Avaa peli palvelimen omasta osoitteesta."
        )
        expect(page.locator("#game")).to_have_attribute("data-refused", "origin")
        page.clock.run_for(60 * 1000)  # far past every backoff step
        assert attempts == [f"ws://127.0.0.1:{proxy.port}/ws{path}"]
        expect(page.locator("#game")).to_have_attribute("data-connected", "0")


def test_too_many_sockets_of_one_player_are_said_and_not_retried(
    page: Page, server: ServerProcess
) -> None:
    """Another tab of the same player holds as many sockets as the server allows one player;
    the game page's own is closed 4429, which it says in words, and it does not retry."""
    holder = page.context.new_page()
    holder.goto(f"{server.url}/help")
    opened = holder.evaluate(
        """async ([url, count]) => {
             const sockets = [];
             for (let i = 0; i < count; i += 1) sockets.push(new WebSocket(url));
             window.heldSockets = sockets;
             await Promise.all(sockets.map((ws) => new Promise((done) => {
               ws.addEventListener("open", () => done()); })));
             return sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
           }""",
        [server.url.replace("http", "ws", 1) + "/ws/hearts", SOCKETS_PER_PLAYER],
    )
    assert opened == SOCKETS_PER_PLAYER
    page.clock.install()
    attempts: list[str] = []
    page.on("websocket", lambda socket: attempts.append(socket.url))
    page.goto(f"{server.url}/hearts")
    expect(page.locator("#connection")).to_have_text(
        "Sinulla on liian monta peliä auki yhtä aikaa. Sulje muutama välilehti ja lataa sivu"
        " uudelleen."
    )
    expect(page.locator("#game")).to_have_attribute("data-refused", "too_many")
    page.clock.run_for(60 * 1000)  # far past every backoff step
    assert len(attempts) == 1
    holder.close()


def test_a_dropped_connection_is_still_retried(page: Page, server: ServerProcess) -> None:
    """Only the two refusals stop the page: any other close reconnects (the contrast to the
    tests above, so they cannot pass by never reconnecting at all)."""
    keep_sockets(page)
    open_game(page, server.url)
    cookie = player_cookie(page)
    with page.expect_websocket():  # the page opens a new socket by itself
        drop_socket(page)
    wait_ready(page)
    expect(page.locator("#connection")).to_have_text("")
    assert page.locator("#game").get_attribute("data-refused") is None
    assert player_cookie(page) == cookie
