"""The settings page (a plain form, so it works without scripts) and its JSON twin."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final
from urllib.parse import parse_qsl, unquote

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from hertta.errors import ConfigError, quoted
from hertta.tables.model import MAX_NAME
from hertta.tables.online import clean_name
from hertta.web.deps import PlayerDep, PreferencesDep, ServicesDep, json_body, render
from hertta.web.errors import BadRequest
from hertta.web.preferences import (
    ANIMATION_SPEEDS,
    PREFERENCES,
    Value,
    form_text,
    parse_form,
    player_preferences,
)
from hertta.web.services import AppServices

router = APIRouter()


@router.get("/settings", response_class=HTMLResponse)
async def settings_page(
    request: Request, services: ServicesDep, player: PlayerDep, preferences: PreferencesDep
) -> HTMLResponse:
    back = request.query_params.get("back", "")
    names = await anyio.to_thread.run_sync(services.store.names, [player])
    return render(
        request,
        services,
        "settings.html",
        preferences,
        speeds=ANIMATION_SPEEDS,
        form_text=form_text,
        back=back if is_local_path(back) else "",
        saved=request.query_params.get("saved") == "1",
        own_name=names.get(player, ""),
        name_max=MAX_NAME,
    )


@router.post("/settings")
async def save_settings(
    request: Request, services: ServicesDep, player: PlayerDep
) -> RedirectResponse:
    form = await _urlencoded_form(request)
    # A toggle is a hidden "off" followed by a checkbox "on": the last value sent wins.
    fields = {key: value for key, value in form if key in PREFERENCES}
    values = parse_form(fields)
    # The display name at shared tables: kept as it is when the field is left empty.
    given = next((value for key, value in form if key == "display_name"), "").strip()
    name = clean_name(given) if given else None  # a bad name refuses the whole form (400)
    await _store(services, player, values)
    if name is not None:
        await anyio.to_thread.run_sync(services.store.set_name, player, name)
        await services.rooms.rename(player)
    back = next((value for key, value in form if key == "back"), "")
    target = back if is_local_path(back) else "/settings?saved=1"
    return RedirectResponse(target, status_code=303)


@router.get("/api/settings")
async def read_settings(preferences: PreferencesDep) -> dict[str, Value]:
    return preferences


@router.post("/api/settings")
async def change_settings(
    request: Request, services: ServicesDep, player: PlayerDep
) -> dict[str, Value]:
    body = await json_body(request)
    if not isinstance(body, dict):
        raise BadRequest(f"settings: expected a JSON object, got {type(body).__name__}")
    return await _store(services, player, json_settings(body))


JSON_TYPE_NAMES: Final = {
    bool: "true/false", int: "a whole number (no decimal point)", str: "a string",
}


def json_settings(body: Mapping[str, object]) -> dict[str, Value]:
    """The settings of a JSON body: a key that names no setting is a bad setting (a program's
    misspelt ``"move_error"`` was silently dropped; the form, which browsers fill, still ignores
    fields it does not know), a value of the wrong JSON type a bad request (``"on"`` for a
    toggle, ``1`` for ``true``), a value of the right type that is not one of the choices a bad
    setting. Nothing is saved unless every key is good."""
    values: dict[str, Value] = {}
    for key, value in body.items():
        preference = PREFERENCES.get(key)
        if preference is None:
            raise ConfigError(
                f"no setting is called {quoted(key, 60)}; the settings are "
                f"{', '.join(PREFERENCES)}"
            )
        kinds = {type(choice) for choice in preference.choices}
        if type(value) not in kinds:  # type(), not isinstance(): True is no int here
            names = " or ".join(sorted(JSON_TYPE_NAMES[kind] for kind in kinds))
            raise BadRequest(f"setting {key!r}: expected {names}, got {value!r}")
        if value not in preference.choices:
            raise ConfigError(
                f"setting {key!r}: {value!r} is not one of "
                f"{', '.join(map(repr, preference.choices))}"
            )
        values[key] = value
    return values


async def _store(services: AppServices, player: str, values: dict[str, Value]) -> dict[str, Value]:
    store = services.store

    def save() -> dict[str, Value]:
        store.save_settings(player, values)
        return player_preferences(store, player)

    preferences = await anyio.to_thread.run_sync(save)
    if services.sessions is not None:
        services.sessions.preferences_changed(player, preferences)
    return preferences


MAX_FORM_BYTES = 4096


async def _urlencoded_form(request: Request) -> list[tuple[str, str]]:
    """The fields of a urlencoded form, in order (no multipart: our forms never upload)."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise ConfigError(f"settings form too large ({len(body)} bytes)")
    try:
        # Strict both ways: the body's bytes, and the bytes its %XX escapes stand for (a
        # replacement character in a stored name would hide what was sent).
        return parse_qsl(body.decode("utf-8"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise ConfigError(f"settings form is not UTF-8: {body[:200]!r}") from None


_ENCODED_DANGER = re.compile(r"%(?:[01][0-9a-fA-F]|7[fF]|2[fF]|5[cC])")
"""Percent-encoded control characters, slashes and backslashes: never needed in our paths."""


def _unsafe(ch: str) -> bool:
    """A backslash, any white space (Unicode's too) or a control character (C0, DEL, C1)."""
    code = ord(ch)
    return ch == "\\" or ch.isspace() or code < 0x20 or 0x7F <= code < 0xA0


def is_local_path(path: str) -> bool:
    """Only paths of this site may be redirect or link targets: one leading ``/`` and then
    no second slash, backslash, whitespace or control character anywhere (browsers drop tabs
    and newlines, so ``/\t/evil.example`` would become ``//evil.example``), and no scheme."""
    if not path.startswith("/") or path.startswith(("//", "/\\")):
        return False
    if any(_unsafe(ch) for ch in path) or _ENCODED_DANGER.search(path):
        return False
    # The same, percent-encoded: "%C2%A0" is a no-break space, "%C2%85" a C1 control.
    if any(_unsafe(ch) for ch in unquote(path, errors="replace")):
        return False
    return ":" not in path.split("?", 1)[0].split("#", 1)[0]
