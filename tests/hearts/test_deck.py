"""Decks, deals, pass directions and cycles, opening leads for 3-6 players."""

from collections import Counter

import pytest

from hertta.cards import ALL_CARDS, Card, parse_card
from hertta.errors import ConfigError
from hertta.hearts.config import preset
from hertta.hearts.deck import (
    PASS_CYCLES,
    PassDirection,
    check_cards,
    deal,
    deck_for,
    hand_size,
    kitty_size,
    opening_lead,
    parse_pass_direction,
    pass_direction_for_round,
    pass_offset,
    removed_cards,
    shuffled_deck,
)
from tests.hearts.helpers import cards

STANDARD = preset("standard")
CANCELLATION = preset("cancellation")


@pytest.mark.parametrize(
    ("players", "removed", "size"),
    [(3, "2C", 17), (4, "", 13), (5, "2C 2D", 10), (6, "2C 3C 2D 3D", 8)],
)
def test_deck_by_player_count(players: int, removed: str, size: int) -> None:
    assert set(removed_cards(STANDARD, players)) == set(cards(removed))
    deck = deck_for(STANDARD, players)
    assert len(deck) == 52 - len(cards(removed))
    assert hand_size(STANDARD, players) == size
    assert size * players == len(deck)
    assert kitty_size(STANDARD, players) == 0


@pytest.mark.parametrize(("players", "hand", "kitty"), [(5, 20, 4), (6, 17, 2)])
def test_cancellation_deck_two_copies_and_kitty(players: int, hand: int, kitty: int) -> None:
    deck = deck_for(CANCELLATION, players)
    assert len(deck) == 104
    assert Counter(deck) == Counter(ALL_CARDS * 2)
    assert hand_size(CANCELLATION, players) == hand
    assert kitty_size(CANCELLATION, players) == kitty


@pytest.mark.parametrize("players", [3, 4])
def test_cancellation_refuses_three_or_four_players(players: int) -> None:
    with pytest.raises(ConfigError, match=str(players)):
        deck_for(CANCELLATION, players)


@pytest.mark.parametrize("players", [2, 7])
def test_player_counts_outside_three_to_six(players: int) -> None:
    with pytest.raises(ConfigError):
        deck_for(STANDARD, players)


@pytest.mark.parametrize(
    ("players", "cycle"),
    [
        (3, ["left", "right", "none"]),
        (4, ["left", "right", "across", "none"]),
        (5, ["left", "right", "left2", "right2", "none"]),
        (6, ["left", "right", "across", "none"]),
    ],
)
def test_pass_cycle_by_player_count(players: int, cycle: list[str]) -> None:
    assert [d.value for d in PASS_CYCLES[players]] == cycle
    rounds = [pass_direction_for_round(players, k).value for k in range(2 * len(cycle))]
    assert rounds == cycle * 2


@pytest.mark.parametrize(
    ("direction", "players", "offset"),
    [
        ("left", 4, 1),
        ("right", 4, 3),
        ("across", 4, 2),
        ("across", 6, 3),
        ("left2", 5, 2),
        ("right2", 5, 3),
        ("none", 4, 0),
        ("right", 3, 2),
    ],
)
def test_pass_offsets(direction: str, players: int, offset: int) -> None:
    assert pass_offset(PassDirection(direction), players) == offset


@pytest.mark.parametrize(("direction", "players"), [("across", 5), ("across", 3), ("left2", 4)])
def test_pass_directions_that_do_not_exist(direction: str, players: int) -> None:
    with pytest.raises(ConfigError, match=direction):
        pass_offset(PassDirection(direction), players)


def test_unknown_pass_direction() -> None:
    with pytest.raises(ConfigError, match="'up'"):
        parse_pass_direction("up")


@pytest.mark.parametrize(
    ("text", "direction"),
    [
        ("Left", PassDirection.LEFT),
        (" RIGHT ", PassDirection.RIGHT),
        ("left_2", PassDirection.LEFT2),
        ("2 left", PassDirection.LEFT2),
        ("right-2", PassDirection.RIGHT2),
        ("2right", PassDirection.RIGHT2),
        ("hold", PassDirection.NONE),
        ("Keeper", PassDirection.NONE),
        ("no pass", PassDirection.NONE),
        ("left\n", PassDirection.LEFT),  # any white space, as spaces
        ("\tacross ", PassDirection.ACROSS),
    ],
)
def test_pass_direction_names_other_programs_write(text: str, direction: PassDirection) -> None:
    assert parse_pass_direction(text) is direction


@pytest.mark.parametrize("text", ["", "lef", "left3", "2", "acrosss", 1])
def test_near_misses_are_still_refused(text: object) -> None:
    with pytest.raises(ConfigError, match="unknown pass direction"):
        parse_pass_direction(text)


def test_deal_starts_at_the_dealers_left_one_card_at_a_time() -> None:
    order = list(ALL_CARDS)
    hands, kitty = deal(order, 4, dealer=2)
    assert hands[3][0] == order[0]  # the dealer's left (seat 3) gets the first card
    assert hands[0][0] == order[1]
    assert hands[2][-1] == order[51]  # the dealer gets the last
    assert kitty == ()


def test_deal_leaves_the_kitty_from_the_end() -> None:
    order = list(deck_for(CANCELLATION, 6))
    hands, kitty = deal(order, 6, dealer=0)
    assert [len(h) for h in hands] == [17] * 6
    assert kitty == tuple(sorted(order[102:]))


def test_shuffled_deck_is_reproducible_and_a_permutation() -> None:
    one = shuffled_deck(STANDARD, 4, 42)
    assert one == shuffled_deck(STANDARD, 4, 42)
    assert one != shuffled_deck(STANDARD, 4, 43)
    assert sorted(one) == list(ALL_CARDS)


@pytest.mark.parametrize(("players", "opening"), [(3, "3C"), (4, "2C"), (5, "3C"), (6, "4C")])
def test_opening_lead_is_the_lowest_club_in_play(players: int, opening: str) -> None:
    hands, _ = deal(shuffled_deck(STANDARD, players, 7), players, 0)
    seat, card = opening_lead(hands, 0) or (None, None)
    assert card == parse_card(opening)
    assert seat is not None and card in hands[seat]


def test_check_cards_names_the_problem() -> None:
    hands, _ = deal(shuffled_deck(STANDARD, 4, 1), 4, 0)
    short = [list(h) for h in hands]
    short[2] = short[2][:-1]
    with pytest.raises(ConfigError, match="seat 2 has 12 cards"):
        check_cards(STANDARD, 4, short)
    twice = [list(h) for h in hands]
    twice[1][0] = twice[0][0]
    with pytest.raises(ConfigError, match=f"{twice[0][0].notation} is dealt 2 times"):
        check_cards(STANDARD, 4, twice)
    three = [list(h) for h in deal(shuffled_deck(STANDARD, 3, 1), 3, 0)[0]]
    three[0][0] = Card.from_index(0)  # the 2C is out of the 3-player deck
    with pytest.raises(ConfigError, match="2C is not in the 3-player deck"):
        check_cards(STANDARD, 3, three)
