"""Survey statistics and the survey runner."""

from __future__ import annotations

import math

import pytest

from hertta.cli.h2h_solver import run_survey, survey_report
from hertta.solitaire.deal_codes import DEAL_COUNT, deck_for_number
from hertta.solitaire.game import deal_position, is_dead_end
from hertta.solitaire.solver import is_winnable
from hertta.solitaire.survey import (
    classify_deal,
    distribution,
    median,
    percentile,
    share_of,
    wilson_interval,
)


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.27753, abs_tol=1e-5)
    low, high = wilson_interval(5, 10)
    assert math.isclose(low + high, 1.0) and math.isclose(low, 0.23659, abs_tol=1e-5)
    low, high = wilson_interval(290, 1000)
    assert low < 0.29 < high and math.isclose(high - low, 0.0562, abs_tol=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_share_holds_its_interval() -> None:
    share = share_of(29, 100)
    assert share.share == 0.29 and share.low < 0.29 < share.high
    assert share.as_json()["ci95"] == [share.low, share.high]


def test_the_median_of_an_even_count_is_the_mean_of_the_middle_two() -> None:
    # It was the lower middle value (nearest rank): 68 for {68, 74}.
    assert median([68, 74]) == 71 and isinstance(median([68, 74]), int)
    assert median([68, 75]) == 71.5
    assert median([74, 68, 90]) == 74
    assert median([0.5, 1.0]) == 0.75 and median([]) == 0.0


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0
    assert percentile([3.0], 99) == 3.0
    assert percentile([], 50) == 0.0


def test_distribution_counts_values_in_order() -> None:
    assert distribution([70, 65, 70, 90]) == {65: 1, 70: 2, 90: 1}
    assert list(distribution([3, 1, 2])) == [1, 2, 3]


def test_classify_deal_agrees_with_the_game_rules() -> None:
    for number in (0, 12, 999, DEAL_COUNT - 1):
        start = deal_position(deck_for_number(number))
        assert classify_deal(number) == (is_dead_end(start), is_winnable(start))


@pytest.mark.parametrize("workers", [1, 2])
def test_run_survey_counts(workers: int) -> None:
    run = run_survey(100, 60, workers, optimal_sample=2, optimal_cap=30.0)
    expected = [classify_deal(n) for n in range(100, 160)]
    assert run.dead == sum(dead for dead, _ in expected)
    assert run.winnable == sum(won for _, won in expected)
    assert len(run.seconds) == 60 and run.seconds == sorted(run.seconds)
    first_two = [n for n in range(100, 160) if classify_deal(n)[1]][:2]
    assert [number for number, _, _ in run.sample] == first_two
    assert all(moves is not None and moves > 25 for _, moves, _ in run.sample)
    report = survey_report(run, 30.0)
    assert report["count"] == 60 and report["start"] == "HH1-N-AAAAADW"


def test_run_survey_refuses_to_run_past_the_last_deal() -> None:
    from hertta.errors import DealCodeError

    with pytest.raises(DealCodeError):
        run_survey(DEAL_COUNT - 5, 10, 1)
