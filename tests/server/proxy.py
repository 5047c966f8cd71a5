"""Throwaway proxies (Debian's nginx and Caddy, which scripts/test.sh installs) in front of
a test's gunicorn, on 127.0.0.1: nginx with docs/hosting.md's site or Debian's stock
`proxy_params` alone, Caddy with docs/hosting.md's site; TLS with a certificate made for
the test."""

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
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
# Debian's stock site: nothing but its proxy_params in front of the app
STOCK = """
    location / {
        include /etc/nginx/proxy_params;
        proxy_pass http://127.0.0.1:8000;
    }
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for localhost, made now: (cert, key)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True,
                   capture_output=True)
    return cert, key


def wait_for(process, port, name):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited: {process.stderr.read().decode()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{name} did not listen within 10 s")


def stop(process):
    if process and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def hosting_site() -> str:
    """The part of docs/hosting.md's nginx site between its `app` markers."""
    text = (ROOT / "docs" / "hosting.md").read_text()
    found = re.search(r"# --- app: begin ---\n(.*?)# --- app: end ---", text, re.S)
    assert found, "docs/hosting.md has no nginx site between its app markers"
    return found.group(1)


class Proxy:
    """A proxy process in a folder of its own: `command()` runs it, listening on `port`."""

    name = "proxy"

    def command(self) -> list[str]:
        raise NotImplementedError

    def environment(self) -> dict:
        return dict(os.environ)

    def start(self):
        self.process = subprocess.Popen(
            self.command(), env=self.environment(), stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, start_new_session=True)
        try:
            wait_for(self.process, self.port, self.name)
        except RuntimeError:
            self.stop()
            raise
        return self

    def stop(self):
        stop(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)


class Nginx(Proxy):
    """nginx on 127.0.0.1 in front of gunicorn's `upstream_port`: docs/hosting.md's site
    (`site="hosting"`) or Debian's stock one (`site="stock"`), over TLS when given
    (cert, key)."""

    def __init__(self, upstream_port: int, site: str = "hosting", tls=None):
        self.folder = Path(tempfile.mkdtemp(prefix="nginx-"))
        self.port = free_port()
        scheme = "https" if tls else "http"
        self.base = f"{scheme}://{'localhost' if tls else '127.0.0.1'}:{self.port}"
        body = hosting_site() if site == "hosting" else STOCK
        # the site's relative includes are Debian's (/etc/nginx/proxy_params)
        body = (body.replace("127.0.0.1:8000", f"127.0.0.1:{upstream_port}")
                .replace("include proxy_params;", "include /etc/nginx/proxy_params;"))
        listen = f"listen 127.0.0.1:{self.port}" + (" ssl;" if tls else ";")
        if tls:
            listen += f"\n        ssl_certificate {tls[0]};\n        ssl_certificate_key {tls[1]};"
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
        {listen}
        server_name localhost;
{body}
    }}
}}
""")
        self.process = None

    name = "nginx"

    def command(self):
        return [NGINX, "-c", str(self.folder / "nginx.conf"), "-p", str(self.folder),
                "-e", str(self.folder / "error.log"), "-g", "daemon off;"]


def caddy_site() -> str:
    """docs/hosting.md's Caddyfile."""
    text = (ROOT / "docs" / "hosting.md").read_text()
    found = re.search(r"### Caddy.*?```\n(.*?)```", text, re.S)
    assert found, "docs/hosting.md has no Caddyfile"
    return found.group(1)


class Caddy(Proxy):
    """Caddy on 127.0.0.1 with docs/hosting.md's Caddyfile, its site address made this
    test's and its certificate the test's (no certificate is fetched, nothing on :80)."""

    def __init__(self, upstream_port: int, tls):
        self.folder = Path(tempfile.mkdtemp(prefix="caddy-"))
        self.port = free_port()
        self.base = f"https://localhost:{self.port}"
        site = (caddy_site().replace("127.0.0.1:8000", f"127.0.0.1:{upstream_port}")
                .replace("scores.example.org {", f"https://localhost:{self.port} {{\n"
                         f"\tbind 127.0.0.1\n\ttls {tls[0]} {tls[1]}", 1)
                .replace("{\n\tservers {", "{\n\tadmin off\n\tauto_https off\n\tservers {", 1))
        (self.folder / "Caddyfile").write_text(site)
        self.process = None

    name = "caddy"

    def command(self):
        return [CADDY, "run", "--config", str(self.folder / "Caddyfile"), "--adapter",
                "caddyfile"]

    def environment(self):
        # Caddy keeps its data under HOME: this test's folder
        return {**os.environ, "HOME": str(self.folder), "XDG_DATA_HOME": str(self.folder),
                "XDG_CONFIG_HOME": str(self.folder)}
