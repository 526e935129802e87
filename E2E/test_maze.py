"""Browser tests for the Maze page: rooms appear as the server's explorer finds them, a second
Generate replaces the first maze completely, the shortest path is drawn from the start, and bad
options are caught before anything is sent."""
import json
import os
import re
import time

import pytest
from playwright.sync_api import expect

ARTIFACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "artifacts")


# ---- helpers -----------------------------------------------------------------------------------
def open_maze(page):
    page.goto("/maze/")
    expect(page.get_by_test_id("generate")).to_be_enabled()


def set_options(page, seed="", width="", height="", latency="original", algorithm="hybrid"):
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("width").fill(str(width))
    page.get_by_test_id("height").fill(str(height))
    page.get_by_test_id("latency").select_option(latency)
    page.get_by_test_id("algorithm").select_option(algorithm)


def tiles(page):
    return page.get_by_test_id("tile")


def wait_until_done(page, timeout=20_000):
    expect(page.get_by_test_id("generate")).to_be_enabled(timeout=timeout)
    expect(page.get_by_test_id("loading")).to_be_hidden()


def shown_squares(page):
    return set(page.eval_on_selector_all(
        "[data-testid=tile]", "els => els.map(e => e.dataset.col + ',' + e.dataset.row)"))


def server_exploration(page, **options):
    """The whole event stream for these options, read straight from the API (no latency)."""
    query = "&".join(f"{k}={v}" for k, v in {"latency": "none", **options}.items())
    response = page.request.get(f"/api/maze/explore?{query}", timeout=20_000)
    assert response.ok, response.text()
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [json.loads(line[len("data: "):]) for line in response.text().splitlines() if line.startswith("data: ")]
    assert events[0]["type"] == "began" and events[-1]["type"] == "finished"
    return events


# ---- tests -------------------------------------------------------------------------------------
def test_generate_shows_rooms_progressively_and_stats_at_the_end(page):
    open_maze(page)
    set_options(page, seed=2024, width=31, height=31, latency="original")
    page.get_by_test_id("generate").click()

    expect(page.get_by_test_id("generate")).to_be_disabled()
    expect(page.get_by_test_id("loading")).to_be_visible()
    expect(page.get_by_test_id("restart")).to_be_enabled()
    # Sample while loading: some rooms shown, more to come, the clock running, Generate disabled.
    samples, times = [], set()
    deadline = time.time() + 20
    while time.time() < deadline:
        loading = page.get_by_test_id("generate").is_disabled()
        if not loading:
            break
        samples.append(tiles(page).count())
        times.add(page.get_by_test_id("time").text_content())
        time.sleep(0.05)
    wait_until_done(page)

    final = tiles(page).count()
    assert final > 0
    assert any(0 < count < final for count in samples), f"no partial maze seen in {samples[:20]}…"
    assert samples == sorted(samples), "rooms never disappear while loading"
    assert len(times) > 2, f"the time label did not tick: {times}"

    seconds = float(re.match(r"([\d.]+) s", page.get_by_test_id("time").text_content()).group(1))
    assert seconds > 0
    assert float(page.get_by_test_id("stats-seconds").text_content()) == pytest.approx(seconds, abs=0.006)
    assert int(page.get_by_test_id("stats-rooms").text_content()) == final
    expect(page.get_by_test_id("stats-valid")).to_have_text("yes")
    for name in ["doors", "fetches", "unlocks", "retries", "duplicates"]:
        assert re.fullmatch(r"\d+", page.get_by_test_id(f"stats-{name}").text_content())
    expect(page.get_by_test_id("maze-seed")).to_have_text("2024")
    expect(page.get_by_test_id("maze-size")).to_have_text("31 × 31")
    expect(page.get_by_test_id("message")).to_contain_text(f"Explored all {final} rooms")
    # The same maze straight from the API: exactly these rooms, and the start marked where it says.
    events = server_exploration(page, seed=2024, width=31, height=31)
    assert shown_squares(page) == {f"{e['col']},{e['row']}" for e in events if e["type"] == "room"}
    start = events[0]["start"]
    marker = page.get_by_test_id("start-marker")
    assert (marker.get_attribute("data-col"), marker.get_attribute("data-row")) == (str(start["col"]), str(start["row"]))
    expect(page.locator("[data-testid=tile][data-type=exit]")).to_have_count(1)


def test_generating_again_while_loading_keeps_only_the_second_maze(page):
    open_maze(page)
    streams = []
    page.on("request", lambda r: streams.append(r.url) if "/api/maze/explore" in r.url else None)
    set_options(page, seed=111, width=41, height=41, latency="original")
    page.get_by_test_id("generate").click()
    expect(tiles(page).nth(4)).to_be_attached()
    expect(page.get_by_test_id("generate")).to_be_disabled()

    set_options(page, seed=222, width=21, height=25, latency="fast", algorithm="prim")
    page.get_by_test_id("restart").click()
    wait_until_done(page)

    expect(page.get_by_test_id("maze-seed")).to_have_text("222")
    expect(page.get_by_test_id("maze-size")).to_have_text("21 × 25")
    grid = page.get_by_test_id("maze-grid")
    assert (grid.get_attribute("data-width"), grid.get_attribute("data-height")) == ("21", "25")
    rooms = int(page.get_by_test_id("stats-rooms").text_content())
    expect(tiles(page)).to_have_count(rooms)
    # Give any late message from the first stream the chance to show up: it must not.
    page.wait_for_timeout(400)
    expect(tiles(page)).to_have_count(rooms)
    events = server_exploration(page, seed=222, width=21, height=25, algorithm="prim")
    assert shown_squares(page) == {f"{e['col']},{e['row']}" for e in events if e["type"] == "room"}
    assert len(streams) == 2, f"one stream per Generate, no reconnects: {streams}"


def test_show_path_draws_the_shortest_path_from_the_start(page):
    open_maze(page)
    set_options(page, seed=9, width=21, height=21, latency="fast")
    expect(page.get_by_test_id("show-path")).to_be_disabled()
    page.get_by_test_id("generate").click()
    wait_until_done(page)

    path = page.get_by_test_id("path")
    expect(path).to_be_hidden()
    page.get_by_test_id("show-path").check()
    expect(path).to_be_visible()

    expected = server_exploration(page, seed=9, width=21, height=21)[-1]["path"]
    points = [tuple(float(n) for n in p.split(",")) for p in page.get_by_test_id("path-line").get_attribute("points").split()]
    assert len(points) == len(expected) >= 2
    assert path.get_attribute("data-count") == str(len(expected))
    squares = [(int(x - 0.5), int(y - 0.5)) for x, y in points]
    marker = page.get_by_test_id("start-marker")
    assert squares[0] == (int(marker.get_attribute("data-col")), int(marker.get_attribute("data-row")))
    exit_tile = page.locator("[data-testid=tile][data-type=exit]")
    assert squares[-1] == (int(exit_tile.get_attribute("data-col")), int(exit_tile.get_attribute("data-row")))
    shown = shown_squares(page)
    for (c1, r1), (c2, r2) in zip(squares, squares[1:]):
        assert abs(c1 - c2) + abs(r1 - r2) == 1, "path steps are between neighbouring rooms"
        assert f"{c2},{r2}" in shown

    # The overlay lines up with the tiles: the first point is at the centre of the start tile.
    start_tile = page.locator(f"[data-testid=tile][data-col='{squares[0][0]}'][data-row='{squares[0][1]}']").bounding_box()
    dot = page.locator("[data-testid=start-marker] circle").first.bounding_box()
    assert abs((dot["x"] + dot["width"] / 2) - (start_tile["x"] + start_tile["width"] / 2)) < 1.5
    assert abs((dot["y"] + dot["height"] / 2) - (start_tile["y"] + start_tile["height"] / 2)) < 1.5

    page.get_by_test_id("show-path").uncheck()
    expect(path).to_be_hidden()
    page.get_by_test_id("show-path").check()

    # Fit to screen: the whole maze in the viewport; off: tiles at their own 48 px.
    viewport = page.viewport_size
    box = page.get_by_test_id("maze-grid").bounding_box()
    assert box["x"] + box["width"] <= viewport["width"] and box["y"] + box["height"] <= viewport["height"]
    page.get_by_test_id("fit").uncheck()
    expect(tiles(page).first).to_have_js_property("clientWidth", 48)
    page.get_by_test_id("fit").check()
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, "maze-finished.png"), full_page=True)


def test_bad_options_are_explained_and_nothing_starts(page):
    open_maze(page)
    streams = []
    page.on("request", lambda r: streams.append(r.url) if "/api/maze/explore" in r.url else None)
    set_options(page, seed="abc", width=21, height=21)
    page.get_by_test_id("generate").click()
    expect(page.get_by_test_id("message")).to_contain_text("The seed must be a whole number")
    expect(page.get_by_test_id("seed")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_test_id("generate")).to_be_enabled()
    expect(page.get_by_test_id("loading")).to_be_hidden()

    set_options(page, seed="5", width=20, height=21)
    page.get_by_test_id("seed").press("Enter")
    expect(page.get_by_test_id("message")).to_contain_text("The width must be an odd whole number")
    page.get_by_test_id("width").fill("21")
    expect(page.get_by_test_id("message")).to_have_text("")
    expect(tiles(page)).to_have_count(0)
    assert streams == []
