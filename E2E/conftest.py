"""Browser tests: start a real `tessera serve` on a free port with a fresh data folder and drive
the pages with Playwright through the system Chromium (Playwright cannot download browsers here)."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = os.environ.get("TESSERA_CHROMIUM", "/usr/bin/chromium")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _binary():
    if os.environ.get("TESSERA_BIN"):
        return os.environ["TESSERA_BIN"]
    bin_dir = subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    return os.path.join(bin_dir, "tessera")


def start_server(data_dir, *extra_args):
    """Starts `tessera serve` on a free loopback port and waits for /health: (process, port, log)."""
    port = _free_port()
    log = open(os.path.join(data_dir, "server.log"), "w")
    process = subprocess.Popen(
        [_binary(), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", data_dir, *extra_args],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            return process, port, log
        except Exception:
            if process.poll() is not None or time.time() > deadline:
                log.close()
                raise RuntimeError("tessera serve did not start:\n" + open(log.name).read())
            time.sleep(0.2)


@pytest.fixture(scope="session")
def server():
    data_dir = tempfile.mkdtemp(prefix="tessera-e2e-")
    process, port, log = start_server(data_dir)
    base = f"http://127.0.0.1:{port}"
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise RuntimeError("tessera serve did not stop within 10 s of SIGTERM")
    log.close()
    shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(base_url=server)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def new_page(browser, server):
    """Opens pages in separate browser contexts, like two people on two machines."""
    contexts = []

    def make():
        context = browser.new_context(base_url=server)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
