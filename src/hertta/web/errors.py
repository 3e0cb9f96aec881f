"""The one place where errors become HTTP statuses and WebSocket error codes.

Clients get a code (``bad_code``, ``illegal_move``...) that the catalogues translate; the server
never sends sentences to show. :class:`ProtocolError` covers frames that are not valid intents.
Any malformed request body is answered 400 (never 500) and logs no traceback.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from hertta.errors import (
    ConfigError,
    DealCodeError,
    HerttaError,
    IllegalMoveError,
    NotationError,
    RecordError,
)
from hertta.store.database import StoreUnavailableError
from hertta.tables.model import SeatError, StaleTableError, UnknownTableError
from hertta.tables.reactions import TooManyReactions


class ProtocolError(Exception):
    """A WebSocket frame that is not a valid intent. ``code`` is sent; ``field`` names the
    offending argument when there is one; ``detail``, words that quote the bad input."""

    def __init__(self, code: str, field: str | None = None, detail: str | None = None) -> None:
        super().__init__(code if field is None else f"{code}: {field}")
        self.code = code
        self.field = field
        self.detail = detail


def error_detail(error: Exception) -> str | None:
    """The words that go with an error's code (they quote the bad input), or None: a bug's
    and a lost database's stay in the server's log."""
    if isinstance(error, ProtocolError):
        return error.detail
    if isinstance(error, StoreUnavailableError):
        return "the server cannot reach its database just now; nothing was saved"
    if isinstance(error, HerttaError):
        return str(error)
    return None


class BadRequest(HerttaError):
    """A request body or parameter that is not what the endpoint takes."""


ERROR_CODES: tuple[tuple[type[HerttaError], str], ...] = (
    (BadRequest, "bad_request"),
    (StaleTableError, "stale"),
    (TooManyReactions, "too_fast"),
    (SeatError, "not_your_seat"),
    (UnknownTableError, "no_table"),
    (DealCodeError, "bad_code"),
    (IllegalMoveError, "illegal_move"),
    (NotationError, "bad_notation"),
    (ConfigError, "bad_setting"),
    (RecordError, "bad_record"),
    (StoreUnavailableError, "unavailable"),
)

PROTOCOL_CODES = (
    "frame_too_large",
    "bad_json",
    "bad_frame",
    "unknown_op",
    "bad_argument",
    "internal_error",
)
"""Codes of :class:`ProtocolError` and of unexpected failures (listed for the docs and tests)."""


def error_code(error: Exception) -> str:
    """The code sent for an error."""
    if isinstance(error, ProtocolError):
        return error.code
    for kind, code in ERROR_CODES:
        if isinstance(error, kind):
            return code
    if isinstance(error, HerttaError):
        return "bad_input"
    return "internal_error"


def http_status(error: HerttaError) -> int:
    if isinstance(error, LookupError):
        return 404
    if isinstance(error, StaleTableError):
        return 409
    if isinstance(error, StoreUnavailableError):
        return 503
    if isinstance(error, TooManyReactions):
        return 429
    return 400


async def hertta_error_json(request: Request, error: Exception) -> JSONResponse:
    """An error as the API answers it: ``{"error": code, "detail": words}`` and its status."""
    assert isinstance(error, HerttaError)
    return JSONResponse(
        {"error": error_code(error), "detail": str(error)}, status_code=http_status(error)
    )


def install_error_handlers(app: FastAPI) -> None:
    hertta_error = hertta_error_json

    async def validation_error(request: Request, error: Exception) -> JSONResponse:
        return JSONResponse(
            {"error": "bad_request", "detail": "the request does not fit this endpoint"},
            status_code=400,
        )

    app.add_exception_handler(HerttaError, hertta_error)
    app.add_exception_handler(RequestValidationError, validation_error)
