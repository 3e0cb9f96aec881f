"""Compare head-to-head duels from their dumps (``bench/ai_bench.py --openspiel LEVEL --dump
PREFIX`` writes one per duel): each configuration's gap with its 95% interval, its moons, where
the gap comes from, and every later configuration paired by deal against the first.

    .venv/bin/python bench/duel_report.py BASE.json[,MORE.json...] [OTHER.json[,...] ...]

A comma joins the dumps of one configuration (several seeds, say). Rounds are matched by seed
and deal, so the pairing holds only for dumps of the same deals: the difference of the means
over the deals both configurations played, with its interval over those deals. The gap is the
other side's mean points per round minus ours (positive: ours take fewer), as the duel prints.

Where the gap comes from: the rounds in which the other side shot the moon, those in which we
did, and the rest, each as its share of the gap per round over all rounds; and the gap per
round of the rounds without a moon. A pairing removes the cards' luck and, against a program
that answers a position the same way every time, all but the effect of our own changes. Since
2026-12-05 OpenSpiel's IS-MCTS is such a program (``bench/ismcts_server.py``); dumps from before
were searched unrepeatably, keep the opponent's noise in their pairings, and do not pair with
later ones beyond the cards' luck.

Where the runs part (dumps that hold each round's passes and plays, as ``bench/ai_bench.py``'s
do): for every later configuration, of the rounds both played (the same seed, deal and lone
seat), how many went alike card for card, how many first differed at a decision of one of our
seats and how many at one of theirs. Two runs of the same code part only at theirs: against
the unrepeatable IS-MCTS of before 2026-12-05 that was every round, and the pairing's interval
was then the opponent's noise alone; against today's, none.

What each kind of parting gains: the rounds that part are grouped by the decision at which they
first differ (our pass; our play in tricks 1-3, 4-6, or 7 on; one of theirs), and for each group
the later configuration's gap minus the first's in those rounds, per round with its 95%
interval over the rounds, and its share per round of all the rounds compared (the shares add up
to the paired difference per round). A round's outcome after the parting is decided by every
later decision too, so a group says where a configuration's gain or loss begins, not that the
parting decision alone made it. Rounds of one deal are not independent, so the intervals are a
little narrow.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any, Final

import bench_cli
from openspiel_duel import mean_ci


@dataclass(frozen=True, slots=True)
class DuelRound:
    seed: int
    deal: int
    ours: frozenset[int]
    """Our seats in this round (one when ours was the lone seat, three otherwise)."""
    points: tuple[int, ...]
    shooter: int | None
    passes: tuple[tuple[str, ...], ...] | None = None
    """Each seat's three passed cards (empty tuples in a round without a pass); None when the
    dump does not hold them."""
    plays: tuple[tuple[int, str], ...] | None = None
    """Every card played in order, with its seat; None when the dump does not hold them."""

    @property
    def gap(self) -> float:
        """The other side's mean points minus ours."""
        mine = [p for s, p in enumerate(self.points) if s in self.ours]
        theirs = [p for s, p in enumerate(self.points) if s not in self.ours]
        return sum(theirs) / len(theirs) - sum(mine) / len(mine)


def rounds_of(dump: dict[str, Any]) -> list[DuelRound]:
    """The rounds of one dump (``lone`` says whose seat was the lone one; ours by default)."""
    seed = int(dump.get("seed", 0))
    lone_is_ours = dump.get("lone", "ours") == "ours"
    out = []
    for row in dump["rounds"]:
        seats = range(len(row["points"]))
        lone = row["lone_seat"]
        ours = frozenset(s for s in seats if (s == lone) == lone_is_ours)
        passes = row.get("passes")
        plays = row.get("plays")
        out.append(
            DuelRound(
                seed,
                row["deal"],
                ours,
                tuple(row["points"]),
                row["shooter"],
                tuple(tuple(p) for p in passes) if passes is not None else None,
                tuple((int(s), str(c)) for s, c in plays) if plays is not None else None,
            )
        )
    return out


def load(spec: str) -> list[DuelRound]:
    out: list[DuelRound] = []
    for path in spec.split(","):
        with open(path) as f:
            out.extend(rounds_of(json.load(f)))
    return out


def gaps_by_deal(rounds: Sequence[DuelRound]) -> dict[tuple[int, int], float]:
    """Each deal's gap over its rotations (the unit the intervals are taken over)."""
    by: dict[tuple[int, int], list[float]] = {}
    for r in rounds:
        by.setdefault((r.seed, r.deal), []).append(r.gap)
    return {key: sum(v) / len(v) for key, v in by.items()}


@dataclass(frozen=True, slots=True)
class Breakdown:
    rounds: int
    moons_shot: int
    moons_suffered: int
    """Rounds in which one of our seats shot the moon, and in which one of theirs did (a round,
    not a seat-round: with three of our seats a moon they suffer counts once)."""
    from_suffered: float
    from_shot: float
    from_the_rest: float
    """Shares of the gap per round over all rounds (they add up to the mean gap)."""
    without_moon: float
    """The gap per round of the rounds without a moon."""


def breakdown(rounds: Sequence[DuelRound]) -> Breakdown:
    n = len(rounds)
    shot = [r for r in rounds if r.shooter is not None and r.shooter in r.ours]
    suffered = [r for r in rounds if r.shooter is not None and r.shooter not in r.ours]
    rest = [r for r in rounds if r.shooter is None]
    return Breakdown(
        rounds=n,
        moons_shot=len(shot),
        moons_suffered=len(suffered),
        from_suffered=sum(r.gap for r in suffered) / n,
        from_shot=sum(r.gap for r in shot) / n,
        from_the_rest=sum(r.gap for r in rest) / n,
        without_moon=sum(r.gap for r in rest) / len(rest) if rest else 0.0,
    )


def paired(
    base: dict[tuple[int, int], float], other: dict[tuple[int, int], float]
) -> tuple[int, tuple[float, float, float]]:
    """Deals in both, and ``other`` minus ``base`` over them with its 95% interval."""
    keys = sorted(base.keys() & other.keys())
    return len(keys), mean_ci([other[k] - base[k] for k in keys])


AT_OUR_PASS: Final = "our pass"
AT_OUR_EARLY_PLAY: Final = "our play, tricks 1-3"
AT_OUR_MIDDLE_PLAY: Final = "our play, tricks 4-6"
AT_OUR_LATE_PLAY: Final = "our play, trick 7 on"
AT_THEIRS: Final = "one of theirs"
PARTING_KINDS: Final = (
    AT_OUR_PASS,
    AT_OUR_EARLY_PLAY,
    AT_OUR_MIDDLE_PLAY,
    AT_OUR_LATE_PLAY,
    AT_THEIRS,
)


@dataclass(frozen=True, slots=True)
class Parting:
    alike: int
    ours_first: int
    theirs_first: int
    gains: dict[str, list[float]] = field(default_factory=dict)
    """For each kind of parting (:data:`PARTING_KINDS`), the later configuration's gap minus the
    first's in each round that parts there."""

    @property
    def rounds(self) -> int:
        """Rounds both configurations played whose passes and plays both dumps hold."""
        return self.alike + self.ours_first + self.theirs_first


def parting_point(a: DuelRound, b: DuelRound) -> tuple[int, int | None] | None:
    """The seat whose decision first differs between two plays of one round (passes first,
    our seats' before theirs, since every seat passes at once) and the index of that play in the
    round (None: at the pass), or None when they are alike."""
    assert a.passes is not None and b.passes is not None
    assert a.plays is not None and b.plays is not None
    differ = [s for s, (x, y) in enumerate(zip(a.passes, b.passes, strict=True)) if x != y]
    if differ:
        return min(differ, key=lambda s: (s not in a.ours, s)), None
    # A record that stops early (a round cut short) parts at the longer one's next play.
    for index, (x, y) in enumerate(zip_longest(a.plays, b.plays)):
        if x != y:
            return (x or y)[0], index
    return None


def parting_kind(round_: DuelRound, seat: int, play: int | None) -> str:
    """Which of :data:`PARTING_KINDS` a parting at ``seat``'s decision (``play``: the index of
    the card in the round, None for the pass) is."""
    if seat not in round_.ours:
        return AT_THEIRS
    if play is None:
        return AT_OUR_PASS
    trick = play // len(round_.points) + 1
    return (
        AT_OUR_EARLY_PLAY if trick <= 3 else AT_OUR_MIDDLE_PLAY if trick <= 6 else AT_OUR_LATE_PLAY
    )


def parting(base: Sequence[DuelRound], other: Sequence[DuelRound]) -> Parting:
    """Where ``other``'s rounds first part from ``base``'s (see the module docstring)."""
    by_round = {(r.seed, r.deal, r.ours): r for r in base}
    alike = ours_first = theirs_first = 0
    gains: dict[str, list[float]] = {}
    for r in other:
        b = by_round.get((r.seed, r.deal, r.ours))
        if b is None or None in (b.passes, b.plays, r.passes, r.plays):
            continue
        point = parting_point(b, r)
        if point is None:
            alike += 1
            continue
        seat, play = point
        if seat in r.ours:
            ours_first += 1
        else:
            theirs_first += 1
        gains.setdefault(parting_kind(r, seat, play), []).append(r.gap - b.gap)
    return Parting(alike, ours_first, theirs_first, gains)


def gain_lines(part: Parting) -> list[str]:
    """What each kind of parting gains (see the module docstring)."""
    lines = ["  gained where they part (per round that parts there; share of all compared):"]
    for kind in PARTING_KINDS:
        diffs = part.gains.get(kind)
        if diffs:
            lines.append(
                f"    at {kind}: {len(diffs)} rounds, {_ci(mean_ci(diffs))}; "
                f"share {sum(diffs) / part.rounds:+.3f}"
            )
    return lines


def _ci(values: tuple[float, float, float]) -> str:
    mean, low, high = values
    return f"{mean:+.2f} {bench_cli.interval(low, high)}"


def report(specs: Sequence[str]) -> list[str]:
    lines = []
    base: dict[tuple[int, int], float] = {}
    base_rounds: list[DuelRound] = []
    for index, spec in enumerate(specs):
        rounds = load(spec)
        gaps = gaps_by_deal(rounds)
        b = breakdown(rounds)
        lines.append(f"{spec}: {b.rounds} rounds, {len(gaps)} deals")
        lines.append(f"  gap {_ci(mean_ci(list(gaps.values())))} points/round (+: ours better)")
        lines.append(f"  moons: ours shot {b.moons_shot}, suffered {b.moons_suffered}")
        lines.append(
            f"  from moons suffered {b.from_suffered:+.2f}, moons shot {b.from_shot:+.2f}, "
            f"the rest {b.from_the_rest:+.2f}; rounds without a moon {b.without_moon:+.2f}"
        )
        if index == 0:
            base = gaps
            base_rounds = rounds
        else:
            deals, diff = paired(base, gaps)
            lines.append(f"  paired minus the first, {deals} deals: {_ci(diff)}")
            part = parting(base_rounds, rounds)
            if part.rounds:
                lines.append(
                    f"  where the runs part, {part.rounds} rounds: alike {part.alike}, "
                    f"first at our decision {part.ours_first}, at theirs {part.theirs_first}"
                )
                if part.gains:
                    lines.extend(gain_lines(part))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("dumps", nargs="+", help="a dump, or several joined by commas")
    args = parser.parse_args()
    print("\n".join(report(args.dumps)))


if __name__ == "__main__":
    bench_cli.run(main)
