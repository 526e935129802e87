"""An automated accessibility check (axe-core, through axe-playwright-python, which carries axe's
script in its wheel, so it works offline) of every page in a state a visitor meets: the home page,
Tic-tac-toe's setup, a game under way, its "are you sure?" question and a won game, a Pentomino
puzzle with a tile picked up, the Maze after a run, the Posts reader after its first sync with a
post, an album and a photo open, Rapid Router's level select, levels with every kind of block and a
result, the Python tab, the level designer, and the "page not found" page.

Each check fails on any violation axe rates "serious" or "critical" (unreadable contrast, buttons
or fields without a name, ARIA that contradicts itself…) and prints every one with its rule, its
help text and the elements it found, so the failure says what to fix. Lesser findings are printed
too (pytest -s) but do not fail the test. Console errors fail the test as everywhere else."""
import json
import os
import re
import secrets

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import browsing, watch_errors
from test_classroom import fill_sign_up, make_class
from test_router import solve_before
from test_tictactoe import press_start

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILING = ("serious", "critical")
AXE = Axe()
SHOWN_NODES = 6  # explained in full; the rest by name only (a 60-square board is one finding)


# ---- helpers -----------------------------------------------------------------------------------
@pytest.fixture
def visitor(browser, server):
    """A desktop page (1280×860) whose console errors fail the test."""
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.problems = watch_errors(page)
    yield page
    problems = list(page.problems)
    context.close()
    assert problems == [], problems


def describe(violations):
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}  [{violation['helpUrl']}]")
        nodes = violation["nodes"]
        for node in nodes[:SHOWN_NODES]:
            why = " ".join(line.strip() for line in node.get("failureSummary", "").splitlines()[1:])
            lines.append(f"    {' '.join(map(str, node['target']))}: {why}")
        if len(nodes) > SHOWN_NODES:
            rest = ", ".join(" ".join(map(str, node["target"])) for node in nodes[SHOWN_NODES:])
            lines.append(f"    and the same for {rest}")
    return "\n".join(lines)


def check(page, state):
    """Runs axe on the page as it is now; returns the serious and critical violations, described."""
    results = AXE.run(page)
    violations = results.response["violations"]
    if violations:
        print(f"\n-- {state}:\n{describe(violations)}")
    failing = [violation for violation in violations if violation["impact"] in FAILING]
    return f"{state}:\n{describe(failing)}" if failing else ""


def assert_clean(*reports):
    reports = [report for report in reports if report]
    assert not reports, "serious or critical accessibility problems\n" + "\n".join(reports)


# ---- tests -------------------------------------------------------------------------------------
def test_home_page(visitor):
    visitor.goto("/")
    expect(visitor.get_by_test_id("card-maze")).to_be_visible()
    assert_clean(check(visitor, "home"))


def test_not_found_page(visitor):
    response = visitor.goto("/no-such-page/")
    assert response.status == 404
    visitor.problems.clear()  # the browser logs the 404 itself; that is this page's point
    assert_clean(check(visitor, "404 page"))


def test_tictactoe_setup_and_a_game(visitor):
    visitor.goto("/tictactoe/")
    expect(visitor.get_by_test_id("start")).to_be_visible()
    setup = check(visitor, "tictactoe setup")
    press_start(visitor, "Ann", "Bob")
    visitor.get_by_test_id("cell-1-1").click()
    expect(visitor.get_by_test_id("cell-1-1")).to_have_text("X")
    visitor.get_by_test_id("cell-1-1").click()  # taken: the status line says so (a problem)
    expect(visitor.get_by_test_id("message")).to_contain_text("not empty")
    game = check(visitor, "tictactoe game")
    # "Start a new game?" asked over the unfinished game (the shared ask dialog).
    visitor.get_by_test_id("new-game").click()
    visitor.get_by_test_id("start").click()
    expect(visitor.get_by_role("dialog")).to_be_visible()
    asking = check(visitor, "tictactoe asks before a new game")
    visitor.get_by_role("button", name="Keep playing").click()
    for row, col in [(0, 0), (0, 1), (2, 2)]:  # O, X, O; then X's middle column wins
        visitor.get_by_test_id(f"cell-{row}-{col}").click()
        expect(visitor.get_by_test_id(f"cell-{row}-{col}")).not_to_have_text("")
    visitor.get_by_test_id("cell-2-1").click()
    expect(visitor.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")
    assert_clean(setup, game, asking, check(visitor, "tictactoe won"))


def test_pentomino_puzzle(visitor):
    visitor.goto("/pentomino/")
    expect(visitor.get_by_test_id("cell-5-9")).to_be_visible()
    expect(visitor.get_by_test_id("tile-F")).to_be_visible()
    puzzle = check(visitor, "pentomino puzzle")
    visitor.get_by_test_id("tile-F").focus()
    visitor.keyboard.press("Enter")  # picked up with the keyboard: it floats over the board
    expect(visitor.get_by_test_id("message")).to_contain_text("picked up")
    assert_clean(puzzle, check(visitor, "pentomino tile picked up"))


def test_maze_after_a_run(visitor):
    visitor.goto("/maze/")
    visitor.get_by_test_id("seed").fill("7")
    visitor.get_by_test_id("width").fill("15")
    visitor.get_by_test_id("height").fill("15")
    visitor.get_by_test_id("latency").select_option("none")
    visitor.get_by_test_id("generate").click()
    expect(visitor.get_by_test_id("message")).to_contain_text("Explored all", timeout=20_000)
    assert_clean(check(visitor, "maze after a run"))


def test_posts_after_the_first_sync_with_a_post_open(visitor):
    visitor.goto("/posts/")
    rows = visitor.get_by_test_id("post-row")
    expect(rows).to_have_count(100, timeout=30_000)
    rows.first.get_by_test_id("post-link").click()
    expect(visitor.get_by_test_id("post-heading")).to_be_visible()
    post_open = check(visitor, "posts with a post open")
    visitor.get_by_test_id("album-toggle").first.click()
    thumb = visitor.get_by_test_id("thumb").first
    expect(thumb).to_have_class(re.compile(r"\bloaded\b"))
    album = check(visitor, "posts with an album open")
    thumb.click()
    expect(visitor.get_by_test_id("photo-dialog")).to_be_visible()
    assert_clean(post_open, album, check(visitor, "posts photo dialog"))


def test_router_level_select_a_level_with_blocks_and_the_python_tab(visitor):
    player = "a11y" + secrets.token_hex(8)
    visitor.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
    visitor.goto("/router/")
    expect(visitor.locator("body[data-ready=true]")).to_have_count(1)
    level_select = check(visitor, "router level select")

    visitor.get_by_test_id("level-1").click()
    expect(visitor.get_by_test_id("map").locator("svg")).to_be_visible()
    for _ in range(3):
        visitor.get_by_test_id("palette-move_forwards").click()
    blocks = check(visitor, "router level 1 with blocks")
    visitor.get_by_test_id("speed").select_option("fast")
    visitor.get_by_test_id("play").click()
    expect(visitor.get_by_test_id("result")).to_be_visible(timeout=30_000)
    result = check(visitor, "router level 1 result")
    # The status line speaks the result but hides from sight while the card shows the same words;
    # the next thing said shows it again.
    message = visitor.get_by_test_id("message")
    expect(message).to_contain_text(visitor.get_by_test_id("result-title").text_content())
    expect(message).to_have_class(re.compile(r"\bheard-only\b"))
    visitor.get_by_test_id("reset").click()
    expect(message).to_have_text("Back at the depot.")
    expect(message).not_to_have_class(re.compile(r"\bheard-only\b"))

    # Every kind of block: loops, conditions and "if" (level 49), procedures (level 44).
    solve_before(visitor, player, "51")
    visitor.goto("/router/")
    visitor.reload()  # the level select learns of the solved levels
    expect(visitor.locator("body[data-ready=true]")).to_have_count(1)
    visitor.get_by_test_id("level-49").click()
    for block in ["controls_repeat_until", "at_destination", "controls_if", "road_exists", "move_forwards"]:
        visitor.get_by_test_id(f"palette-{block}").click()
    loops = check(visitor, "router level 49: loops and conditions")
    visitor.get_by_test_id("to-levels").click()
    visitor.get_by_test_id("level-44").click()
    for block in ["declare_proc", "call_proc", "move_forwards"]:
        visitor.get_by_test_id(f"palette-{block}").click()
    procedures = check(visitor, "router level 44: procedures")
    visitor.get_by_test_id("to-levels").click()
    visitor.get_by_test_id("level-51").click()
    expect(visitor.get_by_test_id("python-tab")).to_be_visible()
    expect(visitor.get_by_test_id("python-code")).to_be_visible()
    assert_clean(level_select, blocks, result, loops, procedures, check(visitor, "router python tab"))


def test_router_designer(visitor):
    visitor.goto("/router/designer.html")
    expect(visitor.locator("body[data-ready=true]")).to_have_count(1)
    assert_clean(check(visitor, "router designer"))


# ---- the boards' structure and the status line ---------------------------------------------------
def test_tictactoe_board_is_a_grid_of_three_rows_and_the_arrow_keys_still_move(visitor):
    visitor.goto("/tictactoe/")
    board = visitor.get_by_role("grid", name="TicTacToe board")
    rows = board.get_by_role("row")
    expect(rows).to_have_count(3)
    for index in range(3):
        expect(rows.nth(index).get_by_role("gridcell")).to_have_count(3)
    expect(rows.nth(1).get_by_role("gridcell").nth(2)).to_have_accessible_name("Row 2, column 3: empty")
    press_start(visitor, "Ann", "Bob")
    expect(visitor.get_by_test_id("cell-0-0")).to_be_focused()
    visitor.keyboard.press("ArrowDown")
    expect(visitor.get_by_test_id("cell-1-0")).to_be_focused()
    visitor.keyboard.press("ArrowLeft")  # wraps round to the row's end
    expect(visitor.get_by_test_id("cell-1-2")).to_be_focused()
    visitor.keyboard.press("Enter")
    expect(board.get_by_role("gridcell", name="Row 2, column 3: X")).to_be_visible()


def test_pentomino_board_is_a_table_of_rows_a_screen_reader_can_read(visitor):
    visitor.goto("/pentomino/?board=6x10")
    expect(visitor.get_by_test_id("cell-5-9")).to_be_visible()
    board = visitor.get_by_role("table", name="Board")
    rows = board.get_by_role("row")
    expect(rows).to_have_count(6)
    expect(rows.first.get_by_role("cell")).to_have_count(10)
    expect(rows.nth(5).get_by_role("cell").nth(9)).to_have_accessible_name("Row 6, column 10: empty")


def test_the_status_line_says_a_thing_once_and_keeps_its_look(visitor):
    """Screen readers read the status line (a live region) whenever it changes, so a redraw must
    not write the same words into it again; a problem looks like one, news does not."""
    visitor.goto("/tictactoe/")
    press_start(visitor, "Ann", "Bob")
    visitor.get_by_test_id("cell-1-1").click()
    expect(visitor.get_by_test_id("cell-1-1")).to_have_text("X")
    visitor.get_by_test_id("cell-1-1").click()
    message = visitor.get_by_test_id("message")
    expect(message).to_have_text("Illegal move, (1, 1) is not empty.")
    expect(message).not_to_have_class(re.compile(r"\binfo\b"))
    visitor.evaluate("""() => {
        window.rewrites = 0;
        new MutationObserver((records) => { window.rewrites += records.length; })
            .observe(document.getElementById("message"), { childList: true, subtree: true, characterData: true });
    }""")
    visitor.get_by_test_id("new-game").click()  # the page redraws on each of these
    visitor.get_by_test_id("name-x").press_sequentially("ie")
    visitor.get_by_test_id("back-to-game").click()
    expect(visitor.get_by_test_id("board")).to_be_visible()
    assert visitor.evaluate("window.rewrites") == 0
    expect(message).to_have_text("Illegal move, (1, 1) is not empty.")

    visitor.goto("/maze/")
    visitor.get_by_test_id("width").fill("4")  # too small: a problem, said before anything starts
    visitor.get_by_test_id("generate").click()
    expect(message).not_to_be_empty()
    expect(message).not_to_have_class(re.compile(r"\binfo\b"))
    visitor.get_by_test_id("width").fill("15")
    visitor.get_by_test_id("height").fill("15")
    visitor.get_by_test_id("latency").select_option("none")
    visitor.get_by_test_id("generate").click()
    expect(message).to_contain_text("Explored all", timeout=20_000)
    expect(message).to_have_class(re.compile(r"\binfo\b"))


def test_phone_layouts(browser, server):
    """On a phone several pages lay out differently (the posts detail replaces the list, the
    router's controls wrap and its Sound button shortens): the same check there."""
    with browsing(browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)) as page:
        reports = []
        page.goto("/")
        expect(page.get_by_test_id("card-maze")).to_be_visible()
        reports.append(check(page, "phone: home"))
        page.goto("/posts/")
        expect(page.get_by_test_id("post-row")).to_have_count(100, timeout=30_000)
        reports.append(check(page, "phone: posts list"))
        page.get_by_test_id("post-row").first.get_by_test_id("post-link").click()
        expect(page.get_by_test_id("post-heading")).to_be_visible()
        reports.append(check(page, "phone: posts detail"))
        page.goto("/router/")
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        page.get_by_test_id("level-1").click()
        expect(page.get_by_test_id("map").locator("svg")).to_be_visible()
        page.get_by_test_id("palette-move_forwards").click()
        reports.append(check(page, "phone: router level 1"))
        page.goto("/router/designer.html")
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        reports.append(check(page, "phone: router designer"))
        page.goto("/tictactoe/")
        reports.append(check(page, "phone: tictactoe"))
    assert_clean(*reports)


def classroom_states(page, where):
    """The classroom's pages as a teacher and a pupil meet them (no wrong passwords: failed sign-ins
    are counted per address on the shared server): signed out, my classes with an archived one, a
    class with new passwords, the "are you sure?" question, the login cards, and Rapid Router's
    class sign-in dialog, signed out and signed in."""
    import uuid
    reports = []
    page.goto("/classroom/")
    expect(page.get_by_test_id("sign-up-form")).to_be_visible()
    page.get_by_test_id("sign-up").click()  # empty: the form says what to fill in
    expect(page.get_by_test_id("sign-up-error")).not_to_be_empty()
    reports.append(check(page, f"{where}classroom signed out"))
    fill_sign_up(page, "Ms Rivera", f"a11y-{uuid.uuid4().hex[:8]}@school.org")
    for name in ("Old club", "5B"):
        make_class(page, name)
    page.get_by_test_id("class-item").filter(has_text="Old club").get_by_test_id("archive").click()
    page.get_by_test_id("ask-yes").click()
    expect(page.get_by_test_id("archived")).to_be_visible()
    page.get_by_test_id("archived").locator("summary").click()
    page.get_by_test_id("account").locator("summary").click()
    reports.append(check(page, f"{where}classroom my classes"))
    code = page.get_by_test_id("class-item").filter(has_text="5B").get_by_test_id("class-code").inner_text()
    page.get_by_test_id("class-item").filter(has_text="5B").get_by_test_id("open-class").click()
    page.get_by_test_id("pupil-names").fill("Ann Smith\nBob K")
    page.get_by_test_id("add-pupils").click()
    expect(page.get_by_test_id("new-password-row")).to_have_count(2)
    password = page.get_by_test_id("shown-password").first.inner_text()
    reports.append(check(page, f"{where}classroom a class with new passwords"))
    page.get_by_test_id("pupil").first.get_by_test_id("remove-pupil").click()
    expect(page.get_by_test_id("ask")).to_be_visible()
    reports.append(check(page, f"{where}classroom asks before removing a pupil"))
    page.get_by_test_id("ask-no").click()
    with page.context.expect_page() as opened:
        page.get_by_test_id("print-cards").click()
    cards = opened.value
    cards.problems = watch_errors(cards)
    expect(cards.get_by_test_id("login-card")).to_have_count(2)
    reports.append(check(cards, f"{where}login cards"))
    assert cards.problems == [], cards.problems
    cards.close()
    page.get_by_test_id("sign-out").click()
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    page.get_by_test_id("class-sign-in").click()
    page.get_by_test_id("class-sign-in-submit").click()  # empty: the dialog says what to fill in
    expect(page.get_by_test_id("class-sign-in-error")).not_to_be_empty()
    reports.append(check(page, f"{where}router class sign-in"))
    page.get_by_test_id("class-code-input").fill(code.lower())
    page.get_by_test_id("pupil-name-input").fill("Ann Smith")
    page.get_by_test_id("pupil-password-input").fill(password)
    page.get_by_test_id("class-sign-in-submit").click()
    expect(page.get_by_test_id("class-signed-in")).to_have_text("Signed in as Ann Smith")
    reports.append(check(page, f"{where}router signed in to a class"))
    page.get_by_test_id("class-close").click()
    reports.append(check(page, f"{where}router level select, a pupil signed in"))
    return reports


def test_classroom_pages_and_the_pupils_sign_in(visitor):
    assert_clean(*classroom_states(visitor, ""))


def test_classroom_pages_on_a_phone(browser, server):
    with browsing(browser.new_context(base_url=server, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)) as page:
        reports = classroom_states(page, "phone: ")
    assert_clean(*reports)
