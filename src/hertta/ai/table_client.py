"""A computer player at a table people share, over the same public protocol a browser uses.

:class:`TableClient` takes one seat from an invite link and plays it until the match ends
(``docs/join.md``; the protocol: the end of ``docs/tables.md``):

1. ``GET /`` on the host gives it a player cookie; ``POST /api/profile`` sets its display name.
2. It opens ``/ws/tables/{id}?invite=TOKEN`` with that cookie and the server's own origin,
   sends ``hello`` and, as a guest at a table still waiting for players, ``sit``.
3. Every ``snapshot`` and ``update`` carries the whole state for this seat. Whenever that state
   shows a decision the seat owes, it decides from the seat's own view alone
   (:mod:`hertta.ai.table_state`) and sends the op, then waits for the answer to it before
   deciding again (so one decision is never sent twice).
4. Once the match is over it returns the :class:`~hertta.ai.table_state.MatchResult`.

It never sleeps to poll: it waits on the socket, up to one overall deadline. A dropped
connection is opened again a few times with backoff; the server keeps the seat, and the
``snapshot`` after ``hello`` shows where the match is (an op in flight may or may not have been
applied: the snapshot says which). Every failure is a :class:`TableClientError` with a
one-line message.

Only the standard library and ``websockets`` are used, so the module doubles as an example
for anyone writing their own bot.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any, Final, TypeVar
from urllib.parse import parse_qs, quote, urlsplit

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.headers import build_host
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin
from websockets.uri import parse_uri

from hertta.ai.protocol import Player
from hertta.ai.table_state import MatchResult, State, decide, match_result, seat_of
from hertta.errors import HerttaError

T = TypeVar("T")

COOKIE_NAME: Final = "hertta_player"
HTTP_TIMEOUT_S: Final = 15.0
RECONNECT_TRIES: Final = 6
FIRST_BACKOFF_S: Final = 0.25
MAX_BACKOFF_S: Final = 8.0
"""Six tries 0.25, 0.5, 1, 2, 4 and 8 s apart: about 16 s, time for a server to restart."""
DEFAULT_TIMEOUT_S: Final = 7200.0
"""Two hours: a whole match with slow people, and the wait for the table to fill."""

REFUSALS: Final = {
    4401: "the server did not accept this client's player cookie",
    4403: "the server refused this client's origin",
    4404: "no such table (or it is private and the invite is not valid)",
    4409: "the table is full: its match has begun and it takes no spectators",
}
"""Close codes that refuse the connection for good (``docs/tables.md``): no reconnecting."""


class TableClientError(HerttaError):
    """Why the client could not play (or finish) the match: one line, for people."""


class _Dropped(Exception):
    """The connection went away; the seat is still ours, so it is worth opening again."""


@dataclass(frozen=True, slots=True)
class Invite:
    """A table link, ``http(s)://HOST:PORT/t/{table_id}?invite=TOKEN`` (``token`` None for a
    public table's link without an invite)."""

    scheme: str
    netloc: str
    table_id: str
    token: str | None

    @property
    def base_url(self) -> str:
        return f"{self.scheme}://{self.netloc}"

    @property
    def socket_url(self) -> str:
        scheme = "wss" if self.scheme == "https" else "ws"
        query = "" if self.token is None else f"?invite={quote(self.token, safe='')}"
        return f"{scheme}://{self.netloc}/ws/tables/{quote(self.table_id, safe='')}{query}"

    @property
    def origin(self) -> str:
        """The origin a page of this server has: the scheme and exactly the ``Host`` header
        the socket sends (the server compares the two)."""
        uri = parse_uri(self.socket_url)
        return f"{self.scheme}://{build_host(uri.host, uri.port, uri.secure)}"


def parse_invite(url: str) -> Invite:
    """Read an invite link; TableClientError quotes a link that is not one."""
    expected = "expected http(s)://HOST:PORT/t/TABLE?invite=TOKEN"
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 (reading it checks it: a bad port raises ValueError)
    except ValueError:
        raise TableClientError(f"not an invite URL: {url!r} ({expected})") from None
    if parts.username is not None or parts.password is not None:
        # An invite link never carries a user or password, and a message would echo them.
        raise TableClientError(f"not an invite URL: a user name or password in it ({expected})")
    segments = parts.path.strip("/").split("/")
    tokens = parse_qs(parts.query).get("invite", [])
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or len(segments) != 2
        or segments[0] != "t"
        or not segments[1]
        or len(tokens) > 1
    ):
        raise TableClientError(f"not an invite URL: {url!r} ({expected})")
    invite = Invite(parts.scheme, parts.netloc, segments[1], tokens[0] if tokens else None)
    try:
        invite.origin  # noqa: B018 (the socket URL must parse too)
    except InvalidURI:
        raise TableClientError(f"not an invite URL: {url!r} ({expected})") from None
    return invite


def _detail(body: bytes) -> str:
    """The server's reason in an error answer (``{"error", "detail"}``), or nothing."""
    try:
        data = json.loads(body)
    except ValueError:
        return ""
    if not isinstance(data, dict):
        return ""
    return str(data.get("detail") or data.get("error") or "")


class TableClient:
    """One computer player taking one seat (see the module docstring)."""

    def __init__(
        self,
        invite: Invite,
        player: Player,
        *,
        name: str,
        seed: int = 0,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        reconnect_tries: int = RECONNECT_TRIES,
        first_backoff_s: float = FIRST_BACKOFF_S,
    ) -> None:
        self.invite = invite
        self.player = player
        self.name = name
        self.seed = seed
        self.timeout_s = timeout_s
        self.reconnect_tries = reconnect_tries
        self.first_backoff_s = first_backoff_s
        self._cookie = ""
        self._seq = 0
        self._tries_left = reconnect_tries
        self._state: State | None = None
        self._deadline = 0.0
        self._seated = False  # has held a seat at this table (a guest again: removed)

    # -- the whole match -----------------------------------------------------------------------

    def play(self) -> MatchResult:
        """Take a seat and play until the match is over; its result."""
        self._deadline = time.monotonic() + self.timeout_s
        self._cookie = self._player_cookie()
        self._set_name()
        try:
            socket = self._open()
        except _Dropped as why:
            raise TableClientError(f"cannot open the table socket {self.invite.socket_url}: "
                                   f"{why}") from None
        while True:
            try:
                with socket:
                    try:
                        return self._play_on(socket)
                    except (TableClientError, KeyboardInterrupt):
                        self._give_up_the_seat(socket)
                        raise
            except _Dropped as why:
                socket = self._reconnect(str(why))

    def _give_up_the_seat(self, socket: ClientConnection) -> None:
        """Stopping before the match began (timed out, interrupted, refused): stand, so the
        seat is free for someone else, not held by a player who is gone (best effort)."""
        table = {} if self._state is None else self._state.get("table") or {}
        # Not yet told of its own seat (stopped right after sitting down, before the state
        # that shows it came): stand all the same; a stand without a seat is only refused.
        if table.get("status") not in ("waiting", None):
            return
        with contextlib.suppress(Exception):
            self._send(socket, "stand")

    # -- HTTP: the cookie and the name ---------------------------------------------------------

    def _request(self, method: str, path: str, body: Any = None) -> tuple[Any, bytes]:
        """(headers, body) of one request with the cookie; TableClientError on any failure."""
        url = self.invite.base_url + path
        headers = {"Accept": "application/json"}
        if self._cookie:
            headers["Cookie"] = self._cookie
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as reply:
                return reply.headers, reply.read()
        except urllib.error.HTTPError as error:
            detail = _detail(error.read())
            raise TableClientError(
                f"{method} {url} answered {error.code}" + (f": {detail}" if detail else "")
            ) from None
        except urllib.error.URLError as error:
            raise TableClientError(f"cannot reach {self.invite.base_url}: {error.reason}") from None
        except (OSError, ValueError, http.client.HTTPException) as error:
            # A cut connection, a malformed answer, something that does not speak HTTP.
            raise TableClientError(f"cannot reach {self.invite.base_url}: {error}") from None

    def _player_cookie(self) -> str:
        headers, _ = self._request("GET", "/")
        for header in headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            try:
                cookie.load(header)
            except CookieError:
                continue
            if COOKIE_NAME in cookie:
                return f"{COOKIE_NAME}={cookie[COOKIE_NAME].value}"
        raise TableClientError(
            f"{self.invite.base_url} gave no player cookie: not a Hertta server?"
        )

    def _set_name(self) -> None:
        try:
            self._request("POST", "/api/profile", {"name": self.name})
        except TableClientError as error:
            raise TableClientError(f"cannot use the name {self.name!r}: {error}") from None

    # -- the socket ----------------------------------------------------------------------------

    def _open(self) -> ClientConnection:
        try:
            return connect(
                self.invite.socket_url,
                origin=Origin(self.invite.origin),
                additional_headers={"Cookie": self._cookie},
                open_timeout=HTTP_TIMEOUT_S,
            )
        except (OSError, ValueError, WebSocketException) as error:
            raise _Dropped(str(error) or type(error).__name__) from None

    def _reconnect(self, why: str) -> ClientConnection:
        """Open the socket again, with backoff (the server may be restarting)."""
        delay = self.first_backoff_s
        last = why
        while self._tries_left > 0:
            self._tries_left -= 1
            # A pause between tries is the point of backoff, not a poll: nothing to wait on.
            time.sleep(min(delay, max(0.0, self._deadline - time.monotonic())))
            self._check_deadline()
            try:
                return self._open()
            except _Dropped as error:
                last = str(error)
            delay = min(delay * 2, MAX_BACKOFF_S)
        raise TableClientError(
            f"lost the connection to {self.invite.base_url} ({why}) and could not reconnect "
            f"in {self.reconnect_tries} tries: {last}"
        )

    def _send(self, socket: ClientConnection, op: str, **args: Any) -> int:
        self._seq += 1
        try:
            socket.send(json.dumps({"op": op, "seq": self._seq, **args}))
        except ConnectionClosed as closed:
            raise _Dropped(self._closed(closed)) from None
        return self._seq

    def _closed(self, closed: ConnectionClosed) -> str:
        """Why the socket closed; TableClientError when the server refused us for good."""
        code = None if closed.rcvd is None else closed.rcvd.code
        if code in REFUSALS:
            raise TableClientError(f"table {self.invite.table_id}: {REFUSALS[code]}")
        return "the connection was cut" if code is None else f"closed with code {code}"

    def _receive(self, socket: ClientConnection) -> dict[str, Any]:
        """The next message, waited for until the deadline at most."""
        while True:
            self._check_deadline()
            try:
                raw = socket.recv(timeout=self._deadline - time.monotonic())
                break
            except TimeoutError:
                continue  # the deadline has passed (or is a hair away): checked above
            except ConnectionClosed as closed:
                raise _Dropped(self._closed(closed)) from None
        try:
            message = json.loads(raw)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            raise TableClientError(f"the server sent a message that is not a JSON object: "
                                   f"{str(raw)[:80]!r}")
        return message

    def _check_deadline(self) -> None:
        if time.monotonic() < self._deadline:
            return
        table = {} if self._state is None else self._state.get("table") or {}
        if not table:
            where = "no table state came"
        elif table.get("status") == "waiting":
            where = f"the table was still waiting for players ({table.get('free_seats')} free)"
        else:
            where = f"the match was at decision {table.get('decisions')}"
        raise TableClientError(f"timed out after {self.timeout_s:g} s: {where}")

    # -- one connection ------------------------------------------------------------------------

    def _play_on(self, socket: ClientConnection) -> MatchResult:
        """Play over one connection until the match is over (or the connection drops)."""
        waiting: int | None = self._send(socket, "hello")  # the seq whose answer is awaited
        sent: tuple[object, str, dict[str, Any]] | None = None  # (position, op, args) in flight
        refused: tuple[object, str] | None = None  # (position, why) of the last refused op
        snapshot_due = True  # a snapshot resets what this connection shows
        version = -1
        while True:
            message = self._receive(socket)
            if message.get("type") == "snapshot":
                snapshot_due = False
                self._tries_left = self.reconnect_tries  # connected again: a fresh budget
                version = -1
            state = message.get("state")
            if isinstance(state, dict) and state.get("version", 0) >= version:
                version = state.get("version", 0)
                self._state = state
            if waiting is not None and message.get("re") == waiting:
                waiting = None
                why = _refusal(message)
                if why == "stale":
                    snapshot_due = True  # another process moved the table: a snapshot follows
                elif why is not None and sent is not None:
                    if sent[1] == "sit":
                        raise TableClientError(_sit_refused(self.invite.table_id, why))
                    refused = (sent[0], why)
            if waiting is not None or snapshot_due or self._state is None:
                continue
            result = self._read(match_result, self._state)
            if result is not None:
                return result
            chosen = self._read(self._choose, self._state)
            if chosen is None:
                continue
            position, op, args = chosen
            if refused is not None and refused[0] == position:
                # Refused, and the table has not moved since: deciding again would loop.
                raise TableClientError(f"the server refused {op} {json.dumps(args)}: {refused[1]}")
            waiting = self._send(socket, op, **args)
            sent = (position, op, args)

    def _choose(self, state: State) -> tuple[object, str, dict[str, Any]] | None:
        """(position, op, args) to send now, or None. ``position`` tells whether the table has
        moved since an op was refused."""
        table = state["table"]
        if seat_of(state) is None:
            if table["status"] == "waiting" and self._seated:
                # The host removed us (the seat opened again): sitting down once more would
                # undo the host's choice, so the player goes.
                raise TableClientError(
                    f"the host removed us from table {self.invite.table_id} before the match"
                )
            if table["status"] == "waiting":
                return ("sit", table.get("decisions")), "sit", {}
            if table["status"] in ("over", "closed"):
                # A link to a table whose match is over (or never began): nothing to sit at.
                why = "its match is over" if table["status"] == "over" else "it was closed"
                raise TableClientError(f"table {self.invite.table_id}: {why}")
            raise TableClientError(
                f"table {self.invite.table_id} is full: its match began without a seat for us"
            )
        self._seated = True
        if table["status"] == "closed":
            raise TableClientError(f"table {self.invite.table_id} was closed")
        chosen = decide(state, self.player, self.seed)
        if chosen is None:
            return None
        op, args = chosen
        made_at = table.get("decisions")
        if isinstance(made_at, int) and not isinstance(made_at, bool):
            # A decision thought out while the turn clock played this seat's turn must not
            # land on its next turn: named so, the server refuses it as stale instead.
            args = {**args, "decisions": made_at}
        return (made_at, op), op, args

    @staticmethod
    def _read(read: Callable[[State], T], state: State) -> T:
        """``read(state)``, with a state of the wrong shape as a one-line error."""
        try:
            return read(state)
        except (KeyError, TypeError, AttributeError, IndexError) as error:
            raise TableClientError(f"the server's state does not read as expected: "
                                   f"{type(error).__name__}: {error}") from None


def _refusal(message: dict[str, Any]) -> str | None:
    """Why the server did not take an op: an ``error`` code, or the rules' ``refused`` reason."""
    if message.get("type") == "error":
        return str(message.get("code"))
    for event in message.get("events") or []:
        if isinstance(event, dict) and event.get("type") == "refused":
            return str(event.get("reason"))
    return None


def _sit_refused(table_id: str, code: str) -> str:
    if code == "not_your_seat":
        return f"table {table_id} is full: no open seat is left"
    if code == "bad_setting":
        return f"table {table_id} did not seat us: no display name (bad_setting)"
    return f"table {table_id} did not seat us: {code}"
