"""The Maze page as a first-time visitor meets it: on a phone the drawing comes into view as soon as a
maze begins (and fits the screen), the figures are in everyday words with their technical names one
hover or one click away, and the page's address keeps the maze, so a reload or a shared link draws
the very same maze again."""
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
JARGON = ["fetches", "unlocks", "lower bound", "duplicates avoided", "retries"]


def open_context(browser, server, viewport=None, **options):
    context = browser.new_context(base_url=server, viewport=viewport or {"width": 1280, "height": 860}, **options)
    page = context.new_page()
    page.problems = []
    page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    return context, page


def run_maze(page, seed, width, height, latency="none"):
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("width").fill(str(width))
    page.get_by_test_id("height").fill(str(height))
    page.get_by_test_id("latency").select_option(latency)
    page.get_by_test_id("generate").click()


def wait_until_done(page):
    expect(page.get_by_test_id("stats-valid")).to_have_text("yes", timeout=20_000)
    expect(page.get_by_test_id("generate")).to_be_enabled()


def open_finished_maze(browser, server, seed, width, height, latency):
    """A desktop page of its own that has explored the maze to the end: (context, page)."""
    context, page = open_context(browser, server)
    page.goto("/maze/")
    run_maze(page, seed, width, height, latency=latency)
    wait_until_done(page)
    return context, page


def drawing(page):
    """The maze as drawn: its size and the squares of every room shown."""
    grid = page.get_by_test_id("maze-grid")
    squares = sorted(page.eval_on_selector_all(
        "[data-testid=tile]", "els => els.map(e => e.dataset.col + ',' + e.dataset.row + ',' + e.dataset.type)"))
    return grid.get_attribute("data-width"), grid.get_attribute("data-height"), squares


def figures(page):
    return {name: page.get_by_test_id(f"stats-{name}").text_content() for name in ["rooms", "doors", "valid"]}


def in_view(page, locator):
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 \
        and box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]


def test_on_a_phone_the_drawing_comes_into_view_when_a_maze_runs(browser, server):
    context, page = open_context(browser, server, PHONE, has_touch=True, is_mobile=True)
    page.goto("/maze/")
    expect(page.get_by_test_id("generate")).to_be_enabled()
    # Slow rooms, so the exploration lasts seconds: what is checked is the scrolling, not a race
    # with a maze that finishes first on a busy machine.
    run_maze(page, 2024, 21, 21, latency="slow")
    grid = page.get_by_test_id("maze-grid")
    expect(grid).to_be_attached()
    # While it is still exploring (Generate is disabled until it ends) the whole drawing is on the
    # screen, not below the form: both hold at the same moment.
    page.wait_for_function("""() => {
        const grid = document.querySelector('[data-testid=maze-grid]');
        const exploring = document.querySelector('[data-testid=generate]').disabled;
        if (!grid || !exploring) return false;
        const box = grid.getBoundingClientRect();
        return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    }""", timeout=10_000)
    wait_until_done(page)
    assert in_view(page, grid), grid.bounding_box()
    # It fits the phone's width: no sideways scrolling anywhere.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.problems == []
    context.close()


def test_figures_are_in_words_with_the_technical_names_at_hand(browser, server):
    context, page = open_finished_maze(browser, server, 77, 21, 21, latency="slow")
    labels = page.locator("[data-testid=stats] dt")
    texts = [text.strip() for text in labels.all_text_contents()]
    assert "Rooms found" in texts and "Locked doors opened" in texts and "Time taken (seconds)" in texts, texts
    # The best possible time for this maze and latency: what `tessera maze bench --seed 77 --width 21
    # --height 21` reports as its lower bound (3.24 s), and the real time is no better than that.
    assert "Best possible (seconds)" in texts, texts
    expect(page.get_by_test_id("stats-best")).to_have_text("3.240")
    assert float(page.get_by_test_id("stats-seconds").text_content()) >= 3.24
    expect(page.get_by_test_id("message")).to_contain_text("the best possible is 3.24 s")
    for text in texts:
        assert not any(word in text.lower() for word in JARGON), f"developer word in the label {text!r}"
    # The technical names: in a tooltip on each label, and in the explanation that opens on a click.
    titles = [labels.nth(i).get_attribute("title") or "" for i in range(labels.count())]
    for name in ["fetches", "unlocks", "retries", "duplicates avoided", "lower bound"]:
        assert any(name in title for title in titles), (name, titles)
    help_box = page.get_by_test_id("stats-help")
    expect(help_box.locator("dl")).to_be_hidden()
    help_box.locator("summary").click()
    expect(help_box).to_contain_text("fetches")
    expect(help_box).to_contain_text("Times it asked for a room")
    assert page.problems == []
    context.close()


def test_a_reload_and_a_shared_link_draw_the_same_maze(browser, server):
    context, page = open_finished_maze(browser, server, 4242, 21, 25, latency="none")
    first_drawing, first_figures = drawing(page), figures(page)
    assert first_drawing[0:2] == ("21", "25") and len(first_drawing[2]) > 20

    query = parse_qs(urlparse(page.url).query)
    assert query["seed"] == ["4242"] and query["width"] == ["21"] and query["height"] == ["25"]
    assert query["latency"] == ["none"]

    # A reload draws it again by itself: no button to press.
    page.reload()
    expect(page.get_by_test_id("maze-seed")).to_have_text("4242")
    wait_until_done(page)
    assert drawing(page) == first_drawing
    assert figures(page) == first_figures
    expect(page.get_by_test_id("seed")).to_have_value("4242")

    # Someone else opens the copied link in their own browser.
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_test_id("copy-link").click()
    expect(page.get_by_test_id("message")).to_contain_text("Link copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url
    other_context, other = open_context(browser, server)
    other.goto(link)
    wait_until_done(other)
    assert drawing(other) == first_drawing
    assert figures(other) == first_figures
    expect(other.get_by_test_id("maze-size")).to_have_text("21 × 25")
    assert page.problems == [] and other.problems == []
    other_context.close()
    context.close()
