"""Browser tests for Rapid Router's Python tab (issue 22, item 2, the page's side): the editor colours
keywords, strings, numbers, comments and the van's commands while the browser's own textarea keeps
the caret, undo and Tab; the Commands panel lists every `my_van` method (and print, range, len,
append) with an example that a click, a key or a tap adds to the program; the console under the
editor shows what the program printed (the run answer's "output"), empty again at each run.
Screenshots at desktop, tablet and phone sizes go to /tmp/shots-python-page/."""
import json
import os
import re
import secrets

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import browsing, checked_size_params, watch_errors
from test_router import play_and_wait, reference_program, solve_before, type_lines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = "/tmp/shots-python-page"
DESKTOP, TABLET, PHONE = (1280, 860), (1024, 768), (390, 844)
RUNS = re.compile(r"/api/router/levels/[^/]+/runs$")

# Everything the Commands panel must offer: every method of the van, read from RouterKit (its actions
# from VanAction, its questions and coordinates from PythonCompiler), so a new one is missed by no
# one, and Python's first functions and list methods.
QUERIES = ["at_dead_end", "at_destination", "at_traffic_light", "at_red_traffic_light", "at_green_traffic_light", "is_road",
           "is_road_forward", "is_road_left", "is_road_right", "is_animal_crossing", "get_current_coordinate", "get_previous_coordinate"]
PYTHON = ["print", "range", "len", "append", "pop"]


def swift(*path, target="RouterKit"):
    with open(os.path.join(ROOT, "Sources", target, *path)) as handle:
        return handle.read()


def van_methods():
    body = re.search(r"enum VanAction\b[^{]*\{(.*?)\n\}", swift("Program.swift"), re.S).group(1)
    names = []
    for case in re.findall(r"case ([^\n]+)", body):
        for part in case.split(","):
            raw = re.search(r'"(\w+)"', part)
            names.append(raw.group(1) if raw else part.strip())
    compiler = swift("PythonCompiler.swift", target="RouterPython")
    queries = re.search(r"static let simpleQueries[^=]*=\s*\[(.*?)\n\s*\]", compiler, re.S).group(1)
    names += re.findall(r'"(\w+)":', queries)
    names += re.findall(r'"(\w+)":', re.search(r"static let coordinates = \[([^\]]*)\]", compiler).group(1))
    names += re.findall(r'"(\w+)"', re.search(r"static var methods[^}]*", compiler).group(0))
    assert {"move_forwards", "wait", "at_dead_end", "get_current_coordinate", "is_road"} <= set(names), names
    return sorted(set(names) | set(QUERIES))


# ---- helpers -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def player(browser, server):
    """One player for the module who has solved every level before 56 (so 51–56 open for them)."""
    context = browser.new_context(base_url=server)
    name = "py" + secrets.token_hex(8)
    solve_before(context.new_page(), name, "56")
    context.close()
    return name


def context_for(browser, server, size):
    width, height = size
    return browser.new_context(base_url=server, viewport={"width": width, "height": height}, has_touch=size != DESKTOP)


def open_python(page, player, level="51"):
    page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
    page.goto(f"/router/#level={level}")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    expect(page.get_by_test_id("python-code")).to_be_visible()
    return page.get_by_test_id("python-code")


def shot(page, name, full=False):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=full)


def with_output(page, output):
    """Answers runs with the real server's answer plus `output` (None: the field left out)."""
    def answer(route):
        response = route.fetch()
        body = response.json()
        body.pop("output", None)
        if output is not None:
            body["output"] = output
        route.fulfill(response=response, json=body)
    page.unroute(RUNS)
    page.route(RUNS, answer)


def axe_serious(page):
    violations = Axe().run(page).response["violations"]
    return [(violation["id"], [node["target"] for node in violation["nodes"]]) for violation in violations
            if violation["impact"] in ("serious", "critical")]


# ---- colours -----------------------------------------------------------------------------------
def test_typing_a_program_colours_keywords_strings_numbers_comments_and_van_commands(browser, server, player):
    with browsing(context_for(browser, server, DESKTOP)) as page:
        code = open_python(page, player)
        colours = page.get_by_test_id("python-colours")
        code.fill("from van import Van\nmy_van = Van()\n")
        code.press("Control+End")
        type_lines(page, "# drive to the house", "for count in range(3):", "my_van.move_forwards()", "print('on my way')")
        expect(colours.locator(".py-comment")).to_have_text(["# drive to the house"])
        expect(colours.locator(".py-keyword")).to_have_text(["from", "import", "for", "in"])
        expect(colours.locator(".py-number")).to_have_text(["3"])
        expect(colours.locator(".py-string")).to_have_text(["'on my way'"])
        expect(colours.locator(".py-method")).to_have_text(["move_forwards"])
        expect(colours.locator(".py-builtin")).to_have_text(["range", "print"])
        # The coloured layer shows exactly what is in the box, and the box's own letters are see-through.
        assert colours.text_content().rstrip() == code.input_value()
        colour_of = "(node) => getComputedStyle(node).color"
        assert code.evaluate(colour_of) == "rgba(0, 0, 0, 0)"
        assert len({span.evaluate(colour_of) for span in colours.locator("span").all()}) >= 5
        # Still the browser's own textarea: Tab indents, Ctrl+Z undoes what was typed.
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        page.keyboard.type("x = 10")
        expect(code).to_have_value(re.compile(r"print\('on my way'\)\n        x = 10$"))
        expect(colours.locator(".py-number")).to_have_text(["3", "10"])
        page.keyboard.press("Control+z")
        expect(code).not_to_have_value(re.compile(r"x = 10"))
        expect(colours).not_to_contain_text("x = 10")

        # A long program: the colours scroll with the box, so the last line is drawn where it is typed.
        code.fill("from van import Van\nmy_van = Van()\n" + "my_van.move_forwards()\n" * 40 + "# the end")
        code.press("Control+End")
        last = colours.locator(".py-comment")
        expect(last).to_have_text("# the end")
        page.wait_for_function("document.querySelector('[data-testid=python-code]').scrollTop > 0")
        box, line = code.bounding_box(), last.bounding_box()
        assert box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"], (box, line)
        caret_line = page.evaluate("""() => { const area = document.querySelector('[data-testid=python-code]');
            return area.value.slice(0, area.selectionStart).split('\\n').length; }""")
        number = page.locator(f"[data-testid=python-gutter] [data-line='{caret_line}']").bounding_box()
        assert abs(number["y"] - line["y"]) < 3, (number, line)
        shot(page, "colours-desktop")


def test_the_python_view_of_the_blocks_is_coloured_too(browser, server, player):
    with browsing(context_for(browser, server, DESKTOP)) as page:
        page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
        page.goto("/router/#level=1")
        for _ in range(2):
            page.get_by_test_id("palette-move_forwards").click()
        page.get_by_test_id("pyview-toggle").click()
        view = page.get_by_test_id("pyview-code")
        expect(view.locator(".py-method")).to_have_text(["move_forwards", "move_forwards"])
        expect(view.locator(".py-keyword")).to_have_text(["from", "import"])
        expect(view).to_contain_text("my_van.move_forwards()")


# ---- Commands ----------------------------------------------------------------------------------
def test_the_commands_panel_lists_every_method_and_adds_examples_by_keyboard(browser, server, player):
    with browsing(context_for(browser, server, DESKTOP)) as page:
        code = open_python(page, player)
        code.fill("from van import Van\n\nmy_van = Van()\n\n")
        toggle = page.get_by_test_id("commands-toggle")
        panel = page.get_by_test_id("commands-panel")
        expect(toggle).to_have_attribute("aria-expanded", "false")
        expect(panel).to_be_hidden()
        toggle.focus()
        page.keyboard.press("Enter")
        expect(panel).to_be_visible()
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(toggle).to_be_focused()  # a disclosure: the panel is next in the Tab order
        page.keyboard.press("Tab")
        expect(page.get_by_test_id("commands-close")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.get_by_test_id("command-move_forwards")).to_be_focused()
        listed = panel.locator("[data-testid=command]").evaluate_all("(items) => items.map((item) => item.dataset.name)")
        expected = van_methods() + PYTHON
        assert sorted(listed) == sorted(expected), (sorted(set(expected) - set(listed)), sorted(set(listed) - set(expected)))
        for name in expected:  # each with its example and what it does
            item = panel.locator(f"[data-testid=command][data-name={name}]")
            expect(item.locator("code")).to_contain_text(name)
            expect(item.locator(".command-says")).not_to_be_empty()
        expect(page.get_by_test_id("command-turn_left")).to_have_accessible_name("Add my_van.turn_left()")
        expect(page.get_by_test_id("command-turn_left")).to_have_accessible_description(re.compile("Turns left"))
        # With no cursor placed yet, an example goes at the end of the program; the keyboard stays on it.
        page.keyboard.press("Enter")
        expect(code).to_have_value("from van import Van\n\nmy_van = Van()\n\nmy_van.move_forwards()")
        expect(page.get_by_test_id("commands-status")).to_have_text("Added my_van.move_forwards() on line 5.")
        expect(page.get_by_test_id("command-move_forwards")).to_be_focused()
        # A loop goes under the cursor's line, and leaves an indented line ready for its body.
        page.get_by_test_id("command-at_destination").click()
        expect(code).to_have_value("from van import Van\n\nmy_van = Van()\n\nmy_van.move_forwards()\nwhile not my_van.at_destination():\n    ")
        page.get_by_test_id("command-turn_right").click()
        expect(code).to_have_value(re.compile(r"while not my_van.at_destination\(\):\n    my_van.turn_right\(\)$"))
        expect(page.get_by_test_id("python-colours").locator(".py-method")).to_have_text(["move_forwards", "at_destination", "turn_right"])
        # Undo takes an added line back, as it does for typing.
        code.focus()
        page.keyboard.press("Control+z")
        expect(code).not_to_have_value(re.compile("turn_right"))
        shot(page, "commands-desktop")
        # Escape closes the panel and the keyboard goes back to the Commands button.
        page.get_by_test_id("command-wait").focus()
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        expect(toggle).to_be_focused()
        expect(toggle).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_the_commands_panel_works_with_a_finger(browser, server, player, size):
    with browsing(context_for(browser, server, size)) as page:
        code = open_python(page, player)
        code.fill("from van import Van\nmy_van = Van()\nmy_van.move_forwards()\nmy_van.move_forwards()\n")
        code.tap()
        page.evaluate("document.querySelector('[data-testid=python-code]').setSelectionRange(40, 40)")  # on line 3
        page.get_by_test_id("commands-toggle").tap()
        panel = page.get_by_test_id("commands-panel")
        expect(panel).to_be_visible()
        example = page.get_by_test_id("command-turn_left")
        example.scroll_into_view_if_needed()
        box = example.bounding_box()
        assert box["height"] >= 43, box  # big enough for a finger
        example.tap()
        expect(code).to_have_value("from van import Van\nmy_van = Van()\nmy_van.move_forwards()\nmy_van.turn_left()\nmy_van.move_forwards()\n")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        panel.scroll_into_view_if_needed()
        shot(page, f"commands-{size[0]}")
        page.get_by_test_id("commands-close").tap()
        expect(panel).to_be_hidden()


# ---- the console -------------------------------------------------------------------------------
@pytest.mark.parametrize("size", **checked_size_params({"desktop": DESKTOP, "tablet": TABLET, "phone": PHONE}))
def test_the_console_shows_what_the_program_printed_and_empties_at_each_run(browser, server, player, size):
    with browsing(context_for(browser, server, size)) as page:
        code = open_python(page, player)
        lines = page.get_by_test_id("console-lines")
        note = page.get_by_test_id("console-note")
        expect(lines).to_have_attribute("aria-live", "polite")
        expect(note).to_contain_text("print")
        code.fill(reference_program(51)["python"])
        printed = ["Off we go!", "3", "", "A very long line that a phone has to wrap so that nobody needs to scroll sideways to read it"]
        with_output(page, printed)
        play_and_wait(page)
        expect(lines.locator("[data-testid=console-line]")).to_have_text(["Off we go!", "3", " ", printed[3]])
        expect(note).to_be_hidden()
        expect(lines).to_have_attribute("tabindex", "0")  # keyboard users can scroll a long print-out
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        page.get_by_test_id("python-console").scroll_into_view_if_needed()
        shot(page, f"console-{size[0]}")
        assert axe_serious(page) == []

        # Many lines: the box scrolls and shows the newest.
        with_output(page, [f"line {n}" for n in range(1, 61)])
        page.get_by_test_id("play").click()
        expect(lines.locator("[data-testid=console-line]")).to_have_count(60)
        assert lines.evaluate("(node) => node.scrollHeight > node.clientHeight && node.scrollTop > 0")
        expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)

        # The next run starts with an empty console; an answer without "output" (an older server)
        # printed nothing, and the console says so kindly.
        with_output(page, None)
        page.get_by_test_id("play").click()
        expect(lines.locator("[data-testid=console-line]")).to_have_count(0)
        expect(note).to_be_visible()
        expect(note).to_have_text(re.compile(r"did not print anything.*print\(\"Hello!\"\)"))
        expect(page.get_by_test_id("result")).to_be_visible(timeout=30_000)


def test_the_blocks_editor_shows_no_console_or_commands(browser, server, player):
    with browsing(context_for(browser, server, DESKTOP)) as page:
        page.add_init_script(f"localStorage.setItem('tessera.router.player', {json.dumps(player)})")
        page.goto("/router/#level=1")
        expect(page.get_by_test_id("palette")).to_be_visible()
        expect(page.get_by_test_id("python-console")).to_be_hidden()
        expect(page.get_by_test_id("commands-toggle")).to_be_hidden()


def test_commands_and_console_pass_the_accessibility_check(browser, server, player):
    with browsing(context_for(browser, server, DESKTOP)) as page:
        code = open_python(page, player)
        code.fill("from van import Van\n# a comment\nmy_van = Van()\nfor count in range(2):\n    print('hi')\n")
        page.get_by_test_id("commands-toggle").click()
        expect(page.get_by_test_id("commands-panel")).to_be_visible()
        assert axe_serious(page) == []


# ---- against the real server (the interpreter with print) ----------------------------------------
DEN_PROGRAM = """from van import Van

my_van = Van()
hills = ["one", "two", "three"]
print(len(hills))

def hill(name):
    print(name)
    my_van.turn_left()
    my_van.move_forwards()
    my_van.turn_right()
    my_van.turn_right()
    my_van.move_forwards()
    my_van.turn_left()

hill(hills[0])
my_van.move_forwards()
my_van.move_forwards()
hill(hills[1])
hill(hills[2])
"""


def test_a_real_run_prints_into_the_console(browser, server, player):
    context = context_for(browser, server, DESKTOP)
    page = context.new_page()
    # Asked with a program any server runs: only a server whose answers carry no "output" at all is skipped.
    answer = page.request.post("/api/router/levels/51/runs", data={"program": reference_program(51), "player": player, "seconds": 3})
    assert answer.ok, answer.text()
    if "output" not in answer.json():
        pytest.skip("the server's run answer has no \"output\" yet (the interpreter with print is another change)")
    assert answer.json()["output"] == []
    problems = watch_errors(page)
    code = open_python(page, player, "56")
    code.fill(DEN_PROGRAM)
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("console-lines").locator("[data-testid=console-line]")).to_have_text(["3", "one", "two", "three"])
    context.close()
    assert problems == []
