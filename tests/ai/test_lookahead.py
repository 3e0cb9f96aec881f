"""The rollout in which the searching seat's next card is searched (:mod:`hertta.ai.lookahead`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hertta.ai.expert import ExpertPlayer
from hertta.ai.hard import HardPlayer
from hertta.ai.lookahead import play_out_lookahead
from hertta.ai.rollout import EVERYONE, choose_card, final_points, play_out
from hertta.ai.rollout_moon import moon_state
from hertta.ai.rollout_tables import policy_tables
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.fast import FastRound
from hertta.hearts.round import deal_round

from .helpers import STANDARD


def _dealt(preset_name: str, players: int, seed: int, opening: int) -> FastRound:
    """A dealt round (no pass) after ``opening`` cards played by the policy."""
    rules = PRESETS[preset_name]
    tables = policy_tables(compile_rules(rules, players))
    game = deal_round(rules, players, 0, "none", seed).to_fast()
    for _ in range(opening):
        game.play(choose_card(game, tables, *moon_state(game, tables)))
    return game


@settings(max_examples=60, deadline=None)
@given(
    preset_and_players=st.sampled_from(
        [
            ("standard", 4),
            ("omnibus", 4),
            ("black_lady", 3),
            ("standard", 5),
            ("jack_of_diamonds", 6),
        ]
    ),
    seed=st.integers(0, 2**32),
    opening=st.integers(0, 20),
    lone=st.booleans(),
)
def test_searching_the_next_card_never_ends_worse_for_the_searcher_than_the_policy(
    preset_and_players: tuple[str, int], seed: int, opening: int, lone: bool
) -> None:
    # The policy's own card is among the cards searched, and the policy has no randomness:
    # its playout is the plain rollout's.
    preset_name, players = preset_and_players
    tables = policy_tables(compile_rules(PRESETS[preset_name], players))
    game = _dealt(preset_name, players, seed, opening)
    seat = seed % players
    wary = seat if lone else EVERYONE

    def value(points: list[int]) -> float:
        return -float(points[seat])

    plain = game.clone()
    play_out(plain, tables, wary)
    points = play_out_lookahead(game.clone(), tables, seat, wary, value)
    assert len(points) == players
    assert value(points) >= value(final_points(plain))


def test_searching_the_next_card_changes_some_rollouts_for_the_better() -> None:
    # A lookahead that always played the policy's card would pass the test above.
    tables = policy_tables(compile_rules(STANDARD, 4))
    better = 0
    for seed in range(40):
        game = _dealt("standard", 4, seed, 8)
        seat = game.turn

        def value(points: list[int], seat: int = seat) -> float:
            return -float(points[seat])

        plain = game.clone()
        play_out(plain, tables, seat)
        points = play_out_lookahead(game.clone(), tables, seat, seat, value)
        better += value(points) > value(final_points(plain))
    assert better >= 2


@pytest.mark.parametrize("player", [HardPlayer, ExpertPlayer])
def test_lookahead_is_an_option_off_by_default(player: type[HardPlayer]) -> None:
    assert player().lookahead is False
    assert player(lookahead=True).lookahead is True
