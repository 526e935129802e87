"""A map you can keep (issue 40, item 4): once the explorer has found every room, a heat map colours
each room by its steps from the start (with a legend), the maze downloads as SVG and PNG made in the
browser, and printing gives the maze on page 1 and its solution on page 2."""
import re
import struct
import xml.etree.ElementTree as ET

from playwright.sync_api import expect

from conftest import browsing

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SVG = "{http://www.w3.org/2000/svg}"


def explored(page, seed, size):
    """A linked maze explores at once; waits until every room is in and the map checked out."""
    page.goto(f"/maze/?seed={seed}&width={size}&height={size}&latency=none")
    expect(page.get_by_test_id("stats-valid")).to_have_attribute("data-valid", "true", timeout=20_000)
    expect(page.get_by_test_id("heat")).to_be_enabled()


def check_heat(page):
    page.get_by_test_id("heat").check()
    expect(page.get_by_test_id("heat-legend")).to_be_visible()
    cells = page.locator("[data-testid=heat-layer] rect")
    expect(cells).to_have_count(page.get_by_test_id("tile").count())
    steps = [int(s) for s in cells.evaluate_all("cells => cells.map(c => c.dataset.steps)")]
    start = page.get_by_test_id("start-marker")
    start_cell = page.locator(f'[data-testid=heat-layer] rect[x="{start.get_attribute("data-col")}"][y="{start.get_attribute("data-row")}"]')
    expect(start_cell).to_have_attribute("data-steps", "0")
    expect(page.get_by_test_id("heat-far")).to_have_text(str(max(steps)))
    return steps


def test_heat_map_downloads_and_print_on_a_desktop(browser, server):
    context = browser.new_context(base_url=server, accept_downloads=True, **DESKTOP)
    with browsing(context) as page:
        page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; }")
        explored(page, 31337, 15)
        rooms = page.get_by_test_id("tile").count()
        check_heat(page)
        page.get_by_test_id("show-path").check()
        page.screenshot(path="E2E/artifacts/maze-keep-desktop.png")

        with page.expect_download() as info:
            page.get_by_test_id("download-svg").click()
        assert info.value.suggested_filename == "maze-31337-15x15-heat.svg"
        root = ET.parse(info.value.path()).getroot()
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 15 15"
        # The ground, then one rectangle per room (a heat map colours every room apart)…
        assert len(root.findall(f"{SVG}rect")) >= rooms
        # …and the path, since it is shown.
        assert len(root.findall(f"{SVG}polyline")) == 1

        page.get_by_test_id("heat").uncheck()
        with page.expect_download() as info:
            page.get_by_test_id("download-png").click()
        assert info.value.suggested_filename == "maze-31337-15x15.png"
        with open(info.value.path(), "rb") as png:
            head = png.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", head[16:24])
        assert width == height and width % 15 == 0 and width >= 15 * 12

        page.get_by_test_id("print").click()
        assert page.evaluate("window.printed") == 1
        expect(page.get_by_test_id("sheet-solution")).to_contain_text("Solution: ")
        pdf = page.pdf(format="A4")
        assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 2, "the maze on page 1, the solution on page 2"
        page.emulate_media(media="print")
        expect(page.get_by_test_id("sheet-maze")).to_be_visible()
        expect(page.get_by_test_id("options")).to_be_hidden()
        expect(page.locator("[data-testid=sheet-maze] polyline")).to_have_count(0)
        expect(page.locator("[data-testid=sheet-solution] polyline")).to_have_count(1)


def test_heat_map_and_download_on_a_phone(browser, server):
    context = browser.new_context(base_url=server, accept_downloads=True, **PHONE)
    with browsing(context) as page:
        explored(page, 2718, 21)
        page.get_by_test_id("heat").tap()
        expect(page.get_by_test_id("heat-legend")).to_be_visible()
        check_heat(page)
        for name in ("download-svg", "download-png", "print"):
            box = page.get_by_test_id(name).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        with page.expect_download() as info:
            page.get_by_test_id("download-svg").tap()
        assert ET.parse(info.value.path()).getroot().get("viewBox") == "0 0 21 21"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path="E2E/artifacts/maze-keep-phone.png", full_page=True)
