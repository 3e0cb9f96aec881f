"""Golden round records (tests/hearts/golden/) replayed to their exact points."""

from pathlib import Path

import pytest

from hertta.hearts.records import check_record, format_record, parse_record, replay_record
from hertta.hearts.round import Phase
from tests.hearts import reference

GOLDEN = Path(__file__).parent / "golden"

# name: (round points, moon shooter or None)
EXPECTED = {
    "standard_4p": ((0, 7, 19, 0), None),
    "standard_3p": ((4, 0, 22), None),
    "omnibus_5p": ((-5, 0, 5, 16, 0), None),
    "jack_of_diamonds_4p": ((19, 3, -6, 0), None),
    "black_lady_ace_6p": ((26, 0, 8, 0, 0, 11), None),
    "cancellation_5p": ((4, 13, 13, 12, 10), None),
    "cancellation_6p_carry": ((6, 3, 6, 0, 22, 15), None),
    "moon_choose_subtract": ((-26, 0, 0, 0), 0),
    "omnibus_moon": ((-10, 26, 26, 26), 0),
}


def test_every_golden_file_has_expectations() -> None:
    assert {p.stem for p in GOLDEN.glob("*.json")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_points(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text("utf-8")
    record = parse_record(text)
    assert format_record(record) == text
    report = check_record(record)
    points, shooter = EXPECTED[name]
    assert report.ok
    assert report.phase is Phase.ROUND_OVER
    assert report.points == points
    assert report.shooter == shooter
    state = replay_record(record)
    assert state.score is not None and state.score.points == points
    assert list(state.points_taken) == reference.points_taken(state)
    assert len(report.decisions) == len(record.plays)


def test_the_carry_over_record_has_a_carried_trick() -> None:
    state = replay_record(parse_record((GOLDEN / "cancellation_6p_carry.json").read_text("utf-8")))
    carried = [i for i, t in enumerate(state.tricks) if t.winner is None]
    assert carried
    taker = state.tricks[carried[-1] + 1]
    assert taker.carried_in


def test_the_moon_choice_record_names_its_choice() -> None:
    record = parse_record((GOLDEN / "moon_choose_subtract.json").read_text("utf-8"))
    assert record.moon_choice == "subtract"
    assert record.rules.moon_rule == "choose"
