"""Browser tests for the journey around Rapid Router's levels: free play (a new visitor opens a late
level straight from its address; the recommended level is marked "Next up"; done levels show a tick),
the hint offered after two failed runs, Previous level, the end-of-episode card leading to the next
episode, "Now try it in Python", the fuel gauge only where fuel matters, the vehicle picker (our four
characters, remembered) and the smoking, dented vehicle after a crash.
Screenshots go to /tmp/shots-journey (desktop, tablet with touch, phone)."""
import json
import os
import re

import pytest
from playwright.sync_api import expect

from test_router import ROOT, add, new_player, open_router, play_and_wait, reference_program
from conftest import browsing, checked_sizes

SHOTS = "/tmp/shots-journey"
DESKTOP, TABLET, PHONE = (1280, 860), (1024, 768), (390, 844)
SIZES = {"desktop": DESKTOP, "tablet": TABLET, "phone": PHONE}
LEVELS = os.path.join(ROOT, "Sources", "RouterKit", "Levels")


def late_level():
    """Level 80 (the issue's example: a Python Den level) once it exists; until the new episodes
    land, the highest level we have."""
    ids = [int(name[:-5]) for name in os.listdir(LEVELS) if re.fullmatch(r"\d+\.json", name)]
    return "80" if 80 in ids else str(max(ids))


def level_json(level_id):
    with open(os.path.join(LEVELS, f"{level_id}.json")) as handle:
        return json.load(handle)


@pytest.fixture
def page(page):
    """The shared `page` at the desktop size: every test here that takes `page` plays at it."""
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    return page


def context_for(browser, server, size, **extra):
    """A browser context at `size` (a name in SIZES); the tablet and the phone get touch."""
    width, height = SIZES[size]
    return browser.new_context(base_url=server, viewport={"width": width, "height": height}, has_touch=size != "desktop", **extra)


def shot(page, name, **options):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), **options)


def open_level(page, level_id, program=None, player=None):
    """Opens `level_id` by its address for a new player (or `player`); `program` (blocks) is put in the editor first."""
    if program is not None:
        saved = json.dumps({"program": program, "mode": "blocks"})
        page.add_init_script(f"localStorage.setItem({json.dumps(f'tessera.router.program.{level_id}')}, {json.dumps(saved)})")
    open_router(page, player or new_player(), f"/router/#level={level_id}")
    expect(page.get_by_test_id("level-view")).to_be_visible()
    expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {level_id}:")


def go_to_level(page, level_id):
    """Goes to `level_id` by its address in the open game and waits for its title."""
    page.goto(f"/router/#level={level_id}")
    expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {level_id}:")


def post_solution(page, player, level_id):
    response = page.request.post(f"/api/router/levels/{level_id}/runs", data={"program": reference_program(level_id), "player": player, "seconds": 3})
    assert response.ok and response.json()["outcome"]["success"], response.text()


CRASH = [{"type": "move_forwards"}] * 3  # level 1 has two squares of road: the third move leaves it


# ---- free play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_a_new_visitor_opens_a_late_level_by_its_address(browser, server, size):
    with browsing(context_for(browser, server, size)) as page:
        late = late_level()
        open_level(page, late)
        # The level's own vehicle (level 80 drives the robot), until the player picks another.
        wanted = next((name for name in ["van", "scooter", "tractor", "robot"] if name in level_json(late)["character"].lower()), "van")
        expect(page.get_by_test_id("map").locator("[data-testid=van]")).to_have_attribute("data-character", wanted)
        shot(page, f"late-level-{late}-{size}")
        # The same level from a link written with ?level=, as a teacher might share it.
        page.goto(f"/router/?level={late}")
        expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {late}:")
        # Nothing on the level select is closed to a new visitor; level 1 is where to start.
        page.get_by_test_id("to-levels").click()
        expect(page.locator(".level-tile:disabled")).to_have_count(0)
        expect(page.locator(".level-tile[data-next=true]")).to_have_count(1)
        expect(page.get_by_test_id("level-1")).to_have_attribute("data-next", "true")
        expect(page.get_by_test_id("level-1").get_by_test_id("next-up")).to_have_text("Next up")
        expect(page.get_by_test_id("carry-on")).to_have_text("▶ Start here: Level 1, First drive")
        shot(page, f"level-select-new-{size}")


def test_the_recommended_level_follows_the_furthest_level_done(page, problems):
    player = new_player()
    open_router(page, player)
    for level in ["1", "2", "9"]:  # done out of order: 9 is the furthest
        post_solution(page, player, level)
    page.reload()
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("level-10")).to_have_attribute("data-next", "true")
    expect(page.get_by_test_id("level-10")).to_have_attribute("aria-label", re.compile(r"^10: .*, next up$"))
    expect(page.get_by_test_id("level-3")).to_have_attribute("data-next", "false")
    expect(page.get_by_test_id("carry-on")).to_contain_text("Next up: Level 10")
    # Done levels: a tick and their stars (the words say it too).
    for level in ["1", "2", "9"]:
        tile = page.get_by_test_id(f"level-{level}")
        expect(tile).to_have_attribute("data-solved", "true")
        expect(tile.locator(".done-tick")).to_have_count(1)
        expect(tile).to_have_attribute("aria-label", re.compile(r"done, 3 of 3 stars"))
        expect(tile.locator(".level-stars")).to_have_text("★★★")
    expect(page.get_by_test_id("level-3").locator(".done-tick")).to_have_count(0)
    page.get_by_test_id("carry-on").click()
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 10:")
    page.get_by_test_id("to-levels").click()
    expect(page.get_by_test_id("level-10")).to_be_focused()  # back where the child was (scrolled into view)
    shot(page, "level-select-progress-desktop")
    assert problems == []


# ---- hints, Previous level -----------------------------------------------------------------------
def test_the_hint_is_offered_after_two_failed_runs_and_counts_start_again_on_another_level(page, problems):
    open_level(page, "1", {"blocks": CRASH, "procedures": []})
    play_and_wait(page, success=False)
    expect(page.get_by_test_id("hint-offer")).to_be_hidden()  # one try is not yet "stuck"
    play_and_wait(page)
    offer = page.get_by_test_id("hint-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Would a hint help?")
    expect(page.get_by_test_id("message")).to_contain_text("Would a hint help?")  # said to screen readers too
    page.get_by_test_id("show-hint").click()
    hint = level_json("1")["hint"]
    expect(page.get_by_test_id("offered-hint")).to_have_text(hint)
    expect(page.get_by_test_id("offered-hint")).to_be_focused()
    expect(page.get_by_test_id("show-hint")).to_be_hidden()  # it has done its job
    shot(page, "hint-offered-desktop")
    # Another level: the count starts again (one failure there offers nothing).
    page.get_by_test_id("nav-next").click()
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 2:")
    add(page, "move_forwards", 4)
    play_and_wait(page, success=False)
    expect(page.get_by_test_id("hint-offer")).to_be_hidden()
    assert problems == []


def test_previous_level_sits_beside_next_level(page, problems):
    open_level(page, "5", reference_program("5"))
    expect(page.get_by_test_id("nav-prev")).to_have_attribute("href", "#level=4")
    expect(page.get_by_test_id("nav-next")).to_have_attribute("href", "#level=6")
    play_and_wait(page, success=True)
    previous, following = page.get_by_test_id("prev-level"), page.get_by_test_id("next-level")
    expect(previous).to_be_visible()
    expect(following).to_be_visible()
    assert abs(previous.bounding_box()["y"] - following.bounding_box()["y"]) < 4  # side by side
    previous.click()
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 4:")
    page.get_by_test_id("nav-prev").click()
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 3:")
    page.get_by_test_id("nav-prev").click()
    page.get_by_test_id("nav-prev").click()
    expect(page.get_by_test_id("level-title")).to_contain_text("Level 1:")
    expect(page.get_by_test_id("nav-prev")).to_be_hidden()  # nothing before the first level
    assert problems == []


# ---- the end of an episode ---------------------------------------------------------------------
@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_finishing_episode_one_shows_its_card_and_leads_to_episode_two(browser, server, size):
    with browsing(context_for(browser, server, size)) as page:
        episodes = page.request.get("/api/router/episodes").json()["episodes"]
        one, two = episodes[0], episodes[1]
        last = one["levels"][-1]["id"]
        # The episode is finished only when all its levels are: the others were solved before.
        player = new_player()
        for level in one["levels"][:-1]:
            post_solution(page, player, level["id"])
        open_level(page, last, reference_program(last), player=player)
        play_and_wait(page)
        card = page.get_by_test_id("episode-card")
        expect(card).to_be_visible()
        expect(page.get_by_test_id("episode-card-title")).to_have_text(f"You finished “{one['name']}”!")
        progress = page.request.get(f"/api/router/players/{player}/progress").json()["levels"]
        stars = sum(progress[level["id"]]["stars"] for level in one["levels"])
        expect(page.get_by_test_id("episode-stars")).to_have_text(f"★{stars} of {3 * len(one['levels'])} stars")
        info = page.get_by_test_id("episode-next-info")
        expect(info).to_contain_text(f"Episode {two['number']}")
        expect(info).to_contain_text(two["name"])
        expect(info).to_contain_text(two["summary"])
        button = page.get_by_test_id("episode-next")
        expect(button).to_be_focused()
        expect(button).to_have_text(f"Start “{two['name']}” ▸")
        shot(page, f"episode-card-{size}")
        button.click()
        expect(card).to_be_hidden()
        expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {two['levels'][0]['id']}:")
        expect(page.get_by_test_id("result")).to_be_hidden()


# ---- Python, fuel -------------------------------------------------------------------------------
def test_a_success_with_blocks_suggests_python_where_the_level_has_it(page, problems):
    level = next(str(n) for n in range(1, 200) if os.path.exists(os.path.join(LEVELS, f"{n}.json"))
                 and level_json(n)["blocklyEnabled"] and level_json(n)["pythonViewEnabled"])
    open_level(page, level, reference_program(level))
    play_and_wait(page, success=True)
    nudge = page.get_by_test_id("try-python")
    expect(nudge).to_have_text("Now try it in Python")
    shot(page, "python-nudge-desktop")
    nudge.click()
    expect(page.get_by_test_id("pyview-panel")).to_be_visible()
    expect(page.get_by_test_id("pyview-code")).to_contain_text("my_van.move_forwards()")
    expect(page.get_by_test_id("pyview-tab")).to_have_attribute("aria-selected", "true")
    # Not on a level without Python.
    go_to_level(page, "1")
    add(page, "move_forwards", 2)
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("try-python")).to_be_hidden()
    assert problems == []


def test_the_fuel_gauge_shows_only_where_fuel_matters(page, problems):
    assert level_json("1")["maxFuel"] == 50 and level_json("47")["maxFuel"] < 50
    open_level(page, "1")
    expect(page.get_by_test_id("fuel")).to_be_hidden()
    go_to_level(page, "47")
    expect(page.get_by_test_id("fuel")).to_be_visible()
    expect(page.get_by_test_id("fuel")).to_have_attribute("aria-valuenow", "100")
    shot(page, "fuel-level-47-desktop")
    go_to_level(page, "46")
    expect(page.get_by_test_id("fuel")).to_be_hidden()
    assert problems == []


# ---- characters, crashes -----------------------------------------------------------------------
def test_the_vehicle_picker_changes_the_art_and_is_remembered(browser, server):
    for size in ["desktop", "tablet", "phone"]:
        with browsing(context_for(browser, server, size)) as page:
            open_level(page, "4", reference_program("4"))
            van = page.get_by_test_id("map").locator("[data-testid=van]")
            expect(van).to_have_attribute("data-character", "van")
            picker = page.get_by_test_id("vehicle-picker")
            expect(picker).to_have_value("")
            expect(picker.locator("option").first).to_have_text("Level's choice (Van)")
            for name in ["scooter", "tractor", "robot", "van"]:
                picker.select_option(name)
                expect(van).to_have_attribute("data-character", name)
                expect(page.get_by_test_id("vehicle-preview")).to_have_attribute("data-character", name)
            picker.select_option("tractor")
            # Remembered: another visit, another level.
            page.goto("/router/#level=2")
            page.reload()
            expect(page.get_by_test_id("level-title")).to_contain_text("Level 2:")
            expect(page.get_by_test_id("vehicle-picker")).to_have_value("tractor")
            expect(van).to_have_attribute("data-character", "tractor")
            # Every heading on level 4's route (east, north, west…), animated to the house.
            go_to_level(page, "4")
            page.get_by_test_id("play").click()
            expect(van).to_have_attribute("data-character", "tractor")
            expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true", timeout=30_000)
            shot(page, f"picker-tractor-{size}")
            # "Level's choice" goes back to the level's own.
            page.get_by_test_id("vehicle-picker").select_option("")
            expect(van).to_have_attribute("data-character", "van")


def test_a_levels_character_picks_the_vehicle(page, problems):
    """A level naming the robot in its `character` field drives the robot (an "Electric van" the van)."""
    for character, drawn in [("robot", "robot"), ("Scooter", "scooter"), ("Electric van", "van")]:
        level = dict(level_json("1"), character=character)
        page.goto("/")  # a fresh load of the level each time
        page.unroute("**/api/router/levels/1")
        page.route("**/api/router/levels/1", lambda route, _request, level=level: route.fulfill(json=level))
        open_level(page, "1")
        expect(page.get_by_test_id("map").locator("[data-testid=van]")).to_have_attribute("data-character", drawn)
        expect(page.get_by_test_id("vehicle-picker").locator("option").first).to_contain_text(drawn.capitalize())
    assert problems == []


@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_a_crash_shows_the_vehicle_dented_and_smoking(browser, server, size):
    with browsing(context_for(browser, server, size)) as page:
        open_level(page, "1", {"blocks": CRASH, "procedures": []})
        if size == "tablet":
            page.get_by_test_id("vehicle-picker").select_option("scooter")  # whatever the vehicle
        play_and_wait(page, success=False)
        van = page.get_by_test_id("map").locator("[data-testid=van]")
        expect(van).to_have_class(re.compile(r"\bcrashed\b"))
        expect(van.get_by_test_id("damage")).to_be_visible()
        smoke = page.get_by_test_id("map").get_by_test_id("crash-smoke")
        expect(smoke).to_be_visible()
        assert page.evaluate("getComputedStyle(document.querySelector('.crash-smoke .puff')).animationName") == "smoke-rise"
        shot(page, f"crash-{size}")
        page.get_by_test_id("reset").click()
        expect(smoke).to_have_count(0)
        expect(van).not_to_have_class(re.compile(r"\bcrashed\b"))


def test_the_smoke_stands_still_for_reduced_motion(browser, server):
    with browsing(context_for(browser, server, "desktop", reduced_motion="reduce")) as page:
        open_level(page, "1", {"blocks": CRASH, "procedures": []})
        play_and_wait(page)
        expect(page.get_by_test_id("map").get_by_test_id("crash-smoke")).to_be_visible()
        assert page.evaluate("getComputedStyle(document.querySelector('.crash-smoke .puff')).animationName") == "none"


# ---- accessibility of the new parts --------------------------------------------------------------
def test_the_journey_parts_have_no_serious_accessibility_problems(page, problems):
    """axe-core (as in test_accessibility.py) on the level select with Next up and ticks, the hint
    offer with its hint, the vehicle picker and the end-of-episode card."""
    from test_accessibility import assert_clean, check
    player = new_player()
    open_router(page, player)
    post_solution(page, player, "1")
    page.reload()
    expect(page.get_by_test_id("level-2")).to_have_attribute("data-next", "true")
    select = check(page, "journey: level select with next up and a done level")
    go_to_level(page, "1")
    page.get_by_test_id("vehicle-picker").select_option("robot")
    add(page, "move_forwards", 3)
    play_and_wait(page)
    play_and_wait(page)
    page.get_by_test_id("show-hint").click()
    hint = check(page, "journey: crash, smoke, the hint offered and shown")
    page.goto("/")
    for level in ["2", "3", "4", "5"]:  # the end-of-episode card comes once every level of it is solved
        post_solution(page, player, level)
    open_level(page, "6", reference_program("6"), player=player)
    play_and_wait(page)
    expect(page.get_by_test_id("episode-card")).to_be_visible()
    card = check(page, "journey: end-of-episode card")
    assert_clean(select, hint, card)
    assert problems == []
