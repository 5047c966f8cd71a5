"""A throwaway nginx (Debian's, scripts/test.sh installs it) in front of a test's gunicorn,
on 127.0.0.1, with the site configuration docs/hosting.md gives."""

import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def hosting_site() -> str:
    """The part of docs/hosting.md's nginx site between its `app` markers."""
    text = (ROOT / "docs" / "hosting.md").read_text()
    found = re.search(r"# --- app: begin ---\n(.*?)# --- app: end ---", text, re.S)
    assert found, "docs/hosting.md has no nginx site between its app markers"
    return found.group(1)


class Nginx:
    def __init__(self, upstream_port: int):
        self.folder = Path(tempfile.mkdtemp(prefix="nginx-"))
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        # the site's relative includes are Debian's (/etc/nginx/proxy_params)
        site = (hosting_site().replace("127.0.0.1:8000", f"127.0.0.1:{upstream_port}")
                .replace("include proxy_params;", "include /etc/nginx/proxy_params;"))
        temp = "\n".join(f"    {name}_temp_path {self.folder}/{name};"
                         for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (self.folder / "nginx.conf").write_text(f"""
user root;
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
{temp}
    server {{
        listen 127.0.0.1:{self.port};
{site}
    }}
}}
""")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            [NGINX, "-c", str(self.folder / "nginx.conf"), "-p", str(self.folder),
             "-e", str(self.folder / "error.log"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.process.stderr.read().decode()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("nginx did not listen within 10 s")

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)
