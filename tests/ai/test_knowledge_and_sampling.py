"""What a seat can infer, and deals of the hidden cards that respect all of it."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.ai.driver import play_round
from hertta.ai.easy import EasyPlayer
from hertta.ai.knowledge import Knowledge, knowledge_of
from hertta.ai.sampling import DealSampler, SamplingError, sample_deal
from hertta.cards import Suit
from hertta.hearts.config import PRESETS
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import (
    Phase,
    RoundState,
    deal_round,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.rng import SplitMix64

from .helpers import STANDARD, card, fill_hands, position, view

CLUBS, DIAMONDS, SPADES, HEARTS = Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS


def test_a_seat_that_does_not_follow_is_void_in_the_led_suit() -> None:
    state = position(
        {0: "4C 2H", 1: "2C", 2: "AC 4D", 3: "3C"}, "2C AC 3C 4C 4D", voids={3: [DIAMONDS]}
    )
    state = play_card(state, 3, min(c for c in state.legal_plays))
    know = knowledge_of(view(state))
    assert DIAMONDS in know.voids[3]
    assert not know.voids[2]


def test_a_heart_lead_before_hearts_break_shows_a_hand_of_hearts() -> None:
    seat2 = "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    state = position({1: "2C", 2: seat2, 3: "3C", 0: "4C"}, "2C AC 3C 4C 2H")
    know = knowledge_of(view(state))
    assert know.voids[2] == frozenset((CLUBS, DIAMONDS, SPADES))


def test_a_penalty_discard_on_the_first_trick_shows_no_safe_card() -> None:
    state = position({3: "2C", 0: "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"}, "2C QS")
    know = knowledge_of(view(state))
    assert {CLUBS, DIAMONDS} <= know.voids[0]


def _passed_round() -> RoundState:
    """Seat 0 passes Q♠ K♠ A♠ to the left; the others pass their three highest cards."""
    hands = fill_hands(STANDARD, 4, {0: "QS KS AS 2C"})
    state = round_from_hands(STANDARD, 4, 0, "left", hands)
    for seat in range(4):
        chosen = sorted(hands[seat])[-3:] if seat else [card("QS"), card("KS"), card("AS")]
        state = submit_pass(state, seat, chosen)
    return state


def test_the_cards_passed_are_known_in_the_receivers_hand_until_played() -> None:
    state = _passed_round()
    obs = observe(state, 0)
    know = knowledge_of(obs)
    assert sorted(know.known[1]) == sorted([card("QS"), card("KS"), card("AS")])
    for _ in range(20):
        deal = sample_deal(know, SplitMix64(_))
        assert {card("QS"), card("KS"), card("AS")} <= set(deal.hands[1])


def test_the_kitty_is_hidden_from_everyone_but_its_taker() -> None:
    rules = PRESETS["cancellation"]
    state = deal_round(rules, 5, 0, "none", 7)
    obs = observe(state, 0)
    know = knowledge_of(obs)
    assert know.hidden_kitty == 4
    deal = sample_deal(know, SplitMix64(3))
    assert len(deal.kitty) == 4
    assert Counter(deal.kitty) + Counter(c for h in deal.hands for c in h) == Counter(
        c for h in state.dealt for c in h
    ) + Counter(state.kitty)


def _check_deal(obs: Observation, know: Knowledge, seed: int) -> None:
    deal = sample_deal(know, SplitMix64(seed))
    assert deal.hands[obs.seat] == obs.hand
    hidden = Counter(c for s, h in enumerate(deal.hands) if s != obs.seat for c in h)
    hidden.update(deal.kitty if know.hidden_kitty else ())
    assert hidden == Counter(know.unseen)
    for seat, hand in enumerate(deal.hands):
        assert len(hand) == obs.hand_sizes[seat]
        assert not {c.suit for c in hand} & know.voids[seat] or seat == obs.seat
        assert not Counter(know.known[seat]) - Counter(hand)


EASY_POSITIONS = given(
    preset_name=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**32),
    stop=st.integers(0, 60),
    players=st.integers(3, 6),
)
"""The arguments of :func:`_easy_position`: every preset and player count, any point of a round."""


@settings(max_examples=60, deadline=None)
@EASY_POSITIONS
def test_sampled_deals_respect_everything_the_seat_knows(
    preset_name: str, seed: int, stop: int, players: int
) -> None:
    state = _easy_position(preset_name, seed, stop, players)
    if state is None:
        return
    obs = view(state)
    _check_deal(obs, knowledge_of(obs), seed)


def _easy_position(preset_name: str, seed: int, stop: int, players: int) -> RoundState | None:
    """A round of ``preset_name`` (``players`` when the preset allows them) passed and played
    ``stop`` cards on by Easy players; None when the round is over by then."""
    rules = PRESETS[preset_name]
    if players not in rules.player_counts:
        players = rules.player_counts[0]
    cycle = PASS_CYCLES[players]
    state = deal_round(rules, players, seed % players, cycle[seed % len(cycle)], seed)
    rng = SplitMix64(seed)
    easy = [EasyPlayer() for _ in range(players)]
    rngs = [rng.fork(s) for s in range(players)]
    while state.phase is Phase.PASSING:
        for seat in state.waiting_for:
            state = submit_pass(
                state, seat, easy[seat].choose_pass(observe(state, seat), rngs[seat])
            )
    for _ in range(stop):
        if state.phase is not Phase.PLAYING:
            break
        seat = state.turn
        assert seat is not None
        state = play_card(state, seat, easy[seat].choose_play(observe(state, seat), rngs[seat]))
    return state if state.phase is Phase.PLAYING else None


def test_without_constraints_each_card_lands_anywhere_about_equally() -> None:
    state = deal_round(STANDARD, 4, 0, "none", 11)
    know = knowledge_of(observe(state, 0))
    target = know.unseen[0]
    counts = Counter()
    for seed in range(600):
        deal = sample_deal(know, SplitMix64(seed))
        counts[next(s for s in (1, 2, 3) if target in deal.hands[s])] += 1
    assert all(150 <= counts[s] <= 250 for s in (1, 2, 3)), counts


def test_a_tight_corner_is_solved_by_the_checked_deal() -> None:
    # Seats 1 and 2 are void in everything but one suit each; a careless deal would fail.
    state = deal_round(STANDARD, 4, 0, "none", 5)
    know = knowledge_of(observe(state, 0))
    hidden = [c for c in know.unseen]
    sizes = Counter(c.suit for c in hidden)
    tight = Knowledge(
        **{
            **{f: getattr(know, f) for f in know.__slots__},  # type: ignore[attr-defined]
            "voids": (
                frozenset(),
                frozenset(s for s in Suit if s is not CLUBS),
                frozenset(s for s in Suit if s is not DIAMONDS),
                frozenset(),
            ),
            "hand_sizes": (
                13,
                sizes[CLUBS],
                sizes[DIAMONDS],
                len(hidden) - sizes[CLUBS] - sizes[DIAMONDS],
            ),
        }
    )
    for seed in range(20):
        deal = sample_deal(tight, SplitMix64(seed))
        assert {c.suit for c in deal.hands[1]} == {CLUBS}
        assert {c.suit for c in deal.hands[2]} == {DIAMONDS}


def test_inconsistent_knowledge_is_an_error() -> None:
    state = deal_round(STANDARD, 4, 0, "none", 5)
    know = knowledge_of(observe(state, 0))
    impossible = Knowledge(
        **{
            **{f: getattr(know, f) for f in know.__slots__},  # type: ignore[attr-defined]
            "voids": (frozenset(), frozenset(Suit), frozenset(Suit), frozenset(Suit)),
        }
    )
    with pytest.raises(SamplingError):
        sample_deal(impossible, SplitMix64(1))


def test_whole_rounds_sample_consistently_at_every_decision() -> None:
    rules = PRESETS["cancellation"]
    checked = 0

    def hook(kind: str, obs: Observation, answer: object) -> None:
        nonlocal checked
        if kind == "play":
            _check_deal(obs, knowledge_of(obs), checked)
            checked += 1

    for seed in range(3):
        state = deal_round(rules, 6, 0, "left", seed)
        play_round(
            state, [EasyPlayer()] * 6, [SplitMix64(seed * 7 + s) for s in range(6)], hook=hook
        )
    assert checked > 100


@settings(max_examples=40, deadline=None)
@EASY_POSITIONS
def test_a_kept_sampler_deals_what_sample_deal_deals(
    preset_name: str, seed: int, stop: int, players: int
) -> None:
    # A search keeps one DealSampler per decision and asks it for card indices; the deals
    # must be sample_deal's, draw for draw, or the search's decisions would change.
    state = _easy_position(preset_name, seed, stop, players)
    if state is None:
        return
    know = knowledge_of(view(state))
    sampler = DealSampler(know)
    by_deal, by_sampler, by_indices = SplitMix64(seed), SplitMix64(seed), SplitMix64(seed)
    for _ in range(3):
        deal = sample_deal(know, by_deal)
        assert sampler.sample(by_sampler) == deal
        hands, kitty = sampler.sample_indices(by_indices)
        assert [sorted(hand) for hand in hands] == [[c.index for c in h] for h in deal.hands]
        assert sorted(kitty) == sorted(c.index for c in deal.kitty)
