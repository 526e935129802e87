"""Rapid Router's player for teaching a lesson (issue 36): a signed-in teacher opens a level's
solution (its blocks, its Python and a replay on the map) and finds each episode's lesson guide; a
pupil never sees the button, and no answer ever reaches a pupil's page (every request and every
response of their page is watched). A pupil sees the episode their teacher locked, and the lock's
message beside that episode. On a tablet the map keeps its area when the result card opens, on a
phone the van's last square stays in sight after a failed run, and the end of a run says "You
finished …" only when every level of the episode is solved, else how many are left.

Preconditions (accounts, classes, locks, earlier levels) are set through the API; the page is
clicked only for what each test is about. Screenshots: /tmp/issue36/shots/player (desktop 1280×800,
tablet 1024×768 and phone 390×844 with touch). The module's own server: its sign-ins stay out of
the shared server's counts (test_classroom)."""
import json
import os
import uuid

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, browsing, checked_sizes, own_server
from test_classroom import PASSWORD
from test_accessibility import assert_clean, check
from test_router import new_player, reference_program

SHOTS = "/tmp/issue36/shots/player"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
ROUTE_4 = ["move_forwards", "turn_left", "move_forwards", "turn_right", "move_forwards", "move_forwards", "turn_left", "move_forwards"]
CRASH_4 = [{"type": step} for step in ROUTE_4[:6] + ["move_forwards"]]  # off the road at the last corner
SOLVE_4 = [{"type": step} for step in ROUTE_4]

# The map's box as the child sees it: the part inside the window (the result card never covers it,
# so what is in the window is what is seen).
VISIBLE_MAP = """() => {
  const box = document.querySelector('[data-testid=map]').getBoundingClientRect();
  const width = Math.max(0, Math.min(innerWidth, box.right) - Math.max(0, box.left));
  const height = Math.max(0, Math.min(innerHeight, box.bottom) - Math.max(0, box.top));
  return width * height;
}"""
IN_WINDOW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""


@pytest.fixture(scope="module")
def teaching_server():
    with own_server("tessera-teaching-player-", "teaching-player-server.log") as base:
        yield base


@pytest.fixture
def contexts(browser, teaching_server):
    """`make(size)`: a new browser context (one person on one machine) at a size from SIZES."""
    with browser_contexts(browser, teaching_server) as new_context:
        yield lambda size="desktop", **extra: new_context(**SIZES[size], **extra)


def shot(page, name, **options):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), **options)


# ---- set-up through the API ---------------------------------------------------------------------
def send(context, method, path, body=None):
    """A request as the context's page would send it (the CSRF token repeated when signed in); the answer's JSON."""
    token = next((cookie["value"] for cookie in context.cookies() if cookie["name"] == "tessera_csrf"), None)
    response = context.request.fetch(path, method=method, headers={"X-CSRF-Token": token} if token else {}, data=body)
    assert response.ok, (method, path, response.status, response.text())
    return response.json() if response.status != 204 else None


def teacher_signs_up(context, name="Ms Okafor"):
    return send(context, "POST", "/api/auth/teachers", {"name": name, "email": f"teacher-{uuid.uuid4().hex[:8]}@school.org", "password": PASSWORD})


def class_with_pupil(teacher, pupil="Mia"):
    """A class of the teacher's with one pupil: (class, the pupil's password)."""
    made = send(teacher, "POST", "/api/classes", {"name": f"Class {uuid.uuid4().hex[:4]}"})
    pupils = send(teacher, "POST", f"/api/classes/{made['id']}/pupils", {"names": [pupil]})["pupils"]
    return made, pupils[0]["password"]


def pupil_signs_in(context, code, name, password):
    send(context, "POST", "/api/auth/login", {"classCode": code, "name": name, "password": password})


def solve(context, player, levels):
    for level in levels:
        answer = send(context, "POST", f"/api/router/levels/{level}/runs", {"program": reference_program(level), "player": player, "seconds": 3})
        assert answer["outcome"]["success"], (level, answer["outcome"])


def episodes(context):
    return send(context, "GET", "/api/router/episodes")["episodes"]


def open_level(page, level, player=None, program=None):
    """Opens `level` by its address (as `player`, with `program` in the editor, when given: blocks, or a
    run request's {"blocks", "procedures"})."""
    if player:
        page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
    if program is not None:
        keep(page, level, program)
    page.goto(f"/router/#level={level}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {level}:")


def keep(page, level, program):
    """Puts `program` in this browser's editor for `level`, as the page keeps a child's blocks."""
    program = {"blocks": program} if isinstance(program, list) else program
    saved = json.dumps({"program": {"procedures": [], **program}, "mode": "blocks"})
    page.add_init_script(f"localStorage.setItem({json.dumps(f'tessera.router.program.{level}')}, {json.dumps(saved)})")


def play(page, success):
    page.get_by_test_id("speed").select_option("fast")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true" if success else "false")


# ---- 1: the solution, for teachers only -----------------------------------------------------------
@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_a_teacher_sees_level_13s_solution_and_lesson_guides(contexts, size):
    with browsing(contexts(size)) as page:
        teacher_signs_up(page.context)
        solution = send(page.context, "GET", "/api/router/levels/13/solution")
        open_level(page, "13")
        button = page.get_by_test_id("show-solution")
        expect(button).to_be_visible()
        expect(button).to_have_text("Show solution")
        shot(page, f"show-solution-button-{size}")
        button.click()
        dialog = page.get_by_test_id("solution-dialog")
        expect(dialog).to_be_visible()
        expect(page.get_by_test_id("solution-title")).to_contain_text("Level 13:")
        blocks = page.get_by_test_id("solution-blocks").get_by_test_id("block")
        expect(blocks.first).to_be_visible()
        expect(page.get_by_test_id("solution-summary")).to_contain_text(f"{solution['blockCount']} blocks")
        first_line = solution["python"].splitlines()[0]
        expect(page.get_by_test_id("solution-python")).to_contain_text(first_line)
        # The replay drives the van on the level's own map, to the house.
        expect(page.get_by_test_id("solution-status")).to_have_attribute("data-state", "playing")
        shot(page, f"solution-{size}")
        expect(page.get_by_test_id("solution-status")).to_have_attribute("data-state", "done", timeout=30_000)
        expect(page.get_by_test_id("solution-map").locator(".house.delivered")).to_have_count(1)
        shot(page, f"solution-replayed-{size}")
        reports = [check(page, "the solution dialog")] if size == "desktop" else []
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(button).to_be_focused()

        # The level select: a lesson guide for each episode.
        page.get_by_test_id("to-levels").click()
        guide = page.get_by_test_id("guide-link-3")
        expect(guide).to_have_text("Lesson guide")
        expect(guide).to_have_attribute("href", "/router/guide.html?episode=3")
        assert page.get_by_test_id("episodes").locator(".guide-link").count() == len(episodes(page.context))
        guide.scroll_into_view_if_needed()
        shot(page, f"lesson-guides-{size}")
        if size != "desktop":
            return
        assert_clean(*reports, check(page, "the level select with lesson guides"))

        # In Spanish: the button, the dialog and the guides speak it.
        page.get_by_role("combobox", name="Language").select_option("es")
        expect(guide).to_have_text("Guía para la clase")
        page.get_by_test_id("level-13").click()
        expect(button).to_have_text("Ver la solución")
        button.click()
        expect(page.get_by_test_id("solution-summary")).to_have_text(f"{solution['blockCount']} bloques · puntuación 20/20")
        expect(dialog).to_contain_text("Solución · para el profesorado")
        expect(page.get_by_test_id("solution-status")).to_have_attribute("data-state", "done", timeout=30_000)
        shot(page, "solution-spanish-desktop")


def test_a_pupil_never_gets_the_solution(contexts):
    teacher = contexts().new_page()
    teacher_signs_up(teacher.context)
    python = send(teacher.context, "GET", "/api/router/levels/13/solution")["python"]
    # A line only the answer has: its loop (not "from van import Van", which every Python program starts with).
    telling = next(line.strip() for line in python.splitlines() if "range(" in line)
    made, password = class_with_pupil(teacher.context)

    # Nobody signed in: no button, and nothing asked.
    with browsing(contexts("phone")) as page:
        asked = []
        page.on("request", lambda request: asked.append(request.url))
        open_level(page, "13", new_player())
        expect(page.get_by_test_id("show-solution")).to_be_hidden()
        page.wait_for_load_state("networkidle")
        assert not [url for url in asked if "/solution" in url], asked

    with browsing(contexts("tablet")) as page:
        requests, bodies = [], []
        page.on("request", lambda request: requests.append(request.url))

        def keep_body(response):
            try:
                bodies.append((response.url, response.text()))
            except Exception:  # a redirect or a body already gone: nothing to read
                pass
        page.on("response", keep_body)
        pupil_signs_in(page.context, made["code"], "Mia", password)
        open_level(page, "13")
        expect(page.get_by_test_id("class-sign-in")).to_have_attribute("data-user", "Mia")
        expect(page.get_by_test_id("show-solution")).to_be_hidden()
        page.get_by_test_id("to-levels").click()
        expect(page.get_by_test_id("level-13")).to_be_visible()
        expect(page.locator(".guide-link")).to_have_count(0)
        page.get_by_test_id("level-13").click()
        play(page, success=False)  # an empty program: the van stays at the depot
        page.wait_for_load_state("networkidle")
        # Asked as a pupil, the server says there is no such thing.
        refused = page.context.request.get("/api/router/levels/13/solution")
        assert refused.status == 404, refused.text()
    assert not [url for url in requests if "/solution" in url], requests
    assert bodies, "the pupil's page received nothing?"
    assert not [url for url, body in bodies if telling in body], telling


# ---- 2: locks beside their episode -----------------------------------------------------------------
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_pupil_sees_episode_two_locked_and_why_beside_it(contexts, size):
    teacher = contexts().new_page()
    teacher_signs_up(teacher.context)
    made, password = class_with_pupil(teacher.context, "Leo")
    send(teacher.context, "PUT", f"/api/classes/{made['id']}/locks", {"episodes": [2], "levels": []})
    two = episodes(teacher.context)[1]

    with browsing(contexts(size)) as page:
        pupil_signs_in(page.context, made["code"], "Leo", password)
        page.goto("/router/")
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        card = page.get_by_test_id("episode-2")
        badge = card.get_by_test_id("episode-locked")
        expect(badge).to_have_text("Locked by your teacher")
        expect(badge.locator("svg.lock-icon")).to_have_count(1)
        expect(page.get_by_test_id("episode-1").get_by_test_id("episode-locked")).to_have_count(0)
        expect(page.get_by_test_id("episode-3").get_by_test_id("episode-locked")).to_have_count(0)
        # A tap on one of its levels says why, beside episode 2, in sight.
        tile = page.get_by_test_id(f"level-{two['levels'][-1]['id']}")
        tile.scroll_into_view_if_needed()
        tile.click(force=True)  # aria-disabled: Playwright would wait for it to be "enabled"
        said = card.get_by_test_id("lock-said")
        expect(said).to_have_text(f"Your teacher has locked level {two['levels'][-1]['id']} for now. Pick another level, or ask your teacher.")
        assert page.evaluate(IN_WINDOW, "[data-testid=lock-note]:has([data-testid=lock-said])")
        expect(page.get_by_test_id("level-view")).to_be_hidden()
        shot(page, f"locked-episode-{size}")
        if size == "desktop":
            assert_clean(check(page, "a locked episode, and why, beside it"))
        # By its address: the level select, with the words beside the episode again.
        page.goto(f"/router/#level={two['levels'][0]['id']}")
        expect(card.get_by_test_id("lock-said")).to_contain_text(f"level {two['levels'][0]['id']}")
        expect(page.get_by_test_id("level-view")).to_be_hidden()


# ---- 3: the map keeps its room, and the van stays in sight -------------------------------------------
@pytest.mark.parametrize("outcome", ["failed", "finished"])
def test_on_a_tablet_the_map_keeps_most_of_its_area_when_the_card_opens(contexts, outcome):
    with browsing(contexts("tablet")) as page:
        open_level(page, "4", new_player(), CRASH_4 if outcome == "failed" else SOLVE_4)
        before = page.evaluate(VISIBLE_MAP)
        play(page, success=outcome == "finished")
        after = page.evaluate(VISIBLE_MAP)
        print(f"tablet, {outcome}: the map's visible area {after / before:.0%} of before")
        assert after >= 0.7 * before, (before, after)
        assert page.evaluate(IN_WINDOW, "[data-testid=result]")  # and the card itself in sight
        shot(page, f"result-{outcome}-tablet")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_after_a_failed_run_the_vans_last_square_stays_in_sight(contexts, size):
    with browsing(contexts(size)) as page:
        open_level(page, "4", new_player(), CRASH_4)
        play(page, success=False)
        van = page.get_by_test_id("map").get_by_test_id("van")
        assert page.evaluate(IN_WINDOW, "[data-testid=map] [data-testid=van]"), van.bounding_box()
        card = page.get_by_test_id("result").bounding_box()
        box = van.bounding_box()
        assert box["y"] + box["height"] <= card["y"], (box, card)  # not under the card
        shot(page, f"result-failed-{size}")


# ---- 4: "You finished …" only when the episode is done -------------------------------------------------
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_end_of_a_run_says_the_episode_is_finished_only_when_it_is(contexts, size):
    with browsing(contexts(size)) as page:
        one = episodes(page.context)[0]
        ids = [level["id"] for level in one["levels"]]
        # Levels left: every level of episode 1 solved but the second; the last one played in the page.
        player = new_player()
        solve(page.context, player, [level for level in ids[:-1] if level != ids[1]])
        keep(page, ids[1], reference_program(ids[1]))
        open_level(page, ids[-1], player, reference_program(ids[-1]))
        play(page, success=True)
        expect(page.get_by_test_id("result-finish")).to_have_text("1 level of this episode left")
        expect(page.get_by_test_id("episode-card")).to_be_hidden()
        shot(page, f"levels-left-{size}")

        # The level left, solved in the page: the episode is finished, and its card opens.
        page.get_by_test_id("to-levels").click()
        page.get_by_test_id(f"level-{ids[1]}").click()
        expect(page.get_by_test_id("level-title")).to_contain_text(f"Level {ids[1]}:")
        play(page, success=True)
        expect(page.get_by_test_id("result-finish")).to_have_text(f"You finished “{one['name']}”!")
        expect(page.get_by_test_id("episode-card-title")).to_have_text(f"You finished “{one['name']}”!")
        shot(page, f"episode-finished-{size}")


# ---- a level a pupil made carries its answer ------------------------------------------------------
def test_a_test_drive_that_delivers_is_kept_as_the_saved_levels_answer(contexts):
    """Mia saves a level (as the designer does), test-drives it, and keeps her working program as its
    answer; her teacher then reads it, and she (a pupil) still cannot."""
    teacher, mia = contexts(), contexts("tablet")
    teacher_signs_up(teacher)
    made, password = class_with_pupil(teacher)
    pupil_signs_in(mia, made["code"], "Mia", password)
    level = send(mia, "GET", "/api/router/levels/1")
    level = {key: value for key, value in level.items() if key not in ("source", "sourcePk", "mine")}
    level["name"] = "Mia's road"
    saved = send(mia, "POST", "/api/router/levels", level)
    send(mia, "PUT", f"/api/router/levels/{saved['id']}/sharing", {"classes": [made["id"]], "link": False})
    page = mia.new_page()
    draft = json.dumps({"level": level, "saved": {"id": saved["id"]}})
    page.add_init_script(f"localStorage.setItem('tessera.router.designer', {json.dumps(draft)})")
    keep(page, "draft", reference_program("1")["blocks"])
    page.goto("/router/#draft")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    play(page, True)
    expect(page.get_by_test_id("keep-answer")).to_be_visible()
    page.get_by_test_id("keep-answer").click()
    expect(page.get_by_test_id("keep-answer")).to_be_hidden()
    answer = send(teacher, "GET", f"/api/router/levels/{saved['id']}/solution")
    assert answer["run"]["outcome"]["success"] and "move_forwards" in answer["python"]
    assert mia.request.get(f"/api/router/levels/{saved['id']}/solution").status == 404
