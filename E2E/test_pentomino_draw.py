"""Drawing a board (issue 39, item 10): cells toggled by dragging across the grid, the count of cells
live, the solver's count of solutions at 60, then the board played. Desktop with a mouse, a phone by touch."""
import re

from playwright.sync_api import expect

from conftest import browsing

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def open_editor(page):
    page.goto("/pentomino/")
    expect(page).to_have_url(re.compile(r"/pentomino/\?puzzle=\w+"))
    page.get_by_test_id("board-size").select_option("draw")
    expect(page.get_by_test_id("draw")).to_be_visible()
    expect(page.get_by_test_id("draw-cells")).to_have_attribute("data-count", "0")


def draw_six_by_ten(page, stroke):
    """A 6 × 10 rectangle two squares in from the grid's corner, one stroke per row."""
    for row in range(2, 8):
        first = page.get_by_test_id(f"draw-cell-{row}-1").bounding_box()
        last = page.get_by_test_id(f"draw-cell-{row}-10").bounding_box()
        y = first["y"] + first["height"] / 2
        stroke(first["x"] + first["width"] / 2, last["x"] + last["width"] / 2, y)
        # Each row counted before the next stroke starts, as a person sees the count follow them.
        expect(page.get_by_test_id("draw-cells")).to_have_attribute("data-count", str(10 * (row - 1)))


def count_and_play(page):
    cells = page.get_by_test_id("draw-cells")
    expect(cells).to_have_attribute("data-count", "60")
    expect(cells).to_have_text("60 / 60 cells")
    page.get_by_test_id("draw-count").click()
    result = page.get_by_test_id("draw-result")
    expect(result).to_have_attribute("data-distinct", "2339")
    expect(result).to_have_attribute("data-solutions", "9356")
    expect(result).to_have_text("2,339 solutions (9,356 counting turned and mirrored boards).")
    first = page.url
    page.get_by_test_id("draw-play").click()
    expect(page.get_by_test_id("draw")).to_be_hidden()
    expect(page).not_to_have_url(first)
    # A drawn rectangle is the 6 × 10 board itself: its name, its sixty empty squares.
    expect(page.get_by_test_id("board-size")).to_have_value("6x10")
    expect(page.locator(".board .cell")).to_have_count(60)
    expect(page.locator('.board .cell[data-tile=""]')).to_have_count(60)
    expect(page.get_by_test_id("ways-left")).to_have_attribute("data-count", "9356")


def test_draw_a_board_with_the_mouse_count_its_solutions_and_play_it(browser, server):
    context = browser.new_context(base_url=server, **DESKTOP)
    with browsing(context) as page:
        open_editor(page)

        def stroke(x0, x1, y):
            page.mouse.move(x0, y)
            page.mouse.down()
            page.mouse.move(x1, y, steps=8)
            page.mouse.up()

        draw_six_by_ten(page, stroke)
        # One square too many: the count waits for exactly 60; a tap takes it away again.
        page.get_by_test_id("draw-cell-9-5").click()
        expect(page.get_by_test_id("draw-cells")).to_have_attribute("data-count", "61")
        expect(page.get_by_test_id("draw-count")).to_be_disabled()
        page.get_by_test_id("draw-cell-9-5").click()
        count_and_play(page)


def test_draw_a_board_by_touch_on_a_phone(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    with browsing(context) as page:
        open_editor(page)
        cdp = context.new_cdp_session(page)

        def stroke(x0, x1, y):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
            for i in range(1, 9):
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * i / 8, "y": y}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        draw_six_by_ten(page, stroke)
        count_and_play(page)
