#!/usr/bin/env bash
# A private, throw-away PostgreSQL cluster on loopback for tests and CI.
#
#   scripts/postgres_cluster.sh start   # initdb + pg_ctl start in a temporary folder, prints the URL
#   scripts/postgres_cluster.sh url     # prints the running cluster's URL
#   scripts/postgres_cluster.sh stop    # stops it and removes the folder
#
# PostgreSQL refuses to run as root, so when run as root the server runs as the `postgres` user.
# The folder is remembered in $TESSERA_PG_STATE (default /tmp/tessera-postgres-cluster), so `url`
# and `stop` find the cluster `start` made. Authentication is `trust` on loopback only: this is a
# test database, never a real one.
set -euo pipefail

STATE="${TESSERA_PG_STATE:-/tmp/tessera-postgres-cluster}"

find_bin() {
    if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
    [[ -n "$dir" && -x "$dir/pg_ctl" ]] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
    echo "$dir"
}

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

url() {
    [[ -f "$STATE/port" ]] || { echo "no cluster is running (scripts/postgres_cluster.sh start)" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$(cat "$STATE/port")/postgres"
}

start() {
    if [[ -f "$STATE/port" ]] && as_owner "$(find_bin)/pg_ctl" -D "$STATE/data" status >/dev/null 2>&1; then
        url; return
    fi
    local bin port
    bin=$(find_bin)
    rm -rf "$STATE"
    mkdir -p "$STATE"
    [[ $(id -u) -eq 0 ]] && chown postgres "$STATE"
    as_owner "$bin/initdb" -D "$STATE/data" -A trust -U postgres >"$STATE/initdb.log" 2>&1 \
        || { cat "$STATE/initdb.log" >&2; exit 1; }
    port=$(free_port)
    # Many test apps each keep a small pool (the API suite runs them all at once, each resolving its
    # caller per request), so allow far more connections than the default 100.
    as_owner "$bin/pg_ctl" -D "$STATE/data" -l "$STATE/log" -w -t 30 \
        -o "-p $port -k $STATE -c listen_addresses=127.0.0.1 -c max_connections=1000 -c fsync=off" start >/dev/null \
        || { cat "$STATE/log" >&2; exit 1; }
    echo "$port" >"$STATE/port.tmp"
    mv "$STATE/port.tmp" "$STATE/port" 2>/dev/null || cp "$STATE/port.tmp" "$STATE/port"
    url
}

stop() {
    [[ -d "$STATE/data" ]] || return 0
    as_owner "$(find_bin)/pg_ctl" -D "$STATE/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$STATE"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    url) url ;;
    *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
