"""Maze: every generator in the select with its character beside it, and 'Watch it made' — the
carving replayed with play/pause, step and speed — at desktop and phone (tapped); and a 201×201
maze, the new largest, explored and drawn at both sizes."""
import json
import os

import pytest
from playwright.sync_api import expect

from conftest import browsing

CATALOGUES = os.environ.get("TESSERA_LANGUAGES_DIR", os.path.join(os.path.dirname(__file__), "..", "Sources", "Languages", "catalogues"))
WORDS = json.load(open(os.path.join(CATALOGUES, "en", "maze.json"), encoding="utf-8"))
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 860}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


def press(page, test_id, touch):
    control = page.get_by_test_id(test_id)
    control.tap() if touch else control.click()


@pytest.mark.parametrize("size", SIZES)
def test_choose_a_generator_and_watch_it_carve_step_by_step(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        page.goto("/maze/")
        options = page.get_by_test_id("algorithm").locator("option")
        expect(options).to_have_count(11)
        page.get_by_test_id("algorithm").select_option("wilson")
        expect(page.get_by_test_id("algorithm-about")).to_have_text(WORDS["descriptions"]["wilson"])
        page.get_by_test_id("seed").fill("7")
        page.get_by_test_id("width").fill("21")
        page.get_by_test_id("height").fill("15")
        page.get_by_test_id("watch-speed").fill("1")  # 5 steps a second: slow enough to pause mid-way
        expected = page.request.get("/api/maze/carving?seed=7&width=21&height=15&algorithm=wilson").json()
        total = len(expected["steps"])

        press(page, "watch-open", touch)
        canvas = page.get_by_test_id("watch-canvas")
        expect(canvas).to_be_visible()
        expect(canvas).to_have_attribute("data-total", str(total))
        expect(canvas).to_have_attribute("data-algorithm", "wilson")
        play = page.get_by_test_id("watch-play")
        expect(play).to_have_attribute("aria-pressed", "true")
        press(page, "watch-play", touch)  # pause
        expect(play).to_have_attribute("aria-pressed", "false")
        expect(play).to_have_text(WORDS["watch"]["play"])
        done = int(canvas.get_attribute("data-done"))
        assert done < total
        press(page, "watch-step", touch)
        expect(canvas).to_have_attribute("data-done", str(done + 1))
        expect(page.get_by_test_id("watch-progress")).to_have_text(f"Step {done + 1} of {total}")

        page.get_by_test_id("watch-speed").fill("10")
        press(page, "watch-play", touch)
        expect(canvas).to_have_attribute("data-done", str(total), timeout=10_000)
        expect(play).to_have_attribute("aria-pressed", "false")
        # The last frame is the maze: a wall tile stays dark, an open one light.
        assert page.evaluate("""() => {
            const c = document.querySelector('[data-testid=watch-canvas]');
            const s = c.width / 21, px = (r, k) => c.getContext('2d').getImageData(k * s + s / 2, r * s + s / 2, 1, 1).data[0];
            return px(0, 0) < 100 && px(1, 1) > 200;
        }""")


@pytest.mark.parametrize("size", SIZES)
def test_the_largest_sizes_are_drawn(browser, server, size):
    """201 tiles across: the explorer's drawing of a 201×7 maze (a full 201×201 exploration is 20 000
    rooms, a release benchmark's work, not a browser test's) and the whole 201×201 carving on the canvas."""
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        page.goto("/maze/")
        page.get_by_test_id("algorithm").select_option("kruskal")
        page.get_by_test_id("seed").fill("3")
        page.get_by_test_id("width").fill("201")
        page.get_by_test_id("height").fill("7")
        page.get_by_test_id("latency").select_option("none")
        page.get_by_test_id("generate").click()
        expect(page.get_by_test_id("stats-valid")).to_have_text("yes", timeout=30_000)
        expect(page.get_by_test_id("maze-grid")).to_have_attribute("data-width", "201")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")

        page.get_by_test_id("height").fill("201")
        page.get_by_test_id("watch-speed").fill("10")
        press(page, "watch-open", size == "phone")
        canvas = page.get_by_test_id("watch-canvas")
        expect(canvas).to_have_attribute("data-total", "9999")  # Kruskal joins 100 × 100 cells with 9 999 passages
        expect(canvas).to_have_attribute("data-done", "9999", timeout=20_000)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
