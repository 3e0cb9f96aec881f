"""Hearts over the WebSocket: the person is seat 0; the computer players act on the server at
once after each of the person's decisions, and the reply lists every step as an event.

Ops (see ``docs/hearts-web.md``): ``new`` {players, preset, score_limit, moon_rule, opponents,
code?}, ``replay``, ``pass`` {cards}, ``play`` {card}, ``moon`` {option}, ``next``, ``hint``.
A card the rules refuse is answered with a ``refused`` event carrying the rules' reason code
(the state is unchanged). The match is saved (code + every decision) before the reply.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

from hertta.ai import make_player
from hertta.ai.hard import HardPlayer
from hertta.ai.hint import hint as ai_hint
from hertta.ai.protocol import Player
from hertta.cards import parse_card
from hertta.errors import ConfigError, HerttaError, IllegalMoveError
from hertta.hearts import (
    PRESET_NAMES,
    HeartsMoveError,
    MatchState,
    Phase,
    new_match,
    observe,
    parse_match_code,
    preset,
    with_options,
)
from hertta.hearts.codes import random_match_code
from hertta.hearts.config import MOON_OPTIONS, MOON_RULES
from hertta.hearts.deck import PASS_COUNT
from hertta.rng import SplitMix64, derive_seed
from hertta.store import SavedGame, Store
from hertta.store.hearts_store import (
    KIND,
    NEXT_ROUND,
    apply_token,
    moon_token,
    parse_tokens,
    pass_token,
    play_token,
    replay_match,
    seat_zero_record,
)
from hertta.web.errors import ProtocolError
from hertta.web.hearts_view import (
    SeatInfo,
    exchange_event,
    hearts_view,
    play_events,
    round_over_event,
    totals_before_round,
)
from hertta.web.preferences import Value
from hertta.web.protocol import ArgParser, Intent, OpSpec, integer, text

log = logging.getLogger(__name__)

BOT_SALT = 0x484254  # "HBT": computer players' generators derive from the match and the step
HINT_BUDGET = 6000
LEVELS = ("easy", "normal", "hard")
DEFAULT_NAMES = ("Aino", "Eero", "Liisa", "Ville", "Saara")
MAX_NAME = 20
MAX_SCORE_LIMIT = 1000
MAX_CODE = 80


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


def three_cards(value: object) -> list[str]:
    if not isinstance(value, list) or len(value) != 3:
        raise ProtocolError("bad_argument")
    return [card_text(card) for card in value]


def opponents(value: object) -> list[SeatInfo]:
    if not isinstance(value, list) or len(value) > 5:
        raise ProtocolError("bad_argument")
    seats: list[SeatInfo] = []
    for item in value:
        if not isinstance(item, dict):
            raise ProtocolError("bad_argument")
        name, level = item.get("name", ""), item.get("level", "normal")
        if not isinstance(name, str) or len(name) > MAX_NAME or level not in LEVELS:
            raise ProtocolError("bad_argument")
        seats.append(SeatInfo(name.strip(), str(level)))
    return seats


OPS: dict[str, OpSpec] = {
    "new": OpSpec(
        optional={
            "code": text(MAX_CODE),
            "players": integer(3, 6),
            "preset": choice(PRESET_NAMES),
            "score_limit": integer(1, MAX_SCORE_LIMIT),
            "moon_rule": choice(MOON_RULES),
            "opponents": opponents,
        }
    ),
    "replay": OpSpec(),
    "pass": OpSpec(required={"cards": three_cards}),
    "play": OpSpec(required={"card": card_text}),
    "moon": OpSpec(required={"option": choice(MOON_OPTIONS)}),
    "next": OpSpec(),
    "hint": OpSpec(),
}


def table_seats(players: int, given: list[SeatInfo]) -> tuple[SeatInfo, ...]:
    """Seat 0 (the person) and an opponent per other seat, defaults for those not given."""
    seats = [SeatInfo("", "person")]
    for seat in range(1, players):
        chosen = given[seat - 1] if seat - 1 < len(given) else None
        name = chosen.name if chosen is not None and chosen.name else DEFAULT_NAMES[seat - 1]
        level = chosen.level if chosen is not None else "normal"
        seats.append(SeatInfo(name, level))
    return tuple(seats)


class HeartsSession:
    """One player's Hearts match, resumed from the store when there is one."""

    kind: ClassVar[str] = KIND
    ops: ClassVar[Mapping[str, OpSpec]] = OPS

    def __init__(
        self, store: Store, player_id: str, preferences: Mapping[str, Value], rng: SplitMix64
    ) -> None:
        self.store = store
        self.player_id = player_id
        self.rng = rng
        self.version = 0
        self.move_errors = preferences.get("move_errors") is True
        self.match: MatchState | None = None
        self.tokens: list[str] = []
        self.seats: tuple[SeatInfo, ...] = ()
        self.result_id: int | None = None
        self.bots: dict[int, Player] = {}
        self.code_public = False
        """Whether the person may see the match code: a code they entered, or a match replayed
        from a finished one. A code the server dealt reproduces every hand, so it stays hidden
        until the match is over."""
        saved = store.load_game(player_id, KIND)
        if saved is not None:
            self._resume(saved)

    # -- GameSession -----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        view = hearts_view(self.match, self.seats, self.move_errors, self.code_public)
        return {**view, "version": self.version}

    def handle(self, intent: Intent) -> list[dict[str, Any]]:
        args = intent.args
        with self._rollback_on_error():
            if intent.op == "new":
                events = self._new(args)
            elif intent.op == "replay":
                match = self._current()
                if not match.over and not self.code_public:
                    raise IllegalMoveError("only a finished match can be replayed")
                events = self._start(str(match.code), list(self.seats[1:]), public=True)
            elif intent.op == "pass":
                cards = args["cards"]
                assert isinstance(cards, list)
                events = self._pass([str(c) for c in cards])
            elif intent.op == "play":
                events = self._play(str(args["card"]))
            elif intent.op == "moon":
                events = self._moon(str(args["option"]))
            elif intent.op == "next":
                events = self._next()
            elif intent.op == "hint":
                return [self._hint()]
            else:  # pragma: no cover - the hub only passes ops listed in OPS
                raise ProtocolError("unknown_op", "op")
            if events and events[0].get("type") != "refused":
                self._save()
        self.version += 1
        return events

    def set_active(self, active: bool) -> None:
        """Hearts has no clock: nothing to pause."""

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        self.move_errors = preferences.get("move_errors") is True
        self.version += 1

    def close(self) -> None:
        """Every decision is saved when it is made; nothing is left to save."""

    # -- intents ---------------------------------------------------------------------------

    def _new(self, args: Mapping[str, object]) -> list[dict[str, Any]]:
        given = args.get("opponents", [])
        assert isinstance(given, list)
        code = args.get("code")
        if isinstance(code, str) and code.strip():
            parsed = parse_match_code(code)  # DealCodeError before anything changes
            return self._start(str(parsed), given, public=True)
        rules = preset(str(args.get("preset", "standard")))
        options: dict[str, object] = {}
        if "moon_rule" in args:
            options["moon_rule"] = args["moon_rule"]
        if "score_limit" in args:
            options["score_limit"] = args["score_limit"]
        rules = with_options(rules, **options)
        players = args.get("players", 4)
        assert isinstance(players, int)
        if players not in rules.player_counts:
            raise ConfigError(f"{rules.preset} is played by {rules.player_counts}, not {players}")
        return self._start(str(random_match_code(rules, players, self.rng)), given, public=False)

    def _start(self, code: str, given: list[SeatInfo], *, public: bool) -> list[dict[str, Any]]:
        match = new_match(code)
        self._abandon()
        self.match = match
        self.code_public = public
        self.tokens = []
        self.result_id = None
        self.seats = table_seats(match.players, given)
        self.bots = self._make_bots()
        shown = str(match.code) if public else None
        events: list[dict[str, Any]] = [{"type": "new", "code": shown}]
        events.append(self._round_event())
        self._advance(events)
        return events

    def _pass(self, cards: list[str]) -> list[dict[str, Any]]:
        match = self._current()
        state = match.round
        if state.phase is not Phase.PASSING or state.passes[0] is not None:
            return [{"type": "refused", "reason": "wrong_phase"}]
        try:
            self._apply(pass_token(0, cards))
        except HeartsMoveError as error:
            return [{"type": "refused", "reason": error.reason}]
        events: list[dict[str, Any]] = [{"type": "passed", "seat": 0, "cards": cards}]
        if self._current().round.phase is not Phase.PASSING:
            events.append(exchange_event(self._current().round))
        self._advance(events)
        return events

    def _play(self, card: str) -> list[dict[str, Any]]:
        before = self._current().round
        try:
            self._apply(play_token(0, card))
        except HeartsMoveError as error:
            return [{"type": "refused", "reason": error.reason, "card": card}]
        events = play_events(before, self._current().round, 0, card)
        self._advance(events)
        return events

    def _moon(self, option: str) -> list[dict[str, Any]]:
        try:
            self._apply(moon_token(0, option))
        except HeartsMoveError as error:
            return [{"type": "refused", "reason": error.reason}]
        events: list[dict[str, Any]] = [{"type": "moon", "seat": 0, "option": option}]
        self._advance(events)
        return events

    def _next(self) -> list[dict[str, Any]]:
        match = self._current()
        if match.over or match.round.phase is not Phase.ROUND_OVER:
            raise IllegalMoveError("the round is not over")
        self._apply(NEXT_ROUND)
        events = [self._round_event()]
        self._advance(events)
        return events

    def _hint(self) -> dict[str, Any]:
        match = self._current()
        obs = observe(match.round, 0, totals_before_round(match))
        rng = SplitMix64(derive_seed(BOT_SALT, match.code.number, len(self.tokens), 99))
        found = ai_hint(obs, rng, HardPlayer(budget=HINT_BUDGET, pass_budget=HINT_BUDGET))
        return {
            "type": "hint",
            "kind": found.kind,
            "cards": [c.notation for c in found.cards],
            "option": found.option,
            "reason": found.reason_code,
        }

    # -- the computer players --------------------------------------------------------------

    def _make_bots(self) -> dict[int, Player]:
        return {seat: make_player(info.level) for seat, info in enumerate(self.seats) if seat}

    def _bot_rng(self, seat: int) -> SplitMix64:
        # The same match and the same decisions so far give the same bot decision: a replayed
        # code plays out alike when the person plays alike.
        number = self._current().code.number
        return SplitMix64(derive_seed(BOT_SALT, number, len(self.tokens), seat))

    def _advance(self, events: list[dict[str, Any]]) -> None:
        """Let the computer players decide until the person must (or the round is over)."""
        while True:
            match = self._current()
            if match.over:
                return
            state = match.round
            totals = totals_before_round(match)
            if state.phase is Phase.PASSING:
                waiting = [seat for seat in state.waiting_for if seat != 0]
                if not waiting:
                    return
                for seat in waiting:
                    obs = observe(state, seat, totals)
                    cards = self.bots[seat].choose_pass(obs, self._bot_rng(seat))
                    self._apply(pass_token(seat, [c.notation for c in cards]))
                    events.append({"type": "passed", "seat": seat})
                if self._current().round.phase is not Phase.PASSING:
                    events.append(exchange_event(self._current().round))
            elif state.phase is Phase.PLAYING:
                turn = state.turn
                assert turn is not None
                if turn == 0:
                    return
                obs = observe(state, turn, totals)
                card = self.bots[turn].choose_play(obs, self._bot_rng(turn)).notation
                self._apply(play_token(turn, card))
                events.extend(play_events(state, self._current().round, turn, card))
            elif state.phase is Phase.MOON_CHOICE:
                shooter = state.moon_shooter
                assert shooter is not None
                if shooter == 0:
                    return
                obs = observe(state, shooter, totals)
                option = self.bots[shooter].choose_moon(obs, self._bot_rng(shooter))
                self._apply(moon_token(shooter, option))
                events.append({"type": "moon", "seat": shooter, "option": option})
            else:
                score = state.score
                assert score is not None
                ending = max(t + p for t, p in zip(totals, score.points, strict=True))
                if ending >= match.rules.score_limit:
                    self._apply(NEXT_ROUND)  # the last round: the match ends with it
                    self._close_result()
                events.append(round_over_event(self._current()))
                return

    # -- helpers ---------------------------------------------------------------------------

    def _current(self) -> MatchState:
        if self.match is None:
            raise IllegalMoveError("no match has been started")
        return self.match

    def _apply(self, token: str) -> None:
        match = apply_token(self._current(), token)
        if self.result_id is None and _by_person(token):
            self.result_id = self.store.open_result(self.player_id, KIND, str(match.code))
        self.match = match
        self.tokens.append(token)

    def _round_event(self) -> dict[str, Any]:
        match = self._current()
        state = match.round
        return {
            "type": "round",
            "index": match.round_index,
            "direction": state.pass_direction.value,
            "dealer": state.dealer,
        }

    def _abandon(self) -> None:
        """Leaving an unfinished match: it counts as played and not won."""
        if self.result_id is not None and self.match is not None and not self.match.over:
            self._close_result()

    def _close_result(self) -> None:
        match = self._current()
        if self.result_id is None:
            return
        won = match.over and 0 in match.winners
        record = seat_zero_record(match)
        self.store.close_result(
            self.result_id,
            "won" if won else "lost",
            score=match.totals[0],
            moves=record["rounds"],
            elapsed_ms=0,
            data=dict(record),
        )

    def _save(self) -> None:
        match = self._current()
        data: dict[str, Any] = {
            "seats": [seat.to_json() for seat in self.seats],
            "code_public": self.code_public,
        }
        if self.result_id is not None:
            data["result_id"] = self.result_id
        saved = SavedGame(str(match.code), " ".join(self.tokens), 0, data)
        self.store.save_game(self.player_id, KIND, saved)

    def _resume(self, saved: SavedGame) -> None:
        try:
            tokens = parse_tokens(saved.moves)
            match = replay_match(saved.code, tokens)
            raw = saved.data.get("seats", [])
            seats = tuple(SeatInfo(str(s["name"]), str(s["level"])) for s in raw)
            if len(seats) != match.players or any(s.level not in LEVELS for s in seats[1:]):
                raise ConfigError(f"saved seats do not fit the match: {raw!r}")
        except (HerttaError, KeyError, TypeError):
            log.warning("discarding an unreadable saved Hearts match %r", saved.code, exc_info=True)
            return
        self.match, self.tokens, self.seats = match, tokens, seats
        self.code_public = saved.data.get("code_public", True) is True
        result_id = saved.data.get("result_id")
        self.result_id = result_id if isinstance(result_id, int) else None
        self.bots = self._make_bots()

    @contextmanager
    def _rollback_on_error(self) -> Iterator[None]:
        """One transaction; if a move or the store fails, the session is as it was."""
        kept = (self.match, list(self.tokens), self.seats, self.result_id, self.bots,
                self.code_public)
        try:
            with self.store.transaction():
                yield
        except BaseException:
            (self.match, self.tokens, self.seats, self.result_id, self.bots,
             self.code_public) = kept
            raise


def _by_person(token: str) -> bool:
    """A decision of seat 0: the match now counts as played."""
    return token.startswith(("P0:", "M0:", "0:"))
