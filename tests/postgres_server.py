"""A PostgreSQL server of the test's own, to stop and start again: initdb in a temporary folder, pg_ctl to
run it on a free port of the loopback interface. As root it runs as the ``postgres`` user (PostgreSQL
refuses to run as root)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

SEARCHED = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
"""Where Debian keeps the server's programs, newest first; otherwise they are looked for on the PATH."""


def program(name: str) -> str | None:
    for folder in SEARCHED:
        if (folder / name).exists():
            return str(folder / name)
    return shutil.which(name)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PrivateServer:
    """A PostgreSQL server that only this test uses; :meth:`stop` (a fast shutdown, as ``pg_ctl stop``
    makes by default) and :meth:`start` it at will."""

    def __init__(self) -> None:
        self.initdb, self.pg_ctl = program("initdb"), program("pg_ctl")
        if not (self.initdb and self.pg_ctl):
            pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self.folder = Path(tempfile.mkdtemp(prefix="director-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/postgres"

    def __enter__(self) -> PrivateServer:
        if self.as_user:
            shutil.chown(self.folder, "postgres")
        self._run(self.initdb, "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync")
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        try:
            self._run(self.pg_ctl, "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off"
        self._run(self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self) -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")

    def _run(self, *command: str, check: bool = True) -> None:
        done = subprocess.run([*self.as_user, *command], capture_output=True, text=True, timeout=60, check=False)
        if check and done.returncode:
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr or done.stdout}")
