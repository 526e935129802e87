"""Rapid Router's rules come from the server, not from copies in the pages: the designer checks a
draft against (and words its messages by) the limits the level list's `rules` carry, the number boxes
are bounded by them, the block editor bounds a procedure's name by them, and the level list draws
the stars the server computed out of the server's number of stars. To prove the pages hold no copy,
some tests serve different rules than RouterKit's and watch the pages follow them."""
import json
import os

from playwright.sync_api import expect

from conftest import browsing
from test_router import add, enter, make_level, new_player, open_own_level, open_router, reference_program, type_keys
from test_router_designer import mouse_drag, open_designer, tap_with_mouse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = "/tmp/shots-router-rules"
SIZES = {"desktop": (1280, 860, False), "tablet": (1024, 768, True), "phone": (390, 844, True)}

# Deliberately unlike RouterKit's (999 fuel, 16 houses, 80-character names …).
SMALL_RULES = {
    "level": {"nameLength": 12, "roadTiles": 30, "destinations": 2, "trafficLights": 1, "cowSquares": 5,
              "fuel": {"min": 1, "max": 40}, "lightDuration": {"min": 1, "max": 30}, "blockLimit": {"min": 1, "max": 12}},
    "program": {"nameLength": 6},
    "maxStars": 4,
}


def serve_rules(page, rules):
    """Answers the level list with the real episodes but `rules` in place of the server's."""
    def handle(route):
        answer = route.fetch()
        body = answer.json()
        body["rules"] = rules
        route.fulfill(response=answer, body=json.dumps(body), headers={**answer.headers, "content-type": "application/json"})
    page.route("**/api/router/episodes", handle)


def new_context(browser, server, size="desktop"):
    width, height, touch = SIZES[size]
    return browser.new_context(base_url=server, viewport={"width": width, "height": height}, has_touch=touch)


def problems(page):
    return page.get_by_test_id("problem")


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


# ---- the designer ------------------------------------------------------------------------------
def test_the_designer_checks_and_words_by_the_limits_the_server_sends(browser, server):
    with browsing(new_context(browser, server)) as page:
        serve_rules(page, SMALL_RULES)
        open_designer(page)

        # The boxes are bounded by the rules sent.
        expect(page.get_by_test_id("max-fuel")).to_have_attribute("max", "40")
        expect(page.get_by_test_id("max-fuel")).to_have_attribute("min", "1")
        expect(page.get_by_test_id("level-name")).to_have_attribute("maxlength", "12")

        # Fuel: 45 is fine for RouterKit but not for these rules, and the message names the sent bounds.
        page.get_by_test_id("max-fuel").fill("45")
        expect(problems(page).filter(has_text="The fuel tank must hold a whole number from 1 to 40.")).to_have_count(1)
        page.get_by_test_id("max-fuel").fill("40")
        expect(problems(page).filter(has_text="fuel tank")).to_have_count(0)

        # Houses: the third is refused, and the tool's title counts out of the sent number.
        mouse_drag(page, [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)])
        expect(page.get_by_test_id("tool-options")).to_contain_text("of 30 squares")
        page.click("[data-testid=tool-house]")
        for x in (3, 4, 5):
            tap_with_mouse(page, x, 3)
        expect(page.locator("[data-testid=house]")).to_have_count(2)
        expect(page.get_by_test_id("message")).to_have_text("That is 2 houses, the most a level can have.")
        expect(page.get_by_test_id("tool-options")).to_contain_text("Houses · 2 of 2")

        # A toolbox limit over the sent most.
        limit = page.get_by_test_id("limit-move_forwards")
        expect(limit).to_have_attribute("max", "12")
        limit.fill("13")
        expect(problems(page).filter(has_text="“Move forwards” must be 1 to 12 (or empty for no limit).")).to_have_count(1)
        limit.fill("12")
        expect(problems(page).filter(has_text="Move forwards")).to_have_count(0)

        # A traffic light's red time over the sent most.
        page.click("[data-testid=tool-light]")
        tap_with_mouse(page, 2, 3)
        red = page.get_by_test_id("light-red")
        expect(red).to_have_attribute("max", "30")
        red.fill("31")
        expect(problems(page).filter(has_text="needs a red time from 1 to 30 moves.")).to_have_count(1)
        shot(page, "designer-small-rules")


def test_the_designer_uses_routerkits_own_limits(browser, server):
    """Without any stand-in, the limits are RouterKit's: 999 moves of fuel, as `validate()` holds."""
    rules = json.loads(json.dumps(SMALL_RULES))
    for size in SIZES:
        with browsing(new_context(browser, server, size)) as page:
            open_designer(page)
            sent = page.request.get("/api/router/episodes").json()["rules"]
            assert sent["level"]["fuel"] == {"min": 1, "max": 999} and sent["maxStars"] == 3 and sent != rules
            expect(page.get_by_test_id("max-fuel")).to_have_attribute("max", "999")
            page.get_by_test_id("max-fuel").fill("1000")
            expect(problems(page).filter(has_text="The fuel tank must hold a whole number from 1 to 999.")).to_have_count(1)
            shot(page, f"designer-{size}")
            page.get_by_test_id("max-fuel").fill("999")
            expect(problems(page).filter(has_text="fuel tank")).to_have_count(0)


# ---- the player --------------------------------------------------------------------------------
def test_level_tiles_show_the_stars_the_server_sends(browser, server):
    """A served progress whose stars differ from best/max: the tile shows the server's, out of the
    server's number of stars (a page computing its own would draw ★★★)."""
    with browsing(new_context(browser, server)) as page:
        serve_rules(page, SMALL_RULES)
        page.route("**/api/router/players/*/progress", lambda route: route.fulfill(json={
            "id": "ignored", "levels": {"1": {"best": 20, "max": 20, "attempts": 1, "solved": True, "seconds": 3, "stars": 2}}}))
        open_router(page, new_player())
        expect(page.get_by_test_id("level-1").locator(".level-stars")).to_have_text("★★☆☆")
        expect(page.get_by_test_id("level-2").locator(".level-stars")).to_have_text("☆☆☆☆")


def test_a_solved_level_shows_routerkits_stars(browser, server):
    """Level 1 finished with full marks through the API: the real server's progress gives 3 of 3."""
    player = new_player()
    for size in SIZES:
        with browsing(new_context(browser, server, size)) as page:
            if size == "desktop":
                answer = page.request.post("/api/router/levels/1/runs", data={"program": reference_program(1), "player": player, "seconds": 2})
                assert answer.ok and answer.json()["score"]["total"] == answer.json()["score"]["max"]
                progress = page.request.get(f"/api/router/players/{player}/progress").json()
                assert progress["levels"]["1"]["stars"] == 3
            open_router(page, player)
            expect(page.get_by_test_id("level-1").locator(".level-stars")).to_have_text("★★★")
            expect(page.get_by_test_id("level-2").locator(".level-stars")).to_have_text("☆☆☆")
            shot(page, f"levels-{size}")


def test_a_procedure_name_is_bounded_by_the_sent_length(browser, server):
    with browsing(new_context(browser, server)) as page:
        serve_rules(page, SMALL_RULES)
        open_own_level(page, make_level(page, ["move_forwards", "declare_proc", "call_proc"], base="1"))
        page.get_by_test_id("palette-declare_proc").click()
        name = page.get_by_test_id("procedure-name")
        expect(name).to_have_attribute("maxlength", "6")
        type_keys(name, "zigzagging", becomes="zigzag")


def test_numbers_and_variable_names_in_blocks_are_bounded_by_the_sent_rules(browser, server):
    """The kit's number range and name length for programs, as the server sends them: a set
    block's number, a number block and a variable's name follow served rules unlike the kit's."""
    with browsing(new_context(browser, server)) as page:
        serve_rules(page, {**SMALL_RULES, "program": {"nameLength": 6, "numberRange": {"min": -5, "max": 50}}})
        open_own_level(page, make_level(page, ["move_forwards", "controls_repeat_while", "variables_numeric_set", "variables_get",
                                               "math_number", "logic_compare"]))
        page.get_by_test_id("palette-variables_numeric_set").click()
        field = page.get_by_test_id("value-field")
        expect(field).to_have_attribute("max", "50")
        enter(field, "75", becomes="50")
        expect(page.get_by_test_id("field-note")).to_contain_text("up to 50")
        name = page.get_by_test_id("variable-name")
        expect(name).to_have_attribute("maxlength", "6")
        type_keys(name, "distance", becomes="distan")
        # A number block in a compare: the same range.
        for block in ("controls_repeat_while", "logic_compare", "math_number"):
            add(page, block)
        number = page.get_by_test_id("number-input")
        enter(number, "-9", becomes="-5")
        expect(page.get_by_test_id("field-note")).to_contain_text("down to -5")
