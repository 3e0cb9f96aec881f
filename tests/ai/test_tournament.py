"""Duplicate tournaments: rotations, statistics, determinism whatever the worker count."""

from __future__ import annotations

import math

import pytest

from hertta.ai.tournament import (
    Z95,
    TournamentConfig,
    parse_seats,
    ratio_interval,
    result_to_json,
    run_tournament,
    t975,
)
from hertta.errors import ConfigError
from hertta.hearts.config import preset


def test_seats_rotate_one_place_per_rotation() -> None:
    config = TournamentConfig(("hard", "normal", "normal", "normal"), 1)
    assert config.seating(0) == ("hard", "normal", "normal", "normal")
    assert config.seating(1) == ("normal", "hard", "normal", "normal")
    assert [config.seating(r).index("hard") for r in range(4)] == [0, 1, 2, 3]


def test_ratio_interval_of_known_clusters() -> None:
    mean, low, high = ratio_interval([(10.0, 2.0), (20.0, 2.0), (30.0, 2.0)])
    assert mean == 10.0
    # Residuals -10, 0, 10; k/(k-1) * 200 = 300; sqrt(300) / 6 = 2.8868; three clusters give
    # Student's t with 2 degrees of freedom, 4.302653 (not the normal 1.96)
    assert math.isclose(high - mean, 4.302653 * math.sqrt(300) / 6, rel_tol=1e-9)
    assert math.isclose(mean - low, high - mean)
    assert ratio_interval([(5.0, 1.0)])[1] == -math.inf


def test_t975_agrees_with_scipy_and_falls_to_the_normal_quantile() -> None:
    from scipy.stats import t as student_t

    previous = math.inf
    for df in [*range(1, 200), 500, 1000, 10_000, 1_000_000]:
        value = t975(df)
        assert math.isclose(value, float(student_t.ppf(0.975, df)), abs_tol=2e-6), df
        assert Z95 < value < previous, df
        previous = value
    # Textbook values: 6 match codes (5 degrees of freedom) and 30 deals (29)
    assert t975(5) == 2.570582 and t975(29) == 2.045230
    with pytest.raises(ConfigError, match="got 0"):
        t975(0)


def test_bad_seats_and_tables_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="'wizard'"):
        parse_seats("hard,wizard")
    with pytest.raises(ConfigError, match="'wizard'"):
        TournamentConfig(("hard", "normal", "normal"), 1, level_options=(("wizard", ()),))
    with pytest.raises(ConfigError, match="cancellation"):
        TournamentConfig(("normal",) * 4, 10, preset("cancellation"))
    with pytest.raises(ConfigError, match="rounds"):
        TournamentConfig(("normal",) * 4, 0)


@pytest.fixture(scope="module")
def small() -> TournamentConfig:
    return TournamentConfig(parse_seats("normal,easy,easy,easy"), 12, preset("standard"), seed=3)


def test_a_small_tournament_reports_every_level(small: TournamentConfig) -> None:
    result = run_tournament(small, workers=1)
    by_level = {s.level: s for s in result.levels}
    assert list(by_level) == ["normal", "easy"]
    normal, easy = by_level["normal"], by_level["easy"]
    assert easy.seat_rounds == 3 * normal.seat_rounds
    assert normal.seat_rounds + easy.seat_rounds == 4 * result.rounds
    assert result.rounds / 4 >= 12
    matches = len(result.matches)
    assert matches == 4 * result.match_codes
    assert math.isclose(normal.match_wins + easy.match_wins, matches)
    moons = sum(s is not None for m in result.matches for s in m.shooters)
    assert normal.moons_shot + easy.moons_shot == moons
    assert normal.moons_suffered + easy.moons_suffered == 3 * moons
    assert normal.ci_low <= normal.mean <= normal.ci_high
    assert sum(normal.points.values()) == normal.seat_rounds
    # Every rotation of a match code gets the same first deal.
    first = {m.index: m.code for m in result.matches}
    assert all(m.code == first[m.index] for m in result.matches)


def test_the_result_does_not_depend_on_the_worker_count(small: TournamentConfig) -> None:
    one = result_to_json(run_tournament(small, workers=1))
    two = result_to_json(run_tournament(small, workers=2))
    assert one == two


def test_progress_is_reported_until_the_target(small: TournamentConfig) -> None:
    seen: list[float] = []
    run_tournament(small, workers=1, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] >= 12


def test_level_options_reach_that_levels_players(monkeypatch: pytest.MonkeyPatch) -> None:
    import hertta.ai.tournament as tournament

    made: list[tuple[str, dict[str, object]]] = []
    real = tournament.make_player

    def recording(level: str, **options: object) -> object:
        made.append((level, options))
        return real(level, **options)

    monkeypatch.setattr(tournament, "make_player", recording)
    options = (("budget", 300), ("pass_budget", 300), ("min_worlds", 1))
    config = TournamentConfig(
        ("hard", "normal", "normal"), 1, preset("standard"), 2, (("hard", options),)
    )
    result = run_tournament(config, workers=1)
    assert result.levels[0].level == "hard"
    assert result.levels[0].seat_rounds == result.rounds  # one hard seat in every rotation
    assert {level: opts for level, opts in made} == {"hard": dict(options), "normal": {}}
