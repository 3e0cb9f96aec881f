"""Rules configuration: presets, options, validation and the record form."""

import pytest

from hertta.cards import parse_card
from hertta.errors import ConfigError
from hertta.hearts.config import (
    PRESET_NAMES,
    RulesConfig,
    overrides,
    preset,
    rules_from_json,
    rules_to_json,
    with_options,
)


def test_standard_defaults() -> None:
    rules = preset("standard")
    assert rules == RulesConfig()
    assert (rules.heart_points, rules.queen_points, rules.ace_of_spades_points) == (1, 13, 0)
    assert rules.bonus_card is None
    assert rules.moon_rule == "add"
    assert rules.score_limit == 100
    assert rules.queen_breaks_hearts is False
    assert rules.decks == 1
    assert rules.player_counts == (3, 4, 5, 6)


def test_omnibus_ten_of_diamonds_minus_ten_and_moon_needs_it() -> None:
    rules = preset("omnibus")
    assert rules.bonus_card == parse_card("TD")
    assert rules.card_value(parse_card("TD")) == -10
    assert rules.moon_needs_bonus is True
    jack = with_options(rules, bonus_card=parse_card("JD"))
    assert jack.card_value(parse_card("JD")) == -10
    assert jack.card_value(parse_card("TD")) == 0


def test_jack_of_diamonds_preset() -> None:
    rules = preset("jack_of_diamonds")
    assert rules.card_value(parse_card("JD")) == -10
    assert rules.moon_needs_bonus is False


def test_black_lady_queen_25_and_optional_ace_7() -> None:
    rules = preset("black_lady")
    assert rules.card_value(parse_card("QS")) == 25
    assert rules.card_value(parse_card("AS")) == 0
    assert rules.moon_total == 38
    with_ace = with_options(rules, ace_of_spades_points=7)
    assert with_ace.card_value(parse_card("AS")) == 7
    assert with_ace.is_penalty(parse_card("AS"))
    assert with_ace.moon_total == 45


def test_cancellation_two_decks_for_five_or_six() -> None:
    rules = preset("cancellation")
    assert rules.decks == 2
    assert rules.player_counts == (5, 6)
    assert rules.moon_total == 52


def test_standard_moon_total_26_and_card_values() -> None:
    rules = preset("standard")
    assert rules.moon_total == 26
    assert rules.card_value(parse_card("2H")) == 1
    assert rules.card_value(parse_card("QS")) == 13
    assert rules.card_value(parse_card("KS")) == 0
    assert not rules.is_penalty(parse_card("TD"))


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_by_name(name: str) -> None:
    assert preset(name).preset == name
    assert preset(f" {name.upper()} ").preset == name


def test_unknown_preset_is_refused_with_the_name() -> None:
    with pytest.raises(ConfigError, match="'spades'"):
        preset("spades")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"moon_rule": "double"}, "moon_rule 'double'"),
        ({"score_limit": 0}, "score_limit"),
        ({"score_limit": "100"}, "score_limit"),
        ({"heart_points": True}, "heart_points"),
        ({"bonus_points": 5}, "bonus_points"),
        ({"bonus_card": parse_card("QS")}, "'QS'"),
        ({"bonus_card": parse_card("5H")}, "'5H'"),
        ({"queen_breaks_hearts": 1}, "queen_breaks_hearts"),
        ({"colour": "red"}, "'colour'"),
        ({"queen_points": 10**201}, "queen_points must be at most 1,000,000 in size, got 1000"),
        ({"heart_points": 1_000_001}, "heart_points .* got 1000001"),
        ({"bonus_points": -(10**300)}, "bonus_points"),
        ({"ace_of_spades_points": 2_000_000}, "ace_of_spades_points"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        with_options(preset("standard"), **options)


def test_a_card_may_score_a_million_points_either_way() -> None:
    rules = with_options(preset("omnibus"), queen_points=10**6, heart_points=10**6,
                         bonus_points=-(10**6))
    assert rules.penalty_per_deck == 14 * 10**6


def test_moon_needs_bonus_needs_a_bonus_card() -> None:
    with pytest.raises(ConfigError, match="bonus_card"):
        with_options(preset("standard"), moon_needs_bonus=True)


@pytest.mark.parametrize("limit", [1, 50, 150, 1000])
def test_any_positive_score_limit(limit: int) -> None:
    assert with_options(preset("standard"), score_limit=limit).score_limit == limit


def test_record_form_round_trip() -> None:
    plain = preset("black_lady")
    assert rules_to_json(plain) == "black_lady"
    changed = with_options(preset("omnibus"), moon_rule="choose", bonus_card=parse_card("JD"))
    data = rules_to_json(changed)
    assert data == {"preset": "omnibus", "bonus_card": "JD", "moon_rule": "choose"}
    assert rules_from_json(data) == changed
    assert overrides(changed) == {"bonus_card": parse_card("JD"), "moon_rule": "choose"}


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (7, "preset name or an object"),
        ({"moon_rule": "add"}, "'preset'"),
        ({"preset": "standard", "moon": "add"}, "'moon'"),
        ({"preset": "omnibus", "bonus_card": "XX"}, "bonus_card"),
        ("nope", "'nope'"),
    ],
)
def test_bad_record_rules(value: object, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        rules_from_json(value)
