"""Browser tests for the Posts reader's read, unread and starred marks (issue 40, item 6): the
filters (All / Unread / Starred / one author) with their counts, j/k/s/u at a desktop, opening a
post marks it read, and stars and read marks by touch on a phone. The marks are the server's (one
state per server), so each test starts by clearing them through the API."""
import json
import re
import urllib.request

from playwright.sync_api import expect

from test_posts import PHONE, open_context, open_post, open_reader, reader_server, row, rows, wait_for  # noqa: F401


def send(server, method, path):
    with urllib.request.urlopen(urllib.request.Request(server.base + path, method=method), timeout=20) as response:
        return json.load(response)


def fresh_marks(server, starred=(), read=()):
    """Clears every mark, then sets these (the test's preconditions)."""
    marks = server.get("/api/posts/marks")
    for post_id in marks["read"]:
        send(server, "DELETE", f"/api/posts/{post_id}/read")
    for post_id in marks["starred"]:
        send(server, "DELETE", f"/api/posts/{post_id}/star")
    for post_id in starred:
        send(server, "PUT", f"/api/posts/{post_id}/star")
    for post_id in read:
        send(server, "PUT", f"/api/posts/{post_id}/read")


def count(page, name):
    return page.get_by_test_id(f"filter-{name}").get_by_test_id("filter-count")


def test_filters_counts_and_keys_at_a_desktop(browser, reader_server):
    assert reader_server.sync()["type"] == "finished"
    fresh_marks(reader_server, starred=[2], read=[3])
    context, page = open_context(browser, reader_server.base)
    try:
        open_reader(page)
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(count(page, "all")).to_have_text("100")
        expect(count(page, "unread")).to_have_text("99")
        expect(count(page, "starred")).to_have_text("1")
        expect(row(page, 3)).not_to_have_class(re.compile(r"\bunread\b"))
        expect(row(page, 2)).to_have_class(re.compile(r"\bstarred\b"))

        # Opening a post marks it read, on the server too.
        open_post(page, 0)
        expect(count(page, "unread")).to_have_text("98")
        expect(row(page, 1)).not_to_have_class(re.compile(r"\bunread\b"))

        # j/k open the next and previous post; s stars, u toggles unread.
        page.locator("body").press("j")
        expect(page.get_by_test_id("post-heading")).to_have_text(rows(page).nth(1).get_by_test_id("post-title").text_content())
        page.keyboard.press("k")
        expect(row(page, 1)).to_have_class(re.compile(r"\bopen\b"))
        page.keyboard.press("s")
        expect(row(page, 1)).to_have_class(re.compile(r"\bstarred\b"))
        expect(count(page, "starred")).to_have_text("2")
        expect(page.get_by_test_id("detail-star")).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("u")
        expect(row(page, 1)).to_have_class(re.compile(r"\bunread\b"))
        expect(count(page, "unread")).to_have_text("98")  # 1 unread again, 2 read by j
        wait_for(lambda: reader_server.get("/api/posts/marks") == {"read": [2, 3], "starred": [1, 2]})

        # The filters: starred posts only, unread ones, one author's.
        page.get_by_test_id("filter-starred").click()
        expect(rows(page)).to_have_count(2)
        expect(page.get_by_test_id("filter-starred")).to_have_attribute("aria-pressed", "true")
        page.get_by_test_id("filter-unread").click()
        expect(rows(page)).to_have_count(98)
        expect(row(page, 2)).to_have_count(0)
        author = reader_server.get("/api/posts")["posts"][0]["user"]
        select = page.get_by_test_id("author-filter")
        expect(select.locator(f"option[value='{author['id']}']")).to_have_text(f"{author['name']} (10)")
        select.select_option(str(author["id"]))
        expect(rows(page)).to_have_count(8)  # posts 2 and 3 are read
        expect(count(page, "all")).to_have_text("10")
        page.get_by_test_id("filter-all").click()
        expect(rows(page)).to_have_count(10)
        assert page.problems == []
    finally:
        context.close()


def test_stars_and_read_marks_by_touch_on_a_phone(browser, reader_server):
    assert reader_server.sync()["type"] == "finished"
    fresh_marks(reader_server)
    context, page = open_context(browser, reader_server.base, PHONE, has_touch=True, is_mobile=True)
    try:
        open_reader(page)
        expect(count(page, "unread")).to_have_text("100")
        row(page, 4).get_by_test_id("star").tap()
        expect(row(page, 4)).to_have_class(re.compile(r"\bstarred\b"))
        expect(count(page, "starred")).to_have_text("1")

        row(page, 5).get_by_test_id("post-link").tap()
        expect(page.get_by_test_id("post-heading")).to_be_visible()
        expect(page.get_by_test_id("detail-read")).to_be_visible()
        expect(count(page, "unread")).to_have_text("99")
        page.get_by_test_id("detail-read").tap()  # unread again
        page.get_by_test_id("back").tap()
        expect(row(page, 5)).to_have_class(re.compile(r"\bunread\b"))
        expect(count(page, "unread")).to_have_text("100")

        page.get_by_test_id("filter-starred").tap()
        expect(rows(page)).to_have_count(1)
        wait_for(lambda: reader_server.get("/api/posts/marks") == {"read": [], "starred": [4]})
        # Nothing sticks out sideways at phone size with the filters there.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.problems == []
    finally:
        context.close()
