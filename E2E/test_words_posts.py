"""The Posts reader in every language (issue 38): every word of ours comes from the catalogue (`posts.*`).

- In the pseudo-language (`?lang=en-XA`) every visible word is inside ⟦ ⟧ and nothing is cut off or
  sticks out, at the three sizes, in the reader's main states: the first sync's progress, a post that
  is gone (an error), a post open with an album's photos, the full-size photo, a delete's Undo offer
  beside a sync that failed, and a search that finds nothing. The posts, their authors, albums and
  photos are the origin's data (Latin placeholder text): they are allowed by where they are (their
  elements), never by what they say.
- In Spanish no English message of the page is left, in the same states.
Screenshots of each go to $TESSERA_SHOTS when it is set, as posts-<lang>-<size>-<state>.png."""
import re

import pytest
from playwright.sync_api import expect

from conftest import browsing, checked_sizes
from test_posts import Server  # the reader's own servers (a fresh, synced store)
from test_words_maze import SIZES, Checker, context_for, english_left, english_patterns

# The origin's data, by where the page shows it (as pseudo.untranslated names places).
POSTS_DATA = {
    "span[data-testid=post-title]", "span[data-testid=post-email]", "mark",  # a row, and what a search matched
    "h2[data-testid=post-heading]", "p[data-testid=post-body]",
    "span[data-testid=author-name]", "span[data-testid=author-username]", "a[data-testid=author-email]",
    "span[data-testid=album-title]", "h2#photo-title[data-testid=photo-title]",
    "span[data-testid=comment-name]", "a[data-testid=comment-email]", "p[data-testid=comment-body]",
    "span[data-testid=post-excerpt]",
}

# The failed requests the states below provoke on purpose (the browser logs each).
PROVOKED = ("status of 404", "status of 500", "status of 503")


@pytest.fixture(scope="module")
def synced():
    server = Server()
    assert server.sync()["type"] == "finished"
    yield server
    server.close()


def rows(page):
    return page.get_by_test_id("post-row")


def open_reader(page, path):
    page.goto(path)
    expect(rows(page)).to_have_count(100, timeout=20_000)


@pytest.mark.parametrize("lang", ["en-XA", "es"])
@pytest.mark.parametrize("size", checked_sizes(SIZES))
def test_the_reader_says_everything_in_the_pages_language(browser, synced, size, lang):
    phone = size == "phone"
    status = synced.get("/api/posts/status")
    with browsing(context_for(browser, synced.base, size, lang), allow=PROVOKED) as page:
        checker = Checker(page, lang, size, "posts", ["posts", "shared"], POSTS_DATA)

        # The first sync into an empty store: its progress (held there: the sync never answers).
        page.route("**/api/posts/status", lambda route: route.fulfill(
            json={**status, "posts": 0, "lastSync": None}))
        held = []
        page.route("**/api/posts/sync", lambda route: held.append(route))
        page.goto(f"/posts/?lang={lang}")
        expect(page.get_by_test_id("first-load")).to_be_visible()
        expect(page.get_by_test_id("progress")).not_to_be_empty()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        checker.check("first-sync")
        for route in held:
            route.fulfill(status=503, json={})  # let it go before leaving
        page.unroute("**/api/posts/sync")
        page.unroute("**/api/posts/status")

        # A post that is gone (its address kept from before): said, beside the list.
        open_reader(page, f"/posts/?lang={lang}&post=999999")
        expect(page.get_by_test_id("message")).to_contain_text("999999")
        checker.check("missing")

        # A post open, with its author and an album's photos.
        rows(page).nth(2).get_by_test_id("post-link").click()
        expect(page.get_by_test_id("post-heading")).to_be_visible()
        page.get_by_test_id("album-toggle").first.click()
        expect(page.get_by_test_id("thumb").first).to_be_visible()
        checker.check("post")

        # The full-size photo.
        page.get_by_test_id("thumb").first.click()
        dialog = page.get_by_test_id("photo-dialog")
        expect(dialog).to_be_visible()
        expect(dialog).to_have_class(re.compile(r"\b(loaded|failed)\b"), timeout=10_000)
        expect(page.get_by_test_id("photo-position")).not_to_be_empty()
        checker.check("photo")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()

        # A delete's Undo offer, and a sync that the server refuses, at the same time.
        if phone:
            page.get_by_test_id("back").click()
        page.route("**/api/posts/sync", lambda route: route.fulfill(status=500, json={}))
        page.get_by_test_id("sync").click()
        expect(page.get_by_test_id("message")).to_contain_text("500")
        rows(page).nth(3).get_by_test_id("post-link").focus()
        page.keyboard.press("Delete")
        expect(page.get_by_test_id("undo-toast")).to_be_visible()
        page.get_by_test_id("undo").focus()  # the offer waits while focus is on it
        checker.check("undo-and-sync-failed")
        page.get_by_test_id("undo").click()  # nothing was deleted: the server never heard of it
        expect(rows(page)).to_have_count(100)

        # A search that finds nothing: deleting is off meanwhile, and the list says why it is empty.
        page.get_by_test_id("search").fill("zzzz")
        expect(page.get_by_test_id("list-empty")).to_be_visible()
        expect(page.get_by_test_id("delete-hint")).to_be_visible()
        checker.check("nothing-found")
        checker.assert_clean()


def test_the_reader_changes_language_in_place(browser, synced):
    """The picker switches the page: the marked words and what the page wrote itself (the count,
    the open post's albums, the status line) follow."""
    with browsing(context_for(browser, synced.base, "desktop", "en")) as page:
        open_reader(page, "/posts/?lang=en")
        expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
        rows(page).first.get_by_test_id("post-link").click()
        expect(page.get_by_test_id("album-toggle").first).to_contain_text("photos")
        page.get_by_test_id("language").select_option("es")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_test_id("feedback")).to_have_text("100 publicaciones")
        expect(page.get_by_test_id("album-toggle").first).to_contain_text("fotos")
        expect(page.get_by_test_id("sync")).to_have_text("Sincronizar")
        expect(page.get_by_test_id("last-sync")).to_contain_text("Sincronizado")
        assert english_left(page, english_patterns(["posts"]), POSTS_DATA) == []
