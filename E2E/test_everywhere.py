"""What every page does when something is off: the server cannot be reached (said in the visitor's
words, checked again with back-off, recovered by itself), a mistyped address in the browser, and the
API description opened in a browser."""
import os
import re
import shutil
import socket
import tempfile

import pytest

from playwright.sync_api import expect

import conftest
from conftest import start_server

DEVELOPER_WORDS = re.compile(r"tessera serve|Is `", re.IGNORECASE)


def watch_errors(page):
    """Console errors other than the failed requests an outage makes by design."""
    return conftest.watch_errors(page, allow=("Failed to load resource",))


def cut_off(page):
    """Every request to the server fails as if nothing listened (the pages are already loaded)."""
    page.route(re.compile(r"/(api|health)(/|$)"), lambda route: route.abort("connectionrefused"))


def visited_before(page, path):
    """The page as a returning visitor has it: opened once while the server answered, so the
    browser keeps the words it needs when the server is away (words.js)."""
    page.goto(path)
    expect(page.locator("html[lang]")).to_have_count(1)
    page.wait_for_function("() => localStorage.getItem('tessera.words.offline') !== null")


def test_a_page_opened_while_the_server_is_away_says_so_and_loads_by_itself_when_it_is_back(page):
    problems = watch_errors(page)
    visited_before(page, "/router/")
    cut_off(page)
    page.goto("/router/")
    banner = page.get_by_test_id("connection-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Can't reach the game server")
    expect(banner).to_contain_text("Trying again")
    expect(page.locator("body")).not_to_contain_text(DEVELOPER_WORDS)
    page.screenshot(path=os.path.join(tempfile.gettempdir(), "tessera-unreachable.png"))

    page.unroute(re.compile(r"/(api|health)(/|$)"))
    # Nobody reloads: the page asks again by itself, fills the level list and says it is back.
    expect(page.locator("body[data-ready=true]")).to_have_count(1, timeout=20_000)
    expect(page.get_by_test_id("level-1")).to_be_visible()
    expect(banner).to_be_hidden(timeout=10_000)
    assert problems == []


@pytest.mark.parametrize("path", ["/pentomino/", "/posts/", "/maze/?seed=7&width=9&height=9"])
def test_every_page_says_it_in_the_visitors_words_and_comes_back_by_itself(page, path):
    problems = watch_errors(page)
    visited_before(page, path)
    cut_off(page)
    page.goto(path)
    banner = page.get_by_test_id("connection-banner")
    expect(banner).to_contain_text("Can't reach")
    expect(page.locator("body")).not_to_contain_text(DEVELOPER_WORDS)
    page.unroute(re.compile(r"/(api|health)(/|$)"))
    expect(banner).to_contain_text("Connected again", timeout=20_000)
    expect(banner).to_be_hidden(timeout=10_000)
    expect(page.locator("body")).not_to_contain_text(DEVELOPER_WORDS)
    assert problems == []


def test_an_action_that_cannot_reach_the_server_says_so_in_plain_words_and_works_once_it_is_back(page):
    problems = watch_errors(page)
    page.goto("/tictactoe/")
    page.get_by_test_id("name-x").fill("Ada")
    page.get_by_test_id("name-o").fill("Grace")
    cut_off(page)
    page.get_by_test_id("start").click()
    message = page.get_by_test_id("message")
    expect(message).to_contain_text("Can't reach the game server")
    expect(page.get_by_test_id("connection-banner")).to_contain_text("Trying again")
    expect(page.locator("body")).not_to_contain_text(DEVELOPER_WORDS)

    page.unroute(re.compile(r"/(api|health)(/|$)"))
    expect(page.get_by_test_id("connection-banner")).to_contain_text("Connected again", timeout=20_000)
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Ada (X)")
    assert problems == []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_real_server_restart_is_ridden_out_without_a_reload(browser):
    """The server process stops and starts again on the same address: the page shows the banner
    while it is away and carries on by itself when it is back."""
    data_dir = tempfile.mkdtemp(prefix="tessera-e2e-restart-")
    port = free_port()
    process, _ = start_server(data_dir, "--port", str(port))
    context = browser.new_context(base_url=f"http://127.0.0.1:{port}")
    try:
        page = context.new_page()
        problems = watch_errors(page)
        page.goto("/router/")
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        process.terminate()
        process.wait(timeout=10)

        page.get_by_test_id("level-1").click()
        banner = page.get_by_test_id("connection-banner")
        expect(banner).to_contain_text("Can't reach the game server")

        process, _ = start_server(data_dir, "--port", str(port), log_name="server-again.log")
        expect(page.get_by_test_id("level-view")).to_be_visible(timeout=30_000)
        expect(banner).to_be_hidden(timeout=10_000)
        assert problems == []
    finally:
        context.close()
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data_dir, ignore_errors=True)


def test_a_mistyped_address_gets_a_page_with_a_link_home_and_the_api_keeps_json(page):
    response = page.goto("/tictactoe/no-such-page")
    assert response.status == 404
    expect(page.get_by_test_id("not-found")).to_contain_text("There is no page at this address")
    page.get_by_test_id("home-link").click()
    expect(page.get_by_test_id("card-tictactoe")).to_be_visible()

    api = page.request.get("/api/no-such-thing")
    assert api.status == 404
    assert api.json()["error"]["code"] == "not_found"


def test_the_api_description_opens_readably_in_the_browser(page):
    response = page.goto("/openapi.yaml")  # a download would make goto fail
    assert response.status == 200
    assert response.headers["content-type"] == "text/yaml; charset=utf-8"
    expect(page.locator("body")).to_contain_text("/api/tictactoe/games")


def test_a_first_visit_while_the_server_is_away_shows_signs_not_keys_or_english(page):
    """With no words at all (never visited, the API away) the banner shows signs, never keys."""
    cut_off(page)
    page.goto("/pentomino/")
    banner = page.get_by_test_id("connection-banner")
    expect(banner).to_contain_text("⚠")
    expect(page.locator("body")).not_to_contain_text(DEVELOPER_WORDS)
    expect(banner).not_to_contain_text("shared.connection")
