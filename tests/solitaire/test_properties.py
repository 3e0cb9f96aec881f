"""Invariants under random play: cards conserved, score, undo, and the dead end's meaning."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from hertta.solitaire.deal_codes import DEAL_COUNT, format_deal_code
from hertta.solitaire.game import (
    WASTE,
    MoveKind,
    Position,
    Status,
    is_dead_end,
    legal_moves,
    new_game,
)
from hertta.solitaire.taps import Effect, TapState, new_tap_state, tap, undo

TARGETS = st.one_of(st.integers(min_value=1, max_value=25), st.sampled_from(["stock", "waste"]))


def all_cards(position: Position) -> Counter[str]:
    cards = (
        [c for c in position.heart if c is not None] + list(position.stock) + list(position.waste)
    )
    return Counter(c.notation for c in cards)


def a_pair_is_reachable_by_stock_taps(position: Position) -> bool:
    """Oracle: turn the stock over (recycling) for two full cycles, looking for any pair."""
    heart, stock, waste = position.heart, list(position.stock), list(position.waste)
    free = [heart[p - 1] for p in position.free_positions()]
    ranks = Counter(c.rank for c in free if c is not None)
    if any(n >= 2 for n in ranks.values()):
        return True
    for _ in range(2 * (len(stock) + len(waste)) + 2):
        if waste and waste[-1].rank in ranks:
            return True
        if stock:
            waste.append(stock.pop(0))
        elif waste:
            stock, waste = waste, []
    return False


class SolitaireMachine(RuleBasedStateMachine):
    """Tracks removed cards on its own (from tap effects) and checks the engine against it."""

    state: TapState
    history: list[tuple[Position, int, int]]

    @initialize(number=st.integers(min_value=0, max_value=DEAL_COUNT - 1))
    def deal(self, number: int) -> None:
        self.state = new_tap_state(new_game(format_deal_code(number)))
        self.removed_total = 0
        self.removed_heart = 0
        self.history = []
        self.initial_cards = all_cards(self.state.game.position)

    @rule(place=TARGETS)
    def tap_somewhere(self, place: int | str) -> None:
        before = self.state.game.position
        result = tap(self.state, place)  # type: ignore[arg-type]
        self.state = result.state
        if result.move is None:
            assert self.state.game.position == before
            return
        self.history.append((before, self.removed_total, self.removed_heart))
        assert self.state.game.position.moves == before.moves + 1
        if result.effect is Effect.PAIR:
            self.removed_total += 2
            self.removed_heart += 1 if result.move.second == WASTE else 2

    @rule(choice=st.integers(min_value=0, max_value=50))
    def tap_a_legal_pair(self, choice: int) -> None:
        """Random taps seldom find pairs; this taps both cards of a legal pair, if any."""
        pairs = [m for m in legal_moves(self.state.game.position) if m.kind is MoveKind.PAIR]
        if not pairs or self.state.selection is not None:
            return
        move = pairs[choice % len(pairs)]
        self.tap_somewhere(move.first)
        self.tap_somewhere("waste" if move.second == WASTE else move.second)
        assert self.state.game.last_move == move

    @rule()
    def take_back(self) -> None:
        if self.state.game.status is Status.WON or not self.state.game.history:
            return
        expected, self.removed_total, self.removed_heart = self.history.pop()
        self.state = undo(self.state)
        assert self.state.game.position == expected
        assert self.state.selection is None

    @invariant()
    def cards_are_conserved_and_scored(self) -> None:
        if not hasattr(self, "table"):
            return
        position = self.state.game.position
        remaining = all_cards(position)
        assert sum(remaining.values()) + self.removed_total == 52
        assert not (remaining - self.initial_cards)
        assert 25 - position.cards_left_in_heart == self.removed_heart
        assert position.score == 10 * self.removed_heart

    @invariant()
    def dead_end_means_no_pair_by_stock_taps(self) -> None:
        if not hasattr(self, "table") or self.state.game.status is Status.WON:
            return
        position = self.state.game.position
        assert is_dead_end(position) == (not a_pair_is_reachable_by_stock_taps(position))


TestSolitaireMachine = SolitaireMachine.TestCase
TestSolitaireMachine.settings = settings(max_examples=60, stateful_step_count=60, deadline=None)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_dead_at_deal_matches_oracle(number: int) -> None:
    position = new_game(format_deal_code(number)).position
    assert is_dead_end(position) == (not a_pair_is_reachable_by_stock_taps(position))
