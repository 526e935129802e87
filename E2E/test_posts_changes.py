"""Browser tests for the Posts reader's comments, body search and "what changed" panel (issue 40,
items 5, 8 and 9), at a desktop (mouse) and on a phone (touch). The reader syncs from a small
origin of the test's own (Python's HTTP server over lists the test edits), so a sync can bring an
edited post, a new one, one the origin dropped and one deleted here."""
import http.server
import json
import re
import threading

import pytest
from playwright.sync_api import expect

from test_posts import DESKTOP, PHONE, Server, open_context, row, rows

BODY = "the quick brown fox jumps over the lazy dog near the riverbank"


def origin_lists():
    users = [{"id": 1, "name": "Ann Lee", "username": "ann", "email": "ann@example.org"},
             {"id": 2, "name": "Bo Diaz", "username": "bo", "email": "bo@example.org"}]
    posts = [{"userId": 1 + (i % 2), "id": i, "title": f"post number {i}", "body": f"{BODY} {i}"} for i in range(1, 5)]
    posts[2]["body"] = "a story about a marmalade cat " + BODY  # "marmalade" is only in post 3's body
    comments = [{"postId": p, "id": p * 10 + k, "name": f"reader {k} of {p}", "email": f"r{k}@example.org",
                 "body": f"comment {k} on post {p}"} for p in range(1, 5) for k in range(1, 1 + p % 3)]
    return {"users": users, "posts": posts, "comments": comments, "albums": [], "photos": []}


@pytest.fixture
def origin():
    """A jsonplaceholder-shaped origin whose lists the test may change between syncs."""
    lists = origin_lists()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            body = json.dumps(lists.get(self.path.strip("/"), {})).encode()
            self.send_response(200 if self.path.strip("/") in lists else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = Server("--posts-origin", f"http://127.0.0.1:{httpd.server_address[1]}")
    try:
        assert server.sync()["type"] == "finished"
        yield server, lists
    finally:
        server.close()
        httpd.shutdown()


SIZES = {"desktop": (DESKTOP, {}), "phone": (PHONE, {"has_touch": True, "is_mobile": True})}


def press(page, locator, touch):
    locator.tap() if touch else locator.click()


@pytest.mark.parametrize("size", list(SIZES))
def test_comments_are_counted_in_the_list_and_shown_under_the_post(browser, origin, size):
    server, _ = origin
    viewport, options = SIZES[size]
    touch = bool(options)
    context, page = open_context(browser, server.base, viewport, **options)
    try:
        page.goto("/posts/")
        expect(rows(page)).to_have_count(4)
        # Posts 1..4 have 1, 2, 0 and 1 comments.
        expect(page.get_by_test_id("comment-number")).to_have_text(["1", "2", "0", "1"])
        press(page, row(page, 2).get_by_test_id("post-link"), touch)
        expect(page.get_by_test_id("post-heading")).to_have_text("Post number 2")
        comments = page.get_by_test_id("comment")
        expect(comments).to_have_count(2)
        expect(comments.get_by_test_id("comment-name")).to_have_text(["Reader 1 of 2", "Reader 2 of 2"])
        expect(comments.get_by_test_id("comment-body")).to_have_text(["Comment 1 on post 2", "Comment 2 on post 2"])
        expect(page.get_by_test_id("comment-total")).to_have_text("2 comments")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert page.problems == []
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_search_finds_words_in_the_body_and_marks_them(browser, origin, size):
    server, _ = origin
    viewport, options = SIZES[size]
    context, page = open_context(browser, server.base, viewport, **options)
    try:
        page.goto("/posts/")
        expect(rows(page)).to_have_count(4)
        page.get_by_test_id("search").fill("MARMALADE")
        expect(rows(page)).to_have_count(1)
        excerpt = row(page, 3).get_by_test_id("post-excerpt")
        expect(excerpt).to_contain_text("A story about a marmalade cat")
        expect(excerpt.locator("mark")).to_have_text("marmalade")
        # A match in the title shows no excerpt.
        page.get_by_test_id("search").fill("number 4")
        expect(rows(page)).to_have_count(1)
        expect(row(page, 4).get_by_test_id("post-excerpt")).to_have_count(0)
        assert page.problems == []
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_sync_by_hand_shows_what_it_changed(browser, origin, size):
    server, lists = origin
    viewport, options = SIZES[size]
    touch = bool(options)
    # The origin edits post 1, drops post 4 and adds post 5; post 2 is deleted here.
    lists["posts"][0]["body"] = BODY.replace("lazy", "sleepy") + " 1"
    lists["posts"] = [post for post in lists["posts"] if post["id"] != 4]
    lists["posts"].append({"userId": 1, "id": 5, "title": "a brand new post", "body": "fresh words"})
    assert server.status_of("/api/posts/2", "DELETE") == 204
    context, page = open_context(browser, server.base, viewport, **options)
    try:
        page.goto("/posts/")
        expect(rows(page)).to_have_count(3)
        press(page, page.get_by_test_id("sync"), touch)
        # The sync marks the "What changed" button; it opens the panel.
        expect(page.get_by_test_id("changes-button")).to_have_class(re.compile(r"\bfresh\b"))
        press(page, page.get_by_test_id("changes-button"), touch)
        dialog = page.get_by_test_id("changes-dialog")
        expect(dialog).to_be_visible()
        expect(page.get_by_test_id("changes-button")).not_to_have_class(re.compile(r"\bfresh\b"))
        newest = dialog.get_by_test_id("sync-changes").first
        expect(newest.get_by_test_id("changes-added").get_by_test_id("change-item")).to_have_text(["A brand new post"])
        expect(newest.get_by_test_id("changes-deleted").get_by_test_id("change-item")).to_have_text(["Post number 4"])
        expect(newest.get_by_test_id("changes-restored").get_by_test_id("change-item")).to_have_text(["Post number 2"])
        edited = newest.get_by_test_id("changes-edited").get_by_test_id("change-item")
        expect(edited).to_have_count(1)
        expect(edited.get_by_test_id("diff-removed")).to_have_text(re.compile(r"lazy$"))
        expect(edited.get_by_test_id("diff-added")).to_have_text(re.compile(r"sleepy$"))
        # The first sync (when the server started) is listed below, with its new posts.
        expect(dialog.get_by_test_id("sync-changes")).to_have_count(2)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]

        # A post named in the panel opens in the reader.
        press(page, newest.get_by_test_id("changes-added").get_by_role("link"), touch)
        expect(dialog).to_be_hidden()
        expect(page.get_by_test_id("post-heading")).to_have_text("A brand new post")

        # Another tab's sync edits post 3, then a quiet one follows: the button stays marked, as the
        # edit is still unseen, and the quiet sync is listed first as such.
        lists["posts"][2]["title"] = "post number three"
        assert server.sync()["type"] == "finished"
        assert server.sync()["type"] == "finished"
        syncs = dialog.get_by_test_id("sync-changes")
        expect(syncs).to_have_count(4)
        expect(syncs.first.get_by_test_id("nothing-changed")).to_have_count(1)
        expect(page.get_by_test_id("changes-button")).to_have_class(re.compile(r"\bfresh\b"))
        press(page, page.get_by_test_id("changes-button"), touch)
        expect(syncs.nth(1).get_by_test_id("changes-edited").get_by_test_id("diff-added")).to_have_text(re.compile(r"three"))
        expect(page.get_by_test_id("changes-button")).not_to_have_class(re.compile(r"\bfresh\b"))
        assert page.problems == []
    finally:
        context.close()
