"""Pentominoes: Undo and Redo (buttons and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y) of every placement, move,
turn and removal, kept by the server; and on a phone, the tile carried by a finger is drawn where it
will drop."""
import re
import time

from playwright.sync_api import expect

from conftest import browsing, watch_errors

from test_pentomino import board_geometry, center, expect_on_board, move_origin_to, orientations, placed, start_drag

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


# ---- helpers -----------------------------------------------------------------------------------
def new_puzzle(page, placements=()):
    """A puzzle made through the API (with `placements` already on it), opened in the page: its id."""
    puzzle = page.request.post("/api/pentomino/puzzles", data={"board": "6x10", "flips": True}).json()
    for placement in placements:
        answer = page.request.post(f"/api/pentomino/puzzles/{puzzle['id']}/placements", data=placement)
        assert answer.ok, answer.text()
    page.goto(f"/pentomino/?puzzle={puzzle['id']}")
    expect(page.get_by_test_id("cell-5-9")).to_be_visible()
    return puzzle["id"]


def on_server(page, puzzle_id):
    """What the server keeps: letter → (row, col, quarterTurns, flipped)."""
    puzzle = page.request.get(f"/api/pentomino/puzzles/{puzzle_id}").json()
    return {p["tile"]: (p["row"], p["col"], p["quarterTurns"], p["flipped"]) for p in puzzle["placements"]}


def expect_server(page, puzzle_id, wanted, timeout=5):
    """The server ends up keeping exactly `wanted` (the page sends its changes one after another)."""
    deadline = time.time() + timeout
    while (seen := on_server(page, puzzle_id)) != wanted:
        if time.time() > deadline:
            raise AssertionError(f"the server keeps {seen}, expected {wanted}")
        time.sleep(0.05)


def expect_board(page, puzzle_id, shapes, wanted):
    """The page shows and the server keeps `wanted`: letter → (row, col, orientation index)."""
    for letter in "FILNPTUVWXYZ":
        if letter in wanted:
            row, col, index = wanted[letter]
            expect_on_board(page, letter, placed(shapes[letter][index], row, col))
        else:
            expect(page.get_by_test_id(f"tile-{letter}")).to_have_attribute("data-state", "tray")
    expect_server(page, puzzle_id, {letter: (row, col, index % 4, index >= 4) for letter, (row, col, index) in wanted.items()})


def drag(page, letter, row, col):
    grip = start_drag(page, letter)
    move_origin_to(page, grip, row, col)
    page.mouse.up()


def expect_can(page, undo, redo):
    expect(page.get_by_test_id("undo")).to_have_attribute("aria-disabled", "false" if undo else "true")
    expect(page.get_by_test_id("redo")).to_have_attribute("aria-disabled", "false" if redo else "true")


def four_changes(page, shapes):
    """Places X, moves it, places L and turns it where it lies, takes L off: the boards after each."""
    drag(page, "X", 2, 5)
    after_place = {"X": (2, 5, 0)}
    expect_on_board(page, "X", placed(shapes["X"][0], 2, 5))
    drag(page, "X", 1, 0)
    after_move = {"X": (1, 0, 0)}
    expect_on_board(page, "X", placed(shapes["X"][0], 1, 0))
    drag(page, "L", 1, 5)
    expect_on_board(page, "L", placed(shapes["L"][0], 1, 5))
    after_l = {"X": (1, 0, 0), "L": (1, 5, 0)}
    page.get_by_test_id("tile-L").focus()
    page.keyboard.press("r")  # turns L where it lies: its grid is all on the board, so it has room
    after_turn = {"X": (1, 0, 0), "L": (1, 5, 1)}
    expect_on_board(page, "L", placed(shapes["L"][1], 1, 5))
    page.keyboard.press("Delete")
    after_remove = {"X": (1, 0, 0)}
    expect(page.get_by_test_id("tile-L")).to_have_attribute("data-state", "tray")
    return [{}, after_place, after_move, after_l, after_turn, after_remove]


# ---- tests -------------------------------------------------------------------------------------
def test_the_buttons_undo_and_redo_every_kind_of_change_and_the_server_keeps_it(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        puzzle_id = new_puzzle(page)
        shapes = orientations(page)
        undo, redo = page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Redo")
        expect_can(page, undo=False, redo=False)
        undo.click(force=True)  # dimmed (aria-disabled) but still a button: it says why nothing happens
        expect(page.get_by_test_id("message")).to_have_text("Nothing to undo.")

        boards = four_changes(page, shapes)
        expect_can(page, undo=True, redo=False)
        message = page.get_by_test_id("message")
        said = ["Undone: taking L off the board. L is at row 2, column 6.",
                "Undone: turning L. L is at row 2, column 6.",
                "Undone: placing L. L is back at home.",
                "Undone: moving X. X is at row 3, column 6.",
                "Undone: placing X. X is back at home."]
        for step in range(5):
            undo.click()
            expect(message).to_have_text(said[step])
            expect_board(page, puzzle_id, shapes, boards[4 - step])
        expect_can(page, undo=False, redo=True)
        for step in range(5):
            redo.click()
            expect(message).to_have_text(re.compile(r"^Redone: "))
            expect_board(page, puzzle_id, shapes, boards[step + 1])
        expect_can(page, undo=True, redo=False)

        # A reload keeps the board (the server has it); the lists belong to the tab.
        page.reload()
        expect_board(page, puzzle_id, shapes, boards[5])
        expect_can(page, undo=False, redo=False)


def test_the_keys_undo_and_redo_and_a_new_change_forgets_what_was_undone(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        shapes = orientations(page)
        # I lying along the bottom row's left half, put there through the API.
        index = next(i for i, cells in enumerate(shapes["I"][:2]) if len({r for r, _ in cells}) == 1)
        row, col = 5 - shapes["I"][index][0][0], -min(c for _, c in shapes["I"][index])
        puzzle_id = new_puzzle(page, [{"tile": "I", "quarterTurns": index, "flipped": False, "row": row, "col": col}])
        start = {"I": (row, col, index)}
        boards = [{**start, **board} for board in four_changes(page, shapes)]
        message = page.get_by_test_id("message")
        page.keyboard.press("Control+z")
        expect(message).to_have_text("Undone: taking L off the board. L is at row 2, column 6.")
        expect_board(page, puzzle_id, shapes, boards[4])
        page.keyboard.press("Control+z")
        expect_board(page, puzzle_id, shapes, boards[3])
        page.keyboard.press("Meta+z")  # ⌘Z, as on a Mac
        expect(message).to_have_text("Undone: placing L. L is back at home.")
        expect_board(page, puzzle_id, shapes, boards[2])
        page.keyboard.press("Control+Shift+z")
        expect(message).to_have_text("Redone: placing L. L is at row 2, column 6.")
        expect_board(page, puzzle_id, shapes, boards[3])
        page.keyboard.press("Control+y")
        expect(message).to_have_text("Redone: turning L. L is at row 2, column 6.")
        expect_board(page, puzzle_id, shapes, boards[4])
        page.keyboard.press("Control+z")
        page.keyboard.press("Control+z")
        expect_board(page, puzzle_id, shapes, boards[2])
        expect_can(page, undo=True, redo=True)

        # A new change after undoing: nothing is left to redo.
        drag(page, "T", 1, 5)
        expect_on_board(page, "T", placed(shapes["T"][0], 1, 5))
        expect_can(page, undo=True, redo=False)
        page.keyboard.press("Control+Shift+z")
        expect(message).to_have_text("Nothing to redo.")
        page.keyboard.press("Control+z")
        expect_board(page, puzzle_id, shapes, boards[2])

        # Reset is a change too: undone, every tile is back.
        page.get_by_test_id("reset").click()
        expect_board(page, puzzle_id, shapes, {})
        page.keyboard.press("Control+z")
        expect(message).to_have_text("Undone: clearing the board. 2 tiles are on the board.")
        expect_board(page, puzzle_id, shapes, boards[2])


def test_a_keyboard_user_keeps_focus_on_undo_and_hears_what_was_undone(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        puzzle_id = new_puzzle(page)
        shapes = orientations(page)
        page.get_by_test_id("tile-P").focus()
        page.keyboard.press("Enter")  # picks P up where it first fits
        page.keyboard.press("Enter")  # and places it there
        expect(page.get_by_test_id("tile-P")).to_have_attribute("data-state", "board")
        undo = page.get_by_test_id("undo")
        expect(undo).to_have_attribute("aria-keyshortcuts", re.compile("Control\\+Z"))
        undo.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("message")).to_have_text("Undone: placing P. P is back at home.")
        expect(page.get_by_test_id("message")).to_have_attribute("aria-live", "polite")
        expect_board(page, puzzle_id, shapes, {})
        # Nothing left to undo: the button says so and keeps the focus (it is dimmed, not disabled).
        expect(undo).to_have_attribute("aria-disabled", "true")
        assert float(undo.evaluate("b => getComputedStyle(b).opacity")) < 0.6
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("message")).to_have_text("Nothing to undo.")
        expect(undo).to_be_focused()


def test_on_a_phone_the_carried_tile_is_drawn_where_it_drops(browser, server):
    """The tile is carried with the pressed square under the finger (drag.js); wherever the finger
    stops, the squares the tile is drawn over are the drop zone, and the tile lands on them."""
    context = browser.new_context(base_url=server, **PHONE)
    with browsing(context) as page:
        new_puzzle(page)
        board, cell = board_geometry(page)
        cdp = context.new_cdp_session(page)

        def touch(kind, x=0, y=0):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})

        def drawn():
            """The board squares under the centres of the carried tile's blocks, as drawn."""
            squares = set()
            for block in page.get_by_test_id("tile-X").locator(".block").all():
                x, y = center(block.bounding_box())
                squares.add((int((y - board["y"]) // cell), int((x - board["x"]) // cell)))
            return squares

        # Stops where the tile's grid is drawn most of a row below and a third of a column left of
        # a square's corner, and so on: before, flooring the corner put the drop zone a row above
        # and a column left of the tile as drawn.
        for dx, dy in ((-0.3, 0.7), (0.35, 0.2), (0.1, -0.4)):
            block = page.get_by_test_id("tile-X").locator(".block").first
            grip = int(block.get_attribute("data-r")), int(block.get_attribute("data-c"))
            x, y = center(block.bounding_box())
            touch("touchStart", x, y)
            # Where the grabbed square is drawn for the grid's corner at (1, 4) plus the offsets (and
            # the finger as far below it as the tile is drawn above the finger: nothing, now).
            ax = board["x"] + (4 + grip[1] + 0.5 + dx) * cell
            ay = board["y"] + (1 + grip[0] + 0.5 + dy) * cell
            for i in range(1, 11):
                touch("touchMove", x + (ax - x) * i / 10, y + (ay - y) * i / 10)
            time.sleep(0.2)
            lift = ay - center(block.bounding_box())[1]  # the grabbed square stays centred over the finger's column
            tx, ty = ax, ay + lift
            for i in range(1, 6):
                touch("touchMove", ax, ay + lift * i / 5)
            tile = page.get_by_test_id("tile-X")
            expect(tile).to_have_attribute("data-state", "lifted")
            time.sleep(0.2)  # the carried tile follows with a short transition
            under = drawn()
            zone = {(int(z.get_attribute("data-row")), int(z.get_attribute("data-col")))
                    for z in page.get_by_test_id("drop-zone").locator(".zone-cell").all()}
            assert zone == under, f"drawn over {sorted(under)}, the drop zone shows {sorted(zone)}"
            origin = page.get_by_test_id("drop-zone")
            expect(origin).to_have_attribute("data-row", str(1 + round(dy)))
            expect(origin).to_have_attribute("data-col", str(4 + round(dx)))
            # The finger is below the tile it carries, not over it.
            top = min(block.bounding_box()["y"] for block in tile.locator(".block").all())
            assert ty > top
            touch("touchEnd")
            expect_on_board(page, "X", under)
            page.get_by_test_id("tile-X").focus()
            page.keyboard.press("Delete")
            expect(tile).to_have_attribute("data-state", "tray")
            time.sleep(0.4)  # it slides home before the finger goes for it again
