"""Hard's rollout policy: Normal's core rules on the fast engine's masks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hertta.ai import rollout
from hertta.ai.play_rules import normal_play
from hertta.ai.rollout import EVERYONE, choose_card, fast_choice, final_points, lead_pool, play_out
from hertta.ai.rollout_moon import moon_losers, moon_state, shoot_card
from hertta.ai.rollout_tables import PolicyTables, out_mask, policy_tables
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.compiled import SUIT_MASKS, compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.fast import FastRound
from hertta.hearts.round import RoundState, deal_round
from hertta.rng import SplitMix64

from .helpers import lone_taker_trick, position, view

OPENING = "2C AC 3C 4C"
D, S = Suit.DIAMONDS, Suit.SPADES

SCENARIOS = {
    "duck": position(
        {0: "3C 3D 8D 9D JD", 1: "2C 5D", 2: "AC 4D", 3: "4C KD TD"},
        "2C AC 4C 3C  4D KD 3D 5D  TD",
    ),
    "queen under king": position(
        {0: "4C QS 5S", 1: "2C 3S", 2: "AC KS", 3: "3C 2S"}, OPENING + " KS 2S"
    ),
    "queen when void": position(
        {0: "4C QS 2H", 1: "2C", 2: "AC 4D", 3: "3C 6D"}, OPENING + " 4D 6D", voids={0: [D]}
    ),
    "hearts when void": position(
        {0: "4C 2H 9H KH", 1: "2C", 2: "AC 4D", 3: "3C 6D"}, OPENING + " 4D 6D", voids={0: [D, S]}
    ),
    "flush": position(
        {1: "2C", 2: "AC 4S 7S 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H", 3: "3C", 0: "4C"}, OPENING
    ),
    "first trick": position({3: "2C", 0: "AC KC 5C"}, "2C"),
    # Lead the card likeliest to be beaten, not the lowest rank: nothing still out is below
    # the 5♣, while the 2♦ is below the 3♦.
    "lead by share": position(
        {0: "AC 5C 3D 9D TD KS 7H 8H 9H TH JH QH AH", 1: "2C", 2: "3C", 3: "4C"},
        "2C 3C 4C AC",
    ),
}


def _fast_card(state: RoundState) -> Card:
    game = state.to_fast()
    return Card.from_index(fast_choice(game, policy_tables(game.rules)))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_rollout_policy_agrees_with_normal_on_its_core_rules(name: str) -> None:
    state = SCENARIOS[name]
    assert _fast_card(state) == normal_play(situation_of(view(state)))


@pytest.mark.parametrize(
    ("preset_name", "players"), [("standard", 4), ("omnibus", 3), ("cancellation", 6)]
)
def test_rollouts_finish_the_round_with_legal_cards(preset_name: str, players: int) -> None:
    rules = PRESETS[preset_name]
    compiled = compile_rules(rules, players)
    tables = policy_tables(compiled)
    for seed in range(20):
        state = deal_round(rules, players, 0, "none", seed)
        game = state.to_fast()
        while game.tricks_left:
            choice = fast_choice(game, tables)
            assert game.legal_mask() >> choice & 1
            game.play(choice)
        points = final_points(game)
        if game.moon_shooter() is None:
            assert sum(points) == compiled.moon_total + compiled.bonus_total
        again = deal_round(rules, players, 0, "none", seed).to_fast()
        play_out(again, tables)
        assert final_points(again) == points


def _fast_hands(hands: list[str], plays: str, leader: int) -> FastRound:
    """A fast round from four hands (no pass) after ``plays`` (cards in play order)."""
    game = FastRound.start(
        compile_rules(PRESETS["standard"], 4), (leader - 1) % 4, [card_indices(h) for h in hands]
    )
    for text in plays.split():
        game.play(parse_cards(text)[0].index)
    return game


def card_indices(text: str) -> list[int]:
    return [parse_cards(t)[0].index for t in text.split()]


MOON_HANDS = [
    "AC KC QC JC AD KD QD JD AH KH QH JH TH",
    "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 6H",
    "6C 7C 8C 9C 6D 7D 8D 9D 7H 8H 9H QS KS",
    "TC 2S 3S 4S 5S 6S 7S 8S 9S TS JS AS TD",
]


def test_a_hand_of_top_cards_starts_a_moon_before_anyone_has_a_point() -> None:
    # Seat 0 won the first two tricks; nobody has a point and it holds five hearts and no
    # loser: it leads a top card (hearts are not broken), not its lowest.
    game = _fast_hands(MOON_HANDS, "2C 6C TC AC AD 2D 6D TD", 1)
    tables = policy_tables(game.rules)
    assert game.turn == 0 and moon_state(game, tables) == (-1, False)
    assert fast_choice(game, tables) == parse_cards("KD")[0].index


def test_blockers_keep_their_stoppers_under_a_shooters_top_hearts() -> None:
    # Seat 0 has taken the only point (seat 3's 8♥) with a hand of top cards: it is shooting.
    # Seat 1 follows its A♥ with the lowest heart, keeping the higher ones to stop it later.
    game = _fast_hands(MOON_HANDS, "2C 6C TC AC KC 3C 7C 8H AH", 1)
    tables = policy_tables(game.rules)
    assert moon_state(game, tables) == (0, True)
    assert game.turn == 1
    assert fast_choice(game, tables) == parse_cards("2H")[0].index


def test_a_shooter_leads_spades_last_while_another_seat_holds_the_queen() -> None:
    hands = [
        "AC KC QC AD KD QD AS AH KH QH JH TH 9H",
        "2C 3C 4C 5C 2D 3D 4D 2H 3H 4H 5H 6H 7H",
        "6C 7C 8C 9C 5D 6D 7D 8D 9D QS KS 2S 3S",
        "TC JC TD JD 4S 5S 6S 7S 8S 9S TS JS 8H",
    ]
    game = _fast_hands(hands, "2C 6C TC AC", 1)
    tables = policy_tables(game.rules)
    # A moon starts (six hearts, no loser); hearts are not broken, and the A♠ waits behind
    # the A♦ while seat 2 holds the Q♠.
    assert game.turn == 0
    assert fast_choice(game, tables) == parse_cards("AD")[0].index
    # Without the Q♠ out, the A♠ is a top card like any other.
    assert shoot_card(game, game.legal_mask(), tables, out_mask(game) & ~(1 << 36)) == (
        parse_cards("AS")[0].index
    )


def test_a_void_blocker_with_nothing_but_hearts_feeds_the_shooter_its_lowest() -> None:
    # As Normal's block_the_moon: the threat (13 points) wins the trick and every card of
    # seat 0 is a heart; the 2♥ goes, the high hearts stay as stoppers.
    state = position(
        {0: "4C 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", 1: "2C 3S", 2: "AC KS KD", 3: "3C QS 2D"},
        "2C AC 3C 4C  KS QS 2S 3S  KD 2D",
    )
    assert _fast_card(state) == parse_cards("2H")[0]


def test_a_wary_seat_blocks_alone_and_is_blocked_by_everyone() -> None:
    # The same position. Seat 3 searching (wary): seat 0 plays as if no moon were on, its
    # highest heart on the threat's trick. Seat 0 or the threat searching: seat 0 blocks.
    state = position(
        {0: "4C 2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", 1: "2C 3S", 2: "AC KS KD", 3: "3C QS 2D"},
        "2C AC 3C 4C  KS QS 2S 3S  KD 2D",
    )
    game = state.to_fast()
    tables = policy_tables(game.rules)
    taker, shooting = moon_state(game, tables)
    assert taker == 2 and game.turn == 0
    assert choose_card(game, tables, taker, shooting, wary=3) == parse_cards("QH")[0].index
    for wary in (0, 2, EVERYONE):
        assert choose_card(game, tables, taker, shooting, wary) == parse_cards("2H")[0].index


def test_a_void_seat_feeds_a_lone_taker_nothing() -> None:
    # Seat 2 alone has taken points (4 hearts) and wins the J♦ trick: seat 3, void, throws
    # a safe card (the highest by the engine's card order, a spade), not its K♥.
    assert _fast_card(lone_taker_trick()) == parse_cards("7S")[0]


@given(st.integers(0, (1 << 52) - 1), st.integers(0, (1 << 52) - 1))
def test_moon_losers_counts_the_cards_two_cards_out_can_beat(hand: int, out: int) -> None:
    out &= ~hand
    expected = 0
    for card in range(52):
        if hand >> card & 1:
            suit_top = (card // 13 + 1) * 13
            above = [c for c in range(card + 1, suit_top) if out >> c & 1]
            expected += len(above) >= 2
    assert moon_losers(hand, out) == expected


def _lead_by_tuples(game: FastRound, mask: int, tables: PolicyTables) -> int:
    """The rollout's lead as it was written before its key was packed into one number: the
    reference :func:`hertta.ai.rollout._lead` must agree with."""
    out = out_mask(game)
    mask = lead_pool(game, mask, tables, out)
    if not mask & (mask - 1):
        return (mask & -mask).bit_length() - 1
    hand = game.hands[game.turn]
    best, best_key = -1, (2.0, 0, 0, 0)
    for suit in range(4):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = (part & -part).bit_length() - 1
            suit_out = out & SUIT_MASKS[suit]
            below = suit_out & ((1 << card) - 1)
            share = below.bit_count() / suit_out.bit_count() if suit_out else 1.0
            key = (
                share,
                int(tables.penalty[card] > 0),
                (hand & SUIT_MASKS[suit]).bit_count(),
                card - 13 * suit,
            )
            if key < best_key:
                best, best_key = card, key
    return best


@pytest.mark.parametrize(
    ("preset_name", "players"), [("standard", 4), ("omnibus", 3), ("cancellation", 6)]
)
@given(seed=st.integers(0, 2**64 - 1))
def test_the_packed_lead_key_orders_leads_as_the_tuple_did(
    preset_name: str, players: int, seed: int
) -> None:
    rules = PRESETS[preset_name]
    tables = policy_tables(compile_rules(rules, players))
    rng = SplitMix64(seed)
    game = deal_round(rules, players, 0, "none", rng.next_u64()).to_fast()
    while game.tricks_left:
        others = 0
        for seat, hand in enumerate(game.hands):
            if seat != game.turn:
                others |= hand
        assert out_mask(game) == others
        legal = game.legal_mask()
        if not game.trick:
            assert rollout._lead(game, legal, tables) == _lead_by_tuples(game, legal, tables)
        cards = [c for c in range(52) if legal >> c & 1]
        game.play(cards[rng.below(len(cards))])
