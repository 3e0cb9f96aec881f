"""The pass search (``hertta.ai.pass_search``): what the seat knows, and that the worlds are
paired and repeatable (the exchange itself is the engine's: ``tests/hearts/test_fast.py``)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hertta.ai.hard import HardPlayer
from hertta.ai.pass_search import pass_knowledge, pass_world
from hertta.cards import Card
from hertta.hearts.config import preset
from hertta.hearts.deck import (
    PASS_CYCLES,
    PassDirection,
    deck_for,
    hand_size,
    pass_offset,
    wrong_player_count,
)
from hertta.hearts.observation import observe
from hertta.hearts.round import deal_round
from hertta.rng import SplitMix64


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(min_value=3, max_value=6),
    preset_name=st.sampled_from(["standard", "omnibus", "black_lady", "cancellation"]),
    seed=st.integers(min_value=0, max_value=2**32),
    seat=st.integers(min_value=0, max_value=5),
)
def test_a_passing_seat_knows_its_own_hand_and_nothing_else(
    players: int, preset_name: str, seed: int, seat: int
) -> None:
    rules = preset(preset_name)
    assume(wrong_player_count(rules, players) is None)
    direction = PASS_CYCLES[players][0]
    state = deal_round(rules, players, 0, direction, seed)
    seat %= players
    obs = observe(state, seat)
    size = hand_size(rules, players)
    know = pass_knowledge(obs, size)
    assert know.hand == obs.hand
    assert know.hand_sizes == (size,) * players
    # Every card it was not dealt is unseen, the other hands and the kitty alike.
    assert sorted(know.unseen + obs.hand) == sorted(deck_for(rules, players))
    assert know.played == () and all(not cards for cards in know.known)


def test_the_pass_worlds_are_repeatable_and_score_every_candidate() -> None:
    rules = preset("standard")
    state = deal_round(rules, 4, 0, "left", 2040)
    obs = observe(state, 1)
    candidates = HardPlayer().pass_candidates(obs)
    assert len(candidates) > 1
    first = pass_world(obs, candidates, SplitMix64(7))
    again = pass_world(obs, candidates, SplitMix64(7))
    for _ in range(5):
        log, values = first()
        assert log == 0.0
        assert len(values) == len(candidates)
        assert list(values) == list(again()[1])


def test_every_candidate_meets_the_same_deal_of_the_other_hands() -> None:
    """Paired worlds: a candidate that passes the same cards as another scores the same."""
    rules = preset("standard")
    state = deal_round(rules, 4, 0, "across", 77)
    obs = observe(state, 2)
    cards: list[Card] = sorted(obs.hand)[:3]
    world = pass_world(obs, [cards, list(cards)], SplitMix64(3))
    for _ in range(10):
        _, values = world()
        assert values[0] == values[1]
    assert pass_offset(PassDirection.ACROSS, 4) == 2
