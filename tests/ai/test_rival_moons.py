"""Another seat's moon as the search forecasts it with ``rival_moons``
(:func:`hertta.ai.moon_plan.planning_rival`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.ai.expert import ExpertPlayer
from hertta.ai.hard import HardPlayer, play_world
from hertta.ai.inference import MOON_TRY_LOSERS
from hertta.ai.knowledge import knowledge_of
from hertta.ai.moon_plan import planning_rival, searcher_card
from hertta.ai.registry import make_player
from hertta.ai.rollout import choose_card
from hertta.ai.rollout_moon import moon_losers, moon_state, shoot_card
from hertta.ai.rollout_tables import out_mask, policy_tables
from hertta.cards import Card
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.fast import FastRound
from hertta.hearts.round import RoundState, deal_round, play_card
from hertta.rng import SplitMix64

from .helpers import card, rival_with_one_loser, view


def _others(game: FastRound, seat: int) -> int:
    out = 0
    for other, hand in enumerate(game.hands):
        if other != seat:
            out |= hand
    return out


def test_a_lone_taker_with_few_losers_is_the_rival() -> None:
    game = rival_with_one_loser().to_fast()
    assert game.turn == 3 and list(game.penalty) == [0, 0, 4, 0]
    assert planning_rival(game, 3) == 2
    assert planning_rival(game, 0) == 2
    # The searcher's own moon is its plan's business, not a rival's.
    assert planning_rival(game, 2) == -1


@settings(max_examples=60, deadline=None)
@given(
    preset_and_players=st.sampled_from(
        [("standard", 4), ("omnibus", 4), ("black_lady", 3), ("standard", 5)]
    ),
    seed=st.integers(0, 2**32),
    opening=st.integers(0, 30),
)
def test_the_rival_is_a_seat_that_could_still_take_every_point_with_few_losers(
    preset_and_players: tuple[str, int], seed: int, opening: int
) -> None:
    preset_name, players = preset_and_players
    tables = policy_tables(compile_rules(PRESETS[preset_name], players))
    game = deal_round(PRESETS[preset_name], players, 0, "none", seed).to_fast()
    for _ in range(min(opening, 13 * players - players)):
        game.play(choose_card(game, tables, *moon_state(game, tables)))
    seat = seed % players
    rival = planning_rival(game, seat)
    takers = [s for s, points in enumerate(game.penalty) if points]
    if rival < 0:
        # Nobody else could be named: the searcher or two seats have points, or no candidate
        # has a hand with few enough losers.
        assert (
            seat in takers
            or len(takers) > 1
            or all(
                moon_losers(game.hands[s], _others(game, s)) > MOON_TRY_LOSERS
                for s in (takers or [s for s in range(players) if s != seat])
            )
        )
    else:
        assert rival != seat
        assert takers in ([], [rival])
        assert moon_losers(game.hands[rival], _others(game, rival)) <= MOON_TRY_LOSERS


def test_the_rival_leads_its_top_cards_in_the_searchers_rollout() -> None:
    # Seat 2 keeps the lead with the J♦ and, with one loser (the 3♦), is not a shooter to
    # the policy, which leads low; as the rival of seat 3's rollout it leads a top card.
    game = rival_with_one_loser().to_fast()
    tables = policy_tables(game.rules)
    for played in ("7S", "4C", "TD"):
        game.play(card(played).index)
    assert game.turn == 2 and not game.trick
    moon = moon_state(game, tables)
    assert moon == (2, False)
    policy = choose_card(game, tables, *moon, 3)
    as_rival = searcher_card(game, tables, 3, moon, False, False, 3, rival=2)
    assert as_rival == shoot_card(game, game.legal_mask(), tables, out_mask(game))
    assert Card.from_index(as_rival).rank > Card.from_index(policy).rank
    # Without a rival the searcher's rollout is the policy's.
    assert searcher_card(game, tables, 3, moon, False, False, 3) == policy


def _late_lone_taker() -> RoundState:
    """The first dealt round (seed upwards) that, played by the policy to its ninth trick,
    has one seat with every point that is not the seat to move: late in a round a hand has
    few losers, so the lone taker may be shooting in many of the mover's worlds."""
    for seed in range(200):
        state = deal_round(PRESETS["standard"], 4, 0, "none", seed)
        for _ in range(32):
            game = state.to_fast()
            tables = policy_tables(game.rules)
            seat = state.turn
            assert seat is not None
            chosen = choose_card(game, tables, *moon_state(game, tables))
            state = play_card(state, seat, Card.from_index(chosen))
        takers = [s for s, points in enumerate(state.to_fast().penalty) if points]
        if len(takers) == 1 and takers[0] != state.turn:
            return state
    raise AssertionError("no such round in 200 seeds")


def test_the_rival_changes_only_the_worlds_it_is_forecast_in() -> None:
    obs = view(_late_lone_taker())
    know = knowledge_of(obs)
    picks = [obs.legal_plays[0], obs.legal_plays[-1]]
    plain, _ = play_world(obs, know, picks, SplitMix64(5), 0.6, wary=obs.seat)
    rival, _ = play_world(obs, know, picks, SplitMix64(5), 0.6, wary=obs.seat, rival_moons=True)
    differ = []
    for _ in range(40):
        expected = plain()
        got = rival()
        assert got[0] == expected[0]  # the same world, weighed alike
        differ.append(got[1] != expected[1])
    # Only every other world forecasts the rival (the first is one of the others).
    assert not any(differ[0::2])
    assert any(differ[1::2])


@pytest.mark.parametrize("player", [HardPlayer, ExpertPlayer])
def test_rival_moons_is_an_option_off_by_default(player: type[HardPlayer]) -> None:
    assert player().rival_moons is False
    assert player(rival_moons=True).rival_moons is True
    made = make_player(player.name, rival_moons=True)
    assert isinstance(made, player) and made.rival_moons is True
