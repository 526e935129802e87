"""Browser tests for the Posts reader where people read it: a reload keeps the reader's place, the
keyboard works the list, a tab coming back resyncs, touch swipes delete on a phone, the phone
layout, text scaling on a desktop, and a reader that keeps working (and explains itself) when its
origin fails. The servers and helpers are test_posts.py's."""
import re
import shutil
import tempfile

import pytest
from playwright.sync_api import expect

# The reader's own servers and helpers (importing the fixtures makes pytest offer them here too).
from test_posts import (  # noqa: F401  (fixtures are used by name)
    Server, open_context, open_post, open_reader, phone_reader, reader, reader_server, row, rows, shoot, touch_swipe,
    wait_for)


# ---- reload, keyboard ----------------------------------------------------------------------------
def test_reload_keeps_the_selected_post_open_albums_and_scroll(reader):
    open_reader(reader)
    post_id, title = open_post(reader, 6)
    expect(reader).to_have_url(re.compile(rf"\?post={post_id}$"))
    reader.get_by_test_id("album-toggle").nth(1).click()
    expect(reader.get_by_test_id("thumb")).to_have_count(50)
    scroller = reader.get_by_test_id("detail-scroll")
    scroller.evaluate("el => { el.scrollTop = 650; }")
    reader.wait_for_timeout(150)

    reader.reload()
    expect(reader.get_by_test_id("post-heading")).to_have_text(title)
    expect(row(reader, post_id)).to_have_class(re.compile(r"\bopen\b"))
    expect(reader.get_by_test_id("album-toggle").nth(1)).to_have_attribute("aria-expanded", "true")
    expect(reader.get_by_test_id("album-toggle").nth(0)).to_have_attribute("aria-expanded", "false")
    reader.wait_for_function("() => Math.abs(document.getElementById('detail-scroll').scrollTop - 650) <= 2")


def test_keyboard_navigation(reader, reader_server):
    open_reader(reader)
    listed = reader_server.get("/api/posts")["posts"]
    reader.locator("body").click(position={"x": 700, "y": 600})
    reader.keyboard.press("/")
    expect(reader.get_by_test_id("search")).to_be_focused()

    reader.keyboard.press("ArrowDown")
    expect(rows(reader).nth(0).get_by_test_id("post-link")).to_be_focused()
    reader.keyboard.press("ArrowDown")
    reader.keyboard.press("ArrowDown")
    reader.keyboard.press("ArrowUp")
    reader.keyboard.press("ArrowDown")
    expect(rows(reader).nth(2).get_by_test_id("post-link")).to_be_focused()
    reader.keyboard.press("Enter")
    expect(reader.get_by_test_id("post-heading")).to_have_text(listed[2]["title"])
    expect(rows(reader).nth(2).get_by_test_id("post-link")).to_have_attribute("aria-current", "true")

    # Delete removes the selected row; the selection moves to the next one.
    reader.keyboard.press("Delete")
    expect(row(reader, listed[2]["id"])).to_have_count(0)
    expect(row(reader, listed[3]["id"]).get_by_test_id("post-link")).to_be_focused()
    expect(reader.get_by_test_id("detail-empty")).to_be_visible()
    reader.keyboard.press("End")
    expect(rows(reader).last.get_by_test_id("post-link")).to_be_focused()

    # Tab from a row reaches its delete button (shown on focus).
    reader.keyboard.press("Home")
    reader.keyboard.press("Tab")
    expect(rows(reader).first.get_by_test_id("delete")).to_be_focused()
    expect(rows(reader).first.get_by_test_id("delete")).to_be_visible()


def test_tab_coming_back_resyncs_unless_one_ran_recently(reader):
    reader.clock.install()
    open_reader(reader)
    syncs = []
    reader.on("request", lambda request: syncs.append(request.url) if request.url.endswith("/api/posts/sync") else None)
    reader.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    reader.wait_for_timeout(400)
    assert syncs == [], "a sync ran less than 30 s ago; coming back should not sync again"

    reader.clock.fast_forward("00:45")
    with reader.expect_request(lambda request: request.url.endswith("/api/posts/sync")):
        reader.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(reader.get_by_test_id("sync")).to_be_enabled(timeout=20_000)
    expect(reader.get_by_test_id("message")).not_to_contain_text("failed")


# ---- touch and phone -----------------------------------------------------------------------------
def test_touch_swipe_deletes_and_is_off_while_searching(phone_reader, reader_server):
    page = phone_reader
    open_reader(page)
    victim = rows(page).nth(1)
    post_id = int(victim.get_attribute("data-id"))
    touch_swipe(page, victim)
    expect(row(page, post_id)).to_have_count(0)
    expect(page.get_by_test_id("feedback")).to_have_text("99 Posts")
    expect(page.get_by_test_id("detail")).to_be_hidden()  # the swipe did not open the post
    expect(page.get_by_test_id("undo-text")).to_contain_text("Deleted")
    expect(page.get_by_test_id("undo-toast")).to_be_hidden(timeout=10_000)  # the undo offer ran out
    wait_for(lambda: reader_server.status_of(f"/api/posts/{post_id}") == 404)

    # A short swipe leaves the row open with its Delete button; a tap on that deletes.
    other = rows(page).nth(3)
    other_id = int(other.get_attribute("data-id"))
    touch_swipe(page, other, distance_share=0.3)
    expect(other.locator(".swipe-delete")).to_be_visible()
    other.locator(".swipe-delete").tap()
    expect(row(page, other_id)).to_have_count(0)

    page.get_by_test_id("search").fill("quiet")
    expect(page.get_by_test_id("feedback")).to_contain_text("Filtering")
    count = rows(page).count()
    touch_swipe(page, rows(page).first)
    expect(page.get_by_test_id("message")).to_contain_text("Clear the search to delete")
    expect(rows(page)).to_have_count(count)


def test_phone_layout_detail_replaces_the_list(phone_reader):
    page = phone_reader
    open_reader(page)
    expect(page.get_by_test_id("detail")).to_be_hidden()
    shoot(page, "phone-list")
    post_id, title = open_post(page, 2)
    expect(page.get_by_test_id("post-list")).to_be_hidden()
    expect(page.get_by_test_id("back")).to_be_visible()
    page.get_by_test_id("album-toggle").first.tap()
    expect(page.get_by_test_id("thumb").first).to_have_class(re.compile(r"\bloaded\b"))
    shoot(page, "phone-detail")

    page.get_by_test_id("back").tap()
    expect(page.get_by_test_id("post-list")).to_be_visible()
    expect(page.get_by_test_id("detail")).to_be_hidden()
    expect(page).to_have_url(re.compile(r"/posts/$"))
    # The browser's Back works the same way.
    open_post(page, 2)
    page.go_back()
    expect(page.get_by_test_id("post-list")).to_be_visible()


def test_desktop_screens_and_text_scaling(reader):
    open_reader(reader)
    shoot(reader, "desktop-list")
    open_post(reader, 0)
    reader.get_by_test_id("album-toggle").first.click()
    expect(reader.get_by_test_id("thumb").first).to_have_class(re.compile(r"\bloaded\b"))
    shoot(reader, "desktop-detail")
    # Text follows the browser's font size: no fixed pixel font sizes.
    sizes = reader.evaluate("""() => {
        const probe = () => ['.post-title', '.post-email', '.post-heading', '.post-body', '.album-title', '#feedback']
            .map(s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize));
        const before = probe();
        document.documentElement.style.fontSize = '24px';
        const after = probe();
        document.documentElement.style.fontSize = '';
        return {before, after};
    }""")
    for before, after in zip(sizes["before"], sizes["after"]):
        assert after == pytest.approx(before * 1.5, rel=0.02), sizes


# ---- a failing origin ----------------------------------------------------------------------------
def test_the_reader_still_works_after_the_origin_stops(browser):
    data_dir = tempfile.mkdtemp(prefix="tessera-posts-offline-")
    healthy = failing = None
    try:
        healthy = Server(data_dir=data_dir)
        assert healthy.sync()["type"] == "finished"
        healthy.stop()
        # Same data, but the origin now fails every request (and the photos' origin, the first
        # server's address, is gone): reading must carry on from the store.
        failing = Server("--posts-origin-failure-rate", "1", data_dir=data_dir)
        context, page = open_context(browser, failing.base)
        open_reader(page)
        expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
        open_post(page, 0)
        # The most thumbnails downloading at once, watched as it happens: how many are still
        # loading at one later moment depends on how fast each failure comes back.
        page.evaluate("""() => {
            window.peakLoading = 0;
            new MutationObserver(() => {
                const now = document.querySelectorAll('.thumb.loading').length;
                window.peakLoading = Math.max(window.peakLoading, now);
            }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
        }""")
        page.get_by_test_id("album-toggle").first.click()
        thumbs = page.get_by_test_id("thumb")
        expect(thumbs).to_have_count(50)
        # The images cannot be fetched: they keep their placeholder and the page stays usable.
        expect(page.locator(".thumb.failed").first).to_be_attached(timeout=20_000)
        assert page.evaluate("window.peakLoading") == 4  # a few at a time, never all at once
        page.get_by_test_id("search").fill("quiet")
        expect(page.get_by_test_id("feedback")).to_contain_text("Filtering")

        page.get_by_test_id("sync").click()
        expect(page.get_by_test_id("message")).to_contain_text("The sync failed:", timeout=30_000)
        expect(page.get_by_test_id("message")).to_contain_text("The posts saved here still work.")
        expect(page.get_by_test_id("sync")).to_be_enabled()
        page.get_by_test_id("search").fill("")
        expect(rows(page)).to_have_count(100)
        context.close()
    finally:
        for server in (failing, healthy):
            if server:
                server.close()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_first_sync_that_fails_explains_itself(browser):
    server = Server("--posts-origin-failure-rate", "1")
    try:
        context, page = open_context(browser, server.base)
        page.goto("/posts/")
        expect(page.get_by_test_id("message")).to_contain_text("The sync failed: ", timeout=30_000)
        expect(page.get_by_test_id("message")).to_contain_text("HTTP 500")  # the server's own reason
        expect(page.get_by_test_id("first-load")).to_be_hidden()
        expect(page.get_by_test_id("list-empty")).to_have_text(
            "No posts are stored here yet. Press Sync to fetch them from the origin.")
        expect(page.get_by_test_id("sync")).to_be_enabled()
        expect(page.get_by_test_id("search")).to_be_enabled()
        assert page.problems == []
        context.close()
    finally:
        server.close()
