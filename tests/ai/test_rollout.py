"""Hard's rollout policy: Normal's core rules on the fast engine's masks."""

from __future__ import annotations

import pytest

from hertta.ai.play_rules import normal_play
from hertta.ai.rollout import fast_choice, final_points, play_out, policy_tables
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.round import RoundState, deal_round

from .helpers import position, view

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
