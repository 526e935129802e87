"""Browser tests for copy, paste and duplicate in the Rapid Router block editor (issue 22, item 1):
Ctrl/Cmd+C, V, D on the selected block, the block menu (right-click, Shift+F10, a long press with a
finger), where pasted blocks land, undo, and the level's toolbox limits (a paste over a limit is
refused and said)."""
import re

from playwright.sync_api import expect

from conftest import browsing
from test_router_blocks import grab_point, program_blocks
from test_router import make_level, open_own_level
from test_router_blocks_numbers import SIZES, centre, page_program, server_count, shot

TOOLBOX = ["move_forwards", "turn_left", "turn_right", "controls_repeat", "variables_numeric_set", "variables_get",
           "math_number", "logic_compare", "controls_repeat_while"]
PROGRAM = {"blocks": [
    {"type": "move_forwards", "id": "b1"},
    {"type": "controls_repeat", "id": "b2", "times": 3, "do": [{"type": "turn_left", "id": "b3"}]},
    {"type": "turn_right", "id": "b4"}], "procedures": []}


def main_types(page):
    return page.locator(".block.start > .body > .block").evaluate_all("(nodes) => nodes.map((n) => n.dataset.type)")


def head(page, block_id):
    return page.locator(f".block[data-block-id={block_id}] > .row").first


def pick(page, block_id, button="left"):
    """Clicks a block's head row on its label (the middle of a row may be a field)."""
    head(page, block_id).click(button=button, position={"x": 12, "y": 12})


def test_copy_paste_and_duplicate_with_the_keyboard_and_undo(page, problems):
    page.set_viewport_size({"width": 1280, "height": 860})
    open_own_level(page, make_level(page, TOOLBOX), PROGRAM)
    # The repeat (with the block inside it) is copied; nothing is added yet.
    pick(page, "b2")
    page.keyboard.press("Control+c")
    expect(page.get_by_test_id("message")).to_contain_text("Copied “Repeat” and the block inside it")
    expect(page.get_by_test_id("block-count")).to_have_text("4 blocks")
    # Pasted after the selected block: select "turn right", paste.
    pick(page, "b4")
    page.keyboard.press("Control+v")
    assert main_types(page) == ["move_forwards", "controls_repeat", "turn_right", "controls_repeat"]
    expect(page.get_by_test_id("block-count")).to_have_text("6 blocks")
    pasted = page.locator(".block.start > .body > .block").nth(3)
    expect(pasted.locator(".block[data-type=turn_left]")).to_have_count(1)
    assert pasted.get_attribute("data-block-id") not in ("b2", "b3")  # fresh ids
    expect(page.get_by_test_id("message")).to_contain_text("Pasted “Repeat”")
    # Duplicate (Cmd on a Mac works as Ctrl) puts the copy right after the original.
    pick(page, "b1")
    page.keyboard.press("Meta+d")
    assert main_types(page) == ["move_forwards", "move_forwards", "controls_repeat", "turn_right", "controls_repeat"]
    expect(page.get_by_test_id("message")).to_contain_text("Duplicated “Move forwards”")
    program = page_program(page)
    assert server_count(page, program) == 7
    ids = page.get_by_test_id("program").locator("[data-block-id]").evaluate_all("(nodes) => nodes.map((n) => n.dataset.blockId)")
    assert len(ids) == len(set(ids)), ids
    # Each is one undo step.
    page.keyboard.press("Control+z")
    assert main_types(page) == ["move_forwards", "controls_repeat", "turn_right", "controls_repeat"]
    page.keyboard.press("Control+z")
    assert main_types(page) == ["move_forwards", "controls_repeat", "turn_right"]
    page.keyboard.press("Control+y")
    expect(page.get_by_test_id("block-count")).to_have_text("6 blocks")
    # Start has nothing to copy; the keys leave text boxes alone.
    page.get_by_test_id("start-block").click()
    page.keyboard.press("Control+c")
    expect(page.get_by_test_id("message")).to_contain_text("Select a block to copy first")
    page.keyboard.press("Control+v")  # the repeat is still on the clipboard: pasted at the top
    assert main_types(page)[0] == "controls_repeat"
    assert problems == []


def test_a_number_or_a_variable_is_copied_into_an_empty_hole(page, problems):
    page.set_viewport_size({"width": 1280, "height": 860})
    program = {"blocks": [
        {"type": "variables_numeric_set", "id": "b1", "name": "n", "value": {"type": "math_number", "id": "b2", "value": 4}},
        {"type": "controls_repeat_while", "id": "b3", "condition": {"type": "logic_compare", "id": "b4", "op": "LT",
                                                                    "a": {"type": "variables_get", "id": "b5", "name": "n"}, "b": None}, "do": []}],
        "procedures": []}
    open_own_level(page, make_level(page, TOOLBOX), program)
    page.locator(".nested[data-block-id=b2] .grip").click()
    page.keyboard.press("Control+c")
    expect(page.get_by_test_id("message")).to_contain_text("Copied “Number”")
    page.locator(".nested[data-block-id=b4] > .grip").click()
    page.keyboard.press("Control+v")
    compare = page.locator(".nested[data-block-id=b4]")
    expect(compare.get_by_test_id("hole")).to_have_count(0)
    expect(compare.get_by_test_id("number-input")).to_have_value("4")
    # Duplicating the variable finds no empty hole in its block: said, nothing changed.
    page.locator(".nested[data-block-id=b5] .grip").click()
    page.keyboard.press("Control+d")
    expect(page.get_by_test_id("message")).to_contain_text("no empty hole")
    assert server_count(page, page_program(page)) == int(page.get_by_test_id("block-count").get_attribute("data-count"))
    assert problems == []


def test_the_block_menu_on_right_click_and_from_the_keyboard(page, problems):
    page.set_viewport_size({"width": 1280, "height": 860})
    open_own_level(page, make_level(page, TOOLBOX), PROGRAM)
    pick(page, "b1", "right")
    menu = page.get_by_test_id("block-menu")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_count(4)
    expect(page.get_by_test_id("menu-paste")).to_be_disabled()  # nothing copied yet
    expect(page.get_by_test_id("menu-duplicate")).to_be_focused()
    expect(page.get_by_test_id("menu-duplicate")).to_contain_text("Ctrl+D")
    shot(page, "menu-desktop")
    page.get_by_test_id("menu-duplicate").click()
    expect(menu).to_have_count(0)
    assert main_types(page) == ["move_forwards", "move_forwards", "controls_repeat", "turn_right"]
    # Copy from the menu, paste from the Start block's menu: at the top.
    pick(page, "b4", "right")
    page.get_by_test_id("menu-copy").click()
    page.get_by_test_id("start-block").click(button="right")
    expect(page.get_by_test_id("menu-duplicate")).to_be_disabled()
    expect(page.get_by_test_id("menu-delete")).to_be_disabled()
    page.get_by_test_id("menu-paste").click()
    assert main_types(page)[0] == "turn_right"
    # Delete from the menu; Escape closes it and the keyboard goes back to the block.
    pick(page, "b2", "right")
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(head(page, "b2")).to_be_focused()
    # Shift+F10 opens it on the selected block; arrows and Enter choose.
    page.keyboard.press("Shift+F10")
    expect(page.get_by_test_id("menu-duplicate")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.get_by_test_id("menu-delete")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".block[data-block-id=b2]")).to_have_count(0)
    expect(page.locator(".block[data-type=turn_left]")).to_have_count(0)  # it went with the repeat
    # Clicking elsewhere closes an open menu without doing anything.
    pick(page, "b1", "right")
    page.get_by_test_id("map").click()
    expect(menu).to_have_count(0)
    assert main_types(page) == ["turn_right", "move_forwards", "move_forwards", "turn_right"]
    assert problems == []


def test_a_paste_over_the_toolbox_limit_is_refused_and_said(page, problems):
    page.set_viewport_size({"width": 1280, "height": 860})
    toolbox = [{"block": "move_forwards", "limit": 3}, "turn_left", {"block": "controls_repeat", "limit": 2}]
    open_own_level(page, make_level(page, toolbox), {"blocks": [
        {"type": "move_forwards", "id": "b1"}, {"type": "controls_repeat", "id": "b2", "times": 2, "do": [{"type": "move_forwards", "id": "b3"}]}],
        "procedures": []})
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("1 left")
    pick(page, "b1")
    page.keyboard.press("Control+c")
    page.keyboard.press("Control+v")
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("0 left")
    page.keyboard.press("Control+v")
    expect(page.get_by_test_id("message")).to_contain_text("No more “Move forwards” blocks: this level allows 3")
    expect(program_blocks(page, "move_forwards")).to_have_count(3)
    expect(page.get_by_test_id("palette-move_forwards")).to_have_class(re.compile(r"\brefused\b"))
    # A repeat holding a move would go over too, even though repeats are left.
    pick(page, "b2", "right")
    page.get_by_test_id("menu-duplicate").click()
    expect(page.get_by_test_id("message")).to_contain_text("No more “Move forwards” blocks")
    expect(program_blocks(page, "controls_repeat")).to_have_count(1)
    # The refusal is not an undo step: undo takes back the one paste.
    page.get_by_test_id("undo").click()
    expect(program_blocks(page, "move_forwards")).to_have_count(2)
    assert problems == []


def test_a_pasted_block_lands_in_view_in_a_long_program(page, problems):
    page.set_viewport_size({"width": 1280, "height": 860})
    open_own_level(page, make_level(page, TOOLBOX), {"blocks": [{"type": "turn_left"}] + [{"type": "move_forwards"}] * 14, "procedures": []})
    program = page.get_by_test_id("program")
    assert program.evaluate("(n) => n.scrollHeight > n.clientHeight")
    page.locator(".block[data-type=turn_left] > .row").click()
    page.keyboard.press("Control+c")
    page.keyboard.press("End")  # the last row, at the bottom of the list
    page.keyboard.press("Control+v")
    pasted = page.locator(".block.start > .body > .block").last
    expect(pasted).to_have_attribute("data-type", "turn_left")
    box, row = program.bounding_box(), pasted.locator(".row").first.bounding_box()
    assert box["y"] <= row["y"] and row["y"] + row["height"] <= box["y"] + box["height"], (box, row)
    expect(pasted.locator(".row").first).to_be_focused()
    assert problems == []


def long_press(cdp, page, locator, hold=1200, at_centre=False):
    locator.scroll_into_view_if_needed()
    x, y = centre(locator) if at_centre else grab_point(locator)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(hold)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def touch_drag(cdp, page, source, to, steps=10):
    x0, y0 = grab_point(source)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0 + (to[0] - x0) * i / steps, "y": y0 + (to[1] - y0) * i / steps}]})
    page.wait_for_timeout(150)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": to[0], "y": to[1]}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_long_press_duplicates_and_fingers_drag_numbers_into_holes(browser, server):
    for size in ["tablet", "phone"]:
        width, height, _ = SIZES[size]
        context = browser.new_context(base_url=server, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        with browsing(context) as page:
            open_own_level(page, make_level(page, TOOLBOX), {"blocks": [
                {"type": "move_forwards", "id": "b1"},
                {"type": "variables_numeric_set", "id": "b2", "name": "n", "value": 0},
                {"type": "controls_repeat_while", "id": "b3", "condition": {"type": "logic_compare", "id": "b4", "op": "LT", "a": None, "b": None},
                 "do": []}], "procedures": []})
            cdp = context.new_cdp_session(page)
            # The editor at the top of the window, so the palette and the program are both in reach.
            page.get_by_test_id("editor").evaluate("(node) => node.scrollIntoView({ block: 'start' })")
            # A finger held on a block opens the block menu beside it (a short wait is not a drag).
            long_press(cdp, page, head(page, "b1"))
            menu = page.get_by_test_id("block-menu")
            expect(menu).to_be_visible()
            assert page.get_by_test_id("menu-duplicate").bounding_box()["height"] >= 40  # finger-sized
            expect(page.locator(".block[data-type=move_forwards]")).to_have_count(1)  # the lifted finger chose nothing
            shot(page, f"long-press-menu-{size}")
            page.get_by_test_id("menu-duplicate").tap()
            expect(menu).to_have_count(0)
            expect(page.locator(".block[data-type=move_forwards]")).to_have_count(2)
            # Fingers drag a number into the set block's number and a variable into the compare.
            touch_drag(cdp, page, page.get_by_test_id("palette-math_number"), centre(page.locator(".block[data-block-id=b2] .socket")))
            expect(page.locator(".block[data-block-id=b2] .nested[data-type=math_number]")).to_have_count(1)
            compare = page.locator(".nested[data-block-id=b4]")
            touch_drag(cdp, page, page.get_by_test_id("palette-variables_get"), centre(compare.get_by_test_id("hole").first))
            expect(compare.locator(".nested[data-type=variables_get]")).to_have_count(1)
            # A long press on a number in a hole opens the menu for that number.
            long_press(cdp, page, compare.locator(".nested[data-type=variables_get] .grip"), at_centre=True)
            page.get_by_test_id("menu-copy").tap()
            expect(page.get_by_test_id("message")).to_contain_text("Copied “Variable”")
            assert server_count(page, page_program(page)) == int(page.get_by_test_id("block-count").get_attribute("data-count"))
            shot(page, f"touch-numbers-{size}")
