"""Connection limits seen from outside: an idle keep-alive connection is closed after
`--idle-timeout`, while a live-update stream that is quiet for longer stays open."""
import json
import shutil
import socket
import tempfile
import time
import urllib.request

import pytest

from conftest import start_server


@pytest.fixture
def short_idle_server():
    data = tempfile.mkdtemp(prefix="tessera-limits-")
    process, port = start_server(data, "--idle-timeout", "1", "--log-level", "warning")
    yield port
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(data, ignore_errors=True)


def _request(sock, path):
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())


def _read_until(sock, marker):
    """Reads until `marker` has arrived (TCP may split an answer anywhere)."""
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before {marker!r} arrived; got {data!r}"
        data += chunk
    return data


def test_an_idle_connection_is_closed_but_a_quiet_stream_is_not(short_idle_server):
    port = short_idle_server
    idle = socket.create_connection(("127.0.0.1", port), timeout=5)
    _request(idle, "/health")
    assert _read_until(idle, b'"status":"ok"}').startswith(b"HTTP/1.1 200")
    time.sleep(2.5)  # more than --idle-timeout 1
    assert idle.recv(4096) == b"", "the server closes a keep-alive connection left idle"

    body = json.dumps({"mode": "local", "players": ["Ann", "Bob"]}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tictactoe/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    game = json.load(urllib.request.urlopen(request, timeout=5))
    stream = socket.create_connection(("127.0.0.1", port), timeout=5)
    _request(stream, f"/api/tictactoe/games/{game['id']}/events")
    first = _read_until(stream, b'"version":0')
    assert b"text/event-stream" in first
    time.sleep(2.5)  # quiet for longer than the idle timeout: nothing to send yet
    move = urllib.request.Request(f"http://127.0.0.1:{port}/api/tictactoe/games/{game['id']}/moves",
                                  data=b'{"row":1,"col":1}', method="POST", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(move, timeout=5).read()
    _read_until(stream, b'"version":1')  # the stream outlived the idle timeout and delivered the move
