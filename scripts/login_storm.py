#!/usr/bin/env python3
"""Does the server stay responsive while many people sign in at once? (classroom issue, speed)

  scripts/login_storm.py [path/to/tessera] [--clients 50] [--seconds 10]

Starts `tessera serve` on a loopback port the kernel picks (fresh data dir), signs one teacher up,
times GET /health every 50 ms for a few seconds (the baseline), then has N clients sign in over and
over (each sign-in is a bcrypt check at the server's cost) while /health keeps being timed. Prints
sign-ins per second, how many were refused with 429 (the hasher's queue is full), and /health's
p50/p99 before and during; exits 1 if p99 during the storm is 50 ms or more.
Loopback only; bounded in time; always stops the server it started.
"""
import sys
import threading
import time

import tessera_server  # beside this script
from tessera_server import Browser
PASSWORD = "a long enough password"


def main():
    args = tessera_server.script_arguments(clients=50, seconds=10.0)
    # The figure is about bcrypt under load, not the per-client sign-in limit (all clients here share one address).
    with tessera_server.running(args.binary, "--rate-limit", "signin=off") as base:
        return storm(base, args)


def storm(base, args):
    counts = {"ok": 0, "busy": 0, "other": 0}
    lock = threading.Lock()
    stop = threading.Event()
    teacher = {"email": "storm@school.org", "password": PASSWORD}
    assert Browser(base).request("POST", "/api/auth/teachers", {"name": "Storm", **teacher})[0] == 201
    before = tessera_server.health_timings(base, 3)

    def client():
        while not stop.is_set():
            status = Browser(base).request("POST", "/api/auth/login", teacher)[0]
            with lock:
                counts["ok" if status == 200 else "busy" if status == 429 else "other"] += 1
            if status == 429:
                time.sleep(0.2)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
    started = time.time()
    try:
        for thread in threads:
            thread.start()
        during = tessera_server.health_timings(base, args.seconds)
    finally:
        stop.set()
    elapsed = time.time() - started
    for thread in threads:
        thread.join(timeout=30)
    print(f"{args.clients} clients signing in for {elapsed:.1f} s: {counts['ok']} signed in ({counts['ok'] / elapsed:.1f}/s), "
          f"{counts['busy']} refused with 429, {counts['other']} other")
    print(f"/health before ({before[2]} calls): p50 {before[0]:.2f} ms, p99 {before[1]:.2f} ms")
    print(f"/health during ({during[2]} calls): p50 {during[0]:.2f} ms, p99 {during[1]:.2f} ms "
          f"-> {'PASS' if during[1] < 50 and counts['other'] == 0 else 'FAIL'} (p99 < 50 ms, no other answers)")
    return 0 if during[1] < 50 and counts["other"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
