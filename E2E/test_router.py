"""Browser tests for the Rapid Router page (part 1): level select with progress kept on the server,
the map, the click-and-keyboard block editor, the Python tab and animated runs with scores.
Free play: every level opens for a new player (test_router_journey.py has the rest of the journey);
where a test needs earlier levels done, it posts their reference solutions (Sources/RouterKit/Levels/solutions)
to the API for the test's player, which is exactly what finishing them in the page does."""
import json
import os
import re
import secrets
import time

from playwright.sync_api import expect

from conftest import watch_errors

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTIFACTS = os.path.join(ROOT, "E2E", "artifacts")
SOLUTIONS = os.path.join(ROOT, "Sources", "RouterKit", "Levels", "solutions")


# ---- helpers -----------------------------------------------------------------------------------
def new_player():
    return "e2e" + secrets.token_hex(8)


def play_to_full_marks(page, total):
    """Plays the program and checks the result: success, with the whole score (e.g. "20/20")."""
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("total-score")).to_have_text(total)


def open_router(page, player, path="/router/"):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
    page.goto(path)
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


def level_order(page):
    episodes = page.request.get("/api/router/episodes").json()["episodes"]
    return [level["id"] for episode in episodes for level in episode["levels"]]


def reference_program(level_id):
    """A level's reference solution as a run request's `program` takes it: {"blocks": …}, or
    {"python": "…"} for a Python level (scripts/router_levels.py writes them from scripts/levels)."""
    with open(os.path.join(SOLUTIONS, f"{level_id}.json")) as handle:
        return json.load(handle)


def solve_before(page, player, level_id):
    """Posts the reference solution of every level before `level_id` for `player`."""
    for level in level_order(page):
        if level == level_id:
            return
        response = page.request.post(f"/api/router/levels/{level}/runs", data={"program": reference_program(level), "player": player, "seconds": 2.5})
        assert response.ok, response.text()
        assert response.json()["outcome"]["success"], (level, response.json()["outcome"])


def make_level(page, toolbox, model=(7,), base="13", extra=None):
    """Saves a copy of catalog level `base` with `toolbox` as this browser's own level (the page
    sends the same owner key) and returns its id."""
    level = page.request.get(f"/api/router/levels/{base}").json()
    level["toolbox"] = [{"block": block} if isinstance(block, str) else block for block in toolbox]
    level["scoring"] = {"routeMax": 10, "algorithmMax": 10, "modelSolutions": list(model)}
    level.update(extra or {})
    key = secrets.token_hex(32)
    page.add_init_script(f"localStorage.setItem('tessera.router.ownerKey', '{key}')")
    created = page.request.post("/api/router/levels", headers={"X-Tessera-Owner-Key": key}, data=level)
    assert created.status == 201, created.text()
    return created.json()["id"]


def open_own_level(page, level_id, program=None):
    """Opens a level by its link (with `program` already saved in this browser, when given)."""
    if program is not None:
        saved = json.dumps(json.dumps({"program": program, "mode": "blocks"}))
        page.add_init_script(f"localStorage.setItem('tessera.router.program.{level_id}', {saved})")
    open_router(page, new_player(), f"/router/#level={level_id}")
    expect(page.get_by_test_id("level-view")).to_be_visible()
    expect(page.get_by_test_id("palette")).to_be_visible()


def type_lines(page, *lines):
    """Types `lines` at the caret as a person does, pressing Enter between them, so the Python
    box's own indenting after a colon applies."""
    for index, line in enumerate(lines):
        if index:
            page.keyboard.press("Enter")
        page.keyboard.type(line)


def enter(field, text, key="Enter", becomes=None):
    """Types `text` into a block's field in place of what is there and leaves it with `key`, as a
    person does; with `becomes`, checks the value the page settled on (a number kept in range, a
    name tidied)."""
    field.fill(text)
    field.press(key)
    if becomes is not None:
        expect(field).to_have_value(becomes)


def type_keys(field, text, becomes=None):
    """Empties `field`, types `text` key by key (so its maxlength cuts what is typed, as it would a
    person's typing) and tabs away; with `becomes`, checks what the field then holds."""
    field.fill("")
    field.press_sequentially(text)
    field.press("Tab")
    if becomes is not None:
        expect(field).to_have_value(becomes)


def open_unlocked(page, level_id, viewport=None):
    """Opens `level_id` from the level select for a new player (at `viewport`, a {"width", "height"}
    size, when given); returns the player. Every level is open to everyone (free play); the name
    stays for the tests that import it."""
    if viewport is not None:
        page.set_viewport_size(viewport)
    player = new_player()
    open_router(page, player)
    open_level(page, level_id)
    return player


def open_level(page, level_id):
    tile = page.get_by_test_id(f"level-{level_id}")
    expect(tile).to_be_enabled()
    tile.click()
    expect(page.get_by_test_id("level-view")).to_be_visible()
    expect(page.get_by_test_id("map").locator("svg")).to_be_visible()


def add(page, block_type, times=1):
    for _ in range(times):
        page.get_by_test_id(f"palette-{block_type}").click()


def play_and_wait(page, speed="fast", *, success=None):
    """Presses Play at `speed` and waits for the result; with `success`, checks the van did (True)
    or did not (False) deliver."""
    page.get_by_test_id("speed").select_option(speed)
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)
    if success is not None:
        expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true" if success else "false")


def shot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, f"router-{name}.png"))


# ---- tests -------------------------------------------------------------------------------------
def test_level_one_by_clicks_scores_full_marks_and_progress_survives_reload(page, problems):
    page.set_viewport_size({"width": 1280, "height": 800})
    player = new_player()
    open_router(page, player)
    expect(page.get_by_test_id("episode-1")).to_be_visible()
    expect(page.get_by_test_id("level-1")).to_be_enabled()
    expect(page.get_by_test_id("level-2")).to_be_enabled()  # free play: nothing waits behind another level
    expect(page.get_by_test_id("level-1")).to_have_attribute("data-next", "true")
    shot(page, "level-select")

    open_level(page, "1")
    svg = page.get_by_test_id("map-svg")
    expect(svg).to_have_attribute("data-theme", "grass")
    expect(svg.locator("[data-testid=house]")).to_have_count(1)
    expect(svg.locator("[data-testid=depot]")).to_have_count(1)
    expect(svg.locator("[data-testid=van]")).to_have_count(1)
    # The palette holds only the level's toolbox.
    expect(page.get_by_test_id("palette").locator("button")).to_have_count(1)
    add(page, "move_forwards", 2)
    expect(page.get_by_test_id("program").locator("[data-testid=block]")).to_have_count(2)
    expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")

    play_and_wait(page)
    result = page.get_by_test_id("result")
    expect(result).to_have_attribute("data-success", "true")
    expect(page.get_by_test_id("route-score")).to_have_text("20/20")
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    expect(page.get_by_test_id("next-level")).to_be_visible()
    expect(svg.locator(".house.delivered")).to_have_count(1)
    shot(page, "result")

    # Progress is on the server: a reload shows the score, level 1 done and level 2 next up.
    page.get_by_test_id("to-levels").click()
    expect(page.get_by_test_id("score-1")).to_have_text("20/20")
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("score-1")).to_have_text("20/20")
    expect(page.get_by_test_id("level-1")).to_have_attribute("data-solved", "true")
    expect(page.get_by_test_id("level-2")).to_have_attribute("data-next", "true")
    expect(page.get_by_test_id("level-1")).to_have_attribute("data-next", "false")
    expect(page.get_by_test_id("level-3")).to_be_enabled()
    assert problems == []


def test_crash_shows_the_message_and_marks_the_block(page, problems):
    open_unlocked(page, "1")
    add(page, "move_forwards", 3)
    play_and_wait(page, success=False)
    expect(page.get_by_test_id("result-message")).to_contain_text("crashed")
    expect(page.get_by_test_id("message")).to_contain_text("crashed")
    blocks = page.get_by_test_id("program").locator("[data-testid=block]")
    expect(blocks.nth(2)).to_have_class(re.compile(r"\bfailing\b"))
    expect(page.locator(".block.failing")).to_have_count(1)
    expect(page.get_by_test_id("map-svg").locator("[data-testid=crash-burst]")).to_have_count(1)
    shot(page, "crash")
    # Reset puts the van back and clears the marks.
    page.get_by_test_id("reset").click()
    expect(page.locator(".block.failing")).to_have_count(0)
    expect(page.get_by_test_id("result")).to_be_hidden()
    assert problems == []


def test_a_loop_solution_finishes_level_13(page, problems):
    open_unlocked(page, "13", {"width": 1280, "height": 800})
    add(page, "controls_repeat")
    page.get_by_test_id("repeat-times").fill("8")
    page.get_by_test_id("repeat-times").press("Tab")
    add(page, "move_forwards")  # the repeat is selected, so it goes inside
    repeat = page.locator(".block[data-type=controls_repeat]")
    expect(repeat.locator(".block[data-type=move_forwards]")).to_have_count(1)
    expect(page.get_by_test_id("block-count")).to_have_text("2 blocks")

    page.get_by_test_id("speed").select_option("normal")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("stop")).to_be_enabled()
    expect(page.locator(".block.running")).to_have_count(1, timeout=5_000)
    time.sleep(1.6)
    shot(page, "mid-run")
    expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true")
    expect(page.get_by_test_id("route-score")).to_have_text("10/10")
    expect(page.get_by_test_id("algorithm-score")).to_have_text("10/10")
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    assert problems == []


def test_a_python_solution_finishes_level_51_and_errors_mark_their_line(page):
    problems = watch_errors(page, allow=("status of 422",))
    open_unlocked(page, "51")
    expect(page.get_by_test_id("python-tab")).to_be_visible()
    expect(page.get_by_test_id("blocks-tab")).to_be_hidden()
    code = page.get_by_test_id("python-code")
    code.fill("from van import Van\nmy_van = Van()\nmy_van.move_forwards()\nmy_van.turn_left(\n")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("message")).to_contain_text("Line")
    expect(page.get_by_test_id("error-line")).to_have_count(1)

    code.fill(reference_program(51)["python"])
    expect(page.get_by_test_id("error-line")).to_have_count(0)
    # Full marks, whatever the level counts: Python-only levels score the route alone (no algorithm score).
    play_to_full_marks(page, re.compile(r"^(\d+)/\1$"))
    expect(page.get_by_test_id("score-note")).not_to_contain_text("block")  # no "(0 blocks)" for a Python program
    assert problems == []


def test_a_limited_blocks_level_refuses_the_extra_block(page, problems):
    open_unlocked(page, "35")
    palette_move = page.get_by_test_id("palette-move_forwards")
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("3 left")
    # Keyboard: Enter on a palette block adds it.
    palette_move.focus()
    palette_move.press("Enter")
    add(page, "move_forwards", 2)
    expect(page.get_by_test_id("left-move_forwards")).to_have_text("0 left")
    expect(palette_move).to_be_disabled()
    expect(page.get_by_test_id("program").locator(".block[data-type=move_forwards]")).to_have_count(3)
    # Delete (the key) gives one back.
    page.locator(".block[data-type=move_forwards] .row").last.click()
    page.keyboard.press("Delete")
    expect(page.get_by_test_id("program").locator(".block[data-type=move_forwards]")).to_have_count(2)
    expect(palette_move).to_be_enabled()
    # The Start block cannot be deleted.
    page.get_by_test_id("start-block").click()
    expect(page.get_by_test_id("delete-block")).to_be_disabled()

    # Build the reference solution with clicks: repeat 4 {move}, left, repeat 7 {move}, left, repeat 2 {move}.
    page.get_by_test_id("clear-program").click()
    for index, (times, turn) in enumerate([(4, True), (7, True), (2, False)]):
        add(page, "controls_repeat")
        page.get_by_test_id("repeat-times").nth(index).fill(str(times))
        page.get_by_test_id("repeat-times").nth(index).press("Tab")
        page.locator(".block[data-type=controls_repeat] > .row.head").nth(index).click()
        add(page, "move_forwards")
        if turn:
            page.locator(".block[data-type=controls_repeat] > .row.foot").nth(index).click()
            add(page, "turn_left")
    expect(page.get_by_test_id("palette-controls_repeat")).to_be_disabled()
    expect(page.get_by_test_id("block-count")).to_have_text("8 blocks")
    play_to_full_marks(page, "20/20")
    assert problems == []


def test_phone_layout_puts_the_map_above_the_editor(page, problems):
    open_unlocked(page, "1", {"width": 390, "height": 844})
    add(page, "move_forwards", 1)
    map_box = page.get_by_test_id("map").bounding_box()
    editor_box = page.get_by_test_id("editor").bounding_box()
    assert map_box["y"] + map_box["height"] <= editor_box["y"] + 1
    assert map_box["width"] <= 390 and editor_box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone")
    add(page, "move_forwards", 1)
    play_and_wait(page)
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    page.get_by_test_id("result").scroll_into_view_if_needed()
    shot(page, "phone-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert problems == []


def test_if_else_inside_a_loop_and_a_procedure_built_with_clicks(page, problems):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_router(page, new_player())

    # Level 24: repeat until at the house { if road on the left { turn left } else { move forwards } }.
    open_level(page, "24")
    add(page, "controls_repeat_until")
    page.get_by_test_id("condition").nth(0).select_option("at_destination")
    add(page, "controls_if")
    page.get_by_test_id("condition").nth(1).select_option("road_exists:LEFT")
    add(page, "turn_left")
    page.get_by_test_id("add-else").click()
    add(page, "move_forwards")
    loop = page.locator(".block[data-type=controls_repeat_until]")
    expect(loop.locator(".block[data-type=controls_if] .block")).to_have_count(2)
    expect(page.get_by_test_id("block-count")).to_have_text("6 blocks")
    play_to_full_marks(page, "20/20")
    shot(page, "if-else")

    # Level 40: a procedure "bump" called three times.
    page.get_by_test_id("next-level").click()  # 24 → 25 …; go straight to 40 instead
    page.goto("/router/#level=40")
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 40")
    add(page, "declare_proc")
    page.get_by_test_id("procedure-name").fill("bump")
    page.get_by_test_id("procedure-name").press("Tab")
    page.locator(".block[data-type=declare_proc] > .row.head").click()
    for block in ["turn_left", "turn_right", "turn_right", "turn_left"]:
        add(page, block)
    page.get_by_test_id("start-block").click()
    for block in ["call_proc", "move_forwards", "call_proc", "call_proc", "move_forwards"]:
        add(page, block)
    expect(page.get_by_test_id("call-name")).to_have_count(3)
    for index in range(3):
        expect(page.get_by_test_id("call-name").nth(index)).to_have_value("bump")
    expect(page.get_by_test_id("block-count")).to_have_text("10 blocks")
    play_to_full_marks(page, "20/20")
    assert problems == []


def test_two_quick_changes_of_level_end_on_the_newer_one(page, problems):
    """A level that loads slowly must not replace the one the child went to next (Next level, then
    a link, on a slow connection)."""
    open_router(page, new_player())
    page.route("**/api/router/levels/2", lambda route: (time.sleep(1.5), route.continue_()))
    page.goto("/router/#level=2")
    page.goto("/router/#level=3")
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 3")
    page.wait_for_timeout(2500)  # level 2's answer has arrived by now: it must not take over
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 3")
    assert "#level=3" in page.url
