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
#   scripts/nodes_bench.sh --node-cpu 0.4 [--nodes "1 2 3"] […]
#
# With --node-cpu F each node runs in a cgroup of its own (cgroup v1 `cpu` controller:
# cpu.cfs_quota_us = F × cpu.cfs_period_us), so it may use F of one core and no more. On a machine
# whose few cores the nodes share with nginx, wrk and PostgreSQL, more nodes could not show more
# capacity: each new node only took CPU from the others. With a fixed share per node, N nodes have
# N shares, and what is left (2 − N × F cores here) stays for wrk, nginx and PostgreSQL. The targets
# are then nginx in front of each count in --nodes, and the table gives each count's ratio to one.
# Each node is also told its share, rounded up to whole cores (`serve --cpus`), as a container's CPU
# limit would tell it: one event loop and a pool for one core instead of the machine's two. At 0.25
# of a core that took one node's game GETs from 190–280 to 137–211 µs of CPU each.
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
duration=10 connections=64 threads=2 rounds=3 binary="" node_cpu="" node_counts="1 2 3"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration=$2; shift ;;
    --connections) connections=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --node-cpu) node_cpu=$2; shift ;;
    --nodes) node_counts=$2; shift ;;
    -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) binary=$1 ;;
  esac
  shift
done
[[ "$duration" =~ ^[1-9][0-9]*$ && "$connections" =~ ^[1-9][0-9]*$ && "$rounds" =~ ^[1-9][0-9]?$ ]] \
  || { echo "--duration and --connections take whole numbers, --rounds 1 to 99" >&2; exit 2; }
[[ -z "$node_cpu" || "$node_cpu" =~ ^(0\.[0-9]*[1-9][0-9]*|1(\.0*)?)$ ]] \
  || { echo "--node-cpu takes a share of one core, more than 0 and at most 1 (0.4)" >&2; exit 2; }
[[ "$node_counts" =~ ^[1-9]( [1-9])*$ ]] || { echo "--nodes takes node counts from 1 to 9, like \"1 2 3\"" >&2; exit 2; }
cgroups=/sys/fs/cgroup/cpu
if [ -n "$node_cpu" ] && ! [ -w "$cgroups/cgroup.procs" ]; then
  echo "--node-cpu needs the cgroup v1 cpu controller writable at $cgroups (run as root)" >&2; exit 2
fi
[ -n "$binary" ] || binary="$(cd "$root" && swift build -c release --show-bin-path)/tessera"
[ -x "$binary" ] || { echo "no tessera binary at $binary (swift build -c release --product tessera)" >&2; exit 2; }

work="$(mktemp -d -t tessera-nodes.XXXXXX)"
chmod 755 "$work"
export TESSERA_PG_STATE="$work/cluster"
pids=()
made_cgroups=()
cleanup() {
  for pid in ${pids[@]+"${pids[@]}"}; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" 2>/dev/null || true; done
  # A cgroup goes once its processes have: wait a moment for the nodes' exits.
  for group in ${made_cgroups[@]+"${made_cgroups[@]}"}; do
    for _ in $(seq 50); do rmdir "$group" 2>/dev/null && break; sleep 0.1; done
  done
  "$here/postgres_cluster.sh" stop || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -n "$node_cpu" ]; then
  targets=()
  for count in $node_counts; do targets+=("nginx-$count"); done
else
  targets=(sqlite postgres nginx-1 nginx-2)
fi
declare -A base nodes_of

# Puts process PID (all its threads) in a cgroup of its own limited to $node_cpu of one core.
cap_cpu() {
  local pid=$1 group="$cgroups/tessera-bench-$$-$1" period
  mkdir "$group"
  made_cgroups+=("$group")
  period=$(cat "$group/cpu.cfs_period_us")
  awk -v share="$node_cpu" -v period="$period" 'BEGIN { printf "%d\n", share * period }' >"$group/cpu.cfs_quota_us"
  echo "$pid" >"$group/cgroup.procs"
}

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
[ -z "$node_cpu" ] || echo "== each node limited to $node_cpu of one core (cgroup cpu.cfs_quota_us); $(nproc) cores in all"

# Every target up before the first run; an idle one costs next to nothing.
# A database each: a write's notification then wakes only the nodes of its own target.
for name in single $(for target in "${targets[@]}"; do [[ $target == nginx-* ]] && echo "nodes${target#nginx-}"; done); do
  psql -q "$database" -c "CREATE DATABASE $name" >/dev/null
done
for backend in $(for target in "${targets[@]}"; do [[ $target == nginx-* ]] || echo "$target"; done); do
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
for nodes in $(for target in "${targets[@]}"; do [[ $target == nginx-* ]] && echo "${target#nginx-}"; done); do
  python3 "$here/nginx_nodes.py" --nodes "$nodes" --database "${database%/*}/nodes$nodes" --binary "$binary" -- --log-level warning --rate-limit off \
    ${node_cpu:+--cpus "$(awk -v share="$node_cpu" 'BEGIN { cores = int(share); if (cores < share) cores++; print cores }')"} \
    >"$work/nodes-$nodes.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do grep -q '^balancer ' "$work/nodes-$nodes.log" && break; sleep 0.2; done
  base[nginx-$nodes]="$(awk '/^balancer /{ print $2; exit }' "$work/nodes-$nodes.log")"
  [ -n "${base[nginx-$nodes]}" ] || { cat "$work/nodes-$nodes.log" >&2; exit 1; }
  nodes_of[nginx-$nodes]="$(pgrep -P "$!" -f ' serve ' | tr '\n' ' ')"
  if [ -n "$node_cpu" ]; then
    for pid in ${nodes_of[nginx-$nodes]}; do cap_cpu "$pid"; done
  fi
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
    for step in $(seq 0 $(( ${#targets[@]} - 1 ))); do
      run "$round" "${targets[$(( (step + round - 1) % ${#targets[@]} ))]}" "$mode"
    done
  done
done

# Medians of the runs, and of the ratios within each round (same minute, same machine): PostgreSQL
# to SQLite, and each nginx target to nginx in front of one node.
awk -F'\t' -v targets="${targets[*]}" '
  function median(list,   n, sorted, i, j, swap) {
    n = split(list, sorted, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && sorted[j - 1] + 0 > sorted[j] + 0; j--) { swap = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = swap }
    return n == 0 ? 0 : (n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2)
  }
  function ratio(over, under, mode,   list, r) {
    list = ""
    for (r = 1; r <= last; r++) if (rate[r "|" under "|" mode] > 0) list = list " " rate[r "|" over "|" mode] / rate[r "|" under "|" mode]
    return sprintf("%.2fx", median(list))
  }
  { rate[$1 "|" $2 "|" $3] = $4; runs[$2 "|" $3] = runs[$2 "|" $3] " " $4; if ($1 > last) last = $1 }
  END {
    count = split("game puzzle write", modes, " "); columns = split(targets, target, " ")
    header = sprintf("%-7s", "median")
    for (t = 1; t <= columns; t++) header = header sprintf(" %9s", target[t])
    if (("sqlite|game") in runs && ("postgres|game") in runs) header = header sprintf("   %-16s", "postgres/sqlite")
    for (t = 1; t <= columns; t++) if (target[t] ~ /^nginx-[2-9]$/ && ("nginx-1|game") in runs) header = header sprintf("   %-16s", substr(target[t], 7) " nodes/1 node")
    print header
    for (i = 1; i <= count; i++) {
      mode = modes[i]; line = sprintf("%-7s", mode)
      for (t = 1; t <= columns; t++) line = line sprintf(" %9.0f", median(runs[target[t] "|" mode]))
      if (("sqlite|game") in runs && ("postgres|game") in runs) line = line sprintf("   %-16s", ratio("postgres", "sqlite", mode))
      for (t = 1; t <= columns; t++) if (target[t] ~ /^nginx-[2-9]$/ && ("nginx-1|game") in runs) line = line sprintf("   %-16s", ratio(target[t], "nginx-1", mode))
      print line
    }
  }' "$work/rates"
