#!/usr/bin/env python3
"""Does the server stay responsive while clients pile onto /api/maze/explore? (issue 8, item 3)

  scripts/explore_storm.py [path/to/tessera] [--streams 30] [--seconds 10]

Starts `tessera serve` on a loopback port the kernel picks (fresh data dir), opens N simultaneous 101×101
exploration streams (the server runs at most --maze-max-explorations of them, default 4, and
answers the rest 429), and meanwhile times GET /health once every 50 ms. Prints how many streams
ran and were refused, and /health's p50/p99/max; exits 1 if p99 is 50 ms or more.
Loopback only; bounded in time; always stops the server it started.
"""
import sys
import threading
import time
import urllib.error
import urllib.request

import tessera_server  # beside this script


def main():
    args = tessera_server.script_arguments(streams=30, seconds=10.0)
    with tessera_server.running(args.binary) as base:
        return storm(base, args)


def storm(base, args):
    outcome = {"ran": 0, "refused": 0, "other": 0}
    lock = threading.Lock()
    stop = threading.Event()

    def stream(index):
        url = f"{base}/api/maze/explore?seed={2026 + index}&width=101&height=101&latency=original"
        try:
            with urllib.request.urlopen(url, timeout=args.seconds + 10) as answer:
                with lock:
                    outcome["ran"] += 1
                while not stop.is_set() and answer.readline():
                    pass
        except urllib.error.HTTPError as error:
            with lock:
                outcome["refused" if error.code == 429 else "other"] += 1
        except OSError:
            pass

    threads = [threading.Thread(target=stream, args=(i,), daemon=True) for i in range(args.streams)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    p50, p99, calls = tessera_server.health_timings(base, args.seconds)
    stop.set()
    print(f"{args.streams} explore streams requested: {outcome['ran']} ran, {outcome['refused']} refused with 429, "
          f"{outcome['other']} other")
    print(f"/health during the storm ({calls} calls): p50 {p50:.2f} ms, p99 {p99:.2f} ms "
          f"-> {'PASS' if p99 < 50 else 'FAIL'} (p99 < 50 ms)")
    return 0 if p99 < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
