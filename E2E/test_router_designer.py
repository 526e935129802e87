"""Browser tests for Rapid Router's level designer (/router/designer.html): roads drawn by dragging
with a mouse, with touches (CDP touch events under touch emulation) and with the keyboard; houses,
a traffic light and cows placed by tapping; the level saved as a custom level (listed in the level
select), test-driven in the player, finished by a program through the runs API, exported as Rapid
Router level JSON that imports back to the same road, and imported into the editor; an unjoined road
refused with a message a child can act on; no console errors anywhere."""
import json
import re

import pytest
from playwright.sync_api import expect

from conftest import watch_errors

DRAFT_KEY = "tessera.router.designer"


# ---- helpers -----------------------------------------------------------------------------------
@pytest.fixture
def desktop(browser, server):
    """A desktop page (1280x800) of its own, with its console errors watched: (page, errors)."""
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    yield page, watch_errors(page)
    context.close()


def open_designer(page):
    page.goto("/router/designer.html")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


def square_point(page, x, y):
    """The centre of grid square (x, y) (north up) in page coordinates."""
    box = page.locator("#map-host svg").bounding_box()
    size = box["width"] / 10
    return box["x"] + (x + 0.5) * size, box["y"] + (7 - y + 0.5) * size


def mouse_drag(page, squares):
    page.mouse.move(*square_point(page, *squares[0]))
    page.mouse.down()
    for square in squares[1:]:
        page.mouse.move(*square_point(page, *square), steps=4)
    page.mouse.up()


def tap_with_mouse(page, x, y):
    page.mouse.click(*square_point(page, x, y))


def owner(page):
    """The header that makes a request this browser's own: levels belong to whoever saved them
    (an anonymous browser keeps its key in localStorage; see my-levels.js)."""
    return {"X-Tessera-Owner-Key": page.evaluate("localStorage.getItem('tessera.router.ownerKey')")}


def draft_level(page):
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(DRAFT_KEY)})"))["level"]


def joins(level):
    """The road as a set of joined square pairs, whatever the tiles' order."""
    road = level["road"]
    return {tuple(sorted((tuple(node["coordinate"]), tuple(road[i]["coordinate"])))) for node in road for i in node["connections"]}


def path_joins(squares):
    return {tuple(sorted((tuple(a), tuple(b)))) for a, b in zip(squares, squares[1:])}


ROUTE = [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (5, 4), (5, 5)]
# The van starts at (1, 3) facing east, about to cross (2, 3): three moves reach (5, 3), a left turn
# takes it to (5, 4) and one more move stops it at the house on (5, 5).
SOLUTION = {"blocks": [{"type": "move_forwards"}] * 3 + [{"type": "turn_left"}, {"type": "move_forwards"}]}


# ---- tests -------------------------------------------------------------------------------------
def test_a_level_drawn_with_the_mouse_is_saved_played_exported_and_imported(desktop, tmp_path):
    page, errors = desktop
    open_designer(page)

    mouse_drag(page, ROUTE)
    mouse_drag(page, [(3, 3), (3, 2), (3, 1)])  # a side road: (3, 3) becomes a T-junction
    expect(page.locator("path.road[data-x='3'][data-y='3']")).to_have_attribute("data-kind", "t-junction")
    expect(page.locator("path.road[data-x='5'][data-y='3']")).to_have_attribute("data-kind", "corner")
    page.click("[data-testid=tool-house]")
    tap_with_mouse(page, 5, 5)
    expect(page.locator("[data-testid=house]")).to_have_count(1)
    page.click("[data-testid=tool-light]")
    tap_with_mouse(page, 2, 3)
    expect(page.locator("[data-testid=light-options]")).to_be_visible()
    page.click("[data-testid=light-start-GREEN]")
    page.fill("[data-testid=light-green]", "9")
    page.fill("[data-testid=level-name]", "Drawn by mouse")
    page.click("[data-testid=theme-snow]")
    expect(page.locator("[data-testid=ready]")).to_be_visible()

    level = draft_level(page)
    assert joins(level) == path_joins(ROUTE) | path_joins([(3, 3), (3, 2), (3, 1)])
    assert level["road"][0]["coordinate"] == [1, 3] and level["originHeading"] == "E"
    assert level["trafficLights"] == [{"source": [2, 3], "direction": "E", "startingState": "GREEN", "startTime": 0,
                                       "redDuration": 3, "greenDuration": 9}]

    page.click("[data-testid=save]")
    expect(page.locator("[data-testid=message]")).to_contain_text("Saved")
    level_id = page.locator("body").get_attribute("data-saved-id")
    assert level_id.startswith("custom-")
    stored = page.request.get(f"/api/router/levels/{level_id}", headers=owner(page)).json()
    assert stored["name"] == "Drawn by mouse" and stored["theme"] == "snow" and stored["source"] == "custom"
    assert joins(stored) == joins(level) and stored["destinations"] == [[5, 5]]

    # The program that finishes it, through the runs API (the player page sends the same).
    run = page.request.post(f"/api/router/levels/{level_id}/runs", headers=owner(page), data={"program": SOLUTION})
    assert run.ok, run.text()
    assert run.json()["outcome"]["success"], run.json()["outcome"]

    # Export: the download is Rapid Router level JSON that imports back to the same road.
    with page.expect_download() as download_info:
        page.click("[data-testid=export]")
    download = download_info.value
    saved_file = tmp_path / download.suggested_filename
    download.save_as(saved_file)
    exported = json.loads(saved_file.read_text())
    assert "path" in exported and "origin" in exported
    imported = page.request.post("/api/router/levels/import", headers=owner(page), data=exported)
    assert imported.status == 201, imported.text()
    back = page.request.get(f"/api/router/levels/{imported.json()['imported'][0]['id']}", headers=owner(page)).json()
    assert joins(back) == joins(stored)
    assert back["road"][0]["coordinate"] == [1, 3] and back["destinations"] == [[5, 5]]
    assert len(back["trafficLights"]) == 1 and back["theme"] == "snow"

    # Import in the page: the file's level is loaded into the editor.
    page.click("[data-testid=new-level]")
    expect(page.locator("path.road")).to_have_count(0)
    page.set_input_files("[data-testid=import-file]", str(saved_file))
    expect(page.locator("[data-testid=message]")).to_contain_text("Imported")
    expect(page.locator("body")).to_have_attribute("data-saved-id", re.compile(r"^import-"))
    expect(page.locator("[data-testid=level-name]")).to_have_value("Drawn by mouse")
    expect(page.locator("path.road")).to_have_count(len(stored["road"]))
    assert joins(draft_level(page)) == joins(stored)

    # It is listed in My levels in the level select (this browser's own).
    page.goto("/router/")
    expect(page.locator(f"[data-testid=custom-levels] [data-testid=level-{level_id}]")).to_be_visible()
    assert not errors, errors


def test_test_drive_opens_the_player_and_coming_back_restores_the_draft(desktop):
    page, errors = desktop
    open_designer(page)
    mouse_drag(page, ROUTE)
    page.click("[data-testid=tool-house]")
    tap_with_mouse(page, 5, 5)
    page.click("[data-testid=tool-light]")
    tap_with_mouse(page, 2, 3)
    page.click("[data-testid=light-heading-W]")  # it controls the way back, so the solution still works
    page.fill("[data-testid=level-name]", "Test drive me")

    page.click("[data-testid=test-drive]")
    page.wait_for_url("**/router/#draft")  # a test drive stores nothing (POST /api/router/runs)
    expect(page.locator("[data-testid=level-title]")).to_contain_text("Test drive me")
    expect(page.locator("[data-testid=map] [data-testid=house]")).to_have_count(1)
    run = page.request.post("/api/router/runs", data={"level": draft_level(page), "program": SOLUTION})
    assert run.json()["outcome"]["success"], run.json()["outcome"]

    page.go_back()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.locator("[data-testid=level-name]")).to_have_value("Test drive me")
    expect(page.locator("path.road")).to_have_count(len(ROUTE))
    expect(page.locator("[data-testid=saved-note]")).to_have_text("Not saved yet.")
    assert joins(draft_level(page)) == path_joins(ROUTE)
    assert not errors, errors


def test_an_unjoined_road_is_refused_with_a_message(desktop):
    page, errors = desktop
    open_designer(page)
    before = len(page.request.get("/api/router/episodes", headers=owner(page)).json()["custom"])
    mouse_drag(page, [(1, 1), (2, 1), (3, 1)])
    mouse_drag(page, [(6, 5), (7, 5), (8, 5)])
    page.click("[data-testid=tool-house]")
    tap_with_mouse(page, 8, 5)

    problem = page.locator("[data-testid=problem]").first
    expect(problem).to_contain_text("not joined to the depot")
    expect(page.locator(".problem-ring")).not_to_have_count(0)
    page.click("[data-testid=save]")
    expect(page.locator("[data-testid=message]")).to_contain_text("Not yet")
    page.click("[data-testid=test-drive]")
    expect(page.locator("[data-testid=message]")).to_contain_text("not joined")
    assert page.url.endswith("/router/designer.html")
    assert len(page.request.get("/api/router/episodes", headers=owner(page)).json()["custom"]) == before

    # The server refuses the same level too (422 with its reason).
    refused = page.request.post("/api/router/levels", headers=owner(page), data=draft_level(page))
    assert refused.status == 422 and "cannot be reached" in refused.json()["error"]["message"]

    # Joining the two roads fixes it.
    page.click("[data-testid=tool-road]")
    mouse_drag(page, [(3, 1), (4, 1), (5, 1), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)])
    expect(page.locator("[data-testid=ready]")).to_be_visible()
    assert not errors, errors


def test_the_servers_reason_is_shown_when_it_refuses_a_level(desktop):
    page, errors = desktop
    reason = "The house at (5, 5) cannot be reached by road from the start."
    page.route("**/api/router/levels", lambda route: route.fulfill(
        status=422, content_type="application/json", body=json.dumps({"error": {"code": "unreachable_destination", "message": reason}})))
    open_designer(page)
    mouse_drag(page, ROUTE)
    page.click("[data-testid=tool-house]")
    tap_with_mouse(page, 5, 5)
    page.click("[data-testid=save]")
    expect(page.locator("[data-testid=message]")).to_contain_text(reason)
    # Files that are not levels are refused with a reason too.
    page.set_input_files("[data-testid=import-file]", files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    expect(page.locator("[data-testid=message]")).to_contain_text("“notes.txt” is not a level file")
    page.set_input_files("[data-testid=import-file]", files=[{"name": "thing.json", "mimeType": "application/json", "buffer": b'{"a": 1}'}])
    expect(page.locator("[data-testid=message]")).to_contain_text("Could not import “thing.json”")
    expect(page.locator("path.road")).to_have_count(len(ROUTE))  # the drawing is untouched
    assert [e for e in errors if "422" not in e] == [], errors


def test_touch_drawing_under_touch_emulation(browser, server):
    context = browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    page = context.new_page()
    errors = watch_errors(page)
    open_designer(page)
    cdp = context.new_cdp_session(page)
    page.locator("#map-host svg").scroll_into_view_if_needed()

    def touch(kind, point=None):
        points = [] if point is None else [{"x": point[0], "y": point[1], "id": 1, "radiusX": 8, "radiusY": 8, "force": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def finger_drag(squares):
        touch("touchStart", square_point(page, *squares[0]))
        for a, b in zip(squares, squares[1:]):
            (ax, ay), (bx, by) = square_point(page, *a), square_point(page, *b)
            for step in range(1, 4):
                touch("touchMove", (ax + (bx - ax) * step / 3, ay + (by - ay) * step / 3))
        # The finger rests before it lifts: lifting at full speed is a fling, and Chrome then drops
        # the next tap (tap suppression after a fling), which no person drawing a road would see.
        page.wait_for_timeout(120)
        touch("touchMove", square_point(page, *squares[-1]))
        touch("touchEnd")

    def finger_tap(x, y):
        touch("touchStart", square_point(page, x, y))
        touch("touchEnd")

    route = [(0, 6), (1, 6), (2, 6), (2, 5), (2, 4), (3, 4), (4, 4), (5, 4), (6, 4)]
    finger_drag(route)
    assert joins(draft_level(page)) == path_joins(route)
    expect(page.locator("path.road[data-x='2'][data-y='6']")).to_have_attribute("data-kind", "corner")
    page.tap("[data-testid=tool-house]")
    expect(page.locator("[data-testid=tool-house]")).to_have_attribute("aria-pressed", "true")
    finger_tap(6, 4)
    expect(page.locator("[data-testid=map-svg] [data-testid=house]")).to_have_count(1)
    page.tap("[data-testid=tool-cow]")
    expect(page.locator("[data-testid=tool-cow]")).to_have_attribute("aria-pressed", "true")
    finger_tap(4, 4)
    expect(page.locator("[data-testid=map-svg] [data-testid=cow]")).to_have_count(1)
    page.tap("[data-testid=tool-erase]")
    expect(page.locator("[data-testid=tool-erase]")).to_have_attribute("aria-pressed", "true")
    finger_drag([(0, 6)])  # rubbing out the depot's square moves the depot to the other road end
    expect(page.locator("path.road")).to_have_count(len(route) - 1)
    level = draft_level(page)
    assert level["destinations"] == [[6, 4]]
    assert level["cows"][0]["potentialCoordinates"] == [[4, 4]]
    assert level["road"][0]["coordinate"] in ([1, 6], [6, 4])
    assert joins(level) == path_joins(route[1:])
    assert page.evaluate("window.scrollX") == 0
    # Everything a finger presses is at least 40 px high and wide, and nothing sticks out sideways.
    small = page.evaluate("""() => [...document.querySelectorAll(
        "main button, main select, main summary, main label.check, main .file-button, main input[type=number], main input[type=text], .bar-link")]
      .filter((node) => node.offsetParent !== null)
      .map((node) => [node.dataset.testid || node.textContent.trim().slice(0, 20), node.getBoundingClientRect()])
      .filter(([, box]) => box.height < 40 || box.width < 40).map(([name, box]) => `${name} ${box.width}x${box.height}`)""")
    assert small == [], small
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors
    context.close()


def test_keyboard_draws_places_and_saves(desktop):
    page, errors = desktop
    open_designer(page)
    page.focus("[data-testid=designer-map]")
    # The cursor starts at (0, 3): draw east three squares, then north two.
    for key in ["Shift+ArrowRight"] * 3 + ["Shift+ArrowUp"] * 2:
        page.keyboard.press(key)
    page.keyboard.press("h")
    expect(page.locator("[data-testid=tool-house]")).to_have_attribute("aria-pressed", "true")
    page.focus("[data-testid=designer-map]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=ready]")).to_be_visible()
    assert joins(draft_level(page)) == path_joins([(0, 3), (1, 3), (2, 3), (3, 3), (3, 4), (3, 5)])
    page.keyboard.press("Control+z")  # takes the house away again
    expect(page.locator("[data-testid=house]")).to_have_count(0)
    page.keyboard.press("Control+y")
    expect(page.locator("[data-testid=house]")).to_have_count(1)
    page.keyboard.press("Control+s")
    expect(page.locator("[data-testid=message]")).to_contain_text("Saved")
    level_id = page.locator("body").get_attribute("data-saved-id")
    program = {"blocks": [{"type": "move_forwards"}] * 2 + [{"type": "turn_left"}, {"type": "move_forwards"}]}
    run = page.request.post(f"/api/router/levels/{level_id}/runs", headers=owner(page), data={"program": program})
    assert run.json()["outcome"]["success"], run.json()["outcome"]
    assert not errors, errors


def test_depot_goes_on_a_road_end_and_turns(desktop):
    page, errors = desktop
    open_designer(page)
    mouse_drag(page, ROUTE)
    mouse_drag(page, [(3, 3), (3, 2), (3, 1)])
    page.click("[data-testid=tool-depot]")
    tap_with_mouse(page, 2, 3)  # the middle of a road: refused
    expect(page.locator("[data-testid=message]")).to_contain_text("road end")
    assert draft_level(page)["road"][0]["coordinate"] == [1, 3]
    tap_with_mouse(page, 3, 1)
    level = draft_level(page)
    assert level["road"][0]["coordinate"] == [3, 1] and level["originHeading"] == "N"
    expect(page.locator("[data-testid=depot-heading-N]")).to_have_attribute("aria-checked", "true")
    expect(page.locator("[data-testid=depot-heading-E]")).to_be_disabled()
    # A light at the junction, turned to face south; a brown cow group.
    page.click("[data-testid=tool-light]")
    tap_with_mouse(page, 3, 3)
    page.click("[data-testid=light-heading-S]")
    page.click("[data-testid=tool-cow]")
    tap_with_mouse(page, 4, 3)
    page.select_option("[data-testid=cow-kind-0]", "BROWN")
    level = draft_level(page)
    assert [(l["source"], l["direction"]) for l in level["trafficLights"]] == [([3, 3], "S")]
    assert level["cows"] == [{"kind": "BROWN", "minCows": 1, "maxCows": 1, "potentialCoordinates": [[4, 3]]}]
    expect(page.locator("[data-testid=advice]").first).to_be_visible()  # no horn in the toolbox
    assert not errors, errors


def test_one_of_our_levels_opens_as_a_copy_to_change(desktop):
    page, errors = desktop
    page.goto("/router/designer.html#level=1")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    ours = page.request.get("/api/router/levels/1").json()
    expect(page.locator("[data-testid=message]")).to_contain_text("A copy")
    expect(page.locator("[data-testid=level-name]")).to_have_value(ours["name"])
    expect(page.locator("path.road")).to_have_count(len(ours["road"]))
    assert joins(draft_level(page)) == joins(ours)
    assert page.url.endswith("/router/designer.html")  # a reload now restores the draft, not level 1
    expect(page.locator("[data-testid=saved-note]")).to_contain_text("Not saved")
    assert not errors, errors
