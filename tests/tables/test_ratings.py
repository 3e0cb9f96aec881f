"""Ratings (``docs/ratings.md``): the model agrees with OpenSkill's own documented example and
with the library called directly; places from totals (ties share a place, a leaver is last);
a rated match is rated once, in one transaction, from the library's defaults."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from hertta.hearts import preset
from hertta.hearts.codes import MatchCode
from hertta.hearts.match import MatchState, new_match
from hertta.store import Store
from hertta.tables.online import OnlineSeat, OnlineStatus, OnlineTable
from hertta.tables.ratings import (
    DEFAULT_RATING,
    MODEL,
    Rating,
    RatingError,
    finishing_places,
    match_standings,
    rate_match,
    rate_places,
)

PEOPLE = ("aino", "eero", "liisa", "ville")


def test_the_model_gives_the_documented_example() -> None:
    # OpenSkill's user manual ("Let's print all the player's values to see what's changed"):
    # four new players, team [p1, p2] beats team [p3, p4].
    p1, p2, p3, p4 = (MODEL.rating() for _ in range(4))
    [[a1, a2], [b1, b2]] = MODEL.rate([[p1, p2], [p3, p4]])
    assert (a1.mu, a1.sigma) == pytest.approx((26.964294621803063, 8.177962604389991), abs=1e-12)
    assert (b1.mu, b1.sigma) == pytest.approx((23.035705378196937, 8.177962604389991), abs=1e-12)
    assert (a2.mu, a2.sigma, b2.mu, b2.sigma) == (a1.mu, a1.sigma, b1.mu, b1.sigma)
    # "Ranks": ordinal() is mu - 3 sigma, the conservative rating shown.
    assert a1.ordinal() == pytest.approx(2.4304068086330872, abs=1e-12)
    assert b1.ordinal() == pytest.approx(-1.4981824349730388, abs=1e-12)
    assert Rating(a1.mu, a1.sigma).conservative == pytest.approx(a1.ordinal(), abs=1e-12)
    assert Rating(b1.mu, b1.sigma).conservative == pytest.approx(b1.ordinal(), abs=1e-12)


def test_new_players_start_at_the_library_default() -> None:
    fresh = PlackettLuce().rating()
    assert (DEFAULT_RATING.mu, DEFAULT_RATING.sigma) == (fresh.mu, fresh.sigma) == (25, 25 / 3)
    assert DEFAULT_RATING.matches == 0
    assert DEFAULT_RATING.conservative == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize(
    ("priors", "places"),
    [
        ([(25, 25 / 3)] * 4, [1, 2, 3, 4]),
        ([(25, 25 / 3)] * 4, [4, 1, 3, 2]),
        ([(30, 4.0), (22, 6.5), (25, 25 / 3), (27.5, 2.0)], [2, 1, 4, 3]),
        ([(30, 4.0), (22, 6.5), (25, 25 / 3), (27.5, 2.0)], [1, 1, 3, 4]),
        ([(25, 25 / 3)] * 3, [1, 2, 2]),
        ([(20 + k, 3 + k / 2) for k in range(6)], [6, 5, 4, 3, 2, 1]),
        ([(25, 25 / 3)] * 5, [2, 2, 2, 2, 5]),
    ],
)
def test_updates_equal_the_library_called_directly(
    priors: list[tuple[float, float]], places: list[int]
) -> None:
    before = [Rating(mu, sigma, matches=3) for mu, sigma in priors]
    after = rate_places(before, places)
    library = PlackettLuce()
    teams = [[library.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    expected = library.rate(teams, ranks=[float(place) for place in places])
    assert [(r.mu, r.sigma) for r in after] == [(t[0].mu, t[0].sigma) for t in expected]
    assert all(r.matches == 4 for r in after)


def test_ties_share_a_place() -> None:
    assert finishing_places([50, 30, 30, 80], [False] * 4) == (3, 1, 1, 4)
    assert finishing_places([40, 40, 40], [False] * 3) == (1, 1, 1)
    assert finishing_places([-10, 26, 26, 26, 0], [False] * 5) == (1, 3, 3, 3, 2)
    # Tied people who started equal end equal (the library's own treatment of a tie).
    after = rate_places([DEFAULT_RATING] * 4, [3, 1, 1, 4])
    assert (after[1].mu, after[1].sigma) == (after[2].mu, after[2].sigma)
    assert after[3].mu == min(r.mu for r in after)
    after = rate_places([DEFAULT_RATING] * 4, [1, 2, 2, 4])
    assert after[1] == after[2]
    assert after[0].mu > after[1].mu > after[3].mu


def test_a_leaver_is_last_whatever_their_total() -> None:
    # Seat 0 left with the lowest total; the others keep their order among themselves.
    assert finishing_places([10, 90, 40, 60], [True, False, False, False]) == (4, 3, 1, 2)
    # Two who left share the last place.
    assert finishing_places([10, 90, 40, 60], [True, False, True, False]) == (3, 2, 3, 1)
    after = rate_places([DEFAULT_RATING] * 4, [4, 3, 1, 2])
    assert after[0].mu == min(r.mu for r in after)


def test_bad_places_are_refused_with_the_input() -> None:
    with pytest.raises(RatingError, match=r"\[10, 20\]"):
        finishing_places([10, 20], [False])
    with pytest.raises(RatingError, match=r"\[1\]"):
        rate_places([DEFAULT_RATING], [1])


# -- a finished match at a rated table -----------------------------------------------------------


def rated_table(table_id: str = "rated-1", left: tuple[str, ...] = ()) -> OnlineTable:
    seats = tuple(OnlineSeat("person", player=p, name=p.title(), left=p in left) for p in PEOPLE)
    return OnlineTable(
        id=table_id, kind="hearts", host=PEOPLE[0], rules=preset("standard"), players=4,
        seats=seats, public=True, spectators=False, clock_s=30, rated=True, invite="x",
        status=OnlineStatus.OVER,
    )


def finished(totals: tuple[int, ...]) -> MatchState:
    """A match over with these totals (the rules' own state, its totals set for the test)."""
    return replace(new_match(MatchCode(preset("standard"), 4, 12345)), totals=totals, over=True)


def test_standings_name_people_places_and_leavers() -> None:
    standings = match_standings(rated_table(left=("aino",)), finished((12, 104, 60, 60)))
    assert [(s.player, s.place, s.total, s.left) for s in standings] == [
        ("aino", 4, 12, True), ("eero", 3, 104, False), ("liisa", 1, 60, False),
        ("ville", 1, 60, False),
    ]
    with pytest.raises(RatingError, match="not over"):
        match_standings(rated_table(), replace(finished((0, 0, 0, 0)), over=False))


def test_a_rated_match_is_rated_once_in_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "hertta.db")
    online = rated_table(left=("eero",))
    match = finished((30, 10, 104, 55))
    changes = rate_match(store, online, match)
    places = [1, 4, 3, 2]
    assert [(c.player, c.place) for c in changes] == list(zip(PEOPLE, places, strict=True))
    expected = rate_places([DEFAULT_RATING] * 4, places)
    stored = store.ratings(PEOPLE)
    assert [stored[p] for p in PEOPLE] == expected
    assert rate_match(store, online, match) == []  # the same table again: nothing changes
    assert store.ratings(PEOPLE) == stored
    history = store.rating_history("eero")
    assert [(h.table_id, h.place) for h in history] == [("rated-1", 4)]
    # A second match starts from the stored ratings and counts one more match.
    second = rate_match(store, rated_table("rated-2"), finished((5, 50, 70, 104)))
    assert [c.before for c in second] == expected
    assert all(c.after.matches == 2 for c in second)
    assert [h.table_id for h in store.rating_history("aino")] == ["rated-1", "rated-2"]
    store.close()


def test_an_unrated_table_changes_no_rating(tmp_path: Path) -> None:
    store = Store(tmp_path / "hertta.db")
    assert rate_match(store, replace(rated_table(), rated=False), finished((1, 2, 3, 4))) == []
    assert store.ratings(PEOPLE) == {}
    store.close()


class HeldAfterReading:
    """A store whose rating reads wait (up to a moment) for the other store's: without a lock
    both would read the same ratings before either wrote its update."""

    def __init__(self, store: Store, barrier: threading.Barrier) -> None:
        self.store = store
        self.barrier = barrier

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def ratings(self, players: Iterable[str]) -> dict[str, Rating]:
        read = self.store.ratings(players)
        with contextlib.suppress(threading.BrokenBarrierError):
            self.barrier.wait(timeout=1.0)
        return read


def test_two_processes_rating_one_persons_matches_at_once_lose_no_update(
    new_postgres_database: Callable[[], str],
) -> None:
    url = new_postgres_database()
    stores = [Store(url), Store(url)]  # two connections, as two server processes have
    barrier = threading.Barrier(2)
    matches = [(rated_table("both-1"), finished((10, 20, 30, 40))),
               (rated_table("both-2"), finished((40, 30, 20, 10)))]
    with ThreadPoolExecutor(2) as pool:
        done = [pool.submit(rate_match, HeldAfterReading(store, barrier), online, match)
                for store, (online, match) in zip(stores, matches, strict=True)]
        changes = [future.result(timeout=30) for future in done]
    # One of them waited for the other's update and rated from it: each person has two
    # matches, and the second rating of each starts from the first's result.
    first, second = sorted(changes, key=lambda c: c[0].before.matches)
    assert [c.before for c in second] == [c.after for c in first]
    stored = stores[0].ratings(PEOPLE)
    assert [stored[p] for p in PEOPLE] == [c.after for c in second]
    assert all(stored[p].matches == 2 for p in PEOPLE)
    for store in stores:
        store.close()


def test_another_viewer_gets_as_many_shown_tables_as_there_are(tmp_path: Path) -> None:
    # The limit was applied before private unrated tables were left out: another viewer of a
    # person with 21 rated tables and then 2 private unrated ones saw 18 lines, not 20.
    store = Store(str(tmp_path / "hertta.db"))
    for number in range(3):
        store.insert_online(replace(rated_table(f"rated-{number}"), invite=f"r{number}"))
    for number in range(2):
        store.insert_online(replace(rated_table(f"private-{number}"), rated=False, public=False,
                                    invite=f"p{number}"))
    own = [t.table_id for t in store.played_tables("aino", 3)]
    shown = [t.table_id for t in store.played_tables("aino", 3, shown_to_others=True)]
    assert own == ["private-1", "private-0", "rated-2"]
    assert shown == ["rated-2", "rated-1", "rated-0"]
    store.close()
