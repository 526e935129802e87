"""Pentominoes at a dead end (issue 39): the hint names the placed tile in the way ("Why am I stuck?"),
and the boards people play are all offered by name."""
from playwright.sync_api import expect

from conftest import browsing
from test_pentomino_undo import DESKTOP, PHONE, new_puzzle


def test_at_a_dead_end_the_hint_names_the_tile_in_the_way(browser, server):
    for size in (DESKTOP, PHONE):
        with browsing(browser.new_context(base_url=server, **size)) as page:
            # X with its box in the top-left corner cuts cell (0, 0) off: no solution has it there.
            new_puzzle(page, [{"tile": "X", "row": -1, "col": -1}, {"tile": "I", "quarterTurns": 1, "row": 3, "col": 5}])
            hint = page.get_by_test_id("hint")
            hint.tap() if size is PHONE else hint.click()
            message = page.get_by_test_id("message")
            expect(message).to_contain_text("Stuck")
            expect(message).to_contain_text("tile X where it is")
            assert "I" not in message.inner_text().split("tile X")[0], "only the tile in the way is named"


def test_every_classic_board_is_offered_by_name(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        new_puzzle(page)
        # The ten named boards; "Draw a board…" and a drawn board's "Your board" come after them.
        options = page.get_by_test_id("board-size").locator("option:not([value^=draw])")
        expect(options).to_have_count(10)
        names = options.all_inner_texts()
        assert "8 × 8, hole in a corner" in names and "6 × 10" in names and len(set(names)) == 10, names


def test_the_page_says_how_many_ways_are_left_after_every_change(browser, server):
    with browsing(browser.new_context(base_url=server, **DESKTOP)) as page:
        puzzle_id = new_puzzle(page)
        ways = page.get_by_test_id("ways-left")
        expect(ways).to_have_text("9,356 ways to finish")  # every 6 × 10 solution, turned and mirrored ones too
        page.request.post(f"/api/pentomino/puzzles/{puzzle_id}/placements", data={"tile": "X", "row": -1, "col": -1})
        page.reload()
        expect(ways).to_have_text("No way to finish from here")
        page.get_by_test_id("hint").click()
        expect(page.get_by_test_id("message")).to_contain_text("tile X where it is")
