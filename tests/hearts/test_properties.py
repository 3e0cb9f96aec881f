"""Random legal play for every preset and player count, checked against a naive reference."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.cards import ALL_CARDS, Card
from hertta.hearts.config import MOON_OPTIONS, PRESET_NAMES, preset, with_options
from hertta.hearts.deck import PASS_CYCLES, deck_for
from hertta.hearts.round import (
    HeartsMoveError,
    Phase,
    RoundState,
    choose_moon,
    deal_round,
    play_card,
)
from hertta.rng import SplitMix64
from tests.hearts import reference
from tests.hearts.helpers import random_passes

TABLES = [(name, players) for name in PRESET_NAMES for players in preset(name).player_counts]


def check_conserved(state: RoundState) -> None:
    held = Counter(c for hand in state.hands for c in hand)
    if state.phase is Phase.PASSING:
        held.update(c for chosen in state.passes for c in chosen or ())
    everything = held + Counter(state.plays) + Counter(state.kitty)
    assert everything == Counter(deck_for(state.rules, state.players))


def check_refusals(state: RoundState, rng: SplitMix64) -> None:
    seat = state.turn
    assert seat is not None
    legal = set(state.legal_plays)
    hand = state.hands[seat]
    illegal = [c for c in hand if c not in legal]
    if illegal:
        with pytest.raises(HeartsMoveError) as caught:
            play_card(state, seat, rng.choice(illegal))
        assert caught.value.reason in (
            "must_follow_suit",
            "hearts_not_broken",
            "no_points_first_trick",
            "must_lead_opening_club",
        )
    absent = [c for c in ALL_CARDS if c not in hand]
    with pytest.raises(HeartsMoveError) as caught:
        play_card(state, seat, rng.choice(absent))
    assert caught.value.reason == "not_in_hand"
    other = (seat + 1) % state.players
    with pytest.raises(HeartsMoveError) as caught:
        play_card(state, other, rng.choice(ALL_CARDS))
    assert caught.value.reason == "not_your_turn"


def play_random_round(name: str, players: int, seed: int, moon_rule: str) -> RoundState:
    rng = SplitMix64(seed)
    rules = with_options(preset(name), moon_rule=moon_rule)
    cycle = PASS_CYCLES[players]
    state = deal_round(rules, players, seed % players, cycle[seed % len(cycle)], rng.next_u64())
    check_conserved(state)
    state = random_passes(state, rng)
    while state.phase is Phase.PLAYING:
        legal = state.legal_plays
        assert legal, "legal plays are never empty"
        assert state.hearts_broken == reference.hearts_broken(state)
        assert set(legal) == reference.legal_plays(state)
        if rng.below(8) == 0:
            check_refusals(state, rng)
        card: Card = rng.choice(legal)
        state = play_card(state, state.turn or 0, card)
        check_conserved(state)
    if state.phase is Phase.MOON_CHOICE:
        state = choose_moon(state, state.turn or 0, rng.choice(MOON_OPTIONS))
    return state


@pytest.mark.parametrize(("name", "players"), TABLES)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moon_rule=st.sampled_from(["add", "subtract", "choose"]))
def test_random_legal_rounds(name: str, players: int, seed: int, moon_rule: str) -> None:
    state = play_random_round(name, players, seed, moon_rule)
    assert state.phase is Phase.ROUND_OVER
    rules = state.rules
    hand_size = len(state.dealt[0])
    assert len(state.tricks) == hand_size
    for number, trick in enumerate(state.tricks):
        last = number == hand_size - 1
        assert trick.winner == reference.trick_winner(rules, trick, last)
        assert trick.winner is not None or (rules.cancellation and not last)
        assert len(trick.cards) == players
    score = state.score
    assert score is not None
    assert list(score.taken) == reference.points_taken(state)
    compiled = state.compiled
    assert sum(score.penalty) == compiled.moon_total
    assert sum(score.bonus) == compiled.bonus_total
    if score.shooter is None:
        assert sum(score.points) == compiled.moon_total + compiled.bonus_total
    else:
        assert score.penalty[score.shooter] == compiled.moon_total
    assert all(not hand for hand in state.hands)
