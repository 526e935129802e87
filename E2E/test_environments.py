"""A server left running on one machine meets a bad environment: the real `tessera` binary, no
browser. Each bad start (a data folder that is a file or cannot be made, a read-only or full
disk, a damaged or truncated database, a PostgreSQL URL that never answers) ends within seconds
with one sentence saying what to do and a non-zero exit; a disk that fills while running answers
503 `storage_unavailable` and the server goes on; a backup taken while moves are being written
brings every acknowledged move back; SIGTERM lets a request in flight finish.

The full and read-only disks are small tmpfs mounts, so those tests need root (they skip
otherwise)."""
import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time

import pytest

from conftest import _binary, start_server

START_LIMIT = 10      # seconds a refused start may take (debug build, shared machine)
DRAW = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0), (2, 2)]


def refused_start(*args, seconds=START_LIMIT):
    """Runs `tessera serve ARGS` and expects it to stop by itself: (exit code, stderr, seconds)."""
    started = time.monotonic()
    done = subprocess.run([_binary(), "serve", "--host", "127.0.0.1", "--port", "0", *args],
                          capture_output=True, text=True, timeout=seconds + 20)
    return done.returncode, done.stderr.strip(), time.monotonic() - started


def assert_one_sentence(code, stderr, elapsed, *phrases):
    assert code != 0, f"serve started (exit {code}): {stderr}"
    assert elapsed < START_LIMIT, f"took {elapsed:.1f} s to give up"
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    for phrase in phrases:
        assert phrase in lines[0], lines[0]


@pytest.fixture
def folder():
    path = tempfile.mkdtemp(prefix="tessera-env-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def small_disk(size="4m"):
    """A tmpfs of SIZE mounted on a fresh folder; skips the test where mounting is not allowed."""
    path = tempfile.mkdtemp(prefix="tessera-disk-")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", path], capture_output=True)
    if mounted.returncode != 0:
        os.rmdir(path)
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", path], capture_output=True)
        os.rmdir(path)


def fill(path):
    """Writes zeros into PATH/filler until the disk is full."""
    with open(os.path.join(path, "filler"), "wb") as filler:
        with contextlib.suppress(OSError):
            while True:
                filler.write(b"\0" * 65536)
                filler.flush()


def request(connection, method, path, body=None):
    headers, data = {}, None
    if body is not None:
        data, headers = json.dumps(body).encode(), {"Content-Type": "application/json"}
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read() or b"null"), answer.headers


def new_games(port, count):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    games = []
    for _ in range(count):
        status, game, _ = request(connection, "POST", "/api/tictactoe/games", {"mode": "local", "players": ["Ann", "Bob"]})
        assert status == 201, game
        games.append(game["id"])
    connection.close()
    return games


# Start-up --------------------------------------------------------------------------------------

def test_a_data_folder_that_is_a_file_or_cannot_be_made_stops_start_up(folder):
    path = os.path.join(folder, "tessera-data")
    with open(path, "w") as file:
        file.write("a file where the folder should be")
    assert_one_sentence(*refused_start("--data-dir", path), "is a file, not a folder", "--data-dir")
    assert_one_sentence(*refused_start("--data-dir", path + "/inside"), "cannot create or use its data folder",
                        "Not a directory", "--data-dir")
    # /proc takes no new folders, whoever asks (root included).
    assert_one_sentence(*refused_start("--data-dir", "/proc/tessera-data"), "cannot create or use its data folder")


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_database_stops_start_up_and_says_how_to_restore(folder, damage):
    data = os.path.join(folder, "data")
    if damage == "garbage":
        os.makedirs(data)
        with open(os.path.join(data, "tessera.sqlite"), "wb") as file:
            file.write(os.urandom(200_000))
    else:
        os.makedirs(data)
        process, port = start_server(data)
        new_games(port, 40)
        process.terminate()
        assert process.wait(timeout=10) == 0
        database = os.path.join(data, "tessera.sqlite")
        # Every page into the file first: with pages still in the -wal file (a shutdown that did
        # not checkpoint), cutting the file in half may cut nothing SQLite reads from it.
        with contextlib.closing(sqlite3.connect(database)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        os.truncate(database, os.path.getsize(database) // 2)
    assert_one_sentence(*refused_start("--data-dir", data), "is damaged", "tessera restore --from FILE")


def test_a_read_only_or_full_disk_stops_start_up():
    with small_disk() as disk:
        os.makedirs(os.path.join(disk, "data"))
        subprocess.run(["mount", "-o", "remount,ro", disk], check=True)
        assert_one_sentence(*refused_start("--data-dir", os.path.join(disk, "data")),
                            "cannot create or use its data folder", "Read-only file system")
    with small_disk() as disk:
        fill(disk)
        assert_one_sentence(*refused_start("--data-dir", os.path.join(disk, "data")),
                            "is full", "Free some space")


def test_a_postgresql_server_that_never_answers_stops_start_up_within_seconds():
    # A socket that accepts connections and never says a word, and a port nobody listens on.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    closed_port = closed.getsockname()[1]
    closed.close()
    try:
        for port in (silent.getsockname()[1], closed_port):
            code, stderr, elapsed = refused_start("--database", f"postgres://tessera@127.0.0.1:{port}/tessera")
            assert_one_sentence(code, stderr, elapsed, "PostgreSQL", f"127.0.0.1:{port}", "Check that PostgreSQL is running")
    finally:
        silent.close()


# Running ---------------------------------------------------------------------------------------

def test_a_disk_that_fills_while_running_answers_503_and_the_server_goes_on():
    with small_disk("6m") as disk:
        data = os.path.join(disk, "data")
        os.makedirs(data)
        process, port = start_server(data)
        try:
            game = new_games(port, 1)[0]
            fill(disk)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            acknowledged, refusal = [], None
            for row, col in DRAW:
                status, body, headers = request(connection, "POST", f"/api/tictactoe/games/{game}/moves", {"row": row, "col": col})
                if status == 200:
                    acknowledged.append((row, col))
                    continue
                refusal = (status, body, headers)
                break
            assert refusal is not None, "every move was stored on a full disk"
            status, body, headers = refusal
            assert status == 503, body
            assert body["error"]["code"] == "storage_unavailable"
            assert "disk is full" in body["error"]["message"] and "nothing was changed" in body["error"]["message"]
            assert headers["Retry-After"]
            # Still up: it answers, /health says the disk is full (so monitoring sees it before
            # the users do), reads work, and the refused move was not half-stored.
            status, health, headers = request(connection, "GET", "/health")
            assert status == 503 and health["database"] == "full" and health["error"]["code"] == "storage_unavailable", health
            assert "disk is full" in health["error"]["message"] and headers["Retry-After"] == "60"
            status, stored, _ = request(connection, "GET", f"/api/tictactoe/games/{game}")
            assert status == 200 and [(m["row"], m["col"]) for m in stored["moves"]] == acknowledged
            # Room again: /health is ok at once, and the same move is stored.
            os.remove(os.path.join(disk, "filler"))
            status, health, _ = request(connection, "GET", "/health")
            assert status == 200 and health == {"status": "ok", "backend": "sqlite", "database": "reachable"}, health
            row, col = DRAW[len(acknowledged)]
            status, body, _ = request(connection, "POST", f"/api/tictactoe/games/{game}/moves", {"row": row, "col": col})
            assert status == 200, body
            connection.close()
        finally:
            process.terminate()
            process.wait(timeout=10)


def test_a_backup_during_a_write_load_restores_every_acknowledged_move(folder):
    data, restored = os.path.join(folder, "data"), os.path.join(folder, "restored")
    backup = os.path.join(folder, "backups", "tessera.sqlite")
    os.makedirs(os.path.dirname(backup))
    os.makedirs(data)
    process, port = start_server(data)
    try:
        games = new_games(port, 60)
        acknowledged, lock, stop = [], threading.Lock(), threading.Event()
        enough = threading.Event()
        failures = []

        def play():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            for row, col in DRAW:
                for game in games:
                    if stop.is_set():
                        return
                    status, body, _ = request(connection, "POST", f"/api/tictactoe/games/{game}/moves", {"row": row, "col": col})
                    if status != 200:
                        failures.append((status, body))
                        return
                    with lock:
                        acknowledged.append((game, row, col))
                        if len(acknowledged) >= 100:
                            enough.set()

        player = threading.Thread(target=play, daemon=True)
        player.start()
        assert enough.wait(timeout=30), "the write load never got going"
        with lock:
            before = list(acknowledged)   # every move acknowledged before the backup starts
        started = time.monotonic()
        done = subprocess.run([_binary(), "backup", "--data-dir", data, "--to", backup],
                              capture_output=True, text=True, timeout=60)
        took = time.monotonic() - started
        with lock:
            during = len(acknowledged) - len(before)
        stop.set()
        player.join(timeout=15)
        assert done.returncode == 0, done.stderr
        assert "Backed up" in done.stdout and "checked" in done.stdout
        assert not failures, failures[:3]
        assert during > 0, "no move was written while the backup ran; the test proved nothing"
        # A second backup to the same file is refused without --force.
        again = subprocess.run([_binary(), "backup", "--data-dir", data, "--to", backup], capture_output=True, text=True)
        assert again.returncode != 0 and "already exists" in again.stderr and "--force" in again.stderr
        # Restoring into the folder the server has open is refused.
        busy = subprocess.run([_binary(), "restore", "--from", backup, "--data-dir", data], capture_output=True, text=True)
        assert busy.returncode != 0 and "is using" in busy.stderr
    finally:
        process.terminate()
        process.wait(timeout=10)

    done = subprocess.run([_binary(), "restore", "--from", backup, "--data-dir", restored], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Restored" in done.stdout
    process, port = start_server(restored)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        moves = {}
        for game in games:
            status, stored, _ = request(connection, "GET", f"/api/tictactoe/games/{game}")
            assert status == 200, stored
            moves[game] = [(m["row"], m["col"]) for m in stored["moves"]]
            assert moves[game] == DRAW[:len(moves[game])], "a restored game holds moves that were never played"
        missing = [(game, row, col) for game, row, col in before if (row, col) not in moves[game]]
        assert not missing, f"{len(missing)} of {len(before)} acknowledged moves missing after restore: {missing[:5]}"
        connection.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    print(f"\nbackup: {len(before)} moves acknowledged before it began, all restored; "
          f"{during} more written while it ran; backup took {took:.2f} s "
          f"({os.path.getsize(backup) // 1024} KiB)")


def test_sigterm_lets_a_request_in_flight_finish_and_exits_within_seconds(folder):
    process, port = start_server(folder, "--posts-origin-delay-ms", "1500")
    try:
        game = new_games(port, 1)[0]
        # An open live stream must not hold the exit.
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        stream.request("GET", f"/api/tictactoe/games/{game}/events")
        assert stream.getresponse().status == 200
        answers = []

        def slow():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/origin/posts")
            answer = connection.getresponse()
            answers.append((answer.status, len(json.loads(answer.read()))))

        worker = threading.Thread(target=slow)
        worker.start()
        time.sleep(0.5)          # the slow request is inside its 1.5 s delay
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
        worker.join(timeout=10)
        assert answers and answers[0][0] == 200 and answers[0][1] > 0, answers
        assert process.wait(timeout=8) == 0
        assert time.monotonic() - sent < 8
        stream.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def test_sigterm_stops_waiting_for_a_request_slower_than_the_drain_time(folder):
    # A request that would take 20 s does not hold a restart: after --drain-seconds it is cut.
    process, port = start_server(folder, "--posts-origin-delay-ms", "20000", "--drain-seconds", "1")
    try:
        answers = []

        def slow():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            try:
                connection.request("GET", "/origin/posts")
                answers.append(connection.getresponse().status)
            except (OSError, http.client.HTTPException) as error:
                answers.append(type(error).__name__)

        worker = threading.Thread(target=slow)
        worker.start()
        time.sleep(0.5)          # the slow request is waiting out its delay
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
        assert time.monotonic() - sent < 5
        worker.join(timeout=10)
        assert answers and answers[0] != 200, answers
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def test_a_move_on_a_full_disk_tells_the_players_and_leaves_the_board_as_it_was(browser):
    from playwright.sync_api import expect
    from conftest import watch_errors
    from test_tictactoe import press_start
    with small_disk("6m") as disk:
        data = os.path.join(disk, "data")
        os.makedirs(data)
        process, port = start_server(data)
        try:
            context = browser.new_context(base_url=f"http://127.0.0.1:{port}", viewport={"width": 390, "height": 844}, has_touch=True)
            page = context.new_page()
            errors = watch_errors(page, allow=("status of 503",))
            page.goto("/tictactoe/")
            press_start(page, "Mia", "Dad")
            expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Mia (X)")
            fill(disk)
            page.get_by_test_id("cell-0-0").tap()
            expect(page.get_by_text("could not save this because the disk is full")).to_be_visible()
            expect(page.get_by_test_id("cell-0-0")).to_have_text("")
            expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Mia (X)")
            # Room again: the same tap plays.
            os.remove(os.path.join(disk, "filler"))
            page.get_by_test_id("cell-0-0").tap()
            expect(page.get_by_test_id("cell-0-0")).to_have_text("X")
            expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Dad (O)")
            assert errors == []
            context.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
