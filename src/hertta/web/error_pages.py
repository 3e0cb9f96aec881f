"""A person's browser gets a page, not JSON, when a page address fails: an unknown address or
a table that is not there (404), a bad query (400), the database away (503). The page is in the
person's language, with the site's header, and keeps the status code. API paths, sockets and
static files keep their JSON (or plain) answers, as does any client that does not ask for
HTML.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Final

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from hertta.errors import HerttaError
from hertta.web.deps import app_services, get_preferences, render
from hertta.web.errors import hertta_error_json, http_status
from hertta.web.preferences import Value, preferences_from

NOT_PAGES: Final = ("/api/", "/ws/", "/static/")


def wants_page(request: Request) -> bool:
    """A browser asking for a page (GET, HTML accepted, not an API, socket or static path)."""
    return (
        request.method in ("GET", "HEAD")
        and not request.url.path.startswith(NOT_PAGES)
        and "text/html" in request.headers.get("accept", "")
    )


def kind_of(status: int) -> str:
    if status == 404:
        return "not_found"
    return "unavailable" if status >= 500 else "bad_request"


async def error_page(request: Request, status: int) -> HTMLResponse:
    """The error page for ``status``; the defaults' language when the store cannot be read
    (the person's own settings are in it)."""
    preferences: dict[str, Value]
    try:
        preferences = await get_preferences(request)
    except Exception:  # the database is away, or no player yet: the defaults, in Finnish
        preferences = preferences_from({})
    response = render(
        request, app_services(request), "error.html", preferences, kind=kind_of(status)
    )
    response.status_code = status
    return response


def install_error_pages(app: FastAPI) -> None:
    """Pages for browsers, in front of the JSON answers of :mod:`hertta.web.errors`."""

    async def hertta_error(request: Request, error: Exception) -> Response:
        if wants_page(request):
            assert isinstance(error, HerttaError)
            return await error_page(request, http_status(error))
        return await hertta_error_json(request, error)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, StarletteHTTPException)
        if error.status_code == 404:
            if wants_page(request):
                return await error_page(request, 404)
            return await http_exception_handler(request, error)  # documented: {"detail": ...}
        # Any other (405 for a method a path does not take): the form of every error answer.
        code = HTTPStatus(error.status_code).phrase.lower().replace(" ", "_")
        return JSONResponse({"error": code, "detail": str(error.detail)},
                            status_code=error.status_code, headers=error.headers)

    app.add_exception_handler(HerttaError, hertta_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
