"""TicTacToe as its players expect (issue 39): Rematch with a running score (the first move
alternating; online both players keep their seats and the other page is asked "Rematch?"), playing
O against the computer, Undo, and the Coach with its review line — at desktop and phone size, tapped
on the phone. Screenshots of the coach and the score go to E2E/artifacts/tictactoe-series/."""
import os
import re

import pytest
from playwright.sync_api import expect

from conftest import browsing, full_page_shot

SHOTS = os.path.join(os.path.dirname(__file__), "artifacts", "tictactoe-series")
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def press(page, test_id, touch):
    """A tap on the phone, a click on the desktop."""
    target = page.get_by_test_id(test_id)
    target.tap() if touch else target.click()


def play(page, cells, touch=False):
    for row, col in cells:
        press(page, f"cell-{row}-{col}", touch)
        expect(page.get_by_test_id(f"cell-{row}-{col}")).to_have_class(re.compile(r"\b[xo]\b"))


def start(page, mode="local", x="Ann", o="Bob", level=None, play_as=None, touch=False):
    page.goto("/tictactoe/")
    expect(page.locator("body[data-ready=true]")).to_have_count(1)
    if mode != "local":
        page.get_by_test_id(f"mode-{mode}").check()
    page.get_by_test_id("name-x").fill(x)
    if mode == "local":
        page.get_by_test_id("name-o").fill(o)
    if level:
        page.get_by_test_id("difficulty").select_option(level)
    if play_as:
        page.get_by_test_id("play-as").select_option(play_as)
    press(page, "start", touch)
    expect(page.get_by_test_id("setup-panel")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_rematch_keeps_the_score_and_the_other_mark_starts(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        start(page, touch=touch)
        expect(page.get_by_test_id("series")).to_be_hidden()
        expect(page.get_by_test_id("rematch")).to_be_hidden()
        play(page, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], touch)  # Ann (X) wins
        expect(page.get_by_test_id("series")).to_have_text("Ann (X): 1 · Bob (O): 0 · Draws: 0")
        # The names are isolated, so in Arabic a Latin name does not reorder the score around it.
        expect(page.get_by_test_id("series").locator("bdi")).to_have_text(["Ann (X)", "Bob (O)"])
        first_game = page.url
        press(page, "rematch", touch)
        expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
        expect(page.get_by_test_id("message")).to_have_text("New game: Bob (O) moves first.")
        assert page.url != first_game
        expect(page.get_by_test_id("series")).to_have_text("Ann (X): 1 · Bob (O): 0 · Draws: 0")
        play(page, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], touch)  # Bob (O) wins this time
        expect(page.get_by_test_id("series")).to_have_text("Ann (X): 1 · Bob (O): 1 · Draws: 0")
        full_page_shot(page, SHOTS, f"score-{size}")
        # Back goes to the first game, which still shows its own score.
        page.go_back()
        expect(page.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")


def test_online_rematch_asks_the_other_player_and_both_keep_their_seats(new_page):
    ann, bob = new_page(), new_page()
    ann.goto("/tictactoe/")
    ann.get_by_test_id("mode-online").check()
    ann.get_by_test_id("name-x").fill("Ann")
    ann.get_by_test_id("start").click()
    invite = ann.get_by_test_id("invite-link")
    expect(invite).to_have_value(re.compile(r"\?join="))
    bob.goto(invite.input_value())
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join").click()
    expect(ann.get_by_test_id("names-label")).to_have_text("Ann (X) vs Bob (O)")
    for page, (row, col) in zip([ann, bob, ann, bob, ann], [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]):
        page.get_by_test_id(f"cell-{row}-{col}").click()
        expect(page.get_by_test_id(f"cell-{row}-{col}")).not_to_have_text("")
    expect(bob.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")
    expect(bob.get_by_test_id("rematch")).to_have_text("Rematch")

    ann.get_by_test_id("rematch").click()
    expect(ann.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
    # Bob's page, watching the old game, is told and asked.
    expect(bob.get_by_test_id("message")).to_have_text("A rematch is ready: press Rematch? to play it.")
    expect(bob.get_by_test_id("rematch")).to_have_text("Rematch?")
    bob.get_by_test_id("rematch").click()
    expect(bob.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O) — your move")
    assert bob.url == ann.url
    # Both kept their seats: Bob moves first with his, Ann sees it live and answers with hers.
    bob.get_by_test_id("cell-1-1").click()
    expect(ann.get_by_test_id("cell-1-1")).to_have_text("O")
    ann.get_by_test_id("cell-0-0").click()
    expect(bob.get_by_test_id("cell-0-0")).to_have_text("X")
    expect(bob.get_by_test_id("series")).to_have_text("Ann (X): 1 · Bob (O): 0 · Draws: 0")
    expect(ann.get_by_test_id("undo")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_playing_o_against_the_computer_and_undoing(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        page.goto("/tictactoe/")
        expect(page.locator("body[data-ready=true]")).to_have_count(1)
        page.get_by_test_id("mode-ai").check()
        expect(page.get_by_test_id("difficulty")).to_have_value("medium")
        start(page, mode="ai", play_as="O", touch=touch)
        # The computer (X) has already moved.
        expect(page.locator(".cell.x")).to_have_count(1)
        expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Ann (O)")
        expect(page.get_by_test_id("undo")).to_be_hidden()
        free = next(f"{r}-{c}" for r in range(3) for c in range(3) if page.get_by_test_id(f"cell-{r}-{c}").text_content() == "")
        press(page, f"cell-{free}", touch)
        expect(page.locator(".cell.x")).to_have_count(2)
        press(page, "undo", touch)
        expect(page.locator(".cell.x")).to_have_count(1)
        expect(page.locator(".cell.o")).to_have_count(0)
        expect(page.get_by_test_id("message")).to_have_text("Move taken back.")
        expect(page.get_by_test_id("undo")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_the_coach_marks_each_square_and_reviews_the_game(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        start(page, touch=touch)
        play(page, [(0, 0), (0, 1)], touch)  # O's edge reply to a corner loses
        press(page, "coach", touch)
        expect(page.get_by_test_id("coach")).to_have_attribute("aria-pressed", "true")
        expect(page.locator(".cell.coach-win")).not_to_have_count(0)
        expect(page.locator(".cell.coach-win, .cell.coach-draw, .cell.coach-loss")).to_have_count(7)
        centre = page.get_by_test_id("cell-1-1")
        # Not colour alone: a word and a number of moves too.
        expect(centre.locator(".coach-word")).to_have_text(re.compile(r"^(win|draw|lose)$"))
        expect(centre.locator(".coach-moves")).to_have_text(re.compile(r"^\d+ moves?$"))
        expect(centre).to_have_attribute("aria-label", re.compile(r"Row 2, column 2: empty\. With best play from here: .* in \d+ moves?\."))
        full_page_shot(page, SHOTS, f"coach-{size}")
        play(page, [(1, 0), (1, 1), (2, 0)], touch)  # X wins down the left column
        expect(page.get_by_test_id("review")).to_have_text(re.compile(r"^Move 2: Bob \(O\) played the top middle\. "))
        expect(page.locator(".cell.coach-win, .cell.coach-draw, .cell.coach-loss")).to_have_count(0)
        full_page_shot(page, SHOTS, f"review-{size}")
        press(page, "coach", touch)
        expect(page.get_by_test_id("coach-legend")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_the_move_list_and_stepping_through_a_finished_game(browser, server, size):
    touch = size == "phone"
    with browsing(browser.new_context(base_url=server, **SIZES[size])) as page:
        start(page, touch=touch)
        expect(page.get_by_test_id("move-list")).to_be_hidden()
        play(page, [(1, 1), (0, 0)], touch)
        expect(page.get_by_test_id("moves").locator("li")).to_have_text(["Ann (X): the centre", "Bob (O): the top left corner"])
        expect(page.get_by_test_id("replay-back")).to_be_hidden()  # stepping back is for finished games
        play(page, [(0, 1), (2, 2), (2, 1)], touch)  # Ann wins down the middle column
        expect(page.get_by_test_id("moves").locator("li")).to_have_count(5)
        expect(page.get_by_test_id("replay-position")).to_have_text("Move 5 of 5")
        expect(page.get_by_test_id("replay-forward")).to_be_disabled()
        press(page, "replay-back", touch)
        press(page, "replay-back", touch)
        expect(page.get_by_test_id("replay-position")).to_have_text("Move 3 of 5")
        expect(page.locator(".cell.x, .cell.o")).to_have_count(3)
        expect(page.get_by_test_id("cell-2-1")).to_have_text("")
        expect(page.locator(".cell.win")).to_have_count(0)
        expect(page.get_by_test_id("moves").locator("li.current")).to_have_text("Ann (X): the top middle")
        for _ in range(3):
            press(page, "replay-back", touch)
        expect(page.get_by_test_id("replay-back")).to_be_disabled()
        expect(page.locator(".cell.x, .cell.o")).to_have_count(0)
        for _ in range(5):
            press(page, "replay-forward", touch)
        expect(page.get_by_test_id("replay-position")).to_have_text("Move 5 of 5")
        expect(page.locator(".cell.win")).to_have_count(3)
        full_page_shot(page, SHOTS, f"moves-{size}")
