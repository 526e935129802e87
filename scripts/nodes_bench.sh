#!/usr/bin/env bash
# Many-nodes figures (issue 13), all in one run and on loopback only: the same wrk runs as
# scripts/load.sh (a stored game GET, a stored puzzle GET, writes) against
#   1. one `tessera serve` on its SQLite file (the default),
#   2. one `tessera serve --database` on a private PostgreSQL cluster,
#   3. nginx in front of 1 and then 2 nodes sharing that database.
#
#   scripts/nodes_bench.sh [--duration S] [--connections N] [path/to/tessera]
#
# The binary defaults to the release build. It starts the cluster (scripts/postgres_cluster.sh, its
# own folder), the single servers (scripts/tessera_server.py, port 0), the balanced nodes
# (scripts/nginx_nodes.py), creates fixtures over HTTP (scripts/load/helper.py) and runs wrk
# (scripts/load/tessera.lua). Every step is bounded in time and everything it started is stopped on
# exit. Prints one line per run, then the ratios the goals are set in (PostgreSQL node / SQLite
# node per mode; 2 nodes / 1 node behind nginx).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
duration=10 connections=64 threads=2 binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift ;;
    --connections) connections=$2; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) binary=$1 ;;
  esac
  shift
done
[[ "$duration" =~ ^[1-9][0-9]*$ && "$connections" =~ ^[1-9][0-9]*$ ]] || { echo "--duration and --connections take whole numbers" >&2; exit 2; }
[ -n "$binary" ] || binary="$(cd "$root" && swift build -c release --show-bin-path)/tessera"
[ -x "$binary" ] || { echo "no tessera binary at $binary (swift build -c release --product tessera)" >&2; exit 2; }

work="$(mktemp -d -t tessera-nodes.XXXXXX)"
chmod 755 "$work"
export TESSERA_PG_STATE="$work/cluster"
nodes_pid="" single_pid=""
stop_single() {
  if [ -n "$single_pid" ]; then kill -TERM "$single_pid" 2>/dev/null || true; wait "$single_pid" 2>/dev/null || true; fi
  single_pid=""
}

cleanup() {
  stop_single
  if [ -n "$nodes_pid" ]; then kill -TERM "$nodes_pid" 2>/dev/null || true; wait "$nodes_pid" 2>/dev/null || true; fi
  "$here/postgres_cluster.sh" stop || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# measure LABEL BASE: fixtures through BASE, then one wrk run per mode; a line each.
measure() {
  local label=$1 base=$2 fixtures
  fixtures="$(mktemp -d "$work/fixtures.XXXXXX")"
  timeout 120 python3 "$here/load/helper.py" fixtures "$base" "$fixtures" "write=$(( 2 * connections ))" >/dev/null
  for mode in game puzzle write; do
    timeout $(( duration + 30 )) wrk -t "$threads" -c "$connections" -d "${duration}s" --timeout 10s \
      -s "$here/load/tessera.lua" "$base" -- "$mode" "$fixtures" "$threads" "$mode" >"$work/wrk.out" 2>&1 || true
    grep '^RESULT' "$work/wrk.out" | awk -F'\t' -v label="$label" -v rates="$work/rates" '{
      printf "%-28s %-7s %7d requests in %.1f s = %7.0f req/s, p50 %.2f ms, p99 %.2f ms, non-2xx %d, socket errors %d\n",
        label, $2, $3, $4, $3 / $4, $5, $6, $7, $8
      printf "%s\t%s\t%.0f\n", label, $2, $3 / $4 >> rates }' | grep . || { cat "$work/wrk.out" >&2; exit 1; }
  done
}

database="$("$here/postgres_cluster.sh" start)"
echo "== wrk: ${duration} s per run, $connections connections, $threads threads"

# One server, each backend, one after the other (the same machine, the same minute).
for backend in sqlite postgres; do
  mkdir -p "$work/single-$backend"
  extra=()
  [ "$backend" = postgres ] && extra=(--database "$database")
  "$binary" serve --host 127.0.0.1 --port 0 --data-dir "$work/single-$backend" --log-level warning --rate-limit off ${extra[@]+"${extra[@]}"} \
    >"$work/single-$backend.log" 2>&1 &
  single_pid=$!
  base="$(python3 "$here/tessera_server.py" url "$work/single-$backend.log" 60 "$single_pid")" \
    || { tail -20 "$work/single-$backend.log" >&2; exit 1; }
  measure "1 node, $backend" "$base"
  stop_single
done

for nodes in 1 2; do
  python3 "$here/nginx_nodes.py" --nodes "$nodes" --database "$database" --binary "$binary" -- --log-level warning --rate-limit off \
    >"$work/nodes-$nodes.log" 2>&1 &
  nodes_pid=$!
  for _ in $(seq 300); do grep -q '^balancer ' "$work/nodes-$nodes.log" && break; sleep 0.2; done
  base="$(awk '/^balancer /{ print $2; exit }' "$work/nodes-$nodes.log")"
  [ -n "$base" ] || { cat "$work/nodes-$nodes.log" >&2; exit 1; }
  measure "$nodes node(s) postgres + nginx" "$base"
  kill -TERM "$nodes_pid"; wait "$nodes_pid" 2>/dev/null || true; nodes_pid=""
done

# The ratios, from the rates above (same run, same machine).
awk -F'\t' '{ rate[$1 "|" $2] = $3 }
  function ratio(top, bottom, mode) { return rate[bottom "|" mode] > 0 ? rate[top "|" mode] / rate[bottom "|" mode] : 0 }
  END {
    count = split("game puzzle write", modes, " ")
    for (i = 1; i <= count; i++) {
      mode = modes[i]
      printf "%-7s postgres/sqlite %.2fx   2 nodes/1 node %.2fx\n", mode,
        ratio("1 node, postgres", "1 node, sqlite", mode), ratio("2 node(s) postgres + nginx", "1 node(s) postgres + nginx", mode)
    }
  }' "$work/rates"
