"""Random rounds for the seat API and engine tests: every state from the deal to the end."""

from __future__ import annotations

from collections.abc import Iterator

from hertta.hearts.config import RulesConfig
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.round import Phase, RoundState, choose_moon, deal_round, play_card, submit_pass
from hertta.rng import SplitMix64


def random_states(rules: RulesConfig, players: int, seed: int) -> Iterator[RoundState]:
    """Every state of a random round: the deal, each pass, each play, a moon choice."""
    rng = SplitMix64(seed)
    cycle = PASS_CYCLES[players]
    state = deal_round(rules, players, seed % players, cycle[seed % len(cycle)], rng.next_u64())
    yield state
    for seat in rng.shuffle(range(players)):
        if state.phase is Phase.PASSING:
            state = submit_pass(state, seat, rng.shuffle(state.hands[seat])[:3])
            yield state
    while state.phase is Phase.PLAYING:
        state = play_card(state, state.turn or 0, rng.choice(state.legal_plays))
        yield state
    if state.phase is Phase.MOON_CHOICE:
        state = choose_moon(state, state.turn or 0, rng.choice(["add", "subtract"]))
        yield state
