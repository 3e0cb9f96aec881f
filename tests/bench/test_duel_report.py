"""``bench/duel_report.py`` on made-up duel dumps whose figures are worked out by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _round(
    deal: int, lone: int, lone_points: int, others: list[int], shooter: int | None
) -> dict[str, Any]:
    points = list(others)
    points.insert(lone, lone_points)
    return {"deal": deal, "lone_seat": lone, "points": points, "shooter": shooter}


def _dump(path: Path, rounds: list[dict[str, Any]], lone: str = "ours") -> str:
    path.write_text(json.dumps({"seed": 7, "lone": lone, "rounds": rounds}))
    return str(path)


def _report(*specs: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "duel_report.py"), *specs],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def _base(shift: int) -> list[dict[str, Any]]:
    """Three deals, four rotations: our lone seat takes ``shift`` fewer points than in the
    first configuration, except in the moon that another seat shoots in deal 2."""
    rounds = []
    for r in range(4):
        rounds.append(_round(0, r, 2 - shift, [6, 6, 6], None))  # gap 4 (+shift)
        rounds.append(_round(1, r, 5 - shift, [7, 7, 7], None))  # gap 2 (+shift)
        if r == 0:
            shooter = 1  # seats 1, 2, 3 hold 0, 26, 26 around our 26
            rounds.append(_round(2, 0, 26, [0, 26, 26], shooter))  # gap 52/3 - 26
        else:
            rounds.append(_round(2, r, 3 - shift, [5, 5, 5], None))  # gap 2 (+shift)
    return rounds


def test_gap_moons_breakdown_and_pairing(tmp_path: Path) -> None:
    base = _dump(tmp_path / "base.json", _base(0))
    better = _dump(tmp_path / "better.json", _base(1))
    lines = _report(base, better)
    assert lines[0].endswith(": 12 rounds, 3 deals")
    # Deal gaps 4, 2 and (52/3 - 26 + 3 x 2) / 4 = -2/3: mean 16/9.
    assert lines[1].startswith("  gap +1.78 [")
    assert lines[2] == "  moons: ours shot 0, suffered 1"
    # The moon: (52/3 - 26) / 12 rounds; the rest: (4 x 4 + 4 x 2 + 3 x 2) / 12 = 2.5, / 11.
    assert lines[3] == (
        "  from moons suffered -0.72, moons shot +0.00, the rest +2.50; rounds without a moon +2.73"
    )
    # Every deal's gap one point better except the moon round's share: deals 0 and 1 by 1,
    # deal 2 by 3/4 (three of its four rotations).
    assert lines[-1].startswith("  paired minus the first, 3 deals: +0.92 [")


def test_pairing_uses_only_the_deals_both_played(tmp_path: Path) -> None:
    base = _dump(tmp_path / "base.json", _base(0))
    fewer = _dump(tmp_path / "fewer.json", [r for r in _base(1) if r["deal"] < 2])
    lines = _report(base, fewer)
    assert lines[-1] == "  paired minus the first, 2 deals: +1.00 [+1.00, +1.00]"


def test_three_of_our_seats_against_a_lone_opponent(tmp_path: Path) -> None:
    # The opponent's lone seat takes 10, ours 4 each: +6 for us; then ours shoots.
    rounds = [
        _round(0, 0, 10, [4, 4, 4], None),
        _round(1, 0, 26, [0, 26, 26], 1),
    ]
    lines = _report(_dump(tmp_path / "x3.json", rounds, lone="ismcts"))
    assert lines[2] == "  moons: ours shot 1, suffered 0"
    # Deal 1: ours 52/3 against the lone seat's 26: 26 - 52/3 = 8.67; mean (6 + 8.67) / 2.
    assert lines[1].startswith("  gap +7.33 [")


def _played(
    deal: int, lone: int, passes: list[list[str]], plays: list[list[Any]], lone_points: int = 3
) -> dict[str, Any]:
    row = _round(deal, lone, lone_points, [5, 5, 5], None)
    row["passes"] = passes
    row["plays"] = plays
    return row


PASSES = [["AS", "KS", "QS"], ["2H", "3H", "4H"], ["2D", "3D", "4D"], ["2S", "3S", "4S"]]
PLAYS: list[list[Any]] = [[0, "2C"], [1, "3C"], [2, "4C"], [3, "5C"], [3, "6D"], [0, "7D"]]


def _parting_line(lines: list[str]) -> str:
    return next(line for line in lines if line.startswith("  where the runs part"))


def _with(plays: list[list[Any]], index: int, card: str) -> list[list[Any]]:
    changed = [list(p) for p in plays]
    changed[index][1] = card
    return changed


def test_where_the_runs_part(tmp_path: Path) -> None:
    # Four rounds of deal 0 (our lone seat 0, then seats 1, 2, 3); the second run plays the
    # first alike, differs in the second at seat 1's play (ours there), in the third at seat
    # 3's pass (theirs), and in the fourth at seat 0's play (theirs: our lone seat is 3).
    base = [_played(0, lone, PASSES, PLAYS) for lone in range(4)]
    their_pass = [list(p) for p in PASSES]
    their_pass[3] = ["5S", "6S", "7S"]
    other = [
        _played(0, 0, PASSES, PLAYS),
        _played(0, 1, PASSES, _with(PLAYS, 1, "9C")),
        _played(0, 2, their_pass, _with(PLAYS, 2, "9C")),
        _played(0, 3, PASSES, _with(PLAYS, 5, "8D")),
    ]
    lines = _report(_dump(tmp_path / "a.json", base), _dump(tmp_path / "b.json", other))
    assert _parting_line(lines) == (
        "  where the runs part, 4 rounds: alike 1, first at our decision 1, at theirs 2"
    )


def test_our_pass_counts_before_theirs_and_dumps_without_plays_say_nothing(
    tmp_path: Path,
) -> None:
    # Every seat passes at once: when ours and theirs both differ, the round parts at ours.
    passes = [["2C", "3C", "4C"], ["5H", "6H", "7H"], *PASSES[2:]]
    lines = _report(
        _dump(tmp_path / "a.json", [_played(0, 0, PASSES, PLAYS)]),
        _dump(tmp_path / "b.json", [_played(0, 0, passes, PLAYS)]),
    )
    assert _parting_line(lines) == (
        "  where the runs part, 1 rounds: alike 0, first at our decision 1, at theirs 0"
    )
    plain = _report(_dump(tmp_path / "c.json", _base(0)), _dump(tmp_path / "d.json", _base(1)))
    assert plain[-1].startswith("  paired minus the first")


def test_a_record_that_stops_early_parts_at_its_missing_play(tmp_path: Path) -> None:
    # The second record lacks the last play (seat 0's): the round parts there, at our seat.
    lines = _report(
        _dump(tmp_path / "a.json", [_played(0, 0, PASSES, PLAYS)]),
        _dump(tmp_path / "b.json", [_played(0, 0, PASSES, PLAYS[:-1])]),
    )
    assert _parting_line(lines) == (
        "  where the runs part, 1 rounds: alike 0, first at our decision 1, at theirs 0"
    )


LONG_PLAYS: list[list[Any]] = [[i % 4, f"{i}X"] for i in range(32)]


def test_what_each_kind_of_parting_gains(tmp_path: Path) -> None:
    # The first run: our lone seat takes 3 in every round (gap 2). The second, by round:
    # deal 0 seat 0 alike; deal 0 seat 1 parts at our pass, 1 point (gap 4: +2); deal 1 seat 1
    # the same (+2); deal 0 seat 2 parts at its play of trick 2 (index 6), 7 points (-4);
    # deal 0 seat 3 parts at its play of trick 7 (index 27), 3 points (0); deal 1 seat 0 parts
    # at seat 1's pass, theirs, 5 points (-2). Six rounds compared.
    base = [_played(0, lone, PASSES, LONG_PLAYS, 3) for lone in range(4)]
    base += [_played(1, lone, PASSES, LONG_PLAYS, 3) for lone in (0, 1)]
    ours_pass = [list(p) for p in PASSES]
    ours_pass[1] = ["5H", "6H", "7H"]
    other = [
        _played(0, 0, PASSES, LONG_PLAYS, 3),
        _played(0, 1, ours_pass, LONG_PLAYS, 1),
        _played(1, 1, ours_pass, LONG_PLAYS, 1),
        _played(0, 2, PASSES, _with(LONG_PLAYS, 6, "9C"), 7),
        _played(0, 3, PASSES, _with(LONG_PLAYS, 27, "9C"), 3),
        _played(1, 0, ours_pass, LONG_PLAYS, 5),
    ]
    lines = _report(_dump(tmp_path / "a.json", base), _dump(tmp_path / "b.json", other))
    assert lines[-6:] == [
        "  where the runs part, 6 rounds: alike 1, first at our decision 4, at theirs 1",
        "  gained where they part (per round that parts there; share of all compared):",
        "    at our pass: 2 rounds, +2.00 [+2.00, +2.00]; share +0.667",
        "    at our play, tricks 1-3: 1 rounds, -4.00 [no interval: one sample]; share -0.667",
        "    at our play, trick 7 on: 1 rounds, +0.00 [no interval: one sample]; share +0.000",
        "    at one of theirs: 1 rounds, -2.00 [no interval: one sample]; share -0.333",
    ]
