#!/usr/bin/env python3
"""Does a pupil still sign in quickly while a teacher floods "new password"? (classroom issue, speed)

  scripts/reset_flood.py [path/to/tessera] [--connections 32] [--seconds 10]

Starts `tessera serve` on a loopback port the kernel picks (fresh data dir, DEFAULT rate limits:
the flood is meant to be limited), signs a teacher up, makes a class with two pupils and times ten
sign-ins of the first pupil (one every 0.3 s, each from a fresh browser) as the baseline. Then N
threads, each on its own keep-alive connection with the teacher's cookies and CSRF token, post
/api/classes/{id}/pupils/{second pupil}/password in a loop (a bcrypt hash each) while the first
pupil's sign-in is timed every 0.5 s. Prints the flood's answers by status (in all, per second, and
the 429s by message: the rate limit's or the hasher queue's) and the sign-in's median/p95/max
before and during; exits 1 if a sign-in during the flood failed or took 2 s or more, or if the
flood never got a 429.
Loopback only; bounded in time; always stops the server it started.
"""
import collections
import http.client
import json
import sys
import threading
import time

import tessera_server  # beside this script
from tessera_server import Browser
PASSWORD = "a long enough password"


def main():
    args = tessera_server.script_arguments(connections=32, seconds=10.0)
    with tessera_server.running(args.binary) as base:
        return flood(base, args)


def sign_in(base, login):
    """(seconds, status) of one sign-in from a fresh browser; status 0 when no answer came."""
    started = time.perf_counter()
    try:
        status = Browser(base).request("POST", "/api/auth/login", login)[0]
    except OSError:
        status = 0
    return time.perf_counter() - started, status


def figures(timings):
    times = sorted(seconds for seconds, _ in timings)
    failed = sum(1 for _, status in timings if status != 200)
    median, p95 = times[len(times) // 2], times[min(len(times) - 1, int(len(times) * 0.95))]
    return median, (f"median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms, "
                    f"{len(times)} sign-ins, {failed} refused/failed")


def flood(base, args):
    teacher = Browser(base)
    teacher.call("POST", "/api/auth/teachers", {"name": "Ms Flood", "email": "flood@school.org", "password": PASSWORD})
    made = teacher.call("POST", "/api/classes", {"name": "Flood class"})
    first, second = teacher.call("POST", "/api/classes/%s/pupils" % made["id"], {"names": ["Ada K", "Ben L"]})["pupils"]
    login = {"classCode": made["code"], "name": first["name"], "password": first["password"]}
    path = "/api/classes/%s/pupils/%s/password" % (made["id"], second["id"])
    headers = {"Content-Type": "application/json", "Origin": base, "Cookie": teacher.cookie_header(),
               "X-CSRF-Token": next(c.value for c in teacher.jar if c.name == "tessera_csrf")}
    host, port = base.removeprefix("http://").rsplit(":", 1)
    sign_in(base, login)  # warm up (not counted)
    before = []
    for _ in range(10):
        before.append(sign_in(base, login))
        time.sleep(0.3)

    counts, per_second, refusals = collections.Counter(), collections.defaultdict(collections.Counter), collections.Counter()
    lock = threading.Lock()
    stop = threading.Event()

    def resetter():
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        while not stop.is_set():
            try:
                connection.request("POST", path, "{}", headers)
                answer = connection.getresponse()
                body = answer.read()
                key = answer.status if answer.status in (200, 429) else "other"
                message = json.loads(body)["error"]["message"].split(";")[0] if key == 429 else None
            except (OSError, http.client.HTTPException, ValueError):
                connection.close()
                connection = http.client.HTTPConnection(host, int(port), timeout=30)
                key, message = "other", None
            with lock:
                counts[key] += 1
                per_second[int(time.time() - started)][key] += 1
                if message:
                    refusals[message] += 1
        connection.close()

    threads = [threading.Thread(target=resetter, daemon=True) for _ in range(args.connections)]
    started = time.time()
    during = []
    try:
        for thread in threads:
            thread.start()
        while time.time() - started < args.seconds:
            due = time.time() + 0.5
            during.append(sign_in(base, login))
            time.sleep(max(0.0, due - time.time()))
    finally:
        stop.set()
    elapsed = time.time() - started
    for thread in threads:
        thread.join(timeout=35)
    sent = sum(counts.values())
    print(f"{args.connections} connections resetting a pupil's password for {elapsed:.1f} s: {sent} answers "
          f"({sent / elapsed:.0f}/s): {counts[200]} x 200, {counts[429]} x 429, {counts['other']} other")
    print("per second (200/429/other): " + ", ".join(
        f"{s}s {c[200]}/{c[429]}/{c['other']}" for s, c in sorted(per_second.items())))
    for message, n in refusals.most_common():
        print(f"  429 x {n}: {message}")
    (median_before, text_before), (median_during, text_during) = figures(before), figures(during)
    print(f"pupil sign-in before the flood: {text_before}")
    print(f"pupil sign-in during the flood: {text_during}")
    slow = sum(1 for seconds, status in during if status != 200 or seconds >= 2)
    passed = slow == 0 and counts[429] > 0
    print(f"median during / before: {median_during / median_before:.1f}x -> {'PASS' if passed else 'FAIL'} "
          f"(every sign-in during the flood 200 in under 2 s: {slow} not; the flood got 429: {counts[429] > 0})")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
