#!/usr/bin/env python3
"""Small jobs for scripts/load.sh that are awkward in bash (standard library only).

  helper.py fixtures URL DIR LABEL=N…     create the documents the wrk script reads and writes
                                          (N empty puzzles in pool-LABEL.txt for each write run)
  helper.py report RESULTS RSS_FILE       print the Markdown table, ratios and the soak verdict
"""
import concurrent.futures
import json
import sys
import time
import urllib.request

GAMES = 64          # stored TicTacToe games the read benchmark rotates over
PUZZLES = 64        # stored pentomino puzzles the read benchmark rotates over
# A local game that ends in a draw, so every stored game has a realistic 9-move history.
DRAW = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]


def call(base, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def make_game(base, moves):
    game = call(base, "POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ada", "Bob"]})
    for row, col in DRAW[:moves]:
        call(base, "POST", f"/api/tictactoe/games/{game['id']}/moves", {"row": row, "col": col})
    return game["id"]


def make_puzzle(base, placement=None):
    puzzle = call(base, "POST", "/api/pentomino/puzzles", {"board": "6x10", "flips": True})
    if placement:
        call(base, "POST", f"/api/pentomino/puzzles/{puzzle['id']}/placements", placement)
    return puzzle["id"]


def fixtures(base, folder, pools):
    """Read fixtures carry some history (games with 9 moves, puzzles with a tile placed) so the
    GETs decode and replay a real document; the write pool starts empty (see tessera.lua)."""
    started = time.time()
    # The server's hint for an empty board is a placement that is always legal there.
    probe = make_puzzle(base)
    hint = call(base, "GET", f"/api/pentomino/puzzles/{probe}/hint")["hint"]
    placement = {key: hint[key] for key in ("tile", "quarterTurns", "flipped", "row", "col")}
    # A few client threads make setup quick; the server serialises the writes anyway.
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        games = list(pool.map(lambda _: make_game(base, len(DRAW)), range(GAMES)))
        puzzles = list(pool.map(lambda _: make_puzzle(base, placement), range(PUZZLES)))
        files = [("games.txt", games), ("puzzles.txt", puzzles)]
        for label, size in pools.items():
            files.append((f"pool-{label}.txt", list(pool.map(lambda _: make_puzzle(base), range(size)))))
    for name, ids in files:
        with open(f"{folder}/{name}", "w") as out:
            out.write("\n".join(ids) + "\n")
    with open(f"{folder}/placement.txt", "w") as out:
        out.write(placement["tile"] + "\n" + json.dumps(placement, separators=(",", ":")) + "\n")
    print(f"fixtures: {GAMES} games (9 moves each), {PUZZLES} puzzles (1 tile), "
          f"{sum(pools.values())} write-pool puzzles; placement {placement['tile']} in {time.time() - started:.1f} s")
    return 0


def parse(results_path):
    rows = {}
    with open(results_path) as results:
        for line in results:
            if not line.startswith("RESULT\t"):
                continue
            _, label, requests, seconds, p50, p99, non2xx, errors, starved = line.rstrip("\n").split("\t")
            rows[label] = dict(requests=int(requests), rps=int(requests) / max(float(seconds), 1e-9),
                               p50=float(p50), p99=float(p99), non2xx=int(non2xx), errors=int(errors),
                               starved=int(starved))
    return rows


def report(results_path, rss_path):
    rows = parse(results_path)
    names = [("health", "GET /health"), ("game", "GET /api/tictactoe/games/{id}"),
             ("puzzle", "GET /api/pentomino/puzzles/{id}"),
             ("write", "POST placements / DELETE placements/{tile}"), ("soak", "soak mix (all four)")]
    print("| endpoint | req/s | p50 ms | p99 ms | non-2xx | socket errors |")
    print("|---|---:|---:|---:|---:|---:|")
    for key, name in names:
        if key in rows:
            r = rows[key]
            print(f"| {name} | {r['rps']:.0f} | {r['p50']:.2f} | {r['p99']:.2f} | {r['non2xx']} | {r['errors']} |")
    print()
    if "health" in rows:
        for key, name in (("game", "stored game GET"), ("puzzle", "stored puzzle GET")):
            if key in rows:
                print(f"{name} / health req/s: {rows[key]['rps'] / rows['health']['rps']:.2f}")
    failed = False
    for key, r in rows.items():
        if r["starved"]:
            print(f"note: {key}: {r['starved']} requests found no free pool puzzle (after lost answers)")
    measured_errors = sum(r["non2xx"] + r["errors"] for key, r in rows.items() if key != "soak")
    if measured_errors:
        print(f"FAIL: {measured_errors} non-2xx or socket errors in the per-endpoint runs")
        failed = True
    with open(rss_path) as rss:
        values = dict(line.split() for line in rss if line.strip())
    if "soak" in rows:
        cold, before, after = (int(values[k]) for k in ("cold", "before", "after"))
        growth = (after - before) * 100.0 / before
        soak = rows["soak"]
        errors = soak["non2xx"] + soak["errors"]
        ok = growth < 10.0 and errors == 0
        failed = failed or not ok
        print(f"RSS: {before / 1024:.1f} MiB before the soak, {after / 1024:.1f} MiB after "
              f"{values.get('seconds', '?')} s at {values.get('connections', '?')} connections "
              f"({soak['requests']} requests): growth {growth:+.1f}%, errors {errors} "
              f"(non-2xx {soak['non2xx']}, socket {soak['errors']}) — {'PASS' if ok else 'FAIL'} "
              f"(growth < 10% and 0 errors; {cold / 1024:.1f} MiB right after start, before any load)")
    return 1 if failed else 0


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "fixtures":
        pools = {label: int(size) for label, size in (spec.split("=") for spec in argv[4:])}
        return fixtures(argv[2], argv[3], pools)
    if command == "report":
        return report(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
