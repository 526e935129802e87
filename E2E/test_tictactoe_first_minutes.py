"""TicTacToe as a child or a parent meets it in the first minutes: a reload or Back never loses a
game, Start in the middle of a game asks first, and on a phone the whole board fits the screen."""
import re

import pytest
from playwright.sync_api import expect

from conftest import watch_errors


def start_game(page, x="Ann", o="Bob", mode="local", level=None):
    if mode != "local":
        page.get_by_test_id(f"mode-{mode}").check()
    page.get_by_test_id("name-x").fill(x)
    if mode != "online":
        page.get_by_test_id("name-o").fill(o)
    if level:
        page.get_by_test_id("difficulty").select_option(level)
    page.get_by_test_id("start").click()
    waiting = "Waiting for an opponent to join"
    expect(page.get_by_test_id("turn-label")).to_have_text(waiting if mode == "online" else f"Current turn: {x} (X)")


def play(page, *cells):
    """Taps cells one after the other, each once the previous move is on the board."""
    for cell in cells:
        page.get_by_test_id(f"cell-{cell}").click()
        expect(page.get_by_test_id(f"cell-{cell}")).not_to_have_text("")


def marks(page):
    return [[page.get_by_test_id(f"cell-{r}-{c}").text_content() for c in range(3)] for r in range(3)]


def test_reload_restores_a_local_game_and_a_game_against_the_computer(page):
    errors = watch_errors(page)
    page.goto("/tictactoe/")
    start_game(page, "Mia", "Dad")
    play(page, "0-0", "1-1", "0-1")
    expect(page).to_have_url(re.compile(r"\?game=\w+"))
    page.reload()
    expect(page.get_by_test_id("names-label")).to_have_text("Mia (X) vs Dad (O)")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Dad (O)")
    assert marks(page) == [["X", "X", ""], ["", "O", ""], ["", "", ""]]
    expect(page.get_by_test_id("game-summary")).to_have_text("Two players here")
    # The game goes on after the reload.
    page.get_by_test_id("cell-0-2").click()
    expect(page.get_by_test_id("cell-0-2")).to_have_text("O")

    # Against the computer: the mode and the level come back too.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("mode-ai").check()
    page.get_by_test_id("name-o").fill("Robo")
    page.get_by_test_id("difficulty").select_option("easy")
    page.get_by_test_id("start").click()
    page.get_by_test_id("ask-yes").click()  # the game with Dad was not finished
    expect(page.get_by_test_id("game-summary")).to_have_text("Against the computer (Easy)")
    page.get_by_test_id("cell-1-1").click()
    expect(page.locator(".cell.o")).to_have_count(1)
    before = marks(page)
    page.reload()
    expect(page.get_by_test_id("names-label")).to_have_text("Mia (X) vs Robo (O)")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Mia (X)")
    expect(page.get_by_test_id("game-summary")).to_have_text("Against the computer (Easy)")
    assert marks(page) == before
    # "New game" starts from the same choices.
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("mode-ai")).to_be_checked()
    expect(page.get_by_test_id("difficulty")).to_have_value("easy")
    expect(page.get_by_test_id("name-x")).to_have_value("Mia")
    expect(page.get_by_test_id("name-o")).to_have_value("Robo")
    assert errors == []


def test_start_in_the_middle_of_a_game_asks_and_keep_playing_keeps_it(page):
    errors = watch_errors(page)
    page.goto("/tictactoe/")
    start_game(page)
    play(page, "1-1")
    expect(page.get_by_test_id("setup-panel")).to_be_hidden()
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("setup-panel")).to_be_visible()
    expect(page.get_by_test_id("name-x")).to_be_focused()
    page.get_by_test_id("start").click()

    dialog = page.get_by_role("dialog", name="Start a new game?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
    expect(page.get_by_test_id("setup-panel")).to_be_hidden()

    # Escape is "keep playing" too; Enter in a name field asks the same question.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("name-o").press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")

    # Saying yes starts a fresh game.
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start").click()
    page.get_by_role("button", name="Start a new game").click()
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Ann (X)")
    expect(page.get_by_test_id("cell-1-1")).to_have_text("")

    # A finished game is not asked about.
    play(page, "0-0", "1-0", "0-1", "1-1", "0-2")
    expect(page.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Ann (X)")
    expect(page.get_by_test_id("ask")).to_have_count(0)
    assert errors == []


def test_back_returns_to_the_previous_game_and_forward_to_the_new_one(page):
    errors = watch_errors(page)
    page.goto("/tictactoe/")
    start_game(page, "Ann", "Bob")
    play(page, "2-2")
    first = page.url
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("name-x").fill("Cat")
    page.get_by_test_id("name-o").fill("Dan")
    page.get_by_test_id("start").click()
    page.get_by_test_id("ask-yes").click()
    expect(page.get_by_test_id("names-label")).to_have_text("Cat (X) vs Dan (O)")
    expect(page).not_to_have_url(first)
    play(page, "0-0")

    page.go_back()
    expect(page).to_have_url(first)
    expect(page.get_by_test_id("names-label")).to_have_text("Ann (X) vs Bob (O)")
    expect(page.get_by_test_id("cell-2-2")).to_have_text("X")
    expect(page.get_by_test_id("cell-0-0")).to_have_text("")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")

    page.go_forward()
    expect(page.get_by_test_id("names-label")).to_have_text("Cat (X) vs Dan (O)")
    expect(page.get_by_test_id("cell-0-0")).to_have_text("X")

    # To the home page and back: the game is still there.
    page.get_by_role("link", name="Tessera").click()
    expect(page).not_to_have_url(re.compile("tictactoe"))
    page.go_back()
    expect(page.get_by_test_id("names-label")).to_have_text("Cat (X) vs Dan (O)")
    expect(page.get_by_test_id("cell-0-0")).to_have_text("X")
    assert errors == []


def test_a_game_that_is_gone_says_so_and_offers_a_new_one(page):
    errors = watch_errors(page, allow=["404"])
    page.goto("/tictactoe/?game=nosuchgame12")
    expect(page.get_by_test_id("message")).to_have_text("That game is no longer here. Start a new one below.")
    expect(page.get_by_test_id("setup-panel")).to_be_visible()
    assert errors == []


@pytest.mark.parametrize("mode,size", [("local", (390, 844)), ("online", (390, 844)), ("local", (1024, 768)), ("local", (1280, 860))])
def test_on_a_phone_the_whole_board_and_the_turn_fit_the_screen_during_a_game(browser, server, mode, size):
    width, height = size
    context = browser.new_context(base_url=server, viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=width < 600)
    page = context.new_page()
    errors = watch_errors(page)
    try:
        page.goto("/tictactoe/")
        start_game(page, mode=mode)
        if mode == "online":
            expect(page.get_by_test_id("invite-panel")).to_be_visible()
        else:
            page.get_by_test_id("cell-1-1").tap()
            expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
        assert page.evaluate("window.scrollY") == 0
        for test_id in ["turn-label", "cell-2-0", "cell-2-2", "new-game"]:
            box = page.get_by_test_id(test_id).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (test_id, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (test_id, box)
        assert errors == []
    finally:
        context.close()

