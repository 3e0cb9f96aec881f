"""The rules a person chooses for a match (hertta.tables.table_rules): every offered choice
reads back as written, and an option is refused where it does not belong, quoting it."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from hertta.cards import parse_card
from hertta.errors import ConfigError
from hertta.hearts import PRESET_NAMES, preset
from hertta.tables.table_rules import (
    ACE_OF_SPADES_POINTS,
    BONUS_CARDS,
    rule_options_json,
    rules_from_json,
    rules_json,
)


def every_choice() -> list[dict[str, Any]]:
    choices = []
    for name in PRESET_NAMES:
        players = preset(name).player_counts[-1]
        bonus = [None, *BONUS_CARDS.get(name, ())]
        ace = [None, *ACE_OF_SPADES_POINTS.get(name, ())]
        for card, points, breaks in product(bonus, ace, (None, False, True)):
            choice: dict[str, Any] = {"preset": name, "players": players, "moon_rule": "choose"}
            if card is not None:
                choice["bonus_card"] = card
            if points is not None:
                choice["ace_of_spades_points"] = points
            if breaks is not None:
                choice["queen_breaks_hearts"] = breaks
            choices.append(choice)
    return choices


@pytest.mark.parametrize("choice", every_choice())
def test_every_offered_choice_reads_back_as_written(choice: dict[str, Any]) -> None:
    rules, players = rules_from_json(choice)
    written = rules_json(rules, players)
    assert rules_from_json(written) == (rules, players)
    base = preset(choice["preset"])
    # Only what differs from the preset is written; the rest is the preset's own.
    for key in ("bonus_card", "ace_of_spades_points", "queen_breaks_hearts"):
        if key in written:
            assert written[key] == choice[key]
    assert rules.queen_breaks_hearts is choice.get("queen_breaks_hearts", False)
    if "bonus_card" in choice:
        assert rules.bonus_card is parse_card(choice["bonus_card"])
    else:
        assert rules.bonus_card is base.bonus_card


def test_the_options_change_the_scoring() -> None:
    jack, _ = rules_from_json({"preset": "omnibus", "bonus_card": "JD"})
    assert jack.card_value(parse_card("JD")) == -10 and jack.card_value(parse_card("TD")) == 0
    assert jack.moon_needs_bonus  # still Omnibus: the moon needs the bonus card
    ace, _ = rules_from_json({"preset": "black_lady", "ace_of_spades_points": 7})
    assert ace.card_value(parse_card("AS")) == 7 and ace.moon_total == 45
    assert rule_options_json(jack) == {"bonus_card": "JD"}
    assert rule_options_json(ace) == {"ace_of_spades_points": 7}
    assert rule_options_json(preset("omnibus")) == {}


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        ({"preset": "standard", "bonus_card": "JD"}, "standard has no bonus card to choose"),
        ({"preset": "omnibus", "bonus_card": "QD"}, "bonus_card must be one of TD, JD, got 'QD'"),
        ({"preset": "omnibus", "bonus_card": "joker"}, "got 'joker'"),
        ({"preset": "omnibus", "bonus_card": 10}, "got 10"),
        ({"preset": "standard", "ace_of_spades_points": 7}, "standard does not score the A♠"),
        ({"preset": "black_lady", "ace_of_spades_points": 5}, "must be one of 0, 7, got 5"),
        ({"preset": "black_lady", "ace_of_spades_points": True}, "got True"),
        ({"preset": "standard", "queen_breaks_hearts": "yes"}, "true or false, got 'yes'"),
        ({"preset": "standard", "heart_points": 2}, "unknown rules ['heart_points']"),
    ],
)
def test_an_option_is_refused_where_it_does_not_belong(choice: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError) as info:
        rules_from_json(choice)
    assert words in str(info.value)
