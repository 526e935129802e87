#!/usr/bin/env python3
"""The retention purge on a big SQLite data folder (issue 23, figures): how long deleting 100,000
idle anonymous documents takes, and /health's p99 (target: under 50 ms) and a new game's p99 while
it runs.

  scripts/purge_bench.py [path/to/tessera] [--documents 100000] [--batch 300]

1. Starts `tessera serve` once on a fresh data folder so it makes its tables, creates one game, one
   puzzle, one anonymous player's progress and one signed-in pupil's progress through the API, and
   stops it.
2. Copies those rows with sqlite3 (the server is stopped, so nothing else writes) into DOCUMENTS
   idle anonymous documents (60 % games, 20 % puzzles, 20 % progress), last written two days ago.
3. Starts `serve --retain-idle 1d` on the folder: the purge runs at once. Meanwhile /health and
   POST /api/tictactoe/games are timed every 20 ms until the server logs the round's line
   ("Retention purge deleted …"), which carries the round's own time.
4. Checks that the pupil's progress is still there and every idle document is gone.

Exits 1 if /health's p99 is 50 ms or more, or if anything was kept or lost that should not be.
Loopback only; bounded in time; always stops the servers it started.
"""
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.request

import tessera_server  # beside this script

GRDB_TIME = "%Y-%m-%d %H:%M:%S.000"  # how GRDB writes a Date: UTC text, sortable
SOLVES_LEVEL_1 = {"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}]}, "seconds": 5}


def seed(binary, data):
    """Tables, and one row of each kind to copy; the pupil's player id."""
    process, base = tessera_server.start(binary, data, "--log-level", "warning", "--rate-limit", "off", log_name="seed.log")
    try:
        anyone = tessera_server.Browser(base)
        anyone.call("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ada", "Bob"]})
        anyone.call("POST", "/api/pentomino/puzzles", {"board": "6x10", "flips": True})
        anyone.call("POST", "/api/router/levels/1/runs", {**SOLVES_LEVEL_1, "player": "BenchPage0000001"})
        teacher = tessera_server.Browser(base)
        teacher.call("POST", "/api/auth/teachers", {"name": "Ms Bench", "email": "bench@school.org", "password": "a long enough password"})
        made = teacher.call("POST", "/api/classes", {"name": "Bench"})
        pupils = teacher.call("POST", f"/api/classes/{made['id']}/pupils", {"names": ["Sam"]})["pupils"]
        pupil = tessera_server.Browser(base)
        pupil.call("POST", "/api/auth/login", {"classCode": made["code"], "name": "Sam", "password": pupils[0]["password"]})
        pupil.call("POST", "/api/router/levels/1/runs", SOLVES_LEVEL_1)
        return "acct-" + pupil.call("GET", "/api/auth/me")["user"]["id"]
    finally:
        process.terminate()
        process.wait(timeout=30)


def fill(data, documents, pupil):
    """DOCUMENTS idle anonymous copies of the seeded rows, the pupil's progress made just as idle."""
    old = time.strftime(GRDB_TIME, time.gmtime(time.time() - 2 * 86400))
    database = sqlite3.connect(os.path.join(data, "tessera.sqlite"))
    kinds = [("tictactoe_match", 0.6), ("pentomino_puzzle", 0.2), ("router_progress", 0.2)]
    for table, share in kinds:
        body = database.execute(f"SELECT body FROM {table} WHERE owner IS NULL LIMIT 1").fetchone()[0]
        count = int(documents * share)
        rows = ((f"bench-{table}-{index}", body, old, old) for index in range(count))
        database.executemany(f"INSERT INTO {table} (id, body, created_at, updated_at) VALUES (?, ?, ?, ?)", rows)
    database.execute("UPDATE router_progress SET updated_at = ? WHERE id = ?", (old, pupil))
    database.commit()
    idle = sum(database.execute(f"SELECT count(*) FROM {table} WHERE id LIKE 'bench-%'").fetchone()[0] for table, _ in kinds)
    database.close()
    return idle


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def main():
    options = tessera_server.script_arguments(documents=100_000, batch=300)
    binary = options.binary
    data = tempfile.mkdtemp(prefix="tessera-purge-bench-")
    try:
        pupil = seed(binary, data)
        idle = fill(data, options.documents, pupil)
        size = os.path.getsize(os.path.join(data, "tessera.sqlite"))
        print(f"{idle} idle anonymous documents in a {size / 1e6:.1f} MB database")

        process, base = tessera_server.start(binary, data, "--retain-idle", "1d", "--rate-limit", "off", log_name="purge.log")
        health, creates, done = [], [], threading.Event()

        def time_health():
            while not done.is_set():
                started = time.perf_counter()
                urllib.request.urlopen(base + "/health", timeout=10).read()
                health.append((time.perf_counter() - started) * 1000)
                time.sleep(0.02)

        def time_creates():
            anyone = tessera_server.Browser(base)
            while not done.is_set():
                started = time.perf_counter()
                anyone.call("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ada", "Bob"]})
                creates.append((time.perf_counter() - started) * 1000)
                time.sleep(0.02)

        threads = [threading.Thread(target=time_health), threading.Thread(target=time_creates)]
        for thread in threads:
            thread.start()
        log_path = os.path.join(data, "purge.log")
        line = None
        deadline = time.time() + 600
        while line is None and time.time() < deadline:
            with open(log_path) as log:
                line = next((text for text in log if "Retention purge deleted" in text), None)
            time.sleep(0.05)
        done.set()
        for thread in threads:
            thread.join()
        if line is None:
            print("no purge line in the log within 600 s")
            return 1
        seconds = float(re.search(r"in ([0-9.]+) s", line).group(1))
        print(line.split("[TesseraServer] ")[-1].strip())
        print(f"purge: {idle} documents in {seconds:.2f} s ({idle / seconds:,.0f} per second)")
        print(f"/health while it ran: p50 {percentile(health, 0.5):.1f} ms, p99 {percentile(health, 0.99):.1f} ms, "
              f"max {max(health):.1f} ms ({len(health)} calls)")
        print(f"new game while it ran: p50 {percentile(creates, 0.5):.1f} ms, p99 {percentile(creates, 0.99):.1f} ms, "
              f"max {max(creates):.1f} ms ({len(creates)} calls)")

        tessera_server.stop(process)
        database = sqlite3.connect(os.path.join(data, "tessera.sqlite"))
        left = database.execute("SELECT count(*) FROM tictactoe_match WHERE id LIKE 'bench-%'").fetchone()[0]
        pupil_row = database.execute("SELECT count(*) FROM router_progress WHERE id = ?", (pupil,)).fetchone()[0]
        database.close()
        print(f"after: {left} idle games left, the pupil's progress {'kept' if pupil_row == 1 else 'LOST'}")
        ok = percentile(health, 0.99) < 50 and left == 0 and pupil_row == 1
        return 0 if ok else 1
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
