"""The WebSocket frame format, shared by every game (see ``docs/web-protocol.md``).

A client frame is a JSON object ``{"op": "...", "seq": 7, ...arguments}`` of at most
:data:`MAX_FRAME_CHARS` characters. ``seq`` is the client's own counter; the reply echoes it as
``re``. Every server message carries ``seq``, the connection's message counter, and a ``type``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from hertta.web.errors import BadRequest, ProtocolError

MAX_FRAME_CHARS = 4096
MAX_SEQ = 2**53 - 1
"""Largest client ``seq`` (a JavaScript safe integer)."""

ArgParser = Callable[[object], object]
"""Checks one argument's JSON value and returns it converted; raises on a bad value."""

Message = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OpSpec:
    """The arguments an op takes: required ones and optional ones, each with its parser."""

    required: Mapping[str, ArgParser] = field(default_factory=dict)
    optional: Mapping[str, ArgParser] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Intent:
    op: str
    seq: int | None
    args: Mapping[str, object]


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("bad_argument")
    return value


def text(max_chars: int) -> ArgParser:
    def parse(value: object) -> str:
        if not isinstance(value, str) or len(value) > max_chars:
            raise ProtocolError("bad_argument")
        return value

    return parse


def integer(low: int, high: int) -> ArgParser:
    def parse(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError("bad_argument")
        return value

    return parse


MADE_AT: Final = {"decisions": integer(0, 2**31 - 1)}
"""A Hearts decision may say the table's ``decisions`` count of the state it was made on: a
decision for a position gone by (the clock, a stand-in or another tab played that turn) is then
refused ``stale`` (:func:`hertta.tables.hearts.made_before_now`)."""


def made_at(args: Mapping[str, object]) -> int | None:
    """The ``decisions`` count a decision names, if it names one."""
    count = args.get("decisions")
    return count if isinstance(count, int) else None


def decode_frame(frame: str | bytes | None) -> dict[str, Any]:
    """The JSON object of a frame, or :class:`ProtocolError` (too large, not JSON, no object).

    A binary frame must be UTF-8 (json.loads would also take UTF-16 or UTF-32), and the text
    may not hold a lone surrogate (``"\\ud800"``): such a string can be neither stored nor sent
    back, so it is refused here, once, for every op."""
    if frame is None:
        raise ProtocolError("bad_frame", detail="an empty frame")
    too_large = f"a frame has at most {MAX_FRAME_CHARS} characters"
    if isinstance(frame, bytes):
        if len(frame) > 4 * MAX_FRAME_CHARS:  # no UTF-8 character is longer
            raise ProtocolError("frame_too_large", detail=f"{too_large}, got {len(frame)} bytes")
        try:
            frame = frame.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", detail=f"not UTF-8: {frame[:QUOTED]!r}") from None
    if len(frame) > MAX_FRAME_CHARS:
        raise ProtocolError("frame_too_large", detail=f"{too_large}, got {len(frame)}")
    try:
        value = json.loads(frame, parse_constant=_no_constant)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):
        # UnicodeEncodeError (a lone surrogate) is a ValueError too.
        raise ProtocolError("bad_json", detail=f"not JSON: {quote(frame)}") from None
    if not isinstance(value, dict):
        raise ProtocolError("bad_frame", detail=f"a frame is a JSON object, got {quote(value)}")
    return value


QUOTED: Final = 80
"""How many characters of a bad input an error's words quote."""


def quote(value: object) -> str:
    """A bad input as an error's words quote it: its repr, cut to :data:`QUOTED` characters,
    or how deep it nests when that is too deep to quote (repr would overrun the recursion
    limit)."""
    depth = json_nesting(value)
    if depth > MAX_BODY_NESTING:
        return f"a value nested {depth} levels deep"
    return f"{value!r:.{QUOTED}}"


def _no_constant(name: str) -> object:
    """NaN and Infinity are JavaScript's, not JSON's: a frame holding one is not JSON."""
    raise ValueError(f"{name} is not JSON")


def client_seq(frame: Mapping[str, Any]) -> int | None:
    """The frame's ``seq`` when it is a valid one (so even an error reply can echo it)."""
    seq = frame.get("seq")
    if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ:
        return seq
    return None


def op_of(frame: Mapping[str, Any]) -> str:
    """The frame's op (``bad_frame`` when it is missing or not a string)."""
    op = frame.get("op")
    if not isinstance(op, str):
        raise ProtocolError("bad_frame", "op", f"'op' must be a string, got {quote(op)}")
    return op


def parse_intent(frame: Mapping[str, Any], ops: Mapping[str, OpSpec]) -> Intent:
    """Check a decoded frame against the ops a session accepts."""
    op = op_of(frame)
    spec = ops.get(op)
    if spec is None:
        raise ProtocolError("unknown_op", "op", f"no op {quote(op)} here")
    if "seq" in frame and client_seq(frame) is None:
        raise ProtocolError("bad_argument", "seq", f"'seq' must be an integer 0 to {MAX_SEQ},"
                            f" got {quote(frame['seq'])}")
    args: dict[str, object] = {}
    for name, parser in spec.required.items():
        if name not in frame:
            raise ProtocolError("bad_argument", name, f"{op!r} needs {name!r}")
        args[name] = _parse_arg(name, parser, frame[name])
    for name, parser in spec.optional.items():
        if name in frame:
            args[name] = _parse_arg(name, parser, frame[name])
    return Intent(op, client_seq(frame), args)


def _parse_arg(name: str, parser: ArgParser, value: object) -> object:
    try:
        return parser(value)
    except (ProtocolError, ValueError, TypeError):
        # A game's own parser may raise its HerttaError (a ValueError): still a bad argument.
        raise ProtocolError("bad_argument", name, f"bad {name!r}: {quote(value)}") from None


MAX_BODY_NESTING: Final = 16
"""The deepest a request body's JSON may nest: ours nest three or four levels, and quoting a
value nested some 970 deep in an error message (``repr``) overruns Python's recursion limit."""


def json_nesting(value: object) -> int:
    """How deep ``value`` nests (a scalar 0, ``[1]`` 1, ``{"a": [1]}`` 2), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
        else:
            continue
        deepest = max(deepest, depth + 1)
    return deepest


def check_body_nesting(value: object) -> None:
    """BadRequest for a body nested deeper than :data:`MAX_BODY_NESTING`."""
    depth = json_nesting(value)
    if depth > MAX_BODY_NESTING:
        raise BadRequest(f"the body nests {depth} levels deep (at most {MAX_BODY_NESTING})")


def encode(message: Message) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)
