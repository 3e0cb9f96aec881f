"""Writes the golden round records (run once; the tests pin their points).

    .venv/bin/python -m tests.hearts.golden.generate

Random rounds come from match codes and seeded random legal play; the moon rounds are crafted.
Rerunning rewrites the same files: everything is seeded.
"""

from __future__ import annotations

from pathlib import Path

from tests.hearts.helpers import build_hands, play_with, random_passes, start

from hertta.cards import Card
from hertta.hearts.codes import parse_match_code
from hertta.hearts.config import RulesConfig, preset, with_options
from hertta.hearts.match import deal_match_round
from hertta.hearts.records import format_record, record_from_state
from hertta.hearts.round import Phase, RoundState, choose_moon, play_card
from hertta.rng import SplitMix64

HERE = Path(__file__).parent

RANDOM = {
    "standard_4p": ("HM1-S4-AAAAAAM", 0, 1),
    "standard_3p": ("HM1-S3-AAAAAAB", 1, 2),
    "omnibus_5p": ("HM1-O5-AAAAAAC", 2, 3),
    "jack_of_diamonds_4p": ("HM1-J4-AAAAAAD", 2, 4),
    "black_lady_ace_6p": ("HM1-B6-AAAAAAE-AP7", 0, 5),
    "cancellation_5p": ("HM1-C5-AAAAAAF", 0, 6),
}


def random_round(code: str, index: int, seed: int) -> RoundState:
    rng = SplitMix64(seed)
    state = random_passes(deal_match_round(parse_match_code(code), index), rng)
    while state.phase is Phase.PLAYING:
        state = play_card(state, state.turn or 0, rng.choice(state.legal_plays))
    return state


def carried_round() -> RoundState:
    """The first seeded 6-player Cancellation round whose random play carries a trick over."""
    for seed in range(10_000):
        state = random_round("HM1-C6-AAAAAAG", 1, seed)
        if any(t.winner is None for t in state.tricks):
            return state
    raise AssertionError("no carry-over found")


def moon_round(rules: RulesConfig, choice: str | None) -> RoundState:
    shooter = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AH"

    def policy(state: RoundState) -> Card:
        legal = state.legal_plays
        if state.turn == 0:
            return max(legal)
        return max(legal, key=lambda c: (abs(rules.card_value(c)), c.index))

    state = play_with(start(rules, 4, build_hands(rules, 4, {0: shooter}), dealer=3), policy)
    if choice is not None and state.phase is Phase.MOON_CHOICE:
        state = choose_moon(state, 0, choice)
    return state


def main() -> None:
    rounds = {name: random_round(*spec) for name, spec in RANDOM.items()}
    rounds["cancellation_6p_carry"] = carried_round()
    rounds["moon_choose_subtract"] = moon_round(
        with_options(preset("standard"), moon_rule="choose"), "subtract"
    )
    rounds["omnibus_moon"] = moon_round(preset("omnibus"), None)
    for name, state in rounds.items():
        (HERE / f"{name}.json").write_text(format_record(record_from_state(state)), "utf-8")
        score = state.score
        print(name, score.points if score else state.phase)


if __name__ == "__main__":
    main()
