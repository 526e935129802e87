import re

from playwright.sync_api import expect


def press_start(page, x="Ann", o="Bob"):
    """Types both players' names on the open TicTacToe page and presses Start (the test checks what follows)."""
    page.get_by_test_id("name-x").fill(x)
    page.get_by_test_id("name-o").fill(o)
    page.get_by_test_id("start").click()


def start_local(page, x="Ann", o="Bob"):
    page.goto("/tictactoe/")
    press_start(page, x, o)
    expect(page.get_by_test_id("turn-label")).to_have_text(f"Current turn: {x} (X)")


def host_online(page, name="Ann"):
    """Starts an online game as X and waits for its invitation link: the link's field."""
    page.goto("/tictactoe/")
    page.get_by_test_id("mode-online").check()
    page.get_by_test_id("name-x").fill(name)
    page.get_by_test_id("start").click()
    invite = page.get_by_test_id("invite-link")
    expect(invite).to_have_value(re.compile(r"/tictactoe/\?join="))
    expect(page.get_by_test_id("turn-label")).to_have_text("Waiting for an opponent to join")
    return invite


def join_online(page, url, host="Ann", name="Bob"):
    """Opens an invitation `url` and joins `host`'s game as O."""
    page.goto(url)
    expect(page.get_by_test_id("join-host")).to_have_text(host)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("join").click()
    expect(page.get_by_test_id("names-label")).to_have_text(f"{host} (X) vs {name} (O)")


def test_start_enables_as_names_are_typed(page):
    page.goto("/tictactoe/")
    start = page.get_by_test_id("start")
    expect(start).to_be_disabled()
    page.get_by_test_id("name-x").press_sequentially("Ann")
    expect(start).to_be_disabled()
    page.get_by_test_id("name-o").press_sequentially("   ")
    expect(start).to_be_disabled()
    page.get_by_test_id("name-o").press_sequentially("B")
    expect(start).to_be_enabled()
    page.get_by_test_id("name-x").fill("")
    expect(start).to_be_disabled()
    expect(page.get_by_test_id("turn-label")).to_have_text("No active game")
    expect(page.get_by_test_id("winner-label")).to_have_text("No winner yet")


def test_game_to_a_win_shows_winner_and_ignores_further_clicks(page):
    start_local(page)
    expect(page.get_by_test_id("names-label")).to_have_text("Ann (X) vs Bob (O)")
    for row, col in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        page.get_by_test_id(f"cell-{row}-{col}").click()
        expect(page.get_by_test_id(f"cell-{row}-{col}")).not_to_have_text("")
    expect(page.get_by_test_id("winner-label")).to_have_text("The winner is Ann (X)")
    expect(page.get_by_test_id("turn-label")).to_have_text("Game over")
    free = page.get_by_test_id("cell-2-2")
    free.click()
    expect(page.get_by_test_id("message")).to_have_text("The game is over. Press New game to play again.")
    expect(free).to_have_text("")


def test_occupied_cell_is_ignored_with_a_message(page):
    start_local(page)
    centre = page.get_by_test_id("cell-1-1")
    centre.click()
    expect(centre).to_have_text("X")
    centre.click()
    expect(page.get_by_test_id("message")).to_have_text("Illegal move, (1, 1) is not empty.")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")


def test_keyboard_play(page):
    start_local(page)
    page.get_by_test_id("cell-0-0").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")


def test_computer_replies_at_once(page):
    page.goto("/tictactoe/")
    page.get_by_test_id("mode-ai").check()
    expect(page.get_by_test_id("name-o")).to_have_value("Computer")
    page.get_by_test_id("name-x").fill("Ann")
    page.get_by_test_id("difficulty").select_option("perfect")
    page.get_by_test_id("start").click()
    # The setup folds away once the game is on, which moves the board: wait for that first.
    expect(page.get_by_test_id("setup-panel")).to_be_hidden()
    page.get_by_test_id("cell-1-1").click()
    expect(page.locator(".cell.o")).to_have_count(1)
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Ann (X)")


def test_online_game_between_two_browsers(new_page):
    ann = new_page()
    invite = host_online(ann)

    bob = new_page()
    join_online(bob, invite.input_value())

    # Each page sees the other's changes without reloading, within a second.
    expect(ann.get_by_test_id("names-label")).to_have_text("Ann (X) vs Bob (O)", timeout=1000)
    bob.get_by_test_id("cell-0-0").click()
    expect(bob.get_by_test_id("message")).to_have_text("Waiting for Ann (X) to move.")
    ann.get_by_test_id("cell-0-0").click()
    expect(bob.get_by_test_id("cell-0-0")).to_have_text("X", timeout=1000)
    bob.get_by_test_id("cell-2-2").click()
    expect(ann.get_by_test_id("cell-2-2")).to_have_text("O", timeout=1000)
    expect(ann.get_by_test_id("turn-label")).to_have_text("Current turn: Ann (X) — your move")


def test_names_are_shown_as_text_never_as_html(page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    evil = "<script>alert(1)</script>"
    start_local(page, x=evil, o="<b>Bob</b>")
    expect(page.get_by_test_id("names-label")).to_have_text(f"{evil} (X) vs <b>Bob</b> (O)")
    assert page.locator("#names-label script, #names-label b").count() == 0
    assert dialogs == []


def test_a_tap_right_after_start_plays_in_the_new_game_on_a_slow_server(page):
    """The board is on the page before the game exists; a tap while the server is still making the
    game is meant for it, so it waits and plays there instead of saying "press Start first"."""
    held = []  # the server's answer to Start, held until the tap has been made

    def hold_create(route):
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/tictactoe/games", hold_create)
    page.goto("/tictactoe/")
    page.get_by_test_id("name-x").fill("Ann")
    page.get_by_test_id("name-o").fill("Bob")
    page.get_by_test_id("start").click()
    while not held:
        page.wait_for_timeout(50)
    page.get_by_test_id("cell-1-1").click()
    held[0].continue_()
    expect(page.get_by_test_id("cell-1-1")).to_have_text("X")
    expect(page.get_by_test_id("turn-label")).to_have_text("Current turn: Bob (O)")
    expect(page.get_by_test_id("message")).to_be_empty()
