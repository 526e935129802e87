"""Rapid Router's words, read as a child reads them: a level's lesson agrees with its map and its
reference solution, a failed run says where the van went wrong in the map's terms (moves and
squares, never coordinates like "(4, 3)"), and a Python level's mistakes speak Python.
The level texts and run messages live in RouterKit, so these need the rebuilt binary."""
import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from conftest import checked_sizes
from test_router import ROOT, add, play_and_wait, reference_program, watch_errors
from test_router import open_unlocked as router_open_unlocked

COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)")
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
SIZES = {"desktop": {"width": 1280, "height": 860}, "tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}


def open_unlocked(page, level_id, size="desktop"):
    router_open_unlocked(page, level_id, SIZES[size])


def test_level_one_lesson_says_the_count_its_map_and_solution_use(page, problems):
    open_unlocked(page, "1")
    lesson = page.get_by_test_id("level-lesson").inner_text()
    said = re.search(r"\b(\w+) road squares between the van and the house", lesson)
    assert said, lesson
    count = NUMBER_WORDS.get(said.group(1), None) or int(said.group(1))

    # The map: a straight road from the depot to the house, `count` road squares in between.
    level = page.request.get("/api/router/levels/1").json()
    assert len(level["road"]) - 2 == count
    # The reference solution drives exactly that many 'Move forwards'.
    solution = reference_program(1)["blocks"]
    assert [block["type"] for block in solution] == ["move_forwards"] * count

    # The hint names the button the page really has.
    hint = page.locator("#level-hint")
    expect(hint).to_contain_text("Play", use_inner_text=False)
    expect(page.get_by_test_id("play")).to_contain_text("Play")
    assert not re.search(r"\bGo\b", hint.text_content())

    # Doing what the lesson says delivers.
    add(page, "move_forwards", count)
    play_and_wait(page, success=True)
    expect(page.get_by_test_id("result-message")).to_have_text("Delivered! The van stopped at the house.")
    assert problems == []


@pytest.mark.parametrize("size", checked_sizes(["desktop", "tablet", "phone"]))
def test_stopping_short_on_level_four_says_how_far_the_house_is(browser, server, size):
    # The phone and the tablet are touch screens.
    context = browser.new_context(base_url=server, viewport=SIZES[size], has_touch=size != "desktop")
    page = context.new_page()
    try:
        problems = watch_errors(page)
        open_unlocked(page, "4", size)
        add(page, "move_forwards")
        add(page, "turn_left")
        add(page, "move_forwards")
        play_and_wait(page, success=False)
        sentence = "The van stopped 5 squares before the house. Add more moves to finish the journey."
        expect(page.get_by_test_id("result-message")).to_have_text(sentence)
        expect(page.get_by_test_id("message")).to_contain_text(sentence)
        assert not COORDINATES.search(page.get_by_test_id("result-message").inner_text())
        assert not COORDINATES.search(page.get_by_test_id("message").inner_text())
        assert problems == []
    finally:
        context.close()


def test_a_crash_counts_the_moves_instead_of_naming_a_square(page, problems):
    open_unlocked(page, "1")
    add(page, "move_forwards", 3)
    play_and_wait(page)
    message = page.get_by_test_id("result-message")
    expect(message).to_contain_text("The van drove off the road and crashed after 2 moves: there is no road ahead of it there.")
    assert not COORDINATES.search(message.inner_text())
    assert problems == []


def test_an_empty_while_loop_on_a_python_level_speaks_python(page, problems):
    open_unlocked(page, "51")
    code = page.get_by_test_id("python-code")
    expect(code).to_have_value(re.compile(r"^from van import Van"))
    code.fill("from van import Van\nmy_van = Van()\nwhile True:\n    pass\n")
    play_and_wait(page)
    message = page.get_by_test_id("result-message")
    expect(message).to_contain_text("Line 3: the while loop has nothing inside but pass")
    # The code the message quotes is shown as code, not with the kit's backticks.
    expect(message.locator("code")).to_have_text(["while", "pass", "my_van.move_forwards()"])
    assert "`" not in message.inner_text()
    assert "block" not in message.inner_text().lower()
    expect(page.get_by_test_id("error-line")).to_have_count(1)
    assert problems == []


def test_step_mode_on_a_python_level_speaks_of_lines_not_blocks(page, problems):
    open_unlocked(page, "51")
    page.get_by_test_id("python-code").fill(reference_program(51)["python"])
    page.get_by_test_id("step").click()
    expect(page.get_by_test_id("message")).to_contain_text("Step by step: watch the highlighted line.")
    page.get_by_test_id("stop").click()
    assert problems == []


def test_every_level_names_buttons_and_blocks_as_the_page_does():
    """The checker reads the page's own button and block names (index.html, program.js,
    block-view.js), so renaming a button on the page without the levels' words fails here."""
    result = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "router_level_texts.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
