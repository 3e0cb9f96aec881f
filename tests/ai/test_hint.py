"""The hint button: Hard's suggestion with a reason code the UI can translate."""

from __future__ import annotations

import pytest

from hertta.ai.hard import HardPlayer
from hertta.ai.hint import PASS_REASONS, PLAY_REASONS, REASON_CODES, describe_play, hint
from hertta.ai.passing import PASS_RULES
from hertta.ai.play_rules import PLAY_RULES
from hertta.ai.situation import situation_of
from hertta.errors import IllegalMoveError
from hertta.hearts.observation import observe
from hertta.rng import SplitMix64

from .helpers import card, position, view
from .test_normal_pass_and_moon import _moon_state

OPENING = "2C AC 3C 4C"


def test_every_rule_has_a_reason_code() -> None:
    assert {name for name, _ in PLAY_RULES} == set(PLAY_REASONS)
    assert {name for name, _ in PASS_RULES} == set(PASS_REASONS)
    assert set(PLAY_REASONS.values()) | set(PASS_REASONS.values()) <= set(REASON_CODES)
    assert len(set(REASON_CODES)) == len(REASON_CODES)


def test_play_hint_dumps_the_queen_under_the_king() -> None:
    state = position({0: "4C QS 5S", 1: "2C 3S", 2: "AC KS", 3: "3C 2S"}, OPENING + " KS 2S")
    found = hint(view(state), SplitMix64(2), HardPlayer(budget=5000))
    assert (found.kind, found.cards, found.reason_code) == ("play", (card("QS"),), "dump_queen")


def test_play_hint_ducks() -> None:
    state = position(
        {0: "3C 3D 8D 9D JD", 1: "2C 5D", 2: "AC 4D", 3: "4C KD TD"},
        "2C AC 4C 3C  4D KD 3D 5D  TD",
    )
    found = hint(view(state), SplitMix64(2), HardPlayer(budget=5000))
    assert found.kind == "play"
    assert found.reason_code in REASON_CODES
    if found.cards == (card("9D"),):
        assert found.reason_code == "duck"


def test_describe_play_names_what_a_card_does() -> None:
    state = position(
        {0: "3C 3D 8D 9D JD", 1: "2C 5D", 2: "AC 4D", 3: "4C KD TD"},
        "2C AC 4C 3C  4D KD 3D 5D  TD",
    )
    s = situation_of(view(state))
    assert describe_play(s, card("8D")) == "duck"
    assert describe_play(s, card("JD")) == "win_trick"


def test_moon_hint_names_the_option_and_why() -> None:
    totals = (10, 80, 20, 90)
    obs = observe(_moon_state(totals), 3, totals)
    found = hint(obs, SplitMix64(1))
    assert (found.kind, found.option, found.reason_code) == ("moon", "subtract", "moon_best_chance")
    totals = (80, 60, 70, 10)
    obs = observe(_moon_state(totals), 3, totals)
    found = hint(obs, SplitMix64(1))
    assert (found.option, found.reason_code) == ("add", "moon_ends_match")


def test_no_hint_when_no_decision_waits() -> None:
    state = position({0: "4C QS 5S", 1: "2C 3S", 2: "AC KS", 3: "3C 2S"}, OPENING + " KS 2S")
    with pytest.raises(IllegalMoveError, match="seat 1"):
        hint(observe(state, 1), SplitMix64(1))
