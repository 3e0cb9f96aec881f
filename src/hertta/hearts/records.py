"""Round records ``hertta-hearts-round/1``: a public JSON format for one round of Hearts.

A record holds ``format``, ``players``, ``rules`` (a preset name, or an object naming a
``preset`` and overriding options), ``dealer``, ``pass`` (left, right, across, left2, right2,
none), ``hands`` (as dealt, seat 0 first), ``passes`` (the 3 cards each seat passed; ``[]`` each
when there is no pass), ``plays`` (every card in play order) and, for a moon under the
``choose`` rule, ``moon_choice`` (``add`` or ``subtract``). Cancellation's kitty is not written:
it is the cards of the two decks that no hand holds. ``docs/hearts-records.md`` has the details.

:func:`parse_record` refuses a malformed record with one :class:`~hertta.errors.RecordError`
line; :func:`check_record` replays a well-formed one through the validated move path and reports
every decision, every trick and the points, stopping at the first illegal move.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hertta.cards import Card, parse_card
from hertta.errors import HerttaError, RecordError, quoted
from hertta.hearts.config import MOON_OPTIONS, RulesConfig, rules_from_json, rules_to_json
from hertta.hearts.deck import (
    PassDirection,
    parse_pass_direction,
    pass_offset,
    wrong_player_count,
)
from hertta.hearts.round import (
    HeartsMoveError,
    Phase,
    RoundState,
    Trick,
    choose_moon,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.strict_json import BYTE_ORDER_MARK, loads_strict

FORMAT: Final = "hertta-hearts-round/1"
_REQUIRED: Final = ("format", "players", "rules", "dealer", "pass", "hands", "passes", "plays")
_OPTIONAL: Final = ("moon_choice",)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A well-formed record (its moves may still be illegal: see :func:`check_record`).
    ``passes[s]`` is ``()`` when seat ``s`` has not passed or there is no pass."""

    rules: RulesConfig
    players: int
    dealer: int
    pass_direction: PassDirection
    hands: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    moon_choice: str | None = None


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(f'{what} must be a list of cards like "QS", got {value!r}')
    out = []
    for item in value:
        try:
            out.append(parse_card(item))
        except HerttaError as err:
            raise RecordError(f"{what}: {err}") from None
    return tuple(out)


def _seat_lists(value: object, players: int, what: str) -> list[object]:
    if not isinstance(value, list) or len(value) != players:
        raise RecordError(
            f"{what} must be a list of {players} card lists (one per seat), got {value!r}"
        )
    return value


def record_from_json(data: object) -> RoundRecord:
    """Validate the decoded JSON of a record; RecordError names the first thing wrong."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a round record must be a JSON object, got {data!r}")
    for key in data:
        if key not in _REQUIRED and key not in _OPTIONAL:
            raise RecordError(f"unknown key {key!r} in round record")
    for key in _REQUIRED:
        if key not in data:
            raise RecordError(f"round record is missing {key!r}")
    if data["format"] != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {data['format']!r}")
    try:
        rules = rules_from_json(data["rules"])
    except HerttaError as err:
        raise RecordError(f"rules: {err}") from None
    players = data["players"]
    wrong = wrong_player_count(rules, players)
    if wrong is not None:
        raise RecordError(f"players: {wrong}")
    dealer = data["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    try:
        direction = parse_pass_direction(data["pass"])
        offset = pass_offset(direction, players)
    except HerttaError as err:
        raise RecordError(f"pass: {err}") from None
    hands = tuple(
        _cards(hand, f"hands[{seat}]")
        for seat, hand in enumerate(_seat_lists(data["hands"], players, "hands"))
    )
    passes = tuple(
        _cards(chosen, f"passes[{seat}]")
        for seat, chosen in enumerate(_seat_lists(data["passes"], players, "passes"))
    )
    for seat, chosen in enumerate(passes):
        if offset == 0 and chosen:
            raise RecordError(f"passes[{seat}] must be [] when the pass is 'none'")
    plays = _cards(data["plays"], "plays")
    if plays and offset and not all(passes):
        raise RecordError("plays given before every seat has passed")
    moon_choice = data.get("moon_choice")
    if moon_choice is not None and moon_choice not in MOON_OPTIONS:
        raise RecordError(f"moon_choice must be 'add' or 'subtract', got {moon_choice!r}")
    try:
        round_from_hands(rules, players, dealer, direction, hands)
    except HerttaError as err:
        raise RecordError(f"hands: {err}") from None
    return RoundRecord(rules, players, dealer, direction, hands, passes, plays, moon_choice)


def parse_record(text: str) -> RoundRecord:
    """Read a record from JSON text."""
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, got {quoted(text)}")
    try:
        data = loads_strict(text.removeprefix(BYTE_ORDER_MARK))
    except json.JSONDecodeError as err:
        raise RecordError(f"not JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except ValueError as err:  # NaN, a number too big, a key twice, nesting too deep
        raise RecordError(f"not a round record: {err}") from None
    return record_from_json(data)


def record_to_json(record: RoundRecord) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "players": record.players,
        "rules": rules_to_json(record.rules),
        "dealer": record.dealer,
        "pass": record.pass_direction.value,
        "hands": [[c.notation for c in hand] for hand in record.hands],
        "passes": [[c.notation for c in chosen] for chosen in record.passes],
        "plays": [c.notation for c in record.plays],
    }
    if record.moon_choice is not None:
        data["moon_choice"] = record.moon_choice
    return data


def format_record(record: RoundRecord) -> str:
    """Readable JSON: one line per key, per hand, per pass and per trick of plays."""
    data = record_to_json(record)
    rows = [
        ("hands", data["hands"]),
        ("passes", data["passes"]),
        (
            "plays",
            [
                data["plays"][i : i + record.players]
                for i in range(0, len(record.plays), record.players)
            ],
        ),
    ]
    lines = ["{"]
    for key in ("format", "players", "rules", "dealer", "pass"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    for key, groups in rows:
        if key == "plays":
            inner = ",\n".join("    " + json.dumps(group)[1:-1] for group in groups)
            lines.append(f'  "plays": [\n{inner}\n  ]' if groups else '  "plays": []')
        else:
            inner = ",\n".join("    " + json.dumps(group) for group in groups)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ],")
    if record.moon_choice is not None:
        lines[-1] += ","
        lines.append(f'  "moon_choice": {json.dumps(record.moon_choice)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def record_from_state(state: RoundState) -> RoundRecord:
    """The record of a round so far (unchosen passes are written as ``[]``)."""
    return RoundRecord(
        rules=state.rules,
        players=state.players,
        dealer=state.dealer,
        pass_direction=state.pass_direction,
        hands=state.dealt,
        passes=tuple(chosen or () for chosen in state.passes),
        plays=state.plays,
        moon_choice=state.moon_choice,
    )


@dataclass(frozen=True, slots=True)
class CheckedPlay:
    """Play ``index`` (0-based in ``plays``): ``seat`` could play ``legal`` and played ``card``."""

    index: int
    seat: int
    legal: tuple[Card, ...]
    card: Card


@dataclass(frozen=True, slots=True)
class CheckProblem:
    """The first illegal move. ``kind``: ``pass``, ``play`` or ``moon_choice``; ``index``: the
    play's 0-based index (None for passes and moon choices); ``legal``: the legal plays then."""

    kind: str
    index: int | None
    seat: int | None
    """None for a card played after the round was over (nobody was on turn)."""
    card: Card | None
    legal: tuple[Card, ...]
    reason: str
    message: str


@dataclass(frozen=True, slots=True)
class CheckReport:
    record: RoundRecord
    decisions: tuple[CheckedPlay, ...]
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...] | None
    """The round's points when it is complete (moon applied), else None."""
    shooter: int | None
    moon_option: str | None
    phase: Phase
    problem: CheckProblem | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _start(record: RoundRecord) -> RoundState:
    return round_from_hands(
        record.rules, record.players, record.dealer, record.pass_direction, record.hands
    )


def check_record(record: RoundRecord) -> CheckReport:
    """Replay ``record`` move by move, collecting decisions and tricks, to the end or to the
    first illegal move."""
    state = _start(record)
    decisions: list[CheckedPlay] = []
    problem: CheckProblem | None = None
    if state.phase is Phase.PASSING:
        for seat, chosen in enumerate(record.passes):
            if not chosen:
                continue
            try:
                state = submit_pass(state, seat, chosen)
            except HeartsMoveError as err:
                problem = CheckProblem("pass", None, seat, err.card, (), err.reason, str(err))
                break
    if problem is None:
        for index, card in enumerate(record.plays):
            if state.phase is not Phase.PLAYING:
                why = f"the round is {state.phase.value}: no card can be played"
                problem = CheckProblem("play", index, None, card, (), "wrong_phase", why)
                break
            seat = state.turn if state.turn is not None else -1
            legal = state.legal_plays
            try:
                state = play_card(state, seat, card)
            except HeartsMoveError as err:
                problem = CheckProblem("play", index, seat, card, legal, err.reason, str(err))
                break
            decisions.append(CheckedPlay(index, seat, legal, card))
    if problem is None and record.moon_choice is not None and state.phase is Phase.MOON_CHOICE:
        shooter = state.turn if state.turn is not None else -1
        state = choose_moon(state, shooter, record.moon_choice)
    score = state.score
    return CheckReport(
        record=record,
        decisions=tuple(decisions),
        tricks=state.tricks,
        taken=state.points_taken,
        points=score.points if score is not None else None,
        shooter=score.shooter if score is not None else state.moon_shooter,
        moon_option=score.moon_option if score is not None else None,
        phase=state.phase,
        problem=problem,
    )


def replay_record(record: RoundRecord) -> RoundState:
    """The state a legal record reaches; HeartsMoveError (with the play number) otherwise."""
    report = check_record(record)
    if report.problem is not None:
        p = report.problem
        where = f"play {p.index + 1}: " if p.index is not None else f"{p.kind}: "
        seat = -1 if p.seat is None else p.seat  # the error's own "no seat" value
        raise HeartsMoveError(where + p.message, p.reason, seat, p.card)
    state = _start(record)
    for seat, chosen in enumerate(record.passes):
        if chosen:
            state = submit_pass(state, seat, chosen)
    for card in record.plays:
        state = play_card(state, state.turn if state.turn is not None else -1, card)
    if record.moon_choice is not None and state.phase is Phase.MOON_CHOICE:
        state = choose_moon(state, state.turn if state.turn is not None else -1, record.moon_choice)
    return state


def _names(cards: Sequence[Card]) -> str:
    return " ".join(c.notation for c in cards) or "-"


def format_check_report(report: CheckReport) -> list[str]:
    """The report as text lines (what ``hertta hearts check`` prints)."""
    r = report.record
    lines = [
        f"{FORMAT}: {r.players} players, rules {json.dumps(rules_to_json(r.rules))}, "
        f"dealer seat {r.dealer}, pass {r.pass_direction.value}"
    ]
    offset = pass_offset(r.pass_direction, r.players)
    for seat, chosen in enumerate(r.passes):
        if chosen:
            lines.append(
                f"pass: seat {seat} -> seat {(seat + offset) % r.players}: {_names(chosen)}"
            )
    by_index = {d.index: d for d in report.decisions}
    position = 0
    for number, trick in enumerate(report.tricks, start=1):
        lines.append(f"trick {number}: seat {trick.leader} leads")
        for _card in trick.cards:
            d = by_index[position]
            lines.append(
                f"  play {d.index + 1}: seat {d.seat} plays {d.card.notation}"
                f"  (legal: {_names(d.legal)})"
            )
            position += 1
        lines.append("  " + _trick_summary(trick))
    if position < len(report.decisions) or report.problem is not None:
        if position < len(report.decisions):
            lines.append(
                f"trick {len(report.tricks) + 1}: seat {report.decisions[position].seat} leads"
            )
        for d in report.decisions[position:]:
            lines.append(
                f"  play {d.index + 1}: seat {d.seat} plays {d.card.notation}"
                f"  (legal: {_names(d.legal)})"
            )
    lines.append("points taken: " + _per_seat(report.taken))
    if report.problem is not None:
        p = report.problem
        if p.kind == "play" and p.index is not None:
            who = "nobody is on turn to play" if p.seat is None else f"seat {p.seat} plays"
            lines.append(
                f"ILLEGAL play {p.index + 1}: {who} "
                f"{p.card.notation if p.card else '?'}: {p.message} (legal: {_names(p.legal)})"
            )
        else:
            lines.append(f"ILLEGAL {p.kind}: {p.message}")
        return lines
    if report.points is not None:
        moon = ""
        if report.shooter is not None:
            moon = f" (seat {report.shooter} shot the moon: {report.moon_option})"
        lines.append("round points: " + _per_seat(report.points) + moon)
        lines.append(f"OK: {len(report.decisions)} plays, all legal")
    elif report.phase is Phase.MOON_CHOICE:
        lines.append(f"OK so far: seat {report.shooter} shot the moon; moon_choice is missing")
    else:
        total = sum(len(h) for h in r.hands)
        lines.append(f"OK so far: incomplete round, {len(report.decisions)} of {total} plays")
    return lines


def _points(points: int) -> str:
    return f"{points} point" if points in (1, -1) else f"{points} points"


def _per_seat(points: Sequence[int]) -> str:
    return ", ".join(f"seat {seat} {p}" for seat, p in enumerate(points))


def _trick_summary(trick: Trick) -> str:
    cancelled = [c.notation for c, flag in zip(trick.cards, trick.cancelled, strict=True) if flag]
    note = f", cancelled {' '.join(cancelled)}" if cancelled else ""
    if trick.winner is None:
        return (
            f"cards {_names(trick.cards)}{note}: all cancelled, carried over "
            f"({_points(trick.points)})"
        )
    extra = ""
    if trick.carried_in:
        extra += f" + carried {_names(trick.carried_in)}"
    if trick.kitty:
        extra += f" + kitty {_names(trick.kitty)}"
    return (
        f"cards {_names(trick.cards)}{note}: seat {trick.winner} takes them{extra}: "
        f"{_points(trick.taken_points)}"
    )


def _card_list(cards: Sequence[Card]) -> list[str]:
    return [c.notation for c in cards]


def check_report_to_json(report: CheckReport) -> dict[str, Any]:
    """The report as JSON-ready data (``hertta hearts check --json``)."""
    p = report.problem
    return {
        "format": FORMAT,
        "ok": p is None,
        "complete": report.phase is Phase.ROUND_OVER,
        "phase": report.phase.value,
        "decisions": [
            {
                "index": d.index,
                "seat": d.seat,
                "legal": _card_list(d.legal),
                "card": d.card.notation,
            }
            for d in report.decisions
        ],
        "tricks": [
            {
                "leader": t.leader,
                "seats": list(t.seats),
                "cards": _card_list(t.cards),
                "cancelled": list(t.cancelled),
                "winner": t.winner,
                "points": t.points,
                "taken_points": t.taken_points,
                "carried_in": _card_list(t.carried_in),
                "kitty": _card_list(t.kitty),
            }
            for t in report.tricks
        ],
        "taken": list(report.taken),
        "points": list(report.points) if report.points is not None else None,
        "moon": (
            None
            if report.shooter is None
            else {"shooter": report.shooter, "option": report.moon_option}
        ),
        "error": None
        if p is None
        else {
            "kind": p.kind,
            "index": p.index,
            "seat": p.seat,
            "card": p.card.notation if p.card else None,
            "legal": _card_list(p.legal),
            "reason": p.reason,
            "message": p.message,
        },
    }
