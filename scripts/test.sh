#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine (Python 3.11, root), then run the
# whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

# the browser tests drive Debian's Chromium (playwright's own download does not work here),
# zbarimg reads the share page's QR codes back (tests/browser/test_live_table.py), nginx and
# Caddy stand in front of gunicorn as docs/hosting.md says (tests/server/test_proxy.py,
# test_slow_clients.py), and ss reads what a server listens on (test_quick_start.py)
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/zbarimg ] || [ ! -x /usr/sbin/nginx ] \
    || [ ! -x /usr/bin/caddy ] || ! command -v ss >/dev/null || ! command -v openssl >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium zbar-tools nginx-light \
    caddy iproute2 openssl >/dev/null
fi

# the PostgreSQL server (installed if need be) starts while the rest is installed and the
# SQLite run goes on; after apt-get above, so that the two never wait for each other
postgres_out=$(mktemp)
postgres_err=$(mktemp)
trap 'rm -f "$postgres_out" "$postgres_err"' EXIT
bash scripts/postgres.sh >"$postgres_out" 2>"$postgres_err" &
postgres_pid=$!

python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt

# axe-core and the Nu HTML checker, pinned in package-lock.json
if [ ! -f node_modules/axe-core/axe.min.js ] || [ ! -d node_modules/vnu-jar ]; then
  npm ci --no-audit --no-fund --silent
fi

# pytest-xdist processes: one per CPU the job may use (a cgroup quota counts), at most 4;
# TEST_WORKERS=N chooses (0: everything in one process, as plain pytest runs it)
workers() {
  local cpus quota period
  cpus=$(nproc)
  if [ -r /sys/fs/cgroup/cpu.max ]; then
    read -r quota period </sys/fs/cgroup/cpu.max
    if [ "$quota" != max ] && [ $(((quota + period - 1) / period)) -lt "$cpus" ]; then
      cpus=$(((quota + period - 1) / period))
    fi
  fi
  if [ "$cpus" -gt 4 ]; then cpus=4; fi
  if [ "$cpus" -lt 2 ]; then cpus=0; fi
  echo "$cpus"
}
# a file's tests stay together, in their order, in one process (some share a server);
# files go out in the order they are collected, so the long browser and server files start
# first and the short ones fill in at the end (xdist's default sends the files with the
# most tests first, which left a one-test browser file of a minute to run last)
PARALLEL=(-n "${TEST_WORKERS:-$(workers)}" --dist loadfile --no-loadscope-reorder)

# the whole suite on SQLite, then again on a real PostgreSQL server (the browser tests
# that break the network run in that second pass alone: tests/conftest.py)
TEST_SQLITE_PASS=1 .venv/bin/python -m pytest "${PARALLEL[@]}" "$@"
if ! wait "$postgres_pid"; then
  cat "$postgres_err" >&2
  echo "scripts/postgres.sh failed" >&2
  exit 1
fi
TEST_DATABASE_URL=$(cat "$postgres_out") .venv/bin/python -m pytest "${PARALLEL[@]}" "$@"
