"""Hard's search: candidates, the budget, overriding a bad prior, the moon choice."""

from __future__ import annotations

import re
from typing import Any

import pytest

import hertta.ai.hard as hard_module
from hertta.ai.hard import HardPlayer, interchangeable_groups
from hertta.ai.knowledge import knowledge_of
from hertta.ai.registry import make_player
from hertta.ai.search import Evaluation, continuation_value, round_utility
from hertta.cards import Suit
from hertta.errors import ConfigError
from hertta.hearts.observation import observe
from hertta.rng import SplitMix64

from .helpers import card, position, seat_view, view
from .test_normal_pass_and_moon import _moon_state

OPENING = "2C AC 3C 4C"


def test_touching_cards_are_one_candidate_until_an_unseen_card_separates_them() -> None:
    # Seat 0 follows diamonds holding 7♦ 8♦ (touching) and J♦ (9♦ and 10♦ are unseen).
    state = position(
        {0: "5C 7D 8D JD", 1: "2C", 2: "AC 2D", 3: "3C 3D"},
        "2C AC 3C 5C 2D 3D",
        voids={0: [Suit.SPADES]},
    )
    obs = view(state)
    groups = interchangeable_groups(obs, knowledge_of(obs))
    diamonds = [g for g in groups if g[0].suit is Suit.DIAMONDS]
    assert [card("7D"), card("8D")] in diamonds
    assert [card("JD")] in diamonds


def test_the_queen_is_never_grouped_with_a_plain_spade() -> None:
    state = position({0: "5C JS QS KS", 1: "2C", 2: "AC 2S", 3: "3C 3S"}, "2C AC 3C 5C 2S 3S")
    obs = view(state)
    groups = interchangeable_groups(obs, knowledge_of(obs))
    assert [card("QS")] in groups


def test_the_search_overrides_a_bad_rule_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    # Spades led with the K♠: the Q♠ can go under it. A prior that keeps the queen is wrong.
    state = position(
        {0: "4C QS 5S 2H 7D", 1: "2C 3S 6S 3H 8D", 2: "AC KS 7S 4H 9D", 3: "3C 2S 8S 5H TD"},
        OPENING + " KS 2S",
    )
    monkeypatch.setattr(hard_module, "normal_play", lambda s: card("5S"))
    # 46 card plays per rollout, 40 to sample a world, 6 past plays replayed to weigh it.
    player = HardPlayer(budget=100 * (2 * 46 + 40 + 6), min_worlds=1)
    assert player.choose_play(view(state), SplitMix64(1)) == card("QS")
    assert player.last_worlds == 100


def test_a_single_candidate_needs_no_search() -> None:
    # Seat 3's only club is the 4♣ (the fill gives the other clubs to seats 0 and 1).
    state = position({1: "2C", 2: "3C", 3: "4C"}, "2C 3C")
    obs = view(state)
    assert obs.seat == 3 and obs.legal_plays == (card("4C"),)
    player = HardPlayer()
    assert player.choose_play(obs, SplitMix64(1)) == card("4C")
    assert player.last_worlds == 0


def test_a_time_budget_stops_the_search_by_the_injected_clock() -> None:
    ticks = iter(range(1000))
    player = HardPlayer(budget=10**7, time_budget=2.5, clock=lambda: float(next(ticks)))
    state = position({0: "4C QS 5S", 1: "2C 3S", 2: "AC KS", 3: "3C 2S"}, OPENING + " KS 2S")
    player.choose_play(view(state), SplitMix64(1))
    assert player.last_worlds == 3  # start at 0, deadline 2.5: worlds end at ticks 1, 2, 3


def test_a_time_budget_needs_a_clock() -> None:
    with pytest.raises(ConfigError, match="clock"):
        HardPlayer(time_budget=0.1)


@pytest.mark.parametrize(("options", "words"), [
    ({"budget": -5}, "budget must be a whole number of at least 1, got -5"),
    ({"budget": "x"}, "got 'x'"),
    ({"pass_budget": 0}, "pass_budget"),
    ({"moon_samples": True}, "moon_samples"),
    ({"min_worlds": 500}, "min_worlds 500 is over max_worlds 400"),
    ({"pass_shortlist": 2}, "pass_shortlist must be at least 3"),
    ({"play_noise": 0}, "play_noise must be above 0 and at most 1"),
    ({"play_noise": 1.5}, "play_noise"),
    ({"prior_margin": -1}, "prior_margin must be a number of 0 or more, got -1"),
    ({"prior_z": float("nan")}, "prior_z"),
    ({"time_budget": -0.1, "clock": lambda: 0.0}, "time_budget"),
    ({"rival_losers": 3}, "rival_losers must be a whole number from 0 to 2, got 3"),
    ({"rival_losers": -1}, "rival_losers"),
])
def test_options_that_would_search_nothing_are_refused(options: dict[str, Any],
                                                        words: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(words)):
        make_player("hard", **options)


def test_paired_choice_keeps_the_prior_inside_the_noise() -> None:
    noisy = Evaluation(((0.0, 0.0, 0.0), (3.0, -3.0, 0.3)))
    assert noisy.choose(prior=0, margin=0.15, z=1.0) == 0
    clear = Evaluation(((0.0, 0.0, 0.0), (1.0, 1.1, 0.9)))
    assert clear.choose(prior=0, margin=0.15, z=1.0) == 1


def test_round_utility_rewards_ending_the_match_ahead() -> None:
    assert round_utility((5, 0, 0, 21), 0, (0, 0, 0, 0), 100) == -5
    assert round_utility((5, 0, 0, 21), 0, (50, 60, 70, 90), 100) == -5 + 20
    assert round_utility((5, 0, 0, 21), 1, (50, 60, 70, 90), 100) == 0 - 20


def test_a_match_that_goes_on_is_worth_the_chance_to_win_it() -> None:
    # Near the limit a seat far behind the leader has almost nothing left to win: keeping
    # the match going is worth little more than ending it behind (-20), so it no longer
    # pays a seat to take points itself to keep another seat under the limit.
    hopeless = continuation_value((95, 70, 50, 80), 1, 100)
    assert -20 < hopeless < -19
    after = continuation_value((95, 80, 50, 96), 1, 100)
    assert round_utility((0, 10, 0, 16), 1, (95, 70, 50, 80), 100) == -10 + after
    assert round_utility((10, 0, 0, 16), 1, (95, 70, 50, 80), 100) == -20
    # Two points behind the leader a match that goes on is nearly an even chance.
    assert -6 < continuation_value((95, 52, 50, 80), 1, 100) < -2
    # The values are shares of one win: at equal totals they average -10, as an ending does.
    assert [continuation_value((90, 90, 90, 90), s, 100) for s in range(4)] == [-10.0] * 4
    # Far from the limit the totals matter less: the same gap is worth less.
    assert continuation_value((40, 45, 50, 60), 0, 100) < continuation_value(
        (80, 85, 90, 99), 0, 100
    )
    # Before the last 40 points of the match, a round is worth its points alone.
    assert round_utility((0, 10, 0, 16), 1, (50, 40, 30, 59), 100) == -10


def test_a_seat_with_no_chance_left_does_not_eat_hearts_to_keep_the_match_going() -> None:
    # Totals 95, 70, 50, 80; seat 1 has taken the Q♠ this round (83), seat 2, the leader, 4.
    # Seat 0 (95) wins the trick so far with the 6♥. Seat 1 cannot catch seat 2 whatever it
    # does, so the 5♥ (duck) is right; the 7♥ would take 4 points only to keep seat 0 under
    # the limit a little longer. The utility before 2026-12-03 (a match that goes on worth 0,
    # ending it behind -20) chose the 7♥ with some seeds (1 and 3 of these).
    obs = seat_view(
        "9C AC 3D 6D 8D 9D JD JS KS 3H 5H 7H AH",
        3,
        "2C KC AC QC 3D 7D AD QD 3C 7C 9C JC 2D KD TD JD 3S 8S JS AS TS 9S 7S KS "
        "6D 5D QS 4D 8D TC 6S 6C 9D 8C 4S 5C 3H KH JH TH 4H 2H 6H",
        seat=1,
        totals=(95, 70, 50, 80),
    )
    assert [str(c) for c in obs.trick_cards] == ["4H", "2H", "6H"]
    assert {HardPlayer().choose_play(obs, SplitMix64(seed)) for seed in range(6)} == {card("5H")}


def test_hard_moon_choice_is_exact_when_an_option_ends_the_match() -> None:
    totals = (10, 80, 20, 90)
    obs = observe(_moon_state(totals), 3, totals)
    assert HardPlayer().choose_moon(obs, SplitMix64(1)) == "subtract"


def test_hard_moon_choice_plays_the_match_out_otherwise() -> None:
    totals = (50, 60, 40, 30)
    obs = observe(_moon_state(totals), 3, totals)
    player = HardPlayer(moon_samples=8)
    first = player.choose_moon(obs, SplitMix64(4))
    assert first in ("add", "subtract")
    assert player.choose_moon(obs, SplitMix64(4)) == first
