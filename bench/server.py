"""gunicorn on a free port of 127.0.0.1, for as long as a `with` block lasts."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).parents[1]
UNLIMITED = json.dumps({"join@": [10 ** 9, 3600], "group@": [10 ** 9, 3600]})


class Gunicorn:
    def __init__(self, app, workers, env, options=()):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.command = [sys.executable, "-m", "gunicorn", "--workers", str(workers),
                        "--bind", f"127.0.0.1:{self.port}", *options, app]
        # every simulated phone comes from 127.0.0.1: the per-address limits on joining
        # and starting groups (companion/limits.py) would stop a benchmark of thousands
        self.env = {**os.environ, "COMPANION_CREATE_LIMITS": UNLIMITED, **env}

    def __enter__(self):
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env,
                                        start_new_session=True, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                requests.get(self.base + "/", timeout=5)
                return self
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.2)
        self.__exit__()
        raise RuntimeError(f"gunicorn did not start: {' '.join(self.command)}")

    def __exit__(self, *exc):
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)
