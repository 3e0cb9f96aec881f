"""Run ``hertta serve`` as a real process on 127.0.0.1 and a free port (for the durability,
multi-process and browser tests). Its stderr goes to a file the test can read."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from http.cookies import SimpleCookie
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def hertta_command() -> list[str]:
    script = Path(sys.executable).with_name("hertta")
    return [str(script)] if script.exists() else [sys.executable, "-m", "hertta"]


def serve_command(port: int, db_path: str) -> list[str]:
    return [*hertta_command(), "serve", "--host", "127.0.0.1", "--port", str(port),
            "--db", db_path]


class ServerProcess:
    def __init__(
        self,
        db_path: str,
        port: int | None = None,
        env: dict[str, str] | None = None,
        prefix: Sequence[str] = (),
        args: Sequence[str] = (),
    ) -> None:
        self.db_path = db_path
        self.args = list(args)
        self.port = port or free_port()
        self.env = {**os.environ, **(env or {})}
        self.prefix = list(prefix)
        self.process: subprocess.Popen[bytes] | None = None
        # Closed with the process object; a context manager cannot span the test's life.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def launch(self) -> ServerProcess:
        """Start the process without waiting for it to answer."""
        self.process = subprocess.Popen(
            [*self.prefix, *serve_command(self.port, self.db_path), *self.args],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
        )
        return self

    def wait_ready(self, timeout: float = 60.0) -> ServerProcess:
        """Wait until ``/healthz`` answers (or fail with the process's stderr)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited early: {self.stderr_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)  # poll again: the condition is the health check answering
        raise RuntimeError(f"the server did not answer on {self.url} within {timeout} s")

    def start(self, timeout: float = 60.0) -> ServerProcess:
        return self.launch().wait_ready(timeout)

    def stderr_text(self) -> str:
        self._stderr.flush()
        self._stderr.seek(0)
        return self._stderr.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, and wait for the server and the processes it started (its workers, their
        resource tracker): what they say on the way out is in ``stderr_text`` after this."""
        if self.process is not None and self.process.poll() is None:
            children = descendants(self.process.pid)
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            deadline = time.monotonic() + 15
            while any(alive(pid) for pid in children) and time.monotonic() < deadline:
                time.sleep(0.05)  # poll again: the condition is every child having exited

    def player_cookie(self) -> str:
        """Load the home page and return the ``hertta_player=...`` cookie it sets."""
        with urllib.request.urlopen(f"{self.url}/", timeout=5) as reply:
            header = reply.headers.get("set-cookie", "")
        cookie = SimpleCookie()
        cookie.load(header)
        return f"hertta_player={cookie['hertta_player'].value}"


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (Linux's /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:  # the thread or the process ended meanwhile
            continue
        for child in map(int, children):
            found += [child, *descendants(child)]
    return found


def alive(pid: int) -> bool:
    """Running (an exited process nobody has reaped yet, a zombie, is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"
