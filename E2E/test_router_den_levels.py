"""The new Rapid Router episodes as a player meets them: episode 11 (numbers and variables, blocks)
and the Python Den's episodes (12–17) are listed in order, every one of their levels
is solved at full marks by its reference program through the live API, and a Python Den level
opened straight from a link by a new visitor runs a typed program and shows what it printed.
Needs the binary rebuilt after scripts/router_levels.py (the levels are bundled in RouterKit)."""
import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from test_router import new_player, open_router, play_and_wait, reference_program, watch_errors
from conftest import browsing

NEW_EPISODES = {11: ("Numbers and variables", 57, 8), 12: ("Counting with while", 65, 10),
                13: ("Choosing inside a loop", 75, 10), 14: ("Loops that stop by themselves", 85, 10)}
# Episodes 15–17 (for loops, functions with parameters, lists): checked by number and size only.
LATER_EPISODES = {15: (95, 10), 16: (105, 10), 17: (115, 10)}
SIZES = {"desktop": {"width": 1280, "height": 860}, "phone": {"width": 390, "height": 844}}


def test_the_new_episodes_are_listed_in_order_with_their_levels(page):
    episodes = {e["number"]: e for e in page.request.get("/api/router/episodes").json()["episodes"]}
    for number, (name, first, count) in NEW_EPISODES.items():
        episode = episodes[number]
        assert episode["name"] == name
        assert [level["id"] for level in episode["levels"]] == [str(i) for i in range(first, first + count)]
    for number, (first, count) in LATER_EPISODES.items():
        assert [level["id"] for level in episodes[number]["levels"]] == [str(i) for i in range(first, first + count)]
    # The whole course: at least 120 levels in at least 15 episodes.
    assert len(episodes) >= 15 and sum(len(e["levels"]) for e in episodes.values()) >= 120
    # Every new level has its own name, and the Python Den's levels are Python only.
    names = [level["name"] for e in episodes.values() for level in e["levels"]]
    assert len(names) == len(set(names))
    for level_id in range(65, 125):
        level = page.request.get(f"/api/router/levels/{level_id}").json()
        assert level["pythonEnabled"] and not level["blocklyEnabled"], level_id


def test_the_reference_programs_deliver_at_full_marks(server):
    # Plain HTTP, no browser: a page has nothing to add to 68 runs (a browser context apiece cost
    # CI about three minutes); the pages' own part is the tests below.
    failed = []
    for level_id in range(57, 125):
        request = urllib.request.Request(f"{server}/api/router/levels/{level_id}/runs", method="POST",
                                         data=json.dumps({"program": reference_program(str(level_id))}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = json.load(response)
        if not answer["outcome"]["success"] or answer["score"]["total"] != answer["score"]["max"]:
            failed.append((level_id, answer["outcome"], answer["score"]))
    assert failed == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_level_80_opened_from_a_link_runs_typed_python_and_shows_its_prints(browser, server, size):
    with browsing(browser.new_context(base_url=server, viewport=SIZES[size], has_touch=size == "phone")) as page:
        # A new visitor follows a link straight to level 80: no level before it is needed.
        open_router(page, new_player(), "/router/#level=80")
        expect(page.get_by_test_id("level-title")).to_contain_text("Lights and corners")
        expect(page.get_by_test_id("python-tab")).to_be_visible()
        page.get_by_test_id("python-code").fill(reference_program(80)["python"])
        play_and_wait(page, success=True)
        expect(page.get_by_test_id("total-score")).to_have_text(re.compile(r"^(\d+)/\1$"))
        # The program counts its waits at the red lights and prints them in the console.
        expect(page.get_by_test_id("console-line")).to_have_text(["I waited 4 times at red lights"])
        page.screenshot(path=f"/tmp/shots-levels-a/e2e-80-{size}.png")


def test_a_den_level_is_solved_by_typing_functions_with_a_parameter_a_list_and_print(browser, server):
    """The Python Den's last level, solved as a child types it: `def drive(n)`, lists of stops and
    turns with append, and print, whose lines show in the console under the editor."""
    with browsing(browser.new_context(base_url=server, viewport=SIZES["desktop"])) as page:
        open_router(page, new_player(), "/router/#level=124")
        program = reference_program(124)["python"]
        assert "def drive(n):" in program and "turns.append(" in program and "print(" in program
        code = page.get_by_test_id("python-code")
        code.fill(program)
        play_and_wait(page, success=True)
        expect(page.get_by_test_id("total-score")).to_have_text(re.compile(r"^(\d+)/\1$"))
        expect(page.get_by_test_id("console-line")).to_have_text([
            "Parcel delivered on square 4", "Parcel delivered on square 9", "Parcel delivered on square 16",
            "Turns on the way: ['right', 'left', 'right', 'right', 'left']"])


@pytest.mark.parametrize("level_id, blocks", [("60", 8), ("63", 16), ("64", 14)])
def test_episode_11_reference_blocks_show_and_play_at_full_marks_on_the_page(page, level_id, blocks):
    """The reference program, as the page keeps a child's program, draws with its variables in
    their sockets (a variable in Repeat's times, a compare in Repeat until), counts as the level's
    model solution and plays to 20/20."""
    problems = watch_errors(page)
    page.set_viewport_size(SIZES["desktop"])
    saved = json.dumps(json.dumps({"program": reference_program(level_id), "mode": "blocks"}))
    page.add_init_script(f"localStorage.setItem('tessera.router.program.{level_id}', {saved})")
    open_router(page, new_player(), f"/router/#level={level_id}")
    program = page.get_by_test_id("program")
    expect(program.locator(".block[data-type=variables_numeric_set]").first).to_be_visible()
    expect(program.locator(".nested[data-type=variables_get]").first).to_be_visible()
    expect(page.get_by_test_id("block-count")).to_have_text(f"{blocks} blocks")
    page.screenshot(path=f"/tmp/shots-levels-a/e2e-{level_id}-program.png")
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("total-score")).to_have_text("20/20")
    assert problems == []
