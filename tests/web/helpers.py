"""Move lists for tests, found by small searches over the public Heart to Heart API.

``winning_moves`` plans the pairs on an abstraction (with unlimited recycles, the stock and the
waste are one reservoir: any of its cards can be brought to the waste top), then spells the plan
out as real moves, flipping and recycling until the needed rank is on top.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import format_deal_code
from hertta.solitaire.game import (
    WASTE,
    Game,
    Move,
    Status,
    legal_moves,
    new_game,
    play,
)
from hertta.solitaire.layout import COVERED_BY_MASKS, POSITIONS

PINNED_WINNABLE = "HH1-N-AAAAAAM"
"""The deal the rules text describes; RULES.md says it is winnable."""
DEAD_END_CODE = "HH1-N-AAAABMY"
DEAD_END_MOVES = "25+W"
"""Found by :func:`short_dead_end` with depth 2: one pair and the deal is stuck (a test checks it
with the public game API)."""


def _rank(card: object) -> int:
    return int(card.rank)  # type: ignore[attr-defined]


def winning_plan(game: Game) -> list[tuple[int, int]] | None:
    """Pairs (p, q) or (p, WASTE meaning "a reservoir card") that clear the heart, or None."""
    position = game.position
    ranks = tuple(0 if c is None else _rank(c) for c in position.heart)
    reservoir = Counter(_rank(c) for c in (*position.stock, *position.waste))
    start_counts = tuple(reservoir.get(r, 0) for r in range(15))

    @cache
    def solve(mask: int, counts: tuple[int, ...]) -> tuple[tuple[int, int], ...] | None:
        if mask == 0:
            return ()
        free = [p for p in POSITIONS if mask >> (p - 1) & 1 and not mask & COVERED_BY_MASKS[p]]
        options: list[tuple[int, int]] = []
        for i, p in enumerate(free):
            options.extend((p, q) for q in free[i + 1 :] if ranks[p - 1] == ranks[q - 1])
        options.extend((p, WASTE) for p in free if counts[ranks[p - 1]])
        for p, q in options:
            after = mask & ~(1 << (p - 1))
            new_counts = counts
            if q == WASTE:
                listed = list(counts)
                listed[ranks[p - 1]] -= 1
                new_counts = tuple(listed)
            else:
                after &= ~(1 << (q - 1))
            rest = solve(after, new_counts)
            if rest is not None:
                return ((p, q), *rest)
        return None

    mask = sum(1 << (p - 1) for p in POSITIONS if ranks[p - 1])
    plan = solve(mask, start_counts)
    return None if plan is None else list(plan)


def bring_rank_to_waste(game: Game, rank: int) -> tuple[Game, list[Move]]:
    """Flip (and recycle) until a card of ``rank`` is the waste's top."""
    moves: list[Move] = []
    for _ in range(60):
        top = game.position.waste_top
        if top is not None and _rank(top) == rank:
            return game, moves
        move = Move.flip() if game.position.stock else Move.recycle()
        game = play(game, move)
        moves.append(move)
    raise AssertionError(f"rank {rank} never reached the waste")


def winning_moves(code: str) -> list[Move]:
    """A full winning move list for a winnable deal."""
    game = new_game(code)
    plan = winning_plan(game)
    if plan is None:
        raise AssertionError(f"{code} is not winnable")
    moves: list[Move] = []
    for p, q in plan:
        if q == WASTE:
            card = game.position.heart[p - 1]
            game, flips = bring_rank_to_waste(game, _rank(card))
            moves.extend(flips)
        move = Move.pair(p, q)
        game = play(game, move)
        moves.append(move)
    assert game.status is Status.WON
    return moves


def first_dead_end(code: str, depth: int) -> list[Move] | None:
    """The shortest move list (up to ``depth`` moves) that ends in a dead end, by BFS."""
    frontier: list[tuple[Game, list[Move]]] = [(new_game(code), [])]
    for _ in range(depth):
        next_frontier: list[tuple[Game, list[Move]]] = []
        for game, moves in frontier:
            for move in legal_moves(game.position):
                after = play(game, move)
                line = [*moves, move]
                if after.status is Status.DEAD_END:
                    return line
                if after.status is Status.PLAYING and len(next_frontier) < 4000:
                    next_frontier.append((after, line))
        frontier = next_frontier
    return None


def short_dead_end(depth: int = 3, tries: int = 400) -> tuple[str, list[Move]]:
    """A deal (not dead at the start) and a short move list that leads it into a dead end."""
    for number in range(tries):
        code = format_deal_code(number)
        if new_game(code).status is not Status.PLAYING:
            continue
        line = first_dead_end(code, depth)
        if line is not None:
            return code, line
    raise AssertionError("no short dead end found")


Target = int | Literal["stock", "waste"]


def tap_targets_for(move: Move) -> list[Target]:
    """The taps a person makes for a move: the stock, or the two cards of a pair."""
    if move.notation in ("F", "R"):
        return ["stock"]
    return [move.first, "waste" if move.second == WASTE else move.second]


def random_target(rng: SplitMix64) -> int | str:
    """A random tap target: mostly heart positions, sometimes the stock or the waste."""
    roll = rng.below(40)
    if roll < 25:
        return roll + 1
    return "stock" if roll < 34 else "waste"
