"""Fewest moves: A* against plain breadth-first search over real moves; example lines."""

from __future__ import annotations

from functools import cache

import pytest

from hertta.errors import DealCodeError
from hertta.solitaire import optimal
from hertta.solitaire.deal_codes import format_deal_code
from hertta.solitaire.game import Move, Position, Status, apply_move, is_won, new_game, replay
from hertta.solitaire.optimal import (
    RULES_EXAMPLE_CODE,
    UNREACHABLE,
    SearchLimitError,
    example_solution,
    fewest_moves,
    lower_bound,
)
from hertta.solitaire.solver import is_deal_winnable, winning_moves

from .test_solver_reference import real_fewest_moves, small_positions


@cache
def small() -> tuple[tuple[Position, ...], tuple[int | None, ...]]:
    positions = tuple(small_positions(seed=77, count=90, heart_cards=9, reservoir=12))
    return positions, tuple(real_fewest_moves(p) for p in positions)


def _wins(position: Position, moves: list[Move]) -> bool:
    for move in moves:
        position = apply_move(position, move)
    return is_won(position)


def test_the_sample_has_wins_and_losses() -> None:
    distances = small()[1]
    wins = [d for d in distances if d is not None]
    assert 20 <= len(wins) <= 75
    assert max(wins) >= 10  # not only trivial finishes


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"use_bound": False},
        {"forced_pairs": False},
        {"use_bound": False, "forced_pairs": False},
    ],
    ids=["all", "no bound", "no forced pairs", "neither"],
)
def test_fewest_moves_match_breadth_first_search(options: dict[str, bool]) -> None:
    for position, distance in zip(*small(), strict=True):
        moves = fewest_moves(position, **options)
        if distance is None:
            assert moves is None
        else:
            assert moves is not None and len(moves) == distance
            assert _wins(position, moves)


def test_the_lower_bound_never_overestimates() -> None:
    tight = 0
    for position, distance in zip(*small(), strict=True):
        bound = lower_bound(position)
        if distance is None:
            continue
        assert bound <= distance
        tight += bound == distance
    assert tight > 3


def test_the_bound_sees_some_lost_positions() -> None:
    assert any(lower_bound(p) >= UNREACHABLE for p, d in zip(*small(), strict=True) if d is None)


def test_forced_pairs_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [0]
    original = optimal._Search.forced_pair

    def counting(self: optimal._Search, mask: int, counts: tuple[int, ...]) -> object:
        pair = original(self, mask, counts)
        found[0] += pair is not None
        return pair

    monkeypatch.setattr(optimal._Search, "forced_pair", counting)
    for position in small()[0]:
        fewest_moves(position)
    assert found[0] > 10


@cache
def winnable_codes(count: int) -> tuple[str, ...]:
    codes: list[str] = []
    number = 0
    while len(codes) < count:
        if is_deal_winnable(number):
            codes.append(format_deal_code(number))
        number += 1
    return tuple(codes)


def test_whole_deals_replay_to_a_win_and_beat_the_quick_line() -> None:
    for code in winnable_codes(6):
        start = new_game(code).start
        best = fewest_moves(start)
        quick = winning_moves(start)
        assert best is not None and quick is not None
        assert replay(code, best).status is Status.WON
        assert len(best) <= len(quick)
        assert lower_bound(start) <= len(best)


def test_unwinnable_deal_has_no_line() -> None:
    number = next(n for n in range(100) if not is_deal_winnable(n))
    assert fewest_moves(new_game(format_deal_code(number)).start) is None


def test_the_search_can_be_limited() -> None:
    start = new_game(winnable_codes(1)[0]).start
    with pytest.raises(SearchLimitError):
        fewest_moves(start, max_expansions=1)
    with pytest.raises(SearchLimitError):
        fewest_moves(start, stop=lambda: True)


def test_example_solution_opens_as_the_rules_describe() -> None:
    moves = example_solution(RULES_EXAMPLE_CODE)
    assert [m.notation for m in moves[:10]] == ["F"] * 9 + ["25+W"]
    game = replay(RULES_EXAMPLE_CODE, moves)
    assert game.status is Status.WON
    assert game.played == len(moves)
    # The rest is the fewest from the position after those ten moves.
    after = replay(RULES_EXAMPLE_CODE, moves[:10]).position
    rest = fewest_moves(after)
    assert rest is not None and len(moves) == 10 + len(rest)
    assert example_solution(" hh1-n-aaaaaam ") == moves


def test_example_solution_for_other_codes() -> None:
    code = winnable_codes(2)[1]
    assert replay(code, example_solution(code)).status is Status.WON
    lost = next(n for n in range(100) if not is_deal_winnable(n))
    with pytest.raises(DealCodeError, match=format_deal_code(lost)):
        example_solution(format_deal_code(lost))
    with pytest.raises(DealCodeError, match="HH1-X"):
        example_solution("HH1-X")


def test_a_whole_deal_matches_plain_uniform_cost_search() -> None:
    position = new_game(format_deal_code(5028)).start
    best = fewest_moves(position)
    plain = fewest_moves(position, use_bound=False, forced_pairs=False)
    assert best is not None and plain is not None and len(best) == len(plain)
