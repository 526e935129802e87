"""The teacher's dashboard (/router/teacher.html) as a teacher and their pupils meet it: a pupil's
finished level shows on the teacher's open scoreboard within a second; the teacher opens the
pupil's program (blocks, Python, a replay of the run); the CSV has the pupil's row; a signed-out
visitor or a pupil is sent to the Classroom page; a pupil's first sign-in offers to keep what this
browser played before. Screenshots at desktop, tablet (touch) and phone go to /tmp/shots-teacher.

The classroom tests' own server (sign-in failures are counted per address; see test_classroom)."""
import csv
import io
import os
import re
import time

from playwright.sync_api import expect

from conftest import watch_errors
from test_accessibility import assert_clean, check
from test_classroom import PASSWORD, add_pupils, classroom_server, fill_sign_in, make_class, open_page, sign_up  # noqa: F401 (fixtures)
from test_classroom_progress import sign_in_on_router
from test_router import add, new_player, open_level, open_router, play_and_wait

SHOTS = "/tmp/shots-teacher"


def shot(page, name, full_page=False):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full_page)


def fits(page):
    """Nothing sticks out sideways. Measured against the screen's own width: a phone browser widens
    its layout (window.innerWidth too) to fit what sticks out, so that would hide the problem."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= page.viewport_size["width"], f"the page is {wide}px wide on a {page.viewport_size['width']}px screen"


def sign_in_teacher(page, email):
    page.goto("/classroom/")
    fill_sign_in(page, email)
    expect(page.get_by_test_id("classes-view")).to_be_visible()


def class_with_pupils(teacher, class_name, names):
    """Signs a new teacher up and makes a class with `names`: (email, class code, {name: password})."""
    email = sign_up(teacher)
    item = make_class(teacher, class_name)
    code = item.get_by_test_id("class-code").inner_text()
    item.get_by_test_id("open-class").click()
    return email, code, add_pupils(teacher, names)


def open_dashboard(page):
    page.goto("/router/teacher.html")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)


# Records (as `window.shownAt`, ms since the epoch) the moment the named pupil's level-1 cell first
# says played, however the scoreboard redraws it.
SHOWN_AT_WATCH = """(name) => {
  window.shownAt = null;
  const played = () => [...document.querySelectorAll('[data-testid="pupil-row"]')]
    .find((row) => row.querySelector('[data-testid="pupil-name"]')?.textContent.trim() === name)
    ?.querySelector('[data-testid="cell-1"]')?.dataset.played === "true";
  new MutationObserver((_, observer) => {
    if (!played()) return;
    window.shownAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""

# When the pupil's page received the answer to its level-1 run (ms since the epoch).
RUN_ANSWERED_AT = """() => {
  const run = performance.getEntriesByType("resource").filter((e) => /\\/api\\/router\\/levels\\/1\\/runs$/.test(e.name)).pop();
  return run ? performance.timeOrigin + run.responseEnd : null;
}"""


def pupil_row(page, name):
    return page.get_by_test_id("pupil-row").filter(has=page.get_by_test_id("pupil-name").get_by_text(name, exact=True))


def finish_level_one(page):
    open_level(page, "1")
    add(page, "move_forwards", 2)
    with page.expect_response(re.compile(r"/api/router/levels/1/runs$")) as run:
        play_and_wait(page)
    assert run.value.ok
    expect(page.get_by_test_id("result")).to_have_attribute("data-success", "true")


def test_a_pupils_finished_level_shows_live_and_the_teacher_replays_their_program(open_page):
    teacher = open_page()
    teacher_problems = watch_errors(teacher)
    email, code, passwords = class_with_pupils(teacher, "5T", ["Ada Lovelace", "Ben", "Cleo"])
    open_dashboard(teacher)
    expect(teacher.get_by_test_id("pupil-row")).to_have_count(3)
    expect(teacher.get_by_test_id("pupil-name")).to_have_text(["Ada Lovelace", "Ben", "Cleo"])
    expect(teacher.get_by_test_id("live")).to_have_attribute("data-state", "live")
    ada = pupil_row(teacher, "Ada Lovelace")
    # Never played: visibly empty, not a zero.
    expect(ada.get_by_test_id("cell-1")).to_have_attribute("data-played", "false")
    expect(ada.get_by_test_id("cell-1")).to_have_text("not played yet")  # screen readers only; nothing shows
    expect(ada.get_by_test_id("cell-1").get_by_role("button")).to_have_count(0)

    # A pupil on a tablet finishes level 1; the teacher's open scoreboard shows it within a second.
    pupil = open_page("tablet")
    pupil_problems = watch_errors(pupil)
    sign_in_on_router(pupil, code, "Ada Lovelace", passwords["Ada Lovelace"])
    expect(pupil.get_by_test_id("teacher-link")).to_be_hidden()  # pupils get no dashboard link
    # The moments are the pages' own (the pupil's run answered, the teacher's cell changed), on the
    # machine's one clock: polling from here steps 100, 250, 500, 1000 ms apart and once read a
    # prompt update as a late one.
    teacher.evaluate(SHOWN_AT_WATCH, "Ada Lovelace")
    finish_level_one(pupil)
    cell = ada.get_by_test_id("cell-1")
    expect(cell).to_have_attribute("data-played", "true", timeout=3000)
    answered = pupil.evaluate(RUN_ANSWERED_AT)
    shown = teacher.evaluate("() => window.shownAt")
    assert answered and shown, (answered, shown)
    assert shown - answered < 1500, f"the scoreboard showed the run {shown - answered:.0f} ms after it was answered (a second, and a little slack)"
    expect(cell.get_by_test_id("cell-best")).to_have_text("20/20")
    expect(cell).to_have_attribute("data-solved", "true")
    expect(cell.get_by_role("button")).to_have_attribute("aria-label", re.compile(r"best 20 out of 20, 3 stars, 1 attempt, .* spent, last played today"))
    expect(ada.get_by_test_id("pupil-total")).to_contain_text("1 solved")
    expect(teacher.get_by_test_id("level-total-1")).to_contain_text("1/3 solved")
    expect(pupil_row(teacher, "Ben").get_by_test_id("cell-1")).to_have_attribute("data-played", "false")

    # She tries again with one block too few: the latest run fails, the best stays.
    pupil.get_by_test_id("close-result").click()
    pupil.get_by_test_id("clear-program").click()
    add(pupil, "move_forwards", 1)
    play_and_wait(pupil)
    expect(pupil.get_by_test_id("result")).to_have_attribute("data-success", "false")
    expect(cell.get_by_role("button")).to_have_attribute("aria-label", re.compile(r"best 20 out of 20, 3 stars, 2 attempts"))
    expect(cell.get_by_test_id("cell-best")).to_have_text("20/20")
    shot(teacher, "dashboard-desktop")
    board_report = check(teacher, "the scoreboard")

    # The pupil's program: blocks (read only) and Python, the score, and the run replayed on the map.
    cell.get_by_role("button").press("Enter")
    panel = teacher.get_by_test_id("program-dialog")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("program-title")).to_have_text(re.compile(r"^Ada Lovelace · Level 1: "))
    expect(panel.get_by_test_id("show-latest")).to_have_attribute("aria-pressed", "true")
    expect(panel.get_by_test_id("run-summary")).to_contain_text("Latest run · score 0/20 · 1 block")
    expect(panel.get_by_test_id("run-outcome")).to_have_attribute("data-success", "false")
    expect(panel.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(1)
    panel.get_by_test_id("show-best").click()
    expect(panel.get_by_test_id("run-summary")).to_contain_text("Best run · score 20/20 · 2 blocks")
    expect(panel.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(2)
    expect(panel.get_by_test_id("program-blocks").locator(".row")).to_have_count(3)  # Start and the two moves
    expect(panel.get_by_test_id("program-python")).to_contain_text("my_van.move_forwards()")
    expect(panel.get_by_test_id("replay-map").locator("svg")).to_be_visible()
    panel.get_by_test_id("replay").click()
    expect(panel.get_by_test_id("replay-status")).to_have_attribute("data-state", "playing")
    expect(panel.locator(".block.running")).to_have_count(1)  # the block that is driving is marked
    expect(panel.get_by_test_id("replay-status")).to_have_attribute("data-state", "done", timeout=15_000)
    expect(panel.get_by_test_id("replay-status")).to_contain_text("delivered")
    expect(panel.locator(".house.delivered")).to_have_count(1)
    shot(teacher, "program-panel-desktop")
    assert_clean(board_report, check(teacher, "the program panel"))
    teacher.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(cell.get_by_role("button")).to_be_focused()

    # Tablet (touch) and phone: the same scoreboard, the names stay in view, the table scrolls sideways.
    for size in ("tablet", "phone"):
        other = open_page(size)
        other_problems = watch_errors(other)
        sign_in_teacher(other, email)
        open_dashboard(other)
        row = pupil_row(other, "Ada Lovelace")
        expect(row.get_by_test_id("cell-1").get_by_test_id("cell-best")).to_have_text("20/20")
        fits(other)
        shot(other, f"dashboard-{size}")
        if size == "phone":
            other.get_by_test_id("board-scroll").evaluate("node => { node.scrollLeft = 300; }")
            name = row.get_by_test_id("pupil-name")
            box, scroller = name.bounding_box(), other.get_by_test_id("board-scroll").bounding_box()
            assert abs(box["x"] - scroller["x"]) < 3, "the pupil's name stays at the left while the table scrolls"
            shot(other, "dashboard-phone-scrolled")
            row.get_by_test_id("cell-1").get_by_role("button").tap()
            expect(other.get_by_test_id("program-blocks").get_by_test_id("block")).to_have_count(1)  # the latest run
            fits(other)
            shot(other, "program-panel-phone")
            other.get_by_test_id("program-dialog").evaluate("node => { node.scrollTop = node.scrollHeight; }")
            expect(other.get_by_test_id("program-close")).to_be_in_viewport()
            shot(other, "program-panel-phone-scrolled")
            other.get_by_test_id("program-close").tap()
        assert other_problems == [], other_problems

    # The pupil cannot use the dashboard: it sends them back to play.
    open_dashboard(pupil)
    expect(pupil.get_by_test_id("not-teacher-text")).to_contain_text("signed in as Ada Lovelace, a pupil")
    expect(pupil.get_by_test_id("dashboard")).to_be_hidden()
    assert teacher_problems == [], teacher_problems
    assert pupil_problems == [], pupil_problems


def test_the_csv_download_has_each_pupils_row_and_the_chosen_class_is_remembered(open_page):
    teacher = open_page()
    problems = watch_errors(teacher)
    _, code, passwords = class_with_pupils(teacher, "CSV class", ["Dev", "Eve"])
    teacher.goto("/classroom/")
    make_class(teacher, "Empty class")
    pupil = open_page()
    sign_in_on_router(pupil, code, "Eve", passwords["Eve"])
    finish_level_one(pupil)

    open_dashboard(teacher)
    teacher.get_by_test_id("class-select").select_option(label="CSV class")
    expect(pupil_row(teacher, "Eve").get_by_test_id("cell-1")).to_have_attribute("data-played", "true")
    with teacher.expect_download() as download:
        teacher.get_by_test_id("csv").click()
    assert download.value.suggested_filename.endswith(".csv")
    with open(download.value.path(), encoding="utf-8") as handle:
        rows = list(csv.reader(io.StringIO(handle.read())))
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) >= {"Dev", "Eve"}, rows
    assert "20" in by_name["Eve"], by_name["Eve"]

    # The last choice is remembered; a class without pupils says where to add them.
    csv_class = teacher.get_by_test_id("class-select").input_value()
    teacher.get_by_test_id("episode-select").select_option("2")
    expect(teacher.get_by_test_id("board-title")).to_have_text("CSV class: Episode 2")
    teacher.goto("/router/teacher.html")
    expect(teacher.get_by_test_id("board-title")).to_have_text("CSV class: Episode 2")
    teacher.get_by_test_id("class-select").select_option(label="Empty class")
    expect(teacher.get_by_test_id("no-pupils")).to_be_visible()
    expect(teacher.get_by_test_id("no-pupils").get_by_role("link")).to_have_attribute("href", re.compile(r"^/classroom/#class="))
    # The Classroom page links a class by its address.
    teacher.goto(f"/router/teacher.html#class={csv_class}")
    expect(teacher.get_by_test_id("board-title")).to_have_text(re.compile(r"^CSV class: Episode"))
    expect(teacher.get_by_test_id("pupil-row")).to_have_count(2)
    assert problems == [], problems


def test_a_signed_out_visitor_is_sent_to_the_classroom_page(open_page):
    page = open_page("phone")
    problems = watch_errors(page)
    open_dashboard(page)
    expect(page.get_by_test_id("not-teacher")).to_be_visible()
    expect(page.get_by_test_id("sign-in-link")).to_have_attribute("href", "/classroom/")
    expect(page.get_by_test_id("dashboard")).to_be_hidden()
    shot(page, "signed-out-phone")
    page.get_by_test_id("sign-in-link").tap()
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
    assert problems == [], problems


def test_a_pupils_first_sign_in_offers_to_keep_this_browsers_levels(open_page):
    teacher = open_page()
    _, code, passwords = class_with_pupils(teacher, "Claims", ["Finn", "Gus"])

    # Finn played level 1 on this browser before signing in: Keep saves it to his account.
    laptop = open_page()
    problems = watch_errors(laptop)
    open_router(laptop, new_player())
    finish_level_one(laptop)
    laptop.get_by_test_id("to-levels").click()
    expect(laptop.get_by_test_id("level-1")).to_have_attribute("data-solved", "true")
    sign_in_on_router(laptop, code, "Finn", passwords["Finn"])
    offer = laptop.get_by_test_id("ask")
    expect(offer).to_contain_text("Keep the 1 level this browser has done? They will be saved to Finn's account.")
    shot(laptop, "claim-offer-desktop")
    offer.get_by_test_id("ask-yes").click()
    expect(laptop.get_by_test_id("message")).to_contain_text("saved to your account")
    expect(laptop.get_by_test_id("level-1")).to_have_attribute("data-solved", "true")
    # It is the account's now: the teacher sees it on the scoreboard.
    open_dashboard(teacher)
    expect(pupil_row(teacher, "Finn").get_by_test_id("cell-1").get_by_test_id("cell-best")).to_have_text("20/20")
    assert problems == [], problems

    # Gus says "No thanks": the question never comes back for him on this browser.
    tablet = open_page("tablet")
    tablet_problems = watch_errors(tablet)
    tablet_player = new_player()
    open_router(tablet, tablet_player)
    finish_level_one(tablet)
    sign_in_on_router(tablet, code, "Gus", passwords["Gus"])
    expect(tablet.get_by_test_id("ask")).to_be_visible()
    tablet.get_by_test_id("ask-no").tap()
    expect(tablet.get_by_test_id("ask")).to_have_count(0)
    # On a busy server this browser's anonymous progress can answer after Gus's own: hold it back
    # a second so that order is certain. The late answer must not paint his level select.
    held = []

    def hold_anonymous_progress(route):
        held.append(route.request.url)
        time.sleep(1)
        route.continue_()

    tablet.route(f"**/api/router/players/{tablet_player}/progress*", hold_anonymous_progress)
    tablet.reload()
    expect(tablet.get_by_test_id("class-sign-in")).to_have_attribute("data-user", "Gus")
    expect(tablet.get_by_test_id("level-1")).not_to_have_attribute("data-solved", "true")  # the account's own progress
    tablet.wait_for_load_state("networkidle")
    assert held, "the anonymous progress was fetched and held back"
    expect(tablet.get_by_test_id("level-1")).not_to_have_attribute("data-solved", "true")
    expect(tablet.get_by_test_id("ask")).to_have_count(0)
    assert tablet_problems == [], tablet_problems


def test_the_dashboard_says_when_it_is_not_live_and_comes_back_by_itself(browser):
    """The server stops while the dashboard is open: the banner says so and the live line stops
    claiming "Live"; once the server is back, the page is live again without a reload."""
    import json
    import shutil
    import tempfile

    from conftest import start_server

    data = tempfile.mkdtemp(prefix="tessera-dashboard-gone-")
    process, port = start_server(data)
    base = f"http://127.0.0.1:{port}"
    context = browser.new_context(base_url=base)
    try:
        page = context.new_page()
        headers = {"Content-Type": "application/json", "Origin": base}
        page.request.post(base + "/api/auth/teachers", headers=headers,
                          data=json.dumps({"name": "Ms Away", "email": "away@school.org", "password": PASSWORD}))
        token = next(c["value"] for c in context.cookies() if c["name"] == "tessera_csrf")
        page.request.post(base + "/api/classes", headers={**headers, "X-CSRF-Token": token}, data=json.dumps({"name": "Away"}))
        page.goto("/router/teacher.html")
        expect(page.get_by_test_id("live")).to_contain_text("Live")
        process.terminate()
        process.wait(timeout=10)
        expect(page.get_by_test_id("live")).to_contain_text("paused", timeout=10_000)
        expect(page.get_by_text("Can't reach the game server")).to_be_visible(timeout=10_000)
        process, _ = start_server(data, "--port", str(port))
        expect(page.get_by_test_id("live")).to_contain_text("Live: scores update", timeout=20_000)
    finally:
        context.close()
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)
