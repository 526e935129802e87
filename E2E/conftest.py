"""Browser tests: start a real `tessera serve` (on a port the kernel picks, with a fresh data folder)
and drive the pages with Playwright through the system Chromium (Playwright cannot download
browsers here)."""
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager

import pytest
from playwright.sync_api import Locator, Page, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The system's Chromium (Playwright cannot download browsers here). Its headless shell (apt's
# chromium-headless-shell, the build Playwright itself runs headless) when installed: the same
# engine without the full browser's shell, it ran the TicTacToe file in 24-27 s where the full
# browser took 38-46 s, and Chromium is most of this suite's CPU. TESSERA_CHROMIUM picks another.
CHROMIUM = os.environ.get("TESSERA_CHROMIUM") or next(
    (path for path in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium") if os.path.exists(path)), "/usr/bin/chromium")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import tessera_server  # noqa: E402  (scripts/ is not a package)


def _binary():
    if os.environ.get("TESSERA_BIN"):
        return os.environ["TESSERA_BIN"]
    bin_dir = subprocess.check_output(["swift", "build", "--show-bin-path"], cwd=ROOT, text=True).strip()
    return os.path.join(bin_dir, "tessera")


def start_server(data_dir, *extra_args, log_name="server.log"):
    """Starts `tessera serve` on loopback port 0 and learns its port from the server's own
    "Tessera on URL" line (no probing for a free port): (process, port)."""
    process, url = tessera_server.start(_binary(), data_dir, *extra_args, cwd=ROOT, log_name=log_name)
    return process, int(url.rsplit(":", 1)[1])


@pytest.fixture(scope="session")
def server():
    data_dir = tempfile.mkdtemp(prefix="tessera-e2e-")
    process, port = start_server(data_dir)
    base = f"http://127.0.0.1:{port}"
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise RuntimeError("tessera serve did not stop within 10 s of SIGTERM")
    # CI keeps the shared server's access log, so a failure seen only in the whole run can be
    # read afterwards (which requests were refused, and when).
    keep = os.environ.get("TESSERA_E2E_SERVER_LOG")
    if keep:
        worker = os.environ.get("PYTEST_XDIST_WORKER")  # one shared server per worker (pytest -n)
        shutil.copyfile(os.path.join(data_dir, "server.log"), f"{keep}.{worker}" if worker else keep)
    shutil.rmtree(data_dir, ignore_errors=True)


# Screenshots are for a person looking at the pages (TESSERA_E2E_SHOTS=1 keeps them). Without it a
# test still checks what it asserts (nothing sticking out sideways, say) but no picture is taken:
# in software rendering on two cores the pictures were the browser's largest single cost in CI.
LOOK = os.environ.get("TESSERA_E2E_SHOTS") == "1"
if not LOOK:
    Page.screenshot = lambda self, *args, **kwargs: b""
    Locator.screenshot = lambda self, *args, **kwargs: b""


def checked_sizes(sizes):
    """The sizes a test written for several runs at: all of them with TESSERA_E2E_SHOTS=1 (a person
    looking); otherwise a tablet is left out wherever the phone (touch, the narrowest layout) and
    the desktop both run, the two ends of every layout the pages have."""
    names = list(sizes)
    if LOOK or "phone" not in names or "desktop" not in names:
        return names
    return [name for name in names if name != "tablet"]


def checked_size_params(sizes):
    """`checked_sizes` for a parametrize over size values: {"argvalues", "ids"} from {name: value}."""
    names = checked_sizes(sizes)
    return {"argvalues": [sizes[name] for name in names], "ids": names}


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


@contextmanager
def own_server(prefix, log_name):
    """A server of the test module's own (its base URL), on a fresh data folder named from `prefix`,
    stopped and removed afterwards: for tests whose sign-in failures (counted per client address,
    and every browser here is 127.0.0.1) must stay out of the shared server's counts."""
    data_dir = tempfile.mkdtemp(prefix=prefix)
    process, port = start_server(data_dir, log_name=log_name)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        tessera_server.stop(process, data_dir)


@contextmanager
def browser_contexts(browser, base_url):
    """`make(**options)` opens a new browser context on `base_url` (one person on one machine;
    `options` as for browser.new_context); every context it made is closed at the end."""
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=base_url, **options)
        contexts.append(context)
        return context

    try:
        yield make
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def new_page(browser, server):
    """Opens pages in separate browser contexts, like two people on two machines."""
    with browser_contexts(browser, server) as new_context:
        yield lambda: new_context().new_page()


def watch_errors(page, allow=()):
    """Collects the page's console errors and uncaught exceptions (a test asserts the list stays
    empty); `allow` names substrings of errors that the test provokes on purpose."""
    problems = []

    def on_console(message):
        if message.type == "error" and not any(pattern in message.text for pattern in allow):
            problems.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


@contextmanager
def browsing(context, allow=()):
    """A new page in `context` (a browser context the test made for its size, language or touch):
    the test fails on a console error it did not `allow`, and the context is closed whatever happens."""
    try:
        page = context.new_page()
        errors = watch_errors(page, allow)
        yield page
        assert errors == []
    finally:
        context.close()


@pytest.fixture
def problems(page):
    """The `page` fixture's console errors and uncaught exceptions, watched from the start (a test
    asserts the list stays empty)."""
    return watch_errors(page)


def full_page_shot(page, folder, name):
    """A full-page screenshot into `folder`; nothing may stick out sideways at this size."""
    os.makedirs(folder, exist_ok=True)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"{name}: the page is {wide}px wide on a {page.viewport_size['width']}px screen"
    page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)
