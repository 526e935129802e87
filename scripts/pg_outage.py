#!/usr/bin/env python3
"""PostgreSQL outage drill (issue 13): moves keep coming while the database is stopped for a while.

  scripts/pg_outage.py [--binary PATH] [--outage 10] [--before 5] [--after 8] [--workers 8]

Starts a private PostgreSQL cluster (scripts/postgres_cluster.sh, its own temporary folder) and one
`tessera serve --database …` on loopback, then plays local TicTacToe games from several threads:
each thread makes the moves of a drawn game in order, retrying a move until it is acknowledged.
After `--before` seconds the database is stopped (pg_ctl -m fast) for `--outage` seconds, then
started again on the same port. It reports, and checks (exit 1 when one fails):
  * during the outage every answer is a 503 JSON error, none slower than 2.5 s (fail fast, no hang);
  * /health answers 503 while the database is down and 200 after;
  * the first acknowledged move after the restart comes within 2 s of it;
  * no acknowledged move is lost: every game holds exactly the moves that were acknowledged (a move
    stored without an answer is counted separately);
  * the server process is still running.
Loopback only; bounded in time; everything it started is stopped on exit.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import tessera_server  # noqa: E402

DRAW = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]


def call(base, method, path, body=None, timeout=10):
    """(status, JSON body or None, seconds)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            status, raw = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
        return 0, {"transport": str(error)}, time.monotonic() - started
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, parsed, time.monotonic() - started


class Cluster:
    """The private cluster, with a stop and a start on the same data folder and port."""

    def __init__(self):
        self.state = tempfile.mkdtemp(prefix="tessera-pg-outage-")
        os.chmod(self.state, 0o755)  # the cluster runs as `postgres`, which must reach its folder
        self.env = dict(os.environ, TESSERA_PG_STATE=self.state + "/cluster")
        self.url = subprocess.check_output([HERE + "/postgres_cluster.sh", "start"], env=self.env, text=True).strip()
        data = self.state + "/cluster/data"
        with open(data + "/postmaster.opts") as opts:
            # "…/postgres" "-D" "…" "-p" "N" …: pg_ctl start needs the same options again.
            words = opts.read().split('"')[1::2]
        self.options = " ".join(w for w in words[1:] if not w.startswith("-D") and w != data and w != "-D")
        self.pg_ctl = os.path.join(os.path.dirname(words[0]), "pg_ctl")
        self.data = data

    def _ctl(self, *args):
        command = [self.pg_ctl, "-D", self.data, *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)

    def stop(self):
        self._ctl("-m", "fast", "-w", "stop")

    def start(self):
        self._ctl("-w", "-t", "30", "-l", self.state + "/cluster/log", "-o", self.options, "start")

    def remove(self):
        subprocess.run([HERE + "/postgres_cluster.sh", "stop"], env=self.env, check=False)
        shutil.rmtree(self.state, ignore_errors=True)


def player(base, deadline, log, games, lock):
    """Plays drawn games until the deadline; a move is retried until acknowledged."""
    game, played = None, 0
    while time.monotonic() < deadline:
        if game is None:
            status, body, seconds = call(base, "POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ada", "Bob"]})
            log.append((time.monotonic(), "create", status, seconds, body))
            if status == 201 and body:
                game, played = body["id"], 0
                with lock:
                    games[game] = 0
            else:
                time.sleep(0.05)
            continue
        row, col = DRAW[played]
        status, body, seconds = call(base, "POST", f"/api/tictactoe/games/{game}/moves", {"row": row, "col": col})
        log.append((time.monotonic(), "move", status, seconds, body))
        if status == 200:
            played += 1
            with lock:
                games[game] = played
            if played == len(DRAW):
                game = None
        elif status == 409 or status == 422:
            # Not answered last time but stored after all: the game moved on; re-read it.
            status, body, _ = call(base, "GET", f"/api/tictactoe/games/{game}")
            if status == 200:
                played = len(body.get("moves", []))
                if played == len(DRAW):
                    game = None
        else:
            time.sleep(0.05)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=None)
    parser.add_argument("--outage", type=float, default=10)
    parser.add_argument("--before", type=float, default=5)
    parser.add_argument("--after", type=float, default=8)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    binary = args.binary or os.path.join(
        subprocess.check_output(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, text=True).strip(), "tessera")

    cluster = Cluster()
    data = tempfile.mkdtemp(prefix="tessera-pg-outage-node-")
    process = None
    try:
        process, base = tessera_server.start(binary, data, "--database", cluster.url, "--log-level", "warning", cwd=ROOT)
        log, games, lock = [], {}, threading.Lock()
        health = []
        started = time.monotonic()
        deadline = started + args.before + args.outage + args.after
        with concurrent.futures.ThreadPoolExecutor(args.workers + 1) as pool:
            for _ in range(args.workers):
                pool.submit(player, base, deadline, log, games, lock)

            def watch_health():
                while time.monotonic() < deadline:
                    status, body, seconds = call(base, "GET", "/health", timeout=5)
                    health.append((time.monotonic(), status, seconds))
                    time.sleep(0.2)
            pool.submit(watch_health)
            time.sleep(args.before)
            down = time.monotonic()
            cluster.stop()
            stopped = time.monotonic()
            time.sleep(max(0, args.outage - (stopped - down)))
            restarting = time.monotonic()
            cluster.start()
            up = time.monotonic()
        # Wait for every thread to pass the deadline (the executor's exit did).
        # Answers that came back while the database was down (those that started before the stop
        # or ended after the restart began are neither).
        during = [entry for entry in log if stopped <= entry[0] - entry[3] and entry[0] <= restarting]
        during_health = [h for h in health if stopped <= h[0] - h[2] and h[0] <= restarting]
        after_ok = [entry[0] for entry in log if entry[0] > up and entry[2] in (200, 201)]
        first_after = (min(after_ok) - up) if after_ok else None
        bad_during = [e for e in during if e[2] != 503 or not (isinstance(e[4], dict) and "error" in e[4])]
        slowest_during = max((e[3] for e in during), default=0.0)

        lost = extra = 0
        for game, acknowledged in games.items():
            status, body, _ = call(base, "GET", f"/api/tictactoe/games/{game}")
            stored = len(body.get("moves", [])) if status == 200 and body else -1
            if stored < acknowledged:
                lost += acknowledged - stored
            elif stored > acknowledged:
                extra += stored - acknowledged
        alive = process.poll() is None
        acknowledged_moves = sum(games.values())
        checks = {
            "every answer during the outage is a 503 JSON error": not bad_during and bool(during),
            "none slower than 2.5 s during the outage": slowest_during <= 2.5,
            "/health is 503 while down": bool(during_health) and all(h[1] == 503 for h in during_health),
            "/health is 200 at the end": call(base, "GET", "/health")[0] == 200,
            "a move succeeds within 2 s of the restart": first_after is not None and first_after <= 2.0,
            "no acknowledged move is lost": lost == 0,
            "the server is still running": alive,
        }
        print(f"database stopped {stopped - started:.1f} s in, for {up - stopped:.1f} s (ready again {up - restarting:.2f} s after pg_ctl start) (stop took {stopped - down:.2f} s)")
        print(f"requests: {len(log)} ({acknowledged_moves} moves acknowledged in {len(games)} games); "
              f"during the outage {len(during)} answers, statuses {sorted(set(e[2] for e in during))}, slowest {slowest_during * 1000:.0f} ms, "
              f"median {sorted(e[3] for e in during)[len(during) // 2] * 1000 if during else 0:.0f} ms")
        print(f"/health during the outage: {sorted(set(h[1] for h in during_health))}, slowest "
              f"{max((h[2] for h in during_health), default=0) * 1000:.0f} ms")
        print(f"first acknowledged move after the restart: "
              f"{'never' if first_after is None else f'{first_after * 1000:.0f} ms'}")
        print(f"lost acknowledged moves: {lost}; stored without an answer: {extra}")
        for entry in [e for e in during if e[2] != 503][:5]:
            print(f"  not a 503: {entry[1]} answered {entry[2]} after {entry[3] * 1000:.0f} ms, {entry[0] - stopped:.1f} s into the outage: {str(entry[4])[:160]}")
        for name, ok in checks.items():
            print(("PASS " if ok else "FAIL ") + name)
        return 0 if all(checks.values()) else 1
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        cluster.remove()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
