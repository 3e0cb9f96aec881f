"""Duplicate tournaments between player levels.

A tournament plays match codes 0, 1, 2, ... (numbers derived from the seed). Each match is played
once per rotation of the seats: with seats ``hard,normal,normal,normal`` the Hard player sits in
seat 0, then 1, then 2, then 3, and every rotation gets the very same deals, so luck of the cards
cancels out between the levels. Matches are added until the rounds played reach the requested
number of rounds per rotation; the match count is decided in match order, so the result does not
depend on how many worker processes ran it.

Per level it reports the mean points per round with a 95% confidence interval, match wins,
moons shot and moons suffered. The interval treats each match code (all its rotations) as one
independent sample: the rounds of one match, and its rotations, share deals and are not
independent. It is the ratio estimate ``sum(points) / sum(rounds)`` with a delta-method standard
error over those clusters and Student's t quantile with one degree of freedom fewer than there
are clusters (until 2026-12-03 the normal 1.96, which made the intervals of a few match codes far
too narrow: 6 codes need 2.57).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

from hertta.ai.driver import play_match
from hertta.ai.protocol import Player
from hertta.ai.registry import LEVEL_NAMES, make_player
from hertta.errors import ConfigError
from hertta.hearts.codes import MATCH_COUNT, MatchCode, format_match_code
from hertta.hearts.config import RulesConfig, preset
from hertta.rng import SplitMix64, derive_seed

MAX_ROUNDS = 1_000_000
"""Rounds per rotation at most: a day of work at Hard's speed; the jobs of a batch are built
at once, so a number without a bound would fill the memory before anything is played."""
MAX_WORKERS = 64
"""Worker processes at most, as the web app's pool (``HERTTA_WORKERS``)."""

Z95 = 1.959963984540054
"""The normal distribution's 0.975 quantile."""
# fmt: off
T975_TABLE = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157,
    2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
    2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
    2.048407, 2.045230, 2.042272,
)
# fmt: on
"""Student's t 0.975 quantiles for 1 to 30 degrees of freedom (standard tables)."""
TOURNAMENT_SALT = 0x544F5552  # "TOUR": keeps tournament streams apart from other seeds


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """``seats``: a level per seat; ``rounds``: rounds to play per rotation (at least);
    ``level_options``: constructor options per level, as ``(level, ((name, value), ...))``
    pairs (a smaller Hard ``budget`` in tests, a variant of a level in a benchmark)."""

    seats: tuple[str, ...]
    rounds: int
    rules: RulesConfig = field(default_factory=lambda: preset("standard"))
    seed: int = 1
    level_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def __post_init__(self) -> None:
        for level in (*self.seats, *(name for name, _ in self.level_options)):
            if level not in LEVEL_NAMES:
                expected = ", ".join(LEVEL_NAMES)
                raise ConfigError(f"unknown player level {level!r} (expected {expected})")
        if len(self.seats) not in self.rules.player_counts:
            counts = ", ".join(map(str, self.rules.player_counts))
            raise ConfigError(
                f"{self.rules.preset} is for {counts} players, not {len(self.seats)} seats"
            )
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ConfigError(f"rounds must be 1 to {MAX_ROUNDS:,}, got {self.rounds!r}")

    def options(self, level: str) -> dict[str, Any]:
        """The constructor options of ``level``'s players."""
        return {
            name: value for lv, pairs in self.level_options if lv == level for name, value in pairs
        }

    @property
    def players(self) -> int:
        return len(self.seats)

    def match_code(self, index: int) -> MatchCode:
        number = derive_seed(TOURNAMENT_SALT, self.seed, index) % MATCH_COUNT
        return MatchCode(self.rules, self.players, number)

    def seating(self, rotation: int) -> tuple[str, ...]:
        """The level in each seat for ``rotation`` (rotation r moves everyone r seats on)."""
        n = self.players
        return tuple(self.seats[(seat - rotation) % n] for seat in range(n))


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One match in one rotation: each round's points and shooter, and the final winners."""

    index: int
    rotation: int
    code: str
    seating: tuple[str, ...]
    round_points: tuple[tuple[int, ...], ...]
    shooters: tuple[int | None, ...]
    winners: tuple[int, ...]


def play_one(config: TournamentConfig, index: int, rotation: int) -> MatchResult:
    """Play match ``index`` with the seats rotated ``rotation`` times."""
    seating = config.seating(rotation)
    players: list[Player] = [make_player(level, **config.options(level)) for level in seating]
    rngs = [
        SplitMix64(derive_seed(TOURNAMENT_SALT, config.seed, index, rotation, seat))
        for seat in range(config.players)
    ]
    code = config.match_code(index)
    match = play_match(code, players, rngs)
    return MatchResult(
        index=index,
        rotation=rotation,
        code=format_match_code(code),
        seating=seating,
        round_points=tuple(r.points for r in match.results),
        shooters=tuple(r.shooter for r in match.results),
        winners=match.winners,
    )


def _play_job(job: tuple[TournamentConfig, int, int]) -> MatchResult:
    return play_one(*job)


@dataclass(frozen=True, slots=True)
class LevelStats:
    """One level's results. ``seat_rounds``: rounds played by seats of this level;
    ``match_wins``: matches won (a tie for the lowest total shares the win); ``seat_matches``:
    matches played by seats of this level; ``points``: how often each round score occurred."""

    level: str
    mean: float
    ci_low: float
    ci_high: float
    seat_rounds: int
    seat_matches: int
    match_wins: float
    moons_shot: int
    moons_suffered: int
    points: dict[int, int]

    @property
    def win_rate(self) -> float:
        return self.match_wins / self.seat_matches if self.seat_matches else 0.0


@dataclass(frozen=True, slots=True)
class TournamentResult:
    config: TournamentConfig
    matches: tuple[MatchResult, ...]
    levels: tuple[LevelStats, ...]

    @property
    def match_codes(self) -> int:
        return len({m.index for m in self.matches})

    @property
    def rounds(self) -> int:
        """Rounds played in all rotations together."""
        return sum(len(m.round_points) for m in self.matches)


def level_stats(config: TournamentConfig, matches: Sequence[MatchResult]) -> tuple[LevelStats, ...]:
    """Per-level figures, levels in the order they first appear in the seats."""
    order = list(dict.fromkeys(config.seats))
    out = []
    for level in order:
        clusters: dict[int, list[float]] = {}
        counts: Counter[int] = Counter()
        wins = 0.0
        seat_matches = shot = suffered = 0
        for m in matches:
            mine = [s for s, name in enumerate(m.seating) if name == level]
            cluster = clusters.setdefault(m.index, [0.0, 0.0])
            seat_matches += len(mine)
            wins += sum(1.0 / len(m.winners) for s in mine if s in m.winners)
            for points, shooter in zip(m.round_points, m.shooters, strict=True):
                for s in mine:
                    cluster[0] += points[s]
                    cluster[1] += 1
                    counts[points[s]] += 1
                    if shooter is not None:
                        if shooter == s:
                            shot += 1
                        else:
                            suffered += 1
        mean, low, high = ratio_interval([(c[0], c[1]) for c in clusters.values()])
        out.append(
            LevelStats(
                level=level,
                mean=mean,
                ci_low=low,
                ci_high=high,
                seat_rounds=sum(counts.values()),
                seat_matches=seat_matches,
                match_wins=wins,
                moons_shot=shot,
                moons_suffered=suffered,
                points=dict(sorted(counts.items())),
            )
        )
    return tuple(out)


def t975(df: int) -> float:
    """Student's t distribution's 0.975 quantile with ``df`` degrees of freedom: the multiplier
    of a 95% interval's standard error when the error itself is estimated from ``df + 1``
    clusters. From the table up to 30, beyond it the Cornish-Fisher expansion around the normal
    quantile (error under 1e-7 there)."""
    if df < 1:
        raise ConfigError(f"degrees of freedom must be at least 1, got {df!r}")
    if df <= len(T975_TABLE):
        return T975_TABLE[df - 1]
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(g / float(df) ** (k + 1) for k, g in enumerate(terms))


def ratio_interval(clusters: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """``(mean, low, high)`` of ``sum(total) / sum(count)`` over ``(total, count)`` clusters,
    with a 95% delta-method interval and Student's t for ``k - 1`` degrees of freedom
    (infinite with fewer than two clusters)."""
    total = sum(t for t, _ in clusters)
    count = sum(c for _, c in clusters)
    if count == 0:
        return 0.0, -math.inf, math.inf
    mean = total / count
    k = len(clusters)
    if k < 2:
        return mean, -math.inf, math.inf
    residual = sum((t - mean * c) ** 2 for t, c in clusters)
    error = math.sqrt(k / (k - 1) * residual) / count
    half = t975(k - 1) * error
    return mean, mean - half, mean + half


def _run_jobs(jobs: list[tuple[TournamentConfig, int, int]], workers: int) -> Iterator[MatchResult]:
    if workers <= 1 or len(jobs) == 1:
        yield from map(_play_job, jobs)
        return
    with get_context("fork").Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(_play_job, jobs)


Progress = Callable[[float], None]
"""Told the rounds per rotation completed so far (may go past the target)."""


def run_tournament(
    config: TournamentConfig, workers: int = 1, progress: Progress | None = None
) -> TournamentResult:
    """Play matches until ``config.rounds`` rounds per rotation are reached (see the module
    docstring); ``workers`` processes play them."""
    n = config.players
    done: dict[tuple[int, int], MatchResult] = {}
    next_index = 0
    per_match_guess = 12.0
    while True:
        finished = _rounds_in_order(done, n, next_index, config.rounds)
        if finished[0] >= config.rounds:
            break
        missing = config.rounds - finished[0]
        batch = max(1, math.ceil(missing / per_match_guess), min(workers, 4))
        indices = range(next_index, next_index + batch)
        jobs = [(config, i, r) for i in indices for r in range(n)]
        for result in _run_jobs(jobs, workers):
            done[(result.index, result.rotation)] = result
            if progress is not None:
                progress(sum(len(m.round_points) for m in done.values()) / n)
        next_index += batch
        per_match_guess = max(1.0, sum(len(m.round_points) for m in done.values()) / len(done))
    keep = _rounds_in_order(done, n, next_index, config.rounds)[1]
    matches = tuple(done[(i, r)] for i in range(keep) for r in range(n))
    return TournamentResult(config, matches, level_stats(config, matches))


def _rounds_in_order(
    done: dict[tuple[int, int], MatchResult], n: int, limit: int, target: int
) -> tuple[float, int]:
    """Rounds per rotation of matches 0, 1, ... up to the first one that reaches ``target``
    (or is not finished in every rotation): ``(rounds, matches counted)``."""
    rounds = 0.0
    for index in range(limit):
        parts = [done.get((index, r)) for r in range(n)]
        if any(p is None for p in parts):
            return rounds, index
        rounds += sum(len(p.round_points) for p in parts if p is not None) / n
        if rounds >= target:
            return rounds, index + 1
    return rounds, limit


def result_to_json(result: TournamentResult) -> dict[str, Any]:
    """The figures as JSON-ready data (``ci95`` bounds are null with a single match code)."""
    config = result.config
    return {
        "seats": list(config.seats),
        "preset": config.rules.preset,
        "players": config.players,
        "seed": config.seed,
        "rounds_requested": config.rounds,
        "match_codes": result.match_codes,
        "matches_played": len(result.matches),
        "rounds_played": result.rounds,
        "levels": {
            s.level: {
                "mean_points_per_round": s.mean,
                "ci95": [_finite(s.ci_low), _finite(s.ci_high)],
                "seat_rounds": s.seat_rounds,
                "seat_matches": s.seat_matches,
                "match_wins": s.match_wins,
                "match_win_rate": s.win_rate,
                "moons_shot": s.moons_shot,
                "moons_suffered": s.moons_suffered,
                "points_histogram": {str(k): v for k, v in s.points.items()},
            }
            for s in result.levels
        },
    }


def _finite(value: float) -> float | None:
    """JSON has no infinity: an unknown interval bound (one match code) is null."""
    return value if math.isfinite(value) else None


def parse_seats(text: str | Iterable[str]) -> tuple[str, ...]:
    """``"hard,normal,normal,normal"`` -> the levels; ConfigError names a bad one."""
    names = text.split(",") if isinstance(text, str) else list(text)
    if any(not name.strip() for name in names):
        # "easy,,easy,easy" must not quietly become a table of three.
        raise ConfigError(f"a seat without a level in {text!r} (one level per seat)")
    seats = tuple(name.strip().lower() for name in names)
    for level in seats:
        if level not in LEVEL_NAMES:
            expected = ", ".join(LEVEL_NAMES)
            raise ConfigError(f"unknown player level {level!r} (expected {expected})")
    return seats
