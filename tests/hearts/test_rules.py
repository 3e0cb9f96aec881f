"""One focused test per rule of the seed and RULES.md (standard table, explicit hands)."""

import pytest

from hertta.cards import Card, Suit, parse_card, parse_cards
from hertta.errors import IllegalMoveError, NotationError
from hertta.hearts.config import preset, with_options
from hertta.hearts.round import (
    REASONS,
    HeartsMoveError,
    Phase,
    RoundState,
    choose_moon,
    play_card,
    round_from_hands,
    submit_pass,
)
from tests.hearts.helpers import build_hands, cards, start

STANDARD = preset("standard")


def reason_of(state: RoundState, seat: int, card: str) -> str:
    with pytest.raises(HeartsMoveError) as caught:
        play_card(state, seat, parse_card(card))
    assert caught.value.reason in REASONS
    assert caught.value.seat == seat
    assert card in str(caught.value)
    return caught.value.reason


def play_all(state: RoundState, plays: str) -> RoundState:
    for card in cards(plays):
        assert state.turn is not None
        state = play_card(state, state.turn, card)
    return state


def test_the_seeds_passing_example() -> None:
    """The seed lists 12 cards of the 13-card hand; the 13th (2♦ here) stays in the hand."""
    hands = build_hands(STANDARD, 4, {0: "AS KS 3S 7H 5H 2H QD JD 8D 4D 9C 6C 2D", 3: "QH TH JC"})
    state = start(STANDARD, 4, hands, direction="left")
    state = submit_pass(state, 0, cards("AS KS 9C"))
    state = submit_pass(state, 3, cards("QH TH JC"))
    assert state.phase is Phase.PASSING
    state = submit_pass(state, 1, state.hands[1][:3])
    state = submit_pass(state, 2, state.hands[2][:3])
    assert state.phase is Phase.PLAYING
    assert state.received(0) == tuple(sorted(cards("QH TH JC")))
    expected = sorted(cards("3S QH TH 7H 5H 2H QD JD 8D 4D JC 6C 2D"))
    assert list(state.hands[0]) == expected
    assert set(cards("AS KS 9C")) <= set(state.hands[1])


def test_passing_is_simultaneous() -> None:
    hands = build_hands(STANDARD, 4, {})
    state = start(STANDARD, 4, hands, direction="left")
    chosen = state.hands[0][:3]
    state = submit_pass(state, 0, chosen)
    # Nothing moves before everyone has chosen; the chooser's hand no longer shows them.
    assert not set(chosen) & set(state.hands[1])
    assert not set(chosen) & set(state.hands[0])
    assert state.received(1) == ()
    assert state.waiting_for == (1, 2, 3)
    with pytest.raises(HeartsMoveError) as caught:
        play_card(state, 1, state.hands[1][0])
    assert caught.value.reason == "wrong_phase"


def test_pass_errors() -> None:
    state = start(STANDARD, 4, build_hands(STANDARD, 4, {}), direction="right")
    hand = state.hands[2]
    with pytest.raises(HeartsMoveError, match="must pass 3 cards, not 2") as caught:
        submit_pass(state, 2, hand[:2])
    assert caught.value.reason == "wrong_pass_count"
    foreign = state.hands[0][0]
    with pytest.raises(HeartsMoveError, match=foreign.notation) as caught:
        submit_pass(state, 2, [*hand[:2], foreign])
    assert caught.value.reason == "not_in_hand"
    with pytest.raises(HeartsMoveError, match=f"{hand[0].notation} .*named 3 times, held 1"):
        submit_pass(state, 2, [hand[0]] * 3)
    state = submit_pass(state, 2, hand[:3])
    with pytest.raises(HeartsMoveError) as caught:
        submit_pass(state, 2, state.hands[2][:3])
    assert caught.value.reason == "already_passed"


def test_right_pass_goes_to_the_previous_seat() -> None:
    state = start(STANDARD, 4, build_hands(STANDARD, 4, {}), direction="right")
    given = {seat: state.hands[seat][-3:] for seat in range(4)}
    for seat in range(4):
        state = submit_pass(state, seat, given[seat])
    for seat in range(4):
        assert state.received((seat - 1) % 4) == given[seat]


def test_opening_lead_is_the_two_of_clubs() -> None:
    hands = build_hands(STANDARD, 4, {2: "2C 5C 9D"})
    state = start(STANDARD, 4, hands)
    assert state.turn == 2
    assert state.legal_plays == (parse_card("2C"),)
    assert reason_of(state, 2, "5C") == "must_lead_opening_club"


def test_the_opening_lead_is_found_after_the_passes() -> None:
    hands = build_hands(STANDARD, 4, {1: "2C"})
    state = start(STANDARD, 4, hands, direction="across")
    for seat in range(4):
        chosen = [parse_card("2C"), *state.hands[1][1:3]] if seat == 1 else state.hands[seat][-3:]
        state = submit_pass(state, seat, chosen)
    assert state.turn == 3
    assert state.legal_plays == (parse_card("2C"),)


@pytest.mark.parametrize(("players", "opening"), [(3, "3C"), (5, "3C"), (6, "4C")])
def test_opening_lead_with_other_player_counts(players: int, opening: str) -> None:
    hands = build_hands(STANDARD, players, {1: opening})
    state = start(STANDARD, players, hands)
    assert state.turn == 1
    assert state.legal_plays == (parse_card(opening),)


def test_follow_suit() -> None:
    hands = build_hands(STANDARD, 4, {1: "2C", 2: "5C 9D"})
    state = play_all(start(STANDARD, 4, hands), "2C")
    assert all(c.suit is Suit.CLUBS for c in state.legal_plays)
    assert reason_of(state, 2, "9D") == "must_follow_suit"


def test_first_trick_no_penalty_cards_while_holding_others() -> None:
    hands = build_hands(STANDARD, 4, {1: "2C", 2: "QS 5H 9D"}, voids={2: [Suit.CLUBS]})
    state = play_all(start(STANDARD, 4, hands), "2C")
    assert reason_of(state, 2, "5H") == "no_points_first_trick"
    assert reason_of(state, 2, "QS") == "no_points_first_trick"
    assert parse_card("9D") in state.legal_plays
    assert not any(STANDARD.is_penalty(c) for c in state.legal_plays)


def test_first_trick_penalty_cards_allowed_when_nothing_else() -> None:
    only = "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hands = build_hands(STANDARD, 4, {1: "2C", 2: only})
    state = play_all(start(STANDARD, 4, hands), "2C")
    assert set(state.legal_plays) == set(cards(only))
    state = play_card(state, 2, parse_card("QS"))
    assert state.hearts_broken is False  # the Q♠ breaks nothing by default


def test_first_trick_bonus_card_is_allowed() -> None:
    omnibus = preset("omnibus")
    hands = build_hands(omnibus, 4, {1: "2C", 2: "TD 5H 9S"}, voids={2: [Suit.CLUBS]})
    state = play_all(start(omnibus, 4, hands), "2C")
    assert parse_card("TD") in state.legal_plays
    play_card(state, 2, parse_card("TD"))


def test_first_trick_black_lady_ace_of_spades_is_a_penalty_card() -> None:
    rules = with_options(preset("black_lady"), ace_of_spades_points=7)
    hands = build_hands(rules, 4, {1: "2C", 2: "AS 9D"}, voids={2: [Suit.CLUBS]})
    state = play_all(start(rules, 4, hands), "2C")
    assert reason_of(state, 2, "AS") == "no_points_first_trick"
    plain = preset("black_lady")
    state = play_all(start(plain, 4, hands), "2C")
    assert parse_card("AS") in state.legal_plays


def _won_first_trick_by_seat_0(extra: str) -> RoundState:
    """Seat 1 leads 2C, everyone follows clubs, seat 0 wins with AC and holds ``extra``."""
    hands = build_hands(STANDARD, 4, {0: "AC " + extra, 1: "2C", 2: "3C", 3: "4C"})
    state = play_all(start(STANDARD, 4, hands), "2C 3C 4C AC")
    assert state.tricks[0].winner == 0
    assert state.turn == 0
    return state


def test_hearts_cannot_be_led_before_they_are_broken() -> None:
    state = _won_first_trick_by_seat_0("5H 9D")
    assert not state.hearts_broken
    assert reason_of(state, 0, "5H") == "hearts_not_broken"
    assert all(c.suit is not Suit.HEARTS for c in state.legal_plays)


def test_a_hand_of_only_hearts_may_lead_hearts() -> None:
    state = _won_first_trick_by_seat_0("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert set(state.legal_plays) == set(state.hands[0])
    state = play_card(state, 0, parse_card("5H"))
    assert state.hearts_broken


def test_a_heart_discard_breaks_hearts() -> None:
    hands = build_hands(
        STANDARD,
        4,
        {0: "AC 9D 5H", 1: "2C 7H", 2: "3C 8D", 3: "4C 2D"},
        voids={1: [Suit.DIAMONDS]},
    )
    state = play_all(start(STANDARD, 4, hands), "2C 3C 4C AC")
    state = play_card(state, 0, parse_card("9D"))
    state = play_card(state, 1, parse_card("7H"))
    assert state.hearts_broken
    state = play_all(state, "8D 2D")
    assert state.tricks[1].winner == 0
    assert parse_card("5H") in state.legal_plays


@pytest.mark.parametrize("breaks", [False, True])
def test_queen_of_spades_breaks_hearts_only_with_the_option(breaks: bool) -> None:
    rules = with_options(STANDARD, queen_breaks_hearts=breaks)
    hands = build_hands(
        rules,
        4,
        {0: "AC 9D 5H", 1: "2C QS", 2: "3C 8D", 3: "4C 2D"},
        voids={1: [Suit.DIAMONDS]},
    )
    state = play_all(start(rules, 4, hands), "2C 3C 4C AC 9D QS")
    assert state.hearts_broken is breaks


def test_the_highest_card_of_the_led_suit_wins_no_trumps() -> None:
    hands = build_hands(
        STANDARD, 4, {1: "2C", 2: "3C", 3: "AH AD", 0: "5C"}, voids={3: [Suit.CLUBS]}
    )
    state = play_all(start(STANDARD, 4, hands), "2C 3C AD 5C")
    assert state.tricks[0].winner == 0
    assert state.turn == 0


def test_points_hearts_one_queen_thirteen() -> None:
    hands = build_hands(
        STANDARD,
        4,
        {0: "AC 9D", 1: "2C QS 4H", 2: "3C 8D", 3: "4C 5H"},
        voids={1: [Suit.DIAMONDS], 3: [Suit.DIAMONDS]},
    )
    state = play_all(start(STANDARD, 4, hands), "2C 3C 4C AC 9D QS 8D 5H")
    assert state.tricks[1].winner == 0
    assert state.tricks[1].points == 14
    assert state.points_taken == (14, 0, 0, 0)


def test_not_your_turn_not_in_hand_and_wrong_phase() -> None:
    hands = build_hands(STANDARD, 4, {1: "2C"})
    state = start(STANDARD, 4, hands)
    assert reason_of(state, 2, state.hands[2][0].notation) == "not_your_turn"
    other: Card = state.hands[2][0]
    assert reason_of(state, 1, other.notation) == "not_in_hand"
    with pytest.raises(HeartsMoveError) as caught:
        submit_pass(state, 0, state.hands[0][:3])
    assert caught.value.reason == "wrong_phase"
    with pytest.raises(HeartsMoveError) as caught:
        choose_moon(state, 0, "add")
    assert caught.value.reason == "wrong_phase"


def test_moves_are_pure() -> None:
    hands = build_hands(STANDARD, 4, {1: "2C"})
    state = start(STANDARD, 4, hands)
    before = (state.hands, state.plays, state.turn)
    after = play_card(state, 1, parse_card("2C"))
    assert (state.hands, state.plays, state.turn) == before
    assert after.plays == (parse_card("2C"),)
    with pytest.raises(IllegalMoveError):
        play_card(state, 1, state.hands[2][0])
    assert (state.hands, state.plays, state.turn) == before


def test_hands_may_be_given_as_notation_and_a_bad_card_is_a_notation_error() -> None:
    suits = "HSDC"
    written = [[f"{rank}{suit}" for rank in "AKQJT98765432"] for suit in suits]
    as_cards = [parse_cards(" ".join(hand)) for hand in written]
    standard = STANDARD
    assert round_from_hands(standard, 4, 0, "none", written) == round_from_hands(
        standard, 4, 0, "none", as_cards
    )
    with pytest.raises(NotationError, match="5"):
        round_from_hands(standard, 4, 0, "none", [[5], *written[1:]])  # type: ignore[list-item]
