"""The settings page (a plain form, so it works without scripts) and its JSON twin."""

from __future__ import annotations

from urllib.parse import parse_qsl

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from hertta.errors import ConfigError
from hertta.web.app_state import AppState
from hertta.web.deps import PlayerDep, PreferencesDep, StateDep, render
from hertta.web.preferences import (
    ANIMATION_SPEEDS,
    PREFERENCES,
    Value,
    form_text,
    parse_form,
    player_preferences,
)

router = APIRouter()


@router.get("/settings", response_class=HTMLResponse)
async def settings_page(
    request: Request, state: StateDep, preferences: PreferencesDep
) -> HTMLResponse:
    back = request.query_params.get("back", "")
    return render(
        request,
        state.templates,
        "settings.html",
        preferences,
        speeds=ANIMATION_SPEEDS,
        form_text=form_text,
        back=back if _is_local(back) else "",
        saved=request.query_params.get("saved") == "1",
    )


@router.post("/settings")
async def save_settings(request: Request, state: StateDep, player: PlayerDep) -> RedirectResponse:
    form = await _urlencoded_form(request)
    # A toggle is a hidden "off" followed by a checkbox "on": the last value sent wins.
    fields = {key: value for key, value in form if key in PREFERENCES}
    await _store(state, player, parse_form(fields))
    back = next((value for key, value in form if key == "back"), "")
    target = back if _is_local(back) else "/settings?saved=1"
    return RedirectResponse(target, status_code=303)


@router.get("/api/settings")
async def read_settings(preferences: PreferencesDep) -> dict[str, Value]:
    return preferences


@router.post("/api/settings")
async def change_settings(
    request: Request, state: StateDep, player: PlayerDep
) -> dict[str, Value]:
    try:
        body = await request.json()
    except ValueError:
        raise ConfigError("settings: the body is not JSON") from None
    if not isinstance(body, dict):
        raise ConfigError(f"settings: expected a JSON object, got {body!r}")
    fields = {
        str(key): form_text(value) if isinstance(value, bool | int) else str(value)
        for key, value in body.items()
    }
    await _store(state, player, parse_form(fields))
    return player_preferences(state.store, player)


async def _store(state: AppState, player: str, values: dict[str, Value]) -> None:
    state.store.save_settings(player, values)
    await state.hub.preferences_changed(player, player_preferences(state.store, player))


MAX_FORM_BYTES = 4096


async def _urlencoded_form(request: Request) -> list[tuple[str, str]]:
    """The fields of a urlencoded form, in order (no multipart: our forms never upload)."""
    body = await request.body()
    if len(body) > MAX_FORM_BYTES:
        raise ConfigError(f"settings form too large ({len(body)} bytes)")
    try:
        return parse_qsl(body.decode("utf-8"), keep_blank_values=True)
    except UnicodeDecodeError:
        raise ConfigError("settings form is not UTF-8") from None


def _is_local(path: str) -> bool:
    """Only same-site paths may be redirect targets."""
    return path.startswith("/") and not path.startswith("//") and "\\" not in path
