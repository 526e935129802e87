"""Browser tests for the Posts reader ("Challenge Accepted!"): the first load syncs and shows its
progress, live search with the original's feedback texts, delete (button, Delete key, touch swipe;
its Undo is tested in test_posts_first_minutes.py) and a sync bringing posts back, collapsed albums
with lazily loaded thumbnails and sticky headers, and the full-size photo dialog. Reloads, the
keyboard, touch, the phone layout and a failing origin are in test_posts_devices.py.

The reader gets servers of its own (fresh data folders), so the store's state does not depend on
what other test files did with the shared server; every test starts from a freshly synced store."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import start_server

ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


# ---- servers and helpers -----------------------------------------------------------------------
class Server:
    def __init__(self, *args, data_dir=None):
        self.own_dir = data_dir is None
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="tessera-posts-")
        self.process, port = start_server(self.data_dir, *args, log_name=f"posts-{time.monotonic_ns()}.log")
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path):
        with urllib.request.urlopen(self.base + path, timeout=20) as response:
            return json.load(response)

    def status_of(self, path, method="GET"):
        try:
            with urllib.request.urlopen(urllib.request.Request(self.base + path, method=method), timeout=20) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def sync(self):
        """Runs a sync through the API and returns its last event."""
        request = urllib.request.Request(self.base + "/api/posts/sync", method="POST", headers={"Accept": "text/event-stream"})
        with urllib.request.urlopen(request, timeout=60) as response:
            events = [json.loads(line[6:]) for line in response.read().decode().splitlines() if line.startswith("data: ")]
        return events[-1]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def close(self):
        if self.process.poll() is None:
            self.stop()
        if self.own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def reader_server():
    server = Server()
    assert server.sync()["type"] == "finished"
    yield server
    server.close()


def open_context(browser, base, viewport=DESKTOP, **options):
    context = browser.new_context(base_url=base, viewport=viewport, **options)
    page = context.new_page()
    page.problems = []
    page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    return context, page


@pytest.fixture
def reader(browser, reader_server):
    """A desktop page on a freshly synced store (every deleted post is back); no console errors."""
    assert reader_server.sync()["type"] == "finished"
    context, page = open_context(browser, reader_server.base)
    yield page
    problems = list(page.problems)
    context.close()
    assert problems == [], problems


@pytest.fixture
def phone_reader(browser, reader_server):
    assert reader_server.sync()["type"] == "finished"
    context, page = open_context(browser, reader_server.base, PHONE, has_touch=True, is_mobile=True)
    yield page
    problems = list(page.problems)
    context.close()
    assert problems == [], problems


def open_reader(page, path="/posts/"):
    page.goto(path)
    expect(rows(page)).to_have_count(100, timeout=20_000)


def rows(page):
    return page.get_by_test_id("post-row")


def row(page, post_id):
    return page.locator(f"[data-testid=post-row][data-id='{post_id}']")


def open_post(page, index=0):
    """Clicks the index-th row and waits for its post; returns the post's id and title."""
    target = rows(page).nth(index)
    post_id = int(target.get_attribute("data-id"))
    title = target.get_by_test_id("post-title").text_content()
    target.get_by_test_id("post-link").click()
    expect(page.get_by_test_id("post-heading")).to_have_text(title)
    return post_id, title


def shoot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, f"posts-{name}.png"))


def touch_swipe(page, locator, distance_share=0.8):
    """A real touch drag from the right of `locator` leftwards, through the DevTools protocol (the
    browser turns it into touch pointer events, honouring `touch-action`)."""
    box = locator.bounding_box()
    y = box["y"] + box["height"] / 2
    start = box["x"] + box["width"] - 12
    end = start - box["width"] * distance_share
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start, "y": y}]})
    steps = 16
    for step in range(1, steps + 1):
        x = start + (end - start) * step / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        time.sleep(0.01)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


# ---- first load --------------------------------------------------------------------------------
def test_first_load_syncs_with_progress_and_lists_100_posts(browser):
    # An empty store, and an origin slow enough to watch the progress.
    server = Server("--posts-origin-delay-ms", "600")
    try:
        assert server.get("/api/posts/status")["posts"] == 0
        context, page = open_context(browser, server.base)
        page.goto("/")
        page.get_by_test_id("card-posts").click()
        expect(page).to_have_url(re.compile(r"/posts/$"))
        expect(page).to_have_title("Challenge Accepted!")
        expect(page.get_by_test_id("detail-title")).to_have_text("Challenge Accepted!")
        expect(page.locator("#list-title")).to_have_text("Posts")

        expect(page.get_by_test_id("first-load")).to_be_visible()
        expect(page.get_by_test_id("progress")).to_have_text("Fetching posts… comments… users… albums… photos…")
        expect(page.get_by_test_id("sync")).to_be_disabled()
        expect(page.get_by_test_id("progress")).to_contain_text("photos ✓", timeout=10_000)

        expect(rows(page)).to_have_count(100, timeout=20_000)
        expect(page.get_by_test_id("first-load")).to_be_hidden()
        expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
        expect(page.get_by_test_id("message")).to_contain_text("Synced 100 posts")
        expect(page.get_by_test_id("last-sync")).to_have_text("Last synced just now")
        expect(page.get_by_test_id("sync")).to_be_enabled()

        listed = server.get("/api/posts")["posts"]
        first = rows(page).first
        expect(first.get_by_test_id("post-title")).to_have_text(listed[0]["title"])
        expect(first.get_by_test_id("post-email")).to_have_text(listed[0]["user"]["email"])
        assert server.get("/api/posts/status")["posts"] == 100
        assert page.problems == []
        context.close()
    finally:
        server.close()


# ---- search --------------------------------------------------------------------------------------
def test_search_feedback_and_delete_disabled_while_searching(reader, reader_server):
    open_reader(reader)
    expect(reader.get_by_test_id("feedback")).to_have_text("100 Posts")
    search = reader.get_by_test_id("search")

    search.press_sequentially("QUIET")  # case-insensitive, live as typed
    expected = reader_server.get("/api/posts?search=quiet")
    assert 0 < expected["matching"] < 100
    expect(reader.get_by_test_id("feedback")).to_have_text(f"Filtering {expected['matching']} of 100 Posts")
    expect(rows(reader)).to_have_count(expected["matching"])
    for found in rows(reader).all():  # in the title, else in the body (its excerpt shown)
        title = found.get_by_test_id("post-title").text_content().lower()
        assert "quiet" in title or "quiet" in found.get_by_test_id("post-excerpt").text_content().lower()

    # Deleting is off while searching: the buttons are disabled and the Delete key does nothing.
    first = rows(reader).first
    first.hover()
    expect(first.get_by_test_id("delete")).to_be_visible()
    expect(first.get_by_test_id("delete")).to_be_disabled()
    first.get_by_test_id("post-link").focus()
    reader.keyboard.press("Delete")
    expect(reader.get_by_test_id("message")).to_contain_text("Clear the search to delete")
    expect(rows(reader)).to_have_count(expected["matching"])
    assert reader_server.get("/api/posts")["total"] == 100

    # An author's email matches too.
    email = reader_server.get("/api/posts")["posts"][0]["user"]["email"]
    search.fill(email.split("@")[1])
    by_mail = reader_server.get("/api/posts?search=" + email.split("@")[1])
    expect(reader.get_by_test_id("feedback")).to_have_text(f"Filtering {by_mail['matching']} of 100 Posts")

    search.fill("no such words anywhere")
    expect(reader.get_by_test_id("feedback")).to_have_text("No Search Results")
    expect(rows(reader)).to_have_count(0)
    expect(reader.get_by_test_id("list-empty")).to_be_visible()

    search.press("Escape")
    expect(search).to_have_value("")
    expect(reader.get_by_test_id("feedback")).to_have_text("100 Posts")
    expect(rows(reader)).to_have_count(100)
    rows(reader).first.hover()
    expect(rows(reader).first.get_by_test_id("delete")).to_be_enabled()


# ---- delete and sync ---------------------------------------------------------------------------
def test_delete_then_sync_brings_the_post_back(reader, reader_server):
    reader.clock.install()
    open_reader(reader)
    victim = rows(reader).nth(2)
    post_id = int(victim.get_attribute("data-id"))
    title = victim.get_by_test_id("post-title").text_content()
    victim.hover()
    victim.get_by_test_id("delete").click()

    expect(row(reader, post_id)).to_have_count(0)
    expect(rows(reader)).to_have_count(99)
    expect(reader.get_by_test_id("feedback")).to_have_text("99 Posts")
    expect(reader.get_by_test_id("undo-text")).to_have_text(f"Deleted “{title}”.")
    # The server hears of it when the undo offer ends.
    with reader.expect_request(lambda request: request.method == "DELETE"):
        reader.clock.fast_forward("00:07")
    expect(reader.get_by_test_id("undo-toast")).to_be_hidden()
    wait_for(lambda: reader_server.status_of(f"/api/posts/{post_id}") == 404)

    reader.get_by_test_id("sync").click()
    expect(reader.get_by_test_id("message")).to_contain_text("6 new", timeout=20_000)  # the post and its 5 comments
    expect(row(reader, post_id)).to_have_count(1)
    expect(rows(reader)).to_have_count(100)
    expect(reader.get_by_test_id("feedback")).to_have_text("100 Posts")
    assert reader_server.status_of(f"/api/posts/{post_id}") == 200


def wait_for(condition, seconds=5):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_deleting_the_open_post_clears_the_detail(reader):
    open_reader(reader)
    post_id, _ = open_post(reader, 4)
    expect(reader).to_have_url(re.compile(rf"\?post={post_id}$"))
    row(reader, post_id).hover()
    row(reader, post_id).get_by_test_id("delete").click()
    expect(row(reader, post_id)).to_have_count(0)
    expect(reader.get_by_test_id("detail-empty")).to_be_visible()
    expect(reader).to_have_url(re.compile(r"/posts/$"))


# ---- detail: albums, thumbnails, photo -----------------------------------------------------------
def test_albums_start_collapsed_and_expand_with_lazy_thumbnails_and_sticky_headers(reader, reader_server):
    open_reader(reader)
    post_id, _ = open_post(reader, 0)
    post = reader_server.get(f"/api/posts/{post_id}")
    expect(reader.get_by_test_id("author-name")).to_have_text(post["user"]["name"])
    expect(reader.get_by_test_id("author-username")).to_have_text("@" + post["user"]["username"])
    expect(reader.get_by_test_id("author-email")).to_have_text(post["user"]["email"])
    expect(reader.get_by_test_id("post-body")).to_have_text(post["body"])

    toggles = reader.get_by_test_id("album-toggle")
    expect(toggles).to_have_count(len(post["albums"]))
    for index in range(len(post["albums"])):
        expect(toggles.nth(index)).to_have_attribute("aria-expanded", "false")
    expect(reader.get_by_test_id("album-photos").first).to_be_hidden()
    expect(reader.get_by_test_id("thumb")).to_have_count(0)

    toggles.first.click()
    expect(toggles.first).to_have_attribute("aria-expanded", "true")
    first_album = reader.get_by_test_id("album").first
    thumbs = first_album.get_by_test_id("thumb")
    expect(thumbs).to_have_count(post["albums"][0]["photoCount"])
    expect(thumbs.first).to_have_class(re.compile(r"\bloaded\b"))

    # Enter on a focused header opens it as well.
    toggles.nth(1).evaluate("el => el.focus({preventScroll: true})")
    reader.keyboard.press("Enter")
    expect(toggles.nth(1)).to_have_attribute("aria-expanded", "true")
    expect(reader.get_by_test_id("thumb")).to_have_count(100)

    # Visible thumbnails load at normal priority from this server's copies; those within a screen
    # below are prefetched at low priority; the rest (the second album, further down) wait.
    reader.wait_for_function("() => !document.querySelector('.thumb.loading')")
    sources = [src or "" for src in reader.get_by_test_id("thumb").evaluate_all(
        "els => els.map(e => e.querySelector('img').getAttribute('src'))")]
    assert sources[0].startswith("/api/posts/photos/") and sources[0].endswith("/thumbnail?priority=normal")
    assert any(src.endswith("priority=low") for src in sources), sources
    assert sources[-1] == "", "everything loaded at once: nothing is lazy"
    assert all(src == "" or re.search(r"^/api/posts/photos/\d+/thumbnail\?priority=(normal|low)$", src) for src in sources)

    # Sticky header: scrolled into the first album's photos, its header stays at the pane's top.
    scroller = reader.get_by_test_id("detail-scroll")
    head = first_album.locator(".album-head")
    scroller.evaluate("(el, head) => { el.scrollTop = head.closest('.album').offsetTop + 300; }", head.element_handle())
    reader.wait_for_timeout(100)
    assert abs(head.bounding_box()["y"] - scroller.bounding_box()["y"]) < 2
    # Scrolling on lets images further down load.
    expect(thumbs.nth(30)).to_have_class(re.compile(r"\bloaded\b"))

    toggles.first.click()
    expect(toggles.first).to_have_attribute("aria-expanded", "false")
    expect(first_album.get_by_test_id("album-photos")).to_be_hidden()


def test_a_thumbnail_opens_the_full_size_photo(reader, reader_server):
    open_reader(reader)
    post_id, _ = open_post(reader, 1)
    album = reader_server.get(f"/api/posts/{post_id}")["albums"][0]
    photos = reader_server.get(f"/api/posts/albums/{album['id']}/photos")["photos"]
    reader.get_by_test_id("album-toggle").first.click()
    thumb = reader.get_by_test_id("thumb").nth(2)
    expect(thumb).to_have_class(re.compile(r"\bloaded\b"))

    thumb.click()
    dialog = reader.get_by_test_id("photo-dialog")
    expect(dialog).to_be_visible()
    expect(reader.get_by_test_id("photo-title")).to_have_text(photos[2]["title"])
    expect(reader.get_by_test_id("photo-position")).to_have_text(f"Photo 3 of {len(photos)}")
    full = reader.get_by_test_id("photo-full")
    expect(full).to_have_attribute("src", photos[2]["image"])
    reader.wait_for_function("() => document.getElementById('photo-full').naturalWidth === 600")
    expect(dialog).to_have_class(re.compile(r"\bloaded\b"))

    reader.get_by_test_id("photo-next").click()
    expect(reader.get_by_test_id("photo-title")).to_have_text(photos[3]["title"])
    reader.keyboard.press("ArrowLeft")
    expect(reader.get_by_test_id("photo-title")).to_have_text(photos[2]["title"])

    reader.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(thumb).to_be_focused()

    thumb.click()
    reader.get_by_test_id("photo-close").click()
    expect(dialog).to_be_hidden()

    thumb.click()
    expect(dialog).to_be_visible()
    reader.mouse.click(8, 8)  # the backdrop
    expect(dialog).to_be_hidden()
