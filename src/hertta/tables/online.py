"""Tables people play together: the seating before the match, the host's choices, and the
request that creates one.

An :class:`OnlineTable` is the table as the lobby knows it: its rules, its seats (open for a
person, held by a person, or a computer player of a level), who hosts it, whether it is public
(listed in the lobby) or reachable only by its invite link, whether spectators may watch, its
turn clock and whether it is rated. Once every seat is taken the match starts: the game is then
the :mod:`hertta.tables` table of the same id, with these seats. Every change here is a pure
function of the table that returns a new table or raises (:class:`SeatError` for who may not,
:class:`~hertta.errors.ConfigError` for a request that is not valid).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final, Literal

from hertta.errors import ConfigError
from hertta.hearts.config import RulesConfig
from hertta.tables.model import MAX_NAME, JsonObject, Seat, SeatError, TableError
from hertta.tables.table_rules import rules_from_json
from hertta.tables.table_rules import rules_json as table_rules_json

CLOCK_CHOICES: Final = (0, 15, 30, 60)
"""Seconds per decision; 0 is no clock."""
DEFAULT_CLOCK: Final = 30
RATED_SCORE_LIMIT: Final = 100
DEFAULT_NAMES: Final = ("Aino", "Eero", "Liisa", "Ville", "Saara", "Onni")

SeatKind = Literal["open", "person", "computer"]


class OnlineStatus(StrEnum):
    WAITING = "waiting"
    """Seats are being taken; the match has not started."""
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"
    """The host closed it before the start."""


@dataclass(frozen=True, slots=True)
class OnlineSeat:
    """One seat of a table people play together. ``left``: the person left the match before
    its end (a computer player plays the seat; a rated match counts it as finishing last).
    An open seat with a ``player`` is *kept* for that person (``name``): at the table opened
    to play again, nobody else may take it until the host opens it."""

    kind: SeatKind
    player: str | None = None
    level: str | None = None
    name: str = ""
    left: bool = False

    @property
    def kept(self) -> bool:
        return self.kind == "open" and self.player is not None

    def to_json(self) -> JsonObject:
        if self.kind == "open":
            return {"kind": "open", "player": self.player, "kept_for": self.name} if self.kept \
                else {"kind": "open"}
        if self.kind == "person":
            return {"kind": "person", "player": self.player, "name": self.name, "left": self.left}
        return {"kind": "computer", "level": self.level, "name": self.name}


OPEN: Final = OnlineSeat("open")


def online_seat_from_json(value: object) -> OnlineSeat:
    if not isinstance(value, Mapping):
        raise ConfigError(f"not a seat: {value!r}")
    kind = value.get("kind")
    if kind == "open":
        kept_for, name = value.get("player"), value.get("kept_for", "")
        if isinstance(kept_for, str) and isinstance(name, str):
            return OnlineSeat("open", player=kept_for, name=name)
        return OPEN
    name = value.get("name", "")
    if not isinstance(name, str):
        raise ConfigError(f"not a seat name: {name!r}")
    if kind == "person" and isinstance(value.get("player"), str):
        return OnlineSeat("person", player=value["player"], name=name,
                          left=value.get("left") is True)
    if kind == "computer" and isinstance(value.get("level"), str):
        return OnlineSeat("computer", level=value["level"], name=name)
    raise ConfigError(f"not a seat: {value!r}")


@dataclass(frozen=True, slots=True)
class FollowUp:
    """The table to play again at after a finished one, and its invite."""

    id: str
    invite: str


@dataclass(frozen=True, slots=True)
class OnlineTable:
    id: str
    kind: str
    host: str
    rules: RulesConfig
    players: int
    seats: tuple[OnlineSeat, ...]
    public: bool
    spectators: bool
    clock_s: int
    rated: bool
    invite: str
    status: OnlineStatus = OnlineStatus.WAITING
    version: int = 0
    follow_up: FollowUp | None = None
    """The table its people were asked to play on at once the match was over ("play again")."""

    @property
    def full(self) -> bool:
        return all(seat.kind != "open" for seat in self.seats)

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(index for index, seat in enumerate(self.seats) if seat.kind == "open")

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The open seats anyone may take: those kept for nobody."""
        return tuple(index for index in self.open_seats if not self.seats[index].kept)

    def seat_of(self, player: str) -> int | None:
        """The seat this person holds at this table, or None."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "person" and seat.player == player:
                return index
        return None

    def game_seats(self) -> tuple[Seat, ...]:
        """The seats of the match (every one taken)."""
        if not self.full:
            raise TableError(f"table {self.id!r} still has open seats {self.open_seats}")
        return tuple(
            Seat(player=seat.player, name=seat.name)
            if seat.kind == "person"
            else Seat(level=seat.level, name=seat.name)
            for seat in self.seats
        )


def may_watch(table: OnlineTable, player: str) -> bool:
    """Whether ``player`` may see the game at ``table`` now: seated, or the match has not
    begun or is over (its replay is anyone's with the link), or the host allows spectators.
    (Who may see the table at all, private or public, is the invite's business.)"""
    return (
        table.seat_of(player) is not None
        or table.status in (OnlineStatus.WAITING, OnlineStatus.OVER)
        or table.spectators
    )


BLACK_FLAG: Final = "\U0001F3F4"
FLAG_TAGS: Final = re.compile("\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F")
"""The flag emoji of England, Scotland and Wales: a black flag, tag characters, a cancel tag.
Tag characters anywhere else draw nothing ("Aino" and a tag look like "Aino")."""
JOINERS: Final = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: format characters a name may hold (emoji sequences and
some scripts need them)."""
VISIBLE_CATEGORIES: Final = frozenset("LNPS")
"""Unicode's letters, numbers, punctuation and symbols: a name holds at least one."""
VARIATION_SELECTORS: Final = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
COMBINING_GRAPHEME_JOINER: Final = "\u034f"
KEYCAP_BASES: Final = frozenset("0123456789#*")
"""The ASCII characters a variation selector may follow: a keycap emoji is ``1`` + U+FE0F +
U+20E3."""
BLANK_FILLERS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\U0001d159")
"""The Hangul fillers, the blank Braille pattern and the musical null notehead: letters or
symbols that show nothing."""


def clean_name(value: object) -> str:
    """A display name: 1-20 characters once trimmed, no control characters and no invisible
    format characters but the joiners (ConfigError)."""
    if not isinstance(value, str):
        raise ConfigError(f"a name is text, not {value!r}")
    name = " ".join(value.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ConfigError(f"a name has 1 to {MAX_NAME} characters: {value!r}")
    if any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise ConfigError(f"a name has no control characters: {value!r}")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):  # a lone surrogate: not text at all
        raise ConfigError(f"a name must be valid Unicode text: {value!r}")
    flags_read = FLAG_TAGS.sub(BLACK_FLAG, name)  # a flag's tags read, the tags elsewhere kept
    if any(unicodedata.category(ch) == "Cf" and ch not in JOINERS for ch in flags_read):
        # Invisible format characters: a right-to-left override turns the text after the name
        # around on a leaderboard ("Aino\u202e" ...), a zero-width space makes two names look
        # alike. The joiners stay: emoji sequences and some scripts need them.
        raise ConfigError(f"a name has no invisible format characters: {value!r}")
    if _invisible_marks(name):
        # A joiner beside a Latin letter or a space, or a variation selector after one, draws
        # nothing: "Ai\u200dno" looked like "Aino" on a leaderboard. Emoji sequences and the
        # scripts that need a joiner (between their own letters) keep them.
        raise ConfigError(f"a name has no joiner or selector that joins nothing: {value!r}")
    if any(ch in BLANK_FILLERS for ch in name):
        # Letters and symbols by category that draw nothing: "Aino\u3164" looks like "Aino".
        raise ConfigError(f"a name has no blank filler characters: {value!r}")
    if not any(unicodedata.category(ch)[0] in VISIBLE_CATEGORIES for ch in name):
        raise ConfigError(
            f"a name needs a letter, digit, punctuation mark or symbol one can see: {value!r}"
        )
    return name


def _invisible_marks(name: str) -> bool:
    """Whether ``name`` holds a mark that changes nothing one can see: a joiner at either end
    or beside an ASCII character, a variation selector after an ASCII character other than a
    keycap's, or the combining grapheme joiner."""
    if COMBINING_GRAPHEME_JOINER in name:
        return True
    for index, ch in enumerate(name):
        before = name[index - 1] if index else ""
        after = name[index + 1] if index + 1 < len(name) else ""
        if ch in JOINERS and (not before.strip() or not after.strip()
                              or before.isascii() or after.isascii()):
            return True
        if VARIATION_SELECTORS.fullmatch(ch) and (
            not before or (before.isascii() and before not in KEYCAP_BASES)
        ):
            return True
    return False


def _flag(body: Mapping[str, Any], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise ConfigError(f"{key!r} must be true or false, got {value!r}")
    return value


def _unnamed(name: object) -> bool:
    """No name given for a computer player (null, or only white space): it gets a default."""
    return name is None or (isinstance(name, str) and not name.strip())


def default_name(index: int, taken: Iterable[str]) -> str:
    """A computer player's name when none is given: the seat's own of DEFAULT_NAMES, or the
    next one nobody at the table has (a person called Aino had a computer Aino beside her)."""
    used = {" ".join(str(name).split()).casefold() for name in taken}
    for step in range(len(DEFAULT_NAMES)):
        name = DEFAULT_NAMES[(index + step) % len(DEFAULT_NAMES)]
        if name.casefold() not in used:
            return name
    return DEFAULT_NAMES[index % len(DEFAULT_NAMES)]


def _seats(
    value: object, players: int, host: str, host_name: str, levels: tuple[str, ...]
) -> tuple[OnlineSeat, ...]:
    if value is None:
        value = ["host", *["open"] * (players - 1)]
    if not isinstance(value, list) or len(value) != players:
        raise ConfigError(f"'seats' must list {players} seats, got {value!r}")
    seats: list[OnlineSeat] = []
    taken = [host_name, *(item["name"] for item in value if isinstance(item, Mapping)
                          and not _unnamed(item.get("name")))]
    for index, item in enumerate(value):
        if item == "host":
            if any(seat.player == host for seat in seats):
                raise ConfigError("the host can take one seat only")
            seats.append(OnlineSeat("person", player=host, name=host_name))
        elif item == "open":
            seats.append(OPEN)
        elif isinstance(item, Mapping) and set(item) <= {"level", "name"}:
            level = item.get("level")
            if level not in levels:
                raise ConfigError(
                    f"seat {index}: level must be one of {', '.join(levels)}, got {level!r:.80}"
                )
            given = item.get("name")
            name = default_name(index, taken) if _unnamed(given) else clean_name(given)
            taken.append(name)
            seats.append(OnlineSeat("computer", level=str(level), name=name))
        else:
            raise ConfigError(
                f"seat {index}: expected \"host\", \"open\" or {{\"level\": ...}}, got {item!r:.80}"
            )
    return tuple(seats)


def online_table_from_request(
    body: object,
    *,
    table_id: str,
    invite: str,
    host: str,
    host_name: str,
    levels: tuple[str, ...],
) -> OnlineTable:
    """The table a ``POST /api/tables`` body asks for (``docs/tables.md``); ConfigError names
    what is wrong. A rated table seats people only and plays to 100."""
    if not isinstance(body, Mapping):
        raise ConfigError(f"a table request is a JSON object, got {type(body).__name__}")
    unknown = set(body) - {"game", "rules", "seats", "public", "spectators", "clock", "rated"}
    if unknown:
        raise ConfigError(f"unknown keys {sorted(unknown)!r}")
    if body.get("game", "hearts") != "hearts":
        raise ConfigError(f"only Hearts is played at shared tables, not {body.get('game')!r}")
    rules, players = rules_from_json(body.get("rules", {}))
    seats = _seats(body.get("seats"), players, host, host_name, levels)
    clock = body.get("clock", DEFAULT_CLOCK)
    if isinstance(clock, bool) or clock not in CLOCK_CHOICES:
        raise ConfigError(f"clock must be one of {CLOCK_CHOICES} seconds, got {clock!r}")
    rated = _flag(body, "rated", False)
    if rated:
        if any(seat.kind == "computer" for seat in seats):
            raise ConfigError("a rated table seats people only")
        if rules.score_limit != RATED_SCORE_LIMIT:
            raise ConfigError(f"a rated match plays to {RATED_SCORE_LIMIT}")
    return OnlineTable(
        id=table_id,
        kind="hearts",
        host=host,
        rules=rules,
        players=players,
        seats=seats,
        public=_flag(body, "public", False),
        spectators=_flag(body, "spectators", False),
        clock_s=int(clock),
        rated=rated,
        invite=invite,
    )


# -- what people may do before the match --------------------------------------------------------


def _waiting(table: OnlineTable) -> None:
    if table.status is not OnlineStatus.WAITING:
        raise SeatError(f"table {table.id!r} is {table.status.value}: the seats are settled")


def _seat_index(table: OnlineTable, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise SeatError(f"no seat {seat!r} at this table")
    return seat


def sit(table: OnlineTable, player: str, name: str, seat: int | None = None) -> OnlineTable:
    """``player`` takes an open seat (when none is named, the one kept for them, or else the
    first one kept for nobody)."""
    _waiting(table)
    if table.seat_of(player) is not None:
        raise SeatError("you already have a seat at this table")
    if seat is None:
        mine = [i for i in table.open_seats if table.seats[i].player == player]
        if not mine and not table.free_seats:
            raise SeatError("every seat is taken")
        seat = (mine or table.free_seats)[0]
    index = _seat_index(table, seat)
    chosen = table.seats[index]
    if chosen.kind != "open":
        raise SeatError(f"seat {index} is taken")
    if chosen.kept and chosen.player != player:
        raise SeatError(f"seat {index} is kept for {chosen.name!r} until the host opens it")
    return _with_seat(table, index, OnlineSeat("person", player=player, name=name))


def stand(table: OnlineTable, player: str) -> OnlineTable:
    """``player`` gives their seat up before the match."""
    _waiting(table)
    index = table.seat_of(player)
    if index is None:
        raise SeatError("you have no seat at this table")
    return _with_seat(table, index, OPEN)


def seat_computer(
    table: OnlineTable, by: str, seat: int, level: str, name: str, levels: tuple[str, ...]
) -> OnlineTable:
    """The host puts a computer player of ``level`` in an open seat."""
    _waiting(table)
    _host_only(table, by)
    index = _seat_index(table, seat)
    if table.seats[index].kind != "open":
        raise SeatError(f"seat {index} is not open")
    if table.rated:  # the same words and error as a rated table's request with a computer seat
        raise ConfigError("a rated table seats people only")
    if level not in levels:
        raise ConfigError(f"level must be one of {', '.join(levels)}, got {level!r}")
    taken = [seat.name for seat in table.seats]
    chosen = default_name(index, taken) if _unnamed(name) else clean_name(name)
    return _with_seat(table, index, OnlineSeat("computer", level=level, name=chosen))


def remove(table: OnlineTable, by: str, seat: int) -> OnlineTable:
    """The host opens a seat again before the match (a person or a computer player in it)."""
    _waiting(table)
    _host_only(table, by)
    index = _seat_index(table, seat)
    if table.seats[index].kind == "open" and not table.seats[index].kept:
        raise SeatError(f"seat {index} is open already")
    return _with_seat(table, index, OPEN)  # a kept seat is opened to anyone


def rename(table: OnlineTable, player: str, name: str) -> OnlineTable:
    """A person's new display name reaches their seat while the table waits for its match (a
    match begun keeps its names); the same table when there is nothing to change."""
    index = table.seat_of(player)
    if index is None or table.status is not OnlineStatus.WAITING or table.seats[index].name == name:
        return table
    return _with_seat(table, index, replace(table.seats[index], name=name))


def leave_match(table: OnlineTable, player: str) -> OnlineTable:
    """A person leaves the match before its end: a computer player plays on for them."""
    if table.status is not OnlineStatus.PLAYING:
        raise SeatError("the match is not being played")
    index = table.seat_of(player)
    if index is None:
        raise SeatError("you have no seat at this table")
    if table.seats[index].left:
        raise SeatError("you left this match")
    return _with_seat(table, index, replace(table.seats[index], left=True))


def _host_only(table: OnlineTable, by: str) -> None:
    if by != table.host:
        raise SeatError("only the host may do that")


def _with_seat(table: OnlineTable, index: int, seat: OnlineSeat) -> OnlineTable:
    seats = list(table.seats)
    seats[index] = seat
    return replace(table, seats=tuple(seats))


def rules_json(table: OnlineTable) -> JsonObject:
    return table_rules_json(table.rules, table.players)


def public_json(table: OnlineTable, connected: Mapping[int, bool] | None = None) -> JsonObject:
    """What anyone who may see the table sees of it (never the invite token, never a player
    id)."""
    seats = []
    for index, seat in enumerate(table.seats):
        shown = seat.to_json()
        shown.pop("player", None)
        if seat.kind == "person":
            shown["host"] = seat.player == table.host
            # A person who left no longer counts as the seat's connection, watching or not.
            shown["connected"] = bool(connected and connected.get(index)) and not seat.left
        seats.append(shown)
    return {
        "id": table.id,
        "game": table.kind,
        "status": table.status.value,
        "rules": rules_json(table),
        "seats": seats,
        "free_seats": len(table.free_seats),
        "public": table.public,
        "spectators": table.spectators,
        "clock": table.clock_s,
        "rated": table.rated,
    }
