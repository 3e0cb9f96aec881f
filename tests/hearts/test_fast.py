"""The unchecked fast path: deals, random playouts, clones and restoring a position."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.hearts.compiled import compile_rules, lowest_card
from hertta.hearts.config import PRESET_NAMES, preset
from hertta.hearts.dealing import (
    REFILL,
    deal_indices,
    random_deal_indices,
    random_permutation,
)
from hertta.hearts.deck import deal, shuffled_deck
from hertta.hearts.fast import FastRound
from hertta.hearts.fast_cancellation import CancellationRound
from hertta.hearts.observation import fast_round_from_observation, observe
from hertta.hearts.round import Phase, deal_round, play_card
from hertta.rng import SplitMix64
from tests.hearts.helpers import random_passes

TABLES = [(name, n) for name in PRESET_NAMES for n in preset(name).player_counts]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_deal_indices_is_the_match_deal(name: str, players: int) -> None:
    rules = preset(name)
    compiled = compile_rules(rules, players)
    for seed in (0, 1, 2**63 + 5):
        hands, kitty = deal(shuffled_deck(rules, players, seed), players, seed % players)
        fast_hands, fast_kitty = deal_indices(compiled, seed % players, seed)
        assert [sorted(h) for h in fast_hands] == [[c.index for c in h] for h in hands]
        assert sorted(fast_kitty) == [c.index for c in kitty]


def test_random_permutation_is_a_reproducible_permutation() -> None:
    items = list(range(104))
    one = random_permutation(items, SplitMix64(9))
    assert sorted(one) == items
    assert one == random_permutation(items, SplitMix64(9))
    assert one != random_permutation(items, SplitMix64(10))


def test_random_permutation_first_card_is_roughly_uniform() -> None:
    rng = SplitMix64(1)
    firsts = Counter(random_permutation(range(4), rng)[0] for _ in range(4000))
    assert all(900 < firsts[k] < 1100 for k in range(4))


def stepwise_playout(game: FastRound, rng: SplitMix64) -> None:
    """random_playout written with legal_mask() and play(): the same picks, one at a time."""
    pool, span = 0, 1
    while game.tricks_left:
        mask = game.legal_mask()
        count = mask.bit_count()
        if count > 1:
            if span < REFILL:
                pool, span = rng.next_u64(), 1 << 64
            skip = pool % count
            pool //= count
            span //= count
            for _ in range(skip):
                mask &= mask - 1
        game.play(lowest_card(mask))


@pytest.mark.parametrize(("name", "players"), TABLES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_random_playout_matches_the_methods(name: str, players: int, seed: int) -> None:
    rules = compile_rules(preset(name), players)
    hands, kitty = random_deal_indices(rules, seed % players, SplitMix64(seed))
    game = FastRound.start(rules, seed % players, hands, kitty)
    assert isinstance(game, CancellationRound) == rules.cancellation
    other = game.clone()
    game.random_playout(SplitMix64(seed + 1))
    stepwise_playout(other, SplitMix64(seed + 1))
    assert game.is_over and other.is_over
    assert (game.penalty, game.bonus) == (other.penalty, other.bonus)
    assert game.kitty_taker == other.kitty_taker
    assert sum(game.penalty) == rules.moon_total
    assert sum(game.bonus) == rules.bonus_total
    assert not any(game.hands) and not any(game.doubles)


def test_clone_is_independent() -> None:
    rules = compile_rules(preset("standard"), 4)
    hands, kitty = deal_indices(rules, 0, 5)
    game = FastRound.start(rules, 0, hands, kitty)
    copy = game.clone()
    copy.random_playout(SplitMix64(1))
    assert game.tricks_left == 13
    assert sum(h.bit_count() for h in game.hands) == 52


def test_exchange_moves_three_cards_to_the_left() -> None:
    rules = compile_rules(preset("standard"), 4)
    hands, _ = deal_indices(rules, 0, 11)
    game = FastRound.start(rules, 0, hands)
    passes = [hand[:3] for hand in hands]
    game.exchange(passes, 1)
    for seat in range(4):
        held = set(game.hand(seat))
        assert set(passes[(seat - 1) % 4]) <= held
        assert not set(passes[seat]) & held
    assert game.hands[game.turn] & 1  # the 2♣ holder leads


@pytest.mark.parametrize(
    ("name", "players"), [("standard", 4), ("omnibus", 3), ("cancellation", 6)]
)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), stop=st.integers(0, 120))
def test_fast_round_from_an_observation_continues_the_round(
    name: str, players: int, seed: int, stop: int
) -> None:
    rng = SplitMix64(seed)
    state = random_passes(deal_round(preset(name), players, 0, "left", rng.next_u64()), rng)
    for _ in range(stop):
        if state.phase is not Phase.PLAYING:
            break
        state = play_card(state, state.turn or 0, rng.choice(state.legal_plays))
    if state.phase is not Phase.PLAYING:
        return
    seat = state.turn or 0
    view = observe(state, seat)
    game = fast_round_from_observation(view, state.hands, state.kitty)
    truth = state.to_fast()
    assert (game.turn, game.leader, game.trick, game.tricks_left) == (
        truth.turn,
        truth.leader,
        truth.trick,
        truth.tricks_left,
    )
    assert game.legal_mask() == truth.legal_mask()
    assert game.penalty == truth.penalty and game.bonus == truth.bonus
    game.random_playout(SplitMix64(seed))
    truth.random_playout(SplitMix64(seed))
    assert game.score().points == truth.score().points
