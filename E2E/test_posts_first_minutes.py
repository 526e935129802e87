"""The Posts reader as a newcomer meets it: a delete can be undone for a few seconds (the post comes
back in its place, with no sync and no request at all), after which it is gone for good, even
across a reload; while searching, the delete buttons say why they are off; and a search shows why
each post matched, marking the matching part of the title or of the author's email."""
import re

from playwright.sync_api import expect

# The reader's own servers and helpers (importing the fixtures makes pytest offer them here too).
from test_posts import (  # noqa: F401  (fixtures are used by name)
    open_reader, phone_reader, reader, reader_server, row, rows, touch_swipe, wait_for,
)


def watch_requests(page):
    """Every API request the page makes from now on, as "METHOD path"."""
    seen = []
    page.on("request", lambda request: seen.append(f"{request.method} {request.url.split('/', 3)[3]}")
            if "/api/" in request.url else None)
    return seen


def changes(requests):
    """The requests that change anything: a sync or a delete."""
    return [r for r in requests if r.startswith("DELETE") or "posts/sync" in r]


def ids(page):
    return [int(i) for i in page.eval_on_selector_all("[data-testid=post-row]", "els => els.map(e => e.dataset.id)")]


def test_delete_then_undo_brings_the_post_back_in_place_without_a_sync(reader, reader_server):
    page = reader
    page.clock.install()
    open_reader(page)
    before = ids(page)
    requests = watch_requests(page)

    # With the button.
    victim = rows(page).nth(3)
    post_id = before[3]
    title = victim.get_by_test_id("post-title").text_content()
    victim.hover()
    victim.get_by_test_id("delete").click()
    expect(row(page, post_id)).to_have_count(0)
    expect(page.get_by_test_id("feedback")).to_have_text("99 Posts")
    toast = page.get_by_test_id("undo-toast")
    expect(toast).to_be_visible()
    expect(page.get_by_test_id("undo-text")).to_have_text(f"Deleted “{title}”.")
    expect(page.get_by_test_id("undo-announce")).to_contain_text("Undo")
    page.get_by_test_id("undo").click()
    expect(row(page, post_id)).to_have_count(1)
    assert ids(page) == before, "the post is back in its place"
    expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
    expect(toast).to_be_hidden()
    expect(row(page, post_id).get_by_test_id("post-link")).to_be_focused()

    # With the Delete key, undone with Ctrl+Z.
    row(page, before[5]).get_by_test_id("post-link").focus()
    page.keyboard.press("Delete")
    expect(row(page, before[5])).to_have_count(0)
    expect(row(page, before[6]).get_by_test_id("post-link")).to_be_focused()
    expect(toast).to_be_visible()
    page.keyboard.press("Control+z")
    expect(row(page, before[5])).to_have_count(1)
    assert ids(page) == before
    expect(row(page, before[5]).get_by_test_id("post-link")).to_be_focused()

    # Nothing reached the server, now or after the offer would have run out.
    page.clock.fast_forward("00:10")
    page.wait_for_timeout(300)
    assert changes(requests) == [], requests
    assert reader_server.status_of(f"/api/posts/{post_id}") == 200
    assert reader_server.status_of(f"/api/posts/{before[5]}") == 200
    assert reader_server.get("/api/posts")["total"] == 100


def test_a_swipe_delete_gets_the_same_undo(phone_reader, reader_server):
    page = phone_reader
    open_reader(page)
    before = ids(page)
    requests = watch_requests(page)
    touch_swipe(page, rows(page).nth(1))
    expect(row(page, before[1])).to_have_count(0)
    expect(page.get_by_test_id("undo-toast")).to_be_visible()
    page.get_by_test_id("undo").tap()
    expect(row(page, before[1])).to_have_count(1)
    assert ids(page) == before
    expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
    assert changes(requests) == [], requests
    assert reader_server.status_of(f"/api/posts/{before[1]}") == 200


def test_after_the_undo_window_the_delete_stands_even_after_a_reload(reader, reader_server):
    page = reader
    page.clock.install()
    open_reader(page)
    first, second = ids(page)[1], ids(page)[2]

    # The offer runs out: the DELETE goes out, and a reload does not bring the post back.
    row(page, first).hover()
    row(page, first).get_by_test_id("delete").click()
    with page.expect_request(lambda request: request.method == "DELETE" and request.url.endswith(f"/api/posts/{first}")):
        page.clock.fast_forward("00:07")
    expect(page.get_by_test_id("undo-toast")).to_be_hidden()
    wait_for(lambda: reader_server.status_of(f"/api/posts/{first}") == 404)
    page.reload()
    expect(rows(page)).to_have_count(99, timeout=20_000)
    expect(row(page, first)).to_have_count(0)
    expect(page.get_by_test_id("feedback")).to_have_text("99 Posts")

    # Reloading while Undo is still offered keeps the delete too (the page sends it on its way out).
    row(page, second).hover()
    row(page, second).get_by_test_id("delete").click()
    expect(page.get_by_test_id("undo-toast")).to_be_visible()
    page.reload()
    expect(page.get_by_test_id("feedback")).to_have_text("98 Posts", timeout=20_000)
    expect(row(page, second)).to_have_count(0)
    assert reader_server.status_of(f"/api/posts/{second}") == 404
    expect(page.get_by_test_id("undo-toast")).to_be_hidden()


def test_delete_while_searching_says_why_it_is_off(reader, reader_server):
    page = reader
    open_reader(page)
    hint = page.get_by_test_id("delete-hint")
    expect(hint).to_be_hidden()
    page.get_by_test_id("search").press_sequentially("quiet")
    expect(page.get_by_test_id("feedback")).to_contain_text("Filtering")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("clear the search to delete posts")

    first = rows(page).first
    first.hover()
    button = first.get_by_test_id("delete")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_have_attribute("aria-describedby", "delete-hint")
    expect(button).to_have_accessible_description(re.compile("clear the search to delete posts"))
    expect(button).to_have_attribute("title", "Clear the search to delete posts")
    # Still reachable by keyboard, so the reason can be heard; pressing it says it again.
    button.focus()
    expect(button).to_be_focused()
    button.press("Enter")
    expect(page.get_by_test_id("message")).to_contain_text("Clear the search to delete")
    expect(page.get_by_test_id("undo-toast")).to_be_hidden()
    assert reader_server.get("/api/posts")["total"] == 100

    page.get_by_test_id("search").press("Escape")
    expect(hint).to_be_hidden()
    rows(page).first.hover()
    expect(rows(page).first.get_by_test_id("delete")).not_to_have_attribute("aria-disabled", "true")


def test_a_search_shows_why_each_post_matched(reader, reader_server):
    page = reader
    open_reader(page)
    listing = reader_server.get("/api/posts")["posts"]
    # A piece of an author's email that no title contains.
    domain = next(post["user"]["email"].split("@")[1] for post in listing
                  if not any(post["user"]["email"].split("@")[1].lower() in other["title"].lower() for other in listing))
    expected = [post["id"] for post in listing if domain.lower() in post["user"]["email"].lower()]
    search = page.get_by_test_id("search")
    search.fill(domain.upper())  # matching ignores case; the mark shows the email as written
    expect(rows(page)).to_have_count(len(expected))
    assert ids(page) == expected
    for i in range(len(expected)):
        email_line = rows(page).nth(i).get_by_test_id("post-email")
        expect(email_line).to_be_visible()
        expect(email_line.locator("mark")).to_have_text(domain)
        expect(email_line).to_contain_text("Author’s email matches")
        expect(rows(page).nth(i).get_by_test_id("post-title").locator("mark")).to_have_count(0)

    # A word in titles: the title's matching part is marked, the email is left plain.
    search.fill("quiet")
    expect(page.get_by_test_id("feedback")).to_contain_text("Filtering")
    # (posts whose body alone has it are listed too, with an excerpt: take a title hit)
    first = rows(page).filter(has=page.locator("[data-testid=post-title] mark")).first
    expect(first.get_by_test_id("post-title").locator("mark").first).to_have_text(re.compile("^quiet$", re.I))
    expect(first.get_by_test_id("post-email").locator("mark")).to_have_count(0)
    search.press("Escape")
    expect(page.locator("[data-testid=post-list] mark")).to_have_count(0)


def test_a_second_delete_ends_the_first_ones_undo(reader, reader_server):
    page = reader
    open_reader(page)
    before = ids(page)
    row(page, before[0]).get_by_test_id("post-link").focus()
    page.keyboard.press("Delete")
    expect(page.get_by_test_id("undo-toast")).to_be_visible()
    # One offer at a time: deleting another post sends the first delete now.
    with page.expect_request(lambda request: request.method == "DELETE" and request.url.endswith(f"/api/posts/{before[0]}")):
        page.keyboard.press("Delete")
    expect(page.get_by_test_id("undo-text")).to_contain_text(page_title(reader_server, before[1]))
    page.get_by_test_id("undo").click()
    assert ids(page) == before[1:]
    expect(page.get_by_test_id("feedback")).to_have_text("99 Posts")
    wait_for(lambda: reader_server.status_of(f"/api/posts/{before[0]}") == 404)
    assert reader_server.status_of(f"/api/posts/{before[1]}") == 200


def page_title(server, post_id):
    return server.get(f"/api/posts/{post_id}")["title"]


def test_undoing_the_delete_of_the_open_post_opens_it_again(reader):
    page = reader
    open_reader(page)
    target = rows(page).nth(4)
    post_id = int(target.get_attribute("data-id"))
    title = target.get_by_test_id("post-title").text_content()
    target.get_by_test_id("post-link").click()
    expect(page.get_by_test_id("post-heading")).to_have_text(title)
    row(page, post_id).hover()
    row(page, post_id).get_by_test_id("delete").click()
    expect(page.get_by_test_id("detail-empty")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/posts/$"))
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("post-heading")).to_have_text(title)
    expect(page).to_have_url(re.compile(rf"\?post={post_id}$"))
    expect(row(page, post_id)).to_have_class(re.compile(r"\bopen\b"))


def test_a_delete_the_server_refuses_puts_the_post_back_and_says_so(reader, reader_server):
    page = reader
    page.clock.install()
    open_reader(page)
    before = ids(page)
    page.route(f"**/api/posts/{before[2]}", lambda route: route.fulfill(status=503, json={
        "error": {"code": "database_unavailable", "message": "The database is not answering."}})
        if route.request.method == "DELETE" else route.continue_())
    row(page, before[2]).hover()
    row(page, before[2]).get_by_test_id("delete").click()
    expect(row(page, before[2])).to_have_count(0)
    page.clock.fast_forward("00:07")
    expect(row(page, before[2])).to_have_count(1)
    assert ids(page) == before
    expect(page.get_by_test_id("message")).to_contain_text("could not be deleted, so it is back in the list")
    expect(page.get_by_test_id("feedback")).to_have_text("100 Posts")
    assert reader_server.status_of(f"/api/posts/{before[2]}") == 200
    # The refused request is logged by the browser; nothing else may be.
    page.problems[:] = [p for p in page.problems if "status of 503" not in p]
