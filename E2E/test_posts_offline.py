"""Browser tests for reading the Posts reader offline (issue 40, item 7): once a sync has run and the
page has been open, it opens and works with the browser offline (a desktop) and with its server
stopped (a phone, by touch): the service worker answers with the last copy, a line says how old it
is, and stars and deletes made meanwhile are sent once the server answers again. Each test has a
server of its own (stopping it must not touch the others')."""
import json
import os
import re
import subprocess

from playwright.sync_api import expect

import tessera_server
from conftest import _binary
from test_posts import DESKTOP, PHONE, Server, open_context, row, rows, touch_swipe, wait_for

OFFLINE_LINE = re.compile(r"^You are offline, showing your copy of .+\.")


def marks(server):
    return server.get("/api/posts/marks")


def ready_offline(page):
    """Opens the reader, waits for its service worker to control it, then loads it once more under
    the worker (so every file and answer it needs is in the worker's copy) and opens post 1."""
    page.goto("/posts/")
    expect(rows(page)).to_have_count(100, timeout=20_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(rows(page)).to_have_count(100)
    expect(page.get_by_test_id("offline-line")).to_be_hidden()


def page_errors(page):
    """Uncaught exceptions only: requests failing while offline are what these tests do."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_offline_browser_reads_its_copy_and_sends_a_star_when_back(browser):
    server = Server()
    try:
        assert server.sync()["type"] == "finished"
        context, page = open_context(browser, server.base, DESKTOP)
        errors = page_errors(page)
        ready_offline(page)
        row(page, 1).get_by_test_id("post-link").click()
        heading = page.get_by_test_id("post-heading")
        expect(heading).to_be_visible()
        title = heading.text_content()

        context.set_offline(True)
        page.reload()
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(heading).to_have_text(title)  # the open post, from the copy
        expect(rows(page)).to_have_count(100)
        expect(page.get_by_test_id("offline-line")).to_have_text(OFFLINE_LINE)
        page.locator("body").press("s")
        expect(row(page, 1)).to_have_class(re.compile(r"\bstarred\b"))
        # The star, and the read mark of reopening post 1 (the copy of the marks predates its opening).
        expect(page.get_by_test_id("offline-line")).to_contain_text("2 changes wait for the server.")
        assert marks(server)["starred"] == []

        context.set_offline(False)
        wait_for(lambda: marks(server) == {"read": [1], "starred": [1]}, seconds=10)
        expect(page.get_by_test_id("offline-line")).to_be_hidden()
        expect(page.get_by_test_id("message")).to_contain_text("2 changes made offline sent to the server.")
        assert errors == []
        context.close()
    finally:
        server.close()


def test_stopped_server_the_phone_reads_its_copy_and_sends_a_star_and_a_delete_after_restart(browser):
    server = Server()
    restarted = None
    try:
        assert server.sync()["type"] == "finished"
        port = server.base.rsplit(":", 1)[1]
        context, page = open_context(browser, server.base, PHONE, has_touch=True, is_mobile=True)
        errors = page_errors(page)
        ready_offline(page)

        server.stop()
        page.reload()
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(rows(page)).to_have_count(100)
        expect(page.get_by_test_id("offline-line")).to_have_text(OFFLINE_LINE)
        row(page, 3).get_by_test_id("star").tap()
        expect(row(page, 3)).to_have_class(re.compile(r"\bstarred\b"))
        touch_swipe(page, row(page, 5))  # delete by swipe; the DELETE goes when Undo's offer ends
        expect(row(page, 5)).to_have_count(0)
        expect(page.get_by_test_id("offline-line")).to_contain_text("2 changes wait for the server.", timeout=10_000)

        # The same server again, on the same address and data folder.
        log = os.path.join(server.data_dir, "restarted.log")
        with open(log, "w") as out:
            restarted = subprocess.Popen([_binary(), "serve", "--host", "127.0.0.1", "--port", port,
                                          "--data-dir", server.data_dir], stdout=out, stderr=subprocess.STDOUT)
        tessera_server.listening_url(log, alive=lambda: restarted.poll() is None)
        wait_for(lambda: marks(server)["starred"] == [3] and server.status_of("/api/posts/5") == 404, seconds=15)
        expect(page.get_by_test_id("offline-line")).to_be_hidden(timeout=10_000)
        expect(rows(page)).to_have_count(99)
        assert page.evaluate("localStorage.getItem('tessera.posts.offlineQueue')") is None
        assert errors == []
        context.close()
    finally:
        if restarted is not None:
            tessera_server.stop(restarted)
        server.close()
