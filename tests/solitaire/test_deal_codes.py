import pytest
from hypothesis import given
from hypothesis import strategies as st

from hertta.cards import Rank
from hertta.errors import DealCodeError
from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import (
    DEAL_COUNT,
    deck_for_code,
    deck_for_number,
    format_deal_code,
    normalize_deal_code,
    parse_deal_code,
)
from hertta.solitaire.game import Status, deal_position, is_dead_end, new_game, new_game_code

from .helpers import LETTERS

GOLDEN = {
    "HH1-N-AAAAAAM": "T72JJ6937T239J4QKQ5827A64T553Q6874T9A849KA58KK3J26QA",
    "HH1-N-AAAAAAA": "42KA2J57AQJ899Q56579J6734T3AT3J2KQ29QK8T668T53847AK4",
    "HH1-N-AAAAAAB": "T2Q33652Q24AA79T978K6J486AQT87KK52J3564T7894K3AJQJ95",
    "HH1-N-ZZZZZZZ": "3JA554Q52K37238JQ4KT5ATA86QQ8226J6JTT977K479989K36A4",
    "HH1-N-HERTTAA": "52T726KJ8Q7T4T56989QA928TJQKKJK9643J3247A765A5QA3834",
    "HH1-N-SYDAMET": "2T2QAK5366KKAJ47TTJ547AKT957943789Q93A86J8J35Q26Q482",
}


@pytest.mark.parametrize(("code", "letters"), GOLDEN.items())
def test_golden_deals(code: str, letters: str) -> None:
    deck = deck_for_code(code)
    assert "".join(c.rank.letter for c in deck) == letters
    assert sorted(letters) == sorted(LETTERS * 4)


def test_aaaaaam_is_the_deal_of_the_rules_text() -> None:
    deck = deck_for_code("HH1-N-AAAAAAM")
    assert deck[0].display == "10♥"  # position 1
    assert deck[24].display == "4♥"  # the point
    assert deck[51].display == "A♥"  # turned onto the waste
    assert deck[33].display == "4♥"  # the ninth stock card
    assert all(c.rank is not Rank.FOUR for c in deck[25:33])


def test_format_and_parse_known_values() -> None:
    assert format_deal_code(12) == "HH1-N-AAAAAAM"
    assert format_deal_code(0) == "HH1-N-AAAAAAA"
    assert format_deal_code(DEAL_COUNT - 1) == "HH1-N-ZZZZZZZ"
    assert parse_deal_code("HH1-N-AAAAABA") == 26


def test_parse_is_case_insensitive_and_trimmed() -> None:
    assert parse_deal_code("  hh1-n-aaaaaam\t") == 12
    assert normalize_deal_code(" hh1-N-aaaaaam ") == "HH1-N-AAAAAAM"


@pytest.mark.parametrize("text", ["HH1-N-AAAAAAı", "hh1-n-aaaaaaſ", "ＨH1-N-AAAAAAM"])
def test_letters_that_only_look_like_ascii_are_refused(text: str) -> None:
    # str.upper() makes "ı" an "I" and "ſ" an "S": they must not name another deal.
    with pytest.raises(DealCodeError, match="not a deal code"):
        parse_deal_code(text)


@pytest.mark.parametrize("space", ["\u00a0", "\u2003", "\u3000", "\u0085", "\t\n"])
def test_any_white_space_around_a_code_is_trimmed(space: str) -> None:
    # A code pasted from a page may bring a no-break space: it was refused.
    assert parse_deal_code(f"{space}HH1-N-AAAAAAM{space}") == parse_deal_code("HH1-N-AAAAAAM")
    with pytest.raises(DealCodeError):
        parse_deal_code(f"HH1-N-{space}AAAAAAM")


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_round_trip(number: int) -> None:
    assert parse_deal_code(format_deal_code(number)) == number
    code = format_deal_code(number)
    assert format_deal_code(parse_deal_code(code.lower())) == code


@given(st.text(max_size=20))
def test_malformed_codes_raise(text: str) -> None:
    cleaned = text.strip().upper()
    valid = (
        cleaned.isascii()
        and len(cleaned) == 13
        and cleaned.startswith("HH1-N-")
        and all("A" <= ch <= "Z" for ch in cleaned[6:])
    )
    if valid:
        assert format_deal_code(parse_deal_code(text)) == cleaned
    else:
        with pytest.raises(DealCodeError):
            parse_deal_code(text)


@pytest.mark.parametrize(
    "text",
    ["", "HH1-N-AAAAAA", "HH1-N-AAAAAAAA", "HH2-N-AAAAAAM", "HH1-X-AAAAAAM", "HH1-N-AAAAAA1"],
)
def test_bad_code_message_quotes_input_and_form(text: str) -> None:
    with pytest.raises(DealCodeError) as info:
        parse_deal_code(text)
    assert repr(text) in str(info.value)
    assert "HH1-N-XXXXXXX" in str(info.value)


def test_out_of_range_numbers() -> None:
    with pytest.raises(DealCodeError):
        format_deal_code(DEAL_COUNT)
    with pytest.raises(DealCodeError):
        deck_for_number(-1)


def test_new_code_is_never_dead_and_reproducible() -> None:
    rng = SplitMix64(99)
    codes = [new_game_code(rng) for _ in range(200)]
    assert all(new_game(code).status is Status.PLAYING for code in codes)
    again = SplitMix64(99)
    assert codes == [new_game_code(again) for _ in range(200)]
    assert len(set(codes)) == 200


def test_dead_deals_exist_and_are_dealt_as_they_are() -> None:
    dead = next(n for n in range(10_000) if is_dead_end(deal_position(deck_for_number(n))))
    game = new_game(format_deal_code(dead))
    assert game.status is Status.DEAD_END
