#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the tests (installing Debian's package if needed)
# and print its SQLAlchemy URL. Its data lives in /tmp/companion-pg; port 54329.
set -euo pipefail
PORT=54329
DATA=/tmp/companion-pg

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_postgres() { su postgres -s /bin/bash -c "$*"; }

if [ ! -f "$DATA/PG_VERSION" ]; then
  mkdir -p "$DATA" && chown postgres "$DATA"
  as_postgres "$BIN/initdb -D $DATA -U postgres -A trust" >/dev/null
fi
if ! as_postgres "$BIN/pg_ctl -D $DATA status" >/dev/null 2>&1; then
  as_postgres "$BIN/pg_ctl -D $DATA -l $DATA/server.log -w -o '-p $PORT -k /tmp -c fsync=off' start" >/dev/null
fi
as_postgres "$BIN/psql -h /tmp -p $PORT -U postgres -tAc \"select 1 from pg_database where datname = 'companion_test'\"" | grep -q 1 \
  || as_postgres "$BIN/createdb -h /tmp -p $PORT -U postgres companion_test"
echo "postgresql+psycopg://postgres@127.0.0.1:$PORT/companion_test"
