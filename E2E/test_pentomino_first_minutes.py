"""Pentominoes as a child meets it in the first minutes: placed tiles are never thrown away without
asking, leaving and coming back finds the same puzzle, and a tile let go where it cannot lie goes
back with a shake and says why."""
import re
import time

from playwright.sync_api import expect

from conftest import browsing, watch_errors

from test_pentomino import board_cells, center, expect_on_board, move_origin_to, open_puzzle, orientations, placed, start_drag

ROWS, COLS = 6, 10


def fits(cells, row, col, taken):
    squares = placed(cells, row, col)
    return all(0 <= r < ROWS and 0 <= c < COLS for r, c in squares) and not squares & taken


def nowhere_near(cells, row, col, taken):
    """Drop with intent finds nothing: the square let go over and its eight neighbours all fail."""
    return not any(fits(cells, row + dr, col + dc, taken) for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def over(cells, taken):
    """An origin where the tile lies fully on the board but partly on `taken`, with no neighbour free."""
    return next((r, c) for r in range(ROWS) for c in range(-2, COLS)
                if nowhere_near(cells, r, c, taken) and placed(cells, r, c) & taken
                and all(0 <= sr < ROWS and 0 <= sc < COLS for sr, sc in placed(cells, r, c)))


SHAKES = "body => body.getAnimations().filter(a => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)).length"


def drag_to(page, letter, row, col, block=0):
    grip = start_drag(page, letter, block)
    move_origin_to(page, grip, row, col)
    return grip


def place_i_upright_in_column_1(page, shapes):
    """I standing up over rows 0–4 of column 1 (turned first if it lies down at home)."""
    index = next(i for i, cells in enumerate(shapes["I"][:2]) if len({c for _, c in cells}) == 1)
    if index == 1:
        page.get_by_test_id("tile-I").locator(".block").first.click()  # a tap turns it
        expect(page.get_by_test_id("tile-I")).to_have_attribute("data-orientation", "1")
    cells = shapes["I"][index]
    column = cells[0][1]
    drag_to(page, "I", 0, 1 - column)
    page.mouse.up()
    squares = placed(cells, 0, 1 - column)
    expect_on_board(page, "I", squares)
    return squares


def open_with_i_in_column_1(page):
    """A new puzzle with I standing in column 1: (every tile's orientations, I's squares)."""
    open_puzzle(page)
    shapes = orientations(page)
    return shapes, place_i_upright_in_column_1(page, shapes)


def place_a_tile(page, letter="X", row=2, col=5):
    shapes = orientations(page)
    drag_to(page, letter, row, col)
    page.mouse.up()
    squares = placed(shapes[letter][0], row, col)
    expect_on_board(page, letter, squares)
    return squares


def test_changing_the_board_or_no_flipping_asks_before_clearing_placed_tiles(page):
    errors = watch_errors(page)
    open_puzzle(page)
    first = page.url
    squares = place_a_tile(page)

    page.get_by_test_id("board-size").select_option("5x12")
    dialog = page.get_by_role("dialog", name="Start a new puzzle?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Your tile on the board will be cleared.")
    expect(dialog.get_by_role("button", name="Keep this puzzle")).to_be_focused()
    dialog.get_by_role("button", name="Keep this puzzle").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("board-size")).to_have_value("6x10")
    expect(page).to_have_url(first)
    expect_on_board(page, "X", squares)

    page.get_by_test_id("no-flip").check()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("no-flip")).not_to_be_checked()
    expect(page.get_by_test_id("flip")).to_be_visible()
    expect_on_board(page, "X", squares)
    page.reload()  # the server still has the tile: nothing was cleared behind the page's back
    expect_on_board(page, "X", squares)

    page.get_by_test_id("board-size").select_option("5x12")
    page.get_by_role("button", name="Start a new puzzle").click()
    expect(page).not_to_have_url(first)
    expect(page.locator(".board .cell")).to_have_count(60)
    expect(page.get_by_test_id("cell-4-11")).to_be_visible()
    expect(page.get_by_test_id("tile-X")).to_have_attribute("data-state", "tray")

    # An empty board changes at once: there is nothing to lose.
    page.get_by_test_id("board-size").select_option("6x10")
    expect(page.get_by_test_id("cell-5-9")).to_be_visible()
    expect(page.get_by_test_id("ask")).to_have_count(0)
    assert errors == []


def test_leaving_and_coming_back_resumes_the_same_puzzle(page):
    errors = watch_errors(page)
    open_puzzle(page)
    puzzle = page.url
    squares = place_a_tile(page)

    page.get_by_role("link", name="Tessera").click()
    expect(page).not_to_have_url(re.compile("pentomino"))
    page.goto("/pentomino/")  # the home page's card, without the puzzle in the address
    expect(page).to_have_url(puzzle)
    expect_on_board(page, "X", squares)
    expect(page.get_by_test_id("message")).to_contain_text("Welcome back")

    page.reload()
    expect(page).to_have_url(puzzle)
    expect_on_board(page, "X", squares)
    assert errors == []


def test_a_puzzle_that_is_gone_gives_a_new_one_with_a_friendly_note(page):
    errors = watch_errors(page, allow=["404"])
    page.goto("/pentomino/?puzzle=nosuchpuzzle")
    expect(page.get_by_test_id("message")).to_have_text(
        "That puzzle is no longer here, so here is a new one: drag the tiles onto the board.")
    expect(page).to_have_url(re.compile(r"\?puzzle=\w+"))
    expect(page).not_to_have_url(re.compile("nosuchpuzzle"))
    expect(page.locator(".board .cell")).to_have_count(60)
    assert errors == []


def expect_home(page, letter, home, timeout=3):
    tile = page.get_by_test_id(f"tile-{letter}")
    expect(tile).to_have_attribute("data-state", "tray")
    deadline = time.time() + timeout
    while abs(tile.bounding_box()["x"] - home["x"]) > 1 or abs(tile.bounding_box()["y"] - home["y"]) > 1:
        assert time.time() < deadline, f"{letter} did not go back to its home spot"
        time.sleep(0.05)


def test_an_illegal_drop_says_why_and_the_tile_goes_back_where_it_came_from(page):
    errors = watch_errors(page)
    shapes, taken = open_with_i_in_column_1(page)
    x_cells = shapes["X"][0]
    message = page.get_by_test_id("message")
    tile_x = page.get_by_test_id("tile-X")

    # From home onto I: back home, a red edge and a shake, and the reason.
    over_i = over(x_cells, taken)
    home = tile_x.bounding_box()
    drag_to(page, "X", *over_i)
    expect(page.get_by_test_id("drop-zone")).to_be_hidden()
    page.mouse.up()
    expect(message).to_have_text("That square is taken by I.")
    expect(tile_x).to_have_class(re.compile(r"\brefused\b"))
    assert tile_x.locator(".tile-body").evaluate(SHAKES) == 1, "the tile should shake"
    expect_home(page, "X", home)
    assert board_cells(page, "X") == set()

    # From the board onto I: back to the squares it had.
    squares = place_a_tile(page, "X", 2, 5)
    drag_to(page, "X", *over_i, block=2)
    page.mouse.up()
    expect(message).to_have_text("That square is taken by I.")
    expect_on_board(page, "X", squares)

    # Hanging over the right edge: too far out for any neighbouring square.
    f_cells = shapes["F"][0]
    blocks = page.get_by_test_id("tile-F").locator(".block")
    grips = [int(blocks.nth(i).get_attribute("data-c")) for i in range(5)]
    block = grips.index(min(grips))  # hold it by its leftmost square, the one still over the board
    row, col = next((0, c) for c in range(COLS - 5, COLS) if nowhere_near(f_cells, 0, c, taken | squares)
                    and 0 <= c + grips[block] < COLS and any(sc >= COLS for _, sc in placed(f_cells, 0, c)))
    home = page.get_by_test_id("tile-F").bounding_box()
    drag_to(page, "F", row, col, block=block)
    page.mouse.up()
    expect(message).to_have_text("That tile would stick out of the board.")
    expect_home(page, "F", home)

    # Let go away from the board, a placed tile still goes home without a fuss.
    start_drag(page, "X", block=2)
    page.mouse.move(*center(page.get_by_test_id("timer").bounding_box()), steps=10)
    page.mouse.up()
    expect(tile_x).to_have_attribute("data-state", "tray")
    expect(message).not_to_contain_text("taken")
    assert errors == []


def test_the_refused_tile_does_not_shake_when_motion_is_unwelcome(browser, server):
    with browsing(browser.new_context(base_url=server, reduced_motion="reduce")) as page:
        shapes, taken = open_with_i_in_column_1(page)
        x_cells = shapes["X"][0]
        over_i = over(x_cells, taken)
        drag_to(page, "X", *over_i)
        page.mouse.up()
        expect(page.get_by_test_id("message")).to_have_text("That square is taken by I.")
        tile = page.get_by_test_id("tile-X")
        expect(tile).to_have_class(re.compile(r"\brefused\b"))
        assert tile.locator(".tile-body").evaluate(SHAKES) == 0


def test_an_illegal_touch_drop_is_refused_the_same_way(browser, server):
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    with browsing(context) as page:
        shapes, taken = open_with_i_in_column_1(page)
        row, col = over(shapes["X"][0], taken)
        cdp = context.new_cdp_session(page)

        def touch(kind, px, py):
            points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        block = page.get_by_test_id("tile-X").locator(".block").first
        grip = int(block.get_attribute("data-r")), int(block.get_attribute("data-c"))
        home = page.get_by_test_id("tile-X").bounding_box()
        x, y = center(block.bounding_box())
        board = page.get_by_test_id("board").bounding_box()
        cell = page.get_by_test_id("cell-0-0").bounding_box()["width"]
        # The pressed square stays under the finger (drag.js): the finger goes where it should lie.
        tx = board["x"] + (col + grip[1] + 0.5 + 0.25) * cell
        ty = board["y"] + (row + grip[0] + 0.5 + 0.25) * cell
        touch("touchStart", x, y)
        for i in range(1, 11):
            touch("touchMove", x + (tx - x) * i / 10, y + (ty - y) * i / 10)
        expect(page.get_by_test_id("tile-X")).to_have_attribute("data-state", "lifted")
        expect(page.get_by_test_id("drop-zone")).to_be_hidden()
        touch("touchEnd", tx, ty)
        expect(page.get_by_test_id("message")).to_have_text("That square is taken by I.")
        expect_home(page, "X", home)
