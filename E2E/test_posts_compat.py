"""The reader's sync relies on nothing but five plain GETs: it works against a bare static file
server holding the same five lists (as a plain json-server or jsonplaceholder would serve them),
and a dead origin fails the sync without touching what is stored."""
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import urllib.request

import pytest

from conftest import _binary


@pytest.fixture
def static_origin(server):
    """The five lists copied from our /origin into files, served by Python's static file server."""
    folder = tempfile.mkdtemp(prefix="tessera-static-origin-")
    for name in ["posts", "comments", "users", "albums", "photos"]:
        with urllib.request.urlopen(f"{server}/origin/{name}", timeout=30) as answer:
            with open(os.path.join(folder, name), "wb") as out:
                out.write(answer.read())
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    shutil.rmtree(folder, ignore_errors=True)


def sync(origin, data_dir):
    result = subprocess.run([_binary(), "posts", "sync", "--origin", origin, "--data-dir", data_dir, "--json"],
                            capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def test_a_plain_static_origin_is_enough(static_origin):
    data_dir = tempfile.mkdtemp(prefix="tessera-posts-")
    try:
        code, out, err = sync(static_origin, data_dir)
        assert code == 0, err
        report = json.loads(out)
        assert (report["posts"], report["users"], report["albums"], report["photos"]) == (100, 10, 100, 5000)
        assert report["inserted"] == 5710

        code, out, err = sync(static_origin, data_dir)
        assert code == 0, err
        again = json.loads(out)
        assert again["inserted"] + again["updated"] + again["deleted"] == 0, "nothing changed, nothing written"

        # The origin goes away: the sync fails with a message, and the store keeps its posts.
        code, out, err = sync("http://127.0.0.1:9", data_dir)
        assert code != 0 and "could not be reached" in err and "Nothing was changed" in err
        listing = subprocess.run([_binary(), "posts", "list", "--data-dir", data_dir, "--json"],
                                 capture_output=True, text=True, timeout=60)
        assert json.loads(listing.stdout)["total"] == 100
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
