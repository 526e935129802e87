"""Browser tests for Rapid Router's first minutes, as a child or a teacher meets them: a test drive (and
an export) in the level designer stores nothing, and a test drive comes back to the same draft; the result card never covers the
map; the level select, the result at the end of an episode, the designer's toolbox count and checks,
the block editor's announcements, focus, the repeat limit, the run controls in Step mode, Python
indentation and the sound button on a phone."""
import json
import os
import re

import pytest
from playwright.sync_api import expect

from test_router import add, enter, new_player, open_router, play_and_wait, reference_program, solve_before, type_lines, watch_errors
from test_router_designer import ROUTE, mouse_drag, open_designer, tap_with_mouse
from conftest import browsing, checked_size_params

SHOTS = "/tmp/shots-router-page"
DESKTOP, TABLET, PHONE = (1280, 860), (1024, 768), (390, 844)


# ---- helpers -----------------------------------------------------------------------------------
def context_for(browser, server, size, **extra):
    """A browser context at `size`; the tablet and the phone get touch, as the real ones have."""
    width, height = size
    touch = size in (TABLET, PHONE)
    return browser.new_context(base_url=server, viewport={"width": width, "height": height}, has_touch=touch, **extra)


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def custom_levels(page):
    """This browser's own levels (levels belong to whoever saved them: the page's owner key)."""
    key = page.evaluate("(() => { try { return localStorage.getItem('tessera.router.ownerKey'); } catch { return null; } })()")
    return page.request.get("/api/router/episodes", headers={"X-Tessera-Owner-Key": key} if key else {}).json()["custom"]


def boxes_meet(a, b):
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def visible_copies(page, text):
    """How many elements showing `text` a sighted person can see (a 1 px screen-reader-only copy does not count)."""
    return page.evaluate("""(text) => [...document.querySelectorAll('body *')].filter((node) =>
        [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.includes(text))).filter((node) => {
          const box = node.getBoundingClientRect();
          return box.width > 2 && box.height > 2 && getComputedStyle(node).visibility !== 'hidden';
        }).length""", text)


def open_level_with(page, player, level_id, program=None):
    """Opens `level_id` for `player` by its address (every level is open: free play); `program`
    (blocks) is put in the editor."""
    if program is not None:
        saved = json.dumps({"program": program, "mode": "blocks"})
        page.add_init_script(f"localStorage.setItem({json.dumps(f'tessera.router.program.{level_id}')}, {json.dumps(saved)})")
    open_router(page, player, f"/router/#level={level_id}")
    expect(page.get_by_test_id("level-view")).to_be_visible()
    expect(page.get_by_test_id("map").locator("svg")).to_be_visible()


def draw_level(page, name):
    mouse_drag(page, ROUTE)
    page.click("[data-testid=tool-house]")
    tap_with_mouse(page, 5, 5)
    page.fill("[data-testid=level-name]", name)
    expect(page.locator("[data-testid=ready]")).to_be_visible()


# ---- 1: a test drive stores nothing --------------------------------------------------------------
def test_test_drives_store_nothing_and_come_back_to_the_draft(browser, server):
    context = context_for(browser, server, DESKTOP, accept_downloads=True)
    page = context.new_page()
    errors = watch_errors(page)
    stores = []
    page.on("request", lambda request: stores.append(request.url) if request.method == "POST" and request.url.endswith("/api/router/levels") else None)
    before = len(custom_levels(page))
    open_designer(page)
    draw_level(page, "Drive me 1")

    for drive in range(1, 4):
        page.click("[data-testid=test-drive]")
        page.wait_for_url(re.compile(r"/router/#draft$"))
        expect(page.get_by_test_id("level-title")).to_have_text(f"Test drive: Drive me {drive}")
        expect(page.get_by_test_id("test-drive-note")).to_be_visible()
        expect(page.get_by_test_id("map").locator("[data-testid=house]")).to_have_count(1)
        if drive == 1:  # the program is kept between test drives, like a level's
            add(page, "move_forwards", 3)
            add(page, "turn_left")
            add(page, "move_forwards")
        play_and_wait(page, success=True)
        expect(page.get_by_test_id("next-level")).to_be_hidden()
        shot(page, f"test-drive-{drive}")
        page.get_by_test_id("back-to-designer").click()
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        expect(page.locator("[data-testid=level-name]")).to_have_value(f"Drive me {drive}")
        expect(page.locator("path.road")).to_have_count(len(ROUTE))
        expect(page.locator("[data-testid=designer-map] [data-testid=house]")).to_have_count(1)
        expect(page.get_by_test_id("saved-note")).to_have_text("Not saved yet.")
        page.fill("[data-testid=level-name]", f"Drive me {drive + 1}")  # a change before the next drive

    # Export downloads the draft as it is, and stores nothing either.
    with page.expect_download() as download:
        page.click("[data-testid=export]")
    assert download.value.suggested_filename == "rapid-router-level-Drive-me-4.json"
    expect(page.get_by_test_id("message")).to_contain_text("Downloaded")
    assert stores == [], stores
    assert len(custom_levels(page)) == before
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_text(re.compile(r"^Drive me"))).to_have_count(0)

    open_designer(page)
    expect(page.locator("[data-testid=level-name]")).to_have_value("Drive me 4")
    page.click("[data-testid=save]")
    expect(page.get_by_test_id("message")).to_contain_text("Saved")
    assert len(stores) == 1
    assert [level["name"] for level in custom_levels(page)][before:] == ["Drive me 4"]
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("custom-levels").get_by_text("Drive me 4")).to_have_count(1)
    assert not errors, errors
    context.close()


# ---- 2: the result card leaves the map in sight -------------------------------------------------
ROUTE_4 = ["move_forwards", "turn_left", "move_forwards", "turn_right", "move_forwards", "move_forwards", "turn_left", "move_forwards"]
LEVEL_4_CRASHES = {  # the van crashes near the start, in the middle, and at the house itself
    "at the first corner": [{"type": "move_forwards"}] * 3,
    "at the last corner": [{"type": t} for t in ROUTE_4[:6] + ["move_forwards"]],
    "past the house": [{"type": t} for t in ROUTE_4 + ["move_forwards"]],
}


@pytest.mark.parametrize("size", [DESKTOP, TABLET], ids=["desktop", "tablet"])
@pytest.mark.parametrize("where", list(LEVEL_4_CRASHES))
def test_the_result_card_covers_neither_the_van_nor_the_house(browser, server, size, where):
    with browsing(context_for(browser, server, size)) as page:
        open_level_with(page, new_player(), "4", {"blocks": LEVEL_4_CRASHES[where], "procedures": []})
        play_and_wait(page)
        result = page.get_by_test_id("result")
        expect(result).to_have_attribute("data-success", "false")
        message = page.get_by_test_id("result-message").inner_text()
        assert "crash" in message.lower(), message
        card = result.bounding_box()
        things = page.get_by_test_id("map").locator("[data-testid=house], [data-testid=van]")
        assert things.count() == 2
        for index in range(things.count()):
            thing = things.nth(index).bounding_box()
            assert not boxes_meet(card, thing), (where, size, card, thing)
        # The whole map, the controls and the card fit the window: nothing to scroll to see the result.
        assert page.get_by_test_id("map").bounding_box()["y"] >= 0 and card["y"] + card["height"] <= size[1], card
        assert visible_copies(page, message) == 1
        expect(page.get_by_test_id("message")).to_contain_text(message)  # still said once to screen readers
        shot(page, f"crash-level-4-{where.replace(' ', '-')}-{size[0]}")


# ---- 4a: the Python badge ------------------------------------------------------------------------
@pytest.mark.parametrize("size", **checked_size_params({"desktop": DESKTOP, "tablet": TABLET, "phone": PHONE}))
def test_the_python_badge_leaves_the_level_names_readable(browser, server, size):
    with browsing(context_for(browser, server, size)) as page:
        open_router(page, new_player())
        for level in ["51", "52", "53", "54", "55"]:
            tile = page.get_by_test_id(f"level-{level}")
            tile.scroll_into_view_if_needed()
            badge, name = tile.locator(".badge.python"), tile.locator(".level-name")
            expect(badge).to_have_text("Python")
            assert not boxes_meet(badge.bounding_box(), name.bounding_box()), level
            assert not boxes_meet(badge.bounding_box(), tile.locator(".level-score").bounding_box()), level
        page.get_by_test_id("episode-10").scroll_into_view_if_needed()
        shot(page, f"python-badges-{size[0]}")


# ---- 4b: the end of an episode, and of the game -------------------------------------------------
def test_the_last_level_of_an_episode_says_it_is_done_and_offers_all_levels(page, problems):
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    player = new_player()
    solve_before(page, player, "6")  # done only when every level of it is (test_router_teaching_player.py)
    open_level_with(page, player, "6", reference_program("6"))
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("result-finish")).to_have_text("You finished “Getting started”!")
    # The end-of-episode card comes first (test_router_journey.py follows it on); "Stay here"
    # leaves the result card, with its ways on.
    expect(page.get_by_test_id("episode-card")).to_be_visible()
    page.get_by_test_id("episode-stay").click()
    expect(page.get_by_test_id("episode-card")).to_be_hidden()
    expect(page.get_by_test_id("next-level")).to_be_visible()  # on to episode 2…
    expect(page.get_by_test_id("all-levels")).to_be_visible()  # …or back to choose
    expect(page.get_by_test_id("next-level")).to_be_focused()
    page.get_by_test_id("all-levels").click()
    expect(page.get_by_test_id("level-select")).to_be_visible()
    assert problems == []


def test_the_last_level_says_the_game_is_finished_and_offers_all_levels(page, problems):
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    order = [level["id"] for episode in page.request.get("/api/router/episodes").json()["episodes"] for level in episode["levels"]]
    last = order[-1]
    player = new_player()
    solve_before(page, player, last)  # the game is finished only when every level is
    open_level_with(page, player, last)
    page.get_by_test_id("python-code").fill(reference_program(last)["python"])
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("result-finish")).to_contain_text("finished every episode")
    expect(page.get_by_test_id("episode-card-title")).to_have_text("You finished the course!")
    shot(page, "last-level-finished")
    page.keyboard.press("Escape")  # the card closes like any dialog; the result card is still there
    expect(page.get_by_test_id("episode-card")).to_be_hidden()
    expect(page.get_by_test_id("next-level")).to_be_hidden()
    expect(page.get_by_test_id("all-levels")).to_be_visible()
    expect(page.get_by_test_id("all-levels")).to_be_focused()
    page.get_by_test_id("all-levels").click()
    expect(page.get_by_test_id("level-select")).to_be_visible()
    expect(page.get_by_test_id(f"level-{last}")).to_be_focused()
    assert problems == []


# ---- 4c and 4d: the designer's toolbox count and its checks --------------------------------------
def test_the_toolbox_count_follows_the_ticks(page, problems):
    open_designer(page)
    count = page.get_by_test_id("toolbox-count")
    ticked = page.get_by_test_id("toolbox").locator("input[type=checkbox]:checked").count()
    expect(count).to_have_text(f"({ticked} blocks)")
    unticked = page.get_by_test_id("toolbox").locator("input[type=checkbox]:not(:checked)").first.get_attribute("data-testid")
    box = page.get_by_test_id(unticked)
    box.check()
    expect(count).to_have_text(f"({ticked + 1} blocks)")
    box.uncheck()
    expect(count).to_have_text(f"({ticked} blocks)")
    assert problems == []


def test_nothing_to_fix_is_only_said_when_there_is_no_advice_either(page, problems):
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    open_designer(page)
    page.click("[data-testid=new-level]")
    draw_level(page, "")  # no name: advice to give it one
    expect(page.get_by_test_id("advice")).to_contain_text(["name"])
    expect(page.get_by_test_id("ready")).not_to_contain_text("Nothing to fix")
    expect(page.get_by_test_id("ready")).to_contain_text("Test drive")
    page.fill("[data-testid=level-name]", "Named")
    expect(page.get_by_test_id("advice")).to_have_count(0)
    expect(page.get_by_test_id("ready")).to_contain_text("Nothing to fix")
    assert problems == []


# ---- 4e, 4f, 4g: announcements, focus and the repeat limit --------------------------------------
def test_adding_a_block_by_click_or_enter_is_announced(page, problems):
    open_level_with(page, new_player(), "1")
    status = page.get_by_test_id("message")
    expect(status).to_have_attribute("role", "status")
    page.get_by_test_id("palette-move_forwards").click()
    expect(status).to_have_text("Added “Move forwards”. Your program has 1 block.")
    page.get_by_test_id("palette-move_forwards").focus()
    page.keyboard.press("Enter")
    expect(status).to_have_text("Added “Move forwards”. Your program has 2 blocks.")
    expect(page.get_by_test_id("palette-move_forwards")).to_be_focused()
    assert problems == []


def test_opening_a_level_by_keyboard_moves_focus_to_its_name(page, problems):
    open_router(page, new_player())
    page.get_by_test_id("level-1").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("level-view")).to_be_visible()
    expect(page.get_by_test_id("level-title")).to_be_focused()
    page.keyboard.press("Tab")  # and the keyboard goes on from there, into the level
    assert page.evaluate("document.activeElement !== document.body")
    page.get_by_test_id("to-levels").click()
    expect(page.get_by_test_id("level-1")).to_be_focused()
    assert problems == []


def test_a_repeat_over_twenty_says_why_beside_the_number(page, problems):
    open_level_with(page, new_player(), "13")
    add(page, "controls_repeat")
    times = page.get_by_test_id("repeat-times")
    enter(times, "25", becomes="20")
    note = page.get_by_test_id("repeat-note")
    expect(note).to_contain_text("up to 20")
    expect(page.get_by_test_id("repeat-times")).to_be_focused()
    # Beside the box the child typed in: in the same block, just under it.
    box, said = page.get_by_test_id("repeat-times").bounding_box(), note.bounding_box()
    assert 0 <= said["y"] - (box["y"] + box["height"]) < 40, (box, said)
    assert page.locator("[data-block-id] >> [data-testid=repeat-note]").count() == 1
    expect(page.get_by_test_id("message")).to_contain_text("up to 20")
    enter(times, "5")
    expect(page.get_by_test_id("repeat-note")).to_have_count(0)
    assert problems == []


# ---- 4h: Step mode keeps the run controls on one line -------------------------------------------
@pytest.mark.parametrize("size", [DESKTOP, TABLET], ids=["desktop", "tablet"])
def test_step_mode_keeps_the_run_controls_on_one_line(browser, server, size):
    with browsing(context_for(browser, server, size)) as page:
        # Level 47 runs on a small tank, so it shows the fuel gauge (levels with the default tank do not).
        open_level_with(page, new_player(), "47", {"blocks": [{"type": "move_forwards"}] * 2, "procedures": []})
        page.get_by_test_id("speed").select_option("fast")
        page.get_by_test_id("step").click()
        expect(page.get_by_test_id("play")).to_have_text("▶ Go on")
        controls = ["play", "step", "stop", "reset", "speed", "fuel"]
        boxes = {name: page.get_by_test_id(name).bounding_box() for name in controls}
        middles = {name: box["y"] + box["height"] / 2 for name, box in boxes.items()}
        assert max(middles.values()) - min(middles.values()) < 12, middles
        assert boxes["fuel"]["width"] >= 40, boxes["fuel"]
        shot(page, f"step-mode-{size[0]}")


# ---- 4i: Python indents after a colon -----------------------------------------------------------
def test_the_python_box_indents_after_a_colon_and_keeps_the_indent(page, problems):
    open_level_with(page, new_player(), "51")
    code = page.get_by_test_id("python-code")
    code.fill("from van import Van\nmy_van = Van()\n")
    code.press("Control+End")
    type_lines(page, "for i in range(2):", "my_van.move_forwards()", "if my_van.at_destination():", "break")
    expect(code).to_have_value("from van import Van\nmy_van = Van()\nfor i in range(2):\n    my_van.move_forwards()\n"
                               "    if my_van.at_destination():\n        break")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # Tab adds four spaces
    expect(code).to_have_value(re.compile(r"\n        break\n            $"))
    page.keyboard.press("Control+z")  # the browser's own undo still works on what was typed
    expect(code).not_to_have_value(re.compile(r"\n            $"))
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # and Escape, Tab leaves the box
    expect(code).not_to_be_focused()
    assert problems == []


# ---- 4j: the sound button on a phone --------------------------------------------------------------
def test_the_sound_button_shows_on_or_off_on_a_phone(browser, server):
    with browsing(context_for(browser, server, PHONE)) as page:
        open_router(page, new_player())
        mute = page.get_by_test_id("mute")
        expect(mute).to_have_accessible_name("Mute sounds")
        expect(mute).to_have_attribute("aria-pressed", "false")
        expect(mute.locator(".label.short")).to_be_visible()
        expect(mute.locator(".label.short")).to_have_text("On")
        expect(mute.locator(".label.long")).to_be_hidden()
        shot(page, "sound-on-phone")
        mute.click()
        expect(mute).to_have_attribute("aria-pressed", "true")
        expect(mute.locator(".label.short")).to_have_text("Off")
        expect(mute.locator(".label.short")).to_be_visible()
        box = mute.bounding_box()
        assert box["x"] + box["width"] <= PHONE[0] and box["height"] >= 40, box
        shot(page, "sound-off-phone")
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        expect(mute.locator(".label.long")).to_have_text("Sound off")
        expect(mute.locator(".label.long")).to_be_visible()
