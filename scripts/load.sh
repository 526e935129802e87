#!/usr/bin/env bash
# Load and soak figures for `tessera serve`, reproducible in one command (issue 8, item 10).
#
#   scripts/load.sh [options] [path/to/tessera] [-- extra `tessera serve` arguments]
#
# The binary defaults to the release build: "$(swift build -c release --show-bin-path)/tessera"
# (build it first with `swift build -c release --product tessera`; a debug binary works too but
# its figures are not the ones to quote).
#
# What it does, all against 127.0.0.1 only:
#   1. starts `tessera serve` on loopback port 0 with a fresh data dir, waits for the address it
#      reports (scripts/tessera_server.py), and creates fixtures through the API (scripts/load/helper.py);
#   2. runs wrk (scripts/load/tessera.lua) against, one after the other:
#        GET /health, GET a stored TicTacToe game, GET a stored pentomino puzzle, and writes
#        (POST …/placements then DELETE …/placements/{tile} over a pool of puzzles — every write
#        succeeds, so non-2xx must stay 0);
#   3. soak: a warm-up of the mix at the soak's connection count, then the server's RSS
#      (/proc/PID/status VmRSS) before and after a soak over the mix; PASS when RSS grows by less
#      than 10% and there are no errors (non-2xx + socket errors);
#   4. prints a Markdown table (endpoint, req/s, p50, p99, non-2xx), the ratio of each stored
#      document GET's req/s to /health's, and the RSS line.
# Exit status: 0 when every run had 0 errors and the soak passed, 1 otherwise, 2 on bad usage.
#
# Options:
#   --duration S          seconds per endpoint (default 10)
#   --connections N       connections per endpoint run (default 64)
#   --threads N           wrk threads (default 2)
#   --soak S              soak seconds (default 60)
#   --soak-connections N  soak connections (default 128)
#   --warmup S            warm-up seconds before the soak's first RSS reading (default 10)
#   --quick               CI smoke test: 2 s per endpoint, 2 s warm-up, 5 s soak (under a minute)
#   -- ARGS…              passed to `tessera serve`, e.g. `-- --log-level notice` to measure without
#                         the access log (the default, info, writes one line per request)
#
# wrk is installed from apt when missing (like .ci/run does for Chromium). Every step is bounded
# in time, and the server this script started is always stopped (trap on EXIT).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
load="$here/load"

duration=10 connections=64 threads=2 soak=60 soak_connections=128 warmup=10 binary=""
serve_args=()

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
number() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "$1 needs a positive whole number, not '$2'" >&2; exit 2; }; }

while [ $# -gt 0 ]; do
  case "$1" in
    --quick) duration=2 warmup=2 soak=5 ;;
    --duration|--connections|--threads|--soak|--soak-connections|--warmup)
      [ $# -ge 2 ] || { echo "$1 needs a value" >&2; exit 2; }
      number "$1" "$2"
      case "$1" in
        --duration) duration=$2 ;; --connections) connections=$2 ;; --threads) threads=$2 ;;
        --soak) soak=$2 ;; --soak-connections) soak_connections=$2 ;; --warmup) warmup=$2 ;;
      esac
      shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; serve_args=("$@"); break ;;
    -*) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    *) binary=$1 ;;
  esac
  shift
done
# wrk refuses fewer connections than threads.
[ "$connections" -ge "$threads" ] && [ "$soak_connections" -ge "$threads" ] \
  || { echo "connections must be at least --threads ($threads)" >&2; exit 2; }

if [ -z "$binary" ]; then
  binary="$(cd "$root" && swift build -c release --show-bin-path)/tessera"
fi
[ -x "$binary" ] || {
  echo "no tessera binary at $binary — build it: swift build -c release --product tessera" >&2; exit 2; }

if ! command -v wrk >/dev/null 2>&1; then
  echo "== installing wrk (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi

work="$(mktemp -d -t tessera-load.XXXXXX)"
server_pid="" wrk_pid=""
stop_server() {
  # SIGTERM first (the server shuts down cleanly), SIGKILL after 10 s; never waits longer.
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
cleanup() {
  if [ -n "$wrk_pid" ]; then kill -TERM "$wrk_pid" 2>/dev/null || true; wait "$wrk_pid" 2>/dev/null || true; fi
  stop_server
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work/data" "$work/fixtures"
# Port 0: the kernel picks a free port and the server prints the address it got. One client
# creating hundreds of fixtures and then writing as fast as it can is what the per-client limits
# exist to stop; this measures the server itself, so they are off (scripts/flood_bot.py measures them).
"$binary" serve --host 127.0.0.1 --port 0 --data-dir "$work/data" --rate-limit off ${serve_args[@]+"${serve_args[@]}"} \
  >"$work/serve.log" 2>&1 &
server_pid=$!
base="$(python3 "$here/tessera_server.py" url "$work/serve.log" 60 "$server_pid")" \
  || { tail -20 "$work/serve.log" >&2; exit 1; }
echo "== $binary serve on $base (data in $work/data) ${serve_args[*]+${serve_args[*]}}"

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
echo "cold $(rss)" >"$work/rss"

# A write pool per run (see tessera.lua), twice its connections, so a puzzle is always free even
# with every connection busy (wrk splits the pool between its threads).
timeout 120 python3 "$load/helper.py" fixtures "$base" "$work/fixtures" \
  "write=$(( 2 * connections ))" "warmup=$(( 2 * soak_connections ))" "soak=$(( 2 * soak_connections ))"

: >"$work/results"
# run LABEL MODE SECONDS CONNECTIONS — one wrk run; its RESULT line goes to $work/results.
run() {
  local label=$1 mode=$2 seconds=$3 conns=$4 out
  # In the background and waited for, so a signal to this script stops it at once (bash runs
  # traps only between foreground commands); cleanup stops this wrk too.
  timeout $(( seconds + 30 )) wrk -t "$threads" -c "$conns" -d "${seconds}s" --timeout 10s \
    -s "$load/tessera.lua" "$base" -- "$mode" "$work/fixtures" "$threads" "$label" >"$work/wrk.out" 2>&1 &
  wrk_pid=$!
  wait "$wrk_pid" || true
  wrk_pid=""
  out="$(cat "$work/wrk.out")"
  if ! grep -q '^RESULT' <<<"$out"; then
    echo "wrk run '$label' gave no result:" >&2; echo "$out" >&2; exit 1
  fi
  grep '^RESULT' <<<"$out" | tee -a "$work/results" | awk -F'\t' '{
    printf "   %-7s %6d requests in %.1f s = %8.0f req/s, p50 %.2f ms, p99 %.2f ms, non-2xx %d, socket errors %d\n",
      $2, $3, $4, $3 / $4, $5, $6, $7, $8 }'
  kill -0 "$server_pid" 2>/dev/null || { echo "the server died during '$label':" >&2; tail -20 "$work/serve.log" >&2; exit 1; }
}

echo "== per endpoint: ${duration} s each, $connections connections, $threads threads"
run health health "$duration" "$connections"
run game game "$duration" "$connections"
run puzzle puzzle "$duration" "$connections"
run write write "$duration" "$connections"

# The warm-up opens the soak's connections and fills caches and pools first, so the soak
# measures growth in steady state (a leak), not the first allocation of 128 connections.
echo "== soak: ${warmup} s warm-up, then ${soak} s at $soak_connections connections over the mix"
run warmup mix "$warmup" "$soak_connections"
echo "before $(rss)" >>"$work/rss"
run soak mix "$soak" "$soak_connections"
sleep 1   # let closed connections' buffers go back before the second reading
{ echo "after $(rss)"; echo "seconds $soak"; echo "connections $soak_connections"; } >>"$work/rss"

echo
status=0
python3 "$load/helper.py" report "$work/results" "$work/rss" || status=$?
exit "$status"
