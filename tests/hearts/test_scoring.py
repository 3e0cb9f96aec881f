"""Points and moons for every variant and moon rule."""

from collections.abc import Callable

import pytest

from hertta.cards import Card
from hertta.errors import IllegalMoveError
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import RulesConfig, preset, with_options
from hertta.hearts.observation import observe
from hertta.hearts.round import HeartsMoveError, Phase, RoundState, choose_moon
from hertta.hearts.scoring import score_round
from tests.hearts.helpers import build_hands, play_with, start

# Seat 0 holds every club but the 2 and the A♥: it wins every trick while the others, void,
# throw their penalty cards on it (the policy below).
SHOOTER = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AH"


def dump_policy(rules: RulesConfig) -> Callable[[RoundState], Card]:
    def choose(state: RoundState) -> Card:
        legal = state.legal_plays
        if state.turn == 0:
            return max(legal)
        return max(legal, key=lambda c: (abs(rules.card_value(c)), c.index))

    return choose


def moon_round(rules: RulesConfig) -> RoundState:
    state = start(rules, 4, build_hands(rules, 4, {0: SHOOTER}))
    return play_with(state, dump_policy(rules))


def test_standard_moon_add() -> None:
    state = moon_round(preset("standard"))
    score = state.score
    assert score is not None
    assert score.shooter == 0
    assert score.penalty == (26, 0, 0, 0)
    assert score.points == (0, 26, 26, 26)
    assert score.moon_option == "add"


def test_standard_moon_subtract() -> None:
    score = moon_round(with_options(preset("standard"), moon_rule="subtract")).score
    assert score is not None
    assert score.points == (-26, 0, 0, 0)


def test_moon_choose_waits_for_the_shooter() -> None:
    state = moon_round(with_options(preset("standard"), moon_rule="choose"))
    assert state.phase is Phase.MOON_CHOICE
    assert state.turn == 0
    assert state.score is None
    assert state.moon_outcomes() == {"add": (0, 26, 26, 26), "subtract": (-26, 0, 0, 0)}
    view = observe(state, 0)
    assert dict(view.moon_options) == state.moon_outcomes()
    assert observe(state, 1).moon_options == ()
    with pytest.raises(HeartsMoveError) as caught:
        choose_moon(state, 1, "add")
    assert caught.value.reason == "not_your_turn"
    with pytest.raises(HeartsMoveError) as caught:
        choose_moon(state, 0, "double")
    assert caught.value.reason == "unknown_moon_option"
    done = choose_moon(state, 0, "subtract")
    assert done.phase is Phase.ROUND_OVER
    assert done.score is not None and done.score.points == (-26, 0, 0, 0)
    assert choose_moon(state, 0, "add").score.points == (0, 26, 26, 26)  # type: ignore[union-attr]


def test_omnibus_moon_with_the_ten_of_diamonds() -> None:
    state = moon_round(preset("omnibus"))
    score = state.score
    assert score is not None
    assert score.shooter == 0
    assert score.bonus == (-10, 0, 0, 0)
    assert score.points == (-10, 26, 26, 26)


def test_black_lady_moon_is_38() -> None:
    score = moon_round(preset("black_lady")).score
    assert score is not None
    assert score.points == (0, 38, 38, 38)


def test_black_lady_with_the_ace_of_spades_moon_is_45() -> None:
    score = moon_round(with_options(preset("black_lady"), ace_of_spades_points=7)).score
    assert score is not None
    assert score.penalty[0] == 45
    assert score.points == (0, 45, 45, 45)


def test_no_moon_when_a_penalty_card_escapes() -> None:
    rules = compile_rules(preset("standard"), 4)
    score = score_round(rules, [25, 1, 0, 0], [0] * 4)
    assert score.shooter is None
    assert score.points == (25, 1, 0, 0)


def test_omnibus_moon_needs_the_ten_of_diamonds() -> None:
    rules = compile_rules(preset("omnibus"), 4)
    score = score_round(rules, [26, 0, 0, 0], [0, -10, 0, 0])
    assert score.shooter is None
    assert score.points == (26, -10, 0, 0)


def test_jack_of_diamonds_moon_without_the_jack_and_the_jack_still_counts() -> None:
    rules = compile_rules(preset("jack_of_diamonds"), 4)
    add = score_round(rules, [26, 0, 0, 0], [0, -10, 0, 0])
    assert add.shooter == 0
    assert add.points == (0, 16, 26, 26)
    subtract = compile_rules(with_options(preset("jack_of_diamonds"), moon_rule="subtract"), 4)
    assert score_round(subtract, [26, 0, 0, 0], [0, -10, 0, 0]).points == (-26, -10, 0, 0)
    assert score_round(subtract, [26, 0, 0, 0], [-10, 0, 0, 0]).points == (-36, 0, 0, 0)


def test_bonus_card_counts_without_a_moon() -> None:
    rules = compile_rules(preset("jack_of_diamonds"), 4)
    assert score_round(rules, [3, 10, 13, 0], [0, 0, 0, -10]).points == (3, 10, 13, -10)


def test_choose_without_a_choice_is_refused() -> None:
    rules = compile_rules(with_options(preset("standard"), moon_rule="choose"), 4)
    with pytest.raises(IllegalMoveError, match="seat 2 shot the moon"):
        score_round(rules, [0, 0, 26, 0], [0] * 4)
    assert score_round(rules, [0, 0, 26, 0], [0] * 4, "add").points == (26, 26, 0, 26)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_moon_with_other_player_counts(players: int) -> None:
    rules = compile_rules(preset("standard"), players)
    penalty = [0] * players
    penalty[1] = 26
    assert score_round(rules, penalty, [0] * players).points == tuple(
        0 if s == 1 else 26 for s in range(players)
    )
