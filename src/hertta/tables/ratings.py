"""Ratings of rated shared tables: finishing places from a finished match, and the update of
each person's rating from them with OpenSkill's Plackett-Luce model (``docs/ratings.md``).

- **Places.** A lower total is better; equal totals share a place (1, 2, 2, 4); a person who
  left the match before its end finishes last, tied with anyone else who left.
- **Model.** Every person is a team of one; the places are the ranks given to
  :meth:`openskill.models.PlackettLuce.rate` with the library's default parameters. A person
  with no rating yet starts at the model's default (mu 25, sigma 25/3).
- **Shown.** The conservative rating ``mu - 3 sigma`` (OpenSkill's ``ordinal()``) and the
  number of rated matches.

The place computation is pure; :func:`rate_match` reads and writes through a
:class:`RatingStorage` (the store) in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Final, Protocol

from openskill.models import PlackettLuce

from hertta.errors import HerttaError
from hertta.hearts.match import MatchState
from hertta.tables.online import OnlineTable

MODEL: Final = PlackettLuce()
"""The rating model, with OpenSkill's documented defaults (so its documented examples hold)."""
CONSERVATIVE_SIGMAS: Final = 3


class RatingError(HerttaError):
    """A match that cannot be rated as given."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A person's rating: the model's belief (mean ``mu``, spread ``sigma``) and how many
    rated matches it comes from."""

    mu: float
    sigma: float
    matches: int = 0

    @property
    def conservative(self) -> float:
        """``mu - 3 sigma``: the skill the person has with about 99.7 % certainty."""
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma


DEFAULT_RATING: Final = Rating(MODEL.mu, MODEL.sigma, 0)


@dataclass(frozen=True, slots=True)
class Standing:
    """Where one seat finished: its person, place (1 = best), final total, and whether the
    person left before the end."""

    seat: int
    player: str
    place: int
    total: int
    left: bool


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One person's rating before and after a rated match."""

    player: str
    place: int
    before: Rating
    after: Rating


def finishing_places(totals: Sequence[int], left: Sequence[bool]) -> tuple[int, ...]:
    """The place of every seat: lower totals first, equal totals share a place (competition
    ranking: 1, 2, 2, 4), seats whose person left after everyone else (tied among themselves).
    """
    if len(totals) != len(left):
        raise RatingError(f"{len(totals)} totals for {len(left)} seats: {list(totals)!r}")
    stayed = [total for total, gone in zip(totals, left, strict=True) if not gone]
    places = []
    for total, gone in zip(totals, left, strict=True):
        if gone:
            places.append(len(stayed) + 1)
        else:
            places.append(1 + sum(other < total for other in stayed))
    return tuple(places)


def match_standings(online: OnlineTable, match: MatchState) -> tuple[Standing, ...]:
    """The standings of a finished match at a shared table, one per person's seat."""
    if not match.over:
        raise RatingError(f"table {online.id!r}: the match is not over")
    if len(match.totals) != len(online.seats):
        raise RatingError(
            f"table {online.id!r}: {len(match.totals)} totals for {len(online.seats)} seats"
        )
    left = [seat.left for seat in online.seats]
    places = finishing_places(match.totals, left)
    return tuple(
        Standing(index, seat.player, places[index], match.totals[index], seat.left)
        for index, seat in enumerate(online.seats)
        if seat.kind == "person" and seat.player is not None
    )


def rate_places(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Everyone's rating after a match in which they finished at ``places`` (each person a
    team of one; equal places are a tie), by the library's Plackett-Luce update."""
    if len(ratings) != len(places) or len(ratings) < 2:
        raise RatingError(f"a rated match needs two or more places, got {list(places)!r}")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(team[0].mu, team[0].sigma, before.matches + 1)
        for team, before in zip(rated, ratings, strict=True)
    ]


class RatingStorage(Protocol):
    """What rating a match needs of the store."""

    def transaction(self) -> AbstractContextManager[object]: ...

    def lock_ratings(self) -> None:
        """Called first in the rating transaction: no other process reads or writes ratings
        until it ends (two matches of one person ending at once on two processes would each
        read the rating before the other's update, and one update would be lost)."""
        ...

    def table_rated(self, table_id: str) -> bool:
        """Whether this table's match has been rated already."""
        ...

    def ratings(self, players: Iterable[str]) -> Mapping[str, Rating]:
        """The ratings these people have (people without one are left out)."""
        ...

    def save_ratings(self, table_id: str, changes: Sequence[RatingChange]) -> None:
        """Keep the new ratings and one history row per person for ``table_id``."""
        ...


def rate_match(
    storage: RatingStorage, online: OnlineTable, match: MatchState
) -> list[RatingChange]:
    """Rate a finished rated match, once: the ratings are read, updated and written in one
    transaction, so a match is never rated twice (an empty list then, and for a table that is
    not rated)."""
    if not online.rated:
        return []
    standings = match_standings(online, match)
    with storage.transaction():
        storage.lock_ratings()
        if storage.table_rated(online.id):
            return []
        known = storage.ratings(s.player for s in standings)
        before = [known.get(s.player, DEFAULT_RATING) for s in standings]
        after = rate_places(before, [s.place for s in standings])
        changes = [
            RatingChange(s.player, s.place, old, new)
            for s, old, new in zip(standings, before, after, strict=True)
        ]
        storage.save_ratings(online.id, changes)
    return changes
