#!/usr/bin/env bash
# Run a command with a throw-away PostgreSQL server (Debian's, as the postgres user) and DATABASE_URL set.
#   tools/ci/with-postgres.sh make test
# initdb refuses to run as root, hence runuser; the data lives in a temp dir removed at exit.
set -euo pipefail
PORT="${PGPORT_TEST:-54329}"
while (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do PORT=$((PORT + 1)); done  # another run uses it
if ! command -v runuser >/dev/null || [ "$(id -u)" != 0 ]; then
    echo "with-postgres: needs root (to run the server as the postgres user); running without PostgreSQL" >&2
    exec "$@"
fi
if ! dpkg -s postgresql >/dev/null 2>&1; then
    apt-get install -y postgresql >/dev/null || { apt-get update >/dev/null && apt-get install -y postgresql >/dev/null; }
fi
BIN="$(dirname "$(dpkg -L "$(dpkg -l 'postgresql-[0-9]*' | awk '/^ii/ {print $2; exit}')" | grep '/bin/initdb$')")"
D="$(mktemp -d)"
chown postgres "$D"
stop() {
    runuser -u postgres -- "$BIN/pg_ctl" -D "$D/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$D"
}
trap stop EXIT
trap "exit 143" TERM INT  # so that the EXIT trap stops the server
runuser -u postgres -- "$BIN/initdb" -D "$D/data" -A trust -U game >/dev/null
runuser -u postgres -- "$BIN/pg_ctl" -D "$D/data" -l "$D/log" \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $D -c max_connections=200 -c fsync=on" -w start >/dev/null
export DATABASE_URL="postgresql+psycopg://game@127.0.0.1:$PORT/postgres"
"$@"
