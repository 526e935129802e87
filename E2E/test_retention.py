"""Retention, seen from outside: `tessera serve --retain-idle 1s` deletes an anonymous game nobody
has touched (the purge runs about every second), keeps a signed-in pupil's progress however idle
it is, and counts what it deleted in /metrics. With a small `--max-anonymous-documents`, one more
anonymous game answers 507 with a message that says what to do, and the TicTacToe page shows it.
No fixed sleeps: each wait polls until what it waits for is true (or times out)."""
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest
from playwright.sync_api import expect

from conftest import _binary, start_server, watch_errors
from test_tictactoe import press_start
import tessera_server

SHOTS = "/tmp/shots-retention"

SOLVES_LEVEL_1 = {"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}]}, "seconds": 5}


@pytest.fixture
def serve():
    """Starts `tessera serve` with extra options on a data folder of its own; stops them all."""
    started = []

    def start(*options):
        data_dir = tempfile.mkdtemp(prefix="tessera-retention-")
        process, port = start_server(data_dir, *options)
        started.append((process, data_dir))
        return f"http://127.0.0.1:{port}"

    yield start
    for process, data_dir in started:
        tessera_server.stop(process, data_dir)


def wait_for(check, seconds=15, what="the condition"):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}")


def purged(base, kind):
    metrics = tessera_server.Browser(base).open("GET", "/metrics").read().decode()
    found = re.search(r'^tessera_purged_documents_total\{kind="%s"\} (\d+)' % kind, metrics, re.M)
    return int(found.group(1)) if found else None


def signed_in_pupil(base):
    """A teacher signs up, makes a class with one pupil, and the pupil signs in: their browser."""
    teacher = tessera_server.Browser(base)
    teacher.call("POST", "/api/auth/teachers", {"name": "Ms Rivera", "email": "rivera@school.org",
                                                "password": "a long enough password"})
    made = teacher.call("POST", "/api/classes", {"name": "Year 4 Oaks"})
    pupils = teacher.call("POST", f"/api/classes/{made['id']}/pupils", {"names": ["Sam"]})["pupils"]
    pupil = tessera_server.Browser(base)
    pupil.call("POST", "/api/auth/login", {"classCode": made["code"], "name": "Sam", "password": pupils[0]["password"]})
    return pupil, "acct-" + pupil.call("GET", "/api/auth/me")["user"]["id"]


def test_an_idle_anonymous_game_goes_and_a_pupils_progress_stays(serve):
    base = serve("--retain-idle", "1s")
    anyone = tessera_server.Browser(base)
    assert purged(base, "tictactoe_match") == 0, "every kind is listed from the start"
    game = anyone.call("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ann", "Bob"]})
    pupil, player = signed_in_pupil(base)
    pupil.call("POST", "/api/router/levels/1/runs", SOLVES_LEVEL_1)  # a 2xx, or this raises

    # Untouched for a second, the game is deleted by the next purge: its page would now say so.
    wait_for(lambda: anyone.request("GET", f"/api/tictactoe/games/{game['id']}")[0] == 404, what="the idle game to go")
    assert purged(base, "tictactoe_match") >= 1
    # The pupil's progress has been idle just as long, through several purges since, and stays.
    rounds = purged(base, "tictactoe_match")
    anyone.call("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Cy", "Di"]})
    wait_for(lambda: purged(base, "tictactoe_match") > rounds, what="another purge round")
    status, progress = pupil.request("GET", f"/api/router/players/{player}/progress")
    assert status == 200 and progress["levels"]["1"]["solved"] is True, progress
    assert pupil.call("GET", "/api/auth/me")["user"]["name"] == "Sam", "and they are still signed in"


def test_a_full_server_says_so_and_what_to_do(serve, browser):
    os.makedirs(SHOTS, exist_ok=True)
    base = serve("--max-anonymous-documents", "1")
    anyone = tessera_server.Browser(base)
    status, _ = anyone.request("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ann", "Bob"]})
    assert status == 201
    status, answer = anyone.request("POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ann", "Bob"]})
    assert status == 507 and answer["error"]["code"] == "storage_full", answer
    assert "try again later" in answer["error"]["message"]

    context = browser.new_context(base_url=base)
    page = context.new_page()
    problems = watch_errors(page, allow=("507",))
    page.goto("/tictactoe/")
    press_start(page, "Ann", "Bob")
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("full of unsaved games")
    expect(message).to_contain_text("try again later")
    page.screenshot(path=SHOTS + "/tictactoe-full-desktop.png")
    context.close()
    assert problems == []


@pytest.mark.parametrize("arguments, environment, said", [
    (["--retain-idle", "90"], {}, "--retain-idle must be a whole number and a unit"),
    ([], {"TESSERA_RETAIN_IDLE": "soon"}, "TESSERA_RETAIN_IDLE must be a whole number and a unit"),
    (["--max-anonymous-documents=-5"], {}, "--max-anonymous-documents must be a whole number, 0 or more"),
    ([], {"TESSERA_MAX_ANONYMOUS_DOCUMENTS": "lots"}, "TESSERA_MAX_ANONYMOUS_DOCUMENTS must be a whole number"),
])
def test_a_bad_retention_option_stops_serve_with_one_clear_sentence(arguments, environment, said):
    data_dir = tempfile.mkdtemp(prefix="tessera-retention-")
    try:
        answer = subprocess.run([_binary(), "serve", "--port", "0", "--data-dir", data_dir, *arguments],
                                capture_output=True, text=True, timeout=60, env={**os.environ, **environment})
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    assert answer.returncode != 0
    assert said in answer.stderr + answer.stdout
