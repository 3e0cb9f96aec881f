"""Run ``hertta serve`` as a real process on 127.0.0.1 and a free port (for the durability and
browser tests)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from http.cookies import SimpleCookie
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_command(port: int, db_path: str) -> list[str]:
    script = Path(sys.executable).with_name("hertta")
    base = [str(script)] if script.exists() else [sys.executable, "-m", "hertta.cli"]
    return [*base, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_path]


class ServerProcess:
    def __init__(self, db_path: str, port: int | None = None, env: dict[str, str] | None = None):
        self.db_path = db_path
        self.port = port or free_port()
        self.env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        self.process = subprocess.Popen(
            serve_command(self.port, self.db_path),
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server exited early: {error}")
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1) as reply:
                    if reply.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not answer on {self.url} within {timeout} s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()

    def player_cookie(self) -> str:
        """Load the home page and return the ``hertta_player=...`` cookie it sets."""
        with urllib.request.urlopen(f"{self.url}/", timeout=5) as reply:
            header = reply.headers.get("set-cookie", "")
        cookie = SimpleCookie()
        cookie.load(header)
        return f"hertta_player={cookie['hertta_player'].value}"
