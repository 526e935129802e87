#!/usr/bin/env python3
"""How fast is a class's scoreboard under load? (classroom issue, speed: < 50 ms p99)

  scripts/scoreboard_bench.py [path/to/tessera] [--pupils 30] [--seconds 5] [--rounds 3]

Starts `tessera serve` on a loopback port the kernel picks (fresh SQLite data dir), signs a teacher
up, makes a class of N pupils, signs each pupil in and has them play every one of our levels with
its reference solution (Sources/RouterKit/Levels/solutions; one run each, so every pupil has a result
on every level). Then alternates wrk runs of GET /health (the baseline) and of the teacher's
GET /api/classes/{id}/scoreboard?episode=E for the episode with the most levels, and prints the
median p50/p99 of each. Exits 1 when the scoreboard's median p99 is 50 ms or more.
Loopback only; bounded in time; always stops the server it started.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import threading

import tessera_server  # beside this script
from tessera_server import Browser

SOLUTIONS = os.path.join(tessera_server.ROOT, "Sources/RouterKit/Levels/solutions")


def wrk(url, seconds, cookie=None):
    """(p50 ms, p99 ms, requests/s) from one wrk run with --latency."""
    command = ["wrk", "-t", "2", "-c", "16", "-d", "%ds" % seconds, "--timeout", "10s", "--latency", url]
    if cookie:
        command[1:1] = ["-H", "Cookie: " + cookie]
    out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30).stdout
    def percentile(name):
        match = re.search(r"^\s+%s%%\s+([\d.]+)(us|ms|s)\s*$" % name, out, re.MULTILINE)
        if not match:
            raise RuntimeError("wrk gave no %s%% line:\n%s" % (name, out))
        return float(match.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[match.group(2)]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise RuntimeError("%s answered %s errors" % (url, errors.group(1)))
    return percentile("50"), percentile("99"), rate


def main():
    args = tessera_server.script_arguments(pupils=30, seconds=5, rounds=3)
    with tessera_server.running(args.binary) as base:
        return bench(base, args)


def bench(base, args):
    teacher = Browser(base)
    teacher.call("POST", "/api/auth/teachers", {"name": "Ms Bench", "email": "bench@school.org", "password": "a long enough password"})
    made = teacher.call("POST", "/api/classes", {"name": "Bench class"})
    names = ["Pupil %02d" % n for n in range(1, args.pupils + 1)]
    pupils = teacher.call("POST", "/api/classes/%s/pupils" % made["id"], {"names": names})["pupils"]
    episodes = teacher.call("GET", "/api/router/episodes")["episodes"]
    levels = [level["id"] for episode in episodes for level in episode["levels"]]
    solutions = {level: json.load(open(os.path.join(SOLUTIONS, level + ".json"))) for level in levels
                 if os.path.exists(os.path.join(SOLUTIONS, level + ".json"))}
    failures = []

    def play(pupil):
        try:
            browser = Browser(base)
            browser.call("POST", "/api/auth/login", {"classCode": made["code"], "name": pupil["name"], "password": pupil["password"]})
            for level, program in solutions.items():
                browser.call("POST", "/api/router/levels/%s/runs" % level, {"program": program, "seconds": 30})
        except Exception as error:  # reported below: a bench on a broken setup must not pass
            failures.append("%s: %s" % (pupil["name"], error))

    threads = [threading.Thread(target=play, args=(pupil,)) for pupil in pupils]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        sys.exit("setting up failed: " + failures[0])
    biggest = max(episodes, key=lambda episode: len(episode["levels"]))
    board_path = "/api/classes/%s/scoreboard?episode=%d" % (made["id"], biggest["number"])
    board = teacher.call("GET", board_path)
    cells = sum(len(row["levels"]) for row in board["pupils"])
    print("class of %d pupils, %d levels played each (%d runs); scoreboard of episode %d: %d levels, %d cells"
          % (len(pupils), len(solutions), len(pupils) * len(solutions), biggest["number"], len(board["levels"]), cells))

    health, scoreboard = [], []
    for round_number in range(args.rounds):  # alternating, so both see the same machine
        health.append(wrk(base + "/health", args.seconds))
        scoreboard.append(wrk(base + board_path, args.seconds, teacher.cookie_header()))
        print("round %d: /health p99 %.2f ms, scoreboard p99 %.2f ms (%.0f req/s)"
              % (round_number + 1, health[-1][1], scoreboard[-1][1], scoreboard[-1][2]))
    med = lambda runs, index: statistics.median(run[index] for run in runs)
    print("median of %d: /health p50 %.2f p99 %.2f ms; scoreboard p50 %.2f p99 %.2f ms, %.0f req/s (16 connections)"
          % (args.rounds, med(health, 0), med(health, 1), med(scoreboard, 0), med(scoreboard, 1), med(scoreboard, 2)))
    if med(scoreboard, 1) >= 50:
        print("scoreboard p99 is %.1f ms: the target is under 50 ms" % med(scoreboard, 1))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
