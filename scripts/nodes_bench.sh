#!/usr/bin/env bash
# Many-nodes figures (issues 13 and 24), on loopback only: the same wrk runs as scripts/load.sh (a
# stored game GET, a stored puzzle GET, writes) against four targets, all started first and then
# measured in turn, round after round:
#   sqlite   one `tessera serve` on its SQLite file (the default),
#   postgres one `tessera serve --database` on a private PostgreSQL cluster,
#   nginx-1  nginx in front of 1 node on that database,
#   nginx-2  nginx in front of 2 nodes on that database.
#
#   scripts/nodes_bench.sh [--duration S] [--connections N] [--rounds R] [path/to/tessera]
#
# Timings on a small shared machine swing by a third from one minute to the next, so a target's
# figure is the median of its R runs, and each ratio is the median of the R ratios between runs
# made one after the other in the same round (the order of the targets turns every round). Each run
# also shows the CPU time its target's tessera processes and PostgreSQL spent per request: where
# two nodes share the cores with the balancer, the database and wrk, the same work costs more.
# The binary defaults to the release build. It starts the cluster (scripts/postgres_cluster.sh, its
# own folder), the single servers (scripts/tessera_server.py, port 0), the balanced nodes
# (scripts/nginx_nodes.py), creates fixtures over HTTP (scripts/load/helper.py; a fresh write pool
# per round) and runs wrk (scripts/load/tessera.lua). Every step is bounded in time and everything it
# started is stopped on exit.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
duration=10 connections=64 threads=2 rounds=3 binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift ;;
    --connections) connections=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) binary=$1 ;;
  esac
  shift
done
[[ "$duration" =~ ^[1-9][0-9]*$ && "$connections" =~ ^[1-9][0-9]*$ && "$rounds" =~ ^[1-9][0-9]?$ ]] \
  || { echo "--duration and --connections take whole numbers, --rounds 1 to 99" >&2; exit 2; }
[ -n "$binary" ] || binary="$(cd "$root" && swift build -c release --show-bin-path)/tessera"
[ -x "$binary" ] || { echo "no tessera binary at $binary (swift build -c release --product tessera)" >&2; exit 2; }

work="$(mktemp -d -t tessera-nodes.XXXXXX)"
chmod 755 "$work"
export TESSERA_PG_STATE="$work/cluster"
pids=()
cleanup() {
  for pid in ${pids[@]+"${pids[@]}"}; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" 2>/dev/null || true; done
  "$here/postgres_cluster.sh" stop || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

targets=(sqlite postgres nginx-1 nginx-2)
declare -A base nodes_of

# CPU time (clock ticks, user + system) the given processes have used so far.
cpu_ticks() {
  local total=0 pid fields
  for pid in "$@"; do
    fields=($(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null)) || continue
    total=$(( total + ${fields[11]:-0} + ${fields[12]:-0} ))
  done
  echo "$total"
}

# The same for the whole PostgreSQL cluster: the postmaster, its live processes and (cutime and
# cstime) those that ended meanwhile, so a connection closed during a run still counts.
database_ticks() {
  local postmaster fields
  postmaster=$(head -1 "$TESSERA_PG_STATE/data/postmaster.pid" 2>/dev/null) || { echo 0; return; }
  fields=($(sed 's/^.*) //' "/proc/$postmaster/stat" 2>/dev/null)) || { echo 0; return; }
  # shellcheck disable=SC2046  # a list of pids
  echo $(( ${fields[11]} + ${fields[12]} + ${fields[13]} + ${fields[14]} + $(cpu_ticks $(pgrep -P "$postmaster")) ))
}
database="$("$here/postgres_cluster.sh" start)"
echo "== wrk: ${duration} s per run, $connections connections, $threads threads, $rounds rounds"

# Every target up before the first run; an idle one costs next to nothing.
# A database each: a write's notification then wakes only the nodes of its own target.
for name in single nodes1 nodes2; do psql -q "$database" -c "CREATE DATABASE $name" >/dev/null; done
for backend in sqlite postgres; do
  mkdir -p "$work/single-$backend"
  extra=()
  [ "$backend" = postgres ] && extra=(--database "${database%/*}/single")
  "$binary" serve --host 127.0.0.1 --port 0 --data-dir "$work/single-$backend" --log-level warning --rate-limit off ${extra[@]+"${extra[@]}"} \
    >"$work/single-$backend.log" 2>&1 &
  pids+=($!)
  nodes_of[$backend]=$!
  base[$backend]="$(python3 "$here/tessera_server.py" url "$work/single-$backend.log" 60 "$!")" \
    || { tail -20 "$work/single-$backend.log" >&2; exit 1; }
done
for nodes in 1 2; do
  python3 "$here/nginx_nodes.py" --nodes "$nodes" --database "${database%/*}/nodes$nodes" --binary "$binary" -- --log-level warning --rate-limit off \
    >"$work/nodes-$nodes.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do grep -q '^balancer ' "$work/nodes-$nodes.log" && break; sleep 0.2; done
  base[nginx-$nodes]="$(awk '/^balancer /{ print $2; exit }' "$work/nodes-$nodes.log")"
  [ -n "${base[nginx-$nodes]}" ] || { cat "$work/nodes-$nodes.log" >&2; exit 1; }
  nodes_of[nginx-$nodes]="$(pgrep -P "$!" -f ' serve ' | tr '\n' ' ')"
done
pools=""
for round in $(seq "$rounds"); do pools+=" write$round=$(( 2 * connections ))"; done
for target in "${targets[@]}"; do
  mkdir -p "$work/fixtures-$target"
  # shellcheck disable=SC2086  # one argument per pool
  timeout 300 python3 "$here/load/helper.py" fixtures "${base[$target]}" "$work/fixtures-$target" $pools >/dev/null
done

# One wrk run: a line, and "round target mode rate" in $work/rates.
run() {
  local round=$1 target=$2 mode=$3 label=$3
  [ "$mode" = write ] && label="write$round"
  # shellcheck disable=SC2086  # a list of pids
  local before database_before
  before=$(cpu_ticks ${nodes_of[$target]}) database_before=$(database_ticks)
  timeout $(( duration + 30 )) wrk -t "$threads" -c "$connections" -d "${duration}s" --timeout 10s \
    -s "$here/load/tessera.lua" "${base[$target]}" -- "$mode" "$work/fixtures-$target" "$threads" "$label" >"$work/wrk.out" 2>&1 || true
  # shellcheck disable=SC2086
  local node_cpu=$(( $(cpu_ticks ${nodes_of[$target]}) - before )) database_cpu=$(( $(database_ticks) - database_before ))
  grep '^RESULT' "$work/wrk.out" | awk -F'\t' -v round="$round" -v target="$target" -v mode="$mode" -v rates="$work/rates" \
      -v hz="$(getconf CLK_TCK)" -v node_cpu="$node_cpu" -v database_cpu="$database_cpu" '{
    printf "round %-2d %-9s %-7s %7d requests in %.1f s = %7.0f req/s, p50 %.2f ms, p99 %.2f ms, non-2xx %d, socket errors %d; CPU per request: nodes %.0f µs, PostgreSQL %.0f µs\n",
      round, target, mode, $3, $4, $3 / $4, $5, $6, $7, $8, 1e6 * node_cpu / hz / $3, 1e6 * database_cpu / hz / $3
    printf "%s\t%s\t%s\t%.0f\n", round, target, mode, $3 / $4 >> rates }' | grep . || { cat "$work/wrk.out" >&2; exit 1; }
}

for round in $(seq "$rounds"); do
  for mode in game puzzle write; do
    # Turn the order each round, so no target always runs first (or right after a write run).
    for step in 0 1 2 3; do
      run "$round" "${targets[$(( (step + round - 1) % 4 ))]}" "$mode"
    done
  done
done

# Medians of the runs, and of the ratios within each round (same minute, same machine).
awk -F'\t' '
  function median(list,   n, sorted, i, j, swap) {
    n = split(list, sorted, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && sorted[j - 1] + 0 > sorted[j] + 0; j--) { swap = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = swap }
    return n == 0 ? 0 : (n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2)
  }
  { rate[$1 "|" $2 "|" $3] = $4; runs[$2 "|" $3] = runs[$2 "|" $3] " " $4; if ($1 > last) last = $1 }
  END {
    count = split("game puzzle write", modes, " ")
    printf "%-7s %9s %9s %9s %9s   %-16s %-16s\n", "median", "sqlite", "postgres", "nginx-1", "nginx-2", "postgres/sqlite", "2 nodes/1 node"
    for (i = 1; i <= count; i++) {
      mode = modes[i]; pg = ""; two = ""
      for (r = 1; r <= last; r++) {
        if (rate[r "|sqlite|" mode] > 0) pg = pg " " rate[r "|postgres|" mode] / rate[r "|sqlite|" mode]
        if (rate[r "|nginx-1|" mode] > 0) two = two " " rate[r "|nginx-2|" mode] / rate[r "|nginx-1|" mode]
      }
      printf "%-7s %9.0f %9.0f %9.0f %9.0f   %-16s %-16s\n", mode, median(runs["sqlite|" mode]), median(runs["postgres|" mode]),
        median(runs["nginx-1|" mode]), median(runs["nginx-2|" mode]), sprintf("%.2fx", median(pg)), sprintf("%.2fx", median(two))
    }
  }' "$work/rates"
