"""What the app keeps for its lifetime, in one typed object (``app.state.hertta``)."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi.templating import Jinja2Templates

from hertta.rng import SplitMix64
from hertta.store import Store
from hertta.web.players import PlayerCookies
from hertta.web.sessions import Hub
from hertta.web.settings import Settings
from hertta.web.timer import Clock


@dataclass(eq=False)
class AppState:
    settings: Settings
    store: Store
    cookies: PlayerCookies
    hub: Hub
    templates: Jinja2Templates
    rng: SplitMix64
    """Deals for "New game" (the web layer may use entropy; the rules code never does)."""
    clock: Clock
