"""Hard's moon choice: the rest of the match is played out as a match goes on, passes included."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest

from hertta.ai.moon import future_rounds, match_share, next_directions, passed_deal
from hertta.ai.passing import PassContext, normal_pass
from hertta.ai.rollout import final_points, play_out
from hertta.ai.rollout_tables import policy_tables
from hertta.cards import Card
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import PRESETS
from hertta.hearts.dealing import random_deal_indices
from hertta.hearts.deck import PASS_CYCLES, PassDirection, pass_offset
from hertta.hearts.observation import observe
from hertta.rng import SplitMix64

from .test_normal_pass_and_moon import _moon_state

D = PassDirection


def test_the_rounds_after_this_one_pass_as_the_cycle_goes_on() -> None:
    after_none = [D.LEFT, D.RIGHT, D.ACROSS, D.NONE, D.LEFT]
    assert list(islice(next_directions(4, D.NONE), 5)) == after_none
    assert list(islice(next_directions(3, D.LEFT), 3)) == [D.RIGHT, D.NONE, D.LEFT]
    assert list(islice(next_directions(5, D.RIGHT2), 3)) == [D.NONE, D.LEFT, D.RIGHT]
    # A direction the count allows but its cycle lacks (an engine request may send one):
    # the cycle starts over.
    assert list(islice(next_directions(6, D.LEFT2), 2)) == [D.LEFT, D.RIGHT]


@pytest.mark.parametrize(
    ("preset", "players"),
    [(name, n) for name, rules in PRESETS.items() for n in rules.player_counts],
)
def test_a_future_deal_is_passed_by_normals_rules(preset: str, players: int) -> None:
    compiled = compile_rules(PRESETS[preset], players)
    for direction in PASS_CYCLES[players]:
        for seed in range(3):
            dealer = seed % players
            hands, _ = random_deal_indices(compiled, dealer, SplitMix64(seed))
            game = passed_deal(compiled, dealer, direction, SplitMix64(seed))
            offset = pass_offset(direction, players)
            for seat in range(players):
                given = _normal_pass(compiled.rules, hands[seat]) if offset else []
                giver = (seat - offset) % players
                got = _normal_pass(compiled.rules, hands[giver]) if offset else []
                expected = Counter(hands[seat]) - Counter(given) + Counter(got)
                assert Counter(game.hand(seat)) == expected, (direction, seed, seat)


def _normal_pass(rules, hand: list[int]) -> list[int]:  # type: ignore[no-untyped-def]
    cards = tuple(Card.from_index(i) for i in hand)
    return [c.index for c in normal_pass(PassContext(cards, rules))]


def test_the_rest_of_the_match_moves_the_deal_and_the_pass_round_by_round() -> None:
    # The round of _moon_state was dealt by seat 2 with no pass: the next one is dealt by
    # seat 3 and passes left, then seat 0 and right, and so on until the match ends.
    totals = (50, 60, 40, 30)
    obs = observe(_moon_state(totals), 3, totals)
    compiled = compile_rules(obs.rules, 4)
    tables = policy_tables(compiled)
    outcomes = {
        name: [t + p for t, p in zip(totals, points, strict=True)]
        for name, points in obs.moon_options
    }
    rounds = future_rounds(compiled, tables, obs, outcomes, SplitMix64(9))

    rng = SplitMix64(9)
    expected = []
    directions = [D.LEFT, D.RIGHT, D.ACROSS, D.NONE]
    for k in range(len(rounds)):
        game = passed_deal(compiled, (2 + 1 + k) % 4, directions[k % 4], rng)
        play_out(game, tables)
        expected.append(final_points(game))
    assert rounds == expected
    # Enough rounds to end the match under both options, and not one more.
    def ended(start: list[int], played: list[list[int]]) -> bool:
        running = list(start)
        for points in played:
            running = [t + p for t, p in zip(running, points, strict=True)]
        return max(running) >= 100

    assert all(ended(start, rounds) for start in outcomes.values())
    assert not all(ended(start, rounds[:-1]) for start in outcomes.values())
    for start in outcomes.values():
        shares = [match_share(start, rounds, seat, 100) for seat in range(4)]
        assert sum(shares) == pytest.approx(1.0)
