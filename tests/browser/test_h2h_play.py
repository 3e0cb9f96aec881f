"""Heart to Heart in Chromium: a whole won game by clicks, a dead end, every tap rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from hertta.solitaire.game import Move
from tests.browser.game_page import (
    element,
    enter_code,
    hit,
    info,
    open_game,
    play_moves,
    screenshot,
    selection,
    set_preferences,
    wait_idle,
)
from tests.web.helpers import DEAD_END_CODE, PINNED_WINNABLE, winning_moves
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser


def test_win_the_pinned_deal_by_clicks(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_game(page, server.url)
    screenshot(page, artifacts, "desktop-start")
    set_preferences(page, server.url, animation_ms=0)  # a long game: skip the animations
    page.reload()
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    expect(page.locator("#info-code")).to_have_text(PINNED_WINNABLE)
    moves = winning_moves(PINNED_WINNABLE)
    play_moves(page, moves[:-1])
    assert info(page, "moves") == str(len(moves) - 1)
    screenshot(page, artifacts, "desktop-mid-game")
    play_moves(page, moves[-1:])
    dialog = page.locator("#dialog-won")
    expect(dialog).to_be_visible()
    expect(page.locator("#won-score")).to_have_text("250")
    expect(page.locator("#won-moves")).to_have_text(str(len(moves)))
    expect(page.locator("#won-code")).to_have_text(PINNED_WINNABLE)
    expect(page.locator("#won-time")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(page.locator("#announce")).to_contain_text("Voitit")
    screenshot(page, artifacts, "desktop-won")
    page.locator("#won-replay").click()
    wait_idle(page)
    expect(dialog).to_be_hidden()
    expect(page.locator("#info-code")).to_have_text(PINNED_WINNABLE)
    expect(page.locator("#info-moves")).to_have_text("0")
    page.goto(f"{server.url}/stats")
    expect(page.locator("[data-stat='stats.won'] dd")).to_have_text("1")
    expect(page.locator("[data-stat='stats.fewest_moves'] dd")).to_have_text(str(len(moves)))
    screenshot(page, artifacts, "stats")


def test_dead_end_dialog_with_undo_and_new_game(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_game(page, server.url)
    enter_code(page, DEAD_END_CODE)
    hit(page, 25)
    hit(page, "waste")
    dialog = page.locator("#dialog-dead-end")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Ei enää mahdollisia siirtoja")
    expect(page.locator("#game")).to_have_attribute("data-status", "dead_end")
    screenshot(page, artifacts, "desktop-dead-end")
    page.locator("#dead-end-undo").click()
    wait_idle(page)
    expect(dialog).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-status", "playing")
    expect(page.locator("#info-moves")).to_have_text("0")
    hit(page, 25)
    hit(page, "waste")
    expect(dialog).to_be_visible()
    page.locator("#dead-end-new").click()
    wait_idle(page)
    expect(dialog).to_be_hidden()
    expect(page.locator("#info-code")).not_to_have_text(DEAD_END_CODE)
    expect(page.locator("#info-moves")).to_have_text("0")


def test_every_tap_rule(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    expect(page.locator("#btn-undo")).to_be_disabled()
    # A covered card does nothing.
    hit(page, 1)
    assert selection(page) == ""
    expect(element(page, 1)).to_have_attribute("aria-label", "hertta 10, paikka 1 (peitetty)")
    # Select, then deselect by tapping again.
    hit(page, 25)
    expect(element(page, 25)).to_have_class(re.compile(r"\bselected\b"))
    expect(element(page, 25)).to_have_attribute("aria-pressed", "true")
    hit(page, 25)
    expect(element(page, 25)).not_to_have_class(re.compile(r"\bselected\b"))
    # A different rank takes the selection; no message while move errors are off.
    hit(page, 25)
    hit(page, "waste")
    assert selection(page) == "waste"
    expect(page.locator("#message")).to_have_text("")
    # The stock drops a waste selection...
    hit(page, "stock")
    assert selection(page) == ""
    expect(page.locator("#waste")).to_have_attribute("data-count", "2")
    expect(page.locator("#btn-undo")).to_be_enabled()
    # ... and keeps a heart selection.
    hit(page, 25)
    hit(page, "stock")
    assert selection(page) == "25"
    play_moves(page, [Move.flip()] * 7)
    expect(page.locator("#waste")).to_have_attribute("aria-label", re.compile("hertta 4"))
    # Layout assist (on by default): circles and darkening.
    expect(element(page, 25)).to_have_class(re.compile(r"\bcircled\b"))
    expect(page.locator("#waste")).to_have_class(re.compile(r"\bcircled\b"))
    expect(element(page, 1)).to_have_class(re.compile(r"\bdarkened\b"))
    expect(page.locator("#waste")).not_to_have_class(re.compile(r"\bdarkened\b"))
    # ... which a screen reader says too.
    expect(element(page, 25)).to_have_attribute("aria-label", re.compile(r"\(pari vapaana\)$"))
    expect(page.locator("#waste")).to_have_attribute("aria-label", re.compile(r"\(pari vapaana\)$"))
    expect(element(page, 1)).to_have_attribute(
        "aria-label", "hertta 10, paikka 1 (peitetty, ei sovi pariksi)")
    screenshot(page, artifacts, "desktop-assist")
    # A pair with the waste top.
    hit(page, "waste")
    expect(element(page, 25)).to_have_class(re.compile(r"\bempty\b"))
    expect(page.locator("#info-score")).to_have_text("10")
    expect(page.locator("#announce")).to_contain_text("Pari poistettu")
    # The empty place does nothing.
    hit(page, 25)
    assert selection(page) == ""
    # The undo button takes the pair back.
    page.locator("#btn-undo").click()
    wait_idle(page)
    expect(element(page, 25)).not_to_have_class(re.compile(r"\bempty\b"))
    expect(page.locator("#info-score")).to_have_text("0")


def test_a_heart_pair_and_a_recycle(page: Page, server: ServerProcess) -> None:
    set_preferences(page, server.url, animation_ms=0)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    moves = winning_moves(PINNED_WINNABLE)
    recycle = next(i for i, m in enumerate(moves) if m.notation == "R")
    play_moves(page, moves[:recycle])
    expect(page.locator("#stock")).to_have_attribute("data-count", "0")
    expect(page.locator("#stock")).to_have_attribute("aria-label", re.compile("palauta"))
    score = int(info(page, "score"))
    heart_pair = moves[recycle - 1]
    assert "W" not in heart_pair.notation  # the pair just before the first recycle
    hit(page, "stock")
    expect(page.locator("#waste")).to_have_attribute("data-count", "0")
    expect(page.locator("#stock")).not_to_have_attribute("data-count", "0")
    assert score >= 20


def test_restart_and_bad_code(page: Page, server: ServerProcess, artifacts: Path) -> None:
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, "stock")
    # A code replaces the game in progress, which counts as lost: asked first, as for a new
    # game; "continue" keeps the game and opens no code dialog.
    page.locator("#btn-code").click()
    expect(page.locator("#dialog-confirm")).to_be_visible()
    page.locator("#confirm-no").click()
    expect(page.locator("#dialog-confirm")).to_be_hidden()
    expect(page.locator("#dialog-code")).to_be_hidden()
    expect(page.locator("#info-moves")).to_have_text("1")
    page.locator("#btn-code").click()
    page.locator("#confirm-yes").click()
    expect(page.locator("#code-input")).to_be_focused()
    page.locator("#code-input").fill("HH1-N-12")
    page.locator("#code-ok").click()
    wait_idle(page)
    expect(page.locator("#code-error")).to_contain_text("HH1-N-XXXXXXX")
    expect(page.locator("#dialog-code")).to_be_visible()
    screenshot(page, artifacts, "desktop-bad-code")
    page.locator("#code-cancel").click()
    expect(page.locator("#info-code")).to_have_text(PINNED_WINNABLE)
    expect(page.locator("#info-moves")).to_have_text("1")
    page.locator("#btn-restart").click()
    expect(page.locator("#dialog-confirm")).to_be_visible()
    page.locator("#confirm-yes").click()
    wait_idle(page)
    expect(page.locator("#info-moves")).to_have_text("0")
    expect(page.locator("#info-code")).to_have_text(PINNED_WINNABLE)


def test_a_dialog_clears_the_selection_and_the_message(page: Page, server: ServerProcess) -> None:
    set_preferences(page, server.url, move_errors=True)
    open_game(page, server.url)
    enter_code(page, PINNED_WINNABLE)
    hit(page, 25)
    hit(page, "waste")
    assert selection(page) == "waste"
    expect(page.locator("#message")).to_have_text("Korttien on oltava samanarvoisia")
    page.locator("#btn-code").click()
    expect(page.locator("#dialog-code")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-selection", "")
    expect(page.locator("#message")).to_have_text("")
    page.locator("#code-cancel").click()
    expect(page.locator("#dialog-code")).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-selection", "")
    expect(page.locator("#info-moves")).to_have_text("0")
