#!/usr/bin/env python3
"""Start `tessera serve` on a port the kernel picks, and learn its address from the server itself.

The server prints `Tessera on http://HOST:PORT/ …` once it listens, so nothing probes for a free
port (a race: another process can take a probed port before the server binds it). Used by the
browser tests, the load and storm scripts and .ci/run (standard library only).

  tessera_server.py url LOG SECONDS [PID]   wait for the line in LOG; print the base URL
"""
import argparse
import contextlib
import os
import re
import shutil
import subprocess
import tempfile
import sys
import time
import http.cookiejar
import json
import urllib.error
import urllib.request

LINE = re.compile(r"^Tessera on (http://\S+?)/?\s", re.MULTILINE)


def listening_url(log_path, seconds=60, alive=lambda: True):
    """The base URL (no trailing slash) once the server has printed it; raises if it never does."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with open(log_path, encoding="utf-8", errors="replace") as log:
                match = LINE.search(log.read())
            if match:
                return match.group(1)
        except FileNotFoundError:
            pass
        if not alive():
            break
        time.sleep(0.05)
    with open(log_path, encoding="utf-8", errors="replace") as log:
        raise RuntimeError("tessera serve did not start:\n" + log.read()[-4000:])


def start(binary, data_dir, *extra_args, cwd=None, log_name="server.log", env=None):
    """Starts the server on loopback port 0 with its log in DATA_DIR/LOG_NAME: (process, base URL).
    ENV (optional) adds to this process's environment, e.g. {"TESSERA_MAZE_SECRET": …}."""
    log_path = os.path.join(data_dir, log_name)
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", data_dir, *extra_args],
            cwd=cwd, stdout=log, stderr=subprocess.STDOUT, env=None if env is None else {**os.environ, **env})
    try:
        return process, listening_url(log_path, alive=lambda: process.poll() is None)
    except RuntimeError:
        process.kill()
        raise


def stop(process, data_dir=None):
    """SIGTERM, then up to 10 s for the graceful shutdown (killed after that); removes DATA_DIR.
    True when it stopped by itself."""
    process.terminate()
    try:
        process.wait(timeout=10)
        stopped = True
    except subprocess.TimeoutExpired:
        process.kill()
        stopped = False
    if data_dir:
        shutil.rmtree(data_dir, ignore_errors=True)
    return stopped


def health_timings(base, seconds, every=0.05):
    """Times GET /health every EVERY seconds for SECONDS: (p50 ms, p99 ms, calls)."""
    timings = []
    end = time.time() + seconds
    while time.time() < end:
        started = time.perf_counter()
        urllib.request.urlopen(base + "/health", timeout=5).read()
        timings.append((time.perf_counter() - started) * 1000)
        time.sleep(every)
    timings.sort()
    return timings[len(timings) // 2], timings[min(len(timings) - 1, int(len(timings) * 0.99))], len(timings)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def script_arguments(**options):
    """The command line of a load script: an optional binary (default: the release build) and
    `--NAME VALUE` for each option, typed like its default (e.g. clients=50, seconds=10.0)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build/release/tessera"))
    for name, default in options.items():
        parser.add_argument("--" + name, type=type(default), default=default)
    return parser.parse_args()


@contextlib.contextmanager
def running(binary, *extra_args):
    """A server on a fresh data folder, quiet (`--log-level warning`): yields its base URL and
    always stops it (and removes the folder) on the way out."""
    data = tempfile.mkdtemp(prefix="tessera-script-")
    process, base = start(binary, data, "--log-level", "warning", *extra_args)
    try:
        yield base
    finally:
        stop(process, data)


class Browser:
    """A client that keeps its cookies and repeats the CSRF cookie in X-CSRF-Token, as a signed-in
    page does (standard library only)."""

    def __init__(self, base, headers=None):
        self.base, self.jar, self.headers = base, http.cookiejar.CookieJar(), dict(headers or {})
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, method, path, body=None, timeout=60):
        """The raw response (an event stream stays open); raises HTTPError for a 4xx/5xx."""
        headers = {"Content-Type": "application/json", "Origin": self.base, **self.headers}
        token = next((c.value for c in self.jar if c.name == "tessera_csrf"), None)
        if token:
            headers["X-CSRF-Token"] = token
        data = None if body is None else json.dumps(body).encode()
        return self.opener.open(urllib.request.Request(self.base + path, data=data, method=method, headers=headers), timeout=timeout)

    def request(self, method, path, body=None):
        """(status, parsed JSON body) for any status."""
        try:
            with self.open(method, path, body) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def call(self, method, path, body=None):
        """The parsed JSON body of a 2xx answer; raises HTTPError otherwise."""
        with self.open(method, path, body) as answer:
            return json.loads(answer.read() or b"null")

    def cookie_header(self):
        return "; ".join("%s=%s" % (c.name, c.value) for c in self.jar)


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


if __name__ == "__main__":
    if len(sys.argv) in (4, 5) and sys.argv[1] == "url":
        pid = int(sys.argv[4]) if len(sys.argv) == 5 else None
        try:
            print(listening_url(sys.argv[2], float(sys.argv[3]), alive=lambda: pid is None or _pid_alive(pid)))
        except RuntimeError as error:
            print(error, file=sys.stderr)
            sys.exit(1)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
