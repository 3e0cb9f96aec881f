"""Hearts over the WebSocket, for a person at seat 0 against computer players.

Ops (see ``docs/hearts-web.md``): ``new`` {players, preset, score_limit, moon_rule, opponents,
code?}, ``replay``, ``pass`` {cards}, ``play`` {card}, ``moon`` {option}, ``next``, ``hint``,
``review`` (a round just over, looked over by Hard: :mod:`hertta.ai.review`, in the worker
pool, once per round).
The person's decision is answered as soon as it is saved; each computer player's decision then
arrives as its own update, as they think (in the worker pool). A pass or card the rules refuse is
answered with a ``refused`` event carrying the rules' reason code, the state unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, ClassVar, Final

from hertta.ai.review import review_task
from hertta.cards import parse_card
from hertta.errors import ConfigError, IllegalMoveError
from hertta.hearts import PRESET_NAMES, HeartsMoveError, MatchState, preset
from hertta.hearts.codes import parse_match_code
from hertta.hearts.config import MOON_OPTIONS, MOON_RULES
from hertta.hearts.decisions import (
    Decision,
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
)
from hertta.hearts.deck import PASS_COUNT
from hertta.hearts.match import totals_before_round
from hertta.hearts.round import Phase
from hertta.rng import derive_seed
from hertta.tables.hearts import (
    DEFAULT_NAMES,
    KIND,
    LEVELS,
    check_made_at,
    dealt_code,
    hint_task,
    setup_for,
    solo_seats,
)
from hertta.tables.hearts_view import decision_events, hearts_view, start_events
from hertta.tables.live import Change, LiveTable
from hertta.tables.model import MAX_NAME, JsonObject, Seat, TableStatus
from hertta.tables.online import clean_name
from hertta.tables.service import LoadedTable, new_table_id
from hertta.tables.table_rules import (
    CHOICE_KEYS,
    MAX_SCORE_LIMIT,
    offered_choices,
    rules_from_json,
)
from hertta.web.errors import ProtocolError
from hertta.web.preferences import Value
from hertta.web.protocol import (
    MADE_AT,
    ArgParser,
    Intent,
    OpSpec,
    boolean,
    integer,
    made_at,
    text,
)
from hertta.web.seats import SeatSession
from hertta.web.services import AppServices
from hertta.web.transport import Connection

SEAT: Final = 0
REVIEW_SALT: Final = 0x524556  # "REV": a round review's generators derive from match and round
MAX_CODE: Final = 80
Events = list[dict[str, Any]]


def hearts_limits() -> dict[str, Any]:
    """Every limit the Hearts page shows or checks, so the client never hard-codes one."""
    return {
        "players": sorted({n for name in PRESET_NAMES for n in preset(name).player_counts}),
        "default_players": 4,
        "presets": {name: list(preset(name).player_counts) for name in PRESET_NAMES},
        "score_limits": [50, 100, 150],
        "default_score_limit": preset("standard").score_limit,
        "score_limit_min": 1,
        "score_limit_max": MAX_SCORE_LIMIT,
        **offered_choices(),
        "moon_rules": list(MOON_RULES),
        "levels": list(LEVELS),
        "default_level": "normal",
        "name_max": MAX_NAME,
        "pass_size": PASS_COUNT,
        "code_max": MAX_CODE,
        "default_names": list(DEFAULT_NAMES),
    }


def choice(options: tuple[str, ...]) -> ArgParser:
    def parse(value: object) -> str:
        if not isinstance(value, str) or value not in options:
            raise ProtocolError("bad_argument")
        return value

    return parse


def card_text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 3:
        raise ProtocolError("bad_argument")
    return parse_card(value).notation


MAX_PASS_LIST = 52
"""The longest list of cards a pass may name before the frame is malformed: a list of another
length than three is the rules' to refuse (``refused`` ``wrong_pass_count``, as documented)."""


def pass_cards(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_PASS_LIST:
        raise ProtocolError("bad_argument")
    return [card_text(card) for card in value]


def opponents(value: object) -> list[tuple[str, str]]:
    """(name, level) per computer seat; names are trimmed, empty ones get a default later."""
    if not isinstance(value, list) or len(value) > len(DEFAULT_NAMES):
        raise ProtocolError("bad_argument")
    seats: list[tuple[str, str]] = []
    for item in value:
        if not isinstance(item, dict):
            raise ProtocolError("bad_argument")
        name, level = item.get("name", ""), item.get("level", "normal")
        if not isinstance(name, str) or level not in LEVELS:
            raise ProtocolError("bad_argument")
        try:  # the names of shared tables' rules: no control characters, at most MAX_NAME
            name = clean_name(name) if name.strip() else ""
        except ConfigError:
            raise ProtocolError("bad_argument") from None
        seats.append((name, str(level)))
    return seats


OPS: dict[str, OpSpec] = {
    "new": OpSpec(
        optional={
            "code": text(MAX_CODE),
            "players": integer(3, 6),
            "preset": choice(PRESET_NAMES),
            "score_limit": integer(1, MAX_SCORE_LIMIT),
            "moon_rule": choice(MOON_RULES),
            # The variants' options (hertta.tables.table_rules checks where each belongs).
            "bonus_card": text(3),
            "ace_of_spades_points": integer(0, 25),
            "queen_breaks_hearts": boolean,
            "opponents": opponents,
        }
    ),
    "replay": OpSpec(),
    "pass": OpSpec(required={"cards": pass_cards}, optional=MADE_AT),
    "play": OpSpec(required={"card": card_text}, optional=MADE_AT),
    "moon": OpSpec(required={"option": choice(MOON_OPTIONS)}, optional=MADE_AT),
    "next": OpSpec(optional=MADE_AT),
    "hint": OpSpec(),
    "review": OpSpec(),
}


def table_opponents(players: int, given: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A computer player per seat after the person's, defaults for those not given."""
    chosen: list[tuple[str, str]] = []
    for seat in range(1, players):
        name, level = given[seat - 1] if seat - 1 < len(given) else ("", "normal")
        chosen.append((name or DEFAULT_NAMES[seat - 1], level))
    return chosen


class HeartsSession(SeatSession):
    """A person's Hearts table against computer players, resumed from the store."""

    kind: ClassVar[str] = KIND
    ops: ClassVar[Mapping[str, OpSpec]] = OPS

    def __init__(
        self, services: AppServices, player: str, preferences: Mapping[str, Value]
    ) -> None:
        self.reviews: dict[tuple[str, int], dict[str, Any]] = {}
        """(table id, round index) -> its review: each round is looked over once."""
        super().__init__(services, player, preferences)

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        self.move_errors = preferences.get("move_errors") is True

    async def start(self) -> None:
        tables = self.services.tables
        table = await self.services.store_thread(partial(tables.current, self.player, KIND))
        if table is not None and table.row.status is not TableStatus.LEFT:
            self.watch(table)

    def view(self) -> dict[str, Any]:
        table = self.table
        if table is None:
            settings = {"move_errors": self.move_errors}
            return {"game": "hearts", "status": "none", "settings": settings,
                    "version": self.version}
        view = hearts_view(table.state, table.row.setup, table.row.seats, SEAT, self.move_errors)
        return {**view, "version": self.version, "decisions": table.version}

    def events_for(self, change: Change) -> Events:
        decision = change.decision
        if not isinstance(decision, PassDecision | PlayDecision | MoonDecision | NextRound):
            return []  # the table was read again: the new state says it all
        return decision_events(change.before.state, change.after.state, decision, SEAT)

    # -- ops -----------------------------------------------------------------------------------

    async def handle(self, connection: Connection, intent: Intent) -> None:
        args = intent.args
        if intent.op == "new":
            events = await self._new(connection, args)
        elif intent.op == "replay":
            events = await self._replay(connection)
        elif intent.op == "hint":
            events = [await self._hint()]
        elif intent.op == "review":
            events = [await self._review()]
        else:
            decision = self._decision(intent.op, args)
            try:
                change = await self._live().decide(
                    SEAT, decision, origin=connection,
                    still_current=lambda table: check_made_at(table, decision, made_at(args)),
                )
            except HeartsMoveError as error:
                refused: dict[str, Any] = {"type": "refused", "reason": error.reason}
                if isinstance(decision, PlayDecision):
                    refused["card"] = decision.card.notation
                events = [refused]
            else:
                events = self.events_for(change)
        connection.push(self.update(events, intent.seq))

    def _decision(self, op: str, args: Mapping[str, object]) -> Decision:
        if op == "pass":
            cards = args["cards"]
            assert isinstance(cards, list)
            return PassDecision(SEAT, tuple(parse_card(str(card)) for card in cards))
        if op == "play":
            return PlayDecision(SEAT, parse_card(str(args["card"])))
        if op == "moon":
            return MoonDecision(SEAT, str(args["option"]))
        match = self._match()
        if match.over or match.round.score is None:
            raise IllegalMoveError("the round is not over")
        return NextRound()

    async def _new(self, connection: Connection, args: Mapping[str, object]) -> Events:
        given = args.get("opponents", [])
        assert isinstance(given, list)
        code_text = args.get("code")
        table_id = new_table_id()
        if isinstance(code_text, str) and code_text.strip():
            code = parse_match_code(code_text)  # DealCodeError before anything changes
            setup = setup_for(code, public=True)
        else:
            wanted = {key: args[key] for key in CHOICE_KEYS if key in args}
            rules, players = rules_from_json(wanted)  # ConfigError before anything changes
            code = dealt_code(self.services.deal_secret, table_id, rules, players)
            setup = setup_for(code, public=False)
        seats = solo_seats(self.player, table_opponents(code.players, given))
        return await self._open(connection, setup, seats, table_id)

    async def _replay(self, connection: Connection) -> Events:
        table = self._current()
        match: MatchState = table.state
        if not (match.over or table.row.setup.get("code_public") is True):
            raise IllegalMoveError("only a finished match can be replayed")
        setup = setup_for(match.code, public=True)
        return await self._open(connection, setup, table.row.seats, new_table_id())

    async def _open(
        self, connection: Connection, setup: JsonObject, seats: tuple[Seat, ...], table_id: str
    ) -> Events:
        tables, player, leaving = self.services.tables, self.player, self.table
        table = await self.move_to(  # the computer players start passing now
            partial(tables.start_alone, player, KIND, setup, seats, leaving=leaving,
                    table_id=table_id)
        )
        events = start_events(table.state, setup)
        self.broadcast(events, skip=connection)
        return events

    async def _hint(self) -> dict[str, Any]:
        table = self._current()
        result = await self.services.runner.run(hint_task(table.state, table.version, SEAT))
        assert isinstance(result, dict)
        return result

    async def _review(self) -> dict[str, Any]:
        """Hard's look at the person's decisions of the round just over (its hands and cards
        are laid open by then), computed in the worker pool, never during play."""
        table = self._current()
        match: MatchState = table.state
        if match.round.phase is not Phase.ROUND_OVER:
            raise IllegalMoveError("a round is reviewed once it is over")
        key = (table.row.id, match.round_index)
        if key not in self.reviews:
            seed = derive_seed(REVIEW_SALT, match.code.number, match.round_index)
            task = review_task(match.round, SEAT, totals_before_round(match), seed,
                               match.round_index)
            result = await self.services.runner.run(task)
            assert isinstance(result, dict)
            self.reviews[key] = result
        return self.reviews[key]

    # -- helpers -------------------------------------------------------------------------------

    def _current(self) -> LoadedTable[Any]:
        table = self.table
        if table is None:
            raise IllegalMoveError("no match has been started")
        return table

    def _match(self) -> MatchState:
        match: MatchState = self._current().state
        return match

    def _live(self) -> LiveTable:
        self._current()
        assert self.live is not None
        return self.live
