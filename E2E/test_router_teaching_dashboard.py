"""Teaching a lesson from the dashboard (issue 36): "Who needs me now" beside the scoreboard shows a
pupil who fails a level three times as stuck within a second of her third run (red, first, with the
level and how many tries), and not stuck once she succeeds; a stuck pupil opens her program. The
projector view of one level groups the class's correct programs by shape, shortest first, without
names until the teacher asks. A level's head opens its solution (blocks, Python, a replay), and a
pupil's last attempts can each be replayed. "Open episodes 1 to 3, lock the rest" is one PUT that
keeps the level locks, and the episode picker says which episodes are locked. Screenshots at
desktop, tablet (touch) and phone (touch) go to /tmp/issue36/shots/dashboard.

Preconditions go through the API (teacher, class, pupils, sign-ins, runs); the page is clicked only
for what each test is about. The classroom tests' own server (sign-in failures count per address)."""
import os
import re
import time

import pytest
from playwright.sync_api import expect

from conftest import browser_contexts, watch_errors
from test_accessibility import assert_clean, check
from test_classroom import PASSWORD, classroom_server  # noqa: F401 (fixture)
from test_classroom_signin import call, pupil_login, teacher_with_class
from test_router import reference_program
from test_teacher_dashboard import fits, open_dashboard, pupil_row

SHOTS = "/tmp/issue36/shots/dashboard"
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
WRONG = {"blocks": [{"type": "turn_left"}]}  # turns on the spot: never delivers
EIGHT_MOVES = {"blocks": [{"type": "move_forwards"}] * 8}  # level 13 without the Repeat: correct, longer


@pytest.fixture
def context(browser, classroom_server):
    """`context(size)`: a new browser context (one person on one machine) at a size from SIZES."""
    with browser_contexts(browser, classroom_server) as new_context:
        yield lambda size="desktop": new_context(**SIZES[size])


def shot(page, name, full_page=False):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def run(pupil, level, program):
    """The signed-in pupil runs `program` on `level`, as the game posts it: the run's answer."""
    status, answer = call(pupil, "POST", f"/api/router/levels/{level}/runs", {"program": program, "seconds": 3})
    assert status == 200, answer
    return answer


def signed_in_pupil(context, one, name, passwords):
    pupil = context()
    assert pupil_login(pupil, one["code"], name, passwords[name]) == 200
    return pupil


def teacher_on(context, email, size):
    """The same teacher signed in on another machine at `size`, the dashboard open."""
    other = context(size)
    status, answer = call(other, "POST", "/api/auth/login", {"email": email, "password": PASSWORD})
    assert status == 200, answer
    page = other.new_page()
    return page


def activity_pupil(page, name):
    return page.get_by_test_id("activity-list").locator(f'[data-testid="activity-pupil"][data-name="{name}"]')


def open_level_menu(page, level, item):
    page.get_by_test_id(f"level-menu-{level}").click()
    expect(page.get_by_test_id("level-menu")).to_be_visible()
    page.get_by_test_id(f"level-menu-{item}").click()


def choose_episode(page, number):
    page.get_by_test_id("episode-select").select_option(str(number))
    expect(page.get_by_test_id("board-title")).to_contain_text(f"Episode {number}")


# Records (window.stuckAt, ms since the epoch on the machine's one clock) the moment the named pupil
# first shows as stuck in the activity panel, however the panel redraws.
STUCK_AT_WATCH = """(name) => {
  window.stuckAt = null;
  const stuck = () => document.querySelector(`#activity-list [data-testid="activity-pupil"][data-name="${name}"][data-state="stuck"]`);
  new MutationObserver((_, observer) => {
    if (!stuck()) return;
    window.stuckAt = Date.now();
    observer.disconnect();
  }).observe(document.getElementById("activity-list"), { subtree: true, childList: true, attributes: true });
}"""


def test_a_pupil_who_keeps_failing_shows_as_stuck_within_a_second_and_not_once_she_succeeds(context):
    teacher_context = context()
    email, one, passwords = teacher_with_class(teacher_context, ["Mia", "Noah", "Omar"], "6B")
    teacher = teacher_context.new_page()
    problems = watch_errors(teacher)
    mia = signed_in_pupil(context, one, "Mia", passwords)
    noah = signed_in_pupil(context, one, "Noah", passwords)
    run(noah, "1", reference_program("1"))
    open_dashboard(teacher)
    expect(teacher.get_by_test_id("live")).to_have_attribute("data-state", "live")
    expect(activity_pupil(teacher, "Noah")).to_have_attribute("data-state", "playing")
    expect(activity_pupil(teacher, "Omar")).to_have_attribute("data-state", "away")

    # Two failed runs on level 5: playing, not yet stuck.
    run(mia, "5", WRONG)
    run(mia, "5", WRONG)
    expect(activity_pupil(teacher, "Mia")).to_have_attribute("data-state", "playing")
    expect(activity_pupil(teacher, "Mia").get_by_test_id("activity-level")).to_contain_text("Level 5")

    # The third: stuck, within a second of the run's answer, measured on the one clock.
    teacher.evaluate(STUCK_AT_WATCH, "Mia")
    run(mia, "5", WRONG)
    answered = time.time() * 1000
    stuck = activity_pupil(teacher, "Mia")
    expect(stuck).to_have_attribute("data-state", "stuck", timeout=3000)
    shown = teacher.evaluate("() => window.stuckAt")
    assert shown, "the panel never showed Mia stuck"
    latency = shown - answered
    print(f"\nstuck shown {latency:.0f} ms after the third run's answer")
    assert latency < 1000, f"Mia showed as stuck {latency:.0f} ms after her third failed run was answered"
    # Stuck pupils come first, in red, with the level's name, the tries and for how long.
    expect(teacher.get_by_test_id("activity-pupil").first).to_have_attribute("data-name", "Mia")
    expect(stuck.get_by_test_id("activity-state")).to_have_text("Stuck")
    expect(stuck.get_by_test_id("activity-level")).to_have_text(re.compile(r"^Level 5: \S"))
    expect(stuck.get_by_test_id("activity-detail")).to_have_text("3 failed tries · for under a minute")
    expect(teacher.get_by_test_id("activity-count-stuck")).to_have_text("1 stuck")
    expect(teacher.get_by_test_id("activity-news")).to_have_text("Mia is stuck on level 5.")
    assert stuck.locator(".activity-card").evaluate("node => getComputedStyle(node).borderLeftColor") == "rgb(179, 38, 30)"
    shot(teacher, "activity-stuck-desktop")
    report = check(teacher, "the dashboard with a stuck pupil")

    # Her card opens her program on that level: her three attempts, all failed.
    stuck.get_by_role("button").click()
    panel = teacher.get_by_test_id("program-dialog")
    expect(panel.get_by_test_id("program-title")).to_have_text(re.compile(r"^Mia · Level 5: "))
    expect(panel.get_by_test_id("attempt")).to_have_count(3)
    expect(panel.locator('[data-testid="attempt"][data-success="false"]')).to_have_count(3)
    teacher.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(stuck.get_by_role("button")).to_be_focused()

    # She solves it: playing again, no longer stuck.
    run(mia, "5", reference_program("5"))
    expect(activity_pupil(teacher, "Mia")).to_have_attribute("data-state", "playing", timeout=3000)
    expect(teacher.get_by_test_id("activity-count-stuck")).to_have_text("0 stuck")

    # Stuck again (another level) for the tablet's and the phone's screenshots.
    for _ in range(3):
        run(noah, "6", WRONG)
    for size in ("tablet", "phone"):
        page = teacher_on(context, email, size)
        other_problems = watch_errors(page)
        open_dashboard(page)
        expect(activity_pupil(page, "Noah")).to_have_attribute("data-state", "stuck")
        fits(page)
        if size == "phone":  # the panel comes before the grid on a narrow screen
            assert page.get_by_test_id("activity").bounding_box()["y"] < page.get_by_test_id("board-scroll").bounding_box()["y"]
        else:
            assert page.get_by_test_id("activity").bounding_box()["x"] > page.get_by_test_id("board-scroll").bounding_box()["x"]
        shot(page, f"activity-stuck-{size}")
        activity_pupil(page, "Noah").get_by_role("button").tap()
        expect(page.get_by_test_id("program-title")).to_have_text(re.compile(r"^Noah · Level 6: "))
        shot(page, f"program-attempts-{size}")
        assert other_problems == [], other_problems
    assert_clean(report)
    assert problems == [], problems


def test_two_different_correct_programs_show_as_two_groups_on_the_projector(context):
    teacher_context = context()
    email, one, passwords = teacher_with_class(teacher_context, ["Ada", "Ben", "Cleo", "Dev"], "6P")
    for name, program in (("Ada", reference_program("13")), ("Ben", EIGHT_MOVES), ("Cleo", reference_program("13"))):
        assert run(signed_in_pupil(context, one, name, passwords), "13", program)["outcome"]["success"], name
    teacher = teacher_context.new_page()
    problems = watch_errors(teacher)
    open_dashboard(teacher)
    choose_episode(teacher, 3)
    open_level_menu(teacher, "13", "solutions")
    projector = teacher.get_by_test_id("projector")
    expect(projector).to_be_visible()
    groups = projector.get_by_test_id("solution-group")
    expect(groups).to_have_count(2)
    # Shortest first, anonymous: the Repeat (two pupils) before the eight moves (one).
    expect(groups.get_by_test_id("group-title")).to_have_text(["Solution A — 2 pupils", "Solution B — 1 pupil"])
    expect(projector.get_by_test_id("projector-summary")).to_have_text("Solved by 3 of 4 pupils · 2 different ways")
    expect(projector.get_by_test_id("group-names")).to_have_count(0)
    expect(groups.nth(0).get_by_test_id("block")).to_have_count(2)
    expect(groups.nth(1).get_by_test_id("block")).to_have_count(8)
    teacher.wait_for_function("() => document.fullscreenElement?.dataset.testid === 'projector'")
    # Large words, for the back of the room.
    assert float(groups.nth(0).get_by_test_id("group-title").evaluate("node => parseFloat(getComputedStyle(node).fontSize)")) >= 28
    shot(teacher, "projector-desktop")
    anonymous = check(teacher, "the projector view")

    # Names only when the teacher asks.
    projector.get_by_test_id("show-names").click()
    expect(projector.get_by_test_id("show-names")).to_have_attribute("aria-pressed", "true")
    expect(projector.get_by_test_id("group-names")).to_have_text(["Ada, Cleo", "Ben"])
    groups.nth(1).get_by_test_id("group-replay").click()
    expect(projector.get_by_test_id("projector-status")).to_have_attribute("data-state", "playing")
    expect(groups.nth(1).locator(".block.running")).to_have_count(1)
    expect(projector.get_by_test_id("projector-status")).to_have_attribute("data-state", "done", timeout=15_000)
    expect(projector.locator(".house.delivered")).to_have_count(1)
    shot(teacher, "projector-names-desktop")
    teacher.keyboard.press("Escape")
    expect(projector).to_be_hidden()
    # Leaving full screen is asynchronous: the view hides at once, full screen ends a moment later,
    # and focus comes back only then.
    expect(teacher.get_by_test_id("level-menu-13")).to_be_focused()
    teacher.wait_for_function("() => document.fullscreenElement === null")

    for size in ("tablet", "phone"):
        page = teacher_on(context, email, size)
        other_problems = watch_errors(page)
        open_dashboard(page)
        choose_episode(page, 3)
        page.get_by_test_id("level-menu-13").tap()
        page.get_by_test_id("level-menu-solutions").tap()
        expect(page.get_by_test_id("solution-group")).to_have_count(2)
        expect(page.get_by_test_id("projector-map").locator("svg")).to_be_visible()
        fits(page)
        shot(page, f"projector-{size}")
        page.get_by_test_id("projector-close").tap()
        expect(page.get_by_test_id("projector")).to_be_hidden()
        assert other_problems == [], other_problems
    assert_clean(anonymous)
    assert problems == [], problems


def test_the_teacher_opens_a_levels_solution_and_replays_one_of_a_pupils_attempts(context):
    teacher_context = context()
    _, one, passwords = teacher_with_class(teacher_context, ["Eli"], "6S")
    eli = signed_in_pupil(context, one, "Eli", passwords)
    run(eli, "13", WRONG)
    run(eli, "13", {"blocks": [{"type": "move_forwards"}] * 5})
    run(eli, "13", reference_program("13"))
    # The answer is for teachers only.
    assert call(eli, "GET", "/api/router/levels/13/solution")[0] == 404
    teacher = teacher_context.new_page()
    problems = watch_errors(teacher)
    open_dashboard(teacher)
    choose_episode(teacher, 3)

    # The level's head: play it (a new tab on the level) and its solution.
    teacher.get_by_test_id("level-menu-13").click()
    expect(teacher.get_by_test_id("level-menu-play")).to_have_attribute("href", "/router/#level=13")
    expect(teacher.get_by_test_id("level-menu-play")).to_have_attribute("target", "_blank")
    shot(teacher, "level-menu-desktop")
    teacher.get_by_test_id("level-menu-solution").click()
    panel = teacher.get_by_test_id("program-dialog")
    expect(panel.get_by_test_id("program-title")).to_have_text(re.compile(r"^Level 13: .+ · Solution$"))
    expect(panel.get_by_test_id("run-summary")).to_have_text(re.compile(r"^Our solution · score 20/20 · 2 blocks"))
    expect(panel.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(2)
    expect(panel.get_by_test_id("program-python")).to_contain_text("my_van.move_forwards()")
    expect(panel.get_by_test_id("show-latest")).to_be_hidden()
    panel.get_by_test_id("replay").click()
    expect(panel.get_by_test_id("replay-status")).to_have_attribute("data-state", "done", timeout=15_000)
    expect(panel.get_by_test_id("replay-status")).to_contain_text("delivered")
    shot(teacher, "solution-desktop")
    teacher.keyboard.press("Escape")
    expect(teacher.get_by_test_id("level-menu-13")).to_be_focused()

    # Eli's attempts at level 13, newest first; the first one replays.
    pupil_row(teacher, "Eli").get_by_test_id("cell-13").get_by_role("button").click()
    attempts = panel.get_by_test_id("attempt")
    expect(attempts).to_have_count(3)
    expect(attempts.nth(0)).to_have_attribute("data-success", "true")
    expect(attempts.nth(2)).to_have_attribute("data-success", "false")
    expect(panel.get_by_test_id("show-latest")).to_have_attribute("aria-pressed", "true")
    attempts.nth(2).click()
    expect(attempts.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(panel.get_by_test_id("show-latest")).to_have_attribute("aria-pressed", "false")
    expect(panel.get_by_test_id("run-summary")).to_have_text(re.compile(r"^Attempt · score 0/20 · 1 block · today"))
    expect(panel.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(1)
    panel.get_by_test_id("replay").click()
    expect(panel.get_by_test_id("replay-status")).to_have_attribute("data-state", "done", timeout=15_000)
    expect(panel.get_by_test_id("replay-status")).to_contain_text("did not deliver")
    attempts.nth(1).click()
    expect(panel.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(5)
    shot(teacher, "attempts-desktop")
    assert_clean(check(teacher, "a pupil's attempts"))
    assert problems == [], problems


def test_open_episodes_one_to_three_and_lock_the_rest_in_one_step(context):
    teacher_context = context()
    _, one, _ = teacher_with_class(teacher_context, ["Fay"], "6L")
    locks = f"/api/classes/{one['id']}/locks"
    assert call(teacher_context, "PUT", locks, {"episodes": [2], "levels": ["14"]})[0] == 200
    episodes = [episode["number"] for episode in call(teacher_context, "GET", "/api/router/episodes")[1]["episodes"]]
    teacher = teacher_context.new_page()
    problems = watch_errors(teacher)
    open_dashboard(teacher)
    picker = teacher.get_by_test_id("episode-select")
    expect(picker.locator('option[value="2"]')).to_have_text(re.compile(r"^2: .+ \(locked\)$"))

    teacher.get_by_test_id("setup-last").select_option("3")
    expect(teacher.get_by_test_id("setup-apply")).to_have_text("Open 1 to 3, lock the rest")
    with teacher.expect_response(lambda response: response.url.endswith(locks) and response.request.method == "PUT") as put:
        teacher.get_by_test_id("setup-apply").click()
    assert put.value.ok
    expect(teacher.get_by_test_id("message")).to_have_text(f"Episodes 1 to 3 are open to this class; 4 to {max(episodes)} are locked.")
    assert call(teacher_context, "GET", locks)[1] == {"episodes": [n for n in episodes if n > 3], "levels": ["14"]}
    for number in episodes:
        option = picker.locator(f'option[value="{number}"]')
        expect(option).to_have_attribute("data-locked", "true" if number > 3 else "false")
        if number > 3:
            expect(option).to_have_text(re.compile(r" \(locked\)$"))

    # Certificates and the lesson guide of the episode on show open in tabs of their own.
    choose_episode(teacher, 3)
    with teacher.context.expect_page() as tab:
        teacher.get_by_test_id("certificates").click()
    tab.value.wait_for_url(f"**/router/certificates.html?class={one['id']}&episode=3")
    tab.value.close()
    expect(teacher.get_by_test_id("lesson-guide")).to_have_attribute("href", "/router/guide.html?episode=3")
    expect(teacher.get_by_test_id("lesson-guide")).to_have_attribute("target", "_blank")
    shot(teacher, "lesson-setup-desktop")
    assert problems == [], problems
