import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hertta.cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    format_card,
    parse_card,
    parse_cards,
    sort_hand,
)
from hertta.errors import HerttaError, NotationError, quoted


def test_notation_and_display() -> None:
    queen = Card(Rank.QUEEN, Suit.SPADES)
    assert queen.notation == "QS"
    assert Card(Rank.TEN, Suit.HEARTS).notation == "TH"
    assert Card(Rank.TEN, Suit.HEARTS).display == "10♥"
    assert Card(Rank.TWO, Suit.CLUBS).display == "2♣"
    assert str(queen) == "QS"


@pytest.mark.parametrize("text", ["QS", "qs", " QS ", "Q♠"])
def test_parse_variants(text: str) -> None:
    assert parse_card(text) is Card(Rank.QUEEN, Suit.SPADES)


def test_parse_ten_spelled_out() -> None:
    assert parse_card("10H") is parse_card("TH")


@pytest.mark.parametrize("text", ["", "Q", "QX", "1S", "11H", "ZZ", "QSS", "Qſ", "١٠H"])
def test_bad_notation_quotes_input(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, HerttaError)


def test_not_text_is_refused() -> None:
    with pytest.raises(NotationError):
        parse_card(12)  # type: ignore[arg-type]


def test_round_trip_every_card() -> None:
    assert len(set(ALL_CARDS)) == 52
    for card in ALL_CARDS:
        assert parse_card(format_card(card)) is card
        assert Card.from_index(card.index) is card


@given(st.sampled_from(ALL_CARDS))
def test_interned_and_picklable(card: Card) -> None:
    assert Card(card.rank, card.suit) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == card.index


def test_immutable() -> None:
    with pytest.raises(AttributeError):
        Card(Rank.ACE, Suit.HEARTS).rank = Rank.TWO  # type: ignore[misc]


def test_no_such_card() -> None:
    with pytest.raises(NotationError):
        Card(15, Suit.HEARTS)
    with pytest.raises(NotationError):
        Card.from_index(52)


def test_sort_by_suit_then_rank() -> None:
    hand = parse_cards("AH 2C QS TD 3C")
    assert [c.notation for c in sort_hand(hand)] == ["2C", "3C", "TD", "QS", "AH"]


def test_parse_cards_string_and_list() -> None:
    assert parse_cards("QS, TH 2c") == parse_cards(["QS", "TH", "2C"])


def test_an_error_quotes_a_long_input_cut_short() -> None:
    with pytest.raises(NotationError) as caught:
        parse_card("Q" * 2_000_000)
    assert len(str(caught.value)) < 200 and "'QQQQ" in str(caught.value)
    assert quoted("x" * 500, 10) == "'xxxxxx..." and quoted("QS") == "'QS'"
