#!/usr/bin/env python3
"""A bot creating TicTacToe games and Pentomino puzzles as fast as the server answers (issue 23,
figures): how many were stored, how many were refused with 429, the data folder's size before and
after, and /health's p99 meanwhile (target: under 50 ms).

  scripts/flood_bot.py [path/to/tessera] [--seconds 60] [--workers 8] [--limit ""]

Starts `tessera serve` on a loopback port the kernel picks with a fresh data folder (SQLite, the
default every user runs) and `--log-level warning`; `--limit off` (or any `--rate-limit` value)
is passed on, to compare with the limits lifted. WORKERS threads, each on one keep-alive
connection from 127.0.0.1 (one client, as a script on one machine is), alternate POST
/api/tictactoe/games and POST /api/pentomino/puzzles without pausing, while /health is timed every
50 ms. Exits 1 if /health's p99 is 50 ms or more. Loopback only; bounded in time; always stops
the server it started.
"""
import http.client
import json
import os
import sys
import tempfile
import threading
import time
import urllib.request

import tessera_server  # beside this script

BODIES = [
    ("/api/tictactoe/games", json.dumps({"mode": "local", "players": ["Ada", "Bob"]})),
    ("/api/pentomino/puzzles", json.dumps({"board": "6x10", "flips": True})),
]


def folder_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                total += os.path.getsize(os.path.join(root, name))
            except OSError:
                pass  # a WAL file checkpointed away while we looked
    return total


def main():
    args = tessera_server.script_arguments(seconds=60.0, workers=8, limit="")
    data = tempfile.mkdtemp(prefix="tessera-flood-")
    extra = ["--log-level", "warning"] + (["--rate-limit", args.limit] if args.limit else [])
    process, base = tessera_server.start(args.binary, data, *extra)
    try:
        return flood(base, data, args)
    finally:
        tessera_server.stop(process, data)


def flood(base, data, args):
    host, port = base.removeprefix("http://").rsplit(":", 1)
    counts = {"games": 0, "puzzles": 0, "refused": 0, "other": 0}
    retry_after = set()
    lock = threading.Lock()
    stop = threading.Event()
    tessera_server.health_timings(base, 0.5)  # warm up: the first requests open the database
    before = folder_bytes(data)

    def worker(index):
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        turn = index
        while not stop.is_set():
            path, body = BODIES[turn % 2]
            turn += 1
            try:
                connection.request("POST", path, body, {"Content-Type": "application/json"})
                answer = connection.getresponse()
                answer.read()
            except (OSError, http.client.HTTPException):
                connection.close()
                connection = http.client.HTTPConnection(host, int(port), timeout=10)
                continue
            with lock:
                if answer.status == 201:
                    counts["games" if "tictactoe" in path else "puzzles"] += 1
                elif answer.status == 429:
                    counts["refused"] += 1
                    retry_after.add(answer.getheader("Retry-After"))
                else:
                    counts["other"] += 1
        connection.close()

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(args.workers)]
    started = time.time()
    for thread in threads:
        thread.start()
    timings = []
    while time.time() - started < args.seconds:
        begun = time.perf_counter()
        urllib.request.urlopen(base + "/health", timeout=5).read()
        timings.append((time.perf_counter() - begun) * 1000)
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(timeout=15)
    elapsed = time.time() - started
    time.sleep(0.5)  # let the last commits reach the file
    after = folder_bytes(data)
    timings.sort()
    p50 = timings[len(timings) // 2]
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    sent = counts["games"] + counts["puzzles"] + counts["refused"] + counts["other"]
    limit = args.limit or "default"
    print(f"flood for {elapsed:.0f} s, {args.workers} connections from 127.0.0.1, --rate-limit {limit}: "
          f"{sent} requests ({sent / elapsed:.0f}/s)")
    print(f"stored: {counts['games']} games, {counts['puzzles']} puzzles; refused with 429: {counts['refused']} "
          f"(Retry-After {', '.join(sorted(v for v in retry_after if v)) or '-'}); other answers: {counts['other']}")
    print(f"data folder: {before / 1024:.0f} KiB before, {after / 1024:.0f} KiB after")
    print(f"/health meanwhile ({len(timings)} calls): p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {timings[-1]:.2f} ms "
          f"-> {'PASS' if p99 < 50 else 'FAIL'} (p99 < 50 ms)")
    return 0 if p99 < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
