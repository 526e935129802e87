"""Browser tests for the Rapid Router page, part 2: programs built by dragging blocks (mouse and
touch), nesting, conditions dropped on their sockets, deleting by dragging to the palette, toolbox
limits, undo/redo, stepping through a run, the Python view and the sounds."""
import re

from playwright.sync_api import expect

from test_router import new_player, open_router, open_unlocked, play_and_wait, play_to_full_marks, shot, watch_errors


# ---- helpers -----------------------------------------------------------------------------------
def grab_point(locator):
    box = locator.bounding_box()
    return box["x"] + 14, box["y"] + box["height"] / 2


def drag(page, source, to, *, release=True, steps=12):
    """Drags `source` (a locator) with the mouse so that the point grabbed lands on `to` (x, y),
    in small steps as a hand would."""
    x0, y0 = grab_point(source)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 6, y0 + 6, steps=3)
    page.mouse.move(to[0], to[1], steps=steps)
    if release:
        page.mouse.up()


def below(locator, dy=14, dx=20):
    """A point just under the element: where a dragged block's top should go to follow it
    (scrolled into view first, as a child would)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + dx, box["y"] + box["height"] + dy


def inside(locator):
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + 16, box["y"] + box["height"] / 2


def program_blocks(page, block_type=None):
    selector = "[data-testid=block]" if block_type is None else f".block[data-type={block_type}]"
    return page.get_by_test_id("program").locator(selector)


def drag_to_end(page, block_type, times=1):
    """Drags a palette block under the last block of the main program (or under Start), `times` times."""
    for _ in range(times):
        blocks = page.locator(".block.start > .body > .block")
        anchor = blocks.last if blocks.count() else page.get_by_test_id("start-block")
        drag(page, page.get_by_test_id(f"palette-{block_type}"), below(anchor))


def open_fresh(page, level):
    """Opens `level` at 1280x800 for a new player who has solved every level before it."""
    return open_unlocked(page, level, {"width": 1280, "height": 800})


# ---- tests -------------------------------------------------------------------------------------
def test_level_one_by_dragging_with_the_mouse_scores_full_marks_and_survives_reload(page, problems):
    open_fresh(page, "1")
    drag_to_end(page, "move_forwards")
    expect(program_blocks(page)).to_have_count(1)
    # Mid-drag: a ghost follows the pointer and an insertion line shows where the block will go.
    drag(page, page.get_by_test_id("palette-move_forwards"), below(program_blocks(page).last), release=False)
    expect(page.get_by_test_id("drag-ghost")).to_be_visible()
    expect(page.get_by_test_id("drop-line")).to_be_visible()
    line, last = page.get_by_test_id("drop-line").bounding_box(), program_blocks(page).last.bounding_box()
    assert abs(line["y"] - (last["y"] + last["height"])) < 12
    shot(page, "mid-drag")
    page.mouse.up()
    expect(page.get_by_test_id("drag-ghost")).to_have_count(0)
    expect(page.get_by_test_id("drop-line")).to_have_count(0)
    expect(program_blocks(page)).to_have_count(2)
    expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")

    play_and_wait(page, success=True)
    expect(page.get_by_test_id("result-title")).to_have_text("Full marks!")
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    expect(page.get_by_test_id("mute")).to_have_attribute("data-last-sound", "jingle")

    # The program and the score both survive a reload.
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(program_blocks(page, "move_forwards")).to_have_count(2)
    page.get_by_test_id("to-levels").click()
    expect(page.get_by_test_id("score-1")).to_have_text("20/20")
    expect(page.get_by_test_id("level-2")).to_be_enabled()
    assert problems == []


def test_a_crash_by_dragged_blocks_shows_its_message_and_marks_the_failing_block(page, problems):
    open_fresh(page, "1")
    drag_to_end(page, "move_forwards", 3)
    expect(program_blocks(page)).to_have_count(3)
    play_and_wait(page, success=False)
    expect(page.get_by_test_id("result-title")).to_have_text("Oh no!")
    expect(page.get_by_test_id("result-message")).to_contain_text("crashed")
    expect(program_blocks(page).nth(2)).to_have_class(re.compile(r"\bfailing\b"))
    expect(page.locator(".block.failing")).to_have_count(1)
    expect(page.get_by_test_id("mute")).to_have_attribute("data-last-sound", "crash")
    assert problems == []


def test_a_loop_built_by_dragging_finishes_level_13(page, problems):
    open_fresh(page, "13")
    drag_to_end(page, "controls_repeat")
    repeat = page.locator(".block[data-type=controls_repeat]")
    expect(repeat).to_have_count(1)
    # The empty body is a slot: dropping on it nests the block.
    slot = repeat.locator(".row.slot")
    drag(page, page.get_by_test_id("palette-move_forwards"), inside(slot))
    expect(repeat.locator(".block[data-type=move_forwards]")).to_have_count(1)
    page.get_by_test_id("repeat-times").fill("8")
    page.get_by_test_id("repeat-times").press("Tab")
    expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")
    play_to_full_marks(page, "20/20")
    assert problems == []


def test_if_else_in_a_loop_with_conditions_dropped_on_their_sockets_finishes_level_24(page, problems):
    open_fresh(page, "24")
    drag_to_end(page, "controls_repeat_until")
    loop = page.locator(".block[data-type=controls_repeat_until]")
    drag(page, page.get_by_test_id("palette-controls_if"), inside(loop.locator(".row.slot")))
    branch = loop.locator(".block[data-type=controls_if]")
    expect(branch).to_have_count(1)
    # Conditions: mid-drag the socket lights up; dropped, it is set.
    drag(page, page.get_by_test_id("palette-at_destination"), inside(page.get_by_test_id("condition").nth(0)), release=False)
    expect(page.locator("select.condition.drop-here")).to_have_count(1)
    page.mouse.up()
    expect(page.get_by_test_id("condition").nth(0)).to_have_value("at_destination")
    drag(page, page.get_by_test_id("palette-road_exists"), inside(page.get_by_test_id("condition").nth(1)))
    expect(page.get_by_test_id("condition").nth(1)).to_have_value("road_exists:FORWARD")
    page.get_by_test_id("condition").nth(1).select_option("road_exists:LEFT")
    drag(page, page.get_by_test_id("palette-turn_left"), inside(branch.locator(".row.slot")))
    # Else branches are added (and removed) with their buttons; blocks drop into them too.
    page.get_by_test_id("add-else-if").click()
    expect(page.get_by_test_id("remove-else-if")).to_have_count(1)
    page.get_by_test_id("remove-else-if").click()
    page.get_by_test_id("add-else").click()
    drag(page, page.get_by_test_id("palette-move_forwards"), inside(branch.locator(".row.slot")))
    expect(branch.locator(".block")).to_have_count(2)
    expect(page.get_by_test_id("block-count")).to_have_text("6 blocks")
    play_to_full_marks(page, "20/20")
    assert problems == []


def test_moving_a_block_carries_the_blocks_under_it_and_the_palette_deletes(page, problems):
    open_fresh(page, "13")
    for block in ["move_forwards", "turn_left", "turn_right", "controls_repeat"]:
        drag_to_end(page, block)
    expect(page.locator(".block.start > .body > .block")).to_have_count(4)
    # Drag "turn left" (with "turn right" and the repeat under it) into … nothing: it stays.
    turn_left = program_blocks(page, "turn_left").locator(".row").first
    drag(page, turn_left, (5, 5))
    expect(page.locator(".block.start > .body > .block")).to_have_count(4)
    # The Start block does not move.
    drag(page, page.get_by_test_id("start-block"), below(program_blocks(page).last, dy=40))
    expect(page.get_by_test_id("message")).to_contain_text("Start block stays")
    # Drag "turn right" (and the repeat under it) to the palette: the palette is a bin while dragging.
    turn_right = program_blocks(page, "turn_right").locator(".row").first
    drag(page, turn_right, inside(page.get_by_test_id("palette")), release=False)
    expect(page.get_by_test_id("palette")).to_have_class(re.compile(r"\bbin-over\b"))
    page.mouse.up()
    expect(page.get_by_test_id("palette")).not_to_have_class(re.compile(r"\bbin\b"))
    expect(page.locator(".block.start > .body > .block")).to_have_count(2)
    expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")
    # Move "turn left" above "move forwards": drop it just under Start.
    drag(page, program_blocks(page, "turn_left").locator(".row").first, below(page.get_by_test_id("start-block"), dy=4))
    expect(page.locator(".block.start > .body > .block").first).to_have_attribute("data-type", "turn_left")
    assert problems == []


def test_a_limited_blocks_level_refuses_the_extra_block_when_dragged(page, problems):
    open_fresh(page, "35")
    drag_to_end(page, "move_forwards", 3)
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("0 left")
    palette_move = page.get_by_test_id("palette-move_forwards")
    expect(palette_move).to_be_disabled()  # aria-disabled: still there to explain itself
    drag(page, palette_move, below(program_blocks(page).last), release=False)
    expect(palette_move).to_have_class(re.compile(r"\brefused\b"))
    expect(page.get_by_test_id("drag-ghost")).to_have_count(0)
    page.mouse.up()
    expect(page.get_by_test_id("message")).to_contain_text("No more “Move forwards” blocks")
    expect(program_blocks(page, "move_forwards")).to_have_count(3)
    # The keyboard is refused the same way.
    palette_move.focus()
    palette_move.press("Enter")
    expect(program_blocks(page, "move_forwards")).to_have_count(3)
    expect(page.get_by_test_id("message")).to_contain_text("No more")
    # Dragging one back to the palette frees it.
    drag(page, program_blocks(page, "move_forwards").last.locator(".row").first, inside(page.get_by_test_id("palette")))
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("1 left")
    assert problems == []


def test_undo_and_redo_restore_the_program(page, problems):
    open_fresh(page, "13")
    expect(page.get_by_test_id("undo")).to_be_disabled()
    drag_to_end(page, "move_forwards")
    drag_to_end(page, "turn_left")
    expect(program_blocks(page)).to_have_count(2)
    page.get_by_test_id("undo").click()
    expect(program_blocks(page)).to_have_count(1)
    page.get_by_test_id("undo").click()
    expect(program_blocks(page)).to_have_count(0)
    expect(page.get_by_test_id("undo")).to_be_disabled()
    page.get_by_test_id("redo").click()
    expect(program_blocks(page, "move_forwards")).to_have_count(1)
    # Keys: Ctrl+Y / Ctrl+Shift+Z redo, Ctrl+Z undoes (also a clear and a changed number).
    page.keyboard.press("Control+y")
    expect(program_blocks(page)).to_have_count(2)
    page.get_by_test_id("clear-program").click()
    expect(program_blocks(page)).to_have_count(0)
    page.get_by_test_id("start-block").click()
    page.keyboard.press("Control+z")
    expect(program_blocks(page)).to_have_count(2)
    page.keyboard.press("Control+z")
    expect(program_blocks(page)).to_have_count(1)
    page.keyboard.press("Control+Shift+z")
    expect(program_blocks(page)).to_have_count(2)
    expect(page.get_by_test_id("redo")).to_be_enabled()  # the clear can be done again
    # Alt+↑ moves the selected block up (one undo step too).
    program_blocks(page, "turn_left").locator(".row").first.click()
    page.keyboard.press("Alt+ArrowUp")
    expect(program_blocks(page).first).to_have_attribute("data-type", "turn_left")
    page.keyboard.press("Control+z")
    expect(program_blocks(page).first).to_have_attribute("data-type", "move_forwards")
    assert problems == []


def test_step_runs_one_block_at_a_time(page, problems):
    open_fresh(page, "1")
    drag_to_end(page, "move_forwards")
    drag_to_end(page, "move_forwards")
    first, second = program_blocks(page).nth(0), program_blocks(page).nth(1)
    van = page.get_by_test_id("van")
    start = van.get_attribute("transform")
    page.get_by_test_id("step").click()
    expect(first).to_have_class(re.compile(r"\brunning\b"))
    expect(second).not_to_have_class(re.compile(r"\brunning\b"))
    expect(page.get_by_test_id("message")).to_contain_text("Step 1 done")
    after_one = van.get_attribute("transform")
    assert after_one != start
    expect(page.get_by_test_id("play")).to_have_text("▶ Go on")
    page.wait_for_timeout(600)  # nothing moves while it waits
    assert van.get_attribute("transform") == after_one
    page.get_by_test_id("step").click()
    expect(second).to_have_class(re.compile(r"\brunning\b"))
    expect(first).not_to_have_class(re.compile(r"\brunning\b"))
    expect(page.get_by_test_id("result")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    # Stop mid-step and Reset put the van back.
    page.get_by_test_id("step").click()
    expect(page.get_by_test_id("stop")).to_be_enabled()
    page.get_by_test_id("stop").click()
    page.get_by_test_id("reset").click()
    expect(van).to_have_attribute("transform", start)
    assert problems == []


def test_touch_drag_builds_level_one_on_a_tablet(browser, server):
    context = browser.new_context(base_url=server, viewport={"width": 1024, "height": 768}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        problems = watch_errors(page)
        open_unlocked(page, "1")
        cdp = context.new_cdp_session(page)

        def touch_drag(source, to, steps=10):
            """A finger drag: press, slide in steps, rest on the drop point, lift. (Lifting while
            still moving would be a fling, and Chrome swallows the next tap that stops a fling.)"""
            x0, y0 = grab_point(source)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
            for i in range(1, steps + 1):
                x, y = x0 + (to[0] - x0) * i / steps, y0 + (to[1] - y0) * i / steps
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(150)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": to[0], "y": to[1]}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        palette_move = page.get_by_test_id("palette-move_forwards")
        assert palette_move.bounding_box()["height"] >= 40  # finger-sized
        touch_drag(palette_move, below(page.get_by_test_id("start-block")))
        expect(program_blocks(page)).to_have_count(1)
        assert program_blocks(page).first.locator(".row").first.bounding_box()["height"] >= 40
        touch_drag(palette_move, below(program_blocks(page).last))
        expect(program_blocks(page)).to_have_count(2)
        shot(page, "tablet-touch")
        page.get_by_test_id("speed").select_option("fast")
        page.get_by_test_id("play").tap()
        expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)
        expect(page.get_by_test_id("total-score")).to_have_text("20/20")
        # A touch drag back to the palette deletes.
        page.get_by_test_id("close-result").tap()
        touch_drag(program_blocks(page).last.locator(".row").first, inside(palette_move))
        expect(program_blocks(page)).to_have_count(1)
        # Blocks take their touches for dragging; a swipe beside them scrolls a long program.
        for _ in range(12):
            palette_move.click()
        program = page.get_by_test_id("program")
        assert program.evaluate("node => node.scrollHeight > node.clientHeight")
        before = program.evaluate("node => node.scrollTop")
        box = program.bounding_box()
        x, y = box["x"] + box["width"] - 16, box["y"] + 30
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for i in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + 15 * i}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(f"document.querySelector('[data-testid=program]').scrollTop < {before} - 50")
        expect(program_blocks(page)).to_have_count(13)
        assert problems == []
    finally:
        context.close()


def test_the_python_view_shows_the_blocks_as_python(page, problems):
    open_fresh(page, "45")
    expect(page.get_by_test_id("pyview-tab")).to_be_visible()
    drag_to_end(page, "move_forwards")
    drag_to_end(page, "sound_horn")
    page.get_by_test_id("pyview-tab").click()
    expect(page.get_by_test_id("pyview-code")).to_contain_text("my_van.move_forwards()")
    expect(page.get_by_test_id("pyview-code")).to_contain_text("my_van.sound_horn()")
    expect(page.get_by_test_id("pyview-status")).to_contain_text("2 blocks")
    # The view is read-only and follows the blocks.
    page.get_by_test_id("blocks-tab").click()
    drag_to_end(page, "turn_left")
    page.get_by_test_id("pyview-tab").click()
    expect(page.get_by_test_id("pyview-code")).to_contain_text("my_van.turn_left()")
    # On a level without it, a toggle shows it.
    page.goto("/router/#level=1")
    expect(page.get_by_test_id("pyview-tab")).to_be_hidden()
    page.get_by_test_id("pyview-toggle").click()
    expect(page.get_by_test_id("pyview-panel")).to_be_visible()
    assert problems == []


def test_sounds_can_be_muted_and_it_is_remembered(page, problems):
    open_fresh(page, "1")
    mute = page.get_by_test_id("mute")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("mute")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("mute").click()
    expect(page.get_by_test_id("mute")).to_have_attribute("aria-pressed", "false")
    assert problems == []


def test_the_level_select_links_to_the_level_maker(page):
    open_router(page, new_player())
    expect(page.get_by_test_id("make-level")).to_have_attribute("href", "/router/designer.html")


def test_a_procedure_built_by_dragging_finishes_level_40(page, problems):
    open_fresh(page, "40")
    # A definition dropped anywhere on the program goes below it, as its own stack.
    drag(page, page.get_by_test_id("palette-declare_proc"), inside(page.get_by_test_id("program")), release=False)
    expect(page.get_by_test_id("drop-line")).to_be_visible()
    page.mouse.up()
    procedure = page.locator(".block[data-type=declare_proc]")
    expect(procedure).to_have_count(1)
    page.get_by_test_id("procedure-name").fill("bump")
    page.get_by_test_id("procedure-name").press("Tab")
    drag(page, page.get_by_test_id("palette-turn_left"), inside(procedure.locator(".row.slot")))
    for block in ["turn_right", "turn_right", "turn_left"]:
        drag(page, page.get_by_test_id(f"palette-{block}"), below(procedure.locator(".body .block").last))
    expect(procedure.locator(".body .block")).to_have_count(4)
    for block in ["call_proc", "move_forwards", "call_proc", "call_proc", "move_forwards"]:
        drag_to_end(page, block)
    expect(page.locator(".block.start > .body > .block")).to_have_count(5)
    expect(page.get_by_test_id("call-name")).to_have_count(3)
    for index in range(3):
        expect(page.get_by_test_id("call-name").nth(index)).to_have_value("bump")
    expect(page.get_by_test_id("block-count")).to_have_text("10 blocks")
    play_to_full_marks(page, "20/20")
    # Dragging the definition to the palette deletes it with its body.
    drag(page, procedure.locator(".row").first, inside(page.get_by_test_id("palette")))
    expect(page.locator(".block[data-type=declare_proc]")).to_have_count(0)
    expect(page.get_by_test_id("block-count")).to_have_text("5 blocks")
    assert problems == []
