"""On a phone the tile a finger carries is drawn where it will drop (issue 39, item 12): the squares
outlined while it is carried are under the finger, within one cell, and the tile lands on exactly them."""
from playwright.sync_api import expect

from conftest import browsing
from test_pentomino import board_geometry, center, expect_on_board, open_puzzle

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_the_outlined_squares_are_under_the_finger_and_the_tile_lands_on_them(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    with browsing(context) as page:
        open_puzzle(page)
        cdp = context.new_cdp_session(page)

        def touch(kind, x=0, y=0):
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})

        board, cell = board_geometry(page)
        tile = page.get_by_test_id("tile-X")
        zone = page.get_by_test_id("drop-zone")
        # X held by its centre square; the finger stops at fractions of a cell (rows, columns), from
        # the tray and then from the board.
        for row, col in ((2.55, 3.4), (3.35, 6.7)):
            handle = tile.locator(".block").nth(2)
            x, y = center(handle.bounding_box())
            fx, fy = board["x"] + col * cell, board["y"] + row * cell
            touch("touchStart", x, y)
            for i in range(1, 11):
                touch("touchMove", x + (fx - x) * i / 10, y + (fy - y) * i / 10)
            expect(tile).to_have_attribute("data-state", "lifted")
            expect(zone).to_be_visible()
            outlined = {(int(z.get_attribute("data-row")), int(z.get_attribute("data-col"))) for z in zone.locator(".zone-cell").all()}
            # The outlined square of the held one is under the finger.
            held = center(zone.locator(".zone-cell").nth(2).bounding_box())
            assert abs(held[0] - fx) <= cell and abs(held[1] - fy) <= cell, (held, (fx, fy))
            # And the tile is drawn over the outlined squares (within half a cell, as it slides).
            for i in range(5):
                drawn = center(tile.locator(".block").nth(i).bounding_box())
                square = center(zone.locator(".zone-cell").nth(i).bounding_box())
                assert abs(drawn[0] - square[0]) <= cell * 0.6 and abs(drawn[1] - square[1]) <= cell * 0.6
            touch("touchEnd")
            expect_on_board(page, "X", outlined)
