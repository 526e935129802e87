"""Solve it yourself (issue 40, item 1): a person walks a maze room by room through the API, with the
keyboard on a desktop and by swiping on a phone, against the clock; at the end the finish panel sets
their steps beside the explorer's and the shortest, all three routes drawn on the whole maze."""
import json

from playwright.sync_api import expect

from conftest import browsing

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SIDES = {(-1, 0): "north", (1, 0): "south", (0, 1): "east", (0, -1): "west"}


def the_maze(page, seed, size):
    """The whole maze as the server's explorer streams it (no latency): its rooms and shortest route."""
    response = page.request.get(f"/api/maze/explore?seed={seed}&width={size}&height={size}&latency=none", timeout=20_000)
    events = [json.loads(line[6:]) for line in response.text().splitlines() if line.startswith("data: ")]
    assert events[-1]["type"] == "finished"
    rooms = [event for event in events if event["type"] == "room"]
    return rooms, events[-1]["path"]


def walk_steps(path):
    return [SIDES[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:])]


def open_game(page, seed, size):
    page.goto("/maze/")
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("width").fill(str(size))
    page.get_by_test_id("height").fill(str(size))
    page.get_by_test_id("latency").select_option("none")
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("play-hint")).to_have_attribute("data-state", "ready")


def expect_at(page, square):
    you = page.get_by_test_id("play-you")
    expect(you).to_have_attribute("data-row", str(square[0]))
    expect(you).to_have_attribute("data-col", str(square[1]))


def expect_finish(page, rooms, path):
    steps = len(path) - 1
    finish = page.get_by_test_id("play-finish")
    expect(finish).to_be_visible()
    expect(finish).to_have_attribute("data-won", "true")
    expect(page.get_by_test_id("finish-heading")).to_have_text("You made it!")
    expect(page.get_by_test_id("route-you-count")).to_have_text(f"{steps} steps")
    expect(page.get_by_test_id("route-shortest-count")).to_have_text(f"{steps} steps")
    expect(page.get_by_test_id("route-explorer-count")).to_contain_text(f"{steps} steps in ")
    expect(page.get_by_test_id("finish-verdict")).to_have_text("A perfect run: not one step wasted.")
    # The whole maze is shown at the end, with the three routes on it.
    expect(page.locator("#play-viewport .tile")).to_have_count(len(rooms))
    expect(page.locator("#play-viewport .tile.seen")).to_have_count(0)
    for name in ("you", "explorer", "shortest"):
        expect(page.get_by_test_id(f"route-line-{name}")).to_have_attribute("data-points", str(len(path)))


def test_walk_the_maze_with_the_keyboard_against_the_clock(browser, server):
    context = browser.new_context(base_url=server, **DESKTOP)
    with browsing(context) as page:
        rooms, path = the_maze(page, 4242, 11)
        open_game(page, 4242, 11)
        expect_at(page, path[0])
        # Only the start room and the rooms seen through its open sides are drawn; the clock waits.
        shown = page.locator("#play-viewport .tile")
        expect(shown.first).to_be_visible()
        assert shown.count() <= 5 < len(rooms)
        expect(page.get_by_test_id("play-time")).to_have_text("0.0 s")
        # A step into a wall goes nowhere and costs no step (but starts the clock).
        blocked = next(side for side in ("north", "east", "south", "west")
                       if not any(r["row"] == path[0][0] and r["col"] == path[0][1] and side in r["openSides"] for r in rooms))
        page.keyboard.press({"north": "ArrowUp", "east": "ArrowRight", "south": "ArrowDown", "west": "ArrowLeft"}[blocked])
        expect(page.get_by_test_id("play-you")).to_have_attribute("data-bump", blocked)
        expect(page.get_by_test_id("play-steps")).to_have_text("0 steps")
        keys = [{"north": "ArrowUp", "east": "ArrowRight", "south": "ArrowDown", "west": "ArrowLeft"},
                {"north": "w", "east": "d", "south": "s", "west": "a"}]
        for index, (side, square) in enumerate(zip(walk_steps(path), path[1:])):
            page.keyboard.press(keys[index % 2][side])
            expect_at(page, square)
        expect_finish(page, rooms, path)
        assert page.get_by_test_id("play-time").inner_text() != "0.0 s"
        page.screenshot(path="E2E/artifacts/maze-solve-desktop.png")
        page.get_by_test_id("play-back").click()
        expect(page.get_by_test_id("play")).to_be_hidden()
        expect(page.get_by_test_id("solve")).to_be_visible()


def test_walk_the_maze_by_swiping_on_a_phone(browser, server):
    context = browser.new_context(base_url=server, **PHONE)
    with browsing(context) as page:
        rooms, path = the_maze(page, 77, 9)
        open_game(page, 77, 9)
        expect_at(page, path[0])
        cdp = context.new_cdp_session(page)
        box = page.get_by_test_id("play-viewport").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        moves = {"north": (0, -60), "south": (0, 60), "east": (60, 0), "west": (-60, 0)}

        def swipe(side):
            dx, dy = moves[side]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx / 2, "y": y + dy / 2}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx, "y": y + dy}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        for side, square in zip(walk_steps(path), path[1:]):
            swipe(side)
            expect_at(page, square)
        expect_finish(page, rooms, path)
        # The finish panel fits the phone: nothing sticks out sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path="E2E/artifacts/maze-solve-phone.png", full_page=True)
