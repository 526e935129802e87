#!/usr/bin/env python3
"""The morning bell, measured: a school day against a real `tessera serve` (issue 41).

  scripts/school_day.py [path/to/tessera] [--classes 10] [--pupils 30] [--bell 60] [--play 300]
                        [--find-capacity] [--step 10] [--max-classes 80] [--capacity-play 60]

Starts `tessera serve` (SQLite, one node, a fresh data folder, loopback port 0; by default the
release build) and sets up a school through the API: one teacher per class, each with a class of
PUPILS. Then the bell rings:
- every pupil signs in at a random moment within BELL seconds, all from ONE address (a school sits
  behind one), and each teacher opens the class's live scoreboard (its event stream);
- for PLAY seconds every pupil plays: loads the player page and a level, runs a program (a
  reference solution, so runs are real work and are saved as the pupil's programs) every 10–30 s.
It prints sign-in p50/p99 (and how many were refused), run p50/p99, how long a run took to reach
its teacher's board (the run's answer to the board's event), errors by kind, and the server's
resident memory. Goals on this 2-core machine: all sign-ins within BELL s with none refused, run
p99 < 100 ms, boards updated within 1 s, no errors; exit 1 when one is missed.

With --find-capacity it repeats shorter days (CAPACITY-PLAY seconds of play) with STEP more classes
each time and prints the number of classes at which run p99 passes 250 ms.
Loopback only; every day is bounded in time; the server it started is always stopped.
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.error

import tessera_server  # beside this script
from tessera_server import Browser

ROOT = tessera_server.ROOT
SOLUTIONS = os.path.join(ROOT, "Sources/RouterKit/Levels/solutions")
PAGES = ["/router/", "/router/player/router.css", "/shared/tessera.css", "/shared/words.js", "/shared/api.js"]
PASSWORD = "a long enough password"


def percentile(values, fraction):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


class Day:
    """What one school day measured (milliseconds), filled in by many threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.signins, self.runs, self.board_delays, self.pages = [], [], [], []
        self.refused_signins = 0
        self.refusals = {}  # a refused sign-in's error code -> how many
        self.errors = {}
        self.signin_span = 0.0
        self.pending = {}  # (pupil id, level) -> when its run's answer arrived (time.monotonic)

    def error(self, what):
        with self.lock:
            self.errors[what] = self.errors.get(what, 0) + 1

    def add(self, series, value):
        with self.lock:
            series.append(value)


def timed(call):
    started = time.perf_counter()
    result = call()
    return result, (time.perf_counter() - started) * 1000


def set_up(base, classes, pupils):
    """One teacher and one class of PUPILS per class: [(teacher Browser, class, [pupils])]."""
    school = []
    for number in range(classes):
        teacher = Browser(base)
        status, body = teacher.request("POST", "/api/auth/teachers", {
            "name": "Teacher %02d" % number, "email": "teacher%02d@school.example" % number, "password": PASSWORD})
        if status == 429:  # the sign-up limit is per address: setting up is not what is measured
            time.sleep(float(body.get("error", {}).get("retryAfter", 2)) if isinstance(body, dict) else 2)
            status, body = teacher.request("POST", "/api/auth/teachers", {
                "name": "Teacher %02d" % number, "email": "teacher%02d@school.example" % number, "password": PASSWORD})
        if status != 201:
            raise RuntimeError("teacher sign-up answered %s: %s" % (status, body))
        made = teacher.call("POST", "/api/classes", {"name": "Class %02d" % number})
        names = ["Pupil %02d-%02d" % (number, n) for n in range(1, pupils + 1)]
        added = teacher.call("POST", "/api/classes/%s/pupils" % made["id"], {"names": names})["pupils"]
        school.append((teacher, made, added))
    return school


def watch_board(base, teacher, made, day, stop):
    """The teacher's live scoreboard: each run event is matched with the run's answer."""
    try:
        stream = teacher.open("GET", "/api/classes/%s/scoreboard/events" % made["id"], timeout=30)
    except Exception as problem:  # noqa: BLE001 - counted, the day goes on
        day.error("board stream: %s" % problem)
        return
    with stream:
        while not stop.is_set():
            try:
                line = stream.readline()
            except Exception:  # a read timeout between events, or the server going away
                if stop.is_set():
                    return
                continue
            if not line:
                if not stop.is_set():
                    day.error("board stream closed")
                return
            if not line.startswith(b"data:"):
                continue
            event = json.loads(line[5:])
            if event.get("kind") != "run":
                continue
            arrived = time.monotonic()
            key = (event.get("pupil"), event.get("level"))
            with day.lock:
                answered = day.pending.pop(key, None)
            if answered is not None:  # infinite: the event came before the run's answer
                day.add(day.board_delays, 0.0 if answered == float("inf") else (arrived - answered) * 1000)


def pupil_day(base, made, pupil, programs, signin_at, play_until, day, stop):
    browser = Browser(base)
    time.sleep(max(0.0, signin_at - time.monotonic()))
    credentials = {"classCode": made["code"], "name": pupil["name"], "password": pupil["password"]}
    while True:
        (status, body), took = timed(lambda: browser.request("POST", "/api/auth/login", credentials))
        if status == 200:
            day.add(day.signins, took)
            break
        if status == 429:
            code = body.get("error", {}).get("message", "?")[:60] if isinstance(body, dict) else "?"
            with day.lock:
                day.refused_signins += 1
                day.refusals[code] = day.refusals.get(code, 0) + 1
            time.sleep(2)
            continue
        day.error("sign-in %s" % status)
        return
    pupil_id = browser.call("GET", "/api/auth/me")["user"]["id"]
    level_ids = list(programs)
    while time.monotonic() < play_until and not stop.is_set():
        level = random.choice(level_ids)
        try:
            for path in PAGES:
                with browser.open("GET", path) as answer:
                    answer.read()
            _, took = timed(lambda: browser.call("GET", "/api/router/levels/%s" % level))
            day.add(day.pages, took)
            with day.lock:
                day.pending[(pupil_id, level)] = float("inf")  # the board's event may come before the answer
            (status, _), took = timed(lambda: browser.request(
                "POST", "/api/router/levels/%s/runs" % level, {"program": programs[level], "seconds": 30}))
            answered = time.monotonic()
            with day.lock:
                waiting = day.pending.get((pupil_id, level)) == float("inf")
                if status != 200:
                    day.pending.pop((pupil_id, level), None)
                elif waiting:  # else the board's event came first and was counted as no delay
                    day.pending[(pupil_id, level)] = answered
            if status != 200:
                day.error("run %s" % status)
            else:
                day.add(day.runs, took)
        except urllib.error.HTTPError as error:
            day.error("%s %s" % (error.code, error.url.split("/api/")[-1][:30]))
        except Exception as problem:  # noqa: BLE001 - a timeout or a reset is an error of the day
            day.error(type(problem).__name__)
        stop.wait(random.uniform(10, 30))


def rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        return 0, 0


def school_day(binary, classes, pupils, bell, play, extra_args=()):
    """Runs one day on a fresh server; returns (Day, RSS KiB, peak RSS KiB)."""
    data = tempfile.mkdtemp(prefix="tessera-school-day-")
    process, base = tessera_server.start(binary, data, "--log-level", "warning", *extra_args)
    try:
        episodes = Browser(base).call("GET", "/api/router/episodes")["episodes"]
        first = [level["id"] for episode in episodes[:3] for level in episode["levels"]]
        programs = {level: json.load(open(os.path.join(SOLUTIONS, level + ".json")))
                    for level in first if os.path.exists(os.path.join(SOLUTIONS, level + ".json"))}
        school = set_up(base, classes, pupils)
        day, stop = Day(), threading.Event()
        boards = [threading.Thread(target=watch_board, args=(base, teacher, made, day, stop), daemon=True)
                  for teacher, made, _ in school]
        for board in boards:
            board.start()
        bell_rang = time.monotonic()
        play_until = bell_rang + bell + play
        threads = [threading.Thread(target=pupil_day, daemon=True, args=(
            base, made, pupil, programs, bell_rang + random.uniform(0, bell), play_until, day, stop))
            for _, made, added in school for pupil in added]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=max(0.0, play_until + 90 - time.monotonic()))
        stop.set()
        stuck = sum(thread.is_alive() for thread in threads)
        if stuck:
            day.error("pupils still waiting at the end: %d" % stuck)
        day.signin_span = time.monotonic() - bell_rang
        with day.lock:
            lost = sum(1 for when in day.pending.values() if when != float("inf") and time.monotonic() - when > 5)
        if lost:
            day.errors["runs never on the board"] = lost
        rss = rss_kib(process.pid)
        return day, rss[0], rss[1]
    finally:
        tessera_server.stop(process, data)


def report(day, classes, pupils, rss, peak):
    board_max = max(day.board_delays) if day.board_delays else float("nan")
    print("%d classes of %d pupils: %d signed in (p50 %.0f ms, p99 %.0f ms), %d sign-ins refused with 429 %s"
          % (classes, pupils, len(day.signins), percentile(day.signins, 0.5), percentile(day.signins, 0.99), day.refused_signins,
             json.dumps(day.refusals, sort_keys=True) if day.refusals else ""))
    print("runs: %d (p50 %.1f ms, p99 %.1f ms); level loads p99 %.1f ms; board updates: %d (p50 %.0f ms, p99 %.0f ms, max %.0f ms)"
          % (len(day.runs), percentile(day.runs, 0.5), percentile(day.runs, 0.99), percentile(day.pages, 0.99),
             len(day.board_delays), percentile(day.board_delays, 0.5), percentile(day.board_delays, 0.99), board_max))
    print("errors: %s; server memory %.0f MiB (peak %.0f MiB)"
          % (json.dumps(day.errors, sort_keys=True) if day.errors else "none", rss / 1024, peak / 1024))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build/release/tessera"))
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--bell", type=float, default=60.0, help="seconds within which every pupil signs in")
    parser.add_argument("--play", type=float, default=300.0, help="seconds of play after the bell")
    parser.add_argument("--find-capacity", action="store_true")
    parser.add_argument("--step", type=int, default=10)
    parser.add_argument("--max-classes", type=int, default=80)
    parser.add_argument("--capacity-play", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=20261128)
    args = parser.parse_args()
    random.seed(args.seed)
    if not args.find_capacity:
        day, rss, peak = school_day(args.binary, args.classes, args.pupils, args.bell, args.play)
        report(day, args.classes, args.pupils, rss, peak)
        everyone = args.classes * args.pupils
        goals = [
            ("all %d signed in within %.0f s, none refused" % (everyone, args.bell),
             len(day.signins) == everyone and day.refused_signins == 0),
            ("run p99 < 100 ms", percentile(day.runs, 0.99) < 100),
            ("boards updated within 1 s", bool(day.board_delays) and max(day.board_delays) <= 1000),
            ("no errors", not day.errors),
        ]
        for goal, met in goals:
            print("%s %s" % ("PASS" if met else "FAIL", goal))
        return 0 if all(met for _, met in goals) else 1
    classes = args.step
    while classes <= args.max_classes:
        day, rss, peak = school_day(args.binary, classes, args.pupils, args.bell, args.capacity_play)
        report(day, classes, args.pupils, rss, peak)
        if percentile(day.runs, 0.99) > 250 or day.errors:
            print("capacity: run p99 passes 250 ms (or errors start) at %d classes of %d" % (classes, args.pupils))
            return 0
        classes += args.step
    print("capacity: more than %d classes (run p99 stayed under 250 ms)" % args.max_classes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
