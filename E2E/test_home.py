import re

from playwright.sync_api import expect


def test_home_page_has_a_card_per_app_and_links_tictactoe(page):
    page.goto("/")
    for app in ["tictactoe", "pentomino", "maze", "router", "posts"]:
        expect(page.get_by_test_id(f"card-{app}")).to_be_visible()
    page.get_by_test_id("card-tictactoe").click()
    expect(page).to_have_url(re.compile(r"/tictactoe/$"))
    expect(page.get_by_test_id("names-label")).to_have_text("Please enter names of players")
