"""The README's first Quick start command, as printed, serves the table (issue 28): in a copy
of the project (its own instance folder, so the embedded SQLite default), it listens beyond
loopback, prints the address the phones open, and the group's invite names that address and
a port it listens on. Sockets are read with `ss`; nothing is sent anywhere but 127.0.0.1."""

import os
import re
import shlex
import signal
import subprocess
import time

import pytest
import requests

from tests.server.conftest import ROOT
from tests.server.proxy import free_port
from tests.web.conftest import hidden_value, parse

README = (ROOT / "README.md").read_text()


def quick_start_commands():
    """The shell commands of the README's Quick start, in order."""
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.*?)\n```", section, re.S)


def serving_part(command):
    """What the first command runs once installed: the part after its last `&&`."""
    return command.split("&&")[-1].strip()


@pytest.fixture
def project(tmp_path):
    """The project's files as a fresh clone has them, with this run's installed .venv."""
    copy = tmp_path / "project"
    copy.mkdir()
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout
    subprocess.run(["tar", "--null", "-T", "-", "-cf", "-"], cwd=ROOT, input=files,
                   stdout=open(tmp_path / "files.tar", "wb"), check=True)
    subprocess.run(["tar", "-xf", str(tmp_path / "files.tar"), "-C", str(copy)], check=True)
    (copy / ".venv").symlink_to(ROOT / ".venv")
    return copy


def listening(port):
    """The local addresses something listens on at `port` (ss)."""
    out = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True,
                         check=True).stdout
    return {line.split()[3].rsplit(":", 1)[0] for line in out.splitlines() if line.strip()}


def own_addresses():
    out = subprocess.run(["ip", "-4", "-o", "addr", "show"], capture_output=True, text=True,
                         check=True).stdout
    return set(re.findall(r"inet (\d+\.\d+\.\d+\.\d+)/", out))


def start(project, command, port):
    process = subprocess.Popen(["bash", "-c", command], cwd=project,
                               env={**os.environ, "COMPANION_PORT": str(port)},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    printed, deadline = [], time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            if process.poll() is not None:
                break
            continue
        printed.append(line)
        if "only this machine" in line.lower() or "open:" in line:
            break
    # the server listens once the banner is out; give it a moment to bind
    for _ in range(100):
        if listening(port):
            break
        time.sleep(0.1)
    return process, "".join(printed)


def stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


def test_the_first_command_serves_the_table_on_the_network(project):
    install_and_serve = quick_start_commands()[0]
    assert install_and_serve.startswith("python3 -m venv .venv && .venv/bin/pip install")
    command = serving_part(install_and_serve)
    port = free_port()
    process, printed = start(project, command, port)
    try:
        found = re.search(r"open:\s+(http://([\d.]+):(\d+))/", printed)
        assert found, printed
        base, host, printed_port = found.groups()
        assert int(printed_port) == port
        # listening beyond loopback, on every address, so on the printed one too
        assert listening(port) & {"0.0.0.0", "*", "[::]"}, listening(port)
        assert host in own_addresses() and not host.startswith("127.")
        # the first phone (on this machine) starts a group; its invite names that address
        phone = requests.Session()
        first = phone.get(f"http://127.0.0.1:{port}/", timeout=10).text
        answer = phone.post(f"http://127.0.0.1:{port}/groups/new", allow_redirects=False,
                            timeout=10, data={
                                "csrf_token": hidden_value(first, "csrf_token"),
                                "once": hidden_value(first, "once")})
        assert answer.status_code == 302, answer.text[-500:]
        group = phone.get(f"http://127.0.0.1:{port}{answer.headers['Location']}",
                          timeout=10).text
        invite = parse(group).one("#invite-link").get("value")
        assert invite.startswith(f"{base}/join/"), invite
        assert (project / "instance" / "companion.sqlite").exists()
    finally:
        stop(process)


def test_the_local_option_listens_on_loopback_only(project):
    command = serving_part(quick_start_commands()[0]) + " --local"
    port = free_port()
    process, printed = start(project, shlex.join(shlex.split(command)), port)
    try:
        assert listening(port) == {"127.0.0.1"}, listening(port)
        assert f"http://127.0.0.1:{port}" in printed
    finally:
        stop(process)
