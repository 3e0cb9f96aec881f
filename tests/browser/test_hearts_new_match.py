"""The new-match dialog: every limit it shows comes from the server's config (player counts,
presets per table size, score limits, names, the pass size), and the variants' options are
offered only where they belong. Split from ``test_hearts_client.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import hertta.web.routes.hearts
from hertta.web.hearts_session import hearts_limits
from tests.browser.gated_server import GatedServer
from tests.browser.hearts_page import hand_ids, hit, new_match, open_hearts, option_values
from tests.web.server_process import ServerProcess

pytestmark = pytest.mark.browser

CODE = "HM1-S4-AAAAAAM"


def config_limits(page: Page) -> dict[str, Any]:
    limits: dict[str, Any] = page.evaluate(
        "JSON.parse(document.getElementById('game-config').textContent).limits")
    return limits


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


def test_another_limit_out_of_range_is_said_not_swapped(page: Page, server: ServerProcess) -> None:
    """"Muu..." 2000 or 0 started a match to 100 with no word (an outside audit)."""
    open_hearts(page, server.url)
    page.locator("#new-limit").select_option("other")
    other = page.locator("#new-limit-other")
    for typed in ("2000", "0", "7.5", ""):
        other.fill(typed)
        page.locator("#new-start").click()
        expect(page.locator("#new-error")).to_have_text("Pisterajan on oltava kokonaisluku 1–1000.")
        expect(other).to_have_attribute("aria-invalid", "true")
        expect(other).to_be_focused()
        expect(page.locator("#dialog-new")).to_be_visible()
    new_match(page, limit="75")  # mended: the match starts to that limit
    expect(page.locator("#game")).to_have_attribute("data-status", "passing")
    expect(page.locator("#new-limit-other")).not_to_have_attribute("aria-invalid", "true")


def test_the_variants_options_are_offered_where_they_belong(
    page: Page, server: ServerProcess
) -> None:
    open_hearts(page, server.url)
    limits = config_limits(page)
    rows = {"#new-bonus": "omnibus", "#new-ace": "black_lady"}
    page.locator("#new-players").select_option("6")  # every preset is played by six
    for preset_name in limits["presets"]:
        page.locator("#new-preset").select_option(preset_name)
        for selector, belongs_to in rows.items():
            shown = expect(page.locator(selector))
            shown.to_be_visible() if preset_name == belongs_to else shown.to_be_hidden()
            label = expect(page.locator(f"label[for='{selector[1:]}']"))
            label.to_be_visible() if preset_name == belongs_to else label.to_be_hidden()
        expect(page.locator("#new-queen-breaks")).to_be_visible()
    assert option_values(page, "#new-bonus") == limits["bonus_cards"]["omnibus"]
    assert option_values(page, "#new-ace") == ["0", "7"]
    page.locator("#new-players").select_option("4")
    page.locator("#new-preset").select_option("omnibus")
    page.locator("#new-bonus").select_option("JD")
    page.locator("#new-queen-breaks").select_option("true")
    page.locator("#new-start").click()
    expect(page.locator("#dialog-new")).not_to_be_visible()
    expect(page.locator("#info-variant")).to_have_text("Omnibus Hearts +")
    expect(page.locator("#info-variant")).to_have_attribute(
        "title", "Omnibus Hearts, bonuskortti J♦, patakuningatar rikkoo hertat")
    # The dialog keeps what was chosen last; a match without options shows the variant alone.
    page.locator("#btn-new").click()
    expect(page.locator("#new-queen-breaks")).to_have_value("true")
    page.locator("#new-queen-breaks").select_option("false")
    page.locator("#new-preset").select_option("black_lady")
    page.locator("#new-start").click()
    expect(page.locator("#info-variant")).to_have_text("Black Lady")


def test_the_page_follows_the_limits_it_is_given(
    page: Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real app with other limits in its page: the page follows them (no number of its
    own for the pass, the names or which presets a table size allows)."""
    limits = hearts_limits()
    limits |= {"pass_size": 4, "name_max": 5,
               "presets": {**limits["presets"], "cancellation": [4, 5, 6]}}
    monkeypatch.setattr(hertta.web.routes.hearts, "hearts_limits", lambda: limits)
    with GatedServer(tmp_path / "hertta.db") as server:
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


def test_a_first_visit_may_cancel_the_new_match_dialog(page: Page, server: ServerProcess) -> None:
    open_hearts(page, server.url)
    dialog = page.locator("#dialog-new")
    expect(dialog).to_be_visible()  # no match yet: the dialog offers one by itself ...
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()  # ... and a person may decline it
    expect(page.locator("#prompt")).to_have_text("Aloita uusi ottelu.")
    page.locator("button.lang-button").click()  # the header is live again (it was under the
    # dialog, which took every click and key)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(dialog).to_be_visible()  # a new page with no match offers it again
    page.locator("#new-cancel").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#prompt")).to_have_text("Start a new match.")
    expect(page.locator("#btn-new")).to_be_focused()  # the way back, for the keyboard
    page.keyboard.press("n")
    expect(dialog).to_be_visible()

