import re

import pytest
from playwright.sync_api import expect


def test_home_page_has_a_card_per_app_and_links_tictactoe(page):
    page.goto("/")
    for app in ["tictactoe", "pentomino", "maze", "router", "posts"]:
        expect(page.get_by_test_id(f"card-{app}")).to_be_visible()
    page.get_by_test_id("card-tictactoe").click()
    expect(page).to_have_url(re.compile(r"/tictactoe/$"))
    expect(page.get_by_test_id("names-label")).to_have_text("Please enter names of players")
    # Once both names are typed the label says what to do next, not still "enter names".
    page.locator("#name-x").fill("Ada")
    expect(page.get_by_test_id("names-label")).to_have_text("Please enter names of players")
    page.locator("#name-o").fill("Bob")
    expect(page.get_by_test_id("names-label")).to_have_text("Ready: press Start")


@pytest.mark.parametrize(("app", "landmark"), [("maze", "generate"), ("router", "level-select")])
def test_home_links_the_app(page, app, landmark):
    page.goto("/")
    page.get_by_test_id(f"card-{app}").click()
    expect(page).to_have_url(re.compile(rf"/{app}/$"))
    expect(page.get_by_test_id(landmark)).to_be_visible()


def test_every_page_runs_under_the_strict_content_security_policy(page):
    """The server forbids inline script and style; no page may trip over that (or anything else)."""
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    for path in ["/", "/tictactoe/", "/pentomino/", "/maze/"]:
        response = page.goto(path)
        headers = response.headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        page.wait_for_load_state("networkidle")
    assert problems == []


def test_teachers_are_told_where_to_start(page):
    """Before the apps: what a teacher does first, in the page's language, linking to the classroom."""
    page.goto("/?lang=fr")
    start = page.get_by_test_id("teachers-start")
    expect(start.get_by_role("heading")).to_have_text("Enseignants : commencez ici")
    start.get_by_test_id("teachers-start-link").click()
    expect(page).to_have_url(re.compile(r"/classroom/(\?.*)?$"))
    expect(page.get_by_test_id("sign-in-form")).to_be_visible()
