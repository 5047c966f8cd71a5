#!/usr/bin/env bash
# Install what the tests need on a fresh Debian machine (Python 3.11, root), then run the
# whole suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt

# the browser tests drive Debian's Chromium (playwright's own download does not work here)
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# axe-core and the Nu HTML checker, pinned in package-lock.json
if [ ! -f node_modules/axe-core/axe.min.js ] || [ ! -d node_modules/vnu-jar ]; then
  npm ci --no-audit --no-fund --silent
fi

# the whole suite on SQLite, then again on a real PostgreSQL server
.venv/bin/python -m pytest "$@"
TEST_DATABASE_URL=$(bash scripts/postgres.sh) .venv/bin/python -m pytest "$@"
