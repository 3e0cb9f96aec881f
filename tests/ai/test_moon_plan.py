"""The moon planned by Hard's search (:mod:`hertta.ai.moon_plan`): its rollouts, when the
search tries it, and a position where it is the right play."""

from __future__ import annotations

import pytest

from hertta.ai.expert import ExpertPlayer
from hertta.ai.hard import HardPlayer, play_world
from hertta.ai.knowledge import knowledge_of
from hertta.ai.moon_plan import (
    kept_stopper,
    moon_plan_open,
    play_out_searcher,
    searcher_card,
    searcher_moon_state,
)
from hertta.ai.play_rules import normal_play
from hertta.ai.rollout import EVERYONE, choose_card, final_points, play_out
from hertta.ai.rollout_moon import moon_state, shoot_card
from hertta.ai.rollout_tables import out_mask, policy_tables
from hertta.ai.sampling import sample_deal
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit, parse_cards
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.deck import PassDirection
from hertta.hearts.observation import Observation, fast_round_from_observation
from hertta.hearts.round import deal_round
from hertta.hearts.seat_knowledge import SeatKnowledge, observe_knowledge
from hertta.rng import SplitMix64

from .helpers import (
    STANDARD,
    card,
    hard_cards,
    lone_taker_trick,
    position,
    rival_with_one_loser,
    view,
)


@pytest.mark.parametrize(
    ("preset_name", "players"), [("standard", 4), ("omnibus", 3), ("black_lady", 5)]
)
def test_without_plan_or_feeding_the_searchers_rollout_is_the_policys(
    preset_name: str, players: int
) -> None:
    rules = PRESETS[preset_name]
    tables = policy_tables(compile_rules(rules, players))
    for seed in range(30):
        seat = seed % players
        for wary in (seat, EVERYONE):
            game = deal_round(rules, players, 0, "none", seed).to_fast()
            moon = moon_state(game, tables)
            while game.tricks_left:
                policy = choose_card(game, tables, *moon, wary)
                assert searcher_card(game, tables, seat, moon, False, False, wary) == policy
                game.play(policy)
                if not game.trick and moon[0] != -2:
                    moon = moon_state(game, tables)
            plain = deal_round(rules, players, 0, "none", seed).to_fast()
            play_out(plain, tables, wary)
            searcher = deal_round(rules, players, 0, "none", seed).to_fast()
            play_out_searcher(searcher, tables, seat, shooting=False, fed=False, wary=wary)
            assert final_points(searcher) == final_points(plain) == final_points(game)


def test_a_planned_moon_plays_like_a_shooter_while_nobody_else_has_a_point() -> None:
    # Seat 0 won the first trick; nobody has a point. Its hand has losers (low hearts), so the
    # policy leads low; going for the moon it leads a top card instead.
    state = position(
        {0: "AC AD KD QD AS KS JS 2H 3H 9C 8C 7C 6C", 1: "2C", 2: "3C", 3: "4C"},
        "2C 3C 4C AC",
    )
    game = state.to_fast()
    tables = policy_tables(game.rules)
    moon = moon_state(game, tables)
    assert game.turn == 0 and moon == (-1, False)
    policy = choose_card(game, tables, *moon, 0)
    planned = searcher_card(game, tables, 0, moon, shooting=True, fed=True, wary=0)
    assert planned == shoot_card(game, game.legal_mask(), tables, out_mask(game))
    assert Card.from_index(planned).rank > Card.from_index(policy).rank
    # Once another seat has a point the plan is over: the searcher plays by the policy.
    assert searcher_card(game, tables, 0, (-2, False), True, True, 0) == choose_card(
        game, tables, -2, False, 0
    )


def test_fed_seats_do_not_block_the_searchers_moon() -> None:
    # Seat 2 alone has taken points (4 hearts) and wins the J♦ trick; seat 3 is void. When
    # seat 2 searches, seat 3 plays as if no moon were on (its K♥ goes on the trick, as it
    # would on anyone's); without ``fed`` it feeds the lone taker nothing (the 7♠).
    state = lone_taker_trick()
    game = state.to_fast()
    tables = policy_tables(game.rules)
    moon = moon_state(game, tables)
    assert game.turn == 3 and moon[0] == 2
    fed = searcher_card(game, tables, 2, moon, shooting=False, fed=True, wary=2)
    wary = searcher_card(game, tables, 2, moon, shooting=False, fed=False, wary=2)
    assert Card.from_index(fed) == card("KH")
    assert Card.from_index(wary) == card("7S")


def test_a_searcher_may_forecast_another_seats_moon_from_its_first_point() -> None:
    # The policy's own shooters wait for no loser until they have 30% of the points; a seat
    # that plans its moon by search goes on with a loser or two from its first point, and
    # ``rival_losers`` lets the searcher's rollouts forecast that (the searcher blocks it).
    state = rival_with_one_loser()
    assert view(state).turn == 3 and view(state).points_taken == (0, 0, 4, 0)
    game = state.to_fast()
    tables = policy_tables(game.rules)
    assert moon_state(game, tables) == (2, False)
    assert searcher_moon_state(game, tables, 3, 0) == (2, False)
    assert searcher_moon_state(game, tables, 3, 1) == (2, True)
    assert searcher_moon_state(game, tables, 3, 2) == (2, True)
    # The searcher's own moon is forecast as always.
    assert searcher_moon_state(game, tables, 2, 2) == (2, False)


def test_without_rival_losers_the_search_is_unchanged() -> None:
    obs = view(rival_with_one_loser())
    know = knowledge_of(obs)
    picks = [card("7S"), card("JC")]
    plain, _ = play_world(obs, know, picks, SplitMix64(3), 0.6, wary=3)
    same, _ = play_world(obs, know, picks, SplitMix64(3), 0.6, wary=3, rival_losers=0)
    wary, _ = play_world(obs, know, picks, SplitMix64(3), 0.6, wary=3, rival_losers=2)
    differ = 0
    for _ in range(40):
        expected = plain()
        assert same() == expected
        differ += wary()[1] != expected[1]
    # Seat 2 shoots in the worlds where it is judged to: the rollouts change.
    assert differ > 0


def _void_in_clubs(seat3: str) -> Observation:
    """Seat 2 won the first trick with the A♣ and leads the K♣; seat 3, void in clubs, is to
    discard."""
    return view(
        position({0: "2C 3C", 1: "4C 5C", 2: "AC KC", 3: seat3}, "2C 4C AC 8D  KC",
                 voids={3: [Suit.CLUBS]})
    )


STOPPER_HAND = "AH 9H 5H 2H 8D 7D 6D 5D 4D 3D 2D 3S 4S"


def test_a_void_seat_keeps_its_top_heart_against_a_moon() -> None:
    # Normal (and Hard) throw the highest heart; with keep_stopper Hard keeps the A♥, the card
    # that can still take a heart trick from a seat going for the moon.
    obs = _void_in_clubs(STOPPER_HAND)
    assert obs.turn == 3 and normal_play(situation_of(obs)) == card("AH")
    assert kept_stopper(obs, knowledge_of(obs)) == card("AH")
    assert hard_cards(obs, range(3)) == [card("AH")] * 3
    kept = hard_cards(obs, range(3), keep_stopper=True)
    assert card("AH") not in kept, kept


def test_what_is_not_kept_as_a_stopper() -> None:
    # The J♥ with A♥ K♥ Q♥ still out cannot stop a moon: thrown as Normal throws it.
    low = _void_in_clubs("JH 9H 5H 2H 8D 7D 6D 5D 4D 3D 2D 3S 4S")
    assert kept_stopper(low, knowledge_of(low)) is None
    # The K♥ with only the A♥ above it still out is kept.
    king = _void_in_clubs("KH 9H 5H 2H 8D 7D 6D 5D 4D 3D 2D 3S 4S")
    assert kept_stopper(king, knowledge_of(king)) == card("KH")
    # A♥ and K♥ both held: either is as good a stopper, so neither is kept back.
    pair = _void_in_clubs("AH KH 5H 2H 8D 7D 6D 5D 4D 3D 2D 3S 4S")
    assert kept_stopper(pair, knowledge_of(pair)) is None
    # Following suit, nothing is kept back.
    follow = view(
        position(
            {0: "2C 3C", 1: "4C 5C", 2: "AC KC", 3: "9C 8C AH 9H 5H 2H 8D 7D 6D 5D 4D 3D 3S"},
            "2C 4C AC 9C  KC",
        )
    )
    assert follow.turn == 3 and kept_stopper(follow, knowledge_of(follow)) is None
    # Nor once two seats have points: seat 2 took the 5♥ and seat 0 the 9♥.
    split = view(
        position(
            {
                0: "2C 3C TC JC QC",
                1: "4C 5C 6C 7C 8C",
                2: "AC KC 9C 2D 3D 4D 5D 6D 2S 6S 7S 8S 9S",
                3: "AH 9H 5H 8D 7D TD JD QD KD AD 3S 4S 5S",
            },
            "2C 4C AC 8D  KC 5H 3C 5C  9C 9H TC 6C  JC 7C 2D",
        )
    )
    assert split.turn == 3 and split.points_taken == (1, 0, 1, 0)
    assert kept_stopper(split, knowledge_of(split)) is None


def test_the_plan_is_searched_only_while_no_other_seat_has_a_point() -> None:
    strong = "4C AD KD QD AS KS JS 2H 3H 9C 8C 7C 6C"
    fresh = view(position({0: strong, 1: "2C", 2: "AC", 3: "3C"}, "2C AC 3C"))
    assert fresh.turn == 0 and moon_plan_open(fresh, knowledge_of(fresh))
    weak = "4C 5D 6D 7D 2S 3S 4S 2H 3H 9C 8C 7C 6C"
    few_honours = view(position({0: weak, 1: "2C", 2: "AC", 3: "3C"}, "2C AC 3C"))
    assert not moon_plan_open(few_honours, knowledge_of(few_honours))
    # Seat 2 took seat 3's 5♥ in the second trick: no moon plan for seat 0 any more.
    taken = view(
        position(
            {0: "4C 2D AD KD QD AS KS 9C 8C", 1: "2C 3D", 2: "AC 4D 5C", 3: "3C 5H 6C"},
            "2C AC 3C 4C  4D 5H 2D 3D  5C 6C",
            voids={3: [Suit.DIAMONDS]},
        )
    )
    assert taken.turn == 0 and taken.points_taken == (0, 0, 1, 0)
    assert not moon_plan_open(taken, knowledge_of(taken))
    # Nor in Cancellation's two decks.
    six = view(deal_round(PRESETS["cancellation"], 6, 0, "none", 1))
    assert not moon_plan_open(six, knowledge_of(six))


# --- a position from xinxin's table -------------------------------------------------------

MOON_HAND = observe_knowledge(
    SeatKnowledge(
        rules=STANDARD,
        players=4,
        seat=0,
        dealt_hand=tuple(parse_cards("2C 5C 8C 9C QC 9D QD KD 3S 7H QH KH AH")),
        pass_direction=PassDirection.RIGHT,
        passed=tuple(parse_cards("9D QD KD")),
        received=tuple(parse_cards("KC TH JH")),
        plays=tuple(
            zip(
                (0, 1, 2, 3, 1, 2, 3),
                parse_cards("2C AC 4C 7C 3C 5H JC"),
                strict=True,
            )
        ),
    )
)
"""Seen against xinxin (bridge seed 2031, deal 17): seat 0 holds A♥ K♥ Q♥ J♥ T♥ 7♥ and
K♣ Q♣ 9♣ 8♣ 5♣; seat 2, void in clubs, threw the 5♥ on seat 1's 3♣ and seat 3 played the
J♣. Taking the trick with the Q♣ starts the moon (seat 0 shot it); ducking with the 9♣, as
Normal does, gives the point and the moon away."""


def test_hard_takes_the_first_heart_with_a_moon_hand() -> None:
    obs = MOON_HAND
    assert obs.turn == 0 and obs.points_taken == (0, 0, 0, 0)
    assert normal_play(situation_of(obs)) == card("9C")
    # Judged half by seats that feed the moon (as xinxin's did here) and half by seats that
    # block it, the moon clears the plan's margin with about half the seeds (9 of 16; with
    # fed worlds alone, 6 of 6).
    planned = hard_cards(obs, range(16))
    assert planned.count(card("QC")) >= 8, planned
    # Without the plan, or with a margin no moon clears, Hard ducks as Normal does.
    assert hard_cards(obs, range(3), moon_plan=False) == [card("9C")] * 3
    assert hard_cards(obs, range(3), plan_margin=30.0) == [card("9C")] * 3


def test_the_cards_without_the_plan_are_judged_as_without_it() -> None:
    # The plan's rollouts come on top of the plain ones, in the same worlds: searching it
    # changes nothing in how the cards are judged without it (a plan whose rollouts let the
    # other seats feed every moon, the first one, made Hard careless of its own points).
    obs = MOON_HAND
    know = knowledge_of(obs)
    picks = [card("9C"), card("QC"), card("KC")]
    alone, _ = play_world(obs, know, picks, SplitMix64(3), 0.6)
    both, _ = play_world(obs, know, picks, SplitMix64(3), 0.6, plans=(False, True))
    for _ in range(20):
        log, values = alone()
        log_both, values_both = both()
        assert (log_both, list(values_both[:3])) == (log, list(values))
        assert len(values_both) == 6


def test_the_planned_rollouts_shoot_with_the_moon_hand_when_fed() -> None:
    # Why: in the search's worlds, shooting from this position succeeds often enough when the
    # other seats feed the shooter, and seldom when they block it.
    obs = MOON_HAND
    tables = policy_tables(compile_rules(obs.rules, obs.players))
    know = knowledge_of(obs)
    rng = SplitMix64(5)
    moons = {True: 0, False: 0}
    for _ in range(200):
        deal = sample_deal(know, rng)
        base = fast_round_from_observation(obs, deal.hands, deal.kitty)
        base.play(card("QC").index)
        for fed in (True, False):
            game = base.clone()
            play_out_searcher(game, tables, 0, shooting=True, fed=fed)
            moons[fed] += game.moon_shooter() == 0
            assert sum(final_points(game)) in (26, 78)
    assert moons[True] > 1.5 * moons[False] and moons[True] >= 40, moons


def test_the_plan_in_the_budget_samples_fewer_worlds() -> None:
    # Expert-sized work on top of the plan took its slowest decisions well over a second;
    # counted in the budget, the planned rollouts cost worlds instead of time.
    obs = MOON_HAND
    assert moon_plan_open(obs, knowledge_of(obs))
    on_top, within = HardPlayer(), HardPlayer(plan_in_budget=True)
    on_top.choose_play(obs, SplitMix64(1))
    within.choose_play(obs, SplitMix64(1))
    assert on_top.last_worlds > 0
    # About half: a world's own cost (sampling, weighing) is not doubled.
    ratio = within.last_worlds / on_top.last_worlds
    assert 0.5 <= ratio <= 0.6, (within.last_worlds, on_top.last_worlds)
    # Where no plan is searched (without it), the option changes nothing.
    plain = HardPlayer(moon_plan=False)
    plain_within = HardPlayer(moon_plan=False, plan_in_budget=True)
    plain.choose_play(obs, SplitMix64(1))
    plain_within.choose_play(obs, SplitMix64(1))
    assert plain.last_worlds == plain_within.last_worlds == on_top.last_worlds


def test_expert_does_not_plan_moons() -> None:
    # Against Hard seats that plan moons, Expert did better without the plan (docs/ai.md,
    # 2026-12-06 evening): with the moon hand it ducks as Normal does.
    expert = ExpertPlayer()
    assert not expert.moon_plan and ExpertPlayer(moon_plan=True).moon_plan
    assert expert.choose_play(MOON_HAND, SplitMix64(2)) == card("9C")


def test_expert_counts_on_every_seat_to_block_a_moon_and_hard_on_itself() -> None:
    # Expert's rollouts let every seat block another's moon (the Hard seats it was measured
    # against do block: docs/ai.md, 2026-12-07 evening); Hard's count on nobody but Hard.
    for seat in range(4):
        assert ExpertPlayer().wary(seat) == EVERYONE
        assert HardPlayer().wary(seat) == seat
        assert ExpertPlayer(lone_blocker=True).wary(seat) == seat
