"""A throwaway PostgreSQL server of the benchmark's own, for as long as a `with` block lasts.

The same as scripts/postgres.sh (Debian's package, `initdb` as the postgres user), but in a
fresh data directory and on a free port, so that it never meets the test suite's server on
port 54329 (whose tests drop and recreate their schema). Unlike the tests' server it keeps
PostgreSQL's defaults, fsync on: a save costs the commit a hosted server would make.
Run scripts/postgres.sh once first if the package is not installed.
"""

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

DATABASE = "companion_bench"


def binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                   key=lambda path: int(Path(path).parent.name))
    if not found:
        raise RuntimeError("no PostgreSQL server: run `bash scripts/postgres.sh` once to "
                           "install Debian's package")
    return Path(found[-1])


class Postgres:
    def __init__(self, max_connections=200):
        self.bin = binaries()
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.options = f"-p {self.port} -k {{dir}} -c max_connections={max_connections}"
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def run(self, *command):
        """A command as the postgres user (initdb refuses root)."""
        command = [str(part) for part in command]
        if os.geteuid() == 0:
            command = ["su", "postgres", "-s", "/bin/sh", "-c",
                       " ".join(f"'{part}'" for part in command)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    def __enter__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="bench-pg-"))
        self.data = self.folder / "data"
        self.data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            shutil.chown(self.data, "postgres")
        try:
            self.run(self.bin / "initdb", "-D", self.data, "-U", "postgres", "-A", "trust")
            self.run(self.bin / "pg_ctl", "-D", self.data, "-l", self.folder / "server.log",
                     "-w", "-o", self.options.format(dir=self.folder), "start")
            self.run(self.bin / "createdb", "-h", "127.0.0.1", "-p", self.port, "-U",
                     "postgres", DATABASE)
        except BaseException:
            self.__exit__()
            raise
        return self

    @property
    def pid(self):
        """The postmaster's process id (its backends are its children)."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def __exit__(self, *exc):
        if (self.data / "postmaster.pid").exists():
            self.run(self.bin / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)
