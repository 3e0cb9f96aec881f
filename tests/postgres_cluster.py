"""A private, throwaway PostgreSQL cluster for the tests (Debian's PostgreSQL, never a mock).

``initdb`` in a temporary folder and ``pg_ctl`` on a free port of 127.0.0.1, with fsync off
(the cluster dies with the test run). PostgreSQL refuses to run as root: as root the cluster
belongs to ``nobody``. Each test gets a database of its own (:meth:`Cluster.new_database`).
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

USER = "hertta"


def postgres_bin() -> Path:
    """The newest installed PostgreSQL's programs (``scripts/test`` installs Debian's)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="hertta-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._as_root = os.geteuid() == 0
        self._names = itertools.count(1)
        if self._as_root:
            shutil.chown(self.folder, "nobody")
        self._run(f"{self.bin}/initdb -D {self.data} -A trust -U {USER} --no-sync -E UTF8")
        options = (f"-k {self.folder} -h 127.0.0.1 -p {self.port} -c fsync=off "
                   "-c max_connections=300")
        self._run(f"{self.bin}/pg_ctl -D {self.data} -o '{options}' -l {self.folder}/log -w start")

    def _run(self, command: str) -> None:
        argv = ["su", "-s", "/bin/sh", "nobody", "-c", command] if self._as_root else [
            "/bin/sh", "-c", command]
        subprocess.run(argv, check=True, capture_output=True, cwd=self.folder)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database's URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(f"{self.bin}/pg_ctl -D {self.data} -m immediate -w stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
