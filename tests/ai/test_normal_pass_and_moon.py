"""Normal's passing rules and its moon choice, one focused scenario each."""

from __future__ import annotations

from hertta.ai.easy import EasyPlayer
from hertta.ai.moon import best_moon_option, option_value
from hertta.ai.normal import NormalPlayer
from hertta.ai.passing import PassContext, explain_pass, normal_pass
from hertta.cards import Card, parse_cards
from hertta.hearts.config import RulesConfig, preset, with_options
from hertta.hearts.observation import observe
from hertta.hearts.round import Phase, play_card, round_from_hands
from hertta.rng import SplitMix64

from .helpers import STANDARD, card

BLACK_LADY = preset("black_lady")


def passed(hand: str, rules: RulesConfig = STANDARD) -> list[Card]:
    return normal_pass(PassContext(tuple(parse_cards(hand)), rules))


def rules_of(hand: str, rules: RulesConfig = STANDARD) -> dict[Card, str]:
    return dict(explain_pass(PassContext(tuple(parse_cards(hand)), rules)))


def test_pass_an_unprotected_queen() -> None:
    hand = "QS 3S 4S 2D 5D 8D JD 3C 6C 9C 2H 5H 7H"
    assert rules_of(hand)[card("QS")] == "unprotected_queen"


def test_keep_a_queen_with_three_low_spades() -> None:
    hand = "QS 2S 3S 4S 5D 8D JD 3C 6C 9C 2H 5H 7H"
    assert card("QS") not in passed(hand)


def test_black_lady_needs_four_low_spades_to_keep_the_queen() -> None:
    hand = "QS 2S 3S 4S 5D 8D JD 3C 6C 9C 2H 5H 7H"
    assert card("QS") in passed(hand, BLACK_LADY)
    guarded = "QS 2S 3S 4S 5S 8D JD 3C 6C 9C 2H 5H 7H"
    assert card("QS") not in passed(guarded, BLACK_LADY)


def test_black_lady_ace_option_passes_the_ace_of_spades_even_when_guarded() -> None:
    rules = with_options(BLACK_LADY, ace_of_spades_points=7)
    hand = "AS 2S 3S 4S 5S 8D JD 3C 6C 9C 2H 5H 7H"
    assert rules_of(hand, rules)[card("AS")] == "high_spades"
    assert card("AS") not in passed(hand)


def test_void_a_short_suit() -> None:
    hand = "KC 2S 3S 4S 5S 2D 5D 8D JD QD 2H 5H 7H"
    assert rules_of(hand)[card("KC")] == "void_short_suits"


def test_void_two_cards_of_a_suit_when_they_fit() -> None:
    hand = "KC 9C 2S 3S 4S 5S 2D 5D 8D JD QD 2H 5H"
    choice = rules_of(hand)
    assert choice[card("KC")] == choice[card("9C")] == "void_short_suits"


def test_keep_low_hearts_and_pass_high_hearts() -> None:
    hand = "AH KH 2H 3H 4H 2S 3S 4S 5S 2D 3D 4D 5D"
    chosen = passed(hand)
    assert card("AH") in chosen and card("KH") in chosen
    assert not {card("2H"), card("3H"), card("4H")} & set(chosen)


def test_pass_a_middle_heart_with_two_top_cards_against_a_moon() -> None:
    hand = "AS KS 3S 9H 5H 2H QD JD 8D 4D 9C 6C 4C"
    assert passed(hand) == sorted(parse_cards("AS KS 9H"))
    assert rules_of(hand)[card("9H")] == "middle_heart_against_moon"


def test_a_moon_hand_passes_its_low_losers() -> None:
    hand = "AH KH QH JH TH AS KS AD KD QD AC 2C 3D"
    assert passed(hand) == sorted(parse_cards("2C 3D QD"))
    assert set(rules_of(hand).values()) == {"moon_hand_pass"}


def test_the_bonus_card_is_never_passed() -> None:
    omnibus = preset("omnibus")
    hand = "TD 2S 3S 4S 5S 2C 3C 4C 5C 2H 3H 4H 5H"
    assert card("TD") not in passed(hand, omnibus)
    assert card("TD") in passed(hand)  # in the standard game it is just a high diamond


# --- the moon choice --------------------------------------------------------------------


def test_option_value_prefers_ending_the_match_as_winner() -> None:
    assert option_value((10, 80, 60, 70), (0, 26, 26, 26), 0, 100) > option_value(
        (10, 80, 60, 70), (-26, 0, 0, 0), 0, 100
    )


def _moon_state(totals: tuple[int, ...]):  # type: ignore[no-untyped-def]
    """Seat 3 holds every club and leads them all; the others must throw everything else on
    its tricks, so it takes every point: a moon under the ``choose`` rule."""
    rules = with_options(STANDARD, moon_rule="choose")
    hands = [
        parse_cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
        parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"),
        parse_cards("AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D"),
        parse_cards("AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C"),
    ]
    state = round_from_hands(rules, 4, 2, "none", hands)
    while state.phase is Phase.PLAYING:
        seat = state.turn
        assert seat is not None
        state = play_card(state, seat, min(state.legal_plays))
    assert state.phase is Phase.MOON_CHOICE and state.moon_shooter == 3
    return state


def test_normal_picks_subtract_when_add_ends_a_lost_match() -> None:
    totals = (10, 80, 20, 90)  # add: 36 106 46 90, the match ends and seat 3 loses
    state = _moon_state(totals)
    obs = observe(state, 3, totals)
    assert best_moon_option(obs) == "subtract"
    assert NormalPlayer().choose_moon(obs, SplitMix64(0)) == "subtract"
    # Easy too (RULES.md: a computer player picks what serves it best; it always took add).
    assert all(EasyPlayer().choose_moon(obs, SplitMix64(seed)) == "subtract" for seed in range(8))


def test_normal_picks_add_when_add_ends_a_won_match() -> None:
    totals = (80, 60, 70, 10)  # add: 106 86 96 10, the match ends and seat 3 wins
    state = _moon_state(totals)
    obs = observe(state, 3, totals)
    assert NormalPlayer().choose_moon(obs, SplitMix64(0)) == "add"
