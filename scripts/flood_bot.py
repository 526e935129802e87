#!/usr/bin/env python3
"""A bot creating TicTacToe games and Pentomino puzzles as fast as the server answers (issue 23,
figures): how many were stored, how many were refused with 429, the data folder's size before and
after, and /health's p99 meanwhile (target: under 50 ms).

  scripts/flood_bot.py [path/to/tessera] [--seconds 60] [--workers 8] [--limit ""] [--pupils 0]

Starts `tessera serve` on a loopback port the kernel picks with a fresh data folder (SQLite, the
default every user runs) and `--log-level warning`; `--limit off` (or any `--rate-limit` value)
is passed on, to compare with the limits lifted. WORKERS threads, each on one keep-alive
connection from 127.0.0.1 (one client, as a script on one machine is), alternate POST
/api/tictactoe/games and POST /api/pentomino/puzzles without pausing, while /health is timed every
50 ms. Exits 1 if /health's p99 is 50 ms or more. Loopback only; bounded in time; always stops
the server it started.

`--pupils 30` plays a class instead: 30 anonymous pupils behind the same address, each starting a
TicTacToe game about every 20 s, running a Rapid Router program about every 10 s and asking for a
Pentomino hint about every 30 s (randomly spread). With the default limits none of them should
ever see a 429.
"""
import random
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
    args = tessera_server.script_arguments(seconds=60.0, workers=8, limit="", pupils=0)
    data = tempfile.mkdtemp(prefix="tessera-flood-")
    extra = ["--log-level", "warning"] + (["--rate-limit", args.limit] if args.limit else [])
    process, base = tessera_server.start(args.binary, data, *extra)
    try:
        return classroom(base, args) if args.pupils else flood(base, data, args)
    finally:
        tessera_server.stop(process, data)


def classroom(base, args):
    host, port = base.removeprefix("http://").rsplit(":", 1)
    setup = http.client.HTTPConnection(host, int(port), timeout=10)
    setup.request("POST", "/api/pentomino/puzzles", json.dumps({"board": "6x10"}), {"Content-Type": "application/json"})
    puzzle = json.loads(setup.getresponse().read())["id"]
    setup.close()
    actions = [  # (every this many seconds on average, method, path, body)
        (20, "POST", "/api/tictactoe/games", BODIES[0][1]),
        (10, "POST", "/api/router/levels/1/runs",
         json.dumps({"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}]}})),
        (30, "GET", f"/api/pentomino/puzzles/{puzzle}/hint", None),
    ]
    counts = {}
    lock = threading.Lock()
    stop = threading.Event()

    def pupil(index):
        rng = random.Random(index)
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        due = [rng.uniform(0, every) for every, *_ in actions]  # a class does not start in step
        started = time.time()
        while not stop.is_set():
            now = time.time() - started
            which = min(range(len(actions)), key=lambda i: due[i])
            if due[which] > now:
                stop.wait(due[which] - now)
                continue
            every, method, path, body = actions[which]
            due[which] += rng.uniform(0.5 * every, 1.5 * every)
            connection.request(method, path, body, {"Content-Type": "application/json"} if body else {})
            answer = connection.getresponse()
            answer.read()
            key = (path.split("/")[2] if "/hint" not in path else "hint", answer.status)
            with lock:
                counts[key] = counts.get(key, 0) + 1
        connection.close()

    threads = [threading.Thread(target=pupil, args=(i,), daemon=True) for i in range(args.pupils)]
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=35)
    refused = sum(n for (_, status), n in counts.items() if status == 429)
    summary = ", ".join(f"{what} {status}: {n}" for (what, status), n in sorted(counts.items()))
    print(f"a class of {args.pupils} pupils behind one address for {args.seconds:.0f} s, --rate-limit "
          f"{args.limit or 'default'}: {summary}")
    print(f"refused with 429: {refused} -> {'PASS' if refused == 0 else 'FAIL'} (none)")
    return 0 if refused == 0 else 1


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
