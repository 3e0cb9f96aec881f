"""Cancellation Hearts: two decks, cancelling identical cards, carry-over, the kitty, the lead."""

import pytest

from hertta.cards import Suit, parse_card
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import preset
from hertta.hearts.fast import FastRound
from hertta.hearts.round import RoundState, play_card
from hertta.hearts.scoring import score_round
from tests.hearts.helpers import build_hands, cards, start

CANCELLATION = preset("cancellation")
NO_CLUBS = [Suit.CLUBS]


def play_all(state: RoundState, plays: str) -> RoundState:
    for card in cards(plays):
        assert state.turn is not None
        state = play_card(state, state.turn, card)
    return state


def test_identical_cards_cancel_and_the_highest_uncancelled_wins() -> None:
    hands = build_hands(
        CANCELLATION, 5, {1: "2C", 2: "KC", 3: "KC", 4: "5C", 0: "3C"}, kitty="2C AH AH QS"
    )
    state = play_all(start(CANCELLATION, 5, hands), "2C KC KC 5C 3C")
    trick = state.tricks[0]
    assert trick.cancelled == (False, True, True, False, False)
    assert trick.winner == 4
    assert state.turn == 4


def test_the_kitty_goes_to_the_first_tricks_taker() -> None:
    hands = build_hands(
        CANCELLATION, 5, {1: "2C", 2: "KC", 3: "KC", 4: "5C", 0: "3C"}, kitty="2C AH AH QS"
    )
    state = start(CANCELLATION, 5, hands)
    assert state.kitty == tuple(sorted(cards("2C AH AH QS")))
    state = play_all(state, "2C KC KC 5C 3C")
    assert state.kitty_taker == 4
    assert state.tricks[0].kitty == tuple(sorted(cards("2C AH AH QS")))
    assert state.tricks[0].taken_points == 15
    assert state.points_taken == (0, 0, 0, 0, 15)


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # Led suit all cancelled: the most recent uncancelled off-suit card wins, and the
        # later 7D is cancelled, so it cannot win.
        ("2C 2C 7D 9S 7D", 4),
        ("2C 2C 7D 9S 8D", 0),
    ],
)
def test_all_led_cards_cancelled_falls_back_to_the_latest_uncancelled_card(
    plays: str, winner: int
) -> None:
    played = cards(plays)
    fixed = {seat: [played[(seat - 1) % 5]] for seat in range(5)}
    hands = build_hands(
        CANCELLATION, 5, fixed, kitty="3C 3C 4C 4C", voids={3: NO_CLUBS, 4: NO_CLUBS, 0: NO_CLUBS}
    )
    state = play_all(start(CANCELLATION, 5, hands), plays)
    assert state.tricks[0].winner == winner


def _carried_round() -> RoundState:
    fixed = {
        1: "2C 3C",
        2: "2C AC",
        3: "7D 5H",
        4: "7D 8D",
        5: "9S TD",
        0: "9S JD",
    }
    voids = {seat: NO_CLUBS for seat in (3, 4, 5, 0)}
    hands = build_hands(CANCELLATION, 6, fixed, kitty="QS AH", voids=voids)
    return play_all(start(CANCELLATION, 6, hands), "2C 2C 7D 7D 9S 9S")


def test_an_all_cancelled_trick_carries_over_and_the_leader_leads_again() -> None:
    state = _carried_round()
    first = state.tricks[0]
    assert first.winner is None
    assert all(first.cancelled)
    assert state.carried == first.cards
    assert state.turn == 1
    assert state.trick_leader == 1
    assert state.kitty_taker is None
    assert state.points_taken == (0,) * 6


def test_the_first_trick_rule_does_not_apply_to_the_repeated_lead() -> None:
    state = play_all(_carried_round(), "3C AC")
    assert state.first_trick is False
    assert parse_card("5H") in state.legal_plays  # seat 3 is void in clubs, holds diamonds too


def test_the_next_winner_takes_the_carried_cards_and_the_kitty() -> None:
    state = play_all(_carried_round(), "3C AC 5H 8D TD JD")
    second = state.tricks[1]
    assert second.winner == 2
    assert second.carried_in == state.tricks[0].cards
    assert second.kitty == tuple(sorted(cards("QS AH")))
    assert second.taken_points == 1 + 13 + 1
    assert state.kitty_taker == 2
    assert state.carried == ()
    assert state.points_taken == (0, 0, 15, 0, 0, 0)


def test_an_all_cancelled_last_trick_goes_to_its_leader() -> None:
    rules = compile_rules(CANCELLATION, 6)
    index = {c: parse_card(c).index for c in ("5H", "6S", "7D", "QS")}
    hands = [
        [index["7D"]],
        [index["7D"]],
        [index["5H"]],
        [index["5H"]],
        [index["6S"]],
        [index["6S"]],
    ]
    game = FastRound.restore(
        rules,
        dealer=0,
        hands=hands,
        leader=2,
        trick=[],
        hearts_broken=True,
        first_trick=False,
        opening=-1,
        tricks_left=1,
        penalty=[0] * 6,
        bonus=[0] * 6,
        carried=[index["QS"]],
        kitty_taker=3,
    )
    while not game.is_over:
        game.play(game.legal_cards()[0])
    assert game.last_winner == 2
    assert game.penalty == [0, 0, 2 + 13, 0, 0, 0]


def test_opening_lead_with_both_twos_of_clubs_in_the_kitty_is_the_three() -> None:
    hands = build_hands(CANCELLATION, 5, {3: "3C", 4: "3C"}, kitty="2C 2C AH KH")
    state = start(CANCELLATION, 5, hands, dealer=0)
    assert state.turn == 3
    assert state.legal_plays == (parse_card("3C"),)
    assert start(CANCELLATION, 5, hands, dealer=3).turn == 4


@pytest.mark.parametrize(("dealer", "leader"), [(0, 2), (1, 2), (2, 4), (3, 4), (4, 2)])
def test_two_holders_of_the_lowest_club_the_first_clockwise_from_the_dealers_left_leads(
    dealer: int, leader: int
) -> None:
    hands = build_hands(CANCELLATION, 5, {2: "2C", 4: "2C"}, kitty="AH KH QH JH")
    state = start(CANCELLATION, 5, hands, dealer=dealer)
    assert state.turn == leader


def test_one_holder_of_both_copies_leads_one_of_them() -> None:
    hands = build_hands(CANCELLATION, 6, {5: "2C 2C"}, kitty="AH KH")
    state = start(CANCELLATION, 6, hands, dealer=5)
    assert state.turn == 5
    state = play_card(state, 5, parse_card("2C"))
    assert parse_card("2C") in state.hands[5]


def test_points_double_and_the_moon_is_52() -> None:
    rules = compile_rules(CANCELLATION, 5)
    assert rules.moon_total == 52
    moon = score_round(rules, [52, 0, 0, 0, 0], [0] * 5)
    assert moon.shooter == 0
    assert moon.points == (0, 52, 52, 52, 52)
    no_moon = score_round(rules, [26, 26, 0, 0, 0], [0] * 5)
    assert no_moon.shooter is None
    assert no_moon.points == (26, 26, 0, 0, 0)


def test_duplicate_cards_are_held_and_played_one_at_a_time() -> None:
    hands = build_hands(CANCELLATION, 5, {1: "2C 5D 5D"}, kitty="AH KH QH JH")
    state = start(CANCELLATION, 5, hands)
    assert list(state.hands[1]).count(parse_card("5D")) == 2
    assert list(state.legal_plays) == [parse_card("2C")]
