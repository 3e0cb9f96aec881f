"""Fewest moves to win a Heart to Heart position: A* over real moves with an admissible bound.

Unlike winnability, move counts depend on the stock's order, so the search runs on the real
position. A state is the heart mask, the mask of reservoir cards still present and a boundary
``t``, over one fixed sequence: the waste bottom first up to its top, then the stock top first.
Present cards before ``t`` are the waste (its top is the last of them), the rest the stock. A flip
moves ``t`` just past the next present card, a recycle sets ``t = 0``, and a waste pair removes the
top and moves ``t`` back just past the card below it. Every move costs 1.

**Lower bound** (:meth:`_Search.bound`), a sum of two parts that count different moves:

- *pair moves*: rank ``r`` with ``h`` heart cards whose best split (see
  :func:`~hertta.solitaire.solver.rank_options` with no reservoir limit) needs ``s`` singles at
  least needs ``s + (h - s) / 2`` pair moves: a heart pair removes two cards, a waste pair one,
  and any legal split has at least ``s`` singles, each further single pair replacing half a move
  by a whole one.
- *flips and recycles*: give each reservoir card the least number of flips and recycles that
  must come before it can be on the waste top: the waste top 0; the ``i``-th stock card ``i``
  (the cards ahead of it leave the stock only by flips); a waste card below the top 0 if each
  card above it could be paired away by a heart card of its rank still present, otherwise the
  stock's length + 1 + its place from the bottom (it waits for a recycle, and the cards below it
  cannot leave before it). A rank whose cards need ``k >= 1`` singles needs ``k`` distinct
  reservoir cards of that rank on top, so at least the ``k``-th smallest of their numbers; the
  maximum over ranks is a bound.

Both parts never overestimate, so A* (with re-opening, as the bound need not be consistent)
returns a shortest line. States that the exact winnability test rejects are never generated.

**Forced heart pairs.** If every legal split of a rank's cards (any number of singles the
reservoir allows, of the right parity, incomparable pairs) contains the pair {a, b} and both are
free, the state's only successor is that pair. *Proof*: every winning line plays it, and playing it
earlier keeps every later move legal (removing cards frees others and never touches the
reservoir) and the count unchanged.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from hertta.errors import DealCodeError
from hertta.solitaire.deal_codes import normalize_deal_code
from hertta.solitaire.game import WASTE, Move, Position, apply_move, new_game
from hertta.solitaire.layout import COVERED_BY_MASKS, POSITION_COUNT, POSITIONS
from hertta.solitaire.solver import (
    RANKS,
    Abstraction,
    Rules,
    abstract,
    present_cones,
    rank_options,
    winning_moves,
    winning_pairs,
)

UNREACHABLE = 1 << 30
_ANY_SPLIT = Rules(max_singles=False)


@dataclass(frozen=True, slots=True)
class _HeartInfo:
    """What the heart mask alone says: free cards by rank, the pair-move bound and how many
    singles each rank needs at least."""

    free_by_rank: tuple[tuple[int, tuple[int, ...]], ...]
    pair_moves: int
    needs: tuple[tuple[int, int], ...]
    by_rank: tuple[tuple[int, tuple[int, ...]], ...]
    cone: tuple[int, ...]
    in_heart: tuple[int, ...]


class SearchLimitError(Exception):
    """The expansion budget or the caller's stop test ended the search before it finished."""


class _Search:
    def __init__(self, position: Position, *, use_bound: bool, forced_pairs: bool) -> None:
        self.use_bound = use_bound
        self.use_forced = forced_pairs
        self.heart_ranks = tuple(-1 if c is None else c.index % RANKS for c in position.heart)
        self.cards = (*position.waste, *position.stock)
        self.res_ranks = tuple(c.index % RANKS for c in self.cards)
        self.n = len(self.cards)
        self.start = (position.present_mask, (1 << self.n) - 1, len(position.waste))
        self.heart_cache: dict[int, _HeartInfo] = {}
        self.count_cache: dict[int, tuple[int, ...]] = {}
        self.distance_cache: dict[
            tuple[int, int, tuple[int, ...]], tuple[tuple[int, ...], ...]
        ] = {}
        self.win_cache: dict[tuple[int, tuple[int, ...]], bool] = {}
        self.forced_cache: dict[tuple[int, tuple[int, ...]], tuple[int, int] | None] = {}

    def heart(self, mask: int) -> _HeartInfo:
        info = self.heart_cache.get(mask)
        if info is not None:
            return info
        cone = present_cones(mask)
        by_rank: dict[int, list[int]] = {}
        free: dict[int, list[int]] = {}
        for p in POSITIONS:
            if (mask >> (p - 1)) & 1:
                r = self.heart_ranks[p - 1]
                by_rank.setdefault(r, []).append(p)
                if not mask & COVERED_BY_MASKS[p]:
                    free.setdefault(r, []).append(p)
        pair_moves = 0
        needs = []
        for r, positions in by_rank.items():
            h = len(positions)
            singles = _fewest_singles(tuple(positions), cone)
            pair_moves += singles + (h - singles) // 2
            if singles:
                needs.append((r, singles))
        info = _HeartInfo(
            tuple((r, tuple(ps)) for r, ps in free.items()),
            pair_moves,
            tuple(needs),
            tuple((r, tuple(ps)) for r, ps in by_rank.items()),
            cone,
            tuple(len(by_rank.get(r, ())) for r in range(RANKS)),
        )
        self.heart_cache[mask] = info
        return info

    def counts(self, reservoir: int) -> tuple[int, ...]:
        counts = self.count_cache.get(reservoir)
        if counts is None:
            c = [0] * RANKS
            for i in range(self.n):
                if (reservoir >> i) & 1:
                    c[self.res_ranks[i]] += 1
            counts = tuple(c)
            self.count_cache[reservoir] = counts
        return counts

    def winnable(self, mask: int, counts: tuple[int, ...]) -> bool:
        key = (mask, counts)
        known = self.win_cache.get(key)
        if known is None:
            known = winning_pairs(Abstraction(self.heart_ranks, mask, counts)) is not None
            self.win_cache[key] = known
        return known

    def forced_pair(self, mask: int, counts: tuple[int, ...]) -> tuple[int, int] | None:
        key = (mask, counts)
        if key in self.forced_cache:
            return self.forced_cache[key]
        info = self.heart(mask)
        forced = None
        for r, positions in info.by_rank:
            if len(positions) < 2:
                continue
            options = rank_options(positions, counts[r], info.cone, _ANY_SPLIT)
            common = set(options[0]).intersection(*options[1:]) if options else set()
            for a, b in sorted(common):
                if not (mask & COVERED_BY_MASKS[a] or mask & COVERED_BY_MASKS[b]):
                    forced = (a, b)
                    break
            if forced:
                break
        self.forced_cache[key] = forced
        return forced

    def distances(
        self, reservoir: int, t: int, in_heart: tuple[int, ...]
    ) -> tuple[tuple[int, ...], ...]:
        """For each rank, the least flips and recycles before each of its reservoir cards can
        reach the waste top, ascending (see the module's lower bound)."""
        key = (reservoir, t, in_heart)
        found = self.distance_cache.get(key)
        if found is not None:
            return found
        dist: list[list[int]] = [[] for _ in range(RANKS)]
        below = reservoir & ((1 << t) - 1)
        top = below.bit_length() - 1
        d = 1
        for i in range(t, self.n):
            if (reservoir >> i) & 1:
                dist[self.res_ranks[i]].append(d)
                d += 1
        waste = [i for i in range(top + 1) if (below >> i) & 1]
        # A waste card below the top reaches it with no flip only when every card above it can
        # leave first, each with a heart card of its rank; otherwise it waits for a recycle.
        above = [0] * RANKS
        diggable = True
        for depth, i in enumerate(reversed(waste)):
            r = self.res_ranks[i]
            if diggable:
                dist[r].append(0)
            else:
                dist[r].append(d + 1 + (len(waste) - 1 - depth))
            above[r] += 1
            if above[r] > in_heart[r]:
                diggable = False
        found = tuple(tuple(sorted(x)) for x in dist)
        self.distance_cache[key] = found
        return found

    def bound(self, mask: int, reservoir: int, t: int) -> int:
        if not self.use_bound:
            return 0
        info = self.heart(mask)
        flips = 0
        if info.needs:
            dist = self.distances(reservoir, t, info.in_heart)
            for r, k in info.needs:
                ds = dist[r]
                if len(ds) < k:
                    return UNREACHABLE
                if ds[k - 1] > flips:
                    flips = ds[k - 1]
        return info.pair_moves + flips

    def successors(self, state: tuple[int, int, int]) -> list[tuple[Move, tuple[int, int, int]]]:
        mask, reservoir, t = state
        counts = self.counts(reservoir)
        forced = self.forced_pair(mask, counts) if self.use_forced else None
        if forced is not None:
            a, b = forced
            return [(Move.pair(a, b), (mask & ~(1 << (a - 1)) & ~(1 << (b - 1)), reservoir, t))]
        info = self.heart(mask)
        out: list[tuple[Move, tuple[int, int, int]]] = []
        for _, free in info.free_by_rank:
            for a, b in combinations(free, 2):
                after = mask & ~(1 << (a - 1)) & ~(1 << (b - 1))
                if self.winnable(after, counts):
                    out.append((Move.pair(a, b), (after, reservoir, t)))
        below = reservoir & ((1 << t) - 1)
        top = below.bit_length() - 1
        if top >= 0:
            top_rank = self.res_ranks[top]
            for r, free in info.free_by_rank:
                if r != top_rank:
                    continue
                left = reservoir & ~(1 << top)
                left_counts = self.counts(left)
                new_t = (left & ((1 << top) - 1)).bit_length()
                for p in free:
                    after = mask & ~(1 << (p - 1))
                    if self.winnable(after, left_counts):
                        out.append((Move.pair(p, WASTE), (after, left, new_t)))
        ahead = reservoir >> t
        if ahead:
            out.append((Move.flip(), (mask, reservoir, t + (ahead & -ahead).bit_length())))
        elif below:
            out.append((Move.recycle(), (mask, reservoir, 0)))
        return out


@cache
def _fewest_singles_cached(positions: tuple[int, ...], cone_bits: tuple[int, ...]) -> int:
    cone = dict(zip(positions, cone_bits, strict=True))
    full_cone = [cone.get(p, 0) for p in range(POSITION_COUNT + 1)]
    return min(
        len(positions) - 2 * len(option)
        for option in rank_options(positions, len(positions), full_cone, _ANY_SPLIT)
    )


def _fewest_singles(positions: tuple[int, ...], cone: Sequence[int]) -> int:
    """The fewest singles any split of these same-rank cards into incomparable pairs needs."""
    mask = 0
    for p in positions:
        mask |= 1 << (p - 1)
    return _fewest_singles_cached(positions, tuple(cone[p] & mask for p in positions))


def fewest_moves(
    position: Position,
    *,
    max_expansions: int | None = None,
    stop: Callable[[], bool] | None = None,
    use_bound: bool = True,
    forced_pairs: bool = True,
) -> list[Move] | None:
    """A shortest winning move list from ``position`` (flips, recycles and pairs all count), or
    None when it cannot be won. ``max_expansions`` bounds the work, and ``stop`` (polled every
    1,024 expansions, e.g. a caller's clock) can end it: then :class:`SearchLimitError`.
    ``use_bound`` and ``forced_pairs`` switch off the lower bound (plain uniform-cost search) or
    the forced heart pairs, for tests."""
    if winning_pairs(abstract(position)) is None:
        return None
    search = _Search(position, use_bound=use_bound, forced_pairs=forced_pairs)
    start = search.start
    best_g = {start: 0}
    parents: dict[tuple[int, int, int], tuple[tuple[int, int, int], Move]] = {}
    tie = 0
    frontier = [(search.bound(*start), 0, tie, start)]
    expansions = 0
    while frontier:
        _, neg_g, _, state = heapq.heappop(frontier)
        g = -neg_g
        if g > best_g[state]:
            continue
        if state[0] == 0:
            return _path(parents, state)
        expansions += 1
        if max_expansions is not None and expansions > max_expansions:
            raise SearchLimitError(f"more than {max_expansions} expansions")
        if stop is not None and expansions % 1024 == 0 and stop():
            raise SearchLimitError("stopped by the caller")
        for move, child in search.successors(state):
            child_g = g + 1
            if child_g >= best_g.get(child, UNREACHABLE):
                continue
            h = search.bound(*child)
            if h >= UNREACHABLE:
                continue
            best_g[child] = child_g
            parents[child] = (state, move)
            tie += 1
            heapq.heappush(frontier, (child_g + h, -child_g, tie, child))
    return None  # pragma: no cover - the start was proved winnable


def lower_bound(position: Position) -> int:
    """The search's admissible lower bound on the moves still needed to win ``position``
    (``UNREACHABLE`` when it proves there is no win)."""
    search = _Search(position, use_bound=True, forced_pairs=True)
    return search.bound(*search.start)


def _path(
    parents: dict[tuple[int, int, int], tuple[tuple[int, int, int], Move]],
    state: tuple[int, int, int],
) -> list[Move]:
    moves: list[Move] = []
    while state in parents:
        state, move = parents[state]
        moves.append(move)
    moves.reverse()
    return moves


RULES_EXAMPLE_CODE = "HH1-N-AAAAAAM"
RULES_EXAMPLE_OPENING: tuple[Move, ...] = (*(Move.flip(),) * 9, Move.pair(25, WASTE))
"""The rules text's opening of ``HH1-N-AAAAAAM``: nine flips, then the 4♥ on the waste pairs with
the point on move 10."""

EXAMPLE_BUDGET = 200_000
"""Expansions allowed when searching an example line for the shortest finish."""


@cache
def _example(code: str) -> tuple[Move, ...]:
    position = new_game(code).start
    opening: tuple[Move, ...] = ()
    if code == RULES_EXAMPLE_CODE:
        opening = RULES_EXAMPLE_OPENING
        for move in opening:
            position = apply_move(position, move)
    try:
        rest = fewest_moves(position, max_expansions=EXAMPLE_BUDGET)
    except SearchLimitError:
        rest = winning_moves(position)
    if rest is None:
        raise DealCodeError(f"deal {code!r} cannot be won, so it has no example solution")
    return (*opening, *rest)


def example_solution(code: str) -> list[Move]:
    """A winning move list for the deal of ``code``, for the examples page. For the rules text's
    deal ``HH1-N-AAAAAAM`` it opens with the nine flips and ``25+W`` the rules describe and
    continues with the fewest moves from there. Raises :class:`DealCodeError` for a bad code or a
    deal that cannot be won."""
    return list(_example(normalize_deal_code(code)))
