"""Browser tests for the Pentominoes page: drag and drop with intent, turning and flipping, keyboard
play, hints to a solved board, and what the page shows when the server says no."""
import re
import time

import pytest
from playwright.sync_api import expect

QUARTER = 0.25  # let go a quarter cell inside the aimed square, as a hand would


# ---- helpers -----------------------------------------------------------------------------------
def open_puzzle(page, board="6x10", no_flip=False):
    page.goto("/pentomino/")
    expect(page).to_have_url(re.compile(r"/pentomino/\?puzzle=\w+"))
    expect(page.get_by_test_id("cell-5-9")).to_be_visible()
    if board != "6x10":
        first = page.url
        page.get_by_test_id("board-size").select_option(board)
        expect(page).not_to_have_url(first)
    if no_flip:
        first = page.url
        page.get_by_test_id("no-flip").check()
        expect(page).not_to_have_url(first)
    rows, cols = (int(n) for n in board.split("x"))
    expect(page.get_by_test_id(f"cell-{rows - 1}-{cols - 1}")).to_be_visible()
    expect(page.locator(".board .cell")).to_have_count(rows * cols)


def orientations(page):
    tiles = page.request.get("/api/pentomino/tiles").json()["tiles"]
    return {t["letter"]: [[tuple(c) for c in o["cells"]] for o in t["orientations"]] for t in tiles}


def center(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def board_geometry(page):
    board = page.get_by_test_id("board").bounding_box()
    cell = page.get_by_test_id("cell-0-0").bounding_box()["width"]
    return board, cell


def start_drag(page, letter, block=0):
    """Presses a filled cell of a tile and returns its (row, col) inside the tile's 5×5 grid."""
    handle = page.get_by_test_id(f"tile-{letter}").locator(".block").nth(block)
    row, col = int(handle.get_attribute("data-r")), int(handle.get_attribute("data-c"))
    page.mouse.move(*center(handle.bounding_box()))
    page.mouse.down()
    return row, col


def move_origin_to(page, grip, row, col, nudge=QUARTER):
    """Moves the pressed pointer so the tile's 5×5 grid's top-left corner is at board square
    (row, col) plus `nudge` of a cell (fractions allowed: that is where drop with intent matters)."""
    board, cell = board_geometry(page)
    x = board["x"] + (col + grip[1] + 0.5 + nudge) * cell
    y = board["y"] + (row + grip[0] + 0.5 + nudge) * cell
    page.mouse.move(x, y, steps=12)


def board_cells(page, letter):
    cells = page.locator(f'.board .cell[data-tile="{letter}"]')
    return {tuple(int(n) for n in c.get_attribute("data-testid").split("-")[1:]) for c in cells.all()}


def expect_on_board(page, letter, cells, timeout=5):
    """The tile's five squares are shown on exactly these board cells, and its coloured blocks sit
    on top of them (what a person sees), once the snap animation has finished."""
    cells = {tuple(c) for c in cells}
    deadline = time.time() + timeout
    while True:
        seen = board_cells(page, letter)
        _, size = board_geometry(page)
        blocks = set()
        for block in page.get_by_test_id(f"tile-{letter}").locator(".block").all():
            x, y = center(block.bounding_box())
            board = page.get_by_test_id("board").bounding_box()
            blocks.add((int((y - board["y"]) // size), int((x - board["x"]) // size)))
        if seen == cells and blocks == cells:
            return
        if time.time() > deadline:
            raise AssertionError(f"{letter}: board shows {sorted(seen)}, blocks over {sorted(blocks)}, expected {sorted(cells)}")
        time.sleep(0.05)


def placed(orientation_cells, row, col):
    return {(r + row, c + col) for r, c in orientation_cells}


def shape_of(page, letter):
    """The tile's shape as drawn: its blocks' squares, moved to touch row 0 and column 0."""
    blocks = [block.bounding_box() for block in page.get_by_test_id(f"tile-{letter}").locator(".block").all()]
    size = blocks[0]["width"]
    squares = [(round((b["y"] - blocks[0]["y"]) / size), round((b["x"] - blocks[0]["x"]) / size)) for b in blocks]
    top = min(r for r, _ in squares)
    left = min(c for _, c in squares)
    return {(r - top, c - left) for r, c in squares}


def normalised(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return {(r - top, c - left) for r, c in cells}


def expect_shape(page, letter, cells, timeout=3):
    deadline = time.time() + timeout
    while shape_of(page, letter) != normalised(cells):
        if time.time() > deadline:
            raise AssertionError(f"{letter} looks like {sorted(shape_of(page, letter))}, expected {sorted(normalised(cells))}")
        time.sleep(0.05)


# ---- tests -------------------------------------------------------------------------------------
def test_page_shows_board_twelve_tiles_and_a_running_clock(page):
    open_puzzle(page)
    expect(page.locator(".board .cell")).to_have_count(60)
    for letter in "FILNPTUVWXYZ":
        expect(page.get_by_test_id(f"tile-{letter}")).to_be_visible()
        expect(page.get_by_test_id(f"tile-{letter}")).to_have_attribute("data-state", "tray")
    expect(page.get_by_test_id("timer")).to_have_text(re.compile(r"^00:0[0-9]$"))
    expect(page.get_by_test_id("timer")).to_have_text(re.compile(r"^00:0[1-9]$"), timeout=3000)
    expect(page.get_by_test_id("solved")).to_be_hidden()
    expect(page.get_by_test_id("flip")).to_be_visible()
    expect(page.get_by_test_id("message")).to_contain_text("drag the tiles onto the board")


def test_drag_onto_the_board_snaps_with_intent_and_survives_a_reload(page):
    open_puzzle(page)
    shapes = orientations(page)
    # F's filled cells span columns 1–3 of its grid: origin column −1 puts them on columns 0–2.
    # Let go with the grid's corner at column −1.75: the square under it (−2) is illegal, and of
    # the legal neighbours the nearest corner is column −1.
    grip = start_drag(page, "F")
    move_origin_to(page, grip, 2, -2, nudge=0.25)
    zone = page.get_by_test_id("drop-zone")
    expect(zone).to_be_visible()
    expect(zone).to_have_attribute("data-row", "2")
    expect(zone).to_have_attribute("data-col", "-1")
    expect(page.get_by_test_id("tile-F")).to_have_attribute("data-state", "lifted")
    page.mouse.up()
    expect(zone).to_be_hidden()
    expect_on_board(page, "F", placed(shapes["F"][0], 2, -1))
    expect(page.get_by_test_id("tile-F")).to_have_attribute("data-state", "board")

    url = page.url
    page.reload()
    expect(page).to_have_url(url)
    expect_on_board(page, "F", placed(shapes["F"][0], 2, -1))
    expect(page.get_by_test_id("message")).to_contain_text("as you left it")


def test_drop_with_intent_breaks_ties_column_major_like_the_kit(page):
    """The kit's tie rule: with L walling off (3, 2), X let go with its grid's corner at (1.4, 1.4)
    squares cannot use (1, 1), the nearest square (the page aims from the nearest square, so the
    drop zone stays under the tile as drawn); (1, 2) and (2, 1) are equally near, and the first in
    column-major order, (2, 1), wins."""
    open_puzzle(page)
    shapes = orientations(page)
    page.get_by_test_id("tile-L").locator(".block").first.click()  # a tap turns L once ...
    for _ in range(3):
        page.keyboard.press("r")  # ... three more make a full turn
    page.keyboard.press("f")  # and F gives its mirror image, upright
    expect_shape(page, "L", shapes["L"][4])
    grip = start_drag(page, "L")
    move_origin_to(page, grip, 0, -1)
    page.mouse.up()
    expect_on_board(page, "L", {(0, 2), (1, 2), (2, 2), (3, 1), (3, 2)})
    grip = start_drag(page, "X")  # park X on the board first, so it is drawn at board size
    move_origin_to(page, grip, 2, 6)
    page.mouse.up()
    expect_on_board(page, "X", placed(shapes["X"][0], 2, 6))
    grip = start_drag(page, "X")
    move_origin_to(page, grip, 1, 1, nudge=0.4)
    expect(page.get_by_test_id("drop-zone")).to_have_attribute("data-row", "2")
    expect(page.get_by_test_id("drop-zone")).to_have_attribute("data-col", "1")
    page.mouse.up()
    expect_on_board(page, "X", placed(shapes["X"][0], 2, 1))


def test_drop_off_the_board_sends_the_tile_home(page):
    open_puzzle(page)
    tile = page.get_by_test_id("tile-P")
    home = tile.bounding_box()
    start_drag(page, "P")
    page.mouse.move(*center(page.get_by_test_id("timer").bounding_box()), steps=10)  # up over the toolbar
    expect(page.get_by_test_id("drop-zone")).to_be_hidden()
    page.mouse.up()
    expect(tile).to_have_attribute("data-state", "tray")
    assert board_cells(page, "P") == set()
    deadline = time.time() + 3
    while abs(tile.bounding_box()["x"] - home["x"]) > 1 or abs(tile.bounding_box()["y"] - home["y"]) > 1:
        assert time.time() < deadline, "P did not slide back to its home spot"
        time.sleep(0.05)


def test_rotate_while_dragging_then_drop(page):
    open_puzzle(page)
    shapes = orientations(page)
    grip = start_drag(page, "L")
    move_origin_to(page, grip, 1, 3)
    page.keyboard.press("r")  # one quarter turn clockwise, about the grid's centre
    expect(page.get_by_test_id("tile-L")).to_have_attribute("data-orientation", "1")
    move_origin_to(page, grip, 0, 4)
    zone_cells = {(int(z.get_attribute("data-row")), int(z.get_attribute("data-col")))
                  for z in page.get_by_test_id("drop-zone").locator(".zone-cell").all()}
    assert zone_cells == placed(shapes["L"][1], 0, 4)
    page.mouse.up()
    expect_on_board(page, "L", placed(shapes["L"][1], 0, 4))
    expect_shape(page, "L", shapes["L"][1])


def test_a_placed_tile_can_be_moved_and_taken_off(page):
    open_puzzle(page)
    shapes = orientations(page)
    grip = start_drag(page, "X")
    move_origin_to(page, grip, 0, 0)
    page.mouse.up()
    expect_on_board(page, "X", placed(shapes["X"][0], 0, 0))
    # Pick it up by a filled cell, move it along the board.
    grip = start_drag(page, "X", block=2)
    move_origin_to(page, grip, 2, 5)
    page.mouse.up()
    expect_on_board(page, "X", placed(shapes["X"][0], 2, 5))
    # The empty corner of X's 5×5 box does not catch the pointer: the board cell under it does.
    board, size = board_geometry(page)
    corner = (board["x"] + (5 + 0.5) * size, board["y"] + (2 + 0.5) * size)  # grid (0,0) of X: empty
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.testid", list(corner)) == "cell-2-5"
    # Drag it off the board: back home, and the server agrees after a reload.
    start_drag(page, "X", block=2)
    page.mouse.move(*center(page.get_by_test_id("timer").bounding_box()), steps=10)
    page.mouse.up()
    expect(page.get_by_test_id("tile-X")).to_have_attribute("data-state", "tray")
    page.reload()
    expect(page.get_by_test_id("tile-X")).to_have_attribute("data-state", "tray")
    assert board_cells(page, "X") == set()


def test_tap_right_click_keys_and_buttons_turn_and_flip_a_tile(page):
    open_puzzle(page)
    shapes = orientations(page)
    block = page.get_by_test_id("tile-N").locator(".block").first
    block.click()  # a tap turns it
    expect_shape(page, "N", shapes["N"][1])
    page.get_by_test_id("tile-N").locator(".block").first.click(button="right")
    expect_shape(page, "N", shapes["N"][2])
    page.keyboard.press("f")  # mirrored: 2 turns flipped
    expect_shape(page, "N", shapes["N"][6])
    page.get_by_test_id("rotate").click()
    expect_shape(page, "N", shapes["N"][7])
    page.get_by_test_id("flip").click()  # mirror of 3 turns flipped: 1 turn
    expect_shape(page, "N", shapes["N"][1])
    page.get_by_test_id("tile-N").locator(".block").first.dblclick()  # a double-tap flips
    expect_shape(page, "N", shapes["N"][7])


def test_no_flip_mode_hides_flip_and_ignores_f(page):
    open_puzzle(page, no_flip=True)
    shapes = orientations(page)
    expect(page.get_by_test_id("flip")).to_be_hidden()
    expect(page.get_by_test_id("no-flip")).to_be_checked()
    page.get_by_test_id("tile-Y").focus()
    page.keyboard.press("f")
    page.wait_for_timeout(300)
    expect_shape(page, "Y", shapes["Y"][0])
    page.keyboard.press("r")
    expect_shape(page, "Y", shapes["Y"][1])
    page.get_by_test_id("tile-Y").locator(".block").first.dblclick()  # two taps: two turns, no flip
    expect_shape(page, "Y", shapes["Y"][3])
    page.reload()  # the puzzle keeps its mode
    expect(page.get_by_test_id("no-flip")).to_be_checked()
    expect(page.get_by_test_id("flip")).to_be_hidden()


def test_keyboard_placement(page):
    open_puzzle(page)
    shapes = orientations(page)
    page.get_by_test_id("tile-F").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("tile-I")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("tile-F")).to_be_focused()
    page.keyboard.press("Enter")  # picked up, shown at the first place it fits: the top-left
    zone = page.get_by_test_id("drop-zone")
    expect(zone).to_be_visible()
    expect(zone).to_have_attribute("data-row", "-1")
    expect(zone).to_have_attribute("data-col", "-1")
    for key in ["ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"]:
        page.keyboard.press(key)
    page.keyboard.press("r")
    expect(zone).to_have_attribute("data-row", "0")
    expect(zone).to_have_attribute("data-col", "2")
    page.keyboard.press("Enter")
    expect_on_board(page, "F", placed(shapes["F"][1], 0, 2))
    expect(zone).to_be_hidden()

    # Escape puts a held tile back where it came from.
    page.get_by_test_id("tile-I").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("tile-I")).to_have_attribute("data-state", "tray")
    expect(page.get_by_test_id("message")).to_have_text("Put back.")


def test_hints_finish_a_3x20_and_the_clock_stops(page):
    open_puzzle(page, board="3x20")
    hint = page.get_by_test_id("hint")
    on_board = page.locator('.tile[data-state="board"]')
    for count in range(1, 13):
        hint.click()
        expect(on_board).to_have_count(count, timeout=30000)
        if count < 12:
            expect(page.get_by_test_id("message")).to_have_text(re.compile(r"^Hint: [A-Z] goes here\.$"))
    solved = page.get_by_test_id("solved")
    expect(solved).to_be_visible()
    expect(solved).to_contain_text("Solved!")
    expect(page.locator('.board .cell[data-tile=""]')).to_have_count(0)
    expect(hint).to_be_disabled()
    timer = page.get_by_test_id("timer")
    expect(timer).to_have_attribute("data-running", "false")
    shown = timer.text_content()
    page.wait_for_timeout(1500)
    expect(timer).to_have_text(shown)
    # A solved board no longer takes moves.
    page.get_by_test_id("tile-F").locator(".block").first.click()
    expect(page.get_by_test_id("message")).to_contain_text("Solved!")
    # Reset clears it and restarts the clock.
    page.get_by_test_id("reset").click()
    expect(on_board).to_have_count(0)
    expect(solved).to_be_hidden()
    expect(timer).to_have_attribute("data-running", "true")
    expect(timer).to_have_text(re.compile(r"^00:0\d$"))


def test_server_refusal_is_shown_and_the_tile_goes_home(page):
    open_puzzle(page)

    def refuse(route):
        if route.request.method == "POST":
            route.fulfill(status=409, json={"error": {"code": "overlaps", "message": "F would overlap another tile."}})
        else:
            route.continue_()

    page.route("**/api/pentomino/puzzles/*/placements", refuse)
    grip = start_drag(page, "F")
    move_origin_to(page, grip, 1, 1)
    page.mouse.up()
    expect(page.get_by_test_id("message")).to_have_text("F would overlap another tile.")
    expect(page.get_by_test_id("tile-F")).to_have_attribute("data-state", "tray")
    assert board_cells(page, "F") == set()


@pytest.mark.parametrize("size", [(390, 844), (1000, 700)])
def test_board_and_tiles_fit_the_viewport(browser, server, size):
    context = browser.new_context(base_url=server, viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    try:
        open_puzzle(page)
        boxes = [page.get_by_test_id("board").bounding_box()]
        boxes += [page.get_by_test_id(f"tile-{letter}").locator(".block").nth(i).bounding_box()
                  for letter in "FILNPTUVWXYZ" for i in range(5)]
        for box in boxes:
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
            assert box["y"] + box["height"] <= size[1], box
        _, cell = board_geometry(page)
        assert cell >= 30
    finally:
        context.close()


def test_touch_drag_keeps_the_tile_under_the_finger_and_lands_where_shown(browser, server):
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_puzzle(page)
        cdp = context.new_cdp_session(page)
        block = page.get_by_test_id("tile-T").locator(".block").first
        x, y = center(block.bounding_box())

        def touch(kind, px, py):
            points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", x, y)
        board, cell = board_geometry(page)
        # The pressed square goes under the finger, so the finger stops where the tile fits below it.
        tx, ty = board["x"] + 5.4 * cell, board["y"] + 2.4 * cell
        for i in range(1, 11):
            touch("touchMove", x + (tx - x) * i / 10, y + (ty - y) * i / 10)
        tile = page.get_by_test_id("tile-T")
        expect(tile).to_have_attribute("data-state", "lifted")
        grabbed = center(block.bounding_box())
        assert abs(grabbed[0] - tx) < cell and abs(grabbed[1] - ty) < cell, "the pressed square stays under the finger"
        zone = page.get_by_test_id("drop-zone")
        expect(zone).to_be_visible()
        shown = {(int(z.get_attribute("data-row")), int(z.get_attribute("data-col"))) for z in zone.locator(".zone-cell").all()}
        touch("touchEnd", tx, ty)
        expect_on_board(page, "T", shown)
    finally:
        context.close()
