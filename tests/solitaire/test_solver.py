"""Winnability: the solver against plain search over real moves, rule by rule."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hertta.cards import Card, Rank, Suit
from hertta.rng import SplitMix64
from hertta.solitaire import solver
from hertta.solitaire.deal_codes import (
    SALT_V1,
    deck_for_number,
    format_deal_code,
    normalize_deal_code,
)
from hertta.solitaire.game import (
    Move,
    Position,
    Status,
    apply_move,
    deal_position,
    is_dead_end,
    is_won,
    new_game,
    replay,
)
from hertta.solitaire.layout import POSITION_COUNT
from hertta.solitaire.solver import (
    ALL_RULES,
    Abstraction,
    Rules,
    abstract,
    deal_abstraction,
    find_plan,
    is_dead,
    is_winnable,
    present_cones,
    rank_options,
    winnable_game_code,
    winning_moves,
)

from .test_solver_reference import naive_winnable, real_fewest_moves, small_positions

RULE_SETS = {
    "all": ALL_RULES,
    "no max_singles": Rules(max_singles=False),
    "no incomparable_pairs": Rules(incomparable_pairs=False),
    "no partial_cycles": Rules(partial_cycles=False),
    "no forced_first": Rules(forced_first=False),
    "none": Rules(False, False, False, False),
}


@cache
def small() -> tuple[tuple[Position, ...], tuple[bool, ...]]:
    """Small late positions and whether plain real-move search wins them."""
    positions = tuple(small_positions(seed=2024, count=120))
    return positions, tuple(real_fewest_moves(p) is not None for p in positions)


@cache
def full_deals() -> tuple[tuple[Abstraction, ...], tuple[bool, ...]]:
    """Whole deals 0..299 and the unpruned abstract search's verdicts."""
    states = tuple(deal_abstraction(n) for n in range(300))
    return states, tuple(naive_winnable(state) for state in states)


def test_the_small_sample_has_both_outcomes() -> None:
    assert 30 <= sum(small()[1]) <= 90


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_rule_set_agrees_with_real_move_search(name: str) -> None:
    positions, truth = small()
    rules = RULE_SETS[name]
    assert tuple(find_plan(abstract(p), rules) is not None for p in positions) == truth


def test_is_winnable_agrees_with_real_move_search() -> None:
    positions, truth = small()
    assert tuple(is_winnable(p) for p in positions) == truth


def test_reservoir_order_does_not_matter() -> None:
    rng = SplitMix64(8)
    for position in small()[0][:40]:
        reservoir = rng.shuffle([*position.waste, *position.stock])
        cut = rng.below(len(reservoir) + 1)
        shuffled = Position(position.heart, tuple(reservoir[cut:]), tuple(reservoir[:cut]))
        assert (real_fewest_moves(shuffled) is not None) == is_winnable(position)


def _random_heart(rng: SplitMix64) -> Position:
    """Arbitrary present cards (not necessarily a reachable shape: chains may be broken), few
    ranks, a small reservoir. Tests the general cone computation."""
    heart: list[Card | None] = [None] * POSITION_COUNT
    ranks = [Rank(2 + rng.below(13)) for _ in range(3)]
    for p in range(POSITION_COUNT):
        if rng.below(100) < 30:
            heart[p] = Card(ranks[rng.below(3)], Suit.HEARTS)
    stock = tuple(Card(ranks[rng.below(3)], Suit.HEARTS) for _ in range(rng.below(5)))
    return Position(tuple(heart), stock, (Card(Rank.ACE, Suit.HEARTS),))


def test_hand_made_shapes_agree_with_real_move_search() -> None:
    rng = SplitMix64(99)
    outcomes = set()
    broken_chains = 0
    for _ in range(60):
        position = _random_heart(rng)
        mask = position.present_mask
        if present_cones(mask) != tuple(c & mask for c in solver.CONE):
            broken_chains += 1
        truth = real_fewest_moves(position) is not None
        outcomes.add(truth)
        for rules in RULE_SETS.values():
            assert (find_plan(abstract(position), rules) is not None) == truth
    assert outcomes == {True, False}
    assert broken_chains > 10


@pytest.mark.parametrize("name", ["all", "no max_singles", "no incomparable_pairs", "none"])
def test_rule_sets_agree_with_naive_search_on_whole_deals(name: str) -> None:
    states, truth = full_deals()
    rules = RULE_SETS[name]
    assert tuple(find_plan(state, rules) is not None for state in states) == truth
    assert 50 <= sum(truth) <= 130  # about 29% of deals


def _option_counts(state: Abstraction, rules: Rules) -> list[int]:
    cone = present_cones(state.mask)
    by_rank: dict[int, list[int]] = {}
    for p in range(1, POSITION_COUNT + 1):
        if (state.mask >> (p - 1)) & 1:
            by_rank.setdefault(state.ranks[p - 1], []).append(p)
    return [len(rank_options(ps, state.counts[r], cone, rules)) for r, ps in by_rank.items()]


def test_max_singles_and_incomparable_pairs_actually_prune() -> None:
    states = [abstract(p) for p in small()[0]] + list(full_deals()[0])
    for rules in (Rules(max_singles=False), Rules(incomparable_pairs=False)):
        fewer = sum(_option_counts(s, ALL_RULES) != _option_counts(s, rules) for s in states)
        assert fewer > 20


def _count_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls = [0]
    original: Callable[..., Any] = getattr(solver, name)

    def counting(*args: Any) -> Any:
        calls[0] += 1
        return original(*args)

    monkeypatch.setattr(solver, name, counting)
    return calls


def test_partial_cycles_cuts_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_calls(monkeypatch, "_choose")
    states = full_deals()[0]
    for state in states:
        find_plan(state, ALL_RULES)
    with_rule = calls[0]
    calls[0] = 0
    for state in states:
        find_plan(state, Rules(partial_cycles=False))
    assert with_rule < calls[0]


def test_forced_ranks_and_rank_bounds_occur() -> None:
    forced = impossible = 0
    for state in [abstract(p) for p in small()[0]] + list(full_deals()[0]):
        counts = _option_counts(state, ALL_RULES)
        forced += 1 in counts
        impossible += 0 in counts
    assert forced > 50 and impossible > 10


def test_rank_options_follow_the_reservoir() -> None:
    cone = solver.CONE
    # Four 7s at the top row (no one above another): no reservoir 7 -> the three matchings.
    assert len(rank_options([1, 2, 3, 4], 0, cone)) == 3
    # Three cards, one reservoir card: the single is any of the three.
    assert sorted(rank_options([1, 2, 3], 1, cone)) == [((1, 2),), ((1, 3),), ((2, 3),)]
    # Enough reservoir cards: all singles, one option with no pairs.
    assert rank_options([1, 2], 2, cone) == [()]
    # Odd count, empty reservoir: impossible.
    assert rank_options([1, 2, 3], 0, cone) == []
    # 25 (the point) is above every card: it pairs with none of them.
    assert rank_options([1, 25], 0, cone) == []
    assert rank_options([1, 25], 0, cone, Rules(incomparable_pairs=False)) == [((1, 25),)]


def test_dead_matches_the_rules() -> None:
    for n in range(400):
        position = deal_position(deck_for_number(n))
        assert is_dead(abstract(position)) == is_dead_end(position)
    for position in small()[0]:
        assert is_dead(abstract(position)) == is_dead_end(position)


def test_dead_deals_are_not_winnable() -> None:
    for state in full_deals()[0]:
        if is_dead(state):
            assert find_plan(state) is None


def _wins(position: Position, moves: list[Move]) -> bool:
    for move in moves:
        position = apply_move(position, move)
    return is_won(position)


def test_winning_moves_win_small_positions() -> None:
    for position, truth in zip(*small(), strict=True):
        moves = winning_moves(position)
        assert (moves is not None) == truth
        if moves is not None:
            assert _wins(position, moves)


def test_winning_moves_replay_to_a_win_from_the_deal() -> None:
    played = 0
    for n, truth in enumerate(full_deals()[1][:120]):
        code = format_deal_code(n)
        moves = winning_moves(new_game(code).start)
        assert (moves is not None) == truth
        if moves is not None:
            assert replay(code, moves).status is Status.WON
            played += 1
    assert played > 20


def test_winnable_game_code_never_deals_a_loss() -> None:
    rng = SplitMix64(20260101)
    codes = [winnable_game_code(rng) for _ in range(50)]
    assert len(set(codes)) > 45
    for code in codes:
        assert normalize_deal_code(code) == code
        start = new_game(code).start
        assert naive_winnable(abstract(start))  # the independent, unpruned search
        moves = winning_moves(start)
        assert moves is not None and replay(code, moves).status is Status.WON


def test_winnable_game_code_is_reproducible() -> None:
    assert winnable_game_code(SplitMix64(5)) == winnable_game_code(SplitMix64(5))


def test_the_salt_script_still_finds_format_1s_salt() -> None:
    path = Path(__file__).parents[2] / "scripts" / "find_salt.py"
    spec = importlib.util.spec_from_file_location("find_salt", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.fits(SALT_V1)


def test_empty_reservoir_and_empty_heart() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    stacked = tuple([None] * 23 + [seven, seven])  # the point (25) covers 24
    position = Position(stacked, (), ())
    assert not is_winnable(position) and real_fewest_moves(position) is None
    side_by_side = tuple([None] * 22 + [seven, seven, None])  # 23 and 24, both free
    assert is_winnable(Position(side_by_side, (), ()))
    empty = Position(tuple([None] * 25), (), ())
    assert is_winnable(empty) and winning_moves(empty) == []


def test_plan_order_removes_free_units_only() -> None:
    checked = 0
    for position, truth in zip(*small(), strict=True):
        plan = find_plan(abstract(position))
        assert (plan is not None) == truth
        if plan is None:
            continue
        units = sorted(p for unit in plan.order for p in unit)
        assert units == sorted(p for p in range(1, 26) if position.heart[p - 1] is not None)
        heart = list(position.heart)
        for unit in plan.order:
            now = Position(tuple(heart), position.stock, position.waste)
            assert all(now.is_free(p) for p in unit)
            ranks = {heart[p - 1].rank for p in unit}  # type: ignore[union-attr]
            assert len(ranks) == 1
            for p in unit:
                heart[p - 1] = None
        checked += 1
    assert checked > 30
