"""The seed's worked example ("Esimerkki pelitilanteesta"): ♠A K 3 ♥7 5 2 ♦Q J 8 4 ♣9 6,
passing left, the best pass is A♠ K♠ 9♣ (the dangerous spades and a card from the short clubs)."""

from __future__ import annotations

import pytest

from hertta.ai.hard import HardPlayer
from hertta.ai.hint import hint
from hertta.ai.normal import NormalPlayer
from hertta.ai.passing import explain_pass, pass_context
from hertta.cards import parse_cards
from hertta.hearts.observation import observe
from hertta.hearts.round import round_from_hands
from hertta.rng import SplitMix64

from .helpers import STANDARD, fill_hands

EXAMPLE = "AS KS 3S 7H 5H 2H QD JD 8D 4D 9C 6C"
EXPECTED = sorted(parse_cards("AS KS 9C"))


def example_observation(fill_seed: int = 0):  # type: ignore[no-untyped-def]
    hands = fill_hands(STANDARD, 4, {0: EXAMPLE})
    if fill_seed:
        # Other hidden hands: shuffle the other 39 cards among seats 1-3.
        others = SplitMix64(fill_seed).shuffle([c for h in hands[1:] for c in h])
        hands = [hands[0], others[:13], others[13:26], others[26:]]
    state = round_from_hands(STANDARD, 4, 3, "left", hands)
    return observe(state, 0)


def test_the_example_hand_is_the_seeds() -> None:
    obs = example_observation()
    assert len(obs.hand) == 13
    assert obs.pass_to == 1  # left is the next seat clockwise


def test_normal_passes_ace_king_of_spades_and_nine_of_clubs() -> None:
    obs = example_observation()
    assert NormalPlayer().choose_pass(obs, SplitMix64(1)) == EXPECTED


def test_normal_explains_each_card_of_the_example() -> None:
    reasons = dict(explain_pass(pass_context(example_observation())))
    assert reasons == {
        parse_cards("AS")[0]: "high_spades",
        parse_cards("KS")[0]: "high_spades",
        parse_cards("9C")[0]: "shorten_short_suit",
    }


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_passes_ace_king_of_spades_and_nine_of_clubs(seed: int) -> None:
    obs = example_observation(fill_seed=seed)
    assert sorted(HardPlayer().choose_pass(obs, SplitMix64(seed))) == EXPECTED


def test_the_pass_shortlist_sets_how_many_subsets_are_searched() -> None:
    obs = example_observation()
    shortlist = [card for card, _ in explain_pass(pass_context(obs), 7)]
    for size, subsets in ((5, 10), (7, 35)):
        candidates = HardPlayer(pass_shortlist=size).pass_candidates(obs)
        assert candidates[0] == EXPECTED  # Normal's pass first, then every other 3-card subset
        assert len(candidates) == len({tuple(c) for c in candidates}) == subsets
        assert {c for cards in candidates for c in cards} == set(shortlist[:size])


def test_the_hint_suggests_the_same_pass_for_the_high_spades() -> None:
    found = hint(example_observation(), SplitMix64(5))
    assert found.kind == "pass"
    assert list(found.cards) == EXPECTED
    assert found.reason_code == "pass_high_spades"
