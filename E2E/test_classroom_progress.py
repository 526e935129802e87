"""A pupil's Rapid Router progress follows their account: solved on one machine, it shows as solved
when they sign in on another; signed out, the browser's own anonymous progress is back."""
from playwright.sync_api import expect

from conftest import watch_errors
from test_classroom import add_pupils, classroom_server, make_class, open_page, pupil_signs_in, sign_up  # noqa: F401 (fixtures)
from test_router import add, open_level, play_and_wait


def sign_in_on_router(page, code, name, password):
    page.goto("/router/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    dialog = pupil_signs_in(page, code, name, password)
    expect(dialog.get_by_test_id("class-signed-in")).to_have_text(f"Signed in as {name}")
    dialog.get_by_test_id("class-close").click()


def test_a_pupils_solved_level_follows_them_to_another_machine(open_page):
    teacher = open_page()
    sign_up(teacher)
    item = make_class(teacher, "4R")
    code = item.get_by_test_id("class-code").inner_text()
    item.get_by_test_id("open-class").click()
    password = add_pupils(teacher, ["Sam"])["Sam"]

    laptop = open_page()
    problems = watch_errors(laptop)
    sign_in_on_router(laptop, code, "Sam", password)
    open_level(laptop, "1")
    add(laptop, "move_forwards", 2)
    play_and_wait(laptop)
    expect(laptop.get_by_test_id("result")).to_have_attribute("data-success", "true")
    laptop.get_by_test_id("to-levels").click()
    expect(laptop.get_by_test_id("level-1")).to_have_attribute("data-solved", "true")
    assert problems == []

    tablet = open_page("tablet")
    tablet.goto("/router/")
    expect(tablet.locator("body[data-ready=true]")).to_have_count(1)
    expect(tablet.get_by_test_id("level-1")).not_to_have_attribute("data-solved", "true")  # nobody signed in yet
    sign_in_on_router(tablet, code, "Sam", password)
    expect(tablet.get_by_test_id("level-1")).to_have_attribute("data-solved", "true")
    expect(tablet.get_by_test_id("score-1")).to_have_text("20/20")

    # Signed out, the tablet shows its own (anonymous) progress again.
    tablet.get_by_test_id("class-sign-in").click()
    tablet.get_by_test_id("class-sign-out").click()
    expect(tablet.get_by_test_id("level-1")).not_to_have_attribute("data-solved", "true")
