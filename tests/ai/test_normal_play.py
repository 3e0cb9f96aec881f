"""Focused scenarios for each of Normal's play rules: the card, and the rule that chose it."""

from __future__ import annotations

from hertta.ai.normal import NormalPlayer
from hertta.ai.play_rules import explain_play
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit
from hertta.hearts.config import preset, with_options
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64

from .helpers import card, position, view

CLUBS, DIAMONDS, SPADES, HEARTS = Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS
# Trick 1 of most scenarios: seat 1 opens 2♣, seat 2 wins it with A♣ and leads trick 2.
OPENING = "2C AC 3C 4C"


def normal(obs: Observation) -> tuple[Card, str]:
    chosen, rule = explain_play(situation_of(obs))
    assert NormalPlayer().choose_play(obs, SplitMix64(0)) is chosen
    assert chosen in obs.legal_plays
    return chosen, rule


def test_duck_under_the_winner_with_the_highest_lower_card() -> None:
    state = position(
        {0: "3C 3D 8D 9D JD", 1: "2C 5D", 2: "AC 4D", 3: "4C KD TD"},
        "2C AC 4C 3C  4D KD 3D 5D  TD",
    )
    assert normal(view(state)) == (card("9D"), "duck_under_winner")


def test_dump_the_queen_under_a_higher_spade() -> None:
    state = position({0: "4C QS 5S", 1: "2C 3S", 2: "AC KS", 3: "3C 2S"}, OPENING + " KS 2S")
    assert normal(view(state)) == (card("QS"), "dump_queen_under_winner")


def test_dump_the_queen_when_void() -> None:
    state = position(
        {0: "4C QS 2H", 1: "2C", 2: "AC 4D", 3: "3C 6D"}, OPENING + " 4D 6D", voids={0: [DIAMONDS]}
    )
    assert normal(view(state)) == (card("QS"), "dump_queen_when_void")


def test_dump_the_highest_heart_when_void_without_the_queen() -> None:
    state = position(
        {0: "4C 2H 9H KH", 1: "2C", 2: "AC 4D", 3: "3C 6D"},
        OPENING + " 4D 6D",
        voids={0: [DIAMONDS, SPADES]},
    )
    assert normal(view(state)) == (card("KH"), "dump_hearts")


def test_dump_ace_of_spades_when_void_while_the_queen_is_out() -> None:
    state = position(
        {0: "4C AS 2H", 1: "2C", 2: "AC 4D", 3: "3C 6D"}, OPENING + " 4D 6D", voids={0: [DIAMONDS]}
    )
    assert normal(view(state)) == (card("AS"), "dump_high_spades_when_void")


def test_play_a_high_club_on_the_first_trick() -> None:
    # Seat 3 opens; seat 0 plays second: no points can fall on the first trick.
    state = position({3: "2C", 0: "AC KC 5C"}, "2C")
    assert normal(view(state)) == (card("AC"), "high_cards_early")


def test_last_to_play_wins_a_clean_trick_with_the_highest_card() -> None:
    state = position(
        {0: "3C 7D", 1: "2C 3D 9D KD", 2: "AC 4D", 3: "4C 6D"}, "2C AC 4C 3C  4D 6D 7D"
    )
    obs = view(state)
    assert obs.seat == 1
    highest = max(c for c in obs.hand if c.suit is DIAMONDS)
    assert highest.rank >= card("KD").rank
    assert normal(obs) == (highest, "win_clean_trick_last")


def test_flush_the_queen_with_a_low_spade() -> None:
    seat2 = "AC 4S 7S 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H"
    state = position({1: "2C", 2: seat2, 3: "3C", 0: "4C"}, OPENING)
    assert normal(view(state)) == (card("4S"), "flush_the_queen")


def test_no_spade_lead_while_holding_the_queen() -> None:
    seat2 = "AC QS 2S 9D TD JD KD 7H 8H 9H TH JH QH"
    state = position({1: "2C", 2: seat2, 3: "3C", 0: "4C"}, OPENING)
    chosen, rule = normal(view(state))
    assert chosen.suit is not SPADES
    assert (chosen, rule) == (card("9D"), "lead_low")


def test_lead_a_top_diamond_early_before_points_appear() -> None:
    seat2 = "AC AD KD 2D 3D 4D 9D 7H 8H 9H TH JH QH"
    state = position({1: "2C", 2: seat2, 3: "3C", 0: "4C"}, OPENING)
    assert normal(view(state)) == (card("AD"), "lead_high_early")


# --- the moon ---------------------------------------------------------------------------

MOON_TRICKS = "2C AC 3C 4C  KS QS 2S 3S"
"""Seat 2 wins the opening trick, then takes the Q♠ (13 points): a moon threat."""


def test_block_the_moon_by_giving_a_heart_to_someone_else() -> None:
    state = position(
        {0: "4C 2S 3H 9H", 1: "2C 3S", 2: "AC KS 5D", 3: "3C QS 9D"},
        MOON_TRICKS + " 5D 9D",
        voids={0: [DIAMONDS]},
    )
    assert normal(view(state)) == (card("9H"), "block_the_moon")


def test_block_the_moon_by_not_feeding_the_shooter() -> None:
    state = position(
        {0: "4C 2S 3H 9H", 1: "2C 3S", 2: "AC KS KD", 3: "3C QS 2D"},
        MOON_TRICKS + " KD 2D",
        voids={0: [DIAMONDS]},
    )
    chosen, rule = normal(view(state))
    assert rule == "block_the_moon"
    assert chosen.suit is not HEARTS


ONLY_HEARTS_UNDER_THE_SHOOTER = position(
    {0: "4C 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", 1: "2C 3S", 2: "AC KS KD", 3: "3C QS 2D"},
    MOON_TRICKS + " KD 2D",
)
"""Seat 0, void in diamonds with nothing but hearts, on the threat's winning trick."""


def test_block_the_moon_by_feeding_the_shooter_its_lowest_heart() -> None:
    # Every card feeds it: the 2♥, keeping the Q♥ and J♥ that can still take a trick from it.
    assert normal(view(ONLY_HEARTS_UNDER_THE_SHOOTER)) == (card("2H"), "block_the_moon")


A_LONE_TAKER_WINS = position(
    {0: "4C 2H 3H", 1: "2C 4D 5D", 2: "AC KD QD JD", 3: "3C 5H 6H 8H KH 7C 8C 9C TC JC 5S 6S 7S"},
    "2C AC 3C 4C  KD 5H 3H 4D  QD 6H 2H 5D  JD",
    voids={0: [DIAMONDS]},
)
"""Seat 2 has taken the only points (4 hearts) and wins the J♦ trick; seat 3 is void."""


def test_keep_points_from_a_lone_taker() -> None:
    # Well short of a moon threat, but a moon needs every point: the J♣ goes, not the K♥.
    assert normal(view(A_LONE_TAKER_WINS)) == (card("JC"), "keep_points_from_a_lone_taker")


def test_block_the_moon_by_leading_a_top_heart() -> None:
    state = position(
        {0: "4C 3H AD AH 2H", 1: "2C 3S 3D", 2: "AC KS 5D", 3: "3C QS 2D"},
        "2C AC 3C 4C  KS QS 3H 3S  5D 2D AD 3D",
        voids={0: [SPADES]},
    )
    assert view(state).seat == 0
    assert normal(view(state)) == (card("AH"), "block_the_moon")


def test_shoot_the_moon_with_a_hand_of_top_cards() -> None:
    hand = "AH KH QH JH TH 9H AS KS QS JS AD KD QD"
    state = position({0: hand, 1: "2C", 2: "3C", 3: "4C"}, "2C 3C 4C")
    chosen, rule = normal(view(state))
    # Void on the first trick: keep every winner, throw the lowest safe card.
    assert (chosen, rule) == (card("JS"), "shoot_the_moon")


# --- variants ---------------------------------------------------------------------------

OMNIBUS = preset("omnibus")


def test_omnibus_take_the_ten_of_diamonds() -> None:
    state = position(
        {0: "4C AD 2D", 1: "2C", 2: "AC JD", 3: "3C TD"}, OPENING + " JD TD", rules=OMNIBUS
    )
    assert normal(view(state)) == (card("AD"), "take_bonus_card")


def test_jack_of_diamonds_win_with_the_jack_when_last() -> None:
    state = position(
        {0: "3C 2D", 1: "2C JD 5D", 2: "AC 4D", 3: "4C 9D"},
        "2C AC 4C 3C 4D 9D 2D",
        rules=preset("jack_of_diamonds"),
    )
    assert view(state).seat == 1
    assert normal(view(state)) == (card("JD"), "take_bonus_card")


def test_omnibus_never_throw_the_ten_of_diamonds_away() -> None:
    seat0 = "3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D TD"
    state = position(
        {0: seat0, 1: "2C", 2: "AC 2S", 3: "KC 3S"}, "2C AC KC 3C  2S 3S", rules=OMNIBUS
    )
    chosen, rule = normal(view(state))
    assert chosen is not card("TD")
    assert (chosen, rule) == (card("9C"), "shed_high_card")


def test_black_lady_ace_of_spades_is_dumped_when_it_scores() -> None:
    rules = with_options(preset("black_lady"), ace_of_spades_points=7)
    state = position(
        {0: "4C AS 2H", 1: "2C", 2: "AC 4D", 3: "3C 6D QS"},
        OPENING + " 4D 6D",
        rules=rules,
        voids={0: [DIAMONDS]},
    )
    assert normal(view(state)) == (card("AS"), "dump_high_spades_when_void")


def test_cancellation_duck_by_cancelling_the_winning_card() -> None:
    rules = preset("cancellation")
    state = position(
        {1: "2C", 2: "KC", 3: "KC 9C AC"}, "2C KC", rules=rules, players=5, kitty="2S 3S 4S 5S"
    )
    assert view(state).seat == 3
    # A second K♣ cancels the first: it ducks, and it is the highest card that does.
    assert normal(view(state)) == (card("KC"), "duck_under_winner")


# --- score awareness --------------------------------------------------------------------


def test_spare_the_player_near_the_limit_when_that_ends_a_lost_match() -> None:
    state = position(
        {0: "4C QS 2H KC", 1: "2C", 2: "AC 4D", 3: "3C 6D"},
        OPENING + " 4D 6D",
        voids={0: [DIAMONDS]},
    )
    # Seat 3 wins this trick and stands at 95; seat 0 is not ahead (seat 1 has 40).
    chosen, rule = normal(view(state, totals=(60, 40, 50, 95)))
    assert rule == "spare_the_player_near_the_limit"
    assert chosen is card("KC")
    # Without that danger the queen goes.
    assert normal(view(state))[0] is card("QS")
